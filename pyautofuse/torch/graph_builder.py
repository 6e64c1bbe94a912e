"""One ASCIR HintGraph from one partition of a core-ATen FX graph.

A partition is a set of FX nodes (the fused region) plus the outer nodes it reads (its
inputs). Every value of the partition lives on one list of *canonical axes*, as in
Autofuse's HintGraphs: a tensor of the partition is viewed over all of them, with size 1
(and stride 0) on the axes it does not have. The axes are found by unifying tensor
dimensions (union-find): the operands of a pointwise op share the output's dimensions
where they are not size 1 (right-aligned broadcasting), a reduction keeps the kept ones,
and view ops that only add or remove size-1 dimensions keep the rest. The canonical
order is a topological order of the per-tensor dimension orders; tensors that order two
axes differently (a transpose) are refused.

Symbolic sizes (Dynamo's ``SymInt`` s, sympy expressions over shape symbols such as
``s27``) become ASCIR size expressions over the same names, so one compiled graph serves
every shape; the backend binds the names from the real inputs at each call.

Refusals are :class:`RefusedError` (this node cannot be fused; the partitioner leaves it to
eager torch) or :class:`CutError` (the node is fine alone but not in this region; the region is
split before it).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ascir_dialect import dtypes as dt
from ascir_dialect.diagnostics import AscirError
from ascir_dialect.dtypes import DType
from ascir_dialect.frontend import ops
from ascir_dialect.frontend.graph import Axis, HintGraph, NodeOutput
from ascir_dialect.symbolic import SizeExpr

from .dtypes import to_ascir


class RefusedError(Exception):
    """``node`` cannot be part of any fused region (its reason is logged)."""

    def __init__(self, node: Any, reason: str):
        super().__init__(reason)
        self.node, self.reason = node, reason


class CutError(Exception):
    """The region must be split before ``node`` (both parts may still fuse) -- or, with
    ``parts``, into those node lists (in dependence order, each a candidate region)."""

    def __init__(self, node: Any, reason: str, parts: list[list[Any]] | None = None):
        super().__init__(reason)
        self.node, self.reason, self.parts = node, reason, parts


# ------------------------------------------------------------------------ sizes
def sym_expr(size: Any) -> Any:
    """The sympy expression of a size (an int or a SymInt)."""
    import sympy

    node = getattr(size, "node", None)
    if node is not None and hasattr(node, "expr"):
        return sympy.sympify(node.expr)
    return sympy.Integer(int(size))


def to_size_expr(e: Any) -> SizeExpr:
    """A sympy size expression of torch's shape environment as an ASCIR SizeExpr."""
    import sympy
    from torch.utils._sympy import functions as tf

    if e.is_Integer:
        return SizeExpr(int(e))
    if e.is_Symbol:
        return SizeExpr(str(e))
    if isinstance(e, sympy.Add):
        out = SizeExpr(0)
        for a in e.args:
            out = out + to_size_expr(a)
        return out
    if isinstance(e, sympy.Mul):
        out = SizeExpr(1)
        for a in e.args:
            out = out * to_size_expr(a)
        return out
    if isinstance(e, sympy.Pow) and e.exp.is_Integer and int(e.exp) > 0:
        base, out = to_size_expr(e.base), SizeExpr(1)
        for _ in range(int(e.exp)):
            out = out * base
        return out
    if isinstance(e, tf.FloorDiv):
        return to_size_expr(e.args[0]) // to_size_expr(e.args[1])
    if isinstance(e, (tf.Mod, tf.PythonMod, sympy.Mod)):
        return to_size_expr(e.args[0]) % to_size_expr(e.args[1])
    raise ValueError(f"size expression {e} has no ASCIR form (+ - * // % only)")


def shape_of(node: Any) -> list[Any]:
    """The node's shape as sympy expressions (kept in its ``meta``: asked for often)."""
    cached = node.meta.get("ascir_shape")
    val = node.meta.get("val")
    if cached is None or cached[0] is not val:
        cached = (val, [sym_expr(s) for s in val.shape])
        node.meta["ascir_shape"] = cached
    return list(cached[1])


def is_one(e: Any) -> bool:
    return bool(e.is_Integer and int(e) == 1)


# -------------------------------------------------------------------- values
@dataclass
class Val:
    """A value while a graph is built: a tensor over the canonical axes (``out`` set,
    ``present`` = the axes where its size is not 1) or a scalar (``scalar`` set: a Python
    number or a sympy integer expression)."""

    dtype: DType | None
    out: NodeOutput | None = None
    present: frozenset[int] = frozenset()
    scalar: Any = None

    @property
    def is_tensor(self) -> bool:
        return self.out is not None


@dataclass(frozen=True)
class Piece:
    """One piece of a Concat (:meth:`Builder.join`): an FX operand (``node``); a scalar
    broadcast over ``extent`` along the joined dim; or piece ``split[1]`` of ``node`` split
    along it into ``split[0]`` (``extent`` its size)."""

    node: Any
    scalar: Any = None
    extent: Any = None
    split: tuple[list[Any], int] | None = None


@dataclass
class BuiltGraph:
    """The result of :func:`build_graph`."""

    graph: HintGraph
    inputs: list[Any]
    """Outer FX nodes read as Data, by Data index."""
    input_shapes: list[list[Any]]
    """The shape (sympy, size-1 axes included) each input is reshaped to."""
    outputs: list[Any]
    """Partition FX nodes written as Output, by Output index."""
    symbols: list[str]
    """ASCIR size names (torch's shape symbols) the graph uses."""
    strided: dict[int, list[Any]] = field(default_factory=dict)
    """Data index -> the strides (sympy) of a tensor read in place through a view
    (``Builder.strided_load``): the kernel gets its storage from its first element on,
    as one flat span of ``input_shapes[index][0]`` elements."""
    host_casts: dict[int, DType] = field(default_factory=dict)
    """Data index -> the dtype a 0-d float64 input (a Python float Dynamo did not
    specialize) is rounded to, as torch's cast, before the kernel reads it."""
    ir: str = ""
    """The graph's IR text (what is compiled and logged)."""
    ops: dict[str, int] = field(default_factory=dict)
    error: str = ""
    """Why the graph did not compile (it runs in eager torch)."""
    internal: bool = False
    """The failure was a compiler bug (``InternalCompilerError``), not a refusal."""


# ---------------------------------------------------------------- union-find
class _UF:
    def __init__(self) -> None:
        self.parent: dict[Any, Any] = {}

    def find(self, k: Any) -> Any:
        self.parent.setdefault(k, k)
        while self.parent[k] != k:
            self.parent[k] = self.parent[self.parent[k]]
            k = self.parent[k]
        return k

    def union(self, a: Any, b: Any) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[rb] = ra


class AxisAnalysis:
    """Dimension unification over a partition (the ``axes`` functions of the table call
    :meth:`unify` / :meth:`align` / :meth:`private`)."""

    def __init__(self) -> None:
        self.uf = _UF()
        self.private_dims: set[tuple[Any, int]] = set()
        self.concat_dims: list[tuple[Any, int]] = []
        """(cat node, dim): the dimension a ``cat`` joins its operands along."""

    def unify(self, a: Any, i: int, b: Any, j: int) -> None:
        sa, sb = shape_of(a), shape_of(b)
        if not is_one(sa[i]) and not is_one(sb[j]):
            self.uf.union((a, i), (b, j))

    def align(self, src: Any, out: Any) -> None:
        """Right-aligned broadcasting of ``src`` onto ``out``."""
        if not hasattr(src, "meta"):
            return
        rs, ro = len(shape_of(src)), len(shape_of(out))
        for i in range(rs):
            self.unify(src, i, out, ro - rs + i)

    def identity(self, src: Any, out: Any) -> None:
        """The non-1 dimensions of ``src`` and ``out`` are the same, in order."""
        a = [i for i, s in enumerate(shape_of(src)) if not is_one(s)]
        b = [i for i, s in enumerate(shape_of(out)) if not is_one(s)]
        for i, j in zip(a, b, strict=True):
            self.unify(src, i, out, j)

    def concat(self, out: Any, dim: int, operands: Sequence[Any]) -> None:
        """``torch.cat(operands, dim)``: the operands share ``out``'s other dimensions, and
        their ``dim`` is ``out``'s too -- one canonical axis, on which an operand's chain has
        its own extent (an alias axis of that size, ``Builder.axis_at``)."""
        rank = len(shape_of(out))
        for a in operands:
            for i in range(rank):
                self.unify(a, i, out, i)
        self.concat_dims.append((out, dim))

    def private(self, node: Any, dim: int) -> None:
        """A dimension only a gather reads (the gathered axis of its table)."""
        self.private_dims.add((node, dim))


# ------------------------------------------------------------------- builder
class Builder:
    """Builds one HintGraph; the table's builders call its methods."""

    def __init__(self, name: str, nodes: Sequence[Any], table: Any):
        self.table = table
        self.nodes = list(nodes)
        self.inside = set(self.nodes)
        self.graph = HintGraph(name)
        self.env: dict[Any, Val] = {}
        self.loads: dict[tuple[Any, tuple[str, ...]], Val] = {}
        """(outer node, its axis names) -> its Load (one per naming: :meth:`axis_at`)."""
        self.chain_extent: dict[Any, dict[int, Any]] = {}
        """FX node in a cat operand's chain -> {canonical axis: the operand's extent there}."""
        self.inputs: list[Any] = []
        self.input_shapes: list[list[Any]] = []
        self.symbols: list[str] = []
        self.ascir_owner: dict[str, Any] = {}
        self.current: Any = None
        self.reduced: tuple[Any, frozenset[int]] | None = None
        self.op_counts: dict[str, int] = {}
        self.gathers: list[Any] = []
        """FX nodes built as an IndirectLoad (embedding, index_select, gather)."""
        self.scatters: list[Any] = []
        """FX nodes built as an IndexPut (index_put, index_add)."""
        self.reductions: list[Any] = []
        """The FX node of each ASCIR reduction built, in order."""
        self.strided: dict[int, list[Any]] = {}
        """Data index -> strides of an input read in place (``strided_load``)."""
        self.host_casts: dict[int, DType] = {}
        """Data index -> the dtype a 0-d float64 input is rounded to before the kernel."""
        self._analyse()

    # ---------------------------------------------------------------- axes
    def _analyse(self) -> None:
        an = AxisAnalysis()
        for n in self.nodes:
            self.table.rule(n).axes(an, n)
        self.unread = {
            n
            for n in self.nodes
            if self._reads_through_strides(n)
            and all(u in self.inside and self._reads_through_strides(u) for u in n.users)
        }
        """Views only other strided views read: never loaded (a chain is read once, at its end)."""
        values: list[Any] = []
        for n in self.nodes:
            if self._reads_through_strides(n):
                if n not in self.unread:
                    values.append(n)  # its source is not read as it is
                continue
            for a in _node_args(n):
                if a not in self.inside and a not in values and _is_tensor(a):
                    values.append(a)
            values.append(n)
        roots: list[Any] = []
        size: dict[Any, Any] = {}
        edges: dict[Any, set[Any]] = {}
        self.dim_class: dict[tuple[Any, int], Any] = {}
        joined = self._concat_sizes(an)
        """Class of a cat's dimension -> its extent (the cat's result's): the operands'
        chains have their own extents on it."""
        for v in values:
            if not _is_tensor(v):
                continue
            prev = None
            seen: set[Any] = set()
            for i, s in enumerate(shape_of(v)):
                if is_one(s) or (v, i) in an.private_dims:
                    continue
                r = an.uf.find((v, i))
                if r in seen:  # an outer product of one value with itself (x[None, :] - x[:, None])
                    reason = f"{_what(v)} uses one axis twice (a diagonal view)"
                    if v in self.inside and v is not self.nodes[0]:
                        raise CutError(v, reason)  # the next region reads the two views apart
                    raise RefusedError(v, reason)
                seen.add(r)
                self.dim_class[(v, i)] = r
                if r not in size:
                    roots.append(r)
                    size[r] = joined.get(r, s)
                    edges[r] = set()
                elif size[r] != s and r not in joined:
                    raise RefusedError(v, f"{_what(v)}: dimension {i} is {s} where the region has {size[r]}")
                if prev is not None:
                    edges[prev].add(r)
                prev = r
        order: list[Any] = []
        indeg = {r: 0 for r in roots}
        for r in roots:
            for t in edges[r]:
                indeg[t] += 1
        ready = [r for r in roots if indeg[r] == 0]
        while ready:
            r = ready.pop(0)
            order.append(r)
            for t in sorted(edges[r], key=roots.index):
                indeg[t] -= 1
                if indeg[t] == 0:
                    ready.append(t)
        if len(order) != len(roots):
            bad = next((n for n in self.nodes if self.table.rule(n).transposes), self.nodes[-1])
            raise CutError(bad, "the region's tensors order their dimensions differently (a transpose)")
        self.private_dims = an.private_dims
        self.axis_index = {r: k for k, r in enumerate(order)}
        self.axes: list[Axis] = []
        self.extents: list[Any] = [size[r] for r in order]
        """The canonical axes' sizes (sympy)."""
        self.aliases: dict[tuple[int, Any], Axis] = {}
        """(canonical axis, extent) -> the axis a cat operand's chain has there."""
        for k, r in enumerate(order):
            self.axes.append(self.graph.create_axis(f"z{k}", self.size(size[r])))
        self.rank0 = not self.axes
        if self.rank0:  # scalars only: one size-1 loop axis (schedule needs a loop)
            self.axes.append(self.graph.create_axis("z0", 1))

    def _concat_sizes(self, an: AxisAnalysis) -> dict[Any, Any]:
        """The extent of each class a ``cat`` joins along: its result's. Two cats of one
        class with different results (one feeding the other) are not one region."""
        out: dict[Any, Any] = {}
        for n, dim in an.concat_dims:
            r, s = an.uf.find((n, dim)), shape_of(n)[dim]
            if r in out and out[r] != s:
                raise CutError(n, "two cats along one axis, one of them joining the other's result")
            out[r] = s
        return out

    def axis_at(self, k: int, like: Any) -> Axis:
        """Canonical axis ``k`` as ``like`` (an FX node) has it: an alias axis of ``like``'s
        extent where it is an operand's chain of a cat along ``k`` (``AxisAnalysis.concat``).
        Where ``like`` has size 1 along ``k``, the axis of the node being built (which
        broadcasts it, over the same axis names)."""
        for i, s in enumerate(shape_of(like) if like is not None and _is_tensor(like) else []):
            r = self.dim_class.get((like, i))
            if r is None or self.axis_index[r] != k:
                continue
            return self.alias(k, s)
        if k in self.chain_extent.get(like, {}):  # size 1 along k, in a chain of that extent
            return self.alias(k, self.chain_extent[like][k])
        return self.axes[k] if like is self.current else self.axis_at(k, self.current)

    def alias(self, k: int, extent: Any) -> Axis:
        """Canonical axis ``k``, or the axis of that position with another ``extent``."""
        if extent == self.extents[k]:
            return self.axes[k]
        key = (k, extent)
        if key not in self.aliases:
            name = f"z{k}_{sum(1 for a in self.aliases if a[0] == k) + 1}"
            self.aliases[key] = self.graph.create_axis(name, self.size(extent))
        return self.aliases[key]

    def size(self, e: Any) -> SizeExpr:
        for s in sorted(str(x) for x in e.free_symbols):
            if s not in self.symbols:
                self.symbols.append(s)
                self.graph.create_size(s)
        try:
            return to_size_expr(e)
        except ValueError as err:
            raise RefusedError(self.current, str(err)) from None

    def present_of(self, node: Any) -> frozenset[int]:
        return frozenset(
            self.axis_index[self.dim_class[(node, i)]]
            for i in range(len(shape_of(node)))
            if (node, i) in self.dim_class
        )

    def axes_of(self, node: Any) -> list[int]:
        """Canonical axis of each non-1, non-private dimension of ``node``, in order."""
        return [
            self.axis_index[self.dim_class[(node, i)]]
            for i in range(len(shape_of(node)))
            if (node, i) in self.dim_class
        ]

    def view(
        self,
        y: NodeOutput,
        dtype: DType,
        present: frozenset[int],
        dense: bool = False,
        like: Any = None,
        axes: list[Axis] | None = None,
    ) -> None:
        """The canonical view over ``present``: size 1 elsewhere, with stride 0 (``dense``:
        the row-major stride, as an Arange's Broadcast must have, seed 000 FR8). The axes
        are ``like``'s (default: the FX node being built; :meth:`axis_at`), or ``axes``."""
        if axes is None:
            like = self.current if like is None else like
            axes = [self.axis_at(k, like) for k in range(len(self.axes))]
        sizes = [a.size if k in present else SizeExpr(1) for k, a in enumerate(axes)]
        strides: list[SizeExpr] = []
        acc = SizeExpr(1)
        for k in reversed(range(len(sizes))):
            strides.insert(0, acc if k in present or dense or self.rank0 else SizeExpr(0))
            if k in present:
                acc = acc * sizes[k]
        y.dtype, y.axis, y.size, y.strides = dtype, axes, sizes, strides
        y.node.attr.sched.axis = list(axes)

    # --------------------------------------------------------------- nodes
    def name(self, prefix: str) -> str:
        base = getattr(self.current, "name", None) or "v"
        name = self.graph.unique_name(f"{base}_{prefix}")
        self.ascir_owner[name] = self.current
        self.op_counts[prefix] = self.op_counts.get(prefix, 0) + 1
        return name

    def op(
        self,
        py: str,
        operands: Sequence[Val],
        dtype: DType,
        present: frozenset[int],
        attrs: Mapping[str, Any] | None = None,
    ) -> Val:
        """An ASCIR node ``py`` over tensor operands of one view; ``attrs``: its
        ``attr.ir_attr`` values (Gelu's ``approximate``, LeakyRelu's ``negative_slope``)."""
        node = getattr(ops, py)(self.name(py.lower()))
        ports = node._ports
        for port, v in zip(ports, operands, strict=True):
            setattr(node, port, v.out)
        for key, value in (attrs or {}).items():
            setattr(node.attr.ir_attr, key, value)
        self.view(node.y, dtype, present)
        return Val(dtype, node.y, present)

    def reduce(self, py: str, x: Val, axes: frozenset[int], result: DType | None = None) -> Val:
        """Reduction ``py`` of ``x`` over ``axes`` (``result``: its dtype where it is not
        ``x``'s, an ArgMax's index)."""
        axes = axes & x.present
        if not axes:
            return x
        if self.reduced is not None and self.reduced[1] != axes:
            raise CutError(self.current, "the reductions of one ASCIR graph reduce the same axes")
        if self.reduced is None:
            self.reduced = (self.current, axes)
        self.reductions.append(self.current)
        return self.op(py, [x], result or x.dtype, x.present - axes)

    def concat(self, n: Any, operands: Sequence[Any], dim: int) -> Val:
        """``torch.cat(operands, dim)`` as an ASCIR Concat (:meth:`join`)."""
        return self.join(n, [Piece(a) for a in operands], dim)

    def scatter_slice(self, n: Any, base: Any, fill: Any, src: Any, dim: int, start: Any, end: Any) -> Val:
        """``slice_scatter(base, src, dim, start, end)`` (a slice's backward makes one):
        ``cat(base[:start], src, base[end:])`` along ``dim`` (:meth:`join`) -- for a
        ``base`` filled with the number ``fill`` (``torch.full``) the outer pieces are
        Broadcasts of it, else Splits of ``base``."""
        size = shape_of(n)[dim]
        parts = [(start, 0), (end - start, None), (size - end, 2)]
        sizes = [extent for extent, _ in parts]
        pieces = [
            Piece(src)
            if index is None
            else Piece(None, scalar=fill, extent=extent)
            if fill is not None
            else Piece(base, extent=extent, split=(sizes, index))
            for extent, index in parts
            if index is None or extent != 0
        ]
        return self.join(n, pieces, dim)

    def join(self, n: Any, pieces: Sequence[Piece], dim: int) -> Val:
        """An ASCIR Concat along ``dim`` of ``pieces`` (:class:`Piece`), which
        ``lower-movement`` lowers by re-making each piece's chain over the result's extent and
        choosing by position. So a piece's chain -- its producers in the region, on its own
        extent along ``dim`` -- must be elementwise work on loads, read by nothing but this
        node; otherwise the region is cut here, and this node reads its operands as loads."""
        cd = to_ascir(_val(n).dtype)
        assert cd is not None  # unsupported_reason
        k = self.axis_index[self.dim_class[(n, dim)]] if (n, dim) in self.dim_class else None
        p = self.present_of(n)
        xs: list[Val] = []
        built = self.current
        for q in pieces:
            if q.extent is not None:  # over the result's axes but its own extent along dim
                assert k is not None
                axes = [self.alias(k, q.extent) if j == k else self.axis_at(j, n) for j in range(len(self.axes))]
                if q.split is None:
                    node = ops.Broadcast(self.name("broadcast"))
                    node.x = self.scalar_node(q.scalar, cd)
                else:
                    node = ops.Split(self.name("split"))
                    node.x = self.tensor(_v_of(self.arg(q.node)), cd, p).out
                    sizes, index = q.split
                    node.attr.ir_attr.axis, node.attr.ir_attr.index = k, index
                    node.attr.ir_attr.sizes = [self.size(e) for e in sizes]
                self.view(node.y, cd, p, axes=axes)
                xs.append(Val(cd, node.y, p))
                continue
            self.current = q.node  # an operand's casts and broadcasts are on its own axes
            try:
                xs.append(self.tensor(_v_of(self.arg(q.node)), cd, self.present_of(q.node)))
            finally:
                self.current = built
        if k is None:  # size 1 along dim: one operand (the others are empty, answered by torch)
            return self.tensor(xs[0], cd, p)
        node = ops.Concat(self.name("concat"))
        node.xs = [x.out for x in xs]
        node.attr.ir_attr.axis = k
        self.view(node.y, cd, p)
        return Val(cd, node.y, p)

    def _plan_chains(self) -> None:
        """Before building: the chain of every operand of a Concat (``cat``, ``slice_scatter``,
        :meth:`join`) -- its producers in the region -- must be work ``lower-movement`` can
        re-make over the result's extent (elementwise ops, broadcasts, Aranges, fills, loads
        and strided reads of views), and, having the operand's own extent along the joined
        axis (its values' axis there is an alias of that extent: :meth:`axis_at`), is read
        by nothing but the chain and the Concat. Otherwise the region is cut at the Concat
        (or at the other reader, when it follows), which then reads its operands as loads."""
        for n in self.nodes:
            joins = self.table.rule(n).joins
            if joins is None:
                continue
            dim, operands, base = joins(n)
            if (n, dim) not in self.dim_class:
                continue
            k = self.axis_index[self.dim_class[(n, dim)]]
            if base is not None:
                self._chain(n, [base])  # Split pieces: re-made, on the result's own extent
            for a in operands:
                chain = self._chain(n, [a])
                extent = shape_of(a)[dim]
                for c in chain:
                    if self.chain_extent.setdefault(c, {}).setdefault(k, extent) != extent:
                        raise CutError(n, f"{_what(c)} is in two concat pieces of different extents")
                for c in chain:
                    others = [u for u in c.users if u is not n and u not in chain]
                    if others:
                        # the other reader leaves the region: cut at it when it follows the cat here
                        after = [u for u in others if u in self.inside and self.nodes.index(u) > self.nodes.index(n)]
                        cut = after[0] if len(after) == len(others) else n
                        raise CutError(cut, f"{_what(c)} is an operand of the cat and read by {_what(others[0])} too")

    def _chain(self, n: Any, operands: Sequence[Any]) -> set[Any]:
        """The producers of ``operands`` in the region, each one ``lower-movement`` can move."""
        chain: set[Any] = set()
        stack = list(operands)
        while stack:
            c = stack.pop()
            if c in chain or c not in self.inside or not _is_tensor(c):
                continue
            chain.add(c)
            if self._reads_through_strides(c):
                continue  # a load of the tensor its chain of views starts from
            rule = self.table.rule(c)
            moves = (
                rule.axes in (self.table.POINTWISE, self.table.EXPAND)
                or (rule.view and self.table.view_is_identity(c))
                or str(c.target).startswith(("aten.arange", "aten.full.default"))
            )
            if not moves:
                raise CutError(n, f"an operand of the cat is computed by {_what(c)}, which a Concat cannot move")
            stack += _node_args(c)
        return chain

    def scalar_node(self, value: Any, dtype: DType) -> NodeOutput:
        import sympy

        if isinstance(value, sympy.Expr) and not value.is_Number:
            node = ops.IndexExpr(self.name("indexexpr"), self.graph)
            node.attr.ir_attr.expr = self.size(value)
            node.y.dtype = DType.int64
            return node.y
        node = ops.Scalar(self.name("scalar"), self.graph)
        node.attr.ir_attr.value = _literal(value, dtype)
        node.y.dtype = dtype
        return node.y

    def tensor(self, v: Val, dtype: DType, present: frozenset[int]) -> Val:
        """``v`` as a tensor of ``dtype`` over ``present`` (casts, then broadcasts)."""
        if not v.is_tensor:
            import sympy

            symbolic = isinstance(v.scalar, sympy.Expr) and not v.scalar.is_Number
            sdtype = DType.int64 if symbolic else dtype
            node = ops.Broadcast(self.name("broadcast"))
            node.x = self.scalar_node(v.scalar, sdtype)
            self.view(node.y, sdtype, present)
            return self.cast(Val(sdtype, node.y, present), dtype)
        v = self.cast(v, dtype)
        if v.present == present:
            return v
        if not v.present <= present:
            raise RefusedError(self.current, "an operand has an axis its result does not have")
        node = ops.Broadcast(self.name("broadcast"))
        node.x = v.out
        self.view(node.y, dtype, present)
        return Val(dtype, node.y, present)

    def cast(self, v: Val, dtype: DType) -> Val:
        """Convert ``v`` with torch's semantics; a pair the Cast table lacks goes through a
        lossless intermediate (or ``!= 0`` for bool)."""
        if not v.is_tensor:
            return Val(dtype, scalar=v.scalar)
        if v.dtype == dtype:
            return v
        if dtype == DType.bool and dtype not in dt.CAST_PAIRS.get(v.dtype, frozenset()):
            zero = self.tensor(Val(None, scalar=0), v.dtype, v.present)
            return self.op("Ne", [v, zero], DType.bool, v.present)
        if _wraps(v.dtype, dtype):
            return self._wrap_narrow(v, dtype)
        for step in _cast_path(v.dtype, dtype):
            v = self.op("Cast", [v], step, v.present)
        return v

    def _wrap_narrow(self, v: Val, dtype: DType) -> Val:
        """torch's conversion to a narrow integer: a float truncates to int32 (to int64 for
        uint8, c10 ``static_cast_with_inter_type``), then the integer keeps its low bits
        (300 -> 44, -1 -> 255 as uint8, 200 -> -56 as int8) -- where ASCIR's float -> int
        Casts saturate: int32 -> int16 wraps; for 8 bits ``& 255`` (int8: sign-extended by
        ``(b ^ 128) - 128``), then exactly through float16."""
        if v.dtype.is_float:
            v = self.cast(v, DType.int64 if dtype is DType.uint8 else DType.int32)
        v = self.cast(v, DType.int32)
        if dtype is DType.int16:
            return self.cast(v, dtype)

        def const(value: int) -> Val:
            return self.tensor(Val(None, scalar=value), DType.int32, v.present)

        low = self.op("BitwiseAnd", [v, const(255)], DType.int32, v.present)
        if dtype is DType.int8:
            flipped = self.op("BitwiseXor", [low, const(128)], DType.int32, v.present)
            low = self.op("Sub", [flipped, const(128)], DType.int32, v.present)
        half = self.cast(low, DType.float16)
        return self.op("Cast", [half], dtype, v.present)  # exact: |low| <= 255

    # ------------------------------------------------------------- driver
    def load(self, outer: Any) -> Val:
        if any(d[0] is outer for d in self.private_dims):
            raise CutError(self.current, f"{_what(outer)} is both a gather table and an operand")
        if not _val(outer).is_contiguous():
            return self._read_in_place(outer, outer)
        dtype = to_ascir(_val(outer).dtype)
        if dtype is None and self.table.narrows_float64_scalar(self.current):
            dtype = to_ascir(_val(self.current).dtype)  # rounded on the way in, as torch casts
            self.host_casts[len(self.inputs)] = dtype
        if dtype is None:
            raise RefusedError(
                self.current, f"{_what(outer)} has dtype {_val(outer).dtype}, which ASCIR lacks"
            )
        present = self.present_of(outer)
        index = len(self.inputs)
        data = ops.Data(self.graph.unique_name(f"in{index}"), self.graph)
        data.attr.ir_attr.index = index
        self.view(data.y, dtype, present, like=outer)
        load = ops.Load(self.graph.unique_name(f"in{index}_load"))
        load.x = data
        load.attr.ir_attr.offset = 0
        self.view(load.y, dtype, present, like=outer)
        self.inputs.append(outer)
        self.input_shapes.append([self.axis_at(k, outer).size if k in present else 1 for k in range(len(self.axes))])
        return Val(dtype, load.y, present)

    def own_load(self, outer: Any, private_axes: dict[int, Axis]) -> NodeOutput:
        """A gather operand loaded over its own dimensions (``private_axes``: dims that are
        not canonical axes)."""
        if outer in self.inside:
            raise CutError(self.current, "a gather reads the region's inputs only")
        dtype = to_ascir(_val(outer).dtype)
        if dtype is None:
            raise RefusedError(
                self.current, f"{_what(outer)} has dtype {_val(outer).dtype}, which ASCIR lacks"
            )
        axes: list[Axis] = []
        for i, s in enumerate(shape_of(outer)):
            if i in private_axes:
                axes.append(private_axes[i])
            elif (outer, i) in self.dim_class:
                axes.append(self.axes[self.axis_index[self.dim_class[(outer, i)]]])
            else:
                raise RefusedError(
                    self.current, f"{_what(outer)} has a size-{s} dimension a gather cannot take"
                )
        index = len(self.inputs)
        data = ops.Data(self.graph.unique_name(f"in{index}"), self.graph)
        data.attr.ir_attr.index = index
        data.y.dtype, data.y.axis = dtype, axes
        load = ops.Load(self.graph.unique_name(f"in{index}_load"))
        load.x = data
        load.attr.ir_attr.offset = 0
        load.y.dtype, load.y.axis = dtype, axes
        load.attr.sched.axis = axes
        self.inputs.append(outer)
        self.input_shapes.append([a.size for a in axes])
        return load.y

    def _reads_through_strides(self, n: Any) -> bool:
        rule = self.table.rule(n)
        return rule.view and rule.raw_args and not self.table.view_is_identity(n)

    def strided_load(self, n: Any) -> Val:
        """A view that moves data if copied (split, merge, transpose, partial slice, select)
        of a tensor outside the region: that tensor read in place through the view's
        strides and storage offset (its FakeTensor's, relative to the source's), over the
        canonical axes of the view's dimensions. The kernel gets the source's storage as a
        flat span. A view of a value computed in the region cuts it: the next region reads
        the stored value this way."""
        root = n.args[0]
        while root in self.inside and self.table.rule(root).view:
            root = root.args[0]
        if root in self.inside:
            raise CutError(
                n, f"{_what(n)} reshapes, transposes or slices a value computed in the region"
            )
        return self._read_in_place(n, root)

    def _read_in_place(self, n: Any, root: Any) -> Val:
        """``n`` (``root`` or a view of it) read from ``root``'s storage through ``n``'s
        strides (Data: the storage from ``root``'s first element on, flat)."""
        import sympy

        rv, vv = _val(root), _val(n)
        dtype = to_ascir(vv.dtype)
        if dtype is None or to_ascir(rv.dtype) is not dtype:
            raise RefusedError(n, f"{_what(n)} has dtype {vv.dtype}, which ASCIR lacks")
        span = sympy.Integer(1)
        for size, stride in zip(rv.shape, rv.stride(), strict=True):
            span = span + (sym_expr(size) - 1) * sym_expr(stride)
        offset = sym_expr(vv.storage_offset()) - sym_expr(rv.storage_offset())
        if str(n.target).startswith("aten.as_strided"):  # the other views stay inside their source
            extent = [(sym_expr(z) - 1) * sym_expr(st) for z, st in zip(vv.shape, vv.stride(), strict=True)]
            if not (_provably(offset >= 0) and _provably(offset + sum(extent, sympy.Integer(0)) <= span - 1)):
                raise RefusedError(n, f"{_what(n)} may read outside its source's elements (as_strided)")
        present = self.present_of(n)
        index = len(self.inputs)
        data = ops.Data(self.graph.unique_name(f"in{index}"), self.graph)
        data.attr.ir_attr.index = index
        data.y.dtype, data.y.axis = dtype, [self.private_axis(span)]
        load = ops.Load(self.graph.unique_name(f"in{index}_load"))
        load.x = data
        load.attr.ir_attr.offset = self.size(offset)
        self.view(load.y, dtype, present, like=n)
        by_axis = {self.axis_index[self.dim_class[(n, i)]]: vv.stride()[i] for i in range(vv.dim()) if (n, i) in self.dim_class}
        load.y.strides = [self.size(sym_expr(by_axis[k])) if k in by_axis else SizeExpr(0) for k in range(len(self.axes))]
        self.strided[index] = [sym_expr(st) for st in rv.stride()]
        self.inputs.append(root)
        self.input_shapes.append([span])
        return Val(dtype, load.y, present)

    def private_axis(self, size: Any) -> Axis:
        return self.graph.create_axis(f"p{len(self.graph.axes)}", self.size(size))

    def arg(self, a: Any) -> Any:
        """An FX argument as the builders see it: tensors (inside or outer) as Val,
        SymInts as scalar Vals of their expression, lists element-wise."""
        if isinstance(a, (list, tuple)):
            return type(a)(self.arg(x) for x in a)
        if hasattr(a, "meta") and hasattr(a, "op"):
            if a in self.env:
                return self.env[a]
            if _is_tensor(a):  # one Load per axis naming (a cat operand's chain has its own)
                key = (a, tuple(self.axis_at(k, a).name for k in range(len(self.axes))))
                if key not in self.loads:
                    self.loads[key] = self.load(a)
                return self.loads[key]
            val = _val(a)
            if val is not None and hasattr(val, "node"):
                return Val(None, scalar=sym_expr(val))
            raise RefusedError(self.current, f"argument {a.name} is neither a tensor nor a size")
        return a

    def build(self) -> BuiltGraph:
        self._plan_chains()
        for n in self.nodes:
            self.current = n
            if n in self.unread:
                continue
            rule = self.table.rule(n)
            if rule.raw_args:
                args, kwargs = list(n.args), dict(n.kwargs)
            else:
                args = [self.arg(a) for a in n.args]
                kwargs = {k: self.arg(v) for k, v in n.kwargs.items()}
            try:
                v = rule.build(self, n, *args, **kwargs)
            except (AscirError, ValueError, TypeError) as e:
                raise RefusedError(n, f"{type(e).__name__}: {e}") from None
            if isinstance(v, Val):
                want = to_ascir(_val(n).dtype)
                if want is None:
                    raise RefusedError(n, f"result dtype {_val(n).dtype} has no ASCIR equivalent")
                if v.is_tensor and v.present != self.present_of(n):
                    v = self.tensor(v, v.dtype, self.present_of(n))
                v = self.cast(v, want) if v.is_tensor else v
            self.env[n] = v
        users_outside = [n for n in self.nodes if any(u not in self.inside for u in n.users)]
        outputs = []
        for n in users_outside:
            self.current = n
            v = self.env[n]
            if not isinstance(v, Val):
                raise RefusedError(n, f"{_what(n)} produces a value ASCIR cannot return")
            want = to_ascir(_val(n).dtype)
            v = self.tensor(v, want, self.present_of(n))
            store = ops.Store(self.name("store"))
            store.x = v.out
            store.attr.ir_attr.offset = 0
            self.view(store.y, want, v.present)
            out = ops.Output(self.name("out"), self.graph)
            out.attr.ir_attr.index = len(outputs)
            out.x = store
            self.view(out.y, want, v.present)
            outputs.append(n)
        if not outputs:
            raise CutError(self.nodes[-1], "the region has no output")
        self._check_vertical(outputs)
        self._check_scatter()
        try:
            ir = self.graph.to_mlir()
        except AscirError as e:
            raise RefusedError(self._owner_in(str(e)), f"{e}") from None
        return BuiltGraph(
            self.graph,
            self.inputs,
            self.input_shapes,
            outputs,
            self.symbols,
            self.strided,
            self.host_casts,
            ir,
            self.op_counts,
        )

    def _check_vertical(self, outputs: list[Any]) -> None:
        """A region holding a gather has at most one reduction (cut at the second) and
        stores only values computed from its gathers: an IndirectLoad fuses vertically (seed
        001, "融合仅支持垂直方向"). Otherwise the region is
        cut at its first gather (or, when that is its first node, at its first node that
        does not depend on a gather), so both parts still fuse."""
        if not self.gathers:
            return
        if len(self.reductions) > 1:  # seed 001: one reduction at most follows an IndirectLoad
            raise CutError(self.reductions[1], "at most one reduction may follow a gather (IndirectLoad)")
        fed: set[Any] = set()
        for n in self.nodes:
            if n in self.gathers or any(a in fed for a in _node_args(n)):
                fed.add(n)
        if all(n in fed for n in outputs):
            return
        first = self.nodes.index(self.gathers[0])
        cut = first if first > 0 else next(j for j, n in enumerate(self.nodes) if n not in fed)
        raise CutError(
            self.nodes[cut],
            "a region with a gather stores only values computed from the gather (IndirectLoad fuses "
            "vertically)",
        )

    def _check_scatter(self) -> None:
        """A region with an ``index_put`` is its kernel (``passes.index_put_case``): the
        IndexPut, the work only it reads, nothing reading its result (complete only when
        the kernel ends), no other output and no gather. Otherwise the region is split in
        three, each part still a candidate region: what the rest needs first (shared work,
        other outputs), the IndexPut with the work only it reads, and what follows it."""
        if not self.scatters:
            return
        put = self.scatters[0]
        at = self.nodes.index(put)
        part = {put}
        for m in reversed(self.nodes[:at]):  # the work only the IndexPut reads
            if m.users and all(u in part for u in m.users):
                part.add(m)
        if any(g in part for g in self.gathers):
            raise CutError(put, "a gather and an index_put are kernels of their own")
        if len(part) == len(self.nodes):
            return
        after: set[Any] = set()
        for m in self.nodes[at + 1 :]:
            if any(a is put or a in after for a in _node_args(m)):
                after.add(m)
        parts = [
            [m for m in self.nodes if m not in part and m not in after],
            [m for m in self.nodes if m in part],
            [m for m in self.nodes if m in after],
        ]
        raise CutError(
            put,
            "a region with an index_put holds only the IndexPut and the work only it reads",
            [p for p in parts if p],
        )

    def _owner_in(self, message: str) -> Any:
        """The FX node whose ASCIR node a verifier message names (the last one built when
        none is named)."""
        best = None
        for name, owner in self.ascir_owner.items():
            if f"'{name}'" in message or f"%{name}" in message:
                if best is None or len(name) > len(best[0]):
                    best = (name, owner)
        return best[1] if best else self.nodes[-1]


# ------------------------------------------------------------------ helpers
def _val(node: Any) -> Any:
    return node.meta.get("val") if hasattr(node, "meta") else None


def _v_of(a: Any) -> Val:
    return a if isinstance(a, Val) else Val(None, scalar=a)


def _is_tensor(node: Any) -> bool:
    import torch

    return isinstance(_val(node), torch.Tensor)


def _node_args(n: Any) -> list[Any]:
    out: list[Any] = []

    def walk(a: Any) -> None:
        if isinstance(a, (list, tuple)):
            for x in a:
                walk(x)
        elif isinstance(a, dict):
            for x in a.values():
                walk(x)
        elif hasattr(a, "op") and hasattr(a, "meta"):
            out.append(a)

    walk(n.args)
    walk(n.kwargs)
    return out


def _provably(cond: Any) -> bool:
    """A sympy relation true for every value of its symbols (sizes are >= 1); False when
    it is false or sympy cannot decide."""
    import sympy

    try:
        return bool(sympy.simplify(cond))
    except TypeError:
        return False


def _what(node: Any) -> str:
    target = getattr(node, "target", None)
    if node.op == "call_function":
        return f"{target} ({node.name})"
    return f"input {node.name}"


def _literal(value: Any, dtype: DType) -> str:
    import math

    if dtype == DType.bool:
        return "true" if value else "false"
    if dtype.is_float:
        v = float(value)
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError(f"scalar {value} is not an integer for dtype {dtype}")
        value = int(value)
    return str(int(value))


_LOSSLESS = {
    DType.bfloat16: [DType.float32],
    DType.float16: [DType.float32],
    DType.int8: [DType.int32, DType.float16],
    DType.int16: [DType.int32, DType.float32],
    DType.uint8: [DType.int32, DType.float32],
    DType.bool: [DType.int32, DType.float32, DType.uint8],
    DType.int32: [DType.int64],
}


def _wraps(src: DType, dst: DType) -> bool:
    """torch keeps the low bits converting ``src`` to ``dst`` where ASCIR's Cast (or the
    lack of one) does not: a float to int8/uint8/int16 (ASCIR saturates), an integer to
    one of them without a Cast pair."""
    if src is dst or src is DType.bool or dst not in (DType.int8, DType.uint8, DType.int16):
        return False
    return src.is_float or dst not in dt.CAST_PAIRS.get(src, frozenset())


def _cast_path(src: DType, dst: DType) -> list[DType]:
    """Cast steps ``src -> dst``: one when the table has the pair, else a lossless first
    step (a wider type holding every value of ``src``) and the conversion."""
    if dst in dt.CAST_PAIRS.get(src, frozenset()):
        return [dst]
    for mid in _LOSSLESS.get(src, []):
        if mid in dt.CAST_PAIRS.get(src, frozenset()) and dst in dt.CAST_PAIRS.get(mid, frozenset()):
            return [mid, dst]
    raise ValueError(f"no cast {src} -> {dst} in ASCIR's Cast table (dtypes.CAST_PAIRS)")


def getitem_like(target: Any) -> bool:
    return target is operator.getitem


Builderfn = Callable[..., Any]
