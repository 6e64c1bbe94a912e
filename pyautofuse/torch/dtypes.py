"""torch dtype <-> ASCIR dtype (one to one), and tensors <-> numpy arrays for the kernels."""

from __future__ import annotations

from typing import Any

from ascir_dialect.dtypes import DType

_NAMES = {
    "float32": DType.float32,
    "float16": DType.float16,
    "bfloat16": DType.bfloat16,
    "int8": DType.int8,
    "int16": DType.int16,
    "int32": DType.int32,
    "int64": DType.int64,
    "uint8": DType.uint8,
    "uint16": DType.uint16,
    "uint32": DType.uint32,
    "uint64": DType.uint64,
    "bool": DType.bool,
}
"""torch dtypes by name (``str(torch.float32)`` is ``"torch.float32"``). float64 and the
complex, float8 and quantized dtypes have no ASCIR equivalent: nodes using them stay in
eager torch."""


def to_ascir(dtype: Any) -> DType | None:
    """The ASCIR dtype of a torch dtype, or None when ASCIR has none."""
    return _NAMES.get(str(dtype).removeprefix("torch."))


def to_torch(dtype: DType) -> Any:
    """The torch dtype of an ASCIR dtype."""
    import torch

    return getattr(torch, dtype.value)


def to_numpy(t: Any) -> Any:
    """A contiguous CPU tensor as a numpy array of the ASCIR dtype's numpy type (bfloat16
    through ``ml_dtypes``, sharing memory where it can). A lazy negation or conjugation
    (``z.conj().imag`` is a float tensor with torch's negative bit set) is materialized
    first: numpy cannot see those bits, and a contiguous tensor keeps them."""
    import torch

    t = t.detach()
    if t.device.type != "cpu":
        t = t.cpu()
    t = t.resolve_conj().resolve_neg().contiguous()
    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).numpy().view(DType.bfloat16.numpy)
    return t.numpy()


def from_numpy(a: Any) -> Any:
    import numpy as np
    import torch

    a = np.ascontiguousarray(a)
    if a.dtype == DType.bfloat16.numpy:
        return torch.from_numpy(a.view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(a)
