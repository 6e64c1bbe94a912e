"""The Level-0 ("tensor高维切分": mask, repeatTime, block/repeat strides) forms of the
memory-level vector APIs on the simulator (``runtime/sim/include/ascsim/level0.h``), checked
against a reference written here from the docs (MV/SIMD计算说明/高维切分.md, 掩码.md), and
each Level-0 rule of ``target.api_rules`` broken once.

One kernel, compiled once: x holds two 8 KB source regions (a, b), y the 16 KB destination
region d, pre-filled with a sentinel so that masked-off lanes must keep it. Each mode runs
one case's C++ body on typed views of a, b, d (and w, a 16 KB work tensor).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import ml_dtypes
import numpy as np
import pytest

from runtime import SimulatorError
from test.handwritten import build

BF16 = np.dtype(ml_dtypes.bfloat16)
CXX = {
    np.dtype(np.float16): "half",
    np.dtype(np.float32): "float",
    np.dtype(np.int16): "int16_t",
    np.dtype(np.uint16): "uint16_t",
    np.dtype(np.int32): "int32_t",
    np.dtype(np.uint32): "uint32_t",
    np.dtype(np.int64): "int64_t",
    np.dtype(np.uint8): "uint8_t",
    BF16: "bfloat16_t",
}
FULL = (1 << 64) - 1

# ------------------------------------------------------------------ reference (from the docs)


def lanes_of(*dtypes: np.dtype) -> int:
    return 256 // max(np.dtype(d).itemsize for d in dtypes)


def active(lanes: int, repeat: int, mask, counter: bool = False) -> list[list[int]]:
    """The running lanes of each repeat: mask is an int (continuous) or (low, high) bits."""
    if counter:
        n = mask if isinstance(mask, int) else mask[0]
        return [[k for k in range(lanes) if r * lanes + k < n] for r in range(-(-n // lanes))]
    if isinstance(mask, int):
        on = list(range(min(mask, lanes)))
    else:
        on = [k for k in range(lanes) if (mask[k // 64] >> (k % 64)) & 1]
    return [on for _ in range(repeat)]


def at(r: int, k: int, blk: int, rep: int, dtype) -> int:
    """Element of lane k in repeat r (高维切分.md: strides in 32-byte blocks of the operand)."""
    n = 32 // np.dtype(dtype).itemsize
    return (r * rep + (k // n) * blk) * n + k % n


def elementwise(d, srcs, dblk, drep, plan, f):
    """d[at(dst)] = f(*src lanes) for every running lane, repeat after repeat."""
    out = d.copy()
    for r, ks in enumerate(plan):
        vals = {k: f(*(s[at(r, k, b, p, s.dtype)] for s, b, p in srcs)) for k in ks}
        for k, v in vals.items():
            out[at(r, k, dblk, drep, d.dtype)] = v
    return out


@dataclass
class Case:
    name: str
    body: str
    a: np.ndarray  # x[0:8192] as this dtype
    b: np.ndarray  # x[8192:16384]
    d: np.ndarray  # y, the initial destination
    expect: Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]
    tol: float = 0.0


def _region(dtype, fill=None, lo=-50, hi=50, seed=0) -> np.ndarray:
    n = 8192 // np.dtype(dtype).itemsize
    if fill is not None:
        return np.full(n, fill, dtype)
    rng = np.random.default_rng(seed)
    if np.issubdtype(np.dtype(dtype), np.integer):
        return rng.integers(lo, hi, n).astype(dtype)
    return (rng.integers(lo * 4, hi * 4, n) / 4).astype(np.float32).astype(dtype)


def _dst(dtype, fill=-7) -> np.ndarray:
    return np.full(16384 // np.dtype(dtype).itemsize, fill, dtype)


H, F, I16, U16, I32, U32 = np.float16, np.float32, np.int16, np.uint16, np.int32, np.uint32
LANES16, LANES32 = 128, 64  # lanes of a 256-byte repeat


def _ew(dt, srcs, dblk, drep, plan, f):
    """The reference of a call on a (and b) with strides srcs = [(blk, rep), ...]."""
    return lambda a, b, d: elementwise(
        d, [(x, *s) for x, s in zip((a, b), srcs, strict=False)], dblk, drep, plan, f
    )


def _cases() -> list[Case]:
    c: list[Case] = []
    # --- binary
    c.append(
        Case(
            "add_half_continuous",
            "Add(D(half), A(half), B(half), (uint64_t)64, 4, {1, 1, 1, 8, 8, 8});",
            _region(H, seed=1),
            _region(H, seed=2),
            _dst(H),
            _ew(H, [(1, 8), (1, 8)], 1, 8, active(LANES16, 4, 64), lambda x, y: x + y),
        )
    )
    bits = (0x5555555555555555, 0xF0F0F0F0F0F0F0F0)
    c.append(
        Case(
            "add_half_bits",
            f"uint64_t m[2] = {{{bits[0]:#x}ULL, {bits[1]:#x}ULL}};\n"
            "Add(D(half), A(half), B(half), m, 2, {1, 1, 1, 8, 8, 8});",
            _region(H, seed=3),
            _region(H, seed=4),
            _dst(H),
            _ew(H, [(1, 8), (1, 8)], 1, 8, active(LANES16, 2, bits), lambda x, y: x + y),
        )
    )
    c.append(
        Case(
            "add_float_src0_strides",
            "Add(D(float), A(float), B(float), (uint64_t)64, 2, {1, 2, 1, 8, 16, 8});",
            _region(F, seed=5),
            _region(F, seed=6),
            _dst(F),
            _ew(F, [(2, 16), (1, 8)], 1, 8, active(LANES32, 2, 64), lambda x, y: x + y),
        )
    )
    c.append(
        Case(
            "sub_int16_zero_and_wide_strides",
            "Sub(D(int16_t), A(int16_t), B(int16_t), (uint64_t)128, 3, {1, 0, 1, 10, 8, 0});",
            _region(I16, seed=7),
            _region(I16, seed=8),
            _dst(I16),
            _ew(I16, [(0, 8), (1, 0)], 1, 10, active(LANES16, 3, 128), lambda x, y: x - y),
        )
    )
    c.append(
        Case(
            "mul_int32_counter",
            "SetMaskCount();\nMul(D(int32_t), A(int32_t), B(int32_t), (uint64_t)150, 1, {});\nSetMaskNorm();",
            _region(I32, seed=9),
            _region(I32, seed=10),
            _dst(I32),
            _ew(I32, [(1, 8), (1, 8)], 1, 8, active(LANES32, 1, 150, counter=True), lambda x, y: x * y),
        )
    )
    c.append(
        Case(
            "div_float_counter_bits",
            "SetMaskCount();\nuint64_t m[2] = {100, 0};\n"
            "Div(D(float), A(float), B(float), m, 7, {1, 1, 1, 8, 8, 8});\nSetMaskNorm();",
            _region(F, seed=11),
            _region(F, lo=1, hi=9, seed=12),
            _dst(F),
            _ew(
                F,
                [(1, 8), (1, 8)],
                1,
                8,
                active(LANES32, 7, (100, 0), counter=True),
                lambda x, y: np.float32(x) / np.float32(y),
            ),
        )
    )
    reg = (0xFFFFFFFF0000FFFF, 0x00000000FFFF0000)
    c.append(
        Case(
            "max_half_mask_register",
            f"SetVectorMask<half>({reg[1]:#x}ULL, {reg[0]:#x}ULL);\n"
            "Max<half, false>(D(half), A(half), B(half), MASK_PLACEHOLDER, 2, {1, 1, 1, 8, 8, 8});\nResetMask();",
            _region(H, seed=13),
            _region(H, seed=14),
            _dst(H),
            _ew(H, [(1, 8), (1, 8)], 1, 8, active(LANES16, 2, reg), max),
        )
    )
    c.append(
        Case(
            "min_float_mask_register_len",
            "SetVectorMask<float>(40);\n"
            "Min<float, false>(D(float), A(float), B(float), MASK_PLACEHOLDER, 3, {1, 1, 1, 8, 8, 8});\nResetMask();",
            _region(F, seed=15),
            _region(F, seed=16),
            _dst(F),
            _ew(F, [(1, 8), (1, 8)], 1, 8, active(LANES32, 3, 40), min),
        )
    )
    c.append(
        Case(
            "and_uint16_dst_stride",
            "And(D(uint16_t), A(uint16_t), B(uint16_t), (uint64_t)100, 2, {2, 1, 1, 16, 8, 8});",
            _region(U16, lo=0, hi=60000, seed=17),
            _region(U16, lo=0, hi=60000, seed=18),
            _dst(U16, 7),
            _ew(U16, [(1, 8), (1, 8)], 2, 16, active(LANES16, 2, 100), lambda x, y: x & y),
        )
    )
    # --- tensor-scalar (doc 掩码.md examples: counter mode, strides {2, 2, 16, 16})
    c.append(
        Case(
            "adds_half_counter_in_api",
            "SetMaskCount();\nuint64_t m[2] = {130, 0};\n"
            "Adds<half, true>(D(half), A(half), half(1.0f), m, 1, {2, 2, 16, 16});\nSetMaskNorm();",
            _region(H, seed=19),
            _region(H),
            _dst(H),
            _ew(H, [(2, 16)], 2, 16, active(LANES16, 1, 130, counter=True), lambda x: x + H(1)),
        )
    )
    c.append(
        Case(
            "adds_half_counter_register",
            "SetMaskCount();\nSetVectorMask<half, MaskMode::COUNTER>(130);\n"
            "Adds<half, false>(D(half), A(half), half(1.0f), MASK_PLACEHOLDER, 1, {2, 2, 16, 16});\n"
            "SetMaskNorm();\nResetMask();",
            _region(H, seed=19),
            _region(H),
            _dst(H),
            _ew(H, [(2, 16)], 2, 16, active(LANES16, 1, 130, counter=True), lambda x: x + H(1)),
        )
    )
    pat = (0x69A569A569A569A5, 0x69A569A569A569A5)
    c.append(
        Case(
            "adds_half_normal_bits",
            f"uint64_t m[2] = {{{pat[0]:#x}ULL, {pat[1]:#x}ULL}};\n"
            "Adds(D(half), A(half), half(1.0f), m, 1, {2, 2, 16, 16});",
            _region(H, seed=20),
            _region(H),
            _dst(H),
            _ew(H, [(2, 16)], 2, 16, active(LANES16, 1, pat), lambda x: x + H(1)),
        )
    )
    c.append(
        Case(
            "muls_int16",
            "Muls(D(int16_t), A(int16_t), int16_t(3), (uint64_t)128, 2, {1, 1, 8, 8});",
            _region(I16, seed=21),
            _region(I16),
            _dst(I16),
            _ew(I16, [(1, 8)], 1, 8, active(LANES16, 2, 128), lambda x: x * I16(3)),
        )
    )
    bb = (0xFFFF0000FFFF0000, 0x0000FFFF0000FFFF)
    c.append(
        Case(
            "maxs_bf16_bits",
            f"uint64_t m[2] = {{{bb[0]:#x}ULL, {bb[1]:#x}ULL}};\n"
            "Maxs(D(bfloat16_t), A(bfloat16_t), bfloat16_t(0.5f), m, 2, {1, 1, 8, 8});",
            _region(BF16, seed=22),
            _region(BF16),
            _dst(BF16),
            _ew(BF16, [(1, 8)], 1, 8, active(LANES16, 2, bb), lambda x: max(x, BF16.type(0.5))),
        )
    )
    c.append(
        Case(
            "mins_int32_src_strides",
            "Mins(D(int32_t), A(int32_t), int32_t(10), (uint64_t)48, 3, {1, 3, 8, 24});",
            _region(I32, seed=23),
            _region(I32),
            _dst(I32),
            _ew(I32, [(3, 24)], 1, 8, active(LANES32, 3, 48), lambda x: min(x, I32(10))),
        )
    )
    c.append(
        Case(
            "leakyrelu_float",
            "LeakyRelu(D(float), A(float), 0.01f, (uint64_t)64, 4, {1, 1, 8, 8});",
            _region(F, seed=24),
            _region(F),
            _dst(F),
            _ew(
                F,
                [(1, 8)],
                1,
                8,
                active(LANES32, 4, 64),
                lambda x: x if x >= 0 else np.float32(x * np.float32(0.01)),
            ),
            tol=1e-6,
        )
    )
    # --- unary
    c.append(
        Case(
            "abs_int16_bits",
            "uint64_t m[2] = {~0ULL, 0};\nAbs(D(int16_t), A(int16_t), m, 2, {1, 1, 8, 8});",
            _region(I16, seed=25),
            _region(I16),
            _dst(I16),
            _ew(I16, [(1, 8)], 1, 8, active(LANES16, 2, (FULL, 0)), abs),
        )
    )
    c.append(
        Case(
            "exp_float_strides",
            "Exp(D(float), A(float), (uint64_t)32, 2, {2, 1, 16, 8});",
            _region(F, lo=-3, hi=3, seed=26),
            _region(F),
            _dst(F),
            _ew(F, [(1, 8)], 2, 16, active(LANES32, 2, 32), lambda x: np.float32(math.exp(x))),
            tol=1e-6,
        )
    )
    c.append(
        Case(
            "sqrt_half",
            "Sqrt(D(half), A(half), (uint64_t)128, 1, {1, 1, 8, 8});",
            _region(H, lo=0, hi=60, seed=27),
            _region(H),
            _dst(H),
            _ew(H, [(1, 8)], 1, 8, active(LANES16, 1, 128), lambda x: H(math.sqrt(x))),
            tol=1e-3,
        )
    )
    rb = (0xAAAAAAAAAAAAAAAA, 0)
    c.append(
        Case(
            "relu_int32_bits",
            f"uint64_t m[2] = {{{rb[0]:#x}ULL, 0}};\nRelu(D(int32_t), A(int32_t), m, 2, {{1, 1, 8, 8}});",
            _region(I32, seed=28),
            _region(I32),
            _dst(I32),
            _ew(I32, [(1, 8)], 1, 8, active(LANES32, 2, rb), lambda x: max(x, I32(0))),
        )
    )
    # --- Duplicate
    c.append(
        Case(
            "duplicate_half",
            "Duplicate(D(half), half(-1.0f), (uint64_t)128, 4, 1, 8);",
            _region(H),
            _region(H),
            _dst(H, 5),
            lambda a, b, d: elementwise(d, [], 1, 8, active(LANES16, 4, 128), lambda: H(-1)),
        )
    )
    c.append(
        Case(
            "duplicate_uint16_strided",
            "uint64_t m[2] = {0xFFFF00000000FFFFULL, 0x1ULL};\nDuplicate(D(uint16_t), uint16_t(9), m, 3, 2, 20);",
            _region(U16),
            _region(U16),
            _dst(U16, 5),
            lambda a, b, d: elementwise(
                d, [], 2, 20, active(LANES16, 3, (0xFFFF00000000FFFF, 1)), lambda: U16(9)
            ),
        )
    )
    # --- Cast: lanes of the wider type, each side's strides in its own blocks (Cast.md:360)
    src = np.tile(np.array([1.4, 1.5, 1.6, 2.4, 2.5, 2.6, -1.5, -2.6], np.float16), 512)
    c.append(
        Case(
            "cast_half_int32_ceil",
            "Cast(D(int32_t), A(half), RoundMode::CAST_CEIL, (uint64_t)64, 8, {1, 1, 8, 4});",
            src,
            _region(H),
            _dst(I32),
            lambda a, b, d: elementwise(
                d, [(a, 1, 4)], 1, 8, active(LANES32, 8, 64), lambda x: I32(math.ceil(x))
            ),
        )
    )
    c.append(
        Case(
            "cast_half_int32_partial_rint",
            "Cast(D(int32_t), A(half), RoundMode::CAST_RINT, (uint64_t)32, 8, {1, 1, 8, 4});",
            src,
            _region(H),
            _dst(I32),
            lambda a, b, d: elementwise(
                d, [(a, 1, 4)], 1, 8, active(LANES32, 8, 32), lambda x: I32(np.rint(x))
            ),
        )
    )
    c.append(
        Case(
            "cast_float_half_narrow",
            "uint64_t m[2] = {0x00FF00FF00FF00FFULL, 0};\n"
            "Cast(D(half), A(float), RoundMode::CAST_RINT, m, 2, {2, 1, 8, 8});",
            _region(F, seed=29),
            _region(F),
            _dst(H),
            lambda a, b, d: elementwise(d, [(a, 1, 8)], 2, 8, active(LANES32, 2, (0x00FF00FF00FF00FF, 0)), H),
        )
    )

    # --- Compare, Compares: bits written contiguously, dst strides unused
    def cmp_ref(plan, lanes, pred):
        def f(a, b, d):
            out = d.copy()
            bits = np.zeros(len(plan) * lanes, bool)
            for r, ks in enumerate(plan):
                for k in ks:
                    bits[r * lanes + k] = pred(r, k, a, b)
            out[: len(bits) // 8] = np.packbits(bits, bitorder="little")
            return out

        return f

    c.append(
        Case(
            "compare_float_lt_bits",
            "uint64_t m[2] = {0x33333333ULL, 0};\n"
            "Compare(D(uint8_t), A(float), B(float), CMPMODE::LT, m, 3, {1, 1, 1, 8, 8, 8});",
            _region(F, seed=30),
            _region(F, seed=31),
            _dst(np.uint8, 0xEE),
            cmp_ref(
                active(LANES32, 3, (0x33333333, 0)),
                LANES32,
                lambda r, k, a, b: a[at(r, k, 1, 8, F)] < b[at(r, k, 1, 8, F)],
            ),
        )
    )
    c.append(
        Case(
            "compare_half_eq_strided",
            "Compare(D(uint8_t), A(half), B(half), CMPMODE::EQ, (uint64_t)100, 2, {1, 2, 1, 1, 16, 8});",
            _region(H, lo=0, hi=3, seed=32),
            _region(H, lo=0, hi=3, seed=33),
            _dst(np.uint8, 0xEE),
            cmp_ref(
                active(LANES16, 2, 100),
                LANES16,
                lambda r, k, a, b: a[at(r, k, 2, 16, H)] == b[at(r, k, 1, 8, H)],
            ),
        )
    )
    c.append(
        Case(
            "compares_int32_ge_counter",
            "SetMaskCount();\nCompares(D(uint8_t), A(int32_t), int32_t(3), CMPMODE::GE, (uint64_t)200, 1, {1, 1, 8, 8});\n"
            "SetMaskNorm();",
            _region(I32, seed=34),
            _region(I32),
            _dst(np.uint8, 0xEE),
            cmp_ref(
                active(LANES32, 1, 200, counter=True), LANES32, lambda r, k, a, b: a[at(r, k, 1, 8, I32)] >= 3
            ),
        )
    )
    # --- Select: bit 1 takes src0; mode 0 reuses the first lanes bits each repeat
    sel = _region(np.uint8, lo=0, hi=256, seed=35)

    def sel_ref(plan, lanes, mode, scalar=None, s0=(1, 8), s1=(1, 8), dd=(1, 8), dt=F):
        def f(a, b, d):
            bits = np.unpackbits(b.view(np.uint8), bitorder="little")
            out = d.copy()
            for r, ks in enumerate(plan):
                for k in ks:
                    bit = k if mode == 0 else r * lanes + k
                    y = scalar if scalar is not None else a[4096 // a.itemsize + at(r, k, *s1, dt)]
                    out[at(r, k, *dd, dt)] = a[at(r, k, *s0, dt)] if bits[bit] else y
            return out

        return f

    # a holds src0 at a[0:], src1 at a[4 KB:]; b holds the selection mask
    c.append(
        Case(
            "select_mode2_float",
            "Select(D(float), B(uint8_t), A(float), A(float)[1024], SELMODE::VSEL_TENSOR_TENSOR_MODE, "
            "(uint64_t)64, 4, {1, 1, 1, 8, 8, 8});",
            _region(F, seed=36),
            sel,
            _dst(F),
            sel_ref(active(LANES32, 4, 64), LANES32, 2),
        )
    )
    c.append(
        Case(
            "select_mode0_half_bits",
            "uint64_t m[2] = {~0ULL, 0xFFULL};\n"
            "Select(D(half), B(uint8_t), A(half), A(half)[2048], SELMODE::VSEL_CMPMASK_SPR, m, 3, {1, 2, 1, 8, 16, 8});",
            _region(H, seed=37),
            sel,
            _dst(H),
            sel_ref(active(LANES16, 3, (FULL, 0xFF)), LANES16, 0, s0=(2, 16), dt=H),
        )
    )
    c.append(
        Case(
            "select_mode1_int32_scalar",
            "Select(D(int32_t), B(uint8_t), A(int32_t), int32_t(-99), SELMODE::VSEL_TENSOR_SCALAR_MODE, "
            "(uint64_t)50, 3, {1, 1, 1, 8, 8, 8});",
            _region(I32, seed=38),
            sel,
            _dst(I32),
            sel_ref(active(LANES32, 3, 50), LANES32, 1, scalar=-99, dt=I32),
        )
    )

    # --- reductions: result in d[0] (and the index bits in d[1])
    def red_ref(plan, rep, fn, dt, index=False):
        def f(a, b, d):
            vals = [(at(r, k, 1, rep, dt), a[at(r, k, 1, rep, dt)]) for r, ks in enumerate(plan) for k in ks]
            out = d.copy()
            if fn == "sum":
                out[0] = dt(sum(float(v) for _, v in vals))
            else:
                best = (max if fn == "max" else min)(v for _, v in vals)
                out[0] = best
                if index:
                    i = min(j for j, v in vals if v == best)
                    out[1:2] = np.array([i], np.uint16 if dt == H else np.uint32).view(dt)
            return out

        return f

    ones = np.ones(4096, H)
    c.append(
        Case(
            "reducesum_half_32_repeats",
            "ReduceSum(D(half), A(half), W(half), (int32_t)128, 32, 8);",
            ones,
            _region(H),
            _dst(H),
            red_ref(active(LANES16, 32, 128), 8, "sum", H),
        )
    )
    c.append(
        Case(
            "reducesum_float_rep_stride",
            "uint64_t m[2] = {0xFFFFFFFF0000FFFFULL, 0};\nReduceSum(D(float), A(float), W(float), m, 5, 12);",
            _region(F, lo=-8, hi=8, seed=39),
            _region(F),
            _dst(F),
            red_ref(active(LANES32, 5, (0xFFFFFFFF0000FFFF, 0)), 12, "sum", F),
        )
    )
    c.append(
        Case(
            "reducemax_half_index",
            "ReduceMax(D(half), A(half), W(half), (int32_t)128, 4, 8, true);",
            _region(H, lo=-200, hi=200, seed=40),
            _region(H),
            _dst(H),
            red_ref(active(LANES16, 4, 128), 8, "max", H, index=True),
        )
    )
    c.append(
        Case(
            "reducemin_int32_stride_index",
            "ReduceMin(D(int32_t), A(int32_t), W(int32_t), (int32_t)40, 6, 9, true);",
            _region(I32, lo=-1000, hi=1000, seed=41),
            _region(I32),
            _dst(I32),
            red_ref(active(LANES32, 6, 40), 9, "min", I32, index=True),
        )
    )
    # --- Gather: offsets contiguous per repeat, dst repeat stride
    offs = ((511 - np.arange(2048)) % 512 * 2).astype(np.uint32)

    def gather_ref(plan, lanes, drep, dt):
        def f(a, b, d):
            out = d.copy()
            o = b.view(np.uint32)
            for r, ks in enumerate(plan):
                for k in ks:
                    out[at(r, k, 1, drep, dt)] = a[o[r * lanes + k] // np.dtype(dt).itemsize]
            return out

        return f

    c.append(
        Case(
            "gather_half_rep_stride",
            "Gather(D(half), A(half), B(uint32_t), 0u, (uint64_t)128, 4, 10);",
            np.arange(4096).astype(H),
            offs,
            _dst(H),
            gather_ref(active(LANES16, 4, 128), LANES16, 10, H),
        )
    )
    c.append(
        Case(
            "gather_float_bits",
            "uint64_t m[2] = {0xF0F0F0F0F0F0F0F0ULL, 0};\nGather(D(float), A(float), B(uint32_t), 0u, m, 2, 8);",
            np.arange(2048).astype(F),
            (offs * 2).astype(np.uint32),
            _dst(F),
            gather_ref(active(LANES32, 2, (0xF0F0F0F0F0F0F0F0, 0)), LANES32, 8, F),
        )
    )
    # --- repeat 255 with mask 64 (the doc's legal kernel) and repeat 0 (NOP)
    c.append(
        Case(
            "add_half_255_repeats",
            "Add(D(half), A(half), A(half), (uint64_t)64, 255, {1, 1, 1, 0, 0, 0});",
            _region(H, seed=42),
            _region(H),
            _dst(H),
            lambda a, b, d: elementwise(
                d, [(a, 1, 0), (a, 1, 0)], 1, 0, active(LANES16, 255, 64), lambda x, y: x + y
            ),
        )
    )
    c.append(
        Case(
            "add_float_repeat_zero_is_nop",
            "Add(D(float), A(float), B(float), (uint64_t)64, 0, {});",
            _region(F),
            _region(F),
            _dst(F),
            lambda a, b, d: d,
        )
    )
    # the accumulation the overlap exception allows: dst over src1, src1/dst repeat stride 0
    c.append(
        Case(
            "add_float_accumulate_exception",
            "Add(D(float), A(float), D(float), (uint64_t)64, 4, {1, 1, 1, 0, 8, 0});",
            _region(F, seed=43),
            _region(F),
            _dst(F, 1),
            lambda a, b, d: _accumulate(a, d),
        )
    )
    return c


def _accumulate(a, d):
    out = d.copy()
    for r in range(4):
        out[:64] = out[:64] + a[64 * r : 64 * r + 64]
    return out


# ------------------------------------------------------------------ rule breakers
RULE_BODIES = {
    "l0-mask-normal": (
        "Add(D(float), A(float), B(float), (uint64_t)65, 1, {});",
        r"mask 65 is outside \[0, 64\]",
    ),
    "l0-mask-counter": (
        "SetMaskCount();\nAdd(D(float), A(float), B(float), (uint64_t)0x100000000ULL, 1, {});",
        r"counter-mode element count 4294967296",
    ),
    "l0-mask-b64": (
        "uint64_t m[2] = {0x100000000ULL, 0};\nGather(D(int64_t), A(int64_t), B(uint32_t), 0u, m, 1, 8);",
        r"mask\[0\] 4294967296",
    ),
    "set-vector-mask": ("SetVectorMask<float>(1ULL, ~0ULL);", r"maskHigh 1 must be 0 for 32-bit elements"),
    "l0-dst-blk-stride": (
        "Adds(D(float), A(float), 1.0f, (uint64_t)64, 1, {0, 1, 8, 8});",
        r"dstBlkStride is 0",
    ),
    "l0-bounds": (
        "Add(D(float), A(float), B(float), (uint64_t)64, 40, {});",
        r"src0 repeat 32 touches element 2111",
    ),
    "l0-overlap-partial": ("Add(D(half), D(half)[16], B(half), (uint64_t)128, 1, {});", r"overlap in part"),
    "l0-overlap-repeat": (
        "Add(D(float), D(float), B(float), (uint64_t)64, 2, {1, 1, 1, 8, 0, 8});",
        r"repeat 1 reads src0 bytes that repeat 0 wrote",
    ),
}
EXTRA_BODIES = {  # existing rules the Level-0 forms check too
    "gather-aliasing": (
        "Gather(A(half)[2048], A(half), B(uint32_t), 0u, (uint64_t)128, 1, 8);",
        r"lie in the source",
    ),
    "overlap-undocumented": (
        "Compare(D(uint8_t), D(float), B(float), CMPMODE::LT, (uint64_t)64, 1, {});",
        r"overlap source bytes",
    ),
    "dtype": (
        "Adds(D(uint16_t), A(uint16_t), uint16_t(1), (uint64_t)64, 1, {});",
        r"Adds: element type uint16_t is not supported .*supported: int16_t, half, bfloat16_t, int32_t, float",
    ),
}

CASES = _cases()
ALL_BREAKERS = {**RULE_BODIES, **EXTRA_BODIES}
BREAK_MODE = {rid: 1000 + i for i, rid in enumerate(ALL_BREAKERS)}

DEVICE_HEAD = """\
// Level-0 API cases: a = x[0, 8 KB), b = x[8 KB, 16 KB), d = y (16 KB, read and written), w: work.
#include "kernel_operator.h"
#include "tiling.h"
using namespace AscendC;

#define A(T) a.ReinterpretCast<T>()
#define B(T) b.ReinterpretCast<T>()
#define D(T) d.ReinterpretCast<T>()
#define W(T) w.ReinterpretCast<T>()

extern "C" __global__ __aicore__ void level0_kernel(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                    AutofuseTilingData tiling) {
    GlobalTensor<uint8_t> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ uint8_t*)x, 16384);
    yGm.SetGlobalBuffer((__gm__ uint8_t*)y, 16384);
    TPipe pipe;
    TBuf<TPosition::VECCALC> ab, bb, db, wb;
    pipe.InitBuffer(ab, 8192);
    pipe.InitBuffer(bb, 8192);
    pipe.InitBuffer(db, 16384);
    pipe.InitBuffer(wb, 16384);
    LocalTensor<uint8_t> a = ab.Get<uint8_t>();
    LocalTensor<uint8_t> b = bb.Get<uint8_t>();
    LocalTensor<uint8_t> d = db.Get<uint8_t>();
    LocalTensor<uint8_t> w = wb.Get<uint8_t>();
    DataCopy(a, xGm, 8192);
    DataCopy(b, xGm[8192], 8192);
    DataCopy(d, yGm, 16384);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    switch (tiling.mode) {
"""

DEVICE_TAIL = """\
        default:
            break;
    }
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm, d, 16384);
}

"""


def _case_block(mode: int, body: str) -> str:
    lines = "\n".join("            " + ln for ln in body.splitlines())
    return f"        case {mode}: {{\n{lines}\n            break;\n        }}\n"


def device_source() -> str:
    cases = "".join(_case_block(i + 1, c.body) for i, c in enumerate(CASES))
    cases += "".join(_case_block(BREAK_MODE[rid], body) for rid, (body, _) in ALL_BREAKERS.items())
    return DEVICE_HEAD + cases + DEVICE_TAIL


@pytest.fixture(scope="module")
def kernel():
    return build(device_source(), "level0_kernel")


def _run(kernel, mode: int, a: np.ndarray, b: np.ndarray, d: np.ndarray) -> np.ndarray:
    x = np.concatenate([a.view(np.uint8), b.view(np.uint8)])
    y = d.view(np.uint8).copy()
    assert x.size == 16384 and y.size == 16384
    kernel.run([x, y], [0, mode])
    return y.view(d.dtype)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_level0_api(kernel, case: Case) -> None:
    mode = CASES.index(case) + 1
    got = _run(kernel, mode, case.a, case.b, case.d)
    want = case.expect(case.a, case.b, case.d).astype(case.d.dtype)
    if case.tol:
        np.testing.assert_allclose(
            got.astype(np.float64), want.astype(np.float64), rtol=case.tol, atol=case.tol
        )
    else:
        np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))


def test_doc_add_examples_by_hand(kernel) -> None:
    """更多样例-9.md: x = 1..512, y = 513..1024 (half), mask 64, 4 repeats: rows 514.., 770.."""
    x = np.zeros(4096, H)
    x[:512] = np.arange(1, 513)
    y = np.zeros(4096, H)
    y[:512] = np.arange(513, 1025)
    got = _run(
        kernel, CASES.index(next(c for c in CASES if c.name == "add_half_continuous")) + 1, x, y, _dst(H)
    )
    for r in range(4):
        np.testing.assert_array_equal(got[128 * r : 128 * r + 64], 514 + 256 * r + 2 * np.arange(64))
        assert (got[128 * r + 64 : 128 * r + 128] == -7).all()
    assert (got[512:] == -7).all()


def test_cast_doc_rounding(kernel) -> None:
    """Cast.md 调用示例: [1.4, 1.5, 1.6, 2.4, 2.5, 2.6] -> CEIL [2, 2, 2, 3, 3, 3]; RINT [1, 2, 2, 2, 2, 3]."""
    case = next(c for c in CASES if c.name == "cast_half_int32_ceil")
    got = _run(kernel, CASES.index(case) + 1, case.a, case.b, case.d)
    assert list(got[:8]) == [2, 2, 2, 3, 3, 3, -1, -2]
    case = next(c for c in CASES if c.name == "cast_half_int32_partial_rint")
    got = _run(kernel, CASES.index(case) + 1, case.a, case.b, case.d)
    assert list(got[:8]) == [1, 2, 2, 2, 2, 3, -2, -3]
    assert (got[32:64] == -7).all()


@pytest.mark.parametrize("rule_id", sorted(ALL_BREAKERS))
def test_each_level0_rule_is_refused(kernel, rule_id: str) -> None:
    detail = ALL_BREAKERS[rule_id][1]
    with pytest.raises(SimulatorError, match=detail) as e:
        _run(kernel, BREAK_MODE[rule_id], _region(F), _region(F), _dst(F))
    if rule_id != "dtype":  # the dtype table's message names the supported types instead
        assert f"[{rule_id}: " in str(e.value)


def test_the_rule_rows_name_these_tests() -> None:
    from ascendc_emitter.target import api_rules

    for r in api_rules.RULES:
        if r.test.startswith("test/runtime/test_level0.py"):
            assert r.id in RULE_BODIES, r.id
    for rid in RULE_BODIES:
        assert api_rules.rule(rid).test.endswith(f"test_each_level0_rule_is_refused[{rid}]")
