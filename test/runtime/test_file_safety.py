"""Every file the tools write is written safely (hostile-input issue, item "Files").

A symbolic link (to a file outside), a hard link or a FIFO is planted at every name the
tools write -- graph-cache entries and the predictable temporary name they used to use,
the kernel and toolchain caches' lock files, manifests, work-directory files and failed
entries, dump files, trace files -- and each test checks that nothing outside changed
and that the write was refused with a message naming the path (or, where the file is
best effort, skipped). A read-only graph cache holding a damaged entry still compiles;
processes and threads writing one graph-cache entry at once all succeed.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

import ascir_dialect.safe_io as safe_io
import tools.compile
from ascendc_emitter.names import file_name
from ascendc_emitter.printer import KernelSources
from ascir_dialect.diagnostics import AscirError
from ascir_dialect.safe_io import (
    UnsafePathError,
    make_dirs,
    open_lock,
    read_regular,
    write_atomic,
    write_in_place,
)
from passes.dump import dump_text, dumping
from runtime.build import LIBRARY, MANIFEST, ToolchainObjects, cached_build, exclusive
from runtime.cache import CACHE_FORMAT, kernel_key
from runtime.errors import KernelBuildError
from runtime.kernel import Timeline
from runtime.toolchain import sim_toolchain
from test.conftest import opt_in_process, parse_ir
from tools import graph_cache
from tools.compile import compile_graph

build_mod = importlib.import_module("runtime.build")  # the package attribute is the function build()
ROOT = Path(__file__).resolve().parent.parent.parent
ADD_RELU = ROOT / "examples" / "add_relu.mlir"

GRAPH = """
ascir.graph @file_safety hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x sched [z0] : !ascir.tensor<float32, [z0], [s0], [1]>
  %e = ascir.exp %l sched [z0] : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %e sched [z0] : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
"""

SECRET = "the file outside: must never change\n"
LINKS = ("symlink", "hardlink", "fifo")


# ------------------------------------------------------------------- helpers


@contextlib.contextmanager
def no_hang(seconds: float = 20) -> Iterator[None]:
    """Fail (instead of hanging the suite) when a FIFO blocks an open or a read."""

    def expired(_signum: int, _frame: object) -> None:
        raise TimeoutError(f"blocked for {seconds}s: a FIFO was opened")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class Outside:
    """A file (and a directory) outside every directory the tools write: what a planted
    link points to. ``untouched()`` checks nothing reached them."""

    def __init__(self, base: Path):
        self.dir = base / "outside"
        self.dir.mkdir(exist_ok=True)
        self.file = self.dir / "victim.txt"
        self.file.write_text(SECRET)
        self.before = self.listing()

    def listing(self) -> dict[str, bytes]:
        return {p.name: p.read_bytes() for p in self.dir.iterdir()}

    def untouched(self) -> None:
        assert self.file.read_text() == SECRET
        assert self.listing() == self.before


@pytest.fixture
def outside(tmp_path: Path) -> Outside:
    return Outside(tmp_path)


def plant(path: Path, kind: str, outside: Outside) -> None:
    """A symbolic link to the outside file, a hard link of it, or a FIFO, at ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "symlink":
        path.symlink_to(outside.file)
    elif kind == "hardlink":
        os.link(outside.file, path)
    else:
        os.mkfifo(path)


def refused(kind: str) -> str:
    """What the refusal of a planted ``kind`` says."""
    return {"symlink": "symbolic link", "hardlink": "hard links", "fifo": "FIFO"}[kind]


WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


@contextlib.contextmanager
def read_only(monkeypatch: pytest.MonkeyPatch, *dirs: Path) -> Iterator[None]:
    """The file system read-only, as far as this process sees: ``dirs`` chmod'ed to 0o555
    (enough where tests do not run as root) and every write call raising EROFS (root
    ignores modes: this is what a read-only mount does to it)."""

    def erofs(*_args: object, **_kwargs: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    real_open = os.open

    def open_(path: object, flags: int, *args: object, **kwargs: object) -> int:
        if flags & WRITE_FLAGS:
            erofs()
        return real_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    modes = {d: d.stat().st_mode for d in dirs}
    for d in dirs:
        d.chmod(0o555)
    try:
        with monkeypatch.context() as m:
            m.setattr(os, "open", open_)
            for name in ("replace", "rename", "unlink", "remove", "mkdir", "rmdir", "link", "symlink"):
                m.setattr(os, name, erofs)
            yield
    finally:
        for d, mode in modes.items():
            d.chmod(mode)


# ------------------------------------------------------------ safe_io itself


@pytest.mark.parametrize("kind", LINKS)
def test_write_in_place_refuses_links_and_fifos(kind: str, tmp_path: Path, outside: Outside) -> None:
    target = tmp_path / "dir" / "out.txt"
    plant(target, kind, outside)
    with no_hang(), pytest.raises(UnsafePathError, match=refused(kind)) as caught:
        write_in_place(target, "payload")
    assert str(target) in str(caught.value) and isinstance(caught.value, AscirError)
    assert isinstance(caught.value, PermissionError) and caught.value.errno == errno.EPERM
    outside.untouched()


def test_write_in_place_overwrites_a_regular_file_and_truncates(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("a much longer text than the new one")
    write_in_place(target, "short")
    assert target.read_text() == "short"
    write_in_place(tmp_path / "new.txt", b"\x00bytes")
    assert (tmp_path / "new.txt").read_bytes() == b"\x00bytes"


def test_write_in_place_refuses_a_directory_and_a_device(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    with pytest.raises(UnsafePathError, match="directory"):
        write_in_place(tmp_path / "d", "x")
    (tmp_path / "null").symlink_to("/dev/null")
    with pytest.raises(UnsafePathError, match="symbolic link"):
        write_in_place(tmp_path / "null", "x")


@pytest.mark.parametrize("kind", LINKS)
def test_write_atomic_replaces_what_was_planted_never_writes_through(
    kind: str, tmp_path: Path, outside: Outside
) -> None:
    target = tmp_path / "entry.json"
    plant(target, kind, outside)
    with no_hang():
        write_atomic(target, "fresh")
    assert not target.is_symlink() and target.read_text() == "fresh" and target.stat().st_nlink == 1
    assert [p.name for p in tmp_path.iterdir() if p.name != "outside"] == ["entry.json"]  # no temp left
    outside.untouched()


def test_write_atomic_temp_names_are_exclusive(
    tmp_path: Path, outside: Outside, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A link planted at the temporary name about to be drawn is never opened (O_EXCL):
    another name is drawn."""
    names = iter(["planted", "free"])
    monkeypatch.setattr(safe_io.secrets, "token_hex", lambda _n: next(names))
    plant(tmp_path / ".entry.json.planted.tmp", "symlink", outside)
    write_atomic(tmp_path / "entry.json", "fresh")
    assert (tmp_path / "entry.json").read_text() == "fresh"
    assert (tmp_path / ".entry.json.planted.tmp").is_symlink()
    outside.untouched()


@pytest.mark.parametrize("kind", LINKS)
def test_open_lock_refuses_links_and_fifos(kind: str, tmp_path: Path, outside: Outside) -> None:
    lock = tmp_path / ".lock-x"
    plant(lock, kind, outside)
    with no_hang(), pytest.raises(UnsafePathError, match=refused(kind)):
        os.close(open_lock(lock))
    outside.untouched()
    fd = open_lock(tmp_path / ".lock-y")  # a fresh one is fine
    os.close(fd)


@pytest.mark.parametrize(
    "call",
    [
        lambda p, r: write_atomic(p, "x", root=r),
        lambda p, r: write_in_place(p, "x", root=r),
        lambda p, r: make_dirs(p.parent, root=r),
        lambda p, r: read_regular(p, root=r),
        lambda p, r: os.close(open_lock(p, root=r)),
    ],
    ids=["write_atomic", "write_in_place", "make_dirs", "read_regular", "open_lock"],
)
def test_a_link_planted_between_root_and_file_is_refused(
    call: Callable[[Path, Path], object], tmp_path: Path, outside: Outside
) -> None:
    """The directories below ``root`` are the tool's own: never reached through a link."""
    root = tmp_path / "cache"
    root.mkdir()
    (root / "graphs").symlink_to(outside.dir, target_is_directory=True)
    with pytest.raises(UnsafePathError, match="symbolic link") as caught:
        call(root / "graphs" / "victim.txt", root)
    assert str(root / "graphs") in str(caught.value)
    outside.untouched()


def test_the_root_itself_may_be_a_users_link(tmp_path: Path) -> None:
    real = tmp_path / "big_disk"
    real.mkdir()
    (tmp_path / "cache").symlink_to(real, target_is_directory=True)
    write_atomic(tmp_path / "cache" / "graphs" / "a.json", "x", root=tmp_path / "cache")
    assert (real / "graphs" / "a.json").read_text() == "x"


def test_paths_leaving_the_root_are_refused(tmp_path: Path, outside: Outside) -> None:
    root = tmp_path / "root"
    for bad in (root / ".." / "outside" / "victim.txt", outside.file):
        with pytest.raises(UnsafePathError, match="not inside"):
            write_in_place(bad, "x", root=root)
    outside.untouched()


@pytest.mark.parametrize("kind", ["symlink", "fifo"])
def test_read_regular_refuses_links_and_never_blocks(kind: str, tmp_path: Path, outside: Outside) -> None:
    path = tmp_path / "entry"
    plant(path, kind, outside)
    with no_hang(), pytest.raises(UnsafePathError, match=refused(kind)):
        read_regular(path)
    if kind == "symlink":
        assert read_regular(path, follow=True) == SECRET.encode()


# ---------------------------------------------------------------- graph cache


@pytest.fixture
def graphs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A graph cache of this test's own (``<ASCIR_CACHE_DIR>/graphs``), nothing in memory."""
    monkeypatch.setenv("ASCIR_CACHE_DIR", str(tmp_path / "kernels"))
    monkeypatch.delenv("ASCIR_GRAPH_CACHE", raising=False)
    graph_cache.clear_memory()
    yield tmp_path / "kernels" / "graphs"
    graph_cache.clear_memory()


@pytest.fixture
def no_build(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """compile_graph without building its kernel (these tests look at the graph cache);
    counts the pipeline runs."""
    monkeypatch.setattr(tools.compile, "compile_kernel", lambda *a, **k: SimpleNamespace(name=k.get("name")))
    runs: list[str] = []
    real = tools.compile.run_autofuse

    def counting(*args: object, **kwargs: object) -> object:
        runs.append("run")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(tools.compile, "run_autofuse", counting)
    return runs


def graph_entry_key() -> str:
    """The graph-cache key compile_graph(parse_ir(GRAPH)) uses (the entry file's stem)."""
    compile_graph(parse_ir(GRAPH))
    graph_cache.clear_memory()
    (entry,) = graph_cache.cache_root().joinpath("graphs").glob("*.json")
    return entry.stem


def entry_ok(path: Path, key: str) -> bool:
    return not path.is_symlink() and path.stat().st_nlink == 1 and json.loads(path.read_text())["key"] == key


@pytest.mark.parametrize("kind", LINKS)
@pytest.mark.parametrize("where", ["entry", "old temp name"])
def test_graph_cache_never_writes_through_a_planted_link(
    kind: str, where: str, graphs: Path, no_build: list[str], outside: Outside
) -> None:
    """Links at the entry (read, refused or not valid, and replaced) and at the predictable
    temporary name the cache used to write (``graphs/.<key>.json.<pid>.tmp``)."""
    key = graph_entry_key()
    entry = graphs / f"{key}.json"
    entry.unlink()
    planted = entry if where == "entry" else graphs / f".{key}.json.{os.getpid()}.tmp"
    plant(planted, kind, outside)
    with no_hang():
        compiled = compile_graph(parse_ir(GRAPH))
    assert no_build == ["run", "run"]  # nothing served from the link
    assert entry_ok(entry, key) and "Exp" in compiled.sources.device_impl_cpp
    outside.untouched()


def test_graph_cache_refuses_a_linked_graphs_directory(
    graphs: Path, no_build: list[str], outside: Outside
) -> None:
    """``graphs/`` planted as a link to another directory: nothing is read from or written
    there; the compile goes on without the disk cache."""
    graphs.parent.mkdir(parents=True)
    graphs.symlink_to(outside.dir, target_is_directory=True)
    compile_graph(parse_ir(GRAPH))
    graph_cache.clear_memory()
    compile_graph(parse_ir(GRAPH))
    assert no_build == ["run", "run"]
    outside.untouched()


@pytest.mark.parametrize(
    "content",
    [
        '{"key": "%s", "sha256": "x", "files": {"tiling.h": 1, "host_impl.cpp": 2, "device_impl.cpp": 3}}',
        '{"key": "%s", "files": ["tiling.h"]}',
        '["%s"]',
        "[" * 100_000,
        "\xff\xfe not utf-8",
    ],
    ids=["not strings", "files a list", "a list", "nested deeply", "not utf-8"],
)
def test_graph_cache_entry_is_input(content: str, graphs: Path, no_build: list[str]) -> None:
    """An edited entry, whatever it holds, is a miss (and rewritten), never an exception."""
    key = graph_entry_key()
    entry = graphs / f"{key}.json"
    entry.write_bytes((content % key if "%s" in content else content).encode("utf-8", "surrogateescape"))
    assert graph_cache.lookup(key) is None
    compile_graph(parse_ir(GRAPH))
    assert entry_ok(entry, key)


def test_read_only_graph_cache_with_a_damaged_entry_compiles(
    tmp_path: Path, graphs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue: a damaged graph-cache entry on a read-only cache directory aborted the
    compile with [Errno 30] although the kernel entry was intact. Now the entry is skipped
    (a miss: it is neither removed nor rewritten) and the kernel served from its cache."""
    x = np.linspace(-2, 2, 19, dtype=np.float32)
    (y,) = compile_graph(parse_ir(GRAPH))(x, sizes={"s0": 19})  # builds the kernel, stores the entry
    (entry,) = graphs.glob("*.json")
    entry.write_text("damaged")
    graph_cache.clear_memory()
    kernels = graphs.parent
    with read_only(monkeypatch, kernels, graphs, *(p for p in kernels.iterdir() if p.is_dir())):
        compiled = compile_graph(parse_ir(GRAPH))
        (again,) = compiled(x, sizes={"s0": 19})
        graph_cache.store("0" * 32, compiled.sources)  # a write that fails: skipped
    np.testing.assert_allclose(again, y)
    assert entry.read_text() == "damaged"  # not removed, not rewritten
    assert not (graphs / f"{'0' * 32}.json").exists()


def test_read_only_graph_cache_serves_an_intact_entry(
    graphs: Path, no_build: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    graph_entry_key()
    with read_only(monkeypatch, graphs.parent, graphs):
        compile_graph(parse_ir(GRAPH))
        graph_cache.clear_memory()
        graph_cache.store("1" * 32, KernelSources("a", "b", "c"))
    assert no_build == ["run"]  # the first compile only: the entry was served


CONCURRENT = """
import sys
from ascendc_emitter.printer import KernelSources
from tools import graph_cache
sources = KernelSources("t" * 5000, "h" * 70000, sys.argv[1] * 90000)
for _ in range(int(sys.argv[2])):
    graph_cache.store(sys.argv[3], sources)
    graph_cache.clear_memory()
    assert graph_cache.lookup(sys.argv[3]) == sources, "a torn or missing entry"
print("ok")
"""


def test_two_processes_write_one_entry_at_once(tmp_path: Path) -> None:
    """Both succeed, every read of the entry sees a whole one, no temporary file is left."""
    env = {**os.environ, "ASCIR_CACHE_DIR": str(tmp_path / "kernels"), "ASCIR_GRAPH_CACHE": "1"}
    key = "f" * 32
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", CONCURRENT, "d", "150", key],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0 and out.strip() == "ok", err
    assert [p.name for p in (tmp_path / "kernels" / "graphs").iterdir()] == [f"{key}.json"]


def test_threads_write_one_entry_at_once(graphs: Path) -> None:
    """Threads of one process share a pid: the old ``.<key>.json.<pid>.tmp`` name made them
    write one temporary file."""
    key, sources = "e" * 32, KernelSources("t" * 5000, "h" * 50000, "d" * 50000)
    errors: list[BaseException] = []

    def writer() -> None:
        try:
            for _ in range(100):
                graph_cache.store(key, sources)
                assert json.loads((graphs / f"{key}.json").read_text())["files"] == sources.as_dict()
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=writer) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert [p.name for p in graphs.iterdir()] == [f"{key}.json"]


# ------------------------------------------------------ kernel/toolchain caches


@pytest.mark.parametrize("kind", LINKS)
def test_cache_lock_file_refuses_links(kind: str, tmp_path: Path, outside: Outside) -> None:
    entry = tmp_path / "cache" / "abi-0123"
    plant(entry.with_name(f".lock-{entry.name}"), kind, outside)
    with no_hang(), pytest.raises(UnsafePathError, match=refused(kind)) as caught:
        with exclusive(entry):
            pass
    assert f".lock-{entry.name}" in str(caught.value)
    outside.untouched()


def produce_with(plant_in_work: Callable[[Path], None]) -> Callable[[Path], None]:
    """A ``produce`` that plants something in its work directory, then writes the product."""

    def produce(work: Path) -> None:
        plant_in_work(work)
        (work / "product.o").write_bytes(b"object")

    return produce


@pytest.mark.parametrize("kind", LINKS)
@pytest.mark.parametrize("name", [f".{MANIFEST}.tmp", MANIFEST])
def test_manifest_is_never_written_through_a_link(
    kind: str, name: str, tmp_path: Path, outside: Outside
) -> None:
    """``.manifest.json.tmp`` is the predictable temporary name the manifest was written to."""
    entry = tmp_path / "cache" / "abi-0123"
    entry.parent.mkdir()
    with no_hang():
        built = cached_build(entry, "k", "product.o", produce_with(lambda w: plant(w / name, kind, outside)))
    manifest = json.loads(read_regular(built / MANIFEST))
    assert manifest["key"] == "k" and not (built / MANIFEST).is_symlink()
    outside.untouched()


def test_a_linked_entry_or_fifos_in_an_entry_are_never_reused(tmp_path: Path, outside: Outside) -> None:
    root = tmp_path / "cache"
    entry = root / "abi-0123"
    sibling = root / "abi-other"
    cached_build(sibling, "k", "product.o", produce_with(lambda w: None))
    entry.symlink_to(sibling, target_is_directory=True)  # a valid entry, through a link
    built = cached_build(entry, "k", "product.o", produce_with(lambda w: None))
    assert not built.is_symlink() and (sibling / MANIFEST).is_file()  # the link removed, not its target
    # a FIFO as the manifest, then as the product behind a manifest naming it
    for fifo, manifest in ((MANIFEST, None), ("product.o", {"key": "k", "product": "product.o"})):
        target = root / f"abi-{fifo.replace('.', '-')}"
        target.mkdir()
        if manifest:
            (target / MANIFEST).write_text(json.dumps({**manifest, "format": CACHE_FORMAT, "sha256": "0"}))
        os.mkfifo(target / fifo)
        with no_hang():
            rebuilt = cached_build(target, "k", "product.o", produce_with(lambda w: None))
        assert (rebuilt / "product.o").read_bytes() == b"object"
    outside.untouched()


@pytest.fixture
def stub_toolchain(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Kernel builds without a compiler: the shared objects are named only, every command fails."""
    monkeypatch.setenv("ASCIR_CACHE_DIR", str(tmp_path / "kernels"))
    fake = tmp_path / "fake_toolchain"
    monkeypatch.setattr(
        build_mod, "toolchain_objects", lambda _t: ToolchainObjects(fake / "abi.o", fake, fake / "sim.o")
    )
    monkeypatch.setattr(
        build_mod, "_run", lambda c, cwd: subprocess.CompletedProcess(c, 1, "", "compiler says no")
    )


def sources() -> dict[str, str]:
    return {"tiling.h": "// t\n", "host_impl.cpp": "// h\n", "device_impl.cpp": "// d\n"}


@pytest.mark.parametrize("kind", LINKS)
@pytest.mark.parametrize(
    "name", ["tiling.h", "host_impl.cpp", "device_impl.cpp", "device_impl.sim.cpp", "build_command.txt"]
)
def test_work_directory_files_refuse_planted_links(
    kind: str, name: str, stub_toolchain: None, tmp_path: Path, outside: Outside, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The work directory is private (mkdtemp); a link there anyway is refused, not followed."""
    real = tempfile.mkdtemp

    def planting(*args: object, **kwargs: object) -> str:
        work = real(*args, **kwargs)  # type: ignore[arg-type]
        plant(Path(work) / name, kind, outside)
        return work

    monkeypatch.setattr(tempfile, "mkdtemp", planting)
    with no_hang(), pytest.raises(UnsafePathError, match=refused(kind)):
        build_mod.build(sources(), sim_toolchain(), "planted")
    outside.untouched()


def test_a_source_name_cannot_leave_the_work_directory(
    stub_toolchain: None, tmp_path: Path, outside: Outside
) -> None:
    bad = {**sources(), "../../outside/victim.txt": "overwritten"}
    with pytest.raises(UnsafePathError, match="not inside"):
        build_mod.build(bad, sim_toolchain(), "escape")
    outside.untouched()


def test_failed_build_is_moved_over_a_planted_link(
    stub_toolchain: None, tmp_path: Path, outside: Outside
) -> None:
    toolchain = sim_toolchain()
    key = kernel_key(sources(), toolchain)
    failed = tmp_path / "kernels" / f"failed-{file_name('failing')}-{key}"
    failed.parent.mkdir()
    failed.symlink_to(outside.dir, target_is_directory=True)
    with pytest.raises(KernelBuildError, match=f"sources kept in {failed}"):
        build_mod.build(sources(), toolchain, "failing")
    assert not failed.is_symlink() and (failed / "tiling.h").read_text() == "// t\n"
    outside.untouched()


@pytest.mark.parametrize("kind", ["symlink", "fifo"])
def test_a_link_planted_at_the_kernel_entry_is_replaced(
    kind: str, stub_toolchain: None, tmp_path: Path, outside: Outside, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A link (to a directory outside) or FIFO at the entry's name: discarded and replaced
    by the built entry, nothing read from or written to its target, the build not blocked."""

    def link(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
        (cwd / LIBRARY).write_bytes(b"library")
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(build_mod, "_run", link)
    toolchain = sim_toolchain()
    entry = tmp_path / "kernels" / f"{file_name('planted')}-sim-{kernel_key(sources(), toolchain)}"
    entry.parent.mkdir()
    if kind == "symlink":
        entry.symlink_to(outside.dir, target_is_directory=True)
    else:
        os.mkfifo(entry)
    with no_hang():
        built = build_mod.build(sources(), toolchain, "planted")
    assert built == entry and not entry.is_symlink() and (entry / LIBRARY).read_bytes() == b"library"
    outside.untouched()


def test_fallback_toolchain_cache_is_not_reached_through_a_link(
    tmp_path: Path, outside: Outside, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without a usable ~/.cache the toolchain cache is ``toolchain/`` in the kernel cache
    (a directory the tool owns): a link planted there is refused."""
    home = tmp_path / "home"
    home.mkdir()
    (home / ".cache").write_text("not a directory")  # the default cannot be created
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("ASCIR_TOOLCHAIN_CACHE_DIR", raising=False)
    monkeypatch.setenv("ASCIR_CACHE_DIR", str(tmp_path / "kernels"))
    (tmp_path / "kernels").mkdir()
    (tmp_path / "kernels" / "toolchain").symlink_to(outside.dir, target_is_directory=True)
    with pytest.raises(UnsafePathError, match="symbolic link"):
        build_mod._toolchain_entry("abi", "0" * 32)
    outside.untouched()


# ---------------------------------------------------------------- dumps, traces


@pytest.mark.parametrize("kind", LINKS)
def test_dump_files_refuse_links(kind: str, tmp_path: Path, outside: Outside) -> None:
    dump = tmp_path / "dump"
    plant(dump / "device_impl.cpp", kind, outside)
    # a symbolic link out of the directory is refused by path_inside already, the rest here
    why = "resolves outside" if kind == "symlink" else refused(kind)
    with no_hang(), dumping(dump), pytest.raises(PermissionError, match=why) as caught:
        dump_text("device_impl.cpp", "overwritten")
    assert str(dump / "device_impl.cpp") in str(caught.value)
    outside.untouched()


def test_dump_link_to_a_file_inside_the_dump_dir_is_refused(tmp_path: Path) -> None:
    """``path_inside`` lets a link that stays inside the dump directory pass; the write does not."""
    dump = tmp_path / "dump"
    dump.mkdir()
    (dump / "notes.txt").write_text("mine")
    (dump / "tiling.h").symlink_to(dump / "notes.txt")
    with dumping(dump), pytest.raises(UnsafePathError, match="symbolic link"):
        dump_text("tiling.h", "overwritten")
    assert (dump / "notes.txt").read_text() == "mine"


def test_dumps_overwrite_earlier_dumps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tools.compile, "compile_kernel", lambda *a, **k: SimpleNamespace(name=k.get("name")))
    for _ in range(2):
        compile_graph(parse_ir(GRAPH), dump_dir=tmp_path / "dump")
    assert "Exp" in (tmp_path / "dump" / "device_impl.cpp").read_text()


@pytest.mark.parametrize("kind", ["hardlink", "fifo"])
def test_ascir_opt_dump_refusal_is_a_user_error(kind: str, tmp_path: Path, outside: Outside) -> None:
    dump = tmp_path / "dump"
    plant(dump / "01_input.mlir", kind, outside)
    with no_hang():
        out = opt_in_process(str(ADD_RELU), "-p", "autofuse", "-t", "ascendc", "--dump-dir", str(dump))
    assert out.returncode == 1, out.stderr
    assert f"error: refusing to write {dump / '01_input.mlir'}" in out.stderr
    assert refused(kind) in out.stderr and "Traceback" not in out.stderr
    outside.untouched()


@pytest.mark.parametrize("kind", LINKS)
def test_trace_file_replaces_links(kind: str, tmp_path: Path, outside: Outside) -> None:
    """A trace is written whole under a random name and renamed over the path: a link or
    FIFO planted there is replaced, never written through (and threads writing one trace
    leave one whole trace)."""
    timeline = Timeline(0, {}, {}, 0.0, 0, 1e9)
    trace = tmp_path / "trace.json"
    plant(trace, kind, outside)
    with no_hang():
        timeline.write_chrome_trace(trace)
    outside.untouched()
    assert trace.is_file() and not trace.is_symlink() and trace.stat().st_nlink == 1
    timeline.write_chrome_trace(trace)  # replaced again
    assert json.loads(trace.read_text())["traceEvents"] == []

