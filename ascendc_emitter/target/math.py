"""How each math, rounding, sign, classification, bitwise and shift op of issue 19 is
computed on arch 3510: one AscendC API, or a documented sequence (a *recipe*) of basic APIs
that exist at both levels.

A recipe is a list of :class:`Step` over float32 values: the op's operands (``In(i)``), the
results of earlier steps and constants. ``lowering.graph_lowering`` runs a recipe with
memory-level APIs on UB temporaries, ``lowering.vf_lowering`` with ``AscendC::Reg`` APIs on
registers; VF admission and the VF cost model read :func:`register_recipe` to know what a
VF would call and how many instructions it takes. float16/bfloat16 operands are computed in
float32 (cast in, recipe, one rounding on the way out, as torch's opmath); inside a VF only
float32 math ops are admitted.

Step kinds and their APIs (memory level / register level):

==========  ==================================  ===========================================
kind        meaning                             API
==========  ==================================  ===========================================
exp ln      unary                               ``Exp`` ``Ln`` (both levels)
sqrt abs    unary                               ``Sqrt`` ``Abs``
rsqrt recip unary (memory level only)           ``Rsqrt`` ``Reciprocal``
log2        unary (register level only)         ``Reg::Log2``
add sub     binary                              ``Add`` ``Sub`` ``Mul`` ``Div`` ``Max`` ``Min``
mul div
max min
adds muls   tensor and constant                 ``Adds`` ``Muls`` ``Mins``
mins
leaky       tensor and the node's slope         ``LeakyRelu``
const       a constant in every element         ``Duplicate``
cmp cmps    compare (a mask)                    ``Compare`` ``Compares``
select      mask ? a : b                        ``Select`` (VSEL_TENSOR_TENSOR_MODE)
trunc       round to an integral value in the   ``Truncate<T, RoundMode::mode>`` (both levels)
            step's ``mode``
and or not  bitwise                             ``And`` ``Or`` ``Not`` (both levels)
xor         bitwise (register level only)       ``Reg::Xor`` (the memory level has no Xor)
shl shr     shift by a count tensor             ``ShiftLeft`` ``ShiftRight`` (count tensor)
==========  ==================================  ===========================================

The recipes of the ops of ``ascir_dialect.ops.numeric`` and of float FloorDiv/Remainder
(:func:`numeric_steps`) compute in the dtype :func:`recipe_dtype` names -- mostly the
operand's own (rounding, sign, bitwise and shift ops are exact there), float32 for float
FloorDiv/Remainder and for the classification of bfloat16 (no bfloat16 ``Abs``) -- and their
constants are of that dtype. A recipe whose last step is a compare has a mask result
(IsNan/IsInf/IsFinite, BitwiseNot of bool): 0/1 bytes at memory level, a mask register in a
VF. ``shl``/``shr`` take the count as the signed type of the shifted width (the device's
rule, ``target.support.SHIFT_COUNT_RULE``: the lowerings reinterpret an unsigned count) and
``shl`` of a signed value shifts its bits as unsigned (the device keeps the sign bit of a
signed element, torch wraps); the recipes clamp the count into ``[0, bits)`` first, which
the device requires (a negative count is undefined), and give torch's result outside it.

Sequences (each ``# recipe`` function below documents its formula): ``rint`` is
``(|x| + 2^23) - 2^23`` with the sign put back (exact for every float: floats of magnitude
>= 2^23 are integers already); the polynomials were fitted in float64 on Chebyshev nodes
(least squares, relative error) and are evaluated by Horner's rule in float32.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ascir_dialect.attributes import ScalarType
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops import math as m
from ascir_dialect.ops import numeric as nu
from ascir_dialect.ops.node import AscirNode


@dataclass(frozen=True)
class In:
    """Operand ``index`` of the node."""

    index: int


Ref = In | int
"""An operand or the result of an earlier step (its index)."""


@dataclass(frozen=True)
class Step:
    kind: str
    args: tuple[Ref, ...] = ()
    value: float | None = None
    """The constant of ``adds``/``muls``/``mins``/``cmps``/``const`` (an int in an integer
    recipe)."""
    mode: str | None = None
    """The CMPMODE of ``cmp``/``cmps``, the RoundMode of ``trunc``."""


UNARY = ("exp", "ln", "sqrt", "abs", "rsqrt", "recip", "log2", "not")
BINARY = ("add", "sub", "mul", "div", "max", "min", "and", "or", "xor")
SCALAR = ("adds", "muls", "mins")
SHIFTS = ("shl", "shr")
MEMORY_ONLY = ("rsqrt", "recip")
REGISTER_ONLY = ("log2", "xor")
MASK_STEPS = ("cmp", "cmps")


class Recipe:
    """Builds a list of steps; every method returns the new step's reference."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self._consts: dict[str, int] = {}

    def _s(self, kind: str, *args: Ref, value: float | None = None, mode: str | None = None) -> int:
        self.steps.append(Step(kind, tuple(args), value, mode))
        return len(self.steps) - 1

    def un(self, kind: str, a: Ref) -> int:
        return self._s(kind, a)

    def bin(self, kind: str, a: Ref, b: Ref) -> int:
        return self._s(kind, a, b)

    def adds(self, a: Ref, c: float) -> int:
        return self._s("adds", a, value=c)

    def muls(self, a: Ref, c: float) -> int:
        return self._s("muls", a, value=c)

    def mins(self, a: Ref, c: float) -> int:
        return self._s("mins", a, value=c)

    def const(self, c: float) -> int:
        key = repr(c)
        if key not in self._consts:
            self._consts[key] = self._s("const", value=c)
        return self._consts[key]

    def cmp(self, mode: str, a: Ref, b: Ref) -> int:
        return self._s("cmp", a, b, mode=mode)

    def cmps(self, mode: str, a: Ref, c: float) -> int:
        return self._s("cmps", a, value=c, mode=mode)

    def select(self, mask: Ref, a: Ref, b: Ref) -> int:
        return self._s("select", mask, a, b)

    def trunc(self, a: Ref, mode: str) -> int:
        return self._s("trunc", a, mode=mode)

    # ------------------------------------------------------------ building blocks
    def horner(self, z: Ref, coeffs: list[float]) -> int:
        """``sum(coeffs[i] * z**i)``."""
        p = self.const(coeffs[-1])
        for c in reversed(coeffs[:-1]):
            p = self.adds(self.bin("mul", p, z), c)
        return p

    def rint(self, x: Ref) -> int:
        """Round half to even, exact for every float (module doc)."""
        a = self.un("abs", x)
        r = self.adds(self.adds(a, 8388608.0), -8388608.0)
        r = self.select(self.cmps("GE", a, 8388608.0), a, r)
        return self.select(self.cmps("LT", x, 0.0), self.muls(r, -1.0), r)

    def nan_from(self, r: Ref, *sources: Ref) -> int:
        """NaN where a source is NaN (steps such as ``Mins`` return the number)."""
        for s in sources:
            r = self.select(self.cmp("EQ", s, s), r, self.const(math.nan))
        return r


# ------------------------------------------------------------------- coefficients
SIN_POLY = [
    -0.16666666665185995,
    0.008333332856429712,
    -0.00019841100314077915,
    2.7537231708539794e-06,
    -2.4094271855375124e-08,
]
"""(sin r - r) / r^3 as a polynomial in r^2, |r| <= pi/2 (fit error 3.6e-8 relative)."""
ERF_SMALL = [
    1.12837916650957,
    -0.376126288422311,
    0.11283612420614275,
    -0.026854808300327368,
    0.0051900532119891155,
    -0.0008024351374512982,
    7.898202144393033e-05,
]
"""erf(x) / x as a polynomial in x^2, |x| < 1 (fit error 1.4e-9 relative)."""
ERF_LARGE = [
    0.5642493322137224,
    -0.0017214117303590293,
    -0.26079154266516913,
    -0.14948462024398604,
    1.0755839867685881,
    -1.7856691224867807,
    1.6839960890085017,
    -0.9762119353222748,
    0.3257924459862387,
    -0.048159648205188324,
]
"""a * erfc(a) * exp(a^2) as a polynomial in 1/a, 1 <= a <= 4 (fit error 6.6e-9 relative)."""
TANH_SMALL = [
    -0.33333333260639336,
    0.13333309614298394,
    -0.05396023083896091,
    0.02177494827362303,
    -0.008359951589785385,
    0.002308012138071651,
]
"""(tanh x - x) / x^3 as a polynomial in x^2, |x| < 0.625 (fit error 2.7e-8 relative)."""
PI_PARTS = (3.140625, 0.0009670257568359375, 6.2771141529083252e-07, 1.2154201256553420e-10)
"""pi split so that k * part is exact for |k| < 2^12 (Cody-Waite reduction)."""


def _sin_reduced(r: Recipe, x: Ref, cos: bool) -> int:
    """sin x = (-1)^k sin(x - k pi), k = rint(x / pi); cos x = -(-1)^k sin(x - (k + 1/2) pi),
    k = rint(x / pi - 1/2). Accurate for |x| < 2^12 pi (Cody-Waite, ``PI_PARTS``)."""
    q = r.muls(x, 1 / math.pi)
    k = r.rint(r.adds(q, -0.5) if cos else q)
    kk = r.adds(k, 0.5) if cos else k
    red: Ref = x
    for part in PI_PARTS:
        red = r.bin("sub", red, r.muls(kk, part))
    s2 = r.bin("mul", red, red)
    p = r.bin("mul", r.horner(s2, SIN_POLY), s2)
    sin_red = r.bin("add", red, r.bin("mul", red, p))
    half = r.muls(k, 0.5)
    odd = r.cmp("NE", r.rint(half), half)
    pos, neg = (r.muls(sin_red, -1.0), sin_red) if cos else (sin_red, r.muls(sin_red, -1.0))
    res = r.select(odd, neg, pos)
    return r.bin("add", res, r.muls(x, 0.0))  # inf or NaN in x: NaN


def _erf(r: Recipe, x: Ref) -> int:
    """|x| < 1: x * P(x^2); else sign(x) * (1 - exp(-a^2) * Q(1/a) / a), a = min(|x|, 4)
    (erfc(4) < half an ulp of 1); NaN kept."""
    a = r.un("abs", x)
    small = r.bin("mul", x, r.horner(r.bin("mul", x, x), ERF_SMALL))
    ac = r.mins(a, 4.0)
    e = r.un("exp", r.muls(r.bin("mul", ac, ac), -1.0))
    t = r.bin("div", r.const(1.0), ac)
    erfc = r.bin("mul", r.bin("mul", e, r.horner(t, ERF_LARGE)), t)
    big = r.adds(r.muls(erfc, -1.0), 1.0)
    big = r.select(r.cmps("LT", x, 0.0), r.muls(big, -1.0), big)
    return r.nan_from(r.select(r.cmps("LT", a, 1.0), small, big), x)


def _tanh(r: Recipe, x: Ref) -> int:
    """|x| < 0.625: x + x^3 P(x^2); else sign(x) (1 - t) / (1 + t), t = exp(-2 min(|x|, 10))."""
    s = r.bin("mul", x, x)
    small = r.bin("add", x, r.bin("mul", x, r.bin("mul", s, r.horner(s, TANH_SMALL))))
    a = r.un("abs", x)
    t = r.un("exp", r.muls(r.mins(a, 10.0), -2.0))
    big = r.bin("div", r.adds(r.muls(t, -1.0), 1.0), r.adds(t, 1.0))
    big = r.select(r.cmps("LT", x, 0.0), r.muls(big, -1.0), big)
    return r.nan_from(r.select(r.cmps("LT", a, 0.625), small, big), x)


def _sigmoid(r: Recipe, x: Ref) -> int:
    """1 / (1 + exp(-x))."""
    return r.bin("div", r.const(1.0), r.adds(r.un("exp", r.muls(x, -1.0)), 1.0))


def _gelu_tanh(r: Recipe, x: Ref) -> int:
    """x/2 (1 + tanh(u)) = x / (1 + exp(-2u)), u = sqrt(2/pi) x (1 + 0.044715 x^2)."""
    w = r.bin("mul", x, r.adds(r.muls(r.bin("mul", x, x), 0.044715), 1.0))
    e = r.un("exp", r.muls(w, -2.0 * math.sqrt(2.0 / math.pi)))
    return r.bin("div", x, r.adds(e, 1.0))


def _gelu_erf(r: Recipe, x: Ref) -> int:
    """x/2 (1 + erf(x / sqrt(2)))."""
    e = _erf(r, r.muls(x, math.sqrt(0.5)))
    return r.muls(r.bin("mul", x, r.adds(e, 1.0)), 0.5)


def _log1p(r: Recipe, x: Ref) -> int:
    """u = 1 + x; ln(u) * x / (u - 1) (exact correction of the rounding of u), x where u = 1,
    x where x = +inf."""
    u = r.adds(x, 1.0)
    res = r.bin("mul", r.un("ln", u), r.bin("div", x, r.adds(u, -1.0)))
    res = r.select(r.cmps("EQ", u, 1.0), x, res)
    return r.select(r.cmps("EQ", x, math.inf), x, res)


def _pow(r: Recipe, x: Ref, y: Ref) -> int:
    """exp(y ln|x|); for x < 0: -result for odd integer y, NaN for non-integer y (but not for
    x = -inf); 1 where
    y = 0 or x = 1 (C pow, as torch)."""
    e = r.un("exp", r.bin("mul", y, r.un("ln", r.un("abs", x))))
    half = r.muls(y, 0.5)
    odd = r.cmp("NE", r.rint(half), half)
    signed = r.select(odd, r.muls(e, -1.0), e)
    integer = r.cmp("EQ", r.rint(y), y)
    neg = r.select(integer, signed, r.const(math.nan))
    neg = r.select(r.cmps("EQ", x, -math.inf), r.select(integer, signed, e), neg)  # (-inf) ** 2.5 = inf
    res = r.select(r.cmps("LT", x, 0.0), neg, e)
    one = r.const(1.0)
    res = r.select(r.cmps("EQ", y, 0.0), one, res)
    return r.select(r.cmps("EQ", x, 1.0), one, res)


def _clip(r: Recipe, x: Ref, lo: Ref, hi: Ref) -> int:
    """min(max(x, lo), hi); Max/Min return the number for a NaN operand: NaN put back."""
    return r.nan_from(r.bin("min", r.bin("max", x, lo), hi), x, lo, hi)


def _build(fn, arity: int = 1) -> list[Step]:  # type: ignore[no-untyped-def]
    r = Recipe()
    fn(r, *(In(i) for i in range(arity)))
    return r.steps


def _one(kind: str) -> list[Step]:
    return [Step(kind, (In(0),))]


_SAME: dict[type, list[Step]] = {
    m.SigmoidOp: _build(_sigmoid),
    m.TanhOp: _build(_tanh),
    m.ErfOp: _build(_erf),
    m.LnOp: _one("ln"),
    m.Log1pOp: _build(_log1p),
    m.Exp2Op: _build(lambda r, x: r.un("exp", r.muls(x, math.log(2.0)))),
    m.PowOp: _build(_pow, 2),
    m.SinOp: _build(lambda r, x: _sin_reduced(r, x, cos=False)),
    m.CosOp: _build(lambda r, x: _sin_reduced(r, x, cos=True)),
    m.SquareOp: [Step("mul", (In(0), In(0)))],
    m.LeakyReluOp: [Step("leaky", (In(0),))],
    m.ClipByValueOp: _build(_clip, 3),
}
_MEMORY: dict[type, list[Step]] = {
    m.RsqrtOp: _one("rsqrt"),
    m.ReciprocalOp: _one("recip"),
    m.Log2Op: _build(lambda r, x: r.muls(r.un("ln", x), 1 / math.log(2.0))),
}
_REGISTER: dict[type, list[Step]] = {
    m.RsqrtOp: _build(lambda r, x: r.bin("div", r.const(1.0), r.un("sqrt", x))),
    m.ReciprocalOp: _build(lambda r, x: r.bin("div", r.const(1.0), x)),
    m.Log2Op: _one("log2"),
}
_GELU = {"none": _build(_gelu_erf), "tanh": _build(_gelu_tanh)}

SEQUENCES: dict[str, str] = {
    "Sigmoid": "1 / (1 + Exp(-x))",
    "Tanh": "|x| < 0.625: x + x^3 P(x^2); else sign(x) (1 - t)/(1 + t), t = Exp(-2 min(|x|, 10))",
    "Gelu (none)": "x/2 (1 + erf(x/sqrt 2)), erf as below",
    "Gelu (tanh)": "x / (1 + Exp(-2 sqrt(2/pi) x (1 + 0.044715 x^2)))",
    "Erf": "|x| < 1: x P(x^2); else sign(x) (1 - Exp(-a^2) Q(1/a)/a), a = min(|x|, 4)",
    "Rsqrt": "Rsqrt (memory); 1 / Sqrt(x) (register: no Reg::Rsqrt)",
    "Reciprocal": "Reciprocal (memory); 1 / x (register: no Reg::Reciprocal)",
    "Ln": "Ln (both levels)",
    "Log1p": "u = 1 + x; Ln(u) x / (u - 1); x where u = 1",
    "Log2": "Ln(x) / ln 2 (memory: no Log2); Reg::Log2 (register)",
    "Exp2": "Exp(x ln 2)",
    "Pow": "Exp(y Ln|x|) with sign / NaN / 1 fix-ups of C pow",
    "Sin": "Cody-Waite reduction by pi (k = rint(x/pi)), odd polynomial, sign (-1)^k",
    "Cos": "as Sin with k = rint(x/pi - 1/2)",
    "Square": "Mul(x, x)",
    "LeakyRelu": "LeakyRelu (both levels)",
    "ClipByValue": "Min(Max(x, lo), hi) with NaN fix-ups",
}
"""The table of sequences in docs/ir.md (ascir op -> what the device computes)."""


# ------------------------------------------------ rounding, sign, bitwise, shifts
def _sign(r: Recipe, x: Ref, signed: bool) -> int:
    """(x > 0) - (x < 0) by two Compares and Selects: NaN and -0 give +0 (torch.sign)."""
    res = r.select(r.cmps("GT", x, 0), r.const(1), r.const(0))
    return r.select(r.cmps("LT", x, 0), r.const(-1), res) if signed else res


def _xor_memory(r: Recipe, a: Ref, b: Ref) -> int:
    """a ^ b = (a | b) & ~(a & b): the memory level has no Xor (逻辑计算: And, Or, Not,
    ShiftLeft, ShiftRight only)."""
    return r.bin("and", r.bin("or", a, b), r.un("not", r.bin("and", a, b)))


def _shift(r: Recipe, a: Ref, count: Ref, left: bool, dtype: DType) -> int:
    """torch's shifts (aten/src/ATen/native/cpu/BinaryOpsKernel.cpp lshift/rshift kernels):
    a count outside ``[0, bits)`` gives 0, or the sign (-1 / 0) for a right shift of a
    signed value (``a >> (bits - 1)``). The count is clamped into ``[0, bits)`` first (the
    device: a negative count is undefined, a count of ``bits`` not documented) and the
    out-of-range lanes are put right after the shift."""
    bits = 8 * dtype.nbytes
    fill = bits - 1 if dtype.is_signed and not left else 0
    ok_high = r.cmps("LT", count, bits)  # unsigned compare for an unsigned count
    ok_low = r.cmps("GE", count, 0) if dtype.is_signed else None
    c = r.select(ok_high, count, r.const(fill))
    if ok_low is not None:
        c = r.select(ok_low, c, r.const(fill))
    res = r._s("shl" if left else "shr", a, c)
    if fill == 0:
        zero = r.const(0)
        res = r.select(ok_high, res, zero)
        if ok_low is not None:
            res = r.select(ok_low, res, zero)
    return res


SPLIT = 4097.0
"""Veltkamp's splitting constant of float32 (2^12 + 1): x = hi + lo, 12 bits each."""


def _split(r: Recipe, x: Ref) -> tuple[int, int]:
    c = r.muls(x, SPLIT)
    hi = r.bin("sub", c, r.bin("sub", c, x))
    return hi, r.bin("sub", x, hi)


def _fmod(r: Recipe, a: Ref, b: Ref) -> tuple[int, int]:
    """(fmod(a, b), a / b) in float32. q = trunc(a / b); a - q b exactly (Dekker's product
    q b = hi + lo without FMA, Veltkamp split); q off by one where a / b rounded across an
    integer: one correction by |b| (in the frame where a >= 0); a where b is +-inf; a zero
    result has the sign of a (C fmod). Exact while |a / b| < 2^24 and no split overflows
    (|q|, |b| < 2^114); beyond, q b is not exact and the result is not C fmod's."""
    t = r.bin("div", a, b)
    q = r.trunc(t, "CAST_TRUNC")
    hi = r.bin("mul", q, b)
    qh, ql = _split(r, q)
    bh, bl = _split(r, b)
    lo = r.bin("sub", r.bin("mul", qh, bh), hi)
    lo = r.bin("add", lo, r.bin("mul", qh, bl))
    lo = r.bin("add", lo, r.bin("mul", ql, bh))
    lo = r.bin("add", lo, r.bin("mul", ql, bl))
    rem = r.bin("sub", r.bin("sub", a, hi), lo)
    ab = r.un("abs", b)
    rem = r.select(r.cmps("EQ", ab, math.inf), a, rem)
    sa = r.select(r.cmps("LT", a, 0.0), r.const(-1.0), r.const(1.0))
    rs = r.bin("mul", rem, sa)
    rs = r.select(r.cmps("LT", rs, 0.0), r.bin("add", rs, ab), rs)
    rs = r.select(r.cmp("GE", rs, ab), r.bin("sub", rs, ab), rs)
    res = r.bin("mul", rs, sa)
    return r.select(r.cmps("EQ", res, 0.0), r.muls(a, 0.0), res), t


def _remainder(r: Recipe, a: Ref, b: Ref) -> int:
    """torch.remainder: m = fmod(a, b); m + b where m != 0 and its sign differs from b's
    (m * sign(b) < 0)."""
    mod, _ = _fmod(r, a, b)
    sb = r.select(r.cmps("LT", b, 0.0), r.const(-1.0), r.const(1.0))
    wrong = r.cmps("LT", r.bin("mul", mod, sb), 0.0)
    return r.select(wrong, r.bin("add", mod, b), mod)


def _floor_divide(r: Recipe, a: Ref, b: Ref) -> int:
    """torch.floor_divide (c10/util/generic_math.h div_floor_floating): d = (a - fmod(a, b))
    / b, minus 1 where fmod's sign differs from b's; floor(d), plus 1 where d - floor(d) >
    0.5; a zero with the sign of a / b where d = 0; a / b where b = 0. Where a / b overflows
    (q is infinite) d does too: +-inf; NaN for an infinite a."""
    mod, t = _fmod(r, a, b)
    sb = r.select(r.cmps("LT", b, 0.0), r.const(-1.0), r.const(1.0))
    d = r.bin("div", r.bin("sub", a, mod), b)
    d = r.select(r.cmps("LT", r.bin("mul", mod, sb), 0.0), r.adds(d, -1.0), d)
    f = r.trunc(d, "CAST_FLOOR")
    f = r.select(r.cmps("GT", r.bin("sub", d, f), 0.5), r.adds(f, 1.0), f)
    f = r.select(r.cmps("EQ", d, 0.0), r.muls(t, 0.0), f)
    f = r.select(r.cmps("EQ", r.un("abs", t), math.inf), t, f)  # a / b overflows: d does too
    f = r.select(r.cmps("EQ", r.un("abs", a), math.inf), r.const(math.nan), f)  # fmod(+-inf, b)
    return r.select(r.cmps("EQ", b, 0.0), t, f)


def _copy() -> list[Step]:
    """The value itself (the identity of a rounding op on integers, Sign of bool): Or(x, x),
    the one copy both levels have for every integer type."""
    return [Step("or", (In(0), In(0)))]


def _operand_dtype(n: AscirNode) -> DType:
    return n.operands[0].type.dtype  # type: ignore[union-attr]


NUMERIC_FLOAT_OPS = (ew.FloorDivOp, ew.RemainderOp)
"""Elementwise ops with a recipe for float operands only (integers: a scalar loop)."""


def recipe_dtype(n: AscirNode) -> DType:
    """The dtype of the operands and values of ``n``'s recipe (module doc): float32 for the
    math ops, float FloorDiv/Remainder and bfloat16 IsInf/IsFinite, uint8 for bool operands,
    else the operand's dtype."""
    d = _operand_dtype(n)
    if type(n) in m.MATH_OPS or isinstance(n, NUMERIC_FLOAT_OPS):
        return DType.float32
    if isinstance(n, (nu.IsInfOp, nu.IsFiniteOp)) and d is DType.bfloat16:
        return DType.float32
    return DType.uint8 if d is DType.bool else d


def numeric_steps(n: AscirNode, register: bool) -> list[Step] | None:
    """The steps of a rounding, sign, classification, bitwise or shift op, or of a float
    FloorDiv/Remainder, at the register (``register``) or memory level; None for other
    ops (and integer FloorDiv/Remainder)."""
    if type(n) not in nu.NUMERIC_OPS and not isinstance(n, NUMERIC_FLOAT_OPS):
        return None
    d = _operand_dtype(n)
    r = Recipe()
    x = In(0)
    kind = type(n)
    if kind in nu.ROUNDING_MODES:
        return [Step("trunc", (x,), mode=nu.ROUNDING_MODES[kind])] if d.is_float else _copy()
    if kind is nu.SignOp:
        if d is DType.bool:
            return _copy()
        _sign(r, x, d.is_signed)
    elif kind is nu.IsNanOp:
        r.cmp("NE", x, x)  # integers: never (x != x is false)
    elif kind in (nu.IsInfOp, nu.IsFiniteOp):
        mode = "EQ" if kind is nu.IsInfOp else "LT"
        if d.is_float:
            r.cmps(mode, r.un("abs", x), math.inf)
        else:  # integers are finite, never infinite
            r.cmp("NE" if kind is nu.IsInfOp else "EQ", x, x)
    elif kind in (nu.BitwiseAndOp, nu.BitwiseOrOp):
        r.bin("and" if kind is nu.BitwiseAndOp else "or", x, In(1))
    elif kind is nu.BitwiseXorOp:
        if register:
            r.bin("xor", x, In(1))
        else:
            _xor_memory(r, x, In(1))
    elif kind is nu.BitwiseNotOp:
        if d is DType.bool:
            r.cmps("EQ", x, 0)  # the logical not of 0/1 bytes: a mask
        else:
            r.un("not", x)
    elif kind in (nu.LShiftOp, nu.RShiftOp):
        _shift(r, x, In(1), kind is nu.LShiftOp, d)
    elif isinstance(n, NUMERIC_FLOAT_OPS) and d.is_float:
        (_floor_divide if isinstance(n, ew.FloorDivOp) else _remainder)(r, x, In(1))
    else:
        return None
    return r.steps


def memory_recipe(n: AscirNode) -> list[Step] | None:
    """The memory-level steps of a math or numeric op (None: neither)."""
    if isinstance(n, m.GeluOp):
        return _GELU[n.approximation]
    kind = type(n)
    return _MEMORY.get(kind) or _SAME.get(kind) or numeric_steps(n, register=False)


def register_recipe(n: AscirNode) -> list[Step] | None:
    """The register-level steps of a math or numeric op (None: neither)."""
    if isinstance(n, m.GeluOp):
        return _GELU[n.approximation]
    kind = type(n)
    return _REGISTER.get(kind) or _SAME.get(kind) or numeric_steps(n, register=True)


def has_recipe(n: AscirNode) -> bool:
    """Whether ``n`` is computed by the steps of this module (a math op, a numeric op, a
    float FloorDiv/Remainder)."""
    return memory_recipe(n) is not None


def mask_result(n: AscirNode) -> bool:
    """Whether the recipe of ``n`` ends in a compare (its result is a mask)."""
    steps = memory_recipe(n)
    return bool(steps) and steps[-1].kind in MASK_STEPS  # type: ignore[index]


def scalar_operands(n: AscirNode) -> int:
    return sum(1 for v in n.operands if isinstance(v.type, ScalarType))


def is_math(n: AscirNode | type) -> bool:
    kind = n if isinstance(n, type) else type(n)
    return kind in m.MATH_OPS


NUMERIC_SEQUENCES: dict[str, str] = {
    "Floor / Ceil / Round / Trunc": "Truncate<T, CAST_FLOOR / CAST_CEIL / CAST_RINT / CAST_TRUNC> (both levels, "
    "half / bfloat16 / float in their own dtype); integers: Or(x, x) (the value)",
    "Sign": "Select(Compares(x, 0, GT), 1, 0), then Select(Compares(x, 0, LT), -1, .) in x's dtype; "
    "bool: the value",
    "IsNan": "Compare(x, x, NE) (integers: never)",
    "IsInf / IsFinite": "Compares(Abs(x), inf, EQ / LT) (bfloat16 in float32: no bfloat16 Abs); "
    "integers: Compare(x, x, NE / EQ)",
    "BitwiseAnd / BitwiseOr": "And / Or (both levels; bool as 0/1 bytes)",
    "BitwiseXor": "Reg::Xor (register); (a | b) & ~(a & b) by Or, And, Not (memory: no Xor)",
    "BitwiseNot": "Not (both levels); bool: Compares(x, 0, EQ)",
    "LShift / RShift": "ShiftLeft / ShiftRight with a count tensor (a signed value shifted left as "
    "unsigned); the count clamped into [0, bits) by Compares/Select first, torch's 0 / sign "
    "fill outside",
    "FloorDiv (float)": "q = Truncate(a / b, TRUNC); a - q b exact (Dekker product, Veltkamp split); "
    "one abs(b) correction; torch's div_floor_floating on fmod (float32)",
    "Remainder (float)": "fmod as for FloorDiv, + b where its sign differs from b's (float32)",
}
"""The table of the numeric ops' sequences in docs/ir.md."""


def _check() -> None:
    for table, bad in ((_MEMORY, REGISTER_ONLY), (_REGISTER, MEMORY_ONLY)):
        for steps in [*table.values(), *_SAME.values(), *_GELU.values()]:
            for s in steps:
                if s.kind in bad:  # pragma: no cover - a table edit on the wrong level
                    raise ValueError(f"step {s.kind} is not available at this level")
    missing = set(m.MATH_OPS) - set(_SAME) - set(_MEMORY) - {m.GeluOp}
    if missing:  # pragma: no cover
        raise ValueError(f"math ops without a recipe: {sorted(c.__name__ for c in missing)}")


_check()


def step_liveness(steps: list[Step]) -> tuple[int, int]:
    """(peak live value registers, peak live masks) while the steps run; constants aside
    (they are built before a VF's loop)."""
    last: dict[int, int] = {}
    for i, s in enumerate(steps):
        for a in s.args:
            if isinstance(a, int):
                last[a] = i
    last[len(steps) - 1] = len(steps)
    live: dict[int, bool] = {}
    regs = masks = 0
    for i, s in enumerate(steps):
        if s.kind != "const":
            live[i] = s.kind in MASK_STEPS
        regs = max(regs, sum(1 for k in live.values() if not k))
        masks = max(masks, sum(1 for k in live.values() if k))
        for j in [j for j in live if last.get(j, -1) <= i]:
            del live[j]
    return regs, masks


def register_cost(n: AscirNode) -> tuple[int, int, int, frozenset[str]]:
    """(instructions, temporary registers, temporary masks, constants) of a math op's
    register steps beyond one instruction and its result (``target.vf_limits``)."""
    steps = register_recipe(n) or []
    consts = frozenset(repr(s.value) for s in steps if s.kind == "const")
    body = sum(1 for s in steps if s.kind != "const")
    regs, masks = step_liveness(steps)
    return max(body - 1, 0), max(regs - 1, 0), masks, consts
