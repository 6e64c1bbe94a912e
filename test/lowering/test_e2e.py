"""End to end: HintGraph -> schedule -> lower -> AscendC -> simulator, against the reference.

Every case is compiled, run on the simulator (several blocks and, with a small UB, several
tiles per row) and compared with the reference interpreter: exactly for integers, within
dtype tolerance for floats. Every emitted kernel is also type-checked against the real
AscendC headers when ASC_DEVKIT/ASC_TOOLS are set.
"""

from __future__ import annotations

import re

import ml_dtypes
import numpy as np
import pytest

from ascir_dialect.compare import assert_close
from ascir_dialect.interpreter import reference
from runtime import TilingError
from tools.compile import compile_graph

from ..conftest import parse_ir, tensor
from ..kernelcheck import syntax_check, syntax_check_enabled

RNG = np.random.default_rng(2024)
NP = {"bfloat16": ml_dtypes.bfloat16}


def np_dtype(d: str) -> np.dtype:
    return np.dtype(NP.get(d, d))


def random_input(d: str, shape: tuple[int, ...]) -> np.ndarray:
    dt = np_dtype(d)
    if dt.kind == "f" or d == "bfloat16":
        return (RNG.standard_normal(shape) * 4).astype(dt)
    if dt == np.bool_:
        return RNG.integers(0, 2, shape).astype(dt)
    info = np.iinfo(dt)
    return RNG.integers(max(info.min, -100), min(info.max, 100), shape, endpoint=True).astype(dt)


def run_case(
    ir: str,
    inputs: list[np.ndarray],
    sizes: dict[str, int],
    name: str,
    core_num: int = 4,
    ub_size: int = 248 * 1024,
    vf: bool | None = None,
    rtol: float | None = None,
    atol: float | None = None,
) -> list[np.ndarray]:
    """Compile, run on the simulator and compare with the reference interpreter
    (``assert_close``: torch.testing.assert_close rules and default tolerances unless
    ``rtol``/``atol`` are given). With ``vf=None`` both paths run (VF and root graph) and
    must give identical results."""
    if vf is None:
        with_vf = run_case(ir, inputs, sizes, name, core_num, ub_size, vf=True, rtol=rtol, atol=atol)
        root = run_case(ir, inputs, sizes, name, core_num, ub_size, vf=False, rtol=rtol, atol=atol)
        for a, b in zip(with_vf, root, strict=True):
            np.testing.assert_array_equal(a, b, err_msg=f"{name}: VF and root-graph results differ")
        return with_vf
    module = parse_ir(ir)
    k = compile_graph(module, name=name, vf=vf)
    if syntax_check_enabled():
        syntax_check(k.sources, name)
    outs = k(*inputs, sizes=sizes, core_num=core_num, ub_size=ub_size)
    refs = reference(module, *inputs, sizes=sizes)
    for i, (out, ref) in enumerate(zip(outs, refs, strict=True)):
        assert_close(out, ref, rtol=rtol, atol=atol, name=f"{name} (vf={vf}) output {i}")
    return outs


def graph(sizes: list[str], axes: list[tuple[str, str]], body: str, name: str = "g") -> str:
    ax = ", ".join(f"{i}: {n} = {s}" for i, (n, s) in enumerate(axes))
    return f"ascir.graph @{name} hint sizes [{', '.join(sizes)}] axes [{ax}] {{\n{body}\n}}\n"


def elementwise_chain(dtype: str, rank: int, ops: list[str]) -> tuple[str, list[str]]:
    names = [f"z{i}" for i in range(rank)]
    sizes = [f"s{i}" for i in range(rank)]
    t = tensor(dtype, names, sizes)
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {t}",
        f"%y = ascir.data {{index = 1 : i64}} : {t}",
        f"%a = ascir.load %x : {t}",
        f"%b = ascir.load %y : {t}",
    ]
    cur = "%a"
    for i, op in enumerate(ops):
        if op in ("abs", "exp", "relu", "sqrt", "neg"):
            body.append(f"%v{i} = ascir.{op} {cur} : {t}")
        else:
            body.append(f"%v{i} = ascir.{op} {cur}, %b : {t}")
        cur = f"%v{i}"
    body += [f"%s = ascir.store {cur} : {t}", f"%o = ascir.output %s {{index = 0 : i64}} : {t}"]
    return graph(sizes, list(zip(names, sizes, strict=True)), "\n".join(body)), sizes


CHAINS = {
    "float32": ["add", "mul", "maximum", "sub", "abs", "exp"],
    "float16": ["add", "relu", "minimum", "mul"],
    "bfloat16": ["add", "mul", "neg"],
    "int32": ["add", "mul", "sub", "maximum", "abs"],
    "int64": ["add", "sub", "minimum"],
    "uint8": ["maximum", "minimum"],
}
SHAPES = [(1,), (1000,), (3, 70), (2, 1, 33), (2, 3, 4, 5), (1, 1, 1, 1)]


@pytest.mark.parametrize("dtype", list(CHAINS))
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: "x".join(map(str, s)))
def test_elementwise_matrix(dtype: str, shape: tuple[int, ...]) -> None:
    ir, sizes = elementwise_chain(dtype, len(shape), CHAINS[dtype])
    x, y = random_input(dtype, shape), random_input(dtype, shape)
    if dtype in ("float32", "float16", "bfloat16"):
        x = (np.abs(x.astype(np.float32)) * 0.3).astype(np_dtype(dtype))  # keep exp in range
    run_case(ir, [x, y], dict(zip(sizes, shape, strict=True)), f"chain_{dtype}_{len(shape)}")


@pytest.mark.parametrize("ub_size", [248 * 1024, 8 * 1024])
def test_many_tiles_and_blocks(ub_size: int) -> None:
    ir, _ = elementwise_chain("float32", 2, ["add", "mul"])
    x, y = random_input("float32", (5, 3001)), random_input("float32", (5, 3001))
    module = parse_ir(ir)
    k = compile_graph(module, name="tiles")
    outs = k(x, y, sizes={"s0": 5, "s1": 3001}, core_num=8, ub_size=ub_size)
    assert_close(outs[0], (x + y) * y)
    assert k.last_run.block_dim == 8 if ub_size < 100_000 else k.last_run.block_dim >= 1
    # GM traffic: every input and output element exactly once
    assert k.stats["gm_read_bytes"] == 2 * x.nbytes and k.stats["gm_write_bytes"] == x.nbytes


@pytest.mark.parametrize(("where", "src"), [("inner", ["s0", 1]), ("outer", [1, "s1"]), ("scalar", [1, 1])])
@pytest.mark.parametrize("dtype", ["float32", "int32", "float16"])
def test_broadcast_add(where: str, src: list[object], dtype: str) -> None:
    full = tensor(dtype, ["z0", "z1"], ["s0", "s1"])
    part = tensor(dtype, ["z0", "z1"], src, ["1" if src[0] != 1 else 0, 1 if src[1] != 1 else 0])
    ir = graph(
        ["s0", "s1"],
        [("z0", "s0"), ("z1", "s1")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {full}
%b = ascir.data {{index = 1 : i64}} : {part}
%xl = ascir.load %x : {full}
%bl = ascir.load %b : {part}
%bb = ascir.broadcast %bl : {full}
%r = ascir.add %xl, %bb : {full}
%st = ascir.store %r : {full}
%y = ascir.output %st {{index = 0 : i64}} : {full}""",
    )
    shape = (6, 37)
    bshape = tuple(shape[i] if src[i] != 1 else 1 for i in range(2))
    run_case(
        ir,
        [random_input(dtype, shape), random_input(dtype, bshape)],
        {"s0": 6, "s1": 37},
        f"bcast_{where}_{dtype}",
    )


def test_broadcast_middle_axis_3d() -> None:
    full = tensor("float32", ["z0", "z1", "z2"], [4, "s0", 9])
    part = tensor("float32", ["z0", "z2"], [4, 9])
    ir = graph(
        ["s0"],
        [("z0", "4"), ("z1", "s0"), ("z2", "9")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {full}
%b = ascir.data {{index = 1 : i64}} : {part}
%xl = ascir.load %x : {full}
%bl = ascir.load %b : {part}
%bb = ascir.broadcast %bl : {full}
%r = ascir.mul %xl, %bb : {full}
%st = ascir.store %r : {full}
%y = ascir.output %st {{index = 0 : i64}} : {full}""",
    )
    run_case(
        ir, [random_input("float32", (4, 5, 9)), random_input("float32", (4, 9))], {"s0": 5}, "bcast_middle"
    )


def test_strided_loads_and_stores_with_offsets() -> None:
    # read columns 1, 3, 5, ... of a [s0, 2*s1 + 1] matrix at offset 1; write transposed-free
    # into a padded [s0, s1 + 2] output at offset 2 (row stride s1 + 2).
    src = "!ascir.tensor<float32, [z0, z1], [s0, s1], [2 * s1 + 1, 2]>"
    ub = tensor("float32", ["z0", "z1"], ["s0", "s1"])
    dst = "!ascir.tensor<float32, [z0, z1], [s0, s1], [s1 + 2, 1]>"
    ir = graph(
        ["s0", "s1"],
        [("z0", "s0"), ("z1", "s1")],
        f"""
%x = ascir.data {{index = 0 : i64}} : !ascir.tensor<float32, [z0, z1], [s0, 2 * s1 + 1], [2 * s1 + 1, 1]>
%l = ascir.load %x {{offset = #ascir.expr<1>}} : {src}
%e = ascir.exp %l : {ub}
%st = ascir.store %e {{offset = #ascir.expr<2>}} : {dst}
%y = ascir.output %st {{index = 0 : i64}} : !ascir.tensor<float32, [z0, z1], [s0, s1 + 2], [s1 + 2, 1]>""",
    )
    x = (random_input("float32", (7, 2 * 30 + 1)) * 0.1).astype(np.float32)
    run_case(ir, [x], {"s0": 7, "s1": 30}, "strided")


@pytest.mark.parametrize("op", ["reduce_sum", "reduce_max", "reduce_min"])
@pytest.mark.parametrize("dtype", ["float32", "float16", "int32"])
def test_inner_reductions(op: str, dtype: str) -> None:
    full = tensor(dtype, ["z0", "z1"], ["s0", "s1"])
    red = tensor(dtype, ["z0", "z1"], ["s0", 1], [1, 0])
    ir = graph(
        ["s0", "s1"],
        [("z0", "s0"), ("z1", "s1")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {full}
%l = ascir.load %x : {full}
%r = ascir.{op} %l : {red}
%st = ascir.store %r : {red}
%y = ascir.output %st {{index = 0 : i64}} : {red}""",
    )
    run_case(ir, [random_input(dtype, (9, 77))], {"s0": 9, "s1": 77}, f"{op}_{dtype}")


@pytest.mark.parametrize("op", ["reduce_sum", "reduce_max", "reduce_min"])
@pytest.mark.parametrize("dtype", ["float32", "float16", "int32"])
def test_outer_reductions(op: str, dtype: str) -> None:
    full = tensor(dtype, ["z0", "z1"], ["s0", "s1"])
    red = tensor(dtype, ["z0", "z1"], [1, "s1"], [0, 1])
    ir = graph(
        ["s0", "s1"],
        [("z0", "s0"), ("z1", "s1")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {full}
%l = ascir.load %x : {full}
%e = ascir.abs %l : {full}
%r = ascir.{op} %e : {red}
%m = ascir.add %r, %r : {red}
%st = ascir.store %m : {red}
%y = ascir.output %st {{index = 0 : i64}} : {red}""",
    )
    # float16 sums accumulate in float32 (as torch and the reference do): torch's tolerances hold
    run_case(
        ir, [random_input(dtype, (13, 700))], {"s0": 13, "s1": 700}, f"outer_{op}_{dtype}", ub_size=32 * 1024
    )


def test_middle_axis_reduction_of_3d() -> None:
    full = tensor("float32", ["z0", "z1", "z2"], [3, "s0", 50])
    red = tensor("float32", ["z0", "z1", "z2"], [3, 1, 50], [50, 0, 1])
    ir = graph(
        ["s0"],
        [("z0", "3"), ("z1", "s0"), ("z2", "50")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {full}
%l = ascir.load %x : {full}
%r = ascir.reduce_sum %l : {red}
%st = ascir.store %r : {red}
%y = ascir.output %st {{index = 0 : i64}} : {red}""",
    )
    run_case(ir, [random_input("float32", (3, 7, 50))], {"s0": 7}, "middle_reduce")


def test_reducing_inner_and_outer_axes_together() -> None:
    # Padded rows keep z0 and z1 apart, so a reduction over both spans two loop axes: the
    # streaming schedule walks the outer axis and the inner chunks in one pass.
    src = "!ascir.tensor<float32, [z0, z1], [s0, s1], [s1 + 1, 1]>"
    red = tensor("float32", ["z0", "z1"], [1, 1], [0, 0])
    ir = graph(
        ["s0", "s1"],
        [("z0", "s0"), ("z1", "s1")],
        f"""
%x = ascir.data {{index = 0 : i64}} : !ascir.tensor<float32, [z0, z1], [s0, s1 + 1], [s1 + 1, 1]>
%l = ascir.load %x : {src}
%r = ascir.reduce_sum %l : {red}
%st = ascir.store %r : {red}
%y = ascir.output %st {{index = 0 : i64}} : {red}""",
    )
    x = random_input("float32", (5, 38))
    (out,) = run_case(ir, [x], {"s0": 5, "s1": 37}, "reduce_all_padded")
    np.testing.assert_allclose(out.reshape(-1)[0], x[:, :37].sum(), rtol=1e-5)


def test_reduce_all_of_a_contiguous_tensor_merges_into_one_inner_reduction() -> None:
    full = tensor("int32", ["z0", "z1"], ["s0", "s1"])
    red = tensor("int32", ["z0", "z1"], [1, 1], [0, 0])
    ir = graph(
        ["s0", "s1"],
        [("z0", "s0"), ("z1", "s1")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {full}
%l = ascir.load %x : {full}
%r = ascir.reduce_max %l : {red}
%st = ascir.store %r : {red}
%y = ascir.output %st {{index = 0 : i64}} : {red}""",
    )
    run_case(ir, [random_input("int32", (6, 40))], {"s0": 6, "s1": 40}, "reduce_all")


def test_compare_where_cast_and_scalars() -> None:
    f = tensor("float32", ["z0", "z1"], ["s0", "s1"])
    m = tensor("uint8", ["z0", "z1"], ["s0", "s1"])
    h = tensor("float16", ["z0", "z1"], ["s0", "s1"])
    i = tensor("int32", ["z0", "z1"], ["s0", "s1"])
    ir = graph(
        ["s0", "s1"],
        [("z0", "s0"), ("z1", "s1")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {f}
%y = ascir.data {{index = 1 : i64}} : {f}
%xl = ascir.load %x : {f}
%yl = ascir.load %y : {f}
%c = ascir.scalar {{value = "0.5"}} : !ascir.scalar<float32>
%gt = ascir.gt %xl, %c : {m}
%lt = ascir.lt %xl, %yl : {m}
%w = ascir.where %gt, %xl, %yl : {f}
%w1 = ascir.where %lt, %w, %c : {f}
%w2 = ascir.where %gt, %c, %w1 : {f}
%sc = ascir.adds_placeholder
""".replace(
            "%sc = ascir.adds_placeholder\n",
            f"""%a = ascir.add %c, %w2 : {f}
%hh = ascir.cast %a : {h}
%ii = ascir.cast %xl : {i}
%s1 = ascir.store %hh : {h}
%o1 = ascir.output %s1 {{index = 0 : i64}} : {h}
%s2 = ascir.store %ii : {i}
%o2 = ascir.output %s2 {{index = 1 : i64}} : {i}
%s3 = ascir.store %gt : {m}
%o3 = ascir.output %s3 {{index = 2 : i64}} : {m}""",
        ),
    )
    x, y = random_input("float32", (5, 300)), random_input("float32", (5, 300))
    outs = run_case(ir, [x, y], {"s0": 5, "s1": 300}, "cmp_where_cast")
    np.testing.assert_array_equal(outs[2], (x > 0.5).astype(np.uint8))  # and the oracle agrees with numpy


def test_index_expr_and_scalar_data() -> None:
    t = tensor("int64", ["z0"], ["s0"])
    ir = graph(
        ["s0"],
        [("z0", "s0")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {t}
%k = ascir.scalar_data {{index = 1 : i64}} : !ascir.scalar<int64>
%l = ascir.load %x : {t}
%e = ascir.index_expr {{expr = #ascir.expr<s0 * s0 - 3>}} : !ascir.scalar<int64>
%a = ascir.add %e, %l : {t}
%m = ascir.minimum %a, %k : {t}
%st = ascir.store %m : {t}
%y = ascir.output %st {{index = 0 : i64}} : {t}""",
    )
    run_case(ir, [random_input("int64", (41,)), np.array(1700, np.int64)], {"s0": 41}, "index_expr")


def test_floordiv_remainder_and_logical_use_scalar_loops() -> None:
    t = tensor("int32", ["z0"], ["s0"])
    m = tensor("uint8", ["z0"], ["s0"])
    ir = graph(
        ["s0"],
        [("z0", "s0")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {t}
%y = ascir.data {{index = 1 : i64}} : {t}
%a = ascir.load %x : {t}
%b = ascir.load %y : {t}
%q = ascir.floordiv %a, %b : {t}
%r = ascir.remainder %a, %b : {t}
%s = ascir.add %q, %r : {t}
%g = ascir.gt %a, %b : {m}
%n = ascir.logical_not %g : {m}
%st = ascir.store %s : {t}
%o = ascir.output %st {{index = 0 : i64}} : {t}
%st2 = ascir.store %n : {m}
%o2 = ascir.output %st2 {{index = 1 : i64}} : {m}""",
    )
    x = RNG.integers(-50, 50, 77).astype(np.int32)
    y = RNG.integers(1, 9, 77).astype(np.int32) * RNG.choice([-1, 1], 77).astype(np.int32)
    run_case(ir, [x, y], {"s0": 77}, "floordiv")


def test_triu_mask_from_arange() -> None:
    from ..ascir_dialect.test_interpreter import triu_graph

    x = random_input("float32", (37, 37))
    outs = run_case(triu_graph("float32"), [x], {"s0": 37, "s1": 37}, "triu")
    np.testing.assert_array_equal(outs[0], np.triu(x))


def test_unfittable_ub_and_bad_calls_are_clear_errors() -> None:
    ir, _ = elementwise_chain("float32", 1, ["add"])
    k = compile_graph(parse_ir(ir), name="tiny_ub")
    x = random_input("float32", (10,))
    with pytest.raises(TilingError, match="no tiling fits the unified buffer"):
        k(x, x, sizes={"s0": 10}, ub_size=1024)
    with pytest.raises(Exception, match="needs sizes for s0"):
        k(x, x)
    with pytest.raises(Exception, match="must have dtype float32"):
        k(x.astype(np.float64), x, sizes={"s0": 10})
    # checked sizes are remembered per compiled graph; bad ones are refused every time
    for _ in range(2):
        with pytest.raises(Exception, match="must be an integer >= 1"):
            k(x, x, sizes={"s0": 0})
        with pytest.raises(Exception, match="must be an integer >= 1"):
            k(x, x, sizes={"s0": [10]})
        np.testing.assert_array_equal(k(x, x, sizes={"s0": 10})[0], x + x)
    # record=False (the torch backend's calls): the totals only, no per-block record or timeline
    k(x, x, sizes={"s0": 10})
    assert k.last_run.timeline is not None and k.last_run.blocks and k.stats["launches"] == 1
    np.testing.assert_array_equal(k(x, x, sizes={"s0": 10}, record=False)[0], x + x)
    assert k.last_run.timeline is None and not k.last_run.blocks and k.stats["launches"] == 1


def test_static_shapes_without_size_variables() -> None:
    t = tensor("bfloat16", ["z0", "z1"], [3, 129])
    ir = graph(
        [],
        [("z0", "3"), ("z1", "129")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {t}
%l = ascir.load %x : {t}
%c = ascir.scalar {{value = "1.5"}} : !ascir.scalar<bfloat16>
%m = ascir.mul %l, %c : {t}
%st = ascir.store %m : {t}
%y = ascir.output %st {{index = 0 : i64}} : {t}""",
    )
    run_case(ir, [random_input("bfloat16", (3, 129))], {}, "static_bf16")


@pytest.mark.parametrize("vf", [False, True], ids=["root", "vf"])
def test_constant_cast_is_a_duplicate(vf: bool) -> None:
    f = tensor("float32", ["z0"], ["s0"])
    i = tensor("int32", ["z0"], ["s0"])
    ir = graph(
        ["s0"],
        [("z0", "s0")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {i}
%l = ascir.load %x : {i}
%c = ascir.scalar {{value = "2.75"}} : !ascir.scalar<float32>
%cb = ascir.broadcast %c : {f}
%ci = ascir.cast %cb : {i}
%r = ascir.add %l, %ci : {i}
%st = ascir.store %r : {i}
%y = ascir.output %st {{index = 0 : i64}} : {i}""",
    )
    run_case(ir, [random_input("int32", (50,))], {"s0": 50}, "const_cast", vf=vf)
    k = compile_graph(parse_ir(ir), name="const_cast", vf=vf)
    code = k.sources.device_impl_cpp
    if vf:  # FR12 inside a VF: Duplicate of the converted constant (fold-constant-casts), no register Cast
        assert "AscendC::Reg::Cast<" not in code
        assert re.search(r"asc_vf_call<\w+>\(static_cast<int32_t>\(2\), ", code)
        assert "AscendC::Reg::Duplicate(dup, c_int32, " in code
    else:
        assert "AscendC::Cast(" not in code  # FR12: Duplicate(2), no Cast
        assert "AscendC::Duplicate(ci_ub, static_cast<int32_t>(2), " in code
        assert "cb_ub" not in code  # one intermediate tensor fewer


@pytest.mark.parametrize("rows", [4, 33])
def test_pattern_b_degenerate_arange_add(rows: int) -> None:
    """Seed 000 Pattern B ([rows, 1] / [1, 0] Arange broadcast to [rows, 8]): compiles, is
    correct, and materialises O(rows) scalar writes, not O(rows x cols)."""
    f = tensor("int64", ["z0", "z1"], ["s0", 8])
    ir = graph(
        ["s0"],
        [("z0", "s0"), ("z1", "8")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {f}
%l = ascir.load %x : {f}
%a = ascir.arange {{base = #ascir.expr<5>, step = #ascir.expr<3>}} : !ascir.tensor<int64, [z0, z1], [s0, 1], [1, 0]>
%b = ascir.broadcast %a : {f}
%r = ascir.add %l, %b : {f}
%st = ascir.store %r : {f}
%y = ascir.output %st {{index = 0 : i64}} : {f}""",
    )
    x = random_input("int64", (rows, 8))
    for vf in (False, True):
        out = run_case(ir, [x], {"s0": rows}, "pattern_b", vf=vf)[0]
        np.testing.assert_array_equal(out, x + (5 + 3 * np.arange(rows))[:, None])
    root = compile_graph(parse_ir(ir), name="pattern_b", vf=False)
    root(x, sizes={"s0": rows})
    assert root.stats["scalar_set_value"] == rows
    vf_kernel = compile_graph(parse_ir(ir), name="pattern_b")
    vf_kernel(x, sizes={"s0": rows})
    assert vf_kernel.stats["scalar_set_value"] == 0 and vf_kernel.stats["vf_calls"] > 0  # Reg::Arange


def test_one_dimensional_arange_is_padded_and_broadcast() -> None:
    f = tensor("int32", ["z0", "z1"], ["s0", "s1"])
    ir = graph(
        ["s0", "s1"],
        [("z0", "s0"), ("z1", "s1")],
        f"""
%a = ascir.arange {{base = #ascir.expr<s1>, step = #ascir.expr<-2>}} : !ascir.tensor<int32, [z1], [s1], [1]>
%b = ascir.broadcast %a : {f}
%st = ascir.store %b : {f}
%y = ascir.output %st {{index = 0 : i64}} : {f}""",
    )
    out = run_case(ir, [], {"s0": 3, "s1": 10}, "arange_1d")[0]
    np.testing.assert_array_equal(out, np.broadcast_to(10 - 2 * np.arange(10), (3, 10)))


def test_store_dma_goes_ub_to_gm_and_load_gm_to_ub() -> None:
    """Seed 000 (1980 compatibility item): the Store's DMA writes GM from UB; the Load's
    reads GM into UB. The counters see exactly one read and one write of every element."""
    f = tensor("float32", ["z0"], ["s0"])
    ir = graph(
        ["s0"],
        [("z0", "s0")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {f}
%l = ascir.load %x : {f}
%st = ascir.store %l : {f}
%y = ascir.output %st {{index = 0 : i64}} : {f}""",
    )
    run_case(ir, [random_input("float32", (1000,))], {"s0": 1000}, "copy")
    for vf in (True, False):
        k = compile_graph(parse_ir(ir), name="copy", vf=vf)
        code = k.sources.device_impl_cpp
        # the tile's slot of the (double) buffer of %l
        slot = re.search(r"AscendC::LocalTensor<float> (v_\d+) = l_ub\[", code)
        assert slot is not None, code
        ub = slot.group(1)
        assert f"AscendC::DataCopyPad({ub}, v_" in code  # load: UB destination, GM source
        assert f", {ub}, AscendC::DataCopyExtParams{{" in code  # store: GM destination, UB source
        k(random_input("float32", (1000,)), sizes={"s0": 1000}, core_num=1)
        assert k.stats["gm_read_bytes"] == 4000 and k.stats["gm_write_bytes"] == 4000


def test_broadcast_baked_impl_arange_takes_the_root_path() -> None:
    """AL-3/AL-4/AL-6: an impl-level Arange whose view bakes a broadcast (stride 0 on a
    non-degenerate axis, as C++-built graphs may carry) is kept out of VFs and materialised
    by the root path from its logical strides: correct, with one SetValue per element;
    the normalized Pattern B writes one value per row, and the VF path none."""
    t = "!ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>"
    tv = "!ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1], vectorized [z1], [1]>"
    baked = "!ascir.tensor<int64, [z0, z1], [s0, s1], [1, 0], vectorized [z1], [1]>"
    ir = f"""ascir.graph @baked impl sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {{
  %x = ascir.data {{index = 0 : i64}} : {t}
  %l = ascir.load %x : {tv}
  %a = ascir.arange {{base = #ascir.expr<5>, step = #ascir.expr<3>}} : {baked}
  %r = ascir.add %l, %a : {tv}
  %st = ascir.store %r : {tv}
  %y = ascir.output %st {{index = 0 : i64}} : {t}
}}
"""
    x = random_input("int64", (9, 40))
    k = compile_graph(parse_ir(ir), name="baked")
    (out,) = k(x, sizes={"s0": 9, "s1": 40})
    np.testing.assert_array_equal(out, x + (5 + 3 * np.arange(9))[:, None])
    assert k.stats["scalar_set_value"] == 9 * 40  # before normalization: O(rows x cols)
    assert "__simd_vf__" in k.sources.device_impl_cpp  # the Add still runs in a VF
    assert "arange_i" in k.sources.device_impl_cpp


def test_zero_valued_index_expr_is_a_valid_expression() -> None:
    """DS-7 / FR1: an IndexExpr whose expression is 0 is still materialised (a named kernel
    scalar from its tiling field, never an empty string), on both paths."""
    f = tensor("int32", ["z0"], ["s0"])
    ir = graph(
        ["s0"],
        [("z0", "s0")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {f}
%zero = ascir.index_expr {{expr = #ascir.expr<0>}} : !ascir.scalar<int32>
%l = ascir.load %x : {f}
%m = ascir.maximum %l, %zero : {f}
%st = ascir.store %m : {f}
%y = ascir.output %st {{index = 0 : i64}} : {f}""",
    )
    x = random_input("int32", (300,))
    out = run_case(ir, [x], {"s0": 300}, "zero_ie")[0]
    np.testing.assert_array_equal(out, np.maximum(x, 0))
    code = compile_graph(parse_ir(ir), name="zero_ie").sources
    assert "tiling->ie_0 = static_cast<decltype(tiling->ie_0)>(int64_t(0));" in code.host_impl_cpp
    assert "const int32_t zero = static_cast<int32_t>(zero_expr);" in code.device_impl_cpp
