"""Rows added in registers: the row sums of an outer-axis reduction (issue 36).

A sum over one outer axis takes its chunks -- rows of the kept inner axis -- a block at a
time (``KernelPlan.chunk_blocks``): a block's rows sit in UB one row pitch apart. Added one
memory-level ``Add`` per row, every row costs an API start (``target.costs.VF_HEAD``, 20
cycles, each memory-level call runs as a vector function on the 950) for a row of one or
two 256-byte repeats: a sum over dim 0 of [1000, 77] float32 spent 26 cycles per row on
the vector pipe where its data needs about 2. The function here adds a run of rows in
registers instead: per register of the row (``VL / sizeof(T)`` lanes) the accumulator is
loaded once, each row of the run loaded and added, and the sum stored once -- one API
start per run, one load and one ``Add`` per row and register.

The additions are the per-row ``Add``'s, lane by lane, in the same order, so the result is
the same bit for bit. The callers (``lowering.accumulators``) cut a block into runs that
end where torch's cascade flushes a level (``lowering.cascade``: every ``base`` chunks),
and run the cascade step after each run as after a single chunk.

``RowSums`` is module-wide: one ``__simd_vf__`` function per element type, shared by every
kernel of the module (the main and the SPLIT kernel).
"""

from __future__ import annotations

from xdsl.ir import SSAValue

from ascendc_emitter.builder import BodyBuilder, KernelModuleBuilder, i64
from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.dialect.types import UbPtrType
from ascendc_emitter.target.registers import VECTOR_BYTES
from ascendc_emitter.target.support import reg_api_supports
from ascendc_emitter.target.types import element_name, element_type
from ascir_dialect.dtypes import DType

ADD = ac.RegAddOp
"""The register-level step: ``Reg矢量计算/基础算术/Add.md`` (its dtypes: ``target.support``)."""


def adds_rows(dtype: DType) -> bool:
    """Whether rows of ``dtype`` can be added in registers (the register ``Add`` takes it)."""
    return dtype is not DType.bool and reg_api_supports(ADD.API, element_name(dtype))


class RowSums:
    """The row-sum functions of one kernel module and their calls."""

    def __init__(self, kb: KernelModuleBuilder, kernel_name: str) -> None:
        self.kb, self.kernel_name = kb, kernel_name
        self._defined: set[DType] = set()

    def add_rows(
        self,
        b: BodyBuilder,
        dtype: DType,
        acc: SSAValue,
        src: SSAValue,
        first: SSAValue | int,
        rows: SSAValue | int,
        pitch: SSAValue | int,
        count: SSAValue | int,
    ) -> None:
        """``acc[0:count] += src[first + r * pitch : ... + count]`` for ``r`` in ``0..rows``,
        in that order (``acc`` and ``src``: ``LocalTensor``s of ``dtype``)."""
        assert adds_rows(dtype), dtype  # callers ask adds_rows first
        name = self.kb.symbol(f"{self.kernel_name}_row_sum_{dtype.name}", key=("row_sum", dtype))
        if dtype not in self._defined:
            self._defined.add(dtype)
            self._define(name, dtype)
        args = [b.phy_addr(acc), b.phy_addr(src), b.v(first), b.v(rows), b.v(pitch), b.v(count)]
        b.vf_call(name, args)

    def _define(self, name: str, dtype: DType) -> None:
        ptr = UbPtrType(element_type(dtype))
        params = [("acc", ptr), ("src", ptr), ("first", i64), ("rows", i64), ("pitch", i64), ("count", i64)]
        per_iter = VECTOR_BYTES // dtype.nbytes
        with self.kb.function(ac.SimdVfOp, name, params) as (fb, (acc, src, first, rows, pitch, count)):
            iters = fb.ceildiv(count, per_iter, name="iters")
            with fb.loop(0, iters, 1, "i") as (lb, i):
                off = lb.mul(i, per_iter, name="off")
                mask = lb.update_mask(lb.sub(count, off), element_type(dtype), name="mask")
                start = lb.reg_load(acc, off, name="sum")
                with lb.fold(0, rows, start, "r", "running") as (rb, r, running, nxt):
                    row = rb.reg_load(src, rb.add(rb.add(first, rb.mul(r, pitch)), off), name="row")
                    nxt.append(rb.reg(ADD, running, row, mask, name="added"))
                lb.reg_store(acc, off, lb.folded, mask)


__all__ = ["ADD", "RowSums", "adds_rows"]
