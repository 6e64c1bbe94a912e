"""The IndexExpr / Arange regression matrix of seed 000 ("测试设计"), on the simulator.

Cases (seed names): ``scalar_consumer``, ``composition``, ``compare_mask``,
``window_math``, ``float_indexexpr_cast_mul``, ``arange_store``,
``degenerate_arange_add``, ``degenerate_arange_add_3d``, ``triu_arange_mask``,
``broadcast_add`` and ``auto_arange_fallback``, crossed with dtypes, shapes and the VF /
root-graph paths. Each combination is compiled, run on the simulator and compared element
by element with an *independent* numpy formula (``np.triu``, ``np.arange``, floor
division, ...), never with the reference interpreter. ``run_suite`` returns one
:class:`Result` per combination; ``ascir-run --suite index-expr`` prints them as a table.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import ml_dtypes
import numpy as np

from ascir_dialect.diagnostics import AscirParser
from tools.compile import compile_graph

TOLERANCE = {"float16": 2e-3, "bfloat16": 2e-2, "float32": 1e-6}


@dataclass(frozen=True)
class Combination:
    case: str
    dtype: str
    shape: tuple[int, ...]
    vf: bool

    @property
    def label(self) -> str:
        shape = "x".join(map(str, self.shape))
        return f"{self.case}[{self.dtype},{shape},{'vf' if self.vf else 'root'}]"


@dataclass
class Result:
    combination: Combination
    elements: int
    mismatches: int
    nans: int
    max_abs_error: float
    error: str = ""

    @property
    def passed(self) -> bool:
        return not self.error and self.mismatches == 0


@dataclass(frozen=True)
class Built:
    ir: str
    inputs: list[np.ndarray]
    sizes: dict[str, int]
    expected: list[np.ndarray]
    check_code: Callable[[str], str | None] | None = None
    """Optional assertion on device_impl.cpp: returns an error message or None."""


def _np(dtype: str) -> np.dtype:
    return np.dtype(ml_dtypes.bfloat16) if dtype == "bfloat16" else np.dtype(dtype)


def _t(dtype: str, axes: list[str], reps: list[str], strides: list[str] | None = None) -> str:
    if strides is None:
        strides, acc = [], "1"
        for r in reversed(reps):
            strides.insert(0, acc if r != "1" else "0")
            if r != "1":
                acc = r if acc == "1" else f"{r} * {acc}"
    return f"!ascir.tensor<{dtype}, [{', '.join(axes)}], [{', '.join(reps)}], [{', '.join(strides)}]>"


def _graph(name: str, shape: tuple[int, ...], body: list[str]) -> str:
    sizes = [f"s{i}" for i in range(len(shape))]
    axes = ", ".join(f"{i}: z{i} = s{i}" for i in range(len(shape)))
    return (
        f"ascir.graph @{name} hint sizes [{', '.join(sizes)}] axes [{axes}] {{\n  "
        + "\n  ".join(body)
        + "\n}\n"
    )


def _random(
    rng: np.random.Generator, dtype: str, shape: tuple[int, ...], low: int = -100, high: int = 100
) -> np.ndarray:
    dt = _np(dtype)
    if dt.kind == "f" or dtype == "bfloat16":
        return (rng.standard_normal(shape) * 4).astype(dt)
    return rng.integers(low, high, shape, endpoint=True).astype(dt)


def _full(dtype: str, shape: tuple[int, ...]) -> str:
    n = len(shape)
    return _t(dtype, [f"z{i}" for i in range(n)], [f"s{i}" for i in range(n)])


def _sizes(shape: tuple[int, ...]) -> dict[str, int]:
    return {f"s{i}": v for i, v in enumerate(shape)}


# ----------------------------------------------------------------------- cases
def scalar_consumer(dtype: str, shape: tuple[int, ...], rng: np.random.Generator) -> Built:
    """FR1/FR2: an IndexExpr consumed directly as a scalar by Add and Maximum (AL-9)."""
    f = _full(dtype, shape)
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {f}",
        f"%ie = ascir.index_expr {{expr = #ascir.expr<s0 * s1 + 3>}} : !ascir.scalar<{dtype}>",
        f"%l = ascir.load %x : {f}",
        f"%a = ascir.add %ie, %l : {f}",
        f"%m = ascir.maximum %l, %ie : {f}",
        f"%s0 = ascir.store %a : {f}",
        f"%o0 = ascir.output %s0 {{index = 0 : i64}} : {f}",
        f"%s1 = ascir.store %m : {f}",
        f"%o1 = ascir.output %s1 {{index = 1 : i64}} : {f}",
    ]
    x = _random(rng, dtype, shape)
    v = x.dtype.type(shape[0] * shape[1] + 3)
    return Built(_graph("scalar_consumer", shape, body), [x], _sizes(shape), [x + v, np.maximum(x, v)])


def composition(dtype: str, shape: tuple[int, ...], rng: np.random.Generator) -> Built:
    """FR1: FloorDiv/Mod/Min/Max compositions of size variables, broadcast and consumed as
    a tensor on both sides of a Sub (no scalar swap for a non-commutative op)."""
    f = _full(dtype, shape)
    e = "min(s0 * s1, 1000) + s1 floordiv 3 + s0 mod 5 + max(s0, 2)"
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {f}",
        f"%ie = ascir.index_expr {{expr = #ascir.expr<{e}>}} : !ascir.scalar<{dtype}>",
        f"%l = ascir.load %x : {f}",
        f"%b = ascir.broadcast %ie : {f}",
        f"%r = ascir.sub %b, %l : {f}",
        f"%st = ascir.store %r : {f}",
        f"%o = ascir.output %st {{index = 0 : i64}} : {f}",
    ]
    s0, s1 = shape
    value = min(s0 * s1, 1000) + s1 // 3 + s0 % 5 + max(s0, 2)
    x = _random(rng, dtype, shape)
    return Built(_graph("composition", shape, body), [x], _sizes(shape), [x.dtype.type(value) - x])


def compare_mask(dtype: str, shape: tuple[int, ...], rng: np.random.Generator) -> Built:
    """AL-9: an IndexExpr as the second input of a compare; the mask selects values."""
    f, m = _full(dtype, shape), _full("bool", shape)
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {f}",
        f"%ie = ascir.index_expr {{expr = #ascir.expr<s1 floordiv 2 - 20>}} : !ascir.scalar<{dtype}>",
        f"%l = ascir.load %x : {f}",
        f"%lt = ascir.lt %l, %ie : {m}",
        f"%b = ascir.broadcast %ie : {f}",
        f"%w = ascir.where %lt, %l, %b : {f}",
        f"%s0 = ascir.store %lt : {m}",
        f"%o0 = ascir.output %s0 {{index = 0 : i64}} : {m}",
        f"%s1 = ascir.store %w : {f}",
        f"%o1 = ascir.output %s1 {{index = 1 : i64}} : {f}",
    ]
    x = _random(rng, dtype, shape)
    v = x.dtype.type(shape[1] // 2 - 20)
    return Built(_graph("compare_mask", shape, body), [x], _sizes(shape), [x < v, np.where(x < v, x, v)])


def window_math(dtype: str, shape: tuple[int, ...], rng: np.random.Generator) -> Built:
    """AL-9: FloorDiv / Remainder consume the IndexExpr through an explicit Broadcast."""
    f = _full(dtype, shape)
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {f}",
        f"%ie = ascir.index_expr {{expr = #ascir.expr<s1 floordiv 4 + 1>}} : !ascir.scalar<{dtype}>",
        f"%l = ascir.load %x : {f}",
        f"%w = ascir.broadcast %ie : {f}",
        f"%q = ascir.floordiv %l, %w : {f}",
        f"%start = ascir.mul %q, %w : {f}",
        f"%r = ascir.remainder %l, %w : {f}",
        f"%s0 = ascir.store %start : {f}",
        f"%o0 = ascir.output %s0 {{index = 0 : i64}} : {f}",
        f"%s1 = ascir.store %r : {f}",
        f"%o1 = ascir.output %s1 {{index = 1 : i64}} : {f}",
    ]
    x = _random(rng, dtype, shape, -1000, 1000)
    w = x.dtype.type(shape[1] // 4 + 1)
    return Built(_graph("window_math", shape, body), [x], _sizes(shape), [(x // w) * w, x % w])


def float_indexexpr_cast_mul(dtype: str, shape: tuple[int, ...], rng: np.random.Generator) -> Built:
    """FR4/AL-10: IndexExpr(int64) -> Broadcast -> Cast(float) -> Mul, the Cast in the
    vector domain."""
    f, i64 = _full(dtype, shape), _full("int64", shape)
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {f}",
        "%ie = ascir.index_expr {expr = #ascir.expr<s1 * 2 + s0>} : !ascir.scalar<int64>",
        f"%l = ascir.load %x : {f}",
        f"%b = ascir.broadcast %ie : {i64}",
        f"%c = ascir.cast %b : {_full('float32', shape)}",
    ]
    if dtype != "float32":
        body.append(f"%cf = ascir.cast %c : {f}")
        scale = "%cf"
    else:
        scale = "%c"
    body += [
        f"%r = ascir.mul %l, {scale} : {f}",
        f"%st = ascir.store %r : {f}",
        f"%o = ascir.output %st {{index = 0 : i64}} : {f}",
    ]
    x = _random(rng, dtype, shape)
    value = np.float32(shape[1] * 2 + shape[0]).astype(x.dtype)
    expected = (x.astype(np.float32) * np.float32(value)).astype(x.dtype)
    return Built(_graph("float_indexexpr_cast_mul", shape, body), [x], _sizes(shape), [expected])


def arange_store(dtype: str, shape: tuple[int, ...], rng: np.random.Generator) -> Built:
    """FR5/FR6: Arange v2 with a dynamic base and a negative step, stored directly."""
    f = _full(dtype, shape)
    body = [
        f"%a = ascir.arange {{base = #ascir.expr<s1>, step = #ascir.expr<-3>}} : {f}",
        f"%st = ascir.store %a : {f}",
        f"%o = ascir.output %st {{index = 0 : i64}} : {f}",
    ]
    n = int(np.prod(shape))
    expected = (shape[1] - 3 * np.arange(n, dtype=np.int64)).reshape(shape).astype(_np(dtype))
    return Built(_graph("arange_store", shape, body), [], _sizes(shape), [expected])


def degenerate_arange_add(dtype: str, shape: tuple[int, ...], rng: np.random.Generator) -> Built:
    """Pattern B (AL-1/AL-2): a [rows, 1] / [1, 0] Arange broadcast to [rows, cols]."""
    f = _full(dtype, shape)
    col = _t(dtype, ["z0", "z1"], ["s0", "1"], ["1", "0"])
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {f}",
        f"%l = ascir.load %x : {f}",
        f"%a = ascir.arange {{base = #ascir.expr<5>, step = #ascir.expr<3>}} : {col}",
        f"%b = ascir.broadcast %a : {f}",
        f"%r = ascir.add %l, %b : {f}",
        f"%st = ascir.store %r : {f}",
        f"%o = ascir.output %st {{index = 0 : i64}} : {f}",
    ]
    x = _random(rng, dtype, shape)
    rows = (5 + 3 * np.arange(shape[0])).astype(x.dtype)[:, None]
    return Built(_graph("degenerate_arange_add", shape, body), [x], _sizes(shape), [x + rows])


def degenerate_arange_add_3d(dtype: str, shape: tuple[int, ...], rng: np.random.Generator) -> Built:
    """A 3-D linear combination: [a, 1, c] / [c, 0, 1] Arange broadcast to [a, b, c]."""
    f = _full(dtype, shape)
    mid = _t(dtype, ["z0", "z1", "z2"], ["s0", "1", "s2"], ["s2", "0", "1"])
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {f}",
        f"%l = ascir.load %x : {f}",
        f"%a = ascir.arange {{base = #ascir.expr<0>, step = #ascir.expr<1>}} : {mid}",
        f"%b = ascir.broadcast %a : {f}",
        f"%r = ascir.add %l, %b : {f}",
        f"%st = ascir.store %r : {f}",
        f"%o = ascir.output %st {{index = 0 : i64}} : {f}",
    ]
    x = _random(rng, dtype, shape)
    a = np.arange(shape[0] * shape[2]).reshape(shape[0], 1, shape[2]).astype(x.dtype)
    return Built(_graph("degenerate_arange_add_3d", shape, body), [x], _sizes(shape), [x + a])


def triu_arange_mask(dtype: str, shape: tuple[int, ...], rng: np.random.Generator) -> Built:
    """Batch triu from two Aranges: col >= row selects x, else 0 (against np.triu)."""
    f = _full(dtype, shape)
    idx = _full("int64", shape)
    col = _t("int64", ["z0", "z1", "z2"], ["1", "1", "s2"], ["0", "0", "1"])
    row = _t("int64", ["z0", "z1", "z2"], ["1", "s1", "1"], ["0", "1", "0"])
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {f}",
        f"%l = ascir.load %x : {f}",
        f"%c = ascir.arange {{base = #ascir.expr<0>, step = #ascir.expr<1>}} : {col}",
        f"%r = ascir.arange {{base = #ascir.expr<0>, step = #ascir.expr<1>}} : {row}",
        f"%cb = ascir.broadcast %c : {idx}",
        f"%rb = ascir.broadcast %r : {idx}",
        f"%m = ascir.ge %cb, %rb : {_full('bool', shape)}",
        f'%zero = ascir.scalar {{value = "0"}} : !ascir.scalar<{dtype}>',
        f"%z = ascir.broadcast %zero : {f}",
        f"%y = ascir.where %m, %l, %z : {f}",
        f"%st = ascir.store %y : {f}",
        f"%o = ascir.output %st {{index = 0 : i64}} : {f}",
    ]
    x = _random(rng, dtype, shape)
    return Built(_graph("triu_arange_mask", shape, body), [x], _sizes(shape), [np.triu(x)])


def broadcast_add(dtype: str, shape: tuple[int, ...], rng: np.random.Generator) -> Built:
    """Pattern A: a 1-D Arange padded with a degenerate axis and broadcast (AL-2)."""
    f = _full(dtype, shape)
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {f}",
        f"%l = ascir.load %x : {f}",
        f"%a = ascir.arange {{base = #ascir.expr<s0>, step = #ascir.expr<2>}} : {_t(dtype, ['z1'], ['s1'])}",
        f"%b = ascir.broadcast %a : {f}",
        f"%r = ascir.add %l, %b : {f}",
        f"%st = ascir.store %r : {f}",
        f"%o = ascir.output %st {{index = 0 : i64}} : {f}",
    ]
    x = _random(rng, dtype, shape)
    cols = (shape[0] + 2 * np.arange(shape[1])).astype(x.dtype)[None, :]
    return Built(_graph("broadcast_add", shape, body), [x], _sizes(shape), [x + cols])


def auto_arange_fallback(dtype: str, shape: tuple[int, ...], rng: np.random.Generator) -> Built:
    """An Arange with a control edge (the seed's ARANGE_GRAPH_PROBE) is kept out of VFs and
    materialised by the root-graph ArangeApiCall path (an ``arange_i`` SetValue loop)."""
    f = _full(dtype, shape)
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {f}",
        f"%l = ascir.load %x : {f}",
        f"%a = ascir.arange {{base = #ascir.expr<7>, step = #ascir.expr<-1>, has_control_edges}} : {f}",
        f"%r = ascir.add %l, %a : {f}",
        f"%st = ascir.store %r : {f}",
        f"%o = ascir.output %st {{index = 0 : i64}} : {f}",
    ]
    x = _random(rng, dtype, shape)
    a = (7 - np.arange(int(np.prod(shape)))).reshape(shape).astype(x.dtype)

    def check(code: str) -> str | None:
        if "arange_i" not in code or "SetValue" not in code:
            return "the root-graph Arange path (arange_i SetValue loop) was not emitted"
        return None

    return Built(_graph("auto_arange_fallback", shape, body), [x], _sizes(shape), [x + a], check)


CASES: dict[str, tuple[Callable[..., Built], tuple[str, ...], tuple[tuple[int, ...], ...]]] = {
    "scalar_consumer": (scalar_consumer, ("int32", "int64"), ((7, 130),)),
    "composition": (composition, ("int32", "int64"), ((9, 77),)),
    "compare_mask": (compare_mask, ("int32", "int64"), ((5, 300),)),
    "window_math": (window_math, ("int32", "int64"), ((6, 97),)),
    "float_indexexpr_cast_mul": (
        float_indexexpr_cast_mul,
        ("float32", "float16"),
        ((32, 64), (32, 65), (2, 127)),
    ),
    "arange_store": (arange_store, ("int32", "int64"), ((11, 40),)),
    "degenerate_arange_add": (degenerate_arange_add, ("int32", "int64"), ((33, 8),)),
    "degenerate_arange_add_3d": (degenerate_arange_add_3d, ("int32", "int64"), ((4, 5, 33),)),
    "triu_arange_mask": (triu_arange_mask, ("float32", "float16", "int32"), ((1, 64, 64), (4, 33, 33))),
    "broadcast_add": (broadcast_add, ("int32", "int64"), ((6, 70),)),
    "auto_arange_fallback": (auto_arange_fallback, ("int32", "int64"), ((3, 50),)),
}
LONG_SHAPES = {"triu_arange_mask": ((128, 408, 408),)}
"""Extra shapes of the long profile (``--long``): the seed's batch triu."""


def combinations(long: bool = False, only: str | None = None) -> Iterator[Combination]:
    for case, (_, dtypes, shapes) in CASES.items():
        if only and only not in case:
            continue
        all_shapes = shapes + (LONG_SHAPES.get(case, ()) if long else ())
        for dtype, shape, vf in itertools.product(dtypes, all_shapes, (True, False)):
            yield Combination(case, dtype, shape, vf)


def run_combination(c: Combination, seed: int = 0) -> Result:
    from tools.ascir_opt import make_context

    rng = np.random.default_rng(seed)
    built = CASES[c.case][0](c.dtype, c.shape, rng)
    module = AscirParser(make_context(), built.ir).parse_module()
    kernel = compile_graph(module, name=c.case, vf=c.vf)
    outputs = kernel(*built.inputs, sizes=built.sizes)
    elements = mismatches = nans = 0
    max_err = 0.0
    for out, want in zip(outputs, built.expected, strict=True):
        out = np.asarray(out).reshape(want.shape)
        a, b = out.astype(np.float64), want.astype(np.float64)
        diff = np.abs(a - b)
        tol = TOLERANCE.get(str(want.dtype), 0.0) * np.maximum(1.0, np.abs(b))
        bad = ~((diff <= tol) | (np.isnan(a) & np.isnan(b)))
        elements += want.size
        mismatches += int(bad.sum())
        nans += int(np.isnan(a).sum())
        finite = diff[np.isfinite(diff)]
        max_err = max(max_err, float(finite.max()) if finite.size else 0.0)
    error = ""
    if built.check_code is not None:
        error = built.check_code(kernel.sources.device_impl_cpp) or ""
    return Result(c, elements, mismatches, nans, max_err, error)


def format_table(results: list[Result]) -> str:
    head = f"{'combination':<52} {'elements':>9} {'mismatch':>8} {'NaNs':>5} {'max_abs_err':>11}  status"
    lines = [head, "-" * len(head)]
    for r in results:
        status = "PASS" if r.passed else f"FAIL {r.error}".rstrip()
        lines.append(
            f"{r.combination.label:<52} {r.elements:>9} {r.mismatches:>8} {r.nans:>5} {r.max_abs_error:>11.3g}  {status}"
        )
    passed = sum(r.passed for r in results)
    lines.append(f"{len(results)} combinations: PASS={passed} FAIL={len(results) - passed}")
    return "\n".join(lines)
