"""Keep-dim reductions Sum/Max/Min, and (issue 19) Mean/Prod/Any/All/ArgMax/ArgMin.

The reduced axes are those where the result has size 1 and stride 0 while the operand
does not have size 1; the other axes keep the operand's size (DESIGN "IR model"). A
reduction reduces at least one axis: a result view equal to the operand's (e.g. a ``y``
left unset in the Python API, which takes the view of ``x``) is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from xdsl.irdl import irdl_op_definition, operand_def, result_def

from ascir_dialect import dtypes as dt
from ascir_dialect.attributes import TensorType
from ascir_dialect.lazy import LazyModule
from ascir_dialect.ops.node import AscirNode
from ascir_dialect.symbolic import SizeExpr

np = LazyModule("numpy")


class ReduceNode(AscirNode):
    x = operand_def(TensorType)
    y = result_def(TensorType)

    NUMPY: ClassVar[Any] = None
    OPERAND_DTYPES: ClassVar[frozenset[dt.DType]] = dt.NUMERIC
    RESULT_DTYPES: ClassVar[frozenset[dt.DType] | None] = None
    """None: the result has the operand's dtype."""

    @classmethod
    def infer_dtype(cls, operand_dtypes: Sequence[dt.DType]) -> dt.DType | None:
        """The operand's dtype; an index (ArgMax/ArgMin) is int64, as torch's."""
        if cls.RESULT_DTYPES is None:
            return operand_dtypes[0] if operand_dtypes else None
        return dt.DType.int64 if dt.DType.int64 in cls.RESULT_DTYPES else None

    def reduced_axes(self) -> list[int]:
        src, result = self.x.type, self.result_tensor()
        assert isinstance(src, TensorType)
        return [
            i for i, (r, s) in enumerate(zip(result.repeats, src.repeats, strict=True)) if r == 1 and s != 1
        ]

    def verify_node(self) -> None:
        src = self.tensor_operand(0, "x")
        result = self.result_tensor()
        self.check_dtype(src.dtype, self.OPERAND_DTYPES, "operand x")
        if self.RESULT_DTYPES is not None:
            self.check_dtype(result.dtype, self.RESULT_DTYPES, "result")
        elif result.dtype != src.dtype:
            raise self.fail(f"result dtype {result.dtype} must equal the operand dtype {src.dtype}")
        if src.axis != result.axis:
            raise self.fail(
                f"reductions keep every axis: result axes {result.axis} must equal operand axes {src.axis}"
            )
        for a, r, s, rs in zip(result.axis, result.repeats, src.repeats, result.strides, strict=True):
            if r == 1 and s != 1:
                if rs != 0:
                    raise self.fail(f"reduced axis '{a}' must have stride 0 in the result, got {rs}")
            elif r != s:
                raise self.fail(
                    f"axis '{a}' has size {r} in the result and {s} in the operand: a kept axis "
                    "keeps its size, a reduced axis becomes size 1 with stride 0"
                )
        if not self.reduced_axes():
            raise self.fail(self._reduces_nothing(src, result))

    def _reduces_nothing(self, src: TensorType, result: TensorType) -> str:
        """Why a reduction that keeps every axis is refused, and how to set its view."""

        def view(t: TensorType) -> str:
            return (
                f"axis=[{', '.join(t.axis)}] repeats=[{', '.join(map(str, t.repeats))}] "
                f"strides=[{', '.join(map(str, t.strides))}]"
            )

        what = (
            f"reduces no axis: its result view ({view(result)}) keeps every axis of the operand "
            f"view ({view(src)}), so nothing would be reduced"
        )
        candidates = [i for i, r in enumerate(src.repeats) if r != 1]
        if not candidates:
            return f"{what}; the operand has no axis of size != 1 to reduce: remove the node"
        k = candidates[-1]
        repeats = [SizeExpr(1) if i == k else r for i, r in enumerate(src.repeats)]
        strides: list[SizeExpr] = []
        acc = SizeExpr(1)
        for i in reversed(range(len(repeats))):
            strides.insert(0, SizeExpr(0) if i == k else acc)
            acc = acc * repeats[i]
        size_text = ", ".join(map(str, repeats))
        stride_text = ", ".join(map(str, strides))
        return (
            f"{what}. A reduced axis has repeat 1 and stride 0 in the result: e.g. to reduce "
            f"'{src.axis[k]}' give the result repeats [{size_text}] and strides [{stride_text}] "
            f"(Python API: y.size = [{size_text}]; y.strides = [{stride_text}] -- an unset y "
            "takes the view of x), or remove the node if nothing is to be reduced"
        )

    def reference_axes(self, rt: Any, value: Any) -> tuple[int, ...]:
        """The reduced axes of the operand's value (its result size 1, its own not)."""
        shape = rt.shape(self.result_tensor())
        return tuple(i for i, (r, n) in enumerate(zip(shape, value.shape, strict=True)) if r == 1 and n != 1)

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        """Float sums are computed in float64 and rounded once: the reference is an oracle
        for the kernels' (and torch's) float32 accumulation, not a copy of one order of adds
        (numpy adds along an outer axis row after row). Integer sums wrap in the dtype;
        max/min are exact in any order."""
        value = np.asarray(args[0])
        result = self.result_tensor()
        axes = self.reference_axes(rt, value)
        with np.errstate(all="ignore"):  # inf - inf is NaN, as in torch; no warning
            if self.NUMPY == "sum" and result.dtype.is_integer:
                out = np.sum(value, axis=axes, keepdims=True, dtype=result.dtype.numpy)
            elif self.NUMPY == "sum":
                out = np.sum(value.astype(np.float64), axis=axes, keepdims=True)
            else:  # float16/bfloat16 (ml_dtypes) compare in float32: exact
                narrow = result.dtype in (dt.DType.float16, dt.DType.bfloat16)
                acc = value.astype(np.float32) if narrow else value
                out = getattr(np, self.NUMPY)(acc, axis=axes, keepdims=True)
        return rt.cast_to(out, result.dtype)


@irdl_op_definition
class SumOp(ReduceNode):
    name = "ascir.reduce_sum"
    PY_NAME: ClassVar[str] = "Sum"
    NUMPY: ClassVar[str] = "sum"


@irdl_op_definition
class MaxOp(ReduceNode):
    name = "ascir.reduce_max"
    PY_NAME: ClassVar[str] = "Max"
    NUMPY: ClassVar[str] = "max"


@irdl_op_definition
class MinOp(ReduceNode):
    name = "ascir.reduce_min"
    PY_NAME: ClassVar[str] = "Min"
    NUMPY: ClassVar[str] = "min"


# ------------------------------------------------------- reductions (issue 19)
# How each lowers (ascendc_emitter.target.ops.REDUCTIONS): Prod directly (Mul steps, a
# horizontal product), the others through passes.decompose_reductions in terms of
# Sum/Max/Min and elementwise nodes.


@irdl_op_definition
class MeanOp(ReduceNode):
    """``torch.mean`` over the reduced axes: the sum (float32 for float16/bfloat16, as
    torch accumulates) divided by the number of reduced elements, rounded once."""

    name = "ascir.reduce_mean"
    PY_NAME: ClassVar[str] = "Mean"
    OPERAND_DTYPES: ClassVar[frozenset[dt.DType]] = dt.FLOATS

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        value = np.asarray(args[0])
        axes = self.reference_axes(rt, value)
        count = int(np.prod([value.shape[i] for i in axes], dtype=np.int64))
        with np.errstate(all="ignore"):  # float64, rounded once (see ReduceNode.reference)
            out = np.sum(value.astype(np.float64), axis=axes, keepdims=True) / np.float64(count)
        return rt.cast_to(out, self.result_tensor().dtype)


@irdl_op_definition
class ProdOp(ReduceNode):
    """``torch.prod`` with the result in the operand dtype: float16/bfloat16 multiply in
    float32 and round once; integers wrap (two's complement), as torch's
    ``prod(dtype=x.dtype)``."""

    name = "ascir.reduce_prod"
    PY_NAME: ClassVar[str] = "Prod"

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        value = np.asarray(args[0])
        result = self.result_tensor()
        axes = self.reference_axes(rt, value)
        with np.errstate(all="ignore"):
            if result.dtype.is_float:
                out = np.prod(value.astype(np.float32), axis=axes, keepdims=True, dtype=np.float32)
            else:  # numpy's integer product wraps in the given dtype
                out = np.prod(value, axis=axes, keepdims=True, dtype=result.dtype.numpy)
        return rt.cast_to(out, result.dtype)


class MaskReduceNode(ReduceNode):
    """``torch.any`` / ``torch.all`` of a mask: true where any / every reduced element is
    nonzero; the result has the mask's dtype (bool, or uint8 holding 0/1 as torch)."""

    OPERAND_DTYPES: ClassVar[frozenset[dt.DType]] = dt.MASKS

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        value = np.asarray(args[0]) != 0
        axes = self.reference_axes(rt, value)
        out = getattr(np, self.NUMPY)(value, axis=axes, keepdims=True)
        return rt.cast_to(out.astype(self.result_tensor().dtype.numpy), self.result_tensor().dtype)


@irdl_op_definition
class AnyOp(MaskReduceNode):
    name = "ascir.reduce_any"
    PY_NAME: ClassVar[str] = "Any"
    NUMPY: ClassVar[str] = "any"


@irdl_op_definition
class AllOp(MaskReduceNode):
    name = "ascir.reduce_all"
    PY_NAME: ClassVar[str] = "All"
    NUMPY: ClassVar[str] = "all"


class ArgReduceNode(ReduceNode):
    """``torch.argmax`` / ``torch.argmin``: the position of the extreme value in the
    row-major flattening of the reduced axes (over one axis: its index along it, as torch's
    ``dim=``; over every axis: torch's flat index). Ties give the first position; NaN is
    the extreme of both (torch: the first NaN's position). The result is int32 or int64
    (torch: int64); the lowering computes the index in the result dtype, see
    ``passes.decompose_reductions``."""

    RESULT_DTYPES: ClassVar[frozenset[dt.DType] | None] = dt.INDEX

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        value = np.asarray(args[0])
        result = self.result_tensor()
        axes = self.reference_axes(rt, value)
        if value.dtype.kind == "V" or str(value.dtype) == "bfloat16":  # ml_dtypes: exact in float32
            value = value.astype(np.float32)
        kept = [i for i in range(value.ndim) if i not in axes]
        moved = np.transpose(value, kept + list(axes))
        flat = moved.reshape([value.shape[i] for i in kept] + [-1])
        index = getattr(np, self.NUMPY)(flat, axis=-1)  # first occurrence; NaN counts as extreme
        out = index.reshape(rt.shape(result))
        return rt.wrap_int(out.astype(np.int64), result.dtype)


@irdl_op_definition
class ArgMaxOp(ArgReduceNode):
    name = "ascir.reduce_argmax"
    PY_NAME: ClassVar[str] = "ArgMax"
    NUMPY: ClassVar[str] = "argmax"


@irdl_op_definition
class ArgMinOp(ArgReduceNode):
    name = "ascir.reduce_argmin"
    PY_NAME: ClassVar[str] = "ArgMin"
    NUMPY: ClassVar[str] = "argmin"
