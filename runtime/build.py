"""Build the three-file kernel contract into ``kernel_module.so`` (content-addressed caches).

Cache integrity: a build happens in a fresh temporary directory inside the cache root; its
product's sha256 goes into ``manifest.json``, written last; the directory is then renamed
to its entry name in one step. An entry is reused only when its manifest is present, names
the same key and format, and matches the product's digest; anything else -- a build killed
midway, a truncated or edited library, an entry of an older layout -- is removed and built
again. A library that still cannot be loaded is removed and rebuilt once
(:func:`load_or_rebuild`). Entry names come from ``ascendc_emitter.names.file_name`` and
are checked to be inside the cache root.

What every simulated kernel shares is built once per toolchain (compiler, version, flags,
digest of every file it reads) into the toolchain cache (``runtime.cache.toolchain_cache_root``)
by the same rules (:func:`toolchain_objects`): the simulator's ABI object and the simulator
object (``runtime/sim/sim.cpp``: everything the simulator headers declare -- checks, the
instruction record and timeline, copies, queues, and the vector and register APIs per
element type -- compiled at ``-O2``), both linked into every kernel, and the precompiled
simulator header ``kernel_operator.h.gch``, which g++ reads in place of
``kernel_operator.h`` (its directory is searched first). A kernel's translation unit thus
compiles its own code and calls into the simulator object. One process
builds a toolchain entry while others wanting it wait (an advisory lock; the atomic rename
keeps a reader from ever seeing half of one even without it). That first build takes ~15 s
on 2 cores and is never a silent wait (issue 37): a progress bar on a terminal, one stderr
line otherwise; drivers start it in the background when they start
(:func:`prebuild_in_background`), and ``ascir-prebuild`` builds it ahead of time (an image,
a CI step after ``pip install``).

Files: every file this module writes goes through ``ascir_dialect.safe_io`` -- the
manifest is written atomically (a random temporary name, then a rename), the lock file is
opened without following a link and refused when hard-linked, the sources and
``build_command.txt`` are written into the private work directory only as regular files
below it, and failed builds are moved with a rename -- so that a link or FIFO planted in
a shared cache directory is never written through.
"""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import TypeVar

from ascendc_emitter.names import file_name
from ascir_dialect.safe_io import (
    make_dirs,
    move,
    open_lock,
    open_regular,
    read_regular,
    write_atomic,
    write_in_place,
)
from runtime.cache import CACHE_FORMAT, cache_root, file_digest, kernel_key, toolchain_cache_root
from runtime.errors import KernelBuildError
from runtime.launch_rewrite import rewrite_launches
from runtime.remote_cache import RemoteCache
from runtime.toolchain import (
    SIM_ABI_SOURCE,
    SIM_HEADER,
    SIM_SOURCE,
    TILING_ABI_SOURCE,
    NpuToolchain,
    Toolchain,
    sim_object_toolchain,
)

LIBRARY = "kernel_module.so"
PCH = f"{SIM_HEADER.name}.gch"
"""The precompiled simulator header, as g++ looks for it next to ``kernel_operator.h``."""


MANIFEST = "manifest.json"
STALE_SECONDS = 3600
"""Temporary build directories older than this are left over by a killed build: removed."""

_T = TypeVar("_T")
_PLAIN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*", re.ASCII)


def sha256_file(path: Path) -> str:
    """sha256 of a regular file's bytes (a FIFO planted in its place is refused, not read)."""
    h = hashlib.sha256()
    with open_regular(path, follow=True) as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def entry_path(parent: Path, component: str, root: Path | None = None) -> Path:
    """``parent / component`` for a component built from ``file_name(...)`` parts, refused
    unless it is one plain name and ``parent`` is inside the cache root (``root``, by
    default the kernel cache; names are mapped, this checks once more). A link planted at
    the entry's name is not followed by anything that uses an entry -- its manifest is
    read without following it, it is discarded and replaced by a rename -- so it costs a
    rebuild, never a write elsewhere, and it does not block the build."""
    root = (cache_root() if root is None else root).resolve()
    if not _PLAIN.fullmatch(component) or len(component) > 200:
        raise KernelBuildError(f"refusing cache entry name {component!r}: not a plain file name")
    entry = parent / component
    if not parent.resolve().is_relative_to(root):
        raise KernelBuildError(f"refusing cache entry {entry}: it is not inside the cache directory {root}")
    return entry


def _manifest_ok(entry: Path, key: str, product: str) -> bool:
    """The entry is a real directory (not a link) whose manifest, a regular file, names
    ``key`` and this format and matches ``product``'s digest."""
    try:
        manifest = json.loads(read_regular(entry / MANIFEST, root=entry.parent))
        return (
            isinstance(manifest, dict)
            and manifest.get("format") == CACHE_FORMAT
            and manifest.get("key") == key
            and manifest.get("product") == product
            and manifest.get("sha256") == file_digest(entry / product)
        )
    except (OSError, ValueError):
        return False


def _write_manifest(work: Path, key: str, product: str) -> None:
    manifest = {"format": CACHE_FORMAT, "key": key, "product": product, "sha256": sha256_file(work / product)}
    write_atomic(work / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True) + "\n", root=work)


def discard(entry: Path) -> None:
    """Remove a cache entry: renamed away first (one step), so that no process sees half of it."""
    if not entry.exists() and not entry.is_symlink():
        return
    trash = entry.with_name(f".trash-{uuid.uuid4().hex}")
    try:
        os.replace(entry, trash)
    except OSError:
        return
    if trash.is_dir() and not trash.is_symlink():
        shutil.rmtree(trash, ignore_errors=True)
    else:
        trash.unlink(missing_ok=True)


def _remove_stale_work(parent: Path) -> None:
    """Temporary directories of builds that were killed (never reused: their names are random)."""
    now = time.time()
    for p in parent.glob(".build-*"):
        try:
            if now - p.stat().st_mtime > STALE_SECONDS:
                shutil.rmtree(p, ignore_errors=True)
        except OSError:
            pass
    for p in parent.glob(".trash-*"):
        shutil.rmtree(p, ignore_errors=True)


@contextlib.contextmanager
def exclusive(entry: Path) -> Iterator[None]:
    """Hold an advisory lock on ``entry`` (``flock`` on ``.lock-<name>`` beside it) while
    this process builds it; the kernel releases it when the holder dies. Where the file
    system has no locks the atomic rename alone keeps the entry whole (both build it). A
    link, hard link or FIFO planted at the lock's name is refused (``safe_io.open_lock``)."""
    entry.parent.mkdir(parents=True, exist_ok=True)
    fd = open_lock(entry.with_name(f".lock-{entry.name}"))
    try:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # releases the lock; the lock file stays (removing it would race)


def cached_build(
    entry: Path, key: str, product: str, produce: Callable[[Path], None], lock: bool = False
) -> Path:
    """The entry directory holding a verified ``product``: reused when its manifest matches,
    else built by ``produce(work_dir)`` in a temporary directory, sealed with its manifest
    and renamed into place. With ``lock``, one process builds it while the others wait for
    it (:func:`exclusive`)."""
    if (entry.exists() or entry.is_symlink()) and _manifest_ok(entry, key, product):
        return entry
    with exclusive(entry) if lock else contextlib.nullcontext():
        return _build_entry(entry, key, product, produce)


def _build_entry(entry: Path, key: str, product: str, produce: Callable[[Path], None]) -> Path:
    if entry.exists() or entry.is_symlink():
        if _manifest_ok(entry, key, product):
            return entry  # another process built it while this one waited for the lock
        discard(entry)  # corrupt, interrupted, edited, or of an older layout
    entry.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale_work(entry.parent)
    work = Path(tempfile.mkdtemp(prefix=".build-", dir=entry.parent))
    try:
        produce(work)
        if not (work / product).is_file():
            raise KernelBuildError(f"the build produced no {product} in {work}")
        _write_manifest(work, key, product)  # last: it seals the entry
        try:
            os.replace(work, entry)
        except OSError:  # another process sealed the same entry first
            if not _manifest_ok(entry, key, product):
                discard(entry)
                os.replace(work, entry)
        return entry
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)


def load_or_rebuild(entry: Path, rebuild: Callable[[], Path], load: Callable[[Path], _T], what: str) -> _T:
    """``load(entry)``; when the library cannot be loaded (ctypes OSError: truncated,
    corrupt), remove the entry, rebuild it once and load again."""
    try:
        return load(entry)
    except OSError as first:
        discard(entry)
        fresh = rebuild()
        try:
            return load(fresh)
        except OSError as e:
            raise KernelBuildError(
                f"{what}: {fresh / LIBRARY} cannot be loaded even after a rebuild: {e} (first attempt: {first})"
            ) from None


@dataclasses.dataclass(frozen=True)
class ToolchainObjects:
    """What every simulated kernel of one toolchain shares, from the toolchain cache."""

    abi_object: Path
    """The simulator's C ABI (``runtime/sim/abi.cpp``) compiled once."""
    pch_dir: Path
    """The directory holding ``kernel_operator.h.gch``: searched before the simulator's
    include directory, so that g++ reads the precompiled header in its place."""
    sim_object: Path
    """The compiled part of the simulator (``runtime/sim/sim.cpp``): checks, fault messages,
    the instruction record and timeline, copies, queues, and the vector and register APIs
    instantiated per element type -- what the headers declare and kernels call."""

    def files(self) -> list[Path]:
        return [self.abi_object, self.pch_dir / PCH, self.sim_object]


def _compile(toolchain: Toolchain, arguments: list[str], what: Path) -> None:
    command = [toolchain.compiler, *toolchain.compile_flags, *arguments]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise KernelBuildError(
            f"{toolchain.compiler} failed on {what} (exit {result.returncode})\n{result.stderr[-6000:]}"
        )


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd, timeout=600)


def _toolchain_entry(stem: str, key: str) -> Path:
    root = toolchain_cache_root()
    kernels = cache_root()
    # the fallback toolchain cache, ``toolchain/`` inside the kernel cache, is the tool's
    # own directory: a link planted there is refused, not followed
    inside = root != kernels and Path(os.path.abspath(root)).is_relative_to(os.path.abspath(kernels))
    make_dirs(root, root=kernels if inside else None)
    return entry_path(root, f"{file_name(stem)}-{key}", root)


def prebuilt_object(source: Path, toolchain: Toolchain) -> Path:
    """``source`` compiled once per toolchain to an object file shared by every kernel
    build: the simulator's C ABI does not depend on the kernel (its key covers every input
    of the build, as a kernel's does)."""
    key = object_key(source, toolchain)
    obj = f"{source.stem}.o"

    def produce(work: Path) -> None:
        _compile(toolchain, ["-c", str(source), "-o", str(work / obj)], source)

    return cached_build(_toolchain_entry(source.stem, key), key, obj, produce, lock=True) / obj


def object_key(source: Path, toolchain: Toolchain) -> str:
    """The key of ``source`` compiled alone with ``toolchain``: the source, the compiler's
    path and version, the flags, and every file of ``toolchain.shared_inputs`` (the
    simulator's headers and sources, the build code)."""
    shared = dataclasses.replace(toolchain, inputs=toolchain.shared_inputs)
    return kernel_key({source.name: source.read_text()}, shared)


def header_key(toolchain: Toolchain) -> str:
    """The key of the precompiled simulator header (as :func:`object_key`)."""
    shared = dataclasses.replace(toolchain, inputs=toolchain.shared_inputs)
    return kernel_key({f"precompiled {SIM_HEADER.name}": SIM_HEADER.read_text()}, shared)


def precompiled_header(toolchain: Toolchain) -> Path:
    """The directory of ``kernel_operator.h.gch``: the simulator headers precompiled once
    per toolchain, with the flags kernels are compiled with (g++ uses a precompiled header
    only then; its key covers the flags and every header)."""
    key = header_key(toolchain)

    def produce(work: Path) -> None:
        _compile(toolchain, ["-x", "c++-header", str(SIM_HEADER), "-o", str(work / PCH)], SIM_HEADER)

    return cached_build(_toolchain_entry("pch", key), key, PCH, produce, lock=True)


def _toolchain_entries(toolchain: Toolchain) -> list[tuple[Path, str, str]]:
    """(entry, key, product) of the three shared objects of ``toolchain``."""
    sim = sim_object_toolchain(toolchain)
    sim_key, abi_key, pch_key = object_key(SIM_SOURCE, sim), object_key(SIM_ABI_SOURCE, toolchain), header_key(toolchain)
    return [
        (_toolchain_entry(SIM_SOURCE.stem, sim_key), sim_key, f"{SIM_SOURCE.stem}.o"),
        (_toolchain_entry(SIM_ABI_SOURCE.stem, abi_key), abi_key, f"{SIM_ABI_SOURCE.stem}.o"),
        (_toolchain_entry("pch", pch_key), pch_key, PCH),
    ]


_READY: set[tuple[Toolchain, str]] = set()
"""(toolchain, toolchain cache) pairs whose shared objects this process found built (each
use verifies them again)."""


def toolchain_ready(toolchain: Toolchain) -> bool:
    """Whether the toolchain cache holds every shared object of ``toolchain``, sealed (no
    build needed before the first kernel)."""
    where = (toolchain, str(toolchain_cache_root()))
    if where in _READY:
        return True
    if all(_manifest_ok(entry, key, product) for entry, key, product in _toolchain_entries(toolchain)):
        _READY.add(where)
        return True
    return False


BUILDING_MESSAGE = (
    "ascir: building the simulator's shared objects for this toolchain, once per machine "
    "(about 15 s on 2 cores; `ascir-prebuild` does it ahead of time)"
)


def toolchain_objects(toolchain: Toolchain, progress: bool = True) -> ToolchainObjects:
    """The ABI object, the precompiled header and the simulator object of ``toolchain``,
    built (side by side) when the toolchain cache does not hold them yet -- with ``progress``,
    never silently: a progress bar on a terminal, one line on stderr otherwise (another
    process or a background prebuild may be building them: this one then waits for it)."""
    bar = None
    if progress and not toolchain_ready(toolchain):
        from tqdm import tqdm

        tty = sys.stderr.isatty()
        if not tty:
            print(BUILDING_MESSAGE, file=sys.stderr, flush=True)
        bar = tqdm(total=3, desc="ascir: simulator toolchain", unit="object", file=sys.stderr, disable=not tty)
    try:
        with ThreadPoolExecutor(max_workers=3) as pool:
            sim = pool.submit(prebuilt_object, SIM_SOURCE, sim_object_toolchain(toolchain))  # the longest: first
            abi = pool.submit(prebuilt_object, SIM_ABI_SOURCE, toolchain)
            pch = pool.submit(precompiled_header, toolchain)
            if bar is not None:
                for _ in as_completed((sim, abi, pch)):
                    bar.update(1)
            objects = ToolchainObjects(abi.result(), pch.result(), sim.result())
    finally:
        if bar is not None:
            bar.close()
    _READY.add((toolchain, str(toolchain_cache_root())))
    return objects


_PREBUILDS: dict[Toolchain, threading.Thread] = {}


def prebuild_in_background(toolchain: Toolchain) -> threading.Thread | None:
    """Start building ``toolchain``'s shared objects in a daemon thread, once per process,
    unless the cache holds them: a driver calls it when it starts (the torch backend before
    tracing, ``compile_graph`` before its passes), so the build overlaps the front end's
    work. A failure is left to the first kernel build, which reports it. Returns the thread."""
    if toolchain_ready(toolchain):
        return None
    with _PREBUILD_LOCK:
        thread = _PREBUILDS.get(toolchain)
        if thread is None:
            thread = threading.Thread(
                target=_prebuild_quietly, args=(toolchain,), name="ascir-toolchain-prebuild", daemon=True
            )
            _PREBUILDS[toolchain] = thread
            thread.start()
        return thread


_PREBUILD_LOCK = threading.Lock()


def _prebuild_quietly(toolchain: Toolchain) -> None:
    with contextlib.suppress(Exception):  # the kernel build that needs them reports it
        toolchain_objects(toolchain, progress=False)


SourceCheck = Callable[[Mapping[str, str], str], None]
"""A check of a kernel's sources (file name -> text) before it is built: raises to refuse them."""
_source_checks: list[SourceCheck] = []


def add_source_check(check: SourceCheck) -> Callable[[], None]:
    """Run ``check(sources, name)`` on every kernel :func:`build` is given, cached or not,
    before building it (e.g. a type check against other headers); returns its remover."""
    _source_checks.append(check)
    return lambda: _source_checks.remove(check)


def toolchain_context(toolchain: Toolchain) -> str:
    """The toolchain's own key (no sources): what a library shared through a remote cache
    must have been built with to be taken (``runtime.remote_cache``)."""
    return kernel_key({}, toolchain)


REMOTE_KIND = "kernel"
"""The kind of a kernel library on a remote cache (``runtime.remote_cache``)."""


@dataclasses.dataclass
class BuildStats:
    """What this process's kernel builds did (a local hit counts in neither)."""

    compiled: int = 0
    """Libraries compiled here."""
    fetched: int = 0
    """Libraries taken from a remote cache (verified, written through to the local cache)."""


STATS = BuildStats()


def build(
    sources: dict[str, str],
    toolchain: Toolchain,
    name: str,
    remote: RemoteCache | None = None,
    fetch: bool = True,
) -> Path:
    """Compile (or reuse) the kernel; return the build directory holding the library. With
    ``remote`` (issue 39): a local miss asks the team's cache for the library built from the
    same key with the same toolchain (verified before it is written here; ``fetch=False``
    skips that, for a library that would not load), and a library built here is offered
    to it."""
    for check in tuple(_source_checks):
        check(sources, name)
    key = kernel_key(sources, toolchain)
    root = cache_root()
    root.mkdir(parents=True, exist_ok=True)
    entry = entry_path(root, f"{file_name(name)}-{toolchain.target}-{key}")
    context = toolchain_context(toolchain) if remote is not None else ""
    built: list[Path] = []

    def produce(work: Path) -> None:
        # the work directory is private (mkdtemp) and every file is written below it as a
        # regular file of its own: a source name cannot leave it, nothing is followed
        for file, text in sources.items():
            write_in_place(work / file, text, root=work)
        library = remote.get(REMOTE_KIND, key, context) if remote is not None and fetch else None
        if library is not None:  # verified (kind, key, toolchain, size, sha256): written through
            write_in_place(work / LIBRARY, library, root=work)
            STATS.fetched += 1
            return
        built.append(work)
        STATS.compiled += 1
        _compile_kernel(work, sources, toolchain, name, key, root)

    entry = cached_build(entry, key, LIBRARY, produce)
    if built and remote is not None:
        with contextlib.suppress(OSError):
            remote.put(REMOTE_KIND, key, read_regular(entry / LIBRARY, root=entry), context)
    return entry


def _compile_kernel(work: Path, sources: dict[str, str], toolchain: Toolchain, name: str, key: str, root: Path) -> None:
    """Build the library of ``sources`` in ``work`` (its sources are there)."""
    if toolchain.target == "sim":
        write_in_place(work / "device_impl.sim.cpp", rewrite_launches(sources["device_impl.cpp"]), root=work)
        shared = toolchain_objects(toolchain)
        # each source compiled on its own, concurrently (the device source against the
        # precompiled header), then one link with the shared objects
        units = [work / "device_impl.sim.cpp", work / "host_impl.cpp", TILING_ABI_SOURCE]
        objects = [work / f"{src.stem}.o" for src in units]
        compiles = [
            [*toolchain.compile_command(src, obj, (shared.pch_dir,)), "-Winvalid-pch", f"-I{work}"]
            for src, obj in zip(units, objects, strict=True)
        ]
        link = toolchain.link_command([*objects, shared.abi_object, shared.sim_object], work / LIBRARY)
        stages = [compiles, [link]]
    elif isinstance(toolchain, NpuToolchain):  # compile each source, then link
        *compiles, link = toolchain.commands(work, work / LIBRARY)
        stages = [compiles, [link]]
    else:
        units = [work / "host_impl.cpp", work / "device_impl.cpp", TILING_ABI_SOURCE]
        stages = [[[*toolchain.command(units, work / LIBRARY), f"-I{work}"]]]
    commands = [c for stage in stages for c in stage]
    write_in_place(work / "build_command.txt", "".join(" ".join(c) + "\n" for c in commands), root=work)
    for stage in stages:
        with ThreadPoolExecutor(max_workers=len(stage)) as pool:
            results = list(pool.map(lambda c: (c, _run(c, work)), stage))
        for c, result in results:  # the first failure, in command order
            if result.returncode == 0:
                continue
            failed = entry_path(root, f"failed-{file_name(name)}-{key}")
            discard(failed)
            try:  # a rename: whatever was planted at the name since is replaced or kept, never written
                move(work, failed)
                kept = f"sources kept in {failed}"
            except OSError as e:
                kept = f"sources not kept ({e})"
            raise KernelBuildError(
                f"kernel {name}: {c[0]} failed (exit {result.returncode}); {kept}\n{result.stderr[-6000:]}"
            )
    for obj in work.glob("*.o"):  # linked into the library: the entry keeps the sources only
        obj.unlink()
