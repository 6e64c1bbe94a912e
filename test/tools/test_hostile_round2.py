"""Hostile inputs, round 2: float literals beyond their dtype, closed and broken standard
streams, and terminal control characters in diagnostics.

* Literals. One rule, torch's (``torch.tensor(float(text), dtype=...)``): a float literal is
  the float64 read from its text rounded to the dtype -- float16 and bfloat16 through
  float32, ties to even -- and +-inf beyond the dtype's range; an integer literal outside
  its dtype is refused with a located diagnostic. Property tests check, for every float
  dtype, that the verifier accepts each literal, that the IR (the ``ascir.scalar`` and
  ``ascir.pad`` text, the lowered ``arith.constant``) prints and parses back to the same
  value, that the reference interpreter and the C++ constant spelling hold torch's value,
  and -- compiled and run on the simulator -- that the kernel's outputs are torch's.
  ``ASCIR_FUZZ_LITERAL_EXAMPLES`` sets the examples of the fast properties (200 by
  default), ``ASCIR_FUZZ_LITERAL_KERNELS`` the kernels compiled (6).
* Streams. ``>&-``, ``<&-``, ``2>&-``, a pipe whose reader has gone (``| head -c 10``), a
  full device, ``-o`` to a FIFO whose reader goes away: a one-line diagnostic or a quiet
  exit 141, never a traceback or an internal error, for ascir-opt and ascir-run (real
  subprocesses, with and without ``PYTHONUNBUFFERED``).
* Diagnostics. Control characters (C0, C1, ESC, DEL, the bidirectional overrides and
  isolates, zero-width and line-separator characters) in graph names, node names, size
  names, file contents, file names, option values and exception messages reach standard
  error (and ``--verify-diagnostics``' standard output) escaped; letters of any script do
  not.
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import re
import subprocess
import sys
import threading
import unicodedata
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, FloatAttr, ModuleOp
from xdsl.printer import Printer

from ascendc_emitter.printer import float_literal
from ascir_dialect.diagnostics import first_verification_error
from ascir_dialect.dtypes import DType
from ascir_dialect.interpreter import reference
from ascir_dialect.numbers import FLOAT_FORMATS, is_float_literal, parse_float_literal, round_to_dtype
from ascir_dialect.ops.sources import ScalarOp
from tools.ascir_opt import IrParser, make_context
from tools.ascir_run import main as ascir_run_main
from tools.cli import UNSAFE_CATEGORIES, safe_text
from tools.compile import compile_graph

from ..conftest import ROOT, opt_in_process

try:
    import torch
except ImportError:  # numpy (and ml_dtypes) then stand in for torch's conversion
    torch = None

FLOAT_DTYPES = ("float16", "bfloat16", "float32")
INT_DTYPES = tuple(d.value for d in DType if d.is_integer)
XDSL_FLOAT = {"float16": Float16Type(), "bfloat16": BFloat16Type(), "float32": Float32Type()}
EXAMPLES = int(os.environ.get("ASCIR_FUZZ_LITERAL_EXAMPLES", "200"))
KERNELS = int(os.environ.get("ASCIR_FUZZ_LITERAL_KERNELS", "6"))
EXAMPLE = ROOT / "examples" / "add_relu.mlir"


# ------------------------------------------------------------------ the torch oracle


def torch_value(text: str, dtype: str) -> float:
    """What torch stores for the literal ``text`` in a tensor of ``dtype``."""
    x = float(text)
    if torch is not None:
        return float(torch.tensor(x, dtype=getattr(torch, dtype)).item())
    with np.errstate(over="ignore"):  # torch's path: float64 -> float32 -> the 16-bit type
        return float(np.asarray(np.float32(x)).astype(DType(dtype).numpy))


def same(a: float, b: float) -> bool:
    """Equal as stored values: NaN equals NaN, and 0.0 differs from -0.0."""
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)


def same_arrays(a: np.ndarray, b: np.ndarray) -> bool:
    a64, b64 = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    return a64.shape == b64.shape and all(
        same(float(x), float(y)) for x, y in zip(a64.flat, b64.flat, strict=True)
    )


def cpp_value(text: str) -> float:
    """The float a C++ compiler makes of ``float_literal``'s spelling (checked to be one of
    the spellings valid C++ accepts without a range diagnostic)."""
    specials = {"(1.0f / 0.0f)": math.inf, "(-1.0f / 0.0f)": -math.inf, "(0.0f / 0.0f)": math.nan}
    if text in specials:
        return specials[text]
    assert text.endswith("f"), text
    body = text[:-1]
    if re.fullmatch(r"-?0x1\.[0-9a-f]+p[-+][0-9]+", body):
        value = float.fromhex(body)
        assert abs(value) < 2.0**-126, text  # hexadecimal only for float subnormals
        return value
    assert re.fullmatch(r"-?[0-9]+\.[0-9]*(e[-+][0-9]+)?|-?[0-9](\.[0-9]+)?e[-+][0-9]+", body), text
    value = float(body)
    assert abs(value) <= FLOAT_FORMATS["float32"].max_finite, text  # in float's range
    return round_to_dtype(value, "float32")  # a decimal float literal is read to the nearest float


# ------------------------------------------------------------------ literal strategies


def _boundary_texts() -> list[str]:
    """Each format's largest finite value, the tie with inf and around it, its smallest
    subnormal and the tie with zero, both signs."""
    texts = []
    for fmt in FLOAT_FORMATS.values():
        top_ulp = math.ldexp(1.0, fmt.emax - fmt.precision + 1)
        tiny = math.ldexp(1.0, fmt.emin - fmt.precision + 1)
        for v in (
            fmt.max_finite,
            fmt.max_finite + top_ulp / 2,
            fmt.max_finite + top_ulp / 2 * (1 - 2**-20),
            fmt.max_finite + top_ulp,
            tiny,
            tiny / 2,
            tiny / 2 * (1 + 2**-20),
            tiny * 1.5,
            math.ldexp(1.0, fmt.emin),
        ):
            texts += [repr(v), repr(-v)]
    return texts


SPELLINGS = [
    "70000", "-70000", "65519", "65520", "65504", "3.5e38", "-3.5e38", "3.4028235e38", "3.4028236e38",
    "3.3961e38", "3.3963e38", "1e999", "-1e999", "1e-999", "-1e-999", "1e400000000000", "inf", "-inf",
    "+inf", "Infinity", "-INFINITY", "nan", "NaN", "-nan", "+NAN", "-0.0", "-0", "0.", ".0", "-.0e5",
    "+.5", "5.", "007", "0e0", " 1.5 ", "-59984.000705074955", "12.238281437831244", "1E5",
]  # fmt: skip
"""Spellings a reviewer would try: the reported 70000 / 3.5e38, ties, inf/NaN in their
cases, signed zeros, bare points, leading zeros, whitespace, double-rounding ties."""

decimal_texts = st.builds(
    lambda sign, whole, frac, exp: (
        f"{sign}{whole}{'' if frac is None else '.' + frac}" + ("" if exp is None else f"e{exp:+d}")
    ),
    st.sampled_from(["", "-", "+"]),
    st.text("0123456789", min_size=1, max_size=24),
    st.none() | st.text("0123456789", max_size=24),
    st.none() | st.integers(-420, 420),
)
float_texts = st.one_of(
    st.sampled_from(SPELLINGS + _boundary_texts()),
    st.floats().map(repr),
    st.floats(width=32).map(repr),
    st.floats(width=16).map(repr),
    decimal_texts,
)
NOT_LITERALS = [
    "0x1p3", "0x1.8p+1", "1_000", "1e", "e5", ".", "", " ", "--1", "+-1", "in f", "1.5.2", "1e5.0",
    "0x10", "nan(0x1)", "infinit", "infinityy", "1 e5", "1,5", "1e+", "\u0661\u0662", "\uff11.5",
    "\u00bd", "1\x1b[31m", "1\u202e", "1\u2007", "1f", "1.0f", "1d", "0b1", "i", "NaNs",
]  # fmt: skip
"""Texts that are no decimal literal: hexadecimal floats, digit separators, Unicode digits
(Python's ``float()`` reads several of these), C suffixes, control characters."""


# ------------------------------------------------------------------ IR helpers


def scalar_module(text: str, dtype: str) -> str:
    return (
        f"ascir.graph @g hint sizes [] axes [0: z0 = 4] {{\n"
        f'  %c = ascir.scalar {{value = "{ir_string(text)}"}} : !ascir.scalar<{dtype}>\n'
        f"}}\n"
    )


def ir_string(text: str, utf8_escapes: bool = False) -> str:
    """``text`` inside an IR string literal: ``"``, ``\\`` and the ASCII controls as ``\\XX``
    escapes; other characters as they are (a string attribute is UTF-8 text), or, with
    ``utf8_escapes``, as the escapes of their UTF-8 bytes (as MLIR spells symbol names)."""
    return "".join(
        ch
        if (" " <= ch <= "~" or (ch > "\x7f" and not utf8_escapes)) and ch not in '"\\'
        else "".join(f"\\{b:02X}" for b in ch.encode("utf-8", "surrogatepass"))
        for ch in text
    )


def parse(text: str, name: str = "<test>") -> ModuleOp:
    return IrParser(make_context(), text, name).parse_module()


def printed(module: ModuleOp) -> str:
    out = io.StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue()


def the_scalar(module: ModuleOp) -> ScalarOp:
    return next(op for op in module.walk() if isinstance(op, ScalarOp))


# ------------------------------------------------------------------ literals: one rule


def test_rounding_matches_torch_on_ties_and_boundaries() -> None:
    """The pure-Python rounding is torch's on the cases where one rounding and two differ
    (float64 -> float32 -> float16 ties), at the top of each range and in the subnormals."""
    for text in SPELLINGS + _boundary_texts():
        for dtype in FLOAT_DTYPES:
            assert same(parse_float_literal(text, dtype), torch_value(text, dtype)), (text, dtype)
    # the reported literals
    assert parse_float_literal("70000", "float16") == math.inf
    assert parse_float_literal("3.5e38", "float32") == math.inf
    assert parse_float_literal("65519", "float16") == 65504.0
    assert parse_float_literal("-59984.000705074955", "float16") == -59968.0  # torch's double rounding


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=float_texts, dtype=st.sampled_from(FLOAT_DTYPES))
def test_float_literals_are_one_value_everywhere(text: str, dtype: str) -> None:
    """Verifier, IR round trip, reference, lowered constant and C++ spelling all hold
    torch's value of the literal."""
    expected = torch_value(text, dtype)
    assert is_float_literal(text.strip())
    module = parse(scalar_module(text, dtype))
    assert first_verification_error(module) is None
    op = the_scalar(module)
    assert same(float(op.python_value()), expected)
    # the reference interpreter's value
    ref = op.reference(None, [])
    assert ref.dtype == DType(dtype).numpy and same(float(ref), expected)
    # the IR prints and parses back to the same literal and value
    again = the_scalar(parse(printed(module)))
    assert again.value.data == op.value.data and same(float(again.python_value()), expected)
    # the lowering's constant: a FloatAttr of the value, printed and parsed back
    attr = FloatAttr(float(op.python_value()), XDSL_FLOAT[dtype])
    constant = f"%c = arith.constant {printed_attr(attr)}\n"
    back = parse(constant).body.block.first_op
    assert same(float(back.value.value.data), expected), constant  # type: ignore[union-attr]
    # the C++ constant
    assert same(cpp_value(float_literal(float(op.python_value()), XDSL_FLOAT[dtype])), expected)


def printed_attr(attr: FloatAttr) -> str:
    out = io.StringIO()
    Printer(stream=out).print_attribute(attr)
    return out.getvalue()


mlir_floats = st.builds(
    lambda sign, whole, frac, exp: f"{sign}{whole}.{frac}" + ("" if exp is None else f"e{exp:+d}"),
    st.sampled_from(["", "-"]),
    st.text("0123456789", min_size=1, max_size=24),
    st.text("0123456789", max_size=24),
    st.none() | st.integers(-420, 420),
)
"""Float attributes in MLIR's syntax (digits, a point, optional exponent)."""


@settings(max_examples=EXAMPLES, deadline=None)
@given(text=st.one_of(mlir_floats, st.sampled_from(["7.0e+04", "-65520.0", "3.5e+38", "1.0e999", "-1.0e-999"])),
       dtype=st.sampled_from(FLOAT_DTYPES))  # fmt: skip
def test_float_attributes_in_ir_text_follow_the_same_rule(text: str, dtype: str) -> None:
    """``arith.constant <decimal> : f16`` is the literal's value too, however large (xDSL
    alone crashes packing 7.0e+04 into 16 bits), and prints back to it."""
    kind = {"float16": "f16", "bfloat16": "bf16", "float32": "f32"}[dtype]
    module = parse(f"%c = arith.constant {text} : {kind}\n")
    op = module.body.block.first_op
    assert same(float(op.value.value.data), torch_value(text, dtype))  # type: ignore[union-attr]
    again = parse(printed(module)).body.block.first_op
    assert same(float(again.value.value.data), torch_value(text, dtype))  # type: ignore[union-attr]


@pytest.mark.parametrize("text", NOT_LITERALS)
@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
def test_texts_that_are_not_literals_are_located_errors(text: str, dtype: str, tmp_path: Path) -> None:
    source = tmp_path / "bad.mlir"
    source.write_text(scalar_module(text, dtype), encoding="utf-8")
    out = opt_in_process(str(source))
    assert out.returncode == 1, out
    assert re.search(r"bad\.mlir:2:\d+: error: ascir\.scalar %c: (value|bool)", out.stderr), out.stderr
    assert "Traceback" not in out.stderr and "internal error" not in out.stderr
    assert_no_raw_controls(out.stderr)


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    dtype=st.sampled_from(INT_DTYPES),
    offset=st.integers(-3, 3),
    end=st.sampled_from(["low", "high", "zero", "far"]),
    form=st.sampled_from(["plain", "plus", "zeros"]),
)
def test_integer_literals_fit_or_are_located_errors(dtype: str, offset: int, end: str, form: str) -> None:
    """An integer literal is its value in the dtype's range, a located error outside it
    (never wrapped, never rounded): ascir.scalar and ascir.pad alike."""
    lo, hi = DType(dtype).int_range
    n = {"low": lo, "high": hi, "zero": 0, "far": 10**30}[end] + offset
    text = {
        "plain": str(n),
        "plus": f"+{n}" if n >= 0 else str(n),
        "zeros": f"{'-' if n < 0 else ''}00{abs(n)}",
    }[form]
    module = parse(scalar_module(text, dtype), "ints.mlir")
    message = first_verification_error(module)
    if lo <= n <= hi:
        assert message is None and the_scalar(module).python_value() == n
        if torch is not None and dtype not in ("uint16", "uint32", "uint64"):
            assert torch.tensor(n, dtype=getattr(torch, dtype)).item() == n
    else:
        assert message is not None and re.match(r"ints\.mlir:2:\d+: error: ascir\.scalar %c: value", message)
        assert f"does not fit {dtype}" in message


def test_pad_values_follow_the_literal_rule(tmp_path: Path) -> None:
    """A pad value is a literal like a scalar's: a float one beyond the dtype pads with inf
    (reference and IR agree), an integer one beyond it is refused where it is written."""
    text = """
ascir.graph @p hint sizes [] axes [0: z0 = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<DT, [z0], [4], [1]>
  %l = ascir.load %x : !ascir.tensor<DT, [z0], [4], [1]>
  %p = ascir.pad %l {low = [#ascir.expr<1>], high = [#ascir.expr<1>], value = "VALUE"} : !ascir.tensor<DT, [z0], [6], [1]>
  %s = ascir.store %p : !ascir.tensor<DT, [z0], [6], [1]>
  %y = ascir.output %s {index = 0 : i64} : !ascir.tensor<DT, [z0], [6], [1]>
}
"""
    for dtype, value in (("float16", "70000"), ("bfloat16", "-1e999"), ("float32", "3.5e38")):
        module = parse(text.replace("DT", dtype).replace("VALUE", value))
        assert first_verification_error(module) is None
        x = np.ones(4, dtype=DType(dtype).numpy)
        (out,) = reference(module, x)
        assert same(float(out[0]), torch_value(value, dtype)) and same(
            float(out[-1]), torch_value(value, dtype)
        )
    path = tmp_path / "pad.mlir"
    path.write_text(text.replace("DT", "int8").replace("VALUE", "128"))
    out = opt_in_process(str(path))
    assert out.returncode == 1 and re.search(
        r"pad\.mlir:5:\d+: error: ascir\.pad %p: value 128 does not fit int8", out.stderr
    )


# ------------------------------------------------------------------ literals: kernels


def literal_graph(dtype: str, literals: list[str], pad: str) -> str:
    """Output 0: ``x`` (4 elements) padded with ``pad`` to 7; output k: that plus the
    broadcast literal k (with ``x = -0.0``, the literal itself in the middle)."""
    t4 = f"!ascir.tensor<{dtype}, [z0], [4], [1]>"
    t7 = f"!ascir.tensor<{dtype}, [z0], [7], [1]>"
    lines = [
        "ascir.graph @literals hint sizes [] axes [0: z0 = 7] {",
        f"  %x = ascir.data {{index = 0 : i64}} : {t4}",
        f"  %l = ascir.load %x : {t4}",
        f'  %p = ascir.pad %l {{low = [#ascir.expr<1>], high = [#ascir.expr<2>], value = "{pad}"}} : {t7}',
        f"  %ps = ascir.store %p : {t7}",
        f"  %py = ascir.output %ps {{index = 0 : i64}} : {t7}",
    ]
    for i, text in enumerate(literals, 1):
        lines += [
            f'  %c{i} = ascir.scalar {{value = "{text}"}} : !ascir.scalar<{dtype}>',
            f"  %b{i} = ascir.broadcast %c{i} : {t7}",
            f"  %a{i} = ascir.add %p, %b{i} : {t7}",
            f"  %s{i} = ascir.store %a{i} : {t7}",
            f"  %y{i} = ascir.output %s{i} {{index = {i} : i64}} : {t7}",
        ]
    return "\n".join([*lines, "}"])


def torch_expected(dtype: str, literals: list[str], pad: str) -> list[np.ndarray]:
    """The outputs of :func:`literal_graph` as torch computes them (16-bit adds in float,
    rounded once, as torch's CPU kernels do; numpy in float64 rounded once otherwise)."""
    padded = [torch_value(pad, dtype)] + [-0.0] * 4 + [torch_value(pad, dtype)] * 2
    outs = [np.asarray(padded, dtype=np.float64)]
    for text in literals:
        c = torch_value(text, dtype)
        if torch is not None:
            t = torch.tensor(padded, dtype=getattr(torch, dtype)) + torch.tensor(
                c, dtype=getattr(torch, dtype)
            )
            outs.append(t.to(torch.float64).numpy())
        else:
            with np.errstate(over="ignore", invalid="ignore"):
                s = np.asarray(padded, dtype=np.float64) + c
                outs.append(np.asarray(s.astype(np.float32).astype(DType(dtype).numpy), dtype=np.float64))
    return outs


def run_literal_kernel(dtype: str, literals: list[str], pad: str) -> None:
    module = parse(literal_graph(dtype, literals, pad), "literals.mlir")
    assert first_verification_error(module) is None
    kernel = compile_graph(module)
    x = np.full(4, -0.0, dtype=DType(dtype).numpy)
    got = kernel(x, check=False)
    ref = reference(module, x)
    want = torch_expected(dtype, literals, pad)
    for k, (g, r, w) in enumerate(zip(got, ref, want, strict=True)):
        label = "pad" if k == 0 else literals[k - 1]
        assert same_arrays(g, w), (dtype, label, g, w)
        assert same_arrays(r, w), (dtype, label, r, w)


@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
def test_kernels_hold_torch_values_of_hostile_literals(dtype: str) -> None:
    """The reported literals and their neighbours, compiled and run on the simulator."""
    literals = ["70000", "3.5e38", "-1e999", "1e-999", "-0.0", "nan", "65519", "-59984.000705074955"]
    run_literal_kernel(dtype, literals, pad="-70000")


@settings(max_examples=KERNELS, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    dtype=st.sampled_from(FLOAT_DTYPES),
    literals=st.lists(float_texts.map(str.strip), min_size=1, max_size=4),
    pad=float_texts.map(str.strip),
)
def test_kernels_hold_torch_values_of_any_literal(dtype: str, literals: list[str], pad: str) -> None:
    run_literal_kernel(dtype, literals, pad)


def test_ascir_run_checks_an_overflowing_float16_scalar(tmp_path: Path) -> None:
    """The reported case: a float16 scalar "70000" is inf, kernel and reference agree (it
    was an internal error in the attribute printer, exit 2)."""
    t = "!ascir.tensor<float16, [z0], [s0], [1]>"
    path = tmp_path / "over.mlir"
    path.write_text(
        f"""ascir.graph @over hint sizes [s0] axes [0: z0 = s0] {{
  %x = ascir.data {{index = 0 : i64}} : {t}
  %l = ascir.load %x : {t}
  %c = ascir.scalar {{value = "70000"}} : !ascir.scalar<float16>
  %b = ascir.broadcast %c : {t}
  %a = ascir.add %l, %b : {t}
  %s = ascir.store %a : {t}
  %y = ascir.output %s {{index = 0 : i64}} : {t}
}}
"""
    )
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = ascir_run_main([str(path), "--sizes", "s0=5"])
    assert code == 0 and "PASS" in out.getvalue() and err.getvalue() == "", err.getvalue()
    opt = opt_in_process(str(path), "-p", "autofuse", "-t", "ascendc")
    assert opt.returncode == 0 and "half((1.0f / 0.0f))" in opt.stdout and "70000" not in opt.stdout


# ------------------------------------------------------------------ standard streams


def run_tool(
    tool: str,
    *args: str,
    shell: str = "",
    unbuffered: bool = False,
    stdin: int | None = subprocess.DEVNULL,
) -> subprocess.CompletedProcess[bytes]:
    """``python -m tools.<tool> ARGS`` as a real process, through ``sh -c`` when ``shell``
    holds redirections (``>&-``)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    command = [sys.executable, "-m", f"tools.{tool}", *args]
    if shell:
        command = ["sh", "-c", f'exec "$@" {shell}', "sh", *command]
    return subprocess.run(command, capture_output=True, stdin=stdin, cwd=ROOT, env=env, timeout=300)


def assert_clean_failure(
    out: subprocess.CompletedProcess[bytes] | subprocess.Popen[bytes], stderr: bytes
) -> None:
    text = stderr.decode("utf-8", "replace")
    assert "Traceback" not in text and "internal error" not in text and "Exception ignored" not in text, text


@pytest.fixture(scope="module")
def big_ir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A module whose printed form (about 250 KB) is larger than a pipe's buffer."""
    body = EXAMPLE.read_text().split("builtin.module {", 1)[1].rsplit("}", 1)[0]
    path = tmp_path_factory.mktemp("big") / "big.mlir"
    path.write_text(
        "builtin.module {" + "".join(body.replace("@add_relu", f"@g{i}") for i in range(300)) + "}\n"
    )
    return path


@pytest.mark.parametrize("tool", ["ascir_opt", "ascir_run"])
def test_closed_stdout_is_a_one_line_error(tool: str) -> None:
    args = [str(EXAMPLE)] + (["--sizes", "s0=2,s1=3"] if tool == "ascir_run" else [])
    out = run_tool(tool, *args, shell=">&-")
    assert out.returncode == 1, out
    assert (
        out.stderr.decode()
        .strip()
        .endswith("cannot write the output: standard output is closed (file descriptor 1)")
    )
    assert out.stderr.count(b"\n") == 1
    assert_clean_failure(out, out.stderr)


def test_closed_stdout_is_fine_when_nothing_goes_there(tmp_path: Path) -> None:
    target = tmp_path / "out.mlir"
    out = run_tool("ascir_opt", str(EXAMPLE), "-o", str(target), shell=">&-")
    assert out.returncode == 0 and out.stderr == b"" and "ascir.graph @add_relu" in target.read_text()
    bad = tmp_path / "bad.mlir"
    bad.write_text("ascir.graph @g hint sizes [] axes [] {\n  %x = ascir.nope\n}\n")
    out = run_tool("ascir_opt", str(bad), shell=">&-")
    assert (
        out.returncode == 1 and b"bad.mlir:3:1: error: Operation ascir.nope is not registered" in out.stderr
    )
    assert_clean_failure(out, out.stderr)


def test_closed_stdin_and_stderr() -> None:
    out = run_tool("ascir_opt", shell="<&-", stdin=None)
    assert out.returncode == 1 and b"cannot read the input: standard input is closed" in out.stderr
    assert_clean_failure(out, out.stderr)
    # stderr closed: a failure still exits 1, and its diagnostic does not land on stdout
    out = run_tool("ascir_opt", "/no/such/file.mlir", shell="2>&-")
    assert out.returncode == 1 and out.stdout == b""
    out = run_tool("ascir_opt", str(EXAMPLE), shell="2>&-")
    assert out.returncode == 0 and b"ascir.graph @add_relu" in out.stdout
    out = run_tool("ascir_run", "/no/such/file.mlir", shell="2>&-")
    assert out.returncode == 1 and out.stdout == b""


@pytest.mark.parametrize("unbuffered", [False, True])
def test_broken_pipe_exits_quietly(big_ir: Path, unbuffered: bool) -> None:
    """``ascir-opt BIG | head -c 10``: exit 141 (a SIGPIPE'd tool's status), nothing on
    stderr; with PYTHONUNBUFFERED too (CPython's unbuffered stdout drops the rest of a
    partial write silently: the tool must not exit 0 with its output cut)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    p = subprocess.Popen(
        [sys.executable, "-m", "tools.ascir_opt", str(big_ir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        cwd=ROOT,
        env=env,
    )
    assert p.stdout is not None and p.stderr is not None
    assert p.stdout.read(10) == b"builtin.mo"
    p.stdout.close()
    err = p.stderr.read()
    assert p.wait(timeout=300) == 141 and err == b"", err


@pytest.mark.parametrize("tool", ["ascir_opt", "ascir_run"])
def test_pipe_without_reader_exits_quietly(tool: str) -> None:
    """The reader closed the pipe before the tool wrote anything."""
    r, w = os.pipe()
    os.close(r)
    args = [str(EXAMPLE)] + (["--sizes", "s0=2,s1=3"] if tool == "ascir_run" else [])
    try:
        p = subprocess.run(
            [sys.executable, "-m", f"tools.{tool}", *args],
            stdout=w,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            cwd=ROOT,
            timeout=300,
        )
    finally:
        os.close(w)
    assert p.returncode == 141 and p.stderr == b"", p.stderr


def test_output_file_fifo_whose_reader_goes_away(tmp_path: Path) -> None:
    """``-o FIFO``: the reader takes 10 bytes and leaves; ascir-opt exits 141 quietly."""
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []

    def reader() -> None:
        with open(fifo, "rb") as f:
            got.append(f.read(10))

    thread = threading.Thread(target=reader)
    thread.start()
    body = EXAMPLE.read_text().split("builtin.module {", 1)[1].rsplit("}", 1)[0]
    big = tmp_path / "big.mlir"
    big.write_text(
        "builtin.module {" + "".join(body.replace("@add_relu", f"@g{i}") for i in range(300)) + "}\n"
    )
    out = run_tool("ascir_opt", str(big), "-o", str(fifo))
    thread.join(timeout=60)
    assert got == [b"builtin.mo"]
    assert out.returncode == 141 and out.stderr == b"", out.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_full_device_is_a_one_line_error() -> None:
    out = run_tool("ascir_opt", str(EXAMPLE), shell=">/dev/full")
    assert (
        out.returncode == 1
        and out.stderr.decode().strip()
        == "ascir-opt: error: cannot write the output: No space left on device"
    )
    out = run_tool("ascir_opt", str(EXAMPLE), "-o", "/dev/full")
    assert (
        out.returncode == 1
        and out.stderr.decode().strip() == "ascir-opt: error: cannot write /dev/full: No space left on device"
    )
    out = run_tool("ascir_run", str(EXAMPLE), "--sizes", "s0=2,s1=3", shell=">/dev/full")
    assert (
        out.returncode == 1
        and out.stderr.decode().strip()
        == "ascir-run: error: cannot write the output: No space left on device"
    )


def test_broken_stderr_is_not_a_crash(tmp_path: Path) -> None:
    """A failing run whose stderr reader has gone: still exit 1 (not 120 from a failed
    flush at exit)."""
    r, w = os.pipe()
    os.close(r)
    try:
        p = subprocess.run(
            [sys.executable, "-m", "tools.ascir_opt", "/no/such/file.mlir"],
            stdout=subprocess.PIPE,
            stderr=w,
            stdin=subprocess.DEVNULL,
            cwd=ROOT,
            timeout=300,
        )
    finally:
        os.close(w)
    assert p.returncode == 1 and p.stdout == b""


# ------------------------------------------------------------------ diagnostics


CONTROLS = [
    "\x1b[31m", "\x1b]0;owned\x07", "\x9b2J", "\r", "\b", "\t", "\x7f", "\x00", "\x85", "\u202e", "\u202a",
    "\u2066", "\u2069", "\u200f", "\u200b", "\ufeff", "\u2028", "\u2029", "\x1b[2J\x1b[H",
]  # fmt: skip
"""C0/C1 controls (ESC sequences, OSC retitling, the one-byte CSI), DEL, NUL, NEL, the
bidirectional overrides and isolates, marks, zero-width and separator characters."""


def assert_no_raw_controls(text: str) -> None:
    """No character of the unsafe categories (controls, format characters, separators,
    surrogates) but the newline: an oracle independent of the code under test's regex."""
    bad = [ch for ch in text if ch != "\n" and unicodedata.category(ch) in {"Cc", "Cf", "Zl", "Zp", "Cs"}]
    assert not bad, (bad, text)


def run_in_process(main: Callable[[list[str]], int], argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def test_safe_text_escapes_controls_and_keeps_letters() -> None:
    assert safe_text("plain text\nnext line") == "plain text\nnext line"
    assert safe_text("a\x1b[31mb") == "a\\x1b[31mb"
    assert safe_text("\u202egnp.exe\t\r\x9b") == "\\u202egnp.exe\\t\\r\\x9b"
    for kept in ("名前", "ñandú", "π_2", "größe", "🙂", "Ωmega", "é"):
        assert safe_text(f"graph @{kept}") == f"graph @{kept}"
    # a caret under a quoted line still points at its character once the line is escaped
    shown = safe_text("f.mlir:1:8: error: here\n\x1b\x1bab  cd\n       ^")
    line, caret = shown.split("\n")[1:]
    assert line == "\\x1b\\x1bab  cd" and caret.index("^") == line.index("cd") + 1


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.text())
def test_safe_text_leaves_no_control_character(text: str) -> None:
    shown = safe_text(text)
    assert_no_raw_controls(shown)
    if all(ch == "\n" or unicodedata.category(ch) not in UNSAFE_CATEGORIES for ch in text):
        assert shown == text  # nothing to escape: unchanged, any script


def graph_ir(name: str = "@g", sizes: str = "s0", body_extra: str = "") -> str:
    t = "!ascir.tensor<float32, [z0], [s0], [1]>"
    return f"""ascir.graph {name} hint sizes [{sizes}] axes [0: z0 = s0] {{
  %x = ascir.data {{index = 0 : i64}} : {t}
  %l = ascir.load %x : {t}{body_extra}
  %s = ascir.store %l : {t}
  %y = ascir.output %s {{index = 0 : i64}} : {t}
}}
"""


@pytest.mark.parametrize("control", CONTROLS)
def test_diagnostics_escape_controls_everywhere(control: str, tmp_path: Path) -> None:
    """Every source of user text that reaches a diagnostic, with the control in it."""
    hostile = f"a{control}b"
    symbol = '@"' + ir_string(hostile, utf8_escapes=True) + '"'
    cases: list[tuple[Callable[[list[str]], int], list[str], int]] = []
    # a graph name: ascir-run names the graph whose sizes are missing, the one --graph does
    # not find, and (on stdout) the one it ran
    named = tmp_path / "named.mlir"
    named.write_text(graph_ir(symbol))
    cases.append((ascir_run_main, [str(named)], 1))
    cases.append((ascir_run_main, [str(named), "--sizes", "s0=2", "--graph", hostile + "x"], 1))
    cases.append((ascir_run_main, [str(named), "--sizes", "s0=2", "--graph", hostile], 0))
    # a size name (in --sizes; in IR text, where the parse error quotes the line)
    cases.append((ascir_run_main, [str(named), "--sizes", f"s0=2,{hostile}=3"], 1))
    raw = tmp_path / "raw.mlir"
    raw.write_text(graph_ir(sizes=f"s0, {hostile}"), encoding="utf-8", errors="surrogatepass")
    cases.append((ascir_run_main, [str(raw)], 1))
    cases.append((_opt, [str(raw)], 1))
    cases.append((_opt, [str(raw), "--verify-diagnostics"], 0))  # the diagnostic on stdout
    # file contents: a scalar value and a bad line
    value = tmp_path / "value.mlir"
    value.write_text(
        graph_ir(
            body_extra=f'\n  %c = ascir.scalar {{value = "{ir_string(hostile)}"}} : !ascir.scalar<float32>'
        )
    )
    cases.append((_opt, [str(value)], 1))
    # a file name, and a pass pipeline quoted with a caret
    if "\x00" not in control:
        named_file = tmp_path / f"f{control}.mlir"
        named_file.write_text("ascir.graph @g hint sizes [] axes [] {\n  %x = ascir.nope\n}\n")
        cases.append((_opt, [str(named_file)], 1))
        cases.append((ascir_run_main, [str(named_file)], 1))
    cases.append((_opt, [str(EXAMPLE), "-p", f"sched{control}ule"], 1))
    # node names, graph names, and exception messages from a graph script
    script = tmp_path / "graph.py"
    script.write_text(
        "from pyautofuse import ascir\n"
        f"graph = ascir.HintGraph({hostile!r})\n"
        "s0 = graph.create_size('s0')\n"
        "z0 = graph.create_axis('z0', s0)\n"
        f"x = ascir.ops.Data({hostile!r}, graph)\n"
        "x.attr.ir_attr.index = -1\n"
        "x.y.dtype = ascir.dtypes.float32\n"
        "x.y.axis = [z0]\n"
        "x.y.size = [s0]\n"
        "x.y.strides = [ascir.SizeExpr(1)]\n"
    )
    cases.append((ascir_run_main, [str(script)], 1))
    raising = tmp_path / "raising.py"
    raising.write_text(f"raise ValueError({hostile!r})\n")
    cases.append((ascir_run_main, [str(raising)], 1))
    syntax = tmp_path / "syntax.py"
    syntax.write_text(f"x = 1\ny = '{hostile}' +\n", encoding="utf-8")
    cases.append((ascir_run_main, [str(syntax)], 1))
    for main, argv, expected in cases:
        code, out, err = run_in_process(main, argv)
        assert code == expected, (argv, code, out, err)
        assert err or out, argv
        assert_no_raw_controls(err)
        assert_no_raw_controls(out)
        assert "Traceback (most recent call last)" not in err or "graph script" in err


def _opt(argv: list[str]) -> int:
    from tools.ascir_opt import main

    return main(argv)


def test_internal_errors_escape_controls(monkeypatch: pytest.MonkeyPatch) -> None:
    """An internal error whose message carries user text, with and without ASCIR_DEBUG's
    traceback."""
    from tools import ascir_opt

    def boom(self: object) -> int:
        raise RuntimeError("node \x1b[31m\u202eevil")

    monkeypatch.setattr(ascir_opt.AscirOptMain, "run", boom)
    for debug in ("", "1"):
        monkeypatch.setenv("ASCIR_DEBUG", debug)
        code, _out, err = run_in_process(_opt, [str(EXAMPLE)])
        assert code == 2 and "internal error: RuntimeError: node \\x1b[31m\\u202eevil" in err
        assert_no_raw_controls(err)
        assert ("Traceback" in err) == bool(debug)


def test_raw_control_bytes_never_reach_a_real_stderr(tmp_path: Path) -> None:
    """The bytes a terminal would receive, from real processes: a line with ESC and C1
    bytes, a file name with ESC, a graph name through ascir-run."""
    data = tmp_path / "bytes.mlir"
    data.write_bytes(b"ascir.graph @g hint sizes [] axes [] {\n  \x1b[2J\xc2\x9b31m %x\n}\n")
    esc_name = tmp_path / "\x1b]0;owned\x07.mlir"
    esc_name.write_text("ascir.graph @g hint sizes [] axes [] {\n  %x = ascir.nope\n}\n")
    named = tmp_path / "named.mlir"
    named.write_text(graph_ir('@"' + ir_string("g\x1b[31m\u202e", utf8_escapes=True) + '"'))
    for tool, args in (
        ("ascir_opt", [str(data)]),
        ("ascir_opt", [str(esc_name)]),
        ("ascir_run", [str(named)]),
    ):
        out = run_tool(tool, *args)
        assert out.returncode == 1, out
        assert not re.search(
            rb"[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xaa-\xae]|\xe2\x81[\xa6-\xa9]", out.stderr
        ), out.stderr
        assert_clean_failure(out, out.stderr)
