"""The GM copies of a tile: loads (contiguous, strided, and the padded loads of Pad/Concat
views, whose out-of-range lanes take the pad value) and stores, addressed through each GM
view's own strides from the tile's coordinates (AL-8). A copy inside a pipelined tile loop
records whether it touched a buffer with a single slot (the loop then drains as before).
``GraphLowering`` owns the tile; ``TileCopies`` emits into it."""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Protocol

from xdsl.ir import SSAValue

from ascendc_emitter.builder import BodyBuilder
from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.dialect.types import element_bytes
from ascendc_emitter.target.types import (
    element_type,
    scalar_type,
)
from ascir_dialect.attributes import TensorType
from ascir_dialect.ops import AscirNode, VfOp
from ascir_dialect.ops.memory import LoadOp, OutputOp, StoreOp
from ascir_dialect.symbolic import SizeExpr
from lowering.plan import (
    ROW_BUFFER_BYTES,
    KernelPlan,
    inner_full,
)
from lowering.tile_ops import OnTile, Tile


@dataclass
class RowBlock:
    """The row block of the work item being built (``KernelPlan.block_pos``): its GM tensors
    move in one DataCopyPad each before its rows are computed one by one, and out in one
    each after them (``LoopNest``)."""

    base: SSAValue
    """The block axis coordinate of its first row."""
    rows: SSAValue
    """Its rows: the tiling's ``rows``, fewer at the end of the axis."""
    phase: str = "load"
    """"load": the block's loads; "rows": the row loop (loads done, stores deferred);
    "store": the block's stores."""
    views: dict[SSAValue, SSAValue] = field(default_factory=dict)
    """Each row's view of a row-multiplied buffer -> the whole block's region of it."""
    deferred: dict[StoreOp, SSAValue] = field(default_factory=dict)
    """Stores made after the row loop -> the region they store."""
    prefetched: bool = False
    """Its loads are issued a block ahead: the loop signals their arrival (no MTE2_V here)."""
    hoisted: list[AscirNode | VfOp] = field(default_factory=list)
    """Compute units the same in every row, computed before the rows (``LoopNest``)."""
    drain: bool = False
    """Some store was made inside the row loop (its buffer is shared by the rows: a
    broadcast along the block axis): each row then waits for MTE3 before the next."""

    def defers(self, value: SSAValue) -> bool:
        """Whether a store of ``value`` inside the row loop waits for the block's end."""
        return self.phase == "rows" and value in self.views


class CopyTile(Tile, Protocol):
    """What the copies read of the tile being built (``GraphLowering``)."""

    plan: KernelPlan
    tile: SSAValue
    row_block: RowBlock | None
    count: SSAValue
    globals: dict[AscirNode, SSAValue]
    pipelined: bool
    slotted: dict[SSAValue, SSAValue | int]
    """Double buffers of the pipelined tile loop -> elements per slot."""
    single_mte: bool
    chunk_single_mte: bool
    """Some copy of the tile loop touched a buffer with one slot."""
    in_chunks: bool
    row_cached: SSAValue | None
    """In a STREAMING row with the row cache: whether host tiling turned it on."""
    chunk_cached: SSAValue | None
    """Whether the pass's chunk has its own place in the row cache (``LoopNest._place``)."""
    loaded: set[LoadOp]
    """The cached loads an earlier pass of the row made."""
    prefetched: set[LoadOp]
    """The cached loads the output pass prefetches for the next row (``LoopNest._prefetch``)."""
    prefetch_on: SSAValue | None
    """Whether the previous row's output pass prefetched them for this row."""

    def building(self, b: BodyBuilder) -> AbstractContextManager[BodyBuilder]: ...


class TileCopies(OnTile):
    """The loads and stores of one kernel's tile."""

    kernel: CopyTile

    def gm_offset(self, t: TensorType, offset: SizeExpr) -> SSAValue:
        b = self.b
        off = self.kernel.sym(offset)
        for coord, r, s in zip(self.kernel.coords, t.repeats[:-1], t.strides[:-1], strict=True):
            if r != 1:
                off = b.add(off, b.mul(coord, self.kernel.sym(s)))
        if inner_full(t):
            off = b.add(off, b.mul(self.kernel.start, self.kernel.sym(t.strides[-1])))
        return off

    # ------------------------------------------------------------------- nodes
    def load(self, n: LoadOp) -> None:
        t, block = n.result_tensor(), self.kernel.row_block
        if block is not None:
            if block.phase == "rows":
                return  # the block's loads came before its rows
            if self.kernel.plan.along_block(t):
                region = self.kernel.values[n.results[0]]
                self.note_copy(region)
                self.block_copy(t, n.offset.data, region, self.kernel.globals[n.x.owner], block.rows, to_ub=True)  # type: ignore[index]
                if not block.prefetched:
                    self.b.sync("MTE2_V")
                return
        signal = block is None or not block.prefetched  # else the slot's MTE2_V event signals it
        k = self.kernel
        if k.in_chunks and k.row_cached is not None and n in k.plan.cached_loads:
            # the row cache: an earlier pass of the row loaded this chunk into its own place,
            # or the previous row's output pass prefetched it
            cached = k.chunk_cached
            assert cached is not None  # the pass's chunk took its place (LoopNest._place)
            done = None
            if n in k.loaded:
                done = cached
            elif n in k.prefetched:
                assert k.prefetch_on is not None
                done = self.b.select(k.prefetch_on, cached, k.prefetch_on)
            if done is not None:
                with self.b.when(self.b.cmp("eq", done, 0, name="uncached")) as wb, k.building(wb):
                    k.once_per_row_chunk(t, lambda: self.load_tile(n, t, signal))
                return
        k.once_per_row_chunk(t, lambda: self.load_tile(n, t, signal))

    def block_copy(
        self, t: TensorType, offset: SizeExpr, local: SSAValue, gm: SSAValue, rows: SSAValue, to_ub: bool
    ) -> None:
        """``rows`` rows of ``t`` along the row-block axis in one DataCopyPad: one block per
        row, each ``count`` elements (one when ``t`` is broadcast along the inner axis) at
        the GM stride of the block axis, landing a row pitch apart in UB (the tile, or one
        row buffer). The strides are gaps: bytes between blocks in GM, 32-byte blocks in UB
        (DataCopyExtParams on arch 3510). One row needs no gap; host tiling gives more rows
        only where the GM gap is legal (``HostTiling``)."""
        b, k = self.b, self.kernel
        assert k.plan.block_pos is not None
        e = element_bytes(element_type(t.dtype))
        full = inner_full(t)
        length = b.mul(k.count, e) if full else b.v(e)
        pitch = b.mul(k.tile, e) if full else b.v(ROW_BUFFER_BYTES)
        ub_gap = b.floordiv(b.sub(pitch, b.mul(b.ceildiv(length, 32), 32)), 32, name="ub_gap")
        step = b.mul(k.sym(t.strides[k.plan.block_pos]), e)
        gm_gap = b.select(b.cmp("sgt", rows, 1), b.sub(step, length), 0, name="gm_gap")
        src = b.gslice(gm, self.gm_offset(t, offset))
        if to_ub:
            b.copy_pad(local, src, rows, length, gm_gap, ub_gap)
        else:
            b.copy_pad(src, local, rows, length, ub_gap, gm_gap)

    def load_tile(self, n: LoadOp, t: TensorType, signal: bool = True) -> None:
        """Load ``n``'s tile; ``signal``: the vector pipe waits for it here (MTE2_V)."""
        if n.padded:
            self.padded_load_tile(n, t)
            return
        b = self.b
        dst, e = self.kernel.values[n.results[0]], element_bytes(element_type(t.dtype))
        self.note_copy(dst)
        src = b.gslice(self.kernel.globals[n.x.owner], self.gm_offset(t, n.offset.data))  # type: ignore[index]
        if not inner_full(t):
            b.copy_pad(dst, src, 1, e)
        elif t.strides[-1] == 1:
            b.copy_pad(dst, src, 1, b.mul(self.kernel.count, e))
        else:  # strided GM rows: one element per block, packed densely in UB
            gap = b.mul(b.sub(self.kernel.sym(t.strides[-1]), 1), e)
            b.copy_pad(dst, src, self.kernel.count, e, gap, 0, compact=True)
        if signal:
            b.sync("MTE2_V")

    def padded_load_tile(self, n: LoadOp, t: TensorType) -> None:
        """A padded load (``lower-movement``: ascir.pad, ascir.concat): the tile is filled
        with the pad value (``Duplicate``), then the positions inside every axis's valid
        range ``[low, repeat - high)`` are copied over it. A padded outer axis copies nothing
        in a work item whose coordinate is outside its range; on the inner axis the copy
        lands at tile position ``p = max(start, low) - start``, which DataCopyPad reaches
        from the 32-byte block below it with ``leftPadding = p mod (32 / sizeof(T))`` pad
        values (DataCopyPadExtParams; asc-devkit docs/zh/api/SIMD-API/基础API/数据搬运/
        DataCopyPad.md: each side's padding at most 32 bytes)."""
        b = self.b
        element = element_type(t.dtype)
        dst, e = self.kernel.values[n.results[0]], element_bytes(element)
        self.note_copy(dst)
        low, high = n.pads
        value = n.pad_python_value()
        fill = b.const(value, scalar_type(t.dtype), f"{n.node_name}_fill")
        b.vec(ac.DuplicateOp, dst, fill, self.kernel.count_of(t))
        b.sync("V_MTE2")  # the copy overwrites what Duplicate wrote
        off = self.kernel.sym(n.offset.data)
        inside: SSAValue | None = None

        def both(cond: SSAValue) -> SSAValue:
            return cond if inside is None else b.select(inside, cond, inside)

        for coord, r, st, lo, hi in zip(
            self.kernel.coords, t.repeats[:-1], t.strides[:-1], low[:-1], high[:-1], strict=True
        ):
            if r == 1:
                continue
            assert coord is not None
            if lo != 0 or hi != 0:
                lo_v, end_v = self.kernel.sym(lo), self.kernel.sym(r - hi)
                ok = b.select(
                    b.cmp("sge", coord, lo_v), b.cmp("slt", coord, end_v), b.cmp("sge", coord, lo_v)
                )
                inside = both(ok)
                coord = b.sub(coord, lo_v)
            off = b.add(off, b.mul(coord, self.kernel.sym(st)))
        if not inner_full(t):
            with b.when(inside if inside is not None else b.cmp("eq", 0, 0)) as wb:
                wb.copy_pad(dst, wb.gslice(self.kernel.globals[n.x.owner], off), 1, e)  # type: ignore[index]
            b.sync("MTE2_V")
            return
        lo, hi = low[-1], high[-1]
        lo_v = self.kernel.sym(lo)
        first = b.max(self.kernel.start, lo_v, name=f"{n.node_name}_v0")
        last = b.min(b.add(self.kernel.start, self.kernel.count), self.kernel.sym(t.repeats[-1] - hi), name=f"{n.node_name}_v1")
        inside = both(b.cmp("slt", first, last))
        with b.when(inside) as wb:
            num = wb.sub(last, first)
            src_off = wb.add(off, wb.mul(wb.sub(first, lo_v), self.kernel.sym(t.strides[-1])))
            src = wb.gslice(self.kernel.globals[n.x.owner], src_off)  # type: ignore[index]
            if t.strides[-1] == 1:
                per_block = 32 // e
                p = wb.sub(first, self.kernel.start)
                left = wb.rem(p, per_block)
                aligned = wb.sub(p, left)
                right = wb.rem(wb.sub(per_block, wb.rem(wb.add(left, num), per_block)), per_block)
                wide = e == 8 and value != 0  # copy-pad-b64: a 64-bit type pads with 0 only
                wb.copy_pad(
                    wb.lslice(dst, aligned), src, 1, wb.mul(num, e), pad_value=0 if wide else value, padding=(left, right)
                )
                if wide:  # the padding lanes of the copy's first and last block take the value back
                    self._set_lanes(wb, dst, [(aligned, left), (wb.add(p, num), right)], fill)
            elif lo == 0 and hi == 0:
                gap = wb.mul(wb.sub(self.kernel.sym(t.strides[-1]), 1), e)
                wb.copy_pad(dst, src, num, e, gap, 0, compact=True)
            else:
                self._strided_padded_run(n, t, wb, dst, src_off, first, num, fill, value)
        b.sync("MTE2_V")

    def _strided_padded_run(
        self,
        n: LoadOp,
        t: TensorType,
        b: BodyBuilder,
        dst: SSAValue,
        base: SSAValue,
        first: SSAValue,
        num: SSAValue,
        fill: SSAValue,
        value: int | float,
    ) -> None:
        """``num`` elements ``stride`` apart in GM from element ``base`` (a padded load whose
        innermost axis is strided: a concat of a transposed view) to tile position ``p``: the
        ones from the first 32-byte boundary at or after ``p`` packed by one DataCopyPad in
        Compact mode (its UB side starts on a boundary; it pads the last block's right side
        with the pad value, where the tile holds padding), the at most ``32 / sizeof(T) - 1``
        before it by the scalar unit (Compact mode has no left padding: DataCopyPad.md,
        PaddingMode)."""
        k = self.kernel
        e = element_bytes(element_type(t.dtype))
        per_block = 32 // e
        glob = k.globals[n.x.owner]  # type: ignore[index]
        stride = k.sym(t.strides[-1])
        p = b.sub(first, k.start)
        head = b.min(b.rem(b.sub(per_block, b.rem(p, per_block)), per_block), num, name=f"{n.node_name}_head")
        with k.building(b), k.ops.scalar_ub():
            with b.loop(0, head, 1, "head_lane") as (lb, j):
                lb.set_value(dst, lb.add(p, j), lb.get_value(glob, lb.add(base, lb.mul(j, stride))))
        rest = b.sub(num, head, name=f"{n.node_name}_rest")
        with b.when(b.cmp("sgt", rest, 0)) as rb:
            wide = e == 8 and value != 0  # copy-pad-b64: a 64-bit type pads with 0 only
            at = rb.add(p, head)
            src = rb.gslice(glob, rb.add(base, rb.mul(head, stride)))
            gap = rb.mul(rb.sub(stride, 1), e)
            rb.copy_pad(rb.lslice(dst, at), src, rest, e, gap, 0, pad_value=0 if wide else value, compact=True)
            if wide:  # the padding lanes after the run take the value back
                end = rb.add(at, rest)
                self._set_lanes(rb, dst, [(end, rb.rem(rb.sub(per_block, rb.rem(end, per_block)), per_block))], fill)

    def _set_lanes(self, b: BodyBuilder, dst: SSAValue, spans: list[tuple[SSAValue, SSAValue]], value: SSAValue) -> None:
        """``dst[start : start + count] = value`` by the scalar unit for each ``(start, count)``:
        the lanes DataCopyPad padded with 0 where a 64-bit pad value is another
        (``copy-pad-b64``)."""
        with self.kernel.building(b), self.kernel.ops.scalar_ub():
            for start, count in spans:
                with b.loop(0, count, 1, "pad_lane") as (lb, j):
                    lb.set_value(dst, lb.add(start, j), value)

    def store(self, n: StoreOp) -> None:
        b, t = self.b, n.result_tensor()
        src, e = self.kernel.values[n.x], element_bytes(element_type(t.dtype))
        out = next(u.operation for u in n.results[0].uses if isinstance(u.operation, OutputOp))
        block = self.kernel.row_block
        if block is not None and block.phase == "store":
            region = block.deferred[n]
            self.note_copy(region)
            rows = block.rows if self.kernel.plan.along_block(t) else b.v(1)
            self.block_copy(t, n.offset.data, region, self.kernel.globals[out], rows, to_ub=False)
            return
        if block is not None and block.defers(src):
            block.deferred[n] = block.views[src]
            return
        if block is not None:
            block.drain = True
        self.note_copy(src)
        dst = b.gslice(self.kernel.globals[out], self.gm_offset(t, n.offset.data))
        if not inner_full(t):
            b.copy_pad(dst, src, 1, e)
        elif t.strides[-1] == 1:
            b.copy_pad(dst, src, 1, b.mul(self.kernel.count, e))
        else:
            gap = b.mul(b.sub(self.kernel.sym(t.strides[-1]), 1), e)
            b.copy_pad(dst, src, self.kernel.count, e, 0, gap, compact=True)

    def note_copy(self, local: SSAValue) -> None:
        """A DataCopy of ``local`` in a pipelined tile loop: only a slot of a double buffer
        may be filled or drained without the classic end-of-tile drain."""
        if self.kernel.pipelined and not (
            isinstance(local.owner, ac.LocalSliceOp) and local.owner.source in self.kernel.slotted
        ):
            self.kernel.single_mte = True
            if self.kernel.in_chunks:  # in a pass's chunk loop: that loop drains its chunks
                self.kernel.chunk_single_mte = True
