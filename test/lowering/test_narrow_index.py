"""Positions compared with positions compute in int32 (``passes/narrow_index.py``, issue 36):
the masks equal the reference wherever the positions fit int32, and sizes at which a
narrowed Arange would leave int32 are refused -- by ``compile_graph``'s call and by host
tiling itself -- with one message naming the Arange, never a wrapped mask."""

from __future__ import annotations

import numpy as np
import pytest

from ascir_dialect.diagnostics import AscirError
from ascir_dialect.interpreter import reference
from runtime import SizeCheckError
from tools.compile import compile_graph

from ..conftest import parse_ir

INT32_MAX = 2**31 - 1


def _mask(cmp: str, qstep: str = "1") -> str:
    """``cmp(k, q)`` over [s, p + s]: a query position ``p + i * qstep`` per row, key positions
    ``0 .. p + s - 1`` -- the causal mask's shape -- and an unrelated float output."""
    full = "[s, p + s], [p + s, 1]"
    return f"""ascir.graph @mask hint sizes [s, p] axes [0: z0 = s, 1: z1 = p + s] {{
  %x = ascir.data {{index = 0 : i64}} : !ascir.tensor<float32, [z0, z1], {full}>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], {full}>
  %q = ascir.arange {{base = #ascir.expr<p>, step = #ascir.expr<{qstep}>}} : !ascir.tensor<int64, [z0], [s], [1]>
  %k = ascir.arange {{base = #ascir.expr<0>, step = #ascir.expr<1>}} : !ascir.tensor<int64, [z1], [p + s], [1]>
  %qb = ascir.broadcast %q : !ascir.tensor<int64, [z0, z1], {full}>
  %kb = ascir.broadcast %k : !ascir.tensor<int64, [z0, z1], {full}>
  %m = ascir.{cmp} %kb, %qb : !ascir.tensor<bool, [z0, z1], {full}>
  %z = ascir.scalar {{value = "0.0"}} : !ascir.scalar<float32>
  %zb = ascir.broadcast %z : !ascir.tensor<float32, [z0, z1], {full}>
  %y = ascir.where %m, %zb, %l : !ascir.tensor<float32, [z0, z1], {full}>
  %st = ascir.store %y : !ascir.tensor<float32, [z0, z1], {full}>
  %o = ascir.output %st {{index = 0 : i64}} : !ascir.tensor<float32, [z0, z1], {full}>
}}
"""


@pytest.mark.parametrize("cmp", ["gt", "ge", "lt", "le", "eq", "ne"])
@pytest.mark.parametrize(("s", "p", "qstep"), [(5, 1, "1"), (7, 33, "1"), (3, 100, "-3"), (4, 61, "2")])
def test_narrowed_masks_equal_the_reference(cmp: str, s: int, p: int, qstep: str) -> None:
    module = parse_ir(_mask(cmp, qstep))
    k = compile_graph(module, name="mask")
    device = k.sources.device_impl_cpp
    assert "RegTensor<int64_t>" not in device and "RegTensor<int32_t>" in device  # int32 lanes
    x = np.random.default_rng(s + p).standard_normal((s, p + s)).astype(np.float32)
    sizes = {"s": s, "p": p}
    (got,) = k(x, sizes=sizes)
    (want,) = reference(module, x, sizes=sizes)
    np.testing.assert_array_equal(got, want)
    qpos = p + np.arange(s) * int(qstep)
    keep = ~getattr(np, {"gt": "greater", "ge": "greater_equal", "lt": "less", "le": "less_equal",
                         "eq": "equal", "ne": "not_equal"}[cmp])(np.arange(p + s)[None, :], qpos[:, None])
    np.testing.assert_array_equal(got, np.where(keep, x, 0))


OFFSET_MASK = """ascir.graph @offset hint sizes [s0, s1, p] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %q = ascir.arange {base = #ascir.expr<p>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0], [s0], [1]>
  %k = ascir.arange {base = #ascir.expr<p>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z1], [s1], [1]>
  %qb = ascir.broadcast %q : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %kb = ascir.broadcast %k : !ascir.tensor<int64, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.gt %kb, %qb : !ascir.tensor<bool, [z0, z1], [s0, s1], [s1, 1]>
  %z = ascir.scalar {value = "0.0"} : !ascir.scalar<float32>
  %zb = ascir.broadcast %z : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.where %m, %zb, %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %y : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}
"""


def test_positions_past_int32_are_refused_with_one_message() -> None:
    """Positions ``p .. p + 3``: at p = INT32_MAX - 3 the last one fits int32 and the mask is
    right; one further the kernel's call and host tiling refuse with one message (the
    reference computes the user's int64 positions and answers)."""
    module = parse_ir(OFFSET_MASK)
    k = compile_graph(module, name="offset")
    x = np.arange(16, dtype=np.float32).reshape(4, 4)
    sizes = {"s0": 4, "s1": 4, "p": INT32_MAX - 3}
    (got,) = k(x, sizes=sizes)
    np.testing.assert_array_equal(got, np.where(np.tri(4, dtype=bool), x, 0))
    sizes["p"] += 1
    # the user's graph computes int64 positions: the reference answers
    (want,) = reference(module, x, sizes=sizes)
    np.testing.assert_array_equal(want, np.where(np.tri(4, dtype=bool), x, 0))
    # the kernel's are int32: its call and host tiling refuse, naming the Arange
    message = (
        "the values of Arange %q, computed in int32 (narrow-index-compares), (base + step * sum((repeat - 1) "
        "* stride)) leave [-2147483648, 2147483647] with p=2147483645, s0=4"
    )
    with pytest.raises(AscirError) as call_err:
        k(x, sizes=sizes)
    assert message in str(call_err.value)
    with pytest.raises(SizeCheckError) as tiling_err:
        k.kernel.run([x, np.zeros_like(x)], [4, 4, sizes["p"]])
    assert message in str(tiling_err.value)


@pytest.mark.parametrize("length", [0, 5, 77, INT32_MAX])
def test_positions_compared_with_a_length(length: int) -> None:
    """``k < n`` for a constant length ``n`` within int32 (a padding mask): int32 lanes, the
    same mask as the reference."""
    full = "[s0, s1], [s1, 1]"
    ir = f"""ascir.graph @length hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {{
  %x = ascir.data {{index = 0 : i64}} : !ascir.tensor<float32, [z0, z1], {full}>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], {full}>
  %k = ascir.arange {{base = #ascir.expr<0>, step = #ascir.expr<1>}} : !ascir.tensor<int64, [z1], [s1], [1]>
  %kb = ascir.broadcast %k : !ascir.tensor<int64, [z0, z1], {full}>
  %n = ascir.scalar {{value = "{length}"}} : !ascir.scalar<int64>
  %m = ascir.lt %kb, %n : !ascir.tensor<bool, [z0, z1], {full}>
  %z = ascir.scalar {{value = "0.0"}} : !ascir.scalar<float32>
  %zb = ascir.broadcast %z : !ascir.tensor<float32, [z0, z1], {full}>
  %y = ascir.where %m, %l, %zb : !ascir.tensor<float32, [z0, z1], {full}>
  %st = ascir.store %y : !ascir.tensor<float32, [z0, z1], {full}>
  %o = ascir.output %st {{index = 0 : i64}} : !ascir.tensor<float32, [z0, z1], {full}>
}}
"""
    module = parse_ir(ir)
    k = compile_graph(module, name="length")
    assert "RegTensor<int64_t>" not in k.sources.device_impl_cpp
    x = np.random.default_rng(length % 1000).standard_normal((3, 90)).astype(np.float32)
    (got,) = k(x, sizes={"s0": 3, "s1": 90})
    np.testing.assert_array_equal(got, np.where(np.arange(90)[None, :] < length, x, 0))
