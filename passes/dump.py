"""IR dumps after every pass (``--dump-dir``), as Autofuse writes its dump files.

While a :func:`dumping` context is active, :func:`dump` writes each snapshot to
``<dir>/<prefix><NN>_<stage>.mlir`` in order (and :func:`dump_text` any other
artifact, e.g. the generated C++). Outside such a context both do nothing, so the
pipeline code calls them unconditionally.

Stage names carry graph names (``schedule@<graph>``), which may hold anything: every file
name is made by ``ascendc_emitter.names.file_name`` (hashed and bounded when the name is
not a plain one) and checked to stay inside the dump directory (``path_inside``).

The dump directory may be a user's (or a shared) directory holding earlier dumps: every
file is overwritten in place with ``safe_io.write_in_place``, which refuses a symbolic
link, a hard link (``path_inside`` follows symbolic links only; a hard link planted there
would be written through to the file it shares) and a FIFO or other non-regular file,
naming the path (``UnsafePathError``: a user error, exit 1 from the drivers).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.printer import Printer

from ascendc_emitter.names import file_name, path_inside
from ascir_dialect.safe_io import write_in_place


@dataclass
class DumpSink:
    root: Path
    prefix: str = ""
    count: int = 0

    def path(self, stage: str, suffix: str) -> Path:
        self.count += 1
        step, _, graph = stage.partition("@")  # "<pass>@<graph>": the graph name as "_<graph>"
        return self.file(f"{self.prefix}{self.count:02d}_{step}" + (f"_{graph}" if graph else ""), suffix)

    def file(self, name: str, suffix: str = "") -> Path:
        """``<root>/<file_name(name)><suffix>``, never outside the root."""
        return path_inside(self.root, file_name(name) + suffix)

    def write(self, path: Path, text: str) -> None:
        """Write a dump file of this sink: a regular file of its own, directly in the root."""
        write_in_place(path, text, root=self.root)


_SINK: ContextVar[DumpSink | None] = ContextVar("ascir_dump_sink", default=None)


@contextmanager
def dumping(root: Path | str | None, prefix: str = "") -> Iterator[DumpSink | None]:
    """Dump into ``root`` (created if needed) inside the block; ``None`` disables."""
    if root is None:
        yield None
        return
    sink = DumpSink(Path(root), prefix)
    sink.root.mkdir(parents=True, exist_ok=True)
    token = _SINK.set(sink)
    try:
        yield sink
    finally:
        _SINK.reset(token)


def dumping_enabled() -> bool:
    """A :func:`dumping` context is active."""
    return _SINK.get() is not None


def after_pass(graph: str = "") -> Callable[[ModulePass | None, ModuleOp, ModulePass | None], None] | None:
    """A ``PassPipeline`` callback dumping the module after every pass (``<pass>@<graph>``
    with a graph name); None while no :func:`dumping` context is active."""
    if not dumping_enabled():
        return None

    def callback(previous: ModulePass | None, module: ModuleOp, _next: ModulePass | None) -> None:
        if previous is not None:
            dump(f"{previous.name}@{graph}" if graph else previous.name, module)

    return callback


def dump(stage: str, op: Operation) -> None:
    """Write ``op`` (a module or a graph) as it is after ``stage``."""
    if (sink := _SINK.get()) is None:
        return
    out = io.StringIO()
    Printer(stream=out).print_op(op)
    out.write("\n")
    sink.write(sink.path(stage, ".mlir"), out.getvalue())


def dump_text(name: str, text: str) -> None:
    """Write another artifact (e.g. ``device_impl.cpp``) next to the IR dumps."""
    if (sink := _SINK.get()) is None:
        return
    sink.write(sink.file(f"{sink.prefix}{name}"), text)


__all__ = ["DumpSink", "after_pass", "dump", "dump_text", "dumping", "dumping_enabled"]
