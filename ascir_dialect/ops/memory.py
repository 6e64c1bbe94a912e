"""GM <-> UB movement: Load, Store and Output.

A Load result's view addresses GM: element ``i`` is read from
``offset + sum(i_k * stride_k)`` of the Data/Workspace buffer. A Store result's view
addresses the destination buffer the same way. Every access is bounds-checked by the
reference interpreter (never a wild read).

A Store writes exactly one Output (or Workspace); Store and Output views are injective
(no two logical elements share a GM address, :func:`view_injectivity`): statically where
the rule can be decided, else with the concrete sizes when the graph runs
(``ascir_dialect.interpreter.check_sizes``).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from xdsl.dialects.builtin import ArrayAttr, StringAttr
from xdsl.irdl import irdl_op_definition, operand_def, opt_prop_def, prop_def, result_def

from ascir_dialect.attributes import ExprAttr, TensorType
from ascir_dialect.lazy import LazyModule
from ascir_dialect.ops.node import AscirNode
from ascir_dialect.ops.sources import IndexedNode, check_literal, literal_value
from ascir_dialect.symbolic import SizeExpr

if TYPE_CHECKING:
    import sympy
else:
    sympy = LazyModule("sympy")  # only for strides whose order the fast paths cannot decide


# ----------------------------------------------------------------- view injectivity
@dataclass(frozen=True)
class Injectivity:
    """Whether a view maps distinct logical elements to distinct GM addresses.

    ``verdict`` is True (no two elements share an address), False (two do) or None
    (cannot be decided without concrete sizes). When False, ``axis`` is the position of an
    axis whose stride is too small, ``stride`` its stride and ``need`` the smallest stride
    that keeps it clear of the axes with smaller strides.
    """

    verdict: bool | None
    axis: int | None = None
    stride: str = ""
    need: str = ""


def view_injectivity(
    repeats: Sequence[SizeExpr], strides: Sequence[SizeExpr], sizes: Mapping[str, int] | None = None
) -> Injectivity:
    """The standard non-overlap rule (conservative, like torch's ``has_internal_overlap``):
    ignoring axes of size 1, sort the axes by stride; each stride must be at least
    ``1 + sum((repeat_j - 1) * stride_j)`` over the axes with smaller strides.

    With ``sizes`` every expression is evaluated and the verdict is True or False. Without,
    the rule is decided symbolically where it can be: a symbolic size is taken as generic
    (at least 2, the convention for broadcast axes too: a view refused here may be harmless
    only when a size is 1 at run time); a verdict that depends on the run-time sizes is
    None, and the caller checks again with concrete sizes.
    """
    if sizes is not None:
        return _concrete_injectivity(
            [r.evaluate(sizes) for r in repeats], [abs(s.evaluate(sizes)) for s in strides]
        )
    if all(e.is_constant for e in (*repeats, *strides)):
        return _concrete_injectivity([r.as_int() for r in repeats], [abs(s.as_int()) for s in strides])
    dense = row_major_strides(repeats)
    if all(s == d for r, s, d in zip(repeats, strides, dense, strict=True) if r != 1):
        return Injectivity(True)  # the common case, without asking sympy
    return _symbolic_injectivity(tuple(repeats), tuple(strides))


def _concrete_injectivity(repeats: list[int], strides: list[int]) -> Injectivity:
    if any(r == 0 for r in repeats):
        return Injectivity(True)  # no elements at all
    axes = sorted((i for i, r in enumerate(repeats) if r != 1), key=lambda i: strides[i])
    need = 1
    for i in axes:
        if strides[i] < need:
            return Injectivity(False, i, str(strides[i]), str(need))
        need += (repeats[i] - 1) * strides[i]
    return Injectivity(True)


class _UndecidedError(Exception):
    """Two strides whose order depends on the run-time sizes."""


def _generic(e: sympy.Expr) -> sympy.Expr:
    """``e`` with every size variable ``s`` replaced by ``2 + u`` (``u`` a non-negative integer)."""
    subs = {s: 2 + sympy.Symbol(f"_{s.name}_above_2", integer=True, nonnegative=True) for s in e.free_symbols}
    return sympy.expand(e.xreplace(subs))


def _nonnegative(e: sympy.Expr) -> bool | None:
    """True: ``e >= 0`` for every generic size; False: ``e < 0`` for every one; else None."""
    g = _generic(e)
    if g.is_nonnegative:
        return True
    if g.is_negative:
        return False
    return None


@functools.lru_cache(maxsize=1024)
def _symbolic_injectivity(repeats: tuple[SizeExpr, ...], strides: tuple[SizeExpr, ...]) -> Injectivity:
    axes = [i for i, r in enumerate(repeats) if r != 1]
    abs_strides = {i: strides[i].sym for i in axes}  # negative strides are refused by TensorType

    def compare(a: int, b: int) -> int:
        a_le_b = _nonnegative(abs_strides[b] - abs_strides[a])
        if a_le_b is None:
            raise _UndecidedError
        if not a_le_b:
            return 1
        return 0 if _nonnegative(abs_strides[a] - abs_strides[b]) else -1

    try:
        axes.sort(key=functools.cmp_to_key(compare))
    except _UndecidedError:
        return Injectivity(None)
    need: sympy.Expr = sympy.Integer(1)
    verdict: bool | None = True
    for i in axes:
        enough = _nonnegative(abs_strides[i] - need)
        if enough is False:
            return Injectivity(False, i, str(strides[i]), str(SizeExpr(need)))
        if enough is None:
            verdict = None
        need = need + (repeats[i].sym - 1) * abs_strides[i]
    return Injectivity(verdict)


def row_major_strides(repeats: Sequence[SizeExpr]) -> list[SizeExpr]:
    """The dense row-major strides of ``repeats``."""
    strides: list[SizeExpr] = []
    acc = SizeExpr(1)
    for r in reversed(repeats):
        strides.insert(0, acc)
        acc = acc * r
    return strides


def is_row_major(t: TensorType) -> bool:
    """The view is dense row-major: its strides are the row-major strides of its repeats,
    ignoring axes of size 1 (whose stride addresses nothing)."""
    dense = row_major_strides(t.repeats)
    return all(s == d for r, s, d in zip(t.repeats, t.strides, dense, strict=True) if r != 1)


def overlap_message(t: TensorType, result: Injectivity, sizes: Mapping[str, int] | None = None) -> str:
    """Why a Store/Output view is refused: which axis overlaps, and a fix."""
    assert result.verdict is False and result.axis is not None
    at = f" with sizes {dict(sizes)}" if sizes is not None else ""
    return (
        f"view strides [{', '.join(map(str, t.strides))}] on repeats "
        f"[{', '.join(map(str, t.repeats))}] map two logical elements to one GM address{at}: "
        f"axis '{t.axis[result.axis]}' has stride {result.stride} but needs at least {result.need} "
        "(1 + the span of the axes with smaller strides) to keep its elements apart; give "
        f"every axis its own addresses, e.g. the row-major strides "
        f"[{', '.join(map(str, row_major_strides(t.repeats)))}]"
    )


class OffsetNode(AscirNode):
    DTYPE_OPERAND: ClassVar[int | None] = 0

    offset = prop_def(ExprAttr, default_value=ExprAttr.of(0))

    def expressions(self) -> list[SizeExpr]:
        return [*super().expressions(), self.offset.data]


@irdl_op_definition
class LoadOp(OffsetNode):
    """Copy a view of a GM tensor (Data or Workspace) into UB.

    A *padded* load (``pad_low``, ``pad_high``, ``pad_value``, written by
    ``lower-movement`` for ascir.pad and ascir.concat) reads only the positions
    ``pad_low[k] <= i_k < repeats[k] - pad_high[k]`` of every axis, element ``i`` from
    ``offset + sum((i_k - pad_low[k]) * stride_k)``; every other position holds
    ``pad_value`` and reads nothing.
    """

    name = "ascir.load"
    PY_NAME: ClassVar[str] = "Load"
    x = operand_def(TensorType)
    pad_low = opt_prop_def(ArrayAttr[ExprAttr])
    pad_high = opt_prop_def(ArrayAttr[ExprAttr])
    pad_value = opt_prop_def(StringAttr)
    y = result_def(TensorType)

    @property
    def padded(self) -> bool:
        return self.pad_low is not None

    @property
    def pads(self) -> tuple[list[SizeExpr], list[SizeExpr]]:
        """(low, high) per view axis; zeros for an unpadded load."""
        rank = self.result_tensor().rank
        if self.pad_low is None or self.pad_high is None:
            return [SizeExpr(0)] * rank, [SizeExpr(0)] * rank
        return [e.data for e in self.pad_low.data], [e.data for e in self.pad_high.data]

    def pad_python_value(self) -> int | float | bool:
        assert self.pad_value is not None
        return literal_value(self.result_tensor().dtype, self.pad_value.data)

    def expressions(self) -> list[SizeExpr]:
        low, high = self.pads
        return [*super().expressions(), *low, *high]

    def verify_node(self) -> None:
        src = self.x.owner
        if getattr(src, "name", "") not in ("ascir.data", "ascir.workspace"):
            raise self.fail(
                f"loads read GM tensors (ascir.data or ascir.workspace), not {getattr(src, 'name', 'a block argument')}"
            )
        t = self.result_tensor()
        if t.dtype != self.tensor_operand(0, "x").dtype:
            raise self.fail(
                f"load changes dtype {self.x.type.dtype} -> {t.dtype}; use ascir.cast after the load"
            )  # type: ignore[union-attr]
        given = [p is not None for p in (self.pad_low, self.pad_high, self.pad_value)]
        if any(given) and not all(given):
            raise self.fail("a padded load gives pad_low, pad_high and pad_value together")
        if all(given):
            low, high = self.pads
            if len(low) != t.rank or len(high) != t.rank:
                raise self.fail(
                    f"pad_low and pad_high have {len(low)} and {len(high)} entries; give one per view axis ({t.rank})"
                )
            for p in (*low, *high):
                if p.is_constant and p.as_int() < 0:
                    raise self.fail(f"pad {p} is negative")
            assert self.pad_value is not None
            check_literal(self, t.dtype, self.pad_value.data)

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        t = self.result_tensor()
        if not self.padded:
            return rt.read_view(self, args[0], t, self.offset.data)
        import numpy as np

        low, high = ([rt.eval(p) for p in ps] for ps in self.pads)
        shape = rt.shape(t)
        inner = [max(0, n - lo - hi) for n, lo, hi in zip(shape, low, high, strict=True)]
        if any(p < 0 for p in (*low, *high)):
            rt.fail(self, f"pads low={low} high={high} must be >= 0")
        valid = TensorType(t.dtype, t.axis, inner, t.strides)
        data = rt.read_view(self, args[0], valid, self.offset.data)
        out = np.full(shape, self.pad_python_value(), dtype=t.dtype.numpy)
        out[tuple(slice(lo, lo + n) for lo, n in zip(low, inner, strict=True))] = data
        return out


@irdl_op_definition
class StoreOp(OffsetNode):
    """Copy a UB tensor to GM; the result view addresses the destination buffer."""

    name = "ascir.store"
    PY_NAME: ClassVar[str] = "Store"
    x = operand_def(TensorType)
    y = result_def(TensorType)

    def verify_node(self) -> None:
        src = self.tensor_operand(0, "x")
        t = self.result_tensor()
        self.check_same_view(src, "x", t)
        if src.dtype != t.dtype:
            raise self.fail(f"store changes dtype {src.dtype} -> {t.dtype}; cast before storing")
        if bad := t.broadcast_axes():
            raise self.fail(
                f"store view has stride 0 on axis '{t.axis[bad[0]]}' of size {t.repeats[bad[0]]}: "
                "several elements would be written to one GM address; give it a non-zero stride"
            )
        owner = getattr(self.x.owner, "name", "")
        if owner in ("ascir.data", "ascir.workspace", "ascir.output"):
            raise self.fail(
                f"a store copies a UB tensor to GM, but %{self.x.name_hint or '?'} is the GM tensor "
                f"{owner}: ascir.load it first"
            )
        if (result := view_injectivity(t.repeats, t.strides)).verdict is False:
            raise self.fail(f"store {overlap_message(t, result)}")
        if getattr(self.parent_op(), "name", "") == "ascir.vf":
            return  # misplaced: the region's verifier says so (GM nodes stay outside VF regions)
        users = [use.operation for use in self.y.uses]
        for user in users:
            if getattr(user, "name", "") not in ("ascir.output", "ascir.workspace"):
                raise self.fail(f"a store feeds ascir.output or ascir.workspace, not {user.name}")
        if not users:
            raise self.fail(
                "the store writes no GM tensor: a store feeds exactly one ascir.output (or "
                "ascir.workspace); add the output it writes (Python API: out = "
                "ascir.ops.Output(...); out.x = <store>) or remove the store"
            )
        if len(users) > 1:
            block = self.parent_block()
            if block is not None and all(u.parent_block() is block for u in users):
                users.sort(key=block.get_operation_index)
            names = ", ".join(f"%{getattr(u, 'node_name', '?')}" for u in users)
            raise self.fail(
                f"the store feeds {len(users)} GM tensors ({names}); a store writes exactly one "
                "ascir.output or ascir.workspace: give each output its own ascir.store of the value"
            )

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        return rt.make_write(self, args[0], self.result_tensor(), self.offset.data)


@irdl_op_definition
class OutputOp(IndexedNode):
    DTYPE_OPERAND: ClassVar[int | None] = 0

    """A GM output tensor, written by one Store. Its view describes the buffer."""

    name = "ascir.output"
    PY_NAME: ClassVar[str] = "Output"
    x = operand_def(TensorType)
    y = result_def(TensorType)

    def verify_node(self) -> None:
        self.check_index()
        if getattr(self.x.owner, "name", "") != "ascir.store":
            raise self.fail(
                f"an output is written by an ascir.store, not {getattr(self.x.owner, 'name', 'a block argument')}"
            )
        t = self.result_tensor()
        if self.tensor_operand(0, "x").dtype != t.dtype:
            raise self.fail(f"output dtype {t.dtype} differs from the stored dtype {self.x.type.dtype}")  # type: ignore[union-attr]
        if t.broadcast_axes():
            raise self.fail("an output view cannot have stride 0 on an axis of size != 1")
        if (result := view_injectivity(t.repeats, t.strides)).verdict is False:
            raise self.fail(f"output {overlap_message(t, result)}")
        if users := [use.operation for use in self.y.uses]:
            raise self.fail(
                f"an output is a result of the graph and is read by no node, but "
                f"{users[0].name} %{getattr(users[0], 'node_name', '?')} uses it: use the stored "
                "UB value, or an ascir.workspace to read data back from GM"
            )

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        buf = rt.new_buffer(self)
        rt.apply_write(self, buf, args[0])
        rt.set_output(self, buf)
        return buf
