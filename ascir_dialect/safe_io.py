"""Safe file primitives: every file the tools write goes through these (hostile-input issue, "Files").

The tools write into directories other people may be able to write too -- a shared kernel
cache (``ASCIR_CACHE_DIR``), a dump directory, a trace path -- where a planted symbolic
link, hard link or FIFO at a name the tool writes would otherwise make it overwrite a file
elsewhere (through the link), change a second name of the same file (a hard link) or block
forever (a FIFO without a reader). The rules, one function each:

* :func:`write_atomic` -- a whole new file: written under a random name created with
  ``O_CREAT|O_EXCL|O_NOFOLLOW`` in the target's own directory, then renamed over the target
  in one step. Nothing is ever written through what was at the target (a rename replaces
  a link, it does not follow it), and no reader sees half a file.
* :func:`write_in_place` -- a file overwritten where it is (dumps, traces: names the user
  looks at, in a directory the tool may not be able to rename in): opened with
  ``O_NOFOLLOW|O_NONBLOCK``, refused unless ``fstat`` shows a regular file with one link,
  truncated only after these checks.
* :func:`open_lock` -- a lock file, opened with ``O_NOFOLLOW`` and refused when hard-linked
  or not a regular file.
* :func:`read_regular` / :func:`open_regular` -- reads that never block on a FIFO and
  (unless asked) never follow a link at the last component.
* :func:`make_dirs`, :func:`remove`, :func:`move` -- directory creation, removal and
  renames that do not follow a planted link.

``root`` (every function): the directory the caller trusts -- the user's choice (a cache
or dump directory, possibly reached through links the user made), created when missing
by writers. Every directory *between* ``root`` and the file belongs to the tool: each is
opened relative to its parent's descriptor with ``O_NOFOLLOW`` (created when missing), so a
link planted there is refused rather than followed, and no component is looked up twice
(no check-then-use race). Without ``root`` only the last component is protected and the
file's directory must exist.

Refusals raise :class:`UnsafePathError` -- an :class:`AscirError` and a
``PermissionError``, so drivers report it as a one-line user error (exit 1) and callers
that treat a file as best effort (the graph cache) skip it as they skip any other OSError.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import BinaryIO

from ascir_dialect.diagnostics import AscirError

StrPath = str | os.PathLike[str]

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC
_TEMP_ATTEMPTS = 100
"""Random temporary names tried before giving up (each collision is a file planted at a
64-bit random name, or a bug)."""


class UnsafePathError(AscirError, PermissionError):
    """A file or directory the tool was to write (or read, or lock) is a symbolic link, a
    hard link, a FIFO or another non-regular file: refused, nothing written. The message
    names the path and why."""

    def __init__(self, path: StrPath, action: str, why: str):
        self.message = f"refusing to {action} {os.fspath(path)}: {why}"
        self._parts = (os.fspath(path), action, why)
        super().__init__(self.message)
        self.errno = errno.EPERM  # for callers that look at it, as at any PermissionError
        self.filename = os.fspath(path)

    def __str__(self) -> str:
        # OSError's str would show "[Errno 1] None: <path>" once errno is set
        return self.message

    def __reduce__(self) -> tuple[type[UnsafePathError], tuple[str, str, str]]:
        # pickled by its own arguments (OSError's reduce passes the message alone), so that
        # a refusal crosses a process boundary intact
        return (type(self), self._parts)


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, for a refusal message."""
    if stat.S_ISLNK(mode):
        return "it is a symbolic link (it would be followed to another file); remove it"
    if stat.S_ISDIR(mode):
        return "it is a directory, not a regular file"
    if stat.S_ISFIFO(mode):
        return "it is a FIFO (named pipe), not a regular file; remove it"
    if stat.S_ISSOCK(mode):
        return "it is a socket, not a regular file; remove it"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "it is a device, not a regular file; remove it"
    return "it is not a regular file; remove it"


def _check(st: os.stat_result, path: StrPath, action: str, *, single_link: bool) -> None:
    """Refuse what ``st`` shows unless it is a regular file (with one name when ``single_link``)."""
    if not stat.S_ISREG(st.st_mode):
        raise UnsafePathError(path, action, _kind(st.st_mode))
    if single_link and st.st_nlink > 1:
        raise UnsafePathError(
            path,
            action,
            f"it has {st.st_nlink} hard links (writing it would change the file under its other "
            "names too); remove it",
        )


def _with_path(e: OSError, path: StrPath) -> OSError:
    """``e`` naming the whole path (an ``*at`` call names only the last component)."""
    if e.errno is None:
        return e
    return type(e)(e.errno, e.strerror, os.fspath(path))


def _relative_parts(directory: Path, root: Path) -> tuple[str, ...]:
    """The components of ``directory`` below ``root`` (lexically, after making both absolute)."""
    try:
        rel = Path(os.path.abspath(directory)).relative_to(os.path.abspath(root))
    except ValueError:
        raise UnsafePathError(directory, "use", f"it is not inside {os.fspath(root)}") from None
    if ".." in rel.parts:  # abspath removed every "..": defence in depth
        raise UnsafePathError(directory, "use", "it leaves its directory through '..'")
    return rel.parts


def _open_dir(directory: Path, root: Path, create: bool) -> int:
    """A descriptor of ``directory``, reached from ``root`` one component at a time without
    following links (each created first when ``create``). ``root`` itself is followed: it
    is the caller's trusted directory."""
    parts = _relative_parts(directory, root)
    if create:
        os.makedirs(root, exist_ok=True)
    try:
        fd = os.open(root, _DIR_FLAGS)
    except OSError as e:
        raise _with_path(e, root) from None
    here = root
    try:
        for part in parts:
            here = here / part
            made: OSError | None = None
            if create:
                try:
                    os.mkdir(part, 0o777, dir_fd=fd)
                except FileExistsError:
                    pass
                except OSError as e:  # read-only, full...: an existing directory is still usable
                    made = e
            try:
                child = os.open(part, _DIR_FLAGS | os.O_NOFOLLOW, dir_fd=fd)
            except OSError as e:
                if e.errno in (errno.ELOOP, errno.ENOTDIR):
                    st = os.stat(part, dir_fd=fd, follow_symlinks=False)
                    why = _kind(st.st_mode) if stat.S_ISLNK(st.st_mode) else "it is not a directory"
                    raise UnsafePathError(here, "use directory", why) from None
                raise _with_path(made if made is not None and e.errno == errno.ENOENT else e, here) from None
            os.close(fd)
            fd = child
    except BaseException:
        os.close(fd)
        raise
    return fd


@contextmanager
def _located(path: StrPath, root: StrPath | None, create: bool) -> Iterator[tuple[int | None, str]]:
    """``(dir_fd, name)`` to pass to an ``*at`` call for ``path``: the descriptor of its
    directory reached safely from ``root``, or, without ``root``, ``(None, path)``."""
    p = Path(path)
    if not p.name or p.name in (".", ".."):
        raise UnsafePathError(p, "use", "it does not end in a file name")
    if root is None:
        yield None, os.fspath(p)
        return
    fd = _open_dir(p.parent, Path(root), create)
    try:
        yield fd, p.name
    finally:
        os.close(fd)


def _lstat(name: str, dir_fd: int | None) -> os.stat_result | None:
    try:
        return os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except FileNotFoundError:
        return None


def _open_checked(
    name: str, flags: int, dir_fd: int | None, path: StrPath, action: str, *, single_link: bool, mode: int = 0o644
) -> int:
    """``open(name, flags | O_NOFOLLOW | O_NONBLOCK)`` refused unless it is a regular file
    (with one name when ``single_link``). Checked before opening (never open a device or a
    FIFO) and, through the descriptor, after (the name may have changed in between)."""
    if (st := _lstat(name, dir_fd)) is not None:
        _check(st, path, action, single_link=single_link)
    try:
        fd = os.open(name, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, mode, dir_fd=dir_fd)
    except OSError as e:
        # ELOOP: a link planted since the check; ENXIO: a FIFO or socket with no reader
        if e.errno in (errno.ELOOP, errno.ENXIO, errno.EOPNOTSUPP) and (st := _lstat(name, dir_fd)):
            raise UnsafePathError(path, action, _kind(st.st_mode)) from None
        raise _with_path(e, path) from None
    try:
        _check(os.fstat(fd), path, action, single_link=single_link)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _data(data: str | bytes) -> bytes:
    return data.encode("utf-8") if isinstance(data, str) else data


def _write_all(fd: int, blob: bytes) -> None:
    view = memoryview(blob)
    while view:
        view = view[os.write(fd, view) :]


def write_atomic(path: StrPath, data: str | bytes, *, root: StrPath | None = None, mode: int = 0o644) -> None:
    """Replace ``path`` by a file holding ``data`` (text as UTF-8) in one step.

    Written to a random name created with ``O_CREAT|O_EXCL|O_NOFOLLOW`` in ``path``'s
    directory (never a name someone could plant a link at in advance), then renamed over
    ``path``: whatever was there -- a link, a FIFO -- is replaced, never written through.
    Not fsynced: the files this writes (cache entries) are verified on every read, so a
    crash costs a rebuild, not a wrong answer."""
    blob = _data(data)
    with _located(path, root, create=root is not None) as (dir_fd, target):
        directory, name = os.path.split(target)
        for _ in range(_TEMP_ATTEMPTS):
            tmp = os.path.join(directory, f".{name[:40]}.{secrets.token_hex(8)}.tmp")
            try:
                fd = os.open(
                    tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode, dir_fd=dir_fd
                )
                break
            except FileExistsError:
                continue
            except OSError as e:
                raise _with_path(e, path) from None
        else:
            raise UnsafePathError(path, "write", f"no free temporary name after {_TEMP_ATTEMPTS} attempts")
        try:
            try:
                _write_all(fd, blob)
            finally:
                os.close(fd)
            os.replace(tmp, target, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
        except BaseException as e:
            with suppress(OSError):
                os.unlink(tmp, dir_fd=dir_fd)
            if isinstance(e, OSError) and not isinstance(e, UnsafePathError):
                raise _with_path(e, path) from None
            raise


def write_in_place(path: StrPath, data: str | bytes, *, root: StrPath | None = None, mode: int = 0o644) -> None:
    """Create or overwrite ``path`` with ``data`` (text as UTF-8) where it is, refusing a
    symbolic link, a hard-linked file (another name of the same file would change too), a
    FIFO, a device or any other non-regular file. The file is truncated only after those
    checks, through the descriptor they were made on."""
    blob = _data(data)
    with _located(path, root, create=root is not None) as (dir_fd, name):
        fd = _open_checked(name, os.O_WRONLY | os.O_CREAT, dir_fd, path, "write", single_link=True, mode=mode)
    try:
        os.ftruncate(fd, 0)
        _write_all(fd, blob)  # O_NONBLOCK has no effect on a regular file
    finally:
        os.close(fd)


def open_lock(path: StrPath, *, root: StrPath | None = None) -> int:
    """A read-write descriptor of the lock file ``path`` (created when missing) for
    ``flock``: never a link's target, a hard-linked file or a non-regular file. The caller
    closes it."""
    with _located(path, root, create=root is not None) as (dir_fd, name):
        return _open_checked(name, os.O_RDWR | os.O_CREAT, dir_fd, path, "lock", single_link=True)


def open_regular(path: StrPath, *, root: StrPath | None = None, follow: bool = False) -> BinaryIO:
    """``path`` opened for reading in binary, refused unless it is a regular file: a FIFO
    planted at a name the tool reads would block it forever. Without ``follow`` a symbolic
    link at ``path`` is refused too (hard links are harmless to a reader)."""
    with _located(path, root, create=False) as (dir_fd, name):
        if follow:
            try:
                fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=dir_fd)
            except OSError as e:
                raise _with_path(e, path) from None
            try:
                _check(os.fstat(fd), path, "read", single_link=False)
            except BaseException:
                os.close(fd)
                raise
        else:
            fd = _open_checked(name, os.O_RDONLY, dir_fd, path, "read", single_link=False)
    return os.fdopen(fd, "rb")


def read_regular(path: StrPath, *, root: StrPath | None = None, follow: bool = False) -> bytes:
    """The bytes of ``path`` (see :func:`open_regular`)."""
    with open_regular(path, root=root, follow=follow) as f:
        return f.read()


def make_dirs(path: StrPath, *, root: StrPath | None = None) -> Path:
    """Create ``path`` and its missing parents. Below ``root`` every component must be a
    real directory (a planted link is refused, not followed); without ``root`` the whole
    path is the caller's choice and links in it are followed (``mkdir -p``)."""
    p = Path(path)
    if root is None:
        p.mkdir(parents=True, exist_ok=True)
        return p
    os.close(_open_dir(p, Path(root), create=True))
    return p


def remove(path: StrPath, *, root: StrPath | None = None, missing_ok: bool = True) -> None:
    """Remove the file ``path`` (a link is removed itself, never its target), its directory
    reached from ``root`` without following links."""
    try:
        with _located(path, root, create=False) as (dir_fd, name):
            os.unlink(name, dir_fd=dir_fd)
    except FileNotFoundError:
        if not missing_ok:
            raise


def move(source: StrPath, target: StrPath, *, root: StrPath | None = None) -> None:
    """Rename ``source`` to ``target`` in one step (``os.replace``), both directories
    reached from ``root`` without following links. A rename never writes through a link at
    ``target``: it replaces a file or link there, and fails on a link when ``source`` is a
    directory."""
    with (
        _located(source, root, create=False) as (source_fd, source_name),
        _located(target, root, create=root is not None) as (target_fd, target_name),
    ):
        try:
            os.replace(source_name, target_name, src_dir_fd=source_fd, dst_dir_fd=target_fd)
        except OSError as e:
            raise _with_path(e, target) from None


__all__ = [
    "UnsafePathError",
    "make_dirs",
    "move",
    "open_lock",
    "open_regular",
    "read_regular",
    "remove",
    "write_atomic",
    "write_in_place",
]
