"""``lower-to-ascendc``: an impl graph -> an ``ascendc`` kernel module (memory-level API).

The loop space of the impl graph is ``outer axes x inner axis`` (the vectorized axis).
One *tile* is one coordinate of the outer axes and a chunk of ``tile`` elements of the
inner axis; tiles are numbered row-major and split evenly over ``block_dim`` cores.
Host tiling picks ``tile`` so that every UB buffer fits ``ub_size``. In a tile every
tensor lives in its own UB buffer, dense along the inner axis (or one element when the
tensor is broadcast along it); GM views are addressed with their own strides (AL-8:
logical values from logical strides, physical placement from the layout).

Ops map to AscendC APIs through one table (``_BINARY``/``_UNARY``); ops without a vector
API (integer floor division, remainder, logical ops) use a scalar loop over the tile.
Anything not supported fails closed with a PassError naming the node.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from xdsl.dialects.builtin import Float16Type, IntegerType, ModuleOp, Signedness
from xdsl.ir import Attribute, SSAValue

from ascendc_emitter.builder import KernelModuleBuilder, i64
from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.dialect.types import element_bytes
from ascir_dialect.attributes import ScalarType, TensorType
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import AscirNode, GraphOp, VfOp
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.indirect_load import IndirectLoadOp
from ascir_dialect.ops.memory import LoadOp, OutputOp, StoreOp
from ascir_dialect.ops.reduce import MaxOp, MinOp, ReduceNode, SumOp
from ascir_dialect.ops.sources import ArangeOp, DataOp, IndexExprOp, ScalarDataOp, ScalarOp, WorkspaceOp
from ascir_dialect.symbolic import SizeExpr
from lowering.exprs import ExprLowering
from lowering.op_tables import COMPARE_MODE, MEMORY_UNARY
from lowering.types import cast_round_mode, converted_constant, element_type, scalar_type
from lowering.vf_lowering import VfCodegen
from passes.diagnostics import PassError

PASS = "lower-to-ascendc"
TILE_ALIGN = 256  # elements: tile * sizeof(T) is a whole number of 256-byte repeats
MAX_TILE = 16384  # DataCopyExtParams.blockCount is 16-bit; keep compact copies legal
ROW_BUFFER_BYTES = 256  # buffer of a tensor broadcast along the inner axis
MIN_SPLIT_TILE = 2048
"""Elements: a row is cut into more tiles to occupy idle cores only down to this size
(8 KB of float32: below it a DataCopy's fixed cost outweighs the bytes it moves; see
bench/cost_model.py, DMA_SETUP against GM_BW)."""

u8 = IntegerType(8, Signedness.UNSIGNED)

# ASCIR elementwise op -> (tensor-tensor API, tensor-scalar API or None, commutative)
_BINARY: dict[type, tuple[type, type | None, bool]] = {
    ew.AddOp: (ac.AddOp, ac.AddsOp, True),
    ew.MulOp: (ac.MulOp, ac.MulsOp, True),
    ew.MinimumOp: (ac.MinOp, ac.MinsOp, True),
    ew.MaximumOp: (ac.MaxOp, ac.MaxsOp, True),
    ew.SubOp: (ac.SubOp, None, False),
    ew.DivOp: (ac.DivOp, None, False),
}
_UNARY = MEMORY_UNARY
_COMPARE = COMPARE_MODE
_REDUCE: dict[type, type] = {SumOp: ac.ReduceSumOp, MaxOp: ac.ReduceMaxOp, MinOp: ac.ReduceMinOp}
_SCALAR_LOOP = {
    ew.FloorDivOp: "floordiv",
    ew.RemainderOp: "remainder",
    ew.LogicalAndOp: "and",
    ew.LogicalOrOp: "or",
    ew.LogicalNotOp: "not",
}


@dataclass
class Buffer:
    """A UB buffer of one tensor (or a temporary) in the tile."""

    name: str
    dtype: Attribute
    full: bool  # dense along the inner axis (tile elements) or one row block


@dataclass
class KernelPlan:
    graph: GraphOp
    outer: list[tuple[str, SizeExpr]]
    inner: tuple[str, SizeExpr]
    reduce_inner: bool
    reduced_outer: tuple[int, ...] = ()
    """Outer loop positions reduced by the graph's reductions (iterated inside a tile)."""
    buffers: list[Buffer] = field(default_factory=list)
    index_exprs: list[IndexExprOp] = field(default_factory=list)

    def per_element_bytes(self) -> int:
        return sum(element_bytes(b.dtype) for b in self.buffers if b.full)

    def fixed_bytes(self) -> int:
        return ROW_BUFFER_BYTES * sum(1 for b in self.buffers if not b.full)


def _inner_full(t: TensorType) -> bool:
    return t.repeats[-1] != 1


def _analyse(graph: GraphOp) -> KernelPlan:
    if graph.is_hint:
        raise PassError(PASS, f"graph @{graph.graph_name} is not scheduled; run the schedule pass first")
    nodes = [
        n
        for n in graph.nodes()
        if isinstance(n.out_type, TensorType) and not isinstance(n, (DataOp, OutputOp, WorkspaceOp))
    ]
    if not nodes:
        raise PassError(
            PASS, f"graph @{graph.graph_name} computes nothing: add the loads, compute and stores of a kernel"
        )
    widest = max(nodes, key=lambda n: n.out_type.rank)  # type: ignore[union-attr]
    axes = widest.out_type.axis  # type: ignore[union-attr]
    sizes = graph.axis_by_name()
    reduce_inner = False
    reduced_sets: set[tuple[int, ...]] = set()
    for n in graph.nodes():
        if isinstance(n, IndirectLoadOp):
            raise PassError(
                PASS,
                f"{n.describe()}: IndirectLoad is lowered by its template cases (SIMD/SIMT/SK-like), not by this pass",
                at=n,
            )
        if isinstance(n, WorkspaceOp):
            raise PassError(
                PASS,
                f"{n.describe()}: workspaces between stages are not supported by the single-stage lowering",
                at=n,
            )
        if isinstance(n, ReduceNode):
            src, dst = n.x.type, n.result_tensor()
            reduced = tuple(
                i for i, (a, b) in enumerate(zip(src.repeats, dst.repeats, strict=True)) if b == 1 and a != 1
            )  # type: ignore[union-attr]
            if dst.axis != axes or (len(axes) - 1 in reduced and reduced != (len(axes) - 1,)):
                raise PassError(
                    PASS,
                    f"{n.describe()}: reductions over the innermost merged axis together with outer axes "
                    f"are not supported by the root-graph lowering (reduced positions {list(reduced)} of {axes})",
                )
            reduced_sets.add(reduced)
    if len(reduced_sets) > 1:
        raise PassError(
            PASS,
            f"graph @{graph.graph_name}: all reductions must reduce the same axes, got {sorted(reduced_sets)}",
        )
    reduced_outer: tuple[int, ...] = ()
    if reduced_sets:
        only = next(iter(reduced_sets))
        if only == (len(axes) - 1,):
            reduce_inner = True
        else:
            reduced_outer = only
    outer = [(a, sizes[a].size_expr) for a in axes[:-1]]
    return KernelPlan(graph, outer, (axes[-1], sizes[axes[-1]].size_expr), reduce_inner, reduced_outer)


class GraphLowering:
    """Builds the kernel module for one impl graph."""

    def __init__(self, graph: GraphOp, name: str | None = None, mask_mode: str = "loop"):
        self.graph = graph
        self.mask_mode = mask_mode
        self.plan = _analyse(graph)
        self.inputs = sorted(
            (n for n in graph.nodes() if isinstance(n, (DataOp, ScalarDataOp))), key=lambda n: n.index_value
        )
        self.outputs = sorted(
            (n for n in graph.nodes() if isinstance(n, OutputOp)), key=lambda n: n.index_value
        )
        self.name = name or f"autofuse_{graph.graph_name}"
        self.index_exprs = [n for n in graph.nodes() if isinstance(n, IndexExprOp)]
        fields = (
            [(s, i64) for s in graph.size_names]
            + [("tile", i64), ("tiles_per_row", i64), ("total_tiles", i64), ("per_block", i64)]
            + [(f"ie_{i}", i64) for i in range(len(self.index_exprs))]
        )
        gm = [f"in{n.index_value}" for n in self.inputs] + [f"out{n.index_value}" for n in self.outputs]
        self.kb = KernelModuleBuilder(self.name, gm, graph.size_names, fields)
        self.values: dict[SSAValue, SSAValue] = {}  # ASCIR tensor/scalar -> kernel LocalTensor / scalar
        self.globals: dict[AscirNode, SSAValue] = {}
        # temporaries shared by all ops of a kind, keyed by (dense along inner axis?)
        self._dups: dict[tuple[SSAValue, str], SSAValue] = {}
        self._mask_tmp: dict[bool, tuple[SSAValue, SSAValue, SSAValue]] = {}
        self._sel_bits: dict[bool, SSAValue] = {}

    # ------------------------------------------------------------------ kernel
    def build(self) -> ModuleOp:
        with self.kb.kernel() as (k, addrs, tiling):
            self.k, self.tiling = k, tiling
            self.sym = ExprLowering(k, lambda s: k.tiling_get(tiling, s))
            self._prologue(addrs)
            tile, tiles_per_row, total, per_block = (
                k.tiling_get(tiling, f) for f in ("tile", "tiles_per_row", "total_tiles", "per_block")
            )
            first = k.mul(k.block_idx(), per_block, name="first_tile")
            last = k.min(k.add(first, per_block), total, name="last_tile")
            self.tile = tile
            self.first, self.tiles_per_row = first, tiles_per_row
            with k.loop(first, last, 1, "t") as (b, t):
                self.b, self.t = b, t
                row = b.floordiv(t, tiles_per_row, name="row")
                start = b.mul(b.sub(t, b.mul(row, tiles_per_row)), tile, name="start")
                inner = self.sym(self.plan.inner[1], "inner_size")
                self.start = start
                self.count = b.min(b.sub(inner, start), tile, name="count")
                self.coords = self._decode(row)
                self._emit_tile()
                b.sync("MTE3_V")
                b.sync("V_MTE2")
        self._host()
        return self.kb.finish()

    def _in_reduce_loop(self, n: AscirNode | VfOp) -> bool:
        if isinstance(n, VfOp):
            return any(self._in_reduce_loop(m) for m in n.members())
        t = n.out_type
        if (
            not self.plan.reduced_outer
            or not isinstance(t, TensorType)
            or isinstance(n, (ReduceNode, OutputOp, DataOp))
        ):
            return False
        return any(t.repeats[p] != 1 for p in self.plan.reduced_outer)

    def _emit_tile(self) -> None:
        nodes = list(self.graph.top_level())
        looped = [n for n in nodes if self._in_reduce_loop(n)]
        if not looped:
            self._emit_all(nodes)
            return
        # Nodes not depending on the reduction loop run before it; reductions accumulate
        # inside it (seed: reduce axes complete inside the tile); the rest runs after.
        after: set[AscirNode] = set()
        for n in nodes:
            if (
                n in looped
                or isinstance(n, ReduceNode)
                or any(getattr(v.owner, "name", "") and v.owner in after for v in n.operands)
            ):
                after.add(n)
        before = [n for n in nodes if n not in after]
        reductions: list[ReduceNode] = [n for n in nodes if isinstance(n, ReduceNode)]
        post = [n for n in nodes if n in after and n not in looped and n not in reductions]
        self._emit_all(before)
        for r in reductions:
            self._init_accumulator(r)
        b = self.b
        count = b.const(1)
        for p in self.plan.reduced_outer:
            count = b.mul(count, self.sym(self.plan.outer[p][1]))
        outer_builder = b
        with b.loop(0, count, 1, "r") as (lb, r):
            self.b = lb
            rest = r
            for p in reversed(self.plan.reduced_outer):
                extent = self.sym(self.plan.outer[p][1])
                q = lb.floordiv(rest, extent)
                self.coords[p] = lb.sub(rest, lb.mul(q, extent), name=f"r_{self.plan.outer[p][0]}")
                rest = q
            self._emit_all(looped)
            for red in reductions:
                self._accumulate(red)
            lb.sync("V_MTE2")
        self.b = outer_builder
        self._emit_all(post)

    def _emit_all(self, nodes: list[AscirNode]) -> None:
        stores_started = False
        for node in nodes:
            if isinstance(node, StoreOp) and not stores_started:
                self.b.sync("V_MTE3")
                stores_started = True
            self._emit(node)

    _ACC = {SumOp: ac.AddOp, MaxOp: ac.MaxOp, MinOp: ac.MinOp}

    def _init_accumulator(self, n: ReduceNode) -> None:
        t = n.result_tensor()
        d = t.dtype
        if isinstance(n, SumOp):
            init: float | int = 0
        elif d.is_float:
            init = float("-inf") if isinstance(n, MaxOp) else float("inf")
        else:
            import numpy as np

            info = np.iinfo(d.numpy)
            init = int(info.min) if isinstance(n, MaxOp) else int(info.max)
            if not d.is_signed and init > 2**63 - 1:
                init = -1
        self.b.vec(
            ac.DuplicateOp, self.values[n.results[0]], self.b.const(init, scalar_type(d)), self._count(t)
        )

    def _accumulate(self, n: ReduceNode) -> None:
        acc = self.values[n.results[0]]
        self.b.vec(self._ACC[type(n)], acc, acc, self.values[n.x], self._count(n.result_tensor()))

    def _prologue(self, addrs: list[SSAValue]) -> None:
        k = self.k
        gm = iter(addrs)
        for n in self.inputs:
            addr = next(gm)
            if isinstance(n, DataOp):
                t = n.out_type
                self.globals[n] = k.global_tensor(
                    addr, element_type(t.dtype), 0, self._extent(t), f"gm_{n.node_name}"
                )  # type: ignore[arg-type]
            else:
                g = k.global_tensor(addr, element_type(n.out_type.dtype), 0, 1, f"gm_{n.node_name}")
                self.values[n.results[0]] = k.get_value(g, 0, n.node_name)
        for n in self.outputs:
            t = n.out_type
            self.globals[n] = k.global_tensor(
                next(gm), element_type(t.dtype), 0, self._extent(t), f"gm_{n.node_name}"
            )  # type: ignore[arg-type]
        for i, n in enumerate(self.index_exprs):
            raw = k.tiling_get(self.tiling, f"ie_{i}", name=f"{n.node_name}_expr")
            self.values[n.results[0]] = k.cast(raw, scalar_type(n.out_type.dtype), n.node_name)
        for n in self.graph.nodes():
            if isinstance(n, ScalarOp):
                self.values[n.results[0]] = k.const(
                    n.python_value(), scalar_type(n.out_type.dtype), n.node_name
                )
        # UB buffers: one per loop-space tensor, allocated up front.
        for n in self.graph.top_level():
            if isinstance(n, VfOp):  # only a region's outputs live in UB; the rest in registers
                for r, v in zip(n.results, n.yield_op.values, strict=True):
                    t = r.type
                    assert isinstance(t, TensorType)
                    self.values[r] = self._buffer(
                        v.name_hint or "vf_out", element_type(t.dtype), _inner_full(t)
                    )
            elif isinstance(n, (LoadOp, ArangeOp, ReduceNode, ew.BroadcastOp, ew.CastOp, ew.ElementwiseNode)):
                if isinstance(n, ew.BroadcastOp) and (self._aliases(n) or self._only_constant_casts(n)):
                    continue
                t = n.result_tensor()
                self.values[n.results[0]] = self._buffer(n.node_name, element_type(t.dtype), _inner_full(t))

    def _extent(self, t: TensorType) -> SSAValue:
        return self.sym(t.extent())

    def _buffer(self, name: str, dtype: Attribute, full: bool) -> SSAValue:
        """A UB buffer, declared in the kernel prologue. Ops may ask for temporaries while the
        tile loop is built: the loop op is inserted only once its body is complete, so these
        still land before it."""
        self.plan.buffers.append(Buffer(name, dtype, full))
        k = self.k
        nbytes = (
            k.mul(self.k.tiling_get(self.tiling, "tile"), element_bytes(dtype)) if full else ROW_BUFFER_BYTES
        )
        count = k.floordiv(nbytes, element_bytes(dtype)) if full else ROW_BUFFER_BYTES // element_bytes(dtype)
        buf = k.tbuf(nbytes, name=f"ub_{name}")
        return k.tbuf_get(buf, dtype, count, 0, f"{name}_ub")

    def _decode(self, row: SSAValue) -> list[SSAValue | None]:
        """Outer coordinates of a row index (row-major over the kept outer axes); reduced
        outer axes get their coordinate from the in-tile reduction loop (None here)."""
        b = self.b
        coords: list[SSAValue | None] = [None] * len(self.plan.outer)
        rest = row
        for pos in reversed(range(len(self.plan.outer))):
            if pos in self.plan.reduced_outer:
                continue
            name, size = self.plan.outer[pos]
            extent = self.sym(size)
            q = b.floordiv(rest, extent)
            coords[pos] = b.sub(rest, b.mul(q, extent), name=f"c_{name}")
            rest = q
        return coords

    def _count(self, t: TensorType) -> SSAValue | int:
        return self.count if _inner_full(t) else 1

    def _gm_offset(self, t: TensorType, offset: SizeExpr) -> SSAValue:
        b = self.b
        off = self.sym(offset)
        for coord, r, s in zip(self.coords, t.repeats[:-1], t.strides[:-1], strict=True):
            if r != 1:
                off = b.add(off, b.mul(coord, self.sym(s)))
        if _inner_full(t):
            off = b.add(off, b.mul(self.start, self.sym(t.strides[-1])))
        return off

    # ------------------------------------------------------------------- nodes
    def _emit(self, node: AscirNode | VfOp) -> None:
        if isinstance(node, VfOp):
            VfCodegen(self, node, self.mask_mode).emit_call(self.b)
            return
        handler: Callable[[AscirNode], None] | None = None
        for cls, h in self._handlers():
            if isinstance(node, cls):
                handler = h
                break
        if handler is None:
            raise PassError(PASS, f"{node.describe()}: no AscendC lowering for this op yet", at=node)
        handler(node)

    def _handlers(self) -> list[tuple[type, Callable]]:
        return [
            ((DataOp, ScalarDataOp, OutputOp, ScalarOp, IndexExprOp), lambda n: None),
            (LoadOp, self._load),
            (StoreOp, self._store),
            (ArangeOp, self._arange),
            (ew.BroadcastOp, self._broadcast),
            (ew.CastOp, self._cast),
            (ew.CompareNode, self._compare),
            (ew.SelectNode, self._select),
            (ReduceNode, self._reduce),
            (ew.NegOp, self._neg),
            (ew.TrueDivOp, self._truediv),
            (tuple(_BINARY), self._binary),
            (tuple(_UNARY), self._unary),
            (tuple(_SCALAR_LOOP), self._scalar_loop),
        ]

    def _once_per_row_chunk(self, t: TensorType, emit: Callable[[], None]) -> None:
        """Emit ``emit`` for a tensor; when the tensor is invariant across rows (every outer
        repeat is 1) only on the block's first tile, or when the inner axis is split into
        several chunks (then the chunk changes from tile to tile)."""
        if not all(r == 1 for r in t.repeats[:-1]):
            emit()
            return
        b = self.b
        again = b.cmp("eq", self.t, self.first)
        if _inner_full(t):
            again = b.select(again, again, b.cmp("sgt", self.tiles_per_row, 1), name="reload")
        outer_builder = self.b
        with b.when(again) as inner:
            self.b = inner
            emit()
        self.b = outer_builder

    def _load(self, n: LoadOp) -> None:
        t = n.result_tensor()
        self._once_per_row_chunk(t, lambda: self._load_tile(n, t))

    def _load_tile(self, n: LoadOp, t: TensorType) -> None:
        b = self.b
        dst, e = self.values[n.results[0]], element_bytes(element_type(t.dtype))
        src = b.gslice(self.globals[n.x.owner], self._gm_offset(t, n.offset.data))  # type: ignore[index]
        if not _inner_full(t):
            b.copy_pad(dst, src, 1, e)
        elif t.strides[-1] == 1:
            b.copy_pad(dst, src, 1, b.mul(self.count, e))
        else:  # strided GM rows: one element per block, packed densely in UB
            gap = b.mul(b.sub(self.sym(t.strides[-1]), 1), e)
            b.copy_pad(dst, src, self.count, e, gap, 0, compact=True)
        b.sync("MTE2_V")

    def _store(self, n: StoreOp) -> None:
        b, t = self.b, n.result_tensor()
        src, e = self.values[n.x], element_bytes(element_type(t.dtype))
        out = next(u.operation for u in n.results[0].uses if isinstance(u.operation, OutputOp))
        dst = b.gslice(self.globals[out], self._gm_offset(t, n.offset.data))
        if not _inner_full(t):
            b.copy_pad(dst, src, 1, e)
        elif t.strides[-1] == 1:
            b.copy_pad(dst, src, 1, b.mul(self.count, e))
        else:
            gap = b.mul(b.sub(self.sym(t.strides[-1]), 1), e)
            b.copy_pad(dst, src, self.count, e, 0, gap, compact=True)

    def _operand(self, v: SSAValue) -> SSAValue:
        return self.values[v]

    def _binary(self, n: ew.ElementwiseNode) -> None:
        b, t = self.b, n.result_tensor()
        tensor_api, scalar_api, commutative = _BINARY[type(n)]
        dst, count = self.values[n.results[0]], self._count(t)
        x1, x2 = n.operands
        if isinstance(x1.type, ScalarType) and commutative:
            x1, x2 = x2, x1  # AL-9: a single scalar moves to the second position
        if isinstance(x2.type, ScalarType) and scalar_api is not None:
            b.vec(scalar_api, dst, self._operand(x1), self._operand(x2), count)
            return
        lhs, rhs = (self._as_tensor(v, t) for v in (x1, x2))
        b.vec(tensor_api, dst, lhs, rhs, count)

    def _as_tensor(self, v: SSAValue, like: TensorType) -> SSAValue:
        """A scalar-like operand where the API needs a tensor: Duplicate into a buffer."""
        if not isinstance(v.type, ScalarType):
            return self.values[v]
        dtype = element_type(v.type.dtype)
        key = (v, "dup")
        if key not in self._dups:
            self._dups[key] = self._buffer(f"{v.name_hint or 'scalar'}_dup", dtype, _inner_full(like))
        buf = self._dups[key]
        self.b.vec(ac.DuplicateOp, buf, self.values[v], self._count(like))
        return buf

    def _unary(self, n: ew.ElementwiseNode) -> None:
        t = n.result_tensor()
        self.b.vec(_UNARY[type(n)], self.values[n.results[0]], self.values[n.operands[0]], self._count(t))

    def _neg(self, n: ew.NegOp) -> None:
        t = n.result_tensor()
        minus_one = self.b.const(-1, scalar_type(t.dtype))
        self.b.vec(
            ac.MulsOp, self.values[n.results[0]], self.values[n.operands[0]], minus_one, self._count(t)
        )

    def _cast_into(
        self, dst: SSAValue, src: SSAValue, src_dtype: DType, dst_dtype: DType, count: SSAValue | int
    ) -> None:
        if dst_dtype is DType.bool:
            self._to_mask_values(
                dst,
                lambda bits: self.b.vec(
                    ac.ComparesOp,
                    bits,
                    src,
                    self.b.const(0, scalar_type(src_dtype)),
                    self._aligned(count, src_dtype),
                    mode="NE",
                ),
                count,
            )
            return
        self.b.vec(ac.CastOp, dst, src, count, round=cast_round_mode(src_dtype, dst_dtype))

    def _constant_source(self, v: SSAValue) -> ScalarOp | None:
        """The Scalar constant behind a Broadcast of a constant, if ``v`` is one."""
        owner = v.owner
        if isinstance(owner, ew.BroadcastOp) and isinstance(owner.x.owner, ScalarOp):
            return owner.x.owner
        return None

    def _cast(self, n: ew.CastOp) -> None:
        t = n.result_tensor()
        if (const := self._constant_source(n.operands[0])) is not None:
            # FR12: a constant Cast is a Duplicate of the converted constant.
            value = self.b.const(converted_constant(const, t.dtype), scalar_type(t.dtype))
            self.b.vec(ac.DuplicateOp, self.values[n.results[0]], value, self._count(t))
            return
        src = n.operands[0].type
        self._cast_into(
            self.values[n.results[0]], self.values[n.operands[0]], src.dtype, t.dtype, self._count(t)
        )  # type: ignore[union-attr]

    def _truediv(self, n: ew.TrueDivOp) -> None:
        t = n.result_tensor()
        count = self._count(t)
        casted = []
        for v in n.operands:
            if isinstance(v.type, ScalarType):
                raise PassError(
                    PASS, f"{n.describe()}: TrueDiv with a scalar operand is not supported yet", at=n
                )
            if v.type.dtype == t.dtype:
                casted.append(self.values[v])
                continue
            tmp = self._buffer(f"{n.node_name}_{v.name_hint}_f", element_type(t.dtype), _inner_full(t))
            self._cast_into(tmp, self.values[v], v.type.dtype, t.dtype, count)
            casted.append(tmp)
        self.b.vec(ac.DivOp, self.values[n.results[0]], casted[0], casted[1], count)

    def _aligned(self, count: SSAValue | int, dtype: DType) -> SSAValue:
        """Compare needs count * sizeof(T) to be a multiple of 256 bytes: round up."""
        per = 256 // element_bytes(element_type(dtype))
        return self.b.mul(self.b.ceildiv(self.b.v(count), per), per)

    def _to_mask_values(
        self, dst: SSAValue, make_bits: Callable[[SSAValue], None], count: SSAValue | int
    ) -> None:
        """Write 0/1 (uint8) per element from a Compare bit mask: Select 1.0/0.0 in half, Cast."""
        full = not (isinstance(count, int) and count == 1)
        if full not in self._mask_tmp:
            bits = self._buffer(f"bits{int(full)}", u8, full)
            ones = self._buffer(f"ones{int(full)}", Float16Type(), full)
            halfv = self._buffer(f"sel{int(full)}", Float16Type(), full)
            self._mask_tmp[full] = (bits, ones, halfv)
        bits, ones, halfv = self._mask_tmp[full]
        make_bits(bits)
        b = self.b
        b.vec(ac.DuplicateOp, ones, b.const(1.0, Float16Type()), count)
        b.vec(
            ac.SelectOp, halfv, bits, ones, b.const(0.0, Float16Type()), count, mode="VSEL_TENSOR_SCALAR_MODE"
        )
        b.vec(ac.CastOp, dst, halfv, count, round="CAST_RINT")

    def _compare(self, n: ew.CompareNode) -> None:
        t = n.result_tensor()
        x1, x2 = n.operands
        src_dtype = x1.type.dtype  # type: ignore[union-attr]
        count = self._count(t)
        aligned = self._aligned(count, src_dtype)
        mode = _COMPARE[type(n)]
        api = ac.ComparesOp if isinstance(x2.type, ScalarType) else ac.CompareOp

        def make(bits: SSAValue) -> None:
            self.b.vec(api, bits, self.values[x1], self.values[x2], aligned, mode=mode)

        self._to_mask_values(self.values[n.results[0]], make, count)

    def _select(self, n: ew.SelectNode) -> None:
        t = n.result_tensor()
        count = self._count(t)
        cond, x, y = n.operands
        full = _inner_full(t)
        if full not in self._sel_bits:
            self._sel_bits[full] = self._buffer(f"selbits{int(full)}", u8, full)
        bits = self._sel_bits[full]
        self.b.vec(
            ac.ComparesOp,
            bits,
            self.values[cond],
            self.b.const(0, IntegerType(8)),
            self._aligned(count, DType.uint8),
            mode="NE",
        )
        src0 = self._as_tensor(x, t)  # Select takes a tensor first branch: a scalar is duplicated
        if isinstance(y.type, ScalarType):
            self.b.vec(
                ac.SelectOp,
                self.values[n.results[0]],
                bits,
                src0,
                self.values[y],
                count,
                mode="VSEL_TENSOR_SCALAR_MODE",
            )
        else:
            self.b.vec(
                ac.SelectOp,
                self.values[n.results[0]],
                bits,
                src0,
                self.values[y],
                count,
                mode="VSEL_TENSOR_TENSOR_MODE",
            )

    def _aliases(self, n: ew.BroadcastOp) -> bool:
        src = n.x.type
        return isinstance(src, TensorType) and _inner_full(src) == _inner_full(n.result_tensor())

    def _only_constant_casts(self, n: ew.BroadcastOp) -> bool:
        """A broadcast constant read only by Casts: they Duplicate the converted constant
        directly (FR12), so the broadcast tensor itself is never materialised."""
        return isinstance(n.x.owner, ScalarOp) and all(
            isinstance(u.operation, ew.CastOp) for u in n.results[0].uses
        )

    def _broadcast(self, n: ew.BroadcastOp) -> None:
        if self._only_constant_casts(n):
            return
        t = n.result_tensor()
        src = n.x
        if isinstance(src.type, TensorType) and self._aliases(n):
            self.values[n.results[0]] = self.values[src]  # outer-axis broadcast: same tile data
            return
        value = (
            self.values[src] if isinstance(src.type, ScalarType) else self.b.get_value(self.values[src], 0)
        )
        self.b.vec(ac.DuplicateOp, self.values[n.results[0]], value, self._count(t))

    def _reduce(self, n: ReduceNode) -> None:
        if self.plan.reduced_outer:
            return  # accumulated in the in-tile reduction loop
        src = n.x.type
        work = self._buffer(f"{n.node_name}_work", element_type(src.dtype), True)  # type: ignore[union-attr]
        self.b.vec(_REDUCE[type(n)], self.values[n.results[0]], self.values[n.x], work, self.count)

    def arange_terms(self, n: ArangeOp) -> tuple[SSAValue, SSAValue, SSAValue, SSAValue]:
        """AL-3/AL-5 terms of an Arange in the current tile (int64): base, step, the logical
        offset of the tile's first element and the logical stride along the vectorized
        axis (0 when the tensor is one row value). Value of element i: base + (offset +
        i * stride) * step; its physical place in the tile buffer is i."""
        b, t = self.b, n.result_tensor()
        logical = b.v(0)
        for coord, r, s in zip(self.coords, t.repeats[:-1], t.strides[:-1], strict=True):
            if r != 1:
                logical = b.add(logical, b.mul(coord, self.sym(s)))
        stride = self.sym(t.strides[-1]) if _inner_full(t) else b.v(0)
        offset = b.add(logical, b.mul(self.start, stride), name="arange_offset")
        return self.sym(n.base.data), self.sym(n.step.data), offset, stride

    def _arange(self, n: ArangeOp) -> None:
        """Root-graph Arange (seed 000 ArangeApiCall): SetValue(base + (offset + i * stride) * step),
        once per block and inner chunk when the view is invariant across rows."""
        t = n.result_tensor()

        def emit() -> None:
            b = self.b
            base, step, offset, stride = self.arange_terms(n)
            dst = self.values[n.results[0]]
            with b.loop(0, self._count(t), 1, "arange_i") as (lb, i):
                value = lb.add(base, lb.mul(lb.add(offset, lb.mul(i, stride)), step))
                lb.set_value(dst, i, lb.cast(value, scalar_type(t.dtype)))

        self._once_per_row_chunk(t, emit)

    def _scalar_loop(self, n: ew.ElementwiseNode) -> None:
        """Ops without a vector API: one scalar GetValue/SetValue pass over the tile."""
        b, t = self.b, n.result_tensor()
        kind = _SCALAR_LOOP[type(n)]
        if (t.dtype.is_float or not t.dtype.is_signed) and kind in ("floordiv", "remainder"):
            raise PassError(
                PASS,
                f"{n.describe()}: {t.dtype} {kind} has no AscendC lowering yet (signed integers only)",
                at=n,
            )
        st = scalar_type(t.dtype)
        dst = self.values[n.results[0]]
        with b.loop(0, self._count(t), 1, f"{kind}_i") as (lb, i):
            args = []
            for v in n.operands:
                if isinstance(v.type, ScalarType):
                    args.append(self.values[v])
                else:
                    args.append(lb.get_value(self.values[v], i))
            if kind == "floordiv":
                r = lb.floordiv(args[0], args[1])
            elif kind == "remainder":
                r = lb.sub(args[0], lb.mul(lb.floordiv(args[0], args[1]), args[1]))
            elif kind == "not":
                r = lb.select(
                    lb.cmp("eq", args[0], lb.const(0, args[0].type)), lb.const(1, st), lb.const(0, st)
                )
            else:
                nz = [lb.cmp("ne", a, lb.const(0, a.type)) for a in args]
                both = (
                    lb.select(
                        nz[0],
                        nz[1],
                        lb.const(0, IntegerType(1)),
                    )
                    if kind == "and"
                    else lb.select(nz[0], lb.const(1, IntegerType(1)), nz[1])
                )
                r = lb.select(both, lb.const(1, st), lb.const(0, st))
            lb.set_value(dst, i, r)

    # -------------------------------------------------------------------- host
    def _host(self) -> None:
        plan = self.plan
        with self.kb.host() as (h, sizes, core_num, ub_size):
            by_name = dict(zip(self.graph.size_names, sizes, strict=True))
            sym = ExprLowering(h, lambda s: by_name[s])
            for name, v in by_name.items():
                h.fail_if(h.cmp("slt", v, 1), 2, f"size {name} must be >= 1")
                h.set_tiling(name, v)
            inner = sym(plan.inner[1], "inner")
            rows = h.const(1)
            for pos, (_, size) in enumerate(plan.outer):
                if pos not in plan.reduced_outer:
                    rows = h.mul(rows, sym(size))
            budget = h.sub(h.cast(ub_size, i64), plan.fixed_bytes(), name="budget")
            per_elem = max(1, plan.per_element_bytes())
            tile = h.mul(h.floordiv(h.floordiv(budget, per_elem), TILE_ALIGN), TILE_ALIGN, name="tile_fit")
            wanted = h.mul(h.ceildiv(inner, TILE_ALIGN), TILE_ALIGN, name="tile_wanted")
            tile = h.min(h.min(tile, wanted), MAX_TILE, name="tile")
            if not plan.reduce_inner:  # fewer rows than cores: cut the rows so that every core works
                cores = h.cast(core_num, i64)
                per_row = h.ceildiv(cores, h.min(rows, cores))
                share = h.mul(h.ceildiv(h.ceildiv(inner, per_row), TILE_ALIGN), TILE_ALIGN)
                tile = h.min(tile, h.max(share, MIN_SPLIT_TILE), name="tile_split")
            h.fail_if(h.cmp("slt", tile, TILE_ALIGN), 1, "even the smallest tile does not fit the UB")
            if plan.reduce_inner:
                h.fail_if(h.cmp("slt", tile, inner), 1, "the reduced axis does not fit the UB in one tile")
            tiles_per_row = h.ceildiv(inner, tile, name="tiles_per_row")
            total = h.mul(rows, tiles_per_row, name="total_tiles")
            blocks = h.min(h.cast(core_num, i64), total, name="blocks")
            per_block = h.ceildiv(total, blocks, name="per_block")
            blocks = h.ceildiv(total, per_block, name="block_dim")
            for f, v in (
                ("tile", tile),
                ("tiles_per_row", tiles_per_row),
                ("total_tiles", total),
                ("per_block", per_block),
            ):
                h.set_tiling(f, v)
            for i, n in enumerate(self.index_exprs):
                h.set_tiling(f"ie_{i}", sym(n.expr.data))
            h.set_tiling("block_dim", blocks)
            h.set_output("block_dim", blocks)
            h.set_output("workspace_size", 0)


def lower_graph(graph: GraphOp, name: str | None = None, mask_mode: str = "loop") -> ModuleOp:
    return GraphLowering(graph, name, mask_mode).build()
