"""``ascir.vf``: a vector-function region of an impl graph (seed 000 DS-3, AL-7).

``vf-partition`` clusters VF-eligible compute nodes into these regions; each becomes one
``__simd_vf__`` function. The region is isolated from above: its inputs are operands
(mirrored by the entry block's arguments), its outputs are the operands of the
``ascir.vf_yield`` terminator and the op's results::

    %y, %m = ascir.vf @vf_0 loop_dtype float32 (%a, %b, %s) {
    ^bb0(%a_in : !ascir.tensor<...>, %b_in : !ascir.tensor<...>, %s_in : !ascir.scalar<float32>):
      %t = ascir.add %a_in, %s_in ...
      ...
      ascir.vf_yield %t, %c
    } : !ascir.tensor<...>, !ascir.tensor<...>

``loop_dtype`` is the widest compute dtype of the region (AL-7): every mask of the VF's
loops is built for it, while each tensor keeps its own dtype for loads and stores.
Loads, stores and GM nodes never appear inside a region.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Attribute, Block, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    prop_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import HasParent, IsolatedFromAbove, IsTerminator
from xdsl.utils.exceptions import VerifyException

from ascir_dialect.attributes import DTypeAttr, ScalarType, TensorType, parse_name
from ascir_dialect.diagnostics import location_here
from ascir_dialect.dtypes import DType
from ascir_dialect.ops.node import AscirNode, NodeRegion, _parse_defined_operand

GM_NODES = frozenset(
    {
        "ascir.data",
        "ascir.scalar_data",
        "ascir.workspace",
        "ascir.load",
        "ascir.store",
        "ascir.output",
        "ascir.indirect_load",
    }
)
"""Ops that touch GM: never inside a VF region."""


@irdl_op_definition
class VfOp(IRDLOperation):
    name = "ascir.vf"

    sym_name = prop_def(StringAttr, prop_name="sym_name")
    loop_dtype = prop_def(DTypeAttr)
    inputs = var_operand_def()
    outputs = var_result_def()
    body = region_def("single_block")
    traits = traits_def(IsolatedFromAbove(), NodeRegion())

    def __init__(
        self,
        name: str,
        loop_dtype: DType,
        inputs: Sequence[SSAValue],
        result_types: Sequence[Attribute],
        body: Region,
    ):
        super().__init__(
            operands=[inputs],
            result_types=[result_types],
            properties={"sym_name": StringAttr(name), "loop_dtype": DTypeAttr(loop_dtype)},
            regions=[body],
        )

    # ---------------------------------------------------------------- accessors
    @property
    def vf_name(self) -> str:
        return self.sym_name.data

    @property
    def dtype(self) -> DType:
        return self.loop_dtype.data

    @property
    def block(self) -> Block:
        return self.body.block

    @property
    def yield_op(self) -> VfYieldOp:
        last = self.block.last_op
        assert isinstance(last, VfYieldOp)
        return last

    def members(self) -> Iterator[AscirNode]:
        for op in self.block.ops:
            if isinstance(op, AscirNode):
                yield op

    def describe(self) -> str:
        return f"ascir.vf @{self.vf_name}"

    # ------------------------------------------------------------------- syntax
    @classmethod
    def parse(cls, parser: Parser) -> VfOp:
        location = location_here(parser)
        name = parser.parse_symbol_name().data
        parser.parse_keyword("loop_dtype")
        pos = parser.pos
        dtype_name = parse_name(parser, "dtype")
        try:
            dtype = DType.parse(dtype_name)
        except ValueError as err:
            parser.raise_error(str(err), pos, parser.pos)
        unresolved: list[UnresolvedOperand] = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, parser.parse_unresolved_operand
        )
        body = parser.parse_region()
        parser.parse_punctuation(":", " before the result types of ascir.vf")
        result_types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if not body.blocks or len(body.block.args) != len(unresolved):
            parser.raise_error(
                f"ascir.vf @{name}: the entry block must take one argument per input ({len(unresolved)})"
            )
        inputs = [parser.resolve_operand(u, a.type) for u, a in zip(unresolved, body.block.args, strict=True)]
        op = VfOp(name, dtype, inputs, result_types, body)
        op.location = location
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.vf_name)  # quoted and escaped unless an identifier
        printer.print_string(f" loop_dtype {self.dtype} (")
        printer.print_list(self.inputs, printer.print_operand)
        printer.print_string(") ")
        printer.print_region(self.body, print_entry_block_args=True)
        printer.print_string(" : ")
        printer.print_list(self.result_types, printer.print_attribute)

    # ------------------------------------------------------------- verification
    def verify_(self) -> None:
        where = self.describe()
        args = self.block.args
        if len(args) != len(self.inputs):
            raise VerifyException(f"{where}: {len(self.inputs)} inputs but {len(args)} block arguments")
        for i, (v, a) in enumerate(zip(self.inputs, args, strict=True)):
            if v.type != a.type:
                raise VerifyException(f"{where}: input {i} is {v.type} but block argument {i} is {a.type}")
        for op in self.block.ops:
            if not isinstance(op, (AscirNode, VfYieldOp)):
                raise VerifyException(f"{where}: '{op.name}' cannot appear in a VF region")
            if op.name in GM_NODES:
                raise VerifyException(
                    f"{where}: {op.name} cannot appear in a VF region (a region computes on registers; "
                    "GM data enters as a region input and leaves as a yielded value)"
                )
        if not isinstance(self.block.last_op, VfYieldOp):
            raise VerifyException(f"{where}: the region must end with ascir.vf_yield")
        yielded = [v.type for v in self.yield_op.values]
        if yielded != list(self.result_types):
            raise VerifyException(
                f"{where}: yields {len(yielded)} values whose types differ from its results"
            )
        for member in self.members():
            if not isinstance(member.out_type, TensorType):
                raise VerifyException(
                    f"{where}: {member.describe()} produces a scalar-like value; scalar-like values "
                    "enter a VF as value parameters (region inputs)"
                )
        for r in self.results:
            if isinstance(r.type, ScalarType):
                raise VerifyException(f"{where}: a VF region yields tensors only")
        widest = loop_dtype_of(list(self.members()))
        if widest.nbytes != self.dtype.nbytes:
            raise VerifyException(
                f"{where}: loop_dtype {self.dtype} is not the widest compute dtype of the region "
                f"({widest}); AL-7: every mask follows the widest compute dtype"
            )


@irdl_op_definition
class VfYieldOp(IRDLOperation):
    """The outputs of an ``ascir.vf`` region."""

    name = "ascir.vf_yield"
    values = var_operand_def()
    traits = traits_def(IsTerminator(), HasParent(VfOp))

    def __init__(self, values: Sequence[SSAValue]):
        super().__init__(operands=[values])

    @classmethod
    def parse(cls, parser: Parser) -> VfYieldOp:
        def operand() -> SSAValue:
            value = _parse_defined_operand(parser)
            if value is None:
                parser.raise_error("expected a yielded SSA value")
            return value  # type: ignore[return-value]

        return VfYieldOp(parser.parse_comma_separated_list(parser.Delimiter.NONE, operand))

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.values, printer.print_operand)


def compute_dtypes(node: AscirNode) -> list[DType]:
    """The dtypes a node computes in: its result and tensor operands (bool excluded: a bool
    inside a VF is a mask register, it has no lanes of its own)."""
    found = [v.type.dtype for v in (*node.operands, node.results[0]) if isinstance(v.type, TensorType)]
    return [d for d in found if d is not DType.bool]


def loop_dtype_of(nodes: Sequence[AscirNode]) -> DType:
    """AL-7: the widest compute dtype of the nodes (the first one met among equals, so the
    choice is deterministic); uint8 when the nodes only handle bools."""
    best: DType | None = None
    for n in nodes:
        for d in compute_dtypes(n):
            if best is None or d.nbytes > best.nbytes:
                best = d
    return best or DType.uint8
