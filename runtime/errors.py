"""Errors raised by the runtime; each names the kernel and, for simulator faults, the API."""

from __future__ import annotations

from ascir_dialect.diagnostics import AscirError


class KernelRuntimeError(AscirError):
    """Base class of runtime errors."""


class ToolchainNotFoundError(KernelRuntimeError):
    """A compiler or the CANN toolkit is missing; the message says what to install or set."""


class KernelBuildError(KernelRuntimeError):
    """The C++ compiler rejected the kernel sources; carries its diagnostics."""


class TilingError(KernelRuntimeError):
    """``AutofuseTiling`` returned a non-zero code (e.g. no tiling fits the UB)."""

    def __init__(self, kernel: str, code: int, meaning: str):
        super().__init__(f"kernel {kernel}: AutofuseTiling failed with code {code}: {meaning}")
        self.code = code


class SizeCheckError(TilingError):
    """``AutofuseTiling`` refused the sizes: the graph's size arithmetic divides by zero,
    leaves int64 or gives a repeat below 1 for them; the message names the expression, its
    use and the sizes (the reference interpreter refuses them with the same message)."""


class SimulatorError(KernelRuntimeError):
    """The simulator stopped a kernel (out-of-bounds GM access, UB overflow, misalignment...)."""

    def __init__(self, kernel: str, message: str):
        super().__init__(f"kernel {kernel}: {message}")
        self.kernel = kernel
        self.api = message.split(":", 1)[0]

    @property
    def index_out_of_range(self) -> bool:
        """The kernel met a gather or scatter index outside its axis (``af::CheckIndex``,
        ``autofuse/simt.h``): what torch raises ``IndexError`` for."""
        return INDEX_OUT_OF_RANGE in str(self)


INDEX_OUT_OF_RANGE = " is out of range [0, "
"""The words of ``af::CheckIndex``'s message (``ascendc_emitter/include/autofuse/simt.h``)."""
