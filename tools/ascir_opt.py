"""``ascir-opt``: parse ASCIR text, verify, run passes (``-p``), print IR (``-t mlir``).

Built on xDSL's ``xDSLOptMain`` with only the dialects we use. Every error is printed
as ``file:line:col: error: message`` with a non-zero exit; no Python traceback reaches
the user (set ``ASCIR_DEBUG=1`` to see one for an internal error).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from contextlib import suppress
from typing import IO, Any, NoReturn

from xdsl.context import Context
from xdsl.dialects.builtin import (
    BFloat16Type,
    Builtin,
    DenseIntOrFPElementsAttr,
    FileLineColLoc,
    Float16Type,
    Float32Type,
    FloatAttr,
    IntAttr,
    IntegerAttr,
    ModuleOp,
)
from xdsl.ir import Dialect
from xdsl.passes import ModulePass, PassPipeline
from xdsl.printer import Printer
from xdsl.utils.arg_spec import parse_pipeline
from xdsl.utils.exceptions import ArgSpecParseError, DiagnosticException, ParseError, VerifyException
from xdsl.utils.lexer import Span
from xdsl.xdsl_opt_main import xDSLOptMain

from ascir_dialect.diagnostics import (
    AscirError,
    AscirParser,
    check_string_literals,
    decode_ir_text,
    first_verification_error,
    format_parse_error,
)
from ascir_dialect.dialect import ASCIR
from ascir_dialect.numbers import round_to_dtype
from lowering.registry import available_passes, describe_passes
from passes.dump import dump, dump_text, dumping
from passes.options import PassOptionError, locate_option
from tools.cli import exit_process, print_diagnostic, run_cli, safe_text
from tools.dot import emit_dot

EXIT_USER_ERROR = 1
EXIT_INTERNAL_ERROR = 2


def _ascendc() -> Dialect:
    from ascendc_emitter.dialect import ASCENDC

    return ASCENDC


def _arith() -> Dialect:
    from xdsl.dialects.arith import Arith

    return Arith


def _scf() -> Dialect:
    from xdsl.dialects.scf import Scf

    return Scf


DIALECTS = (Builtin, ASCIR)
"""Dialects loaded in every context."""
LAZY_DIALECTS = {"ascendc": _ascendc, "arith": _arith, "scf": _scf}
"""Dialects registered in every context and imported when the input (or a pass) uses them:
parsing and printing an ascir graph does not pay for the AscendC and arith op classes."""


def add_dialects(ctx: Context) -> Context:
    for dialect in DIALECTS:
        ctx.load_dialect(dialect)
    for name, factory in LAZY_DIALECTS.items():
        ctx.register_dialect(name, factory)
    return ctx


def make_context() -> Context:
    return add_dialects(Context())


_FLOAT_KINDS = {Float16Type: "float16", BFloat16Type: "bfloat16", Float32Type: "float32"}


class IrParser(AscirParser):
    """The parser of both tools: :class:`AscirParser` with the float rule of ascir literals
    (``ascir_dialect.numbers``) applied to builtin float attributes too.

    xDSL builds ``7.0e+04 : f16`` by packing the value into 16 bits, which raises
    OverflowError (a crash where the input has a meaning), and rounds a decimal in range
    once where torch rounds float16/bfloat16 through float32. Here a decimal float
    attribute of a 16/32-bit float type is the written value rounded as torch rounds it:
    out of range it is +-inf, as an ``ascir.scalar`` literal is. Hexadecimal float
    attributes are bit patterns and are kept. A dense elements attribute whose value does
    not fit its type is a located error (xDSL packs it inside its parser)."""

    def parse_optional_builtin_int_or_float_attr(self) -> IntegerAttr | FloatAttr | None:
        start = self._current_token.span.start
        try:
            attr = super().parse_optional_builtin_int_or_float_attr()
        except OverflowError:  # a decimal beyond the float type's range: parse it again
            self._resume_from(start)
            value = self.parse_optional_number()
            if value is None:
                raise
            type = self._parse_attribute_type()
            kind = next((k for cls, k in _FLOAT_KINDS.items() if isinstance(type, cls)), None)
            if kind is None:
                self.raise_error(f"the value {value} does not fit {type}", start, self.pos)
            return FloatAttr(round_to_dtype(float(value), kind), type)  # type: ignore[arg-type]
        if isinstance(attr, FloatAttr):
            kind = next((k for cls, k in _FLOAT_KINDS.items() if isinstance(attr.type, cls)), None)
            text = self.lexer.input.content[start : self._current_token.span.start]
            written = text.split(":", 1)[0].strip()
            if kind is not None and "x" not in written.lower():
                try:
                    value = round_to_dtype(float(written), kind)
                except ValueError:  # not a plain number (cannot happen after the lexer): keep xDSL's
                    return attr
                if value != attr.value.data and not (value != value and attr.value.data != attr.value.data):
                    return FloatAttr(value, attr.type)  # type: ignore[arg-type]
        return attr

    def parse_dense_int_or_fp_elements_attr(self, type: Any) -> DenseIntOrFPElementsAttr:
        start = self._current_token.span.start
        try:
            return super().parse_dense_int_or_fp_elements_attr(type)
        except OverflowError as e:  # xDSL packs the elements as written
            self.raise_error(
                f"a dense element does not fit its element type ({e}); write inf and NaN "
                "elements as hexadecimal bit patterns",
                start,
                self.pos,
            )


def emit_ascendc(module: ModuleOp, out: IO[str]) -> None:
    """``-t ascendc``: the three files of the generated-code contract, one after another."""
    from ascendc_emitter.dialect.ops import KernelOp
    from ascendc_emitter.printer import EmitError, emit_files

    if not any(isinstance(op, KernelOp) for op in module.ops):
        raise AscirError(
            "error: -t ascendc needs an ascendc-dialect kernel module; this input holds "
            "ascir graphs, which must be scheduled and lowered first"
        )
    try:
        sources = emit_files(module)
    except EmitError as e:
        raise AscirError(f"error: cannot print AscendC: {e}") from None
    for name, text in sources.as_dict().items():
        dump_text(name, text)
        out.write(f"// ===== {name} =====\n{text}")


def print_mlir(module: ModuleOp, out: IO[str]) -> None:
    Printer(stream=out).print_op(module)
    out.write("\n")


def pipeline_error(spec: str, message: str, pass_name: str = "", option: str = "") -> str:
    """A ``-p`` error located like a parse error: ``-p:1:<col>: error: ...``, the pipeline
    text and a caret under the option (or the pass) it is about."""
    col = locate_option(spec, pass_name, option) if pass_name else None
    if col is None:
        return f"error: -p {spec}: {message}"
    width = len(option) if option else len(pass_name)
    return f"-p:1:{col + 1}: error: {message}\n{spec}\n{' ' * col}{'^' * max(width, 1)}"


def usage_error(message: str) -> NoReturn:
    """argparse's usage errors are user errors: exit 1 like every other one."""
    raise AscirError(f"error: {message} (see ascir-opt --help)")


class AscirOptMain(xDSLOptMain):
    version_format = "ascir-opt (xDSL {xdsl_version})"

    def __init__(self, args: Sequence[str] | None = None):
        super().__init__(
            description="ASCIR optimizer driver (mlir-opt style). Passes (-p, comma-separated):\n"
            + describe_passes()
            + "\nTargets (-t): mlir (IR, default), ascendc (tiling.h, host_impl.cpp, device_impl.cpp), dot (Graphviz)",
            args=args,
        )

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        arg_parser.formatter_class = argparse.RawDescriptionHelpFormatter
        arg_parser.error = usage_error  # type: ignore[method-assign]  # exit 1 (2 is an internal error)
        super().register_all_arguments(arg_parser)
        arg_parser.add_argument(
            "--dump-dir",
            metavar="DIR",
            help="write the IR after every pass (inside autofuse too) and the generated files "
            "into DIR as NN_<pass>.mlir, like Autofuse's dump files",
        )

    def setup_pipeline(self) -> None:
        spec = self.args.passes or ""
        for name in dict.fromkeys(p.name for p in parse_pipeline(spec)):
            if name not in self.available_passes:
                known = ", ".join(self.available_passes)
                raise AscirError(pipeline_error(spec, f"unknown pass {name} (passes: {known})", name))
        try:
            super().setup_pipeline()
        except PassOptionError as e:  # a typed option with a bad value: point at it
            raise AscirError(pipeline_error(self.args.passes, str(e), e.pass_name, e.option)) from None
        except ValueError as e:  # xDSL: unknown pass, unknown option, wrong value type
            raise AscirError(pipeline_error(self.args.passes, str(e))) from None
        inner = self.pipeline.callback

        def callback(previous: ModulePass | None, module: ModuleOp, following: ModulePass | None) -> None:
            if inner is not None:
                # A pass that verified its whole output where it built it (the lowering:
                # the kernel module, verified as one) is not verified a second time.
                skip = getattr(previous, "verifies_output", False) and not self.args.disable_verify
                self.args.disable_verify = self.args.disable_verify or skip
                try:
                    inner(previous, module, following)
                finally:
                    if skip:
                        self.args.disable_verify = False
            if previous is not None:
                dump(previous.name, module)

        self.pipeline = PassPipeline(self.pipeline.passes, callback)

    def register_all_dialects(self) -> None:
        add_dialects(self.ctx)

    def register_all_passes(self) -> None:
        for name, factory in available_passes().items():
            self.register_pass(name, factory)

    def register_all_frontends(self) -> None:
        def parse_mlir(io: IO[bytes]) -> ModuleOp:
            text = decode_ir_text(io.read(), self.get_input_name())
            check_string_literals(text, self.get_input_name())
            parser = IrParser(self.ctx, text, self.get_input_name())
            try:
                return parser.parse_module(not self.args.no_implicit_module)
            except VerifyException as e:  # an attribute rejected while parsing: locate it
                raise ParseError(Span(parser.pos, parser.pos, parser.lexer.input), str(e)) from None

        self.available_frontends["mlir"] = parse_mlir

    def register_all_targets(self) -> None:
        self.available_targets["mlir"] = self._emit_mlir
        self.available_targets["ascendc"] = emit_ascendc
        self.available_targets["dot"] = emit_dot

    def _emit_mlir(self, module: ModuleOp, out: IO[str]) -> None:
        Printer(
            stream=out,
            print_generic_format=self.args.print_op_generic,
            print_debuginfo=self.args.print_debuginfo,
        ).print_op(module)
        out.write("\n")

    def run(self) -> int:  # type: ignore[override]
        """Process each chunk; return the exit code."""
        # One frontend: any input is MLIR text, whatever its name (``-``, a process
        # substitution's /dev/fd/N, a .txt file), as for mlir-opt.
        if not self.args.frontend:  # (argparse refuses an unknown --frontend)
            self.args.frontend = "mlir"
        chunks, file_extension = self.prepare_input()
        output = self.prepare_output()
        status = 0
        expect_diag = self.args.verify_diagnostics or self.args.parsing_diagnostics
        try:
            for i, (chunk, offset) in enumerate(chunks):
                if i > 0:
                    output.write("// -----\n")
                prefix = f"chunk{i}_" if len(chunks) > 1 else ""
                try:
                    module = self.parse_chunk(chunk, file_extension, offset)
                    if module is None:
                        continue
                    _shift_lines(module, offset)  # file lines, for every later diagnostic
                    if (msg := first_verification_error(module)) is not None:
                        raise AscirError(msg)
                    with dumping(self.args.dump_dir, prefix):
                        dump("input", module)
                        self.apply_passes(module)
                        output.write(self.output_resulting_program(module))
                except ParseError as e:
                    text = format_parse_error(e.span, e.msg, offset)
                    status = self._report(text, expect_diag, status)
                except (AscirError, DiagnosticException) as e:
                    text = str(e.args[0]) if e.args else str(e)
                    status = self._report(text if "error:" in text else f"error: {text}", expect_diag, status)
                finally:
                    chunk.close()
                output.flush()
            if output is not sys.stdout:
                output.close()  # its last write errors surface here
        except OSError as e:  # a failed write to -o FILE names the file
            if output is sys.stdout or e.filename is not None or isinstance(e, BrokenPipeError):
                raise
            raise OSError(e.errno, e.strerror, self.args.output_file) from None
        finally:
            if output is not sys.stdout and not output.closed:
                with suppress(OSError):  # already failing: the first error is the one reported
                    output.close()
        return status

    def prepare_output(self) -> IO[str]:
        """``-o FILE`` is written in UTF-8 whatever the locale (IR text is UTF-8)."""
        if self.args.output_file is None:
            return sys.stdout
        return open(self.args.output_file, "w", encoding="utf-8")

    @staticmethod
    def _report(message: str, expected: bool, status: int) -> int:
        """A chunk's diagnostic, made safe to show (``tools.cli.safe_text``): on standard
        output for ``--verify-diagnostics`` (expected), else on standard error."""
        if expected:
            print(safe_text(message))
            return status
        print_diagnostic(message.rstrip())
        return EXIT_USER_ERROR


def _shift_lines(module: ModuleOp, offset: int) -> None:
    """Make the locations of a ``--split-input-file`` chunk lines of the file, so that
    verifier and pass diagnostics point at the file (parse errors add the offset themselves)."""
    if not offset:
        return
    for op in module.walk():
        loc = op.location
        if isinstance(loc, FileLineColLoc):
            op.location = FileLineColLoc(loc.filename, IntAttr(loc.line.data + offset), loc.column)


def main(argv: Sequence[str] | None = None) -> int:
    def body() -> int:
        try:
            return AscirOptMain(args=argv).run()
        except ArgSpecParseError as e:  # a BaseException in xDSL: convert it
            raise AscirError(f"error: {e}") from None

    return run_cli("ascir-opt", body)


def entry() -> None:
    exit_process(main())


if __name__ == "__main__":
    entry()
