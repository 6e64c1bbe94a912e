"""Vector functions end to end (seed 000 FR7, FR10, AL-5, AL-7, AL-9).

Every kernel here is compiled, run on the simulator and compared with the reference;
``run_case`` also runs the root-graph path and requires identical results. The
mixed-dtype cases check that the narrow tensors really take the UNPACK/PACK register
layout, and the debug ``per-op`` mask mode reproduces the pre-AL-7 corruption at exactly
the elements the byte-granular mask model predicts.
"""

from __future__ import annotations

import numpy as np
import pytest

from ascir_dialect.interpreter import reference
from tools.compile import compile_graph

from ..conftest import parse_ir, tensor
from .test_e2e import graph, random_input, run_case


def _one_axis(body: str, sizes: tuple[str, ...] = ("s0",)) -> str:
    return graph(list(sizes), [("z0", "s0")], body)


def test_vf_is_the_default_and_fewer_ub_buffers() -> None:
    f = tensor("float32", ["z0"], ["s0"])
    ir = _one_axis(
        f"""
%x = ascir.data {{index = 0 : i64}} : {f}
%l = ascir.load %x : {f}
%e = ascir.exp %l : {f}
%a = ascir.abs %e : {f}
%r = ascir.relu %a : {f}
%st = ascir.store %r : {f}
%y = ascir.output %st {{index = 0 : i64}} : {f}"""
    )
    x = random_input("float32", (3000,))
    run_case(ir, [x], {"s0": 3000}, "vf_chain")
    vf = compile_graph(parse_ir(ir), name="vf_chain")
    root = compile_graph(parse_ir(ir), name="vf_chain", vf=False)
    vf(x, sizes={"s0": 3000}, core_num=1)
    root(x, sizes={"s0": 3000}, core_num=1)
    assert vf.stats["vf_calls"] == 1 and root.stats["vf_calls"] == 0
    # intermediates live in registers: only the load and the output use UB
    assert vf.stats["ub_write_bytes"] == 3000 * 4
    # the root path writes each op's result to UB (relu also its NaN mask and fix-up)
    assert root.stats["ub_write_bytes"] >= 3 * 3000 * 4
    assert vf.sources.device_impl_cpp.count("AscendC::TBuf<") == 2


MIXED = {
    # int64 compare selecting float32 values: loop dtype int64, float32 in 8-byte slots
    "int64_float32": (
        ("int64", "float32"),
        "float32",
        """
%c = ascir.gt %a, %b : {t0b}
%w = ascir.where %c, %x, %y : {t1}
%st = ascir.store %w : {t1}
%o = ascir.output %st {{index = 0 : i64}} : {t1}""",
        ("DIST_UNPACK_B32", "DIST_PACK_B64", "UpdateMask<int64_t>"),
    ),
    # float16 widened to float32 and back: loop dtype float32, half in 4-byte slots
    "float16_float32": (
        ("float16", "float32"),
        "float16",
        """
%af = ascir.cast %a : {t1}
%m = ascir.mul %af, %x : {t1}
%e = ascir.maximum %m, %y : {t1}
%h = ascir.cast %e : {t0}
%st = ascir.store %h : {t0}
%o = ascir.output %st {{index = 0 : i64}} : {t0}""",
        ("DIST_UNPACK_B16", "DIST_PACK_B32", "UpdateMask<float>", "RegLayout::ZERO"),
    ),
    # int8 compare selecting int32 values and an int8 -> int32 cast: int8 in 4-byte slots
    "int32_int8": (
        ("int8", "int32"),
        "int32",
        """
%c = ascir.lt %a, %b : {t0b}
%ai = ascir.cast %a : {t1}
%s = ascir.add %ai, %x : {t1}
%w = ascir.where %c, %s, %y : {t1}
%st = ascir.store %w : {t1}
%o = ascir.output %st {{index = 0 : i64}} : {t1}""",
        ("DIST_UNPACK4_B8", "UpdateMask<int32_t>"),
    ),
}


def _mixed_ir(case: str) -> tuple[str, tuple[str, str]]:
    (d0, d1), _out, body, _ = MIXED[case]
    t0, t1, t0b = (tensor(d, ["z0"], ["s0"]) for d in (d0, d1, "bool"))
    head = f"""
%xa = ascir.data {{index = 0 : i64}} : {t0}
%xb = ascir.data {{index = 1 : i64}} : {t0}
%xx = ascir.data {{index = 2 : i64}} : {t1}
%xy = ascir.data {{index = 3 : i64}} : {t1}
%a = ascir.load %xa : {t0}
%b = ascir.load %xb : {t0}
%x = ascir.load %xx : {t1}
%y = ascir.load %xy : {t1}"""
    return _one_axis(head + body.format(t0=t0, t1=t1, t0b=t0b)), (d0, d1)


@pytest.mark.parametrize("case", sorted(MIXED))
@pytest.mark.parametrize("n", [1, 77, 1000])
def test_mixed_dtype_region_is_correct(case: str, n: int) -> None:
    ir, (d0, d1) = _mixed_ir(case)
    inputs = [random_input(d0, (n,)), random_input(d0, (n,)), random_input(d1, (n,)), random_input(d1, (n,))]
    run_case(ir, inputs, {"s0": n}, f"mixed_{case}")
    code = compile_graph(parse_ir(ir), name=f"mixed_{case}").sources.device_impl_cpp
    for marker in MIXED[case][3]:
        assert marker in code, marker


def _prefix_mask_corruption(n: int, tile: int, loop_bytes: int, narrow_bytes: int) -> np.ndarray:
    """Elements a narrow op's own-dtype mask drops in a loop over a wider dtype.

    The loop advances E = 256 / loop_bytes elements per iteration; element k of an
    iteration sits in the slot at byte k * loop_bytes. ``UpdateMask<narrow>(rem)`` sets
    bytes [0, min(rem, 256 / narrow_bytes) * narrow_bytes), so element k is dropped when
    k * loop_bytes lies beyond that prefix.
    """
    per_iter = 256 // loop_bytes
    wrong = np.zeros(n, dtype=bool)
    for tile_start in range(0, n, tile):
        count = min(tile, n - tile_start)
        for it in range(0, count, per_iter):
            rem = count - it
            covered = min(rem, 256 // narrow_bytes) * narrow_bytes
            for k in range(min(per_iter, rem)):
                wrong[tile_start + it + k] = k * loop_bytes >= covered
    return wrong


def test_pre_fix_mask_mode_reproduces_the_corruption() -> None:
    """AL-7: with masks built per op dtype (the defect), the float16 ops of a float32 loop
    drop exactly the elements the byte-granular mask model predicts; with the fix, none."""
    t16, t32 = tensor("float16", ["z0"], ["s0"]), tensor("float32", ["z0"], ["s0"])
    ir = _one_axis(
        f"""
%x = ascir.data {{index = 0 : i64}} : {t16}
%l = ascir.load %x : {t16}
%f = ascir.cast %l : {t32}
%e = ascir.add %f, %f : {t32}
%h = ascir.cast %e : {t16}
%st = ascir.store %h : {t16}
%o = ascir.output %st {{index = 0 : i64}} : {t16}"""
    )
    n = 1000
    x = (np.arange(n) % 50 + 1).astype(np.float16)
    expected = reference(parse_ir(ir), x, sizes={"s0": n})[0]
    fixed = compile_graph(parse_ir(ir), name="mask_fix")(x, sizes={"s0": n}, core_num=1)[0]
    np.testing.assert_array_equal(fixed, expected)
    broken_kernel = compile_graph(parse_ir(ir), name="mask_prefix", mask_mode="per-op")
    assert "UpdateMask<half>" in broken_kernel.sources.device_impl_cpp
    broken = broken_kernel(x, sizes={"s0": n}, core_num=1)[0]
    tile = n  # one tile: n elements fit the UB
    wrong = broken != expected
    predicted = _prefix_mask_corruption(n, tile, loop_bytes=4, narrow_bytes=2)
    assert predicted.any()
    np.testing.assert_array_equal(wrong, predicted)


def test_scalar_value_parameters_and_swap() -> None:
    """FR7/AL-9: IndexExpr and Scalar become value parameters; a scalar first input of Add
    moves second (Adds); a compare takes the scalar as its second input (Compares)."""
    i32 = tensor("int32", ["z0"], ["s0"])
    b = tensor("bool", ["z0"], ["s0"])
    ir = _one_axis(
        f"""
%x = ascir.data {{index = 0 : i64}} : {i32}
%ie = ascir.index_expr {{expr = #ascir.expr<s0 * 3>}} : !ascir.scalar<int32>
%c = ascir.scalar {{value = "7"}} : !ascir.scalar<int32>
%l = ascir.load %x : {i32}
%s = ascir.add %ie, %l : {i32}
%m = ascir.minimum %s, %c : {i32}
%lt = ascir.lt %m, %ie : {b}
%st0 = ascir.store %m : {i32}
%o0 = ascir.output %st0 {{index = 0 : i64}} : {i32}
%st1 = ascir.store %lt : {b}
%o1 = ascir.output %st1 {{index = 1 : i64}} : {b}"""
    )
    run_case(ir, [random_input("int32", (300,))], {"s0": 300}, "vf_scalars")
    code = compile_graph(parse_ir(ir), name="vf_scalars").sources.device_impl_cpp
    assert (
        "__simd_vf__ inline void autofuse_vf_scalars_vf_0(int32_t ie, __ubuf__ int32_t* l, int32_t c, "
        "__ubuf__ int32_t* m_out, __ubuf__ uint8_t* lt_out, int64_t count)" in code
    )
    assert "AscendC::Reg::Adds(r, l_in_r, ie, " in code
    assert "AscendC::Reg::Mins(r_1, r, c, " in code
    assert "AscendC::Reg::Compares<int32_t, AscendC::CMPMODE::LT>(m, r_1, ie, " in code
    assert "asc_vf_call<autofuse_vf_scalars_vf_0>(ie, " in code  # the IndexExpr value at the call site
    assert "DIST_PACK4_B32" in code  # the bool result leaves as bytes from 4-byte slots


@pytest.mark.parametrize("dtype", ["float32", "float16", "int32"])
def test_constants_in_every_position_join_the_vf(dtype: str) -> None:
    """A constant ascir.scalar joins the VF in any position (seed 000 AL-9: Autofuse
    broadcasts every Scalar node, the VF takes it back as a value): ``x * c`` is Muls,
    ``c - x`` and ``x / c`` (``x - c`` for int32) subtract/divide a register the constant
    was duplicated into once, before the loop, and Where selects it; one VF, no
    memory-level Muls/Duplicate. Run on the simulator against the reference."""
    t = tensor(dtype, ["z0"], ["s0"])
    b = tensor("bool", ["z0"], ["s0"])
    last = "%d = ascir.div %m, %c" if dtype != "int32" else "%d = ascir.sub %m, %c"
    ir = _one_axis(
        f"""
%x = ascir.data {{index = 0 : i64}} : {t}
%c = ascir.scalar {{value = "3"}} : !ascir.scalar<{dtype}>
%l = ascir.load %x : {t}
%m = ascir.mul %l, %c : {t}
%r = ascir.sub %c, %m : {t}
{last} : {t}
%lt = ascir.lt %l, %c : {b}
%w = ascir.where %lt, %c, %d : {t}
%s = ascir.add %w, %r : {t}
%st = ascir.store %s : {t}
%o = ascir.output %st {{index = 0 : i64}} : {t}"""
    )
    run_case(ir, [random_input(dtype, (300,))], {"s0": 300}, f"vf_consts_{dtype}")
    code = compile_graph(parse_ir(ir), name="vf_consts").sources.device_impl_cpp
    assert code.count("asc_vf_call<") == 1
    assert "AscendC::Reg::Muls(" in code
    assert code.count("AscendC::Reg::Duplicate(") == 1  # the constant, once, before the loop
    assert "AscendC::Muls(" not in code and "AscendC::Duplicate(" not in code


def test_row_values_broadcast_inside_the_vf() -> None:
    """A [s0, 1] row value broadcast along the vectorized axis reaches the VF as a UB
    pointer and is loaded into every lane once, before the loop (LoadAlign DIST_BRC_B32):
    no scalar read at the call site, so no V_S/S_V round trip per row (issue 36); the row's
    own compute (exp) joins the region and runs once, before the loop."""
    full = tensor("float32", ["z0", "z1"], ["s0", "s1"])
    col = "!ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>"
    ir = graph(
        ["s0", "s1"],
        [("z0", "s0"), ("z1", "s1")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {full}
%c = ascir.data {{index = 1 : i64}} : {col}
%l = ascir.load %x : {full}
%lc = ascir.load %c : {col}
%e = ascir.exp %lc : {col}
%b = ascir.broadcast %e : {full}
%r = ascir.sub %l, %b : {full}
%st = ascir.store %r : {full}
%y = ascir.output %st {{index = 0 : i64}} : {full}""",
    )
    run_case(
        ir, [random_input("float32", (5, 70)), random_input("float32", (5, 1))], {"s0": 5, "s1": 70}, "vf_row"
    )
    code = compile_graph(parse_ir(ir), name="vf_row").sources.device_impl_cpp
    assert "LoadAlign<float, AscendC::Reg::LoadDist::DIST_BRC_B32>(lc_in_b, lc + int64_t(0));" in code
    assert "lc_row" not in code and "HardEvent::V_S" not in code
    # the row's exp joins the region (a narrow member): computed once, before the loop
    assert code.count("asc_vf_call<") == 1
    assert code.index("AscendC::Reg::Exp(") < code.index("for (int64_t i = int64_t(0); i < iters;")


@pytest.mark.parametrize(
    ("base", "step", "dtype"),
    [("0", "1", "int32"), ("s0", "-2", "int64"), ("3", "0", "int32"), ("-5", "7", "int64")],
)
def test_vf_arange(base: str, step: str, dtype: str) -> None:
    """AL-5: Reg::Arange per block with the block offset; step 1 is one instruction, other
    steps Arange(0) + Muls + Adds."""
    t = tensor(dtype, ["z0", "z1"], ["s0", "s1"])
    ir = graph(
        ["s0", "s1"],
        [("z0", "s0"), ("z1", "s1")],
        f"""
%x = ascir.data {{index = 0 : i64}} : {t}
%l = ascir.load %x : {t}
%a = ascir.arange {{base = #ascir.expr<{base}>, step = #ascir.expr<{step}>}} : {t}
%r = ascir.add %l, %a : {t}
%st = ascir.store %r : {t}
%y = ascir.output %st {{index = 0 : i64}} : {t}""",
    )
    x = random_input(dtype, (6, 100))
    out = run_case(ir, [x], {"s0": 6, "s1": 100}, "vf_arange", ub_size=8 * 1024)[0]
    b = 6 if base == "s0" else int(base)
    np.testing.assert_array_equal(out, x + (b + int(step) * np.arange(600)).reshape(6, 100).astype(x.dtype))
    code = compile_graph(parse_ir(ir), name="vf_arange").sources.device_impl_cpp
    assert "arange_base_0, int64_t arange_step_0, int64_t arange_offset_0, int64_t arange_stride_0_0" in code
    assert ("AscendC::Reg::Muls(" in code) == (step != "1")
