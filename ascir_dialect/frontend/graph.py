"""The seed's Python graph-building API: ``HintGraph``, ``Axis`` and op nodes.

Scripts from the seeds run unchanged::

    graph = ascir.HintGraph("g")
    s0 = graph.create_size("s0"); z0 = graph.create_axis("z0", s0)
    x = ascir.ops.Data("x", graph); x.attr.ir_attr.index = 0
    x.y.dtype = ascir.dtypes.float16; x.y.axis = [z0]; x.y.size = [s0]; x.y.strides = [1]
    load = ascir.ops.Load("load"); load.x = x; ...

``graph.to_module()`` converts the graph to the ``ascir`` dialect (verified: an invalid
graph raises :class:`AscirVerifyError` with the verifier's message) and
``graph.to_mlir()`` returns its IR text.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any

from xdsl.dialects.builtin import (
    ArrayAttr,
    BoolAttr,
    Float64Type,
    FloatAttr,
    IntegerAttr,
    ModuleOp,
    StringAttr,
)
from xdsl.irdl import OptOperandDef, OptPropertyDef, ParamAttrConstraint, VarOperandDef
from xdsl.printer import Printer

from ascir_dialect.attributes import AxisAttr, ExprAttr, ScalarType, TensorType
from ascir_dialect.diagnostics import (
    AscirArgumentError,
    AscirTypeError,
    AscirVerifyError,
    first_verification_error,
)
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import AscirNode, GraphOp
from ascir_dialect.ops.node import COMMON_PROPERTIES
from ascir_dialect.symbolic import SizeExpr, expr

SCALAR_RESULT_OPS = frozenset({"Scalar", "ScalarData", "IndexExpr"})


def _check_name(where: str, what: str, name: object) -> str:
    """Names are non-empty strings (``HintGraph(None)`` would otherwise become ``@None``)."""
    if not isinstance(name, str):
        raise AscirTypeError(f"{where}: {what} must be a string, got {type(name).__name__} {name!r}")
    if not name:
        raise AscirArgumentError(f"{where}: {what} must not be empty")
    return name


class Axis:
    """A loop axis created by :meth:`HintGraph.create_axis`."""

    def __init__(self, graph: HintGraph, id: int, name: str, size: SizeExpr):
        self.graph, self.id, self.name, self.size = graph, id, name, size

    def __repr__(self) -> str:
        return f"Axis({self.name}, size={self.size})"


class HintGraph:
    """A front-end fused graph (seed ``ascir.HintGraph``)."""

    def __init__(self, name: str = "fused_graph"):
        self.name = _check_name("HintGraph", "the graph name", name)
        self.sizes: list[str] = []
        self.axes: list[Axis] = []
        self.nodes: list[Node] = []
        self._counters: dict[str, int] = {}

    def get_name(self) -> str:
        return self.name

    def set_name(self, name: str) -> None:
        self.name = _check_name("HintGraph.set_name", "the graph name", name)

    def create_size(self, name: str) -> SizeExpr:
        if name in self.sizes:
            raise ValueError(f"size variable '{name}' already exists in graph '{self.name}'")
        size = SizeExpr(name) if isinstance(name, str) else None
        if size is None or size.free_names != [name]:
            raise ValueError(f"invalid size variable name {name!r}")
        self.sizes.append(name)
        return size

    def create_axis(self, name: str, size: SizeExpr | int) -> Axis:
        if any(a.name == name for a in self.axes):
            raise ValueError(f"axis '{name}' already exists in graph '{self.name}'")
        axis = Axis(self, len(self.axes), name, expr(size))
        self.axes.append(axis)
        return axis

    def unique_name(self, prefix: str) -> str:
        n = self._counters.get(prefix, 0)
        self._counters[prefix] = n + 1
        return f"{prefix}_{n}"

    def _adopt(self, node: Node) -> None:
        if node.graph is None:
            object.__setattr__(node, "graph", self)
            self.nodes.append(node)
            for src in node.input_nodes():
                self._adopt(src)
        elif node.graph is not self:
            raise ValueError(f"node '{node.name}' belongs to graph '{node.graph.name}', not '{self.name}'")

    def get_input_num(self) -> int:
        return sum(1 for n in self.nodes if n.op_type.PY_NAME in ("Data", "ScalarData"))

    def get_output_num(self) -> int:
        return sum(1 for n in self.nodes if n.op_type.PY_NAME == "Output")

    # ---------------------------------------------------------------- conversion
    def to_graph_op(self) -> GraphOp:
        axes = [AxisAttr.make(a.id, a.name, a.size) for a in self.axes]
        graph = GraphOp(self.name, list(self.sizes), axes)
        built: dict[int, Any] = {}
        for node in self._topological():
            op = node.build([built[id(src)] for src in node.ordered_inputs()])
            graph.body.block.add_op(op)
            built[id(node)] = op.results[0]
        return graph

    def to_module(self) -> ModuleOp:
        module = ModuleOp([self.to_graph_op()])
        if (message := first_verification_error(module)) is not None:
            raise AscirVerifyError(f"graph '{self.name}': {message}")
        return module

    def to_mlir(self) -> str:
        out = io.StringIO()
        Printer(stream=out).print_op(self.to_module())
        return out.getvalue() + "\n"

    def _topological(self) -> list[Node]:
        order: list[Node] = []
        state: dict[int, int] = {}

        def visit(node: Node) -> None:
            if state.get(id(node)) == 2:
                return
            if state.get(id(node)) == 1:
                raise AscirVerifyError(f"graph '{self.name}': a cycle passes through node '{node.name}'")
            state[id(node)] = 1
            for src in node.ordered_inputs():
                visit(src)
            state[id(node)] = 2
            order.append(node)

        for node in list(self.nodes):
            visit(node)
        return order


class _Namespace:
    """Attribute bag with a fixed set of names (typos fail loudly)."""

    def __init__(self, owner: str, names: Iterable[str]):
        object.__setattr__(self, "_owner", owner)
        object.__setattr__(self, "_names", tuple(names))
        object.__setattr__(self, "_values", {})

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in self._names:
            raise AttributeError(
                f"{self._owner} has no attribute '{name}' (available: {', '.join(self._names) or 'none'})"
            )
        self._values[name] = value

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name not in self._names:
            raise AttributeError(f"{self._owner} has no attribute '{name}'")
        return self._values.get(name)


class NodeAttr:
    def __init__(self, op_name: str, ir_attrs: Sequence[str]):
        self.sched = _Namespace(f"{op_name}.attr.sched", ["axis"])
        self.ir_attr = _Namespace(f"{op_name}.attr.ir_attr", ir_attrs)


class NodeOutput:
    """A node's output ``y``: dtype and logical view (axis, size, strides)."""

    def __init__(self, node: Node):
        object.__setattr__(self, "node", node)
        object.__setattr__(self, "dtype", None)
        object.__setattr__(self, "axis", None)
        object.__setattr__(self, "size", None)
        object.__setattr__(self, "strides", None)

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "dtype":
            if not isinstance(value, DType):
                raise TypeError(f"y.dtype must be an ascir.dtypes value, got {value!r}")
        elif name == "axis":
            value = list(value)
            for a in value:
                if not isinstance(a, Axis):
                    raise TypeError(f"y.axis takes Axis objects from graph.create_axis, got {a!r}")
        elif name in ("size", "strides"):
            value = [expr(v) for v in value]
        else:
            raise AttributeError(f"node output has no attribute '{name}' (dtype, axis, size, strides)")
        object.__setattr__(self, name, value)


class Node:
    """One node of a HintGraph; subclasses in ``ascir.ops`` fix ``op_type``."""

    op_type: type[AscirNode]

    def __init__(self, name: str, graph: HintGraph | None = None):
        defs = self.op_type.get_irdl_definition()
        self._ports = [n for n, _ in defs.operands]
        self._optional = {n for n, d in defs.operands if isinstance(d, OptOperandDef)}
        self._variadic = {
            n for n, d in defs.operands if isinstance(d, VarOperandDef) and not isinstance(d, OptOperandDef)
        }
        """Ports taking a list of nodes (Concat's ``xs``)."""
        self._props = {k: d for k, d in defs.properties.items() if k not in COMMON_PROPERTIES}
        object.__setattr__(self, "name", _check_name(self.op_type.PY_NAME, "the node name", name))
        object.__setattr__(self, "graph", None)
        object.__setattr__(self, "inputs", {})
        names = [*self._props, *self.op_type.ATTR_ALIASES]
        object.__setattr__(self, "attr", NodeAttr(self.op_type.PY_NAME, names))
        object.__setattr__(self, "y", NodeOutput(self))
        if graph is None and not self._ports:
            raise TypeError("The start node requires the graph to be passed in as an input parameter.")
        if graph is not None:
            if not isinstance(graph, HintGraph):
                raise TypeError(f"graph must be an ascir.HintGraph, got {type(graph).__name__}")
            graph._adopt(self)

    def __setattr__(self, name: str, value: Any) -> None:
        if name.startswith("_"):
            object.__setattr__(self, name, value)
            return
        if name not in self._ports:
            raise AttributeError(
                f"{self.op_type.PY_NAME} '{self.name}' has no input '{name}' "
                f"(inputs: {', '.join(self._ports) or 'none'})"
            )
        if name in self._variadic:
            if not isinstance(value, (list, tuple)) or not value:
                raise TypeError(
                    f"input '{name}' of '{self.name}' takes a non-empty list of nodes, got {value!r}"
                )
            srcs = [v.node if isinstance(v, NodeOutput) else v for v in value]
        else:
            srcs = [value.node if isinstance(value, NodeOutput) else value]
        for src in srcs:
            if not isinstance(src, Node):
                raise TypeError(f"input '{name}' of '{self.name}' must be a node or node.y, got {src!r}")
        self.inputs[name] = srcs if name in self._variadic else srcs[0]
        graph = self.graph or next((s.graph for s in srcs if s.graph is not None), None)
        if graph is not None:
            graph._adopt(self)
            for src in srcs:
                graph._adopt(src)

    def input_nodes(self) -> list[Node]:
        """Every input node, a variadic port's list flattened."""
        out: list[Node] = []
        for v in self.inputs.values():
            out.extend(v if isinstance(v, list) else [v])
        return out

    def infer_dtype(self, operand_types: Sequence[Any] = ()) -> None:
        """Fill an unset ``y.dtype`` with the op's own inference (``AscirNode.infer_dtype``)
        from its operands' dtypes -- the built operand types, or else the input nodes'."""
        if self.y.dtype is not None:
            return
        if operand_types:
            dtypes = [t.dtype for t in operand_types]
        else:
            dtypes = [src.y.dtype for src in self.ordered_inputs()]
            if any(d is None for d in dtypes):
                return
        inferred = self.op_type.infer_dtype(dtypes)
        if inferred is not None:
            object.__setattr__(self.y, "dtype", inferred)

    def ordered_inputs(self) -> list[Node]:
        missing = [p for p in self._ports if p not in self.inputs and p not in self._optional]
        if missing:
            raise AscirVerifyError(
                f"{self.op_type.PY_NAME} '{self.name}': input(s) {', '.join(missing)} not set"
            )
        out: list[Node] = []
        for p in self._ports:
            if p in self.inputs:
                v = self.inputs[p]
                out.extend(v if isinstance(v, list) else [v])
        return out

    # ------------------------------------------------------------------ building
    def _result_type(self, operand_types: Sequence[Any]) -> TensorType | ScalarType:
        self.infer_dtype(operand_types)
        y = self.y
        where = f"{self.op_type.PY_NAME} '{self.name}'"
        if y.dtype is None:
            raise AscirVerifyError(f"{where}: y.dtype is not set")
        if self.op_type.PY_NAME in SCALAR_RESULT_OPS:
            return ScalarType(y.dtype)
        if y.axis is None:
            # Like ascir_api: an unset view is taken from the op's view operand (the first
            # tensor input; IndirectLoad: the index, seed 001 FR1 "shape 与 index 相同").
            tensors = [t for t in operand_types if isinstance(t, TensorType)]
            position = self.op_type.VIEW_OPERAND
            first = tensors[position] if position < len(tensors) else None
            if first is None:
                raise AscirVerifyError(f"{where}: y.axis is not set")
            return TensorType(y.dtype, first.axis, y.size or first.repeats, y.strides or first.strides)
        size, strides = y.size, y.strides
        if size is None:
            if strides is not None:
                raise AscirVerifyError(f"{where}: when strides are given, size must be given too")
            size = [a.size for a in y.axis]
        if strides is None:
            strides = contiguous_strides(size)
        return TensorType(y.dtype, [a.name for a in y.axis], size, strides)

    def _properties(self, operand_types: Sequence[Any] = ()) -> dict[str, Any]:
        props: dict[str, Any] = {}
        aliases = self.op_type.ATTR_ALIASES
        for alias, key in aliases.items():  # the real front end's spellings (e.g. axis for dim)
            value = getattr(self.attr.ir_attr, alias)
            if value is not None:
                props[alias] = _to_attribute(self, alias, self._props[key].constr, value)
        given = {aliases[a] for a in props}
        for key, d in self._props.items():
            value = getattr(self.attr.ir_attr, key)
            if value is None:
                if d.default_value is None and not isinstance(d, OptPropertyDef) and key not in given:
                    raise AscirVerifyError(
                        f"{self.op_type.PY_NAME} '{self.name}': attr.ir_attr.{key} is not set"
                    )
                continue
            props[key] = _to_attribute(self, key, d.constr, value)
        try:
            props = self.op_type.canonical_attrs(props, list(operand_types))
        except ValueError as e:
            raise AscirVerifyError(f"{self.op_type.PY_NAME} '{self.name}': attr.ir_attr: {e}") from None
        sched = self.attr.sched.axis
        if sched is not None:
            props["sched"] = ArrayAttr([StringAttr(a.name if isinstance(a, Axis) else str(a)) for a in sched])
        return props

    def build(self, operands: list[Any]) -> AscirNode:
        defs = self.op_type.get_irdl_definition().operands
        grouped: list[Any] = []
        it = iter(operands)
        for port, d in defs:
            if port in self._variadic:
                grouped.append([next(it) for _ in self.inputs[port]])
            elif isinstance(d, VarOperandDef):
                grouped.append([next(it)] if port in self.inputs else [])
            else:
                grouped.append(next(it))
        types = [v.type for v in operands]
        op = self.op_type.build(
            operands=grouped, properties=self._properties(types), result_types=[self._result_type(types)]
        )
        op.results[0].name_hint = self.name if _valid_hint(self.name) else None
        return op


def contiguous_strides(size: Sequence[SizeExpr]) -> list[SizeExpr]:
    strides: list[SizeExpr] = []
    acc = SizeExpr(1)
    for s in reversed(size):
        strides.insert(0, acc)
        acc = acc * s
    return strides


def _valid_hint(name: str) -> bool:
    import re

    return bool(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_$.]*", name or ""))


def _to_attribute(node: Node, key: str, constr: Any, value: Any) -> Any:
    where = f"{node.op_type.PY_NAME} '{node.name}': attr.ir_attr.{key}"
    base = getattr(constr, "attr", None) or getattr(constr, "base_attr", None)
    try:
        if base is ExprAttr:
            return ExprAttr.of(value)
        if base is StringAttr:
            return StringAttr(str(value))
        if base is FloatAttr:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"expected a float, got {value!r}")
            return FloatAttr(float(value), Float64Type())
        range_constr = getattr(constr, "elem_range_constraint", None)
        if range_constr is not None:  # ArrayAttr: perm (ints), sizes / low / high (size expressions)
            if not isinstance(value, (list, tuple)):
                raise TypeError(f"expected a list, got {value!r}")
            element = getattr(getattr(range_constr, "constr", None), "attr", None)
            if element is IntegerAttr:
                if any(isinstance(v, bool) or not isinstance(v, int) for v in value):
                    raise TypeError(f"expected a list of ints, got {value!r}")
                return ArrayAttr([IntegerAttr(v, 64) for v in value])
            return ArrayAttr([ExprAttr.of(v) for v in value])
        if isinstance(constr, ParamAttrConstraint):  # BoolAttr
            if not isinstance(value, bool):
                raise TypeError(f"expected a bool, got {value!r}")
            return BoolAttr.from_bool(value)
        if base is IntegerAttr:
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"expected an int, got {value!r}")
            if not -(2**63) <= value <= 2**63 - 1:  # i64 attributes: never wrapped to a negative
                raise ValueError(f"{value} does not fit int64 [{-(2**63)}, {2**63 - 1}]")
            return IntegerAttr(value, 64)
    except (TypeError, ValueError) as e:
        raise AscirVerifyError(f"{where}: {e}") from None
    raise AscirVerifyError(f"{where}: unsupported attribute kind")
