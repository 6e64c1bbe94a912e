"""Reference interpreter: every HintGraph op on numpy values (DESIGN "Reference semantics").

Runs on xDSL's interpreter framework: one implementation is registered per node op and
calls the op's own ``reference`` method, so each op's semantics live with its definition.
:class:`RefRuntime` supplies what ops need: size bindings, GM buffers (flat arrays
addressed through ``offset + sum(i_k * stride_k)``, every access bounds-checked),
dtype conversion with integer wrap-around, and the outputs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import Interpreter, InterpreterFunctions, impl, register_impls

from ascir_dialect.attributes import ScalarType, TensorType
from ascir_dialect.diagnostics import AscirError, AscirVerifyError, first_verification_error
from ascir_dialect.dtypes import DType
from ascir_dialect.numbers import INT64_MAX, round_to_dtype
from ascir_dialect.ops import NODE_OPS, AscirNode, GraphOp, VfOp, VfYieldOp
from ascir_dialect.ops.memory import OutputOp, StoreOp, is_row_major, overlap_message, view_injectivity
from ascir_dialect.ops.sources import DataOp, ScalarDataOp
from ascir_dialect.size_checks import SizeArithmeticError, check_graph_sizes
from ascir_dialect.symbolic import ExprError, SizeExpr


class InterpretError(AscirError):
    """The reference interpreter met an invalid run (bad inputs, OOB access, ...)."""


@dataclass
class GMBuffer:
    """A flat GM tensor owned by a Data/Output/Workspace node."""

    owner: str
    data: np.ndarray


@dataclass
class GMWrite:
    """A Store's pending write: ``data`` goes to ``addresses`` of the target buffer."""

    addresses: np.ndarray
    data: np.ndarray


def wrap_python_int(value: int, dtype: DType) -> Any:
    """Two's-complement wrap of an arbitrary Python int into ``dtype``."""
    info = np.iinfo(dtype.numpy)
    span = int(info.max) - int(info.min) + 1
    return dtype.numpy.type((int(value) - int(info.min)) % span + int(info.min))


@dataclass
class RefRuntime:
    graph: GraphOp
    sizes: Mapping[str, int]
    inputs: Sequence[Any]
    outputs: dict[int, np.ndarray] = field(default_factory=dict)

    # ------------------------------------------------------------ expressions
    def eval(self, e: SizeExpr) -> int:
        try:
            return e.evaluate(self.sizes)
        except ExprError as err:
            raise InterpretError(f"graph @{self.graph.graph_name}: {err}") from None

    def shape(self, t: TensorType) -> tuple[int, ...]:
        return tuple(self.eval(r) for r in t.repeats)

    def linear_index(self, repeats: Sequence[SizeExpr], strides: Sequence[SizeExpr]) -> np.ndarray:
        shape = tuple(self.eval(r) for r in repeats)
        out = np.zeros(shape, dtype=np.int64)
        for k, (n, s) in enumerate(zip(shape, strides, strict=True)):
            axis_shape = [1] * len(shape)
            axis_shape[k] = n
            out = out + np.arange(n, dtype=np.int64).reshape(axis_shape) * self.eval(s)
        return out

    # ----------------------------------------------------------------- dtypes
    @staticmethod
    def wrap_int(values: Any, dtype: DType) -> Any:
        if isinstance(values, (int, np.integer)):
            return wrap_python_int(int(values), dtype)
        return np.asarray(values, dtype=np.int64).astype(dtype.numpy)

    @staticmethod
    def cast_to(values: Any, dtype: DType) -> np.ndarray:
        with np.errstate(over="ignore"):  # float overflow rounds to +-inf, as torch does
            return np.asarray(values).astype(dtype.numpy)

    @staticmethod
    def convert(values: np.ndarray, dtype: DType) -> np.ndarray:
        """Cast semantics: see :class:`ascir_dialect.ops.elementwise.CastOp`."""
        if dtype is DType.bool:
            return values != 0
        src = DType.from_numpy(values.dtype)
        if src.is_float and dtype.is_integer:
            info = np.iinfo(dtype.numpy)
            with np.errstate(invalid="ignore"):
                t = np.trunc(values.astype(np.float64))
                hi, lo = t >= float(info.max), t <= float(info.min)
                mid = np.where(hi | lo | np.isnan(t), 0.0, t).astype(np.int64)
            return np.where(hi, int(info.max), np.where(lo, int(info.min), mid)).astype(dtype.numpy)
        if src.is_float or dtype.is_float or src is DType.bool:
            with np.errstate(over="ignore"):  # float overflow rounds to +-inf, as on device
                return values.astype(dtype.numpy)
        return values.astype(np.int64).astype(dtype.numpy) if src.is_signed else values.astype(dtype.numpy)

    # ---------------------------------------------------------------- GM side
    def extent(self, node: AscirNode) -> int:
        t = node.out_type
        assert isinstance(t, TensorType)
        shape = self.shape(t)
        if any(n == 0 for n in shape):
            return 0
        return 1 + sum((n - 1) * self.eval(s) for n, s in zip(shape, t.strides, strict=True))

    def input_buffer(self, node: DataOp) -> GMBuffer:
        value = check_input_value(node, self.inputs[node.index_value], self.sizes)
        t = node.out_type
        assert isinstance(t, TensorType)
        flat = np.ascontiguousarray(value).reshape(-1)
        need = self.extent(node)
        if flat.size < need:
            raise InterpretError(
                f"input {node.index_value} (%{node.node_name}) has {flat.size} elements but its view "
                f"{list(self.shape(t))} with strides {[self.eval(s) for s in t.strides]} needs {need}"
            )
        return GMBuffer(node.node_name, flat)

    def input_scalar(self, node: ScalarDataOp) -> Any:
        value = check_input_value(node, self.inputs[node.index_value], self.sizes)
        return value.reshape(()).astype(node.out_type.dtype.numpy)[()]

    def new_buffer(self, node: AscirNode) -> GMBuffer:
        t = node.out_type
        assert isinstance(t, TensorType)
        return GMBuffer(node.node_name, np.zeros(self.extent(node), dtype=t.dtype.numpy))

    def _addresses(
        self, node: AscirNode, t: TensorType, offset: SizeExpr, size: int, owner: str
    ) -> np.ndarray:
        addr = self.eval(offset) + self.linear_index(t.repeats, t.strides)
        if addr.size and (addr.min() < 0 or addr.max() >= size):
            self.fail(
                node,
                f"accesses GM elements [{addr.min()}, {addr.max()}] of %{owner}, which has "
                f"{size} elements (check offset and strides)",
            )
        return addr

    def read_view(self, node: AscirNode, buf: GMBuffer, t: TensorType, offset: SizeExpr) -> np.ndarray:
        return buf.data[self._addresses(node, t, offset, buf.data.size, buf.owner)]

    def make_write(self, node: AscirNode, data: np.ndarray, t: TensorType, offset: SizeExpr) -> GMWrite:
        addr = self.eval(offset) + self.linear_index(t.repeats, t.strides)
        return GMWrite(addr, np.asarray(data))

    def apply_write(self, node: AscirNode, buf: GMBuffer, write: GMWrite) -> None:
        addr = write.addresses
        if addr.size and (addr.min() < 0 or addr.max() >= buf.data.size):
            self.fail(
                node,
                f"store writes GM elements [{addr.min()}, {addr.max()}] of %{buf.owner}, which has "
                f"{buf.data.size} elements (check the store offset and strides)",
            )
        buf.data[addr] = write.data

    def set_output(self, node: AscirNode, buf: GMBuffer) -> None:
        t = node.out_type
        assert isinstance(t, TensorType)
        shape = self.shape(t)
        strides = [self.eval(s) for s in t.strides]
        dense = [int(np.prod(shape[k + 1 :])) for k in range(len(shape))]
        contiguous = all(s == d for n, s, d in zip(shape, strides, dense, strict=True) if n != 1)
        data = buf.data
        if contiguous and data.size == int(np.prod(shape)):
            data = data.reshape(shape)
        self.outputs[node.index_value] = data  # type: ignore[attr-defined]

    def fail(self, node: AscirNode, message: str) -> None:
        raise InterpretError(f"{node.describe()}: {message}")


def _make_impl(op_type: type[AscirNode]) -> Any:
    @impl(op_type)
    def run(self: Any, interpreter: Interpreter, op: AscirNode, args: tuple[Any, ...]) -> tuple[Any, ...]:
        return (op.reference(self.rt, args),)

    return run


@impl(VfOp)
def _run_vf(self: Any, interpreter: Interpreter, op: VfOp, args: tuple[Any, ...]) -> tuple[Any, ...]:
    """A VF region computes exactly what its member nodes compute (the partition is a
    scheduling decision, not a change of semantics)."""
    interpreter.push_scope(op.vf_name)
    try:
        interpreter.set_values(zip(op.block.args, args, strict=True))
        for inner in op.block.ops:
            if isinstance(inner, VfYieldOp):
                return interpreter.get_values(inner.values)
            results = interpreter.run_op(inner, interpreter.get_values(inner.operands))
            interpreter.set_values(zip(inner.results, results, strict=True))
    finally:
        interpreter.pop_scope()
    raise InterpretError(f"{op.describe()}: the region has no ascir.vf_yield")


AscirFunctions = register_impls(
    type(
        "AscirFunctions",
        (InterpreterFunctions,),
        {f"run_{op.__name__}": _make_impl(op) for op in NODE_OPS} | {"run_vf": _run_vf},
    )
)


def resolve_graph(graph_or_module: Any, name: str | None = None) -> tuple[ModuleOp, GraphOp]:
    """Accept a GraphOp, a ModuleOp or a Python HintGraph; return (module, graph)."""
    if hasattr(graph_or_module, "to_module"):
        graph_or_module = graph_or_module.to_module()
    if isinstance(graph_or_module, GraphOp):
        module = graph_or_module.parent_op()
        return (module if isinstance(module, ModuleOp) else ModuleOp([])), graph_or_module
    if isinstance(graph_or_module, ModuleOp):
        graphs = [op for op in graph_or_module.ops if isinstance(op, GraphOp)]
        if name is not None:
            graphs = [g for g in graphs if g.graph_name == name]
        if len(graphs) != 1:
            names = [g.graph_name for g in graph_or_module.ops if isinstance(g, GraphOp)]
            raise AscirError(
                f"expected exactly one graph{f' named {name!r}' if name else ''} in the module, "
                f"found {names or 'none'}; pass graph=<name>"
            )
        return graph_or_module, graphs[0]
    raise TypeError(f"expected an ascir graph, module or HintGraph, got {type(graph_or_module).__name__}")


def check_sizes(graph: GraphOp, sizes: Mapping[str, int] | None) -> dict[str, int]:
    sizes = dict(sizes or {})
    missing = [s for s in graph.size_names if s not in sizes]
    if missing:
        raise AscirError(
            f"graph @{graph.graph_name} needs sizes for {', '.join(missing)}: "
            f"pass sizes={{{', '.join(f'{m!r}: <int>' for m in missing)}}}"
        )
    unknown = sorted(set(sizes) - set(graph.size_names))
    if unknown:
        raise AscirError(
            f"graph @{graph.graph_name} has no size variable(s) {', '.join(unknown)} "
            f"(declared: {', '.join(graph.size_names) or 'none'})"
        )
    for k, v in sizes.items():
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not 1 <= int(v) <= INT64_MAX:
            raise AscirError(f"size {k}={v!r} must be an integer >= 1 and <= {INT64_MAX} (sizes are int64)")
    bound = {k: int(v) for k, v in sizes.items()}
    try:  # the size arithmetic host tiling checks, refused with the same message
        check_graph_sizes(graph, bound)
    except SizeArithmeticError as err:
        raise InterpretError(f"graph @{graph.graph_name}: {err}") from None
    check_views_injective(graph, bound)
    return bound


def check_views_injective(graph: GraphOp, sizes: Mapping[str, int]) -> None:
    """Store and Output views with the concrete sizes: no two logical elements may share a
    GM address. The verifier refuses what it can decide statically; a view whose verdict
    depends on the sizes (e.g. strides [4, 1] on repeats [s0, s1]) is checked here."""
    for node in graph.nodes():
        if not isinstance(node, (StoreOp, OutputOp)):
            continue
        t = node.out_type
        assert isinstance(t, TensorType)
        try:
            result = view_injectivity(t.repeats, t.strides, sizes)
        except ExprError as err:
            raise AscirError(f"graph @{graph.graph_name}: {node.describe()}: {err}") from None
        if result.verdict is False:
            what = f"output {node.index_value}" if isinstance(node, OutputOp) else "store"
            raise AscirError(
                f"graph @{graph.graph_name}: {node.describe()}: {what} {overlap_message(t, result, sizes)}"
            )


def graph_inputs(graph: GraphOp) -> list[AscirNode]:
    """Data and ScalarData nodes ordered by index."""
    nodes = [n for n in graph.nodes() if isinstance(n, (DataOp, ScalarDataOp))]
    return sorted(nodes, key=lambda n: n.index_value)


def check_inputs(graph: GraphOp, inputs: Sequence[Any], sizes: Mapping[str, int] | None = None) -> list[Any]:
    """The inputs by Data/ScalarData index, as numpy arrays, checked against the graph.

    Count and dtype always; with ``sizes`` (checked by :func:`check_sizes`) also the
    shapes, see :func:`check_input_value`. The reference interpreter and
    ``compile_graph``'s kernels call this, so both accept and refuse the same inputs."""
    expected = graph_inputs(graph)
    if len(inputs) != len(expected):
        raise AscirError(
            f"graph @{graph.graph_name} takes {len(expected)} input(s) "
            f"({', '.join('%' + n.node_name for n in expected)}), got {len(inputs)}"
        )
    return [check_input_value(node, value, sizes) for node, value in zip(expected, inputs, strict=True)]


def check_input_value(node: AscirNode, value: Any, sizes: Mapping[str, int] | None = None) -> np.ndarray:
    """One input for a Data or ScalarData node, as a numpy array; raises :class:`AscirError`.

    * ScalarData: a Python or numpy scalar (converted to the node's dtype; for an integer
      dtype it must be an integer in range), a 0-d array, or a 1-element array of shape
      ``(1,)`` (a one-element GM buffer), the arrays of the node's dtype. Anything else,
      e.g. a 2-element array, is refused.
    * Data with a dense row-major view (strides are the row-major strides of the repeats,
      ignoring size-1 axes): an array of exactly the view's shape with ``sizes``, size-1
      dimensions included -- a 3x2 array for a 2x3 view is refused, not reinterpreted.
    * Data with any other view (strided, padded rows): its flat GM buffer, a 1-D array of
      at least the view's extent ``1 + sum((repeat - 1) * stride)``.

    Without ``sizes`` only the dtype and the scalar shape are checked.
    """
    t = node.out_type
    where = f"input {node.index_value} (%{node.node_name})"  # type: ignore[attr-defined]
    want = t.dtype  # type: ignore[union-attr]
    if isinstance(t, ScalarType):
        return _scalar_input(where, want, value)
    arr = np.asarray(value)
    if arr.dtype != want.numpy:
        raise AscirError(f"{where} must have dtype {want} (numpy {want.numpy}), got {arr.dtype}")
    if sizes is None:
        return arr
    assert isinstance(t, TensorType)
    try:
        shape = tuple(r.evaluate(sizes) for r in t.repeats)
        strides = [s.evaluate(sizes) for s in t.strides]
    except ExprError as err:
        raise AscirError(f"{where}: {err}") from None
    view = f"repeats [{', '.join(map(str, t.repeats))}] strides [{', '.join(map(str, t.strides))}]"
    if is_row_major(t):
        if arr.shape != shape:
            numel = int(np.prod(shape))
            has = f"has {arr.size} elements but its view needs {numel}" if arr.size != numel else ""
            has = has or f"has shape {arr.shape} but its view needs shape {shape}"
            raise InterpretError(
                f"{where} {has}: an array of shape {shape} (size-1 dimensions included) for its "
                f"dense row-major view ({view}) with sizes {dict(sizes)}, got shape {arr.shape}; "
                "reshape the array (it is not reinterpreted) or check the sizes"
            )
        return arr
    extent = 0 if 0 in shape else 1 + sum((n - 1) * s for n, s in zip(shape, strides, strict=True))
    if arr.ndim != 1 or arr.size < extent:
        has = f"has {arr.size} elements but its view needs {extent}" if arr.size < extent else ""
        has = has or f"has shape {arr.shape} but its view is strided and needs a 1-D array"
        raise InterpretError(
            f"{where} {has}: its flat GM buffer, a 1-D array of at least {extent} elements for its "
            f"strided view ({view}) with sizes {dict(sizes)}, got shape {arr.shape}"
        )
    return arr


def _scalar_input(where: str, want: DType, value: Any) -> np.ndarray:
    fix = "pass a Python or numpy scalar, a 0-d array, or a 1-element array of shape (1,)"
    if isinstance(value, (bool, int, float, np.generic)) and not isinstance(value, np.ndarray):
        if not isinstance(value, (bool, int, float, np.bool_, np.number)):
            raise AscirError(f"{where} is a scalar of dtype {want}, got {value!r}; {fix}")
        if want.is_integer:
            as_float = float(value) if isinstance(value, (float, np.floating)) else None
            if as_float is not None and not as_float.is_integer():
                raise AscirError(f"{where} is an integer scalar ({want}), got the non-integer {value!r}")
            number = int(value)
            info = np.iinfo(want.numpy)
            if not info.min <= number <= info.max:
                raise AscirError(f"{where}: {value!r} does not fit {want} [{info.min}, {info.max}]")
            return np.asarray(number, dtype=want.numpy)
        try:
            number_f = float(value)
        except OverflowError:
            raise AscirError(f"{where}: {value!r} does not fit {want}") from None
        # a float scalar takes the value a float literal of the dtype has (torch's: through
        # float32 for the 16-bit types, +-inf beyond the range; ascir_dialect.numbers)
        return np.asarray(round_to_dtype(number_f, want.value), dtype=want.numpy)
    arr = np.asarray(value)
    if arr.shape not in ((), (1,)):
        raise AscirError(
            f"{where} is a scalar (ascir.scalar_data) but got an array of shape {arr.shape} "
            f"({arr.size} elements); {fix}"
        )
    if arr.dtype != want.numpy:
        raise AscirError(f"{where} must have dtype {want} (numpy {want.numpy}), got {arr.dtype}")
    return arr


def reference(
    graph_or_module: Any,
    *inputs: Any,
    sizes: Mapping[str, int] | None = None,
    graph: str | None = None,
) -> list[np.ndarray]:
    """Run a graph on numpy inputs (by Data index); outputs by Output index.

    An output whose view is dense row-major is returned with the view's shape,
    otherwise as its flat GM buffer. Output elements no Store writes are 0.
    """
    module, g = resolve_graph(graph_or_module, graph)
    if (message := first_verification_error(module if g.parent_op() is module else g)) is not None:
        raise AscirVerifyError(message)
    bound = check_sizes(g, sizes)
    values = check_inputs(g, inputs, bound)
    rt = RefRuntime(g, bound, values)
    functions = AscirFunctions()
    functions.rt = rt  # type: ignore[attr-defined]
    interpreter = Interpreter(module)
    interpreter.register_implementations(functions)
    interpreter.push_scope(g.graph_name)
    try:
        for op in g.body.block.ops:
            results = interpreter.run_op(op, interpreter.get_values(op.operands))
            interpreter.set_values(zip(op.results, results, strict=True))
    finally:
        interpreter.pop_scope()
    return [rt.outputs[i] for i in sorted(rt.outputs)]
