"""Content-addressed kernel cache: a build is keyed by its sources, compiler and flags."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from runtime.toolchain import SIM_INCLUDE, Toolchain


def cache_root() -> Path:
    root = os.environ.get("ASCIR_CACHE_DIR")
    return Path(root) if root else Path.home() / ".cache" / "ascir" / "kernels"


def _sim_headers_digest() -> str:
    h = hashlib.sha256()
    for path in sorted(SIM_INCLUDE.rglob("*")) + sorted((SIM_INCLUDE.parent).glob("*.cpp")):
        if path.is_file():
            h.update(path.name.encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def kernel_key(sources: dict[str, str], toolchain: Toolchain) -> str:
    h = hashlib.sha256()
    for name in sorted(sources):
        h.update(name.encode() + b"\0" + sources[name].encode() + b"\0")
    h.update(toolchain.identity.encode())
    h.update("\0".join(toolchain.flags).encode())
    if toolchain.target == "sim":
        h.update(_sim_headers_digest().encode())
    return h.hexdigest()[:32]
