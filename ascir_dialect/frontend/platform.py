"""``ascir.utils``: the target platform (seed ``ascir.utils.set_platform``)."""

from __future__ import annotations

from dataclasses import dataclass
from numbers import Integral

from ascir_dialect.diagnostics import AscirArgumentError, AscirTypeError

DEFAULT_UB_SIZE = 248 * 1024
"""Usable UB bytes per vector core on Ascend 950 (arch 3510)."""
MAX_UB_SIZE = DEFAULT_UB_SIZE
"""The largest ``ub_size`` accepted anywhere (compile_graph, set_platform, ascir-run
--ub-size, CompiledKernel.run): the 950's usable UB; a larger value would let host tiling
plan tiles the device cannot hold."""
UB_ALIGN = 32
"""``ub_size`` is a whole number of 32-byte UB blocks."""
MAX_CORE_NUM = 65535
"""The largest ``core_num``: AscendC's ``blockDim`` range is [1, 65535] (kernel launch
``<<<blockDim, ...>>>``); host tiling never launches more blocks than ``core_num``."""


def _integer(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise AscirTypeError(f"{what} must be an int, got {type(value).__name__} {value!r}")
    return int(value)


def check_core_num(value: object, what: str = "core_num") -> int:
    """``value`` as a vector core count in [1, MAX_CORE_NUM] (it reaches C as uint32)."""
    n = _integer(value, what)
    if not 1 <= n <= MAX_CORE_NUM:
        raise AscirArgumentError(
            f"{what} must be between 1 and {MAX_CORE_NUM} (AscendC's blockDim range), got {n}"
        )
    return n


def check_ub_size(value: object, what: str = "ub_size") -> int:
    """``value`` as usable UB bytes per core: a positive multiple of 32, at most the 950's
    248 KB (it reaches C as uint32)."""
    n = _integer(value, what)
    if not UB_ALIGN <= n <= MAX_UB_SIZE or n % UB_ALIGN:
        raise AscirArgumentError(
            f"{what} must be a multiple of {UB_ALIGN} bytes between {UB_ALIGN} and {MAX_UB_SIZE} "
            f"(248 KB, the Ascend 950's usable UB per vector core), got {n}"
        )
    return n


@dataclass(frozen=True)
class Platform:
    """The user's platform selection (the seed API's ``ascir.utils.set_platform``): the SoC,
    and a vector core count and UB size that override the target's (None: the target's,
    ``ascendc_emitter.target.platform.ASCEND_950``: 56 vector cores, 248 KB)."""

    soc: str = "3510"
    core_num: int | None = None
    ub_size: int | None = None


_current = Platform()


def set_platform(platform: str, vector_core_num: int | None = None, ub_size: int | None = None) -> None:
    """Select the target: SoC/arch string, vector cores, usable UB bytes per core (None:
    the 950's)."""
    global _current
    if not isinstance(platform, str) or not platform:
        raise AscirTypeError("set_platform: platform must be a non-empty string such as '3510'")
    cores = None if vector_core_num is None else check_core_num(vector_core_num, "set_platform: vector_core_num")
    ub = None if ub_size is None else check_ub_size(ub_size, "set_platform: ub_size")
    _current = Platform(platform, cores, ub)


def reset_platform() -> None:
    """Back to the target's own platform (the whole chip)."""
    global _current
    _current = Platform()


def get_platform() -> Platform:
    return _current
