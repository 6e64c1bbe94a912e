"""IndirectLoad end to end (seed 001): every template against numpy's take_along_axis.

Each case is compiled with the SIMD and SIMT templates forced and with the automatic
choice, run on the simulator, and compared with numpy (``np.take_along_axis`` with the
seed's negative / bound semantics) -- and with the reference interpreter.
"""

from __future__ import annotations

import itertools

import ml_dtypes
import numpy as np
import pytest

from ascir_dialect.compare import assert_close
from ascir_dialect.interpreter import reference
from passes.diagnostics import PassError
from passes.indirect_load_cases import choose_templates
from runtime import SimulatorError
from tools.compile import compile_graph

from ..conftest import parse_ir
from ..kernelcheck import syntax_check, syntax_check_enabled

RNG = np.random.default_rng(7)


def _view(dtype: str, axes: list[str], sizes: list[str], strides: list[str] | None = None) -> str:
    if strides is None:
        strides, acc = [], "1"
        for s in reversed(sizes):
            strides.insert(0, acc)
            acc = s if acc == "1" else f"{s} * {acc}"
    return f"!ascir.tensor<{dtype}, [{', '.join(axes)}], [{', '.join(sizes)}], [{', '.join(strides)}]>"


def gather_ir(
    rank: int,
    dim: int,
    dtype: str = "float32",
    index_dtype: str = "int32",
    *,
    negative: bool = False,
    bound: bool = False,
    pre: str | None = None,
    post: str | None = None,
    index_pre: bool = False,
) -> str:
    """input [i0..] and index [j0..] over their own axes; output on the index axes."""
    ins = [f"i{k}" for k in range(rank)]
    outs = [f"j{k}" for k in range(rank)]
    axes = [f"{k}: a{k} = i{k}" for k in range(rank)] + [f"{rank + k}: b{k} = j{k}" for k in range(rank)]
    t_in = _view(dtype, [f"a{k}" for k in range(rank)], ins)
    t_out = _view(dtype, [f"b{k}" for k in range(rank)], outs)
    t_idx = _view(index_dtype, [f"b{k}" for k in range(rank)], outs)
    flags = f"dim = {dim} : i64"
    if negative:
        flags += ", need_check_negative = true"
    if bound:
        flags += ", need_check_bound = true"
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {t_in}",
        f"%i = ascir.data {{index = 1 : i64}} : {t_idx}",
        f"%xl = ascir.load %x : {t_in}",
        f"%il = ascir.load %i : {t_idx}",
    ]
    src, idx = "%xl", "%il"
    if pre:
        body.append(f"%pre = ascir.{pre} %xl : {t_in}")
        src = "%pre"
    if index_pre:
        body.append(f'%zero = ascir.scalar {{value = "0"}} : !ascir.scalar<{index_dtype}>')
        body.append(f"%ip = ascir.maximum %il, %zero : {t_idx}")
        idx = "%ip"
    body.append(f"%g = ascir.indirect_load {src}, {idx} {{{flags}}} : {t_out}")
    res = "%g"
    if post:
        body.append(f"%post = ascir.{post} %g : {t_out}")
        res = "%post"
    body += [f"%st = ascir.store {res} : {t_out}", f"%y = ascir.output %st {{index = 0 : i64}} : {t_out}"]
    sizes = ", ".join(ins + outs)
    return (
        f"ascir.graph @gather hint sizes [{sizes}] axes [{', '.join(axes)}] {{\n  "
        + "\n  ".join(body)
        + "\n}\n"
    )


def expected(x: np.ndarray, index: np.ndarray, dim: int, negative: bool, bound: bool) -> np.ndarray:
    idx = index.astype(np.int64)
    sliced = x[tuple(slice(0, n) if a != dim else slice(None) for a, n in enumerate(idx.shape))]
    size = x.shape[dim]
    if negative:
        idx = np.where(idx < 0, idx + size, idx)
    valid = (idx >= 0) & (idx < size)
    out = np.take_along_axis(sliced, np.where(valid, idx, 0), axis=dim)
    return np.where(valid, out, np.zeros((), x.dtype)) if bound else out


def _shapes(rank: int, dim: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    base_in = [3, 5, 4, 6][:rank]
    base_idx = [2, 7, 3, 5][:rank]
    in_shape = tuple(base_in)
    idx_shape = tuple(
        min(a, b) if k != dim else b for k, (a, b) in enumerate(zip(base_in, base_idx, strict=True))
    )
    return in_shape, idx_shape


def _data(dtype: str, shape: tuple[int, ...]) -> np.ndarray:
    dt = np.dtype(ml_dtypes.bfloat16) if dtype == "bfloat16" else np.dtype(dtype)
    if dt.kind == "f" or dtype == "bfloat16":
        return (RNG.standard_normal(shape) * 3).astype(dt)
    return RNG.integers(-100, 100, shape).astype(dt)


def run(
    ir: str, x: np.ndarray, index: np.ndarray, template: str | None, exact: bool = True
) -> tuple[np.ndarray, object]:
    module = parse_ir(ir)
    k = compile_graph(module, name=f"gather_{template or 'auto'}", template=template)
    if syntax_check_enabled():
        syntax_check(k.sources, f"gather_{template or 'auto'}")
    sizes = {f"i{k_}": n for k_, n in enumerate(x.shape)} | {f"j{k_}": n for k_, n in enumerate(index.shape)}
    (y,) = k(x, index, sizes=sizes, core_num=3)
    (ref,) = reference(module, x, index, sizes=sizes)
    if exact:
        np.testing.assert_array_equal(y, ref)
    else:  # transcendental ops: the simulator's libm against numpy's
        assert_close(y, ref)
    return y, k


CASES = [(r, d) for r in range(1, 5) for d in range(r)]


@pytest.mark.parametrize(("rank", "dim"), CASES, ids=[f"rank{r}_dim{d}" for r, d in CASES])
@pytest.mark.parametrize("template", ["simd", "simt"])
def test_every_rank_and_dim(rank: int, dim: int, template: str) -> None:
    in_shape, idx_shape = _shapes(rank, dim)
    x = _data("float32", in_shape)
    index = RNG.integers(0, in_shape[dim], idx_shape).astype(np.int32)
    y, _ = run(gather_ir(rank, dim), x, index, template)
    np.testing.assert_array_equal(y, expected(x, index, dim, False, False))


@pytest.mark.parametrize(
    ("dtype", "index_dtype"),
    [*itertools.product(["float16", "bfloat16", "int32"], ["int32"]), ("float32", "int64")],
)
def test_dtypes(dtype: str, index_dtype: str) -> None:
    in_shape, idx_shape = _shapes(3, 1)
    x = _data(dtype, in_shape)
    index = RNG.integers(0, in_shape[1], idx_shape).astype(index_dtype)
    for template in ("simd", "simt", None):
        y, _ = run(gather_ir(3, 1, dtype, index_dtype), x, index, template)
        np.testing.assert_array_equal(y, expected(x, index, 1, False, False))


@pytest.mark.parametrize("template", ["simd", "simt"])
def test_negative_indices_and_bound_check(template: str) -> None:
    in_shape, idx_shape = _shapes(2, 1)
    x = _data("float32", in_shape)
    size = in_shape[1]
    index = RNG.integers(-size, size, idx_shape).astype(np.int32)
    y, _ = run(gather_ir(2, 1, negative=True), x, index, template)
    np.testing.assert_array_equal(y, expected(x, index, 1, True, False))
    wild = RNG.integers(-2 * size, 2 * size, idx_shape).astype(np.int32)
    y, _ = run(gather_ir(2, 1, negative=True, bound=True), x, wild, template)
    np.testing.assert_array_equal(y, expected(x, wild, 1, True, True))  # out of range: zeros


@pytest.mark.parametrize("template", ["simd", "simt"])
def test_out_of_range_without_the_check_is_a_clear_error(template: str) -> None:
    in_shape, idx_shape = _shapes(2, 1)
    x = _data("float32", in_shape)
    index = np.zeros(idx_shape, np.int32)
    index[1, 2] = in_shape[1]  # one past the end: inside the buffer, outside the axis
    k = compile_graph(parse_ir(gather_ir(2, 1)), name="gather_oob", template=template)
    sizes = {"i0": in_shape[0], "i1": in_shape[1], "j0": idx_shape[0], "j1": idx_shape[1]}
    with pytest.raises(SimulatorError, match=r"out of|outside"):
        k(x, index, sizes=sizes)


def test_sklike_stages_run_in_order_through_the_workspace() -> None:
    """SK-like (FR5): input pre, index pre, IndirectLoad and output post as four stage
    kernels joined through three workspace tensors; bit-identical to SIMT and numpy."""
    in_shape, idx_shape = _shapes(3, 2)
    x = _data("float32", in_shape)
    index = RNG.integers(0, in_shape[2], idx_shape).astype(np.int32)
    ir = gather_ir(3, 2, pre="abs", index_pre=True, post="relu")
    want = np.maximum(np.abs(expected(x, index, 2, False, False)), 0)
    y_sk, k = run(ir, x, index, "sklike")
    y_simt, _ = run(ir, x, index, "simt")
    np.testing.assert_array_equal(y_sk, want)
    np.testing.assert_array_equal(y_sk, y_simt)
    device = k.sources.device_impl_cpp  # type: ignore[attr-defined]
    stages = ["input_pre", "index_pre", "indirect_load", "output_post"]
    launches = [device.index(f"gather_sklike_{s}<<<tiling->{s}_block_dim") for s in stages]
    assert launches == sorted(launches)
    run_info = k.last_run  # type: ignore[attr-defined]
    assert run_info.tiling_key == 3
    # workspaces: |x| float32, |index| int32, |gathered| float32, each 512-byte aligned
    aligned = [-(-n * 4 // 512) * 512 for n in (x.size, index.size, index.size)]
    assert run_info.workspace_size == sum(aligned)
    # every element of each workspace is written once and read once, plus the GM in/out
    ws_bytes = 4 * (x.size + index.size + index.size)
    assert run_info.stats["gm_write_bytes"] >= ws_bytes + 4 * index.size


def test_sklike_keeps_the_index_checks() -> None:
    """need_check_negative / need_check_bound reach the IndirectLoad stage."""
    in_shape, idx_shape = _shapes(2, 1)
    x = _data("float32", in_shape)
    size = in_shape[1]
    wild = RNG.integers(-2 * size, 2 * size, idx_shape).astype(np.int32)
    y, _ = run(gather_ir(2, 1, negative=True, bound=True, post="relu"), x, wild, "sklike")
    np.testing.assert_array_equal(y, np.maximum(expected(x, wild, 1, True, True), 0))


def test_sklike_needs_a_chain_to_split() -> None:
    with pytest.raises(PassError, match=r"template 'sklike' was rejected: SK-like: no input pre, index pre"):
        compile_graph(parse_ir(gather_ir(2, 1)), template="sklike")


def test_chains_before_and_after_the_gather() -> None:
    """Input pre chain (moved after the gather), output post chain; an index pre chain is
    taken by SIMT only (SIMD rejects it with its reason)."""
    in_shape, idx_shape = _shapes(3, 2)
    x = _data("float32", in_shape)
    index = RNG.integers(0, in_shape[2], idx_shape).astype(np.int32)
    want = np.maximum(np.abs(expected(x, index, 2, False, False)), 0)
    for template in ("simd", "simt", "sklike", None):
        y, _ = run(gather_ir(3, 2, pre="abs", post="relu"), x, index, template)
        np.testing.assert_array_equal(y, want)
    ir = gather_ir(3, 2, index_pre=True, post="neg")
    choice = choose_templates(parse_ir(ir).body.block.first_op)  # type: ignore[arg-type]
    assert choice.available == ["simt", "sklike"]
    assert "index chain must be a single load" in choice.rejected["simd"]
    for template in ("sklike", None):
        y, _ = run(ir, x, index, template)
        np.testing.assert_array_equal(y, -expected(x, index, 2, False, False))


def test_exp_post_chain_rejects_simt_only() -> None:
    in_shape, idx_shape = _shapes(2, 0)
    x = _data("float32", in_shape)
    index = RNG.integers(0, in_shape[0], idx_shape).astype(np.int32)
    ir = gather_ir(2, 0, post="exp")
    choice = choose_templates(parse_ir(ir).body.block.first_op)  # type: ignore[arg-type]
    assert choice.available == ["simd", "sklike"] and "has no scalar form" in choice.rejected["simt"]
    for template in (None, "sklike"):  # SK-like: exp runs in the ordinary output post stage
        y, _ = run(ir, x, index, template, exact=False)
        assert_close(y, np.exp(expected(x, index, 0, False, False)))
    with pytest.raises(
        PassError, match=r"template 'simt' was rejected: SIMT: ascir\.exp %post has no scalar form"
    ):
        compile_graph(parse_ir(ir), template="simt")


def _auto_key(ir: str, rows: int, cols: int, want: object, policy: str = "measured") -> int:
    k = compile_graph(parse_ir(ir), name="gather_auto", template_policy=policy)
    x = _data("float32", (rows, cols))
    index = RNG.integers(0, cols, (rows, cols)).astype(np.int32)
    (y,) = k(x, index, sizes={"i0": rows, "i1": cols, "j0": rows, "j1": cols}, core_num=3)
    assert_close(y, want(expected(x, index, 1, False, False)))  # type: ignore[operator]
    return k.last_run.tiling_key  # type: ignore[attr-defined,no-any-return]


def test_auto_choice_follows_the_scores() -> None:
    """The "measured" policy on the real shapes (3 cores, cacheline 128 B * 0.5):
    - 1 outer row -> FR6 wants SK-like: taken (key 3) only when SIMT cannot take the graph
      (exp has no scalar form), else SIMT (key 2), which splits over every core;
    - 8 contiguous float32 (32 B) -> the cacheline score fails -> SIMT;
    - SIMD wanted (enough outer rows): taken (key 1) when SIMT's warp requests per core
      (ceil(lanes / 32) * (2 + lines of the row)) reach 640 + 8 * SIMD rows per core:
      8 x 64 -> 6 warps * 6 < 640 + 24 -> SIMT; 96 x 512 -> 512 warps * 34 >= 640 + 256
      -> SIMD."""
    plain, relu, exp = gather_ir(2, 1), gather_ir(2, 1, post="relu"), gather_ir(2, 1, post="exp")
    assert _auto_key(plain, 8, 64, lambda g: g) == 2
    assert _auto_key(plain, 1, 64, lambda g: g) == 2
    assert _auto_key(exp, 1, 64, np.exp) == 3
    assert _auto_key(relu, 1, 64, lambda g: np.maximum(g, 0)) == 2
    assert _auto_key(relu, 96, 512, lambda g: np.maximum(g, 0)) == 1
    assert _auto_key(plain, 96, 512, lambda g: g) == 1
    assert _auto_key(plain, 8, 8, lambda g: g) == 2


def test_seed_fr6_policy_is_the_seed_table() -> None:
    """``template_policy="seed-fr6"``: seed 001 FR6's table as written (3 cores): SIMD when
    both scores hold (however small the shape); SK-like whenever the outer extent is too
    small, even where SIMT could take the graph (relu has a scalar form); an SK-like wish
    without a chain to split is the SIMD gather alone; SIMT when the cacheline score
    fails."""
    plain, relu, exp = gather_ir(2, 1), gather_ir(2, 1, post="relu"), gather_ir(2, 1, post="exp")
    fr6 = "seed-fr6"
    assert _auto_key(plain, 8, 64, lambda g: g, fr6) == 1
    assert _auto_key(relu, 8, 64, lambda g: np.maximum(g, 0), fr6) == 1
    assert _auto_key(relu, 1, 64, lambda g: np.maximum(g, 0), fr6) == 3
    assert _auto_key(exp, 1, 64, np.exp, fr6) == 3
    assert _auto_key(plain, 1, 64, lambda g: g, fr6) == 1
    assert _auto_key(plain, 8, 8, lambda g: g, fr6) == 2
    assert _auto_key(relu, 8, 8, lambda g: np.maximum(g, 0), fr6) == 2


def test_template_policy_option_errors() -> None:
    """An unknown policy is refused by every driver with the allowed names."""
    from lowering.passes import LowerToAscendCPass
    from lowering.pipeline import AutofusePass
    from passes.options import PassOptionError

    with pytest.raises(PassOptionError, match=r'compile_graph: option template_policy must be one of "measured", "seed-fr6", got "fr6"'):
        compile_graph(parse_ir(gather_ir(2, 1)), template_policy="fr6")
    for cls in (AutofusePass, LowerToAscendCPass):
        with pytest.raises(PassOptionError, match=rf'{cls.name}: option template_policy must be one of "measured", "seed-fr6", got "bogus"'):
            cls(template_policy="bogus")  # type: ignore[arg-type]


@pytest.mark.parametrize("op", ["reduce_sum", "reduce_max"])
def test_reduce_after_the_gather(op: str) -> None:
    """A reduction after the gather (SIMT: a lane folds its complete reduce axes; SIMD
    rejects it with its reason)."""
    t_in = _view("float32", ["a0", "a1"], ["i0", "i1"])
    t_idx = _view("int32", ["b0", "b1"], ["j0", "j1"])
    t_out = _view("float32", ["b0", "b1"], ["j0", "j1"])
    t_red = "!ascir.tensor<float32, [b0, b1], [j0, 1], [1, 0]>"
    ir = f"""ascir.graph @gather_reduce hint sizes [i0, i1, j0, j1] axes [0: a0 = i0, 1: a1 = i1, 2: b0 = j0, 3: b1 = j1] {{
  %x = ascir.data {{index = 0 : i64}} : {t_in}
  %i = ascir.data {{index = 1 : i64}} : {t_idx}
  %xl = ascir.load %x : {t_in}
  %il = ascir.load %i : {t_idx}
  %g = ascir.indirect_load %xl, %il {{dim = 1 : i64}} : {t_out}
  %r = ascir.{op} %g : {t_red}
  %a = ascir.relu %r : {t_red}
  %st = ascir.store %a : {t_red}
  %y = ascir.output %st {{index = 0 : i64}} : {t_red}
}}
"""
    x = _data("float32", (5, 9))
    index = RNG.integers(0, 9, (4, 7)).astype(np.int32)
    choice = choose_templates(parse_ir(ir).body.block.first_op)  # type: ignore[arg-type]
    assert choice.available == ["simt", "sklike"] and "reductions after the gather" in choice.rejected["simd"]
    g = expected(x, index, 1, False, False)
    want = (g.sum(axis=1) if op == "reduce_sum" else g.max(axis=1))[:, None]
    for template in ("simt", "sklike"):  # SK-like: the reduce runs in the ordinary output post stage
        y, _ = run(ir, x, index, template, exact=False)
        assert_close(y, np.maximum(want, 0))


def test_runtime_misuse_is_a_clear_error() -> None:
    k = compile_graph(parse_ir(gather_ir(2, 1)), name="gather_misuse")
    x, index = np.zeros((3, 5), np.float32), np.zeros((2, 7), np.int32)
    sizes = {"i0": 3, "i1": 5, "j0": 2, "j1": 7}
    with pytest.raises(Exception, match=r"input 0 \(%x\) has 5 elements but its view needs 15"):
        k(x.reshape(-1)[:5], index, sizes=sizes)
    with pytest.raises(Exception, match=r"input 1 \(%i\) must have dtype int32"):
        k(x, index.astype(np.int64), sizes=sizes)
    with pytest.raises(Exception, match=r"needs sizes for j0, j1"):
        k(x, index, sizes={"i0": 3, "i1": 5})
    (out,) = k(np.asfortranarray(x), index, sizes=sizes)  # non-contiguous arrays are copied, not misread
    np.testing.assert_array_equal(out, expected(x, index, 1, False, False))


def test_sklike_index_pre_on_a_broadcast_view_runs_once_per_index() -> None:
    """index_select with an index clamp: the index view broadcasts the 1-D index over the
    columns; the index pre stage drops that axis (one clamp per index, not per output
    element) and the IndirectLoad stage reads the workspace back through the broadcast."""
    x_t = "!ascir.tensor<float32, [r, c], [sr, sc], [sc, 1]>"
    idx_t = "!ascir.tensor<int64, [n], [sn], [1]>"
    view = "!ascir.tensor<int64, [n, c], [sn, sc], [1, 0]>"
    out = "!ascir.tensor<float32, [n, c], [sn, sc], [sc, 1]>"
    ir = f"""ascir.graph @isel hint sizes [sc, sn, sr] axes [0: r = sr, 1: c = sc, 2: n = sn] {{
  %x = ascir.data {{index = 0 : i64}} : {x_t}
  %i = ascir.data {{index = 1 : i64}} : {idx_t}
  %xl = ascir.load %x : {x_t}
  %il = ascir.load %i : {view}
  %zero = ascir.scalar {{value = "0"}} : !ascir.scalar<int64>
  %ip = ascir.maximum %il, %zero : {view}
  %g = ascir.indirect_load %xl, %ip {{dim = 0 : i64}} : {out}
  %p = ascir.relu %g : {out}
  %st = ascir.store %p : {out}
  %y = ascir.output %st {{index = 0 : i64}} : {out}
}}
"""
    xs = RNG.standard_normal((40, 24)).astype(np.float32)
    ids = RNG.integers(-5, 40, (33,)).astype(np.int64)
    sizes = {"sr": 40, "sc": 24, "sn": 33}
    want = np.maximum(xs[np.maximum(ids, 0)], 0)
    for template in ("sklike", "simt"):
        k = compile_graph(parse_ir(ir), name=f"isel_{template}", template=template)
        if syntax_check_enabled():
            syntax_check(k.sources, f"isel_{template}")
        (y,) = k(xs, ids, sizes=sizes, core_num=4)
        np.testing.assert_array_equal(y, want)
        if template == "sklike":
            # workspaces: the clamped index (33 int64, not 33 x 24) and the gathered block
            assert k.last_run.workspace_size == 512 + (-(-33 * 24 * 4 // 512)) * 512  # type: ignore[attr-defined]


# ------------------------------------------------- the cases are what gets lowered (issue 15)


def _static(ir: str, sizes: dict[str, int]) -> str:
    """``ir`` with its size variables replaced by the given constants (provable extents)."""
    import re

    header, body = ir.split("{\n", 1)
    for name, value in sizes.items():
        body = re.sub(rf"\b{name}\b", str(value), body)
        header = re.sub(rf"\b{name}\b", str(value), header)
    header = re.sub(r"sizes \[[^\]]*\]", "sizes []", header)
    return header + "{\n" + body


@pytest.mark.parametrize("enlarging", [False, True], ids=["shrinking", "enlarging"])
def test_simd_kernel_runs_what_its_case_keeps_before_the_gather(enlarging: bool) -> None:
    """Seed 001 FR3: the SIMD case moves exp after the gather only while the gather provably
    does not enlarge the data; the kernel runs exp where the case put it (on the input slice
    before the Gather, or on the gathered rows after it) and both agree with the reference."""
    cols_in, cols_idx = (8, 12) if enlarging else (12, 8)
    ir = _static(gather_ir(2, 1, pre="exp"), {"i0": 4, "i1": cols_in, "j0": 4, "j1": cols_idx})
    module = parse_ir(ir)
    k = compile_graph(module, name="gather_pre", template="simd")
    code = k.sources.device_impl_cpp
    exp_at, gather_at = code.index("AscendC::Exp("), code.index("AscendC::Gather(")
    assert (exp_at < gather_at) == enlarging
    x = _data("float32", (4, cols_in))
    index = RNG.integers(0, cols_in, (4, cols_idx)).astype(np.int32)
    (y,) = k(x, index, sizes={}, core_num=2)
    assert_close(y, np.exp(expected(x, index, 1, False, False)))
    if syntax_check_enabled():
        syntax_check(k.sources, f"gather_pre_{enlarging}")


def test_simt_kernel_gathers_every_side_input_with_one_index() -> None:
    """Seed 001 FR4: the SIMT case duplicates the gather before a two-input op; the kernel
    computed from that case graph gathers both inputs with the same index."""
    t_in = _view("float32", ["a0", "a1"], ["i0", "i1"])
    t_idx = _view("int32", ["b0", "b1"], ["j0", "j1"])
    t_out = _view("float32", ["b0", "b1"], ["j0", "j1"])
    ir = f"""ascir.graph @two hint sizes [i0, i1, j0, j1] axes [0: a0 = i0, 1: a1 = i1, 2: b0 = j0, 3: b1 = j1] {{
  %x = ascir.data {{index = 0 : i64}} : {t_in}
  %w = ascir.data {{index = 1 : i64}} : {t_in}
  %i = ascir.data {{index = 2 : i64}} : {t_idx}
  %xl = ascir.load %x : {t_in}
  %wl = ascir.load %w : {t_in}
  %il = ascir.load %i : {t_idx}
  %s = ascir.mul %xl, %wl : {t_in}
  %g = ascir.indirect_load %s, %il {{dim = 1 : i64, need_check_negative = true}} : {t_out}
  %st = ascir.store %g : {t_out}
  %y = ascir.output %st {{index = 0 : i64}} : {t_out}
}}
"""
    module = parse_ir(ir)
    choice = choose_templates(module.body.block.first_op)  # type: ignore[arg-type]
    assert choice.available == ["simt", "sklike"]
    x, w = _data("float32", (3, 9)), _data("float32", (3, 9))
    index = RNG.integers(-9, 9, (3, 5)).astype(np.int32)
    sizes = {"i0": 3, "i1": 9, "j0": 3, "j1": 5}
    want = expected(x * w, index, 1, True, False)
    for template in ("simt", "sklike"):
        k = compile_graph(module, name=f"two_{template}", template=template)
        (y,) = k(x, w, index, sizes=sizes, core_num=2)
        np.testing.assert_array_equal(y, want)
    assert k.sources.device_impl_cpp.count("AscendC::Gather(") == 1  # SK-like: the gather stage


def test_template_cases_then_lower_is_autofuse() -> None:
    """Issue 15: the pass list composes -- the cases alone, lowered, are the autofuse kernel."""
    from xdsl.context import Context
    from xdsl.dialects.builtin import ModuleOp

    from ascendc_emitter.printer import emit_files
    from lowering.passes import LowerToAscendCPass
    from lowering.pipeline import run_autofuse
    from passes.indirect_load_cases import IndirectLoadTemplateCasesPass

    graph = parse_ir(gather_ir(2, 1, pre="abs", post="exp")).body.block.first_op
    composed = ModuleOp([graph.clone()])  # type: ignore[union-attr]
    for p in (IndirectLoadTemplateCasesPass(), LowerToAscendCPass(kernel="autofuse_gather")):
        p.apply(Context(), composed)
    whole = run_autofuse(ModuleOp([graph.clone()]))  # type: ignore[union-attr]
    assert emit_files(composed).as_dict() == emit_files(whole).as_dict()
