"""``schedule``: HintGraph -> impl graph on merged loop axes with a vectorized UB layout.

For every graph of the module (hint level):
* find the fused loop space and merge adjacent contiguous axes (``passes.loop_space``);
* append the merged axes to the graph (kind ``merged``, origin = the merged axes);
* rewrite every loop-space tensor onto the merged axes (repeats multiplied, the stride of
  the innermost member kept) and give it its physical UB layout: the innermost merged
  axis is the vectorized axis, dense (DS-1: logical view and physical layout separate);
* mark the graph ``impl``.

Block and tile splits are decided at run time by the generated host tiling (the tile
size depends on ``ub_size``); the lowering reads them from the impl graph's structure.
The rewrite builds a new graph and swaps it in only when every node converted, so a
failure never leaves a half-rewritten graph.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, ModuleOp, StringAttr
from xdsl.ir import Block, Region, SSAValue
from xdsl.rewriter import Rewriter

from ascir_dialect.attributes import AxisAttr, AxisKind, ExprAttr, TensorType
from ascir_dialect.diagnostics import first_verification_error
from ascir_dialect.ops import GraphOp
from ascir_dialect.ops.memory import LoadOp, OutputOp
from ascir_dialect.ops.sources import DataOp, WorkspaceOp
from ascir_dialect.symbolic import SizeExpr
from passes.diagnostics import AscirPass, PassError
from passes.graphs import each_graph
from passes.loop_space import PASS, LoopSpace, find_loop_space, merge_groups, padded_positions
from passes.phases import phase_plan


def merged_name(space: LoopSpace, group: list[int]) -> str:
    return "".join(space.axes[i] for i in group) if len(group) > 1 else space.axes[group[0]]


def schedule_graph(graph: GraphOp) -> GraphOp:
    if not graph.is_hint:
        raise PassError(PASS, f"graph @{graph.graph_name} is already scheduled (impl level)")
    space = find_loop_space(graph)
    groups = merge_groups(graph, space)
    axes = list(graph.axis_list)
    known = {a.name_str for a in axes}
    names = []
    for g in groups:
        name = merged_name(space, g)
        if len(g) > 1:
            while name in known:
                name += "_m"
            size = SizeExpr(1)
            for i in g:
                size = size * space.sizes[i]
            axes.append(AxisAttr.make(len(axes), name, size, AxisKind.merged, [space.axes[i] for i in g]))
            known.add(name)
        names.append(name)
    inner = names[-1]

    def rewrite(t: TensorType, where: str) -> TensorType:
        v = space.align(t, where)
        reps, strides = [], []
        for g in groups:
            r = SizeExpr(1)
            for i in g:
                r = r * v.repeats[i]
            reps.append(r)
            strides.append(v.strides[g[-1]] if r != 1 else SizeExpr(0))
        vec_stride = [SizeExpr(1) if reps[-1] != 1 else SizeExpr(0)]
        return TensorType(t.dtype, names, reps, strides, [inner], vec_stride)

    new = GraphOp(graph.graph_name, graph.size_names, axes, level="impl", body=Region(Block()))
    for prop in ("ub_fuse_context", "template", "template_info"):  # DS-6 context, SK-like stage
        if prop in graph.properties:
            new.properties[prop] = graph.properties[prop]
    mapping: dict[SSAValue, SSAValue] = {}
    for node in graph.nodes():
        t = node.out_type
        if isinstance(t, TensorType) and not isinstance(node, (DataOp, OutputOp, WorkspaceOp)):
            t = rewrite(t, node.describe())
        props = dict(node.properties)
        if isinstance(node, LoadOp) and node.padded:  # pads onto the merged axes
            pads = padded_positions(space, node)
            zero = SizeExpr(0)
            lows = [pads[g[0]][0] if len(g) == 1 and g[0] in pads else zero for g in groups]
            highs = [pads[g[0]][1] if len(g) == 1 and g[0] in pads else zero for g in groups]
            props["pad_low"] = ArrayAttr([ExprAttr.of(p) for p in lows])
            props["pad_high"] = ArrayAttr([ExprAttr.of(p) for p in highs])
        if node.sched is not None:
            props["sched"] = ArrayAttr([StringAttr(n) for n in names])
        operands = [
            [mapping[v] for v in group] if isinstance(group, tuple) else mapping[group]
            for group in _operand_groups(node)
        ]
        clone = type(node).build(operands=operands, properties=props, result_types=[t])
        clone.results[0].name_hint = node.results[0].name_hint
        clone.location = node.location
        new.body.block.add_op(clone)
        mapping[node.results[0]] = clone.results[0]
    new.location = graph.location
    if (message := first_verification_error(new)) is not None:
        raise AssertionError(f"the scheduled graph does not verify: {message}")  # a bug of this pass
    phase_plan(new, PASS)  # refuses reductions over different axis sets, located
    return new


def _operand_groups(node) -> list:
    """Operands grouped per IRDL operand definition (optional operands as tuples)."""
    from xdsl.irdl import VarOperandDef

    groups: list = []
    rest = list(node.operands)
    defs = node.get_irdl_definition().operands
    for _, d in defs:
        if isinstance(d, VarOperandDef):
            groups.append(tuple(rest[:1]) if len(defs) == 1 or rest else ())
            rest = rest[1:]
        else:
            groups.append(rest.pop(0))
    return groups


@dataclass(frozen=True)
class SchedulePass(AscirPass):
    """Merge contiguous loop axes and assign the UB layout (HintGraph -> impl graph)."""

    name = "schedule"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        scheduled: list[tuple[GraphOp, GraphOp]] = []
        each_graph(op, lambda g: scheduled.append((g, schedule_graph(g))) if g.is_hint else None)
        for old, new in scheduled:  # all or nothing
            Rewriter.replace_op(old, new)
