"""Max/min reductions of rows of infinities on the 950 (issue 16, device numerics).

The 950's ReduceMax/ReduceMin start from the lowest/highest finite value (runtime/sim
vector.h cites the impl), so on the device -- and on the simulator, which does what the
device does -- a row of -inf reduces to -FLT_MAX. torch gives -inf; the lowering's fix-up
(``lowering.accumulators.Accumulators.unclamp``) restores it on every schedule: resident rows, rows streamed
through the UB, rows split over cores."""

from __future__ import annotations

import numpy as np
import pytest

from lowering.accumulators import Accumulators
from tools.compile import compile_graph

from ..conftest import parse_ir

ROW = "!ascir.tensor<{d}, [z0, z1], [s0, s1], [s1, 1]>"
KEPT = "!ascir.tensor<{d}, [z0, z1], [s0, 1], [1, 0]>"


def graph(op: str, d: str) -> str:
    t, r = ROW.format(d=d), KEPT.format(d=d)
    return f"""
ascir.graph @bounds hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {{
  %x = ascir.data {{index = 0 : i64}} : {t}
  %l = ascir.load %x : {t}
  %m = ascir.{op} %l : {r}
  %st = ascir.store %m : {r}
  %y = ascir.output %st {{index = 0 : i64}} : {r}
}}"""


def rows(op: str, dtype: type, cols: int) -> np.ndarray:
    """Ordinary, all infinite, infinite but one extreme finite value, NaN among infinities."""
    inf = -np.inf if op == "reduce_max" else np.inf
    x = np.random.default_rng(3).standard_normal((4, cols)).astype(dtype)
    x[1] = inf
    x[2] = inf
    x[2, cols // 2] = np.finfo(dtype).min if op == "reduce_max" else np.finfo(dtype).max
    x[3] = inf
    x[3, cols - 1] = np.nan
    return x


SCHEDULES = {  # name -> (columns, ub_size, core_num)
    "resident": (37, None, None),
    "streamed": (5000, 16 * 1024, 1),
    "split over cores": (20000, 16 * 1024, 8),
}


@pytest.mark.parametrize("schedule", sorted(SCHEDULES))
@pytest.mark.parametrize("vf", [True, False])
@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("op", ["reduce_max", "reduce_min"])
def test_rows_of_infinities_reduce_as_torch(op: str, dtype: type, vf: bool, schedule: str) -> None:
    cols, ub, cores = SCHEDULES[schedule]
    x = rows(op, dtype, cols)
    if schedule == "split over cores":
        x = x[1:3].copy()  # few long rows: the row is split over the cores
    k = compile_graph(parse_ir(graph(op, np.dtype(dtype).name)), vf=vf)
    (y,) = k(x, sizes={"s0": x.shape[0], "s1": cols}, ub_size=ub, core_num=cores, check=True)
    want = np.max(x, axis=1, keepdims=True) if op == "reduce_max" else np.min(x, axis=1, keepdims=True)
    np.testing.assert_array_equal(y, want)


def test_the_simulator_starts_from_the_finite_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the fix-up the kernel gives the device's answer, -FLT_MAX."""
    monkeypatch.setattr(Accumulators, "unclamp", lambda *args: None)
    monkeypatch.setenv("ASCIR_GRAPH_CACHE", "0")
    k = compile_graph(parse_ir(graph("reduce_max", "float32")), name="bounds_unfixed")
    (y,) = k(np.full((2, 40), -np.inf, np.float32), sizes={"s0": 2, "s1": 40})
    np.testing.assert_array_equal(y, np.full((2, 1), np.finfo(np.float32).min))
