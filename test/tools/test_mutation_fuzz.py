"""Mutations of valid IR (random token edits) never crash ascir-opt: every input either
parses and verifies, or gets a located diagnostic with exit code 1 -- no traceback, no
internal error, no hang."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ..conftest import ROOT, opt_in_process

SOURCES = [ROOT / "examples" / "add_relu.mlir", ROOT / "test" / "lit" / "ascir_dialect" / "roundtrip.mlir"]
TOKEN = re.compile(r"%[\w.$-]+|#ascir\.\w+|!ascir\.\w+|ascir\.\w+|[A-Za-z_][\w.]*|\d+|[^\s\w]")
REPLACEMENTS = [
    "%x",
    "0",
    "-1",
    "s0",
    "z0",
    "floordiv",
    "mod",
    "(",
    ")",
    "[",
    "]",
    "<",
    ">",
    ",",
    ":",
    "=",
    "{",
    "}",
    "float64",
    "ascir.add",
    "ascir.graph",
    "#ascir.expr<",
    "!ascir.tensor<",
    "__import__",
    '"',
    "99999999999999999999",
    "max(",
    "impl",
    "hint",
    "",
]
EXAMPLES = int(os.environ.get("ASCIR_MUTATION_EXAMPLES", "150"))


def tokens(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in TOKEN.finditer(text)]


@st.composite
def mutants(draw: st.DrawFn) -> str:
    text = SOURCES[draw(st.integers(0, len(SOURCES) - 1))].read_text()
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
    spans = tokens(text)
    for _ in range(draw(st.integers(1, 3))):
        start, end = spans[draw(st.integers(0, len(spans) - 1))]
        kind = draw(st.sampled_from(["replace", "delete", "duplicate"]))
        if kind == "replace":
            text = text[:start] + draw(st.sampled_from(REPLACEMENTS)) + text[end:]
        elif kind == "delete":
            text = text[:start] + text[end:]
        else:
            text = text[:start] + text[start:end] + " " + text[start:]
        spans = tokens(text)
    return text


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize="ASCIR_FUZZ_RANDOM" not in os.environ,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(mutants())
def test_mutated_ir_fails_closed(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    tmp: Path = tmp_path_factory.mktemp("mut")
    out = opt_in_process(stdin=text, tmp_dir=tmp)
    assert out.returncode in (0, 1), out.stderr
    assert "Traceback" not in out.stderr + out.stdout and "internal error" not in out.stderr, out.stderr
    if out.returncode == 1:
        assert ": error: " in out.stderr or out.stderr.startswith("ascir-opt: error:"), out.stderr
