"""The graph-level cache: a graph seen before gets its generated sources without the pipeline.

``compile_graph`` keys a compilation by what determines its output (issue 17, "a graph-level
cache"): the graph's canonical IR text (the printer's output, byte-identical on every run),
every option that changes the generated code (``CompileOptions.key()``, the platform too), and the
digest of the compiler's own code -- every file of the packages that turn a graph into
sources, taken once per process: the code that runs is the code that was imported, so a
process never mixes outputs of two versions of the compiler.

A hit returns the three generated files; building and loading them is the kernel cache's
job (``runtime.cache``: keyed by the sources and the toolchain, so a hit here can never
serve a kernel built with other flags). Entries live in this process (bounded LRU) and on
disk beside the kernel cache, ``<ASCIR_CACHE_DIR>/graphs/<key>.json``, written atomically
and verified on every read (its own key and a sha256 of its files); a damaged entry is
dropped and the graph compiled again. ``ASCIR_GRAPH_CACHE=0`` turns the cache off; dumps
(``dump_dir``) always run the pipeline, since the dumps are what they are for. With a remote
cache (``runtime.remote_cache``, issue 39), a disk miss asks the team's server, and what this
process compiles is offered to it.

The disk cache is best effort and the cache directory may be shared: entries are written
with ``safe_io.write_atomic`` (a random temporary name, then a rename: a link planted at
any name is never written through), ``graphs/`` is never reached through a link, only a
regular file is read (a FIFO would block), and whatever cannot be read, removed or written
-- a read-only or full cache, a planted link -- is skipped: the compile goes on without it.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import logging
import os
from collections import OrderedDict
from functools import cache
from pathlib import Path

from xdsl.ir import Operation
from xdsl.printer import Printer

from ascendc_emitter.printer import KernelSources
from ascir_dialect.safe_io import read_regular, remove, write_atomic
from runtime.cache import cache_root, inputs_digest, project_version
from runtime.remote_cache import RemoteCache

log = logging.getLogger("ascir.cache")
REMOTE_KIND = "graph"
"""The kind of this cache's values on a remote cache (``runtime.remote_cache``)."""

ROOT = Path(__file__).resolve().parent.parent

COMPILER_CODE = ("ascir_dialect", "passes", "lowering", "ascendc_emitter", "tools/compile.py")
"""What turns a graph into sources (relative to the project root)."""

FORMAT = 1
"""Layout of a disk entry; part of every key."""

MEMORY_ENTRIES = 512
"""In-process entries kept (least recently used dropped first)."""

_memory: OrderedDict[str, KernelSources] = OrderedDict()


def enabled() -> bool:
    return os.environ.get("ASCIR_GRAPH_CACHE", "1") != "0"


@cache
def compiler_digest() -> str:
    """The digest of the compiler's code as imported by this process (taken once)."""
    return inputs_digest(ROOT / p for p in COMPILER_CODE)


def graph_text(graph: Operation) -> str:
    out = io.StringIO()
    Printer(stream=out).print_op(graph)
    return out.getvalue()


def graph_key(graph: Operation, options: str) -> str:
    """The key of compiling ``graph`` with ``options`` (``CompileOptions.key()``: every
    option, the platform included)."""
    h = hashlib.sha256()
    h.update(f"ascir-graph-cache {FORMAT} {project_version()} {compiler_digest()}\0".encode())
    h.update(options.encode("utf-8", "surrogatepass") + b"\0")
    h.update(graph_text(graph).encode("utf-8", "surrogatepass"))
    return h.hexdigest()[:32]


def _files_digest(files: dict[str, str]) -> str:
    h = hashlib.sha256()
    for name in sorted(files):
        h.update(name.encode() + b"\0" + files[name].encode("utf-8", "surrogatepass") + b"\0")
    return h.hexdigest()


def _entry_path(key: str) -> Path:
    return cache_root() / "graphs" / f"{key}.json"


SOURCE_FILES = ("tiling.h", "host_impl.cpp", "device_impl.cpp")


def _parse_entry(text: bytes, key: str) -> KernelSources:
    """The sources of a disk entry; ValueError unless it is exactly what :func:`store`
    writes for ``key`` (an entry is input: it may have been edited by anyone who can write
    the cache directory)."""
    entry = json.loads(text.decode("utf-8"))
    files = entry.get("files") if isinstance(entry, dict) else None
    if not (
        isinstance(files, dict)
        and set(files) == set(SOURCE_FILES)
        and all(isinstance(v, str) for v in files.values())
    ):
        raise ValueError("not a graph-cache entry")
    if entry.get("key") != key or entry.get("sha256") != _files_digest(files):
        raise ValueError("damaged entry")
    return KernelSources(*(files[name] for name in SOURCE_FILES))


def lookup(key: str, remote: RemoteCache | None = None) -> KernelSources | None:
    """The sources stored under ``key``: this process's, else a verified disk entry, else
    (``remote``, issue 39) a verified entry of the team's cache, written through to disk."""
    if (hit := _memory.get(key)) is not None:
        _memory.move_to_end(key)
        return hit
    path = _entry_path(key)
    try:
        sources = _parse_entry(read_regular(path, root=cache_root()), key)
    except FileNotFoundError:
        return _from_remote(key, remote)
    except (OSError, ValueError, RecursionError):  # RecursionError: JSON nested too deeply
        # unreadable, truncated, edited, a link or a FIFO: never served; compiled again and
        # rewritten. Removing it is best effort too: a read-only cache keeps it.
        with contextlib.suppress(OSError):
            remove(path, root=cache_root())
        return _from_remote(key, remote)
    _remember(key, sources)
    return sources


def _from_remote(key: str, remote: RemoteCache | None) -> KernelSources | None:
    payload = remote.get(REMOTE_KIND, key) if remote is not None else None
    if payload is None:
        return None
    try:
        sources = _parse_entry(payload, key)
    except (ValueError, RecursionError) as e:  # the envelope held, its entry does not
        remote.stats.refused += 1  # type: ignore[union-attr]
        log.warning("ascir: remote graph-cache entry %s refused (%s); compiling it here", key, e)
        return None
    store(key, sources)  # written through: the next process finds it on disk
    return sources


def store(key: str, sources: KernelSources, remote: RemoteCache | None = None) -> None:
    """Remember ``sources`` under ``key`` here and on disk (best effort: a read-only or full
    cache directory, or a link planted in it, only costs the next process a pipeline run),
    and offer them to ``remote``."""
    _remember(key, sources)
    files = sources.as_dict()
    text = json.dumps({"key": key, "sha256": _files_digest(files), "files": files}, sort_keys=True)
    with contextlib.suppress(OSError):  # UnsafePathError included (a PermissionError)
        write_atomic(_entry_path(key), text, root=cache_root())
    if remote is not None:
        remote.put(REMOTE_KIND, key, text.encode("utf-8", "surrogatepass"))


def _remember(key: str, sources: KernelSources) -> None:
    _memory[key] = sources
    _memory.move_to_end(key)
    while len(_memory) > MEMORY_ENTRIES:
        _memory.popitem(last=False)


def clear_memory() -> None:
    """Forget this process's entries (the disk entries stay)."""
    _memory.clear()
