"""The timeline against Huawei's own cost model, evaluated by hand (issue 33 item 4).

Each case is a kernel whose instructions are known from its source, and the expected busy
cycles of each pipe are computed here from the ATT formulas and numbers themselves -- typed
in from the sources, not imported from ``ascendc_emitter.target.costs``, so a transcription
error there fails here:

* DataCopy (``autofuse/att/gen_model_info/api_perf_register/utils/api_perf_utils.cpp:279-308``,
  ``LoadStoreFunc``): ``bytes / (a + b / block_dim) + h``; GM -> UB 'Load' (a, b, h) =
  (11.8292, 6.6155, 160) when the innermost block has more than 256 elements, else
  'LoadSmallBlk' (13.1355, 6.4088, 160); UB -> GM 'Store' (11.774, 10.265, 160)
  (``autofuse/v35/att/api_perf_register/perf_param_v2.cpp:906-955``); a strided copy adds
  ``k * blocks * min(gap bytes, 4096)``, k = 0.005 (load) / 0.0385 (store)
  (``perf_param_v2.cpp:926-935,956-965``), its blocks shorter than 128 B move 128 B
  (``ascendc_api_perf/data_move_api_perf_v2.cpp:121-157``);
* pipe heads: MTE2 1174.3 (775.0 when the block is shorter than 256 B), MTE3 571.0
  (``perf_param_v2.cpp:16-56,20``);
* a vector function: ``20 + max latency + sum of issue intervals`` per 256-byte repeat
  (``perf_param_v2.cpp:492-495``, ``vf_perf_utils.cpp:132-149``), with the table rows of
  ``perf_param_v2.cpp:58-439`` (Add f32 4/1, Adds f32 4/2, Exp f32 13/4, Duplicate 8/1,
  Compare/Compares/Select 3/1, UpdateMask 3/1, Relu 2/1, register Store of 32 bits 0/1,
  register Load 0/0, vcadd f32 19/1).

Agreement: each pipe's busy cycles within 10% (they differ by the synchronisation
instructions and integer rounding only); for kernels whose pipes run one after another
the critical path is their sum, for overlapped ones it lies between the largest and the
sum. The chip-wide bound: no launch is modelled faster than its GM bytes over the HBM.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from runtime import compile_kernel
from tools.compile import compile_graph

from ..ascendc_emitter import kernels as K  # noqa: N812 - as the other kernel tests name it
from ..conftest import parse_ir

LOAD, LOAD_SMALL, STORE = (11.8292, 6.6155, 160.0), (13.1355, 6.4088, 160.0), (11.774, 10.265, 160.0)
MTE2_HEAD, MTE2_HEAD_SMALL, MTE3_HEAD = 1174.3, 775.0, 571.0
VF_HEAD = 20.0
CLOCK, HBM = 1.65e9, 1.6e12


def att_load(block: int, blocks: int = 1, elem: int = 4, gap: int = 0, cores: int = 1) -> float:
    strided = blocks > 1 and gap != 0
    moved = max(block, 128) * blocks if strided else block * blocks
    a, b, h = LOAD if block // elem > 256 else LOAD_SMALL
    return moved / (a + b / cores) + h + (0.005 * blocks * min(gap, 4096) if strided else 0.0)


def att_store(block: int, blocks: int = 1, gap: int = 0, cores: int = 1) -> float:
    strided = blocks > 1 and gap != 0
    moved = max(block, 128) * blocks if strided else block * blocks
    a, b, h = STORE
    return moved / (a + b / cores) + h + (0.0385 * blocks * min(gap, 4096) if strided else 0.0)


def mte2_head(block: int) -> float:
    return MTE2_HEAD if block >= 256 else MTE2_HEAD_SMALL


def vf(latency: float, issue_per_repeat: float, repeats: int, extra_issue: float = 0.0) -> float:
    return VF_HEAD + latency + issue_per_repeat * repeats + extra_issue


def near(got: float, want: float, rel: float = 0.10) -> None:
    assert abs(got - want) <= rel * want, (got, want)


def build(module, name: str):  # type: ignore[no-untyped-def]
    from ascendc_emitter.printer import emit_files

    src = emit_files(module)
    return compile_kernel(src.tiling_h, src.host_impl_cpp, src.device_impl_cpp, target="sim", name=name)


# ------------------------------------------------------------------ copies
@pytest.mark.parametrize(
    ("rows", "cols", "ld", "dtype"),
    [
        (48, 1024, 1024, np.float32),  # one contiguous 192 KiB block: 'Load'
        (48, 1024, 4096, np.float32),  # strided rows of 4 KiB, a 12 KiB gap (capped at 4096)
        (48, 250, 250, np.float32),  # 1000-byte rows, contiguous: 'LoadSmallBlk' (250 elements)
        (64, 16, 512, np.float32),  # 64-byte rows, strided: each moves a 128-byte line, small head
        (96, 64, 1024, np.float16),  # half rows of 128 bytes, strided, 'LoadSmallBlk'
    ],
)
def test_copies_of_several_sizes_and_alignments(rows: int, cols: int, ld: int, dtype: type) -> None:
    """K.strided_copy: one GM -> UB DataCopyPad of ``rows`` blocks, then two UB -> GM copies
    (the dense rows, and the padded image as one block)."""
    elem = np.dtype(dtype).itemsize
    element = K.f32 if elem == 4 else K.f16
    kernel = build(K.strided_copy(element), f"att_copy_{rows}_{cols}_{ld}_{elem}")
    x = (np.arange(rows * ld) % 1024).astype(dtype).reshape(rows, ld)
    padded = math.ceil(cols * elem / 32) * 32
    dense = np.zeros((rows, cols), dtype)
    image = np.zeros((rows, padded // elem), dtype)
    t = kernel.run([x, dense, image], [rows, cols, ld]).timeline
    np.testing.assert_array_equal(dense, x[:, :cols])
    block, gap = cols * elem, (ld - cols) * elem
    mte2 = mte2_head(block) + att_load(block, rows, elem, gap)
    mte3 = MTE3_HEAD + att_store(block * rows) + att_store(padded * rows)
    busy = t.pipe_busy_cycles
    near(busy["PIPE_MTE2"], mte2)
    near(busy["PIPE_MTE3"], mte3)
    near(t.total_cycles, mte2 + mte3)  # the stores wait for the load


@pytest.mark.parametrize(("n", "cores"), [(16 * 2048, 1), (64 * 2048, 8)])
def test_double_buffered_elementwise_add(n: int, cores: int) -> None:
    """K.vector_add: tiles of 2048 float, two loads, one Add, one store each, queued with
    two buffers per queue: each core's pipes overlap; the per-core DataCopy rate has
    block_dim cores contending (a + b / block_dim)."""
    kernel = build(K.vector_add(K.f32, tile=2048), "att_vadd")
    x, y, z = np.ones(n, np.float32), np.ones(n, np.float32), np.zeros(n, np.float32)
    run = kernel.run([x, y, z], [n], core_num=cores)
    np.testing.assert_array_equal(z, 2)
    t, blocks = run.timeline, run.block_dim
    tiles = n // blocks // 2048
    mte2 = MTE2_HEAD + tiles * 2 * att_load(8192, cores=blocks)
    # Add f32 (latency 4, one issue per repeat), and the vector pipe's six queue hand-offs a
    # tile (DeQue x, y; AllocTensor, EnQue z; FreeTensor x, y) at one issue each (costs.py SYNC)
    vec = tiles * (vf(4, 1, 8192 // 256) + 6)
    mte3 = MTE3_HEAD + tiles * att_store(8192, cores=blocks)
    busy = t.pipe_busy_cycles
    near(busy["PIPE_MTE2"], mte2)
    near(busy["PIPE_V"], vec)
    near(busy["PIPE_MTE3"], mte3)
    assert max(mte2, vec, mte3) * 0.95 <= t.total_cycles <= (mte2 + vec + mte3) * 1.05


def test_vector_function_with_masks_compare_and_select() -> None:
    """K.vf_compare_select (f32): per 64-element repeat UpdateMask (3/1), LoadAlign (0/0),
    Compares (3/1), Adds (f32 4/2), Duplicate (8/1), Select (3/1), StoreAlign (0/1): 7
    issues, latency 8; before it a memory-level Duplicate of the 4096-float tile."""
    n = 4000
    kernel = build(K.vf_compare_select(K.f32), "att_vf")
    x = np.linspace(-5, 5, n).astype(np.float32)
    y = np.zeros(n, np.float32)
    t = kernel.run([x, y], [n]).timeline
    want = vf(8, 1, 4096 * 4 // 256) + vf(8, 7, math.ceil(n / 64))
    near(t.pipe_busy_cycles["PIPE_V"], want)


def test_memory_level_gather() -> None:
    """K.memory_gather: AscendC::Gather of n float (the ATT table has no Gather row: the
    devkit's 16 elements per cycle for b32, devkit api/附录/Reg矢量计算接口理论性能汇总.md:410,
    i.e. 4 issues per 256-byte repeat)."""
    m, n = 1000, 3000
    kernel = build(K.memory_gather(K.f32), "att_gather")
    x = np.arange(m, dtype=np.float32)
    off = (np.arange(n) % m * 4).astype(np.uint32)
    out = np.zeros(n, np.float32)
    t = kernel.run([x, off, out], [m, n]).timeline
    np.testing.assert_array_equal(out, x[np.arange(n) % m])
    near(t.pipe_busy_cycles["PIPE_V"], vf(0, 4, math.ceil(n * 4 / 256)))


def test_simt_gather() -> None:
    """K.simt_gather: a VF call whose cost is its coalesced warp requests (1 cycle each, a
    lower bound) and the DCache lines it fetched at one core's measured SIMT GM rate, 37.4
    bytes per cycle (costs.py) -- both counted by the simulator's memory model."""
    n = 20000
    kernel = build(K.simt_gather(K.f32), "att_simt")
    x = np.arange(50000, dtype=np.float32)
    idx = np.random.default_rng(0).integers(0, 50000, n).astype(np.int64)
    out = np.zeros(n, np.float32)
    run = kernel.run([x, idx, out], [n])
    np.testing.assert_array_equal(out, x[idx])
    s = run.stats
    want = VF_HEAD + s["simt_transactions"] + s["dcache_miss_lines"] * 64 / 37.4
    near(run.timeline.pipe_busy_cycles["PIPE_V"], want)


# ------------------------------------------------------------------ compiled graphs
ADD_RELU = (__import__("pathlib").Path(__file__).resolve().parents[2] / "examples" / "add_relu.mlir").read_text()


def test_elementwise_chain_in_a_vf_one_tile() -> None:
    """relu(x0 + x1) over one 4096-float tile on one core: two loads, the VF (a NaN
    constant Duplicate 8/1 once; per repeat UpdateMask, Add, Relu, Compare, Select,
    StoreAlign: 6 issues; latency 8), one store; nothing to overlap: the pipes in turn."""
    k = compile_graph(parse_ir(ADD_RELU), name="att_add_relu")
    x = np.ones((1, 4096), np.float32)
    k(x, x, sizes={"s0": 1, "s1": 4096}, core_num=1)
    t = k.last_run.timeline
    mte2 = MTE2_HEAD + 2 * att_load(16384)
    vec = vf(8, 6, 64, extra_issue=1)
    mte3 = MTE3_HEAD + att_store(16384)
    busy = t.pipe_busy_cycles
    near(busy["PIPE_MTE2"], mte2)
    near(busy["PIPE_V"], vec)
    near(busy["PIPE_MTE3"], mte3)
    near(t.total_cycles, mte2 + vec + mte3)


def test_resident_row_sum() -> None:
    """sum over a resident row of 8192 float on one core: one ReduceSum, costed as ATT's
    'Sum' (vcadd f32 19/1, ascendc_regbase_perf.cpp:1006-1047: a tree over the 128 repeats,
    ceil(128/64) + 128 + 1 issues)."""
    ir = """
ascir.graph @rsum hint sizes [] axes [0: z0 = 1, 1: z1 = 8192] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [1, 8192], [8192, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [1, 8192], [8192, 1]>
  %s = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1], [1, 1], [0, 0]>
  %st = ascir.store %s : !ascir.tensor<float32, [z0, z1], [1, 1], [0, 0]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [1, 1], [0, 0]>
}
"""
    k = compile_graph(parse_ir(ir), name="att_rsum", vf=False)
    x = np.ones((1, 8192), np.float32)
    (y,) = k(x, core_num=1)
    assert y.item() == 8192
    want = VF_HEAD + 19 + (math.ceil(128 / 64) + 128 + 1)
    near(k.last_run.timeline.pipe_busy_cycles["PIPE_V"], want)
    near(k.last_run.timeline.pipe_busy_cycles["PIPE_MTE2"], MTE2_HEAD + att_load(32768))


def test_exp_in_a_vf() -> None:
    """exp(x) of 8192 float in a VF on one core: per repeat UpdateMask 1, Exp f32 4 (latency
    13), StoreAlign 1: 6 issues."""
    ir = """
ascir.graph @vexp hint sizes [] axes [0: z0 = 1, 1: z1 = 8192] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [1, 8192], [8192, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [1, 8192], [8192, 1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [z0, z1], [1, 8192], [8192, 1]>
  %st = ascir.store %e : !ascir.tensor<float32, [z0, z1], [1, 8192], [8192, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [1, 8192], [8192, 1]>
}
"""
    k = compile_graph(parse_ir(ir), name="att_vexp")
    x = np.zeros((1, 8192), np.float32)
    (y,) = k(x, core_num=1)
    assert (y == 1).all()
    near(k.last_run.timeline.pipe_busy_cycles["PIPE_V"], vf(13, 6, 128))


def test_no_launch_is_modelled_faster_than_hbm_allows() -> None:
    """relu(x0 + x1) over [16384, 512] float on the whole chip (56 cores): the launch lasts at
    least its GM bytes (2 reads, 1 write) over the 950's 1.6 TB/s, at 1.65 GHz."""
    k = compile_graph(parse_ir(ADD_RELU), name="att_hbm")
    x = np.ones((16384, 512), np.float32)
    k(x, x, sizes={"s0": 16384, "s1": 512})
    t = k.last_run.timeline
    nbytes = 3 * x.nbytes
    assert k.last_run.block_dim > 48  # the whole chip by default
    assert t.gm_bytes >= nbytes
    assert t.total_cycles >= nbytes / (HBM / CLOCK)
    assert t.modelled_seconds >= nbytes / HBM
