"""The base of every ``ascir`` node op: shared syntax, loop axes and verification hooks.

Every node has one result ``y`` and its loop axes ``sched`` (the seed's
``attr.sched.axis``). Custom syntax, shared by all nodes::

    %y = ascir.<op> %x1, %x2 sched [z0, z1] {attr = ...} : <result type>

Operands are listed in definition order; the graph is in topological SSA order, so an
operand's type is always known when it is parsed. Op-specific attributes are IRDL
properties and are printed in the attribute dictionary, sorted by name.

Subclasses define, once: operands, properties, ``PY_NAME`` (the seed's op type name),
dtype rules (``verify_node``) and reference semantics (``reference``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from xdsl.dialects.builtin import ArrayAttr, StringAttr, UnitAttr
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, OptOperandDef, VarOperandDef, opt_prop_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import OpTrait
from xdsl.utils.exceptions import VerifyException

from ascir_dialect import dtypes as dt
from ascir_dialect.attributes import ScalarType, TensorType, parse_name_list
from ascir_dialect.diagnostics import location_here
from ascir_dialect.symbolic import SizeExpr


@dataclass(frozen=True)
class GraphBody(OpTrait):
    """The op is an ``ascir.graph``: the nodes of its body are its nodes."""


@dataclass(frozen=True)
class NodeRegion(OpTrait):
    """The op's body holds nodes of the enclosing graph (an ``ascir.vf`` region)."""


COMMON_PROPERTIES = frozenset({"sched", "has_control_edges", "vf"})
"""Properties every node has (the others are op-specific)."""


class AscirNode(IRDLOperation, ABC):
    """Abstract base of all ASCIR graph nodes."""

    PY_NAME: ClassVar[str] = ""
    """Op type name in the seed's Python API (``ascir.ops.<PY_NAME>``)."""

    sched = opt_prop_def(ArrayAttr[StringAttr])
    has_control_edges = opt_prop_def(UnitAttr)
    """The node has incoming control edges (e.g. the seed's ARANGE_GRAPH_PROBE)."""
    vf = opt_prop_def(StringAttr)
    """VF admission decision, written by vf-admission: "ok" or "rejected: <reason>"."""

    ATTR_ALIASES: ClassVar[dict[str, str]] = {}
    """Other spellings accepted for a property (alias -> property), e.g. the real Autofuse
    front end's names; :meth:`canonical_attrs` maps them, printing uses the property's."""
    VIEW_OPERAND: ClassVar[int] = 0
    """The tensor operand whose view the seed API gives a result whose ``y`` view is unset."""
    DTYPE_OPERAND: ClassVar[int | None] = None
    """The operand whose dtype the result has (None: the op has its own rule, or none)."""

    @classmethod
    def infer_dtype(cls, operand_dtypes: Sequence[dt.DType]) -> dt.DType | None:
        """The result dtype this op gives operands of ``operand_dtypes`` (operand order), or
        None when the dtype is the op's own parameter (Data, Cast, ...) and must be given.
        The verifier checks a given dtype against the same rule (``verify_node``)."""
        i = cls.DTYPE_OPERAND
        return operand_dtypes[i] if i is not None and i < len(operand_dtypes) else None

    @classmethod
    def canonical_attrs(
        cls, attrs: dict[str, Attribute], operand_types: list[Attribute]
    ) -> dict[str, Attribute]:
        """``attrs`` with every alias replaced by its property (``ValueError``: why not).
        Subclasses normalise values that need the operands (e.g. a negative axis)."""
        out = dict(attrs)
        for alias, prop in cls.ATTR_ALIASES.items():
            if alias in out:
                if prop in out:
                    raise ValueError(f"'{alias}' is another spelling of '{prop}': give one of them")
                out[prop] = out.pop(alias)
        return out

    # ------------------------------------------------------------------ accessors
    @property
    def node_name(self) -> str:
        """The node's name: its result's SSA name hint (``%name`` in IR text)."""
        return self.results[0].name_hint or "<unnamed>"

    @property
    def sched_axis(self) -> list[str]:
        return [a.data for a in self.sched.data] if self.sched is not None else []

    @property
    def out_type(self) -> TensorType | ScalarType:
        return self.results[0].type  # type: ignore[return-value]

    @property
    def graph(self) -> Any:
        """The ``ascir.graph`` holding this node (through a VF region), or None: the ops are
        found by their traits, so that node definitions do not import the graph's."""
        parent = self.parent_op()
        if parent is not None and parent.has_trait(NodeRegion):  # a member of a VF region
            parent = parent.parent_op()
        return parent if parent is not None and parent.has_trait(GraphBody) else None

    def describe(self) -> str:
        return f"{self.name} %{self.node_name}"

    def fail(self, message: str) -> VerifyException:
        return VerifyException(f"{self.describe()}: {message}")

    # ------------------------------------------------------------------- syntax
    @classmethod
    def _operand_defs(cls) -> list[tuple[str, Any]]:
        return list(cls.get_irdl_definition().operands)

    @classmethod
    def parse(cls, parser: Parser) -> AscirNode:
        location = location_here(parser)
        values: list[SSAValue] = []
        if (first := _parse_defined_operand(parser)) is not None:
            values.append(first)
            while parser.parse_optional_punctuation(","):
                v = _parse_defined_operand(parser)
                if v is None:
                    parser.raise_error("expected an SSA operand after ','")
                values.append(v)  # type: ignore[arg-type]
        operands = _assign_operands(cls, values, parser)
        sched = None
        if parser.parse_optional_keyword("sched"):
            sched = ArrayAttr([StringAttr(n) for n in parse_name_list(parser, "axis")])
        attr_pos = parser.pos
        attrs = parser.parse_optional_attr_dict()
        known = (set(cls.get_irdl_definition().properties) - {"sched"}) | set(cls.ATTR_ALIASES)
        specific = sorted(known - COMMON_PROPERTIES)
        props: dict[str, Attribute] = {}
        for key, value in attrs.items():
            if key not in known:
                hint = f"expected one of: {', '.join(specific)}" if specific else "it takes none"
                parser.raise_error(f"unknown attribute '{key}' for {cls.name} ({hint})", attr_pos, parser.pos)
            props[key] = value
        try:
            props = cls.canonical_attrs(props, [v.type for v in values])
        except ValueError as e:
            parser.raise_error(f"{cls.name}: {e}", attr_pos, parser.pos)
        if sched is not None:
            props["sched"] = sched
        parser.parse_punctuation(":", f" before the result type of {cls.name}")
        result_type = parser.parse_type()
        op = cls.build(operands=operands, properties=props, result_types=[result_type])
        op.location = location
        return op

    def print(self, printer: Printer) -> None:
        if self.operands:
            printer.print_string(" ")
            printer.print_list(self.operands, printer.print_operand)
        if self.sched is not None:
            printer.print_string(" sched [" + ", ".join(self.sched_axis) + "]")
        defaults = {k: d.default_value for k, d in self.get_irdl_definition().properties.items()}
        props = {k: v for k, v in sorted(self.properties.items()) if k != "sched" and v != defaults.get(k)}
        if props:
            printer.print_string(" ")
            printer.print_attr_dict(props)
        printer.print_string(" : ")
        printer.print_attribute(self.results[0].type)

    # ------------------------------------------------------------- verification
    def verify_(self) -> None:
        if self.attributes:
            raise self.fail(
                f"unknown attributes {sorted(self.attributes)}; ASCIR nodes only take their "
                "declared attributes"
            )
        self._verify_sched_unique()
        self.verify_node()
        if (graph := self.graph) is not None:
            self._verify_in_graph(graph)

    def _verify_sched_unique(self) -> None:
        """A loop axis is a loop: listing it twice in ``sched`` would nest it in itself."""
        first: dict[str, int] = {}
        for pos, a in enumerate(self.sched_axis):
            if a in first:
                raise self.fail(
                    f"sched lists axis '{a}' twice (positions {first[a]} and {pos} of "
                    f"[{', '.join(self.sched_axis)}]); each loop axis appears once: remove the repeat"
                )
            first[a] = pos

    def _verify_in_graph(self, graph: Any) -> None:
        axes = graph.axis_by_name()
        for a in self.sched_axis:
            if a not in axes:
                raise self.fail(
                    f"sched axis '{a}' is not an axis of graph @{graph.graph_name} "
                    f"(axes: {', '.join(axes) or 'none'})"
                )
        t = self.out_type
        if isinstance(t, TensorType):
            for a in t.axis + t.vectorized_axis:
                if a not in axes:
                    raise self.fail(
                        f"result view uses axis '{a}', which is not an axis of graph "
                        f"@{graph.graph_name} (axes: {', '.join(axes) or 'none'})"
                    )
        for e in self.expressions():
            unknown = [n for n in e.free_names if n not in graph.size_names]
            if unknown:
                raise self.fail(
                    f"expression '{e}' uses undeclared size variable(s) {', '.join(unknown)}; "
                    f"declare them in the 'sizes [...]' of graph @{graph.graph_name}"
                )

    def verify_node(self) -> None:
        """Op-specific invariants (dtypes, views). Overridden by subclasses."""

    def expressions(self) -> list[SizeExpr]:
        """Every size expression the node uses (checked against the graph's sizes)."""
        exprs: list[SizeExpr] = []
        t = self.out_type
        if isinstance(t, TensorType):
            exprs += t.repeats + t.strides + t.vectorized_strides
        return exprs

    @abstractmethod
    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        """Reference semantics on numpy values; see ``ascir_dialect.interpreter``."""

    # ----------------------------------------------------------- shared helpers
    def tensor_operand(self, index: int, role: str) -> TensorType:
        t = self.operands[index].type
        if not isinstance(t, TensorType):
            raise self.fail(
                f"operand {role} is a scalar-like value ({t}); this position needs a tensor: "
                "insert an explicit ascir.broadcast (seed 000 AL-9)"
            )
        return t

    def result_tensor(self) -> TensorType:
        t = self.out_type
        if not isinstance(t, TensorType):
            raise self.fail(f"result must be a tensor (!ascir.tensor<...>), got {t}")
        return t

    def check_dtype(self, dtype: dt.DType, allowed: frozenset[dt.DType], role: str) -> None:
        if dtype not in allowed:
            raise self.fail(f"{role} dtype {dtype} is not supported; allowed: {dt.names(allowed)}")

    def check_same_view(self, t: TensorType, role: str, result: TensorType) -> None:
        if t.axis != result.axis or t.repeats != result.repeats:
            raise self.fail(
                f"operand {role} has view axis={t.axis} repeats={[str(r) for r in t.repeats]} "
                f"but the result has axis={result.axis} repeats={[str(r) for r in result.repeats]}; "
                "elementwise operands must match the result view: insert an explicit ascir.broadcast"
            )


def value_dtype(v: SSAValue) -> dt.DType:
    t = v.type
    assert isinstance(t, (TensorType, ScalarType))
    return t.dtype


def _parse_defined_operand(parser: Parser) -> SSAValue | None:
    unresolved = parser.parse_optional_unresolved_operand()
    if unresolved is None:
        return None
    name, index = unresolved.operand_name, unresolved.index
    if name not in parser.ssa_values:
        parser.raise_error(
            f"SSA value %{name} is used before it is defined: ASCIR graphs list nodes in topological order",
            unresolved.span,
        )
    values = parser.ssa_values[name]
    if index >= len(values):
        parser.raise_error(f"SSA value %{name}#{index} does not exist", unresolved.span)
    return values[index]


def _assign_operands(cls: type[AscirNode], values: list[SSAValue], parser: Parser) -> list[Any]:
    defs = cls._operand_defs()
    variadic = [d for _, d in defs if isinstance(d, VarOperandDef) and not isinstance(d, OptOperandDef)]
    if variadic:  # one variadic operand (ascir.concat's xs) takes every value, at least one
        if len(defs) != 1 or not values:
            names = ", ".join(n + "..." for n, _ in defs)
            parser.raise_error(f"{cls.name} takes operands ({names}), at least one, got {len(values)}")
        return [values]
    fixed = [d for _, d in defs if not isinstance(d, VarOperandDef)]
    optional = [d for _, d in defs if isinstance(d, OptOperandDef)]
    if not (len(fixed) <= len(values) <= len(fixed) + len(optional)):
        names = ", ".join(("?" if isinstance(d, OptOperandDef) else "") + n for n, d in defs)
        parser.raise_error(f"{cls.name} takes operands ({names}), got {len(values)}")
    out: list[Any] = []
    rest = list(values)
    for _, d in defs:
        if isinstance(d, OptOperandDef):
            out.append([rest.pop(0)] if rest else [])
        else:
            out.append(rest.pop(0))
    return out
