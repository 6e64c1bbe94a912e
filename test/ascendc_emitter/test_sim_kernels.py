"""Hand-built ascendc-dialect kernels, printed, compiled for the simulator and checked
against numpy; negative cases prove the simulator reports what the device would break on."""

from __future__ import annotations

import ml_dtypes  # noqa: F401 - registers bfloat16 with numpy
import numpy as np
import pytest
from xdsl.dialects.builtin import Float16Type, Float32Type, IntegerType
from xdsl.utils.exceptions import VerifyException

from ascendc_emitter.builder import KernelModuleBuilder, i64
from ascendc_emitter.dialect import ops as ac
from runtime import SimulatorError, TilingError

from ..kernelcheck import build
from . import kernels as K  # noqa: N812

RNG = np.random.default_rng(7)
i32 = IntegerType(32)


@pytest.mark.parametrize("n", [1, 7, 1000, 100_003])
@pytest.mark.parametrize(
    ("element", "np_dtype"), [(Float32Type(), np.float32), (Float16Type(), np.float16), (i32, np.int32)]
)
def test_queued_vector_add_with_tail_over_blocks(n: int, element, np_dtype) -> None:
    kernel, sources = build(K.vector_add(element), f"vadd_{np.dtype(np_dtype).name}")
    x = (RNG.standard_normal(n) * 100).astype(np_dtype)
    y = (RNG.standard_normal(n) * 100).astype(np_dtype)
    z = np.zeros(n, np_dtype)
    result = kernel.run([x, y, z], [n], core_num=4)
    expected = (
        (x.astype(np.float32) + y.astype(np.float32)).astype(np_dtype) if np_dtype == np.float16 else x + y
    )
    np.testing.assert_array_equal(z, expected)
    assert result.block_dim == min(4, -(-n // 8)) or n < 32
    itemsize = np.dtype(np_dtype).itemsize
    assert result.stats["gm_read_bytes"] == 2 * n * itemsize
    assert result.stats["gm_write_bytes"] == n * itemsize
    assert "AscendC::DataCopyPad(" in sources.device_impl_cpp


@pytest.mark.parametrize(("rows", "cols", "ld"), [(5, 7, 9), (3, 8, 8), (4, 13, 40)])
def test_strided_2d_copy_with_padding(rows: int, cols: int, ld: int) -> None:
    kernel, _ = build(K.strided_copy(), "strided_copy")
    x = RNG.standard_normal((rows, ld)).astype(np.float32)
    dense = np.zeros((rows, cols), np.float32)
    padded = -(-cols // 8) * 8
    image = np.zeros((rows, padded), np.float32)
    kernel.run([x, dense, image], [rows, cols, ld])
    np.testing.assert_array_equal(dense, x[:, :cols])
    expected = np.full((rows, padded), -1.0, np.float32)  # each row padded to 32 bytes with the pad value
    expected[:, :cols] = x[:, :cols]
    np.testing.assert_array_equal(image, expected)


@pytest.mark.parametrize("n", [1, 31, 64, 200, 1000])
@pytest.mark.parametrize(
    ("element", "np_dtype"), [(Float32Type(), np.float32), (Float16Type(), np.float16), (i64, np.int64)]
)
def test_vf_compares_select_with_tail_masks(n: int, element, np_dtype) -> None:
    kernel, sources = build(K.vf_compare_select(element), f"vf_cmp_sel_{np.dtype(np_dtype).name}")
    x = (RNG.standard_normal(n) * 6).astype(np_dtype)
    y = np.zeros(n, np_dtype)
    result = kernel.run([x, y], [n])
    s = np_dtype(3)
    with np.errstate(over="ignore"):
        expected = np.where(
            x < s, (x.astype(np.float32) + 3).astype(np_dtype) if np_dtype == np.float16 else x + s, 0
        )
    np.testing.assert_array_equal(y, expected.astype(np_dtype))
    assert result.stats["vf_calls"] == 1
    assert "__simd_vf__ inline void cmp_sel_vf(" in sources.device_impl_cpp
    assert "asc_vf_call<cmp_sel_vf>(" in sources.device_impl_cpp


def predicted_lanes(n: int, compute_bytes: int, mask_bytes: int) -> np.ndarray:
    """Byte-granular predicate model: which elements a VF loop over ``compute_bytes`` data
    writes when each iteration's mask comes from UpdateMask for ``mask_bytes`` elements."""
    lanes = 256 // compute_bytes
    active = np.zeros(n, bool)
    for start in range(0, n, lanes):
        remaining = n - start
        set_bits = mask_bytes * min(remaining, 256 // mask_bytes)  # bits [0, set_bits) are set
        for j in range(min(lanes, n - start)):
            active[start + j] = j * compute_bytes < set_bits
    return active


@pytest.mark.parametrize("n", [10, 40, 100])
def test_mask_of_the_wrong_dtype_corrupts_lanes_as_modelled(n: int) -> None:
    # int64 data, mask made with UpdateMask<float>: a 4-byte mask on 8-byte lanes.
    kernel, _ = build(K.vf_compare_select(i64, mask_dtype=Float32Type()), "vf_wrong_mask")
    x = RNG.integers(-10, 10, n).astype(np.int64)
    y = np.zeros(n, np.int64)
    kernel.run([x, y], [n])
    correct = np.where(x < 3, x + 3, 0)
    active = predicted_lanes(n, 8, 4)
    np.testing.assert_array_equal(y, np.where(active, correct, -1))  # skipped lanes keep the -1 fill
    assert not active.all(), "the model predicts corruption for these sizes"
    right, _ = build(K.vf_compare_select(i64, mask_dtype=i64), "vf_right_mask")
    right.run([x, y := np.zeros(n, np.int64)], [n])
    np.testing.assert_array_equal(y, correct)


def test_memory_level_gather_uses_byte_offsets() -> None:
    kernel, _ = build(K.memory_gather(), "ub_gather")
    m, n = 100, 37
    x = RNG.standard_normal(m).astype(np.float32)
    index = RNG.integers(0, m, n)
    offsets = (index * 4).astype(np.uint32)
    out = np.zeros(n, np.float32)
    kernel.run([x, offsets, out], [m, n])
    np.testing.assert_array_equal(out, x[index])
    bad = offsets.copy()
    bad[5] = 4 * 8192  # one element past the 8192-element source tensor in UB
    with pytest.raises(SimulatorError, match=r"Gather: byte offset 32768 \(element 8192\) is outside"):
        kernel.run([x, bad, out], [m, n])
    bad[5] = 6  # not a multiple of sizeof(float)
    with pytest.raises(SimulatorError, match=r"Gather: byte offset 6 is not a multiple of 4"):
        kernel.run([x, bad, out], [m, n])


@pytest.mark.parametrize("n", [1, 255, 256, 1000])
def test_simt_per_element_gather(n: int) -> None:
    kernel, sources = build(K.simt_gather(), "simt_gather")
    x = RNG.standard_normal(500).astype(np.float32)
    index = RNG.integers(0, 500, n).astype(np.int64)
    out = np.zeros(n, np.float32)
    result = kernel.run([x, index, out], [n])
    np.testing.assert_array_equal(out, x[index])
    assert result.stats["simt_threads"] == 256
    assert "__simt_vf__ __launch_bounds__(256) inline void gather_simt(" in sources.device_impl_cpp
    assert "AscendC::Simt::VF_CALL<gather_simt>(AscendC::Simt::Dim3(256)" in sources.device_impl_cpp
    index[n // 2] = 500  # out of bounds: reported, never read
    with pytest.raises(SimulatorError, match=r"kernel simt_gather: SIMT GM read: GM read out of bounds"):
        kernel.run([x, index, out], [n])


# --------------------------------------------------------------------- failures


def test_ub_overflow_is_reported() -> None:
    kernel, _ = build(K.vector_add(Float32Type(), ub_bytes=100 * 1024), "vadd_overflow")
    x = np.ones(64, np.float32)
    with pytest.raises(SimulatorError, match=r"TPipe::InitBuffer: UB overflow"):
        kernel.run([x, x.copy(), np.zeros(64, np.float32)], [64])


def test_misaligned_ub_slice_rejected_by_verifier_and_simulator() -> None:
    kb = KernelModuleBuilder("bad", ["x"], ["n"], [])
    with kb.kernel() as (k, (_x, _ws), _tiling):
        t = k.tbuf_get(k.tbuf(1024), Float32Type(), 64)
        k.lslice(t, 3)
    with pytest.raises(VerifyException, match="misaligned UB slice: element offset 3 x 4 bytes"):
        kb.module.verify()
    kernel, _ = build(K.misaligned_slice_at_runtime(3), "misaligned")
    with pytest.raises(SimulatorError, match=r"Duplicate: misaligned UB address: byte offset 12"):
        kernel.run([np.zeros(8, np.float32), np.zeros(8, np.float32)], [8])


def test_out_of_bounds_gm_read_and_write_are_reported() -> None:
    kernel, _ = build(K.vector_add(Float32Type()), "vadd_f32")
    x, y = np.ones(100, np.float32), np.ones(100, np.float32)
    with pytest.raises(
        SimulatorError,
        match=r"kernel vadd_f32: DataCopyPad\(GM->UB\): GM read out of bounds: bytes \[0, 400\) of arg0, which has 200 bytes",
    ):
        kernel.run([x[:50].copy(), y, np.zeros(100, np.float32)], [100])
    with pytest.raises(SimulatorError, match=r"DataCopyPad\(UB->GM\): GM write out of bounds"):
        kernel.run([x, y, np.zeros(60, np.float32)], [100])


def test_host_tiling_error_code_surfaces() -> None:
    kernel, _ = build(K.vector_add(Float32Type()), "vadd_f32")
    with pytest.raises(TilingError, match="code 2"):
        kernel.run([np.ones(1, np.float32)] * 2 + [np.zeros(1, np.float32)], [0])


def test_dialect_verifiers_catch_type_mismatches() -> None:
    kb = KernelModuleBuilder("bad", ["x"], ["n"], [])
    with kb.kernel() as (k, (_x, _ws), _tiling):
        buf = k.tbuf(4096)
        a = k.tbuf_get(buf, Float32Type(), 64)
        b = k.tbuf_get(buf, Float16Type(), 64, 256)
        k.vec(ac.AddOp, a, a, b, 64)
    with pytest.raises(VerifyException, match=r"ascendc.add: operand element types differ \(f32, f32, f16\)"):
        kb.module.verify()


def test_printed_cpp_is_deterministic() -> None:
    from ascendc_emitter.printer import emit_files

    texts = {emit_files(K.vf_compare_select(Float32Type())).device_impl_cpp for _ in range(3)}
    assert len(texts) == 1


@pytest.mark.parametrize(
    ("name", "make"),
    [
        ("vf_compare_select", lambda: K.vf_compare_select(K.f32)),
        ("vector_add", K.vector_add),
        ("simt_gather", K.simt_gather),
    ],
)
def test_lit_inputs_match_the_builders(name: str, make) -> None:
    """The FileCheck inputs under test/lit/ascendc_emitter/Inputs are these kernels' IR."""
    import io

    from xdsl.printer import Printer

    from ..conftest import ROOT

    out = io.StringIO()
    Printer(stream=out).print_op(make())
    assert (
        ROOT / "test" / "lit" / "ascendc_emitter" / "Inputs" / f"{name}.mlir"
    ).read_text() == out.getvalue() + "\n"


@pytest.mark.parametrize("n", [10, 11])
def test_tiling_key_dispatch(n: int) -> None:
    kernel, sources = build(K.keyed_add_or_sub(), "keyed")
    x, y = RNG.standard_normal(n).astype(np.float32), RNG.standard_normal(n).astype(np.float32)
    z = np.zeros(n, np.float32)
    result = kernel.run([x, y, z], [n])
    assert result.tiling_key == n % 2
    np.testing.assert_array_equal(z, x + y if n % 2 == 0 else x - y)
    assert "uint32_t tiling_key = tiling.tiling_key;" in sources.device_impl_cpp
    assert "switch (tiling_key) {" in sources.device_impl_cpp
