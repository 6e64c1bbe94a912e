"""``ascir-opt`` parse/verify/print imports no heavy module it does not need (issue 17):
checked in a fresh interpreter, where ``sys.modules`` shows exactly what a command loaded."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ADD_RELU = ROOT / "examples" / "add_relu.mlir"

# what parse/verify/print of an ascir graph must not import
NOT_FOR_PARSE_PRINT = (
    "sympy",
    "mpmath",
    "numpy",
    "ml_dtypes",
    "runtime",
    "torch",
    "xdsl.dialects.arith",
    "xdsl.dialects.scf",
    "ascendc_emitter.dialect",
    "ascendc_emitter.printer",
    "lowering.pipeline",
    "passes.schedule",
)


def loaded_after(argv: list[str]) -> set[str]:
    probe = (
        "import io, json, sys, contextlib\n"
        "from tools.ascir_opt import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        f"    code = main({argv!r})\n"
        "print(json.dumps({'code': code, 'modules': sorted(sys.modules)}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["code"] == 0, done.stderr
    return set(result["modules"])


def heavy(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(n for n in names if n in modules)


@pytest.mark.parametrize("extra", [[], ["--split-input-file"], ["-t", "dot"]])
def test_parse_verify_print_imports_no_heavy_module(extra):
    modules = loaded_after([str(ADD_RELU), *extra])
    assert heavy(modules, NOT_FOR_PARSE_PRINT) == []


def test_the_pipeline_imports_what_it_needs():
    """The probe sees imports: the autofuse pipeline does load the AscendC dialect."""
    modules = loaded_after([str(ADD_RELU), "-p", "autofuse", "-t", "ascendc"])
    assert {"ascendc_emitter.dialect", "ascendc_emitter.printer", "lowering.pipeline"} <= modules
    assert "runtime" not in modules
