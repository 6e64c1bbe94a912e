"""Online softmax (issue 36, ``lowering.plan.online_sums``): the STREAMING and SPLIT
schedules compute softmax's sum of ``exp(x - max)`` in the max's pass against a running
max, rescaling the sum when a chunk raises it. Checked against a float64 formula with
torch's semantics (NaN, infinities, rows of -inf alone) on data that rescales at every
chunk, rows masked to -inf in their first chunks, values whose exponentials overflow
without the shift, float16 inputs, log-softmax; the reads it saves; and the same values
as the two-pass schedule (``online_softmax=False``) within a few ulp. The simulator's race
detector checks the scalar/vector hand-offs of the running max."""

from __future__ import annotations

import numpy as np
import pytest

from ascir_dialect.diagnostics import AscirError
from tools.compile import compile_graph

from ..conftest import parse_ir
from ..kernelcheck import syntax_check, syntax_check_enabled
from .reduction_graphs import view

STREAMING, SPLIT = 2, 3


def softmax_ir(dtype: str = "float32", log: bool = False, stat: bool = False) -> str:
    """softmax (or log-softmax) over the last axis of ``[R, C]``, float32 inside; ``stat``:
    the row max is a second output."""
    full = view(dtype, ["R", "C"])
    f32, r32 = view("float32", ["R", "C"]), view("float32", ["R", "C"], (1,))
    lines = [f"%x = ascir.data {{index = 0 : i64}} : {full}", f"%l = ascir.load %x : {full}"]
    p = "%l"
    if dtype != "float32":
        lines.append(f"%p = ascir.cast %l : {f32}")
        p = "%p"
    lines += [
        f"%m = ascir.reduce_max {p} : {r32}",
        f"%mb = ascir.broadcast %m : {f32}",
        f"%d = ascir.sub {p}, %mb : {f32}",
        f"%e = ascir.exp %d : {f32}",
        f"%s = ascir.reduce_sum %e : {r32}",
    ]
    if log:
        lines += [f"%ls = ascir.ln %s : {r32}", f"%lb = ascir.broadcast %ls : {f32}", f"%y = ascir.sub %d, %lb : {f32}"]
    else:
        lines += [f"%sb = ascir.broadcast %s : {f32}", f"%y = ascir.div %e, %sb : {f32}"]
    y = "%y"
    if dtype != "float32":
        lines.append(f"%yc = ascir.cast %y : {full}")
        y = "%yc"
    lines += [f"%st = ascir.store {y} : {full}", f"%o = ascir.output %st {{index = 0 : i64}} : {full}"]
    if stat:
        lines += [f"%ms = ascir.store %m : {r32}", f"%om = ascir.output %ms {{index = 1 : i64}} : {r32}"]
    body = "\n  ".join(lines)
    return f"ascir.graph @online hint sizes [R, C] axes [0: z0 = R, 1: z1 = C] {{\n  {body}\n}}\n"


def formula(x: np.ndarray, log: bool) -> tuple[np.ndarray, np.ndarray]:
    """torch's softmax / log_softmax in float64 (NaN and infinities as torch: a row's max
    propagates NaN, ``exp(-inf - -inf)`` is NaN) and the row max."""
    x = x.astype(np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        m = x.max(axis=1, keepdims=True)
        d = x - m
        s = np.exp(d).sum(axis=1, keepdims=True)
        return (d - np.log(s) if log else np.exp(d) / s), m


def rows(kind: str, shape: tuple[int, int], seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    c = shape[1]
    if kind == "normal":
        return rng.standard_normal(shape)
    if kind == "increasing":  # every chunk raises the running max: a rescale each
        return np.linspace(-30.0, 30.0, c)[None, :] + 0.01 * rng.standard_normal(shape)
    if kind == "large":  # exp overflows float32 without the shift by the max
        return 80.0 * rng.standard_normal(shape)
    assert kind == "special"
    x = rng.standard_normal(shape)
    x[:, : int(c * 0.7)] = -np.inf  # the first chunks -inf alone: they add nothing
    x[0, :] = -np.inf  # a row of -inf alone: NaN, as torch
    x[1, c // 2] = np.nan  # NaN anywhere: a NaN row
    x[2, c - 3] = np.inf  # +inf: NaN where exp(inf - inf), 0 elsewhere, NaN sum: NaN row
    x[3, :] = -np.inf
    x[3, c - 1] = 5.0  # one finite value, in the last chunk: 1 there, 0 elsewhere
    x[4, c // 3] = np.inf  # +inf before the chunks that could rescale
    return x


def compiled(ir: str, name: str, online: bool = True, row_cache: bool = True, vf: bool = True):  # type: ignore[no-untyped-def]
    kernel = compile_graph(parse_ir(ir), name=name, online_softmax=online, row_cache=row_cache, vf=vf)
    if syntax_check_enabled():
        syntax_check(kernel.sources, name)
    return kernel


# (shape, cores, UB KB): rows over the cores with chunks (STREAMING), and few long rows
# whose parts run on several cores (SPLIT)
SCHEDULES = {
    STREAMING: ((12, 20000), 3, 160),
    SPLIT: ((6, 70000), 16, 248),
}


@pytest.mark.parametrize(
    ("kind", "vf"), [("normal", True), ("increasing", True), ("large", True), ("special", True), ("special", False)]
)
@pytest.mark.parametrize("key", [STREAMING, SPLIT])
def test_online_softmax_is_torchs_softmax(key: int, kind: str, vf: bool) -> None:
    """``vf=False``: the root path, memory-level APIs only."""
    shape, cores, ub = SCHEDULES[key]
    x = rows(kind, shape, seed=key).astype(np.float32)
    k = compiled(softmax_ir(stat=True), f"online_{key}_{int(vf)}", vf=vf)
    y, m = k(x, sizes={"R": shape[0], "C": shape[1]}, core_num=cores, ub_size=ub * 1024)
    assert k.last_run.tiling_key == key
    want, want_m = formula(x, log=False)
    np.testing.assert_array_equal(m, want_m.astype(np.float32))  # the max is exact
    np.testing.assert_allclose(y, want, rtol=2e-5, atol=1e-30, equal_nan=True)
    assert np.array_equal(np.isnan(y), np.isnan(want))


@pytest.mark.parametrize("key", [STREAMING, SPLIT])
def test_online_log_softmax_and_float16(key: int) -> None:
    shape, cores, ub = SCHEDULES[key]
    x = rows("special", shape, seed=5).astype(np.float32)
    x[5:, :] = rows("large", (shape[0] - 5, shape[1]), seed=6)
    k = compiled(softmax_ir(log=True), f"online_log_{key}")
    (y,) = k(x, sizes={"R": shape[0], "C": shape[1]}, core_num=cores, ub_size=ub * 1024)
    assert k.last_run.tiling_key == key
    want, _ = formula(x, log=True)
    np.testing.assert_allclose(y, want, rtol=2e-5, atol=2e-5, equal_nan=True)
    h = rows("increasing", shape, seed=7).astype(np.float16)
    k16 = compiled(softmax_ir("float16"), f"online_f16_{key}")
    (y16,) = k16(h, sizes={"R": shape[0], "C": shape[1]}, core_num=cores, ub_size=ub * 1024)
    assert k16.last_run.tiling_key == key
    want16, _ = formula(h, log=False)
    np.testing.assert_allclose(y16.astype(np.float64), want16, rtol=1e-3, atol=1e-7)


def test_online_reads_a_row_twice_and_matches_the_two_passes() -> None:
    """Without the row cache the online STREAMING schedule reads the input twice (the
    two-pass sum: three times); with it once; the values within a few ulp of the
    two-pass schedule's."""
    shape, cores, ub = SCHEDULES[STREAMING]
    x = rows("normal", shape, seed=9).astype(np.float32)
    sizes = {"R": shape[0], "C": shape[1]}
    outs = {}
    for online in (True, False):
        for cache in (True, False):
            k = compiled(softmax_ir(), f"online_reads_{int(online)}{int(cache)}", online=online, row_cache=cache)
            (outs[online, cache],) = k(x, sizes=sizes, core_num=cores, ub_size=ub * 1024)
            assert k.last_run.tiling_key == STREAMING
            reads = 1 if cache else (2 if online else 3)
            assert k.stats["gm_read_bytes"] == reads * x.nbytes
    for y in outs.values():
        np.testing.assert_allclose(y, outs[False, True], rtol=1e-6, atol=0)


def test_the_option_is_a_bool() -> None:
    with pytest.raises(AscirError, match="online_softmax"):
        compile_graph(parse_ir(softmax_ir()), online_softmax="yes")  # type: ignore[arg-type]
