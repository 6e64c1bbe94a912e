"""Element types of ASCIR tensors and scalar-like values.

One table defines every dtype: its IR spelling (the seed's ``ascir.dtypes`` names),
its byte width, its numpy representation (bfloat16 through ``ml_dtypes``) and its
category. Op whitelists are built from the category sets at the bottom.
"""

from __future__ import annotations

import functools
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np


class DType(Enum):
    """An ASCIR element type. ``value`` is the spelling used in IR text."""

    int8 = "int8"
    int16 = "int16"
    int32 = "int32"
    int64 = "int64"
    uint8 = "uint8"
    uint16 = "uint16"
    uint32 = "uint32"
    uint64 = "uint64"
    float16 = "float16"
    bfloat16 = "bfloat16"
    float32 = "float32"
    bool = "bool"

    @property
    def numpy(self) -> np.dtype:
        return _numpy_dtypes()[self]

    @property
    def nbytes(self) -> int:
        return _NBYTES[self]

    @property
    def int_range(self) -> tuple[int, int]:
        """``(min, max)`` of an integer dtype (``numpy.iinfo``'s, without importing numpy)."""
        if not self.is_integer:
            raise ValueError(f"{self.value} is not an integer dtype")
        bits = 8 * self.nbytes
        return (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if self in SIGNED else (0, 2**bits - 1)

    @property
    def is_float(self) -> bool:
        return self in FLOATS

    @property
    def is_integer(self) -> bool:
        return self in INTEGERS

    @property
    def is_signed(self) -> bool:
        return self in SIGNED

    def __str__(self) -> str:
        return self.value

    @staticmethod
    def parse(name: str) -> DType:
        try:
            return DType(name)
        except ValueError:
            known = ", ".join(d.value for d in DType)
            raise ValueError(f"unknown dtype '{name}' (known dtypes: {known})") from None

    @staticmethod
    def from_numpy(dtype: np.dtype) -> DType:
        for d, npd in _numpy_dtypes().items():
            if npd == dtype:
                return d
        raise ValueError(f"numpy dtype {dtype} has no ASCIR equivalent")


_NBYTES: dict[DType, int] = {
    DType.int8: 1,
    DType.int16: 2,
    DType.int32: 4,
    DType.int64: 8,
    DType.uint8: 1,
    DType.uint16: 2,
    DType.uint32: 4,
    DType.uint64: 8,
    DType.float16: 2,
    DType.bfloat16: 2,
    DType.float32: 4,
    DType.bool: 1,
}


@functools.cache
def _numpy_dtypes() -> dict[DType, np.dtype]:
    """The numpy dtypes, built on first use: parsing and verifying IR does not import numpy."""
    import ml_dtypes
    import numpy as np

    return {
        DType.int8: np.dtype(np.int8),
        DType.int16: np.dtype(np.int16),
        DType.int32: np.dtype(np.int32),
        DType.int64: np.dtype(np.int64),
        DType.uint8: np.dtype(np.uint8),
        DType.uint16: np.dtype(np.uint16),
        DType.uint32: np.dtype(np.uint32),
        DType.uint64: np.dtype(np.uint64),
        DType.float16: np.dtype(np.float16),
        DType.bfloat16: np.dtype(ml_dtypes.bfloat16),
        DType.float32: np.dtype(np.float32),
        DType.bool: np.dtype(np.bool_),
    }

FLOATS = frozenset({DType.float16, DType.bfloat16, DType.float32})
SIGNED_INTS = frozenset({DType.int8, DType.int16, DType.int32, DType.int64})
UNSIGNED_INTS = frozenset({DType.uint8, DType.uint16, DType.uint32, DType.uint64})
INTEGERS = SIGNED_INTS | UNSIGNED_INTS
SIGNED = SIGNED_INTS | FLOATS
NUMERIC = INTEGERS | FLOATS
ALL = NUMERIC | {DType.bool}
MASKS = frozenset({DType.uint8, DType.bool})
INDEX = frozenset({DType.int32, DType.int64})

# Explicit Cast (src -> dst) table. It lists the conversions AscendC's Cast offers on
# arch 3510 that ASCIR exposes; anything else must go through an intermediate Cast.
CAST_PAIRS: dict[DType, frozenset[DType]] = {
    DType.float32: frozenset({DType.float16, DType.bfloat16, DType.int32, DType.int64, DType.int16}),
    DType.float16: frozenset({DType.float32, DType.int32, DType.int16, DType.int8, DType.uint8}),
    DType.bfloat16: frozenset({DType.float32, DType.int32}),
    DType.int32: frozenset({DType.float32, DType.float16, DType.int64, DType.int16}),
    DType.int64: frozenset({DType.int32, DType.float32}),
    DType.int16: frozenset({DType.float16, DType.float32, DType.int32}),
    DType.int8: frozenset({DType.float16, DType.int32}),
    DType.uint8: frozenset({DType.float16, DType.float32, DType.int32, DType.bool}),
    DType.bool: frozenset({DType.float16, DType.float32, DType.int32, DType.uint8}),
}


def names(dtypes: frozenset[DType] | set[DType]) -> str:
    """A deterministic, human-readable list of dtypes for diagnostics."""
    return ", ".join(d.value for d in DType if d in dtypes)
