"""Transpose, Concat, Split and Pad fused with elementwise producers and consumers.

Each graph is compiled on the VF and the root-graph path, run on the simulator and compared
with the reference interpreter (``run_case``: both paths, identical results) and with torch
(``torch.permute``/``cat``/``split``/``nn.functional.pad``). Sizes are random, odd ones
included, so pieces and pads start off the 32-byte grid.
"""

from __future__ import annotations

import numpy as np
import pytest

from ascir_dialect.compare import assert_close
from ascir_dialect.interpreter import reference
from passes.diagnostics import PassError
from tools.compile import compile_graph

from ..conftest import parse_ir, tensor
from .test_e2e import graph, run_case

RNG = np.random.default_rng(19)


def _torch():
    return pytest.importorskip("torch")


def _sizes(*names: str, lo: int = 2, hi: int = 40) -> dict[str, int]:
    return {n: int(RNG.integers(lo, hi)) for n in names}


ROTATE_HALF = graph(
    ["s0", "s1"],
    [("z0", "s0"), ("zd", "2 * s1"), ("zh", "s1")],
    f"""
  %x = ascir.data {{index = 0 : i64}} : {tensor("float32", ["z0", "zd"], ["s0", "2 * s1"])}
  %c = ascir.data {{index = 1 : i64}} : {tensor("float32", ["z0", "zd"], ["s0", "2 * s1"])}
  %s = ascir.data {{index = 2 : i64}} : {tensor("float32", ["z0", "zd"], ["s0", "2 * s1"])}
  %l = ascir.load %x : {tensor("float32", ["z0", "zd"], ["s0", "2 * s1"])}
  %lc = ascir.load %c : {tensor("float32", ["z0", "zd"], ["s0", "2 * s1"])}
  %ls = ascir.load %s : {tensor("float32", ["z0", "zd"], ["s0", "2 * s1"])}
  %x1 = ascir.split %l {{axis = 1 : i64, sizes = [#ascir.expr<s1>, #ascir.expr<s1>], index = 0 : i64}} : {tensor("float32", ["z0", "zh"], ["s0", "s1"])}
  %x2 = ascir.split %l {{axis = 1 : i64, sizes = [#ascir.expr<s1>, #ascir.expr<s1>], index = 1 : i64}} : {tensor("float32", ["z0", "zh"], ["s0", "s1"])}
  %n2 = ascir.neg %x2 : {tensor("float32", ["z0", "zh"], ["s0", "s1"])}
  %r = ascir.concat %n2, %x1 {{axis = 1 : i64}} : {tensor("float32", ["z0", "zd"], ["s0", "2 * s1"])}
  %xc = ascir.mul %l, %lc : {tensor("float32", ["z0", "zd"], ["s0", "2 * s1"])}
  %rs = ascir.mul %r, %ls : {tensor("float32", ["z0", "zd"], ["s0", "2 * s1"])}
  %o = ascir.add %xc, %rs : {tensor("float32", ["z0", "zd"], ["s0", "2 * s1"])}
  %st = ascir.store %o : {tensor("float32", ["z0", "zd"], ["s0", "2 * s1"])}
  %y = ascir.output %st {{index = 0 : i64}} : {tensor("float32", ["z0", "zd"], ["s0", "2 * s1"])}""",
    "rope",
)


def _rope_torch(x, c, s):
    torch = _torch()
    x, c, s = (torch.from_numpy(a) for a in (x, c, s))
    h = x.shape[-1] // 2
    rot = torch.cat([-x[..., h:], x[..., :h]], dim=-1)
    return (x * c + rot * s).numpy()


@pytest.mark.parametrize("ub_size", [248 * 1024, 32768])
def test_rotate_half_rope(ub_size: int) -> None:
    """RoPE with rotate-half: Split gives the halves, Concat(-x2, x1); several tiles per row
    (small UB) make a tile straddle the boundary between the pieces."""
    sizes = _sizes("s0", "s1") if ub_size > 32768 else {"s0": 3, "s1": 733}
    shape = (sizes["s0"], 2 * sizes["s1"])
    inputs = [RNG.standard_normal(shape).astype(np.float32) for _ in range(3)]
    (out,) = run_case(ROTATE_HALF, inputs, sizes, f"rope_{ub_size}", ub_size=ub_size)
    if ub_size > 32768:
        assert_close(out, _rope_torch(*inputs), name="rope vs torch")


def test_qkv_split_and_scale() -> None:
    """QKV split along the last axis, each piece scaled and stored to its own output."""
    sizes = _sizes("s0", "s1")
    body = [
        f"  %x = ascir.data {{index = 0 : i64}} : {tensor('float16', ['z0', 'z3'], ['s0', '3 * s1'])}",
        f"  %l = ascir.load %x : {tensor('float16', ['z0', 'z3'], ['s0', '3 * s1'])}",
        '  %sc = ascir.scalar {value = "0.125"} : !ascir.scalar<float16>',
    ]
    for j in range(3):
        t = tensor("float16", ["z0", "z1"], ["s0", "s1"])
        body += [
            f"  %p{j} = ascir.split %l {{axis = 1 : i64, sizes = [#ascir.expr<s1>, #ascir.expr<s1>, "
            f"#ascir.expr<s1>], index = {j} : i64}} : {t}",
            f"  %m{j} = ascir.mul %p{j}, %sc : {t}",
            f"  %st{j} = ascir.store %m{j} : {t}",
            f"  %y{j} = ascir.output %st{j} {{index = {j} : i64}} : {t}",
        ]
    ir = graph(["s0", "s1"], [("z0", "s0"), ("z1", "s1"), ("z3", "3 * s1")], "\n".join(body), "qkv")
    x = RNG.standard_normal((sizes["s0"], 3 * sizes["s1"])).astype(np.float16)
    outs = run_case(ir, [x], sizes, "qkv")
    torch = _torch()
    for out, piece in zip(outs, torch.split(torch.from_numpy(x), sizes["s1"], dim=1), strict=True):
        assert_close(out, (piece * 0.125).numpy(), name="qkv vs torch")


def _transpose_ir(perm: list[int]) -> str:
    """exp(x).permute(perm) + b over [s0, s1, s2]: x is stored in the permuted order."""
    names, sizes = ["z0", "z1", "z2"], ["s0", "s1", "s2"]
    inv = [perm.index(i) for i in range(3)]
    xa, xs = [names[i] for i in inv], [sizes[i] for i in inv]
    tx, tb = tensor("float32", xa, xs), tensor("float32", names, sizes)
    body = f"""
  %x = ascir.data {{index = 0 : i64}} : {tx}
  %b = ascir.data {{index = 1 : i64}} : {tb}
  %lx = ascir.load %x : {tx}
  %e = ascir.exp %lx : {tx}
  %t = ascir.transpose %e {{perm = [{", ".join(map(str, perm))}]}} : {tb}
  %lb = ascir.load %b : {tb}
  %a = ascir.add %t, %lb : {tb}
  %st = ascir.store %a : {tb}
  %y = ascir.output %st {{index = 0 : i64}} : {tb}"""
    return graph(sizes, list(zip(names, sizes, strict=True)), body, "tr")


@pytest.mark.parametrize("perm", [[0, 2, 1], [1, 0, 2], [2, 0, 1]])
def test_transpose_then_add(perm: list[int]) -> None:
    """Transpose of the last two axes (head layouts), of the outer two, and a general
    permutation: the load reads GM with the permuted strides."""
    sizes = _sizes("s0", "s1", "s2", hi=20)
    out_shape = (sizes["s0"], sizes["s1"], sizes["s2"])
    x_shape = tuple(out_shape[perm.index(i)] for i in range(3))
    x = RNG.standard_normal(x_shape).astype(np.float32)
    b = RNG.standard_normal(out_shape).astype(np.float32)
    (out,) = run_case(_transpose_ir(perm), [x, b], sizes, f"tr_{''.join(map(str, perm))}")
    torch = _torch()
    expect = torch.exp(torch.from_numpy(x)).permute(*perm) + torch.from_numpy(b)
    assert_close(out, expect.numpy(), name="transpose vs torch")


@pytest.mark.parametrize("dtype,value", [("float32", "-1.5"), ("int32", "7"), ("float16", "inf")])
def test_pad_then_relu(dtype: str, value: str) -> None:
    """Constant pad on both axes (low and high, off the 32-byte grid), then Relu."""
    sizes = _sizes("s0", "s1")
    src = tensor(dtype, ["z0", "z1"], ["s0", "s1"])
    dst = tensor(dtype, ["p0", "p1"], ["s0 + 3", "s1 + 5"])
    body = f"""
  %x = ascir.data {{index = 0 : i64}} : {src}
  %l = ascir.load %x : {src}
  %p = ascir.pad %l {{low = [#ascir.expr<1>, #ascir.expr<3>], high = [#ascir.expr<2>, #ascir.expr<2>], value = "{value}"}} : {dst}
  %r = ascir.relu %p : {dst}
  %st = ascir.store %r : {dst}
  %y = ascir.output %st {{index = 0 : i64}} : {dst}"""
    ir = graph(
        ["s0", "s1"], [("z0", "s0"), ("z1", "s1"), ("p0", "s0 + 3"), ("p1", "s1 + 5")], body, "padrelu"
    )
    x = (RNG.standard_normal((sizes["s0"], sizes["s1"])) * 10).astype(dtype)
    (out,) = run_case(ir, [x], sizes, f"pad_{dtype}")
    torch = _torch()
    v = int(value) if dtype == "int32" else float(value)
    expect = torch.relu(torch.nn.functional.pad(torch.from_numpy(x), (3, 2, 1, 2), value=v))
    assert_close(out, expect.numpy(), name="pad vs torch")


def test_concat_outer_axis_unequal_pieces_and_split() -> None:
    """Concat along the outer axis of pieces of different sizes, computed (a * 2, b + 1),
    and a Split of the result's input along the outer axis stored separately."""
    sizes = _sizes("s0", "s1", "s2")
    ta = tensor("float32", ["za", "z2"], ["s0", "s2"])
    tb = tensor("float32", ["zb", "z2"], ["s1", "s2"])
    tc = tensor("float32", ["zc", "z2"], ["s0 + s1", "s2"])
    body = f"""
  %a = ascir.data {{index = 0 : i64}} : {ta}
  %b = ascir.data {{index = 1 : i64}} : {tb}
  %la = ascir.load %a : {ta}
  %lb = ascir.load %b : {tb}
  %two = ascir.scalar {{value = "2.0"}} : !ascir.scalar<float32>
  %one = ascir.scalar {{value = "1.0"}} : !ascir.scalar<float32>
  %ma = ascir.mul %la, %two : {ta}
  %pb = ascir.add %lb, %one : {tb}
  %c = ascir.concat %ma, %pb {{axis = 0 : i64}} : {tc}
  %e = ascir.exp %c : {tc}
  %st = ascir.store %e : {tc}
  %y = ascir.output %st {{index = 0 : i64}} : {tc}"""
    axes = [("za", "s0"), ("zb", "s1"), ("zc", "s0 + s1"), ("z2", "s2")]
    ir = graph(["s0", "s1", "s2"], axes, body, "catouter")
    a = RNG.standard_normal((sizes["s0"], sizes["s2"])).astype(np.float32)
    b = RNG.standard_normal((sizes["s1"], sizes["s2"])).astype(np.float32)
    (out,) = run_case(ir, [a, b], sizes, "catouter")
    torch = _torch()
    expect = torch.exp(torch.cat([torch.from_numpy(a) * 2, torch.from_numpy(b) + 1], 0))
    assert_close(out, expect.numpy(), name="concat vs torch")


def test_reference_matches_torch_on_every_op() -> None:
    """The reference interpreter of each op against torch, symbolic sizes evaluated."""
    torch = _torch()
    sizes = {"s0": 4, "s1": 6}
    x = RNG.standard_normal((4, 6)).astype(np.float32)
    t = tensor("float32", ["z0", "z1"], ["s0", "s1"])
    for op, result, expect in [
        (
            "ascir.transpose %l {perm = [1, 0]}",
            tensor("float32", ["z1", "z0"], ["s1", "s0"]),
            torch.from_numpy(x).t(),
        ),
        (
            "ascir.split %l {axis = -1 : i64, sizes = [#ascir.expr<2>, #ascir.expr<s1 - 2>], index = 1 : i64}",
            tensor("float32", ["z0", "z1"], ["s0", "s1 - 2"]),
            torch.split(torch.from_numpy(x), [2, 4], -1)[1],
        ),
        (
            "ascir.concat %l, %l {axis = 0 : i64}",
            tensor("float32", ["z0", "z1"], ["2 * s0", "s1"]),
            torch.cat([torch.from_numpy(x)] * 2, 0),
        ),
        (
            'ascir.pad %l {low = [#ascir.expr<0>, #ascir.expr<2>], high = [#ascir.expr<1>, #ascir.expr<0>], value = "nan"}',
            tensor("float32", ["z0", "z1"], ["s0 + 1", "s1 + 2"]),
            torch.nn.functional.pad(torch.from_numpy(x), (2, 0, 0, 1), value=float("nan")),
        ),
    ]:
        body = f"""
  %x = ascir.data {{index = 0 : i64}} : {t}
  %l = ascir.load %x : {t}
  %m = {op} : {result}
  %st = ascir.store %m : {result}
  %y = ascir.output %st {{index = 0 : i64}} : {result}"""
        module = parse_ir(graph(["s0", "s1"], [("z0", "s0"), ("z1", "s1")], body))
        (got,) = reference(module, x, sizes=sizes)
        assert_close(got, expect.numpy(), name=op)


@pytest.mark.parametrize(
    "body,message",
    [
        (
            """
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %p = ascir.pad %e {low = [#ascir.expr<0>, #ascir.expr<1>], high = [#ascir.expr<0>, #ascir.expr<0>]} : !ascir.tensor<float32, [z0, z1], [s0, s1 + 1], [s1 + 1, 1]>
  %st = ascir.store %p : !ascir.tensor<float32, [z0, z1], [s0, s1 + 1], [s1 + 1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1 + 1], [s1 + 1, 1]>""",
            "padding commutes with no computation",
        ),
        (
            """
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %t = ascir.transpose %r {perm = [1, 0]} : !ascir.tensor<float32, [z1, z0], [1, s0], [0, 1]>
  %st = ascir.store %t : !ascir.tensor<float32, [z1, z0], [1, s0], [0, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z1, z0], [1, s0], [s0, 1]>""",
            "cannot move the value of ascir.reduce_sum",
        ),
    ],
)
def test_refused_movements_name_the_node(body: str, message: str) -> None:
    module = parse_ir(graph(["s0", "s1"], [("z0", "s0"), ("z1", "s1")], body))
    with pytest.raises(PassError, match=message):
        compile_graph(module, name="refused")


def test_seed_api_builds_transpose_and_split() -> None:
    """The seed Python API: ``ascir.ops.Transpose`` / ``Split`` with list attributes (ints,
    size expressions); an unpadded Load leaves the optional pad attributes unset."""
    from pyautofuse import ascir, reference

    f = ascir.dtypes.float32
    g = ascir.HintGraph("g")
    s0, s1 = g.create_size("s0"), g.create_size("s1")
    z0, z1 = g.create_axis("z0", s0), g.create_axis("z1", s1)

    def view(node, axes, sizes) -> None:
        node.y.dtype, node.y.axis, node.y.size = f, axes, sizes

    x = ascir.ops.Data("x", g)
    x.attr.ir_attr.index = 0
    view(x, [z0, z1], [s0, s1])
    ld = ascir.ops.Load("l", g)
    ld.x = x
    view(ld, [z0, z1], [s0, s1])
    t = ascir.ops.Transpose("t", g)
    t.x = ld
    t.attr.ir_attr.perm = [1, 0]
    view(t, [z1, z0], [s1, s0])
    p = ascir.ops.Split("p", g)
    p.x = t
    p.attr.ir_attr.axis, p.attr.ir_attr.sizes, p.attr.ir_attr.index = 1, [1, s0 - 1], 1
    view(p, [z1, z0], [s1, s0 - 1])
    st = ascir.ops.Store("st", g)
    st.x = p
    view(st, [z1, z0], [s1, s0 - 1])
    o = ascir.ops.Output("o", g)
    o.x = st
    o.attr.ir_attr.index = 0
    view(o, [z1, z0], [s1, s0 - 1])
    a = RNG.standard_normal((3, 4)).astype(np.float32)
    (got,) = reference(g, a, sizes={"s0": 3, "s1": 4})
    np.testing.assert_array_equal(got, a.T[:, 1:])


@pytest.mark.parametrize("dtype,value", [("float32", "-1.5"), ("float16", "0"), ("int64", "7"), ("int64", "0")])
def test_pad_along_a_strided_innermost_axis(dtype: str, value: str) -> None:
    """Transpose of the last two axes, then Pad along the new innermost axis, which GM reads
    with a stride: the elements from the first 32-byte boundary of their run come by one
    Compact DataCopyPad, the ones before it by the scalar unit; a 64-bit pad value other
    than 0 is put back on the lanes DataCopyPad pads (it pads 64-bit types with 0 only)."""
    sizes = _sizes("s0", "s1")
    src = tensor(dtype, ["z1", "z0"], ["s1", "s0"])
    tt = tensor(dtype, ["z0", "z1"], ["s0", "s1"])
    dst = tensor(dtype, ["z0", "p1"], ["s0", "s1 + 5"])
    body = f"""
  %x = ascir.data {{index = 0 : i64}} : {src}
  %l = ascir.load %x : {src}
  %t = ascir.transpose %l {{perm = [1, 0]}} : {tt}
  %p = ascir.pad %t {{low = [#ascir.expr<0>, #ascir.expr<3>], high = [#ascir.expr<0>, #ascir.expr<2>], value = "{value}"}} : {dst}
  %r = ascir.add %p, %p : {dst}
  %st = ascir.store %r : {dst}
  %y = ascir.output %st {{index = 0 : i64}} : {dst}"""
    ir = graph(["s0", "s1"], [("z0", "s0"), ("z1", "s1"), ("p1", "s1 + 5")], body, "strided_pad")
    x = (RNG.standard_normal((sizes["s1"], sizes["s0"])) * 10).astype(dtype)
    (out,) = run_case(ir, [x], sizes, f"strided_pad_{dtype}")
    v = np.asarray(value, dtype=np.float64).astype(dtype)
    expect = np.pad(x.T, ((0, 0), (3, 2)), constant_values=v)
    assert_close(out, expect + expect, name="strided pad vs numpy")


def test_concat_of_transposed_pieces_along_the_innermost_axis() -> None:
    """A concat of two transposed views along the innermost axis (the torch front end's cat
    of transposed gradients): each piece a padded load with a strided innermost axis."""
    sizes = _sizes("s0", "s1", "s2")
    ta, tb = tensor("float32", ["za", "z0"], ["s1", "s0"]), tensor("float32", ["zb", "z0"], ["s2", "s0"])
    at, bt = tensor("float32", ["z0", "za"], ["s0", "s1"]), tensor("float32", ["z0", "zb"], ["s0", "s2"])
    tc = tensor("float32", ["z0", "zc"], ["s0", "s1 + s2"])
    body = f"""
  %a = ascir.data {{index = 0 : i64}} : {ta}
  %b = ascir.data {{index = 1 : i64}} : {tb}
  %la = ascir.load %a : {ta}
  %lb = ascir.load %b : {tb}
  %ta = ascir.transpose %la {{perm = [1, 0]}} : {at}
  %tb = ascir.transpose %lb {{perm = [1, 0]}} : {bt}
  %nb = ascir.neg %tb : {bt}
  %c = ascir.concat %ta, %nb {{axis = 1 : i64}} : {tc}
  %e = ascir.exp %c : {tc}
  %st = ascir.store %e : {tc}
  %y = ascir.output %st {{index = 0 : i64}} : {tc}"""
    axes = [("z0", "s0"), ("za", "s1"), ("zb", "s2"), ("zc", "s1 + s2")]
    ir = graph(["s0", "s1", "s2"], axes, body, "cat_t")
    a = RNG.standard_normal((sizes["s1"], sizes["s0"])).astype(np.float32)
    b = RNG.standard_normal((sizes["s2"], sizes["s0"])).astype(np.float32)
    (out,) = run_case(ir, [a, b], sizes, "cat_t")
    assert_close(out, np.exp(np.concatenate([a.T, -b.T], axis=1)), name="concat of transposes")


def test_concat_piece_with_a_broadcast_operand() -> None:
    """A Concat piece computed with a row broadcast along the concat axis (b + bias[row]):
    the broadcast operand is position-independent there and is not padded."""
    sizes = _sizes("s0", "s1", "s2")
    ta = tensor("float32", ["z0", "za"], ["s0", "s1"])
    tb = tensor("float32", ["z0", "zb"], ["s0", "s2"])
    tr = tensor("float32", ["z0", "zb"], ["s0", "1"], ["1", "0"])
    tc = tensor("float32", ["z0", "zc"], ["s0", "s1 + s2"])
    body = f"""
  %a = ascir.data {{index = 0 : i64}} : {ta}
  %b = ascir.data {{index = 1 : i64}} : {tb}
  %r = ascir.data {{index = 2 : i64}} : {tensor("float32", ["z0"], ["s0"])}
  %la = ascir.load %a : {ta}
  %lb = ascir.load %b : {tb}
  %lr = ascir.load %r : {tr}
  %br = ascir.broadcast %lr : {tb}
  %sb = ascir.add %lb, %br : {tb}
  %c = ascir.concat %la, %sb {{axis = 1 : i64}} : {tc}
  %st = ascir.store %c : {tc}
  %y = ascir.output %st {{index = 0 : i64}} : {tc}"""
    axes = [("z0", "s0"), ("za", "s1"), ("zb", "s2"), ("zc", "s1 + s2")]
    ir = graph(["s0", "s1", "s2"], axes, body, "catbias")
    a = RNG.standard_normal((sizes["s0"], sizes["s1"])).astype(np.float32)
    b = RNG.standard_normal((sizes["s0"], sizes["s2"])).astype(np.float32)
    r = RNG.standard_normal((sizes["s0"],)).astype(np.float32)
    (out,) = run_case(ir, [a, b, r], sizes, "catbias")
    assert_close(out, np.concatenate([a, b + r[:, None]], axis=1), name="concat with bias")


def test_seed_api_rotate_half_compiles_and_matches_torch() -> None:
    """rotate-half through the seed API: ``Split`` twice, ``Neg``, ``Concat`` with a list
    input (``c.xs = [a.y, b.y]``), dtypes inferred; compiled and run on the simulator."""
    from pyautofuse import ascir

    torch = _torch()
    f = ascir.dtypes.float32
    g = ascir.HintGraph("rot_api")
    s0, s1 = g.create_size("s0"), g.create_size("s1")
    z0, zd, zh = g.create_axis("z0", s0), g.create_axis("zd", s1 * 2), g.create_axis("zh", s1)
    x = ascir.ops.Data("x", g)
    x.attr.ir_attr.index = 0
    x.y.dtype, x.y.axis = f, [z0, zd]
    ld = ascir.ops.Load("l", g)
    ld.x = x
    ld.y.axis = [z0, zd]
    halves = []
    for j in range(2):
        p = ascir.ops.Split(f"h{j}", g)
        p.x = ld
        p.attr.ir_attr.axis, p.attr.ir_attr.sizes, p.attr.ir_attr.index = 1, [s1, s1], j
        p.y.axis = [z0, zh]
        halves.append(p)
    n = ascir.ops.Neg("n", g)
    n.x = halves[1]
    n.y.axis = [z0, zh]
    c = ascir.ops.Concat("c", g)
    c.xs = [n.y, halves[0].y]
    c.attr.ir_attr.axis = 1
    c.y.axis = [z0, zd]
    st = ascir.ops.Store("st", g)
    st.x = c
    st.y.axis = [z0, zd]
    o = ascir.ops.Output("o", g)
    o.x = st
    o.attr.ir_attr.index = 0
    o.y.axis = [z0, zd]
    sizes = _sizes("s0", "s1")
    a = RNG.standard_normal((sizes["s0"], 2 * sizes["s1"])).astype(np.float32)
    for vf in (True, False):
        (got,) = compile_graph(g, name=f"rot_api_{vf}", vf=vf, check=True)(a, sizes=sizes)
        t = torch.from_numpy(a)
        h = sizes["s1"]
        assert_close(
            got, torch.cat([-t[..., h:], t[..., :h]], -1).numpy(), name=f"seed API rotate-half vf={vf}"
        )


def _padded_table_gather() -> str:
    """``pad(table, (1, 1) on the row axis)[ids] + 1``: the gather reads a padded load."""
    tab = tensor("float32", ["zv", "ze"], ["v", "e"])
    padded = tensor("float32", ["zv", "zp"], ["v", "e + 2"])
    idx = tensor("int32", ["zt", "zp"], ["t", "e + 2"], ["1", "0"])
    out = tensor("float32", ["zt", "zp"], ["t", "e + 2"])
    pads = "low = [#ascir.expr<0>, #ascir.expr<1>], high = [#ascir.expr<0>, #ascir.expr<1>]"
    body = f"""
  %x = ascir.data {{index = 0 : i64}} : {tab}
  %i = ascir.data {{index = 1 : i64}} : {tensor("int32", ["zt"], ["t"])}
  %lx = ascir.load %x : {tab}
  %p = ascir.pad %lx {{{pads}}} : {padded}
  %li = ascir.load %i : {idx}
  %g = ascir.indirect_load %p, %li {{dim = 0 : i64}} : {out}
  %one = ascir.scalar {{value = "1"}} : !ascir.scalar<float32>
  %g1 = ascir.add %g, %one : {out}
  %st = ascir.store %g1 : {out}
  %o = ascir.output %st {{index = 0 : i64}} : {out}"""
    return graph(["v", "e", "t"], [("zv", "v"), ("ze", "e"), ("zp", "e + 2"), ("zt", "t")], body, "pad_gather")


@pytest.mark.parametrize("template", [None, "simt", "sklike"])
def test_a_gather_of_a_padded_table(template: str | None) -> None:
    """lower-movement runs before the template cases, so a gather may read a padded load:
    SIMT reads it per element (valid range, pad value elsewhere), SK-like's stages compile it
    as an ordinary graph; SIMD, whose Gather slices whole input rows, refuses it by name."""
    sizes = _sizes("v", "e", "t")
    x = RNG.standard_normal((sizes["v"], sizes["e"])).astype(np.float32)
    ids = RNG.integers(0, sizes["v"], sizes["t"]).astype(np.int32)
    want = np.pad(x, ((0, 0), (1, 1)))[ids] + 1
    module = parse_ir(_padded_table_gather())
    k = compile_graph(module, name="pad_gather", template=template)
    (got,) = k(x, ids, sizes=sizes, core_num=3)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(reference(module, x, ids, sizes=sizes)[0], want)
    with pytest.raises(PassError, match=r"SIMD: ascir\.load %lx_p is a padded load"):
        compile_graph(parse_ir(_padded_table_gather()), name="pad_gather", template="simd")


def test_concat_and_split_of_arange_pieces() -> None:
    """An Arange in a concat piece's chain (RoPE's frequency table) is re-made over the
    result's extent with its base shifted back by the piece's start; a Split piece of an
    Arange starts its base at the piece."""
    sizes = _sizes("s0", "s1")
    th, tc = tensor("int64", ["z0", "zh"], ["s0", "s1"]), tensor("int64", ["z0", "zd"], ["s0", "2 * s1"])
    axes = [("z0", "s0"), ("zh", "s1"), ("zd", "2 * s1")]
    x = RNG.integers(-50, 50, (sizes["s0"], sizes["s1"])).astype(np.int64)
    pos = np.arange(sizes["s1"])
    body = f"""
  %a = ascir.arange {{base = #ascir.expr<3>, step = #ascir.expr<2>}} : {tensor("int64", ["z0", "zh"], ["1", "s1"], ["0", "1"])}
  %b = ascir.broadcast %a : {th}
  %x = ascir.data {{index = 0 : i64}} : {th}
  %l = ascir.load %x : {th}
  %m = ascir.mul %b, %l : {th}
  %c = ascir.concat %l, %m {{axis = 1 : i64}} : {tc}
  %st = ascir.store %c : {tc}
  %y = ascir.output %st {{index = 0 : i64}} : {tc}"""
    (out,) = run_case(graph(["s0", "s1"], axes, body, "catar"), [x], sizes, "catar")
    np.testing.assert_array_equal(out, np.concatenate([x, (3 + 2 * pos) * x], axis=1))
    body = f"""
  %x = ascir.data {{index = 0 : i64}} : {th}
  %l = ascir.load %x : {th}
  %w = ascir.arange {{base = #ascir.expr<5>, step = #ascir.expr<1>}} : {tensor("int64", ["z0", "zd"], ["1", "2 * s1"], ["0", "1"])}
  %wb = ascir.broadcast %w : {tc}
  %h = ascir.split %wb {{axis = 1 : i64, sizes = [#ascir.expr<s1>, #ascir.expr<s1>], index = 1 : i64}} : {th}
  %r = ascir.add %h, %l : {th}
  %st = ascir.store %r : {th}
  %y = ascir.output %st {{index = 0 : i64}} : {th}"""
    (out,) = run_case(graph(["s0", "s1"], axes, body, "splitar"), [x], sizes, "splitar")
    np.testing.assert_array_equal(out, 5 + sizes["s1"] + pos + x)
