"""The accumulators of a tile's reductions: the resident ReduceX of a whole row, the running
combine of a streamed pass (in the accumulator dtype: float32 for float16/bfloat16 sums),
the cascade of levels that keeps a long float sum as accurate as torch's (``lowering.cascade``),
the scalar fold of a reduction without a ReduceX (Prod), and the fix-up of the 950's finite
ReduceMax/ReduceMin bound, and the SPLIT schedule's partials (each core's written to the
workspace, every part's combined by the next phase). ``GraphLowering`` owns the tile and
its passes; ``Accumulators`` emits into it."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, ExitStack
from typing import Protocol

from xdsl.dialects import arith
from xdsl.dialects.builtin import Float32Type, IntegerType
from xdsl.ir import SSAValue

from ascendc_emitter.builder import BodyBuilder, hint
from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.target.ops import (
    reduction,
    reduction_identity,
)
from ascendc_emitter.target.types import (
    element_type,
    scalar_type,
)
from ascir_dialect.dtypes import DType
from ascir_dialect.ops.reduce import MaxOp, ReduceNode, SumOp
from lowering.cascade import LEVELS
from lowering.plan import (
    PASS,
    KernelPlan,
    accumulator_dtype,
)
from lowering.row_sums import RowSums, adds_rows
from lowering.tile_copies import RowBlock
from lowering.tile_ops import OnTile, Tile, TileOps
from passes.diagnostics import PassError
from passes.phases import PhasePlan

F32 = Float32Type()
"""The scalar type of the online sums' running values."""

FOLD_LANES = 32
"""Lanes left to the scalar fold of a reduction without a ReduceX (Prod) after its vector
halving steps: slices start at multiples of 32 elements, 32-byte aligned for every
accumulator dtype (2 bytes and up; a tile is a multiple of them)."""
FOLD_STEPS = 28
"""Halving steps of that fold: enough for 32 * 2**28 lanes, beyond any UB tile."""


class ReductionTile(Tile, Protocol):
    """What the accumulators read of the tile being built (``GraphLowering``)."""

    ops: TileOps
    phases: PhasePlan
    tile: SSAValue
    count: SSAValue
    sum_base: SSAValue | None
    chunks_done: SSAValue
    cascaded: set[ReduceNode]
    plan: KernelPlan
    rows: SSAValue | None
    row_pitch: dict[SSAValue, SSAValue | int]
    row_sums: RowSums | None
    row_block: RowBlock | None

    def building(self, b: BodyBuilder) -> AbstractContextManager[BodyBuilder]: ...


    # SPLIT: the workspace of the partials and this core's part of its work item
    k: BodyBuilder
    tiling: SSAValue
    workspace: SSAValue
    reductions: list[ReduceNode]
    total: SSAValue
    t: SSAValue
    part: tuple[SSAValue, SSAValue, SSAValue] | None


class Accumulators(OnTile):
    """The reductions' lowering rules on one kernel's tile."""

    kernel: ReductionTile

    def __init__(self, kernel: ReductionTile) -> None:
        super().__init__(kernel)
        self._partial_tensors: dict[str, SSAValue] = {}
        """SPLIT: each reduction's GM view of its partials in the workspace."""

    def as_acc(self, n: ReduceNode, src: SSAValue, count: SSAValue | int) -> SSAValue:
        """The operand of ``n`` in the accumulator dtype (a Cast into a temporary)."""
        d, a = n.result_tensor().dtype, accumulator_dtype(n)
        if a == d:
            return src
        tmp = self.kernel.temp(f"{n.node_name}_acc_in", element_type(a), True)
        self.kernel.ops.cast_into(tmp, src, d, a, count)
        return tmp

    def reduce_resident(self, n: ReduceNode) -> None:
        """The whole reduced extent is the tile: one ReduceX (cast to the accumulator dtype first)."""
        d, a = n.result_tensor().dtype, accumulator_dtype(n)
        src = self.as_acc(n, self.kernel.values[n.x], self.kernel.count)
        work = self.work(n)
        dst = (
            self.kernel.values[n.results[0]] if a == d else self.kernel.temp(f"{n.node_name}_res", element_type(a), False)
        )
        self.reduce_call(n, dst, src, work, self.kernel.count)
        if a != d:
            self.kernel.ops.cast_into(self.kernel.values[n.results[0]], dst, a, d, 1)

    def work(self, n: ReduceNode) -> SSAValue:
        """``n``'s work tensor for a source of at most a tile: a ReduceX's is a fraction of a
        tile (``plan.work_bytes``); the scalar fold of a reduction without one (Prod) halves
        a whole tile in place (:meth:`scalar_fold`)."""
        full = reduction(n).memory is None
        return self.kernel.temp(f"{n.node_name}_work", element_type(accumulator_dtype(n)), full, work=not full)

    def reduce_call(
        self, n: ReduceNode, dst: SSAValue, src: SSAValue, work: SSAValue, count: SSAValue | int
    ) -> None:
        """``ReduceX(dst, src, work, count)``, and for a float max/min the fix-up of the 950's
        finite start value (:meth:`unclamp`); a reduction without a ReduceX (Prod) folds
        the lanes with its combine step's scalar form (:meth:`scalar_fold`)."""
        memory = reduction(n).memory
        if memory is None:
            self.scalar_fold(n, dst, src, work, count)
            return
        self.b.vec(memory, dst, src, work, count)
        if not isinstance(n, SumOp) and accumulator_dtype(n).is_float:
            self.unclamp(n, dst, src, count)

    def scalar_fold(
        self, n: ReduceNode, dst: SSAValue, src: SSAValue, work: SSAValue, count: SSAValue | int
    ) -> None:
        """``dst[0] = src[0] * src[1] * ... * src[count - 1]``: the basic API has no
        ReduceProd (target ``REDUCTIONS``). ``work`` (a tile, identity beyond ``count``)
        takes ``src`` and is halved by vector combine steps while more than ``FOLD_LANES``
        lanes are left -- the upper part (from a ``FOLD_LANES``-aligned half, so every
        slice stays 32-byte aligned) multiplied into the lower -- then the rest is folded by
        the combine step's ``arith`` op (``mulf`` / ``muli``: integer products wrap), one
        GetValue per lane."""
        a = accumulator_dtype(n)
        entry = reduction(n)
        form = entry.combine_entry.scalar
        op = None if form is None else form.op_for(a)
        step = entry.combine_entry.memory
        if op is None or step is None:  # pragma: no cover - the table gives Prod's Mul both
            raise PassError(PASS, f"{n.describe()}: no scalar form of {entry.combine.name}", at=n)
        b = self.b
        st = scalar_type(a)
        one = b.const(reduction_identity(n, a), st)
        padded = b.mul(b.ceildiv(count, FOLD_LANES), FOLD_LANES, name="fold_padded")
        b.vec(ac.DuplicateOp, work, one, padded)
        b.vec(step, work, work, src, count)
        with b.fold(0, FOLD_STEPS, b.v(padded), "h", "lanes") as (fb, _k, lanes, nxt):
            more = fb.cmp("sgt", lanes, FOLD_LANES, name="more")
            half = fb.mul(fb.ceildiv(lanes, 2 * FOLD_LANES), FOLD_LANES, name="halved")
            with fb.when(more) as wb:
                upper = wb.sub(lanes, half)
                low = wb.lslice(work, 0, upper)
                wb.vec(step, low, low, wb.lslice(work, half, upper), upper)
            nxt.append(fb.select(more, half, lanes))
        left = b.folded
        with self.kernel.ops.scalar_ub():
            with b.fold(0, left, one, "k", "prod") as (fb, k, acc, nxt):
                nxt.append(fb.insert(op(acc, fb.get_value(work, k))).results[0])
            b.set_value(dst, 0, b.folded)

    def unclamp(self, n: ReduceNode, dst: SSAValue, src: SSAValue, count: SSAValue | int) -> None:
        """The 950's ReduceMax starts from the lowest finite value (ReduceMin: the highest;
        runtime/sim vector.h cites the impl), so a row of -inf gives -FLT_MAX where torch gives
        -inf. The result is that value only for such a row or one that holds the value itself:
        when it is, a scalar pass looks for the value and, not finding it, writes the
        infinity. Compared as bits (an integer view), so NaN and -0.0 need no care; the common
        case costs one GetValue."""
        a = accumulator_dtype(n)
        bits = {DType.float32: IntegerType(32), DType.float16: IntegerType(16)}.get(a)
        if bits is None:  # pragma: no cover - ReduceMax/Min have no other float accumulator
            raise PassError(PASS, f"{n.describe()}: no {a} ReduceMax/ReduceMin on arch 3510", at=n)
        width = bits.width.data
        lowest = isinstance(n, MaxOp)
        # bit patterns: float32 -FLT_MAX 0xFF7FFFFF / +FLT_MAX 0x7F7FFFFF, -inf 0xFF800000 /
        # +inf 0x7F800000; float16 0xFBFF / 0x7BFF, 0xFC00 / 0x7C00 (as signed integers)
        finite = {32: 0x7F7FFFFF, 16: 0x7BFF}[width]
        infinity = {32: 0x7F800000, 16: 0x7C00}[width]
        sign = 1 << (width - 1)
        bound = finite - (1 << width) + sign if lowest else finite
        inf = infinity - (1 << width) + sign if lowest else infinity
        element = element_type(DType.int32 if width == 32 else DType.int16)
        b = self.b
        dst_bits = b.reinterpret(dst, element, name="res_bits")
        src_bits = b.reinterpret(src, element, name="row_bits")
        with self.kernel.ops.scalar_ub():
            clamped = b.cmp("eq", b.get_value(dst_bits, 0), b.const(bound, bits), name="clamped")
            with b.when(clamped) as wb:
                with wb.fold(0, count, wb.const(0, IntegerType(1)), "k", "holds") as (fb, k, held, nxt):
                    here = fb.cmp("eq", fb.get_value(src_bits, k), fb.const(bound, bits))
                    nxt.append(fb.select(held, held, here))
                with wb.when(wb.cmp("eq", wb.folded, wb.const(0, IntegerType(1)))) as inner:
                    inner.set_value(dst_bits, 0, inner.const(inf, bits))

    def accumulator(self, n: ReduceNode) -> SSAValue:
        d, a = n.result_tensor().dtype, accumulator_dtype(n)
        if not self.kernel.phases.inner_reduced and a == d:
            return self.kernel.values[n.results[0]]  # the result itself accumulates
        return self.kernel.temp(f"{n.node_name}_acc", element_type(a), True)

    def acc_width(self, n: ReduceNode) -> SSAValue | int:
        return self.kernel.tile if self.kernel.phases.inner_reduced else self.kernel.count_of(n.result_tensor())

    def reset(self, n: ReduceNode, acc: SSAValue, width: SSAValue | int) -> None:
        a = accumulator_dtype(n)
        self.b.vec(ac.DuplicateOp, acc, self.b.const(reduction_identity(n, a), scalar_type(a)), width)

    def levels(self, n: ReduceNode) -> list[SSAValue]:
        """The cascade's accumulators above level 0 (the accumulator itself), if ``n`` cascades.
        An outer-axis reduction keeps one cascade per lane (tile-wide levels); an inner-axis
        one reduces level 0's lanes to one value at each flush (a ReduceX: a tree), so its
        levels are single values -- no UB per tile element, which would shrink every tile of
        the kernel, the RESIDENT schedule's included."""
        if n not in self.kernel.cascaded:
            return []
        a = element_type(accumulator_dtype(n))
        wide = not self.kernel.phases.inner_reduced
        return [self.kernel.temp(f"{n.node_name}_acc{k}", a, wide) for k in range(1, LEVELS)]

    def level_width(self, width: SSAValue | int) -> SSAValue | int:
        return 1 if self.kernel.phases.inner_reduced else width

    def acc_begin(self, n: ReduceNode) -> None:
        width = self.acc_width(n)
        self.reset(n, self.accumulator(n), width)
        for level in self.levels(n):
            self.reset(n, level, self.level_width(width))

    def sums_rows(self, n: ReduceNode) -> bool:
        """Whether a chunk block's rows of ``n``'s operand are added in registers, all at once
        after the block's rows (``lowering.row_sums``) instead of one ``combine`` per row: a
        sum over the block axis whose operand's buffer holds the block's rows in its own
        dtype, the accumulator dtype."""
        k = self.kernel
        a = accumulator_dtype(n)
        return self.adds_rows(n) and k.plan.chunk_blocks and n.x in k.row_pitch and n.x.type.dtype == a  # type: ignore[attr-defined]

    def adds_rows(self, n: ReduceNode) -> bool:
        """Whether ``n`` combines chunk rows in registers (``lowering.row_sums``): a sum, in
        an accumulator dtype the register ``Add`` takes, where the kernel has VF functions."""
        return self.kernel.row_sums is not None and isinstance(n, SumOp) and adds_rows(accumulator_dtype(n))

    def add_rows(
        self,
        n: ReduceNode,
        acc: SSAValue,
        src: SSAValue,
        pitch: SSAValue | int,
        rows: SSAValue,
        done: SSAValue,
        width: SSAValue | int,
        top: SSAValue | None = None,
    ) -> None:
        """``rows`` chunks of ``n`` (``src``: one per ``pitch`` elements), the first the
        ``done + 1``-th of the pass, combined into ``acc`` in registers: in runs that end
        where the cascade flushes (every ``base`` chunks), each followed by the cascade step
        a single chunk there takes -- the same additions in the same order as ``combine``
        and ``cascade_step`` per chunk. ``top``: as :meth:`cascade_step`."""
        b, k = self.b, self.kernel
        sums = k.row_sums
        assert sums is not None  # adds_rows
        a = accumulator_dtype(n)
        if not self.levels(n):
            sums.add_rows(b, a, acc, src, 0, rows, pitch, width)
            return
        base = b.v(k.sum_base)
        end = b.add(done, rows, name="run_end")
        with b.loop(b.floordiv(done, base), b.ceildiv(end, base), 1, "run") as (rb, g), k.building(rb):
            lo = rb.max(rb.mul(g, base), done, name="run_first")
            hi = rb.min(rb.mul(rb.add(g, 1), base), end, name="run_last")
            sums.add_rows(rb, a, acc, src, rb.mul(rb.sub(lo, done), pitch), rb.sub(hi, lo), pitch, width)
            self.cascade_step(n, acc, hi, width, top)

    def acc_rows(self, n: ReduceNode, block: SSAValue, rows: SSAValue, done: SSAValue) -> None:
        """A chunk block's ``rows`` chunks of ``n`` (:meth:`sums_rows`; ``block``: its
        operand's buffer of the block), after ``done`` chunks of the pass."""
        pitch = self.kernel.row_pitch[n.x]
        self.add_rows(n, self.accumulator(n), block, pitch, rows, done, self.acc_width(n))

    def acc_step(self, n: ReduceNode) -> None:
        if self.kernel.row_block is not None and self.sums_rows(n):
            return  # the block's rows are added after them (LoopNest._chunk_blocks)
        count = self.kernel.count_of(n.x.type)  # type: ignore[arg-type]
        self.combine(n, self.accumulator(n), self.as_acc(n, self.kernel.values[n.x], count), count)
        self.cascade_step(n, self.accumulator(n), self.kernel.chunks_done, self.acc_width(n))

    def cascade_step(
        self, n: ReduceNode, acc: SSAValue, done: SSAValue, width: SSAValue | int, top: SSAValue | None = None
    ) -> None:
        """After the ``done``-th combine into ``acc`` (level 0): every ``base**k`` combines,
        level ``k - 1`` is added into level ``k`` and reset (``lowering.cascade``); level 0
        of an inner-axis reduction is reduced to one value first. ``top``: only the levels
        up to it take flushes (the SPLIT parts' combination, torch's upper levels)."""
        levels = self.levels(n)
        if not levels:
            return
        base = self.b.v(self.kernel.sum_base)
        period, lower, lower_width = base, acc, width
        with ExitStack() as stack:
            for k, level in enumerate(levels):
                if k:
                    period = self.b.mul(period, base)
                due = self.b.cmp("eq", self.b.rem(done, period), 0, name="flush")
                if top is not None:
                    due = self.b.select(due, self.b.cmp("slt", k, top), due)
                stack.enter_context(self.kernel.building(stack.enter_context(self.b.when(due))))
                src = lower
                if self.kernel.phases.inner_reduced and k == 0:  # level 0's lanes -> one value
                    a = element_type(accumulator_dtype(n))
                    src = self.kernel.temp(f"{n.node_name}_flush", a, False)
                    self.reduce_call(n, src, lower, self.work(n), width)
                self.combine(n, level, src, self.level_width(width))
                self.reset(n, lower, lower_width)
                lower, lower_width = level, self.level_width(width)

    def cascade_end(self, n: ReduceNode, acc: SSAValue | None = None) -> None:
        """The levels added into level 0, lowest first (torch's order); an inner-axis
        reduction's single-value levels into its lane 0."""
        acc = self.accumulator(n) if acc is None else acc
        for level in self.levels(n):
            self.combine(n, acc, level, self.level_width(self.acc_width(n)))

    def combine(self, n: ReduceNode, acc: SSAValue, src: SSAValue, count: SSAValue | int) -> None:
        """``acc = acc (+ | max | min) src`` elementwise; max/min propagate NaN as torch does."""
        a = accumulator_dtype(n)
        drops_nan = reduction(n).combine_entry.drops_nan
        fix = self.kernel.ops.nan_guard([acc, src], a, count) if a.is_float and drops_nan else None
        self.b.vec(reduction(n).combine_entry.memory, acc, acc, src, count)
        if fix is not None:
            fix(acc)

    def acc_end(self, n: ReduceNode) -> None:
        d, a = n.result_tensor().dtype, accumulator_dtype(n)
        acc = self.accumulator(n)
        if self.kernel.phases.inner_reduced:  # lanes beyond the last chunk hold the identity
            work = self.work(n)
            dst = (
                self.kernel.values[n.results[0]]
                if a == d
                else self.kernel.temp(f"{n.node_name}_res", element_type(a), False)
            )
            self.reduce_call(n, dst, acc, work, self.kernel.tile)
            acc = dst
        if a != d:
            self.kernel.ops.cast_into(self.kernel.values[n.results[0]], acc, a, d, self.kernel.count_of(n.result_tensor()))

    # ------------------------------------------------------------ online sums
    def _running_max(self, m: ReduceNode) -> SSAValue:
        return self.kernel.temp(f"{m.node_name}_run", element_type(DType.float32), False)

    def online_begin(self, m: ReduceNode, s: ReduceNode) -> None:
        """A pass computing ``s`` beside ``m`` (``KernelPlan.online``): the running max
        starts at -inf, ``s``'s accumulators at 0."""
        self.b.vec(ac.DuplicateOp, self._running_max(m), self.b.const(float("-inf"), F32), 1)
        self.acc_begin(s)

    def online_step(self, m: ReduceNode, s: ReduceNode, emit: Callable[[], None]) -> None:
        """One chunk of ``m`` and ``s``: the chunk's max ``c`` (a ReduceMax, torch's NaN); a
        chunk of -inf alone adds nothing (``exp(x - M)`` is 0 for it once ``M`` is finite,
        and a row of -inf alone gets NaN at the end, :meth:`online_end`); else ``M' =
        max(M, c)`` (NaN sticks), the sum's lanes and levels scaled by ``exp(M - M')`` when
        ``M`` was finite and grows, and the chunk's ``exp(x - M')`` (``emit``: the units
        ``s`` needs, reading the running max for ``m``) added as any chunk of a sum."""
        b, k = self.b, self.kernel
        run = self._running_max(m)
        chunk = k.temp(f"{m.node_name}_chunk", element_type(DType.float32), False)
        scale = chunk  # read by the scalar unit before it writes the exponent there
        work = self.work(m)
        self.reduce_call(m, chunk, k.values[m.x], work, k.count_of(m.x.type))  # type: ignore[arg-type]
        ninf = b.const(float("-inf"), F32)
        with k.ops.scalar_ub():
            c, old = b.get_value(chunk, 0, name="chunk_max"), b.get_value(run, 0, name="run_max")
            live = _fcmp(b, "une", c, ninf, "live")  # NaN: live
            raised = b.insert(arith.OrIOp(_fcmp(b, "une", c, c), _fcmp(b, "ogt", c, old))).results[0]
            new = b.select(raised, c, old, name="new_max")
            grows = _fcmp(b, "ogt", new, old)
            grows = b.select(grows, _fcmp(b, "une", old, ninf), grows, name="rescaled")
            with b.when(grows) as wb:
                wb.set_value(scale, 0, wb.insert(arith.SubfOp(old, new)).results[0])
            with b.when(live) as wb:
                wb.set_value(run, 0, new)
        with b.when(grows) as wb, k.building(wb):
            wb.vec(ac.ExpOp, scale, scale, 1)
            with k.ops.scalar_ub():
                factor = wb.get_value(scale, 0, name="rescale")
            acc, width = self.accumulator(s), self.acc_width(s)
            wb.vec(ac.MulsOp, acc, acc, factor, width)
            period: SSAValue | None = None
            for level in self.levels(s):  # level k holds a value once base**k chunks are in
                period = wb.v(k.sum_base) if period is None else wb.mul(period, k.sum_base)
                with wb.when(wb.cmp("sgt", k.chunks_done, period)) as lb:
                    lb.vec(ac.MulsOp, level, level, factor, self.level_width(width))
        with b.when(live) as wb, k.building(wb):
            saved = k.values[m.results[0]]
            k.values[m.results[0]] = run
            try:
                emit()
            finally:
                k.values[m.results[0]] = saved
            self.acc_step(s)

    def online_end(self, m: ReduceNode, s: ReduceNode) -> None:
        """``m`` is the running max; ``s`` the sum's accumulators reduced, NaN for a row of
        -inf alone (torch: ``exp(-inf - -inf)``)."""
        self.acc_end(s)
        b, k = self.b, self.kernel
        with k.ops.scalar_ub():
            top = b.get_value(self._running_max(m), 0, name="row_max")
            b.set_value(k.values[m.results[0]], 0, top)
            self._nan_without_max(k.values[s.results[0]], top)

    def _nan_without_max(self, total: SSAValue, top: SSAValue) -> None:
        b = self.b
        with b.when(_fcmp(b, "oeq", top, b.const(float("-inf"), F32), "all_ninf")) as wb:
            wb.set_value(total, 0, wb.const(float("nan"), F32))

    def write_online_partials(self, m: ReduceNode, s: ReduceNode) -> None:
        """A SPLIT part's ``(M_j, S_j)``: its running max and its sum against it."""
        self.write_partial(s)
        g, first, _ = self.partials(m)
        b = self.b
        b.sync("S_MTE3")  # the running max is the scalar unit's
        b.copy_pad(b.gslice(g, b.add(first, self.kernel.part[0])), self._running_max(m), 1, 4)  # type: ignore[index]

    def combine_online(self, s: ReduceNode, m: ReduceNode) -> None:
        """The parts' ``S_j`` into ``s``: ``sum_j S_j * exp(M_j - M)`` (``m``'s value ``M``
        combined first), NaN for a row of -inf alone."""
        b, k = self.b, self.kernel
        (_index, parts, _per_part) = k.part  # type: ignore[misc]
        g_s, first, _ = self.partials(s)
        g_m, first_m, _ = self.partials(m)
        f32 = element_type(DType.float32)
        # the maxes' staging buffer again (their ReduceMax has read it)
        sums, weights = k.temp(f"{s.node_name}_part_in", f32, True), k.temp(f"{m.node_name}_part_in", f32, True)
        b.sync("V_MTE2")
        b.copy_pad(sums, b.gslice(g_s, first), 1, b.mul(parts, 4))
        b.copy_pad(weights, b.gslice(g_m, first_m), 1, b.mul(parts, 4))
        b.sync("MTE2_V")
        with k.ops.scalar_ub():
            top = b.get_value(k.values[m.results[0]], 0, name="row_max")
            lowered = b.insert(arith.SubfOp(b.const(0.0, F32), top)).results[0]  # exp(M_j - M): +-0 alike
        b.vec(ac.AddsOp, weights, weights, lowered, parts)
        b.vec(ac.ExpOp, weights, weights, parts)
        b.vec(ac.MulOp, sums, sums, weights, parts)
        self.reduce_call(s, k.values[s.results[0]], sums, self.work(s), parts)
        with k.ops.scalar_ub():
            self._nan_without_max(k.values[s.results[0]], top)

    # ------------------------------------------------------------ SPLIT partials
    def partials(self, n: ReduceNode) -> tuple[SSAValue, SSAValue, bool]:
        """(GM tensor of ``n``'s partials, element offset of this work item's first one,
        whether a partial is one element): part ``j`` of work item ``w`` writes at
        ``(w * parts + j) * width``, width 1 (inner axis reduced) or ``tile``."""
        a = accumulator_dtype(n)
        k, (_index, parts, _per_part) = self.kernel.k, self.kernel.part  # type: ignore[misc]
        key = f"{n.node_name}_partials"
        if key not in self._partial_tensors:
            byte_offset = k.tiling_get(self.kernel.tiling, f"ws_{self.kernel.reductions.index(n)}")
            size = k.tiling_get(self.kernel.tiling, "split_parts")
            self._partial_tensors[key] = k.global_tensor(
                self.kernel.workspace,
                element_type(a),
                k.floordiv(byte_offset, a.nbytes),
                k.mul(k.mul(size, self.kernel.total), self.kernel.tile),
                key,
            )
        g = self._partial_tensors[key]
        scalar = self.kernel.phases.inner_reduced
        first = self.b.mul(self.b.mul(self.kernel.t, parts), 1 if scalar else self.kernel.tile)
        return g, first, scalar

    def _combine_blocks(
        self, n: ReduceNode, g: SSAValue, first: SSAValue, count: SSAValue | int, top: SSAValue | None
    ) -> None:
        """The parts' partials of ``n`` (a reduction over one outer axis: chunk blocks) into
        its accumulator, ``rows`` partials per DataCopyPad (one block each, ``tile`` apart in
        GM and in UB), combined one by one in the parts' order."""
        a = accumulator_dtype(n)
        b, k = self.b, self.kernel
        (_index, parts, _per_part), rows = k.part, k.rows  # type: ignore[misc]
        assert rows is not None
        staged = k.temp(f"{n.node_name}_parts_in", element_type(a), True, rows=True)
        dst = self.accumulator(n)
        length = b.mul(b.v(count), a.nbytes)
        gm_gap = b.mul(b.sub(k.tile, count), a.nbytes)
        ub_gap = b.floordiv(b.sub(b.mul(k.tile, a.nbytes), b.mul(b.ceildiv(length, 32), 32)), 32)
        with b.loop(0, parts, rows, "pb") as (lb, j0), k.building(lb):
            n_rows = lb.min(rows, lb.sub(parts, j0), name="block_parts")
            offset = lb.add(first, lb.mul(j0, k.tile))
            lb.copy_pad(staged, lb.gslice(g, offset), n_rows, length, lb.select(lb.cmp("sgt", n_rows, 1), gm_gap, 0), ub_gap)
            lb.sync("MTE2_V")
            if self.adds_rows(n):
                self.add_rows(n, dst, staged, k.tile, n_rows, j0, count, top)
            else:
                with lb.loop(0, n_rows, 1, "p") as (rb, r), k.building(rb):
                    view = rb.lslice(staged, rb.mul(r, k.tile), k.tile)
                    self.combine(n, dst, view, count)
                    self.cascade_step(n, dst, rb.add(rb.add(j0, r), 1), count, top)
            lb.sync("V_MTE2")

    def write_partial(self, n: ReduceNode) -> None:
        a = accumulator_dtype(n)
        g, first, scalar = self.partials(n)
        b, acc = self.b, self.accumulator(n)
        index = self.kernel.part[0]  # type: ignore[index]
        if scalar:
            work = self.work(n)
            one = self.kernel.temp(f"{n.node_name}_res", element_type(a), False)
            self.reduce_call(n, one, acc, work, self.kernel.tile)
            acc, offset, count = one, b.add(first, index), 1
        else:
            offset, count = b.add(first, b.mul(index, self.kernel.tile)), self.kernel.count_of(n.result_tensor())
        b.sync("V_MTE3")
        b.copy_pad(b.gslice(g, offset), acc, 1, b.mul(b.v(count), a.nbytes))

    def combine_partials(self, n: ReduceNode) -> None:
        """Every part's partial of ``n`` -> ``n``'s value for this work item."""
        d, a = n.result_tensor().dtype, accumulator_dtype(n)
        g, first, scalar = self.partials(n)
        b, (_index, parts, _per_part) = self.b, self.kernel.part  # type: ignore[misc]
        staged = self.kernel.temp(f"{n.node_name}_part_in", element_type(a), True)
        b.sync("V_MTE2")  # the vector pipe's last read of the staged partials (a block's previous part)
        if scalar:  # the parts' values are adjacent: one copy, one ReduceX
            b.copy_pad(staged, b.gslice(g, first), 1, b.mul(parts, a.nbytes))
            b.sync("MTE2_V")
            work = self.work(n)
            dst = (
                self.kernel.values[n.results[0]]
                if a == d
                else self.kernel.temp(f"{n.node_name}_res", element_type(a), False)
            )
            self.reduce_call(n, dst, staged, work, parts)
        else:
            count = self.kernel.count_of(n.result_tensor())
            # the parts are torch's level-k blocks (host tiling, HostTiling._split): their sums add
            # as torch's levels k.. do, of which split_top are above the first
            top = self.kernel.k.tiling_get(self.kernel.tiling, "split_top") if n in self.kernel.cascaded else None
            self.acc_begin(n)
            dst = self.accumulator(n)
            if self.kernel.plan.chunk_blocks:
                self._combine_blocks(n, g, first, count, top)
            else:
                with b.loop(0, parts, 1, "p") as (lb, j), self.kernel.building(lb):
                    offset = lb.add(first, lb.mul(j, self.kernel.tile))
                    lb.copy_pad(staged, lb.gslice(g, offset), 1, lb.mul(lb.v(count), a.nbytes))
                    lb.sync("MTE2_V")
                    self.combine(n, dst, staged, count)
                    self.cascade_step(n, dst, lb.add(j, 1), count, top)
                    lb.sync("V_MTE2")
            self.cascade_end(n, dst)
        if a != d:
            self.kernel.ops.cast_into(self.kernel.values[n.results[0]], dst, a, d, self.kernel.count_of(n.result_tensor()))


def _fcmp(b: BodyBuilder, pred: str, x: SSAValue, y: SSAValue, name: str | None = None) -> SSAValue:
    """A scalar float compare (``arith.cmpf``: ordered or unordered, as IEEE)."""
    op = b.insert(arith.CmpfOp(x, y, pred))
    if name:
        op.results[0].name_hint = hint(name)
    return op.results[0]

