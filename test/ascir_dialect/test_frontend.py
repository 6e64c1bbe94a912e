"""The seed's Python API: HintGraph building, conversion to the dialect, front-end checks."""

from __future__ import annotations

import runpy

import numpy as np
import pytest

from ascir_dialect.diagnostics import AscirError
from pyautofuse import Autofuser, AutofuserOptions, ascir, compile_graph, reference
from pyautofuse.ascir_api import IndexExpr, arange, index_expr

from ..conftest import ROOT, run_opt


def test_seed_001_minimal_script_runs_unchanged() -> None:
    ns = runpy.run_path(str(ROOT / "examples" / "indirect_load_minimal.py"))
    assert "AscendC::Gather(" in ns["op_kernel"] and "__simt_vf__" in ns["op_kernel"]


def test_seed_001_minimal_kernel_is_correct_with_every_template() -> None:
    graph = _minimal_graph()
    sizes = {"s0": 2, "s1": 3, "s2": 5, "s3": 4, "s4": 2, "s5": 2, "s6": 6, "s7": 3}
    rng = np.random.default_rng(1)
    x = rng.standard_normal((2, 3, 5, 4)).astype(np.float16)
    index = rng.integers(0, 5, (2, 2, 6, 3)).astype(np.int32)
    want = np.take_along_axis(x[:2, :2, :, :3], index.astype(np.int64), axis=2)
    for template in ("simd", "simt", None):
        (y,) = compile_graph(graph, template=template)(x, index, sizes=sizes)
        np.testing.assert_array_equal(y, want)


def _minimal_graph() -> ascir.HintGraph:
    source = (ROOT / "examples" / "indirect_load_minimal.py").read_text()
    ns: dict[str, object] = {}
    exec(compile(source.split("options = ")[0], "seed", "exec"), ns)
    return ns["graph"]  # type: ignore[return-value]


def test_seed_graph_prints_parses_and_round_trips() -> None:
    text = _minimal_graph().to_mlir()
    assert "ascir.indirect_load %input_load, %index_load sched [z4, z5, z6, z7] {dim = 2 : i64}" in text
    out = run_opt(stdin=text)
    assert out.returncode == 0, out.stderr
    assert out.stdout == text
    generic = run_opt("--print-op-generic", stdin=text).stdout
    assert run_opt(stdin=generic).stdout == text


def test_seed_graph_runs_on_the_reference() -> None:
    graph = _minimal_graph()
    sizes = {"s0": 2, "s1": 3, "s2": 5, "s3": 4, "s4": 2, "s5": 2, "s6": 6, "s7": 3}
    rng = np.random.default_rng(0)
    x = rng.standard_normal((2, 3, 5, 4)).astype(np.float16)
    index = rng.integers(0, 5, (2, 2, 6, 3)).astype(np.int32)
    (y,) = reference(graph, x, index, sizes=sizes)
    expected = np.take_along_axis(x[:2, :2, :, :3], index.astype(np.int64), axis=2)
    np.testing.assert_array_equal(y, expected)


def test_autofuser_schedule_and_codegen() -> None:
    options = AutofuserOptions(tiling_lib_path="", tiling_lib_codegen_symbol="")
    fuser = Autofuser(options)
    with pytest.raises(AscirError, match=r"takes the result of Autofuser\.schedule"):
        fuser.codegen(None)  # type: ignore[arg-type]
    graph, z0 = _graph_1d()
    x = ascir.ops.Data("x", graph)
    x.attr.ir_attr.index = 0
    x.y.dtype = ascir.dtypes.float32
    x.y.axis = [z0]
    load = ascir.ops.Load("load")
    load.x = x
    exp = ascir.ops.Exp("exp")
    exp.x = load
    store = ascir.ops.Store("store")
    store.x = exp
    y = ascir.ops.Output("y", graph)
    y.attr.ir_attr.index = 0
    y.x = store
    impl_graphs = fuser.schedule(graph)
    assert impl_graphs and "ascir.graph @g impl" in impl_graphs.to_mlir()
    tiling_def, host_tiling, op_kernel = fuser.codegen(impl_graphs)
    assert "struct AutofuseTilingData" in tiling_def
    assert 'extern "C" int64_t AutofuseTiling(int64_t s0' in host_tiling
    assert "AscendC::Reg::Exp(" in op_kernel and "<<<block_dim, nullptr, stream>>>" in op_kernel
    assert "__simd_vf__" in op_kernel  # VF is the default path
    root = Autofuser(AutofuserOptions(enable_vf=False))
    assert "AscendC::Exp(" in root.codegen(root.schedule(graph))[2]


def _graph_1d(n: int | str = "s0") -> tuple[ascir.HintGraph, ascir.Axis]:
    graph = ascir.HintGraph("g")
    size = graph.create_size("s0") if n == "s0" else n
    return graph, graph.create_axis("z0", size)


def test_invalid_graph_reports_verifier_message() -> None:
    graph = ascir.HintGraph("bad")
    z0 = graph.create_axis("z0", 4)
    z1 = graph.create_axis("z1", 8)
    a = ascir.ops.Arange("a", graph)
    a.attr.ir_attr.base = 0
    a.attr.ir_attr.step = 1
    a.y.dtype = ascir.dtypes.int32
    a.y.axis = [z0, z1]
    a.y.size = [4, 8]
    a.y.strides = [1, 0]
    with pytest.raises(ascir.AscirVerifyError, match="use 1D Arange followed by explicit Broadcast"):
        graph.to_module()
    assert issubclass(ascir.AscirVerifyError, ValueError)


@pytest.mark.parametrize(("size", "stride"), [([4, 8], [1, 0]), ([4, 8], [0, 1]), ([4, 2, 8], [8, 0, 1])])
def test_arange_front_end_rejects_broadcast_baked_views(size: list[int], stride: list[int]) -> None:
    graph = ascir.HintGraph("g")
    axes = [graph.create_axis(f"z{i}", n) for i, n in enumerate(size)]
    with pytest.raises(ValueError, match="use 1D Arange followed by explicit Broadcast"):
        arange(graph, dtype=ascir.dtypes.int64, axis=axes, size=size, stride=stride)


def test_arange_front_end_accepts_degenerate_views() -> None:
    graph = ascir.HintGraph("g")
    z0, z1 = graph.create_axis("z0", 4), graph.create_axis("z1", 8)
    y = arange(graph, dtype=ascir.dtypes.int32, axis=[z0, z1], size=[4, 1], stride=[1, 0], base=2, step=3)
    assert y.node.name == "arange_0"
    text = graph.to_mlir()
    assert "!ascir.tensor<int32, [z0, z1], [4, 1], [1, 0]>" in text
    with pytest.raises(ValueError, match="size has 1 entries but axis has 2"):
        arange(graph, dtype=ascir.dtypes.int32, axis=[z0, z1], size=[4])


def test_index_expr_helper() -> None:
    graph = ascir.HintGraph("g")
    s0 = graph.create_size("s0")
    y = IndexExpr(graph, dtype=ascir.dtypes.int64, expr=0)  # a zero-valued expression is valid (DS-7)
    y2 = IndexExpr(graph, dtype=ascir.dtypes.int32, expr=s0 * 2 - 1)
    assert (y.node.name, y2.node.name) == ("indexexpr_0", "indexexpr_1")
    text = graph.to_mlir()
    # SSA names follow xDSL: a trailing "_<n>" is its uniquifier, so "indexexpr_0" prints as %indexexpr.
    assert "%indexexpr = ascir.index_expr {expr = #ascir.expr<0>} : !ascir.scalar<int64>" in text
    assert "{expr = #ascir.expr<2 * s0 - 1>} : !ascir.scalar<int32>" in text
    with pytest.raises(ValueError, match=r"IndexExpr\(int64\) -> Broadcast -> Cast"):
        IndexExpr(graph, dtype=ascir.dtypes.float32, expr=s0)


@pytest.mark.parametrize("dtype", ["float32", "float16", "int32"])
def test_float_index_expr_helper_builds_the_fr4_chain(dtype: str) -> None:
    """FR4/AL-10: index_expr(expr, float) = IndexExpr(int64) -> Broadcast -> Cast(float);
    compiled on both paths and checked against numpy (the float_indexexpr_cast_mul case)."""
    graph = ascir.HintGraph("g")
    s0, s1 = graph.create_size("s0"), graph.create_size("s1")
    z0, z1 = graph.create_axis("z0", s0), graph.create_axis("z1", s1)
    d = getattr(ascir.dtypes, dtype)
    x = ascir.ops.Data("x", graph)
    x.attr.ir_attr.index = 0
    x.y.dtype, x.y.axis = d, [z0, z1]
    load = ascir.ops.Load("load")
    load.x = x
    scale = index_expr(graph, s1 * 2 + s0, dtype=d, axis=[z0, z1])
    mul = ascir.ops.Mul("mul")
    mul.x1, mul.x2 = load, scale
    store = ascir.ops.Store("store")
    store.x = mul
    y = ascir.ops.Output("y", graph)
    y.attr.ir_attr.index = 0
    y.x = store
    text = graph.to_mlir()
    if dtype == "int32":
        assert "!ascir.scalar<int32>" in text and "ascir.cast" not in text
    else:  # IndexExpr(int64) -> Broadcast -> Cast, the Cast on the broadcast tensor
        assert "!ascir.scalar<int64>" in text
        assert "ascir.cast %broadcast sched [z0, z1] : !ascir.tensor<float32" in text
        last = "%cast_1" if dtype == "float16" else "%cast"  # float16 goes through float32
        assert f"ascir.mul %load, {last} : !ascir.tensor<{dtype}" in text
    xs = (np.arange(32 * 65) % 17 - 8).reshape(32, 65).astype(np.dtype(dtype))
    want = (xs.astype(np.float64) * (65 * 2 + 32)).astype(np.dtype(dtype))
    for vf in (True, False):
        (out,) = compile_graph(graph, vf=vf)(xs, sizes={"s0": 32, "s1": 65})
        np.testing.assert_array_equal(out, want)


def test_builder_errors_are_clear() -> None:
    with pytest.raises(TypeError, match="The start node requires the graph"):
        ascir.ops.Data("x")
    graph, z0 = _graph_1d()
    x = ascir.ops.Data("x", graph)
    with pytest.raises(AttributeError, match=r"has no attribute 'idx' \(available: index\)"):
        x.attr.ir_attr.idx = 0
    with pytest.raises(AttributeError, match="has no input 'x'"):
        x.x = x
    load = ascir.ops.Load("load")
    with pytest.raises(AttributeError, match=r"inputs: x\)"):
        load.x1 = x
    with pytest.raises(TypeError, match=r"y\.dtype must be an ascir\.dtypes value"):
        x.y.dtype = "float32"
    x.y.dtype = ascir.dtypes.float32
    x.y.axis = [z0]
    with pytest.raises(ascir.AscirVerifyError, match=r"attr.ir_attr.index is not set"):
        graph.to_module()
    x.attr.ir_attr.index = 0
    load.x = x
    load.attr.ir_attr.offset = 0
    graph.to_module()  # a load without further consumers is a valid graph
    assert load.graph is graph and load.y.dtype is ascir.dtypes.float32  # inferred from x


def test_view_inference_like_ascir_api() -> None:
    graph, z0 = _graph_1d()
    x = ascir.ops.Data("x", graph)
    x.attr.ir_attr.index = 0
    x.y.dtype = ascir.dtypes.float16
    x.y.axis = [z0]
    load = ascir.ops.Load("load")
    load.x = x
    relu = ascir.ops.Relu("relu")
    relu.x = load
    store = ascir.ops.Store("store")
    store.x = relu.y
    y = ascir.ops.Output("y", graph)
    y.attr.ir_attr.index = 0
    y.x = store
    text = graph.to_mlir()
    assert text.count("!ascir.tensor<float16, [z0], [s0], [1]>") == 5
    (out,) = reference(graph, np.array([-1, 2, -3], np.float16), sizes={"s0": 3})
    np.testing.assert_array_equal(out, [0, 2, 0])


def test_set_platform() -> None:
    ascir.utils.set_platform("3510", 1, 245760)
    assert ascir.utils.get_platform().ub_size == 245760
    with pytest.raises(ValueError, match="multiple of 32"):
        ascir.utils.set_platform("3510", 1, 1000)
    with pytest.raises(ValueError, match="vector_core_num"):
        ascir.utils.set_platform("3510", 0, 245760)
    ascir.utils.reset_platform()
    assert ascir.utils.get_platform().core_num is None  # the whole chip


def test_size_and_axis_names() -> None:
    graph = ascir.HintGraph("g")
    graph.create_size("s0")
    with pytest.raises(ValueError, match="already exists"):
        graph.create_size("s0")
    with pytest.raises(ValueError, match="size variable"):
        graph.create_size("mod")
    graph.create_axis("z0", 3)
    with pytest.raises(ValueError, match="already exists"):
        graph.create_axis("z0", 3)
