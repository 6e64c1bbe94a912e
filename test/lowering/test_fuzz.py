"""Whole-pipeline property test: random elementwise/broadcast/compare/where/cast/reduce
graphs with random sizes, compiled and run on the simulator against the reference.

A bounded profile runs here; ``ASCIR_FUZZ_EXAMPLES=500`` runs a long one.
"""

from __future__ import annotations

import os

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .test_e2e import graph, random_input, run_case

EXAMPLES = int(os.environ.get("ASCIR_FUZZ_EXAMPLES", "12"))
BINARY = {
    "float32": ["add", "sub", "mul", "maximum", "minimum"],
    "float16": ["add", "mul", "maximum"],
    "int32": ["add", "sub", "mul", "maximum", "minimum"],
}
UNARY = {"float32": ["abs", "relu", "neg"], "float16": ["abs", "relu"], "int32": ["abs", "neg"]}


def tensor_text(dtype: str, axes: list[str], reps: list[str]) -> str:
    strides, acc = [], "1"
    for r in reversed(reps):
        strides.insert(0, acc if r != "1" else "0")
        if r != "1":
            acc = f"({acc}) * ({r})" if acc != "1" else r
    return f"!ascir.tensor<{dtype}, [{', '.join(axes)}], [{', '.join(reps)}], [{', '.join(strides)}]>"


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, list[np.ndarray], dict[str, int], str]:
    rank = draw(st.integers(1, 3))
    dtype = draw(st.sampled_from(sorted(BINARY)))
    shape = [draw(st.integers(1, 70)) for _ in range(rank)]
    axes = [f"z{i}" for i in range(rank)]
    sizes = [f"s{i}" for i in range(rank)]
    full = tensor_text(dtype, axes, sizes)
    bmask = [draw(st.booleans()) for _ in range(rank)]
    part_reps = [s if keep else "1" for s, keep in zip(sizes, bmask, strict=True)]
    part = tensor_text(dtype, axes, part_reps)
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {full}",
        f"%b = ascir.data {{index = 1 : i64}} : {part}",
        f"%xl = ascir.load %x : {full}",
        f"%bl = ascir.load %b : {part}",
        f"%bb = ascir.broadcast %bl : {full}",
        f'%c = ascir.scalar {{value = "{draw(st.integers(-3, 3))}"}} : !ascir.scalar<{dtype}>',
    ]
    cur, n = "%xl", draw(st.integers(1, 5))
    for i in range(n):
        kind = draw(st.sampled_from(["binary", "scalar", "unary", "where", "cast"]))
        if kind == "binary":
            body.append(f"%v{i} = ascir.{draw(st.sampled_from(BINARY[dtype]))} {cur}, %bb : {full}")
        elif kind == "scalar":
            op = draw(st.sampled_from(["add", "mul", "maximum", "minimum"]))
            body.append(f"%v{i} = ascir.{op} {cur}, %c : {full}")
        elif kind == "unary":
            body.append(f"%v{i} = ascir.{draw(st.sampled_from(UNARY[dtype]))} {cur} : {full}")
        elif kind == "cast":  # through another dtype and back (exact for these values)
            other = {"float32": "float16", "float16": "float32", "int32": "float32"}[dtype]
            body.append(f"%t{i} = ascir.cast {cur} : {tensor_text(other, axes, sizes)}")
            body.append(f"%v{i} = ascir.cast %t{i} : {full}")
        else:
            mask = tensor_text("uint8", axes, sizes)
            body.append(f"%m{i} = ascir.lt {cur}, %bb : {mask}")
            body.append(f"%v{i} = ascir.where %m{i}, {cur}, %bb : {full}")
        cur = f"%v{i}"
    out_t = full
    reduce = draw(st.sampled_from(["none", "inner", "outer"])) if rank > 1 else "none"
    if reduce != "none":
        op = draw(
            st.sampled_from(["reduce_max", "reduce_min"] + (["reduce_sum"] if dtype != "float16" else []))
        )
        reps = list(sizes)
        reps[-1 if reduce == "inner" else 0] = "1"
        out_t = tensor_text(dtype, axes, reps)
        body.append(f"%r = ascir.{op} {cur} : {out_t}")
        cur = "%r"
    body += [f"%st = ascir.store {cur} : {out_t}", f"%o = ascir.output %st {{index = 0 : i64}} : {out_t}"]
    if draw(st.booleans()):  # a second output: a compare mask of the input
        mask = tensor_text("uint8", axes, sizes)
        body += [
            f"%gm = ascir.ge %xl, %bb : {mask}",
            f"%st2 = ascir.store %gm : {mask}",
            f"%o2 = ascir.output %st2 {{index = 1 : i64}} : {mask}",
        ]
    ir = graph(sizes, list(zip(axes, sizes, strict=True)), "\n".join(body), name="fuzz")
    x = random_input(dtype, tuple(shape))
    b = random_input(dtype, tuple(s if keep else 1 for s, keep in zip(shape, bmask, strict=True)))
    if dtype == "float16":
        x, b = (x * 0.25).astype(np.float16), (b * 0.25).astype(np.float16)
    return ir, [x, b], dict(zip(sizes, shape, strict=True)), dtype


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize="ASCIR_FUZZ_RANDOM" not in os.environ,
)
@given(cases(), st.sampled_from([16 * 1024, 248 * 1024]), st.integers(1, 8))
def test_random_graphs_match_the_reference(case, ub_size: int, cores: int) -> None:
    ir, inputs, sizes, dtype = case
    run_case(ir, inputs, sizes, f"fuzz_{dtype}", core_num=cores, ub_size=ub_size)


IL_EXAMPLES = int(os.environ.get("ASCIR_FUZZ_IL_EXAMPLES", "8"))


@st.composite
def gather_cases(draw: st.DrawFn) -> tuple[str, list[np.ndarray], dict[str, int]]:
    """Random IndirectLoad graphs: rank, dim, dtypes, negative/bound flags, index values
    (out-of-range only where need_check_bound makes them legal), unary pre/post chains."""
    from .test_indirect_load import gather_ir

    rank = draw(st.integers(1, 3))
    dim = draw(st.integers(0, rank - 1))
    dtype = draw(st.sampled_from(["float32", "float16", "int32"]))
    index_dtype = draw(st.sampled_from(["int32", "int64"]))
    negative, bound = draw(st.booleans()), draw(st.booleans())
    unary = {"float32": ["abs", "relu", "neg"], "float16": ["abs", "relu"], "int32": ["abs", "neg"]}[dtype]
    pre = draw(st.sampled_from([None, *unary]))
    post = draw(st.sampled_from([None, *unary]))
    in_shape = tuple(draw(st.integers(1, 9)) for _ in range(rank))
    idx_shape = tuple(
        draw(st.integers(1, 12)) if k == dim else draw(st.integers(1, in_shape[k])) for k in range(rank)
    )
    size = in_shape[dim]
    low = -2 * size if bound else (-size if negative else 0)
    high = 2 * size if bound else size
    index = np.asarray(
        draw(
            st.lists(
                st.integers(low, high - 1), min_size=int(np.prod(idx_shape)), max_size=int(np.prod(idx_shape))
            )
        )
    ).reshape(idx_shape)
    x = random_input(dtype, in_shape)
    ir = gather_ir(rank, dim, dtype, index_dtype, negative=negative, bound=bound, pre=pre, post=post)
    sizes = {f"i{k}": n for k, n in enumerate(in_shape)} | {f"j{k}": n for k, n in enumerate(idx_shape)}
    return ir, [x, index.astype(index_dtype)], sizes


@settings(
    max_examples=IL_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize="ASCIR_FUZZ_RANDOM" not in os.environ,
)
@given(gather_cases(), st.integers(1, 8))
def test_random_gathers_match_the_reference_with_every_template(case, cores: int) -> None:
    from ascir_dialect.interpreter import reference
    from lowering.indirect_kernel import choose_templates
    from lowering.indirect_plan import analyse
    from tools.compile import compile_graph

    from ..conftest import parse_ir

    ir, inputs, sizes = case
    module = parse_ir(ir)
    (want,) = reference(module, *inputs, sizes=sizes)
    graph = module.body.block.first_op
    for template in [*choose_templates(analyse(graph)).available, None]:  # type: ignore[arg-type]
        (got,) = compile_graph(module, name="fuzz_gather", template=template)(
            *inputs, sizes=sizes, core_num=cores
        )
        np.testing.assert_array_equal(got, want)
