"""``ascir.graph``: a fused graph (HintGraph or scheduled impl graph).

    ascir.graph @name hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
      %x = ascir.data {index = 0 : i64} : !ascir.tensor<...>
      ...
    }

``level`` is ``hint`` for front-end graphs (the position-independent Arange rule of
FR5/AL-6 applies) or ``impl`` for scheduled graphs (which may carry broadcast-baked
views, AL-4). Several graphs may live in one module.
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, StringAttr, UnitAttr
from xdsl.ir import Block, Operation, Region
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    opt_prop_def,
    prop_def,
    region_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import IsolatedFromAbove, NoTerminator, SymbolOpInterface
from xdsl.utils.exceptions import VerifyException

from ascir_dialect.attributes import AxisAttr, parse_name
from ascir_dialect.diagnostics import location_here
from ascir_dialect.ops.memory import OutputOp
from ascir_dialect.ops.node import AscirNode, GraphBody
from ascir_dialect.ops.sources import DataOp, ScalarDataOp, WorkspaceOp
from ascir_dialect.ops.vf import VfOp
from ascir_dialect.symbolic import NAME_RE, RESERVED

LEVELS = ("hint", "impl")


@irdl_op_definition
class GraphOp(IRDLOperation):
    name = "ascir.graph"

    sym_name = prop_def(StringAttr, prop_name="sym_name")
    level = prop_def(StringAttr)
    sizes = prop_def(ArrayAttr[StringAttr])
    axes = prop_def(ArrayAttr[AxisAttr])
    ub_fuse_context = opt_prop_def(UnitAttr)
    template = opt_prop_def(StringAttr)
    """An IndirectLoad template case (seed 001 FR2): "simd", "simt" or "sklike"."""
    template_info = opt_prop_def(DictionaryAttr)
    """The case's template metadata: scores, resources, stages, or why it was rejected."""
    """DS-6: the graph is fused in a UB-fuse context (Arange is kept out of VFs there)."""
    body = region_def("single_block")

    traits = traits_def(SymbolOpInterface(), NoTerminator(), IsolatedFromAbove(), GraphBody())

    def __init__(
        self,
        name: str,
        sizes: list[str],
        axes: list[AxisAttr],
        level: str = "hint",
        body: Region | None = None,
    ):
        super().__init__(
            properties={
                "sym_name": StringAttr(name),
                "level": StringAttr(level),
                "sizes": ArrayAttr([StringAttr(s) for s in sizes]),
                "axes": ArrayAttr(axes),
            },
            regions=[body if body is not None else Region(Block())],
        )

    # ---------------------------------------------------------------- accessors
    @property
    def graph_name(self) -> str:
        return self.sym_name.data

    @property
    def is_hint(self) -> bool:
        return self.level.data == "hint"

    @property
    def size_names(self) -> list[str]:
        return [s.data for s in self.sizes.data]

    @property
    def axis_list(self) -> list[AxisAttr]:
        return list(self.axes.data)

    def axis_by_name(self) -> dict[str, AxisAttr]:
        return {a.name_str: a for a in self.axes.data}

    def nodes(self) -> Iterator[AscirNode]:
        """Every node in program order, including the members of VF regions."""
        for op in self.body.block.ops:
            if isinstance(op, AscirNode):
                yield op
            else:
                yield from op.members()  # type: ignore[attr-defined]

    def top_level(self) -> Iterator[Operation]:
        """The graph's own ops: nodes and ``ascir.vf`` regions."""
        yield from self.body.block.ops

    def vf_regions(self) -> list[Operation]:
        return [op for op in self.body.block.ops if isinstance(op, VfOp)]

    # ------------------------------------------------------------------- syntax
    @classmethod
    def parse(cls, parser: Parser) -> GraphOp:
        location = location_here(parser)
        name = parser.parse_symbol_name().data
        pos = parser.pos
        level = parser.parse_optional_identifier()
        if level not in LEVELS:
            parser.raise_error("expected graph level 'hint' or 'impl'", pos, parser.pos)
        parser.parse_keyword("sizes")
        sizes = parser.parse_comma_separated_list(
            parser.Delimiter.SQUARE, lambda: parse_name(parser, "size variable")
        )
        parser.parse_keyword("axes")
        axes = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, lambda: AxisAttr.parse_body(parser))
        ub_fuse = parser.parse_optional_keyword("ub_fuse_context") is not None
        template = info = None
        if parser.parse_optional_keyword("template") is not None:
            template = parser.parse_str_literal()
            info = DictionaryAttr(parser.parse_optional_attr_dict())
        body = parser.parse_region()
        if not body.blocks:
            body.add_block(Block())
        op = GraphOp(name, sizes, axes, level, body)  # type: ignore[arg-type]
        if ub_fuse:
            op.properties["ub_fuse_context"] = UnitAttr()
        if template is not None:
            op.properties["template"] = StringAttr(template)
            op.properties["template_info"] = info  # type: ignore[assignment]
        op.location = location
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.graph_name)  # quoted and escaped unless an identifier
        printer.print_string(f" {self.level.data} sizes [")
        printer.print_string(", ".join(self.size_names))
        printer.print_string("] axes [")
        for i, axis in enumerate(self.axis_list):
            if i:
                printer.print_string(", ")
            axis.print_body(printer)
        printer.print_string("] ")
        if self.ub_fuse_context is not None:
            printer.print_string("ub_fuse_context ")
        if self.template is not None:
            printer.print_string(f'template "{self.template.data}" ')
            if self.template_info is not None and self.template_info.data:
                printer.print_attr_dict(self.template_info.data)
                printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False, print_empty_block=True)

    # ------------------------------------------------------------- verification
    def verify_(self) -> None:
        where = f"ascir.graph @{self.graph_name}"
        if self.level.data not in LEVELS:
            raise VerifyException(f"{where}: level must be 'hint' or 'impl', got '{self.level.data}'")
        if self.body.block.args:
            raise VerifyException(f"{where}: the graph body takes no block arguments")
        for op in self.body.block.ops:
            if not isinstance(op, (AscirNode, VfOp)):
                raise VerifyException(
                    f"{where}: '{op.name}' cannot appear in a graph; only ascir node ops and "
                    "ascir.vf regions can"
                )
            if isinstance(op, VfOp) and self.is_hint:
                raise VerifyException(f"{where}: VF regions belong to scheduled (impl) graphs")
        sizes = self.size_names
        for s in sizes:
            if not NAME_RE.match(s) or s in RESERVED:
                raise VerifyException(f"{where}: invalid size variable name '{s}'")
        if len(set(sizes)) != len(sizes):
            raise VerifyException(f"{where}: size variables are declared twice: {sizes}")
        names: set[str] = set()
        for i, axis in enumerate(self.axis_list):
            if axis.id.data != i:
                raise VerifyException(
                    f"{where}: axis '{axis.name_str}' has id {axis.id.data} but is listed at "
                    f"position {i}; axis ids are their positions in the axes list"
                )
            if axis.name_str in names:
                raise VerifyException(f"{where}: axis '{axis.name_str}' is declared twice")
            if axis.name_str in sizes:
                raise VerifyException(f"{where}: '{axis.name_str}' is both an axis and a size variable")
            for o in axis.origin_names:
                if o not in names:
                    raise VerifyException(
                        f"{where}: axis '{axis.name_str}' comes from '{o}', which is not an "
                        "axis declared before it"
                    )
            names.add(axis.name_str)
            self._check_names(axis.size_expr.free_names, f"size of axis '{axis.name_str}'")
        self._check_indices()

    def _check_names(self, used: list[str], what: str) -> None:
        unknown = [n for n in used if n not in self.size_names]
        if unknown:
            raise VerifyException(
                f"ascir.graph @{self.graph_name}: {what} uses undeclared size variable(s) "
                f"{', '.join(unknown)}; declare them in 'sizes [...]'"
            )

    def _check_indices(self) -> None:
        groups = {
            "input (ascir.data / ascir.scalar_data)": (DataOp, ScalarDataOp),
            "output (ascir.output)": (OutputOp,),
            "workspace (ascir.workspace)": (WorkspaceOp,),
        }
        for what, kinds in groups.items():
            seen: dict[int, str] = {}
            for node in self.nodes():
                if isinstance(node, kinds):
                    idx = node.index_value
                    if idx in seen:
                        raise VerifyException(
                            f"ascir.graph @{self.graph_name}: {what} index {idx} is used by both "
                            f"%{seen[idx]} and %{node.node_name}; indices must be unique"
                        )
                    seen[idx] = node.node_name
            if sorted(seen) != list(range(len(seen))):
                raise VerifyException(
                    f"ascir.graph @{self.graph_name}: {what} indices are {sorted(seen)}; they must "
                    f"be 0..{len(seen) - 1} so that arguments can be passed by position"
                )
