"""Reductions over any axis set at any size (``passes.phases``, ``lowering.graph_lowering``):
the shapes of graph PyTorch users write -- softmax, layer/RMS norm, reduce -> broadcast ->
elementwise -- over outer, inner, several and all axes, rows larger than the UB (the
streaming schedule), few work items (the SPLIT schedule over cores), both the VF and the
root-graph path, 1 and 8 cores; NaN/inf propagation as torch does it. Every case compares
kernel, reference interpreter and an independent numpy formula.

``ASCIR_FUZZ_REDUCE_EXAMPLES=200`` runs a long property profile (``ASCIR_FUZZ_RANDOM=1``
draws fresh examples).
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascir_dialect.compare import assert_close
from ascir_dialect.interpreter import reference
from passes.diagnostics import PassError
from tools.compile import compile_graph

from ..conftest import opt_in_process, parse_ir
from ..kernelcheck import syntax_check, syntax_check_enabled
from .reduction_graphs import Case, make_case, reduction_cases, view

EXAMPLES = int(os.environ.get("ASCIR_FUZZ_REDUCE_EXAMPLES", "10"))
KERNEL_TOL = {"float32": (2e-5, 1e-5), "float16": (2e-3, 1e-3)}
"""Kernel against the reference interpreter: both round the same ops to the same dtype;
they differ in the order of accumulation (chunked vector lanes against numpy's pairwise
sum) and in the last bits of exp, so float32 gets a few ulps more than torch's default."""


def check(case: Case, vf: bool, cores: int = 8, ub_size: int = 248 * 1024) -> tuple[list[np.ndarray], int]:
    module = parse_ir(case.ir)
    kernel = compile_graph(module, name=f"red_{case.name}_{int(vf)}", vf=vf)
    if syntax_check_enabled():
        syntax_check(kernel.sources, f"red_{case.name}_{int(vf)}")
    outs = kernel(*case.inputs, sizes=case.sizes, core_num=cores, ub_size=ub_size)
    refs = reference(module, *case.inputs, sizes=case.sizes)
    for i, (out, ref, want, (rtol, atol)) in enumerate(
        zip(outs, refs, case.expected, case.tolerances, strict=True)
    ):
        d = str(ref.dtype)
        krtol, katol = KERNEL_TOL.get(d, (0.0, 0.0))
        # the sums' rounding: as large as the formula's tolerance allows
        assert_close(
            out,
            ref,
            rtol=max(krtol, rtol if d == "float32" else krtol),
            atol=max(katol, atol),
            name=f"{case.name} output {i}: kernel vs reference",
        )
        exact = want.astype(ref.dtype) if d == "int32" else want
        got = out.astype(np.float64) if d != "int32" else out
        refv = ref.astype(np.float64) if d != "int32" else ref
        assert_close(
            refv,
            np.asarray(exact).astype(refv.dtype),
            rtol=rtol or None,
            atol=atol or None,
            name=f"{case.name} output {i}: reference vs formula",
        )
        assert_close(
            got,
            np.asarray(exact).astype(got.dtype),
            rtol=rtol or None,
            atol=atol or None,
            name=f"{case.name} output {i}: kernel vs formula",
        )
    return outs, kernel.last_run.tiling_key


# ------------------------------------------------------------------ the cases
def test_max_over_dim0_feeding_a_broadcast_subtract() -> None:
    """y = x - max(x, dim=0, keepdim=True) on [4, 8] (was inf in row 0, 8 elsewhere)."""
    case = make_case([4, 8], (0,), "float32", "tail", reduce_op="reduce_max", tail_op="sub")
    for vf in (True, False):
        check(case, vf)


@pytest.mark.parametrize(
    ("dims", "reduced"),
    [([37, 1000], (0,)), ([4, 37, 50], (1,)), ([4, 37, 50], (0, 2)), ([6, 5, 7], (0, 1, 2))],
)
def test_softmax_over_any_dims(dims: list[int], reduced: tuple[int, ...]) -> None:
    case = make_case(dims, reduced, "float32", "softmax", with_stat=True)
    for vf in (True, False):
        for cores in (1, 8):
            check(case, vf, cores)


def test_vocabulary_softmax_streams_rows_larger_than_the_ub() -> None:
    """32,000 float32 logits per row do not fit one tile: the streaming schedule (key 2)
    reads each row three times (max, sum of exp, output)."""
    case = make_case([16, 32000], (1,), "float32", "softmax", seed=3)
    for vf in (True, False):
        _, key = check(case, vf)
        assert key == 2


def test_rmsnorm_over_16384_half_inputs_with_float32_accumulation() -> None:
    case = make_case([16, 16384], (1,), "float16", "rmsnorm", with_stat=True, seed=5)
    for vf in (True, False):
        check(case, vf)
        check(case, vf, cores=8, ub_size=64 * 1024)  # the same rows, streamed


def test_resident_rows_are_loaded_once() -> None:
    """Rows that fit one tile take the resident schedule (key 1): the input is read once."""
    case = make_case([64, 1000], (1,), "float32", "softmax")
    module = parse_ir(case.ir)
    kernel = compile_graph(module, name="resident_softmax")
    kernel(*case.inputs, sizes=case.sizes, core_num=8)
    assert kernel.last_run.tiling_key == 1
    assert kernel.stats["gm_read_bytes"] == case.inputs[0].nbytes
    case_big = make_case([64, 1000], (1,), "float32", "softmax")
    kernel(*case_big.inputs, sizes=case_big.sizes, core_num=8, ub_size=16 * 1024)
    assert kernel.last_run.tiling_key == 2
    # the max-and-sum pass (online softmax, lowering.plan.online_sums) and the output pass
    assert kernel.stats["gm_read_bytes"] == 2 * case.inputs[0].nbytes


@pytest.mark.parametrize("family", ["layernorm", "rmsnorm", "softmax"])
@pytest.mark.parametrize("ub_size", [16 * 1024, 248 * 1024])
def test_norms_with_odd_tails(family: str, ub_size: int) -> None:
    case = make_case([7, 3001], (1,), "float32", family, pre="scale", with_stat=True, seed=11)
    for vf in (True, False):
        check(case, vf, cores=3, ub_size=ub_size)


def test_reduce_all_of_ten_million_elements_uses_every_core() -> None:
    """A reduce-all has one work item: the SPLIT schedule (key 3) gives each core a part,
    the partial sums go through the workspace and the last launch combines them."""
    case = make_case([10_000_000], (0,), "float32", "tail", reduce_op="reduce_sum", with_stat=True, seed=2)
    module = parse_ir(case.ir)
    kernel = compile_graph(module, name="sum_all_split")
    outs = kernel(*case.inputs, sizes=case.sizes, core_num=8)
    assert kernel.last_run.tiling_key == 3 and kernel.last_run.block_dim == 8
    assert kernel.last_run.workspace_size > 0
    x = case.inputs[0].astype(np.float64)
    np.testing.assert_allclose(outs[1].reshape(-1)[0], x.sum(), rtol=1e-4)
    np.testing.assert_allclose(outs[0], (x + x.sum()).astype(np.float32), rtol=1e-4, atol=1e-2)


@pytest.mark.parametrize(
    ("dims", "reduced", "family"),
    [([3, 200_000], (1,), "softmax"), ([100_000, 8], (0,), "layernorm"), ([300, 2, 400], (0, 2), "rmsnorm")],
)
def test_split_schedule_for_few_large_work_items(
    dims: list[int], reduced: tuple[int, ...], family: str
) -> None:
    case = make_case(dims, reduced, "float32", family, with_stat=True, seed=7)
    for vf in (True, False):
        _, key = check(case, vf, cores=8, ub_size=64 * 1024)
        assert key == 3


@pytest.mark.parametrize("op", ["reduce_sum", "reduce_max", "reduce_min"])
@pytest.mark.parametrize("dtype", ["float16", "int32"])
def test_reductions_in_other_dtypes_over_outer_and_inner_axes(op: str, dtype: str) -> None:
    for reduced in ((0,), (1,), (0, 2)):
        case = make_case(
            [5, 33, 70][: max(reduced) + 1 if max(reduced) > 1 else 2],
            reduced,
            dtype,
            "tail",
            reduce_op=op,
            with_stat=True,
        )
        check(case, vf=True, cores=4, ub_size=16 * 1024)


# ------------------------------------------------------------------ NaN and inf
@pytest.mark.parametrize("family", ["softmax", "layernorm", "rmsnorm", "tail"])
def test_nan_and_inf_propagate_as_in_torch(family: str) -> None:
    for reduce_op in ("reduce_max", "reduce_min", "reduce_sum") if family == "tail" else ("reduce_sum",):
        case = make_case(
            [6, 300],
            (1,),
            "float32",
            family,
            reduce_op=reduce_op,
            tail_op="maximum",
            special=True,
            with_stat=True,
            seed=13,
        )
        for vf in (True, False):
            check(case, vf, cores=2, ub_size=16 * 1024)


# ------------------------------------------------------------------ refusals
def test_reductions_over_different_axis_sets_are_refused_at_compile_time(tmp_path) -> None:
    full = view("float32", ["s0", "s1"])
    ir = f"""builtin.module {{
  ascir.graph @two hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {{
    %x = ascir.data {{index = 0 : i64}} : {full}
    %l = ascir.load %x : {full}
    %a = ascir.reduce_sum %l : {view("float32", ["s0", "s1"], (0,))}
    %b = ascir.reduce_sum %l : {view("float32", ["s0", "s1"], (1,))}
    %sa = ascir.store %a : {view("float32", ["s0", "s1"], (0,))}
    %oa = ascir.output %sa {{index = 0 : i64}} : {view("float32", ["s0", "s1"], (0,))}
    %sb = ascir.store %b : {view("float32", ["s0", "s1"], (1,))}
    %ob = ascir.output %sb {{index = 1 : i64}} : {view("float32", ["s0", "s1"], (1,))}
  }}
}}"""
    path = tmp_path / "two.mlir"
    path.write_text(ir)
    for pipeline in ("autofuse", "autofuse{vf=false}"):
        result = opt_in_process(str(path), "-p", pipeline, "-t", "ascendc")
        assert result.returncode == 1
        assert f"{path}:6:" in result.stderr  # located at %b
        assert "error: schedule: ascir.reduce_sum %b reduces loop positions [1] but" in result.stderr


# ------------------------------------------------------------------ property profile
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize="ASCIR_FUZZ_RANDOM" not in os.environ,
)
@given(reduction_cases(), st.booleans(), st.sampled_from([1, 8]), st.sampled_from([16 * 1024, 248 * 1024]))
def test_generated_reduction_graphs_match_reference_and_formula(
    case: Case, vf: bool, cores: int, ub_size: int
) -> None:
    check(case, vf, cores, ub_size)


def test_a_graph_whose_buffers_cannot_fit_the_platform_ub_is_refused_at_compile_time() -> None:
    from ascir_dialect.frontend.platform import reset_platform, set_platform

    case = make_case([4, 1000], (1,), "float32", "layernorm")
    set_platform("3510", 8, 4096)
    try:
        with pytest.raises(PassError, match=r"lower-to-ascendc: graph @red keeps \d+ tensors in UB at once"):
            compile_graph(parse_ir(case.ir), name="too_big")
    finally:
        reset_platform()


def test_reference_sum_of_opposite_infinities_is_nan_without_a_warning() -> None:
    """Found by the generator: inf + -inf in a reduction made the reference warn."""
    import warnings

    case = make_case([4], (0,), "float32", "tail", reduce_op="reduce_sum", with_stat=True)
    x = np.array([np.nan, -np.inf, np.inf, 1.0], np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        outs = reference(parse_ir(case.ir), x, sizes=case.sizes)
    assert np.isnan(outs[1]).all() and np.isnan(outs[0]).all()
