"""A ``torch.compile(..., backend="ascir")`` function called from several threads at once
(issue 32 item 1): each call binds its own shapes (the backend's size bindings are per
thread) and runs its kernels on its own simulator state; results equal eager's."""

from __future__ import annotations

import threading

import pytest

torch = pytest.importorskip("torch")


def test_compiled_function_from_many_threads() -> None:
    def fn(x, b):  # two fused regions around a matmul (eager, releases the GIL)
        y = torch.relu(x + b) * 0.5
        z = (y @ y.t()) * 0.1
        return z - z.amax(-1, keepdim=True)

    torch._dynamo.reset()
    compiled = torch.compile(fn, backend="ascir", dynamic=True)
    shapes = [(3 + t, 40 + 7 * t) for t in range(8)]
    for rows, cols in shapes[:2]:  # compile (static, then dynamic) before the threads start
        compiled(torch.randn(rows, cols), torch.randn(cols))
    failures: list[str] = []

    def worker(t: int) -> None:
        g = torch.Generator().manual_seed(t)
        rows, cols = shapes[t]
        try:
            for _ in range(5):
                x, b = torch.randn(rows, cols, generator=g), torch.randn(cols, generator=g)
                torch.testing.assert_close(compiled(x, b), fn(x, b))
        except Exception as e:  # reported with the thread
            failures.append(f"thread {t}: {type(e).__name__}: {e}")

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not failures, failures[:3]
