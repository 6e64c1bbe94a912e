"""Host tiling of one graph's kernel (``AutofuseTiling``): the sizes checked, the tile the
UB holds (double-buffered where it pays), the tiles per core, the schedule key (resident /
streaming / split over cores) and the workspace of the split's partials. It reads the
kernel plan (``lowering.plan``) and what the kernels recorded while they were built (their
buffers, the size expressions they evaluate); it writes the tiling struct fields the
kernels read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import SSAValue

from ascendc_emitter.builder import BodyBuilder, KernelModuleBuilder, i64
from ascendc_emitter.dialect.types import element_bytes
from ascendc_emitter.target.costs import (
    LAUNCH_SECONDS_PER_BLOCK,
    LOAD,
    LOAD_SMALL,
    LOAD_SMALL_ELEMENTS,
    MTE2_HEAD,
    MTE3_HEAD,
    STORE,
    VF_HEAD,
    DmaCost,
    VecCost,
    vector_cost,
)
from ascendc_emitter.target.ops import op_entry, reduction
from ascendc_emitter.target.platform import ASCEND_950
from ascendc_emitter.target.registers import VECTOR_BYTES
from ascendc_emitter.target.support import LIMITS
from ascir_dialect.attributes import ScalarType, TensorType
from ascir_dialect.ops import AscirNode, GraphOp, VfOp
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.memory import LoadOp, StoreOp
from ascir_dialect.ops.reduce import ReduceNode
from ascir_dialect.ops.sources import IndexExprOp
from ascir_dialect.symbolic import SizeExpr
from lowering.cascade import LEVELS, cascade_base
from lowering.exprs import ExprLowering
from lowering.plan import (
    MAX_INNER_PARTS,
    MAX_STRIDED_TILE,
    MAX_TILE,
    MIN_DOUBLE_TILE,
    MIN_SPLIT_TILE,
    RESIDENT,
    ROW_BUFFER_BYTES,
    SPLIT,
    SPLIT_MIN_PART,
    STREAMING,
    TILE_ALIGN,
    WORKSPACE_ALIGN,
    Buffer,
    KernelPlan,
    Unit,
    accumulator_dtype,
    fixed_bytes,
    inner_full,
    needed_units,
    per_repeat_bytes,
    work_bytes,
)
from lowering.size_checks import lower_graph_checks
from passes.phases import PhasePlan


def tiling_fields(
    index_exprs: int,
    reductions: list[ReduceNode],
    cascaded: set[ReduceNode],
    double_buffer: bool,
    split: bool,
    row_blocks: bool = False,
    row_cache: bool = False,
) -> list[tuple[str, IntegerType]]:
    """The fields of the tiling struct host tiling writes and the kernels read."""
    fields = [("tile", i64), ("tiles_per_row", i64), ("total_tiles", i64), ("per_block", i64)]
    if row_blocks:
        fields += [("rows", i64)]
    fields += [(f"ie_{i}", i64) for i in range(index_exprs)]
    if double_buffer:
        fields += [("slots", i64)]
    if row_cache:
        fields += [("row_cache", i64), ("load_slots", i64)]
    if split:
        fields += [("split_parts", i64), ("split_chunks", i64), ("split_group", i64), ("split_items", i64)]
        fields += [(f"ws_{i}", i64) for i in range(len(reductions))]
    if cascaded:
        fields += [("sum_base", i64)]
    if cascaded and split:
        fields += [("split_top", i64)]
    return fields


@dataclass
class HostTiling:
    """The host tiling of one kernel module (``GraphLowering`` builds it after the kernels)."""

    graph: GraphOp
    plan: KernelPlan
    phases: PhasePlan
    kernel_buffers: list[list[Buffer]]
    """Each kernel's UB buffers: the tile is the largest every kernel's buffers fit."""
    kernel_exprs: dict[SizeExpr, str]
    """Size expressions the kernels evaluate: checked here for overflow first."""
    index_exprs: list[IndexExprOp]
    reductions: list[ReduceNode]
    cascaded: set[ReduceNode]
    double_buffer: bool
    split: bool
    """Whether the SPLIT schedule exists (graphs with reductions, not SK-like stages)."""
    row_cache: bool = False
    """Whether the STREAMING schedule may keep a row's cached loads in UB (``GraphLowering.row_cache``)."""
    core_num: SSAValue | None = field(default=None, init=False)
    pinned: ClassVar[tuple[int, int] | None] = None
    """(slots, rows) a row-block kernel takes instead of the model's choice (still within the
    UB and the copy limits): set only by ``bench/tiling_regret.py``'s exhaustive search."""

    def build(self, kb: KernelModuleBuilder) -> None:
        """Write the host tiling function into ``kb``."""
        plan, phases = self.plan, self.phases
        with kb.host() as (h, sizes, core_num, ub_size):
            self.core_num = core_num
            by_name = dict(zip(self.graph.size_names, sizes, strict=True))
            sym = ExprLowering(h, lambda s: by_name[s])
            for name, v in by_name.items():
                h.fail_if(h.cmp("slt", v, 1), 2, f"size {name} must be >= 1")
                h.set_size(name, v)
            lower_graph_checks(h, sym, self.graph)  # sizes, strides, offsets, extents, Arange, IndexExpr
            sym.check_recorded(self.kernel_exprs)  # and whatever else the kernels evaluate
            inner = sym(plan.inner[1], "inner")
            rows = h.const(1)
            for pos in phases.kept_outer:
                rows = h.mul(rows, sym(plan.outer[pos][1]))

            def fit(double: bool) -> SSAValue:
                """The largest tile the UB holds (``double``: with both slots of the double
                buffers), cut so that every core works when there are fewer rows than cores."""
                fixed = max(fixed_bytes(b, double) for b in self.kernel_buffers)
                budget = h.sub(h.cast(ub_size, i64), fixed, name="budget")
                per_repeat = max(1, *(per_repeat_bytes(b, double) for b in self.kernel_buffers))
                elements = h.floordiv(h.mul(budget, VECTOR_BYTES), per_repeat)
                tile = h.mul(h.floordiv(elements, TILE_ALIGN), TILE_ALIGN, name="tile_fit")
                wanted = h.mul(h.ceildiv(inner, TILE_ALIGN), TILE_ALIGN, name="tile_wanted")
                tile = h.min(h.min(tile, wanted), MAX_STRIDED_TILE if plan.strided else MAX_TILE, name="tile")
                if not phases.inner_reduced:  # fewer rows than cores: cut the rows so that every core works
                    cores = h.cast(core_num, i64)
                    per_row = h.ceildiv(cores, h.min(rows, cores))
                    share = h.mul(h.ceildiv(h.ceildiv(inner, per_row), TILE_ALIGN), TILE_ALIGN)
                    tile = h.min(tile, h.max(share, MIN_SPLIT_TILE), name="tile_split")
                return tile

            tile = fit(False)
            args = (h, sym, rows, inner, core_num, ub_size)
            per: SSAValue | None = None  # rows per row block
            if self.double_buffer:
                # two slots only where they can overlap anything -- a core with more than one
                # tile at single buffering -- and the halved tile is not too small to pay
                single_tiles = h.mul(rows, h.ceildiv(inner, h.max(tile, 1)))
                single_per_core = h.ceildiv(single_tiles, h.min(h.cast(core_num, i64), single_tiles))
                doubled = fit(True)
                several = h.cmp("sgt", single_per_core, 1)
                # a resident row is one tile whatever its length: two slots wherever the row
                # still fits whole with them (a halved tile would make it stream); a row that
                # streams anyway (longer than one slot's tile) streams double-buffered
                enough = h.cmp("sge", doubled, MIN_DOUBLE_TILE)
                if plan.may_be_resident:
                    enough = h.select(h.cmp("sge", tile, inner), h.cmp("sge", doubled, inner), enough)
                two = h.select(several, enough, several)  # both
                if plan.block_pos is not None:
                    # row blocks: a slot holds a block of rows -- one slot or two, and the
                    # rows, by the copy costs of each, wherever a row is one tile either way
                    r1, c1 = self._rows_per_block(*args, tile, h.const(1))
                    r2, c2 = self._rows_per_block(*args, doubled, h.const(2))
                    whole = h.cmp("sge", doubled, inner)
                    cheaper = h.cmp("slt", c2, c1) if self.pinned is None else h.cmp("eq", self.pinned[0], 2)
                    cheaper = h.select(whole, cheaper, whole)
                    two = h.select(whole, cheaper, two)
                    per = h.select(two, r2, r1, name="rows")
                if plan.block_pos is None and phases.depth == 0:  # tiles of a long row: their size
                    doubled = self._pipelined_tile(h, doubled, inner, rows, core_num)
                tile = h.select(two, doubled, tile, name="tile_slots")
                slots = h.select(two, 2, 1, name="slots")
                h.set_tiling("slots", slots)
                if self.row_cache:  # chosen after the SPLIT decision, which weighs it
                    cache_tile, cache_chunks, cached = self._row_cache_tile(
                        h, tile, inner, ub_size, slots, core_num
                    )
            elif plan.block_pos is not None and not plan.chunk_blocks:
                per = self._rows_per_block(*args, tile, h.const(1))[0]
            h.fail_if(h.cmp("slt", tile, TILE_ALIGN), 1, "even the smallest tile does not fit the UB")
            tiles_per_row = h.ceildiv(inner, tile, name="tiles_per_row")
            total = rows if phases.inner_reduced else h.mul(rows, tiles_per_row, name="total_tiles")
            if plan.chunk_blocks:  # a pass's chunks: as many per copy as the UB holds
                _, _, legal = self._block_copies(h, sym, inner)
                most = self._rows_fit(h, sym, tile, h.const(1), ub_size)
                h.set_tiling("rows", h.select(legal, most, 1, name="rows"))
            if per is not None:
                h.set_tiling("rows", per)
                extent = sym(plan.outer[plan.block_pos][1])
                blocked = h.mul(h.floordiv(rows, extent), h.ceildiv(extent, per), name="row_blocks")
                total = blocked if phases.inner_reduced else h.mul(blocked, tiles_per_row, name="total_tiles")
            blocks = h.min(h.cast(core_num, i64), total, name="blocks")
            per_block = h.ceildiv(total, blocks, name="per_block")
            blocks = h.ceildiv(total, per_block, name="block_dim")
            for i, n in enumerate(self.index_exprs):
                h.set_tiling(f"ie_{i}", sym(n.expr.data))
            key: SSAValue = h.const(0)
            if plan.may_be_resident:  # the whole row in one tile: resident, else streaming
                one = h.cmp("eq", tiles_per_row, 1)
                key = h.select(one, RESIDENT, STREAMING, name="schedule")
            workspace: SSAValue = h.const(0)
            part: tuple[SSAValue, SSAValue, SSAValue] | None = None
            if self.split:
                cache = (ub_size, slots) if self.row_cache else None
                key, blocks, workspace, part, tile, tiles_per_row = self._split(
                    h, sym, total, tile, tiles_per_row, inner, key, blocks, cache
                )
            if self.row_cache:  # the STREAMING schedule's row cache: its tile
                on = h.select(cached, h.cmp("eq", key, STREAMING), cached, name="row_cached")
                tile = h.select(on, cache_tile, tile, name="tile_cached")
                chunks, row_chunks = h.select(on, cache_chunks, 0), h.ceildiv(inner, tile)
                if part is not None and phases.inner_reduced and not phases.reduced_outer:
                    # the SPLIT schedule's, where a part is a stretch of one row: its chunks
                    tile, chunks, row_chunks = self._split_cache(h, key, tile, inner, ub_size, slots, core_num, part, chunks)
                tiles_per_row = h.ceildiv(inner, tile, name="tiles_per_row_cached")
                places = h.select(h.cmp("sge", chunks, row_chunks), row_chunks, h.add(chunks, slots))
                h.set_tiling("row_cache", chunks)
                h.set_tiling("load_slots", h.select(h.cmp("sgt", chunks, 0), places, slots, name="load_slots"))
            for f, v in (
                ("tile", tile),
                ("tiles_per_row", tiles_per_row),
                ("total_tiles", total),
                ("per_block", per_block),
            ):
                h.set_tiling(f, v)
            if self.cascaded:  # the cascade's block for a pass's chunks (lowering.cascade)
                chunks = h.const(1)
                for pos in phases.reduced_outer:
                    chunks = h.mul(chunks, sym(plan.outer[pos][1]))
                if phases.inner_reduced:
                    chunks = h.mul(chunks, tiles_per_row)
                h.set_tiling("sum_base", cascade_base(h, chunks))
            h.set_tiling("tiling_key", key)
            h.set_tiling("block_dim", blocks)
            h.set_output("block_dim", blocks)
            h.set_output("workspace_size", workspace)

    def _rows_per_block(
        self,
        h: BodyBuilder,
        sym: ExprLowering,
        rows: SSAValue,
        inner: SSAValue,
        core_num: SSAValue,
        ub_size: SSAValue,
        tile: SSAValue,
        slots: SSAValue,
    ) -> tuple[SSAValue, SSAValue]:
        """Rows per row block (``KernelPlan.block_pos``) at ``tile`` and ``slots``, chosen by
        the 950's copy costs, and the modelled cycles of a core's copies with them.

        A block of ``R`` rows moves each GM tensor along the block axis in one DataCopyPad:
        ``R * row_bytes / (a + b / block_dim) + h`` cycles (``costs.LOAD``/``LOAD_SMALL``
        on MTE2, ``costs.STORE`` on MTE3: ATT's v35 tables), and the rows' vector work
        (:meth:`_vector_cycles`: the units the same in every row once per block). A core
        with ``n`` blocks takes ``load + vector + store + (n - 1) * max(load, vector, store)``
        double-buffered (a three-stage pipeline), ``n * (load + vector + store)`` with one
        slot. Candidates:
        powers of two up to the most rows the UB holds next to the other buffers (and the
        4095 blocks of one copy, and the axis), and that most; the cheapest wins, the larger
        on a tie. One row where a row is more than one tile, and where a store's rows would
        overlap in GM (its stride along the block axis is shorter than the row)."""
        tiles_per_row = h.ceildiv(inner, h.max(tile, 1))  # no tile at all: refused after the choice
        plan = self.plan
        assert plan.block_pos is not None
        extent = sym(plan.outer[plan.block_pos][1])
        most = self._rows_fit(h, sym, tile, slots, ub_size)
        loads, stores, legal = self._block_copies(h, sym, inner)
        legal = h.select(legal, h.cmp("eq", tiles_per_row, 1), legal)
        cores = h.min(h.cast(core_num, i64), rows)
        # the vector pipe: the units of every row, and once per block the ones the same in
        # every row (KernelPlan.row_invariant)
        hoisted = set(plan.row_invariant)
        per_row = self._vector_cycles(h, inner, [u for u in self.graph.top_level() if u not in hoisted])  # type: ignore[misc]
        per_block = self._vector_cycles(h, inner, plan.row_invariant)

        double = h.cmp("sgt", slots, 1)
        groups = h.floordiv(rows, extent)  # blocks of rows of the other kept axes
        # candidates 1, 2, 4, ..., 2048 and then the most (4096 > the 4095 blocks a copy has)
        inits = [h.const(1 if self.pinned is None else self.pinned[1]), h.const(1), h.const(2**62)]
        tries = 13 if self.pinned is None else 1
        with h.fold_many(0, tries, inits, "k", ["cand", "best", "best_cost"]) as (fb, _, (cand, best, cost0), out):
            r = fb.min(cand, most)
            load, store = fb.const(0), fb.const(0)
            for length, small in loads:
                nbytes = fb.mul(length, r)
                load = fb.add(load, fb.select(small, _copy_cycles(fb, nbytes, LOAD_SMALL, cores), _copy_cycles(fb, nbytes, LOAD, cores)))
            for length in stores:
                store = fb.add(store, _copy_cycles(fb, fb.mul(length, r), STORE, cores))
            per_core = fb.min(fb.ceildiv(fb.mul(groups, fb.ceildiv(extent, r)), cores), 1 << 24)
            compute = fb.add(per_block, fb.mul(per_row, r))
            cost = _pipeline(fb, per_core, load, compute, store, double)
            better = fb.cmp("sle", cost, cost0)
            out += [fb.mul(cand, 2), fb.select(better, r, best), fb.select(better, cost, cost0)]
        _, best, best_cost = h.folded_many
        return h.select(legal, best, 1), best_cost

    def _row_cache_tile(
        self,
        h: BodyBuilder,
        tile: SSAValue,
        inner: SSAValue,
        ub_size: SSAValue,
        slots: SSAValue,
        core_num: SSAValue,
        bufs: list[Buffer] | None = None,
        keep: Callable[[BodyBuilder, SSAValue], SSAValue] | None = None,
    ) -> tuple[SSAValue, SSAValue, SSAValue]:
        """The row cache's tile, its cached chunks ``C`` and whether it applies (a row that
        streams at ``tile``). Candidates: ``tile`` and its halves down to MIN_DOUBLE_TILE
        (and, given ``keep``, only those it holds for);
        at each, ``C`` is what the UB holds of the row (:meth:`_cached_chunks`, the main
        kernel's buffers) and the row costs :meth:`_passes_cycles` with ``C`` cached --
        against every pass loading all its chunks at ``tile`` without the cache. The cheapest
        candidate, if cheaper than that: a smaller tile pays more vector function heads, which
        a row bound by its vector work does not win back."""
        bufs = self.kernel_buffers[0] if bufs is None else bufs  # the main kernel's by default
        cores = h.cast(core_num, i64)
        chunks0 = h.ceildiv(inner, h.max(tile, 1))
        uncached = self._passes_cycles(h, tile, chunks0, h.const(0), cores)
        inits = [tile, tile, h.const(0), uncached]
        names = ["cache_cand", "cache_tile", "cache_chunks", "cache_cost"]
        with h.fold_many(0, 8, inits, "k", names) as (fb, _, (cand, best, best_c, cost0), out):
            chunks = fb.ceildiv(inner, fb.max(cand, 1))
            c = self._cached_chunks(fb, cand, chunks, ub_size, slots, bufs)
            cost = self._passes_cycles(fb, cand, chunks, c, cores)
            usable = fb.select(fb.cmp("sgt", c, 0), fb.cmp("sge", cand, MIN_DOUBLE_TILE), fb.cmp("sgt", c, 0))
            if keep is not None:
                usable = fb.select(usable, keep(fb, cand), usable)
            better = fb.select(usable, fb.cmp("slt", cost, cost0), usable)
            half = fb.max(fb.mul(fb.floordiv(cand, 2 * TILE_ALIGN), TILE_ALIGN), TILE_ALIGN)
            out += [half, fb.select(better, cand, best), fb.select(better, c, best_c), fb.select(better, cost, cost0)]
        _, best, best_c, _ = h.folded_many
        streams = h.cmp("sgt", chunks0, 1)
        on = h.select(streams, h.cmp("sgt", best_c, 0), streams, name="cache_fits")
        return best, best_c, on

    def _cache_tiles(self, b: BodyBuilder, tile: SSAValue, cache: tuple[SSAValue, SSAValue] | None) -> list[SSAValue]:
        """The tiles :meth:`_inner_parts` weighs a run at: ``tile``, and with the row cache
        (``cache`` given, a reduction over the inner axis alone) its halves down to
        MIN_DOUBLE_TILE, as :meth:`_row_cache_tile` chooses among them."""
        tiles = [tile]
        if cache is None or self.phases.reduced_outer:
            return tiles
        for _ in range(3):
            tiles.append(b.max(b.mul(b.floordiv(tiles[-1], 2 * TILE_ALIGN), TILE_ALIGN), b.min(tile, MIN_DOUBLE_TILE)))
        return tiles

    def _cached_chunks(
        self, b: BodyBuilder, tile: SSAValue, chunks: SSAValue, ub_size: SSAValue, slots: SSAValue, bufs: list[Buffer]
    ) -> SSAValue:
        """How many of a run's ``chunks`` chunks (at ``tile``) the row cache holds with
        ``bufs``: every one where they all fit the UB beside the other buffers, else as many
        as fit beside ``slots`` places for the chunks beyond (which every pass reads from GM)."""
        others, per_chunk = b.const(0), b.const(0)
        for buf in bufs:
            size = _buffer_bytes(b, buf, tile)
            if buf.cached:
                per_chunk = b.add(per_chunk, size)
            else:
                others = b.add(others, b.mul(size, slots) if buf.copies > 1 else size)
        room = b.floordiv(b.max(b.sub(b.cast(ub_size, i64), others), 0), b.max(per_chunk, 1))
        return b.select(b.cmp("sge", room, chunks), chunks, b.max(b.sub(room, slots), 0))

    def _passes_cycles(
        self, b: BodyBuilder, tile: SSAValue, chunks: SSAValue, cached: SSAValue, cores: SSAValue, segments: SSAValue | int = 1
    ) -> SSAValue:
        """A run of ``chunks`` chunks (a row, or a SPLIT block's parts) through every pass
        over the reduced extent, pass by pass the larger of its copies and its vector work
        (``plan.pass_units``: each chunk's units as ATT models them, :meth:`_vector_cycles`):
        the first pass loads every chunk, a later one the ``chunks - cached`` the row cache
        does not hold (ATT's DataCopy cost each, ``costs.LOAD``, on one of ``cores``). The
        run's ``segments`` (the parts of a SPLIT block: each pass loops over each on its
        own) each fill the two-stage pipeline once a pass: the shorter stage of one chunk.
        On a cached chunk the output pass does not recompute what the pass before it wrote
        over the chunk (``KernelPlan.in_place``)."""
        load_bytes = sum(n.result_tensor().dtype.nbytes for n in self.graph.nodes() if isinstance(n, LoadOp))
        copy = _copy_cycles(b, b.mul(tile, load_bytes), LOAD, cores)
        passes = self.plan.pass_units or [[]]
        total = b.const(0)
        for i, units in enumerate(passes):
            loaded = chunks if i == 0 else b.sub(chunks, cached)
            one = self._vector_cycles(b, tile, units)
            vector = b.mul(chunks, one)
            kept = self._in_place_kept(units) if i == len(passes) - 1 and self.row_cache else None
            if kept is not None:  # the cached chunks run only these
                vector = b.add(b.mul(cached, self._vector_cycles(b, tile, kept)), b.mul(b.sub(chunks, cached), one))
            fill = b.mul(b.min(b.select(b.cmp("sgt", loaded, 0), copy, 0), one), segments)
            total = b.add(total, b.add(b.max(b.mul(loaded, copy), vector), fill))
        return total

    def _in_place_kept(self, units: list[Unit]) -> list[Unit] | None:
        """The output pass's units on a cached chunk (``LoopNest._output_chunk``): without the
        units written over a cached load and what only they need; None where there are none."""
        order = {u: i for i, u in enumerate(self.graph.top_level())}
        redo: set[Unit] = set()
        for u in self.plan.in_place:
            if u in units:
                redo |= set(needed_units([u.results[0]], order, self.phases))  # type: ignore[arg-type]
        return [u for u in units if u not in redo] if redo else None

    def _pipelined_tile(
        self, h: BodyBuilder, most: SSAValue, inner: SSAValue, rows: SSAValue, core_num: SSAValue
    ) -> SSAValue:
        """The double-buffered tile of a graph without reductions or row blocks, by the 950's
        costs: candidates ``most`` (the largest two slots hold) and its halves down to
        MIN_DOUBLE_TILE, each a core's tiles through the three-stage pipeline of
        :func:`_pipeline` (every load and store one DataCopy of the tile, ATT's tables; the
        vector work as ATT models a vector function). Fewer, larger tiles pay fewer
        DataCopy heads; more, smaller ones fill and drain the pipeline faster."""
        cores = h.min(h.cast(core_num, i64), h.mul(rows, h.ceildiv(inner, h.max(most, 1))))
        copies = [
            (n.result_tensor().dtype.nbytes, isinstance(n, LoadOp), inner_full(n.result_tensor()))
            for n in self.graph.nodes()
            if isinstance(n, (LoadOp, StoreOp))
        ]
        units = [u for u in self.graph.top_level()]
        inits = [most, most, h.const(2**62)]
        with h.fold_many(0, 6, inits, "k", ["tile_cand", "tile_best", "tile_cost"]) as (fb, _, (cand, best, cost0), out):
            load, store = fb.const(0), fb.const(0)
            for nbytes, is_load, full in copies:
                size = fb.mul(cand, nbytes) if full else fb.const(nbytes)
                if is_load:
                    small = fb.cmp("sle", cand if full else fb.const(1), LOAD_SMALL_ELEMENTS)
                    load = fb.add(load, fb.select(small, _copy_cycles(fb, size, LOAD_SMALL, cores), _copy_cycles(fb, size, LOAD, cores)))
                else:
                    store = fb.add(store, _copy_cycles(fb, size, STORE, cores))
            tiles = fb.mul(rows, fb.ceildiv(inner, fb.max(cand, 1)))  # no tile at all: refused after
            per_core = fb.min(fb.ceildiv(tiles, cores), 1 << 24)
            cost = _pipeline(fb, per_core, load, self._vector_cycles(fb, cand, units), store, fb.cmp("eq", 0, 0))  # type: ignore[arg-type]
            better = fb.cmp("slt", cost, cost0)
            half = fb.max(fb.mul(fb.floordiv(cand, 2 * TILE_ALIGN), TILE_ALIGN), MIN_DOUBLE_TILE)
            out += [fb.min(half, cand), fb.select(better, cand, best), fb.select(better, cost, cost0)]
        return h.folded_many[1]

    def _rows_fit(self, h: BodyBuilder, sym: ExprLowering, tile: SSAValue, slots: SSAValue, ub_size: SSAValue) -> SSAValue:
        """The most rows a block may have: what the UB holds of the row-multiplied buffers
        next to the others at ``tile`` and ``slots`` (in every kernel of the module), the
        4095 blocks of one copy, the block axis."""
        plan = self.plan
        assert plan.block_pos is not None
        room: SSAValue | None = None
        for bufs in self.kernel_buffers:
            fixed, per_rows = h.const(0), h.const(0)
            for b in bufs:
                size = _buffer_bytes(h, b, tile)
                if b.copies > 1:
                    size = h.mul(size, slots)
                if b.rows:
                    per_rows = h.add(per_rows, size)
                else:
                    fixed = h.add(fixed, size)
            fit = h.floordiv(h.sub(h.cast(ub_size, i64), fixed), h.max(per_rows, 1))
            room = fit if room is None else h.min(room, fit)
        assert room is not None
        extent = sym(plan.outer[plan.block_pos][1])
        return h.max(h.min(h.min(room, extent), LIMITS["copy_block_count"].hi), 1, name="rows_fit")

    def _block_copies(
        self, h: BodyBuilder, sym: ExprLowering, inner: SSAValue
    ) -> tuple[list[tuple[SSAValue, SSAValue]], list[SSAValue], SSAValue]:
        """The copies of a row block -- (bytes per row, whether the block is ATT's small
        'LoadSmallBlk' of at most 256 elements) of each load, bytes per row of each store --
        and whether rows may share a copy: no store's rows overlap in GM (its stride along
        the block axis is at least a row)."""
        plan = self.plan
        assert plan.block_pos is not None
        loads: list[tuple[SSAValue, SSAValue]] = []
        stores: list[SSAValue] = []
        legal = h.cmp("eq", 0, 0)
        for n in plan.graph.nodes():
            if not isinstance(n, (LoadOp, StoreOp)) or not plan.along_block(n.result_tensor()):
                continue
            t = n.result_tensor()
            length = h.mul(inner, t.dtype.nbytes) if inner_full(t) else h.const(t.dtype.nbytes)
            if isinstance(n, LoadOp):
                loads.append((length, h.cmp("sle", inner, LOAD_SMALL_ELEMENTS) if inner_full(t) else legal))
            else:
                stores.append(length)
                step = h.mul(sym(t.strides[plan.block_pos]), t.dtype.nbytes)
                legal = h.select(legal, h.cmp("sge", step, length), legal)
        return loads, stores, legal

    def _vector_cycles(self, h: BodyBuilder, inner: SSAValue, units: list[Unit]) -> SSAValue:
        """The vector pipe's cycles for ``units`` on one row, as ATT models a vector function
        (``costs.VF_HEAD`` + the largest latency + the issue interval of every instruction
        per 256-byte repeat, ``costs.vector_cost``): each VF region one function, each
        other compute node one memory-level call (each runs as one on the 950); a VF's
        iterations also update its mask and store each output. Copies, syncs and scalar
        work are not counted: a lower bound."""
        fixed = 0.0
        issue: dict[int, float] = {}  # element bytes -> issue cycles per repeat of a row
        for u in units:
            members = list(u.members()) if isinstance(u, VfOp) else [u]
            latency = 0.0
            for n in members:
                row = _vector_row(n)
                if row is None:
                    continue
                t = n.out_type
                assert isinstance(t, TensorType)
                latency = max(latency, row.latency)
                hoisted = isinstance(u, VfOp) and isinstance(n, ew.BroadcastOp) and isinstance(n.x.type, ScalarType)
                if inner_full(t) and not hoisted:  # a scalar's register is built once (VfLowering._broadcast)
                    issue[t.dtype.nbytes] = issue.get(t.dtype.nbytes, 0.0) + row.throughput
                else:
                    fixed += row.throughput
            if isinstance(u, VfOp):  # per iteration: the mask and a StoreAlign per output
                loop = u.dtype.nbytes
                step = vector_cost("UpdateMask", u.dtype)
                issue[loop] = issue.get(loop, 0.0) + (step.throughput if step else 0.0)
                for r in u.results:
                    store = vector_cost("Store", r.type.dtype)  # type: ignore[attr-defined]
                    issue[loop] = issue.get(loop, 0.0) + (store.throughput if store else 0.0)
            if latency:
                fixed += VF_HEAD + latency
        total = h.const(round(fixed))
        for nbytes, cycles in sorted(issue.items()):
            repeats = h.ceildiv(h.mul(inner, nbytes), VECTOR_BYTES)
            total = h.add(total, h.mul(repeats, round(cycles)))
        return total

    def _torch_blocks(
        self, h: BodyBuilder, chunks: SSAValue, items: SSAValue, cores: SSAValue, row_bytes: SSAValue
    ) -> tuple[SSAValue, SSAValue]:
        """Rows per SPLIT part of an outer-axis float sum: a block of torch's cascade,
        ``base**k`` rows (k = 1..3). The one-core cascade adds such a block's rows into its
        level k - 1 and then that level into level k (``lowering.cascade``), so each part's
        partial is exactly the value it adds into level k, and the parts' combination --
        levels k..3, ``split_top`` = 3 - k of them above the first -- gives the one-core
        sum bit for bit, on any number of cores.

        The block is the one with the least modelled copying on the busiest core
        (``costs.LOAD``, ``STORE`` and the pipes' heads, ATT's v35 tables): in the first
        phase a core runs ``group`` parts one after the other (at most one block per core:
        the phases meet at a SyncAll, :func:`_sync_all_cycles`), each part loading
        ``base**k`` rows of ``row_bytes`` and storing its partial; after the barrier one
        block per work item loads the ``parts`` partials (rows of the same width) to combine
        them; the launch dispatches its blocks (``costs.LAUNCH_SECONDS_PER_BLOCK``). Ties go
        to the larger block (fewer partials).
        Returns (rows per part, parts per block) and sets ``split_top``."""
        base = cascade_base(h, chunks)
        blocks = [base]
        for _ in range(2, LEVELS):
            blocks.append(h.mul(blocks[-1], base))
        per_part, top, group = blocks[-1], h.const(0), h.const(1)
        heads = round(MTE2_HEAD + MTE3_HEAD)  # the pipes' starts, once per block
        per_block = round(LAUNCH_SECONDS_PER_BLOCK * ASCEND_950.clock_hz)  # a block's dispatch
        store = _copy_cycles(h, row_bytes, STORE, cores)  # a part's partial
        best: SSAValue | None = None
        for k in range(LEVELS - 1, 0, -1):  # largest first: a smaller block must be cheaper
            rows = blocks[k - 1]
            parts = h.ceildiv(chunks, rows)
            per = _parts_per_block(h, parts, items, cores, name=f"split_group_{k}")
            launched = _split_blocks(h, parts, items, per)
            used = h.max(h.min(launched, cores), 1)
            load = _copy_cycles(h, h.mul(h.min(rows, chunks), row_bytes), LOAD, used)
            combine = _copy_cycles(h, h.mul(parts, row_bytes), LOAD, used)
            first = h.add(heads, h.mul(per, h.add(load, store)))
            cost = h.add(h.add(first, _sync_all_cycles(h, used)), h.add(combine, store))
            cost = h.add(cost, h.mul(launched, per_block), name=f"split_cost_{k}")
            if best is None:
                best, group = cost, per
                continue
            cheaper = h.cmp("slt", cost, best)
            best = h.select(cheaper, cost, best)
            per_part = h.select(cheaper, rows, per_part)
            top = h.select(cheaper, LEVELS - 1 - k, top)
            group = h.select(cheaper, per, group)
        h.set_tiling("split_top", top)
        return per_part, group

    def _inner_parts(
        self,
        h: BodyBuilder,
        chunks: SSAValue,
        items: SSAValue,
        cores: SSAValue,
        elements: SSAValue,
        tile: SSAValue,
        cache: tuple[SSAValue, SSAValue] | None,
    ) -> tuple[SSAValue, SSAValue]:
        """Chunks per SPLIT part of a reduction over the inner axis, and its modelled cycles:
        of ``p = 1, 2, ...`` parts
        a work item (each at least ``SPLIT_MIN_PART`` elements, at most one tile of partials),
        the fewest modelled cycles on the busiest core. Unsplit (``p`` 1) a core runs its
        rows one after the other, each through every pass (:meth:`_passes_cycles`, the row
        cache holding what the main kernel's buffers leave room for, at the best of the
        tiles it may choose, :meth:`_cache_tiles`); split, its ``group``
        parts of ``ceil(chunks / p)`` chunks are one run through the phases (the SPLIT
        kernel's row cache holding the run's first chunks across them) and the phases meet
        at SyncAll (:func:`_sync_all_cycles`, one barrier a phase). Each chunk's loads are
        one DataCopy (``costs.LOAD``, ATT's v35 table); the block's pipes' heads and the
        dispatch of every block (``costs.LAUNCH_SECONDS_PER_BLOCK``) count once.
        ``cache``: (UB bytes, slots) where the row cache may be on. 64 rows on 56 cores: not
        32 blocks of two whole rows but parts of rows. Ties go to fewer parts."""
        most = h.max(h.min(h.min(chunks, h.ceildiv(elements, SPLIT_MIN_PART)), TILE_ALIGN), 1)
        inits = [h.const(1), h.const(2**62)]
        with h.fold_many(1, h.add(h.min(most, MAX_INNER_PARTS), 1), inits, "p", ["best", "best_cost"]) as (fb, p, (best, cost0), out):
            per_part, cost = self._parts_cost(fb, p, chunks, items, cores, elements, tile, cache)
            better = fb.cmp("slt", cost, cost0)
            out += [fb.select(better, per_part, best), fb.select(better, cost, cost0)]
        best, cost = h.folded_many
        return h.min(best, chunks, name="split_chunks"), cost

    def _parts_cost(
        self,
        fb: BodyBuilder,
        p: SSAValue,
        chunks: SSAValue,
        items: SSAValue,
        cores: SSAValue,
        elements: SSAValue,
        tile: SSAValue,
        cache: tuple[SSAValue, SSAValue] | None,
    ) -> tuple[SSAValue, SSAValue]:
        """:meth:`_inner_parts`'s candidate of ``p`` parts a work item: (chunks per part,
        modelled cycles of the busiest core)."""
        dispatch = round(LAUNCH_SECONDS_PER_BLOCK * ASCEND_950.clock_hz)
        heads = round(MTE2_HEAD + MTE3_HEAD)  # the pipes' starts, once per block
        barriers = self.plan.passes
        per_part = fb.ceildiv(chunks, p)
        parts = fb.ceildiv(chunks, per_part)
        group = _parts_per_block(fb, parts, items, cores)
        launched = _split_blocks(fb, parts, items, group)
        used = fb.max(fb.min(launched, cores), 1)
        split = fb.cmp("sgt", p, 1)
        runs = fb.select(split, 1, group)
        part_elements = fb.min(fb.mul(per_part, tile), elements)
        work: SSAValue | None = None
        for i, t in enumerate(self._cache_tiles(fb, tile, cache)):  # the row cache chooses its tile
            part_chunks = fb.ceildiv(part_elements, t)
            run = fb.mul(fb.select(split, group, 1), part_chunks)
            cached = fb.const(0)
            if cache is not None:
                ub_size, slots = cache
                main = self._cached_chunks(fb, t, run, ub_size, slots, self.kernel_buffers[0])
                parted = self._cached_chunks(fb, t, run, ub_size, slots, self.kernel_buffers[-1])
                cached = fb.select(split, parted, main)
            segments = fb.select(split, group, 1)
            cycles = fb.mul(runs, self._passes_cycles(fb, t, run, cached, used, segments))
            if i:  # split, the SPLIT cache takes only a tile that cuts the rows into as many parts
                same = fb.cmp("eq", fb.ceildiv(fb.ceildiv(elements, t), part_chunks), parts)
                cycles = fb.select(fb.select(split, same, fb.cmp("eq", 0, 0)), cycles, 2**62)
            work = cycles if work is None else fb.min(work, cycles)
        assert work is not None
        work = fb.add(work, heads)
        # split: each part stores its partials and, in each later phase, loads its work
        # item's (one small copy each, ATT's tables)
        partials = fb.add(
            _copy_cycles(fb, fb.const(32), STORE, used), _copy_cycles(fb, fb.mul(parts, 4), LOAD_SMALL, used)
        )
        barrier = fb.select(split, fb.mul(fb.add(_sync_all_cycles(fb, used), fb.mul(group, partials)), barriers), 0)
        cost = fb.add(fb.add(work, fb.mul(launched, dispatch)), barrier)
        return per_part, cost

    def _split_cache(
        self,
        h: BodyBuilder,
        key: SSAValue,
        tile: SSAValue,
        inner: SSAValue,
        ub_size: SSAValue,
        slots: SSAValue,
        core_num: SSAValue,
        part: tuple[SSAValue, SSAValue, SSAValue],
        chunks: SSAValue,
    ) -> tuple[SSAValue, SSAValue, SSAValue]:
        """The SPLIT schedule's row cache (``LoopNest.split_kernel``) of a reduction over the
        inner axis alone: the first chunks of a block's run of parts -- of the loads several
        passes read -- stay in UB across the phases (a run of one chunk too), chosen as
        the STREAMING schedule's is (:meth:`_row_cache_tile`, the run as the row, the SPLIT
        kernel's buffers) among tiles that cut the rows into as many parts. Returns (tile,
        cached chunks -- ``chunks`` when not SPLIT --, chunks of a run); sets
        ``split_chunks`` for the tile."""
        per_part, group, parts = part
        part_elements = h.min(h.mul(per_part, tile), inner)
        run = h.mul(group, part_elements, name="split_run")  # a block's parts, one after the other

        def same(b: BodyBuilder, t: SSAValue) -> SSAValue:  # the tile cuts the rows into as many parts
            return b.cmp("eq", b.ceildiv(b.ceildiv(inner, b.max(t, 1)), b.ceildiv(part_elements, b.max(t, 1))), parts)

        cand, c, _ = self._row_cache_tile(h, tile, run, ub_size, slots, core_num, self.kernel_buffers[-1], same)
        cand_part = h.ceildiv(part_elements, h.max(cand, 1))
        is_split = h.cmp("eq", key, SPLIT)
        # a run of one chunk too: it stays in UB from the first phase to the last
        on = h.select(is_split, h.cmp("sgt", c, 0), is_split)
        per_part = h.select(on, cand_part, per_part, name="split_chunks_cached")
        h.set_tiling("split_chunks", per_part)
        return (
            h.select(on, cand, tile, name="tile_split_cached"),
            h.select(on, c, h.select(is_split, h.const(0), chunks)),
            h.select(is_split, h.mul(group, per_part), h.ceildiv(inner, tile)),
        )

    def _split(
        self,
        h: BodyBuilder,
        sym: ExprLowering,
        items: SSAValue,
        tile: SSAValue,
        tiles_per_row: SSAValue,
        inner: SSAValue,
        key: SSAValue,
        blocks: SSAValue,
        cache: tuple[SSAValue, SSAValue] | None,
    ) -> tuple[SSAValue, SSAValue, SSAValue, tuple[SSAValue, SSAValue, SSAValue], SSAValue, SSAValue]:
        """SPLIT when the work items leave cores idle and each core gets at least
        SPLIT_MIN_PART elements of the reduced extent: (key, block_dim, workspace bytes,
        (chunks per part, parts per block, parts), tile, tiles per row -- a reduction over
        the inner axis may take a finer tile to split). ``cache``: (UB bytes, slots) where
        the row cache may be on (it enters the choice over the inner axis, :meth:`_inner_parts`)."""
        phases = self.phases
        cores = h.cast(self.core_num, i64)
        reduced = h.const(1)
        for p in phases.reduced_outer:
            reduced = h.mul(reduced, sym(self.plan.outer[p][1]))
        chunks = h.mul(reduced, tiles_per_row) if phases.inner_reduced else reduced
        elements = h.mul(
            reduced, inner if phases.inner_reduced else h.min(tile, inner), name="reduced_elements"
        )
        parts = h.min(h.floordiv(cores, items), h.ceildiv(elements, SPLIT_MIN_PART))
        parts = h.min(h.min(parts, chunks), TILE_ALIGN)  # the parts' partials fit one tile
        parts = h.max(parts, 1)
        wanted = h.ceildiv(chunks, parts, name="split_chunks")
        if phases.inner_reduced:  # by the model: the waves of parts, not only idle cores
            wanted, cost = self._inner_parts(h, chunks, items, cores, elements, tile, cache)
            # rows of a tile or a few (7 rows of 8192 on 56 cores): a finer tile whose chunks
            # reach the idle cores; rows of many tiles whose chunks do not cut into the
            # cores' share (8 rows of 128256 on 56: 7 parts a row): the largest tile under
            # the current one cutting a row into a multiple of the share -- of the shares
            # floor and ceil(cores / items) and the fewest parts whose units fill every core
            # (cores / gcd(cores, items): 16 rows on 56 cores, 7 parts), the cheapest by the
            # model, if cheaper than the current tile's parts
            items1 = h.max(items, 1)
            shares = [
                h.max(h.floordiv(cores, items1), 1),
                h.ceildiv(cores, items1),
                h.floordiv(cores, _gcd(h, cores, items1)),
            ]
            for share in shares:
                pieces = h.mul(share, h.ceildiv(h.ceildiv(inner, share), h.max(tile, 1)))
                cut = h.mul(h.ceildiv(h.ceildiv(inner, pieces), TILE_ALIGN), TILE_ALIGN)
                cut = h.min(h.max(cut, MIN_SPLIT_TILE), tile, name="tile_split_cut")
                cut_rows = h.ceildiv(inner, cut)
                cut_chunks = h.mul(reduced, cut_rows)
                cut_wanted, cut_cost = self._inner_parts(h, cut_chunks, items, cores, elements, cut, cache)
                finer = h.cmp("slt", cut, tile)
                for cond in (h.cmp("slt", cut_cost, cost), h.cmp("slt", cut_wanted, cut_chunks)):
                    finer = h.select(finer, cond, finer)
                tile = h.select(finer, cut, tile, name="tile_split")
                tiles_per_row = h.select(finer, cut_rows, tiles_per_row, name="tiles_per_row_split")
                chunks = h.select(finer, cut_chunks, chunks)
                wanted = h.select(finer, cut_wanted, wanted)
                cost = h.select(finer, cut_cost, cost)
        if self.cascaded and not phases.inner_reduced:
            row_bytes = h.mul(h.min(tile, inner), max(accumulator_dtype(n).nbytes for n in self.reductions))
            per_part, group = self._torch_blocks(h, chunks, items, cores, row_bytes)
            parts = h.ceildiv(chunks, per_part, name="split_parts")
            # two parts wanted (cores idle) and two torch blocks to give them
            split = h.cmp("slt", h.max(wanted, per_part), chunks, name="split")
        else:
            per_part = wanted
            parts = h.ceildiv(chunks, per_part, name="split_parts")
            split = h.cmp("sge", parts, 2, name="split")
            group = _parts_per_block(h, parts, items, cores, name="split_group")
        h.set_tiling("split_parts", parts)
        h.set_tiling("split_group", group)
        h.set_tiling("split_items", items)  # the blocks of a combining phase
        h.set_tiling("split_chunks", per_part)
        offset: SSAValue = h.const(0)
        width = h.const(1) if phases.inner_reduced else tile
        for i, n in enumerate(self.reductions):
            h.set_tiling(f"ws_{i}", offset)
            nbytes = h.mul(h.mul(h.mul(items, parts), width), accumulator_dtype(n).nbytes)
            offset = h.add(offset, h.mul(h.ceildiv(nbytes, WORKSPACE_ALIGN), WORKSPACE_ALIGN))
        h.fail_if(
            h.select(split, h.cmp("sgt", offset, 2**32 - 1), h.const(0, IntegerType(1))),
            4,
            "the SPLIT partials exceed the 32-bit workspace size",
        )
        return (
            h.select(split, SPLIT, key, name="key"),
            h.select(split, _split_blocks(h, parts, items, group), blocks, name="blocks"),
            h.select(split, offset, 0, name="workspace"),
            (per_part, group, parts),
            tile,
            tiles_per_row,
        )


def _vector_row(n: AscirNode) -> VecCost | None:
    """The cost-table row of a compute node's vector API (None: not a vector instruction)."""
    if isinstance(n, ReduceNode):
        api = reduction(n).memory or reduction(n).combine_entry.memory
    else:
        entry = op_entry(n)
        api = None if entry is None else entry.memory or entry.memory_scalar
    t = n.out_type
    if api is None or not isinstance(t, TensorType):
        return None
    return vector_cost(api.API, t.dtype)  # type: ignore[attr-defined]


def _buffer_bytes(b: BodyBuilder, buf: Buffer, tile: SSAValue) -> SSAValue:
    """A buffer's bytes at ``tile`` (one copy): a tile of its dtype, a reduction's work
    tensor (``plan.work_bytes``), or a one-row buffer."""
    e = element_bytes(buf.dtype)
    if buf.work:
        return work_bytes(b, tile, e)
    return b.mul(tile, e) if buf.full else b.const(ROW_BUFFER_BYTES)


def _copy_cycles(b: BodyBuilder, nbytes: SSAValue, cost: DmaCost, cores: SSAValue) -> SSAValue:
    """One DataCopy of ``nbytes`` on one of ``cores`` cores in cycles: ``bytes / (a + b /
    block_dim) + h`` (ATT's ``LoadStoreFunc``; rates x1000, whole cycles)."""
    rate = b.add(b.const(round(cost.a * 1000)), b.floordiv(round(cost.b * 1000), cores))
    return b.add(b.ceildiv(b.mul(nbytes, 1000), rate), round(cost.h))


def _parts_per_block(b: BodyBuilder, parts: SSAValue, items: SSAValue, cores: SSAValue, name: str | None = None) -> SSAValue:
    """SPLIT parts a block runs one after the other: the work items' parts in one sequence
    cut into equal runs, as few as keep a launch within the chip (a launch that calls
    SyncAll may not have more blocks than cores: SyncAll.md 约束说明)."""
    return b.max(b.ceildiv(b.mul(b.max(items, 1), parts), cores), 1, name=name)


def _split_blocks(b: BodyBuilder, parts: SSAValue, items: SSAValue, group: SSAValue) -> SSAValue:
    """The blocks of a SPLIT launch: ``group`` of the items' parts each (:func:`_parts_per_block`)."""
    return b.ceildiv(b.mul(b.max(items, 1), parts), group)


def _gcd(b: BodyBuilder, x: SSAValue, y: SSAValue) -> SSAValue:
    """The greatest common divisor of two positive int64 values (Euclid's steps: fewer than
    93 for any int64 pair, the Fibonacci bound)."""
    with b.fold_many(0, 93, [x, y], "k", ["gcd_a", "gcd_b"]) as (fb, _, (u, v), out):
        done = fb.cmp("eq", v, 0)
        d = fb.max(v, 1)
        out += [fb.select(done, u, v), fb.select(done, v, fb.sub(u, fb.mul(fb.floordiv(u, d), d)))]
    return b.folded_many[0]


def _sync_all_cycles(b: BodyBuilder, blocks: SSAValue) -> SSAValue:
    """One SyncAll across ``blocks`` cores: the software barrier's own copies -- a 32-byte
    flag stored, every core's flag loaded (asc-devkit dav_3510 SoftSyncAllImpl) -- under
    ATT's Store and LoadSmallBlk rows; the hard sync the kernels use is documented as the
    faster one (SyncAll.md 功能说明), so this bounds it from above. The simulator's
    timeline charges the same (runtime/sim/sim.cpp ``sync_all_cycles``)."""
    flags = b.mul(blocks, 32)
    return b.add(_copy_cycles(b, b.const(32), STORE, blocks), _copy_cycles(b, flags, LOAD_SMALL, blocks))


def _pipeline(b: BodyBuilder, blocks: SSAValue, load: SSAValue, vector: SSAValue, store: SSAValue, double: SSAValue) -> SSAValue:
    """A core's cycles for ``blocks`` blocks through load, vector and store: a three-stage
    pipeline double-buffered (one block through every stage, then one per slowest stage),
    every block through every stage with one slot."""
    block = b.add(b.add(load, store), vector)
    slowest = b.max(b.max(load, store), vector)
    return b.select(double, b.add(block, b.mul(b.sub(blocks, 1), slowest)), b.mul(blocks, block))
