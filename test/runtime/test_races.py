"""The simulator's race detector and sync protocol checks (runtime/sim/include/ascsim/trace.h):
hand-written kernels that break one rule each are refused with a message naming it, correct
ones pass, and an emitted kernel whose SetFlag/WaitFlag lines were deleted is refused."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from runtime import SimulatorError, compile_kernel
from tools.compile import compile_graph

from ..conftest import parse_ir

HERE = Path(__file__).resolve().parent / "kernels"
ROOT = Path(__file__).resolve().parents[2]
N = 512


@pytest.fixture(scope="module")
def races_kernel():  # type: ignore[no-untyped-def]
    tiling = (HERE / "vadd_tiling.h").read_text()
    host = (HERE / "races_host_impl.cpp").read_text()
    device = (HERE / "races_device_impl.cpp").read_text()
    return compile_kernel(tiling, host, device, target="sim", name="races")


def run(kernel, mode: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(mode)
    x = rng.standard_normal(N).astype(np.float32)
    y = rng.standard_normal(N).astype(np.float32)
    z = np.zeros(N, np.float32)
    kernel.run([x, y, z], [N, mode])
    return x, y, z


@pytest.mark.parametrize("mode", [0, 10])
def test_correct_kernels_pass(races_kernel, mode: int) -> None:  # type: ignore[no-untyped-def]
    x, y, z = run(races_kernel, mode)
    np.testing.assert_array_equal(z, x + y)


def test_deleted_syncs_are_a_race(races_kernel) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SimulatorError, match=r"race: DataCopy\(GM->UB\) \(PIPE_MTE2, UB bytes \[0, 2048\), "
                       r"instruction #0\) writes what Add \(PIPE_V, UB bytes \[0, 2048\), instruction #2\) reads "
                       r"with no MTE2_V SetFlag/WaitFlag"):
        run(races_kernel, 1)


def test_missing_queue_hand_off_is_a_race(races_kernel) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SimulatorError, match=r"race: DataCopy\(GM->UB\) \(PIPE_MTE2.*writes what Add \(PIPE_V"):
        run(races_kernel, 11)
    with pytest.raises(SimulatorError, match=r"race: Add \(PIPE_V.*writes what DataCopy\(UB->GM\) \(PIPE_MTE3"):
        run(races_kernel, 12)


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        (2, r"WaitFlag<MTE2_V>\(1\) has no matching SetFlag: the device would hang"),
        (3, r"second SetFlag<MTE2_V>\(2\) while the first \(instruction #\d+\) is not yet waited"),
        (4, r"SetFlag<V_MTE3>\(3\) \(instruction #\d+\) is never waited"),
        (5, r"SetFlag<MTE2_V>\(8\): event id out of range \[0, 8\)"),
    ],
)
def test_sync_protocol_errors(races_kernel, mode: int, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SimulatorError, match=message):
        run(races_kernel, mode)


def test_tensor_scalar_access_is_covered_by_auto_sync(races_kernel) -> None:  # type: ignore[no-untyped-def]
    x, y, z = run(races_kernel, 6)  # GetValue/SetValue on a LocalTensor next to Add and DataCopy
    expected = x + y
    expected[0] += 1
    np.testing.assert_array_equal(z, expected)


def test_scalar_read_after_a_vf_needs_v_s(races_kernel) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SimulatorError, match=r"race: asc_vf_call \(PIPE_V, UB bytes \[\d+, \d+\), instruction #\d+\) "
                       r"writes what LocalTensor::GetValue \(PIPE_S.*with no V_S SetFlag/WaitFlag"):
        run(races_kernel, 7)
    _, _, z = run(races_kernel, 8)
    expected = np.ones(N, np.float32)
    expected[0] = 2
    np.testing.assert_array_equal(z, expected)


def test_alloc_event_id_holds_its_id(races_kernel) -> None:  # type: ignore[no-untyped-def]
    x, y, z = run(races_kernel, 9)
    np.testing.assert_array_equal(z, x + y)


def test_emitted_kernel_without_syncs_is_refused() -> None:
    module = parse_ir((ROOT / "examples" / "add_relu.mlir").read_text())
    k = compile_graph(module, name="add_relu_races")
    x = np.random.default_rng(0).standard_normal((8, 300)).astype(np.float32)
    y = np.random.default_rng(1).standard_normal((8, 300)).astype(np.float32)
    (out,) = k(x, y, sizes={"s0": 8, "s1": 300}, core_num=2)  # with its syncs: race-free
    np.testing.assert_array_equal(out, np.maximum(x + y, 0))
    src = k.sources
    device = re.sub(r".*\b(SetFlag|WaitFlag)<.*\n", "", src.device_impl_cpp)
    assert device != src.device_impl_cpp
    broken = compile_kernel(src.tiling_h, src.host_impl_cpp, device, target="sim", name="add_relu_nosync")
    z = np.zeros_like(x)
    with pytest.raises(SimulatorError, match=r"race: DataCopyPad\(GM->UB\) \(PIPE_MTE2.*writes what asc_vf_call "
                       r"\(PIPE_V.*with no MTE2_V SetFlag/WaitFlag"):
        broken.run([x, y, z], [8, 300], core_num=2)


INTERLEAVED = """
ascir.graph @interleaved hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %b = ascir.data {index = 1 : i64} : !ascir.tensor<float16, [z0], [1], [0]>
  %xl = ascir.load %x : !ascir.tensor<float16, [z0], [s0], [1]>
  %bl = ascir.load %b : !ascir.tensor<float16, [z0], [1], [0]>
  %bb = ascir.broadcast %bl : !ascir.tensor<float16, [z0], [s0], [1]>
  %v0 = ascir.add %xl, %bb : !ascir.tensor<float16, [z0], [s0], [1]>
  %st = ascir.store %v0 : !ascir.tensor<float16, [z0], [s0], [1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %gm = ascir.ge %xl, %bb : !ascir.tensor<uint8, [z0], [s0], [1]>
  %st2 = ascir.store %gm : !ascir.tensor<uint8, [z0], [s0], [1]>
  %o2 = ascir.output %st2 {index = 1 : i64} : !ascir.tensor<uint8, [z0], [s0], [1]>
}
"""


@pytest.mark.parametrize("vf", [True, False])
def test_compute_after_a_store_is_waited_for(vf: bool) -> None:
    """An output computed after another output's store: its store waits for PIPE_V again
    (found by the race detector in the property tests: the second store read the Cast's
    result with no V_MTE3 between them)."""
    k = compile_graph(parse_ir(INTERLEAVED), vf=vf)
    assert k.sources.device_impl_cpp.count("SetFlag<AscendC::HardEvent::V_MTE3>") >= 2
    x = np.random.default_rng(0).standard_normal(300).astype(np.float16)
    b = np.array([0.25], np.float16)
    _y, m = k(x, b, sizes={"s0": 300}, check=True)
    np.testing.assert_array_equal(m, (x >= b).astype(np.uint8))
