"""The SIMD template of IndirectLoad (seed 001 FR3), at memory level.

A row is one output coordinate before ``dim`` (``indirect_load_outer``); it covers every
output element from ``dim`` on. A tile is up to ``simd_tile_rows`` consecutive rows of
one run of the innermost outer axis (their GM offsets step by that axis' strides, so
one multi-block DataCopyPad moves them; a table broadcast over the rows, as in
embedding, is loaded once). Host tiling takes as many rows as the UB holds and splits
the tiles over the blocks. Per tile: DataCopy the input slices that the outer
coordinates locate (``input[c_0..c_{dim-1}, :, ...]``) and the index blocks into UB, one
row per ``*_pad`` pitch; normalise negative indices and check bounds with
Compares/Select; build the byte offsets ``index * post_bytes + post_offset``
(``post_offset``, the UB offset of each element's row slice and coordinates after
``dim``, is built once per kernel); ``AscendC::Gather``; zero out-of-range elements; run
the unary chain; DataCopy the rows out.

The template lowers the SIMD case graph of ``indirect-load-template-cases``: the forward
move already placed the input chain's unary ops after the gather wherever the gather does
not enlarge the data (it never changes values, only where they are computed); the ops it
kept before the gather run on the input slice in UB, in place. The input slice and the
index block are the GM extents of their views from ``dim`` on, any strides; a broadcast
index view
(index_select / embedding) is expanded in UB by a second Gather over a precomputed
pattern. Taken by this template: an input chain of a Load and unary elementwise ops, an
index chain that is one Load, an output chain of unary elementwise ops and one Store
contiguous from ``dim`` on, and 2- or 4-byte input dtypes (Gather). Anything else rejects the template with its reason; host tiling
rejects it at run time when the slice and buffers do not fit the UB.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects.builtin import IntegerType, Signedness
from xdsl.ir import Attribute, SSAValue

from ascendc_emitter.builder import BodyBuilder, KernelModuleBuilder, i64
from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.dialect.types import element_bytes
from ascendc_emitter.target.ops import memory_dtype, op_entry, ops_where
from ascendc_emitter.target.types import cast_round_mode, element_type, scalar_type
from ascir_dialect.attributes import TensorType
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import AscirNode
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.memory import LoadOp, OutputOp, StoreOp
from ascir_dialect.symbolic import SizeExpr
from lowering.dispatch import Rule, handler_for
from lowering.exprs import ExprLowering
from passes.indirect_plan import PASS, IndirectPlan
from passes.indirect_templates import chain_api, contiguous_from

_UNARY = ops_where(lambda e: e.memory is not None and issubclass(e.op, ew.UnaryNode))
"""Unary ops with a memory-level vector API (target table)."""
ALIGN = 256  # elements: every buffer is a whole number of 256-byte repeats for any dtype
i32 = IntegerType(32)
u8 = IntegerType(8, Signedness.UNSIGNED)
u32 = IntegerType(32, Signedness.UNSIGNED)


def _widened(n: AscirNode) -> bool:
    """Whether a chain op computes in float32 (its 950 API lacks the float16/bfloat16 dtype)."""
    api = chain_api(n)
    dtype = n.result_tensor().dtype
    return api is not None and memory_dtype(api, dtype) not in (None, dtype)


class SimdTemplate:
    def __init__(self, plan: IndirectPlan, name: str, gm: dict[AscirNode, int], double_buffer: bool = True):
        self.plan, self.gm = plan, gm
        self.double_buffer = double_buffer
        """Whether host tiling may give the tile loop two slots (``False``: always one)."""
        self.load = next(n for n in plan.input_chain if isinstance(n, LoadOp))
        self.index = plan.index_chain[0]
        assert isinstance(self.index, LoadOp)
        self.store = next(n for n in plan.output_chain if isinstance(n, StoreOp))
        self.pre = [n for n in plan.input_chain if n is not self.load]
        """Unary ops the case keeps before a gather that may enlarge the data (seed 001 FR3):
        they run on the input slice in place (``simd_supported``: the dtype is kept)."""
        self.chain = [n for n in plan.output_chain if not isinstance(n, StoreOp)]
        self.kernel_exprs: dict = {}  # size expressions the kernel evaluates (host tiling checks them)

    FIELDS = (
        "simd_run",
        "simd_tile_rows",
        "simd_tiles_per_run",
        "simd_tiles",
        "simd_per_block",
        "simd_slice",
        "simd_block",
        "simd_index",
        "simd_slice_pad",
        "simd_block_pad",
        "simd_index_pad",
        "simd_slots",
    )

    @classmethod
    def tiling_fields(cls) -> list[tuple[str, Attribute]]:
        return [(f, i64) for f in cls.FIELDS]

    def sizes(self) -> tuple[SizeExpr, SizeExpr, SizeExpr, SizeExpr]:
        """(rows, output block elements, input slice extent, index block extent)."""
        d, out = self.plan.dim, self.plan.out_view
        return (
            out.numel(0, d),
            out.numel(d),
            self.load.result_tensor().extent(d),
            self.index.result_tensor().extent(d),
        )

    @property
    def index_contiguous(self) -> bool:
        return contiguous_from(self.index.result_tensor(), self.plan.dim)

    def row_stride(self, view: TensorType) -> SizeExpr:
        """Elements between consecutive rows of a run (the innermost outer axis)."""
        d = self.plan.dim
        return view.strides[d - 1] if d > 0 and view.repeats[d - 1] != 1 else SizeExpr(0)

    @property
    def slice_shared(self) -> bool:
        """The input slice is the same for every row of a run (a broadcast table)."""
        return self.row_stride(self.load.result_tensor()) == SizeExpr(0)

    def buffer_bytes(self) -> list[tuple[str, Attribute, str]]:
        """(name, element type, which padded count) of every UB buffer of the template."""
        t = element_type(self.load.result_tensor().dtype)
        buffers = [
            ("slice", t, "slice"),
            ("idx_raw", element_type(self.index.result_tensor().dtype), "index"),
            ("idx", i32, "block"),
            ("tmp", i32, "block"),
            ("post", i32, "block"),
            ("gathered", t, "block"),
            ("bits_lo", u8, "bits"),
            ("bits_hi", u8, "bits"),
        ]
        if not self.index_contiguous:  # a broadcast index view: expand the compact index by a Gather
            buffers += [("idx_compact", i32, "index"), ("idx_pattern", i32, "block")]
        for n in self.chain:
            buffers.append((f"chain:{n.node_name}", element_type(n.result_tensor().dtype), "block"))
        if any(map(_widened, self.chain)):  # one float32 block for the ops computed in float32
            buffers.append(("wide", element_type(DType.float32), "block"))
        if self.pre:  # the pre chain runs on the input slice: its NaN bits (and float32 copy)
            buffers.append(("pre_bits", u8, "slice_bits"))
            if any(map(_widened, self.pre)):
                buffers.append(("pre_wide", element_type(DType.float32), "slice"))
        return buffers

    @property
    def out_buffer(self) -> str:
        """The buffer MTE3 drains: the last chain op's, or the gathered block."""
        return f"chain:{self.chain[-1].node_name}" if self.chain else "gathered"

    @property
    def slotted(self) -> frozenset[str]:
        """The buffers a DataCopy fills or drains: two slots each in a double-buffered tile
        loop (:meth:`emit`); every other buffer only the vector pipe touches, in order."""
        return frozenset({"slice", "idx_raw", self.out_buffer})

    def emit(
        self,
        kb: KernelModuleBuilder,
        k: BodyBuilder,
        addrs: list[SSAValue],
        tiling: SSAValue,
        sizes: list[SSAValue],
        ies: list[SSAValue],
    ) -> None:
        plan, d = self.plan, self.plan.dim
        by_name = dict(zip(plan.graph.size_names, sizes, strict=True))
        sym = ExprLowering(k, lambda s: by_name[s], record=self.kernel_exprs)
        get = {f: k.tiling_get(tiling, f) for f, _ in self.tiling_fields()}
        src_t, out = self.load.result_tensor(), plan.out_view
        t = element_type(src_t.dtype)
        data = self.load.x.owner
        output = next(u.operation for u in self.store.results[0].uses if isinstance(u.operation, OutputOp))

        def extent(node: AscirNode) -> SSAValue:
            view = node.out_type
            assert isinstance(view, TensorType)
            return sym(view.extent())

        index_data = self.index.x.owner
        assert isinstance(data, AscirNode) and isinstance(index_data, AscirNode)
        g_in = k.global_tensor(addrs[self.gm[data]], t, 0, extent(data), "gm_src")
        g_idx = k.global_tensor(
            addrs[self.gm[index_data]],
            element_type(self.index.result_tensor().dtype),
            0,
            extent(index_data),
            "gm_index",
        )
        g_out = k.global_tensor(addrs[self.gm[output]], element_type(out.dtype), 0, extent(output), "gm_out")
        rows_per_tile, slots = get["simd_tile_rows"], get["simd_slots"]
        whole: dict[str, SSAValue] = {}
        per_slot: dict[str, SSAValue] = {}  # slotted buffer -> elements of one slot
        for name, et, which in self.buffer_bytes():
            base = {"bits": "block", "slice_bits": "slice"}.get(which, which)
            is_bits = which != base
            pad = get[f"simd_{base}_pad"]
            copies = 1 if base == "slice" and self.slice_shared else rows_per_tile
            count = k.mul(pad, copies)
            if name in self.slotted:
                per_slot[name] = count
                count = k.mul(count, slots)
            nbytes = k.mul(k.ceildiv(count, 256), 32) if is_bits else k.mul(count, element_bytes(et))
            n = nbytes if is_bits else count
            label = name.removeprefix("chain:")
            buf = k.tbuf(nbytes, name=f"ub_{label}")
            whole[name] = k.tbuf_get(buf, et, n, 0, f"{label}_ub")
        bufs = dict(whole)
        # Double-buffered tile loop (as lowering.loop_nest.LoopNest._pipelined_tiles): tile t uses
        # slot (t - first) % slots of the buffers a DataCopy fills or drains, and the pipes hand
        # a slot over with one event id per slot -- MTE2 refills a slot once the vector pipe is
        # done with its tile before last (V_MTE2), the vector pipe rewrites the output slot
        # once MTE3 has stored it (MTE3_V) -- so the copies of neighbouring tiles overlap the
        # gather of this one. With one slot (host tiling: a core has one tile) this is the
        # drained loop. The flags are set before the offset patterns are built, so the first
        # copy-in does not wait for them.
        kinds = ("V_MTE2", "MTE3_V")
        events = {e: [k.alloc_event(e, f"ev_{e.lower()}_{i}") for i in range(2)] for e in kinds}
        for e, ids in events.items():
            for i in ids:
                k.set_flag(e, i)
        elem = src_t.dtype.nbytes
        block, block_pad = get["simd_block"], get["simd_block_pad"]
        ie, st = self.index.result_tensor(), self.store.result_tensor()
        self._pattern(k, sym, bufs["post"], block, block_pad, rows_per_tile, k.v(0), src_t, elem)
        if not self.index_contiguous:
            index_pitch = k.mul(get["simd_index_pad"], 4)
            self._pattern(k, sym, bufs["idx_pattern"], block, block_pad, rows_per_tile, index_pitch, ie, 4)
        per_block, run, per_run = get["simd_per_block"], get["simd_run"], get["simd_tiles_per_run"]
        first = k.mul(k.block_idx(), per_block, name="first_tile")
        last = k.min(k.add(first, per_block), get["simd_tiles"], name="last_tile")
        dim64 = sym(src_t.repeats[d])
        dim_size = k.cast(dim64, i32, name="dim_size")
        below = k.sub(k.sub(0, dim64), 1, name="below_range")  # -dim - 1: int32 too (host tiling)
        self.clamp = (dim64, below, dim_size, k.cast(below, i32, name="below_range32"))
        with k.loop(first, last, 1, "tile") as (b, tile):
            slot = b.rem(b.sub(tile, first), slots, name="slot")
            even = b.cmp("eq", slot, 0)
            ev = {e: b.select(even, ids[0], ids[1], name=f"ev_{e.lower()}") for e, ids in events.items()}
            for e in kinds:
                b.wait_flag(e, ev[e])
            for name, count in per_slot.items():
                bufs[name] = b.lslice(whole[name], b.mul(slot, count), count)
            run_no = b.floordiv(tile, per_run, name="run_no")
            in_run = b.mul(b.sub(tile, b.mul(run_no, per_run)), rows_per_tile, name="in_run")
            row = b.add(b.mul(run_no, run), in_run, name="row")
            nrows = b.min(rows_per_tile, b.sub(run, in_run), name="nrows")
            coords: list[SSAValue] = []
            rest = row
            for r in reversed(out.repeats[:d]):
                extent = sym(r)
                q = b.floordiv(rest, extent)
                coords.insert(0, b.sub(rest, b.mul(q, extent)))
                rest = q

            def gm_offset(view: TensorType, offset: SizeExpr) -> SSAValue:
                off = sym(offset)
                for c, rep, s in zip(coords, view.repeats[:d], view.strides[:d], strict=True):
                    if rep != 1:
                        off = b.add(off, b.mul(c, sym(s)))
                return off

            def rows_copy(
                ub: SSAValue, gm: SSAValue, view: TensorType, extent: SSAValue, pad: SSAValue, n: SSAValue
            ) -> None:
                """``n`` rows of ``extent`` elements, one per ``pad`` elements of UB."""
                nbytes = view.dtype.nbytes
                gap = b.sub(b.mul(sym(self.row_stride(view)), nbytes), b.mul(extent, nbytes))
                ub_gap = b.sub(b.floordiv(b.mul(pad, nbytes), 32), b.ceildiv(b.mul(extent, nbytes), 32))
                b.copy_pad(ub, gm, n, b.mul(extent, nbytes), b.max(gap, 0), ub_gap)

            rows_copy(
                bufs["slice"],
                b.gslice(g_in, gm_offset(src_t, self.load.offset.data)),
                src_t,
                get["simd_slice"],
                get["simd_slice_pad"],
                b.v(1) if self.slice_shared else nrows,
            )
            rows_copy(
                bufs["idx_raw"],
                b.gslice(g_idx, gm_offset(ie, self.index.offset.data)),
                ie,
                get["simd_index"],
                get["simd_index_pad"],
                nrows,
            )
            b.sync("MTE2_V")
            if self.pre:
                slices = b.v(1) if self.slice_shared else nrows
                pre_count = b.mul(slices, get["simd_slice_pad"], name="slice_count")
                for n in self.pre:
                    wide = bufs["pre_wide"] if _widened(n) else None
                    _chain_op(b, n, bufs["slice"], bufs["slice"], src_t.dtype, pre_count, bufs["pre_bits"], wide)
            count = b.mul(nrows, block_pad, name="count")
            self._indices(b, bufs, get, nrows, count)
            self._offsets(b, bufs, count, dim_size, sym(src_t.strides[d]), elem)
            gathered = bufs["gathered"]
            offsets = b.reinterpret(bufs["tmp"], u32)
            # row by row: the padding holds no offsets, and a row reads its own slice only
            # (an out-of-range index without the bound check is an error, never a neighbour)
            slice_pitch_elems = b.v(0) if self.slice_shared else get["simd_slice_pad"]
            with b.loop(0, nrows, 1, "r") as (rb, r):
                at = rb.mul(r, block_pad)
                src = rb.lslice(bufs["slice"], rb.mul(r, slice_pitch_elems), get["simd_slice"])
                rb.vec(ac.GatherOp, rb.lslice(gathered, at), src, rb.lslice(offsets, at), 0, block)
            if plan.node.check_bound:
                for bits in ("bits_lo", "bits_hi"):
                    b.vec(
                        ac.SelectOp,
                        gathered,
                        bufs[bits],
                        gathered,
                        b.const(0, scalar_type(src_t.dtype)),
                        count,
                        mode="VSEL_TENSOR_SCALAR_MODE",
                    )
            cur, cur_dtype = gathered, src_t.dtype
            for n in self.chain:
                dst = bufs[f"chain:{n.node_name}"]
                wide = bufs["wide"] if _widened(n) else None
                _chain_op(b, n, dst, cur, cur_dtype, count, bufs["bits_lo"], wide)
                cur, cur_dtype = dst, n.result_tensor().dtype
            b.sync("V_MTE3")
            out_bytes = st.dtype.nbytes
            gap = b.sub(b.mul(sym(self.row_stride(st)), out_bytes), b.mul(block, out_bytes))
            ub_gap = b.sub(
                b.floordiv(b.mul(block_pad, out_bytes), 32), b.ceildiv(b.mul(block, out_bytes), 32)
            )
            b.copy_pad(
                b.gslice(g_out, gm_offset(st, self.store.offset.data)),
                cur,
                nrows,
                b.mul(block, out_bytes),
                ub_gap,
                b.max(gap, 0),
            )
            for e in kinds:
                b.set_flag(e, ev[e])
        for e, ids in events.items():
            for i in ids:
                k.wait_flag(e, i)
                k.release_event(e, i)

    def _pattern(
        self,
        k: BodyBuilder,
        sym: ExprLowering,
        dst: SSAValue,
        block: SSAValue,
        block_pad: SSAValue,
        rows: SSAValue,
        pitch: SSAValue,
        view: TensorType,
        elem: int,
    ) -> None:
        """dst[r * block_pad + i] = byte offset in UB of output element i of a tile's row r:
        ``r * pitch`` (the row's slice) plus the offset, in ``view``, of element i's
        coordinates after dim (for the input) or from dim on (for a broadcast index view).
        Row 0 is built once per kernel (scalar writes for one period along dim, Adds for the
        others when aligned), the other rows by Adds; padding entries are 0 (a valid offset)."""
        d, out = self.plan.dim, self.plan.out_view
        first = d + 1 if view is self.load.result_tensor() else d
        k.vec(ac.DuplicateOp, dst, k.const(0, i32), k.mul(rows, block_pad))
        if all(view.repeats[pos] == 1 for pos in range(first, out.rank)):
            return  # no coordinate after dim moves the element: every offset is 0
        # Element i's offset is affine in its coordinate along dim: with P elements after
        # dim, dst[j*P + k] = dst[k] + j * step. When P 4-byte offsets fill whole 32-byte
        # blocks, only the first P are written by scalars and the rest by one Adds per j.
        period = k.v(1)
        for r in out.repeats[d + 1 :]:
            period = k.mul(period, sym(r))
        moves = d >= first and view.repeats[d] != 1
        step = k.mul(sym(view.strides[d]), elem) if moves else k.v(0)
        aligned = k.cmp("eq", k.rem(period, 8), 0, name="period_aligned")
        with k.loop(0, k.select(aligned, period, block), 1, "p") as (lb, i):
            rest, off = i, lb.v(0)
            for pos in reversed(range(d, out.rank)):
                extent = sym(out.repeats[pos])
                q = lb.floordiv(rest, extent)
                if pos >= first and view.repeats[pos] != 1:
                    off = lb.add(off, lb.mul(lb.sub(rest, lb.mul(q, extent)), sym(view.strides[pos])))
                rest = q
            lb.set_value(dst, i, lb.cast(lb.mul(off, elem), i32))
        with k.when(aligned) as wb, wb.loop(1, sym(out.repeats[d]), 1, "j") as (lb, j):
            lb.vec(ac.AddsOp, lb.lslice(dst, lb.mul(j, period)), dst, lb.cast(lb.mul(j, step), i32), period)
        with k.loop(1, rows, 1, "r") as (lb, r):
            row_dst = lb.lslice(dst, lb.mul(r, block_pad))
            lb.vec(ac.AddsOp, row_dst, dst, lb.cast(lb.mul(r, pitch), i32), block_pad)

    def _indices(
        self,
        b: BodyBuilder,
        bufs: dict[str, SSAValue],
        get: dict[str, SSAValue],
        nrows: SSAValue,
        count: SSAValue,
    ) -> None:
        """idx (int32) = the index of every output element of the tile's ``nrows`` rows.

        Indices are range-checked in their own width first: each is clamped to
        ``[-dim - 1, dim]``, which keeps its verdict (in range; negative and wrapping into
        range; out of range either way) and its wrapped value, so int64 indices narrow to
        int32 exactly (2**32 + 1 stays out of range instead of reading element 1) and no
        byte offset computed from an index wraps (host tiling checked ``(dim + 1) *
        row_bytes`` fits, ``_offsets_fit``). int32 indices need it without the bound check
        only, where an out-of-range index must reach Gather as an out-of-range offset."""
        raw_is_64 = self.index.result_tensor().dtype is DType.int64
        target = bufs["idx"] if self.index_contiguous else bufs["idx_compact"]
        raw_count = count if self.index_contiguous else b.mul(nrows, get["simd_index_pad"])
        dim64, below64, dim32, below32 = self.clamp
        if raw_is_64:
            raw = bufs["idx_raw"]
            b.vec(ac.MinsOp, raw, raw, dim64, raw_count)
            b.vec(ac.MaxsOp, raw, raw, below64, raw_count)
            b.vec(ac.CastOp, target, raw, raw_count, round="CAST_NONE")
        else:
            b.vec(ac.AddsOp, target, bufs["idx_raw"], b.const(0, i32), raw_count)
            if not self.plan.node.check_bound:
                b.vec(ac.MinsOp, target, target, dim32, raw_count)
                b.vec(ac.MaxsOp, target, target, below32, raw_count)
        if not self.index_contiguous:
            pattern = b.reinterpret(bufs["idx_pattern"], u32)
            b.vec(ac.GatherOp, bufs["idx"], bufs["idx_compact"], pattern, 0, count)

    def _offsets(
        self,
        b: BodyBuilder,
        bufs: dict[str, SSAValue],
        count: SSAValue,
        dim_size: SSAValue,
        dim_stride: SSAValue,
        elem: int,
    ) -> None:
        """tmp (as uint32) = byte offsets of the gathered elements, from the index block."""
        node = self.plan.node
        idx, tmp = bufs["idx"], bufs["tmp"]
        zero = b.const(0, i32)
        if node.check_negative:
            b.vec(ac.ComparesOp, bufs["bits_lo"], idx, zero, count, mode="LT")
            b.vec(ac.AddsOp, tmp, idx, dim_size, count)
            b.vec(ac.SelectOp, idx, bufs["bits_lo"], tmp, idx, count, mode="VSEL_TENSOR_TENSOR_MODE")
        if node.check_bound:
            b.vec(ac.ComparesOp, bufs["bits_lo"], idx, zero, count, mode="GE")
            b.vec(ac.ComparesOp, bufs["bits_hi"], idx, dim_size, count, mode="LT")
            for bits in ("bits_lo", "bits_hi"):
                b.vec(ac.SelectOp, idx, bufs[bits], idx, zero, count, mode="VSEL_TENSOR_SCALAR_MODE")
        row_bytes = b.cast(b.mul(dim_stride, elem), i32)
        b.vec(ac.MulsOp, tmp, idx, row_bytes, count)
        b.vec(ac.AddOp, tmp, tmp, bufs["post"], count)


def _chain_op(
    b: BodyBuilder,
    n: AscirNode,
    dst: SSAValue,
    src: SSAValue,
    src_dtype: DType,
    count: SSAValue,
    bits: SSAValue,
    wide: SSAValue | None = None,
) -> None:
    """One op of the unary chain over ``count`` elements (a whole number of 256-byte
    repeats). An API that drops NaN (Relu: maxNum) gets the fix-up of the ordinary
    path: ``bits`` records which source lanes hold numbers, the other lanes become NaN.
    With ``wide`` (a float32 block) the op runs in float32, its 950 API lacking the
    float16/bfloat16 dtype: cast in, compute in place, round once on the way back."""
    t = n.result_tensor()
    entry = op_entry(n)
    assert entry is not None

    def plain() -> None:  # the op's memory-level API, with its NaN fix-up and widening
        nan_fix = entry.drops_nan and t.dtype.is_float
        if nan_fix:
            b.vec(ac.CompareOp, bits, src, src, count, mode="EQ")
        if wide is None:
            b.vec(entry.memory, dst, src, count)
        else:
            b.vec(ac.CastOp, wide, src, count, round=cast_round_mode(t.dtype, DType.float32))
            b.vec(entry.memory, wide, wide, count)
            b.vec(ac.CastOp, dst, wide, count, round=cast_round_mode(DType.float32, t.dtype))
        if nan_fix:
            nan = b.const(float("nan"), scalar_type(t.dtype))
            b.vec(ac.SelectOp, dst, bits, dst, nan, count, mode="VSEL_TENSOR_SCALAR_MODE")

    rules: dict[Rule, Callable[[], None]] = {
        Rule.CAST: lambda: b.vec(entry.memory, dst, src, count, round=cast_round_mode(src_dtype, t.dtype)),
        Rule.NEG: lambda: b.vec(
            entry.memory_scalar, dst, src, b.const(entry.implied_scalar, scalar_type(t.dtype)), count
        ),
        Rule.UNARY: plain,
    }
    handler_for(n, rules, "SIMD gather-chain", pass_name=PASS)()
