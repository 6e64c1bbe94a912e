"""Main job (for now): parse, verify and run examples/add_relu.mlir on the reference
interpreter with seeded random inputs, and check the result against numpy.

The compiled path (AscendC emission + CPU simulator) replaces this with ``ascir-run``
once scheduling and code generation land.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from xdsl.parser import Parser

from ascir_dialect.diagnostics import AscirError, verify_module
from pyautofuse import reference
from tools.ascir_opt import make_context


def main() -> int:
    path = Path(__file__).with_name("add_relu.mlir")
    try:
        module = Parser(make_context(), path.read_text(), str(path)).parse_module()
        verify_module(module)
        rng = np.random.default_rng(0)
        sizes = {"s0": 33, "s1": 70}
        x0 = rng.standard_normal((33, 70)).astype(np.float32)
        x1 = rng.standard_normal((33, 70)).astype(np.float32)
        (y,) = reference(module, x0, x1, sizes=sizes)
    except AscirError as e:
        print(e, file=sys.stderr)
        return 1
    expected = np.maximum(x0 + x1, 0)
    err = float(np.max(np.abs(y - expected)))
    print(f"add_relu {sizes}: {y.size} elements, max |error| vs numpy = {err}")
    print("PASS" if err == 0 else "FAIL")
    return 0 if err == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
