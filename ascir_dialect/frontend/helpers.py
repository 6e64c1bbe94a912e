"""Front-end entry points of seed 000 (``ascir_api.arange`` / ``ascir_api.IndexExpr``).

Both create a node with an automatic name (``arange_0``, ``indexexpr_0``, ...) and return
its output ``y``, in the style of the ``ascir_api`` helpers.
"""

from __future__ import annotations

from collections.abc import Sequence

from ascir_dialect import dtypes as dt
from ascir_dialect.frontend import ops
from ascir_dialect.frontend.graph import Axis, HintGraph, NodeOutput, contiguous_strides
from ascir_dialect.ops.sources import ArangeOp
from ascir_dialect.symbolic import SizeExpr, expr


def _check_dtype(what: str, dtype: dt.DType) -> None:
    if dtype not in dt.INDEX:
        raise ValueError(
            f"{what} dtype must be int32 or int64, got {dtype}; for a floating-point value use "
            "IndexExpr(int64) -> Broadcast -> Cast (seed 000 FR4)"
        )


def IndexExpr(owner_graph: HintGraph, *, dtype: dt.DType, expr: SizeExpr | int = 0) -> NodeOutput:
    """A symbolic integer scalar (FR1). ``expr`` may be 0: that is still an expression."""
    _check_dtype("IndexExpr", dtype)
    node = ops.IndexExpr(owner_graph.unique_name("indexexpr"), owner_graph)
    node.attr.ir_attr.expr = expr
    node.y.dtype = dtype
    return node.y


def index_expr(
    owner_graph: HintGraph,
    value: SizeExpr | int,
    *,
    dtype: dt.DType,
    axis: Sequence[Axis],
    size: Sequence[SizeExpr | int] | None = None,
) -> NodeOutput:
    """An index expression consumed as a tensor over ``axis`` (seed 000 FR4, AL-10).

    Integer dtypes: ``IndexExpr(dtype) -> Broadcast``. Floating dtypes, which IndexExpr
    itself does not take: ``IndexExpr(int64) -> Broadcast -> Cast(dtype)``, the Cast after
    the Broadcast, in the vector domain (a scalar-like value has no view to cast); float16
    and bfloat16 go through float32, the only float int64 converts to.
    """
    if dtype not in dt.INDEX and not dtype.is_float:
        raise ValueError(f"index_expr: dtype must be int32, int64 or a floating dtype, got {dtype}")
    axis = list(axis)
    sizes = [expr(v) for v in size] if size is not None else [a.size for a in axis]
    if len(sizes) != len(axis):
        raise ValueError(f"index_expr: size has {len(sizes)} entries but axis has {len(axis)}")
    scalar = IndexExpr(owner_graph, dtype=dtype if dtype in dt.INDEX else dt.DType.int64, expr=value)
    bcast = ops.Broadcast(owner_graph.unique_name("broadcast"))
    bcast.x = scalar
    _view(bcast.y, scalar.dtype, axis, sizes)
    if dtype in dt.INDEX:
        return bcast.y
    out = bcast.y
    # int64 converts to float32; narrower floats are reached through it (CAST_PAIRS)
    for step in dict.fromkeys([dt.DType.float32, dtype]):
        cast = ops.Cast(owner_graph.unique_name("cast"))
        cast.x = out
        _view(cast.y, step, axis, sizes)
        out = cast.y
    return out


def _view(y: NodeOutput, dtype: dt.DType, axis: list[Axis], sizes: list[SizeExpr]) -> None:
    y.dtype = dtype
    y.axis = axis
    y.size = sizes
    y.strides = contiguous_strides(sizes)
    y.node.attr.sched.axis = axis


def arange(
    owner_graph: HintGraph,
    *,
    dtype: dt.DType,
    axis: Sequence[Axis],
    base: SizeExpr | int = 0,
    step: SizeExpr | int = 1,
    size: Sequence[SizeExpr | int] | None = None,
    stride: Sequence[SizeExpr | int] | None = None,
) -> NodeOutput:
    """An Arange with logical view ``axis``/``size``/``stride`` (FR5).

    Raises ``ValueError`` for mismatched list lengths and for any non-degenerate axis
    with stride 0, wherever it is (AL-6), with the fix hint.
    """
    _check_dtype("arange", dtype)
    axis = list(axis)
    if size is None:
        if stride is not None:
            raise ValueError("arange: when stride is given, size must be given too")
        size = [a.size for a in axis]
    sizes = [expr(s) for s in size]
    if len(sizes) != len(axis):
        raise ValueError(f"arange: size has {len(sizes)} entries but axis has {len(axis)}")
    strides = contiguous_strides(sizes) if stride is None else [expr(s) for s in stride]
    if len(strides) != len(axis):
        raise ValueError(f"arange: stride has {len(strides)} entries but axis has {len(axis)}")
    for a, n, s in zip(axis, sizes, strides, strict=True):
        if s == 0 and n != 1:
            raise ValueError(
                f"arange: axis '{a.name}' has stride 0 but size {n} (a broadcast-baked view); {ArangeOp.HINT}"
            )
    node = ops.Arange(owner_graph.unique_name("arange"), owner_graph)
    node.attr.ir_attr.base = base
    node.attr.ir_attr.step = step
    node.attr.sched.axis = axis
    node.y.dtype = dtype
    node.y.axis = axis
    node.y.size = sizes
    node.y.strides = strides
    return node.y


def gather(
    owner_graph: HintGraph,
    input: NodeOutput,
    dim: int,
    index: NodeOutput,
    *,
    need_check_negative: bool = False,
    need_check_bound: bool = False,
) -> NodeOutput:
    """``torch.gather(input, dim, index)`` as an IndirectLoad (seed 001 FR1): the output has
    the index's view and the input's dtype."""
    for what, y in (("input", input), ("index", index)):
        if y.axis is None or y.dtype is None:
            raise ValueError(f"gather: the {what} needs its dtype and axis set first")
    if len(input.axis) != len(index.axis):
        raise ValueError(
            f"gather: input rank {len(input.axis)} differs from index rank {len(index.axis)}; "
            "index_select/embedding build a broadcast index view of the input's rank"
        )
    if not 0 <= dim < len(input.axis):
        raise ValueError(f"gather: dim {dim} is out of range for rank {len(input.axis)}")
    node = ops.IndirectLoad(owner_graph.unique_name("indirect_load"))
    node.x1 = input
    node.x2 = index
    node.attr.ir_attr.dim = dim
    node.attr.ir_attr.need_check_negative = need_check_negative
    node.attr.ir_attr.need_check_bound = need_check_bound
    _view(node.y, input.dtype, list(index.axis), _sizes_of(index))
    return node.y


def _sizes_of(y: NodeOutput) -> list[SizeExpr]:
    return list(y.size) if y.size is not None else [a.size for a in y.axis]


def _source_load(y: NodeOutput, what: str, role: str) -> ops.Node:
    src = y.node
    if not isinstance(src, ops.Load) or "x" not in src.inputs:
        raise ValueError(f"{what}: the {role} must be the output of an ascir.ops.Load of its data")
    return src


def _index_view(
    owner_graph: HintGraph,
    index: NodeOutput,
    what: str,
    axes: list[Axis],
    sizes: list[SizeExpr],
    strides: list[SizeExpr],
) -> NodeOutput:
    """The index of a gather seen over ``axes``/``sizes``: a Load's data loaded again with
    ``strides`` (0 on the broadcast axes), or the positions of an Arange (an index computed in
    the graph: ``embedding(arange(s), pos)``) broadcast over them (seed 001: an IndirectLoad
    indexed by an Arange)."""
    if isinstance(index.node, ops.Arange):
        if any(a not in axes for a in index.axis):
            raise ValueError(f"{what}: the index Arange's axes must be axes of the index view")
        view = ops.Broadcast(owner_graph.unique_name("index_view"))
        view.x = index
        view.attr.sched.axis = axes
        view.y.dtype, view.y.axis, view.y.size = index.dtype, axes, sizes
        view.y.strides = contiguous_strides(sizes)
        return view.y
    load = _source_load(index, what, "index")
    return _reload(owner_graph, load, "index_view", index.dtype, axes, sizes, strides)


def _reload(
    owner_graph: HintGraph,
    load: ops.Node,
    prefix: str,
    dtype: dt.DType,
    axes: list[Axis],
    sizes: list[SizeExpr],
    strides: list[SizeExpr],
) -> NodeOutput:
    """The data behind ``load`` loaded again with another view (broadcast axes: stride 0)."""
    view = ops.Load(owner_graph.unique_name(prefix))
    view.x = load.inputs["x"]
    offset = load.attr.ir_attr.offset
    view.attr.ir_attr.offset = offset if offset is not None else 0
    view.attr.sched.axis = axes
    view.y.dtype, view.y.axis, view.y.size, view.y.strides = dtype, axes, sizes, strides
    return view.y


def IndirectLoad(
    owner_graph: HintGraph,
    x1: NodeOutput,
    x2: NodeOutput,
    *,
    axis: int,
    sched_axis: Sequence[Axis],
    size: Sequence[SizeExpr | int] | None = None,
    stride: Sequence[SizeExpr | int] | None = None,
    negative_index_support: bool = False,
    need_check_bound: bool = False,
    max: int | None = None,
) -> NodeOutput:
    """The real Autofuse front end's ``ascir_api.IndirectLoad`` (graph-autofusion
    ``autofuse/compiler/python/ascir_api.py``): ``axis`` may be negative (from the end);
    the output view is ``sched_axis`` with ``size``/``stride`` when given, else the index's
    sizes; the dtype is the input's. The graph prints our spellings (``dim``...)."""
    node = ops.IndirectLoad(owner_graph.unique_name("indirectload"))
    node.attr.ir_attr.axis = axis
    node.attr.ir_attr.negative_index_support = negative_index_support
    node.attr.ir_attr.need_check_bound = need_check_bound
    if max is not None:
        node.attr.ir_attr.max = max
    node.attr.sched.axis = list(sched_axis)
    node.x1 = x1
    node.x2 = x2
    if x1.dtype is not None:
        node.y.dtype = x1.dtype
    node.y.axis = list(sched_axis)
    sizes = [expr(v) for v in size] if size is not None else (_sizes_of(x2) if x2.axis is not None else None)
    if sizes is not None:
        node.y.size = sizes
    if stride is not None:
        node.y.strides = [expr(v) for v in stride]
    return node.y


def index_select(
    owner_graph: HintGraph, input: NodeOutput, dim: int, index: NodeOutput, **checks: bool
) -> NodeOutput:
    """``torch.index_select(input, dim, index)`` with a 1-D ``index``: a gather whose index is
    the 1-D index re-loaded as a broadcast view of the output's rank (stride 0 on every
    other axis)."""
    if len(index.axis) != 1:
        raise ValueError(f"index_select: the index must be 1-D, got {len(index.axis)} axes")
    axes, sizes = list(input.axis), _sizes_of(input)
    axes[dim], sizes[dim] = index.axis[0], _sizes_of(index)[0]
    strides = [expr(0)] * len(axes)
    strides[dim] = index.strides[0] if index.strides is not None else expr(1)
    view = _index_view(owner_graph, index, "index_select", axes, sizes, strides)
    return gather(owner_graph, input, dim, view, **checks)


def embedding(owner_graph: HintGraph, weight: NodeOutput, indices: NodeOutput, **checks: bool) -> NodeOutput:
    """``torch.nn.functional.embedding(indices, weight)``: output = indices.shape +
    weight.shape[1:]. A gather along the table's row axis: the table seen with the
    indices' leading axes broadcast in front, the indices with the row axes broadcast
    behind."""
    table_load = _source_load(weight, "embedding", "weight")
    if len(weight.axis) < 2:
        raise ValueError("embedding: the weight needs a row axis and at least one embedding axis")
    if not indices.axis:
        raise ValueError("embedding: the indices need at least one axis (give a 0-d index a size-1 axis)")
    lead, rows = list(indices.axis[:-1]), list(weight.axis[1:])
    w_size, i_size = _sizes_of(weight), _sizes_of(indices)
    w_strides = weight.strides if weight.strides is not None else contiguous_strides(w_size)
    i_strides = indices.strides if indices.strides is not None else contiguous_strides(i_size)
    table = _reload(
        owner_graph,
        table_load,
        "table_view",
        weight.dtype,
        [*lead, weight.axis[0], *rows],
        [*i_size[:-1], *w_size],
        [expr(0)] * len(lead) + list(w_strides),
    )
    view = _index_view(
        owner_graph,
        indices,
        "embedding",
        [*lead, indices.axis[-1], *rows],
        [*i_size, *w_size[1:]],
        list(i_strides) + [expr(0)] * len(rows),
    )
    return gather(owner_graph, table, len(lead), view, **checks)


def load_input(
    owner_graph: HintGraph, name: str, index: int, dtype: dt.DType, axes: list[Axis]
) -> NodeOutput:
    """``Data`` input ``index`` over ``axes`` (contiguous) and its ``Load``: the usual head
    of a graph built in Python. Returns the load's output."""
    data = ops.Data(name, owner_graph)
    data.attr.ir_attr.index = index
    data.y.dtype, data.y.axis = dtype, axes
    load = ops.Load(f"{name}_load")
    load.x = data
    load.attr.ir_attr.offset = 0
    load.y.dtype, load.y.axis = dtype, axes
    load.attr.sched.axis = axes
    return load.y


def store_output(owner_graph: HintGraph, value: NodeOutput, index: int = 0, name: str = "y") -> None:
    """``Store`` ``value`` to ``Output`` ``index``: the usual tail of a graph built in Python."""
    store = ops.Store(f"{name}_store")
    store.x = value
    store.attr.ir_attr.offset = 0
    out = ops.Output(name, owner_graph)
    out.attr.ir_attr.index = index
    out.x = store
