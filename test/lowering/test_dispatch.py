"""The one lowering dispatch (``lowering.dispatch``, issue 35): every node op has a rule,
the specific rules win over their op family's, and a path without a node's rule refuses it
with a located diagnostic naming the path."""

from __future__ import annotations

import pytest

from ascir_dialect.diagnostics import AscirParser
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import NODE_OPS, AscirNode
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.reduce import ReduceNode
from lowering.dispatch import Rule, handler_for, rule_of
from passes.diagnostics import PassError
from test.lowering.test_op_coverage import graph_text
from tools.ascir_opt import make_context

COMPUTE_OPS = [op for op in NODE_OPS if issubclass(op, (ew.ElementwiseNode, ReduceNode))]


def node_of(op_name: str, dtype: DType) -> AscirNode:
    """The op's node in a minimal graph (loads -> the op -> store), parsed from text."""
    module = AscirParser(make_context(), graph_text(op_name, dtype.name), "dispatch").parse_module()
    module.verify()
    graph = module.body.block.first_op
    return next(n for n in graph.nodes() if n.name == op_name)


def _dtype(op: type) -> DType:
    accepted = getattr(op, "OPERAND_DTYPES", None)
    if not accepted or DType.float32 in accepted:
        return DType.float32
    return sorted(accepted, key=lambda d: d.name)[0]


@pytest.mark.parametrize("op", COMPUTE_OPS, ids=lambda op: op.name)
def test_every_compute_op_has_a_rule(op: type) -> None:
    assert rule_of(node_of(op.name, _dtype(op))) is not None


@pytest.mark.parametrize(
    ("op_name", "dtype", "rule"),
    [
        ("ascir.neg", DType.float32, Rule.NEG),  # a unary op, lowered as Muls by -1
        ("ascir.truediv", DType.float32, Rule.TRUEDIV),  # a binary op with its own rule
        ("ascir.lt", DType.float32, Rule.COMPARE),  # a binary op writing a mask
        ("ascir.add", DType.float32, Rule.BINARY),
        ("ascir.exp", DType.float32, Rule.UNARY),
        ("ascir.sigmoid", DType.float32, Rule.MATH),  # the steps of target.math
        ("ascir.reduce_sum", DType.float32, Rule.REDUCE),
    ],
)
def test_specific_rules_win_over_the_op_family(op_name: str, dtype: DType, rule: Rule) -> None:
    assert rule_of(node_of(op_name, dtype)) is rule


def test_a_path_without_the_rule_refuses_the_node_where_it_is() -> None:
    node = node_of("ascir.exp", DType.float32)
    with pytest.raises(PassError) as e:
        handler_for(node, {Rule.BINARY: print}, "register-level", " inside vf_0")
    message = str(e.value)
    assert "dispatch:" in message  # the node's location, not the pass's
    assert "no register-level lowering for this op inside vf_0" in message
    assert handler_for(node, {Rule.UNARY: print}, "AscendC") is print
