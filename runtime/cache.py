"""Content-addressed kernel cache: a build is keyed by everything it reads.

The key (:func:`kernel_key`) covers the generated sources, every file the build includes or
compiles besides them -- ``runtime/sim/**`` (the simulator headers and its ABI source),
``ascendc_emitter/include/**``, ``runtime/tiling_abi.cpp``, the code that rewrites and
compiles the sources -- the compiler's resolved path and version, the flags, the project
version and the cache format. Editing any of them builds anew; nothing stale is served.

Each entry is a directory holding the build and, written last, ``manifest.json`` with the
sha256 of its product (:mod:`runtime.build` verifies it before every reuse).

What every simulated kernel shares -- the simulator's ABI object and the precompiled
simulator header -- lives in a second cache, the toolchain cache
(:func:`toolchain_cache_root`), keyed the same way, so that a new or emptied kernel cache
does not build them again.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import shutil
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from ascendc_emitter.target.platform import current as target_platform
from ascir_dialect.safe_io import open_regular
from runtime.toolchain import Toolchain

CACHE_FORMAT = 2
"""Layout of a cache entry (2: a directory with manifest.json). Part of every key."""


def cache_root() -> Path:
    """The kernel cache: ``$ASCIR_CACHE_DIR``, by default ``~/.cache/ascir/kernels``."""
    root = os.environ.get("ASCIR_CACHE_DIR")
    return Path(root) if root else Path.home() / ".cache" / "ascir" / "kernels"


def toolchain_cache_root() -> Path:
    """The toolchain cache (what every kernel of a toolchain shares):
    ``$ASCIR_TOOLCHAIN_CACHE_DIR``, by default ``~/.cache/ascir/toolchain``; when that
    default cannot be created or written, ``toolchain/`` inside the kernel cache. (The
    default is created following links: it is in the user's home, which only they can
    write; the fallback, in a cache directory that may be shared, is created by
    ``runtime.build`` without following any.)"""
    root = os.environ.get("ASCIR_TOOLCHAIN_CACHE_DIR")
    if root:
        return Path(root)
    default = Path.home() / ".cache" / "ascir" / "toolchain"
    try:
        default.mkdir(parents=True, exist_ok=True)
        if os.access(default, os.W_OK | os.X_OK):
            return default
    except OSError:
        pass
    return cache_root() / "toolchain"


_FILE_DIGESTS: dict[tuple[str, int, int, int, int], str] = {}


def file_digest(path: Path) -> str:
    """sha256 of a file's bytes, remembered in this process while its size, mtime, ctime
    and inode are unchanged (rewriting a file in place changes its ctime). Only a regular
    file is read: a FIFO planted in a cache entry would block the reader forever
    (``safe_io.UnsafePathError``, an OSError, instead)."""
    st = path.stat()
    memo = (str(path), st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
    if (digest := _FILE_DIGESTS.get(memo)) is None:
        h = hashlib.sha256()
        with open_regular(path, follow=True) as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
        digest = _FILE_DIGESTS[memo] = h.hexdigest()
    return digest


def inputs_digest(paths: Iterable[Path]) -> str:
    """One digest over the contents of files and directory trees (every file under a
    directory, by its relative path; where they are does not count -- the flags name the
    include directories); a missing path counts as such, so it differs from an empty one."""
    h = hashlib.sha256()
    for i, path in enumerate(paths):
        h.update(f"input {i}\0".encode())
        if path.is_dir():
            for rel, f in _tree_files(str(path)):
                h.update(rel.encode("utf-8", "surrogatepass") + b"\0")
                h.update(file_digest(Path(f)).encode() + b"\0")
        elif path.is_file():
            h.update(file_digest(path).encode() + b"\0")
        else:
            h.update(b"<missing>\0")
    return h.hexdigest()


def _tree_files(root: str) -> list[tuple[str, str]]:
    """(relative POSIX path, path) of every file under ``root`` but ``__pycache__``, sorted
    by relative path (os.scandir: a kernel-cache hit walks these trees on every build)."""
    found: list[tuple[str, str]] = []
    stack = [("", root)]
    while stack:
        prefix, directory = stack.pop()
        with os.scandir(directory) as entries:
            for e in entries:
                rel = f"{prefix}{e.name}"
                if e.is_dir():
                    if e.name != "__pycache__":
                        stack.append((rel + "/", e.path))
                elif e.is_file():
                    found.append((rel, e.path))
    found.sort()
    return found


@cache
def project_version() -> str:
    try:
        return importlib.metadata.version("ascir-toolchain")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def compiler_path(compiler: str) -> str:
    """The compiler's resolved path (``g++`` -> ``/usr/bin/x86_64-linux-gnu-g++-13``)."""
    return _resolve(compiler, os.environ.get("PATH", ""))


@cache
def _resolve(compiler: str, search_path: str) -> str:
    found = shutil.which(compiler, path=search_path)
    return os.path.realpath(found) if found else compiler


def kernel_key(sources: dict[str, str], toolchain: Toolchain) -> str:
    """The cache key of a build of ``sources`` with ``toolchain``: everything it reads."""
    h = hashlib.sha256()
    h.update(f"ascir-kernel-cache {CACHE_FORMAT} {project_version()}\0".encode())
    for name in sorted(sources):
        h.update(name.encode() + b"\0" + sources[name].encode("utf-8", "surrogatepass") + b"\0")
    h.update(toolchain.target.encode() + b"\0")
    h.update(compiler_path(toolchain.compiler).encode("utf-8", "surrogatepass") + b"\0")
    h.update(toolchain.identity.encode() + b"\0")
    h.update("\0".join(toolchain.flags).encode("utf-8", "surrogatepass") + b"\0")
    h.update(inputs_digest(toolchain.inputs).encode())
    h.update(target_platform().key().encode())  # the target: UB, cores, the timeline's platform
    return h.hexdigest()[:32]
