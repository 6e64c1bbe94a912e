"""IndirectLoad: torch.gather semantics (seed 001 FR1).

``y[c] = x1[c with c[dim] = x2[c]]`` for every coordinate ``c`` of the index ``x2``.
Input and index have equal rank; the output view equals the index view; on non-``dim``
axes the index is no larger than the input (checked wherever it is provable).

Attribute spellings: ours are ``dim``, ``need_check_negative``, ``need_check_bound`` (seed
001 FR1). The real Autofuse front end registers IndirectLoad with ``axis`` (negative values
count from the end: its codegen normalises ``axis < 0`` by adding the rank),
``negative_index_support``, ``need_check_bound`` and ``max``
(graph-autofusion ``autofuse/v35/ascir/generator/ascir_builtin_ops_v2.cpp``,
``autofuse/v35/codegen/reg_api_call/reg_indirect_load_api_call.cpp``). The parser and the
seed API accept both; ``axis`` becomes ``dim`` (normalised against the input rank) and
``negative_index_support`` becomes ``need_check_negative``; printing uses our names.
``max`` (no counterpart of ours) is the front end's exclusive bound on the index values:
kept, printed as ``max``, checked to be >= 1 and no larger than the input's ``dim`` size
when that is a constant, and enforced by the reference interpreter (an index outside
``[-max, max)`` without ``need_check_bound`` is an error, as one outside the axis is).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from xdsl.dialects.builtin import BoolAttr, IntegerAttr, IntegerType
from xdsl.ir import Attribute
from xdsl.irdl import irdl_op_definition, operand_def, opt_prop_def, prop_def, result_def

from ascir_dialect import dtypes as dt
from ascir_dialect.attributes import TensorType
from ascir_dialect.lazy import LazyModule
from ascir_dialect.ops.indexing import IndexFlags
from ascir_dialect.ops.node import AscirNode

np = LazyModule("numpy")


def _is_bool(a: Attribute) -> bool:
    return isinstance(a, IntegerAttr) and isinstance(a.type, IntegerType) and a.type.width.data == 1


@irdl_op_definition
class IndirectLoadOp(IndexFlags, AscirNode):
    DTYPE_OPERAND: ClassVar[int | None] = 0

    name = "ascir.indirect_load"
    PY_NAME: ClassVar[str] = "IndirectLoad"

    x1 = operand_def(TensorType)
    x2 = operand_def(TensorType)
    y = result_def(TensorType)
    dim = prop_def(IntegerAttr)
    need_check_negative = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    need_check_bound = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    max = opt_prop_def(IntegerAttr)
    """The front end's exclusive bound on the index values (see the module docstring)."""

    ATTR_ALIASES: ClassVar[dict[str, str]] = {"axis": "dim", "negative_index_support": "need_check_negative"}
    VIEW_OPERAND: ClassVar[int] = 1
    """Seed 001 FR1: the output view is the index's."""

    @classmethod
    def canonical_attrs(
        cls, attrs: dict[str, Attribute], operand_types: list[Attribute]
    ) -> dict[str, Attribute]:
        axis = attrs.get("axis")
        if axis is not None and (not isinstance(axis, IntegerAttr) or _is_bool(axis)):
            raise ValueError(f"axis must be an integer (e.g. axis = -1 : i64), got {axis}")
        flag = attrs.get("negative_index_support")
        if flag is not None and not _is_bool(flag):
            raise ValueError(f"negative_index_support must be true or false, got {flag}")
        out = super().canonical_attrs(attrs, operand_types)
        if isinstance(axis, IntegerAttr) and operand_types and isinstance(operand_types[0], TensorType):
            rank, value = operand_types[0].rank, axis.value.data
            if not -rank <= value < rank:
                raise ValueError(
                    f"axis {value} is out of range for input rank {rank}: use {-rank}..{rank - 1} "
                    "(negative values count from the end)"
                )
            out["dim"] = IntegerAttr(value % rank if rank else value, 64)
        return out

    @property
    def max_index(self) -> int | None:
        return None if self.max is None else self.max.value.data

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
        if self.max_index is not None:
            size = src.repeats[self.dim_value]
            if self.max_index < 1:
                raise self.fail(
                    f"max {self.max_index} must be >= 1 (the exclusive bound of the index values)"
                )
            if size.is_constant and self.max_index > size.as_int():
                raise self.fail(
                    f"max {self.max_index} exceeds the input size {size} on dim {self.dim_value}: "
                    "the index bound cannot be larger than the gathered axis"
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
        if self.max_index is not None and not self.check_bound:
            limit = min(size, self.max_index)
            low = -limit if self.check_negative else 0
            outside = (index < low) | (index >= limit)
            if np.any(outside):
                rt.fail(
                    self,
                    f"index value {index[outside].flat[0]} is outside [{low}, {limit}) (max = {self.max_index}); "
                    "set need_check_bound (out-of-range gives 0)",
                )
        index, valid = self.checked_positions(rt, index, size, "out-of-range gives 0")
        safe = np.where(valid, index, 0)
        out = np.take_along_axis(sliced, safe, axis=d)
        return np.where(valid, out, np.zeros((), src.dtype)).astype(src.dtype)
