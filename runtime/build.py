"""Build the three-file kernel contract into ``kernel_module.so`` (content-addressed cache).

Cache integrity: a build happens in a fresh temporary directory inside the cache root; its
product's sha256 goes into ``manifest.json``, written last; the directory is then renamed
to its entry name in one step. An entry is reused only when its manifest is present, names
the same key and format, and matches the product's digest; anything else -- a build killed
midway, a truncated or edited library, an entry of an older layout -- is removed and built
again. A library that still cannot be loaded is removed and rebuilt once
(:func:`load_or_rebuild`). The simulator ABI object (:func:`prebuilt_object`) follows the
same rules. Entry names come from ``ascendc_emitter.names.file_name`` and are checked to be
inside the cache root.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from ascendc_emitter.names import file_name
from runtime.cache import CACHE_FORMAT, cache_root, kernel_key
from runtime.errors import KernelBuildError
from runtime.launch_rewrite import rewrite_launches
from runtime.toolchain import SIM_ABI_SOURCE, TILING_ABI_SOURCE, Toolchain

LIBRARY = "kernel_module.so"


MANIFEST = "manifest.json"
STALE_SECONDS = 3600
"""Temporary build directories older than this are left over by a killed build: removed."""

_T = TypeVar("_T")
_PLAIN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*", re.ASCII)


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def entry_path(parent: Path, component: str) -> Path:
    """``parent / component`` for a component built from ``file_name(...)`` parts, refused
    unless it is one plain name and resolves to a direct child of ``parent`` inside the
    cache root (names are mapped; this checks once more)."""
    root = cache_root().resolve()
    if not _PLAIN.fullmatch(component) or len(component) > 200:
        raise KernelBuildError(f"refusing cache entry name {component!r}: not a plain file name")
    entry = parent / component
    resolved = entry.resolve()
    if resolved.parent != parent.resolve() or not resolved.is_relative_to(root):
        raise KernelBuildError(f"refusing cache entry {entry}: it is not inside the cache directory {root}")
    return entry


def _manifest_ok(entry: Path, key: str, product: str) -> bool:
    try:
        manifest = json.loads((entry / MANIFEST).read_text())
        return (
            isinstance(manifest, dict)
            and manifest.get("format") == CACHE_FORMAT
            and manifest.get("key") == key
            and manifest.get("product") == product
            and manifest.get("sha256") == sha256_file(entry / product)
        )
    except (OSError, ValueError):
        return False


def _write_manifest(work: Path, key: str, product: str) -> None:
    manifest = {"format": CACHE_FORMAT, "key": key, "product": product, "sha256": sha256_file(work / product)}
    tmp = work / f".{MANIFEST}.tmp"
    tmp.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    os.replace(tmp, work / MANIFEST)


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


def cached_build(entry: Path, key: str, product: str, produce: Callable[[Path], None]) -> Path:
    """The entry directory holding a verified ``product``: reused when its manifest matches,
    else built by ``produce(work_dir)`` in a temporary directory, sealed with its manifest
    and renamed into place."""
    if entry.exists() or entry.is_symlink():
        if _manifest_ok(entry, key, product):
            return entry
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


def prebuilt_object(source: Path, toolchain: Toolchain) -> Path:
    """``source`` compiled once to an object file shared by every kernel build: the
    simulator's C ABI does not depend on the kernel (its key covers every input of the
    build, as a kernel's does). Saves a compile of the simulator per kernel."""
    key = kernel_key({source.name: source.read_text()}, toolchain)
    objects = cache_root() / "objects"
    objects.mkdir(parents=True, exist_ok=True)
    entry = entry_path(objects, f"{file_name(source.stem)}-{key}")
    obj = f"{source.stem}.o"

    def produce(work: Path) -> None:
        flags = [f for f in toolchain.flags if f != "-shared"]
        command = [toolchain.compiler, *flags, "-c", str(source), "-o", str(work / obj)]
        result = subprocess.run(command, capture_output=True, text=True, timeout=600)
        if result.returncode != 0:
            raise KernelBuildError(
                f"{toolchain.compiler} failed on {source} (exit {result.returncode})\n{result.stderr[-6000:]}"
            )

    return cached_build(entry, key, obj, produce) / obj


def build(sources: dict[str, str], toolchain: Toolchain, name: str) -> Path:
    """Compile (or reuse) the kernel; return the build directory holding the library."""
    key = kernel_key(sources, toolchain)
    root = cache_root()
    root.mkdir(parents=True, exist_ok=True)
    entry = entry_path(root, f"{file_name(name)}-{toolchain.target}-{key}")

    def produce(work: Path) -> None:
        for file, text in sources.items():
            (work / file).write_text(text)
        if toolchain.target == "sim":
            (work / "device_impl.sim.cpp").write_text(rewrite_launches(sources["device_impl.cpp"]))
            abi = prebuilt_object(SIM_ABI_SOURCE, toolchain)
            units = [work / "host_impl.cpp", work / "device_impl.sim.cpp", abi, TILING_ABI_SOURCE]
        else:
            units = [work / "host_impl.cpp", work / "device_impl.cpp", TILING_ABI_SOURCE]
        command = [*toolchain.command(units, work / LIBRARY), f"-I{work}"]
        (work / "build_command.txt").write_text(" ".join(command) + "\n")
        result = subprocess.run(command, capture_output=True, text=True, cwd=work, timeout=600)
        if result.returncode != 0:
            failed = entry_path(root, f"failed-{file_name(name)}-{key}")
            discard(failed)
            os.replace(work, failed)
            raise KernelBuildError(
                f"kernel {name}: {toolchain.compiler} failed (exit {result.returncode}); sources kept "
                f"in {failed}\n{result.stderr[-6000:]}"
            )

    return cached_build(entry, key, LIBRARY, produce)
