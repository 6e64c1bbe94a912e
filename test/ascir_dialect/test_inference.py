"""Every op infers its result dtype from its operands (``AscirNode.infer_dtype``, one
mechanism declared with each op definition): a graph whose computed nodes give no
``y.dtype`` builds, verifies and runs on the reference, with torch's result dtypes
(compares and classifications give bool, an integer true division float32, an arg
reduction int64). Seed 000 FR (the seed API: ``y.dtype`` of a computed node may be unset)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from ascir_dialect import dtypes as dt
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import AscirNode
from ascir_dialect.ops.elementwise import ElementwiseNode
from ascir_dialect.ops.reduce import ReduceNode
from pyautofuse import ascir, reference


def _concrete(base: type) -> list[type[AscirNode]]:
    out: list[type[AscirNode]] = []
    todo = [base]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if "PY_NAME" in cls.__dict__ and cls.PY_NAME:
            out.append(cls)
    return sorted(out, key=lambda c: c.PY_NAME)


ELEMENTWISE = _concrete(ElementwiseNode)
REDUCTIONS = _concrete(ReduceNode)
PREFERRED = (DType.float32, DType.int32, DType.bool, DType.uint8)


def _operand_dtype(op: type[Any]) -> DType:
    return next(d for d in PREFERRED if d in op.OPERAND_DTYPES)


def _graph(op: type[AscirNode], dtype: DType, reduce: bool) -> tuple[ascir.HintGraph, Any]:
    graph = ascir.HintGraph(f"infer_{op.PY_NAME.lower()}")
    s0, s1 = graph.create_size("s0"), graph.create_size("s1")
    z0, z1 = graph.create_axis("z0", s0), graph.create_axis("z1", s1)
    n_in = len(op.get_irdl_definition().operands)
    loads = []
    for i in range(n_in):
        # Select/Where: a mask first, then the values
        data = getattr(op, "DATA_OPERANDS", None)
        d = DType.bool if data is not None and i not in data else dtype
        x = ascir.ops.Data(f"x{i}", graph)
        x.attr.ir_attr.index = i
        x.y.dtype = getattr(ascir.dtypes, d.value)
        x.y.axis, x.y.size = [z0, z1], [s0, s1]
        load = ascir.ops.Load(f"load{i}")
        load.attr.ir_attr.offset = ascir.SizeExpr(0)
        load.attr.sched.axis = [z0, z1]
        load.x = x
        load.y.dtype = x.y.dtype
        load.y.axis, load.y.size = [z0, z1], [s0, s1]
        loads.append(load)
    node = getattr(ascir.ops, op.PY_NAME)("node")
    node.attr.sched.axis = [z0, z1]
    for (name, _), load in zip(op.get_irdl_definition().operands, loads, strict=True):
        setattr(node, name, load)
    if reduce:  # a reduction's view is its own (the reduced axis has size 1); not its dtype
        node.y.axis, node.y.size = [z0, z1], [s0, ascir.SizeExpr(1)]
        node.y.strides = [ascir.SizeExpr(1), ascir.SizeExpr(0)]
    store = ascir.ops.Store("store")
    store.attr.ir_attr.offset = ascir.SizeExpr(0)
    store.attr.sched.axis = [z0, z1]
    store.x = node
    out = ascir.ops.Output("y", graph)
    out.attr.ir_attr.index = 0
    out.x = store
    return graph, node


EXPECTED = {  # torch's result dtype for float32 / int32 / bool operands
    "Eq": DType.bool,
    "IsNan": DType.bool,
    "LogicalAnd": DType.bool,
    "Sigmoid": DType.float32,
    "Tanh": DType.float32,
    "Rsqrt": DType.float32,
    "Gelu": DType.float32,
    "Floor": DType.float32,
    "Sign": DType.float32,
    "Square": DType.float32,
    "Reciprocal": DType.float32,
    "BitwiseNot": DType.int32,
    "ArgMax": DType.int64,
    "Sum": DType.float32,
    "Any": DType.bool,
}


@pytest.mark.parametrize("op", ELEMENTWISE + REDUCTIONS, ids=lambda c: c.PY_NAME)
def test_every_op_builds_from_its_inputs_alone(op: type[AscirNode]) -> None:
    dtype = _operand_dtype(op)
    graph, node = _graph(op, dtype, reduce=op in REDUCTIONS)
    text = graph.to_mlir()  # builds and verifies; y.dtype was never given
    n_in = len(op.get_irdl_definition().operands)
    data = getattr(op, "DATA_OPERANDS", None) or range(n_in)
    inferred = op.infer_dtype([dtype if i in data else DType.bool for i in range(n_in)])
    assert inferred is not None and node.y.dtype == getattr(ascir.dtypes, inferred.value)
    if op.PY_NAME in EXPECTED:
        assert inferred is EXPECTED[op.PY_NAME], op.PY_NAME
    assert f"ascir.{op.name.split('.', 1)[1]}" in text


def test_an_inferred_graph_runs_on_the_reference() -> None:
    true_div = next(c for c in ELEMENTWISE if c.PY_NAME == "TrueDiv")
    graph, _ = _graph(true_div, DType.int32, False)
    a = np.array([[1, 2, 3]], np.int32)
    b = np.array([[2, 4, 4]], np.int32)
    (y,) = reference(graph, a, b, sizes={"s0": 1, "s1": 3})
    assert y.dtype == np.float32
    np.testing.assert_array_equal(y, np.array([[0.5, 0.5, 0.75]], np.float32))


def test_ops_whose_dtype_is_their_parameter_still_require_it() -> None:
    """Cast's and the sources' result dtype is what the user asks for: no inference."""
    from ascir_dialect.ops.elementwise import CastOp
    from ascir_dialect.ops.sources import DataOp, ScalarOp

    for op in (CastOp, DataOp, ScalarOp):
        assert op.infer_dtype([DType.float32]) is None
    assert dt.MASKS >= {DType.bool}
