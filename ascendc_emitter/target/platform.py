"""The Ascend 950 as data: the one platform description host tiling, the timeline, the
defaults of the drivers and every cache key read (issue 33).

Where each figure comes from (``ATT``: Huawei's own auto-tiling performance model in
``mirror-cann/graph-autofusion``, ``autofuse/``; ``devkit``: ``mirror-cann/asc-devkit``):

* 28 AI cores, each with 2 vector cores (AIV) beside its cube core (AIC : AIV = 1 : 2,
  devkit ``docs/zh/guide/编程指南/高级编程/硬件实现/架构规格/NPU架构版本3510.md:7``):
  56 vector cores. The core count is the 950's published figure; Autofuse itself reads it
  at run time (``autofuse/common/platform_context.cpp:95-99``, ``rtGetSocSpec``), and its
  test stub's 48 (``autofuse/tests/depends/runtime/src/runtime_stub.h:38-42``) is a stub.
* Clock 1.65 GHz: the 950's published figure, and what Huawei's own measurements on it
  show: ``aiv_total_cycles / aiv_time`` = 7483813.083 / 4535.644 us = 1650.0 cycles per us
  (devkit ``docs/zh/guide/算子实践参考/SIMT算子性能优化/内存访问/访存合并.md:53``, and
  1425731.861 / 864.080 at ``:99``).
* HBM 1.6 TB/s: the 950's published figure (neither ATT nor the devkit docs give a GM
  bandwidth; ATT models contention per core only, ``perf_param_v2.cpp:906-955``).
* UB 248 KiB = 253952 B usable per vector core: the kernel's ``ASC_UB_SIZE`` (devkit
  ``NPU架构版本3510.md:89``, notes ``:111-121``; 256 KB physical, the rest reserved).
* Cache line 128 B: ATT's V2 ``cache_line_size`` (``autofuse/att/base/arch_param.h:24``),
  the GM sector of the 950 (devkit ``docs/zh/guide/算子实践参考/SIMD与SIMT混合算子性能优化/概述.md:45``)
  and the SIMT GM access granule (devkit ``SIMT算子性能优化/概述.md:35``).
* Vector register 256 B: devkit ``NPU架构版本3510.md:56-57,166``; ATT ``arch_param.h:24``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ascir_dialect.frontend.platform import check_core_num, check_ub_size


@dataclass(frozen=True)
class Platform:
    """One NPU as the compiler and the timeline see it. Frozen: a compile's platform is
    part of its options and of every cache key (:meth:`key`)."""

    name: str
    arch: str
    ai_cores: int
    vector_cores: int
    clock_hz: float
    hbm_bytes_per_second: float
    ub_bytes: int
    cache_line_bytes: int
    vector_bytes: int

    @property
    def hbm_bytes_per_cycle(self) -> float:
        """The chip's GM bandwidth in bytes per core clock cycle, shared by every core and
        both directions."""
        return self.hbm_bytes_per_second / self.clock_hz

    def key(self) -> str:
        """The text cache keys hash: every field, in order."""
        return (
            f"{self.name}/{self.arch}/ai{self.ai_cores}/aiv{self.vector_cores}/{self.clock_hz:.6g}Hz/"
            f"hbm{self.hbm_bytes_per_second:.6g}/ub{self.ub_bytes}/cl{self.cache_line_bytes}/vl{self.vector_bytes}"
        )

    def with_cores(self, vector_cores: int) -> Platform:
        """The platform using ``vector_cores`` vector cores (``core_num``): fewer than the
        chip's, or -- to model another part -- more (checked as AscendC's blockDim)."""
        return replace(self, vector_cores=check_core_num(vector_cores))

    def with_ub(self, ub_bytes: int) -> Platform:
        return replace(self, ub_bytes=check_ub_size(ub_bytes))


ASCEND_950 = Platform(
    name="Ascend950",
    arch="3510",
    ai_cores=28,
    vector_cores=56,
    clock_hz=1.65e9,
    hbm_bytes_per_second=1.6e12,
    ub_bytes=253952,
    cache_line_bytes=128,
    vector_bytes=256,
)
"""The target: Ascend 950 (arch 3510, dav-3510). Sources in the module doc."""


def current() -> Platform:
    """The 950 with the user's selection applied (``ascir.utils.set_platform``: a core count
    and a UB size; the seed API's SoC string must name arch 3510)."""
    from ascir_dialect.frontend.platform import get_platform

    chosen = get_platform()
    platform = ASCEND_950
    if chosen.core_num is not None:
        platform = platform.with_cores(chosen.core_num)
    if chosen.ub_size is not None:
        platform = platform.with_ub(chosen.ub_size)
    return platform


__all__ = ["ASCEND_950", "Platform", "current"]
