"""Hostile input at the edges (issue 14, items 3 and 5): arguments are validated where they
enter -- core_num/ub_size in their C types and the platform's limits, numbers in ASCII
digits only, size names given once, graph names that are strings, typed pass options --
and every failure has an honest class: a user mistake (bad IR, graph script, inputs file,
option, a resource limit the input reaches) is a located diagnostic with exit 1; only a
compiler bug is an internal error with exit 2. The IR-text cases are files in
test/bad_inputs/ (run by test_ascir_opt.py); the kernel cache in test/runtime/test_cache.py."""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xdsl.utils.arg_spec import parse_spec

from ascir_dialect.diagnostics import AscirArgumentError, AscirError, AscirTypeError
from ascir_dialect.frontend.platform import (
    DEFAULT_UB_SIZE,
    MAX_CORE_NUM,
    MAX_UB_SIZE,
    check_core_num,
    check_ub_size,
    get_platform,
    set_platform,
)
from ascir_dialect.numbers import parse_int
from ascir_dialect.symbolic import ExprError, SizeExpr
from lowering.passes import LowerToAscendCPass
from lowering.pipeline import AutofusePass
from passes.vf_partition import VfPartitionPass
from pyautofuse import ascir, compile_graph
from tools.ascir_run import main as run_main
from tools.ascir_run import parse_sizes
from tools.autofuser import AutofuserOptions

from ..conftest import ROOT, opt_in_process
from .test_ascir_opt import bad_input_args

EXAMPLE = str(ROOT / "examples" / "add_relu.mlir")
SETTINGS = settings(
    max_examples=int(os.environ.get("ASCIR_HOSTILE_EXAMPLES", "40")),
    deadline=None,
    derandomize="ASCIR_FUZZ_RANDOM" not in os.environ,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Every Unicode character Python reads as a digit or number but that is not ASCII 0-9.
NON_ASCII_DIGITS = st.characters(categories=["Nd", "No", "Nl"], exclude_characters="0123456789").filter(
    lambda c: c.isnumeric()
)
HUGE = [
    2**31,
    2**32,
    2**32 + 2,
    2**32 + 253952,
    2**63,
    2**64,
    2**64 + 1,
    10**30,
    -1,
    -(2**31),
    -(2**63),
    -(10**30),
]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = run_main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


# ------------------------------------------------------------- 3. core_num / ub_size


@pytest.fixture
def platform_restored():  # type: ignore[no-untyped-def]
    before = get_platform()
    yield
    set_platform(before.soc, before.core_num, before.ub_size)


@pytest.mark.parametrize("cores", [0, MAX_CORE_NUM + 1, *HUGE])
def test_set_platform_refuses_core_counts_outside_the_blockdim_range(
    cores: int, platform_restored: None
) -> None:
    before = get_platform()
    with pytest.raises(
        AscirArgumentError,
        match=rf"set_platform: vector_core_num must be between 1 and 65535 \(AscendC's blockDim range\), got {cores}",
    ):
        set_platform("3510", cores, DEFAULT_UB_SIZE)
    assert get_platform() == before  # nothing half-set


@pytest.mark.parametrize("ub", [0, 31, 1000, MAX_UB_SIZE + 32, 2**32 + 253952, *HUGE])
def test_set_platform_refuses_ub_sizes_the_950_cannot_hold(ub: int, platform_restored: None) -> None:
    with pytest.raises(
        AscirArgumentError,
        match=rf"set_platform: ub_size must be a multiple of 32 bytes between 32 and 253952 \(248 KB, the Ascend 950's usable UB per vector core\), got {ub}",
    ):
        set_platform("3510", 1, ub)


@pytest.mark.parametrize("value", [True, False, "8", 8.0, np.float32(8)])
def test_set_platform_refuses_non_integers(value: object, platform_restored: None) -> None:
    with pytest.raises(AscirTypeError, match=r"set_platform: vector_core_num must be an int, got"):
        set_platform("3510", value, DEFAULT_UB_SIZE)  # type: ignore[arg-type]
    with pytest.raises(AscirTypeError, match=r"set_platform: ub_size must be an int, got"):
        set_platform("3510", 1, value)  # type: ignore[arg-type]


def test_set_platform_none_means_the_targets(platform_restored: None) -> None:
    """None (the default) leaves the 950's own core count and UB: the whole chip."""
    from ascendc_emitter.target.platform import ASCEND_950, current

    set_platform("3510", None, None)
    assert (get_platform().core_num, get_platform().ub_size) == (None, None)
    assert current() == ASCEND_950


def test_set_platform_accepts_the_limits(platform_restored: None) -> None:
    set_platform("3510", MAX_CORE_NUM, MAX_UB_SIZE)
    assert (get_platform().core_num, get_platform().ub_size) == (65535, 248 * 1024)
    set_platform("3510", 1, 32)
    set_platform("3510", np.int64(8), np.int32(1024))  # numpy integers are integers
    assert type(get_platform().core_num) is int


@SETTINGS
@given(st.integers(min_value=-(2**70), max_value=2**70))
def test_core_num_and_ub_size_are_never_wrapped(value: int) -> None:
    if 1 <= value <= MAX_CORE_NUM:
        assert check_core_num(value) == value
    else:
        with pytest.raises(AscirArgumentError, match=f"got {value}$"):
            check_core_num(value)
    if 32 <= value <= MAX_UB_SIZE and value % 32 == 0:
        assert check_ub_size(value) == value
    else:
        with pytest.raises(AscirArgumentError, match=f"got {value}$"):
            check_ub_size(value)


@pytest.fixture(scope="module")
def add_relu():  # type: ignore[no-untyped-def]
    from tools.ascir_run import load_graphs

    (graph,) = load_graphs(Path(EXAMPLE))
    return compile_graph(graph)


def _inputs() -> list[np.ndarray]:
    return [np.ones((2, 3), np.float32), np.ones((2, 3), np.float32)]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"core_num": 2**32 + 2}, r"core_num must be between 1 and 65535 .* got 4294967298"),
        ({"core_num": 0}, r"core_num must be between 1 and 65535 .* got 0"),
        ({"core_num": -(2**63)}, r"core_num must be between 1 and 65535"),
        ({"core_num": True}, r"core_num must be an int, got bool True"),
        ({"core_num": 2.0}, r"core_num must be an int, got float 2.0"),
        (
            {"ub_size": 2**32 + 253952},
            r"ub_size must be a multiple of 32 bytes between 32 and 253952 .* got 4295221248",
        ),
        ({"ub_size": 253952 + 32}, r"got 253984"),
        ({"ub_size": 1000}, r"got 1000"),
        ({"ub_size": -32}, r"got -32"),
        ({"ub_size": "1024"}, r"ub_size must be an int, got str '1024'"),
    ],
)
def test_compiled_graph_call_checks_core_num_and_ub_size(add_relu, kwargs: dict, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(AscirError, match=message):
        add_relu(*_inputs(), sizes={"s0": 2, "s1": 3}, **kwargs)


def test_compiled_graph_runs_at_the_limits(add_relu) -> None:  # type: ignore[no-untyped-def]
    (y,) = add_relu(*_inputs(), sizes={"s0": 2, "s1": 3}, core_num=MAX_CORE_NUM, ub_size=MAX_UB_SIZE)
    np.testing.assert_array_equal(y, 2 * np.ones((2, 3), np.float32))


@pytest.mark.parametrize("size", [2**63, 2**64 + 5, -(2**63) - 1, True, 3.0])
def test_compiled_kernel_run_checks_its_arguments(add_relu, size: object) -> None:  # type: ignore[no-untyped-def]
    kernel = add_relu.kernel
    arrays = [np.ones(6, np.float32), np.ones(6, np.float32), np.zeros(6, np.float32)]
    with pytest.raises(AscirArgumentError, match=r"core_num must be between 1 and 65535 .* got 4294967298"):
        kernel.run(arrays, [2, 3], core_num=2**32 + 2)
    with pytest.raises(AscirArgumentError, match=r"ub_size must be a multiple of 32 .* got 4295221248"):
        kernel.run(arrays, [2, 3], ub_size=2**32 + 253952)
    with pytest.raises(AscirArgumentError, match=r"size argument 1 must be an int64"):
        kernel.run(arrays, [2, size])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--cores", "4294967298"],
            "--cores must be between 1 and 65535 (AscendC's blockDim range), got 4294967298",
        ),
        (["--cores", "0"], "--cores must be between 1 and 65535 (AscendC's blockDim range), got 0"),
        (["--cores", "-1"], "got -1"),
        (["--cores", "9" * 10000], "--cores: an integer of 10000 digits is out of range"),
        (
            ["--cores", "\u0664"],
            "--cores: '\u0664' holds the non-ASCII digit '\u0664' (U+0664 ARABIC-INDIC DIGIT FOUR)",
        ),
        (["--cores", "4.0"], "--cores expects an integer (ASCII digits 0-9), got '4.0'"),
        (
            ["--ub-size", "4295221248"],
            "--ub-size must be a multiple of 32 bytes between 32 and 253952 (248 KB, the Ascend 950's usable UB per vector core), got 4295221248",
        ),
        (["--ub-size", "253984"], "got 253984"),
        (["--ub-size", "-32"], "got -32"),
        (
            ["--ub-size", "\uff11\uff10\uff12\uff14"],
            "--ub-size: '\uff11\uff10\uff12\uff14' holds the non-ASCII digit '\uff11' (U+FF11 FULLWIDTH DIGIT ONE)",
        ),
        (["--seed", "-1"], "--seed: -1 is out of range (allowed: 0..18446744073709551615)"),
        (["--seed", str(2**64)], "--seed: 18446744073709551616 is out of range"),
        (["--seed", "\u0967"], "U+0967 DEVANAGARI DIGIT ONE"),
        (
            ["--rtol", "\u0661e-3"],
            "--rtol expects a decimal number such as 1e-5 (ASCII digits), got '\u0661e-3'",
        ),
        (["--atol", "-1"], "--atol must be finite and >= 0, got -1"),
        (["--atol", "1e400"], "--atol must be finite and >= 0, got inf"),
    ],
)
def test_ascir_run_numeric_options(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([EXAMPLE, "--sizes", "s0=2,s1=3", *args], capsys)
    assert code == 1 and out == "" and err.startswith("ascir-run: error: "), err
    assert message in err
    assert "Traceback" not in err and "internal error" not in err


# ------------------------------------------------------------------ --sizes


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("s0=4,s0=9", "--sizes gives s0 twice (s0=4 and s0=9); give each size once"),
        ("s0=4, s0 =4", "--sizes gives s0 twice"),
        (
            "s0=\u0664",
            "--sizes s0: '\u0664' holds the non-ASCII digit '\u0664' (U+0664 ARABIC-INDIC DIGIT FOUR); write numbers with the ASCII digits 0-9",
        ),
        ("s0=1\uff10", "U+FF10 FULLWIDTH DIGIT ZERO"),
        ("s0=\u00b2", "U+00B2 SUPERSCRIPT TWO"),
        ("s0=0", "--sizes s0: 0 is out of range (allowed: 1..9223372036854775807)"),
        ("s0=-4", "--sizes s0: -4 is out of range"),
        (f"s0={2**63}", f"--sizes s0: {2**63} is out of range"),
        (
            f"s0={'9' * 10000}",
            "--sizes s0: an integer of 10000 digits is out of range (allowed: 1..9223372036854775807)",
        ),
        ("s0=4.5", "--sizes s0 expects an integer (ASCII digits 0-9), got '4.5'"),
        ("s0", "--sizes expects name=int pairs such as s0=4,s1=8, got 's0'"),
        ("=4", "--sizes expects name=int pairs"),
        ("s\u0663=4", "--sizes expects name=int pairs"),
        ("s0=", "--sizes expects name=int pairs"),
    ],
)
def test_sizes_option(text: str, message: str) -> None:
    with pytest.raises(AscirError) as info:
        parse_sizes(text)
    assert message in str(info.value)


def test_sizes_option_through_the_tool(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run([EXAMPLE, "--sizes", "s0=4,s1=3,s0=9"], capsys)
    assert code == 1 and "ascir-run: error: --sizes gives s0 twice (s0=4 and s0=9)" in err
    assert parse_sizes("s0=4,s1=+8") == {"s0": 4, "s1": 8}


@SETTINGS
@given(st.integers(min_value=-(2**80), max_value=2**80))
def test_sizes_values_are_int64_and_positive(value: int) -> None:
    if 1 <= value <= 2**63 - 1:
        assert parse_sizes(f"s0={value}") == {"s0": value}
    else:
        with pytest.raises(AscirArgumentError, match="is out of range"):
            parse_sizes(f"s0={value}")


@SETTINGS
@given(NON_ASCII_DIGITS, st.integers(0, 2))
def test_no_unicode_digit_is_read_as_a_number(digit: str, where: int) -> None:
    text = ["{}", "1{}", "{}0"][where].format(digit)
    name = unicodedata.name(digit, "")
    with pytest.raises(AscirArgumentError, match=re.escape(f"U+{ord(digit):04X}")):
        parse_int(text, "--cores")
    with pytest.raises(AscirArgumentError, match=re.escape(f"U+{ord(digit):04X} {name}")):
        parse_sizes(f"s0={text}")
    with pytest.raises(ExprError, match=r"is not an ASCII digit|unexpected character"):
        SizeExpr(f"s0 + {text}")


@SETTINGS
@given(NON_ASCII_DIGITS.filter(lambda c: not c.isalpha()))  # '\u3007' is a letter to the lexer
def test_no_unicode_digit_is_a_number_in_ir_text(
    tmp_path_factory: pytest.TempPathFactory, digit: str
) -> None:
    text = (
        "ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {\n"
        f"  %i = ascir.index_expr {{expr = #ascir.expr<s0 * {digit}>}} : !ascir.scalar<int64>\n"
        f'  %c = ascir.scalar {{value = "1{digit}"}} : !ascir.scalar<int32>\n'
        "}\n"
    )
    out = opt_in_process(stdin=text, tmp_dir=tmp_path_factory.mktemp("digits"))
    first = out.stderr.splitlines()[0]
    assert out.returncode == 1 and re.match(r"\S+:2:\d+: error: ", first), out.stderr
    assert f"U+{ord(digit):04X}" in first and "is not an ASCII digit" in first


def test_unicode_digits_in_python_api() -> None:
    with pytest.raises(
        ExprError,
        match=r"'\uff11' \(U\+FF11 FULLWIDTH DIGIT ONE\) in size expression 's0 - \uff11' is not an ASCII digit",
    ):
        SizeExpr("s0 - \uff11")
    graph = ascir.HintGraph("g")
    s0 = graph.create_size("s0")
    with pytest.raises(ExprError, match="not an ASCII digit"):
        graph.create_axis("z0", "s0 + \u0663")
    z0 = graph.create_axis("z0", s0)
    c = ascir.ops.Scalar("c", graph)
    c.attr.ir_attr.value = "\u0661\u0662"
    c.y.dtype = ascir.dtypes.int32
    x = ascir.ops.Data("x", graph)
    x.attr.ir_attr.index = 0
    x.y.dtype = ascir.dtypes.int32
    x.y.axis = [z0]
    with pytest.raises(ascir.AscirVerifyError, match=r"value '\u0661\u0662' holds the non-ASCII digit"):
        graph.to_module()


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (2**63, "9223372036854775808 does not fit int64"),
        (2**64, "18446744073709551616 does not fit int64"),
        (-(2**70), "does not fit int64"),
        (-1, "index must be >= 0, got -1"),
        (True, "expected an int, got True"),
    ],
)
def test_integer_attributes_from_python_are_never_wrapped(value: int, message: str) -> None:
    graph = ascir.HintGraph("g")
    z0 = graph.create_axis("z0", graph.create_size("s0"))
    x = ascir.ops.Data("x", graph)
    with pytest.raises(ascir.AscirVerifyError, match=message):
        x.attr.ir_attr.index = value
        x.y.dtype = ascir.dtypes.float32
        x.y.axis = [z0]
        graph.to_module()


def test_size_expression_literals_are_bounded() -> None:
    with pytest.raises(ExprError, match="an integer of 10000 digits does not fit in int64"):
        SizeExpr("s0 + " + "9" * 10000)
    with pytest.raises(ExprError, match="does not fit in int64"):
        SizeExpr(str(2**63))


# ------------------------------------------------------------------ graph names


@pytest.mark.parametrize("name", [None, 3, b"g", 1.5, ["g"]])
def test_graph_names_must_be_strings(name: object) -> None:
    with pytest.raises(
        AscirTypeError, match=rf"HintGraph: the graph name must be a string, got {type(name).__name__}"
    ):
        ascir.HintGraph(name)  # type: ignore[arg-type]
    graph = ascir.HintGraph("g")
    with pytest.raises(AscirTypeError, match=r"HintGraph\.set_name: the graph name must be a string"):
        graph.set_name(name)  # type: ignore[arg-type]
    assert graph.name == "g"
    with pytest.raises(AscirTypeError, match="Data: the node name must be a string"):
        ascir.ops.Data(name, graph)  # type: ignore[arg-type]


def test_graph_name_must_not_be_empty() -> None:
    with pytest.raises(AscirArgumentError, match="HintGraph: the graph name must not be empty"):
        ascir.HintGraph("")


# ------------------------------------------------------------------ pass options


@pytest.mark.parametrize(
    ("pipeline", "column", "message"),
    [
        (
            'autofuse{template="bogus"}',
            10,
            'autofuse: option template must be one of "", "simd", "simt", "sklike", got "bogus"',
        ),
        ('autofuse{template="SIMD"}', 10, 'got "SIMD"'),
        ("autofuse{template=1}", 10, 'option template must be one of "", "simd", "simt", "sklike", got 1'),
        (
            'autofuse{mask_mode="per_op"}',
            10,
            'autofuse: option mask_mode must be one of "loop", "per-op", got "per_op"',
        ),
        ('autofuse{mask-mode="x"}', 10, 'option mask_mode must be one of "loop", "per-op", got "x"'),
        ("autofuse{vf=1}", 10, "autofuse: option vf must be true or false, got 1"),
        ('autofuse{vf="false"}', 10, 'autofuse: option vf must be true or false, got "false"'),
        ("autofuse{vf}", 10, "autofuse: option vf takes one value, got (no value)"),
        ("autofuse{vf=true,false}", 10, "autofuse: option vf takes one value, got true, false"),
        ("autofuse{nope=1}", 10, "autofuse: unknown option nope (options: vf, mask_mode, template, double_buffer, template_policy, row_cache, online_softmax, core_num, ub_size)"),
        ("schedule,vf-partition{enable=2}", 23, "vf-partition: option enable must be true or false, got 2"),
        (
            'schedule,lower-to-ascendc{mask_mode="zz"}',
            27,
            "lower-to-ascendc: option mask_mode must be one of",
        ),
        ("schedule,no-such-pass", 10, "unknown pass no-such-pass (passes: normalize-arange-broadcast-views"),
    ],
)
def test_pass_options_are_typed_at_pipeline_parse(pipeline: str, column: int, message: str) -> None:
    out = opt_in_process(EXAMPLE, "-p", pipeline, "-t", "mlir")
    lines = out.stderr.splitlines()
    assert out.returncode == 1 and out.stdout == "", out.stderr
    assert lines[0] == f"ascir-opt: -p:1:{column}: error: {lines[0].split(': error: ', 1)[1]}"
    assert message in lines[0]
    assert lines[1] == pipeline and lines[2].index("^") == column - 1


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: AutofusePass(template="bogus"),
            'autofuse: option template must be one of "", "simd", "simt", "sklike", got "bogus"',
        ),
        (lambda: AutofusePass(vf="no"), 'autofuse: option vf must be true or false, got "no"'),  # type: ignore[arg-type]
        (lambda: AutofusePass(mask_mode="per_op"), "autofuse: option mask_mode must be one of"),  # type: ignore[arg-type]
        (lambda: LowerToAscendCPass(mask_mode=""), "lower-to-ascendc: option mask_mode must be one of"),  # type: ignore[arg-type]
        (lambda: VfPartitionPass(enable=0), "vf-partition: option enable must be true or false, got 0"),  # type: ignore[arg-type]
        (
            lambda: AutofuserOptions(enable_vf="False"),
            'AutofuserOptions: option enable_vf must be true or false, got "False"',
        ),  # type: ignore[arg-type]
        (
            lambda: AutofuserOptions(graph_type=True),
            "AutofuserOptions: option graph_type must be an integer, got true",
        ),
        (
            lambda: AutofuserOptions(tiling_lib_path=None),
            "AutofuserOptions: option tiling_lib_path must be a string",
        ),  # type: ignore[arg-type]
    ],
)
def test_pass_options_are_typed_in_python(make, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(AscirError, match=re.escape(message)):
        make()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"template": "bogus"},
            'compile_graph: option template must be one of "", "simd", "simt", "sklike", got "bogus"',
        ),
        ({"template": "SIMT"}, 'got "SIMT"'),
        (
            {"mask_mode": "per_op"},
            'compile_graph: option mask_mode must be one of "loop", "per-op", got "per_op"',
        ),
        ({"vf": "yes"}, 'compile_graph: option vf must be true or false, got "yes"'),
        ({"vf": 1}, "compile_graph: option vf must be true or false, got 1"),
        ({"check": None}, "compile_graph: option check must be true or false, got None"),
        ({"target": "gpu"}, "unknown target 'gpu'; use one of sim, npu, auto"),
    ],
)
def test_compile_graph_options(add_relu, kwargs: dict, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(AscirError, match=re.escape(message)):
        compile_graph(add_relu.graph, **kwargs)


def test_valid_options_still_work() -> None:
    spec = parse_spec('autofuse{template="simt" vf=false}')
    assert AutofusePass.from_spec(spec) == AutofusePass(vf=False, template="simt")
    out = opt_in_process(EXAMPLE, "-p", 'autofuse{mask-mode="per-op" vf=true}', "-t", "ascendc")
    assert out.returncode == 0, out.stderr


# ---------------------------------------------------------- 5. error classes


def test_deep_nesting_is_a_located_user_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "test" / "bad_inputs" / "syntax_deep_brackets.mlir"
    out = opt_in_process(str(path))
    assert out.returncode == 1
    assert re.match(
        rf"{re.escape(str(path))}:3:\d+: error: the input is nested too deeply to parse", out.stderr
    )
    code, _, err = run([str(path), "--sizes", "s0=4"], capsys)
    assert code == 1 and re.search(
        r"syntax_deep_brackets.mlir:3:\d+: error: the input is nested too deeply", err
    ), err


@pytest.mark.parametrize(
    "name",
    [
        "syntax_integer_10000_digits",
        "syntax_integer_attr_10000_digits",
        "scalar_int_10000_digits",
        "syntax_fullwidth_digit_in_expr",
        "syntax_integer_attr_wraps_to_minus_one",
    ],
)
def test_ir_text_errors_are_located_in_ascir_run_too(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "test" / "bad_inputs" / f"{name}.mlir"
    code, out, err = run([str(path), "--sizes", "s0=4"], capsys)
    assert code == 1 and out == "" and re.search(rf"{name}\.mlir:\d+:\d+: error: ", err), err
    assert "internal error" not in err and "Traceback" not in err


BAD_INPUT_MESSAGES = {
    "syntax_fullwidth_digit_in_expr": "'\uff11' (U+FF11 FULLWIDTH DIGIT ONE) is not an ASCII digit; numbers in IR text are written with the digits 0-9",
    "syntax_arabic_digit_in_axis_size": "U+0664 ARABIC-INDIC DIGIT FOUR",
    "syntax_devanagari_digit_in_stride": "U+0967 DEVANAGARI DIGIT ONE",
    "syntax_arabic_digit_in_integer_attr": "U+0663 ARABIC-INDIC DIGIT THREE",
    "syntax_fraction_as_number": "U+00BD VULGAR FRACTION ONE HALF",
    "syntax_integer_10000_digits": "an integer literal of 10000 digits is out of range (IR integers are at most 64-bit)",
    "syntax_integer_attr_10000_digits": "an integer literal of 10000 digits is out of range",
    "syntax_integer_attr_wraps_to_minus_one": "integer 18446744073709551615 does not fit i64 [-9223372036854775808, 9223372036854775807] (it would be read as -1)",
    "syntax_integer_attr_two_pow_63": "integer 9223372036854775808 does not fit i64",
    "syntax_deep_brackets": "the input is nested too deeply to parse (Python's recursion limit was reached here); flatten the nesting",
    "scalar_arabic_digits": "ascir.scalar %c: value '\u0661\u0662' holds the non-ASCII digit '\u0661' (U+0661 ARABIC-INDIC DIGIT ONE); write numbers with the digits 0-9",
    "scalar_float_fullwidth_digits": "holds the non-ASCII digit '\uff11' (U+FF11 FULLWIDTH DIGIT ONE)",
    "scalar_int_10000_digits": "ascir.scalar %c: value of 10000 digits does not fit int64 [-9223372036854775808, 9223372036854775807]",
    "scalar_int_negative_10000_digits": "value of 10000 digits does not fit int64",
    "option_vf_not_bool": "-p:1:10: error: autofuse: option vf must be true or false, got 3",
    "option_vf_string": 'option vf must be true or false, got "false"',
    "option_mask_mode_unknown": 'option mask_mode must be one of "loop", "per-op", got "per_op"',
    "option_template_wrong_case": 'option template must be one of "", "simd", "simt", "sklike", got "SIMD"',
    "option_template_on_plain_graph": 'got "bogus"',
    "template_unknown_forced": 'autofuse: option template must be one of "", "simd", "simt", "sklike", got "bogus"',
    "option_enable_not_bool": "-p:1:23: error: vf-partition: option enable must be true or false, got 1",
    "option_unknown": "autofuse: unknown option vff (options: vf, mask_mode, template, double_buffer, template_policy, row_cache, online_softmax, core_num, ub_size)",
    "option_lower_mask_mode_unknown": '-p:1:27: error: lower-to-ascendc: option mask_mode must be one of "loop", "per-op", got ""',
}


@pytest.mark.parametrize(("name", "message"), BAD_INPUT_MESSAGES.items(), ids=list(BAD_INPUT_MESSAGES))
def test_bad_inputs_of_this_issue_give_their_message(
    name: str, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    path = Path("test") / "bad_inputs" / f"{name}.mlir"
    out = opt_in_process(*bad_input_args(ROOT / path), str(path))
    first = out.stderr.splitlines()[0]
    assert out.returncode == 1 and message in first, out.stderr
    assert first.startswith((f"{path}:", "ascir-opt: -p:1:")), first


def _npz(path: Path) -> Path:
    np.savez(path, in0=np.ones((2, 3), np.float32), in1=np.ones((2, 3), np.float32))
    return path


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (
            lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2]),
            "not a readable .npz file (BadZipFile: File is not a zip file)",
        ),
        (lambda p: p.write_bytes(p.read_bytes()[:-40]), "not a readable .npz file (BadZipFile"),
        (lambda p: p.write_bytes(b""), "not a readable .npz file"),
        (lambda p: p.write_bytes(b"PK\x03\x04" + b"\0" * 100), "not a readable .npz file"),
        (
            lambda p: p.write_bytes(p.read_bytes()[:120] + b"\xff" * 40 + p.read_bytes()[160:]),
            "array in0 cannot be read",
        ),
        (
            lambda p: np.savez(p, in0=np.ones((2, 3), np.float32)),
            "missing arrays in1 (keys are in<Data index>)",
        ),
        (
            lambda p: np.save(p.with_suffix(".npy"), np.ones(3)) or os.replace(p.with_suffix(".npy"), p),
            "holds a single array, not an .npz archive",
        ),
        (
            lambda p: np.savez(
                p, in0=np.array([object()] * 6).reshape(2, 3), in1=np.ones((2, 3), np.float32)
            ),
            "array in0 cannot be read (ValueError: Object arrays cannot be loaded when allow_pickle=False)",
        ),
        (
            lambda p: np.savez(p, in0=np.ones((2, 3)), in1=np.ones((2, 3), np.float32)),
            "input 0 (%x0) must have dtype float32 (numpy float32), got float64",
        ),
        (
            lambda p: np.savez(p, in0=np.ones((3, 2), np.float32), in1=np.ones((2, 3), np.float32)),
            "input 0 (%x0) has shape (3, 2) but its view needs shape (2, 3)",
        ),
        (lambda p: p.unlink(), "cannot read the inputs file: No such file or directory"),
    ],
)
def test_bad_inputs_files_are_user_errors(
    damage, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    path = _npz(tmp_path / "in.npz")
    damage(path)
    code, out, err = run([EXAMPLE, "--sizes", "s0=2,s1=3", "--inputs", str(path)], capsys)
    assert code == 1 and out == "" and message in err, err
    assert "internal error" not in err and "Traceback" not in err


SCRIPT_HEAD = "from pyautofuse import ascir\n\n\n"


@pytest.mark.parametrize(
    ("body", "line", "message", "shown"),
    [
        (
            "def build():\n    raise ValueError('my graph is wrong')\n\n\nbuild()\n",
            5,
            "the graph script raised ValueError: my graph is wrong",
            ["build()", "raise ValueError('my graph is wrong')"],
        ),
        (
            "graph = ascir.HintGraph(None)\n",
            4,
            "the graph script raised AscirTypeError: HintGraph: the graph name must be a string, got NoneType None",
            ["graph = ascir.HintGraph(None)"],
        ),
        (
            "g = ascir.HintGraph('g')\ng.create_size('s0')\ng.create_size('s0')\n",
            6,
            "the graph script raised ValueError: size variable 's0' already exists in graph 'g'",
            ["g.create_size('s0')"],
        ),
        ("x = 1 / 0\n", 4, "the graph script raised ZeroDivisionError: division by zero", ["x = 1 / 0"]),
        (
            "def f(n):\n    return f(n + 1)\n\n\nf(0)\n",
            5,
            "the graph script raised RecursionError: maximum recursion depth exceeded",
            ["[Previous line repeated"],
        ),
        (
            "int('9' * 10000)\n",
            4,
            "the graph script raised ValueError: Exceeds the limit (4300 digits)",
            ["int('9' * 10000)"],
        ),
        (
            "x = ascir.SizeExpr('s0 - \uff11')\n",
            4,
            "the graph script raised ExprError: '\uff11' (U+FF11 FULLWIDTH DIGIT ONE)",
            [],
        ),
        ("x = (\n", 4, "the graph script has a syntax error: '(' was never closed", ["x = ("]),
        (
            "import sys\nsys.exit(3)\n",
            0,
            "the graph script called sys.exit(3); ascir-run reads the HintGraphs a script leaves in its globals",
            [],
        ),
    ],
)
def test_graph_script_errors_are_the_users(
    body: str, line: int, message: str, shown: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "graph.py"
    script.write_text(SCRIPT_HEAD + body)
    code, out, err = run([str(script), "--sizes", "s0=4"], capsys)
    assert code == 1 and out == "", err
    where = f"{script}: error: " if line == 0 else f"{script}:{line}:"  # the script's line, and column
    assert err.startswith(f"ascir-run: {where}"), err
    assert message in err, err
    for text in shown:
        assert text in err, err
    # only the script's own frames: nothing of ascir-run, runpy or the libraries
    files = set(re.findall(r'File "([^"]+)"', err))
    assert files <= {str(script)}, files
    assert "internal error" not in err and "runpy" not in err


def test_script_error_raised_inside_ascir_points_at_the_call_and_names_the_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A non-AscirError raised inside our code during a script (here an xDSL rejection of
    a name) still shows the user's line first, and says where it was raised."""
    script = tmp_path / "graph.py"
    script.write_text(SCRIPT_HEAD + "g = ascir.HintGraph('g')\ng.create_axis('z0', object())\n")
    code, _, err = run([str(script), "--sizes", "s0=4"], capsys)
    assert code == 1 and err.startswith(f"ascir-run: {script}:5:"), err
    assert "g.create_axis('z0', object())" in err


def test_compiler_value_and_type_errors_are_internal_errors(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import passes.schedule
    import tools.compile

    def broken(*args: object, **kwargs: object) -> None:
        raise ValueError("schedule lost an axis")

    monkeypatch.setattr(passes.schedule, "schedule_graph", broken)
    out = opt_in_process(EXAMPLE, "-p", "schedule")
    assert out.returncode == 2, out.stderr
    assert out.stderr == (
        "ascir-opt: internal error in pass schedule: ValueError: schedule lost an axis\n"
        "This is a bug in ascir-opt, not in your input; please report it (rerun with ASCIR_DEBUG=1 "
        "for the traceback).\n"
    )

    def broken_lowering(*args: object, **kwargs: object) -> None:
        raise TypeError("unsupported operand type(s)")

    monkeypatch.setattr(tools.compile, "run_autofuse", broken_lowering)
    monkeypatch.setenv("ASCIR_GRAPH_CACHE", "0")  # a cached graph would not run the lowering
    code, _, err = run([EXAMPLE, "--sizes", "s0=2,s1=3"], capsys)
    assert code == 2 and "ascir-run: internal error: TypeError: unsupported operand type(s)" in err
    assert "please report it" in err and "Traceback" not in err
    monkeypatch.setenv("ASCIR_DEBUG", "1")
    code, _, err = run([EXAMPLE, "--sizes", "s0=2,s1=3"], capsys)
    assert code == 2 and "Traceback (most recent call last)" in err and "broken_lowering" in err


def test_resource_limits_are_user_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run([EXAMPLE, "--sizes", f"s0={2**40},s1=4"], capsys)
    assert code == 1 and "ascir-run: error: input 0 (%x0) would hold 4398046511104 elements" in err, err
    assert "more than 16 GiB of random data; use smaller sizes" in err
    from tools.cli import run_cli

    def deep() -> int:
        raise RecursionError("maximum recursion depth exceeded")

    assert run_cli("ascir-run", deep) == 1
    assert "ascir-run: error: the input is nested too deeply" in capsys.readouterr().err

    def digits() -> int:
        return int("9" * 10000)

    assert run_cli("ascir-run", digits) == 1
    assert "a number in the input has too many digits to convert" in capsys.readouterr().err

    def memory() -> int:
        raise MemoryError

    assert run_cli("ascir-run", memory) == 1
    assert "out of memory" in capsys.readouterr().err


def test_usage_errors_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run([EXAMPLE, "--no-such-option"], capsys)
    assert (
        code == 1
        and "ascir-run: error: unrecognized arguments: --no-such-option (see ascir-run --help)" in err
    )
    out = opt_in_process(EXAMPLE, "--no-such-option")
    assert out.returncode == 1 and "ascir-opt: error: unrecognized arguments: --no-such-option" in out.stderr


def test_console_entry_points_keep_the_exit_codes(tmp_path: Path) -> None:
    """One real subprocess per class: a user error exits 1 without a traceback."""
    import subprocess

    script = tmp_path / "graph.py"
    script.write_text("raise RuntimeError('broken script')\n")
    out = subprocess.run(
        [sys.executable, "-m", "tools.ascir_run", str(script)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert (
        out.returncode == 1
        and f"{script}:1:1: error: the graph script raised RuntimeError: broken script" in out.stderr
    )
    assert 'File "' in out.stderr and "runpy" not in out.stderr
