"""Time from ``torch.compile`` to the first result: backend "ascir" vs "inductor".

For the LLaMA-style and BERT-style blocks of ``examples/torch_models.py`` (batch 2,
sequence 12), each system in a fresh process with empty caches (``ASCIR_CACHE_DIR`` and
``TORCHINDUCTOR_CACHE_DIR`` in a new temp dir; imports not counted) measures the wall time of
``torch.compile(model, dynamic=True)`` plus the first call, then a second call with another
sequence length (8) -- a new shape, which a dynamic graph serves without recompiling --
and checks both results against eager; then the in-process hit path: ``torch._dynamo.reset()``
and ``torch.compile`` + a call again (Inductor: its AOTAutograd and
FX-graph caches; ours: the compiled graphs kept in the process), the median of seven. The simulator's
once-per-machine toolchain
(``sim.o``, the precompiled header; ``ASCIR_TOOLCHAIN_CACHE_DIR``) is kept, as an installed
machine has it; the kernels themselves are built from scratch.

    python bench/torch_frontend.py [--only llama,bert]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(system: str, name: str) -> dict[str, float]:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "examples"))
    import torch
    import torch_models

    from pyautofuse.torch import ascir_backend, last_report

    model, inputs = torch_models.models()[name]
    backend = ascir_backend if system == "ascir" else "inductor"
    a, b = inputs(2, 12), inputs(2, 8)
    with torch.no_grad():
        start = time.perf_counter()
        c = torch.compile(model, backend=backend, dynamic=True)
        first = c(*a)
        t_first = time.perf_counter() - start
        start = time.perf_counter()
        second = c(*b)
        t_second = time.perf_counter() - start
        torch.testing.assert_close(first, model(*a), rtol=1e-4, atol=1e-4)
        torch.testing.assert_close(second, model(*b), rtol=1e-4, atol=1e-4)
        report = last_report() if system == "ascir" else None
        hits = []
        for _ in range(7):
            torch._dynamo.reset()
            start = time.perf_counter()
            torch.compile(model, backend=backend, dynamic=True)(*a)
            hits.append(time.perf_counter() - start)
    out = {"first": t_first, "new_shape": t_second, "hit": sorted(hits)[3]}
    if report is not None:
        out["regions"] = len(report.fused)
        out["eager_ops"] = sum(report.fallbacks.values())
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--only", default="llama,bert")
    p.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.child:
        print(json.dumps(child(*a.child)))
        return 0
    rows = []
    for name in a.only.split(","):
        for system in ("ascir", "inductor"):
            with tempfile.TemporaryDirectory() as tmp:
                env = dict(
                    os.environ, TORCHINDUCTOR_CACHE_DIR=f"{tmp}/inductor", ASCIR_CACHE_DIR=f"{tmp}/ascir"
                )
                env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
                out = subprocess.run(
                    [sys.executable, __file__, "--child", system, name],
                    env=env,
                    capture_output=True,
                    text=True,
                    cwd=ROOT,
                )
                if out.returncode:
                    print(out.stderr[-2000:], file=sys.stderr)
                    return 1
                rows.append((name, system, json.loads(out.stdout.strip().splitlines()[-1])))
    print("| block | backend | compile + first call (s) | new shape (s) | hit: compile + call (ms) | fused regions | ops in eager |")
    print("|---|---|---|---|---|---|---|")
    for name, system, r in rows:
        print(
            f"| {name} | {system} | {r['first']:.1f} | {r['new_shape']:.2f} | {r['hit'] * 1000:.0f} | "
            f"{r.get('regions', '')} | {r.get('eager_ops', '')} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
