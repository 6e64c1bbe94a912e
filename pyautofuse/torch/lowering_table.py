"""THE table: core-ATen op -> how its dimensions unify and how it is built in ASCIR.

One row per ATen overload (``str(op)``, e.g. ``"aten.add.Tensor"``). A row says:

* ``axes``: how the op's tensor dimensions relate (pointwise broadcasting, a reduction's
  kept dimensions, a view that adds/removes size-1 dimensions, a gather's private table
  axis, a source with fresh dimensions) -- :mod:`graph_builder` unifies them into the
  region's canonical axes;
* ``build``: the ASCIR nodes, through the :class:`graph_builder.Builder` (``ctx``) --
  ``pointwise("Add")`` for an op that is one ASCIR op, or a small composition (sigmoid is
  ``1 / (1 + exp(-x))``, mean is ``sum / n``) while ASCIR lacks the op;
* ``check``: the arguments the row cannot take (None = all), as a reason string.

When a new ASCIR op lands, its ATen op is one row here, e.g.
``"aten.tanh.default": Row(POINTWISE, pointwise("Tanh"))``. ATen ops torch itself
decomposes into rows of this table are listed in :data:`DECOMPOSE` (softmax, layer norm,
var/var_mean, hardtanh, ...). Everything else stays in eager torch, with the reason logged.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ascir_dialect.dtypes import DType

from .dtypes import to_ascir
from .graph_builder import AxisAnalysis, Builder, Val, _val, is_one, shape_of, sym_expr

Axes = Callable[[AxisAnalysis, Any], None]
Check = Callable[[Any], "str | None"]


@dataclass(frozen=True)
class Row:
    axes: Axes
    build: Callable[..., Any]
    check: Check | None = None
    raw_args: bool = False
    """The builder gets the FX arguments unconverted (gathers load their operands themselves)."""
    transposes: bool = False
    view: bool = False
    """A view of its first argument (no data moves): inside a region where only size-1
    dimensions change, else a strided read of the tensor the chain of views starts from."""
    joins: Callable[[Any], tuple[int, list[Any], Any]] | None = None
    """A Concat (:meth:`Builder.join`): its dim, the FX operands joined along it (each on its
    own extent) and the tensor Split around them (None: none, or a fill)."""


# ------------------------------------------------------------------ axes rules
def _tensors(args: Any) -> list[Any]:
    out: list[Any] = []
    for a in args:
        if isinstance(a, (list, tuple)):
            out += _tensors(a)
        elif hasattr(a, "meta") and hasattr(_val(a), "shape"):
            out.append(a)
    return out


def POINTWISE(an: AxisAnalysis, n: Any) -> None:
    for a in _tensors([*n.args, *n.kwargs.values()]):
        an.align(a, n)


def SOURCE(an: AxisAnalysis, n: Any) -> None:
    """Fresh dimensions (arange, full)."""


def VIEW(an: AxisAnalysis, n: Any) -> None:
    """A view keeping the order of the non-1 dimensions shares them with its source; any
    other (split, merge, transpose, partial slice, select) has fresh dimensions: it is read
    through its own strides (``Builder.strided_load``)."""
    if view_is_identity(n):
        an.identity(n.args[0], n)


def EXPAND(an: AxisAnalysis, n: Any) -> None:
    an.align(n.args[0], n)


def _reduced_dims(n: Any) -> list[int]:
    rank = len(shape_of(n.args[0]))
    if rank == 0:  # a 0-d tensor: dim 0 / -1 name the tensor itself, nothing is reduced
        return []
    dims = n.args[1] if len(n.args) > 1 else n.kwargs.get("dim")
    if dims is None or dims == []:
        return list(range(rank))
    if isinstance(dims, int):
        dims = [dims]
    return sorted({d % rank for d in dims})


def _keepdim(n: Any) -> bool:
    if not str(n.target).startswith("aten."):  # prims reductions drop the reduced dims
        return False
    return bool(n.args[2] if len(n.args) > 2 else n.kwargs.get("keepdim", False))


def REDUCE(an: AxisAnalysis, n: Any) -> None:
    x = n.args[0]
    rank, reduced, keep = len(shape_of(x)), _reduced_dims(n), _keepdim(n)
    j = 0
    for i in range(rank):
        if i in reduced:
            j += 1 if keep else 0
            continue
        an.unify(x, i, n, j)
        j += 1


def CAT(an: AxisAnalysis, n: Any) -> None:
    an.concat(n, _cat_dim(n), _tensors(n.args[0]))


def SLICE_SCATTER(an: AxisAnalysis, n: Any) -> None:
    an.align(n.args[0], n)
    an.concat(n, _scatter_dim(n), [n.args[1]])


def _scatter_dim(n: Any) -> int:
    dim = n.args[2] if len(n.args) > 2 else n.kwargs.get("dim", 0)
    return dim % max(len(shape_of(n)), 1)


def _cat_dim(n: Any) -> int:
    dim = n.args[1] if len(n.args) > 1 else n.kwargs.get("dim", 0)
    return dim % max(len(shape_of(n)), 1)


def EMBEDDING(an: AxisAnalysis, n: Any) -> None:
    weight, idx = n.args[0], n.args[1]
    k = len(shape_of(idx))
    for i in range(k):
        an.unify(idx, i, n, i)
    for j in range(1, len(shape_of(weight))):
        an.unify(weight, j, n, k + j - 1)
    an.private(weight, 0)


def INDEX_SELECT(an: AxisAnalysis, n: Any) -> None:
    x, dim, idx = n.args[0], n.args[1] % len(shape_of(n.args[0])), n.args[2]
    for i in range(len(shape_of(x))):
        if i != dim:
            an.unify(x, i, n, i)
    an.unify(idx, 0, n, dim)
    an.private(x, dim)


def GATHER(an: AxisAnalysis, n: Any) -> None:
    x, dim, idx = n.args[0], n.args[1] % len(shape_of(n.args[0])), n.args[2]
    for i in range(len(shape_of(idx))):
        an.unify(idx, i, n, i)
        if i != dim:
            an.unify(x, i, n, i)
    an.private(x, dim)


def _put_index(n: Any) -> tuple[int, Any]:
    """An ``index_put``'s one index tensor and the dimension it indexes (its place in the
    index list; the Nones before it are full slices)."""
    given = [(d, i) for d, i in enumerate(n.args[1]) if i is not None]
    if len(given) != 1:
        raise ValueError(f"index_put with {len(given)} index tensors (ASCIR's IndexPut takes one)")
    return given[0]


def INDEX_PUT(an: AxisAnalysis, n: Any) -> None:
    """The result is ``self``; the index has axes of its own; the values broadcast onto the
    indexed shape ``self.shape[:d] + index.shape + self.shape[d + 1:]`` (right-aligned)."""
    x, values = n.args[0], n.args[2]
    d, idx = _put_index(n)
    rank, k = len(shape_of(x)), len(shape_of(idx))
    for i in range(rank):
        an.unify(x, i, n, i)
    if not hasattr(values, "meta"):
        return
    rv, indexed = len(shape_of(values)), rank - 1 + k
    for j in range(rv):
        p = indexed - rv + j
        if p < d:
            an.unify(values, j, n, p)
        elif p < d + k:
            an.unify(values, j, idx, p - d)
        else:
            an.unify(values, j, n, p - k + 1)


def INDEX_ADD(an: AxisAnalysis, n: Any) -> None:
    """``index_add(self, dim, index, source)``: ``source`` is ``self`` with ``dim`` the
    index's one axis."""
    x, idx, source = n.args[0], n.args[2], n.args[3]
    rank = len(shape_of(x))
    d = n.args[1] % max(rank, 1)
    for i in range(rank):
        an.unify(x, i, n, i)
        if i != d:
            an.unify(source, i, n, i)
    if len(shape_of(idx)) == 1 and rank:
        an.unify(source, d, idx, 0)


# ----------------------------------------------------------------- dtype rules
def _result(n: Any) -> DType:
    d = to_ascir(_val(n).dtype)
    if d is None:
        raise ValueError(f"result dtype {_val(n).dtype} has no ASCIR equivalent")
    return d


def _promoted(n: Any, args: Any) -> DType:
    """torch's type promotion of the operands (compares compute in it)."""
    from torch._prims_common import ELEMENTWISE_TYPE_PROMOTION_KIND, elementwise_dtypes

    vals = [_val(a) if hasattr(a, "meta") else a for a in args]
    vals = [v for v in vals if v is not None and not isinstance(v, (list, tuple, str))]
    _, result = elementwise_dtypes(*vals, type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.DEFAULT)
    d = to_ascir(result)
    if d is None:
        raise ValueError(f"operands promote to {result}, which ASCIR lacks")
    return d


def _v(a: Any) -> Val:
    return a if isinstance(a, Val) else Val(None, scalar=a)


# ------------------------------------------------------------------- builders
def pointwise(py: str, promote: bool = False, result: DType | None = None) -> Callable[..., Any]:
    """One ASCIR op over all operands (tensors or scalars), computing in the result
    dtype (``promote``: in the operands' promoted dtype, e.g. compares)."""

    def build(ctx: Builder, n: Any, *args: Any, **kw: Any) -> Val:
        p = ctx.present_of(n)
        cd = _promoted(n, n.args) if promote else _result(n)
        xs = [ctx.tensor(_v(a), cd, p) for a in args]
        return ctx.op(py, xs, result or cd, p)

    return build


def _alpha(ctx: Builder, n: Any, y: Val, cd: DType, kw: dict[str, Any]) -> Val:
    alpha = kw.get("alpha", 1)
    y = ctx.tensor(_v(y), cd, ctx.present_of(n))
    if alpha == 1:
        return y
    return ctx.op("Mul", [y, ctx.tensor(_v(alpha), cd, y.present)], cd, y.present)


def add(ctx: Builder, n: Any, x: Any, y: Any, **kw: Any) -> Val:
    cd, p = _result(n), ctx.present_of(n)
    return ctx.op("Add", [ctx.tensor(_v(x), cd, p), _alpha(ctx, n, y, cd, kw)], cd, p)


def sub(ctx: Builder, n: Any, x: Any, y: Any, **kw: Any) -> Val:
    cd, p = _result(n), ctx.present_of(n)
    return ctx.op("Sub", [ctx.tensor(_v(x), cd, p), _alpha(ctx, n, y, cd, kw)], cd, p)


def rsub(ctx: Builder, n: Any, x: Any, y: Any, **kw: Any) -> Val:
    cd, p = _result(n), ctx.present_of(n)
    return ctx.op("Sub", [ctx.tensor(_v(y), cd, p), _alpha(ctx, n, x, cd, kw)], cd, p)


def div(ctx: Builder, n: Any, x: Any, y: Any, rounding_mode: str | None = None) -> Val:
    """``Div``; ``rounding_mode='floor'``: ``FloorDiv``; ``'trunc'`` (floats):
    ``Trunc(Div)`` (torch's div_trunc is ``trunc(a / b)``)."""
    cd, p = _result(n), ctx.present_of(n)
    xs = [ctx.tensor(_v(x), cd, p), ctx.tensor(_v(y), cd, p)]
    if rounding_mode == "floor":
        return ctx.op("FloorDiv", xs, cd, p)
    if rounding_mode == "trunc" and not cd.is_float:
        return _trunc_div(ctx, xs[0], xs[1], cd, p)
    q = ctx.op("Div", xs, cd, p)
    return ctx.op("Trunc", [q], cd, p) if rounding_mode == "trunc" else q


def _trunc_div(ctx: Builder, x: Val, y: Val, cd: DType, p: frozenset[int]) -> Val:
    """Integer ``div(rounding_mode='trunc')``: the floored quotient plus 1 where the division
    is inexact (``remainder != 0``) and the operands' signs differ (a negative quotient,
    where floor and trunc part); division by zero raises as torch."""
    zero = _const(ctx, 0, cd, p)
    q = ctx.op("FloorDiv", [x, y], cd, p)
    inexact = ctx.op("Ne", [ctx.op("Remainder", [x, y], cd, p), zero], DType.bool, p)
    signs = ctx.op("Ne", [ctx.op("Lt", [x, zero], DType.bool, p), ctx.op("Lt", [y, zero], DType.bool, p)], DType.bool, p)
    up = ctx.op("LogicalAnd", [inexact, signs], DType.bool, p)
    return ctx.op("Where", [up, ctx.op("Add", [q, _const(ctx, 1, cd, p)], cd, p), q], cd, p)


def bitwise(py: str, logical_py: str) -> Callable[..., Any]:
    """An ASCIR bitwise op on integers; on bool the logical op (the same values)."""

    def build(ctx: Builder, n: Any, *args: Any) -> Val:
        if _result(n) is DType.bool:
            return logical(logical_py)(ctx, n, *args)
        return pointwise(py)(ctx, n, *args)

    return build


def _check_bitwise(n: Any) -> str | None:
    if _val(n).dtype.is_floating_point:
        return f"{n.target} of {_val(n).dtype}"
    return None


def _check_round(n: Any) -> str | None:
    decimals = n.kwargs.get("decimals", n.args[1] if len(n.args) > 1 else 0)
    if decimals != 0:
        return f"round(decimals={decimals}) (ASCIR Round is decimals=0: half to even)"
    return None


def _unary_expr(fn: Callable[[Builder, Val, DType, frozenset[int]], Val]) -> Callable[..., Any]:
    """A unary op written as a composition; computes in the (floating) result dtype."""

    def build(ctx: Builder, n: Any, x: Any, *rest: Any, **kw: Any) -> Val:
        cd, p = _result(n), ctx.present_of(n)
        return fn(ctx, ctx.tensor(_v(x), cd, p), cd, p)

    return build


def _const(ctx: Builder, value: Any, cd: DType, p: frozenset[int]) -> Val:
    return ctx.tensor(Val(None, scalar=value), cd, p)


def _recip(ctx: Builder, x: Val, cd: DType, p: frozenset[int]) -> Val:
    return ctx.op("Reciprocal", [x], cd, p)


def _silu(ctx: Builder, x: Val, cd: DType, p: frozenset[int]) -> Val:
    return ctx.op("Mul", [x, ctx.op("Sigmoid", [x], cd, p)], cd, p)


def _rsqrt(ctx: Builder, x: Val, cd: DType, p: frozenset[int]) -> Val:
    return ctx.op("Rsqrt", [x], cd, p)


def gelu(ctx: Builder, n: Any, x: Any, approximate: str = "none") -> Val:
    cd, p = _result(n), ctx.present_of(n)
    return ctx.op("Gelu", [ctx.tensor(_v(x), cd, p)], cd, p, {"approximate": approximate})


def leaky_relu(ctx: Builder, n: Any, x: Any, negative_slope: Any = 0.01) -> Val:
    cd, p = _result(n), ctx.present_of(n)
    return ctx.op("LeakyRelu", [ctx.tensor(_v(x), cd, p)], cd, p, {"negative_slope": float(negative_slope)})


def _check_float_scalar(n: Any) -> str | None:
    slope = n.args[1] if len(n.args) > 1 else n.kwargs.get("negative_slope", 0.01)
    if isinstance(slope, bool) or not isinstance(slope, (int, float)):
        return f"negative_slope {slope!r} is not a number known at compile time"
    return None


POW_EXPONENTS = (1, 2, 3, 0.5, -0.5, -1, -2)


VELTKAMP = 4097.0
"""Veltkamp's splitting constant of float32 (2^12 + 1): x = hi + lo, 12 bits each."""


def pow_scalar_base(ctx: Builder, n: Any, base: Any, y: Any) -> Val:
    """``base ** y`` for a constant ``base > 0`` (RoPE's ``10000 ** x``), in float32 as torch
    computes it: ``exp(y ln base)`` with the product kept exact -- ``ln base`` split in
    float64 at trace time into float32 ``c_hi + c_lo``, ``y * c_hi = p + e`` exactly (Dekker's
    product, Veltkamp split, no FMA) -- then ``q = exp(p)`` corrected by ``q * t``, ``t = e + y
    c_lo``: a few ulp instead of the ``|y ln base|`` ulp a rounded argument costs. Where ``q``
    or ``t`` is not finite (overflow, infinite or NaN ``y``), ``q`` itself."""
    import numpy as np

    cd, p_ = _result(n), ctx.present_of(n)
    f32 = DType.float32
    base = float(np.asarray(float(base), dtype=np.float64).astype(cd.numpy))  # torch: in the result dtype
    if base == 1.0:  # C pow: 1 ** y is 1, NaN and infinite y included
        return _const(ctx, 1.0, cd, p_)
    c = float(np.log(np.float64(base)))
    c_hi = float(np.float32(c))
    c_lo = float(np.float32(c - c_hi))
    split = np.float32(c_hi) * np.float32(VELTKAMP)
    ch_hi = float(split - (split - np.float32(c_hi)))
    ch_lo = float(np.float32(c_hi) - np.float32(ch_hi))

    def k(v: float) -> Val:
        return _const(ctx, v, f32, p_)

    def op(name: str, *xs: Val) -> Val:
        return ctx.op(name, list(xs), f32, p_)

    yv = ctx.tensor(_v(y), f32, p_)
    s = op("Mul", yv, k(VELTKAMP))
    y_hi = op("Sub", s, op("Sub", s, yv))
    y_lo = op("Sub", yv, y_hi)
    prod = op("Mul", yv, k(c_hi))
    err = op("Sub", op("Mul", y_hi, k(ch_hi)), prod)
    err = op("Add", err, op("Mul", y_hi, k(ch_lo)))
    err = op("Add", err, op("Mul", y_lo, k(ch_hi)))
    err = op("Add", err, op("Mul", y_lo, k(ch_lo)))
    t = op("Add", err, op("Mul", yv, k(c_lo)))
    q = op("Exp", prod)
    finite = ctx.op(
        "LogicalAnd",
        [ctx.op("IsFinite", [q], DType.bool, p_), ctx.op("IsFinite", [t], DType.bool, p_)],
        DType.bool,
        p_,
    )
    out = ctx.op("Where", [finite, op("Add", q, op("Mul", q, t)), q], f32, p_)
    return ctx.cast(out, cd)


def _check_pow_scalar_base(n: Any) -> str | None:
    base = n.args[0]
    import numpy as np

    if isinstance(base, bool) or not isinstance(base, (int, float)):
        return f"pow with the scalar base {base!r} (a positive finite number is built)"
    cd = to_ascir(_val(n).dtype)
    if cd is None or not cd.is_float:
        return "integer pow with a scalar base"
    with np.errstate(over="ignore"):
        rounded = float(np.asarray(float(base), dtype=np.float64).astype(cd.numpy))
    if not 0 < rounded < float("inf"):
        return f"pow with the scalar base {base!r} ({rounded} in {cd.value}; a positive finite base is built)"
    return None


def pow_scalar(ctx: Builder, n: Any, x: Any, e: Any) -> Val:
    """Exact compositions for the common exponents; any other float exponent is one Pow
    (``Exp(y Ln|x|)`` with C pow's fix-ups: docs/ir.md "Math ops")."""
    cd, p = _result(n), ctx.present_of(n)
    x = ctx.tensor(_v(x), cd, p)
    if e not in POW_EXPONENTS:
        return ctx.op("Pow", [x, ctx.tensor(_v(e), cd, p)], cd, p)
    if e in (1, 2, 3):
        out = x
        for _ in range(int(e) - 1):
            out = ctx.op("Mul", [out, x], cd, p)
        return out
    if e == 0.5:
        return ctx.op("Sqrt", [x], cd, p)
    if e == -0.5:
        return _rsqrt(ctx, x, cd, p)
    return _recip(ctx, x if e == -1 else ctx.op("Mul", [x, x], cd, p), cd, p)


def _check_pow(n: Any) -> str | None:
    e = n.args[1]
    if isinstance(e, bool) or not isinstance(e, (int, float)):
        return f"pow with exponent {e!r}: not a number known at compile time"
    floating = to_ascir(_val(n).dtype).is_float  # type: ignore[union-attr]
    if e not in POW_EXPONENTS and not floating:
        return f"integer pow with exponent {e!r} (ASCIR's Pow is float only; {POW_EXPONENTS} are built)"
    if e < 0 and not floating:
        return "integer pow with a negative exponent"
    return None


def _float_pow(n: Any) -> str | None:
    if not to_ascir(_val(n).dtype).is_float:  # type: ignore[union-attr]
        return "integer pow of two tensors (ASCIR's Pow is float only)"
    return None


def square(ctx: Builder, n: Any, x: Any) -> Val:
    cd, p = _result(n), ctx.present_of(n)
    x = ctx.tensor(_v(x), cd, p)
    return ctx.op("Mul", [x, x], cd, p)


def clamp(ctx: Builder, n: Any, x: Any, lo: Any = None, hi: Any = None) -> Val:
    cd, p = _result(n), ctx.present_of(n)
    out = ctx.tensor(_v(x), cd, p)
    logic = cd is DType.bool  # on bools max is or, min is and
    if lo is not None:
        out = ctx.op("LogicalOr" if logic else "Maximum", [out, ctx.tensor(_v(lo), cd, p)], cd, p)
    if hi is not None:
        out = ctx.op("LogicalAnd" if logic else "Minimum", [out, ctx.tensor(_v(hi), cd, p)], cd, p)
    return out


def where(ctx: Builder, n: Any, cond: Any, a: Any, b: Any) -> Val:
    cd, p = _result(n), ctx.present_of(n)
    c = ctx.tensor(_v(cond), DType.bool, p)
    return ctx.op("Where", [c, ctx.tensor(_v(a), cd, p), ctx.tensor(_v(b), cd, p)], cd, p)


def masked_fill(ctx: Builder, n: Any, x: Any, mask: Any, value: Any) -> Val:
    return where(ctx, n, mask, value, x)


def logical(py: str) -> Callable[..., Any]:
    def build(ctx: Builder, n: Any, *args: Any) -> Val:
        p = ctx.present_of(n)
        return ctx.op(py, [ctx.tensor(_v(a), DType.bool, p) for a in args], DType.bool, p)

    return build


def bool_as(py: str, build: Callable[..., Any]) -> Callable[..., Any]:
    """``build``, except that on bool tensors torch's arithmetic is logic: add and maximum
    are or, mul and minimum are and (a bool result; ``alpha`` other than 1 keeps ``build``)."""
    as_logic = logical(py)

    def choose(ctx: Builder, n: Any, *args: Any, **kw: Any) -> Val:
        if _result(n) is DType.bool and kw.get("alpha", 1) in (1, True):
            return as_logic(ctx, n, *args)
        return build(ctx, n, *args, **kw)

    return choose


def fmax_fmin(py: str) -> Callable[..., Any]:
    """``fmax``/``fmin``: Maximum/Minimum, except that a NaN operand gives the other one
    (both NaN: NaN); on integers the plain op."""

    def build(ctx: Builder, n: Any, a: Any, b: Any) -> Val:
        cd, p = _result(n), ctx.present_of(n)
        x, y = ctx.tensor(_v(a), cd, p), ctx.tensor(_v(b), cd, p)
        m = ctx.op(py, [x, y], cd, p)
        if not cd.is_float:
            return m
        m = ctx.op("Where", [ctx.op("IsNan", [y], DType.bool, p), x, m], cd, p)
        return ctx.op("Where", [ctx.op("IsNan", [x], DType.bool, p), y, m], cd, p)

    return build


def fmod(ctx: Builder, n: Any, a: Any, b: Any) -> Val:
    """``torch.fmod`` (C fmod: the remainder of the truncated quotient, the sign of ``a``)
    from torch.remainder (the floored one): on floats ``±remainder(|a|, |b|)`` with the
    sign of ``a`` -- for non-negative operands both are the exact fmod, so no rounding is
    added; on integers ``r = remainder(a, b)``, minus ``b`` where ``r != 0`` and its sign
    differs from ``a``'s (exact in integers; division by zero raises as torch)."""
    cd, p = _result(n), ctx.present_of(n)
    x, y = ctx.tensor(_v(a), cd, p), ctx.tensor(_v(b), cd, p)
    zero = _const(ctx, 0, cd, p)
    negative = ctx.op("Lt", [x, zero], DType.bool, p)
    if cd.is_float:
        r = ctx.op("Remainder", [ctx.op("Abs", [x], cd, p), ctx.op("Abs", [y], cd, p)], cd, p)
        return ctx.op("Where", [negative, ctx.op("Neg", [r], cd, p), r], cd, p)
    r = ctx.op("Remainder", [x, y], cd, p)
    differs = ctx.op("Ne", [ctx.op("Lt", [r, zero], DType.bool, p), negative], DType.bool, p)
    wrong = ctx.op("LogicalAnd", [ctx.op("Ne", [r, zero], DType.bool, p), differs], DType.bool, p)
    return ctx.op("Where", [wrong, ctx.op("Sub", [r, y], cd, p), r], cd, p)


def logical_xor(ctx: Builder, n: Any, a: Any, b: Any) -> Val:
    p = ctx.present_of(n)
    return ctx.op("Ne", [ctx.tensor(_v(a), DType.bool, p), ctx.tensor(_v(b), DType.bool, p)], DType.bool, p)


def identity(ctx: Builder, n: Any, x: Any, *rest: Any, **kw: Any) -> Val:
    return ctx.tensor(_v(x), _result(n), ctx.present_of(n)) if isinstance(x, Val) else _v(x)


def copy(ctx: Builder, n: Any, dst: Any, src: Any, *rest: Any) -> Val:
    """``aten.copy`` (what functionalization makes of ``x.copy_(y)``, ``x[...] = y``): the
    result is ``src`` broadcast to ``dst``'s shape in ``dst``'s dtype. ``dst`` gives only
    its shape, so it is not loaded (raw arguments)."""
    return ctx.tensor(_v(ctx.arg(src)), _result(n), ctx.present_of(n))


def _check_to_copy(n: Any) -> str | None:
    for k in ("device", "layout"):
        if n.kwargs.get(k) is not None and k == "layout" and str(n.kwargs[k]) != "torch.strided":
            return f"_to_copy to {k} {n.kwargs[k]}"
    dev = n.kwargs.get("device")
    if dev is not None and str(dev) != "cpu":
        return f"_to_copy to device {dev}"
    return None


def cat(ctx: Builder, n: Any, tensors: Any, *rest: Any, **kw: Any) -> Val:
    """``torch.cat``: an ASCIR Concat (:meth:`Builder.concat`)."""
    return ctx.concat(n, _tensors(tensors), _cat_dim(n))


def _scatter_range(n: Any) -> tuple[Any, Any]:
    """``slice_scatter``'s ``[start, end)`` along its dim, clamped as torch clamps a slice."""
    import sympy

    def size_arg(a: Any) -> Any:  # an int, or a SymInt's FX node (dynamic shapes)
        return sym_expr(_val(a) if hasattr(a, "meta") else a)

    size = shape_of(n)[_scatter_dim(n)]
    args = [*n.args, None, None, None, None][2:5]
    start = size_arg(args[1] if args[1] is not None else n.kwargs.get("start") or 0)
    end = args[2] if args[2] is not None else n.kwargs.get("end")
    end = size if end is None else size_arg(end)
    start = sympy.Max(sympy.Integer(0), sympy.Min(start + size if start.is_negative else start, size))
    end = sympy.Max(start, sympy.Min(end + size if end.is_negative else end, size))
    return sympy.simplify(start), sympy.simplify(end)


def _check_slice_scatter(n: Any) -> str | None:
    step = n.args[5] if len(n.args) > 5 else n.kwargs.get("step", 1)
    if step != 1:
        return f"slice_scatter with step {step} (only contiguous slices)"
    start, end = _scatter_range(n)
    size = shape_of(n)[_scatter_dim(n)]
    for piece in (start, size - end, end - start):
        if not (piece == 0 or (piece - 1).is_nonnegative):
            return f"slice_scatter with a piece of size {piece}, which may be empty"
    return None


def _fill_value(n: Any) -> Any:
    """The number a ``torch.full`` node fills with, else None."""
    if str(getattr(n, "target", "")) == "aten.full.default" and isinstance(n.args[1], (int, float, bool)):
        return n.args[1]
    return None


def slice_scatter(ctx: Builder, n: Any, base: Any, src: Any, *rest: Any, **kw: Any) -> Val:
    """``slice_scatter(base, src, dim, start, end)``: a Concat of ``src`` between the pieces
    of ``base`` it replaces (:meth:`Builder.scatter_slice`)."""
    start, end = _scatter_range(n)
    return ctx.scatter_slice(n, base, _fill_value(base), src, _scatter_dim(n), start, end)


def view_is_identity(n: Any) -> bool:
    """The view keeps its source's non-1 dimensions, in order (only size-1 dimensions come
    or go): the same canonical axes, no data moved."""
    x = n.args[0]
    shape, out = shape_of(x), shape_of(n)
    target = str(n.target)
    if target.startswith("aten.permute"):
        moved = [d for d in n.args[1] if not is_one(shape[d])]
        return moved == sorted(moved)
    if target.startswith("aten.slice"):
        dim = (n.args[1] if len(n.args) > 1 else 0) % max(len(shape), 1)
        start = n.args[2] if len(n.args) > 2 else 0
        end = n.args[3] if len(n.args) > 3 else None
        step = n.args[4] if len(n.args) > 4 else 1
        return step == 1 and start in (0, None) and (end is None or out[dim] == shape[dim])
    if target.startswith("aten.select"):
        return is_one(shape[n.args[1] % len(shape)])
    if target.startswith("aten.as_strided"):
        return False
    return [s for s in shape if not is_one(s)] == [s for s in out if not is_one(s)]


def view(ctx: Builder, n: Any, x: Any, *rest: Any) -> Val:
    """A view: the source itself where only size-1 dimensions change, else the tensor the
    chain of views starts from read through this view's strides and offset (a region
    never moves data to reshape, transpose or slice; a value computed in the region is
    first stored by it and read back by the next region)."""
    if view_is_identity(n):
        return identity(ctx, n, ctx.arg(x))
    return ctx.strided_load(n)


def reduce(py: str) -> Callable[..., Any]:
    def build(ctx: Builder, n: Any, x: Any, *rest: Any, **kw: Any) -> Val:
        cd = _result(n)
        axes = frozenset(ctx.axes_of(n.args[0])[i] for i in _nonone_positions(n.args[0], _reduced_dims(n)))
        xv = ctx.tensor(_v(x), cd, x.present)
        return ctx.reduce(py, xv, axes)

    return build


def arg_reduce(py: str) -> Callable[..., Any]:
    """``argmax``/``argmin``: ASCIR ArgMax/ArgMin over the reduced axes in the operand's
    dtype, the index in the result dtype (int64); over several dimensions (``dim=None``)
    the flat row-major index, which needs the canonical axes in the tensor's dim order.
    Over size-1 dimensions only, every index is 0."""

    def build(ctx: Builder, n: Any, x: Any, *rest: Any, **kw: Any) -> Val:
        cd, dims = _result(n), _nonone_positions(n.args[0], _reduced_dims(n))
        ids = [ctx.axes_of(n.args[0])[i] for i in dims]
        if ids != sorted(ids):
            raise ValueError(f"{n.target} over dims whose fused axes are not in row-major order (a permuted input)")
        if not ids:
            return ctx.tensor(Val(None, scalar=0), cd, ctx.present_of(n))
        xv = ctx.tensor(_v(x), x.dtype, x.present)
        return ctx.reduce(py, xv, frozenset(ids), result=cd)

    return build


def mask_reduce(py: str) -> Callable[..., Any]:
    """``any``/``all``: ASCIR Any/All of the operand as a mask (``!= 0``; NaN is true), in
    the result dtype (bool, or uint8 for a uint8 operand, as torch)."""

    def build(ctx: Builder, n: Any, x: Any, *rest: Any, **kw: Any) -> Val:
        cd = _result(n)
        axes = frozenset(ctx.axes_of(n.args[0])[i] for i in _nonone_positions(n.args[0], _reduced_dims(n)))
        return ctx.reduce(py, ctx.tensor(_v(x), cd, x.present), axes)

    return build


def _nonone_positions(x: Any, dims: list[int]) -> list[int]:
    """Positions (among the non-1 dimensions of ``x``) of ``dims`` that are not size 1."""
    shape = shape_of(x)
    nonone = [i for i, s in enumerate(shape) if not is_one(s)]
    return [nonone.index(d) for d in dims if d in nonone]


def mean(ctx: Builder, n: Any, x: Any, *rest: Any, **kw: Any) -> Val:
    import sympy

    cd = _result(n)
    s = reduce("Sum")(ctx, n, x)
    count = sympy.Integer(1)
    shape = shape_of(n.args[0])
    for d in _reduced_dims(n):
        count = count * shape[d]
    den = float(count) if count.is_Number else count
    return ctx.op("Div", [s, ctx.tensor(Val(None, scalar=den), cd, s.present)], cd, s.present)


def prims_var(ctx: Builder, n: Any, x: Any, dims: Any, correction: Any = 1, **kw: Any) -> Val:
    """``sum((x - mean)^2) / (n - correction)`` over ``dims`` (prims.var, what var_mean and
    layer norm decompose to)."""
    import sympy

    cd = _result(n)
    xv = ctx.tensor(_v(x), cd, x.present)
    axes = frozenset(ctx.axes_of(n.args[0])[i] for i in _nonone_positions(n.args[0], _reduced_dims(n)))
    count = sympy.Integer(1)
    for d in _reduced_dims(n):
        count = count * shape_of(n.args[0])[d]
    total = ctx.reduce("Sum", xv, axes)
    den = float(count) if count.is_Number else count
    m = ctx.op("Div", [total, ctx.tensor(Val(None, scalar=den), cd, total.present)], cd, total.present)
    d = ctx.op("Sub", [xv, ctx.tensor(m, cd, xv.present)], cd, xv.present)
    sq = ctx.reduce("Sum", ctx.op("Mul", [d, d], cd, d.present), axes)
    dof = count - sympy.sympify(correction)
    dof = float(dof) if dof.is_Number else dof
    return ctx.op("Div", [sq, ctx.tensor(Val(None, scalar=dof), cd, sq.present)], cd, sq.present)


def _check_prims_var(n: Any) -> str | None:
    c = n.args[2] if len(n.args) > 2 else n.kwargs.get("correction", 1)
    if not isinstance(c, (int, float)) or float(c) != int(c):
        return f"prims.var with correction {c!r}"
    return None


def BROADCAST_IN_DIM(an: AxisAnalysis, n: Any) -> None:
    for i, d in enumerate(n.args[2]):
        an.unify(n.args[0], i, n, d)


def _float_only(n: Any) -> str | None:
    if not to_ascir(_val(n).dtype).is_float:
        return f"{n.target} on {_val(n).dtype} (integer prims.div truncates; ASCIR has no trunc division)"
    return None


def _check_reduce_dtype(n: Any) -> str | None:
    if n.kwargs.get("dtype") is not None and to_ascir(n.kwargs["dtype"]) is None:
        return f"reduction to dtype {n.kwargs['dtype']}"
    return None


def _check_mean(n: Any) -> str | None:
    if not to_ascir(_val(n).dtype).is_float:
        return "mean of an integer tensor"
    return _check_reduce_dtype(n)


def arange(ctx: Builder, n: Any, *args: Any, **kw: Any) -> Val:
    from ascir_dialect.frontend.helpers import arange as ascir_arange

    start, step = _arange_start_step(ctx, n)
    cd = _result(n)
    p = ctx.present_of(n)
    idx = cd if cd in (DType.int32, DType.int64) else DType.int64
    if not p:  # one element
        return ctx.tensor(Val(None, scalar=start), cd, p)
    (axis,) = p
    y = ascir_arange(
        ctx.graph,
        dtype=idx,
        axis=[ctx.axis_at(axis, n)],
        base=ctx.size(sym_expr(start)),
        step=ctx.size(sym_expr(step)),
    )
    ctx.ascir_owner[y.node.name] = n
    v = ctx.tensor(Val(idx, y, p), idx, p) if len(ctx.axes) == 1 else _to_canonical(ctx, y, idx, p)
    return ctx.cast(v, cd)


def _arange_start_step(ctx: Builder, n: Any) -> tuple[Any, Any]:
    """``torch.arange``'s start and step (numbers or sympy expressions of SymInts)."""
    args = [a.scalar if isinstance(a, Val) else a for a in (ctx.arg(a) for a in n.args)]
    start, step = (0, 1) if len(args) == 1 else (args[0], args[2] if len(args) > 2 else 1)
    return start, step


def _to_canonical(ctx: Builder, y: Any, dtype: DType, p: frozenset[int]) -> Val:
    from ascir_dialect.frontend import ops

    b = ops.Broadcast(ctx.name("broadcast"))
    b.x = y
    ctx.view(b.y, dtype, p, dense=True)
    return Val(dtype, b.y, p)


def _check_arange(n: Any) -> str | None:
    for a in n.args:
        if isinstance(a, float) and not a.is_integer():
            return "arange with a non-integer start/end/step"
    dt_ = to_ascir(_val(n).dtype)
    if dt_ is None or not (dt_.is_float or dt_ in (DType.int32, DType.int64)):
        return f"arange of dtype {_val(n).dtype}"
    return None


def full(ctx: Builder, n: Any, size: Any, value: Any, **kw: Any) -> Val:
    return ctx.tensor(_v(value), _result(n), ctx.present_of(n))


def full_like(ctx: Builder, n: Any, x: Any, value: Any, **kw: Any) -> Val:
    return ctx.tensor(_v(value), _result(n), ctx.present_of(n))


def scalar_tensor(ctx: Builder, n: Any, value: Any, **kw: Any) -> Val:
    return ctx.tensor(_v(value), _result(n), frozenset())


def _gather_index(ctx: Builder, idx_node: Any) -> Any:
    """A gather's index: loaded over its own dimensions, or -- positions computed in the
    region, ``torch.arange`` -- an Arange over its one axis (seed 001: an IndirectLoad
    indexed by an Arange; GPT-2's learned positions ``wpe(arange(s))``)."""
    from ascir_dialect.frontend.helpers import arange as ascir_arange

    dtype = to_ascir(_val(idx_node).dtype)
    if dtype not in (DType.int32, DType.int64):
        raise ValueError(f"gather index of dtype {_val(idx_node).dtype}")
    if idx_node in ctx.inside and str(idx_node.target).startswith("aten.arange") and not _check_arange(idx_node):
        start, step = _arange_start_step(ctx, idx_node)
        (axis,) = ctx.axes_of(idx_node)
        y = ascir_arange(ctx.graph, dtype=dtype, axis=[ctx.axes[axis]], base=ctx.size(sym_expr(start)), step=ctx.size(sym_expr(step)))
        ctx.ascir_owner[y.node.name] = idx_node
        return y
    return ctx.own_load(idx_node, {})


def embedding(ctx: Builder, n: Any, weight: Any, idx: Any, *rest: Any) -> Val:
    from ascir_dialect.frontend.helpers import embedding as ascir_embedding

    w = ctx.own_load(weight, {0: ctx.private_axis(shape_of(weight)[0])})
    y = ascir_embedding(ctx.graph, w, _gather_index(ctx, idx))
    return _gathered(ctx, n, y)


def index_select(ctx: Builder, n: Any, x: Any, dim: int, idx: Any) -> Val:
    from ascir_dialect.frontend.helpers import index_select as ascir_index_select

    dim %= len(shape_of(x))
    xl = ctx.own_load(x, {dim: ctx.private_axis(shape_of(x)[dim])})
    y = ascir_index_select(ctx.graph, xl, dim, _gather_index(ctx, idx))
    return _gathered(ctx, n, y)


def gather(ctx: Builder, n: Any, x: Any, dim: int, idx: Any, **kw: Any) -> Val:
    from ascir_dialect.frontend.helpers import gather as ascir_gather

    dim %= len(shape_of(x))
    xl = ctx.own_load(x, {dim: ctx.private_axis(shape_of(x)[dim])})
    y = ascir_gather(ctx.graph, xl, dim, _gather_index(ctx, idx))
    return _gathered(ctx, n, y)


def _gathered(ctx: Builder, n: Any, y: Any) -> Val:
    ctx.gathers.append(n)
    p, dtype = ctx.present_of(n), _result(n)
    for node in (y.node,):
        ctx.ascir_owner[node.name] = n
    if [a.name for a in y.axis] == [a.name for a in ctx.axes] and all(
        (k in p) or s == 1 for k, s in enumerate(y.size)
    ):
        return Val(dtype, y, p)
    return _to_canonical(ctx, y, dtype, p)


def _check_gather_shapes(n: Any) -> str | None:
    x, dim, idx = n.args[0], n.args[1] % len(shape_of(n.args[0])), n.args[2]
    sx, si = shape_of(x), shape_of(idx)
    if len(sx) != len(si) or any(a != b for i, (a, b) in enumerate(zip(sx, si, strict=True)) if i != dim):
        return (
            "gather with an index smaller than the input outside dim (ASCIR's IndirectLoad shares those axes)"
        )
    if any(is_one(s) for s in si):
        return "gather over a size-1 dimension"
    return None


def _check_index_dims(n: Any) -> str | None:
    for node in (n.args[0], n.args[1] if "embedding" in str(n.target) else n.args[2]):
        if any(is_one(s) for s in shape_of(node)):
            return f"{n.target} with a size-1 dimension in {node.name}"
    return None


def index_put(
    ctx: Builder, n: Any, x: Any, indices: Any, values: Any, accumulate: Any = False, wrap: bool = True
) -> Val:
    """``index_put`` with one index tensor: an ASCIR IndexPut (issue 37; the embedding's
    backward is ``_unsafe_index_put(zeros, [ids], grad, accumulate=True)``). Negative
    positions wrap as torch's indexing wraps them; one outside the rows stops the kernel
    (torch raises ``IndexError``); ``wrap=False``: a negative one too (``index_add``)."""
    d = next(k for k, i in enumerate(indices) if i is not None)  # the one (_check_index_put)
    dtype, p = _result(n), ctx.present_of(n)
    src = _v(values)
    attrs = {
        "dim": ctx.axis_index[ctx.dim_class[(n, d)]],
        "accumulate": bool(accumulate),
        "need_check_negative": wrap,
    }
    y = ctx.op("IndexPut", [ctx.tensor(_v(x), dtype, p), indices[d], ctx.cast(src, dtype)], dtype, p, attrs)
    ctx.scatters.append(n)
    return y


def index_add(ctx: Builder, n: Any, x: Any, dim: int, idx: Any, source: Any, alpha: Any = 1) -> Val:
    """``index_add(self, dim, index, source, alpha)``: ``source * alpha`` put with
    accumulation along ``dim`` (torch's CPU kernel adds in index order too)."""
    dtype = _result(n)
    src = ctx.cast(_v(source), dtype)
    if not (isinstance(alpha, (int, float)) and alpha == 1):
        src = ctx.op("Mul", [src, ctx.tensor(_v(alpha), dtype, src.present)], dtype, src.present)
    indices = [None] * (dim % len(shape_of(x))) + [idx]
    return index_put(ctx, n, x, indices, src, True, wrap=False)


def _check_index_put(n: Any) -> str | None:
    try:
        d, idx = _put_index(n) if "index_put" in str(n.target) else (n.args[1], n.args[2])
    except ValueError as e:
        return str(e)
    x = n.args[0]
    d %= max(len(shape_of(x)), 1)
    if len(shape_of(idx)) != 1 and "index_add" in str(n.target):
        return "index_add with an index that is not 1-D"
    if _val(idx).dtype not in _index_dtypes():
        return f"{n.target} with a {_val(idx).dtype} index (a mask index is a masked scatter)"
    if not shape_of(x) or is_one(shape_of(x)[d]):
        return f"{n.target} into a size-1 dimension"
    accumulate = n.args[3] if len(n.args) > 3 and "index_put" in str(n.target) else n.kwargs.get("accumulate", True)
    if not isinstance(accumulate, bool):
        return f"{n.target} with accumulate={accumulate!r}"
    from passes.indirect_templates import SIMT_DTYPES

    if to_ascir(_val(n).dtype) not in SIMT_DTYPES:
        return f"{n.target} on {_val(n).dtype} (the scatter's scalar path: {', '.join(map(str, SIMT_DTYPES))})"
    return None


def _index_dtypes() -> tuple[Any, ...]:
    import torch

    return (torch.int32, torch.int64)


# ----------------------------------------------------------------------- TABLE
TABLE: dict[str, Row] = {
    # arithmetic (ASCIR Add/Sub/Mul/Div/FloorDiv/Remainder/Minimum/Maximum)
    "aten.add.Tensor": Row(POINTWISE, bool_as("LogicalOr", add)),
    "aten.add.Scalar": Row(POINTWISE, bool_as("LogicalOr", add)),
    "aten.sub.Tensor": Row(POINTWISE, sub),
    "aten.sub.Scalar": Row(POINTWISE, sub),
    "aten.rsub.Scalar": Row(POINTWISE, rsub),
    "aten.rsub.Tensor": Row(POINTWISE, rsub),
    "aten.mul.Tensor": Row(POINTWISE, bool_as("LogicalAnd", pointwise("Mul"))),
    "aten.mul.Scalar": Row(POINTWISE, bool_as("LogicalAnd", pointwise("Mul"))),
    "aten.div.Tensor": Row(POINTWISE, div),
    "aten.div.Scalar": Row(POINTWISE, div),
    "aten.div.Tensor_mode": Row(POINTWISE, div),
    "aten.div.Scalar_mode": Row(POINTWISE, div),
    "aten.floor_divide.default": Row(POINTWISE, pointwise("FloorDiv")),
    "aten.remainder.Tensor": Row(POINTWISE, pointwise("Remainder")),
    "aten.remainder.Scalar": Row(POINTWISE, pointwise("Remainder")),
    "aten.fmod.Tensor": Row(POINTWISE, fmod),
    "aten.fmod.Scalar": Row(POINTWISE, fmod),
    "aten.fmax.default": Row(POINTWISE, bool_as("LogicalOr", fmax_fmin("Maximum"))),
    "aten.fmin.default": Row(POINTWISE, bool_as("LogicalAnd", fmax_fmin("Minimum"))),
    "aten.minimum.default": Row(POINTWISE, bool_as("LogicalAnd", pointwise("Minimum"))),
    "aten.maximum.default": Row(POINTWISE, bool_as("LogicalOr", pointwise("Maximum"))),
    "aten.clamp_min.default": Row(POINTWISE, bool_as("LogicalOr", pointwise("Maximum"))),
    "aten.clamp_max.default": Row(POINTWISE, bool_as("LogicalAnd", pointwise("Minimum"))),
    "aten.clamp.default": Row(POINTWISE, clamp),
    "aten.clamp.Tensor": Row(POINTWISE, clamp),
    # unary (Neg/Abs/Exp/Relu/Sqrt, and compositions of them)
    "aten.neg.default": Row(POINTWISE, pointwise("Neg")),
    "aten.abs.default": Row(POINTWISE, pointwise("Abs")),
    "aten.exp.default": Row(POINTWISE, pointwise("Exp")),
    "aten.relu.default": Row(POINTWISE, pointwise("Relu")),
    "aten.sqrt.default": Row(POINTWISE, pointwise("Sqrt")),
    "aten.rsqrt.default": Row(POINTWISE, _unary_expr(_rsqrt)),
    "aten.reciprocal.default": Row(POINTWISE, _unary_expr(_recip)),
    "aten.sigmoid.default": Row(POINTWISE, pointwise("Sigmoid")),
    "aten.silu.default": Row(POINTWISE, _unary_expr(_silu)),
    "aten.tanh.default": Row(POINTWISE, pointwise("Tanh")),
    "aten.erf.default": Row(POINTWISE, pointwise("Erf")),
    "aten.gelu.default": Row(POINTWISE, gelu),
    "aten.log.default": Row(POINTWISE, pointwise("Ln")),
    "aten.log1p.default": Row(POINTWISE, pointwise("Log1p")),
    "aten.log2.default": Row(POINTWISE, pointwise("Log2")),
    "aten.exp2.default": Row(POINTWISE, pointwise("Exp2")),
    "aten.sin.default": Row(POINTWISE, pointwise("Sin")),
    "aten.cos.default": Row(POINTWISE, pointwise("Cos")),
    "aten.leaky_relu.default": Row(POINTWISE, leaky_relu, _check_float_scalar),
    "aten.pow.Tensor_Scalar": Row(POINTWISE, pow_scalar, _check_pow),
    "aten.pow.Tensor_Tensor": Row(POINTWISE, pointwise("Pow"), _float_pow),
    "aten.pow.Scalar": Row(POINTWISE, pow_scalar_base, _check_pow_scalar_base),
    "aten.square.default": Row(POINTWISE, square),
    # compares, masks, logical ops
    "aten.eq.Tensor": Row(POINTWISE, pointwise("Eq", promote=True, result=DType.bool)),
    "aten.eq.Scalar": Row(POINTWISE, pointwise("Eq", promote=True, result=DType.bool)),
    "aten.ne.Tensor": Row(POINTWISE, pointwise("Ne", promote=True, result=DType.bool)),
    "aten.ne.Scalar": Row(POINTWISE, pointwise("Ne", promote=True, result=DType.bool)),
    "aten.lt.Tensor": Row(POINTWISE, pointwise("Lt", promote=True, result=DType.bool)),
    "aten.lt.Scalar": Row(POINTWISE, pointwise("Lt", promote=True, result=DType.bool)),
    "aten.le.Tensor": Row(POINTWISE, pointwise("Le", promote=True, result=DType.bool)),
    "aten.le.Scalar": Row(POINTWISE, pointwise("Le", promote=True, result=DType.bool)),
    "aten.gt.Tensor": Row(POINTWISE, pointwise("Gt", promote=True, result=DType.bool)),
    "aten.gt.Scalar": Row(POINTWISE, pointwise("Gt", promote=True, result=DType.bool)),
    "aten.ge.Tensor": Row(POINTWISE, pointwise("Ge", promote=True, result=DType.bool)),
    "aten.ge.Scalar": Row(POINTWISE, pointwise("Ge", promote=True, result=DType.bool)),
    "aten.where.self": Row(POINTWISE, where),
    "aten.masked_fill.Scalar": Row(POINTWISE, masked_fill),
    "aten.masked_fill.Tensor": Row(POINTWISE, masked_fill),
    "aten.logical_and.default": Row(POINTWISE, logical("LogicalAnd")),
    "aten.logical_or.default": Row(POINTWISE, logical("LogicalOr")),
    "aten.logical_not.default": Row(POINTWISE, logical("LogicalNot")),
    "aten.logical_xor.default": Row(POINTWISE, logical_xor),
    # bitwise and shift ops (ASCIR BitwiseAnd/Or/Xor/Not, LShift/RShift; bool: logical ops)
    "aten.bitwise_and.Tensor": Row(POINTWISE, bitwise("BitwiseAnd", "LogicalAnd"), _check_bitwise),
    "aten.bitwise_and.Scalar": Row(POINTWISE, bitwise("BitwiseAnd", "LogicalAnd"), _check_bitwise),
    "aten.bitwise_or.Tensor": Row(POINTWISE, bitwise("BitwiseOr", "LogicalOr"), _check_bitwise),
    "aten.bitwise_or.Scalar": Row(POINTWISE, bitwise("BitwiseOr", "LogicalOr"), _check_bitwise),
    "aten.bitwise_xor.Tensor": Row(POINTWISE, bitwise("BitwiseXor", "Ne"), _check_bitwise),
    "aten.bitwise_xor.Scalar": Row(POINTWISE, bitwise("BitwiseXor", "Ne"), _check_bitwise),
    "aten.bitwise_not.default": Row(POINTWISE, bitwise("BitwiseNot", "LogicalNot"), _check_bitwise),
    "aten.bitwise_left_shift.Tensor": Row(POINTWISE, pointwise("LShift"), _check_bitwise),
    "aten.bitwise_left_shift.Tensor_Scalar": Row(POINTWISE, pointwise("LShift"), _check_bitwise),
    "aten.bitwise_right_shift.Tensor": Row(POINTWISE, pointwise("RShift"), _check_bitwise),
    "aten.bitwise_right_shift.Tensor_Scalar": Row(POINTWISE, pointwise("RShift"), _check_bitwise),
    "aten.__lshift__.Tensor": Row(POINTWISE, pointwise("LShift"), _check_bitwise),
    "aten.__lshift__.Scalar": Row(POINTWISE, pointwise("LShift"), _check_bitwise),
    "aten.__rshift__.Tensor": Row(POINTWISE, pointwise("RShift"), _check_bitwise),
    "aten.__rshift__.Scalar": Row(POINTWISE, pointwise("RShift"), _check_bitwise),
    # rounding, sign and classification (ASCIR Floor/Ceil/Round/Trunc/Sign/IsNan/IsInf/IsFinite)
    "aten.floor.default": Row(POINTWISE, pointwise("Floor")),
    "aten.ceil.default": Row(POINTWISE, pointwise("Ceil")),
    "aten.trunc.default": Row(POINTWISE, pointwise("Trunc")),
    "aten.round.default": Row(POINTWISE, pointwise("Round")),
    "aten.round.decimals": Row(
        POINTWISE, lambda ctx, n, x, **kw: pointwise("Round")(ctx, n, x), _check_round
    ),
    "aten.sign.default": Row(POINTWISE, pointwise("Sign")),
    "aten.isnan.default": Row(POINTWISE, pointwise("IsNan", promote=True, result=DType.bool)),
    "aten.isinf.default": Row(POINTWISE, pointwise("IsInf", promote=True, result=DType.bool)),
    "aten.isfinite.default": Row(POINTWISE, pointwise("IsFinite", promote=True, result=DType.bool)),
    # casts and copies
    "aten._to_copy.default": Row(POINTWISE, identity, _check_to_copy),
    "prims.convert_element_type.default": Row(POINTWISE, identity),
    "aten.clone.default": Row(POINTWISE, identity),
    "aten.copy.default": Row(POINTWISE, copy, raw_args=True),
    "aten.alias.default": Row(POINTWISE, identity),
    "aten.lift_fresh_copy.default": Row(POINTWISE, identity),
    # views: the same axes where only size-1 dimensions change, else strided reads
    "aten.view.default": Row(VIEW, view, raw_args=True, view=True),
    "aten._unsafe_view.default": Row(VIEW, view, raw_args=True, view=True),
    "aten.reshape.default": Row(VIEW, view, raw_args=True, view=True),
    "aten.unsqueeze.default": Row(VIEW, identity, view=True),
    "aten.squeeze.default": Row(VIEW, identity, view=True),
    "aten.squeeze.dim": Row(VIEW, identity, view=True),
    "aten.squeeze.dims": Row(VIEW, identity, view=True),
    "aten.permute.default": Row(VIEW, view, raw_args=True, transposes=True, view=True),
    "aten.slice.Tensor": Row(VIEW, view, raw_args=True, view=True),
    "aten.cat.default": Row(CAT, cat, raw_args=True, joins=lambda n: (_cat_dim(n), _tensors(n.args[0]), None)),
    "aten.slice_scatter.default": Row(
        SLICE_SCATTER,
        slice_scatter,
        _check_slice_scatter,
        raw_args=True,
        joins=lambda n: (_scatter_dim(n), [n.args[1]], None if _fill_value(n.args[0]) is not None else n.args[0]),
    ),
    "aten.select.int": Row(VIEW, view, raw_args=True, view=True),
    "aten.as_strided.default": Row(VIEW, view, raw_args=True, view=True),
    "aten.expand.default": Row(EXPAND, identity),
    # reductions (keep-dim Sum/Max/Min; mean = sum / n)
    "aten.sum.dim_IntList": Row(REDUCE, reduce("Sum"), _check_reduce_dtype),
    "aten.sum.default": Row(REDUCE, reduce("Sum"), _check_reduce_dtype),
    "aten.amax.default": Row(REDUCE, reduce("Max")),
    "aten.amin.default": Row(REDUCE, reduce("Min")),
    "aten.max.default": Row(REDUCE, reduce("Max")),
    "aten.min.default": Row(REDUCE, reduce("Min")),
    "aten.prod.dim_int": Row(REDUCE, reduce("Prod"), _check_reduce_dtype),
    "aten.prod.default": Row(REDUCE, reduce("Prod"), _check_reduce_dtype),
    "aten.argmax.default": Row(REDUCE, arg_reduce("ArgMax")),
    "aten.argmin.default": Row(REDUCE, arg_reduce("ArgMin")),
    "aten.any.dim": Row(REDUCE, mask_reduce("Any")),
    "aten.any.dims": Row(REDUCE, mask_reduce("Any")),
    "aten.any.default": Row(REDUCE, mask_reduce("Any")),
    "aten.all.dim": Row(REDUCE, mask_reduce("All")),
    "aten.all.dims": Row(REDUCE, mask_reduce("All")),
    "aten.all.default": Row(REDUCE, mask_reduce("All")),
    "aten.mean.dim": Row(REDUCE, mean, _check_mean),
    "aten.mean.default": Row(REDUCE, mean, _check_mean),
    # prims the decompositions produce (var_mean, layer norm)
    "prims.sum.default": Row(REDUCE, reduce("Sum")),
    "prims.var.default": Row(REDUCE, prims_var, _check_prims_var),
    "prims.div.default": Row(POINTWISE, div, _float_only),
    "prims.broadcast_in_dim.default": Row(BROADCAST_IN_DIM, identity),
    # sources
    "aten.arange.start_step": Row(SOURCE, arange, _check_arange),
    "aten.arange.start": Row(SOURCE, arange, _check_arange),
    "aten.arange.default": Row(SOURCE, arange, _check_arange),
    "aten.full.default": Row(SOURCE, full),
    "aten.full_like.default": Row(POINTWISE, full_like),
    "aten.scalar_tensor.default": Row(SOURCE, scalar_tensor),
    # gathers (IndirectLoad, seed 001)
    "aten.embedding.default": Row(EMBEDDING, embedding, _check_index_dims, raw_args=True),
    "aten.index_select.default": Row(INDEX_SELECT, index_select, _check_index_dims, raw_args=True),
    "aten.gather.default": Row(GATHER, gather, _check_gather_shapes, raw_args=True),
    # scatters (IndexPut, issue 37)
    "aten.index_put.default": Row(INDEX_PUT, index_put, _check_index_put),
    "aten._unsafe_index_put.default": Row(INDEX_PUT, index_put, _check_index_put),
    "aten.index_add.default": Row(INDEX_ADD, index_add, _check_index_put),
}


DECOMPOSE = (
    "_softmax",
    "_log_softmax",
    "split_with_sizes",  # into slices, which regions read in place
    "unbind",
    "_safe_softmax",
    "native_layer_norm",
    "var_mean.correction",
    "var.correction",
    "std.correction",
    "hardtanh",
    "leaky_relu",
    "threshold",
    "hardsigmoid",
    "hardswish",
    "addcmul",
    "addcdiv",
    "lerp.Scalar",
    "_native_batch_norm_legit_no_training",
    "mse_loss",
    "relu6",
    "sgn",
)
"""ATen ops torch's own decompositions (``torch._decomp``) turn into rows of :data:`TABLE`,
applied on top of ``core_aten_decompositions()``."""


def narrows_float64_scalar(node: Any) -> bool:
    """A cast of a 0-d float64 tensor to a float dtype ASCIR has: what Dynamo makes of a
    Python float it does not specialize (``dynamic=True``: an ``eps`` attribute becomes a
    float64 graph input). No region computes float64, so the tensor comes from outside;
    the kernel gets its value rounded as torch rounds it (``Builder.load``)."""
    if str(node.target) not in ("prims.convert_element_type.default", "aten._to_copy.default"):
        return False
    src, out = _val(node.args[0]) if node.args else None, _val(node)
    return (
        src is not None
        and str(src.dtype) == "torch.float64"
        and src.dim() == 0
        and to_ascir(out.dtype) in (DType.float32, DType.float16, DType.bfloat16)
    )


EMPTY = "an empty tensor (a size-0 dimension): torch's result needs no kernel"
"""The reason of a node with a 0-length tensor: its result (empty, or a reduction's
identity over an empty dim) is torch's, computed without an ASCIR kernel and reported
apart from the ops left to eager (``Report.empty``)."""


def rule(node: Any) -> Row:
    return TABLE[str(node.target)]


def unsupported_reason(node: Any) -> str | None:
    """None when ``node`` may join a fused region, else why not."""
    key = str(node.target)
    row = TABLE.get(key)
    if row is None:
        return f"no ASCIR lowering for {key}"
    for a in [node, *_tensors([*node.args, *node.kwargs.values()])]:
        v = _val(a)
        if v is None or not hasattr(v, "dtype"):
            if a is node:
                return f"{key} has no tensor result"
            continue
        if v.device.type != "cpu":
            return f"a tensor on device {v.device} (the ASCIR kernels read and write CPU memory)"
        if to_ascir(v.dtype) is None and not (a is not node and narrows_float64_scalar(node)):
            return f"dtype {v.dtype} has no ASCIR equivalent"
        if v.layout.__repr__() != "torch.strided":
            return f"layout {v.layout}"
        if any(s.is_Integer and int(s) == 0 for s in shape_of(a)):
            return EMPTY
    if row.check is not None:
        reason = row.check(node)
        if reason is not None:
            return reason
    return eager_lacks(node)


LIMITED_EAGER = frozenset({"torch.uint16", "torch.uint32", "torch.uint64"})
"""dtypes torch documents as having limited eager support: many CPU kernels are missing
(``x + 1`` on uint32 raises NotImplementedError) while FakeTensor propagation accepts them,
so a fused kernel would compute what eager torch refuses. For every other dtype ASCIR maps,
eager's dtype errors already surface while Dynamo traces."""

_EAGER_LACKS: dict[tuple[Any, ...], str | None] = {}
"""Cache of :func:`eager_lacks`: (op, argument signature) -> reason or None."""


def eager_lacks(node: Any) -> str | None:
    """Why eager torch has no CPU kernel for ``node`` on its dtypes (only probed for
    :data:`LIMITED_EAGER`), else None. The op is run once per signature on size-1 tensors of
    the same dtypes and ranks; a NotImplementedError means eager torch cannot run it, so the
    node is left to eager and the compiled function raises as eager torch does. Any other
    exception of the probe (a shape its size-1 tensors do not match) says nothing about
    dtypes and is ignored."""
    import torch
    from torch._subclasses.fake_tensor import unset_fake_temporarily

    vals = [_val(a) for a in [node, *_tensors([*node.args, *node.kwargs.values()])]]
    limited = sorted({str(v.dtype) for v in vals if hasattr(v, "dtype") and str(v.dtype) in LIMITED_EAGER})
    if not limited or not isinstance(node.target, torch._ops.OpOverload):
        return None

    def sig(a: Any) -> Any:
        if isinstance(a, (list, tuple)):
            return tuple(sig(x) for x in a)
        if hasattr(a, "meta") and hasattr(a, "op"):
            v = _val(a)
            return ("tensor", str(v.dtype), v.dim()) if isinstance(v, torch.Tensor) else ("value",)
        return repr(a)

    def real(a: Any) -> Any:
        if isinstance(a, (list, tuple)):
            return type(a)(real(x) for x in a)
        if hasattr(a, "meta") and hasattr(a, "op"):
            v = _val(a)
            if isinstance(v, torch.Tensor):
                return torch.zeros([1] * v.dim(), dtype=v.dtype)
            hint = getattr(getattr(v, "node", None), "hint", None)
            return hint if hint is not None else 1
        return a

    key = (str(node.target), sig(list(node.args)), sig(sorted(node.kwargs.items())))
    if key not in _EAGER_LACKS:
        reason = None
        try:
            with unset_fake_temporarily(), torch.no_grad():
                node.target(*real(list(node.args)), **{k: real(v) for k, v in node.kwargs.items()})
        except NotImplementedError as e:
            first = (str(e).strip().splitlines() or [""])[0]
            reason = (
                f"eager torch has no CPU kernel for {node.target} on {', '.join(limited)} ({first}); "
                "left to eager torch so the call fails as it does without torch.compile"
            )
        except Exception:  # a shape the size-1 probe does not fit: not a dtype matter
            reason = None
        _EAGER_LACKS[key] = reason
    return _EAGER_LACKS[key]


@functools.cache
def decompositions() -> dict[Any, Any]:
    """``core_aten_decompositions()`` plus the entries of :data:`DECOMPOSE` (built once;
    callers do not modify it)."""
    import torch
    from torch._decomp import core_aten_decompositions, get_decompositions

    table = dict(core_aten_decompositions())
    ops = []
    for name in DECOMPOSE:
        packet, _, overload = name.partition(".")
        p = getattr(torch.ops.aten, packet, None)
        if p is None:
            continue
        ops.append(getattr(p, overload) if overload else p)
    table.update(get_decompositions(ops))
    table[torch.ops.aten.max.dim] = _values_and_indices(torch.ops.aten.amax, torch.ops.aten.argmax)
    table[torch.ops.aten.min.dim] = _values_and_indices(torch.ops.aten.amin, torch.ops.aten.argmin)
    return table


def _values_and_indices(values: Any, indices: Any) -> Callable[..., Any]:
    """``max.dim``/``min.dim`` as ``(amax, argmax)``/``(amin, argmin)`` over the dim: the
    same values and the first extreme's index, NaN included (torch documents both as the
    first occurrence). bool has no argmax kernel in torch: left as it is."""
    import torch

    def decompose(x: Any, dim: int, keepdim: bool = False) -> Any:
        if x.dtype == torch.bool:
            return NotImplemented
        return values.default(x, [dim], keepdim), indices.default(x, dim, keepdim)

    return decompose
