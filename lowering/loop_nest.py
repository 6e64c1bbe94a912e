"""The loop nest of a kernel: its work items, the passes of a work item and their chunks,
the double-buffered tile loop and the SPLIT phases (the schedules of the
``lowering.graph_lowering`` module doc: RESIDENT, STREAMING, SPLIT).

``LoopNest`` moves the tile cursor of the kernel being built -- its builder, work item
``t``, chunk ``start``/``count``, outer ``coords``, SPLIT ``part`` -- and asks the kernel
to emit each unit at the cursor (``GraphLowering.emit_unit``, through
``lowering.dispatch``); the compute, reduction and copy rules read the cursor from there."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol

from xdsl.ir import SSAValue

from ascendc_emitter.builder import BodyBuilder
from ascir_dialect.ops import AscirNode, GraphOp, VfOp
from ascir_dialect.ops.memory import LoadOp, OutputOp, StoreOp
from ascir_dialect.ops.reduce import ReduceNode
from ascir_dialect.ops.sources import DataOp, IndexExprOp, ScalarDataOp, ScalarOp
from lowering.accumulators import Accumulators
from lowering.plan import KernelPlan, Unit, needed_units
from lowering.tile_copies import RowBlock, TileCopies
from lowering.tile_ops import OnTile, Tile
from passes.phases import PhasePlan


class Cursor(Tile, Protocol):
    """The kernel being built, as its loop nest sees it (``GraphLowering``): what it
    schedules and the cursor it moves."""

    graph: GraphOp
    plan: KernelPlan
    phases: PhasePlan
    units: list[Unit]
    order: dict[Unit, int]
    acc: Accumulators
    copies: TileCopies
    tiling: SSAValue
    tile: SSAValue
    tiles_per_row: SSAValue
    total: SSAValue
    per_block: SSAValue
    inner_size: SSAValue
    pipelined: bool
    slots: SSAValue | None
    slotted: dict[SSAValue, SSAValue | int]
    single_mte: bool
    chunk_single_mte: bool
    rows: SSAValue | None
    row_pitch: dict[SSAValue, SSAValue | int]
    row_block: RowBlock | None
    caches: bool
    cached_buffers: set[SSAValue]
    in_place: set[Unit]
    row_cached: SSAValue | None
    cache_chunks: SSAValue | None
    cache_full: SSAValue | None
    chunk_cached: SSAValue | None
    loaded: set[LoadOp]
    prefetched: set[LoadOp]
    prefetch_on: SSAValue | None
    # the cursor
    t: SSAValue
    first: SSAValue
    count: SSAValue
    resident: bool
    in_chunks: bool
    chunks_done: SSAValue
    part: tuple[SSAValue, SSAValue, SSAValue] | None
    part_place: SSAValue | None

    def building(self, b: BodyBuilder) -> contextlib.AbstractContextManager[BodyBuilder]: ...

    def emit_unit(self, node: Unit) -> None: ...


@dataclass(frozen=True)
class _Ahead:
    """The first pass the previous row's output pass runs (:meth:`LoopNest._first_pass_ahead`):
    as :meth:`LoopNest._pass_of` gives it, and the two MTE2_V events of its chunks' arrival."""

    needed: list[Unit]
    reductions: list[ReduceNode]
    pairs: list[tuple[ReduceNode, ReduceNode]]
    extra: list[Unit]
    arrivals: list[SSAValue]


class LoopNest(OnTile):
    """The schedules of one kernel module (``GraphLowering``), one kernel at a time."""

    kernel: Cursor
    _events: dict[str, list[SSAValue]] | None = None
    """The chunk events of the STREAMING rows while they are built (:meth:`_streamed_rows`)."""
    _last: SSAValue | None = None
    """The end of the block's work items (:meth:`_streamed_rows`: the prefetch's bound)."""
    _ahead: _Ahead | None = None
    """The first pass run ahead by the previous row's output pass (:meth:`_first_pass_ahead`)."""

    def work_items(self, b: BodyBuilder, resident: bool) -> None:
        """The block's loop over its work items (see the module doc)."""
        self.kernel.resident = resident
        first = b.mul(b.block_idx(), self.kernel.per_block, name="first_tile")
        last = b.min(b.add(first, self.kernel.per_block), self.kernel.total, name="last_tile")
        self.kernel.first = first
        # a row is one tile: its rows may come in blocks (KernelPlan.block_pos)
        plan = self.kernel.plan
        blocked = plan.block_pos is not None and not plan.chunk_blocks and (resident or not plan.may_be_resident)
        if self.kernel.pipelined and blocked:
            self._prefetched_blocks(b, first, last)
            return
        if self.kernel.pipelined and (resident or not self.kernel.plan.may_be_resident):
            self._pipelined_tiles(b, first, last)
            return
        if self.kernel.pipelined and not blocked:
            self._streamed_rows(b, first, last)
            return
        with b.loop(first, last, 1, "t") as (lb, t):
            self.kernel.b, self.kernel.t = lb, t
            self._enter_work_item(t, blocked)
            self._work_item_rows() if blocked else self._work_item()
            lb.sync("MTE3_V")
            lb.sync("V_MTE2")

    def _streamed_rows(self, b: BodyBuilder, first: SSAValue, last: SSAValue) -> None:
        """The block's rows in the STREAMING schedule: each row's passes over its chunks
        (:meth:`_chunks`), double-buffered with events that last across the passes and the
        rows -- chunk ``c`` of every pass uses slot ``c % slots`` and its parity's events,
        so the first chunks of a pass (or of the next row) are loaded while the vector pipe
        finishes the last ones, and the next row's loads overlap this row's stores. Every
        pipe runs in order: a copy into a slot waits for the vector pipe's last use of it
        (V_MTE2 of the same parity, set after a later chunk), the vector pipe's write of an
        output slot for MTE3's last store of it (MTE3_V). Only a value kept across a row's
        chunks and moved by a DataCopy (a row statistic stored, a row-invariant load) still
        drains the pipes between rows.

        With the row cache (host tiling's ``row_cache``: the UB holds a whole row of the
        loads several passes read, ``KernelPlan.cached_loads``) the first ``C`` chunks of such a
        load (host tiling's ``row_cache``: all of them, or as many as the UB holds) have a
        place of their own, chunk ``c`` place ``c``: the first pass that reads it loads it
        there, the later passes read it from there (``TileCopies.load``), the output pass
        prefetches the next row's (:meth:`_prefetch`); the chunks beyond ``C`` take turns in
        ``slots`` further places and are read from GM in every pass."""
        k = self.kernel
        events = self._chunk_events(b)
        k.row_cached = k.cache_chunks = k.cache_full = None
        if k.caches:
            k.cache_chunks = b.tiling_get(k.tiling, "row_cache", name="cache_chunks")
            k.row_cached = b.cmp("ne", k.cache_chunks, 0, name="row_cached")
            k.cache_full = b.cmp("sge", k.cache_chunks, k.tiles_per_row, name="cache_full")
        kept_copies = any(
            isinstance(u, (LoadOp, StoreOp)) and not k.phases.unit_key(u)[1] for u in k.units
        )
        self._events = events
        if k.row_cached is not None:  # the output pass loads the next row's cached chunks
            output = k.plan.pass_units[-1]  # the output pass's units
            k.prefetched = {u for u in output if isinstance(u, LoadOp) and u in k.plan.cached_loads}
            self._ahead = self._first_pass_ahead(b)
        self._last = last
        try:
            with b.loop(first, last, 1, "t") as (lb, t):
                k.b, k.t = lb, t
                if k.row_cached is not None:
                    k.prefetch_on = lb.select(k.row_cached, lb.cmp("sgt", t, first), k.row_cached, name="prefetched")
                self._enter_work_item(t)
                self._work_item()
                if kept_copies:  # a kept value a DataCopy moves is rewritten by the next row
                    lb.sync("MTE3_V")
                    lb.sync("V_MTE2")
        finally:
            self._events = None
            k.row_cached, k.prefetch_on, k.prefetched = None, None, set()
            k.cache_chunks = k.cache_full = k.chunk_cached = None
            if self._ahead is not None:
                for i in self._ahead.arrivals:
                    b.release_event("MTE2_V", i)
            self._ahead = None
        self._release_chunk_events(b, events)

    def _chunk_events(self, b: BodyBuilder, prefix: str = "ev_ch") -> dict[str, list[SSAValue]]:
        """The two slots' events of the double buffers (one per parity and kind: a copy into
        a slot waits for the vector pipe, the vector pipe for a store of it), each set once:
        the first copy into a slot need not wait."""
        kinds = ("V_MTE2", "MTE3_V", "MTE3_MTE2") if self._copied_both_ways() else ("V_MTE2", "MTE3_V")
        events = {e: [b.alloc_event(e, f"{prefix}_{e.lower()}_{i}") for i in range(2)] for e in kinds}
        for e, ids in events.items():
            for i in ids:
                b.set_flag(e, i)
        return events

    @staticmethod
    def _release_chunk_events(b: BodyBuilder, events: dict[str, list[SSAValue]]) -> None:
        """Wait for every slot's last use, then free its events."""
        for e, ids in events.items():
            for i in ids:
                b.wait_flag(e, i)
                b.release_event(e, i)

    def _first_pass_ahead(self, b: BodyBuilder) -> _Ahead | None:
        """Whether the output pass of a row also runs the next row's first pass (the row
        cache): its chunks arrive there anyway (:meth:`_prefetch`), and the vector pipe,
        which waits for the stores in that pass, has the time. So a row's first pass (a
        softmax's max, and with it an online sum) overlaps the previous row's copies
        instead of following them. Only where the first pass reads nothing but the
        prefetched loads and needs no value of the row computed before it (no kept unit at
        level 0)."""
        k = self.kernel
        if k.phases.depth < 1 or not k.prefetched:
            return None
        sources = (DataOp, ScalarDataOp, ScalarOp, IndexExprOp, OutputOp)
        if any(k.phases.unit_key(u) == (0, False) and not isinstance(u, sources) for u in k.units):
            return None
        reductions, needed, pairs, extra = self._pass_of(1, set())
        loads = {u for u in needed + extra if isinstance(u, LoadOp)}
        if not loads or not loads <= k.prefetched:
            return None
        arrivals = [b.alloc_event("MTE2_V", f"ev_ahead_{i}") for i in range(2)]
        return _Ahead(needed, reductions, pairs, extra, arrivals)

    def _work_item_rows(self) -> None:
        """A work item of a row block (``KernelPlan.block_pos``): every load of the block in
        one DataCopyPad per GM tensor, then its rows (:meth:`_block_rows`)."""
        self._block_loads()
        self._block_rows()

    def _block_loads(self) -> None:
        for u in self.kernel.units:
            if isinstance(u, LoadOp):
                self.kernel.emit_unit(u)

    def _block_rows(self) -> None:
        """The rows of the row block entered (its loads made): the units the same in every
        row once, then each row's passes on its views of the row-multiplied buffers at its
        coordinate, then every store of the block in one DataCopyPad per GM tensor."""
        k, b = self.kernel, self.b
        block = k.row_block
        assert block is not None and k.plan.block_pos is not None
        block.hoisted = k.plan.row_invariant
        for u in block.hoisted:
            k.emit_unit(u)
        block.phase = "rows"
        saved = dict(k.values)
        with b.loop(0, block.rows, 1, "row") as (rb, r), k.building(rb):
            self._enter_row(rb, rb.add(block.base, r, name="c_row"), r, saved)
            self._work_item()
            if block.drain:  # a store of a buffer every row writes: MTE3 reads it first
                rb.sync("MTE3_V")
        k.values = saved
        k.coords[k.plan.block_pos] = block.base
        block.phase = "store"
        if block.deferred:
            b.sync("V_MTE3")
            for store in list(block.deferred):
                k.emit_unit(store)
        k.row_block = None

    def _enter_row(self, rb: BodyBuilder, coord: SSAValue, r: SSAValue, whole: dict[SSAValue, SSAValue]) -> None:
        """Row ``r`` of the row block: its coordinate along the block axis, and every
        row-multiplied buffer's view of the row (``whole``: the block's buffers)."""
        k = self.kernel
        assert k.plan.block_pos is not None and k.row_block is not None
        k.coords[k.plan.block_pos] = coord
        for key, pitch in k.row_pitch.items():
            view = rb.lslice(whole[key], rb.mul(r, pitch), pitch)
            k.row_block.views[view] = whole[key]
            k.values[key] = view

    def _prefetched_blocks(self, b: BodyBuilder, first: SSAValue, last: SSAValue) -> None:
        """The block's row blocks, double-buffered with the loads issued one block ahead.

        As :meth:`_pipelined_tiles` (the same slots and events), but the loads of block
        ``t + 1`` are issued before the rows of block ``t`` are computed, each slot's
        arrival signalled by its own MTE2_V event that the vector pipe waits for just
        before that block's rows. So a row's scalar round trip (a ReduceMax fix-up, a
        GetValue) delays no copy: the next block's data is already on its way when the
        scalar unit waits for the vector pipe. With one slot (host tiling found no room
        for two) the next block is loaded after this one's rows instead."""
        k = self.kernel
        assert k.slots is not None
        events = self._chunk_events(b, "ev")
        kinds = tuple(events)
        arrived = [b.alloc_event("MTE2_V", f"ev_mte2_v_{i}") for i in range(2)]
        whole = dict(k.values)

        def slot_of(bb: BodyBuilder, t: SSAValue) -> tuple[SSAValue, dict[str, SSAValue]]:
            slot = bb.rem(bb.sub(t, first), k.slots, name="slot")
            even = bb.cmp("eq", slot, 0)
            ev = {e: bb.select(even, ids[0], ids[1], name=f"ev_{e.lower()}") for e, ids in events.items()}
            ev["MTE2_V"] = bb.select(even, arrived[0], arrived[1], name="ev_mte2_v")
            return slot, ev

        def enter(bb: BodyBuilder, t: SSAValue, slot: SSAValue) -> None:
            k.b, k.t = bb, t
            k.values = dict(whole)
            self._slot_views(bb, slot, whole)
            self._enter_work_item(t, True)

        def load(bb: BodyBuilder, t: SSAValue) -> None:
            slot, ev = slot_of(bb, t)
            for e in kinds:
                if e != "MTE3_V":  # what a fill of the slot waits for
                    bb.wait_flag(e, ev[e])
            enter(bb, t, slot)
            assert k.row_block is not None
            k.row_block.prefetched = True
            self._block_loads()
            bb.set_flag("MTE2_V", ev["MTE2_V"])
            k.row_block = None

        with b.when(b.cmp("slt", first, last)) as pb:
            load(pb, first)
        with b.loop(first, last, 1, "t") as (lb, t):
            nxt = lb.add(t, 1, name="next_tile")
            more = lb.cmp("slt", nxt, last)
            two = lb.cmp("sgt", k.slots, 1)
            with lb.when(lb.select(two, more, two)) as wb:
                load(wb, nxt)
            slot, ev = slot_of(lb, t)
            lb.wait_flag("MTE2_V", ev["MTE2_V"])
            lb.wait_flag("MTE3_V", ev["MTE3_V"])
            enter(lb, t, slot)
            self._block_rows()
            for e in kinds:
                lb.set_flag(e, ev[e])
            if k.single_mte:  # a copy touched a buffer with one slot: drain as before
                lb.sync("MTE3_V")
                lb.sync("V_MTE2")
            one = lb.cmp("eq", k.slots, 1)
            with lb.when(lb.select(one, more, one)) as wb:  # one slot: the next block after this one
                load(wb, nxt)
        k.values = whole
        for e, ids in events.items():
            for i in ids:
                b.wait_flag(e, i)
                b.release_event(e, i)
        for i in arrived:
            b.release_event("MTE2_V", i)

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
        events = self._chunk_events(b, "ev")
        kinds = tuple(events)
        with b.loop(first, last, 1, "t") as (lb, t):
            self.kernel.b, self.kernel.t = lb, t
            assert self.kernel.slots is not None
            slot = lb.rem(lb.sub(t, first), self.kernel.slots, name="slot")
            even = lb.cmp("eq", slot, 0)
            ev = {e: lb.select(even, ids[0], ids[1], name=f"ev_{e.lower()}") for e, ids in events.items()}
            for e in kinds:
                lb.wait_flag(e, ev[e])
            saved = dict(self.kernel.values)
            self._slot_views(lb, slot, saved)
            self._enter_work_item(t)
            self._work_item()
            for e in kinds:
                lb.set_flag(e, ev[e])
            if self.kernel.single_mte:  # a copy touched a buffer with one slot: drain as before
                lb.sync("MTE3_V")
                lb.sync("V_MTE2")
            self.kernel.values = saved
        self._release_chunk_events(b, events)

    def _slot_views(
        self,
        b: BodyBuilder,
        slot: SSAValue,
        whole: dict[SSAValue, SSAValue],
        varying_only: bool = False,
        cached: SSAValue | None = None,
    ) -> None:
        """Every double buffer's view of ``slot`` for the values whose buffer it is
        (``whole``: the values before the tile took its slot); ``varying_only``: for the
        values a pass computes per chunk only -- a kept value (a row's statistic, computed
        once before the pass in the buffer's first slot) keeps its place. ``cached``: the
        copy a cached load's buffer gives the chunk instead (the row cache)."""
        phases = self.kernel.phases
        for buffer, per_copy in self.kernel.slotted.items():
            at = cached if cached is not None and buffer in self.kernel.cached_buffers else slot
            view = b.lslice(buffer, b.mul(at, per_copy), per_copy)
            for key, value in whole.items():
                if value is not buffer:
                    continue
                owner = key.owner
                if varying_only and not (isinstance(owner, (AscirNode, VfOp)) and phases.unit_key(owner)[1]):
                    continue
                self.kernel.values[key] = view

    def _copied_both_ways(self) -> bool:
        """Some UB buffer is both filled by a DataCopy (a load) and drained by one (a store of
        the loaded value, or of an alias of it): then MTE2's next fill of a slot must also wait
        for MTE3's drain of it (MTE3_MTE2) -- the vector pipe, which hands the other slots
        over, never touches this one, so V_MTE2 and MTE3_V alone do not order the two."""
        nodes = list(self.kernel.graph.nodes())
        filled = {self.kernel.values.get(n.results[0]) for n in nodes if isinstance(n, LoadOp)} - {None}
        return any(isinstance(n, StoreOp) and self.kernel.values.get(n.x) in filled for n in nodes)

    def _enter_work_item(self, t: SSAValue, blocked: bool = False) -> None:
        """Coordinates of work item ``t``: its kept outer coordinates and inner chunk;
        ``blocked``: ``t`` numbers row blocks of ``rows`` coordinates of the block axis
        (the last kept one), its coordinate is the block's first row."""
        b, plan = self.b, self.kernel.plan
        self.kernel.row_block = None
        self.kernel.coords: list[SSAValue | None] = [None] * len(plan.outer)
        if self.kernel.phases.inner_reduced:
            self.kernel.start, self.kernel.count = b.v(0), self.kernel.inner_size
            row = t
        else:
            row = b.floordiv(t, self.kernel.tiles_per_row, name="row")
            self._chunk_of_inner(b, b.sub(t, b.mul(row, self.kernel.tiles_per_row)))
        if not blocked:
            self._decode(row, self.kernel.phases.kept_outer, "c")
            return
        assert plan.block_pos is not None and self.kernel.rows is not None
        extent = self.kernel.sym(plan.outer[plan.block_pos][1])
        blocks = b.ceildiv(extent, self.kernel.rows, name="row_blocks")
        rest = b.floordiv(row, blocks)
        base = b.mul(b.sub(row, b.mul(rest, blocks)), self.kernel.rows, name="row_base")
        rows = b.min(self.kernel.rows, b.sub(extent, base), name="block_rows")
        self._decode(rest, self.kernel.phases.kept_outer[:-1], "c")
        self.kernel.coords[plan.block_pos] = base
        self.kernel.row_block = RowBlock(base, rows)

    def _chunk_of_inner(self, b: BodyBuilder, j: SSAValue) -> None:
        self.kernel.start = b.mul(j, self.kernel.tile, name="start")
        self.kernel.count = b.min(b.sub(self.kernel.inner_size, self.kernel.start), self.kernel.tile, name="count")

    def _decode(self, index: SSAValue, positions: Iterable[int], prefix: str) -> None:
        """Coordinates of ``positions`` from a row-major index over them."""
        b, rest = self.b, index
        for pos in reversed(tuple(positions)):
            name, size = self.kernel.plan.outer[pos]
            extent = self.kernel.sym(size)
            q = b.floordiv(rest, extent)
            self.kernel.coords[pos] = b.sub(rest, b.mul(q, extent), name=f"{prefix}_{name}")
            rest = q

    def _work_item(self, phase: int | None = None, loaded: set[LoadOp] | None = None) -> None:
        """The passes of one work item (module doc). In SPLIT phase ``phase`` (1 to
        passes + 1) the passes before it are replaced by combining their partials, pass
        ``phase`` covers this core's part of the chunks and ends by writing its partials
        (the output pass, phase passes + 1, stores its part); kept stores are made by part
        0 of the last phase only. ``loaded``: the cached loads an earlier phase of this part
        made (:meth:`split_kernel`). A level of online sums (``KernelPlan.merged``) takes no
        pass: the pass before computes them (:meth:`_pass_steps`)."""
        plan = self.kernel.phases
        k = self.kernel
        done: set[Unit] = set()
        k.loaded = set(loaded or ())
        self._emit_kept(0, phase)
        p = 0  # the pass of the level: its SPLIT phase
        for level in range(1, plan.depth + 1):
            merged = level in k.plan.merged and not k.resident
            p += 0 if merged else 1
            reductions, needed, pairs, extra = self._pass_of(level, done)
            if phase is not None and p < phase:
                for r in reductions:
                    if r in k.plan.online:
                        k.acc.combine_online(r, k.plan.online[r])
                    else:
                        k.acc.combine_partials(r)
                self._emit_kept(level, phase)
                continue
            if merged:  # computed by the pass before, with its max
                self._emit_kept(level, phase)
                continue
            if k.resident:
                self._emit_all(needed)
                done.update(needed)
                for r in reductions:
                    k.acc.reduce_resident(r)
            else:
                ahead = level == 1 and phase is None and self._ahead is not None
                with contextlib.ExitStack() as stack:
                    if ahead:  # the previous row's output pass ran it (_first_pass_ahead)
                        assert k.prefetch_on is not None and k.cache_full is not None
                        ran = self.b.select(k.prefetch_on, k.cache_full, k.prefetch_on)
                        wb = stack.enter_context(self.b.when(self.b.cmp("eq", ran, 0, name="not_ahead")))
                        stack.enter_context(k.building(wb))
                    self._pass_begin(reductions, pairs)
                    with self._chunks(needed + extra, reductions):
                        self._emit_all(needed)
                        self._pass_steps(reductions, pairs, extra)
                online = {m for _s, m in pairs}
                for r in reductions:
                    if r not in online:
                        k.acc.cascade_end(r)
                for s, _m in pairs:
                    k.acc.cascade_end(s)
                if phase == p:
                    for r in reductions:
                        if r not in online:
                            k.acc.write_partial(r)
                    for s, m in pairs:
                        k.acc.write_online_partials(m, s)
                    return
                for r in reductions:
                    if r not in online:
                        k.acc.acc_end(r)
                for s, m in pairs:
                    k.acc.online_end(m, s)
            self._emit_kept(level, phase)
        stores = [u for u in self.kernel.units if isinstance(u, StoreOp) and u in plan.varying]
        needed = self._needed([s.results[0] for s in stores], done)
        if not needed:
            return
        if self.kernel.resident:
            self._emit_all(needed)
        else:
            with self._chunks(needed, prefetch=self.kernel.row_cached is not None):
                self._output_chunk(needed)

    def _pass_of(
        self, level: int, done: set[Unit]
    ) -> tuple[list[ReduceNode], list[Unit], list[tuple[ReduceNode, ReduceNode]], list[Unit]]:
        """Level ``level``'s reductions, the units they need, its online (sum, max) pairs
        (``KernelPlan.online``: outside the RESIDENT schedule, the sums join the max's pass)
        and the units only those sums need."""
        k = self.kernel
        reductions = [u for u in k.units if isinstance(u, ReduceNode) and k.phases.level[u] == level]
        needed = self._needed([r.x for r in reductions], done)
        if k.resident:
            return reductions, needed, [], []  # type: ignore[return-value]
        pairs = [(s, m) for s, m in k.plan.online.items() if m in reductions]
        extra = self._needed([s.x for s, _m in pairs], done | set(needed)) if pairs else []
        return reductions, needed, pairs, extra  # type: ignore[return-value]

    def _pass_begin(self, reductions: list[ReduceNode], pairs: list[tuple[ReduceNode, ReduceNode]]) -> None:
        online = {m for _s, m in pairs}
        for r in reductions:
            if r not in online:
                self.kernel.acc.acc_begin(r)
        for s, m in pairs:
            self.kernel.acc.online_begin(m, s)

    def _pass_steps(
        self, reductions: list[ReduceNode], pairs: list[tuple[ReduceNode, ReduceNode]], extra: list[Unit]
    ) -> None:
        """A pass's chunk after its units: each reduction's step; a max with online sums
        (``KernelPlan.online``) a running max, the sums' units (``extra``) against it."""
        online = {m for _s, m in pairs}
        for r in reductions:
            if r not in online:
                self.kernel.acc.acc_step(r)
        for s, m in pairs:  # one a level (online_sums)
            self.kernel.acc.online_step(m, s, lambda: self._emit_all(extra))

    def _output_chunk(self, needed: list[Unit]) -> None:
        """The output pass's units on one chunk. A unit written over a cached load's chunk
        (``KernelPlan.in_place``: the pass before computed it there) and what only it needs
        run only on a chunk beyond the row cache."""
        k = self.kernel
        redo: list[Unit] = []
        if k.chunk_cached is not None:
            for u in k.in_place:
                if u in needed:
                    redo += [v for v in self._needed([u.results[0]], set(redo)) if v in needed]
        if not redo:
            self._emit_all(needed)
            return
        assert k.chunk_cached is not None
        with self.b.when(self.b.cmp("eq", k.chunk_cached, 0, name="recomputed")) as wb, k.building(wb):
            self._emit_all(sorted(redo, key=k.order.__getitem__))
        self._emit_all([u for u in needed if u not in redo])

    def _emit_kept(self, level: int, phase: int | None) -> None:
        units = [
            u
            for u in self.kernel.units
            if self.kernel.phases.unit_key(u) == (level, False) and not isinstance(u, ReduceNode)
        ]
        if phase is None:
            self._emit_all(units)
            return
        self._emit_all([u for u in units if not isinstance(u, StoreOp)])
        stores = [u for u in units if isinstance(u, StoreOp)]
        if stores and phase == self.kernel.plan.passes + 1:  # one part stores the kept values
            assert self.kernel.part is not None
            with self.b.when(self.b.cmp("eq", self.kernel.part[0], 0)) as wb, self.kernel.building(wb):
                self._emit_all(stores)

    def combine_only(self, phase: int) -> bool:
        """SPLIT phase ``phase`` only combines the partials for the kept stores (the last
        phase of a kernel storing no varying value): part 0 of each work item does it."""
        varying = any(isinstance(u, StoreOp) and u in self.kernel.phases.varying for u in self.kernel.units)
        return phase > self.kernel.plan.passes and not varying

    def split_kernel(self, k: BodyBuilder) -> None:
        """The SPLIT schedule in one launch: phase ``phase`` (1 to depth + 1) of every block,
        a ``SyncAll`` between phases (the partials a phase writes are read by every core in
        the next). A combining phase (:meth:`combine_only`) runs on as many blocks as there
        are work items; the others only take part in the barriers.

        The row cache (host tiling's ``row_cache``): the first ``C`` chunks of the block's
        parts, in the order it runs them, of the loads that several passes read
        (``KernelPlan.cached_loads``) have places of their own, as in the STREAMING schedule (:meth:`_streamed_rows`); the
        phase that first reads one loads it there, the later phases read it there -- a
        SyncAll drains every pipe but leaves the UB as it is."""
        kern = self.kernel
        carried: set[LoadOp] = set()  # the cached loads an earlier phase made
        if kern.caches:
            kern.cache_chunks = k.tiling_get(kern.tiling, "row_cache", name="cache_chunks")
            kern.row_cached = k.cmp("ne", kern.cache_chunks, 0, name="row_cached")
        try:
            for phase in range(1, kern.plan.passes + 2):
                if phase > 1:
                    k.sync_all()
                self.split_body(k, phase, carried)
                carried |= kern.loaded
        finally:
            kern.row_cached = kern.cache_chunks = kern.chunk_cached = None

    def split_body(self, k: BodyBuilder, phase: int, loaded: set[LoadOp] | None = None) -> None:
        """SPLIT phase ``phase``: the work items' parts in one sequence, item by item (part
        ``j`` of item ``w`` is unit ``w * parts + j``); block ``i`` runs units ``[i * group,
        (i + 1) * group)`` one after the other (``split_group``: more units than cores run
        in one wave, a block's run may cross from one item into the next -- 64 rows on 56
        cores are not 32 blocks of two rows -- each part still its own partial). A combining
        phase (:meth:`combine_only`) runs the work items on the first ``split_items``
        blocks, ``block_dim`` apart, each as part 0."""
        kern = self.kernel
        parts = k.tiling_get(kern.tiling, "split_parts")
        per_part = k.tiling_get(kern.tiling, "split_chunks")
        items = k.tiling_get(kern.tiling, "split_items")
        block = k.block_idx()
        if self.combine_only(phase):
            stride = k.tiling_get(kern.tiling, "block_dim")
            kern.first = block
            with k.loop(block, items, stride, "item") as (ib, w), kern.building(ib):
                kern.part, kern.part_place = (ib.v(0), parts, per_part), None
                kern.t = w
                self._enter_work_item(w)
                self._work_item(phase, loaded)
            return
        group = k.tiling_get(kern.tiling, "split_group")
        first = k.mul(block, group, name="first_unit")
        last = k.min(k.add(first, group), k.mul(items, parts), name="last_unit")
        kern.first = k.floordiv(first, parts, name="first_item")
        # the chunks' events last across the block's parts: the next part's first loads
        # overlap this part's last chunks, its partial and its accumulators' reset
        events = self._chunk_events(k) if kern.slots is not None else None
        self._events = events
        with k.loop(first, last, 1, "unit") as (pb, u), kern.building(pb):
            w = pb.floordiv(u, parts, name="item")
            kern.t = w
            self._enter_work_item(w)
            kern.part = (pb.sub(u, pb.mul(w, parts), name="part"), parts, per_part)
            # the row cache's places: the block's parts' chunks in one sequence
            kern.part_place = pb.mul(pb.sub(u, first), per_part, name="part_place")
            self._work_item(phase, loaded)
            # the next part's accumulators are written by the vector pipe while this part's
            # partials may still be leaving them
            pb.sync("MTE3_V")
        kern.part_place, self._events = None, None
        if events is not None:
            self._release_chunk_events(k, events)

    def _needed(self, values: list[SSAValue], done: set[Unit]) -> list[Unit]:
        return needed_units(values, self.kernel.order, self.kernel.phases, done)

    @contextmanager
    def _chunks(
        self, needed: list[Unit], reductions: Sequence[ReduceNode] = (), prefetch: bool = False
    ) -> Iterator[None]:
        """A pass over the reduced extent of the work item computing ``needed``, one chunk
        per iteration: one coordinate of the reduced outer positions times (when the inner
        axis is reduced) one tile of the inner axis. With chunk blocks
        (``KernelPlan.chunk_blocks``) the chunks come ``rows`` at a time (:meth:`_chunk_blocks`).

        With the row cache, the first pass reading a load the previous row's output pass
        prefetched waits for those copies once, before its chunks; ``prefetch`` (the output
        pass): after each chunk, that chunk of the next row's prefetched loads is copied into
        its place, as soon as the vector pipe is done with it (:meth:`_prefetch`)."""
        plan, outer_b = self.kernel.phases, self.b
        saved = (self.kernel.start, self.kernel.count)
        lo, hi = outer_b.v(0), self._chunk_count(outer_b)
        if self.kernel.part is not None:  # SPLIT: this core's part of the chunks
            index, _parts, per_part = self.kernel.part
            lo = outer_b.mul(index, per_part, name="part_first")
            hi = outer_b.min(outer_b.add(lo, per_part), hi, name="part_last")
        if self.kernel.plan.chunk_blocks:
            with self._chunk_blocks(lo, hi, needed, reductions):
                yield
            return
        # double-buffered (the main kernel's passes and the SPLIT phases'): chunk c's copies
        # use slot c % slots (c: the chunk's index in the run) of every double buffer, handed
        # between the pipes by one event per slot, as _pipelined_tiles does -- the next
        # chunk's loads overlap this one's compute
        slotted = self.kernel.slots is not None
        lasting = self._events  # the rows' or the SPLIT run's events (_streamed_rows, split_body)
        if lasting is not None:
            events = lasting
        else:
            events = self._chunk_events(outer_b) if slotted else {}
        kinds = tuple(events)
        k = self.kernel
        arriving = [u for u in needed if u in k.prefetched and u not in k.loaded]
        if arriving and k.prefetch_on is not None:  # the previous row's output pass copied them
            with outer_b.when(k.prefetch_on) as wb:
                wb.sync("MTE2_V")
        ahead_on = None
        if prefetch and self._ahead is not None:  # the next row's first pass starts here
            assert k.cache_full is not None
            nxt = outer_b.add(k.t, 1, name="next_row")
            whole_row = outer_b.select(k.cache_full, outer_b.cmp("slt", nxt, self._last), k.cache_full)
            ahead_on = outer_b.select(k.row_cached, whole_row, k.row_cached, name="ahead")
            with outer_b.when(ahead_on) as wb, k.building(wb):
                self._pass_begin(self._ahead.reductions, self._ahead.pairs)
        with outer_b.loop(lo, hi, 1, "ch") as (cb, c), self.kernel.building(cb):
            self.kernel.in_chunks, self.kernel.chunk_single_mte = True, False
            whole = dict(self.kernel.values)
            try:
                self.kernel.chunks_done = cb.add(cb.sub(c, lo), 1, name="chunks_done")
                ev: dict[str, SSAValue] = {}
                if slotted:
                    assert self.kernel.slots is not None
                    # the chunk's index in the run: a SPLIT block's parts are one run (their
                    # events last across them), so its slot and cache place follow on
                    own = cb.sub(c, lo)
                    if k.part_place is not None:
                        own = cb.add(own, k.part_place)
                    slot = cb.rem(own, self.kernel.slots, name="chunk_slot")
                    even = cb.cmp("eq", slot, 0)
                    ev = {e: cb.select(even, ids[0], ids[1], name=f"ev_ch_{e.lower()}") for e, ids in events.items()}
                    for e in kinds:
                        cb.wait_flag(e, ev[e])
                    place = None
                    if k.row_cached is not None:  # a cached load's chunk: its own place
                        place = self._place(cb, own, slot)
                    self._slot_views(cb, slot, whole, varying_only=True, cached=place)
                q = c
                if plan.inner_reduced:
                    q = cb.floordiv(c, self.kernel.tiles_per_row)
                    self._chunk_of_inner(cb, cb.sub(c, cb.mul(q, self.kernel.tiles_per_row)))
                self._decode(q, plan.reduced_outer, "r")
                yield
                self.kernel.loaded.update(u for u in needed if isinstance(u, LoadOp))
                if prefetch and k.prefetched:
                    self._prefetch(cb, q)
                if ahead_on is not None:
                    self._ahead_step(cb, c, lo, ahead_on, whole)
                for e, flag in ev.items():
                    cb.set_flag(e, flag)
                if not slotted or self.kernel.chunk_single_mte:  # a chunk's copy touched a one-slot buffer
                    cb.sync("MTE3_V")
                    cb.sync("V_MTE2")
            finally:
                self.kernel.in_chunks = False
                self.kernel.start, self.kernel.count = saved
                self.kernel.values = whole
        if ahead_on is not None:  # the last chunk's first pass, once it has arrived
            with outer_b.when(outer_b.select(ahead_on, outer_b.cmp("sgt", hi, lo), ahead_on)) as wb, k.building(wb):
                self._ahead_chunk(wb, wb.sub(hi, 1), lo, dict(k.values))
        if lasting is None:
            self._release_chunk_events(outer_b, events)

    def _ahead_step(
        self, cb: BodyBuilder, c: SSAValue, lo: SSAValue, ahead_on: SSAValue, whole: dict[SSAValue, SSAValue]
    ) -> None:
        """After chunk ``c``'s prefetch: its arrival signalled (MTE2_V, one event per parity),
        and the next row's first pass on chunk ``c - 1``, whose copy was issued one chunk
        earlier -- the vector pipe never waits for the copy it just issued."""
        k = self.kernel
        with cb.when(ahead_on) as wb, k.building(wb):
            arr = self._arrival(wb, c, lo)
            wb.set_flag("MTE2_V", arr)
            with wb.when(wb.cmp("sgt", c, lo)) as pb, k.building(pb):
                self._ahead_chunk(pb, pb.sub(c, 1), lo, whole)

    def _arrival(self, b: BodyBuilder, c: SSAValue, lo: SSAValue) -> SSAValue:
        assert self._ahead is not None
        ids = self._ahead.arrivals
        return b.select(b.cmp("eq", b.rem(b.sub(c, lo), 2), 0), ids[0], ids[1], name="ev_ahead")

    def _ahead_chunk(self, b: BodyBuilder, j: SSAValue, lo: SSAValue, whole: dict[SSAValue, SSAValue]) -> None:
        """The next row's first pass on its chunk ``j`` (arrived: its MTE2_V waited), at the
        next row's coordinates, on ``j``'s place of the row cache."""
        k = self.kernel
        assert self._ahead is not None and k.slots is not None
        ahead = self._ahead
        b.wait_flag("MTE2_V", self._arrival(b, j, lo))
        saved = (k.start, k.count, list(k.coords), dict(k.values), k.chunks_done, k.in_chunks)
        try:
            k.in_chunks = True
            self._decode(b.add(k.t, 1), k.phases.kept_outer, "a")
            self._chunk_of_inner(b, j)
            k.chunks_done = b.add(b.sub(j, lo), 1, name="ahead_done")
            k.values = dict(whole)
            place = b.sub(j, lo)  # the whole row is cached: chunk j's own place
            self._slot_views(b, b.rem(place, k.slots), whole, varying_only=True, cached=place)
            self._emit_all([u for u in ahead.needed if not isinstance(u, LoadOp)])  # the loads: prefetched
            self._pass_steps(ahead.reductions, ahead.pairs, ahead.extra)
        finally:
            k.start, k.count, coords, k.values, k.chunks_done, k.in_chunks = saved
            k.coords = coords

    def _place(self, b: BodyBuilder, c: SSAValue, slot: SSAValue) -> SSAValue:
        """The place of chunk ``c`` (from the pass's first) in a cached load's buffer, and
        whether it is cached (``chunk_cached``): its own place ``c`` for the first
        ``cache_chunks``, else one of ``slots`` places after them in turn (chunk ``c`` takes
        the place of chunk ``c - slots``, as the slot of a double buffer); without the row
        cache, its slot."""
        k = self.kernel
        assert k.row_cached is not None and k.cache_chunks is not None and k.slots is not None
        own = b.cmp("slt", c, k.cache_chunks)
        k.chunk_cached = b.select(k.row_cached, own, k.row_cached, name="chunk_cached")
        turn = b.add(k.cache_chunks, b.rem(b.sub(c, k.cache_chunks), k.slots))
        cached = b.select(own, c, turn)
        return b.select(k.row_cached, cached, slot, name="chunk_place")

    def _prefetch(self, cb: BodyBuilder, q: SSAValue) -> None:
        """This chunk of the next work item's prefetched loads (the row cache), into this
        chunk's place once the vector pipe is done with it (V_MTE2; MTE3 too where a loaded
        buffer is also stored): the next row's copies overlap this row's stores and compute.
        The next row's first pass waits for them once (:meth:`_chunks`)."""
        k = self.kernel
        assert k.chunk_cached is not None
        nxt = cb.add(k.t, 1, name="next_row")
        with cb.when(cb.select(k.chunk_cached, cb.cmp("slt", nxt, self._last), k.chunk_cached)) as wb, k.building(wb):
            wb.sync("V_MTE2")
            if self._copied_both_ways():
                wb.sync("MTE3_MTE2")
            coords = list(k.coords)
            self._decode(nxt, k.phases.kept_outer, "n")
            self._decode(q, k.phases.reduced_outer, "r")
            for u in sorted(k.prefetched, key=k.order.__getitem__):
                k.copies.load_tile(u, u.result_tensor(), signal=False)
            k.coords = coords

    @contextmanager
    def _chunk_blocks(
        self, lo: SSAValue, hi: SSAValue, needed: list[Unit], reductions: Sequence[ReduceNode]
    ) -> Iterator[None]:
        """Chunks ``[lo, hi)`` of a reduction over one outer axis (its coordinates) in
        blocks: each block's loads in one DataCopyPad per GM tensor along the axis, then its
        chunks in order -- the pass's body on their views, each combining into the
        accumulators as a chunk of its own (so the cascade sees the same sequence) -- then
        the block's stores.

        The row-multiplied buffers hold ``rows`` rows: with two or more, each block is half
        of them and the halves are two slots -- the next block's loads are issued before
        this block's chunks (its arrival a per-slot MTE2_V event, the slot's reuse a per-slot
        V_MTE2 event), so the copies overlap the combines; with one row a block is loaded
        after the previous one's chunks."""
        k = self.kernel
        axis = k.plan.block_pos
        assert axis is not None and k.rows is not None
        b = self.b
        two = b.cmp("sge", k.rows, 2, name="two_slots")
        half = b.max(b.floordiv(k.rows, 2), 1, name="block_chunks")
        freed = [b.alloc_event("V_MTE2", f"ev_free_{i}") for i in range(2)]
        arrived = [b.alloc_event("MTE2_V", f"ev_in_{i}") for i in range(2)]
        for e in freed:
            b.set_flag("V_MTE2", e)
        whole = dict(k.values)

        def enter(bb: BodyBuilder, first: SSAValue) -> tuple[SSAValue, SSAValue, RowBlock]:
            """Block at chunk ``first``: its slot's events and the slot's regions in ``k.values``."""
            slot = bb.select(two, bb.rem(bb.floordiv(bb.sub(first, lo), half), 2), 0, name="slot")
            even = bb.cmp("eq", slot, 0)
            k.values = dict(whole)
            for key, pitch in k.row_pitch.items():
                k.values[key] = bb.lslice(whole[key], bb.mul(bb.mul(slot, half), pitch), bb.mul(half, pitch))
            block = RowBlock(first, bb.min(half, bb.sub(hi, first), name="block_rows"))
            k.row_block = block
            k.coords[axis] = first
            return bb.select(even, freed[0], freed[1]), bb.select(even, arrived[0], arrived[1]), block

        def load(bb: BodyBuilder, first: SSAValue) -> None:
            free, ready, block = enter(bb, first)
            block.prefetched = True
            bb.wait_flag("V_MTE2", free)
            for u in needed:
                if isinstance(u, LoadOp):
                    k.emit_unit(u)
            bb.set_flag("MTE2_V", ready)
            k.row_block = None

        with k.building(b):
            with b.when(b.cmp("slt", lo, hi)) as pb, k.building(pb):
                load(pb, lo)
            with b.loop(lo, hi, half, "cb") as (bb, first), k.building(bb):
                nxt = bb.add(first, half, name="next_block")
                more = bb.cmp("slt", nxt, hi)
                with bb.when(bb.select(two, more, two)) as wb, k.building(wb):
                    load(wb, nxt)
                free, ready, block = enter(bb, first)
                bb.wait_flag("MTE2_V", ready)
                block.phase = "rows"
                regions = dict(k.values)
                with bb.loop(0, block.rows, 1, "row") as (rb, r), k.building(rb):
                    c = rb.add(first, r, name="ch")
                    k.in_chunks = True
                    try:
                        k.chunks_done = rb.add(rb.sub(c, lo), 1, name="chunks_done")
                        self._enter_row(rb, c, r, regions)
                        yield
                        if block.drain:
                            rb.sync("MTE3_V")
                    finally:
                        k.in_chunks = False
                bb.drop_dead_last()  # no row had work of its own (the row sums below)
                for red in reductions:  # the sums of the block's rows, in registers
                    if k.acc.sums_rows(red):
                        k.acc.acc_rows(red, regions[red.x], block.rows, bb.sub(first, lo))
                k.values = regions
                k.coords[axis] = first
                block.phase = "store"
                if block.deferred:
                    bb.sync("V_MTE3")
                    for store in list(block.deferred):
                        k.emit_unit(store)
                    bb.sync("MTE3_V")  # the next block's rows rewrite what was stored
                bb.set_flag("V_MTE2", free)
                k.row_block = None
                one = bb.cmp("slt", k.rows, 2)
                with bb.when(bb.select(one, more, one)) as wb, k.building(wb):
                    load(wb, nxt)
        k.values = whole
        for e in freed:
            b.wait_flag("V_MTE2", e)
            b.release_event("V_MTE2", e)
        for e in arrived:
            b.release_event("MTE2_V", e)

    def _chunk_count(self, b: BodyBuilder) -> SSAValue:
        """Chunks of one pass over a work item's reduced extent."""
        count = b.v(1)
        for p in self.kernel.phases.reduced_outer:
            count = b.mul(count, self.kernel.sym(self.kernel.plan.outer[p][1]))
        if self.kernel.phases.inner_reduced:
            count = b.mul(count, self.kernel.tiles_per_row, name="chunks")
        return count

    def _emit_all(self, units: list[Unit]) -> None:
        """The units in order; a store waits for the vector work before it (V_MTE3) -- again
        when compute was emitted after an earlier store (stores interleave with compute when a
        later output's computation follows an earlier output's store)."""
        computed = True  # vector work not yet waited for by PIPE_MTE3
        block = self.kernel.row_block
        for unit in units:
            if block is not None and unit in block.hoisted:
                continue  # computed before the block's rows
            if isinstance(unit, StoreOp) and block is not None and block.defers(self.kernel.values[unit.x]):
                pass  # stored after the block's rows
            elif isinstance(unit, StoreOp):
                if computed:
                    self.b.sync("V_MTE3")
                    computed = False
            else:
                computed = True
            self.kernel.emit_unit(unit)
