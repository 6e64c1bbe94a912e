"""``indirect-load-template-cases`` (IndirectLoadScheduleCaseGenerator, seed 001 FR2-FR6).

For every graph holding an IndirectLoad, three independent graph cases, each rewritten
on its own copy, replace it in the module (a rejected template never affects another):

* ``@<g>_simd``: IndirectLoad moved forward along the input chain through single-input
  elementwise ops while the gather does not enlarge the data (index dim size <= input
  dim size, when provable) -- they now run on the gathered elements; stops at two-input
  ops. Metadata: the schedule split (outer axes before ``dim`` merged), the FR6 scores.
* ``@<g>_simt``: IndirectLoad moved forward unconditionally; before a two-input op it is
  duplicated, one gather per side input, with the same index. Metadata: the 32 KB dcache
  reservation, the linearised output axis.
* ``@<g>_sklike``: unchanged graph with its logical stages (input pre, index pre,
  IndirectLoad, output post; a stage with nothing to compute is folded away), in launch
  order with what each reads and writes, and the workspace sizes joining them
  (``lowering.indirect_sklike``).

Every case records ``continuous_bytes`` and ``index_outer_product`` (FR6) and the
thresholds; a case whose code the lowering cannot emit says why (``rejected``). Host
tiling of the generated kernel evaluates the scores on the real shapes
(``lowering.indirect_kernel``).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IntAttr, ModuleOp, StringAttr
from xdsl.ir import Attribute
from xdsl.passes import ModulePass

from ascir_dialect.attributes import ExprAttr, TensorType
from ascir_dialect.ops import AscirNode, GraphOp
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.indirect_load import IndirectLoadOp
from ascir_dialect.ops.sources import DataOp, ScalarDataOp
from lowering.indirect_kernel import choose_templates
from lowering.indirect_plan import (
    CACHE_THRES,
    CACHELINE_BYTES,
    CORE_THRES,
    PASS,
    SOURCES,
    IndirectPlan,
    analyse,
    has_indirect_load,
    scores,
)
from lowering.indirect_simt import DCACHE_BYTES
from lowering.indirect_sklike import SkLikeSplit, Stage, split_stages

MOVABLE = (ew.ElementwiseNode, ew.CastOp)


def _single_input(n: AscirNode) -> bool:
    tensors = [v for v in n.operands if isinstance(v.type, TensorType)]
    return isinstance(n, MOVABLE) and not isinstance(n, ew.BroadcastOp) and len(tensors) == 1


def _retyped(n: AscirNode, view: TensorType, dtype_from: AscirNode) -> TensorType:
    return TensorType(dtype_from.result_tensor().dtype, view.axis, view.repeats, view.strides)


def move_forward(graph: GraphOp, duplicate: bool, respect_enlarge: bool) -> list[str]:
    """Move the IndirectLoad of ``graph`` forward along its input chain, in place.
    Returns the names of the moved ops."""
    moved: list[str] = []
    while True:
        il = next(n for n in graph.nodes() if isinstance(n, IndirectLoadOp))
        pred = il.x1.owner
        if (
            not isinstance(pred, AscirNode)
            or not isinstance(pred, MOVABLE)
            or isinstance(pred, ew.BroadcastOp)
        ):
            return moved
        if len(list(pred.results[0].uses)) != 1:
            return moved
        if respect_enlarge:
            src = il.x1.type
            grow = il.result_tensor().repeats[il.dim_value] - src.repeats[il.dim_value]  # type: ignore[union-attr]
            if not (grow.is_constant and grow.as_int() <= 0):
                return moved  # the gather may enlarge the data: computing before it is cheaper
        if not _single_input(pred) and not duplicate:
            return moved
        out = il.result_tensor()
        block = il.parent_block()
        assert block is not None
        new_operands = []
        for v in pred.operands:
            if isinstance(v.type, TensorType):
                gathered = IndirectLoadOp.build(
                    operands=[v, il.x2],
                    properties=dict(il.properties),
                    result_types=[TensorType(v.type.dtype, out.axis, out.repeats, out.strides)],
                )
                gathered.results[0].name_hint = (
                    f"{il.node_name}_{v.name_hint}" if len(new_operands) else il.node_name
                )
                block.insert_op_before(gathered, il)
                new_operands.append(gathered.results[0])
            else:
                new_operands.append(v)
        moved_op = type(pred).build(
            operands=new_operands, properties=dict(pred.properties), result_types=[_retyped(pred, out, pred)]
        )
        moved_op.results[0].name_hint = pred.node_name
        block.insert_op_before(moved_op, il)
        il.results[0].replace_all_uses_with(moved_op.results[0])
        il.detach()
        il.erase()
        pred.detach()
        pred.erase()
        moved.append(pred.node_name)


def _info(plan: IndirectPlan, extra: dict[str, Attribute], rejected: str | None) -> DictionaryAttr:
    cont, outer = scores(plan)
    data: dict[str, Attribute] = {
        "continuous_bytes": ExprAttr(cont),
        "index_outer_product": ExprAttr(outer),
        "cacheline_bytes": IntAttr(CACHELINE_BYTES),
        "cache_thres": StringAttr(str(CACHE_THRES)),
        "core_thres": StringAttr(str(CORE_THRES)),
        **extra,
    }
    if rejected:
        data["rejected"] = StringAttr(rejected)
    return DictionaryAttr(data)


def template_cases(graph: GraphOp) -> list[GraphOp]:
    plan = analyse(graph)
    choice = choose_templates(plan)
    cases = []
    for template in ("simd", "simt", "sklike"):
        case = graph.clone()
        case.properties["sym_name"] = StringAttr(f"{graph.graph_name}_{template}")
        extra: dict[str, Attribute] = {}
        if template == "simd":
            moved = move_forward(case, duplicate=False, respect_enlarge=True)
            outer = [a for a in plan.out_view.axis[: plan.dim]]
            extra = {
                "schedule_outer": ArrayAttr([StringAttr(a) for a in outer]),
                "moved_after_gather": ArrayAttr([StringAttr(m) for m in moved]),
            }
        elif template == "simt":
            moved = move_forward(case, duplicate=True, respect_enlarge=False)
            extra = {
                "dcache_bytes": IntAttr(DCACHE_BYTES),
                "linear_axis": StringAttr("indirect_load_linear"),
                "moved_after_gather": ArrayAttr([StringAttr(m) for m in moved]),
            }
        elif choice.rejected.get(template) is None:
            split = split_stages(plan)
            extra = {
                "stages": ArrayAttr([StringAttr(_describe(stage, split)) for stage in split.stages]),
                "workspace_bytes": ArrayAttr([ExprAttr(w.nbytes) for w in split.workspaces]),
            }
        case.properties["template"] = StringAttr(template)
        case.properties["template_info"] = _info(plan, extra, choice.rejected.get(template))
        cases.append(case)
    return cases


def _describe(stage: Stage, split: SkLikeSplit) -> str:
    """``"<stage>: <nodes>; reads <args>; writes <args>"`` with workspaces as ``wsN``."""
    ws = {w.field: f"ws{i}" for i, w in enumerate(split.workspaces)}
    names = [n.node_name for n in stage.graph.nodes() if not isinstance(n, SOURCES)]
    args = [ws.get(offset, param) for param, offset in stage.routes[:-1]]  # the last: workspace
    n_in = sum(1 for n in stage.graph.nodes() if isinstance(n, (DataOp, ScalarDataOp)))
    return (
        f"{stage.name}: {', '.join(names)}; reads {', '.join(args[:n_in])}; writes {', '.join(args[n_in:])}"
    )


@dataclass(frozen=True)
class IndirectLoadTemplateCasesPass(ModulePass):
    """Replace each IndirectLoad graph by its SIMD, SIMT and SK-like cases."""

    name = "indirect-load-template-cases"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        graphs = [g for g in op.ops if isinstance(g, GraphOp) and g.template is None]
        plans = [(g, template_cases(g)) for g in graphs if has_indirect_load(g)]
        for g, cases in plans:
            for case in cases:
                op.body.block.insert_op_before(case, g)
            g.detach()
            g.erase()


__all__ = ["PASS", "IndirectLoadTemplateCasesPass", "move_forward", "template_cases"]
