"""``lower-movement``: Transpose, Split, Pad and Concat become views at the GM boundary.

The loop space of a fused graph has one order of axes, and a kernel moves data only where
it copies GM <-> UB. So every data movement node is pushed to the loads it reads from,
through the elementwise nodes (Cast, Broadcast, compares, Where/Select: anything of
``ascir_dialect.ops.elementwise``) between them, which commute with moving elements:

* **Transpose** ``perm``: every node of the chain is re-made over the result's axes; a
  load reads GM with the permuted strides (a strided copy when the innermost result axis
  is not the innermost one in GM).
* **Split** piece ``j`` on axis ``k``: the chain is re-made with the piece's size on
  ``k``; a load starts ``start * stride_k`` further (its offset) and reads the piece only.
* **Pad** ``low``/``high``/``value``: the operand must be a load (padding commutes with
  no computation: ``exp(pad(x, 0)) != pad(exp(x), 0)``); it becomes a *padded load*
  (``ascir.load`` ``pad_low``/``pad_high``/``pad_value``: the kernel copies only the valid
  positions and fills the rest, ``lower-to-ascendc``).
* **Concat** on axis ``k``: operand ``i`` covers ``[start_i, end_i)`` of the result. Its
  chain is re-made over the whole result extent with padded loads (valid on
  ``[start_i, end_i)`` only, filled with 1 elsewhere so that no integer division traps)
  and the pieces are chosen by position: ``where(pos < end_0, piece_0, where(pos < end_1,
  piece_1, ...))`` with ``pos`` an Arange along ``k``. Each piece computes its chain over
  the whole extent; positions outside its range are discarded by the Where.

Broadcast operands that have size 1 on a moved axis are position-independent there and
stay as they are. An Arange is re-made over the moved view: its value at a coordinate is
``base + step * sum(c_i * stride_i)``, so a Split piece shifts its base forward by the
piece's start and a concat piece back by its place in the result (RoPE's frequency table
``cat([freqs, freqs])``). Nodes left without users are removed. The rewrite is made on a
copy of the graph and swapped in when every movement node was lowered (all or nothing).

Refused, with a diagnostic naming the node: a movement of a value computed by a reduction,
an IndexExpr tensor or an IndirectLoad (the chain would need a workspace), a Pad of a
computed value, a Split of a padded load, a Pad of a padded load with another value.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, ModuleOp, StringAttr
from xdsl.ir import Operation, SSAValue
from xdsl.rewriter import Rewriter

from ascir_dialect.attributes import ExprAttr, ScalarType, TensorType
from ascir_dialect.diagnostics import first_verification_error
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import AscirNode, GraphOp
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.memory import LoadOp, OutputOp, StoreOp
from ascir_dialect.ops.movement import ConcatOp, MovementNode, PadOp, SplitOp, TransposeOp
from ascir_dialect.ops.sources import ArangeOp, DataOp, IndexExprOp, ScalarDataOp, ScalarOp, WorkspaceOp
from ascir_dialect.symbolic import SizeExpr
from passes.diagnostics import AscirPass, PassError
from passes.graphs import each_graph

PASS = "lower-movement"
MASKED_FILL = "1"
"""What a concat piece's padded loads hold outside the piece (discarded by the Where)."""


@dataclass
class View:
    """A view being rebuilt: per axis name, repeat and stride; the load's pads."""

    axis: list[str]
    repeats: list[SizeExpr]
    strides: list[SizeExpr]
    low: list[SizeExpr] = field(default_factory=list)
    high: list[SizeExpr] = field(default_factory=list)


@dataclass(frozen=True)
class Move:
    """How the views of a chain change: source axis names -> result axis names, and what
    happens on them. ``kind`` is "transpose", "slice" or "pad"."""

    kind: str
    src_axes: tuple[str, ...]
    dst_axes: tuple[str, ...]
    perm: tuple[int, ...] = ()
    axis: int = 0
    """slice: the split axis (source position)."""
    start: SizeExpr = field(default_factory=lambda: SizeExpr(0))
    size: SizeExpr = field(default_factory=lambda: SizeExpr(0))
    """slice: the piece; pad: unused."""
    low: tuple[SizeExpr, ...] = ()
    high: tuple[SizeExpr, ...] = ()
    src_sizes: tuple[SizeExpr, ...] = ()
    value: str = "0"
    masked: bool = False
    """pad: the padding is discarded later (a concat piece): the fill value is free and
    pads of an already padded load simply extend it."""

    def apply(self, t: TensorType) -> tuple[TensorType, View]:
        """The moved view of ``t`` (a view over a subsequence of ``src_axes``)."""
        pos = {a: i for i, a in enumerate(t.axis)}
        if self.kind == "transpose":
            order = [self.src_axes[p] for p in self.perm]
        else:
            order = list(self.src_axes)
        reps, strides, low, high = [], [], [], []
        for name in order:
            src_k = self.src_axes.index(name)
            if name not in pos:
                reps.append(SizeExpr(1))
                strides.append(SizeExpr(0))
                low.append(SizeExpr(0))
                high.append(SizeExpr(0))
                continue
            j = pos[name]
            r, s = t.repeats[j], t.strides[j]
            lo = hi = SizeExpr(0)
            full = r == self.src_sizes[src_k] or r != 1
            if self.kind == "slice" and src_k == self.axis and full:
                r = self.size
            elif self.kind == "pad" and full and (self.low[src_k] != 0 or self.high[src_k] != 0):
                lo, hi = self.low[src_k], self.high[src_k]
                if r == 1:  # one element (a concat operand of size 1): its stride addresses nothing
                    s = SizeExpr(1)
                r = lo + r + hi
            reps.append(r)
            strides.append(s)
            low.append(lo)
            high.append(hi)
        view = View(list(self.dst_axes), reps, strides, low, high)
        return TensorType(t.dtype, self.dst_axes, reps, strides), view


def _shift(t: TensorType, new_t: TensorType, move: Move) -> SizeExpr:
    """How far (in linear position) an Arange's values move with ``move``: its value at a
    coordinate is ``base + step * sum(c_i * stride_i)``, so a Split piece starting at
    ``start`` along an axis starts ``start * stride`` further, and a concat piece placed at
    ``low`` along the result's axis holds at result position ``p`` its value at ``p - low``.
    A transpose only permutes the strides."""
    shift = SizeExpr(0)
    for j, name in enumerate(t.axis):
        if name not in move.src_axes:
            continue
        k = move.src_axes.index(name)
        full = t.repeats[j] == move.src_sizes[k] or t.repeats[j] != 1
        if not full:
            continue
        stride = new_t.strides[new_t.axis.index(move.dst_axes[k])] if move.kind != "transpose" else None
        if move.kind == "slice" and k == move.axis:
            shift = shift + move.start * stride
        elif move.kind == "pad" and move.low and move.low[k] != 0:
            shift = shift - move.low[k] * stride
    return shift


def _dense(reps: list[SizeExpr]) -> list[SizeExpr]:
    out: list[SizeExpr] = []
    acc = SizeExpr(1)
    for r in reversed(reps):
        out.insert(0, SizeExpr(0) if r == 1 else acc)
        acc = acc * r
    return out


class GraphMover:
    def __init__(self, graph: GraphOp):
        self.graph = graph
        self.block = graph.body.block

    def run(self) -> None:
        while True:
            nodes = [n for n in self.graph.nodes() if isinstance(n, MovementNode)]
            if not nodes:
                break
            self.lower(nodes[0])
        self.remove_dead()

    # ----------------------------------------------------------------- each op
    def lower(self, m: MovementNode) -> None:
        result = m.result_tensor()
        if isinstance(m, TransposeOp):
            src = m.x.type
            assert isinstance(src, TensorType)
            move = Move(
                "transpose",
                tuple(src.axis),
                tuple(result.axis),
                perm=tuple(m.perm_list),
                src_sizes=tuple(src.repeats),
            )
            new = self.push(m.x, move, m, m)
        elif isinstance(m, SplitOp):
            src = m.x.type
            assert isinstance(src, TensorType)
            move = Move(
                "slice",
                tuple(src.axis),
                tuple(result.axis),
                axis=m.axis_index,
                start=m.start,
                size=m.size_list[m.index.value.data],
                src_sizes=tuple(src.repeats),
            )
            new = self.push(m.x, move, m, m)
        elif isinstance(m, PadOp):
            src = m.x.type
            assert isinstance(src, TensorType)
            if not isinstance(m.x.owner, LoadOp):
                raise PassError(
                    PASS,
                    f"{m.describe()}: pads a value computed by {getattr(m.x.owner, 'name', '?')} "
                    f"%{getattr(m.x.owner, 'node_name', '?')}; padding commutes with no computation, "
                    "so ascir.pad must read an ascir.load directly (pad the input, then compute)",
                    at=m,
                )
            move = Move(
                "pad",
                tuple(src.axis),
                tuple(result.axis),
                low=tuple(m.low_list),
                high=tuple(m.high_list),
                src_sizes=tuple(src.repeats),
                value=m.value.data,
            )
            new = self.push(m.x, move, m, m)
        else:
            assert isinstance(m, ConcatOp)
            new = self.concat(m)
        m.results[0].replace_all_uses_with(new)  # same axes and sizes (strides: GM ones for a load)
        self.block.erase_op(m)

    def concat(self, m: ConcatOp) -> SSAValue:
        result = m.result_tensor()
        k = m.axis_index
        total = result.repeats[k]
        ends: list[SizeExpr] = []
        pieces: list[SSAValue] = []
        start = SizeExpr(0)
        for x in m.xs:
            t = x.type
            assert isinstance(t, TensorType)
            end = start + t.repeats[k]
            low = [SizeExpr(0)] * t.rank
            high = [SizeExpr(0)] * t.rank
            low[k], high[k] = start, total - end
            move = Move(
                "pad",
                tuple(t.axis),
                tuple(result.axis),
                low=tuple(low),
                high=tuple(high),
                src_sizes=tuple(t.repeats),
                value=MASKED_FILL,
                masked=True,
            )
            pieces.append(self.push(x, move, m, m))
            ends.append(end)
            start = end
        if len(pieces) == 1:
            return pieces[0]
        sched = m.sched
        props = {"sched": sched} if sched is not None else {}
        axis = result.axis[k]
        pos1 = self.add(
            ArangeOp,
            [],
            {"base": ExprAttr.of(0), "step": ExprAttr.of(1), **props},
            TensorType(DType.int64, [axis], [total], [1]),
            f"{m.node_name}_pos",
            m,
        )
        reps = list(result.repeats)
        pos = self.add(
            ew.BroadcastOp,
            [pos1],
            dict(props),
            TensorType(DType.int64, result.axis, reps, _dense(reps)),
            f"{m.node_name}_pos_b",
            m,
        )
        value = pieces[-1]
        for i in range(len(pieces) - 2, -1, -1):
            end = self.add(
                IndexExprOp,
                [],
                {"expr": ExprAttr.of(ends[i])},
                ScalarType(DType.int64),
                f"{m.node_name}_end{i}",
                m,
            )
            mask = self.add(
                ew.LtOp,
                [pos, end],
                dict(props),
                TensorType(DType.bool, result.axis, reps, _dense(reps)),
                f"{m.node_name}_in{i}",
                m,
            )
            value = self.add(
                ew.WhereOp,
                [mask, pieces[i], value],
                dict(props),
                TensorType(result.dtype, result.axis, reps, _dense(reps)),
                f"{m.node_name}_sel{i}",
                m,
            )
        return value

    # ------------------------------------------------------------- the chains
    def add(
        self, cls: type[AscirNode], operands: list, props: dict, t, name: str, before: Operation
    ) -> SSAValue:
        op = cls.build(operands=operands, properties=props, result_types=[t])
        op.results[0].name_hint = name
        op.location = before.location
        self.block.insert_op_before(op, before)
        return op.results[0]

    def push(self, v: SSAValue, move: Move, m: MovementNode, before: Operation) -> SSAValue:
        """``v`` with ``move`` applied, re-made from the loads (new nodes before ``before``)."""
        if isinstance(v.type, ScalarType):
            return v
        node = v.owner
        assert isinstance(node, AscirNode)
        t = v.type
        assert isinstance(t, TensorType)
        new_t, view = move.apply(t)
        sched = m.sched
        props: dict = {k: p for k, p in node.properties.items() if k not in ("sched", "vf")}
        if sched is not None:
            props["sched"] = sched
        name = f"{node.node_name}_{m.node_name}"
        if isinstance(node, LoadOp):
            return self.load(node, move, m, new_t, view, props, name, before)
        if isinstance(node, (ew.ElementwiseNode, ew.BroadcastOp, ew.CastOp)):
            operands = [self.push(x, move, m, before) for x in node.operands]
            dense = TensorType(new_t.dtype, new_t.axis, new_t.repeats, _dense(list(new_t.repeats)))
            return self.add(type(node), operands, props, dense, name, before)
        if isinstance(node, ArangeOp) and (move.kind != "pad" or move.masked):
            props["base"] = ExprAttr.of(node.base.data + node.step.data * _shift(t, new_t, move))
            return self.add(ArangeOp, [], props, new_t, name, before)
        what = node.describe()
        reason = {
            ArangeOp: "an Arange padded with a value (its positions outside the piece)",
            IndexExprOp: "an IndexExpr",
        }.get(type(node), "only loads and elementwise nodes can be re-made over the moved view")
        raise PassError(
            PASS,
            f"{m.describe()}: cannot move the value of {what} ({reason}); data movement is lowered "
            "at the GM boundary, through elementwise nodes to loads -- compute this value in its own "
            "graph and load it from GM",
            at=m,
        )

    def load(
        self,
        node: LoadOp,
        move: Move,
        m: MovementNode,
        new_t: TensorType,
        view: View,
        props: dict,
        name: str,
        before: Operation,
    ) -> SSAValue:
        t = node.result_tensor()
        offset = node.offset.data
        old_low, old_high = node.pads
        if move.kind == "transpose":
            order = [
                t.axis.index(move.src_axes[p]) if move.src_axes[p] in t.axis else None for p in move.perm
            ]
            low = [old_low[j] if j is not None else SizeExpr(0) for j in order]
            high = [old_high[j] if j is not None else SizeExpr(0) for j in order]
        elif move.kind == "slice":
            name_k = move.src_axes[move.axis]
            if node.padded and any(p != 0 for p in (*old_low, *old_high)):
                raise PassError(
                    PASS,
                    f"{m.describe()}: splits the padded load {node.describe()}; split the input before padding it",
                    at=m,
                )
            if name_k in t.axis:
                j = t.axis.index(name_k)
                if view.repeats[j] != t.repeats[j]:
                    offset = offset + move.start * t.strides[j]
            low, high = list(old_low), list(old_high)
        else:
            low = [a + b for a, b in zip(old_low, view.low, strict=True)]
            high = [a + b for a, b in zip(old_high, view.high, strict=True)]
            if node.padded and not move.masked:
                assert node.pad_value is not None
                if node.pad_value.data.strip() != move.value.strip():
                    raise PassError(
                        PASS,
                        f"{m.describe()}: pads the padded load {node.describe()} with another value "
                        f"({move.value} after {node.pad_value.data}); pad once",
                        at=m,
                    )
        props = {k: p for k, p in props.items() if k not in ("pad_low", "pad_high", "pad_value")}
        props["offset"] = ExprAttr.of(offset)
        if any(p != 0 for p in (*low, *high)):
            props["pad_low"] = ArrayAttr([ExprAttr.of(p) for p in low])
            props["pad_high"] = ArrayAttr([ExprAttr.of(p) for p in high])
            value = node.pad_value.data if node.pad_value is not None else move.value
            props["pad_value"] = StringAttr(value)
        return self.add(LoadOp, [node.x], props, new_t, name, before)

    def remove_dead(self) -> None:
        keep = (DataOp, ScalarDataOp, OutputOp, StoreOp, WorkspaceOp, ScalarOp, IndexExprOp)
        changed = True
        while changed:
            changed = False
            for op in reversed(list(self.block.ops)):
                if isinstance(op, AscirNode) and not isinstance(op, keep) and not op.results[0].uses:
                    self.block.erase_op(op)
                    changed = True


def lower_movement(graph: GraphOp) -> GraphOp | None:
    """The graph with its movement nodes lowered (a new graph), or None when it has none."""
    if not any(isinstance(n, MovementNode) for n in graph.nodes()):
        return None
    if not graph.is_hint:
        raise PassError(PASS, f"graph @{graph.graph_name} is scheduled; lower-movement runs on hint graphs")
    new = graph.clone()
    GraphMover(new).run()
    if (message := first_verification_error(new)) is not None:
        raise PassError(
            PASS, f"graph @{graph.graph_name}: the lowered graph does not verify: {message}", at=graph
        )
    return new


@dataclass(frozen=True)
class LowerMovementPass(AscirPass):
    """Transpose/Split/Pad/Concat become load views, padded loads and position selects."""

    name = "lower-movement"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        done: list[tuple[GraphOp, GraphOp]] = []

        def one(g: GraphOp) -> None:
            if (new := lower_movement(g)) is not None:
                done.append((g, new))

        each_graph(op, one)
        for old, new in done:  # all or nothing
            Rewriter.replace_op(old, new)


__all__ = ["LowerMovementPass", "lower_movement"]
