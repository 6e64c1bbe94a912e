"""The helper table (ascendc_emitter/dialect/helpers.py) against the helper headers and the
printer: every ``af::`` helper is declared with the execution space the table gives, a
``__callee__`` helper calls only ``__callee__`` helpers, a ``__simt_callee__`` one only
SIMT-callable ones (asc-devkit docs: 函数执行空间限定符), and the printer prints the
table's function for each op."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ascendc_emitter import printer
from ascendc_emitter.dialect.helpers import HELPERS, OP_HELPERS, Space

INCLUDE = Path(__file__).resolve().parents[2] / "ascendc_emitter" / "include" / "autofuse"
DEFINITION = re.compile(r"(__callee__|__simt_callee__|__aicore__)\s+inline\s+[\w:<>]+\s+(\w+)\s*\(")


def header_functions() -> dict[str, tuple[Space, str]]:
    """``af::`` function name -> (declared space, body text) of the helper headers."""
    out: dict[str, tuple[Space, str]] = {}
    for header in sorted(INCLUDE.glob("*.h")):
        text = header.read_text()
        matches = list(DEFINITION.finditer(text))
        for m, nxt in zip(matches, [*matches[1:], None], strict=True):
            body = text[m.end() : nxt.start() if nxt else len(text)]
            assert m.group(2) not in out, f"{m.group(2)} defined twice"
            out[m.group(2)] = (Space(m.group(1)), body)
    return out


def test_every_header_function_is_qualified() -> None:
    functions = header_functions()
    for header in sorted(INCLUDE.glob("*.h")):
        for m in re.finditer(r"^\S.*\binline\b.*\b(\w+)\s*\(", header.read_text(), re.M):
            assert m.group(1) in functions, f"{header.name}: {m.group(0)} has no execution space qualifier"


@pytest.mark.parametrize("name", sorted(n for n in HELPERS if n.startswith("af::")))
def test_header_declares_the_table_space(name: str) -> None:
    functions = header_functions()
    short = name.removeprefix("af::")
    assert short in functions, f"{name} is not defined in {INCLUDE}"
    assert functions[short][0] == HELPERS[name].space
    assert (INCLUDE / Path(HELPERS[name].source).name).read_text().count(f" {short}(") >= 1


def test_callees_call_only_allowed_functions() -> None:
    functions = header_functions()
    for name, (space, body) in functions.items():
        for called in re.findall(r"\b(\w+)\s*(?:<[^<>()]*>)?\s*\(", body):
            if called not in functions or called == name:
                continue
            callee_space = functions[called][0]
            if space is Space.CALLEE:
                assert callee_space is Space.CALLEE, f"__callee__ {name} calls {callee_space.value} {called}"
            if space is Space.SIMT_CALLEE:
                assert callee_space.simt_callable, (
                    f"__simt_callee__ {name} calls {callee_space.value} {called}"
                )


def test_every_op_helper_is_in_the_table() -> None:
    assert set(OP_HELPERS.values()) <= set(HELPERS)
    for op, fn in {**printer._HELPER, **printer._UNSIGNED_HELPER}.items():
        assert OP_HELPERS[op] == fn
    from ascendc_emitter.dialect import ops as ac

    for cls in printer._subclasses(ac.CheckedArithOp):
        assert OP_HELPERS[cls.name] == cls.HELPER


def test_printer_prints_the_table_function() -> None:
    """The SIMT accessors and thread queries print the function the table names."""
    from test.conftest import parse_ir

    text = (Path(__file__).resolve().parents[1] / "lit" / "ascendc_emitter" / "simt.mlir").read_text()
    module = parse_ir(text)
    device = printer.emit_device_impl(module)
    for op in ("ascendc.simt.gm_load", "ascendc.simt.gm_store", "ascendc.simt.check_index"):
        assert f"{OP_HELPERS[op]}(" in device
    for op in ("ascendc.simt.thread_idx", "ascendc.simt.thread_num"):
        assert f"{OP_HELPERS[op]}<0>()" in device
