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
