"""``indirect-load-template-cases`` (IndirectLoadScheduleCaseGenerator, seed 001 FR2-FR6).

For every graph holding an IndirectLoad, independent graph cases, each rewritten on its own
copy, replace it in the module (a rejected template never affects another). The cases are
what ``lower-to-ascendc`` lowers: one kernel module per original graph, one tiling key per
accepted case.

* ``@<g>_simd``: IndirectLoad moved forward along the input chain through single-input
  elementwise ops while the gather does not enlarge the data (index dim size <= input dim
  size, when provable) -- they then run on the gathered elements; the ops it stops at run
  on the input slice before the Gather. Stops at two-input ops. Metadata: the schedule
  split (outer axes before ``dim``), the FR6 scores.
* ``@<g>_simt``: IndirectLoad moved forward unconditionally; before a two-input op it is
  duplicated, one gather per side input, with the same index. Metadata: the 32 KB dcache
  reservation, the linearised output axis.
* ``@<g>_sklike``: the unchanged graph, recording its logical stages (input pre, index pre,
  IndirectLoad, output post; a stage with nothing to compute is folded away), what each
  reads and writes and the workspace joining them (``passes.sklike_stages``). The stages
  themselves follow as graphs of their own (``template "stage"``) that the rest of the
  pipeline compiles like any graph; the IndirectLoad stage gets its own SIMD and SIMT cases.

Every case records ``case_of`` (the graph whose kernel it belongs to), the FR6 scores
``continuous_bytes`` and ``index_outer_product`` and the thresholds; a case whose code the
lowering cannot emit says why (``rejected``). ``template=`` keeps only that case (an error
if it is rejected). The forward moves are ``RewritePattern``s.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IntAttr, ModuleOp, StringAttr
from xdsl.ir import Attribute
from xdsl.passes import PassPipeline
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint, Rewriter

from ascir_dialect.attributes import ExprAttr, TensorType
from ascir_dialect.ops import AscirNode, GraphOp
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.indirect_load import IndirectLoadOp
from ascir_dialect.ops.sources import DataOp, ScalarDataOp
from passes.diagnostics import AscirPass, PassError
from passes.dump import after_pass
from passes.graphs import STAGE
from passes.index_put_case import has_index_put, scatter_case
from passes.indirect_plan import (
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
from passes.indirect_templates import SIMD_UNARY, simd_supported, simt_supported
from passes.options import TemplateName, TypedOptions
from passes.sklike_stages import SkLikeSplit, Stage, sklike_reason, split_stages

MOVABLE = (ew.ElementwiseNode, ew.CastOp)
TEMPLATES = ("simd", "simt", "sklike")
DCACHE_BYTES = 32 * 1024
"""SIMT data-cache reservation of the template (seed 001 FR2), recorded in the case."""


def _tensor_operands(n: AscirNode) -> list:
    return [v for v in n.operands if isinstance(v.type, TensorType)]


@dataclass
class MoveGatherForward(RewritePattern):
    """``IndirectLoad(op(x, ...), idx)`` -> ``op(IndirectLoad(x, idx), ...)`` (seed 001 FR3/FR4).

    ``op`` is an elementwise op or Cast whose result only the gather reads. It then runs on
    the gathered elements: values never change, only where they are computed. With
    ``duplicate`` (SIMT) a two-input op gets one gather per tensor operand, all with the same
    index; without it (SIMD) only the unary ops the SIMD chain runs move (an op with a scalar
    operand stays before the gather, and the SIMD check says why it rejects it). With ``respect_enlarge`` (SIMD) the
    move stops while the gather may enlarge the data (computing before it is cheaper).
    ``moved`` collects the names of the moved ops."""

    duplicate: bool
    respect_enlarge: bool
    moved: list[str] = field(default_factory=list)

    @op_type_rewrite_pattern
    def match_and_rewrite(self, il: IndirectLoadOp, rewriter: PatternRewriter) -> None:
        pred = il.x1.owner
        if not isinstance(pred, MOVABLE) or isinstance(pred, ew.BroadcastOp):
            return
        if pred.results[0].uses.get_length() != 1:
            return
        if self.respect_enlarge:
            grow = il.result_tensor().repeats[il.dim_value] - il.x1.type.repeats[il.dim_value]  # type: ignore[union-attr]
            if not (grow.is_constant and grow.as_int() <= 0):
                return
        tensors = _tensor_operands(pred)
        if not self.duplicate and (len(tensors) != 1 or not isinstance(pred, SIMD_UNARY)):
            return  # SIMD: only the unary ops its chain runs move (simd_supported agrees)
        out = il.result_tensor()
        new_ops: list[AscirNode] = []
        operands = []
        for v in pred.operands:
            if not isinstance(v.type, TensorType):
                operands.append(v)
                continue
            gathered = IndirectLoadOp.build(
                operands=[v, il.x2],
                properties=dict(il.properties),
                result_types=[TensorType(v.type.dtype, out.axis, out.repeats, out.strides)],
            )
            first = not any(isinstance(o, IndirectLoadOp) for o in new_ops)
            gathered.results[0].name_hint = il.node_name if first else f"{il.node_name}_{v.name_hint}"
            gathered.location = il.location
            new_ops.append(gathered)
            operands.append(gathered.results[0])
        moved = type(pred).build(
            operands=operands,
            properties=dict(pred.properties),
            result_types=[TensorType(pred.result_tensor().dtype, out.axis, out.repeats, out.strides)],
        )
        moved.results[0].name_hint = pred.node_name
        moved.location = pred.location
        rewriter.replace(il, [*new_ops, moved], [moved.results[0]])
        rewriter.erase(pred)
        self.moved.append(pred.node_name)


def move_forward(graph: GraphOp, duplicate: bool, respect_enlarge: bool) -> list[str]:
    """Apply :class:`MoveGatherForward` to ``graph`` until nothing moves; the moved ops' names."""
    pattern = MoveGatherForward(duplicate, respect_enlarge)
    PatternRewriteWalker(pattern, apply_recursively=True).rewrite_region(graph.body)
    return pattern.moved


def _info(
    plan: IndirectPlan, case_of: str, extra: dict[str, Attribute], rejected: str | None
) -> DictionaryAttr:
    cont, outer = scores(plan)
    data: dict[str, Attribute] = {
        "continuous_bytes": ExprAttr(cont),
        "index_outer_product": ExprAttr(outer),
        "cacheline_bytes": IntAttr(CACHELINE_BYTES),
        "cache_thres": StringAttr(str(CACHE_THRES)),
        "core_thres": StringAttr(str(CORE_THRES)),
        "case_of": StringAttr(case_of),
        **extra,
    }
    if rejected:
        data["rejected"] = StringAttr(rejected)
    return DictionaryAttr(data)


def _mark(case: GraphOp, name: str, template: str, info: DictionaryAttr) -> GraphOp:
    case.properties["sym_name"] = StringAttr(name)
    case.properties["template"] = StringAttr(template)
    case.properties["template_info"] = info
    return case


def stage_pipeline(vf: bool, graph: str = "") -> PassPipeline:
    """The graph passes an ordinary SK-like stage goes through: a pipeline run of its own."""
    from passes.fold_constant_casts import FoldConstantCastsPass
    from passes.narrow_index import NarrowIndexComparesPass
    from passes.normalize_arange import NormalizeArangeBroadcastViewsPass
    from passes.schedule import SchedulePass
    from passes.vf_partition import VfPartitionPass

    passes = (
        FoldConstantCastsPass(),
        NormalizeArangeBroadcastViewsPass(),
        NarrowIndexComparesPass(),
        SchedulePass(),
        VfPartitionPass(enable=vf),
    )
    return PassPipeline(passes, after_pass(graph))


def template_cases(
    graph: GraphOp,
    force: str | None = None,
    case_of: str | None = None,
    stage: dict[str, Attribute] | None = None,
    vf: bool = True,
) -> list[GraphOp]:
    """The case graphs of ``graph`` (and, for SK-like, its stage graphs), in module order.
    ``stage``: the graph is an SK-like IndirectLoad stage (SIMD and SIMT only; the
    stage's metadata joins each case's info). ``vf``: the stage pipeline's vf-partition."""
    plan = analyse(graph)
    root = case_of or graph.graph_name
    templates = ("simd", "simt") if stage is not None else TEMPLATES
    if force is not None and force not in templates:
        raise PassError(PASS, f"unknown template '{force}' (expected one of {', '.join(templates)})")
    out: list[GraphOp] = []
    for template in [force] if force else templates:
        case = graph.clone()
        extra: dict[str, Attribute] = dict(stage or {})
        stages: list[GraphOp] = []
        if template in ("simd", "simt"):
            moved = move_forward(case, duplicate=template == "simt", respect_enlarge=template == "simd")
            case_plan = analyse(case)
            reason = (simd_supported if template == "simd" else simt_supported)(case_plan)
            if template == "simd":
                extra["schedule_outer"] = ArrayAttr([StringAttr(a) for a in plan.out_view.axis[: plan.dim]])
            else:
                extra["dcache_bytes"] = IntAttr(DCACHE_BYTES)
                extra["linear_axis"] = StringAttr("indirect_load_linear")
            extra["moved_after_gather"] = ArrayAttr([StringAttr(m) for m in moved])
        else:
            reason = sklike_reason(plan)
            if reason is None:
                split = split_stages(plan)
                extra["workspace_fields"] = ArrayAttr([StringAttr(w.field) for w in split.workspaces])
                extra["stages"] = ArrayAttr([StringAttr(_describe(s, split)) for s in split.stages])
                extra["workspace_bytes"] = ArrayAttr([ExprAttr(w.nbytes) for w in split.workspaces])
                try:
                    stages = _stage_graphs(split, root, vf)
                except PassError as e:  # a stage no pass can compile: SK-like is not a case
                    reason = f"SK-like: stage {e.pass_name}: {e.reason}"
        if reason is not None and force is not None:
            raise PassError(PASS, f"template '{force}' was rejected: {reason}")
        if force is not None:
            extra["forced"] = StringAttr(force)
        name = f"{graph.graph_name}_{template}"
        out.append(_mark(case, name, template, _info(plan, root, extra, reason)))
        out += stages
    return out


def _stage_graphs(split: SkLikeSplit, root: str, vf: bool) -> list[GraphOp]:
    """Each stage as a graph of the module: the IndirectLoad stage as its SIMD/SIMT cases,
    the others as ordinary graphs (``template "stage"``) compiled by the stage pipeline."""
    graphs: list[GraphOp] = []
    for order, s in enumerate(split.stages):
        meta: dict[str, Attribute] = {
            "stage": StringAttr(s.name),
            "stage_order": IntAttr(order),
            "routes": ArrayAttr([ArrayAttr([StringAttr(p), StringAttr(o)]) for p, o in s.routes]),
        }
        if has_indirect_load(s.graph):  # indirect_load, indirect_load1, ...: one gather each
            graphs += template_cases(s.graph, case_of=root, stage=meta)
        else:
            module = ModuleOp([s.graph])
            stage_pipeline(vf, s.graph.graph_name).apply(Context(), module)
            (compiled,) = module.ops
            compiled.detach()
            info = DictionaryAttr({"case_of": StringAttr(root), **meta})
            graphs.append(_mark(compiled, compiled.graph_name, STAGE, info))  # type: ignore[arg-type]
    return graphs


def _describe(stage: Stage, split: SkLikeSplit) -> str:
    """``"<stage>: <nodes>; reads <args>; writes <args>"`` with workspaces as ``wsN``."""
    ws = {w.field: f"ws{i}" for i, w in enumerate(split.workspaces)}
    names = [n.node_name for n in stage.graph.nodes() if not isinstance(n, SOURCES)]
    args = [ws.get(offset, param) for param, offset in stage.routes[:-1]]  # the last: workspace
    n_in = sum(1 for n in stage.graph.nodes() if isinstance(n, (DataOp, ScalarDataOp)))
    return (
        f"{stage.name}: {', '.join(names)}; reads {', '.join(args[:n_in])}; writes {', '.join(args[n_in:])}"
    )


@dataclass
class TemplateChoice:
    """The templates that can take a graph, and why the others cannot."""

    available: list[str]
    rejected: dict[str, str] = field(default_factory=dict)


def choose_templates(graph: GraphOp) -> TemplateChoice:
    """The verdicts of :func:`template_cases` on ``graph`` (its cases, stages left out)."""
    choice = TemplateChoice([])
    for case in template_cases(graph):
        info = case.template_info.data if case.template_info is not None else {}
        if case.template is None or case.template.data not in TEMPLATES or "stage" in info:
            continue
        reason = info.get("rejected")
        if isinstance(reason, StringAttr):
            choice.rejected[case.template.data] = reason.data
        else:
            choice.available.append(case.template.data)
    return choice


@dataclass(frozen=True)
class IndirectLoadTemplateCasesPass(TypedOptions, AscirPass):
    """Replace each IndirectLoad graph by its SIMD, SIMT and SK-like cases, and each
    IndexPut graph by its scatter case (``passes.index_put_case``)."""

    name = "indirect-load-template-cases"

    template: TemplateName = ""
    """Keep only this template's case ("": every case; host tiling chooses by the FR6 scores)."""
    vf: bool = True
    """vf-partition the SK-like stage graphs (false: the root-graph path)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for g in [g for g in op.ops if isinstance(g, GraphOp) and g.template is None]:
            if has_index_put(g):  # its one case: the scatter template (passes.index_put_case)
                Rewriter.insert_op(scatter_case(g), InsertPoint.before(g))
            elif has_indirect_load(g):
                Rewriter.insert_op(template_cases(g, self.template or None, vf=self.vf), InsertPoint.before(g))
            else:
                continue
            Rewriter.erase_op(g)


__all__ = [
    "DCACHE_BYTES",
    "PASS",
    "IndirectLoadTemplateCasesPass",
    "MoveGatherForward",
    "TemplateChoice",
    "choose_templates",
    "move_forward",
    "template_cases",
]
