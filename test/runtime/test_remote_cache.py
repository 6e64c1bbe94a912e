"""The team's cache on Redis (issue 39, ``runtime.remote_cache``).

Envelope checks run anywhere; the rest against a real ``redis-server`` (Debian's package)
that each test starts on a free loopback port and stops -- skipped, saying so, where it is
not installed (``.ci/run`` installs it). "Machines" are processes with their own empty local
caches (``ASCIR_CACHE_DIR``) sharing one server: the second builds nothing; a poisoned entry
is refused and replaced; a server killed mid-run or never reachable costs one warning and at
most one timeout; concurrent writers leave a valid entry.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ascir_dialect.diagnostics import AscirError
from runtime import remote_cache as rc

ROOT = Path(__file__).resolve().parents[2]
REDIS = shutil.which("redis-server")
needs_redis = pytest.mark.skipif(
    REDIS is None, reason="redis-server is not installed (apt-get install redis-server; .ci/run does)"
)
GRAPH = """
ascir.graph @scale{n} hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {{
  %x = ascir.data {{index = 0 : i64}} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %c = ascir.scalar {{value = "{n}.5"}} : !ascir.scalar<float32>
  %b = ascir.broadcast %c : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.mul %l, %b : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %m : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %o = ascir.output %st {{index = 0 : i64}} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}}
"""
MACHINE = """
import json, sys, time, warnings
import numpy as np
from xdsl.parser import Parser
from pyautofuse import compile_graph
from runtime import remote_cache
from runtime.build import STATS
from tools.ascir_opt import make_context
job = json.loads(sys.argv[1])
out = []
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for k, text in enumerate(job["graphs"]):
        t = time.time()
        kernel = compile_graph(Parser(make_context(), text).parse_module())
        x = np.arange(6, dtype=np.float32).reshape(2, 3)
        (y,) = kernel(x, sizes={"s0": 2, "s1": 3})
        out.append({"seconds": time.time() - t, "y": y.tolist()})
        if k == 0 and job.get("pause"):
            print("READY", flush=True)
            sys.stdin.readline()
remote = remote_cache.resolve()
stats = remote.stats.__dict__ if remote is not None else {}
print(json.dumps({"compiled": STATS.compiled, "fetched": STATS.fetched, "stats": stats, "runs": out,
                  "warnings": [str(w.message) for w in caught if issubclass(w.category, remote_cache.RemoteCacheWarning)]}))
"""


# ------------------------------------------------------------------ fixtures
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self) -> None:
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc = subprocess.Popen(
            [REDIS, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("redis-server did not start")

    def client(self):  # type: ignore[no-untyped-def]
        import redis

        return redis.Redis(host="127.0.0.1", port=self.port)

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait()


@pytest.fixture
def server() -> Iterator[Server]:
    pytest.importorskip("redis", reason="the redis client is the optional extra .[remote]")
    s = Server()
    rc.forget()
    try:
        yield s
    finally:
        s.stop()
        rc.forget()


def machine(tmp_path: Path, name: str, url: str, graphs: list[str], extra: dict[str, str] | None = None, **job) -> dict:  # type: ignore[no-untyped-def]
    """One 'machine': a process with its own empty kernel and graph caches."""
    env = dict(os.environ, ASCIR_CACHE_DIR=str(tmp_path / name), ASCIR_REMOTE_CACHE=url, PYTHONPATH=str(ROOT))
    env.update(extra or {})
    out = subprocess.run(
        [sys.executable, "-c", MACHINE, json.dumps({"graphs": graphs, **job})],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


# ------------------------------------------------------------------ envelope
def test_envelope_round_trip_and_every_tampering_refused() -> None:
    cache = rc.RemoteCache("redis://127.0.0.1:1/0")
    value = cache.seal("kernel", "k1", "tc", b"\x7fELF library bytes")
    assert cache.open(value, "kernel", "k1", "tc") == b"\x7fELF library bytes"
    flipped = value[:-1] + bytes([value[-1] ^ 1])
    cases = {
        "sha256": flipped,
        "payload has": value + b"x",
        "kind": value,
        "context": value,
        "not an ascir cache value": b"\x7fELF" + value,
        "truncated header": rc.MAGIC + b'{"format": 1',
    }
    for why, bad in cases.items():
        kind, context = ("graph", "tc") if why == "kind" else ("kernel", "other" if why == "context" else "tc")
        with pytest.raises(ValueError, match=why):
            cache.open(bad, kind, "k1", context)
    with pytest.raises(ValueError, match="key"):
        cache.open(value, "kernel", "k2", "tc")


def test_with_a_secret_unsigned_and_foreign_values_are_refused() -> None:
    team = rc.RemoteCache("redis://x/0", secret=b"team secret")
    other = rc.RemoteCache("redis://x/0", secret=b"another team")
    plain = rc.RemoteCache("redis://x/0")
    signed = team.seal("kernel", "k", "tc", b"payload")
    assert team.open(signed, "kernel", "k", "tc") == b"payload"
    for value in (plain.seal("kernel", "k", "tc", b"payload"), other.seal("kernel", "k", "tc", b"payload")):
        with pytest.raises(ValueError, match="HMAC"):
            team.open(value, "kernel", "k", "tc")
    # a writer without the secret who recomputes the digest of a changed payload
    head, _, _ = signed[len(rc.MAGIC) :].partition(b"\n")
    header = json.loads(head)
    forged_payload = b"evil"
    import hashlib

    header.update(size=len(forged_payload), sha256=hashlib.sha256(forged_payload).hexdigest())
    forged = rc.MAGIC + json.dumps(header).encode() + b"\n" + forged_payload
    with pytest.raises(ValueError, match="HMAC"):
        team.open(forged, "kernel", "k", "tc")


def test_settings_are_checked_and_passwords_never_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    assert rc.redact("redis://user:hunter2@cache:6379/0") == "redis://user:***@cache:6379/0"
    with pytest.raises(rc.RemoteCacheError, match="redis://host:port/db") as e:
        rc.resolve("http://user:hunter2@cache/0")
    assert "hunter2" not in str(e.value) and isinstance(e.value, AscirError)
    monkeypatch.setenv("ASCIR_REMOTE_CACHE_TIMEOUT", "0")
    with pytest.raises(rc.RemoteCacheError, match="must be > 0"):
        rc.resolve("redis://127.0.0.1:1/0")
    monkeypatch.delenv("ASCIR_REMOTE_CACHE", raising=False)
    assert rc.resolve() is None and rc.resolve("") is None


def test_backend_and_compile_graph_refuse_a_wrong_url() -> None:
    from pyautofuse import compile_graph

    from ..conftest import parse_ir

    with pytest.raises(AscirError, match="remote cache URL"):
        compile_graph(parse_ir(GRAPH.format(n=1)), remote_cache="memcached://cache:11211")
    torch = pytest.importorskip("torch")
    from pyautofuse.torch.backend import BackendOptions

    with pytest.raises(AscirError, match="remote cache URL"):
        BackendOptions.parse({"remote_cache": "s3://bucket"})
    assert BackendOptions.parse({"remote_cache": "redis://h:1/0"}).remote_cache == "redis://h:1/0"
    del torch


# ------------------------------------------------------------- real server
@needs_redis
def test_second_machine_builds_nothing(server: Server, tmp_path: Path) -> None:
    graphs = [GRAPH.format(n=n) for n in (1, 2)]
    first = machine(tmp_path, "a", server.url, graphs)
    second = machine(tmp_path, "b", server.url, graphs)
    assert first["compiled"] == 2 and first["fetched"] == 0 and first["stats"]["stored"] == 4, first
    # the sources (no pipeline) and the libraries (no build) both come from the server
    assert second["compiled"] == 0 and second["fetched"] == 2, second
    assert second["stats"]["hits"] == 4 and second["stats"]["refused"] == 0, second
    assert [r["y"] for r in first["runs"]] == [r["y"] for r in second["runs"]]
    # written through: a third process on machine b finds everything locally
    third = machine(tmp_path, "b", server.url, graphs)
    assert third["compiled"] == 0 and third["fetched"] == 0 and third["stats"]["hits"] == 0, third


def shared_kernel(server: Server, tmp_path: Path, graphs: list[str]) -> tuple[Any, bytes, bytes]:
    """Machine a builds ``graphs`` (one kernel): the server's client, the kernel's key and value."""
    machine(tmp_path, "a", server.url, graphs)
    r = server.client()
    (name,) = [k for k in r.keys("ascir:*:kernel:*")]
    return r, name, r.get(name)


@needs_redis
def test_poisoned_kernel_is_refused_rebuilt_and_replaced(server: Server, tmp_path: Path) -> None:
    graphs = [GRAPH.format(n=3)]
    r, name, good = shared_kernel(server, tmp_path, graphs)
    poisoned = good[:-100] + b"\x00" * 100  # the library's bytes changed, the header kept
    r.set(name, poisoned)
    victim = machine(tmp_path, "b", server.url, graphs)
    assert victim["compiled"] == 1 and victim["fetched"] == 0 and victim["stats"]["refused"] == 1, victim
    assert r.get(name) != poisoned  # the rebuilt library replaced it
    again = machine(tmp_path, "c", server.url, graphs)
    assert again["fetched"] == 1 and again["compiled"] == 0, again


@needs_redis
def test_foreign_toolchain_library_is_never_taken(server: Server, tmp_path: Path) -> None:
    """A library stored under the key by a build with another toolchain context is refused."""
    graphs = [GRAPH.format(n=4)]
    r, name, value = shared_kernel(server, tmp_path, graphs)
    head, _, payload = value[len(rc.MAGIC) :].partition(b"\n")
    header = json.loads(head)
    header["context"] = "0" * 32  # another compiler or flags
    r.set(name, rc.MAGIC + json.dumps(header).encode() + b"\n" + payload)
    other = machine(tmp_path, "b", server.url, graphs)
    assert other["compiled"] == 1 and other["stats"]["refused"] == 1, other


@needs_redis
def test_server_killed_mid_run_costs_one_warning(server: Server, tmp_path: Path) -> None:
    env = dict(
        os.environ,
        ASCIR_CACHE_DIR=str(tmp_path / "a"),
        ASCIR_REMOTE_CACHE=server.url,
        PYTHONPATH=str(ROOT),
        ASCIR_REMOTE_CACHE_TIMEOUT="1",
    )
    job = {"graphs": [GRAPH.format(n=n) for n in (5, 6, 7)], "pause": True}
    proc = subprocess.Popen(
        [sys.executable, "-c", MACHINE, json.dumps(job)],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdin is not None
    assert proc.stdout.readline().strip() == "READY"
    server.stop()
    t = time.time()
    out, err = proc.communicate("\n", timeout=600)
    assert proc.returncode == 0, err[-3000:]
    result = json.loads(out.strip().splitlines()[-1])
    assert len(result["warnings"]) == 1 and "off for this process" in result["warnings"][0], result
    assert result["compiled"] == 3 and result["stats"]["errors"] == 1, result
    assert time.time() - t < 60


@needs_redis
def test_unreachable_server_costs_at_most_one_timeout(tmp_path: Path) -> None:
    pytest.importorskip("redis")
    # a listening socket that never answers: every request would wait the whole timeout
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(16)
    url = f"redis://127.0.0.1:{silent.getsockname()[1]}/0"
    try:
        t = time.time()
        result = machine(tmp_path, "a", url, [GRAPH.format(n=n) for n in (8, 9)], {"ASCIR_REMOTE_CACHE_TIMEOUT": "1"})
        elapsed = time.time() - t
    finally:
        silent.close()
    assert len(result["warnings"]) == 1 and result["stats"]["errors"] == 1, result
    assert result["compiled"] == 2
    assert elapsed < 60  # one 1 s timeout, not one per lookup (the builds take the rest)


@needs_redis
def test_concurrent_writers_leave_valid_entries(server: Server, tmp_path: Path) -> None:
    """Two machines compiling the same graphs at once (both miss, both build, both store):
    every entry on the server is whole and verifies; a third machine takes them all."""
    graphs = [GRAPH.format(n=n) for n in (10, 11)]
    env = {k: v for k, v in os.environ.items()}
    procs = []
    for name in ("a", "b"):
        e = dict(env, ASCIR_CACHE_DIR=str(tmp_path / name), ASCIR_REMOTE_CACHE=server.url, PYTHONPATH=str(ROOT))
        procs.append(
            subprocess.Popen(
                [sys.executable, "-c", MACHINE, json.dumps({"graphs": graphs})],
                env=e,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        )
    for p in procs:
        _out, err = p.communicate(timeout=600)
        assert p.returncode == 0, err[-3000:]
    third = machine(tmp_path, "c", server.url, graphs)
    assert third["compiled"] == 0 and third["fetched"] == 2 and third["stats"]["refused"] == 0, third


@needs_redis
def test_size_limit_keeps_large_values_off_the_server(server: Server, tmp_path: Path) -> None:
    result = machine(tmp_path, "a", server.url, [GRAPH.format(n=12)], {"ASCIR_REMOTE_CACHE_MAX_BYTES": "1000"})
    assert result["stats"]["stored"] == 0 and not result["warnings"], result
    assert server.client().keys("ascir:*") == []


@needs_redis
def test_torch_backend_option_shares_the_kernels(server: Server, tmp_path: Path) -> None:
    pytest.importorskip("torch")
    script = """
import json, sys, torch
from pyautofuse.torch import ascir_backend
from runtime.build import STATS
fn = torch.compile(lambda x: torch.relu(x * 3 + 1), backend=ascir_backend, options={"remote_cache": sys.argv[1]})
y = fn(torch.arange(12.0).reshape(3, 4))
print(json.dumps({"compiled": STATS.compiled, "fetched": STATS.fetched, "y": y.tolist()}))
"""
    results = []
    for name in ("a", "b"):
        env = dict(os.environ, ASCIR_CACHE_DIR=str(tmp_path / name), PYTHONPATH=str(ROOT))
        env.pop("ASCIR_REMOTE_CACHE", None)
        out = subprocess.run([sys.executable, "-c", script, server.url], env=env, capture_output=True, text=True, timeout=600)
        assert out.returncode == 0, out.stderr[-3000:]
        results.append(json.loads(out.stdout.strip().splitlines()[-1]))
    assert results[0]["compiled"] >= 1 and results[1] == {**results[0], "compiled": 0, "fetched": results[0]["compiled"]}


def test_missing_client_degrades_with_one_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_redis(name, *args, **kwargs):  # type: ignore[no-untyped-def]
        if name == "redis" or name.startswith("redis."):
            raise ImportError("No module named 'redis'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_redis)
    cache = rc.RemoteCache("redis://127.0.0.1:1/0")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert cache.get("graph", "k") is None and cache.put("graph", "k", b"v") is False
        assert cache.get("graph", "k2") is None
    assert len([w for w in caught if issubclass(w.category, rc.RemoteCacheWarning)]) == 1
    assert "pip install 'ascir-toolchain[remote]'" in (cache.disabled or "")
