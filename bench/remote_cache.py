"""First compile of a model block on a second machine, with and without the team's cache.

Each "machine" is a fresh process with empty kernel, graph and toolchain caches
(``ASCIR_CACHE_DIR``, ``ASCIR_TOOLCHAIN_CACHE_DIR`` in new temp dirs): machine A compiles the
block with the remote cache on (filling the server), machine B does the same afterwards,
machine C without a remote cache. Each measures ``torch.compile(model)`` plus the first call
(forward, and a training step: forward + backward), checks the result against eager, and
reports the wall time, the kernels compiled (by the process or its compile workers) and
fetched. The server is a ``redis-server``
this script starts on a free loopback port (Debian's package; ``pip install -e '.[remote]'``).

    python bench/remote_cache.py [--only llama,bert]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(name: str) -> dict[str, object]:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "examples"))
    import torch
    import torch_models

    from pyautofuse.torch import ascir_backend
    from runtime.build import STATS

    model, inputs = torch_models.models()[name]
    args = inputs(2, 6)
    t = time.time()
    out = torch.compile(model, backend=ascir_backend)(*args)
    torch.testing.assert_close(out, model(*args), rtol=1e-3, atol=1e-3)
    forward = time.time() - t
    model.train()
    t = time.time()
    torch._dynamo.reset()
    torch.compile(model, backend=ascir_backend)(*args).pow(2).mean().backward()
    training = time.time() - t
    # kernels built here, by this process or its compile workers: the local entries not fetched
    local = sum(1 for p in Path(os.environ["ASCIR_CACHE_DIR"]).glob("*/manifest.json"))
    return {"forward_s": forward, "training_s": training, "compiled": local - STATS.fetched, "fetched": STATS.fetched}


def machine(name: str, url: str) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as d:
        env = dict(
            os.environ,
            ASCIR_CACHE_DIR=str(Path(d) / "kernels"),
            ASCIR_TOOLCHAIN_CACHE_DIR=str(Path(d) / "toolchain"),
            ASCIR_REMOTE_CACHE=url,
            PYTHONPATH=str(ROOT),
        )
        code = f"import json, sys; sys.path.insert(0, {str(ROOT / 'bench')!r}); import remote_cache as b; print(json.dumps(b.child({name!r})))"
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=3600)
        if out.returncode != 0:
            raise SystemExit(out.stderr[-4000:])
        return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="llama")
    a = parser.parse_args()
    server = shutil.which("redis-server")
    if server is None:
        print("redis-server is not installed (apt-get install redis-server)")
        return 1
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        time.sleep(0.5)
        url = f"redis://127.0.0.1:{port}/0"
        print(f"{'block':8} {'machine':32} {'forward s':>10} {'training s':>11} {'compiled':>9} {'fetched':>8}")
        for name in a.only.split(","):
            for label, remote in (("A: remote on, server empty", url), ("B: remote on, after A", url), ("C: no remote cache", "")):
                r = machine(name, remote)
                print(
                    f"{name:8} {label:32} {r['forward_s']:10.1f} {r['training_s']:11.1f} "
                    f"{r['compiled']:9} {r['fetched']:8}",
                    flush=True,
                )
    finally:
        proc.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
