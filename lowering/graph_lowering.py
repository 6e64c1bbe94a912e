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
  one core each, and every pass is its own kernel launch. A pass writes each part's
  partial accumulator to the workspace; the next launch combines the partials of every
  part (each core redundantly) before its own pass. The kernels launch in order on one
  stream, so each sees the previous one's partials complete (as SK-like stages do).

In a tile every tensor lives in its own UB buffer, dense along the inner axis (or one
element when the tensor is broadcast along it); GM views are addressed with their own
strides (AL-8: logical values from logical strides, physical placement from the layout).
Host tiling picks ``tile`` so that every UB buffer fits ``ub_size``.

This module is the loop-nest skeleton: the kernels, their work items and passes, the
pipelined tile loop, the SPLIT launches, loads and stores. The rest is by concern:
``lowering.plan`` (the analysis and the tile's buffers), ``lowering.tile_ops`` (the compute
nodes, one rule per op family through the target description ``ascendc_emitter.target``;
ops without a vector API use a scalar loop over the tile), ``lowering.accumulators`` (the
reductions), ``lowering.host_tiling`` (AutofuseTiling) and ``lowering.vf_lowering`` (VF
regions). Anything not supported fails closed with a PassError naming the node.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute, SSAValue

from ascendc_emitter.builder import BodyBuilder, KernelModuleBuilder
from ascendc_emitter.dialect.types import element_bytes
from ascendc_emitter.names import kernel_symbol
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
from lowering.plan import (
    PASS,
    RESIDENT,
    ROW_BUFFER_BYTES,
    SPLIT,
    STREAMING,
    TILE_ALIGN,
    Buffer,
    analyse,
    cascades,
    fixed_bytes,
    inner_full,
    per_element_bytes,
    reductions_of,
)
from lowering.tile_copies import TileCopies
from lowering.tile_ops import TileOps
from lowering.ub_reuse import share_buffers
from lowering.vf_lowering import VfCodegen, VfContext
from passes.diagnostics import PassError
from passes.options import CompileOptions


def _source(n: AscirNode) -> None:
    """Nothing to emit in the tile for a source (see ``GraphLowering._prologue``)."""


Unit = AscirNode | VfOp
"""What the kernel emits as one piece: a node, or a VF region (one function call)."""


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
        self.plan = analyse(graph)
        self.phases = self.plan.phases
        self.double_buffer = double_buffer and (self.phases.depth == 0 or self.plan.may_be_resident)
        """Whether the tile loop may be double-buffered (see :meth:`_pipelined_tiles`): graphs
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
        fields = tiling_fields(
            len(self.index_exprs), self.reductions, self.cascaded, self.double_buffer, self.split
        )
        gm = [f"in{n.index_value}" for n in self.inputs] + [f"out{n.index_value}" for n in self.outputs]
        self.kb = KernelModuleBuilder(self.name, gm, graph.size_names, fields)
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
            for launch in range(1, self.phases.depth + 2):
                self._kernel(f"{self.name}_split{launch}", SPLIT, lambda k, n=launch: self._split_body(k, n))
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
        need = max(map(fixed_bytes, self.kernel_buffers)) + TILE_ALIGN * max(
            map(per_element_bytes, self.kernel_buffers)
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

    def _kernel(self, name: str | None, key: int | None, body: Callable[[BodyBuilder], None]) -> None:
        """One kernel of the module, with its own prologue (GM tensors, UB buffers)."""
        with self.kb.kernel(name, key) as (k, addrs, tiling):
            self.k, self.tiling = k, tiling
            self.values: dict[SSAValue, SSAValue] = {}  # ASCIR tensor/scalar -> LocalTensor / scalar
            self.globals: dict[AscirNode, SSAValue] = {}
            self.buffers: list[Buffer] = []
            self.pipelined = self.double_buffer and name is None
            self.slots = k.tiling_get(tiling, "slots") if self.pipelined else None
            """Buffer slots per double buffer, 1 or 2 (host tiling chooses)."""
            self.slotted: dict[SSAValue, SSAValue | int] = {}  # double buffer -> elements per copy
            self.single_mte = False  # some DataCopy in the tile loop touches a single buffer
            self._temps: dict[str, SSAValue] = {}  # temporaries shared by purpose
            self.ops = TileOps(self)
            self.acc = Accumulators(self)
            self.copies = TileCopies(self)
            self.in_chunks, self.resident, self.part = False, False, None
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
                self._work_items(resident, resident=True)
                self._work_items(streaming, resident=False)
        else:
            self._work_items(k, resident=False)

    def _work_items(self, b: BodyBuilder, resident: bool) -> None:
        """The block's loop over its work items (see the module doc)."""
        self.resident = resident
        first = b.mul(b.block_idx(), self.per_block, name="first_tile")
        last = b.min(b.add(first, self.per_block), self.total, name="last_tile")
        self.first = first
        if self.pipelined and (resident or not self.plan.may_be_resident):
            self._pipelined_tiles(b, first, last)
            return
        with b.loop(first, last, 1, "t") as (lb, t):
            self.b, self.t = lb, t
            self._enter_work_item(t)
            self._work_item()
            lb.sync("MTE3_V")
            lb.sync("V_MTE2")

    def _pipelined_tiles(self, b: BodyBuilder, first: SSAValue, last: SSAValue) -> None:
        """The block's work items, double-buffered: every tensor a DataCopy fills or drains has
        ``slots`` copies (host tiling chooses 2, or 1 when a core's work fits one tile anyway:
        ``HostTiling``), tile ``t`` uses slot ``(t - first) % slots``, and the pipes hand
        a slot over with one event id per slot instead of draining at the end of every tile:
        MTE2 waits (V_MTE2) only until the vector pipe is done with the slot's tile before
        last, the vector pipe (MTE3_V) only until MTE3 has stored it. So the copy-in of tile
        t + 1 and the copy-out of tile t - 1 overlap the compute of tile t (the pattern of the
        devkit's double-buffer samples, with events in place of TQue: docs/zh/api/SIMD-API/
        基础API/同步控制/核内同步/SetFlag-WaitFlag(ISASI).md). Each slot's events are set once
        before the loop and waited once after it, so sets and waits balance."""
        kinds = ("V_MTE2", "MTE3_V", "MTE3_MTE2") if self._copied_both_ways() else ("V_MTE2", "MTE3_V")
        events = {e: [b.alloc_event(e, f"ev_{e.lower()}_{i}") for i in range(2)] for e in kinds}
        for e, ids in events.items():
            for i in ids:
                b.set_flag(e, i)
        with b.loop(first, last, 1, "t") as (lb, t):
            self.b, self.t = lb, t
            assert self.slots is not None
            slot = lb.rem(lb.sub(t, first), self.slots, name="slot")
            even = lb.cmp("eq", slot, 0)
            ev = {e: lb.select(even, ids[0], ids[1], name=f"ev_{e.lower()}") for e, ids in events.items()}
            for e in kinds:
                lb.wait_flag(e, ev[e])
            saved = dict(self.values)
            for whole, per_copy in self.slotted.items():
                view = lb.lslice(whole, lb.mul(slot, per_copy), per_copy)
                for key, value in saved.items():
                    if value is whole:
                        self.values[key] = view
            self._enter_work_item(t)
            self._work_item()
            for e in kinds:
                lb.set_flag(e, ev[e])
            if self.single_mte:  # a copy touched a buffer with one slot: drain as before
                lb.sync("MTE3_V")
                lb.sync("V_MTE2")
            self.values = saved
        for e, ids in events.items():
            for i in ids:
                b.wait_flag(e, i)
                b.release_event(e, i)

    def _copied_both_ways(self) -> bool:
        """Some UB buffer is both filled by a DataCopy (a load) and drained by one (a store of
        the loaded value, or of an alias of it): then MTE2's next fill of a slot must also wait
        for MTE3's drain of it (MTE3_MTE2) -- the vector pipe, which hands the other slots
        over, never touches this one, so V_MTE2 and MTE3_V alone do not order the two."""
        nodes = list(self.graph.nodes())
        filled = {self.values.get(n.results[0]) for n in nodes if isinstance(n, LoadOp)} - {None}
        return any(isinstance(n, StoreOp) and self.values.get(n.x) in filled for n in nodes)

    def _enter_work_item(self, t: SSAValue) -> None:
        """Coordinates of work item ``t``: its kept outer coordinates and inner chunk."""
        b = self.b
        self.coords: list[SSAValue | None] = [None] * len(self.plan.outer)
        if self.phases.inner_reduced:
            self.start, self.count = b.v(0), self.inner_size
            row = t
        else:
            row = b.floordiv(t, self.tiles_per_row, name="row")
            self._chunk_of_inner(b, b.sub(t, b.mul(row, self.tiles_per_row)))
        self._decode(row, self.phases.kept_outer, "c")

    def _chunk_of_inner(self, b: BodyBuilder, j: SSAValue) -> None:
        self.start = b.mul(j, self.tile, name="start")
        self.count = b.min(b.sub(self.inner_size, self.start), self.tile, name="count")

    def _decode(self, index: SSAValue, positions: Iterable[int], prefix: str) -> None:
        """Coordinates of ``positions`` from a row-major index over them."""
        b, rest = self.b, index
        for pos in reversed(tuple(positions)):
            name, size = self.plan.outer[pos]
            extent = self.sym(size)
            q = b.floordiv(rest, extent)
            self.coords[pos] = b.sub(rest, b.mul(q, extent), name=f"{prefix}_{name}")
            rest = q

    # ------------------------------------------------------------ the passes
    def _work_item(self, launch: int | None = None) -> None:
        """The passes of one work item (module doc). In SPLIT launch ``launch`` (1 to
        depth + 1) the passes before it are replaced by combining their partials, pass
        ``launch`` covers this core's part of the chunks and ends by writing its partials
        (the output pass, launch depth + 1, stores its part); kept stores are made by part
        0 of the last launch only."""
        plan = self.phases
        done: set[Unit] = set()
        self._emit_kept(0, launch)
        for level in range(1, plan.depth + 1):
            reductions = [u for u in self.units if isinstance(u, ReduceNode) and plan.level[u] == level]
            if launch is not None and level < launch:
                for r in reductions:
                    self.acc.combine_partials(r)
                self._emit_kept(level, launch)
                continue
            needed = self._needed([r.x for r in reductions], done)
            if self.resident:
                self._emit_all(needed)
                done.update(needed)
                for r in reductions:
                    self.acc.reduce_resident(r)
            else:
                for r in reductions:
                    self.acc.acc_begin(r)
                with self._chunks():
                    self._emit_all(needed)
                    for r in reductions:
                        self.acc.acc_step(r)
                for r in reductions:
                    self.acc.cascade_end(r)
                if launch == level:
                    for r in reductions:
                        self.acc.write_partial(r)
                    return
                for r in reductions:
                    self.acc.acc_end(r)
            self._emit_kept(level, launch)
        stores = [u for u in self.units if isinstance(u, StoreOp) and u in plan.varying]
        needed = self._needed([s.results[0] for s in stores], done)
        if not needed:
            return
        if self.resident:
            self._emit_all(needed)
        else:
            with self._chunks():
                self._emit_all(needed)

    def _emit_kept(self, level: int, launch: int | None) -> None:
        units = [
            u
            for u in self.units
            if self.phases.unit_key(u) == (level, False) and not isinstance(u, ReduceNode)
        ]
        if launch is None:
            self._emit_all(units)
            return
        self._emit_all([u for u in units if not isinstance(u, StoreOp)])
        stores = [u for u in units if isinstance(u, StoreOp)]
        if stores and launch == self.phases.depth + 1:  # one part stores the kept values
            assert self.part is not None
            with self.b.when(self.b.cmp("eq", self.part[0], 0)) as wb, self.building(wb):
                self._emit_all(stores)

    # ----------------------------------------------------------------- SPLIT
    def _split_body(self, k: BodyBuilder, launch: int) -> None:
        """SPLIT launch ``launch``: block ``w * parts + j`` runs part ``j`` of work item ``w``."""
        parts = k.tiling_get(self.tiling, "split_parts")
        per_part = k.tiling_get(self.tiling, "split_chunks")
        block = k.block_idx()
        w = k.floordiv(block, parts, name="item")
        self.part = (k.sub(block, k.mul(w, parts), name="part"), parts, per_part)
        self.b, self.t, self.first = k, w, w
        self._enter_work_item(w)
        self._work_item(launch)

    def _needed(self, values: list[SSAValue], done: set[Unit]) -> list[Unit]:
        """The varying units computing ``values`` (transitively, stopping at kept units and
        at units in ``done``), in program order."""
        seen: set[Unit] = set()
        stack = [v.owner for v in values]
        while stack:
            u = stack.pop()
            if u in seen or u in done or u not in self.order or not self.phases.unit_key(u)[1]:  # type: ignore[arg-type]
                continue
            seen.add(u)  # type: ignore[arg-type]
            stack.extend(v.owner for v in u.operands)
        return sorted(seen, key=self.order.__getitem__)

    @contextmanager
    def _chunks(self) -> Iterator[None]:
        """A pass over the reduced extent of the work item, one chunk per iteration: one
        coordinate of the reduced outer positions times (when the inner axis is reduced)
        one tile of the inner axis."""
        plan, outer_b = self.phases, self.b
        saved = (self.start, self.count)
        lo, hi = outer_b.v(0), self._chunk_count(outer_b)
        if self.part is not None:  # SPLIT: this core's part of the chunks
            index, _parts, per_part = self.part
            lo = outer_b.mul(index, per_part, name="part_first")
            hi = outer_b.min(outer_b.add(lo, per_part), hi, name="part_last")
        with outer_b.loop(lo, hi, 1, "ch") as (cb, c), self.building(cb):
            self.in_chunks = True
            try:
                self.chunks_done = cb.add(cb.sub(c, lo), 1, name="chunks_done")
                q = c
                if plan.inner_reduced:
                    q = cb.floordiv(c, self.tiles_per_row)
                    self._chunk_of_inner(cb, cb.sub(c, cb.mul(q, self.tiles_per_row)))
                self._decode(q, plan.reduced_outer, "r")
                yield
                cb.sync("MTE3_V")
                cb.sync("V_MTE2")
            finally:
                self.in_chunks = False
                self.start, self.count = saved

    def _chunk_count(self, b: BodyBuilder) -> SSAValue:
        """Chunks of one pass over a work item's reduced extent."""
        count = b.v(1)
        for p in self.phases.reduced_outer:
            count = b.mul(count, self.sym(self.plan.outer[p][1]))
        if self.phases.inner_reduced:
            count = b.mul(count, self.tiles_per_row, name="chunks")
        return count

    def _emit_all(self, units: list[Unit]) -> None:
        """The units in order; a store waits for the vector work before it (V_MTE3) -- again
        when compute was emitted after an earlier store (stores interleave with compute when a
        later output's computation follows an earlier output's store)."""
        computed = True  # vector work not yet waited for by PIPE_MTE3
        for unit in units:
            if isinstance(unit, StoreOp):
                if computed:
                    self.b.sync("V_MTE3")
                    computed = False
            else:
                computed = True
            self._emit(unit)

    # ---------------------------------------------------------- reductions
    def temp(self, key: str, dtype: Attribute, full: bool) -> SSAValue:
        """A temporary buffer, shared by every use with the same key."""
        if key not in self._temps:
            self._temps[key] = self.buffer(key, dtype, full)
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
            if isinstance(n, VfOp):  # only a region's outputs live in UB; the rest in registers
                for r, v in zip(n.results, n.yield_op.values, strict=True):
                    t = r.type
                    assert isinstance(t, TensorType)
                    self.values[r] = self.buffer(
                        v.name_hint or "vf_out", element_type(t.dtype), inner_full(t), self._copies(r)
                    )
            elif isinstance(n, (LoadOp, ArangeOp, ReduceNode, ew.BroadcastOp, ew.CastOp, ew.ElementwiseNode)):
                if isinstance(n, ew.BroadcastOp) and (self.ops.aliases(n) or self.ops.only_constant_casts(n)):
                    continue
                t = n.result_tensor()
                self.values[n.results[0]] = self.buffer(
                    n.node_name, element_type(t.dtype), inner_full(t), self._copies(n.results[0])
                )

    def _extent(self, t: TensorType) -> SSAValue:
        return self.sym(t.extent())

    def _copies(self, v: SSAValue) -> int:
        """Copies of the buffer of ``v``: two in a pipelined kernel when a DataCopy fills it (a
        Load) or drains it (it is stored)."""
        if not self.pipelined:
            return 1
        if isinstance(v.owner, LoadOp) or any(isinstance(u.operation, StoreOp) for u in v.uses):
            return 2
        return 1

    def buffer(self, name: str, dtype: Attribute, full: bool, copies: int = 1) -> SSAValue:
        """A UB buffer, declared in the kernel prologue. Ops may ask for temporaries while the
        tile loop is built: the loop op is inserted only once its body is complete, so these
        still land before it. A double buffer (``copies`` 2) holds both slots; the tile loop
        takes its slot's half (:meth:`_pipelined_tiles`)."""
        k = self.k
        e = element_bytes(dtype)
        one = k.mul(self.k.tiling_get(self.tiling, "tile"), e) if full else ROW_BUFFER_BYTES
        per_copy = k.floordiv(one, e) if full else ROW_BUFFER_BYTES // e
        slots = self.slots if copies > 1 else None
        nbytes = k.mul(one, slots) if slots is not None else one
        count = k.mul(per_copy, slots) if slots is not None else per_copy
        buf = k.tbuf(nbytes, name=f"ub_{name}")
        self.buffers.append(Buffer(name, dtype, full, buf.owner, copies))  # type: ignore[arg-type]
        local = k.tbuf_get(buf, dtype, count, 0, f"{name}_ub")
        if copies > 1:
            self.slotted[local] = per_copy
        return local

    def count_of(self, t: TensorType) -> SSAValue | int:
        return self.count if inner_full(t) else 1

    def _emit(self, node: AscirNode | VfOp) -> None:
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
            Rule.MATH: ops.math,
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
