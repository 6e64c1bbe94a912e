"""Host tiling of one graph's kernel (``AutofuseTiling``): the sizes checked, the tile the
UB holds (double-buffered where it pays), the tiles per core, the schedule key (resident /
streaming / split over cores) and the workspace of the split's partials. It reads the
kernel plan (``lowering.plan``) and what the kernels recorded while they were built (their
buffers, the size expressions they evaluate); it writes the tiling struct fields the
kernels read."""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import SSAValue

from ascendc_emitter.builder import BodyBuilder, KernelModuleBuilder, i64
from ascir_dialect.ops import GraphOp
from ascir_dialect.ops.reduce import ReduceNode
from ascir_dialect.ops.sources import IndexExprOp
from ascir_dialect.symbolic import SizeExpr
from lowering.cascade import LEVELS, cascade_base
from lowering.exprs import ExprLowering
from lowering.plan import (
    MAX_STRIDED_TILE,
    MAX_TILE,
    MIN_DOUBLE_TILE,
    MIN_SPLIT_TILE,
    RESIDENT,
    SPLIT,
    SPLIT_MIN_PART,
    STREAMING,
    TILE_ALIGN,
    WORKSPACE_ALIGN,
    Buffer,
    KernelPlan,
    accumulator_dtype,
    fixed_bytes,
    per_element_bytes,
)
from lowering.size_checks import lower_graph_checks
from passes.phases import PhasePlan


def tiling_fields(
    index_exprs: int, reductions: list[ReduceNode], cascaded: set[ReduceNode], double_buffer: bool, split: bool
) -> list[tuple[str, IntegerType]]:
    """The fields of the tiling struct host tiling writes and the kernels read."""
    fields = [("tile", i64), ("tiles_per_row", i64), ("total_tiles", i64), ("per_block", i64)]
    fields += [(f"ie_{i}", i64) for i in range(index_exprs)]
    if double_buffer:
        fields += [("slots", i64)]
    if split:
        fields += [("split_parts", i64), ("split_chunks", i64)]
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
    core_num: SSAValue | None = field(default=None, init=False)

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
                per_elem = max(1, *(per_element_bytes(b, double) for b in self.kernel_buffers))
                tile = h.mul(
                    h.floordiv(h.floordiv(budget, per_elem), TILE_ALIGN), TILE_ALIGN, name="tile_fit"
                )
                wanted = h.mul(h.ceildiv(inner, TILE_ALIGN), TILE_ALIGN, name="tile_wanted")
                tile = h.min(h.min(tile, wanted), MAX_STRIDED_TILE if plan.strided else MAX_TILE, name="tile")
                if not phases.inner_reduced:  # fewer rows than cores: cut the rows so that every core works
                    cores = h.cast(core_num, i64)
                    per_row = h.ceildiv(cores, h.min(rows, cores))
                    share = h.mul(h.ceildiv(h.ceildiv(inner, per_row), TILE_ALIGN), TILE_ALIGN)
                    tile = h.min(tile, h.max(share, MIN_SPLIT_TILE), name="tile_split")
                return tile

            tile = fit(False)
            if self.double_buffer:
                # two slots only where they can overlap anything -- a core with more than one
                # tile at single buffering -- and the halved tile is not too small to pay
                single_tiles = h.mul(rows, h.ceildiv(inner, h.max(tile, 1)))
                single_per_core = h.ceildiv(single_tiles, h.min(h.cast(core_num, i64), single_tiles))
                doubled = fit(True)
                several = h.cmp("sgt", single_per_core, 1)
                # a resident row is one tile whatever its length: two slots wherever the row
                # still fits whole with them (a halved tile would make it stream)
                enough = h.cmp("sge", doubled, inner if plan.may_be_resident else MIN_DOUBLE_TILE)
                two = h.select(several, enough, several)  # both
                tile = h.select(two, doubled, tile, name="tile_slots")
                h.set_tiling("slots", h.select(two, 2, 1, name="slots"))
            h.fail_if(h.cmp("slt", tile, TILE_ALIGN), 1, "even the smallest tile does not fit the UB")
            tiles_per_row = h.ceildiv(inner, tile, name="tiles_per_row")
            total = rows if phases.inner_reduced else h.mul(rows, tiles_per_row, name="total_tiles")
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
            if self.cascaded:  # the cascade's block for a pass's chunks (lowering.cascade)
                chunks = h.const(1)
                for pos in phases.reduced_outer:
                    chunks = h.mul(chunks, sym(plan.outer[pos][1]))
                if phases.inner_reduced:
                    chunks = h.mul(chunks, tiles_per_row)
                h.set_tiling("sum_base", cascade_base(h, chunks))
            key: SSAValue = h.const(0)
            if plan.may_be_resident:  # the whole row in one tile: resident, else streaming
                one = h.cmp("eq", tiles_per_row, 1)
                key = h.select(one, RESIDENT, STREAMING, name="schedule")
            workspace: SSAValue = h.const(0)
            if self.split:
                key, blocks, workspace = self._split(
                    h, sym, total, tile, tiles_per_row, inner, key, blocks
                )
            h.set_tiling("tiling_key", key)
            h.set_tiling("block_dim", blocks)
            h.set_output("block_dim", blocks)
            h.set_output("workspace_size", workspace)

    def _torch_blocks(self, h: BodyBuilder, chunks: SSAValue, wanted: SSAValue) -> SSAValue:
        """Rows per SPLIT part of an outer-axis float sum: the smallest ``base**k`` (k = 1..3)
        of at least ``wanted``, else ``base**3``. The one-core cascade adds such a block's
        rows into its level k - 1 and then that level into level k (``lowering.cascade``),
        so each part's partial is exactly the value it adds into level k, and the parts'
        combination -- levels k..3, ``split_top`` = 3 - k of them above the first -- gives
        the one-core sum bit for bit, on any number of cores. Past ``base**3`` rows per
        part (few cores for many rows) the parts stay ``base**3`` rows: more blocks than
        cores, which run in waves."""
        base = cascade_base(h, chunks)
        blocks = [base]
        for _ in range(2, LEVELS):
            blocks.append(h.mul(blocks[-1], base))
        per_part, top = blocks[-1], h.const(0)
        for k in range(LEVELS - 2, 0, -1):  # the smallest block that holds `wanted` wins
            fits = h.cmp("sle", wanted, blocks[k - 1])
            per_part = h.select(fits, blocks[k - 1], per_part)
            top = h.select(fits, LEVELS - 1 - k, top)
        h.set_tiling("split_top", top)
        return per_part

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
    ) -> tuple[SSAValue, SSAValue, SSAValue]:
        """SPLIT when the work items leave cores idle and each core gets at least
        SPLIT_MIN_PART elements of the reduced extent: (key, block_dim, workspace bytes)."""
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
        if self.cascaded and not phases.inner_reduced:
            per_part = self._torch_blocks(h, chunks, wanted)
            parts = h.ceildiv(chunks, per_part, name="split_parts")
            # two parts wanted (cores idle) and two torch blocks to give them
            split = h.cmp("slt", h.max(wanted, per_part), chunks, name="split")
        else:
            per_part = wanted
            parts = h.ceildiv(chunks, per_part, name="split_parts")
            split = h.cmp("sge", parts, 2, name="split")
        h.set_tiling("split_parts", parts)
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
            h.select(split, h.mul(items, parts), blocks, name="blocks"),
            h.select(split, offset, 0, name="workspace"),
        )
