"""ascir-opt as a user runs it: exit codes, located diagnostics, no tracebacks, determinism."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

from lowering.registry import available_passes

from ..conftest import ROOT, opt_in_process, run_opt

BAD = sorted((ROOT / "test" / "bad_inputs").glob("*.mlir"))
EXAMPLES = sorted((ROOT / "examples").glob("*.mlir")) + sorted(
    (ROOT / "test" / "lit").rglob("roundtrip.mlir")
)


ARGS_DIRECTIVE = "// ARGS:"


def bad_input_args(path: Path) -> list[str]:
    """The ascir-opt arguments of a bad input: its ``// ARGS: <arguments>`` line among the
    leading comment lines (e.g. ``// ARGS: -p autofuse -t ascendc``), so that a file can
    exercise a failure inside a pass or a target printer; none by default."""
    text = path.read_bytes().decode("utf-8", errors="replace")
    for line in text.splitlines():
        if not line.startswith("//"):
            break
        if line.startswith(ARGS_DIRECTIVE):
            return shlex.split(line[len(ARGS_DIRECTIVE) :])
    return []


def reported_by_pass_or_target(first: str, args: list[str]) -> bool:
    """A failure inside a pass (``passes.diagnostics.PassError``) or a target printer has no
    source location: ascir-opt reports it as ``error: <pass>: <op or graph>: <reason>`` or
    ``error: -t <target> ...``. Accepted only for inputs run with those options, and only
    when it names a registered pass (autofuse reports the sub-pass that failed) or the target."""
    if "-p" in args and (m := re.match(r"error: ([a-z][a-z-]*): \S", first)):
        return m.group(1) in available_passes()
    if "-p" in args and (m := re.match(r"ascir-opt: -p:1:\d+: error: ([a-z][a-z-]*): \S", first)):
        return m.group(1) in available_passes()  # a bad pass option, located in the -p text
    targets = [args[i + 1] for i, a in enumerate(args[:-1]) if a == "-t"]
    return any(first.startswith(f"error: -t {t} ") for t in targets)


def test_bad_input_corpus_is_large_enough() -> None:
    assert len(BAD) >= 150
    # failures inside passes and lowering are covered too, not only parsing and verification
    assert sum("-p" in bad_input_args(p) for p in BAD) >= 30


def test_bad_input_args_directive() -> None:
    path = ROOT / "test" / "bad_inputs" / "template_simd_rejected_int8.mlir"
    assert bad_input_args(path) == ["-p", 'autofuse{template="simd"}', "-t", "ascendc"]
    assert bad_input_args(ROOT / "test" / "bad_inputs" / "syntax_garbage.mlir") == []
    assert reported_by_pass_or_target("error: vf-partition: ascir.exp %e: too many axes", ["-p", "x"])
    assert not reported_by_pass_or_target("error: vf-partition: ascir.exp %e: too many axes", [])
    assert not reported_by_pass_or_target("error: utf-8", ["-p", "autofuse"])
    assert not reported_by_pass_or_target("error: Integer value 1 is out of range", ["-p", "autofuse"])


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_input_gives_located_diagnostic(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    args = bad_input_args(path)
    out = opt_in_process(*args, str(path.relative_to(ROOT)))
    assert out.returncode == 1, out.stdout + out.stderr
    assert "Traceback" not in out.stderr + out.stdout
    assert out.stdout == ""
    first = out.stderr.splitlines()[0]
    located = first.startswith(f"{path.relative_to(ROOT)}:") and ": error: " in first
    assert located or reported_by_pass_or_target(first, args), first


def test_bad_input_as_a_user_runs_it() -> None:
    # One real subprocess run of the console entry point per failure kind.
    for name in ("syntax_garbage", "inject_import_os", "arange_broadcast_inner"):
        out = run_opt(f"test/bad_inputs/{name}.mlir")
        assert out.returncode == 1 and ": error: " in out.stderr and "Traceback" not in out.stderr


def test_verifier_cases_fail_one_by_one(tmp_path: Path) -> None:
    # Without --verify-diagnostics every verifier case is a failure with exit code 1.
    text = (ROOT / "test" / "lit" / "ascir_dialect" / "verifier.mlir").read_text()
    chunks = text.split("// -----")
    assert len(chunks) >= 40
    for chunk in chunks:
        out = opt_in_process(stdin=chunk, tmp_dir=tmp_path)
        assert out.returncode == 1 and "error:" in out.stderr and "Traceback" not in out.stderr, chunk


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_output_is_byte_identical_across_hash_seeds(path: Path) -> None:
    outputs = set()
    for seed in ("0", "4242", "random"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        out = run_opt(str(path), env=env)
        assert out.returncode == 0, out.stderr
        outputs.add(out.stdout)
    assert len(outputs) == 1


PIPELINES = [
    ("examples/add_relu.mlir", ["-p", "autofuse", "-t", "ascendc"]),
    ("test/lit/lowering/vf.mlir", ["--split-input-file", "-p", "autofuse", "-t", "ascendc"]),
    ("test/lit/passes/vf_partition.mlir", ["--split-input-file", "-p", "schedule,vf-partition"]),
    (
        "test/lit/indirect_load/template_cases.mlir",
        ["--split-input-file", "-p", "indirect-load-template-cases"],
    ),
    ("test/lit/indirect_load/codegen.mlir", ["-p", "autofuse", "-t", "ascendc"]),
]


@pytest.mark.parametrize(("path", "args"), PIPELINES, ids=[Path(p).stem for p, _ in PIPELINES])
def test_pipelines_are_byte_identical_across_hash_seeds(path: str, args: list[str]) -> None:
    """IR and C++ (VF partitions, IndirectLoad cases and kernels included) do not depend on
    hash or container order."""
    outputs = set()
    for seed in ("0", "99", "random"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        out = run_opt(str(ROOT / path), *args, env=env)
        outputs.add((out.returncode, out.stdout, out.stderr))
    assert len(outputs) == 1
    assert "ascir.graph" in next(iter(outputs))[1] or "device_impl.cpp" in next(iter(outputs))[1]


def test_custom_generic_custom_is_identical(tmp_path: Path) -> None:
    for path in EXAMPLES:
        custom = opt_in_process(str(path)).stdout
        generic = opt_in_process(str(path), "--print-op-generic").stdout
        assert opt_in_process(stdin=generic, tmp_dir=tmp_path).stdout == custom


def test_usage_errors_are_clean() -> None:
    out = run_opt("-p", "no-such-pass", str(EXAMPLES[0]))
    assert (
        out.returncode == 1 and "ascir-opt: -p:1:1: error: unknown pass no-such-pass (passes: " in out.stderr
    )
    out = run_opt("missing-file.mlir")
    assert out.returncode == 1 and "No such file" in out.stderr and "Traceback" not in out.stderr
    out = run_opt("-t", "nonsense", str(EXAMPLES[0]))
    assert out.returncode != 0 and "Traceback" not in out.stderr
    assert run_opt("--help").returncode == 0


def test_verify_diagnostics_mode_exits_zero() -> None:
    out = run_opt("--verify-diagnostics", str(BAD[0]))
    assert out.returncode == 0 and "error:" in out.stdout


def test_dump_dir_inside_autofuse_and_per_chunk(tmp_path: Path) -> None:
    """--dump-dir: the IR after every top-level pass and after each autofuse stage, then
    the generated files; with --split-input-file one prefix per chunk."""
    out = run_opt(
        "examples/add_relu.mlir", "-p", "autofuse", "-t", "ascendc", "--dump-dir", str(tmp_path / "one")
    )
    assert out.returncode == 0, out.stderr
    names = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert names[:11] == [
        "01_input.mlir",
        "02_decompose-reductions.mlir",
        "03_lower-movement.mlir",
        "04_indirect-load-template-cases.mlir",
        "05_fold-constant-casts.mlir",
        "06_normalize-arange-broadcast-views.mlir",
        "07_narrow-index-compares.mlir",
        "08_schedule.mlir",
        "09_vf-partition.mlir",
        "10_lower-to-ascendc.mlir",
        "11_autofuse.mlir",
    ]
    assert (tmp_path / "one" / "device_impl.cpp").read_text() in out.stdout
    out = run_opt(
        "test/lit/indirect_load/template_cases.mlir",
        "--split-input-file",
        "-p",
        "indirect-load-template-cases",
        "--dump-dir",
        str(tmp_path / "many"),
    )
    assert out.returncode == 0, out.stderr
    names = {p.name for p in (tmp_path / "many").iterdir()}
    assert "chunk0_01_input.mlir" in names
    for chunk in ("chunk0", "chunk1"):  # after the SK-like stage pipelines' own dumps
        assert any(re.fullmatch(rf"{chunk}_\d\d_indirect-load-template-cases\.mlir", n) for n in names), names
    assert any(re.fullmatch(r"chunk0_\d\d_schedule_g_input_pre\.mlir", n) for n in names), names
