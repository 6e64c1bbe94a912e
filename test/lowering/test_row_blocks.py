"""Row blocks and chunk blocks (issue 36): many rows per DataCopyPad, the rows computed on
their views, at every (slots, rows) host tiling can choose.

Host tiling chooses the slots and the rows per block from the 950's costs; here each graph
also runs with the choice pinned (``HostTiling.pinned``) to one slot and two, and to block
sizes that leave a partial last block, so that every path of the loop nest runs: the
prefetched double-buffered blocks, the one-slot blocks that load the next block after this
one, a store of a buffer every row writes (a broadcast along the block axis: stored row by
row), one-element rows ([R, 1] results: a row buffer per row), row-invariant units computed
once per block, and a reduction over an outer axis taking its chunks in blocks, with the
SPLIT partials combined in blocks. Results are compared with the reference interpreter
(``assert_close`` rules), on both the VF and the root-graph path.
"""

from __future__ import annotations

import numpy as np
import pytest

from bench.roofline import _t
from lowering.host_tiling import HostTiling
from tools.compile import compile_graph

from .test_e2e import graph, parse_ir, random_input, run_case

PINS = [None, (1, 1), (1, 3), (2, 2), (2, 5)]


@pytest.fixture
def pinned(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Pin host tiling's (slots, rows); the graph cache is off (a pin is not in its key)."""
    monkeypatch.setenv("ASCIR_GRAPH_CACHE", "0")

    def pin(value: tuple[int, int] | None) -> None:
        monkeypatch.setattr(HostTiling, "pinned", value)

    return pin


def t(dtype: str, reps: list[str]) -> str:
    """A dense view over axes z0, z1, ... (stride 0 on size-1 axes: ``bench.roofline._t``)."""
    return _t(dtype, [f"z{i}" for i in range(len(reps))], reps)


FULL, BIAS, COL = t("float32", ["s0", "s1"]), t("float32", ["1", "s1"]), t("float32", ["s0", "1"])
AXES = [("z0", "s0"), ("z1", "s1")]

GRAPHS = {
    # a row broadcast (loaded once) added to every row
    "bias_add": (
        f"""
  %x = ascir.data {{index = 0 : i64}} : {FULL}
  %b = ascir.data {{index = 1 : i64}} : {BIAS}
  %xl = ascir.load %x : {FULL}
  %bl = ascir.load %b : {BIAS}
  %bb = ascir.broadcast %bl : {FULL}
  %y = ascir.add %xl, %bb : {FULL}
  %st = ascir.store %y : {FULL}
  %o = ascir.output %st {{index = 0 : i64}} : {FULL}""",
        lambda r, c: [random_input("float32", (r, c)), random_input("float32", (1, c))],
    ),
    # the broadcast bias itself stored along the block axis (a buffer every row shares) and
    # exp(bias), computed once per block, into a second output
    "stored_broadcast": (
        f"""
  %x = ascir.data {{index = 0 : i64}} : {FULL}
  %b = ascir.data {{index = 1 : i64}} : {BIAS}
  %xl = ascir.load %x : {FULL}
  %bl = ascir.load %b : {BIAS}
  %e = ascir.exp %bl : {BIAS}
  %eb = ascir.broadcast %e : {FULL}
  %y = ascir.mul %xl, %eb : {FULL}
  %bb = ascir.broadcast %bl : {FULL}
  %st = ascir.store %y : {FULL}
  %o = ascir.output %st {{index = 0 : i64}} : {FULL}
  %st2 = ascir.store %bb : {FULL}
  %o2 = ascir.output %st2 {{index = 1 : i64}} : {FULL}""",
        lambda r, c: [random_input("float32", (r, c)), random_input("float32", (1, c))],
    ),
    # a [rows, 1] result per row (one-element rows) and the column it is added to
    "row_sum_and_column": (
        f"""
  %x = ascir.data {{index = 0 : i64}} : {FULL}
  %c = ascir.data {{index = 1 : i64}} : {COL}
  %xl = ascir.load %x : {FULL}
  %cl = ascir.load %c : {COL}
  %s = ascir.reduce_sum %xl : {COL}
  %y = ascir.add %s, %cl : {COL}
  %st = ascir.store %y : {COL}
  %o = ascir.output %st {{index = 0 : i64}} : {COL}""",
        lambda r, c: [random_input("float32", (r, c)), random_input("float32", (r, 1))],
    ),
    # softmax with rows of -inf (the ReduceMax fix-up's scalar pass inside a row)
    "softmax": (
        f"""
  %x = ascir.data {{index = 0 : i64}} : {FULL}
  %l = ascir.load %x : {FULL}
  %m = ascir.reduce_max %l : {COL}
  %mb = ascir.broadcast %m : {FULL}
  %d = ascir.sub %l, %mb : {FULL}
  %e = ascir.exp %d : {FULL}
  %s = ascir.reduce_sum %e : {COL}
  %sb = ascir.broadcast %s : {FULL}
  %y = ascir.div %e, %sb : {FULL}
  %st = ascir.store %y : {FULL}
  %o = ascir.output %st {{index = 0 : i64}} : {FULL}""",
        lambda r, c: [_with_inf_rows(random_input("float32", (r, c)))],
    ),
}


def _with_inf_rows(x: np.ndarray) -> np.ndarray:
    x[1::4] = -np.inf
    x[2, 3] = np.nan
    return x


@pytest.mark.parametrize("pin", PINS, ids=[str(p) for p in PINS])
@pytest.mark.parametrize("name", list(GRAPHS))
def test_row_blocks_at_every_choice(name: str, pin: tuple[int, int] | None, pinned) -> None:  # type: ignore[no-untyped-def]
    body, make = GRAPHS[name]
    pinned(pin)
    rows, cols = 23, 70  # 70 floats: rows are not whole 32-byte blocks (UB gaps)
    run_case(graph(["s0", "s1"], AXES, body, name), make(rows, cols), {"s0": rows, "s1": cols}, f"rb_{name}", core_num=3)


def test_row_blocks_along_an_inner_kept_axis_of_three() -> None:
    """[B, T, C] + a [B, 1, C] row per batch: the block axis is T (the last kept one), the
    row of each batch is loaded once per block (not along the block axis)."""
    full, per_batch = t("float32", ["s0", "s1", "s2"]), t("float32", ["s0", "1", "s2"])
    body = f"""
  %x = ascir.data {{index = 0 : i64}} : {full}
  %b = ascir.data {{index = 1 : i64}} : {per_batch}
  %xl = ascir.load %x : {full}
  %bl = ascir.load %b : {per_batch}
  %bb = ascir.broadcast %bl : {full}
  %y = ascir.sub %xl, %bb : {full}
  %st = ascir.store %y : {full}
  %o = ascir.output %st {{index = 0 : i64}} : {full}"""
    ir = graph(["s0", "s1", "s2"], [("z0", "s0"), ("z1", "s1"), ("z2", "s2")], body, "rb3")
    inputs = [random_input("float32", (3, 17, 40)), random_input("float32", (3, 1, 40))]
    run_case(ir, inputs, {"s0": 3, "s1": 17, "s2": 40}, "rb3", core_num=4)


@pytest.mark.parametrize(("rows", "cols"), [(1000, 77), (300, 70), (4096, 64)])
def test_chunk_blocks_of_an_outer_axis_sum_and_its_normalisation(rows: int, cols: int) -> None:
    """sum(x, 0) and x - mean(x, 0): the reduced axis in blocks of chunks (a small UB: many
    small blocks), split over cores (SPLIT) with the partials combined in blocks, the
    output pass storing its rows after each block. The blocks keep torch's cascade order:
    every core count and UB size gives the one-core result bit for bit, within float64's
    sum by the bound of ``test_split_cascade``; a block's rows added in registers
    (``lowering.row_sums``, vf=True) give the memory-level Adds' result (vf=False) bit for bit."""
    red = t("float32", ["1", "s1"])
    body = f"""
  %x = ascir.data {{index = 0 : i64}} : {FULL}
  %l = ascir.load %x : {FULL}
  %s = ascir.reduce_sum %l : {red}
  %st = ascir.store %s : {red}
  %o = ascir.output %st {{index = 0 : i64}} : {red}
  %m = ascir.reduce_mean %l : {red}
  %mb = ascir.broadcast %m : {FULL}
  %d = ascir.sub %l, %mb : {FULL}
  %st2 = ascir.store %d : {FULL}
  %o2 = ascir.output %st2 {{index = 1 : i64}} : {FULL}"""
    rng = np.random.default_rng(rows)
    x = (rng.standard_normal((rows, cols)) * 1e3 + np.where(np.arange(rows) % 2 == 0, 1e4, -1e4)[:, None]).astype(
        np.float32
    )
    sizes = {"s0": rows, "s1": cols}
    ones = {}
    for vf in (True, False):
        k = compile_graph(parse_ir(graph(["s0", "s1"], AXES, body, "outer")), name="outer", vf=vf)
        assert ("_row_sum_float32(" in k.sources.device_impl_cpp) == vf
        one = ones[vf] = k(x, sizes=sizes, core_num=1)
        keys = set()
        for cores, ub_kb in ((8, 248), (56, 248), (8, 24), (3, 40)):
            got = k(x, sizes=sizes, core_num=cores, ub_size=ub_kb * 1024)
            keys.add(k.last_run.tiling_key)
            for g, o in zip(got, one, strict=True):
                np.testing.assert_array_equal(g, o, err_msg=f"{cores} cores, {ub_kb} KB UB (vf={vf})")
        exact = x.astype(np.float64).sum(0)
        bound = 1e-5 * np.abs(x).astype(np.float64).sum(0).max()
        assert np.abs(one[0].reshape(-1) - exact).max() <= bound
        assert np.abs(one[1] - (x - exact / rows)).max() <= bound
        if rows >= 1000:
            assert 3 in keys  # the SPLIT schedule ran
    for a, b in zip(ones[True], ones[False], strict=True):
        np.testing.assert_array_equal(a, b)


def test_the_model_takes_many_rows_per_copy_for_short_rows() -> None:
    """[4096, 256] float32 softmax on 56 cores: host tiling puts more than one row in a
    block and double-buffers (the DMA count shows it: one copy per block and tensor)."""
    body, make = GRAPHS["softmax"]
    k = compile_graph(parse_ir(graph(["s0", "s1"], AXES, body, "sm")), name="rb_model")
    k(*make(4096, 256), sizes={"s0": 4096, "s1": 256}, core_num=56)
    run = k.last_run
    assert run.stats["dma_calls"] <= 4096, run.stats["dma_calls"]  # a load and a store per 2 rows or more
    assert run.block_dim == 56
