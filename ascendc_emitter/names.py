"""The one mapping from names in IR (graphs, nodes, regions, stages, kernels, fields) to the
C++ identifiers and file names they become (DESIGN "Conventions").

A name from IR text or a Python graph may hold anything: quotes, newlines, ``..``, ``/``,
non-ASCII letters, 10^4 characters. Nothing of it reaches C++ or the file system
unmapped:

* :func:`c_identifier` keeps ASCII letters, digits and ``_`` (others become ``_``), avoids
  C++ keywords, reserved spellings (``__x``, ``_X``) and AscendC's own names, and bounds
  the length; whenever it changed anything it appends a short hash of the original name,
  so two different names never map to one identifier.
* :func:`kernel_symbol` is ``c_identifier`` in the ``autofuse_`` namespace, for kernel
  names (``extern "C"``: they must not meet the C library's).
* :func:`file_name` is the same for file and directory names (never ``.``/``..``, never a
  separator), bounded well below the file system's 255 bytes.
* :func:`is_c_identifier` is what the printer checks every symbol against: the printer
  refuses to print a symbol that is not one.
* :func:`comment_text` makes a string safe inside a ``//`` comment (one line, ASCII,
  bounded).
* :func:`path_inside` joins a mapped file name to its directory and checks that the
  result stays inside it.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

CPP_KEYWORDS = frozenset(
    "alignas alignof and and_eq asm auto bitand bitor bool break case catch char char16_t char32_t class "
    "compl const const_cast constexpr continue decltype default delete do double dynamic_cast else enum "
    "explicit export extern false float for friend goto if inline int long mutable namespace new noexcept "
    "not not_eq nullptr operator or or_eq private protected public register reinterpret_cast return short "
    "signed sizeof static static_assert static_cast struct switch template this thread_local throw true try "
    "typedef typeid typename union unsigned using virtual void volatile wchar_t while xor xor_eq "
    "half bfloat16_t GM_ADDR AscendC af std main "
    # what the generated code names unqualified: the contract's functions and struct, the
    # fixed-width types, the VF call, the simulator's namespace and macros
    "AutofuseTiling AutofuseLaunch AutofuseTilingData asc_vf_call GetTPipePtr LAUNCH_BOUND ascsim ASCSIM "
    "int8_t uint8_t int16_t uint16_t int32_t uint32_t int64_t uint64_t size_t ptrdiff_t intptr_t uintptr_t "
    # object-like macros of the C library headers the kernels include (a variable of that
    # name would expand), and the GNU-mode predefined ones
    "NULL EOF errno assert offsetof stdin stdout stderr linux unix i386 "
    "INFINITY NAN HUGE_VAL HUGE_VALF HUGE_VALL".split()
)
"""C++ keywords and names the generated code relies on (types, namespaces, functions it
calls unqualified, macros of the headers it includes): never a symbol nor a local."""

MAX_IDENTIFIER = 64
"""Characters of a mapped identifier (the readable part is cut to leave room for the hash)."""
MAX_FILE_NAME = 80
"""Characters of a mapped file or directory name."""

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_UNSAFE = re.compile(r"[^A-Za-z0-9_]")
_FILE_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")


def _digest(name: str) -> str:
    return hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:8]


def is_c_identifier(text: str) -> bool:
    """An ASCII C++ identifier that is neither a keyword nor a reserved spelling."""
    return (
        bool(_IDENTIFIER.match(text))
        and text not in CPP_KEYWORDS
        and not text.startswith("__")
        and not (text.startswith("_") and text[1:2].isupper())
        and len(text) <= MAX_IDENTIFIER
    )


HASHED_FORM = re.compile(r"_[0-9a-f]{8}\Z")
"""The tail of a mapped name (``_`` and 8 hex digits of its hash). A name that already ends
so is mapped (hashed) as well, so that no name can equal another name's mapped form: the
mapping stays injective over every name a graph can hold (``int`` -> ``int_6da88c34``,
``int_6da88c34`` -> ``int_6da88c34_<its own hash>``)."""

GENERATED_FIELDS = re.compile(
    r"(?:block_dim|tiling_key|tile|tiles_per_row|total_tiles|per_block|slots|split_parts|split_chunks"
    r"|sum_base|simt_per_block|simt_total|simd_[a-z0-9_]+|ie_\d+|ws_\d+|ws\d+_offset"
    r"|(?:input_pre|index_pre|indirect_load|output_post)\d*_[a-z0-9_]+)\Z"
)
"""The generated code's own tiling fields (the struct is shared by host and device code, so
its fields are the one place where a user's name and the compiler's could meet): contract
fields, the schedules' and templates' fields, SK-like stage fields (prefixed with the stage
name). :func:`c_identifier` never returns one of these for a user's name -- it hashes them
-- and :func:`field_identifier`, which names the compiler's fields, accepts nothing else."""


def _plain(name: str) -> bool:
    """A user's name that maps to itself: a valid identifier, not in the generated code's
    vocabulary, not shaped like a mapped name."""
    return is_c_identifier(name) and not HASHED_FORM.search(name) and not GENERATED_FIELDS.match(name)


def c_identifier(name: str) -> str:
    """``name`` itself when it is a plain identifier (:func:`_plain`), else a readable ASCII
    prefix plus the hash of ``name`` (deterministic: the same name always maps to the same
    identifier; injective: two names never map to one; never a field of the generated code's
    own, :data:`GENERATED_FIELDS`)."""
    if not isinstance(name, str):
        raise TypeError(f"a name must be a string, got {type(name).__name__}")
    if _plain(name):
        return name
    readable = _UNSAFE.sub("_", name).strip("_")[: MAX_IDENTIFIER - 10] or "n"
    if readable[0].isdigit():
        readable = "n" + readable[: MAX_IDENTIFIER - 11]
    return f"{readable}_{_digest(name)}"


def field_identifier(name: str) -> str:
    """A tiling field of the generated code's own (``tile``, ``simt_total``, an SK-like stage's
    ``output_post_tile``...): ``name`` itself, an identifier. The lowering's fields are all in
    :data:`GENERATED_FIELDS`, the vocabulary :func:`c_identifier` keeps every user name out of
    (``test/ascendc_emitter/test_names_vocabulary.py`` checks every field the lowering emits);
    a field outside it (a hand-built kernel's) still meets a user's size only as a duplicate
    field the tiling struct's verifier refuses, never silently."""
    if not is_c_identifier(name):
        raise ValueError(f"tiling field {name!r} is not a C identifier")
    return name


KERNEL_PREFIX = "autofuse_"
"""Every kernel the lowering generates is named in this namespace (its functions and stage
kernels too, as their names extend the kernel's)."""


def kernel_symbol(name: str) -> str:
    """The C++ name of a generated kernel called ``name`` (a graph name, or the name a user
    gave ``compile_graph``): ``c_identifier`` of ``name`` in the ``autofuse_`` namespace. A
    kernel is an ``extern "C"`` function, and a name of the C library (``exit``, ``sin``,
    ``select``...) would clash with the headers; no such name starts with ``autofuse_``."""
    if not isinstance(name, str):
        raise TypeError(f"a kernel name must be a string, got {type(name).__name__}")
    if name.startswith(KERNEL_PREFIX) and is_c_identifier(name):
        return name  # already a kernel symbol: the drivers map a name once and pass it on
    return c_identifier(name if name.startswith(KERNEL_PREFIX) else KERNEL_PREFIX + name)


def file_name(name: str) -> str:
    """``name`` as one path component: ASCII letters, digits, ``_.-``, never ``.``/``..``
    or hidden, at most MAX_FILE_NAME characters; hashed whenever anything changed."""
    if not isinstance(name, str):
        raise TypeError(f"a name must be a string, got {type(name).__name__}")
    if (
        name
        and not _FILE_UNSAFE.search(name)
        and not name.startswith(".")
        and not HASHED_FORM.search(name)  # injective, as c_identifier: no name equals a mapped one
        and len(name) <= MAX_FILE_NAME
    ):
        return name
    readable = _FILE_UNSAFE.sub("_", name).lstrip(".")[: MAX_FILE_NAME - 10] or "n"
    return f"{readable}_{_digest(name)}"


def comment_text(text: str, limit: int = 200) -> str:
    """``text`` for a ``//`` comment: printable ASCII on one line, at most ``limit`` chars,
    without backslashes (a trailing one would continue the comment onto the next line) and
    without ``??`` (the trigraph ``??/`` is a backslash where trigraphs are enabled)."""
    flat = "".join(c if " " <= c <= "~" and c != "\\" else "?" for c in str(text))
    flat = flat if len(flat) <= limit else flat[: limit - 3] + "..."
    return flat.replace("??", "?.")


def shown(name: object, limit: int = 120) -> str:
    """``name`` quoted for a diagnostic: Python's ``ascii()`` form (printable ASCII, escapes
    for the rest: no terminal control sequence gets through), at most ``limit`` chars."""
    text = ascii(name)
    return text if len(text) <= limit else text[: limit - 4] + "...'"


def path_inside(root: str | os.PathLike[str], component: str) -> Path:
    """``root / component`` for a ``component`` made by :func:`file_name` (or a fixed name
    of ours), checked once more (defence in depth): one plain component, and the resolved
    path -- symbolic links followed -- inside the resolved ``root``. PermissionError
    otherwise: nothing is ever written outside a dump or cache directory."""
    base = Path(root)
    if (
        not component
        or component in (".", "..")
        or "/" in component
        or "\\" in component
        or "\0" in component
        or len(component.encode("utf-8", "surrogatepass")) > 255
    ):
        raise PermissionError(f"refusing to write {shown(component)}: not a plain file name")
    path = base / component
    resolved_root = base.resolve()
    if not path.resolve().is_relative_to(resolved_root):
        raise PermissionError(f"refusing to write {path}: it resolves outside {resolved_root}")
    return path


__all__ = [
    "CPP_KEYWORDS",
    "GENERATED_FIELDS",
    "HASHED_FORM",
    "KERNEL_PREFIX",
    "c_identifier",
    "comment_text",
    "field_identifier",
    "file_name",
    "is_c_identifier",
    "kernel_symbol",
    "path_inside",
    "shown",
]
