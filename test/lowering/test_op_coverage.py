"""Every op the verifier accepts lowers -- or is refused with a diagnostic -- on both paths.

For each elementwise, math and reduction node op of ``NODE_OPS`` and each dtype its verifier
accepts, a minimal graph (loads -> the op -> store) goes through the whole ``autofuse``
pipeline to AscendC on the VF and on the root-graph path. The outcome must be C++ text or an
``AscirError`` (the class of every deliberate user diagnostic: a verifier or pass message
saying what is not supported); any other exception is a compiler bug (the class of issue 19's
"float FloorDiv passes the verifier and then fails to lower"). No C++ is built here, so the
whole matrix stays fast; ``ASCIR_OP_COVERAGE_RUN=1`` also builds and runs every accepted
kernel on the simulator against the reference interpreter (a long profile).
"""

from __future__ import annotations

import io
import os

import numpy as np
import pytest

from ascir_dialect import dtypes as dt
from ascir_dialect.diagnostics import AscirError, AscirParser
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import NODE_OPS
from ascir_dialect.ops.elementwise import ElementwiseNode
from ascir_dialect.ops.reduce import ReduceNode
from lowering.pipeline import AutofusePass
from tools.ascir_opt import emit_ascendc, make_context

RUN = os.environ.get("ASCIR_OP_COVERAGE_RUN") == "1"
OPS = [op for op in NODE_OPS if issubclass(op, (ElementwiseNode, ReduceNode))]


def _tensor(dtype: DType, reduced: bool = False) -> str:
    if reduced:
        return f"!ascir.tensor<{dtype.name}, [z0, z1], [s0, 1], [1, 0]>"
    return f"!ascir.tensor<{dtype.name}, [z0, z1], [s0, s1], [s1, 1]>"


def _cases() -> list[tuple[str, str]]:
    cases = []
    for op in OPS:
        for d in sorted(getattr(op, "OPERAND_DTYPES", dt.ALL), key=lambda d: d.name):
            cases.append((op.name, d.name))
    return cases


def graph_text(op_name: str, dtype_name: str) -> str:
    """loads of every operand (a uint8 condition for Where/Select) -> the op -> store."""
    op = next(o for o in OPS if o.name == op_name)
    dtype = DType[dtype_name]
    operands = len(op.get_irdl_definition().operands)
    in_dtypes = [dtype] * operands
    if op_name in ("ascir.where", "ascir.select"):
        in_dtypes[0] = DType.uint8
    reduced = issubclass(op, ReduceNode)
    results = getattr(op, "RESULT_DTYPES", None)
    if results is None:
        out = dtype
    else:
        preferred = [DType.uint8, DType.int64, DType.float32]
        out = next((d for d in preferred if d in results), sorted(results, key=lambda d: d.name)[0])
    body = []
    for i, d in enumerate(in_dtypes):
        body.append(f"%x{i} = ascir.data {{index = {i} : i64}} : {_tensor(d)}")
        body.append(f"%l{i} = ascir.load %x{i} sched [z0, z1] : {_tensor(d)}")
    args = ", ".join(f"%l{i}" for i in range(operands))
    sched = "" if reduced else " sched [z0, z1]"
    body.append(f"%y = {op_name} {args}{sched} : {_tensor(out, reduced)}")
    body.append(f"%s = ascir.store %y{sched} : {_tensor(out, reduced)}")
    body.append(f"%o = ascir.output %s {{index = 0 : i64}} : {_tensor(out, reduced)}")
    return (
        "builtin.module {\n  ascir.graph @cov hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {\n    "
        + "\n    ".join(body)
        + "\n  }\n}\n"
    )


def lower(text: str, vf: bool) -> str | AscirError:
    """The AscendC text of the graph, or the diagnostic that refuses it."""
    ctx = make_context()
    try:
        module = AscirParser(ctx, text, "cov").parse_module()
        module.verify()
        AutofusePass(vf=vf).apply(ctx, module)
        out = io.StringIO()
        emit_ascendc(module, out)
        return out.getvalue()
    except AscirError as e:
        return e


@pytest.mark.parametrize("vf", [True, False], ids=["vf", "root"])
@pytest.mark.parametrize(("op_name", "dtype_name"), _cases())
def test_every_accepted_op_and_dtype_lowers_or_is_refused_clearly(op_name: str, dtype_name: str, vf: bool) -> None:
    text = graph_text(op_name, dtype_name)
    result = lower(text, vf)
    if isinstance(result, AscirError):
        message = str(result)
        assert message.strip() and "internal" not in message.lower(), message
        return
    assert "device_impl.cpp" in result or "__global__" in result or "extern" in result, result[:200]
    if not RUN:
        return
    from tools.compile import compile_graph

    from ..conftest import parse_ir

    k = compile_graph(parse_ir(text), vf=vf, check=True)
    rng = np.random.default_rng(0)
    inputs = []
    for node in sorted(
        (n for n in k.graph.nodes() if n.name == "ascir.data"), key=lambda n: n.index.value.data  # type: ignore[attr-defined]
    ):
        d = node.out_type.dtype
        if d.is_float:
            a = rng.uniform(0.25, 4.0, (3, 37)).astype(d.numpy)
        elif d in (DType.uint8, DType.bool):
            a = rng.integers(0, 2, (3, 37)).astype(d.numpy)
        else:
            a = rng.integers(1, 9, (3, 37)).astype(d.numpy)
        inputs.append(a)
    k(*inputs, sizes={"s0": 3, "s1": 37})  # check=True: compared with the reference interpreter
