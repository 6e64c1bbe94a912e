"""Register-level layout facts of arch 3510 (``AscendC::Reg``), from the public API docs.

A VF loop processes ``VL / sizeof(loop dtype)`` elements per iteration (seed 000 AL-7).
A tensor narrower than the loop dtype keeps one element per loop-dtype-wide *slot* of its
register: ``LoadAlign`` with an ``UNPACK`` distribution spreads VL/ratio bytes over the
whole register (zero padding after each element) and ``StoreAlign`` with a ``PACK``
distribution writes the low part of each slot back densely. Register ``Cast`` between
widths uses ``RegLayout::ZERO`` (the narrow value sits at the start of its slot), and the
mask is read at the source's granularity. So in every register of a VF, element k lives
at byte ``k * sizeof(loop dtype)`` -- one mask, built for the loop dtype, governs all.

Sources (full-width parentheses in the real file names): docs/zh/api/SIMD-API/基础API/Reg矢量计算/Reg数据搬入/连续对齐搬入(LoadAlign).md
(LoadDist table), .../Reg数据搬出/连续对齐搬出(StoreAlign).md (StoreDist table),
.../类型转换/Cast.md (RegLayout), include/basic_api/reg_compute/kernel_reg_compute_utils.h
(enum spellings). The per-dtype tables of the register APIs are in ``target.support``.
"""

from __future__ import annotations

VECTOR_BYTES = 256
"""VL: bytes of one vector register."""

UNPACK_LOAD: dict[tuple[int, int], str] = {
    (1, 1): "DIST_NORM",
    (2, 1): "DIST_NORM",
    (4, 1): "DIST_NORM",
    (8, 1): "DIST_NORM",
    (1, 2): "DIST_UNPACK_B8",
    (2, 2): "DIST_UNPACK_B16",
    (4, 2): "DIST_UNPACK_B32",
    (1, 4): "DIST_UNPACK4_B8",
}
"""(element bytes, slot bytes / element bytes) -> LoadDist of a VF load."""

PACK_STORE: dict[tuple[int, int], str] = {
    (1, 1): "DIST_NORM",
    (2, 1): "DIST_NORM",
    (4, 1): "DIST_NORM",
    (8, 1): "DIST_NORM",
    (1, 2): "DIST_PACK_B16",
    (2, 2): "DIST_PACK_B32",
    (4, 2): "DIST_PACK_B64",
    (1, 4): "DIST_PACK4_B32",
}
"""(element bytes, ratio) -> StoreDist of a VF store (PACK keeps the low part of a slot)."""

BROADCAST_LOAD: dict[int, str] = {1: "DIST_BRC_B8", 2: "DIST_BRC_B16", 4: "DIST_BRC_B32"}
"""element bytes -> the LoadDist that loads one element into every lane (LoadAlign.md of the
module sources, LoadDist table: DIST_BRC_B8/B16/B32, aligned to the element). No 8-byte form."""

LOAD_DISTS = tuple(sorted(set(UNPACK_LOAD.values()) | set(BROADCAST_LOAD.values())))
STORE_DISTS = tuple(sorted(set(PACK_STORE.values())))


def slot_ratio(element_bytes: int, loop_bytes: int) -> int | None:
    """Slot bytes / element bytes, or None when the element is wider than the loop dtype."""
    if element_bytes > loop_bytes or loop_bytes % element_bytes:
        return None
    return loop_bytes // element_bytes


def load_dist(element_bytes: int, loop_bytes: int) -> str | None:
    ratio = slot_ratio(element_bytes, loop_bytes)
    return None if ratio is None else UNPACK_LOAD.get((element_bytes, ratio))


def store_dist(element_bytes: int, loop_bytes: int) -> str | None:
    ratio = slot_ratio(element_bytes, loop_bytes)
    return None if ratio is None else PACK_STORE.get((element_bytes, ratio))
