"""Integer narrowing Casts: the 950 saturates, torch wraps.

On arch 3510 an integer -> integer Cast whose destination cannot hold the value saturates
(``target.support.SATURATING_INT_CASTS``: the memory-level Cast calls ``Reg::Cast`` with
``SatMode::SAT`` and the CTRL register starts in global saturation mode), and the
simulator does the same (``ascsim/convert.h``). torch keeps the low bits. The lowering
brings each value into range first (``target.types.wrap_plan``: ``Adds``/``And`` on the
source's bits, then an exact Cast), and VF admission keeps these Casts out of a VF, so both
paths give torch's answer for values far outside the destination range.
"""

from __future__ import annotations

import numpy as np
import pytest

from ascendc_emitter.target.support import SATURATING_INT_CASTS, cast_saturates
from ascendc_emitter.target.types import cast_step_wrap, element_name, wrap_plan
from ascir_dialect.dtypes import DType
from tools.compile import compile_graph

from ..conftest import parse_ir, tensor
from .test_e2e import graph, run_case

RNG = np.random.default_rng(16)


def cast_graph(src: str, dst: str) -> str:
    s = tensor(src, ["z0"], ["s0"])
    d = tensor(dst, ["z0"], ["s0"])
    return graph(
        ["s0"],
        [("z0", "s0")],
        f"""%x = ascir.data {{index = 0 : i64}} : {s}
%l = ascir.load %x : {s}
%c = ascir.cast %l : {d}
%st = ascir.store %c : {d}
%y = ascir.output %st {{index = 0 : i64}} : {d}""",
    )


def wide_values(src: str, n: int) -> np.ndarray:
    """Values over the whole source range, with every destination boundary nearby."""
    info = np.iinfo(np.dtype(src))
    edges = [info.min, info.max, 0, -1, 1, 127, 128, 255, 256, -128, -129, 32767, 32768, 65535, 65536]
    edges += [-32768, -32769, 2**31 - 1, 2**31, -(2**31), -(2**31) - 1, 2**32 - 1, 2**32]
    fixed = np.array([e for e in edges if info.min <= e <= info.max], dtype=np.dtype(src))
    rand = RNG.integers(info.min, info.max, n - fixed.size, endpoint=True, dtype=np.dtype(src))
    return np.concatenate([fixed, rand])


PAIRS = [("int32", "int16"), ("int64", "int32")]
"""The integer -> integer pairs of ``dtypes.CAST_PAIRS`` whose 950 Cast saturates."""


@pytest.mark.parametrize(("src", "dst"), PAIRS, ids=lambda p: str(p))
def test_narrowing_integer_casts_wrap_like_torch(src: str, dst: str) -> None:
    x = wide_values(src, 700)
    ir = cast_graph(src, dst)
    (out,) = run_case(ir, [x], {"s0": x.size}, f"wrap_{src}_{dst}")  # VF and root path, vs the reference
    np.testing.assert_array_equal(out, x.astype(np.dtype(dst)))  # numpy keeps the low bits too
    torch = pytest.importorskip("torch")
    want = torch.from_numpy(x).to(getattr(torch, dst))
    np.testing.assert_array_equal(out.astype(np.int64), want.to(torch.int64).numpy())


def test_the_pairs_are_every_saturating_cast_ascir_has() -> None:
    from ascendc_emitter.target.types import cast_steps
    from ascir_dialect.dtypes import CAST_PAIRS

    found = {
        (s.value, d.value)
        for s, ds in CAST_PAIRS.items()
        for d in ds
        if d is not DType.bool and any(cast_step_wrap(s, a, b) for a, b, _ in cast_steps(s, d))
    }
    assert found == set(PAIRS)


def test_a_chain_of_narrowing_casts_wraps_at_each_step() -> None:
    a = tensor("int64", ["z0"], ["s0"])
    b = tensor("int32", ["z0"], ["s0"])
    c = tensor("int16", ["z0"], ["s0"])
    ir = graph(
        ["s0"],
        [("z0", "s0")],
        f"""%x = ascir.data {{index = 0 : i64}} : {a}
%l = ascir.load %x : {a}
%m = ascir.cast %l : {b}
%n = ascir.cast %m : {c}
%st = ascir.store %n : {c}
%y = ascir.output %st {{index = 0 : i64}} : {c}""",
    )
    x = wide_values("int64", 300)
    (out,) = run_case(ir, [x], {"s0": x.size}, "wrap_chain")
    np.testing.assert_array_equal(out, x.astype(np.int16))


def test_the_wrap_is_emitted_only_where_the_950_saturates() -> None:
    code = compile_graph(parse_ir(cast_graph("int32", "int16")), vf=True).sources.device_impl_cpp
    assert "AscendC::And(" in code and "ReinterpretCast" not in code  # int32 is its own signed view
    assert "Reg::Cast" not in code  # VF admission kept it out of the VF
    code = compile_graph(parse_ir(cast_graph("int16", "int32")), vf=False).sources.device_impl_cpp
    assert "AscendC::And(" not in code  # a widening cannot saturate


def test_wrap_plans_cover_the_saturating_pairs() -> None:
    by_name = {element_name(d): d for d in DType if d is not DType.bool}
    for s, d in SATURATING_INT_CASTS:
        plan = wrap_plan(by_name[s], by_name[d])
        assert plan is not None and plan.view.is_signed and plan.view.nbytes == by_name[s].nbytes
        assert not cast_saturates(element_name(plan.cast_from), element_name(plan.cast_to)) or plan.bits
    assert wrap_plan(DType.int16, DType.int32) is None and wrap_plan(DType.float32, DType.int16) is None
    assert cast_step_wrap(DType.bool, DType.uint32, DType.int16) is None  # 0/1 always fits
    assert cast_step_wrap(DType.uint16, DType.uint32, DType.int16) is not None
