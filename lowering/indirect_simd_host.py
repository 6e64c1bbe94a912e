"""Host tiling of the SIMD gather template (seed 001 FR3, ``lowering.indirect_simd``):
rows per tile from the UB the template's buffers need, one or two slots, the split over
cores, and whether the template fits at all (UB, Gather's offset range on the 950)."""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import SSAValue

from ascendc_emitter.builder import BodyBuilder, i64
from ascendc_emitter.dialect.types import element_bytes
from ascendc_emitter.target.support import LIMITS, gather_offset_limit
from lowering.exprs import ExprLowering
from lowering.indirect_simd import ALIGN, SimdTemplate
from lowering.plan import MIN_DOUBLE_TILE

MAX_TILE_ROWS = LIMITS["copy_block_count"].hi  # DataCopyPad blockCount (target.support)
INT32_MAX = 2**31 - 1
GATHER_OFFSET_LIMIT = {e: min(gather_offset_limit(e).hi, INT32_MAX) for e in (2, 4)}
"""Largest byte offset of a Gather element: the 950 API takes uint32 offsets and, for 2-byte
elements, at most 2**17 - 1; the template computes them in int32."""


class SimdHostTiling:
    """The host side of one ``SimdTemplate``."""

    def __init__(self, template: SimdTemplate) -> None:
        self.template = template
        self.blocks: SSAValue | None = None
        """Cores the template launches on (set by :meth:`host`)."""

    def host(self, h: BodyBuilder, sym: ExprLowering, cores: SSAValue, ub_size: SSAValue) -> SSAValue:
        """Set the template's tiling fields (``SimdTemplate.FIELDS``) and return whether it
        fits: a tile of one row in UB, and every Gather offset in range (``_offsets_fit``).
        ``blocks`` is then the template's launch size."""
        t = self.template
        rows, block, slice_, index = t.sizes()
        d, out = t.plan.dim, t.plan.out_view
        r, bl, sl, ix = sym(rows), sym(block), sym(slice_), sym(index)
        pads = {
            "slice": h.mul(h.ceildiv(sl, ALIGN), ALIGN),
            "block": h.mul(h.ceildiv(bl, ALIGN), ALIGN),
            "index": h.mul(h.ceildiv(ix, ALIGN), ALIGN),
        }

        def ub_bytes(slots: int) -> tuple[SSAValue, SSAValue]:
            """UB bytes per row of a tile and once per tile, with ``slots`` copies of the
            buffers a DataCopy fills or drains."""
            per_row, shared = h.v(0), h.v(0)
            for name, et, which in t.buffer_bytes():
                copies = slots if name in t.slotted else 1
                if which == "bits":
                    per_row = h.add(per_row, h.ceildiv(pads["block"], 8))
                elif which == "slice_bits" and t.slice_shared:
                    shared = h.add(shared, h.ceildiv(pads["slice"], 8))
                elif which == "slice_bits":
                    per_row = h.add(per_row, h.ceildiv(pads["slice"], 8))
                elif which == "slice" and t.slice_shared:
                    shared = h.add(shared, h.mul(pads[which], element_bytes(et) * copies))
                else:
                    per_row = h.add(per_row, h.mul(pads[which], element_bytes(et) * copies))
            return per_row, shared

        run = sym(out.repeats[d - 1]) if d > 0 else h.v(1)
        per_row, shared = ub_bytes(1)
        fit = h.floordiv(h.sub(h.cast(ub_size, i64), shared), per_row, name="simd_rows_fit")
        per_row2, shared2 = ub_bytes(2)
        fit2 = h.floordiv(h.sub(h.cast(ub_size, i64), shared2), per_row2, name="simd_rows_fit2")
        # several rows per tile only when their GM blocks step forward without overlap
        steps = h.const(1, IntegerType(1))
        for view, extent in (
            (t.load.result_tensor(), sl),
            (t.index.result_tensor(), ix),
            (t.store.result_tensor(), bl),
        ):
            stride = t.row_stride(view)
            if view is t.load.result_tensor() and t.slice_shared:
                continue
            ok = h.cmp("sge", sym(stride), extent)
            steps = h.select(ok, steps, h.const(0, IntegerType(1)))
        offsets_ok = self._offsets_fit(h, sym, sl)
        per_core = h.ceildiv(r, h.min(cores, r))  # fewer rows per tile than cores would idle

        def tiling(fit_rows: SSAValue) -> tuple[SSAValue, SSAValue, SSAValue, SSAValue]:
            """(rows per tile, tiles per run, tiles, tiles per block) for ``fit_rows``."""
            tile_rows = h.max(h.min(h.min(h.min(fit_rows, run), per_core), MAX_TILE_ROWS), 1)
            tile_rows = h.select(steps, tile_rows, 1)
            tiles_per_run = h.ceildiv(run, tile_rows)
            tiles = h.mul(h.floordiv(r, run), tiles_per_run)
            return tile_rows, tiles_per_run, tiles, h.ceildiv(tiles, h.min(cores, tiles))

        single, double = tiling(fit), tiling(fit2)
        # two slots where a core has more than one tile at single buffering (else nothing
        # overlaps), a tile of at least one row still fits with them and it still holds
        # MIN_DOUBLE_TILE elements (below that the doubled DataCopy setup outweighs the
        # overlap on the timeline, as for ordinary graphs)
        false = h.const(0, IntegerType(1))
        two = h.select(h.cmp("sgt", single[3], 1), h.cmp("sge", fit2, 1), false)
        two = h.select(two, h.cmp("sge", h.mul(double[0], bl), MIN_DOUBLE_TILE), false)
        if not t.double_buffer:
            two = false
        tile_rows, tiles_per_run, tiles, per_block = (
            h.select(two, a, b, name=n)
            for a, b, n in zip(
                double, single, ("simd_tile_rows", "simd_tiles_per_run", "simd_tiles", "simd_per_block"), strict=True
            )
        )
        h.set_tiling("simd_slots", h.select(two, 2, 1, name="simd_slots"))
        self.blocks = h.ceildiv(tiles, per_block, name="simd_blocks")
        for f, v in (
            ("simd_run", run),
            ("simd_tile_rows", tile_rows),
            ("simd_tiles_per_run", tiles_per_run),
            ("simd_tiles", tiles),
            ("simd_per_block", per_block),
            ("simd_slice", sl),
            ("simd_block", bl),
            ("simd_index", ix),
            ("simd_slice_pad", pads["slice"]),
            ("simd_block_pad", pads["block"]),
            ("simd_index_pad", pads["index"]),
        ):
            h.set_tiling(f, v)
        fits = h.cmp("sge", fit, 1)
        return h.select(fits, offsets_ok, h.const(0, IntegerType(1)), name="simd_fits")

    def _offsets_fit(self, h: BodyBuilder, sym: ExprLowering, slice_elems: SSAValue) -> SSAValue:
        """Whether the kernel's byte offsets ``index * row_bytes + post`` (int32, then the
        uint32 offsets of ``AscendC::Gather``) are right for every index it may hold after
        its 64-bit range check, ``-dim - 1`` to ``dim`` (``SimdTemplate._indices``): in-range indices
        address the slice, below ``slice_bytes``, which Gather must take (for 2-byte
        elements at most 2**17 - 1: the API's constraint on Ascend 950); no offset wraps
        int32 (``(dim + 1) * row_bytes`` and ``slice_bytes + row_bytes`` fit), so an
        out-of-range index stays out of range. Else another template takes the gather."""
        t = self.template
        src_t, d = t.load.result_tensor(), t.plan.dim
        elem = src_t.dtype.nbytes
        cap = INT32_MAX + 1  # operands are clamped to it: no product below overflows int64
        dim, stride = sym(src_t.repeats[d]), sym(src_t.strides[d])
        row_bytes = h.min(h.mul(h.min(stride, cap), elem), cap)
        slice_bytes = h.mul(h.min(slice_elems, cap), elem)
        false = h.const(0, IntegerType(1))
        ok = h.cmp("slt", dim, INT32_MAX)  # -dim - 1 and dim are int32 values
        for fits in (
            h.cmp("sle", h.sub(slice_bytes, elem), GATHER_OFFSET_LIMIT[elem]),
            h.cmp("sle", h.mul(h.add(h.min(dim, cap), 1), row_bytes), INT32_MAX),
            h.cmp("sle", h.add(slice_bytes, row_bytes), INT32_MAX),
        ):
            ok = h.select(ok, fits, false)
        ok.name_hint = "simd_offsets_fit"
        return ok

    # ---------------------------------------------------------------- kernel
