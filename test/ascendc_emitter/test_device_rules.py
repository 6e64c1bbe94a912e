"""The 950's documented API rules as data (``target.support``), the Cast modes and routes
the emitter picks from them (``target.types``), the simulator header generated from them
(``runtime/sim/gen_rules.py``) and hand-written kernels the stricter simulator refuses."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from ascendc_emitter.target.support import (
    ELEMENT_TYPES,
    LIMITS,
    MEMORY_CAST_DEQSCALE,
    MEMORY_CAST_MODES,
    REG_CAST_MODES,
    UB_BYTES,
    UB_BYTES_SIMT,
    memory_cast_modes,
    reg_cast_modes,
)
from ascendc_emitter.target.types import (
    CAST_ROUTES,
    CastUnsupportedError,
    cast_round_mode,
    cast_steps,
    element_name,
)
from ascir_dialect.dtypes import DType
from runtime import SimulatorError
from runtime.sim import gen_rules
from test.handwritten import build

# ------------------------------------------------------------------ tables and modes

ISSUE_PAIRS = [  # pairs the 950 allows only with CAST_NONE, for which CAST_RINT was emitted
    (DType.float16, DType.float32),
    (DType.bfloat16, DType.float32),
    (DType.int64, DType.int32),
    (DType.int32, DType.int64),
    (DType.int8, DType.int32),
    (DType.int8, DType.int16),
    (DType.int8, DType.float16),
    (DType.uint8, DType.float16),
    (DType.int16, DType.float32),
    (DType.int16, DType.int32),
    (DType.int32, DType.int16),
    (DType.uint8, DType.uint32),
    (DType.uint16, DType.uint32),
]


@pytest.mark.parametrize(("src", "dst"), ISSUE_PAIRS)
def test_exact_conversions_take_cast_none(src: DType, dst: DType) -> None:
    assert memory_cast_modes(element_name(src), element_name(dst)) == {"CAST_NONE"}
    assert cast_round_mode(src, dst) == "CAST_NONE"
    assert cast_steps(src, dst) == ((src, dst, "CAST_NONE"),)


def test_torch_semantics_of_the_rounding_pairs() -> None:
    assert cast_round_mode(DType.float32, DType.int32) == "CAST_TRUNC"  # torch truncates
    assert cast_round_mode(DType.float16, DType.int8) == "CAST_TRUNC"
    assert cast_round_mode(DType.float32, DType.float16) == "CAST_RINT"
    assert cast_round_mode(DType.float32, DType.bfloat16) == "CAST_RINT"
    assert cast_round_mode(DType.int32, DType.float32) == "CAST_RINT"
    assert cast_round_mode(DType.int64, DType.float32) == "CAST_RINT"
    assert cast_round_mode(DType.int16, DType.float16) == "CAST_RINT"  # the table has no CAST_NONE here


def test_the_tables_cite_their_sources_and_name_known_types() -> None:
    for table in (MEMORY_CAST_MODES, REG_CAST_MODES):
        for (src, dst), rule in table.items():
            assert {src, dst} <= set(ELEMENT_TYPES) and rule.modes and "Cast.md" in rule.source
    assert ("int32_t", "half") not in MEMORY_CAST_MODES and MEMORY_CAST_DEQSCALE == {("int32_t", "half")}
    # the register table spells "no rounding" RoundMode::UNKNOWN and refuses CAST_NONE on rounding rows
    assert reg_cast_modes("half", "float") == {"UNKNOWN", "CAST_NONE"}
    assert "CAST_NONE" not in reg_cast_modes("float", "bfloat16_t")
    assert cast_round_mode(DType.float16, DType.float32, register=True) == "CAST_NONE"
    for lim in LIMITS.values():
        assert lim.source.startswith("docs/") and lim.lo <= lim.hi
    assert LIMITS["copy_block_count"].hi == 4095 and LIMITS["gm_to_ub_dst_stride"].hi == 65535
    assert LIMITS["tpipe_buffers"].hi == 64 and UB_BYTES - UB_BYTES_SIMT == 32 * 1024


@pytest.mark.parametrize("src", [d for d in DType])
@pytest.mark.parametrize("dst", [d for d in DType if d is not DType.bool])
def test_every_cast_is_a_chain_of_legal_casts_or_fails_closed(src: DType, dst: DType) -> None:
    try:
        steps = cast_steps(src, dst)
    except CastUnsupportedError as e:
        assert f"{src} -> {dst}" in str(e) and (src, dst) not in CAST_ROUTES
        return
    for a, b, mode in steps:
        a_name = "uint8_t" if a is DType.bool else element_name(a)
        assert mode in memory_cast_modes(a_name, element_name(b)), (a, b, mode)
    if steps:
        assert steps[0][0] is src and steps[-1][1] is dst
        assert all(x[1] is y[0] for x, y in itertools.pairwise(steps))


def _device_cast(x: np.ndarray, steps: tuple[tuple[DType, DType, str], ...]) -> np.ndarray:
    """The chain evaluated as the 950 does each step (round mode on float -> int / narrowing)."""
    import ml_dtypes  # noqa: F401 - registers bfloat16 with numpy

    v = x
    for _, d, mode in steps:
        if np.issubdtype(v.dtype, np.floating) and not d.is_float:
            f = {"CAST_TRUNC": np.trunc, "CAST_RINT": np.rint}[mode]
            v = f(v.astype(np.float64)).astype(d.numpy)
        elif mode == "CAST_TRUNC":  # float -> narrower float towards zero
            wide = v.astype(np.float64)
            r = wide.astype(d.numpy)
            too_far = np.abs(r.astype(np.float64)) > np.abs(wide)
            step = np.nextafter(r, np.zeros_like(r))
            v = np.where(too_far, step, r)
        else:
            v = v.astype(d.numpy)
    return v


@pytest.mark.parametrize(
    ("src", "dst"),
    [(DType.float32, DType.int8), (DType.float32, DType.uint8), (DType.bfloat16, DType.int8), (DType.int32, DType.float16)],
)
def test_routes_give_torchs_result_in_the_destination_range(src: DType, dst: DType) -> None:
    torch = pytest.importorskip("torch")
    lo, hi = (-128, 127) if dst is DType.int8 else (0, 255) if dst is DType.uint8 else (-70000, 70000)
    rng = np.random.default_rng(0)
    x = rng.uniform(lo - 0.999, hi + 0.999, 4000)
    x = np.concatenate([x, np.arange(lo, hi + 1) - 0.0001, np.arange(lo, hi + 1) + 0.9999])
    if src.is_float:
        x = x[(x > lo - 1) & (x < hi + 1)]
    xs = x.astype(src.numpy) if src is not DType.int32 else np.rint(x).astype(np.int32)
    got = _device_cast(xs, cast_steps(src, dst))
    tsrc = torch.from_numpy(xs.astype(np.float32)).to(getattr(torch, src.value)) if src is DType.bfloat16 else torch.from_numpy(xs)
    want = tsrc.to(getattr(torch, dst.value)).to(torch.float32).numpy()
    np.testing.assert_array_equal(got.astype(np.float32), want)


# ------------------------------------------------------------------ generated header


def test_committed_headers_are_the_generators_output() -> None:
    """rules.h and costs.h: what ``python -m runtime.sim.gen_rules`` writes from the tables."""
    for path, text in gen_rules.headers().items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: run python -m runtime.sim.gen_rules"


def test_rules_header_cites_every_entry() -> None:
    text = gen_rules.render()
    assert "// Relu: docs/zh/api/SIMD-API/基础API/Memory矢量计算/基础算术/Relu.md" in text
    assert "// copy_block_count: [0, 4095] blocks -- docs/" in text
    for line in text.splitlines():
        if line.startswith("inline constexpr ApiRule"):
            assert "docs/" in line


# ------------------------------------------------------------------ the stricter simulator

DEVICE = """\
// Hand-written kernels that break one documented 950 rule each (mode 0 breaks none).
#include "kernel_operator.h"
#include "tiling.h"

__simt_vf__ LAUNCH_BOUND(32) inline void touch(__gm__ float* y) {
    if (AscendC::Simt::GetThreadIdx() == 0) y[0] = 1.0f;
}

extern "C" __global__ __aicore__ void rules_kernel(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                   AutofuseTilingData tiling) {
    const int64_t n = tiling.n;  // 64 halves in x, 64 floats out
    AscendC::GlobalTensor<half> xGm;
    AscendC::GlobalTensor<float> yGm;
    xGm.SetGlobalBuffer((__gm__ half*)x, n);
    yGm.SetGlobalBuffer((__gm__ float*)y, n);
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> hb, fb, bb;
    pipe.InitBuffer(hb, uint32_t(n * sizeof(half)));
    pipe.InitBuffer(fb, uint32_t(n * sizeof(float)));
    pipe.InitBuffer(bb, uint32_t(n * sizeof(bfloat16_t)));
    AscendC::LocalTensor<half> h = hb.Get<half>();
    AscendC::LocalTensor<float> f = fb.Get<float>();
    AscendC::LocalTensor<bfloat16_t> b = bb.Get<bfloat16_t>();
    AscendC::DataCopyExtParams in{1, uint32_t(n * sizeof(half)), 0, 0, 0};
    AscendC::DataCopyPadExtParams<half> pad{false, 0, 0, half(0.0f)};
    AscendC::DataCopyPad(h, xGm, in, pad);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
    switch (tiling.mode) {
        case 1:  // half -> float allows CAST_NONE only
            AscendC::Cast(f, h, AscendC::RoundMode::CAST_RINT, uint32_t(n));
            break;
        case 2:  // Relu has no bfloat16_t
            AscendC::Cast(b, h, AscendC::RoundMode::CAST_RINT, uint32_t(n));
            AscendC::Relu(b, b, int32_t(n));
            break;
        case 3: {  // blockCount above 4095
            AscendC::DataCopyExtParams many{4200, 2, 0, 0, 0};
            AscendC::DataCopyPad(h, xGm, many, pad);
            break;
        }
        case 4: {  // a kernel with a SIMT part using more than 216 KB of UB
            AscendC::TBuf<AscendC::TPosition::VECCALC> big;
            pipe.InitBuffer(big, 220 * 1024);
            AscendC::Simt::VF_CALL<touch>(AscendC::Simt::Dim3(32), (__gm__ float*)y);
            break;
        }
        case 5: {  // more than 64 buffers
            AscendC::TBuf<AscendC::TPosition::VECCALC> extra[62];
            for (auto& e : extra) pipe.InitBuffer(e, 32);
            break;
        }
        case 6:  // int32 -> half needs SetDeqScale
            AscendC::Cast(h, f.ReinterpretCast<int32_t>(), AscendC::RoundMode::CAST_RINT, uint32_t(n));
            break;
        default:
            break;
    }
    AscendC::Cast(f, h, AscendC::RoundMode::CAST_NONE, uint32_t(n));
    AscendC::Relu(f, f, int32_t(n));
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::DataCopyExtParams out{1, uint32_t(n * sizeof(float)), 0, 0, 0};
    AscendC::DataCopyPad(yGm, f, out);
}
"""

REFUSALS = {
    1: r"Cast: half -> float with RoundMode::CAST_RINT is not a legal Cast on arch 3510 \(legal modes: CAST_NONE; "
    r"docs/zh/api/SIMD-API/基础API/Memory矢量计算/类型转换/Cast.md\)",
    2: r"Relu: element type bfloat16_t is not supported on arch 3510 \(supported: half, int32_t, float, int64_t; "
    r"docs/zh/api/SIMD-API/基础API/Memory矢量计算/基础算术/Relu.md",
    3: r"DataCopyPad\(GM->UB\): blockCount 4200 is outside \[0, 4095\] blocks on arch 3510 \(docs/",
    4: r"Simt::VF_CALL: UB in use 2\d{5} bytes exceeds the 221184 bytes a kernel with a SIMT part may use",
    5: r"TPipe::InitBuffer: buffer count 65 exceeds the 64 buffers a kernel may use on arch 3510 "
    r"\(docs/zh/api/SIMD-API/基础API/资源管理/TPipe/InitBuffer.md",
    6: r"Cast: int32_t -> half is not a Cast of arch 3510; int32_t -> half needs SetDeqScale",
}


@pytest.fixture(scope="module")
def rules_kernel():
    return build(DEVICE, "rules_kernel")


def test_a_rule_clean_kernel_runs(rules_kernel) -> None:
    x = np.linspace(-4, 4, 64).astype(np.float16)
    y = np.zeros(64, np.float32)
    rules_kernel.run([x, y], [64, 0])
    np.testing.assert_array_equal(y, np.maximum(x.astype(np.float32), 0))


@pytest.mark.parametrize("mode", sorted(REFUSALS))
def test_the_simulator_refuses_each_broken_rule(rules_kernel, mode: int) -> None:
    x = np.ones(64, np.float16)
    y = np.zeros(64, np.float32)
    with pytest.raises(SimulatorError, match=REFUSALS[mode]):
        rules_kernel.run([x, y], [64, mode])
