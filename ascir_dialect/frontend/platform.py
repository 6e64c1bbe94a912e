"""``ascir.utils``: the target platform (seed ``ascir.utils.set_platform``)."""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_UB_SIZE = 248 * 1024
"""Usable UB bytes per vector core on Ascend 950 (arch 3510)."""


@dataclass(frozen=True)
class Platform:
    soc: str = "3510"
    core_num: int = 1
    ub_size: int = DEFAULT_UB_SIZE


_current = Platform()


def set_platform(platform: str, vector_core_num: int = 1, ub_size: int = DEFAULT_UB_SIZE) -> None:
    """Select the target: SoC/arch string, vector cores, usable UB bytes per core."""
    global _current
    if not isinstance(platform, str) or not platform:
        raise TypeError("set_platform: platform must be a non-empty string such as '3510'")
    for name, v in (("vector_core_num", vector_core_num), ("ub_size", ub_size)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise ValueError(f"set_platform: {name} must be a positive integer, got {v!r}")
    if ub_size % 32:
        raise ValueError(f"set_platform: ub_size must be a multiple of 32 bytes, got {ub_size}")
    _current = Platform(platform, vector_core_num, ub_size)


def get_platform() -> Platform:
    return _current
