"""Data movement nodes: Transpose, Concat, Split and Pad (constant mode).

Each reorders or places elements without computing on them. A result view names its own
axes (any axes of the graph, in the order the consumers iterate them); only its sizes are
fixed by the op:

* ``ascir.transpose %x {perm = [p0, ..., pn]}``: ``y = x.permute(perm)`` (torch):
  result axis ``i`` has the size of operand axis ``perm[i]``;
* ``ascir.concat %x0, %x1, ... {axis = k}``: ``torch.cat([x0, x1, ...], k)``; the
  operands agree on every other size, the result's axis ``k`` is the sum;
* ``ascir.split %x {axis = k, sizes = [n0, n1, ...], index = j}``: piece ``j`` of
  ``torch.split(x, [n0, n1, ...], k)`` (``x.narrow(k, n0 + ... + n(j-1), nj)``); the
  sizes add up to the operand's size on ``k``; one node per piece used;
* ``ascir.pad %x {low = [...], high = [...], value = "v"}``: ``nn.functional.pad`` in
  constant mode, ``low[i]``/``high[i]`` elements of ``value`` before/after axis ``i``
  (torch's pad list names the same pairs last axis first).

Sizes are size expressions; the verifier checks every size rule it can decide
symbolically (the reference checks the rest with the concrete sizes). The lowering of
each op is in ``passes.lower_movement`` (GM-boundary views, masked loads).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, StringAttr
from xdsl.irdl import irdl_op_definition, operand_def, prop_def, result_def, var_operand_def

from ascir_dialect import dtypes as dt
from ascir_dialect.attributes import ExprAttr, TensorType
from ascir_dialect.lazy import LazyModule
from ascir_dialect.ops.node import AscirNode
from ascir_dialect.ops.sources import check_literal, literal_value
from ascir_dialect.symbolic import SizeExpr

np = LazyModule("numpy")


def _sizes(t: TensorType) -> str:
    return "[" + ", ".join(map(str, t.repeats)) + "]"


class MovementNode(AscirNode):
    DTYPE_OPERAND: ClassVar[int | None] = 0

    """A node that moves elements: one tensor result with the operand dtype."""

    def check_dtype_kept(self, src: TensorType, result: TensorType) -> None:
        self.check_dtype(src.dtype, dt.ALL, "operand x")
        if src.dtype != result.dtype:
            raise self.fail(
                f"result dtype {result.dtype} must equal the operand dtype {src.dtype}: "
                "data movement does not convert; use ascir.cast"
            )

    def check_rank(self, src: TensorType, result: TensorType) -> None:
        if src.rank != result.rank:
            raise self.fail(
                f"the result has rank {result.rank} but the operand rank {src.rank}: "
                f"{self.PY_NAME} keeps the rank"
            )

    def check_size(self, axis: int, got: SizeExpr, want: SizeExpr, why: str) -> None:
        """Sizes that differ by a constant are refused here; sizes whose difference depends
        on the run-time sizes are checked by the reference with the concrete sizes."""
        if got != want and (got - want).is_constant:
            raise self.fail(f"result axis {axis} has size {got} but {why} is {want}")

    def check_axis(self, k: int, rank: int) -> int:
        if not -rank <= k < rank:
            raise self.fail(f"axis {k} is out of range for rank {rank} (allowed {-rank}..{rank - 1})")
        return k % rank

    def runtime_check(self, rt: Any, got: SizeExpr, want: SizeExpr, what: str) -> None:
        g, w = rt.eval(got), rt.eval(want)
        if g != w:
            rt.fail(self, f"{what}: {got} = {g} but {want} = {w} with these sizes")


@irdl_op_definition
class TransposeOp(MovementNode):
    """``y = x.permute(perm)``."""

    name = "ascir.transpose"
    PY_NAME: ClassVar[str] = "Transpose"
    x = operand_def(TensorType)
    perm = prop_def(ArrayAttr[IntegerAttr])
    y = result_def(TensorType)

    @property
    def perm_list(self) -> list[int]:
        return [a.value.data for a in self.perm.data]

    def verify_node(self) -> None:
        src, result = self.tensor_operand(0, "x"), self.result_tensor()
        self.check_dtype_kept(src, result)
        self.check_rank(src, result)
        perm = self.perm_list
        if sorted(perm) != list(range(src.rank)):
            raise self.fail(
                f"perm {perm} is not a permutation of 0..{src.rank - 1}: name every operand axis once"
            )
        for i, p in enumerate(perm):
            self.check_size(i, result.repeats[i], src.repeats[p], f"operand axis perm[{i}] = {p}")

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        src, result = self.x.type, self.result_tensor()
        for i, p in enumerate(self.perm_list):
            self.runtime_check(rt, result.repeats[i], src.repeats[p], f"result axis {i}")  # type: ignore[union-attr]
        return np.ascontiguousarray(np.transpose(np.asarray(args[0]), self.perm_list))


@irdl_op_definition
class ConcatOp(MovementNode):
    """``y = torch.cat(xs, axis)``."""

    name = "ascir.concat"
    PY_NAME: ClassVar[str] = "Concat"
    xs = var_operand_def(TensorType)
    axis = prop_def(IntegerAttr)
    y = result_def(TensorType)

    @property
    def axis_index(self) -> int:
        return self.axis.value.data % max(self.result_tensor().rank, 1)

    def verify_node(self) -> None:
        result = self.result_tensor()
        if not self.xs:
            raise self.fail("concat needs at least one operand")
        srcs = [self.tensor_operand(i, f"xs[{i}]") for i in range(len(self.xs))]
        k = self.check_axis(self.axis.value.data, result.rank)
        total = SizeExpr(0)
        for i, src in enumerate(srcs):
            self.check_dtype_kept(src, result)
            self.check_rank(src, result)
            for a in range(result.rank):
                if a != k:
                    self.check_size(a, result.repeats[a], src.repeats[a], f"operand xs[{i}] axis {a}")
            total = total + src.repeats[k]
        self.check_size(k, result.repeats[k], total, "the sum of the operands' sizes on the concat axis")

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        result = self.result_tensor()
        k = self.axis_index
        shape = rt.shape(result)
        for i, a in enumerate(args):
            for ax in range(result.rank):
                if ax != k and np.shape(a)[ax] != shape[ax]:
                    rt.fail(
                        self,
                        f"operand xs[{i}] has size {np.shape(a)[ax]} on axis {ax}, the result {shape[ax]}",
                    )
        out = np.concatenate([np.asarray(a) for a in args], axis=k)
        if out.shape != shape:
            rt.fail(self, f"the operands concatenate to {list(out.shape)}, the result view is {list(shape)}")
        return out


@irdl_op_definition
class SplitOp(MovementNode):
    """Piece ``index`` of ``torch.split(x, sizes, axis)``."""

    name = "ascir.split"
    PY_NAME: ClassVar[str] = "Split"
    x = operand_def(TensorType)
    axis = prop_def(IntegerAttr)
    sizes = prop_def(ArrayAttr[ExprAttr])
    index = prop_def(IntegerAttr)
    y = result_def(TensorType)

    @property
    def axis_index(self) -> int:
        return self.axis.value.data % max(self.result_tensor().rank, 1)

    @property
    def size_list(self) -> list[SizeExpr]:
        return [e.data for e in self.sizes.data]

    @property
    def start(self) -> SizeExpr:
        """Where the piece starts on the split axis."""
        start = SizeExpr(0)
        for s in self.size_list[: self.index.value.data]:
            start = start + s
        return start

    def expressions(self) -> list[SizeExpr]:
        return [*super().expressions(), *self.size_list]

    def verify_node(self) -> None:
        src, result = self.tensor_operand(0, "x"), self.result_tensor()
        self.check_dtype_kept(src, result)
        self.check_rank(src, result)
        k = self.check_axis(self.axis.value.data, src.rank)
        sizes, j = self.size_list, self.index.value.data
        if not sizes:
            raise self.fail("sizes is empty: give the size of every piece along the split axis")
        if not 0 <= j < len(sizes):
            raise self.fail(f"index {j} names no piece of sizes (pieces 0..{len(sizes) - 1})")
        for s in sizes:
            if s.is_constant and s.as_int() < 0:
                raise self.fail(f"piece size {s} is negative")
        total = SizeExpr(0)
        for s in sizes:
            total = total + s
        if total != src.repeats[k] and (total - src.repeats[k]).is_constant:
            raise self.fail(
                f"the piece sizes [{', '.join(map(str, sizes))}] add up to {total} but the operand "
                f"has size {src.repeats[k]} on axis {k}"
            )
        for a in range(src.rank):
            want = sizes[j] if a == k else src.repeats[a]
            self.check_size(
                a, result.repeats[a], want, f"piece {j}'s size" if a == k else f"operand axis {a}"
            )

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        src = self.x.type
        assert isinstance(src, TensorType)
        k = self.axis_index
        sizes = [rt.eval(s) for s in self.size_list]
        if any(s < 0 for s in sizes) or sum(sizes) != rt.eval(src.repeats[k]):
            rt.fail(self, f"piece sizes {sizes} do not split axis {k} of size {rt.eval(src.repeats[k])}")
        start = sum(sizes[: self.index.value.data])
        index = [slice(None)] * src.rank
        index[k] = slice(start, start + sizes[self.index.value.data])
        return np.ascontiguousarray(np.asarray(args[0])[tuple(index)])


@irdl_op_definition
class PadOp(MovementNode):
    """``nn.functional.pad(x, ..., mode="constant", value=value)``, per axis ``low``/``high``."""

    name = "ascir.pad"
    PY_NAME: ClassVar[str] = "Pad"
    x = operand_def(TensorType)
    low = prop_def(ArrayAttr[ExprAttr])
    high = prop_def(ArrayAttr[ExprAttr])
    value = prop_def(StringAttr, default_value=StringAttr("0"))
    y = result_def(TensorType)

    @property
    def low_list(self) -> list[SizeExpr]:
        return [e.data for e in self.low.data]

    @property
    def high_list(self) -> list[SizeExpr]:
        return [e.data for e in self.high.data]

    def pad_value(self) -> int | float | bool:
        return literal_value(self.result_tensor().dtype, self.value.data)

    def expressions(self) -> list[SizeExpr]:
        return [*super().expressions(), *self.low_list, *self.high_list]

    def verify_node(self) -> None:
        src, result = self.tensor_operand(0, "x"), self.result_tensor()
        self.check_dtype_kept(src, result)
        self.check_rank(src, result)
        check_literal(self, result.dtype, self.value.data)
        for name, pads in (("low", self.low_list), ("high", self.high_list)):
            if len(pads) != src.rank:
                raise self.fail(f"{name} has {len(pads)} entries; give one per axis ({src.rank})")
            for p in pads:
                if p.is_constant and p.as_int() < 0:
                    raise self.fail(f"{name} pad {p} is negative (cropping is ascir.split)")
        for a, (lo, hi) in enumerate(zip(self.low_list, self.high_list, strict=True)):
            self.check_size(a, result.repeats[a], lo + src.repeats[a] + hi, "low + operand size + high")

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        lows, highs = [rt.eval(p) for p in self.low_list], [rt.eval(p) for p in self.high_list]
        if any(p < 0 for p in lows + highs):
            rt.fail(self, f"pads low={lows} high={highs} must be >= 0")
        x = np.asarray(args[0])
        out = np.pad(
            x, list(zip(lows, highs, strict=True)), mode="constant", constant_values=self.pad_value()
        )
        if out.shape != rt.shape(self.result_tensor()):
            rt.fail(
                self,
                f"the padded shape {list(out.shape)} differs from the result view {list(rt.shape(self.result_tensor()))}",
            )
        return out.astype(x.dtype)


MOVEMENT_OPS: tuple[type[MovementNode], ...] = (TransposeOp, ConcatOp, SplitOp, PadOp)
