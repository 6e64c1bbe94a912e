"""Issue 19 reductions -- Mean, Prod, Any, All, ArgMax, ArgMin -- over any axis set, on
the VF and the root-graph path, resident rows, rows larger than the UB (the streaming
schedule) and few large work items (the SPLIT schedule over cores); NaN/inf inputs, ties
(the first position wins, as torch), size-1 axes. Every case compares the kernel, the
reference interpreter, torch (when installed) and an independent numpy formula.

``ASCIR_FUZZ_REDUCE_EXAMPLES=200`` runs a long property profile.
"""

from __future__ import annotations

import os

import ml_dtypes
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascir_dialect.compare import assert_close
from ascir_dialect.interpreter import reference
from lowering.plan import SPLIT, STREAMING
from passes.diagnostics import PassError
from tools.compile import compile_graph

from ..conftest import parse_ir
from .reduction_graphs import make_case, view
from .test_reductions import check

EXAMPLES = int(os.environ.get("ASCIR_FUZZ_REDUCE_EXAMPLES", "6"))
OPS = ("reduce_mean", "reduce_prod", "reduce_any", "reduce_all", "reduce_argmax", "reduce_argmin")
NP = {
    "float32": np.float32,
    "float16": np.float16,
    "bfloat16": ml_dtypes.bfloat16,
    "int32": np.int32,
    "int64": np.int64,
    "int16": np.int16,
    "uint32": np.uint32,
    "uint8": np.uint8,
    "int8": np.int8,
    "bool": np.bool_,
}
TOL = {"float32": (1e-5, 1e-6), "float16": (1e-3, 1e-5), "bfloat16": (8e-3, 1e-5)}


def result_dtype(op: str, dtype: str, index: str = "int64") -> str:
    return index if op in ("reduce_argmax", "reduce_argmin") else dtype


def graph(op: str, dtype: str, rank: int, reduced: tuple[int, ...], out: str) -> str:
    sizes = [f"s{i}" for i in range(rank)]
    full, red = view(dtype, sizes), view(out, sizes, reduced)
    axes = ", ".join(f"{i}: z{i} = {s}" for i, s in enumerate(sizes))
    return f"""builtin.module {{
  ascir.graph @g hint sizes [{", ".join(sizes)}] axes [{axes}] {{
    %in0 = ascir.data {{index = 0 : i64}} : {full}
    %x = ascir.load %in0 : {full}
    %r = ascir.{op} %x : {red}
    %s = ascir.store %r : {red}
    %o = ascir.output %s {{index = 0 : i64}} : {red}
  }}
}}"""


# ------------------------------------------------------------- independent formulas
def _rows(x: np.ndarray, axes: tuple[int, ...]) -> tuple[np.ndarray, list[int]]:
    kept = [i for i in range(x.ndim) if i not in axes]
    flat = np.transpose(x, kept + list(axes)).reshape([x.shape[i] for i in kept] + [-1])
    return flat, [1 if i in axes else n for i, n in enumerate(x.shape)]


def formula(op: str, x: np.ndarray, axes: tuple[int, ...], out: str) -> np.ndarray:
    """The op by a textbook formula (float64 for floats; ArgMax from first-occurrence masks,
    not np.argmax)."""
    flat, shape = _rows(x, axes)
    if op in ("reduce_argmax", "reduce_argmin"):
        v = flat.astype(np.float64) if x.dtype.kind == "f" or x.dtype == ml_dtypes.bfloat16 else flat
        isnan = np.isnan(v) if v.dtype.kind == "f" else np.zeros(v.shape, bool)
        with np.errstate(invalid="ignore"):
            ext = v.max(-1, keepdims=True) if op == "reduce_argmax" else v.min(-1, keepdims=True)
        first_nan = isnan.argmax(-1)  # bool argmax: the first True
        first_ext = (v == ext).argmax(-1)
        return np.where(isnan.any(-1), first_nan, first_ext).reshape(shape).astype(NP[out])
    if op in ("reduce_any", "reduce_all"):
        nz = flat != 0
        r = nz.any(-1) if op == "reduce_any" else nz.all(-1)
        return r.reshape(shape).astype(NP[out])
    if op == "reduce_mean":
        with np.errstate(all="ignore"):
            return (flat.astype(np.float64).sum(-1) / flat.shape[-1]).reshape(shape)
    if op in ("reduce_sum", "reduce_max"):  # for comparison with the existing reductions
        with np.errstate(all="ignore"):
            wide = flat.astype(np.float64)
            return (wide.sum(-1) if op == "reduce_sum" else wide.max(-1)).reshape(shape)
    if x.dtype.kind in "iu":  # wrapping product: int64 products keep the low bits
        acc = np.ones(flat.shape[:-1], np.uint64)
        for k in range(flat.shape[-1]):
            acc = acc * flat[..., k].astype(np.int64).astype(np.uint64)
        return acc.astype(NP[out]).reshape(shape)
    with np.errstate(all="ignore"):
        return np.prod(flat.astype(np.float64), -1).reshape(shape)


def torch_result(op: str, x: np.ndarray, axes: tuple[int, ...], out: str) -> np.ndarray | None:
    try:
        import torch
    except ImportError:
        return None
    t = torch.from_numpy(x.astype(np.float32) if x.dtype == ml_dtypes.bfloat16 else x)
    if x.dtype == ml_dtypes.bfloat16:
        t = t.to(torch.bfloat16)
    dims = list(axes)
    if op == "reduce_mean":
        r = t.mean(dim=dims, keepdim=True)
    elif op == "reduce_sum":
        r = t.sum(dim=dims, keepdim=True)
    elif op == "reduce_max":
        r = t.amax(dim=dims, keepdim=True)
    elif op in ("reduce_any", "reduce_all"):
        r = (t.any if op == "reduce_any" else t.all)(dim=tuple(dims), keepdim=True)
    elif op == "reduce_prod":
        r = t if t.dtype.is_floating_point else t.to(torch.int64)
        for d in dims:
            r = r.prod(dim=d, keepdim=True, dtype=r.dtype)
        r = r.to(t.dtype)
    else:
        kept = [i for i in range(t.ndim) if i not in dims]
        flat = t.permute(kept + dims).reshape([t.shape[i] for i in kept] + [-1])
        r = (flat.argmax if op == "reduce_argmax" else flat.argmin)(dim=-1)
        r = r.reshape([1 if i in dims else n for i, n in enumerate(t.shape)]).to(getattr(torch, out))
    if r.dtype == torch.bfloat16:
        r = r.float()
    return r.numpy()


def make_input(op: str, dtype: str, dims: list[int], rng: np.random.Generator, special: str) -> np.ndarray:
    """Random values: floats near 1 for Prod (no overflow), small integers with many ties
    for ArgMax/ArgMin, masks with a chosen density; ``special``: "nan" / "inf" / "ties"."""
    n = int(np.prod(dims))
    if dtype in ("bool", "uint8") and op in ("reduce_any", "reduce_all"):
        density = rng.choice([0.0, 0.02, 0.5, 0.98, 1.0])
        x = rng.random(n) < density
        x = (x * rng.integers(1, 256, n)).astype(np.uint8) if dtype == "uint8" else x
    elif NP[dtype] in (np.int32, np.int64, np.int16, np.uint8, np.int8, np.uint32):
        hi = 4 if special == "ties" or op.startswith("reduce_arg") else 6
        lo = 0 if dtype.startswith("uint") else -hi
        x = rng.integers(lo, hi, n)
    elif op == "reduce_prod":
        x = rng.uniform(0.9, 1.1, n) * rng.choice([-1.0, 1.0], n)
    elif special == "ties":
        x = rng.integers(-3, 3, n).astype(np.float64)
    else:
        x = rng.standard_normal(n)
    x = np.asarray(x).astype(NP[dtype])
    if (special in ("nan", "inf") and x.dtype.kind == "f") or (
        special in ("nan", "inf") and dtype == "bfloat16"
    ):
        for value in (np.nan, np.inf, -np.inf) if special == "nan" else (np.inf, -np.inf, np.inf):
            x[rng.integers(0, n)] = value
    return x.reshape(dims)


def run(
    op: str,
    dtype: str,
    dims: list[int],
    reduced: tuple[int, ...],
    vf: bool,
    special: str = "",
    seed: int = 0,
    cores: int = 8,
    ub_size: int = 248 * 1024,
    index: str = "int64",
    x: np.ndarray | None = None,
) -> int:
    """Compile and run one reduction; compare kernel, reference, torch and the formula.
    Returns the tiling key of the run."""
    out = result_dtype(op, dtype, index)
    module = parse_ir(graph(op, dtype, len(dims), reduced, out))
    rng = np.random.default_rng(seed)
    if x is None:
        x = make_input(op, dtype, dims, rng, special)
    sizes = {f"s{i}": d for i, d in enumerate(dims)}
    name = f"more_{op}_{dtype}_{len(dims)}_{''.join(map(str, reduced))}_{int(vf)}"
    kernel = compile_graph(module, name=name, vf=vf)
    (got,) = kernel(x, sizes=sizes, core_num=cores, ub_size=ub_size)
    (ref,) = reference(module, x, sizes=sizes)
    want = formula(op, x, reduced, out)
    rtol, atol = TOL.get(out, (0.0, 0.0))
    if op == "reduce_prod" and out in TOL:
        rtol *= 4 * max(1, int(np.prod([dims[i] for i in reduced])) ** 0.5)
    if op in ("reduce_mean", "reduce_sum") and out in TOL:
        finite = np.where(np.isfinite(x.astype(np.float64)), np.abs(x.astype(np.float64)), 0)
        n = 1 if op == "reduce_mean" else int(np.prod([dims[i] for i in reduced]))
        atol += 8 * float(np.finfo(np.float32).eps) * float(finite.max(initial=0.0)) * n
    tol = {"rtol": rtol or None, "atol": atol or None}
    label = f"{name} dims={dims} reduced={reduced} special={special!r}"
    assert got.dtype == ref.dtype == np.dtype(NP[out]), label
    assert_close(got, ref, **tol, name=f"{label}: kernel vs reference")
    wide = (lambda a: np.asarray(a).astype(np.float64)) if out in TOL else np.asarray
    assert_close(wide(ref), wide(want), **tol, name=f"{label}: reference vs formula")
    t = torch_result(op, x, reduced, out)
    if t is not None:
        assert_close(wide(got), wide(t), **tol, name=f"{label}: kernel vs torch")
    return kernel.last_run.tiling_key


# ----------------------------------------------------------------------------- cases
DTYPES = {
    "reduce_mean": ["float32", "float16", "bfloat16"],
    "reduce_prod": ["float32", "float16", "int32", "int64", "uint8", "bfloat16", "int16", "uint32"],
    "reduce_any": ["bool", "uint8"],
    "reduce_all": ["bool", "uint8"],
    "reduce_argmax": ["float32", "float16", "int32", "uint8", "int64", "bfloat16"],
    "reduce_argmin": ["float32", "float16", "int32", "int8", "int64", "int16"],
}


@pytest.mark.parametrize("vf", [True, False], ids=["vf", "root"])
@pytest.mark.parametrize("op", OPS)
def test_each_dtype_over_inner_and_outer_axes(op: str, vf: bool) -> None:
    for i, dtype in enumerate(DTYPES[op]):
        reduced = ((1,), (0,), (0, 1))[i % 3]
        run(op, dtype, [5, 67], reduced, vf, seed=i)


@pytest.mark.parametrize("op", ["reduce_argmax", "reduce_argmin"])
@pytest.mark.parametrize("vf", [True, False], ids=["vf", "root"])
def test_arg_ties_take_the_first_position_and_nan_wins(op: str, vf: bool) -> None:
    x = np.array(
        [
            [1, 5, 5, 0, 5, 0, 1, 0],
            [3, 3, 3, 3, 3, 3, 3, 3],
            [0, np.nan, 7, np.nan, -np.inf, 7, 0, -np.inf],
            [np.inf, 2, np.inf, -np.inf, -np.inf, 1, 1, 2],
        ],
        np.float32,
    )
    run(op, "float32", [4, 8], (1,), vf, x=x)
    run(op, "float32", [4, 8], (0,), vf, x=x)
    run(op, "float32", [4, 8], (0, 1), vf, x=x)


@pytest.mark.parametrize("op", OPS)
def test_rows_larger_than_the_ub_stream(op: str) -> None:
    """Rows of 20000 elements in a 64 KB UB: the streaming schedule (key 2 where a resident
    schedule exists, key 0 -- streaming only -- when outer axes are reduced)."""
    dtype = DTYPES[op][0]
    special = "ties" if "arg" in op else ""
    assert run(op, dtype, [16, 20000], (1,), vf=True, special=special, ub_size=64 * 1024) == STREAMING
    assert run(op, dtype, [20000, 16], (0,), vf=False, special=special, ub_size=64 * 1024, cores=1) in (
        0,
        STREAMING,
    )


@pytest.mark.parametrize("op", ["reduce_mean", "reduce_argmax", "reduce_prod", "reduce_any"])
def test_few_large_work_items_split_over_cores(op: str) -> None:
    dtype = DTYPES[op][0]
    assert run(op, dtype, [2, 70000], (1,), vf=True, special="ties" if "arg" in op else "") == SPLIT


@pytest.mark.parametrize("op", ["reduce_mean", "reduce_argmax", "reduce_argmin", "reduce_prod"])
@pytest.mark.parametrize("special", ["nan", "inf"])
def test_nan_and_inf_as_torch(op: str, special: str) -> None:
    run(op, "float32", [6, 50], (1,), vf=True, special=special, seed=3)
    run(op, "float16", [50, 6], (0,), vf=False, special=special, seed=4)


@pytest.mark.parametrize("op", OPS)
def test_size_one_axes_and_non_trailing_axis_sets(op: str) -> None:
    dtype = DTYPES[op][0]
    run(op, dtype, [1, 7, 1, 33], (1, 3), vf=True, seed=5)
    run(op, dtype, [4, 1, 9, 6], (0, 2), vf=False, seed=6)
    run(op, dtype, [3, 5, 2], (0, 1, 2), vf=True, seed=7)


def test_argmax_int32_result() -> None:
    run("reduce_argmax", "float32", [6, 40], (1,), vf=True, index="int32", special="ties")
    run("reduce_argmin", "int32", [40, 6], (0,), vf=False, index="int32")


@st.composite
def cases(draw: st.DrawFn) -> tuple:
    op = draw(st.sampled_from(OPS))
    dtype = draw(st.sampled_from(DTYPES[op]))
    rank = draw(st.integers(1, 3))
    dims = [draw(st.sampled_from([1, 2, 3, 7, 64, 129, 300])) for _ in range(rank)]
    reduced = tuple(i for i in range(rank) if draw(st.booleans())) or (draw(st.integers(0, rank - 1)),)
    if all(dims[i] == 1 for i in reduced):
        dims[reduced[0]] = 5
    special = draw(st.sampled_from(["", "", "ties", "nan"]))
    vf = draw(st.booleans())
    return op, dtype, dims, reduced, vf, special, draw(st.integers(0, 2**16))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(cases())
def test_random_axis_sets_match_torch_reference_and_formula(case: tuple) -> None:
    op, dtype, dims, reduced, vf, special, seed = case
    run(op, dtype, dims, reduced, vf, special=special, seed=seed)


@pytest.mark.parametrize(
    ("family", "dtype", "op"),
    [
        ("layernorm", "float16", "reduce_mean"),
        ("rmsnorm", "float32", "reduce_mean"),
        ("tail", "float32", "reduce_mean"),
        ("tail", "int32", "reduce_prod"),
    ],
)
@pytest.mark.parametrize("reduced", [(1,), (0, 2)])
def test_norms_written_with_mean_and_wrapping_int_products(
    family: str, dtype: str, op: str, reduced: tuple[int, ...]
) -> None:
    """LayerNorm / RMSNorm as users write them with Mean nodes, and reduce -> broadcast ->
    maximum tails of Mean and of int32 Prod (wrapping, as torch), NaN/inf inputs, through
    the generator the reduce fuzz profile draws from."""
    case = make_case(
        [5, 70, 33],
        reduced,
        dtype,
        family,
        reduce_op=op,
        with_stat=True,
        special=dtype != "int32",
        tail_op="maximum",
        seed=1,
    )
    assert f"ascir.{op}" in case.ir
    for vf in (True, False):
        check(case, vf)


def _gather_graph(op: str, out: str) -> str:
    t = "!ascir.tensor<float32, [a, b], [s0, s1], [s1, 1]>"
    i = "!ascir.tensor<int32, [a, b], [s0, s1], [s1, 1]>"
    r = f"!ascir.tensor<{out}, [a, b], [s0, 1], [1, 0]>"
    return f"""builtin.module {{
  ascir.graph @gathered hint sizes [s0, s1] axes [0: a = s0, 1: b = s1] {{
    %x = ascir.data {{index = 0 : i64}} : {t}
    %i = ascir.data {{index = 1 : i64}} : {i}
    %xl = ascir.load %x : {t}
    %il = ascir.load %i : {i}
    %g = ascir.indirect_load %xl, %il {{dim = 1 : i64}} : {t}
    %r = ascir.{op} %g : {r}
    %st = ascir.store %r : {r}
    %o = ascir.output %st {{index = 0 : i64}} : {r}
  }}
}}"""


@pytest.mark.parametrize("template", ["simt", "sklike"])
@pytest.mark.parametrize("op", ["reduce_mean", "reduce_prod"])
def test_mean_and_prod_after_a_gather(op: str, template: str) -> None:
    """torch.gather(x, 1, i).mean(1) / .prod(1): the SIMT template folds per lane, SK-like
    runs the reduction in its output stage."""
    module = parse_ir(_gather_graph(op, "float32"))
    rng = np.random.default_rng(2)
    x = rng.uniform(0.5, 1.5, (6, 40)).astype(np.float32)
    idx = rng.integers(0, 40, (6, 40)).astype(np.int32)
    kernel = compile_graph(module, name=f"gather_{op}_{template}", template=template)
    (got,) = kernel(x, idx, sizes={"s0": 6, "s1": 40}, core_num=4)
    (ref,) = reference(module, x, idx, sizes={"s0": 6, "s1": 40})
    g = np.take_along_axis(x.astype(np.float64), idx, 1)
    want = g.mean(1, keepdims=True) if op == "reduce_mean" else g.prod(1, keepdims=True)
    assert_close(got, ref, rtol=1e-5, atol=1e-6, name="kernel vs reference")
    assert_close(got.astype(np.float64), want, rtol=1e-5, atol=1e-6, name="kernel vs formula")


def test_argmax_after_a_gather_is_refused_naming_the_node() -> None:
    """ArgMax is a Max and then a Min of the positions where the value equals it: two
    reductions, and the IndirectLoad templates take at most one after a gather yet -- a
    located error naming the second, never a wrong result."""
    module = parse_ir(_gather_graph("reduce_argmax", "int64"))
    with pytest.raises(PassError, match=r"ascir.reduce_min %r_first: at most one reduction may follow an IndirectLoad"):
        compile_graph(module, name="gather_argmax")


@pytest.mark.parametrize("dst", ["float16", "float32", "int32"])
def test_vf_cast_of_a_loaded_bool_gives_zero_and_one(dst: str) -> None:
    """A bool loaded into a VF is 0/1 bytes, not a mask: its Cast goes through a mask to
    0/1 lanes of the destination dtype (the byte register was stored as the wider dtype;
    found by Any/All, which cast the mask to float16)."""
    b = "!ascir.tensor<bool, [z0], [s0], [1]>"
    t = f"!ascir.tensor<{dst}, [z0], [s0], [1]>"
    module = parse_ir(f"""builtin.module {{
  ascir.graph @bool_cast hint sizes [s0] axes [0: z0 = s0] {{
    %in0 = ascir.data {{index = 0 : i64}} : {b}
    %x = ascir.load %in0 : {b}
    %c = ascir.cast %x : {t}
    %s = ascir.store %c : {t}
    %o = ascir.output %s {{index = 0 : i64}} : {t}
  }}
}}""")
    x = np.random.default_rng(0).random(1000) < 0.5
    kernel = compile_graph(module, name=f"bool_cast_{dst}", vf=True)
    (got,) = kernel(x, sizes={"s0": 1000}, core_num=2)
    np.testing.assert_array_equal(got, x.astype(NP[dst]))


@pytest.mark.parametrize("op", ["reduce_sum", "reduce_max", "reduce_prod", "reduce_mean"])
def test_float16_rows_stream_with_a_float32_accumulator(op: str) -> None:
    """float16 rows larger than the UB in a graph that may also be resident: the streamed
    float32 accumulator is a tile, not the resident schedule's one-element result (they
    shared a buffer: "Duplicate accesses 17920 elements of a 64-element UB tensor")."""
    assert run(op, "float16", [16, 64000], (1,), vf=True, seed=9) == STREAMING
    assert run(op, "float16", [16, 64000], (1,), vf=False, seed=10) == STREAMING
