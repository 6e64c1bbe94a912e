"""``lower-to-ascendc``: an impl graph -> an ``ascendc`` kernel module (memory-level API).

The loop space of the impl graph is ``outer axes x inner axis`` (the vectorized axis).
Its reductions reduce one set ``P`` of loop positions, any set (``passes.phases``); the
other outer positions are *kept*. One *work item* is one coordinate of the kept outer
positions (and a chunk of ``tile`` elements of the inner axis when the inner axis is
kept); work items are numbered row-major and split evenly over ``block_dim`` cores. Per
work item the kernel runs the reduction passes of ``passes.phases``: the kept nodes of
level 0; per reduction level a pass over the reduced extent in chunks that accumulates
the level's reductions, followed by the kept nodes of that level; an output pass that
computes and stores the varying nodes. Two schedules, chosen by host tiling from the
real sizes and recorded as the tiling key:

* ``RESIDENT`` (key 1): the reduced extent is the inner axis alone and fits one tile --
  the row is loaded once and every node computed once (a reduction is one ReduceX);
* ``STREAMING`` (key 2, the only schedule of graphs that cannot be resident): every pass
  streams the reduced extent through UB in tiles, recomputing the varying nodes it needs
  from the loads; reductions accumulate elementwise into a tile-wide accumulator
  (float32 for float16/bfloat16 sums, as torch accumulates), reduced to one value at
  the end of the pass when the inner axis is reduced. Any reduced extent compiles; the
  input is read ``depth + 1`` times.
* ``SPLIT`` (key 3): fewer work items than cores and a large reduced extent (a reduce-all
  over 10^7 elements): every work item is split into ``split_parts`` parts of its chunks,
  one core each, and every pass is a phase of one launch. A pass writes each part's
  partial accumulator to the workspace; after a ``SyncAll`` (every core waits for every
  other, as Autofuse's codegen joins schedule groups through a workspace,
  ``autofuse/codegen/codegen_kernel.cpp`` ``need_sync_all``) the next phase combines the
  partials of every part (each core redundantly) before its own pass.

In a tile every tensor lives in its own UB buffer, dense along the inner axis (or one
element when the tensor is broadcast along it); GM views are addressed with their own
strides (AL-8: logical values from logical strides, physical placement from the layout).
Host tiling picks ``tile`` so that every UB buffer fits ``ub_size``.

*Row blocks* (issue 36, ``KernelPlan.block_pos``): where a row is one tile -- graphs without
reductions, and the RESIDENT schedule -- a work item is a block of ``rows`` consecutive
coordinates of the last kept axis. Every GM tensor along that axis moves in one
DataCopyPad of ``rows`` blocks (``TileCopies.block_copy``) into a buffer holding a row
pitch per row; the rows are computed one by one on their views of those buffers, after
the units the same in every row (``KernelPlan.row_invariant``); the stores follow. Host
tiling chooses ``rows`` and the slots from the 950's copy and vector costs
(``HostTiling._rows_per_block``); double-buffered, the next block's loads are issued
before this block's rows (``LoopNest._prefetched_blocks``).

This module is the loop-nest skeleton: the kernels, their work items and passes, the
pipelined tile loop, the SPLIT phases, loads and stores. The rest is by concern:
``lowering.plan`` (the analysis and the tile's buffers), ``lowering.tile_ops`` (the compute
nodes, one rule per op family through the target description ``ascendc_emitter.target``;
ops without a vector API use a scalar loop over the tile), ``lowering.accumulators`` (the
reductions), ``lowering.host_tiling`` (AutofuseTiling) and ``lowering.vf_lowering`` (VF
regions). Anything not supported fails closed with a PassError naming the node.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute, SSAValue

from ascendc_emitter.builder import BodyBuilder, KernelModuleBuilder
from ascendc_emitter.dialect.types import element_bytes
from ascendc_emitter.names import kernel_symbol
from ascendc_emitter.target.registers import VECTOR_BYTES
from ascendc_emitter.target.support import LIMITS
from ascendc_emitter.target.types import (
    CastUnsupportedError,
    element_type,
    scalar_type,
)
from ascir_dialect.attributes import TensorType
from ascir_dialect.diagnostics import at_node
from ascir_dialect.ops import AscirNode, GraphOp, VfOp
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.memory import LoadOp, OutputOp, StoreOp
from ascir_dialect.ops.reduce import ReduceNode
from ascir_dialect.ops.sources import ArangeOp, DataOp, IndexExprOp, ScalarDataOp, ScalarOp
from ascir_dialect.symbolic import SizeExpr
from lowering.accumulators import Accumulators
from lowering.dispatch import Rule, handler_for
from lowering.exprs import ExprLowering
from lowering.host_tiling import HostTiling, tiling_fields
from lowering.loop_nest import LoopNest
from lowering.plan import (
    PASS,
    RESIDENT,
    ROW_BUFFER_BYTES,
    SPLIT,
    STREAMING,
    TILE_ALIGN,
    Buffer,
    Unit,
    analyse,
    cascades,
    fixed_bytes,
    inner_full,
    per_repeat_bytes,
    reductions_of,
    work_bytes,
)
from lowering.row_sums import RowSums
from lowering.tile_copies import RowBlock, TileCopies
from lowering.tile_math import TileMath
from lowering.tile_ops import TileOps
from lowering.ub_reuse import share_buffers
from lowering.vf_lowering import VfCodegen, VfContext
from passes.diagnostics import PassError
from passes.options import CompileOptions


def _source(n: AscirNode) -> None:
    """Nothing to emit in the tile for a source (see ``GraphLowering._prologue``)."""


class GraphLowering:
    """Builds the kernel module for one impl graph."""

    def __init__(
        self,
        graph: GraphOp,
        name: str | None,
        options: CompileOptions,
        split: bool = True,
    ):
        self.graph = graph
        self.options = options
        self.mask_mode = options.mask_mode
        double_buffer = options.double_buffer
        self.plan = analyse(graph, options.online_softmax)
        self.phases = self.plan.phases
        self.double_buffer = double_buffer and (self.phases.depth == 0 or self.plan.may_be_resident)
        """Whether the tile loop may be double-buffered (see ``LoopNest._pipelined_tiles``): graphs
        without reductions, whose tiles are independent, and the RESIDENT schedule of
        reductions along the inner axis, whose work items (one whole row each) are
        independent too. The STREAMING schedule (a row in chunks, partials carried from chunk
        to chunk) drains; host tiling gives it one slot."""
        self.inputs = sorted(
            (n for n in graph.nodes() if isinstance(n, (DataOp, ScalarDataOp))), key=lambda n: n.index_value
        )
        self.outputs = sorted(
            (n for n in graph.nodes() if isinstance(n, OutputOp)), key=lambda n: n.index_value
        )
        self.name = kernel_symbol(name or f"autofuse_{graph.graph_name}")
        self.index_exprs = [n for n in graph.nodes() if isinstance(n, IndexExprOp)]
        self.reductions = reductions_of(graph)
        self.split = split and bool(self.reductions)
        """Whether the module has the SPLIT schedule (not inside SK-like stages, whose kernels
        are launched by the template)."""
        self.cascaded = {r for r in self.reductions if cascades(r)}
        """Reductions whose partial results add in torch's cascade (``lowering.cascade``)."""
        self.row_cache = options.row_cache and self.double_buffer and bool(self.plan.cached_loads)
        """Whether the STREAMING schedule may keep a row's chunks in UB across its passes
        (``KernelPlan.cached_loads``; host tiling decides per call where they fit)."""
        fields = tiling_fields(
            len(self.index_exprs),
            self.reductions,
            self.cascaded,
            self.double_buffer,
            self.split,
            self.plan.block_pos is not None,
            self.row_cache,
        )
        gm = [f"in{n.index_value}" for n in self.inputs] + [f"out{n.index_value}" for n in self.outputs]
        self.kb = KernelModuleBuilder(self.name, gm, graph.size_names, fields)
        self.row_sums = RowSums(self.kb, self.name) if options.vf else None
        """Chunk rows added in registers (``lowering.row_sums``); not on the root path (``vf=False``)."""
        self.units: list[Unit] = list(graph.top_level())  # type: ignore[arg-type]
        self.order = {u: i for i, u in enumerate(self.units)}
        self._vf_functions: set[VfOp] = set()
        self.has_vf = any(isinstance(u, VfOp) for u in self.units)
        """Whether the kernel calls VFs: they access UB through raw pointers, which the
        compiler's cce-auto-sync does not cover, so scalar UB accesses need explicit V_S/S_V
        (asc-devkit docs 同步控制/核内同步/关键特性说明.md, cce-auto-sync constraints)."""
        self.kernel_buffers: list[list[Buffer]] = []
        self.unshared_buffers: list[list[Buffer]] = []
        """Each kernel's buffers before ``lowering.ub_reuse`` shared them (for the benchmarks'
        tile size before/after UB reuse)."""
        self.kernel_exprs: dict[SizeExpr, str] = {}
        """Every size expression the kernels evaluate (host tiling checks them all)."""
        """The UB buffers of each kernel of the module (host tiling sizes the tile for the
        largest)."""

    # ------------------------------------------------------------------ kernel
    def build(self) -> ModuleOp:
        self._kernel(None, None, self._main_body)
        if self.split:
            self._kernel(f"{self.name}_split", SPLIT, self.loops.split_kernel)
        self._check_ub()
        self._host()
        return self.kb.finish()

    @contextmanager
    def building(self, b: BodyBuilder) -> Iterator[BodyBuilder]:
        """Emit into ``b`` for the block: ``self.b`` is ``b`` inside it and the enclosing
        builder again after it, also when the block raises."""
        outer, self.b = self.b, b
        try:
            yield b
        finally:
            self.b = outer

    def _check_ub(self) -> None:
        """Refuse at compile time a graph whose buffers do not fit the platform's UB even at
        the smallest tile (host tiling still checks the ``ub_size`` of each launch)."""
        ub = self.options.platform.ub_bytes
        need = max(map(fixed_bytes, self.kernel_buffers)) + -(
            -TILE_ALIGN * max(map(per_repeat_bytes, self.kernel_buffers)) // VECTOR_BYTES
        )
        if need > ub:
            count = max(map(len, self.kernel_buffers))
            raise PassError(
                PASS,
                f"graph @{self.graph.graph_name} keeps {count} tensors in UB at once: even the smallest "
                f"tile ({TILE_ALIGN} elements) needs {need} bytes and the platform has {ub} "
                "(ascir.utils.set_platform); split the graph into smaller fused graphs",
                at=self.graph,
            )

    def _kernel(
        self, name: str | None, key: int | None, body: Callable[[BodyBuilder], None], grid: str | None = None
    ) -> None:
        """One kernel of the module, with its own prologue (GM tensors, UB buffers),
        launched on ``grid``'s blocks (a tiling field; default ``block_dim``)."""
        with self.kb.kernel(name, key, grid) as (k, addrs, tiling):
            self.k, self.tiling = k, tiling
            self.values: dict[SSAValue, SSAValue] = {}  # ASCIR tensor/scalar -> LocalTensor / scalar
            self.globals: dict[AscirNode, SSAValue] = {}
            self.buffers: list[Buffer] = []
            self.pipelined = self.double_buffer
            self.slots = k.tiling_get(tiling, "slots") if self.pipelined else None
            """Buffer slots per double buffer, 1 or 2 (host tiling chooses)."""
            self.caches = self.row_cache and key in (None, SPLIT)  # the main and the SPLIT kernel
            self.load_slots = k.tiling_get(tiling, "load_slots") if self.caches else self.slots
            """Copies of a cached load's buffer (``Buffer.cached``): the slots, or with the row
            cache one per chunk of the row (host tiling chooses)."""
            self.cached_buffers: set[SSAValue] = set()
            self.in_place: set[Unit] = set()
            """Units written over a cached load's buffer (``KernelPlan.in_place``): the output
            pass computes them only on the chunks beyond the row cache (``LoopNest``)."""
            self.row_cached: SSAValue | None = None
            self.cache_chunks: SSAValue | None = None
            self.cache_full: SSAValue | None = None
            self.chunk_cached: SSAValue | None = None
            """In a STREAMING work item with the row cache: whether host tiling turned it on
            (``LoopNest``)."""
            self.loaded: set[LoadOp] = set()
            """The cached loads an earlier pass of the work item made (``LoopNest``)."""
            self.prefetched: set[LoadOp] = set()
            self.prefetch_on: SSAValue | None = None
            """The cached loads an output pass prefetches for the next row, and whether they
            were for this one (``LoopNest._prefetch``)."""
            self.slotted: dict[SSAValue, SSAValue | int] = {}  # double buffer -> elements per copy
            self.rows = k.tiling_get(tiling, "rows") if self.plan.block_pos is not None else None
            """Rows per row block (``KernelPlan.block_pos``; host tiling chooses)."""
            self.row_pitch: dict[SSAValue, SSAValue | int] = {}
            """ASCIR values whose buffer holds one copy per row of a block -> elements per row."""
            self.row_block: RowBlock | None = None  # the row block being built (``LoopNest``)
            self._pitch: dict[SSAValue, SSAValue | int] = {}  # row-multiplied buffer -> elements per row
            self.single_mte = False  # some DataCopy in the tile loop touches a single buffer
            self.chunk_single_mte = False  # ... in the chunk loop being built (LoopNest._chunks)
            self._temps: dict[str, SSAValue] = {}  # temporaries shared by purpose
            self.ops = TileOps(self)
            self.math = TileMath(self, self.ops)
            self.acc = Accumulators(self)
            self.copies = TileCopies(self)
            self.loops = LoopNest(self)
            self.in_chunks, self.resident, self.part = False, False, None
            self.part_place: SSAValue | None = None
            self.sym = ExprLowering(k, lambda s: k.size_get(tiling, s), record=self.kernel_exprs)
            self._prologue(addrs)
            self.workspace = addrs[-1]
            self.tile, self.tiles_per_row, self.total, self.per_block = (
                k.tiling_get(tiling, f) for f in ("tile", "tiles_per_row", "total_tiles", "per_block")
            )
            self.inner_size = self.sym(self.plan.inner[1], "inner_size")
            self.sum_base = k.tiling_get(tiling, "sum_base") if self.cascaded else None
            body(k)
        self.unshared_buffers.append(list(self.buffers))
        self._share_buffers()
        if len(self.buffers) > LIMITS["tpipe_buffers"].hi:
            raise PassError(
                PASS,
                f"graph @{self.graph.graph_name}: its kernel needs {len(self.buffers)} UB buffers, more than the "
                f"{LIMITS['tpipe_buffers'].hi} a kernel may use on arch 3510 ({LIMITS['tpipe_buffers'].source})",
                at=self.graph,
            )
        self.kernel_buffers.append(self.buffers)

    def _share_buffers(self) -> None:
        """Buffers whose live ranges do not overlap become one (``lowering.ub_reuse``); the
        kernel's buffer list, which host tiling and the UB checks size, keeps one entry per
        ``TBuf`` left."""
        tbufs = [b.tbuf for b in self.buffers]
        assert all(t is not None for t in tbufs)
        if not tbufs:
            return
        kernel = tbufs[0].parent_op()  # type: ignore[union-attr]
        assert kernel is not None
        owner = share_buffers(tbufs, [b.kind for b in self.buffers], kernel)  # type: ignore[arg-type]
        self.buffers = [b for i, b in enumerate(self.buffers) if owner[i] == i]

    def _main_body(self, k: BodyBuilder) -> None:
        if self.plan.may_be_resident:
            with k.key_switch(self.tiling, [RESIDENT, STREAMING]) as (resident, streaming):
                self.loops.work_items(resident, resident=True)
                self.loops.work_items(streaming, resident=False)
        else:
            self.loops.work_items(k, resident=False)

    # ------------------------------------------------------------ the passes
    # ----------------------------------------------------------------- SPLIT
    # ---------------------------------------------------------- reductions
    def temp(self, key: str, dtype: Attribute, full: bool, rows: bool = False, work: bool = False) -> SSAValue:
        """A temporary buffer, shared by every use with the same key (``rows``: one row per
        row of a block, ``work``: a reduction's work tensor, see :meth:`buffer`)."""
        if key not in self._temps:
            self._temps[key] = self.buffer(key, dtype, full, rows=rows, work=work)
        return self._temps[key]

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
            if self.caches and n in self.plan.in_place:  # written over the cached load's chunk
                self.values[n.results[0]] = self.values[self.plan.in_place[n].results[0]]
                self.in_place.add(n)
                continue
            if isinstance(n, VfOp):  # only a region's outputs live in UB; the rest in registers
                for r, v in zip(n.results, n.yield_op.values, strict=True):
                    t = r.type
                    assert isinstance(t, TensorType)
                    self.values[r] = self.buffer(
                        v.name_hint or "vf_out", element_type(t.dtype), inner_full(t), self._copies(r), self._rows(r)
                    )
            elif isinstance(n, (LoadOp, ArangeOp, ReduceNode, ew.BroadcastOp, ew.CastOp, ew.ElementwiseNode)):
                if isinstance(n, ew.BroadcastOp) and (self.ops.aliases(n) or self.ops.only_constant_casts(n)):
                    continue
                t = n.result_tensor()
                self.values[n.results[0]] = self.buffer(
                    n.node_name,
                    element_type(t.dtype),
                    inner_full(t),
                    self._copies(n.results[0]),
                    self._rows(n.results[0]),
                    cached=self.caches and n in self.plan.cached_loads,
                )
        self.row_pitch = {key: self._pitch[v] for key, v in self.values.items() if v in self._pitch}

    def _extent(self, t: TensorType) -> SSAValue:
        return self.sym(t.extent())

    def _rows(self, v: SSAValue) -> bool:
        """Whether the buffer of ``v`` holds a row block (``KernelPlan.block_pos``): a Load
        along the block axis fills it, or a store along it drains it."""
        if isinstance(v.owner, LoadOp):
            return self.plan.along_block(v.owner.result_tensor())
        return self.plan.stored_along_block(v)

    def _copies(self, v: SSAValue) -> int:
        """Copies of the buffer of ``v``: two in a pipelined kernel when a DataCopy fills it (a
        Load) or drains it (it is stored)."""
        if not self.pipelined:
            return 1
        if isinstance(v.owner, LoadOp) or any(isinstance(u.operation, StoreOp) for u in v.uses):
            return 2
        return 1

    def buffer(
        self,
        name: str,
        dtype: Attribute,
        full: bool,
        copies: int = 1,
        rows: bool = False,
        cached: bool = False,
        work: bool = False,
    ) -> SSAValue:
        """A UB buffer, declared in the kernel prologue. Ops may ask for temporaries while the
        tile loop is built: the loop op is inserted only once its body is complete, so these
        still land before it. A double buffer (``copies`` 2) holds both slots; the tile loop
        takes its slot's half (``LoopNest._pipelined_tiles``). A ``rows`` buffer holds one
        row per row of a block, a row pitch apart (each row's view: ``LoopNest``). A ``cached``
        buffer (a load several passes read) has ``load_slots`` copies: the slots, or one per
        chunk of the row with the row cache. A ``work`` buffer is a reduction's work tensor
        for sources of a tile (``plan.work_bytes``)."""
        k = self.k
        e = element_bytes(dtype)
        if work:
            nbytes = work_bytes(k, k.tiling_get(self.tiling, "tile"), e)
            buf = k.tbuf(nbytes, name=f"ub_{name}")
            self.buffers.append(Buffer(name, dtype, False, buf.owner, work=True))  # type: ignore[arg-type]
            return k.tbuf_get(buf, dtype, k.floordiv(nbytes, e), 0, f"{name}_ub")
        one: SSAValue | int = k.mul(self.k.tiling_get(self.tiling, "tile"), e) if full else ROW_BUFFER_BYTES
        pitch = k.floordiv(one, e) if full else ROW_BUFFER_BYTES // e
        if rows:
            assert self.rows is not None
            one = k.mul(one, self.rows)
        per_copy = k.floordiv(one, e) if full or rows else ROW_BUFFER_BYTES // e
        slots = (self.load_slots if cached else self.slots) if copies > 1 else None
        nbytes = k.mul(one, slots) if slots is not None else one
        count = k.mul(per_copy, slots) if slots is not None else per_copy
        buf = k.tbuf(nbytes, name=f"ub_{name}")
        self.buffers.append(Buffer(name, dtype, full, buf.owner, copies, rows, cached and copies > 1))  # type: ignore[arg-type]
        local = k.tbuf_get(buf, dtype, count, 0, f"{name}_ub")
        if copies > 1:
            self.slotted[local] = per_copy
            if cached:
                self.cached_buffers.add(local)
        if rows:
            self._pitch[local] = pitch
        return local

    def count_of(self, t: TensorType) -> SSAValue | int:
        return self.count if inner_full(t) else 1

    def emit_unit(self, node: AscirNode | VfOp) -> None:
        if isinstance(node, VfOp):  # one function per region, called from every pass that needs it
            ctx = VfContext(self.kb, self.name, self.values, self.count, self.arange_terms)
            with at_node(node):
                VfCodegen(ctx, node, self.mask_mode).emit_call(self.b, define=node not in self._vf_functions)
            self._vf_functions.add(node)
            return
        handler = handler_for(node, self._rules, "AscendC")
        try:
            with at_node(node):
                handler(node)
        except CastUnsupportedError as e:  # a conversion inside the op's lowering (TrueDiv, math ops...)
            raise PassError(PASS, f"{node.describe()}: {e}", at=node) from None

    @property
    def _rules(self) -> dict[Rule, Callable[[AscirNode], None]]:
        """The memory-level rule of every node kind (``lowering.dispatch``)."""
        ops = self.ops
        nothing = _source  # the prologue set up their GM address or value
        return {
            Rule.DATA: nothing,
            Rule.SCALAR_DATA: nothing,
            Rule.SCALAR: nothing,
            Rule.INDEX_EXPR: nothing,
            Rule.LOAD: self.copies.load,
            Rule.STORE: self.copies.store,
            Rule.ARANGE: ops.arange,
            Rule.BROADCAST: ops.broadcast,
            Rule.CAST: ops.cast,
            Rule.COMPARE: ops.compare,
            Rule.SELECT: ops.select,
            Rule.NEG: ops.neg,
            Rule.TRUEDIV: ops.truediv,
            Rule.MATH: self.math.lower,
            Rule.BINARY: ops.elementwise,
            Rule.UNARY: ops.elementwise,
            Rule.ELEMENTWISE: ops.elementwise,
        }

    def once_per_row_chunk(self, t: TensorType, emit: Callable[[], None]) -> None:
        """Emit ``emit`` for a tensor; when the tensor is invariant across rows (every outer
        repeat is 1) only on the block's first work item, or when the inner axis is split
        into several chunks (then the chunk changes from work item to work item). Inside a
        pass over a reduced inner axis the chunk changes at every iteration."""
        if (self.in_chunks and self.phases.inner_reduced) or not all(r == 1 for r in t.repeats[:-1]):
            emit()
            return
        b = self.b
        if self.pipelined:  # each slot is filled once
            assert self.slots is not None
            again = b.cmp("slt", b.sub(self.t, self.first), self.slots)
        else:
            again = b.cmp("eq", self.t, self.first)
        if inner_full(t):
            again = b.select(again, again, b.cmp("sgt", self.tiles_per_row, 1), name="reload")
        with b.when(again) as inner, self.building(inner):
            emit()

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
        stride = self.sym(t.strides[-1]) if inner_full(t) else b.v(0)
        offset = b.add(logical, b.mul(self.start, stride), name="arange_offset")
        return self.sym(n.base.data), self.sym(n.step.data), offset, stride

    def _host(self) -> None:
        HostTiling(
            self.graph,
            self.plan,
            self.phases,
            self.kernel_buffers,
            self.kernel_exprs,
            self.index_exprs,
            self.reductions,
            self.cascaded,
            self.double_buffer,
            self.split,
            self.row_cache,
        ).build(self.kb)


def lower_graph(
    graph: GraphOp,
    name: str | None = None,
    options: CompileOptions | None = None,
    split: bool = True,
) -> ModuleOp:
    """``split=False``: no SPLIT schedule (SK-like stage kernels, launched by their template);
    ``options.double_buffer=False``: every tile drains the pipes before the next (the
    schedule before issue 18, kept for comparison). No options: the defaults."""
    return GraphLowering(graph, name, options or CompileOptions(), split).build()
