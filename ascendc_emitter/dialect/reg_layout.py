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
.../类型转换/Cast.md (supported src/dst pairs, RegLayout), include/basic_api/reg_compute/
kernel_reg_compute_utils.h (enum spellings).
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

LOAD_DISTS = tuple(sorted(set(UNPACK_LOAD.values())))
STORE_DISTS = tuple(sorted(set(PACK_STORE.values())))

REG_CASTS: dict[str, frozenset[str]] = {
    "int8_t": frozenset({"int16_t", "half", "int32_t"}),
    "uint8_t": frozenset({"uint16_t", "half", "uint32_t"}),
    "int16_t": frozenset({"uint8_t", "half", "int32_t", "uint32_t", "float"}),
    "uint16_t": frozenset({"uint8_t", "uint32_t"}),
    "half": frozenset({"int8_t", "uint8_t", "int16_t", "bfloat16_t", "int32_t", "float"}),
    "bfloat16_t": frozenset({"half", "int32_t", "float"}),
    "int32_t": frozenset({"uint8_t", "int16_t", "float", "int64_t"}),
    "uint32_t": frozenset({"uint8_t", "int16_t", "uint16_t"}),
    "float": frozenset({"int16_t", "half", "bfloat16_t", "int32_t", "int64_t"}),
    "int64_t": frozenset({"int32_t", "float"}),
}
"""Register ``Cast`` source -> destinations (Cast.md, table 3; fp8/fp4/hifloat8 omitted)."""


_ALL = frozenset(
    {
        "uint8_t",
        "int8_t",
        "uint16_t",
        "int16_t",
        "uint32_t",
        "int32_t",
        "half",
        "float",
        "bfloat16_t",
        "uint64_t",
        "int64_t",
    }
)
REG_API_TYPES: dict[str, frozenset[str]] = {
    "Add": _ALL,
    "Sub": _ALL,
    "Adds": _ALL,
    "Max": _ALL,
    "Min": _ALL,
    "Maxs": _ALL,
    "Mins": _ALL,
    "Compare": _ALL,
    "Compares": _ALL,
    "Select": _ALL,
    "Duplicate": _ALL,
    "Mul": _ALL - {"uint8_t", "int8_t"},
    "Muls": _ALL - {"uint8_t", "int8_t", "bfloat16_t"},
    "Div": frozenset({"uint16_t", "int16_t", "uint32_t", "int32_t", "half", "float", "int64_t", "uint64_t"}),
    "Abs": frozenset({"int8_t", "int16_t", "int32_t", "half", "float", "int64_t"}),
    "Exp": frozenset({"half", "float"}),
    "Sqrt": frozenset({"half", "float"}),
    "Relu": frozenset({"int32_t", "half", "float", "int64_t"}),
    "Arange": frozenset({"int8_t", "int16_t", "int32_t", "float", "half", "int64_t"}),
}
"""Element types of each register-level API on arch 3510 (the ``SupportType<...>`` static
asserts of impl/basic_api/reg_compute/dav_3510/*.h)."""


def reg_api_supports(api: str, element: str) -> bool:
    return element in REG_API_TYPES.get(api, frozenset())


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


def reg_cast_supported(src: str, dst: str) -> bool:
    return src == dst or dst in REG_CASTS.get(src, frozenset())
