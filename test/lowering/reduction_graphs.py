"""Graphs users write around reductions, generated with their numpy formula.

Every case is the IR text of a graph, its inputs and sizes, and the expected outputs
computed by an independent numpy formula (float64 for floats, not the reference
interpreter), so a test compares kernel, reference and formula three ways. Families:

* ``softmax``: ``e = exp(p - max(p)); e / sum(e)`` over the reduced axes;
* ``layernorm``: ``(p - mean) / sqrt(var + eps)`` with ``mean``/``var`` as ``sum * (1/n)``
  (or ``Mean`` nodes when the drawn reduction is ``reduce_mean``);
* ``rmsnorm``: ``p / sqrt(sum(p * p) * (1/n) + eps)`` (or ``mean(p * p)``);
* ``tail``: ``r = sum|max|min|mean|prod(p); p (+ | - | * | maximum) broadcast(r)`` (Mean
  over floats, Prod over int32 with torch's wrapping product, issue 19).

``p`` is the loaded input, optionally through a unary op or combined with a second input
that is broadcast along random axes. float16 norms and softmax accumulate in float32 (a
Cast before and after, as a torch user writes them); ``tail`` reduces in the input dtype.
The reduced value can be a second output. Inputs may hold NaN, ±inf and denormals.
"""

from __future__ import annotations

from dataclasses import dataclass

import ml_dtypes
import numpy as np
from hypothesis import strategies as st

NP = {"float32": np.float32, "float16": np.float16, "int32": np.int32}
EPS = 1e-5


def view(dtype: str, sizes: list[str], reduced: tuple[int, ...] = ()) -> str:
    """``!ascir.tensor`` text of a row-major view over ``sizes`` with ``reduced`` axes
    (and any "1" size) of size 1 and stride 0."""
    reps = ["1" if i in reduced else s for i, s in enumerate(sizes)]
    strides, acc = [], "1"
    for r in reversed(reps):
        strides.insert(0, acc if r != "1" else "0")
        if r != "1":
            acc = f"({acc}) * ({r})" if acc != "1" else r
    axes = [f"z{i}" for i in range(len(sizes))]
    return f"!ascir.tensor<{dtype}, [{', '.join(axes)}], [{', '.join(reps)}], [{', '.join(strides)}]>"


@dataclass
class Case:
    name: str
    ir: str
    inputs: list[np.ndarray]
    sizes: dict[str, int]
    expected: list[np.ndarray]
    """The numpy formula's outputs (float64 for float graphs)."""
    tolerances: list[tuple[float, float]]
    """(rtol, atol) of each output against the formula."""


class Builder:
    """IR text of a graph over ``[s0, ..., s{r-1}]`` built line by line."""

    def __init__(self, rank: int):
        self.sizes = [f"s{i}" for i in range(rank)]
        self.lines: list[str] = []
        self.n = 0
        self.outputs = 0

    def add(self, op: str, operands: str, t: str, attrs: str = "") -> str:
        self.n += 1
        name = f"%v{self.n}"
        self.lines.append(f"{name} = ascir.{op} {operands}{attrs} : {t}")
        return name

    def output(self, value: str, t: str) -> None:
        st_ = self.add("store", value, t)
        self.lines.append(f"%o{self.outputs} = ascir.output {st_} {{index = {self.outputs} : i64}} : {t}")
        self.outputs += 1

    def text(self, name: str) -> str:
        axes = ", ".join(f"{i}: z{i} = {s}" for i, s in enumerate(self.sizes))
        body = "\n    ".join(self.lines)
        return (
            f"builtin.module {{\n  ascir.graph @{name} hint sizes [{', '.join(self.sizes)}] axes [{axes}] {{\n"
            f"    {body}\n  }}\n}}"
        )


def special_values(rng: np.random.Generator, x: np.ndarray, dtype: str) -> np.ndarray:
    """A copy of ``x`` with a few NaN, ±inf and denormal values (floats only)."""
    x = x.copy()
    flat = x.reshape(-1)
    tiny = np.finfo(NP[dtype]).smallest_subnormal
    for value in (np.nan, np.inf, -np.inf, tiny, -tiny * 3):
        if flat.size:
            flat[rng.integers(0, flat.size)] = value
    return x


@st.composite
def reduction_cases(draw: st.DrawFn, max_elements: int = 60_000) -> Case:
    rank = draw(st.integers(1, 3))
    dims = [draw(st.sampled_from([1, 2, 3, 5, 8, 17, 64, 70, 129, 300, 1000, 2500])) for _ in range(rank)]
    while int(np.prod(dims)) > max_elements:
        dims[dims.index(max(dims))] //= 2
    reduced = tuple(i for i in range(rank) if draw(st.booleans()))
    if not reduced:
        reduced = (draw(st.integers(0, rank - 1)),)
    dtype = draw(st.sampled_from(["float32", "float16", "int32"]))
    family = draw(
        st.sampled_from(["tail"] if dtype == "int32" else ["tail", "softmax", "layernorm", "rmsnorm"])
    )
    extra = "reduce_prod" if dtype == "int32" else "reduce_mean"  # reductions (issue 19)
    reduce_op = draw(st.sampled_from(["reduce_sum", "reduce_max", "reduce_min", extra]))
    pre = draw(st.sampled_from(["none", "abs", "neg", "bias", "scale"]))
    with_stat = draw(st.booleans())
    special = dtype != "int32" and draw(st.integers(0, 3)) == 0
    tail_op = draw(st.sampled_from(["add", "sub", "mul", "maximum"]))
    bias_mask = tuple(draw(st.booleans()) for _ in range(rank))
    seed = draw(st.integers(0, 2**16))
    return make_case(
        dims, reduced, dtype, family, reduce_op, pre, with_stat, special, tail_op, bias_mask, seed
    )


def make_case(
    dims: list[int],
    reduced: tuple[int, ...],
    dtype: str,
    family: str,
    reduce_op: str = "reduce_sum",
    pre: str = "none",
    with_stat: bool = False,
    special: bool = False,
    tail_op: str = "add",
    bias_mask: tuple[bool, ...] | None = None,
    seed: int = 0,
) -> Case:
    rank = len(dims)
    rng = np.random.default_rng(seed)
    b = Builder(rank)
    sizes = b.sizes
    full = view(dtype, sizes)
    bias_mask = bias_mask or tuple(True for _ in range(rank))
    bias_sizes = [s if keep else "1" for s, keep in zip(sizes, bias_mask, strict=True)]
    bias_shape = tuple(d if keep else 1 for d, keep in zip(dims, bias_mask, strict=True))

    def data(index: int, t: str) -> str:
        b.lines.append(f"%in{index} = ascir.data {{index = {index} : i64}} : {t}")
        return b.add("load", f"%in{index}", t)

    if dtype == "int32":
        x = rng.integers(-50, 50, dims).astype(np.int32)
    else:
        x = (rng.standard_normal(dims) * (1.0 if dtype == "float32" else 0.5)).astype(NP[dtype])
    if special:
        x = special_values(rng, x, dtype)
    inputs = [x]
    p = data(0, full)
    xp = x.astype(np.float64) if dtype != "int32" else x.astype(np.int64)
    if pre in ("abs", "neg"):
        p = b.add(pre, p, full)
        xp = np.abs(xp) if pre == "abs" else -xp
    elif pre in ("bias", "scale"):
        y = (
            rng.integers(-5, 5, bias_shape).astype(np.int32)
            if dtype == "int32"
            else (rng.standard_normal(bias_shape) * 0.5).astype(NP[dtype])
        )
        inputs.append(y)
        yl = data(1, view(dtype, bias_sizes))
        yb = b.add("broadcast", yl, full) if bias_sizes != sizes else yl
        p = b.add("add" if pre == "bias" else "mul", f"{p}, {yb}", full)
        yv = y.astype(np.float64) if dtype != "int32" else y.astype(np.int64)
        xp = xp + yv if pre == "bias" else xp * yv
    n = int(np.prod([dims[i] for i in reduced]))
    axes = tuple(reduced)
    eps32 = float(np.finfo(np.float32).eps)
    if dtype == "float16":  # the per-op rounding to float16 is not in the formula
        rtol, atol = 2e-2, 2e-2
    elif dtype == "float32":
        rtol, atol = 1e-4, 1e-5
    else:
        rtol, atol = 0.0, 0.0
    stat_tol = (rtol, atol)
    with np.errstate(all="ignore"):
        if family == "tail":
            red = view(dtype, sizes, reduced)
            r = b.add(reduce_op, p, red)
            rb = b.add("broadcast", r, full)
            out = b.add(tail_op, f"{p}, {rb}", full)
            fn = {
                "reduce_sum": np.sum,
                "reduce_max": np.max,
                "reduce_min": np.min,
                "reduce_mean": np.mean,
                "reduce_prod": np.prod,
            }[reduce_op]
            rv = fn(xp, axis=axes, keepdims=True)
            if dtype == "int32":  # a product wraps to int32 (int64 products keep the low bits)
                rv = rv.astype(np.int32).astype(np.int64)
            want = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "maximum": np.maximum}[tail_op](
                xp, rv
            )
            if reduce_op in ("reduce_sum", "reduce_mean") and dtype != "int32":
                cond = float(np.nanmax(np.where(np.isfinite(xp), np.abs(xp), 0), initial=0.0))
                cond *= n if reduce_op == "reduce_sum" else 1
                stat_tol = (rtol, atol + 8 * eps32 * cond)
                scale = (
                    1.0
                    if tail_op != "mul"
                    else float(np.nanmax(np.abs(np.where(np.isfinite(xp), xp, 0)), initial=1.0))
                )
                atol = atol + 8 * eps32 * cond * max(scale, 1.0)
            stat, stat_value = r, rv
        else:
            acc_t = "float32"
            work = p
            if dtype == "float16":
                work = b.add("cast", p, view("float32", sizes))
            fullf, redf = view(acc_t, sizes), view(acc_t, sizes, reduced)
            inv_n = b.add("scalar", "", f"!ascir.scalar<{acc_t}>", f' {{value = "{1.0 / n!r}"}}')
            eps = b.add("scalar", "", f"!ascir.scalar<{acc_t}>", f' {{value = "{EPS!r}"}}')
            if family == "softmax":
                m = b.add("reduce_max", work, redf)
                d = b.add("sub", f"{work}, {b.add('broadcast', m, fullf)}", fullf)
                e = b.add("exp", d, fullf)
                s = b.add("reduce_sum", e, redf)
                res = b.add("div", f"{e}, {b.add('broadcast', s, fullf)}", fullf)
                mv = np.max(xp, axis=axes, keepdims=True)
                ev = np.exp(xp - mv)
                want = ev / np.sum(ev, axis=axes, keepdims=True)
                stat, stat_value = m, mv
            elif family == "layernorm":
                if reduce_op == "reduce_mean":
                    mean = b.add("reduce_mean", work, redf)
                else:
                    mean = b.add("mul", f"{b.add('reduce_sum', work, redf)}, {inv_n}", redf)
                c = b.add("sub", f"{work}, {b.add('broadcast', mean, fullf)}", fullf)
                if reduce_op == "reduce_mean":
                    var = b.add("reduce_mean", b.add("mul", f"{c}, {c}", fullf), redf)
                else:
                    var = b.add(
                        "mul", f"{b.add('reduce_sum', b.add('mul', f'{c}, {c}', fullf), redf)}, {inv_n}", redf
                    )
                std = b.add("sqrt", b.add("add", f"{var}, {eps}", redf), redf)
                res = b.add("div", f"{c}, {b.add('broadcast', std, fullf)}", fullf)
                mv = np.sum(xp, axis=axes, keepdims=True) / n
                cv = xp - mv
                want = cv / np.sqrt(np.sum(cv * cv, axis=axes, keepdims=True) / n + EPS)
                stat, stat_value = mean, mv
                cond = float(np.nanmax(np.where(np.isfinite(xp), np.abs(xp), 0), initial=0.0))
                stat_tol = (stat_tol[0], stat_tol[1] + 8 * eps32 * cond)
            else:  # rmsnorm
                squares = b.add("mul", f"{work}, {work}", fullf)
                sv = np.sum(xp * xp, axis=axes, keepdims=True)
                want = xp / np.sqrt(sv / n + EPS)
                cond = float(np.nanmax(np.where(np.isfinite(xp), xp * xp, 0), initial=0.0)) * n
                if reduce_op == "reduce_mean":
                    ss = b.add("reduce_mean", squares, redf)
                    ms, sv, cond = ss, sv / n, cond / n
                else:
                    ss = b.add("reduce_sum", squares, redf)
                    ms = b.add("mul", f"{ss}, {inv_n}", redf)
                rms = b.add("sqrt", b.add("add", f"{ms}, {eps}", redf), redf)
                res = b.add("div", f"{work}, {b.add('broadcast', rms, fullf)}", fullf)
                stat, stat_value = ss, sv
                stat_tol = (stat_tol[0], stat_tol[1] + 8 * eps32 * cond)
            out = b.add("cast", res, full) if dtype == "float16" else res
            if dtype == "float16":  # the statistic stays float32
                stat_tol = (1e-4, stat_tol[1] + 1e-5)
    b.output(out, full)
    expected = [want]
    tolerances = [(rtol, atol)]
    if with_stat:
        stat_dtype = "float32" if (dtype == "float16" and family != "tail") else dtype
        b.output(stat, view(stat_dtype, sizes, reduced))
        expected.append(stat_value)
        tolerances.append(stat_tol)
    name = f"{family}_{dtype}_r{''.join(map(str, reduced))}"
    case_sizes = {s: d for s, d in zip(sizes, dims, strict=True)}
    return Case(name, b.text("red"), inputs, case_sizes, expected, tolerances)


def to_float64(a: np.ndarray) -> np.ndarray:
    if a.dtype == ml_dtypes.bfloat16 or a.dtype.kind == "f":
        return a.astype(np.float64)
    return a
