"""Kernel inputs on the simulator: registered read-only, handed over without a copy."""

from __future__ import annotations

import numpy as np
import pytest

from ascir_dialect.diagnostics import AscirArgumentError
from runtime import compile_kernel
from runtime.errors import SimulatorError
from test.runtime.test_runtime import handwritten


def test_read_only_inputs_are_used_in_place() -> None:
    kernel = compile_kernel(*handwritten(), target="sim", name="handwritten_vadd")
    n = 1000
    x = np.arange(n, dtype=np.float32)
    y = np.full(n, 2.0, np.float32)
    x.flags.writeable = False
    y.flags.writeable = False
    z = np.zeros(n, np.float32)
    kernel.run([x, y, z], [n], core_num=2, inputs=2)
    np.testing.assert_array_equal(z, x + 2)
    with pytest.raises(ValueError, match="argument 0 is read-only"):
        kernel.run([x, y, z], [n])  # not declared inputs: must be writable


def test_a_write_to_an_input_is_a_fault() -> None:
    kernel = compile_kernel(*handwritten(), target="sim", name="handwritten_vadd")
    x, y, z = (np.ones(64, np.float32) for _ in range(3))
    with pytest.raises(SimulatorError, match=r"DataCopyPad\(UB->GM\): GM write to arg2, an input of the kernel"):
        kernel.run([x, y, z], [64], inputs=3)
    np.testing.assert_array_equal(z, 1)  # not written


@pytest.mark.parametrize("bad", [-1, 4, True, 1.0])
def test_inputs_count_is_checked(bad: object) -> None:
    kernel = compile_kernel(*handwritten(), target="sim", name="handwritten_vadd")
    x = np.zeros(8, np.float32)
    with pytest.raises(AscirArgumentError, match="inputs= must be an int"):
        kernel.run([x, x, x], [8], inputs=bad)  # type: ignore[arg-type]
