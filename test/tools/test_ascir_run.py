"""ascir-run as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from tools.ascir_run import main

from ..conftest import ROOT

EXAMPLE = str(ROOT / "examples" / "add_relu.mlir")


def test_run_passes_and_prints_counters(capsys) -> None:
    assert main([EXAMPLE, "--sizes", "s0=9,s1=70"]) == 0
    out = capsys.readouterr().out
    assert (
        "output 0 (float32, 630 elements): max |error| 0 (finite values), 0 mismatches (0 NaN, 0 inf)  PASS"
        in out
    )
    assert "gm_read_bytes=5040" in out and "gm_write_bytes=2520" in out


def test_json_inputs_and_saved_outputs(tmp_path: Path, capsys) -> None:
    a = np.arange(12, dtype=np.float32).reshape(3, 4) - 6
    b = np.ones((3, 4), np.float32)
    np.savez(tmp_path / "in.npz", in0=a, in1=b)
    code = main(
        [
            EXAMPLE,
            "--sizes",
            "s0=3,s1=4",
            "--inputs",
            str(tmp_path / "in.npz"),
            "--save-outputs",
            str(tmp_path / "out.npz"),
            "--json",
        ]
    )
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["pass"] and report["outputs"][0]["max_abs_error"] == 0.0
    np.testing.assert_array_equal(np.load(tmp_path / "out.npz")["out0"], np.maximum(a + b, 0))


def test_errors_are_one_line_diagnostics(tmp_path: Path, capsys) -> None:
    assert main([EXAMPLE]) == 1
    assert "needs sizes for s0, s1" in capsys.readouterr().err
    assert main([EXAMPLE, "--sizes", "s0"]) == 1
    assert "--sizes expects name=int pairs" in capsys.readouterr().err
    np.savez(tmp_path / "in.npz", in0=np.zeros(4, np.float32))
    assert main([EXAMPLE, "--sizes", "s0=2,s1=2", "--inputs", str(tmp_path / "in.npz")]) == 1
    assert "missing arrays in1" in capsys.readouterr().err
    err_file = tmp_path / "x.txt"
    err_file.write_text("nothing")
    assert main([str(err_file)]) == 1
    assert "expected a .mlir or .py file" in capsys.readouterr().err


def test_python_script_graphs(tmp_path: Path, capsys) -> None:
    script = tmp_path / "g.py"
    script.write_text(
        "from pyautofuse import ascir\n"
        "graph = ascir.HintGraph('scaled')\n"
        "s0 = graph.create_size('s0'); z0 = graph.create_axis('z0', s0)\n"
        "x = ascir.ops.Data('x', graph); x.attr.ir_attr.index = 0\n"
        "x.y.dtype = ascir.dtypes.float16; x.y.axis = [z0]\n"
        "l = ascir.ops.Load('l'); l.x = x\n"
        "m = ascir.ops.Mul('m'); m.x1 = l; m.x2 = l\n"
        "s = ascir.ops.Store('s'); s.x = m\n"
        "y = ascir.ops.Output('y', graph); y.attr.ir_attr.index = 0; y.x = s\n"
    )
    assert main([str(script), "--sizes", "s0=1000"]) == 0
    assert "graph @scaled" in capsys.readouterr().out


def test_dump_dir_holds_every_pass_and_the_generated_files(tmp_path: Path, capsys) -> None:
    assert main([EXAMPLE, "--sizes", "s0=9,s1=70", "--dump-dir", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    stages = [n.split("_", 1)[1] for n in names if n.endswith(".mlir")]
    assert stages == [
        "input.mlir",
        "decompose-reductions.mlir",
        "lower-movement.mlir",
        "indirect-load-template-cases.mlir",
        "fold-constant-casts.mlir",
        "normalize-arange-broadcast-views.mlir",
        "narrow-index-compares.mlir",
        "schedule.mlir",
        "vf-partition.mlir",
        "lower-to-ascendc.mlir",
    ]
    assert {"tiling.h", "host_impl.cpp", "device_impl.cpp"} <= set(names)
    assert "ascir.vf @" in (tmp_path / "09_vf-partition.mlir").read_text()


def test_cores_split_a_single_row_and_bad_values_are_errors(capsys) -> None:
    """A one-row tensor is cut into tiles for idle cores (not below MIN_SPLIT_TILE)."""
    assert main([EXAMPLE, "--sizes", "s0=3,s1=7000", "--cores", "8", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["pass"] and report["stats"]["blocks"] == 8 and report["block_dim"] == 8
    assert main([EXAMPLE, "--sizes", "s0=3,s1=7000", "--cores", "0"]) == 1
    assert "--cores must be between 1 and 65535 (AscendC's blockDim range), got 0" in capsys.readouterr().err


def test_template_policy_flag(capsys) -> None:
    """--template-policy runs under either policy; an unknown policy is refused with the choices."""
    gather = str(ROOT / "test" / "lit" / "indirect_load" / "codegen.mlir")
    sizes = "s0=8,s1=64,s2=64"
    for policy in ("measured", "seed-fr6"):
        assert main([gather, "--sizes", sizes, "--cores", "3", "--template-policy", policy, "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["pass"]
    try:
        code = main([gather, "--sizes", sizes, "--template-policy", "fr6"])
    except SystemExit as e:  # argparse
        code = e.code  # type: ignore[assignment]
    assert code != 0
    assert "--template-policy: invalid choice: 'fr6' (choose from" in capsys.readouterr().err
