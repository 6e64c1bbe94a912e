"""IndexPut: ``torch.Tensor.index_put`` along one axis, the scatter a gather's backward is.

The views name the roles by axis, as everywhere in ASCIR: the result's ``dim`` axis is the
*row* axis ``r``; the index's axes of extent > 1 are the *index* axes; the result's other
axes of extent > 1 are the *columns*. ``y = x1``, then for every index coordinate ``c``, in
row-major order over the index's view, and every column coordinate ``k``::

    y[r = x2[c], k] = y[r = x2[c], k] + x3[c, k]      (accumulate)
    y[r = x2[c], k] = x3[c, k]                        (otherwise)

The result has the input's view and dtype; the values' axes of extent > 1 are index axes
(the index's extents) or columns (the result's): an extent of 1 broadcasts, so a value
per column, per position or one scalar all fit. An embedding's backward is input
``[v, d]``, index ``[b, s]``, values ``[b, s, d]`` -- or, in a region's canonical axes
(the torch front end), input ``[1, 1, V, D]``, index ``[B, S, 1, 1]``, values
``[B, S, 1, D]`` over ``[b, s, v, d]``.

Each accumulation is one add in the dtype (float16 and bfloat16 rounded per add, integers
wrap) in index order: torch's serial CPU kernel (``aten/src/ATen/native/cpu/
IndexKernel.cpp``, ``index_put_kernel``) does the same, so an accumulated result equals
eager's bit for bit; without ``accumulate`` the last value written to a position wins
(torch leaves duplicates undefined).

Not a seed op: issue 37 (the embeddings' backward, ``aten.index_put`` with
``accumulate=True``, fused). The flags are IndirectLoad's (seed 001 FR1):
``need_check_negative`` wraps an index below 0 by the row count (torch's indexing does),
``need_check_bound`` skips a position outside the rows; without it such a position is an
error, as torch's ``IndexError`` is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from xdsl.dialects.builtin import BoolAttr, IntegerAttr
from xdsl.irdl import irdl_op_definition, operand_def, prop_def, result_def

from ascir_dialect import dtypes as dt
from ascir_dialect.attributes import TensorType
from ascir_dialect.lazy import LazyModule
from ascir_dialect.ops.indexing import IndexFlags
from ascir_dialect.ops.node import AscirNode

np = LazyModule("numpy")


@irdl_op_definition
class IndexPutOp(IndexFlags, AscirNode):
    DTYPE_OPERAND: ClassVar[int | None] = 0

    name = "ascir.index_put"
    PY_NAME: ClassVar[str] = "IndexPut"

    x1 = operand_def(TensorType)
    x2 = operand_def(TensorType)
    x3 = operand_def(TensorType)
    y = result_def(TensorType)
    dim = prop_def(IntegerAttr)
    accumulate = prop_def(BoolAttr, default_value=BoolAttr.from_bool(True))
    need_check_negative = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    need_check_bound = prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))

    VIEW_OPERAND: ClassVar[int] = 0
    """The result has the input's view."""

    @property
    def accumulates(self) -> bool:
        return bool(self.accumulate.value.data)

    def roles(self) -> tuple[str, list[str], list[str]]:
        """(row axis, index axes, columns): see the module docstring."""
        out, index = self.result_tensor(), self.x2.type
        assert isinstance(index, TensorType)
        row = out.axis[self.dim_value]
        idx = [a for a, r in zip(index.axis, index.repeats, strict=True) if r != 1]
        cols = [a for a, r in zip(out.axis, out.repeats, strict=True) if r != 1 and a != row]
        return row, idx, cols

    def verify_node(self) -> None:
        src = self.tensor_operand(0, "x1 (input)")
        index = self.tensor_operand(1, "x2 (index)")
        values = self.tensor_operand(2, "x3 (values)")
        result = self.result_tensor()
        if not 0 <= self.dim_value < src.rank:
            raise self.fail(f"dim {self.dim_value} is out of range for rank {src.rank}: use 0..{src.rank - 1}")
        if index.rank < 1:
            raise self.fail("the index needs at least one axis (give a single position a size-1 axis)")
        self.check_dtype(index.dtype, dt.INDEX, "index x2")
        self.check_dtype(src.dtype, dt.NUMERIC if self.accumulates else dt.ALL, "input x1")
        if values.dtype != src.dtype or result.dtype != src.dtype:
            raise self.fail(
                f"input, values and output share one dtype: got {src.dtype}, {values.dtype} and {result.dtype} "
                "(cast the values first)"
            )
        if result.axis != src.axis or result.repeats != src.repeats:
            raise self.fail(
                f"output view (axis={result.axis}, repeats={[str(r) for r in result.repeats]}) must equal "
                f"the input view (axis={src.axis}, repeats={[str(r) for r in src.repeats]})"
            )
        row, idx, cols = self.roles()
        extent = dict(zip(result.axis, result.repeats, strict=True))
        clash = [a for a in idx if a == row or a in cols]
        if clash:
            raise self.fail(
                f"index axis '{clash[0]}' is also the output's row or column axis: the index needs axes of "
                "its own (size 1 in the output)"
            )
        index_extent = dict(zip(index.axis, index.repeats, strict=True))
        for a, r in zip(values.axis, values.repeats, strict=True):
            if r == 1:
                continue
            want = index_extent[a] if a in idx else extent[a] if a in cols else None
            if want is None:
                role = "the row axis" if a == row else "neither an index axis nor a column"
                raise self.fail(
                    f"values axis '{a}' ({r} elements) is {role}: the values span index axes "
                    f"{idx} and columns {cols} (size 1 elsewhere)"
                )
            if r != want:
                raise self.fail(f"values axis '{a}' has {r} elements where the {'index' if a in idx else 'output'} has {want}")

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        src, index, values = np.asarray(args[0]), np.asarray(args[1]).astype(np.int64), np.asarray(args[2])
        out_t, val_t = self.result_tensor(), self.x3.type
        assert isinstance(val_t, TensorType)
        d = self.dim_value
        row, idx, _ = self.roles()
        size = src.shape[d]
        # row-major over the index's view: its size-1 axes add nothing
        flat, valid = self.checked_positions(rt, index.reshape(-1), size, "out-of-range positions are skipped")
        # the values as [positions, columns]: their axes put in the order (index axes, the
        # output's axes but the row), broadcast over the ones they lack
        index_t = self.x2.type
        assert isinstance(index_t, TensorType)
        target = [*idx, *(a for a in out_t.axis if a != row and a not in idx)]
        shape = {a: n for a, n in zip(index_t.axis, index.shape, strict=True) if a in idx}
        shape |= {a: n for a, n in zip(out_t.axis, src.shape, strict=True) if a != row and a not in idx}
        have = [a for a, n in zip(val_t.axis, values.shape, strict=True) if n != 1]
        v = values.reshape([n for n in values.shape if n != 1])
        v = np.transpose(v, [have.index(a) for a in target if a in have]) if have else v
        v = v.reshape([shape[a] if a in have else 1 for a in target])
        v = np.broadcast_to(v, [shape[a] for a in target]).reshape(flat.size, -1)[valid]
        rows = np.ascontiguousarray(np.moveaxis(src, d, 0)).reshape(size, -1)
        flat = flat[valid]
        if self.accumulates:
            np.add.at(rows, flat, v)  # unbuffered, in index order: one rounding per add
        else:
            last = flat.size - 1 - np.unique(flat[::-1], return_index=True)[1]  # the last write wins
            rows[flat[last]] = v[last]
        moved = [src.shape[d], *(n for k, n in enumerate(src.shape) if k != d)]
        return np.moveaxis(rows.reshape(moved), 0, d).astype(src.dtype)
