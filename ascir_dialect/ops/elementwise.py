"""Elementwise nodes, Broadcast and Cast.

Every elementwise node is defined once here: operand names, dtype whitelist, result
dtype rule, which operand positions may take a scalar-like value (seed 000 AL-9) and
its numpy reference semantics (``compute``). Operands must have the result's view
(no implicit broadcasting: Broadcast is always an explicit node).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from xdsl.irdl import irdl_op_definition, operand_def, result_def

from ascir_dialect import dtypes as dt
from ascir_dialect.attributes import ScalarType, TensorType
from ascir_dialect.dtypes import DType
from ascir_dialect.lazy import LazyModule, numpy_function
from ascir_dialect.ops.node import AscirNode

Value = TensorType | ScalarType
np = LazyModule("numpy")


class ElementwiseNode(AscirNode):
    """Abstract elementwise node; subclasses set the class variables below."""

    OPERAND_DTYPES: ClassVar[frozenset[DType]] = dt.NUMERIC
    RESULT_DTYPES: ClassVar[frozenset[DType] | None] = None
    """None: the result has the operands' dtype."""
    SCALAR_POSITIONS: ClassVar[tuple[int, ...]] = ()
    """Operand positions that may be a scalar-like value (at most ``MAX_SCALARS`` per node)."""
    MAX_SCALARS: ClassVar[int] = 1
    DATA_OPERANDS: ClassVar[tuple[int, ...] | None] = None
    """Operands that must share one dtype (default: all)."""
    INTEGER_DIVISION: ClassVar[bool] = False

    @classmethod
    def infer_dtype(cls, operand_dtypes: Sequence[DType]) -> DType | None:
        """The operands' dtype; a mask op (RESULT_DTYPES = MASKS) gives bool, as torch's
        compares, classifications and logical ops do; a float-only result of integer
        operands (TrueDiv) is float32, torch's default dtype."""
        data = cls.DATA_OPERANDS if cls.DATA_OPERANDS is not None else range(len(operand_dtypes))
        dtypes = [operand_dtypes[i] for i in data if i < len(operand_dtypes)]
        if not dtypes:
            return None
        d = dtypes[0]
        if cls.RESULT_DTYPES is None:
            return d
        if cls.RESULT_DTYPES == dt.MASKS:
            return DType.bool
        return d if d in cls.RESULT_DTYPES else DType.float32 if DType.float32 in cls.RESULT_DTYPES else None

    @staticmethod
    @abstractmethod
    def compute(*args: np.ndarray) -> np.ndarray:
        """numpy semantics of the op (each concrete op supplies it)."""

    def verify_node(self) -> None:
        result = self.result_tensor()
        names = [n for n, _ in self._operand_defs()]
        scalars = 0
        for i, v in enumerate(self.operands):
            if isinstance(v.type, ScalarType):
                if i not in self.SCALAR_POSITIONS:
                    allowed = (
                        f"only operand(s) {', '.join(names[p] for p in self.SCALAR_POSITIONS)} may be"
                        if self.SCALAR_POSITIONS
                        else "no operand may be"
                    )
                    raise self.fail(
                        f"operand {names[i]} is a scalar-like value but {allowed} scalar-like; "
                        "insert an explicit ascir.broadcast (seed 000 AL-9)"
                    )
                scalars += 1
            else:
                self.check_same_view(self.tensor_operand(i, names[i]), names[i], result)
        if scalars > self.MAX_SCALARS:
            most = "one operand" if self.MAX_SCALARS == 1 else f"{self.MAX_SCALARS} operands"
            raise self.fail(f"at most {most} may be scalar-like; broadcast the others")
        data = self.DATA_OPERANDS if self.DATA_OPERANDS is not None else range(len(self.operands))
        dtypes = [self.operands[i].type.dtype for i in data]  # type: ignore[union-attr]
        for i, d in zip(data, dtypes, strict=True):
            self.check_dtype(d, self.OPERAND_DTYPES, f"operand {names[i]}")
        if len(set(dtypes)) > 1:
            listing = ", ".join(f"{names[i]}={d}" for i, d in zip(data, dtypes, strict=True))
            raise self.fail(f"operands must have one dtype, got {listing}; insert an ascir.cast")
        if self.RESULT_DTYPES is None:
            if result.dtype != dtypes[0]:
                raise self.fail(f"result dtype {result.dtype} must equal the operand dtype {dtypes[0]}")
        else:
            self.check_dtype(result.dtype, self.RESULT_DTYPES, "result")

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        result = self.result_tensor()
        if self.INTEGER_DIVISION and result.dtype.is_integer:
            divisor = np.asarray(args[1])
            if np.any(divisor == 0):
                rt.fail(self, "integer division by zero")
        with np.errstate(all="ignore"):
            out = self.compute(*(_compute_view(a) for a in args))
        return rt.cast_to(np.broadcast_to(out, rt.shape(result)), result.dtype)


def _compute_view(a: Any) -> Any:
    """Reduced-precision floats are computed in float32 and rounded per op."""
    arr = np.asarray(a)
    if arr.dtype in (DType.float16.numpy, DType.bfloat16.numpy):
        return arr.astype(np.float32)
    return arr


class UnaryNode(ElementwiseNode):
    x = operand_def(Value)
    y = result_def(TensorType)


class BinaryNode(ElementwiseNode):
    x1 = operand_def(Value)
    x2 = operand_def(Value)
    y = result_def(TensorType)
    SCALAR_POSITIONS: ClassVar[Any] = (0, 1)


class CompareNode(BinaryNode):
    """The six compares: a scalar-like value only as the second input (AL-9)."""

    OPERAND_DTYPES: ClassVar[Any] = dt.ALL
    RESULT_DTYPES: ClassVar[Any] = dt.MASKS
    SCALAR_POSITIONS: ClassVar[Any] = (1,)


def _binary(name: str, py: str, fn: Any, base: type = BinaryNode, **cv: Any) -> type:
    body = {"name": name, "PY_NAME": py, "compute": staticmethod(fn), **cv}
    body["__annotations__"] = {k: ClassVar for k in ("PY_NAME", *cv)}
    cls = type(py + "Op", (base,), body)
    cls.__doc__ = f"Elementwise {py} (``{name}``)."
    return irdl_op_definition(cls)


def _unary(name: str, py: str, fn: Any, **cv: Any) -> type:
    return _binary(name, py, fn, UnaryNode, **cv)


AddOp = _binary("ascir.add", "Add", numpy_function("add"))
SubOp = _binary("ascir.sub", "Sub", numpy_function("subtract"))
MulOp = _binary("ascir.mul", "Mul", numpy_function("multiply"))
DivOp = _binary("ascir.div", "Div", numpy_function("true_divide"), OPERAND_DTYPES=dt.FLOATS)
TrueDivOp = _binary(
    "ascir.truediv",
    "TrueDiv",
    lambda a, b: np.true_divide(np.asarray(a, np.float64), np.asarray(b, np.float64)),
    RESULT_DTYPES=dt.FLOATS,
)


def _float_remainder(a: Any, b: Any) -> Any:
    """torch.remainder on floats (aten/src/ATen/native/cpu/BinaryOpsKernel.cpp,
    remainder_kernel): ``m = fmod(a, b)``, plus ``b`` where ``m != 0`` and its sign differs
    from ``b``'s: the sign of the divisor, NaN for ``b = 0`` or an infinite ``a``."""
    m = np.fmod(a, b)
    return np.where((m != 0) & ((b < 0) != (m < 0)), m + b, m)


def _float_floor_divide(a: Any, b: Any) -> Any:
    """torch.floor_divide on floats (c10/util/generic_math.h, div_floor_floating): ``a / b``
    for ``b = 0``; else ``d = (a - fmod(a, b)) / b``, minus 1 where the remainder's sign
    differs from ``b``'s, then ``floor(d)`` (+1 where ``d - floor(d) > 0.5``) and a zero
    with the sign of ``a / b``. NaN for an infinite ``a``."""
    t = a.dtype.type
    m = np.fmod(a, b)
    d = (a - m) / b
    d = np.where((m != 0) & ((b < 0) != (m < 0)), d - t(1), d)
    f = np.floor(d)
    f = np.where(d - f > t(0.5), f + t(1), f)
    f = np.where(d == 0, np.copysign(t(0), a / b), f)
    return np.where(b == 0, a / b, f)


def _by_kind(integer: Any, floating: Any) -> Any:
    def compute(a: Any, b: Any) -> Any:
        a, b = np.asarray(a), np.asarray(b)
        return floating(a, b) if np.result_type(a, b).kind == "f" else integer(a, b)

    return compute


FloorDivOp = _binary(
    "ascir.floordiv",
    "FloorDiv",
    _by_kind(numpy_function("floor_divide"), _float_floor_divide),
    INTEGER_DIVISION=True,
)
"""``floor(x1 / x2)`` with torch.floor_divide's semantics (floats: ``_float_floor_divide``)."""
RemainderOp = _binary(
    "ascir.remainder",
    "Remainder",
    _by_kind(numpy_function("remainder"), _float_remainder),
    INTEGER_DIVISION=True,
)
"""``x1 - floor(x1 / x2) * x2`` with the sign of ``x2`` (torch.remainder; floats:
``_float_remainder``)."""
MinimumOp = _binary("ascir.minimum", "Minimum", numpy_function("minimum"))
MaximumOp = _binary("ascir.maximum", "Maximum", numpy_function("maximum"))
LogicalAndOp = _binary(
    "ascir.logical_and",
    "LogicalAnd",
    lambda a, b: np.logical_and(a != 0, b != 0),
    OPERAND_DTYPES=dt.MASKS,
    RESULT_DTYPES=dt.MASKS,
)
LogicalOrOp = _binary(
    "ascir.logical_or",
    "LogicalOr",
    lambda a, b: np.logical_or(a != 0, b != 0),
    OPERAND_DTYPES=dt.MASKS,
    RESULT_DTYPES=dt.MASKS,
)

LtOp = _binary("ascir.lt", "Lt", numpy_function("less"), CompareNode)
LeOp = _binary("ascir.le", "Le", numpy_function("less_equal"), CompareNode)
GtOp = _binary("ascir.gt", "Gt", numpy_function("greater"), CompareNode)
GeOp = _binary("ascir.ge", "Ge", numpy_function("greater_equal"), CompareNode)
EqOp = _binary("ascir.eq", "Eq", numpy_function("equal"), CompareNode)
NeOp = _binary("ascir.ne", "Ne", numpy_function("not_equal"), CompareNode)

NegOp = _unary("ascir.neg", "Neg", numpy_function("negative"), OPERAND_DTYPES=dt.SIGNED)
AbsOp = _unary("ascir.abs", "Abs", numpy_function("abs"), OPERAND_DTYPES=dt.SIGNED)
ExpOp = _unary("ascir.exp", "Exp", numpy_function("exp"), OPERAND_DTYPES=dt.FLOATS)
SqrtOp = _unary("ascir.sqrt", "Sqrt", numpy_function("sqrt"), OPERAND_DTYPES=dt.FLOATS)
ReluOp = _unary("ascir.relu", "Relu", lambda a: np.maximum(a, a.dtype.type(0)), OPERAND_DTYPES=dt.SIGNED)
LogicalNotOp = _unary(
    "ascir.logical_not", "LogicalNot", lambda a: a == 0, OPERAND_DTYPES=dt.MASKS, RESULT_DTYPES=dt.MASKS
)


class SelectNode(ElementwiseNode):
    """``y = x1 ? x2 : x3`` with a uint8/bool condition ``x1``."""

    x1 = operand_def(Value)
    x2 = operand_def(Value)
    x3 = operand_def(Value)
    y = result_def(TensorType)
    OPERAND_DTYPES: ClassVar[Any] = dt.ALL
    SCALAR_POSITIONS: ClassVar[Any] = (1, 2)
    DATA_OPERANDS: ClassVar[Any] = (1, 2)

    @staticmethod
    def compute(cond: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return np.where(cond != 0, a, b)

    def verify_node(self) -> None:
        cond = self.tensor_operand(0, "x1 (condition)")
        self.check_dtype(cond.dtype, dt.MASKS, "condition x1")
        super().verify_node()


@irdl_op_definition
class WhereOp(SelectNode):
    name = "ascir.where"
    PY_NAME: ClassVar[str] = "Where"


@irdl_op_definition
class SelectOp(SelectNode):
    name = "ascir.select"
    PY_NAME: ClassVar[str] = "Select"


@irdl_op_definition
class BroadcastOp(AscirNode):
    """Expand a tensor's size-1 axes (or a scalar-like value) to the result view.

    The operand's axes must be a subsequence of the result's axes; each of them keeps
    its size or has size 1. Missing axes are broadcast too (the 1-D Arange form, AL-2).
    """

    name = "ascir.broadcast"
    PY_NAME: ClassVar[str] = "Broadcast"
    DTYPE_OPERAND: ClassVar[int | None] = 0
    x = operand_def(Value)
    y = result_def(TensorType)

    def verify_node(self) -> None:
        result = self.result_tensor()
        src = self.x.type
        if src.dtype != result.dtype:  # type: ignore[union-attr]
            raise self.fail(f"broadcast keeps the dtype: operand {src.dtype}, result {result.dtype}")  # type: ignore[union-attr]
        if isinstance(src, ScalarType):
            return
        assert isinstance(src, TensorType)
        pos = 0
        for a, r in zip(src.axis, src.repeats, strict=True):
            while pos < result.rank and result.axis[pos] != a:
                pos += 1
            if pos == result.rank:
                raise self.fail(
                    f"operand axes {src.axis} must appear in the same order among the result "
                    f"axes {result.axis}"
                )
            if r != 1 and r != result.repeats[pos]:
                raise self.fail(
                    f"operand axis '{a}' has size {r}; it must be 1 (broadcast) or equal to the "
                    f"result size {result.repeats[pos]}"
                )
            pos += 1

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        result = self.result_tensor()
        value = np.asarray(args[0])
        src = self.x.type
        if isinstance(src, TensorType):
            shape = [1] * result.rank
            for a, n in zip(src.axis, value.shape, strict=True):
                shape[result.axis.index(a)] = n
            value = value.reshape(shape)
        return np.array(np.broadcast_to(value, rt.shape(result)))


@irdl_op_definition
class CastOp(AscirNode):
    """Convert the element type; allowed (src, dst) pairs are ``dtypes.CAST_PAIRS``.

    float -> int truncates toward zero and saturates (NaN -> 0); int -> float and
    float -> float round to nearest even; anything -> bool is ``!= 0``.
    """

    name = "ascir.cast"
    PY_NAME: ClassVar[str] = "Cast"
    x = operand_def(Value)
    y = result_def(TensorType)

    def verify_node(self) -> None:
        src = self.tensor_operand(0, "x")
        result = self.result_tensor()
        self.check_same_view(src, "x", result)
        allowed = dt.CAST_PAIRS.get(src.dtype, frozenset())
        if result.dtype not in allowed:
            raise self.fail(
                f"cast {src.dtype} -> {result.dtype} is not supported; from {src.dtype} the "
                f"allowed targets are: {dt.names(allowed) or 'none'} (cast through an "
                "intermediate dtype)"
            )

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        return rt.convert(np.asarray(args[0]), self.result_tensor().dtype)
