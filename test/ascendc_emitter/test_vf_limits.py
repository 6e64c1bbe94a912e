"""VF limits of arch 3510 (``ascendc_emitter.target.vf_limits``) and the regions
``vf-partition`` builds under them (FileCheck: test/lit/passes/vf_partition_limits.mlir)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects import scf

from ascendc_emitter.dialect.ops import RegOp, SimdVfOp
from ascendc_emitter.dialect.types import MaskType, RegType
from ascendc_emitter.target.vf_limits import VfCost, vf_cost
from ascir_dialect.ops import GraphOp
from lowering.pipeline import run_autofuse, run_passes, schedule_passes
from passes.options import CompileOptions
from passes.vf_partition import boundary
from tools.compile import compile_graph

from ..conftest import parse_ir

LIMITS_IR = Path(__file__).resolve().parents[1] / "lit" / "passes" / "vf_partition_limits.mlir"


def _chunks() -> dict[str, str]:
    chunks = LIMITS_IR.read_text().split("// -----")
    return {c.split("ascir.graph @")[1].split(" ")[0]: c for c in chunks}


def _regions(text: str) -> list[list]:
    module = run_passes(parse_ir(text), schedule_passes(CompileOptions(vf=True)))
    (g,) = [op for op in module.ops if isinstance(op, GraphOp)]
    return [list(r.members()) for r in g.vf_regions()]


@pytest.mark.parametrize("name", ["long_chain", "many_inputs", "many_masks"])
def test_every_region_is_within_the_limits(name: str) -> None:
    regions = _regions(_chunks()[name])
    assert len(regions) >= 2
    for members in regions:
        inputs, outputs = boundary(members)
        # inside the region the boundary values are block arguments: the cost is the same
        assert vf_cost(members, inputs, outputs).violation() is None


def _emitted(fn: SimdVfOp) -> tuple[int, int, int]:
    """(register instructions per loop iteration, peak live vector registers, peak live
    mask registers) of an emitted ``__simd_vf__`` function: liveness over its walk order."""
    ops = list(fn.walk())
    index = {op: i for i, op in enumerate(ops)}
    per_iteration = sum(1 for op in ops if isinstance(op, RegOp) and isinstance(op.parent_op(), scf.ForOp))
    peaks = []
    for kind in (RegType, MaskType):
        events: list[tuple[int, int]] = []
        for op in ops:
            for r in op.results:
                if isinstance(r.type, kind):
                    end = max((index[u.operation] for u in r.uses), default=index[op])
                    events += [(index[op], 1), (end + 1, -1)]
        live = peak = 0
        for _, step in sorted(events):
            live += step
            peak = max(peak, live)
        peaks.append(peak)
    return per_iteration, peaks[0], peaks[1]


@pytest.mark.parametrize("name", ["long_chain", "many_inputs", "many_masks"])
def test_the_estimate_bounds_what_the_lowering_emits(name: str) -> None:
    text = _chunks()[name]
    regions = _regions(text)
    kernel = run_autofuse(parse_ir(text), CompileOptions(vf=True, kernel="k"))
    functions = [op for op in kernel.walk() if isinstance(op, SimdVfOp)]
    assert len(functions) == len(regions)
    for members, fn in zip(regions, functions, strict=True):
        cost = vf_cost(members, *boundary(members))
        instructions, registers, masks = _emitted(fn)
        assert instructions <= cost.instructions, (name, instructions, cost)
        assert registers <= cost.registers and masks <= cost.masks, (name, registers, masks, cost)


@pytest.mark.parametrize(
    "cost, message",
    [
        (VfCost(31, 1, 1, 2, None), "31 instructions (at most 30)"),
        (VfCost(10, 1, 1, 9, None), "9 inputs and outputs (at most 8)"),
        (VfCost(10, 33, 1, 2, None), "33 live vector registers (at most 32)"),
        (VfCost(10, 3, 9, 2, None), "9 live mask registers (at most 8)"),
        (VfCost(10, 3, 2, 2, (1, 4)), "casts between 1- and 4-byte elements (at most 2x apart)"),
        (VfCost(30, 32, 8, 8, (2, 4)), None),
    ],
)
def test_violations_name_the_limit(cost: VfCost, message: str | None) -> None:
    assert cost.violation() == message


@pytest.mark.parametrize("vf", [True, False])
def test_a_split_chain_computes_the_same(vf: bool) -> None:
    k = compile_graph(parse_ir(_chunks()["many_masks"]), vf=vf)
    rng = np.random.default_rng(5)
    x = [rng.standard_normal(300).astype(np.float32) for _ in range(3)]
    (y,) = k(*x, sizes={"s0": 300}, check=True)
    ops = [np.greater, np.greater_equal, np.less, np.less_equal, np.greater, np.greater_equal,
           np.not_equal, np.equal, np.less]
    pairs = [(0, 1), (1, 2), (0, 2), (1, 0), (2, 1), (2, 0), (0, 1), (1, 2), (2, 0)]
    want = x[2]
    for i, (op, (a, b)) in enumerate(zip(ops, pairs, strict=True)):
        want = np.where(op(x[a], x[b]), x[i % 2], want)
    np.testing.assert_array_equal(y, want)
