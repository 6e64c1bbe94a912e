"""IndirectLoad: torch.gather semantics (seed 001 FR1).

``y[c] = x1[c with c[dim] = x2[c]]`` for every coordinate ``c`` of the index ``x2``.
Input and index have equal rank; the output view equals the index view; on non-``dim``
axes the index is no larger than the input (checked wherever it is provable).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from xdsl.dialects.builtin import BoolAttr, IntegerAttr
from xdsl.irdl import irdl_op_definition, operand_def, prop_def, result_def

from ascir_dialect import dtypes as dt
from ascir_dialect.attributes import TensorType
from ascir_dialect.lazy import LazyModule
from ascir_dialect.ops.node import AscirNode

np = LazyModule("numpy")


@irdl_op_definition
class IndirectLoadOp(AscirNode):
    name = "ascir.indirect_load"
    PY_NAME: ClassVar[str] = "IndirectLoad"

    x1 = operand_def(TensorType)
    x2 = operand_def(TensorType)
    y = result_def(TensorType)
    dim = prop_def(IntegerAttr)
    need_check_negative = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    need_check_bound = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))

    @property
    def dim_value(self) -> int:
        return self.dim.value.data

    @property
    def check_negative(self) -> bool:
        return bool(self.need_check_negative.value.data)

    @property
    def check_bound(self) -> bool:
        return bool(self.need_check_bound.value.data)

    def verify_node(self) -> None:
        src = self.tensor_operand(0, "x1 (input)")
        index = self.tensor_operand(1, "x2 (index)")
        result = self.result_tensor()
        if src.rank != index.rank:
            raise self.fail(
                f"input rank {src.rank} differs from index rank {index.rank}; gather needs equal "
                "ranks (index_select/embedding: broadcast the index to the input rank first)"
            )
        if not 0 <= self.dim_value < src.rank:
            raise self.fail(
                f"dim {self.dim_value} is out of range for rank {src.rank}: use 0..{src.rank - 1}"
            )
        self.check_dtype(index.dtype, dt.INDEX, "index x2")
        self.check_dtype(src.dtype, dt.ALL, "input x1")
        if result.dtype != src.dtype:
            raise self.fail(f"output dtype {result.dtype} must equal the input dtype {src.dtype}")
        if result.axis != index.axis or result.repeats != index.repeats:
            raise self.fail(
                f"output view (axis={result.axis}, repeats={[str(r) for r in result.repeats]}) must "
                f"equal the index view (axis={index.axis}, repeats={[str(r) for r in index.repeats]})"
            )
        for d, (ri, rs) in enumerate(zip(index.repeats, src.repeats, strict=True)):
            if d == self.dim_value:
                continue
            diff = rs - ri
            if diff.is_constant and diff.as_int() < 0:
                raise self.fail(
                    f"index size {ri} exceeds input size {rs} on axis {d} (not dim): "
                    "index.size(d) <= input.size(d) is required for d != dim"
                )

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        src, index = np.asarray(args[0]), np.asarray(args[1]).astype(np.int64)
        d = self.dim_value
        for axis, (ni, ns) in enumerate(zip(index.shape, src.shape, strict=True)):
            if axis != d and ni > ns:
                rt.fail(self, f"index size {ni} exceeds input size {ns} on axis {axis}")
        sliced = src[tuple(slice(0, n) if a != d else slice(None) for a, n in enumerate(index.shape))]
        size = src.shape[d]
        if self.check_negative:
            index = np.where(index < 0, index + size, index)
        valid = (index >= 0) & (index < size)
        if not self.check_bound and not np.all(valid):
            bad = index[~valid].flat[0]
            rt.fail(
                self,
                f"index value {bad} is out of range [0, {size}) on dim {d}; set "
                "need_check_bound (out-of-range gives 0) or need_check_negative (wraps negatives)",
            )
        safe = np.where(valid, index, 0)
        out = np.take_along_axis(sliced, safe, axis=d)
        return np.where(valid, out, np.zeros((), src.dtype)).astype(src.dtype)
