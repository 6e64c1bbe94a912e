"""``lower-to-ascendc``: an impl graph -> an ``ascendc`` kernel module (memory-level API).

The loop space of the impl graph is ``outer axes x inner axis`` (the vectorized axis).
Its reductions reduce one set ``P`` of loop positions, any set (``passes.phases``); the
other outer positions are *kept*. One *work item* is one coordinate of the kept outer
positions (and a chunk of ``tile`` elements of the inner axis when the inner axis is
kept); work items are numbered row-major and split evenly over ``block_dim`` cores. Per
work item the kernel runs the reduction passes of ``passes.phases``: the kept nodes of
level 0; per reduction level a pass over the reduced extent in chunks that accumulates
the level's reductions, followed by the kept nodes of that level; an output pass that
computes and stores the varying nodes. Two schedules, chosen by host tiling from the
real sizes and recorded as the tiling key:

* ``RESIDENT`` (key 1): the reduced extent is the inner axis alone and fits one tile --
  the row is loaded once and every node computed once (a reduction is one ReduceX);
* ``STREAMING`` (key 2, the only schedule of graphs that cannot be resident): every pass
  streams the reduced extent through UB in tiles, recomputing the varying nodes it needs
  from the loads; reductions accumulate elementwise into a tile-wide accumulator
  (float32 for float16/bfloat16 sums, as torch accumulates), reduced to one value at
  the end of the pass when the inner axis is reduced. Any reduced extent compiles; the
  input is read ``depth + 1`` times.
* ``SPLIT`` (key 3): fewer work items than cores and a large reduced extent (a reduce-all
  over 10^7 elements): every work item is split into ``split_parts`` parts of its chunks,
  one core each, and every pass is its own kernel launch. A pass writes each part's
  partial accumulator to the workspace; the next launch combines the partials of every
  part (each core redundantly) before its own pass. The kernels launch in order on one
  stream, so each sees the previous one's partials complete (as SK-like stages do).

In a tile every tensor lives in its own UB buffer, dense along the inner axis (or one
element when the tensor is broadcast along it); GM views are addressed with their own
strides (AL-8: logical values from logical strides, physical placement from the layout).
Host tiling picks ``tile`` so that every UB buffer fits ``ub_size``.

Ops map to AscendC APIs through the target description (``ascendc_emitter.target.ops``);
ops without a vector API there (integer floor division, remainder, logical ops) use a
scalar loop over the tile.
Anything not supported fails closed with a PassError naming the node.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager

from xdsl.dialects.builtin import Float16Type, IntegerType, ModuleOp, Signedness
from xdsl.ir import Attribute, SSAValue

from ascendc_emitter.builder import BodyBuilder, KernelModuleBuilder, i64
from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.dialect.types import element_bytes
from ascendc_emitter.names import kernel_symbol
from ascendc_emitter.target.math import MASK_STEPS, SHIFTS, In, memory_recipe, recipe_dtype
from ascendc_emitter.target.ops import (
    MEMORY_STEP_APIS,
    OpEntry,
    memory_dtype,
    op_entry,
    ops_where,
    reduction,
    reduction_identity,
    unsupported,
    uses_recipe,
)
from ascendc_emitter.target.support import LIMITS
from ascendc_emitter.target.types import (
    CastUnsupportedError,
    WrapPlan,
    cast_step_wrap,
    cast_steps,
    element_type,
    scalar_type,
)
from ascir_dialect.attributes import ScalarType, TensorType
from ascir_dialect.diagnostics import at_node
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import AscirNode, GraphOp, VfOp
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.math import LeakyReluOp
from ascir_dialect.ops.memory import LoadOp, OutputOp, StoreOp
from ascir_dialect.ops.reduce import MaxOp, ReduceNode, SumOp
from ascir_dialect.ops.sources import ArangeOp, DataOp, IndexExprOp, ScalarDataOp, ScalarOp
from ascir_dialect.symbolic import SizeExpr
from lowering.cascade import LEVELS
from lowering.exprs import ExprLowering
from lowering.host_tiling import HostTiling
from lowering.plan import (
    PASS,
    RESIDENT,
    ROW_BUFFER_BYTES,
    SPLIT,
    STREAMING,
    TILE_ALIGN,
    Buffer,
    accumulator_dtype,
    analyse,
    cascades,
    fixed_bytes,
    inner_full,
    per_element_bytes,
)
from lowering.ub_reuse import share_buffers
from lowering.vf_lowering import VfCodegen, VfContext
from passes.diagnostics import PassError
from passes.options import CompileOptions

FOLD_LANES = 32
"""Lanes left to the scalar fold of a reduction without a ReduceX (Prod) after its vector
halving steps: slices start at multiples of 32 elements, 32-byte aligned for every
accumulator dtype (2 bytes and up; a tile is a multiple of them)."""
FOLD_STEPS = 28
"""Halving steps of that fold: enough for 32 * 2**28 lanes, beyond any UB tile."""


u8 = IntegerType(8, Signedness.UNSIGNED)

_BINARY = ops_where(lambda e: e.memory is not None and issubclass(e.op, ew.BinaryNode) and e.compare is None)
"""Binary ops with a memory-level vector API (and maybe a tensor-scalar one)."""
_UNARY = ops_where(lambda e: e.memory is not None and issubclass(e.op, ew.UnaryNode))
_SCALAR_LOOP = ops_where(
    lambda e: (
        issubclass(e.op, ew.ElementwiseNode)
        and e.memory is None
        and e.memory_scalar is None
        and not e.sequence
    )
)
"""Ops without a vector API: a scalar GetValue/SetValue loop over the tile."""
_SCALAR_KIND = {
    ew.FloorDivOp: "floordiv",
    ew.RemainderOp: "remainder",
    ew.LogicalAndOp: "and",
    ew.LogicalOrOp: "or",
    ew.LogicalNotOp: "not",
}
"""How the scalar loop computes each of them (and names its loop)."""


def _entry(n: AscirNode) -> OpEntry:
    entry = op_entry(n)
    assert entry is not None, n.name  # the handlers only take ops of the target table
    return entry


def _maybe_nan(v: SSAValue) -> bool:
    """Whether a scalar-like float operand may be NaN (anything but a number constant)."""
    import math

    owner = v.owner
    return not (isinstance(owner, ScalarOp) and not math.isnan(float(owner.python_value())))



Unit = AscirNode | VfOp
"""What the kernel emits as one piece: a node, or a VF region (one function call)."""


class GraphLowering:
    """Builds the kernel module for one impl graph."""

    def __init__(
        self,
        graph: GraphOp,
        name: str | None,
        options: CompileOptions,
        split: bool = True,
    ):
        self.graph = graph
        self.options = options
        self.mask_mode = options.mask_mode
        double_buffer = options.double_buffer
        self.plan = analyse(graph)
        self.phases = self.plan.phases
        self.double_buffer = double_buffer and (self.phases.depth == 0 or self.plan.may_be_resident)
        """Whether the tile loop may be double-buffered (see :meth:`_pipelined_tiles`): graphs
        without reductions, whose tiles are independent, and the RESIDENT schedule of
        reductions along the inner axis, whose work items (one whole row each) are
        independent too. The STREAMING schedule (a row in chunks, partials carried from chunk
        to chunk) drains; host tiling gives it one slot."""
        self.inputs = sorted(
            (n for n in graph.nodes() if isinstance(n, (DataOp, ScalarDataOp))), key=lambda n: n.index_value
        )
        self.outputs = sorted(
            (n for n in graph.nodes() if isinstance(n, OutputOp)), key=lambda n: n.index_value
        )
        self.name = kernel_symbol(name or f"autofuse_{graph.graph_name}")
        self.index_exprs = [n for n in graph.nodes() if isinstance(n, IndexExprOp)]
        self.reductions = [n for n in graph.top_level() if isinstance(n, ReduceNode)]
        for r in self.reductions:
            entry = reduction(r)
            if entry.decomposed:
                raise PassError(
                    PASS,
                    f"{r.describe()}: {r.name} is lowered as {', '.join(v.name for v in entry.via)} "
                    "(run decompose-reductions before schedule: -p autofuse runs it)",
                    at=r,
                )
            api = entry.memory or entry.combine_entry.memory
            assert api is not None  # a combine step of the target table has a memory-level API
            if memory_dtype(api, accumulator_dtype(r)) is None:
                how = (
                    ""
                    if entry.memory is not None
                    else f" (it multiplies the partial results: compute the {r.name} of the "
                    "operand cast to a wider integer, e.g. int32)"
                )
                raise PassError(PASS, f"{r.describe()}: {unsupported(api, accumulator_dtype(r))}{how}", at=r)
        self.split = split and bool(self.reductions)
        """Whether the module has the SPLIT schedule (not inside SK-like stages, whose kernels
        are launched by the template)."""
        fields = (
            [("tile", i64), ("tiles_per_row", i64), ("total_tiles", i64), ("per_block", i64)]
            + [(f"ie_{i}", i64) for i in range(len(self.index_exprs))]
        )
        if self.double_buffer:
            fields += [("slots", i64)]
        if self.split:
            fields += [("split_parts", i64), ("split_chunks", i64)]
            fields += [(f"ws_{i}", i64) for i in range(len(self.reductions))]
        self.cascaded = {r for r in self.reductions if cascades(r)}
        """Reductions whose partial results add in torch's cascade (``lowering.cascade``)."""
        if self.cascaded:
            fields += [("sum_base", i64)]
        if self.cascaded and self.split:
            fields += [("split_top", i64)]
        gm = [f"in{n.index_value}" for n in self.inputs] + [f"out{n.index_value}" for n in self.outputs]
        self.kb = KernelModuleBuilder(self.name, gm, graph.size_names, fields)
        self.units: list[Unit] = list(graph.top_level())  # type: ignore[arg-type]
        self.order = {u: i for i, u in enumerate(self.units)}
        self._vf_functions: set[VfOp] = set()
        self.has_vf = any(isinstance(u, VfOp) for u in self.units)
        """Whether the kernel calls VFs: they access UB through raw pointers, which the
        compiler's cce-auto-sync does not cover, so scalar UB accesses need explicit V_S/S_V
        (asc-devkit docs 同步控制/核内同步/关键特性说明.md, cce-auto-sync constraints)."""
        self.kernel_buffers: list[list[Buffer]] = []
        self.unshared_buffers: list[list[Buffer]] = []
        """Each kernel's buffers before ``lowering.ub_reuse`` shared them (for the benchmarks'
        tile size before/after UB reuse)."""
        self.kernel_exprs: dict[SizeExpr, str] = {}
        """Every size expression the kernels evaluate (host tiling checks them all)."""
        """The UB buffers of each kernel of the module (host tiling sizes the tile for the
        largest)."""

    # ------------------------------------------------------------------ kernel
    def build(self) -> ModuleOp:
        self._kernel(None, None, self._main_body)
        if self.split:
            for launch in range(1, self.phases.depth + 2):
                self._kernel(f"{self.name}_split{launch}", SPLIT, lambda k, n=launch: self._split_body(k, n))
        self._check_ub()
        self._host()
        return self.kb.finish()

    @contextmanager
    def _building(self, b: BodyBuilder) -> Iterator[BodyBuilder]:
        """Emit into ``b`` for the block: ``self.b`` is ``b`` inside it and the enclosing
        builder again after it, also when the block raises."""
        outer, self.b = self.b, b
        try:
            yield b
        finally:
            self.b = outer

    def _check_ub(self) -> None:
        """Refuse at compile time a graph whose buffers do not fit the platform's UB even at
        the smallest tile (host tiling still checks the ``ub_size`` of each launch)."""
        ub = self.options.platform.ub_bytes
        need = max(map(fixed_bytes, self.kernel_buffers)) + TILE_ALIGN * max(
            map(per_element_bytes, self.kernel_buffers)
        )
        if need > ub:
            count = max(map(len, self.kernel_buffers))
            raise PassError(
                PASS,
                f"graph @{self.graph.graph_name} keeps {count} tensors in UB at once: even the smallest "
                f"tile ({TILE_ALIGN} elements) needs {need} bytes and the platform has {ub} "
                "(ascir.utils.set_platform); split the graph into smaller fused graphs",
                at=self.graph,
            )

    def _kernel(self, name: str | None, key: int | None, body: Callable[[BodyBuilder], None]) -> None:
        """One kernel of the module, with its own prologue (GM tensors, UB buffers)."""
        with self.kb.kernel(name, key) as (k, addrs, tiling):
            self.k, self.tiling = k, tiling
            self.values: dict[SSAValue, SSAValue] = {}  # ASCIR tensor/scalar -> LocalTensor / scalar
            self.globals: dict[AscirNode, SSAValue] = {}
            self.buffers: list[Buffer] = []
            self.pipelined = self.double_buffer and name is None
            self.slots = k.tiling_get(tiling, "slots") if self.pipelined else None
            """Buffer slots per double buffer, 1 or 2 (host tiling chooses)."""
            self._slotted: dict[SSAValue, SSAValue | int] = {}  # double buffer -> elements per copy
            self._single_mte = False  # some DataCopy in the tile loop touches a single buffer
            self._temps: dict[str, SSAValue] = {}  # temporaries shared by purpose
            self._dups: dict[tuple[SSAValue, str], SSAValue] = {}
            self._mask_tmp: dict[bool, tuple[SSAValue, SSAValue, SSAValue]] = {}
            self._sel_bits: dict[bool, SSAValue] = {}
            self.in_chunks, self.resident, self.part = False, False, None
            self.sym = ExprLowering(k, lambda s: k.size_get(tiling, s), record=self.kernel_exprs)
            self._prologue(addrs)
            self.workspace = addrs[-1]
            self.tile, self.tiles_per_row, self.total, self.per_block = (
                k.tiling_get(tiling, f) for f in ("tile", "tiles_per_row", "total_tiles", "per_block")
            )
            self.inner_size = self.sym(self.plan.inner[1], "inner_size")
            self.sum_base = k.tiling_get(tiling, "sum_base") if self.cascaded else None
            body(k)
        self.unshared_buffers.append(list(self.buffers))
        self._share_buffers()
        if len(self.buffers) > LIMITS["tpipe_buffers"].hi:
            raise PassError(
                PASS,
                f"graph @{self.graph.graph_name}: its kernel needs {len(self.buffers)} UB buffers, more than the "
                f"{LIMITS['tpipe_buffers'].hi} a kernel may use on arch 3510 ({LIMITS['tpipe_buffers'].source})",
                at=self.graph,
            )
        self.kernel_buffers.append(self.buffers)

    def _share_buffers(self) -> None:
        """Buffers whose live ranges do not overlap become one (``lowering.ub_reuse``); the
        kernel's buffer list, which host tiling and the UB checks size, keeps one entry per
        ``TBuf`` left."""
        tbufs = [b.tbuf for b in self.buffers]
        assert all(t is not None for t in tbufs)
        if not tbufs:
            return
        kernel = tbufs[0].parent_op()  # type: ignore[union-attr]
        assert kernel is not None
        owner = share_buffers(tbufs, [b.kind for b in self.buffers], kernel)  # type: ignore[arg-type]
        self.buffers = [b for i, b in enumerate(self.buffers) if owner[i] == i]

    def _main_body(self, k: BodyBuilder) -> None:
        if self.plan.may_be_resident:
            with k.key_switch(self.tiling, [RESIDENT, STREAMING]) as (resident, streaming):
                self._work_items(resident, resident=True)
                self._work_items(streaming, resident=False)
        else:
            self._work_items(k, resident=False)

    def _work_items(self, b: BodyBuilder, resident: bool) -> None:
        """The block's loop over its work items (see the module doc)."""
        self.resident = resident
        first = b.mul(b.block_idx(), self.per_block, name="first_tile")
        last = b.min(b.add(first, self.per_block), self.total, name="last_tile")
        self.first = first
        if self.pipelined and (resident or not self.plan.may_be_resident):
            self._pipelined_tiles(b, first, last)
            return
        with b.loop(first, last, 1, "t") as (lb, t):
            self.b, self.t = lb, t
            self._enter_work_item(t)
            self._work_item()
            lb.sync("MTE3_V")
            lb.sync("V_MTE2")

    def _pipelined_tiles(self, b: BodyBuilder, first: SSAValue, last: SSAValue) -> None:
        """The block's work items, double-buffered: every tensor a DataCopy fills or drains has
        ``slots`` copies (host tiling chooses 2, or 1 when a core's work fits one tile anyway:
        :meth:`_host`), tile ``t`` uses slot ``(t - first) % slots``, and the pipes hand
        a slot over with one event id per slot instead of draining at the end of every tile:
        MTE2 waits (V_MTE2) only until the vector pipe is done with the slot's tile before
        last, the vector pipe (MTE3_V) only until MTE3 has stored it. So the copy-in of tile
        t + 1 and the copy-out of tile t - 1 overlap the compute of tile t (the pattern of the
        devkit's double-buffer samples, with events in place of TQue: docs/zh/api/SIMD-API/
        基础API/同步控制/核内同步/SetFlag-WaitFlag(ISASI).md). Each slot's events are set once
        before the loop and waited once after it, so sets and waits balance."""
        kinds = ("V_MTE2", "MTE3_V", "MTE3_MTE2") if self._copied_both_ways() else ("V_MTE2", "MTE3_V")
        events = {e: [b.alloc_event(e, f"ev_{e.lower()}_{i}") for i in range(2)] for e in kinds}
        for e, ids in events.items():
            for i in ids:
                b.set_flag(e, i)
        with b.loop(first, last, 1, "t") as (lb, t):
            self.b, self.t = lb, t
            assert self.slots is not None
            slot = lb.rem(lb.sub(t, first), self.slots, name="slot")
            even = lb.cmp("eq", slot, 0)
            ev = {e: lb.select(even, ids[0], ids[1], name=f"ev_{e.lower()}") for e, ids in events.items()}
            for e in kinds:
                lb.wait_flag(e, ev[e])
            saved = dict(self.values)
            for whole, per_copy in self._slotted.items():
                view = lb.lslice(whole, lb.mul(slot, per_copy), per_copy)
                for key, value in saved.items():
                    if value is whole:
                        self.values[key] = view
            self._enter_work_item(t)
            self._work_item()
            for e in kinds:
                lb.set_flag(e, ev[e])
            if self._single_mte:  # a copy touched a buffer with one slot: drain as before
                lb.sync("MTE3_V")
                lb.sync("V_MTE2")
            self.values = saved
        for e, ids in events.items():
            for i in ids:
                b.wait_flag(e, i)
                b.release_event(e, i)

    def _copied_both_ways(self) -> bool:
        """Some UB buffer is both filled by a DataCopy (a load) and drained by one (a store of
        the loaded value, or of an alias of it): then MTE2's next fill of a slot must also wait
        for MTE3's drain of it (MTE3_MTE2) -- the vector pipe, which hands the other slots
        over, never touches this one, so V_MTE2 and MTE3_V alone do not order the two."""
        nodes = list(self.graph.nodes())
        filled = {self.values.get(n.results[0]) for n in nodes if isinstance(n, LoadOp)} - {None}
        return any(isinstance(n, StoreOp) and self.values.get(n.x) in filled for n in nodes)

    def _enter_work_item(self, t: SSAValue) -> None:
        """Coordinates of work item ``t``: its kept outer coordinates and inner chunk."""
        b = self.b
        self.coords: list[SSAValue | None] = [None] * len(self.plan.outer)
        if self.phases.inner_reduced:
            self.start, self.count = b.v(0), self.inner_size
            row = t
        else:
            row = b.floordiv(t, self.tiles_per_row, name="row")
            self._chunk_of_inner(b, b.sub(t, b.mul(row, self.tiles_per_row)))
        self._decode(row, self.phases.kept_outer, "c")

    def _chunk_of_inner(self, b: BodyBuilder, j: SSAValue) -> None:
        self.start = b.mul(j, self.tile, name="start")
        self.count = b.min(b.sub(self.inner_size, self.start), self.tile, name="count")

    def _decode(self, index: SSAValue, positions: Iterable[int], prefix: str) -> None:
        """Coordinates of ``positions`` from a row-major index over them."""
        b, rest = self.b, index
        for pos in reversed(tuple(positions)):
            name, size = self.plan.outer[pos]
            extent = self.sym(size)
            q = b.floordiv(rest, extent)
            self.coords[pos] = b.sub(rest, b.mul(q, extent), name=f"{prefix}_{name}")
            rest = q

    # ------------------------------------------------------------ the passes
    def _work_item(self, launch: int | None = None) -> None:
        """The passes of one work item (module doc). In SPLIT launch ``launch`` (1 to
        depth + 1) the passes before it are replaced by combining their partials, pass
        ``launch`` covers this core's part of the chunks and ends by writing its partials
        (the output pass, launch depth + 1, stores its part); kept stores are made by part
        0 of the last launch only."""
        plan = self.phases
        done: set[Unit] = set()
        self._emit_kept(0, launch)
        for level in range(1, plan.depth + 1):
            reductions = [u for u in self.units if isinstance(u, ReduceNode) and plan.level[u] == level]
            if launch is not None and level < launch:
                for r in reductions:
                    self._combine_partials(r)
                self._emit_kept(level, launch)
                continue
            needed = self._needed([r.x for r in reductions], done)
            if self.resident:
                self._emit_all(needed)
                done.update(needed)
                for r in reductions:
                    self._reduce_resident(r)
            else:
                for r in reductions:
                    self._acc_begin(r)
                with self._chunks():
                    self._emit_all(needed)
                    for r in reductions:
                        self._acc_step(r)
                for r in reductions:
                    self._cascade_end(r)
                if launch == level:
                    for r in reductions:
                        self._write_partial(r)
                    return
                for r in reductions:
                    self._acc_end(r)
            self._emit_kept(level, launch)
        stores = [u for u in self.units if isinstance(u, StoreOp) and u in plan.varying]
        needed = self._needed([s.results[0] for s in stores], done)
        if not needed:
            return
        if self.resident:
            self._emit_all(needed)
        else:
            with self._chunks():
                self._emit_all(needed)

    def _emit_kept(self, level: int, launch: int | None) -> None:
        units = [
            u
            for u in self.units
            if self.phases.unit_key(u) == (level, False) and not isinstance(u, ReduceNode)
        ]
        if launch is None:
            self._emit_all(units)
            return
        self._emit_all([u for u in units if not isinstance(u, StoreOp)])
        stores = [u for u in units if isinstance(u, StoreOp)]
        if stores and launch == self.phases.depth + 1:  # one part stores the kept values
            assert self.part is not None
            with self.b.when(self.b.cmp("eq", self.part[0], 0)) as wb, self._building(wb):
                self._emit_all(stores)

    # ----------------------------------------------------------------- SPLIT
    def _split_body(self, k: BodyBuilder, launch: int) -> None:
        """SPLIT launch ``launch``: block ``w * parts + j`` runs part ``j`` of work item ``w``."""
        parts = k.tiling_get(self.tiling, "split_parts")
        per_part = k.tiling_get(self.tiling, "split_chunks")
        block = k.block_idx()
        w = k.floordiv(block, parts, name="item")
        self.part = (k.sub(block, k.mul(w, parts), name="part"), parts, per_part)
        self.b, self.t, self.first = k, w, w
        self._enter_work_item(w)
        self._work_item(launch)

    def _partials(self, n: ReduceNode) -> tuple[SSAValue, SSAValue, bool]:
        """(GM tensor of ``n``'s partials, element offset of this work item's first one,
        whether a partial is one element): part ``j`` of work item ``w`` writes at
        ``(w * parts + j) * width``, width 1 (inner axis reduced) or ``tile``."""
        a = accumulator_dtype(n)
        k, (_index, parts, _per_part) = self.k, self.part  # type: ignore[misc]
        key = f"{n.node_name}_partials"
        if key not in self._temps:
            byte_offset = k.tiling_get(self.tiling, f"ws_{self.reductions.index(n)}")
            size = k.tiling_get(self.tiling, "split_parts")
            self._temps[key] = k.global_tensor(
                self.workspace,
                element_type(a),
                k.floordiv(byte_offset, a.nbytes),
                k.mul(k.mul(size, self.total), self.tile),
                key,
            )
        g = self._temps[key]
        scalar = self.phases.inner_reduced
        first = self.b.mul(self.b.mul(self.t, parts), 1 if scalar else self.tile)
        return g, first, scalar

    def _write_partial(self, n: ReduceNode) -> None:
        a = accumulator_dtype(n)
        g, first, scalar = self._partials(n)
        b, acc = self.b, self._accumulator(n)
        index = self.part[0]  # type: ignore[index]
        if scalar:
            work = self._temp(f"{n.node_name}_work", element_type(a), True)
            one = self._temp(f"{n.node_name}_res", element_type(a), False)
            self._reduce_call(n, one, acc, work, self.tile)
            acc, offset, count = one, b.add(first, index), 1
        else:
            offset, count = b.add(first, b.mul(index, self.tile)), self._count(n.result_tensor())
        b.sync("V_MTE3")
        b.copy_pad(b.gslice(g, offset), acc, 1, b.mul(b.v(count), a.nbytes))

    def _combine_partials(self, n: ReduceNode) -> None:
        """Every part's partial of ``n`` -> ``n``'s value for this work item."""
        d, a = n.result_tensor().dtype, accumulator_dtype(n)
        g, first, scalar = self._partials(n)
        b, (_index, parts, _per_part) = self.b, self.part  # type: ignore[misc]
        staged = self._temp(f"{n.node_name}_part_in", element_type(a), True)
        if scalar:  # the parts' values are adjacent: one copy, one ReduceX
            b.copy_pad(staged, b.gslice(g, first), 1, b.mul(parts, a.nbytes))
            b.sync("MTE2_V")
            work = self._temp(f"{n.node_name}_work", element_type(a), True)
            dst = (
                self.values[n.results[0]]
                if a == d
                else self._temp(f"{n.node_name}_res", element_type(a), False)
            )
            self._reduce_call(n, dst, staged, work, parts)
        else:
            count = self._count(n.result_tensor())
            # the parts are torch's level-k blocks (host tiling, _host_split): their sums add
            # as torch's levels k.. do, of which split_top are above the first
            top = self.k.tiling_get(self.tiling, "split_top") if n in self.cascaded else None
            self._acc_begin(n)
            dst = self._accumulator(n)
            with b.loop(0, parts, 1, "p") as (lb, j), self._building(lb):
                offset = lb.add(first, lb.mul(j, self.tile))
                lb.copy_pad(staged, lb.gslice(g, offset), 1, lb.mul(lb.v(count), a.nbytes))
                lb.sync("MTE2_V")
                self._combine(n, dst, staged, count)
                self._cascade_step(n, dst, lb.add(j, 1), count, top)
                lb.sync("V_MTE2")
            self._cascade_end(n, dst)
        if a != d:
            self._cast_into(self.values[n.results[0]], dst, a, d, self._count(n.result_tensor()))

    def _needed(self, values: list[SSAValue], done: set[Unit]) -> list[Unit]:
        """The varying units computing ``values`` (transitively, stopping at kept units and
        at units in ``done``), in program order."""
        seen: set[Unit] = set()
        stack = [v.owner for v in values]
        while stack:
            u = stack.pop()
            if u in seen or u in done or u not in self.order or not self.phases.unit_key(u)[1]:  # type: ignore[arg-type]
                continue
            seen.add(u)  # type: ignore[arg-type]
            stack.extend(v.owner for v in u.operands)
        return sorted(seen, key=self.order.__getitem__)

    @contextmanager
    def _chunks(self) -> Iterator[None]:
        """A pass over the reduced extent of the work item, one chunk per iteration: one
        coordinate of the reduced outer positions times (when the inner axis is reduced)
        one tile of the inner axis."""
        plan, outer_b = self.phases, self.b
        saved = (self.start, self.count)
        lo, hi = outer_b.v(0), self._chunk_count(outer_b)
        if self.part is not None:  # SPLIT: this core's part of the chunks
            index, _parts, per_part = self.part
            lo = outer_b.mul(index, per_part, name="part_first")
            hi = outer_b.min(outer_b.add(lo, per_part), hi, name="part_last")
        with outer_b.loop(lo, hi, 1, "ch") as (cb, c), self._building(cb):
            self.in_chunks = True
            try:
                self.chunks_done = cb.add(cb.sub(c, lo), 1, name="chunks_done")
                q = c
                if plan.inner_reduced:
                    q = cb.floordiv(c, self.tiles_per_row)
                    self._chunk_of_inner(cb, cb.sub(c, cb.mul(q, self.tiles_per_row)))
                self._decode(q, plan.reduced_outer, "r")
                yield
                cb.sync("MTE3_V")
                cb.sync("V_MTE2")
            finally:
                self.in_chunks = False
                self.start, self.count = saved

    def _chunk_count(self, b: BodyBuilder) -> SSAValue:
        """Chunks of one pass over a work item's reduced extent."""
        count = b.v(1)
        for p in self.phases.reduced_outer:
            count = b.mul(count, self.sym(self.plan.outer[p][1]))
        if self.phases.inner_reduced:
            count = b.mul(count, self.tiles_per_row, name="chunks")
        return count

    def _emit_all(self, units: list[Unit]) -> None:
        """The units in order; a store waits for the vector work before it (V_MTE3) -- again
        when compute was emitted after an earlier store (stores interleave with compute when a
        later output's computation follows an earlier output's store)."""
        computed = True  # vector work not yet waited for by PIPE_MTE3
        for unit in units:
            if isinstance(unit, StoreOp):
                if computed:
                    self.b.sync("V_MTE3")
                    computed = False
            else:
                computed = True
            self._emit(unit)

    # ---------------------------------------------------------- reductions
    def _temp(self, key: str, dtype: Attribute, full: bool) -> SSAValue:
        """A temporary buffer, shared by every use with the same key."""
        if key not in self._temps:
            self._temps[key] = self._buffer(key, dtype, full)
        return self._temps[key]

    def _as_acc(self, n: ReduceNode, src: SSAValue, count: SSAValue | int) -> SSAValue:
        """The operand of ``n`` in the accumulator dtype (a Cast into a temporary)."""
        d, a = n.result_tensor().dtype, accumulator_dtype(n)
        if a == d:
            return src
        tmp = self._temp(f"{n.node_name}_acc_in", element_type(a), True)
        self._cast_into(tmp, src, d, a, count)
        return tmp

    def _reduce_resident(self, n: ReduceNode) -> None:
        """The whole reduced extent is the tile: one ReduceX (cast to the accumulator dtype first)."""
        d, a = n.result_tensor().dtype, accumulator_dtype(n)
        src = self._as_acc(n, self.values[n.x], self.count)
        work = self._temp(f"{n.node_name}_work", element_type(a), True)
        dst = (
            self.values[n.results[0]] if a == d else self._temp(f"{n.node_name}_res", element_type(a), False)
        )
        self._reduce_call(n, dst, src, work, self.count)
        if a != d:
            self._cast_into(self.values[n.results[0]], dst, a, d, 1)

    def _reduce_call(
        self, n: ReduceNode, dst: SSAValue, src: SSAValue, work: SSAValue, count: SSAValue | int
    ) -> None:
        """``ReduceX(dst, src, work, count)``, and for a float max/min the fix-up of the 950's
        finite start value (:meth:`_unclamp`); a reduction without a ReduceX (Prod) folds
        the lanes with its combine step's scalar form (:meth:`_scalar_fold`)."""
        memory = reduction(n).memory
        if memory is None:
            self._scalar_fold(n, dst, src, work, count)
            return
        self.b.vec(memory, dst, src, work, count)
        if not isinstance(n, SumOp) and accumulator_dtype(n).is_float:
            self._unclamp(n, dst, src, count)

    def _scalar_fold(
        self, n: ReduceNode, dst: SSAValue, src: SSAValue, work: SSAValue, count: SSAValue | int
    ) -> None:
        """``dst[0] = src[0] * src[1] * ... * src[count - 1]``: the basic API has no
        ReduceProd (target ``REDUCTIONS``). ``work`` (a tile, identity beyond ``count``)
        takes ``src`` and is halved by vector combine steps while more than ``FOLD_LANES``
        lanes are left -- the upper part (from a ``FOLD_LANES``-aligned half, so every
        slice stays 32-byte aligned) multiplied into the lower -- then the rest is folded by
        the combine step's ``arith`` op (``mulf`` / ``muli``: integer products wrap), one
        GetValue per lane."""
        a = accumulator_dtype(n)
        entry = reduction(n)
        form = entry.combine_entry.scalar
        op = None if form is None else form.op_for(a)
        step = entry.combine_entry.memory
        if op is None or step is None:  # pragma: no cover - the table gives Prod's Mul both
            raise PassError(PASS, f"{n.describe()}: no scalar form of {entry.combine.name}", at=n)
        b = self.b
        st = scalar_type(a)
        one = b.const(reduction_identity(n, a), st)
        padded = b.mul(b.ceildiv(count, FOLD_LANES), FOLD_LANES, name="fold_padded")
        b.vec(ac.DuplicateOp, work, one, padded)
        b.vec(step, work, work, src, count)
        with b.fold(0, FOLD_STEPS, b.v(padded), "h", "lanes") as (fb, _k, lanes, nxt):
            more = fb.cmp("sgt", lanes, FOLD_LANES, name="more")
            half = fb.mul(fb.ceildiv(lanes, 2 * FOLD_LANES), FOLD_LANES, name="halved")
            with fb.when(more) as wb:
                upper = wb.sub(lanes, half)
                low = wb.lslice(work, 0, upper)
                wb.vec(step, low, low, wb.lslice(work, half, upper), upper)
            nxt.append(fb.select(more, half, lanes))
        left = b.folded
        with self._scalar_ub():
            with b.fold(0, left, one, "k", "prod") as (fb, k, acc, nxt):
                nxt.append(fb.insert(op(acc, fb.get_value(work, k))).results[0])
            b.set_value(dst, 0, b.folded)

    def _unclamp(self, n: ReduceNode, dst: SSAValue, src: SSAValue, count: SSAValue | int) -> None:
        """The 950's ReduceMax starts from the lowest finite value (ReduceMin: the highest;
        runtime/sim vector.h cites the impl), so a row of -inf gives -FLT_MAX where torch gives
        -inf. The result is that value only for such a row or one that holds the value itself:
        when it is, a scalar pass looks for the value and, not finding it, writes the
        infinity. Compared as bits (an integer view), so NaN and -0.0 need no care; the common
        case costs one GetValue."""
        a = accumulator_dtype(n)
        bits = {DType.float32: IntegerType(32), DType.float16: IntegerType(16)}.get(a)
        if bits is None:  # pragma: no cover - ReduceMax/Min have no other float accumulator
            raise PassError(PASS, f"{n.describe()}: no {a} ReduceMax/ReduceMin on arch 3510", at=n)
        width = bits.width.data
        lowest = isinstance(n, MaxOp)
        # bit patterns: float32 -FLT_MAX 0xFF7FFFFF / +FLT_MAX 0x7F7FFFFF, -inf 0xFF800000 /
        # +inf 0x7F800000; float16 0xFBFF / 0x7BFF, 0xFC00 / 0x7C00 (as signed integers)
        finite = {32: 0x7F7FFFFF, 16: 0x7BFF}[width]
        infinity = {32: 0x7F800000, 16: 0x7C00}[width]
        sign = 1 << (width - 1)
        bound = finite - (1 << width) + sign if lowest else finite
        inf = infinity - (1 << width) + sign if lowest else infinity
        element = element_type(DType.int32 if width == 32 else DType.int16)
        b = self.b
        dst_bits = b.reinterpret(dst, element, name="res_bits")
        src_bits = b.reinterpret(src, element, name="row_bits")
        with self._scalar_ub():
            clamped = b.cmp("eq", b.get_value(dst_bits, 0), b.const(bound, bits), name="clamped")
            with b.when(clamped) as wb:
                with wb.fold(0, count, wb.const(0, IntegerType(1)), "k", "holds") as (fb, k, held, nxt):
                    here = fb.cmp("eq", fb.get_value(src_bits, k), fb.const(bound, bits))
                    nxt.append(fb.select(held, held, here))
                with wb.when(wb.cmp("eq", wb.folded, wb.const(0, IntegerType(1)))) as inner:
                    inner.set_value(dst_bits, 0, inner.const(inf, bits))

    def _accumulator(self, n: ReduceNode) -> SSAValue:
        d, a = n.result_tensor().dtype, accumulator_dtype(n)
        if not self.phases.inner_reduced and a == d:
            return self.values[n.results[0]]  # the result itself accumulates
        return self._temp(f"{n.node_name}_acc", element_type(a), True)

    def _acc_width(self, n: ReduceNode) -> SSAValue | int:
        return self.tile if self.phases.inner_reduced else self._count(n.result_tensor())

    def _reset(self, n: ReduceNode, acc: SSAValue, width: SSAValue | int) -> None:
        a = accumulator_dtype(n)
        self.b.vec(ac.DuplicateOp, acc, self.b.const(reduction_identity(n, a), scalar_type(a)), width)

    def _levels(self, n: ReduceNode) -> list[SSAValue]:
        """The cascade's accumulators above level 0 (the accumulator itself), if ``n`` cascades.
        An outer-axis reduction keeps one cascade per lane (tile-wide levels); an inner-axis
        one reduces level 0's lanes to one value at each flush (a ReduceX: a tree), so its
        levels are single values -- no UB per tile element, which would shrink every tile of
        the kernel, the RESIDENT schedule's included."""
        if n not in self.cascaded:
            return []
        a = element_type(accumulator_dtype(n))
        wide = not self.phases.inner_reduced
        return [self._temp(f"{n.node_name}_acc{k}", a, wide) for k in range(1, LEVELS)]

    def _level_width(self, width: SSAValue | int) -> SSAValue | int:
        return 1 if self.phases.inner_reduced else width

    def _acc_begin(self, n: ReduceNode) -> None:
        width = self._acc_width(n)
        self._reset(n, self._accumulator(n), width)
        for level in self._levels(n):
            self._reset(n, level, self._level_width(width))

    def _acc_step(self, n: ReduceNode) -> None:
        count = self._count(n.x.type)  # type: ignore[arg-type]
        self._combine(n, self._accumulator(n), self._as_acc(n, self.values[n.x], count), count)
        self._cascade_step(n, self._accumulator(n), self.chunks_done, self._acc_width(n))

    def _cascade_step(
        self, n: ReduceNode, acc: SSAValue, done: SSAValue, width: SSAValue | int, top: SSAValue | None = None
    ) -> None:
        """After the ``done``-th combine into ``acc`` (level 0): every ``base**k`` combines,
        level ``k - 1`` is added into level ``k`` and reset (``lowering.cascade``); level 0
        of an inner-axis reduction is reduced to one value first. ``top``: only the levels
        up to it take flushes (the SPLIT parts' combination, torch's upper levels)."""
        levels = self._levels(n)
        if not levels:
            return
        base = self.b.v(self.sum_base)
        period, lower, lower_width = base, acc, width
        with ExitStack() as stack:
            for k, level in enumerate(levels):
                if k:
                    period = self.b.mul(period, base)
                due = self.b.cmp("eq", self.b.rem(done, period), 0, name="flush")
                if top is not None:
                    due = self.b.select(due, self.b.cmp("slt", k, top), due)
                stack.enter_context(self._building(stack.enter_context(self.b.when(due))))
                src = lower
                if self.phases.inner_reduced and k == 0:  # level 0's lanes -> one value
                    a = element_type(accumulator_dtype(n))
                    src = self._temp(f"{n.node_name}_flush", a, False)
                    self._reduce_call(n, src, lower, self._temp(f"{n.node_name}_work", a, True), width)
                self._combine(n, level, src, self._level_width(width))
                self._reset(n, lower, lower_width)
                lower, lower_width = level, self._level_width(width)

    def _cascade_end(self, n: ReduceNode, acc: SSAValue | None = None) -> None:
        """The levels added into level 0, lowest first (torch's order); an inner-axis
        reduction's single-value levels into its lane 0."""
        acc = self._accumulator(n) if acc is None else acc
        for level in self._levels(n):
            self._combine(n, acc, level, self._level_width(self._acc_width(n)))

    def _combine(self, n: ReduceNode, acc: SSAValue, src: SSAValue, count: SSAValue | int) -> None:
        """``acc = acc (+ | max | min) src`` elementwise; max/min propagate NaN as torch does."""
        a = accumulator_dtype(n)
        drops_nan = reduction(n).combine_entry.drops_nan
        fix = self._nan_guard([acc, src], a, count) if a.is_float and drops_nan else None
        self.b.vec(reduction(n).combine_entry.memory, acc, acc, src, count)
        if fix is not None:
            fix(acc)

    def _acc_end(self, n: ReduceNode) -> None:
        d, a = n.result_tensor().dtype, accumulator_dtype(n)
        acc = self._accumulator(n)
        if self.phases.inner_reduced:  # lanes beyond the last chunk hold the identity
            work = self._temp(f"{n.node_name}_work", element_type(a), True)
            dst = (
                self.values[n.results[0]]
                if a == d
                else self._temp(f"{n.node_name}_res", element_type(a), False)
            )
            self._reduce_call(n, dst, acc, work, self.tile)
            acc = dst
        if a != d:
            self._cast_into(self.values[n.results[0]], acc, a, d, self._count(n.result_tensor()))

    def _prologue(self, addrs: list[SSAValue]) -> None:
        k = self.k
        gm = iter(addrs)
        for n in self.inputs:
            addr = next(gm)
            if isinstance(n, DataOp):
                t = n.out_type
                self.globals[n] = k.global_tensor(
                    addr, element_type(t.dtype), 0, self._extent(t), f"gm_{n.node_name}"
                )  # type: ignore[arg-type]
            else:
                g = k.global_tensor(addr, element_type(n.out_type.dtype), 0, 1, f"gm_{n.node_name}")
                self.values[n.results[0]] = k.get_value(g, 0, n.node_name)
        for n in self.outputs:
            t = n.out_type
            self.globals[n] = k.global_tensor(
                next(gm), element_type(t.dtype), 0, self._extent(t), f"gm_{n.node_name}"
            )  # type: ignore[arg-type]
        for i, n in enumerate(self.index_exprs):
            raw = k.tiling_get(self.tiling, f"ie_{i}", name=f"{n.node_name}_expr")
            self.values[n.results[0]] = k.cast(raw, scalar_type(n.out_type.dtype), n.node_name)
        for n in self.graph.nodes():
            if isinstance(n, ScalarOp):
                self.values[n.results[0]] = k.const(
                    n.python_value(), scalar_type(n.out_type.dtype), n.node_name
                )
        # UB buffers: one per loop-space tensor, allocated up front.
        for n in self.graph.top_level():
            if isinstance(n, VfOp):  # only a region's outputs live in UB; the rest in registers
                for r, v in zip(n.results, n.yield_op.values, strict=True):
                    t = r.type
                    assert isinstance(t, TensorType)
                    self.values[r] = self._buffer(
                        v.name_hint or "vf_out", element_type(t.dtype), inner_full(t), self._copies(r)
                    )
            elif isinstance(n, (LoadOp, ArangeOp, ReduceNode, ew.BroadcastOp, ew.CastOp, ew.ElementwiseNode)):
                if isinstance(n, ew.BroadcastOp) and (self._aliases(n) or self._only_constant_casts(n)):
                    continue
                t = n.result_tensor()
                self.values[n.results[0]] = self._buffer(
                    n.node_name, element_type(t.dtype), inner_full(t), self._copies(n.results[0])
                )

    def _extent(self, t: TensorType) -> SSAValue:
        return self.sym(t.extent())

    def _copies(self, v: SSAValue) -> int:
        """Copies of the buffer of ``v``: two in a pipelined kernel when a DataCopy fills it (a
        Load) or drains it (it is stored)."""
        if not self.pipelined:
            return 1
        if isinstance(v.owner, LoadOp) or any(isinstance(u.operation, StoreOp) for u in v.uses):
            return 2
        return 1

    def _buffer(self, name: str, dtype: Attribute, full: bool, copies: int = 1) -> SSAValue:
        """A UB buffer, declared in the kernel prologue. Ops may ask for temporaries while the
        tile loop is built: the loop op is inserted only once its body is complete, so these
        still land before it. A double buffer (``copies`` 2) holds both slots; the tile loop
        takes its slot's half (:meth:`_pipelined_tiles`)."""
        k = self.k
        e = element_bytes(dtype)
        one = k.mul(self.k.tiling_get(self.tiling, "tile"), e) if full else ROW_BUFFER_BYTES
        per_copy = k.floordiv(one, e) if full else ROW_BUFFER_BYTES // e
        slots = self.slots if copies > 1 else None
        nbytes = k.mul(one, slots) if slots is not None else one
        count = k.mul(per_copy, slots) if slots is not None else per_copy
        buf = k.tbuf(nbytes, name=f"ub_{name}")
        self.buffers.append(Buffer(name, dtype, full, buf.owner, copies))  # type: ignore[arg-type]
        local = k.tbuf_get(buf, dtype, count, 0, f"{name}_ub")
        if copies > 1:
            self._slotted[local] = per_copy
        return local

    def _count(self, t: TensorType) -> SSAValue | int:
        return self.count if inner_full(t) else 1

    def _gm_offset(self, t: TensorType, offset: SizeExpr) -> SSAValue:
        b = self.b
        off = self.sym(offset)
        for coord, r, s in zip(self.coords, t.repeats[:-1], t.strides[:-1], strict=True):
            if r != 1:
                off = b.add(off, b.mul(coord, self.sym(s)))
        if inner_full(t):
            off = b.add(off, b.mul(self.start, self.sym(t.strides[-1])))
        return off

    # ------------------------------------------------------------------- nodes
    def _emit(self, node: AscirNode | VfOp) -> None:
        if isinstance(node, VfOp):  # one function per region, called from every pass that needs it
            ctx = VfContext(self.kb, self.name, self.values, self.count, self.arange_terms)
            with at_node(node):
                VfCodegen(ctx, node, self.mask_mode).emit_call(self.b, define=node not in self._vf_functions)
            self._vf_functions.add(node)
            return
        handler: Callable[[AscirNode], None] | None = None
        for cls, h in self._handlers():
            if isinstance(node, cls):
                handler = h
                break
        if isinstance(node, AscirNode) and uses_recipe(node):
            handler = self._math  # math and numeric ops: the steps of target.math
        if handler is None:
            raise PassError(PASS, f"{node.describe()}: no AscendC lowering for this op yet", at=node)
        try:
            with at_node(node):
                handler(node)
        except CastUnsupportedError as e:  # a conversion inside the op's lowering (TrueDiv, math ops...)
            raise PassError(PASS, f"{node.describe()}: {e}", at=node) from None

    def _handlers(self) -> list[tuple[type, Callable]]:
        return [
            ((DataOp, ScalarDataOp, OutputOp, ScalarOp, IndexExprOp), lambda n: None),
            (LoadOp, self._load),
            (StoreOp, self._store),
            (ArangeOp, self._arange),
            (ew.BroadcastOp, self._broadcast),
            (ew.CastOp, self._cast),
            (ew.CompareNode, self._compare),
            (ew.SelectNode, self._select),
            (ew.NegOp, self._neg),
            (ew.TrueDivOp, self._truediv),
            (tuple(_BINARY), self._binary),
            (tuple(_UNARY), self._unary),
            (tuple(_SCALAR_LOOP), self._scalar_loop),
        ]

    def _once_per_row_chunk(self, t: TensorType, emit: Callable[[], None]) -> None:
        """Emit ``emit`` for a tensor; when the tensor is invariant across rows (every outer
        repeat is 1) only on the block's first work item, or when the inner axis is split
        into several chunks (then the chunk changes from work item to work item). Inside a
        pass over a reduced inner axis the chunk changes at every iteration."""
        if (self.in_chunks and self.phases.inner_reduced) or not all(r == 1 for r in t.repeats[:-1]):
            emit()
            return
        b = self.b
        if self.pipelined:  # each slot is filled once
            assert self.slots is not None
            again = b.cmp("slt", b.sub(self.t, self.first), self.slots)
        else:
            again = b.cmp("eq", self.t, self.first)
        if inner_full(t):
            again = b.select(again, again, b.cmp("sgt", self.tiles_per_row, 1), name="reload")
        with b.when(again) as inner, self._building(inner):
            emit()

    def _load(self, n: LoadOp) -> None:
        t = n.result_tensor()
        self._once_per_row_chunk(t, lambda: self._load_tile(n, t))

    def _load_tile(self, n: LoadOp, t: TensorType) -> None:
        if n.padded:
            self._padded_load_tile(n, t)
            return
        b = self.b
        dst, e = self.values[n.results[0]], element_bytes(element_type(t.dtype))
        self._note_copy(dst)
        src = b.gslice(self.globals[n.x.owner], self._gm_offset(t, n.offset.data))  # type: ignore[index]
        if not inner_full(t):
            b.copy_pad(dst, src, 1, e)
        elif t.strides[-1] == 1:
            b.copy_pad(dst, src, 1, b.mul(self.count, e))
        else:  # strided GM rows: one element per block, packed densely in UB
            gap = b.mul(b.sub(self.sym(t.strides[-1]), 1), e)
            b.copy_pad(dst, src, self.count, e, gap, 0, compact=True)
        b.sync("MTE2_V")

    def _padded_load_tile(self, n: LoadOp, t: TensorType) -> None:
        """A padded load (``lower-movement``: ascir.pad, ascir.concat): the tile is filled
        with the pad value (``Duplicate``), then the positions inside every axis's valid
        range ``[low, repeat - high)`` are copied over it. A padded outer axis copies nothing
        in a work item whose coordinate is outside its range; on the inner axis the copy
        lands at tile position ``p = max(start, low) - start``, which DataCopyPad reaches
        from the 32-byte block below it with ``leftPadding = p mod (32 / sizeof(T))`` pad
        values (DataCopyPadExtParams; asc-devkit docs/zh/api/SIMD-API/基础API/数据搬运/
        DataCopyPad.md: each side's padding at most 32 bytes)."""
        b = self.b
        element = element_type(t.dtype)
        dst, e = self.values[n.results[0]], element_bytes(element)
        self._note_copy(dst)
        low, high = n.pads
        value = n.pad_python_value()
        fill = b.const(value, scalar_type(t.dtype), f"{n.node_name}_fill")
        b.vec(ac.DuplicateOp, dst, fill, self._count(t))
        b.sync("V_MTE2")  # the copy overwrites what Duplicate wrote
        off = self.sym(n.offset.data)
        inside: SSAValue | None = None

        def both(cond: SSAValue) -> SSAValue:
            return cond if inside is None else b.select(inside, cond, inside)

        for coord, r, st, lo, hi in zip(
            self.coords, t.repeats[:-1], t.strides[:-1], low[:-1], high[:-1], strict=True
        ):
            if r == 1:
                continue
            assert coord is not None
            if lo != 0 or hi != 0:
                lo_v, end_v = self.sym(lo), self.sym(r - hi)
                ok = b.select(
                    b.cmp("sge", coord, lo_v), b.cmp("slt", coord, end_v), b.cmp("sge", coord, lo_v)
                )
                inside = both(ok)
                coord = b.sub(coord, lo_v)
            off = b.add(off, b.mul(coord, self.sym(st)))
        if not inner_full(t):
            with b.when(inside if inside is not None else b.cmp("eq", 0, 0)) as wb:
                wb.copy_pad(dst, wb.gslice(self.globals[n.x.owner], off), 1, e)  # type: ignore[index]
            b.sync("MTE2_V")
            return
        lo, hi = low[-1], high[-1]
        if (lo != 0 or hi != 0) and t.strides[-1] != 1:
            raise PassError(
                PASS,
                f"{n.describe()}: a load padded along its innermost axis must read it contiguously "
                f"(stride 1, got {t.strides[-1]}); pad or concatenate along a contiguous GM axis",
                at=n,
            )
        lo_v = self.sym(lo)
        first = b.max(self.start, lo_v, name=f"{n.node_name}_v0")
        last = b.min(b.add(self.start, self.count), self.sym(t.repeats[-1] - hi), name=f"{n.node_name}_v1")
        inside = both(b.cmp("slt", first, last))
        with b.when(inside) as wb:
            num = wb.sub(last, first)
            src_off = wb.add(off, wb.mul(wb.sub(first, lo_v), self.sym(t.strides[-1])))
            src = wb.gslice(self.globals[n.x.owner], src_off)  # type: ignore[index]
            if t.strides[-1] == 1:
                per_block = 32 // e
                p = wb.sub(first, self.start)
                left = wb.rem(p, per_block)
                aligned = wb.sub(p, left)
                right = wb.rem(wb.sub(per_block, wb.rem(wb.add(left, num), per_block)), per_block)
                wb.copy_pad(
                    wb.lslice(dst, aligned), src, 1, wb.mul(num, e), pad_value=value, padding=(left, right)
                )
            else:
                gap = wb.mul(wb.sub(self.sym(t.strides[-1]), 1), e)
                wb.copy_pad(dst, src, num, e, gap, 0, compact=True)
        b.sync("MTE2_V")

    def _store(self, n: StoreOp) -> None:
        b, t = self.b, n.result_tensor()
        src, e = self.values[n.x], element_bytes(element_type(t.dtype))
        self._note_copy(src)
        out = next(u.operation for u in n.results[0].uses if isinstance(u.operation, OutputOp))
        dst = b.gslice(self.globals[out], self._gm_offset(t, n.offset.data))
        if not inner_full(t):
            b.copy_pad(dst, src, 1, e)
        elif t.strides[-1] == 1:
            b.copy_pad(dst, src, 1, b.mul(self.count, e))
        else:
            gap = b.mul(b.sub(self.sym(t.strides[-1]), 1), e)
            b.copy_pad(dst, src, self.count, e, 0, gap, compact=True)

    def _note_copy(self, local: SSAValue) -> None:
        """A DataCopy of ``local`` in a pipelined tile loop: only a slot of a double buffer
        may be filled or drained without the classic end-of-tile drain."""
        if self.pipelined and not (
            isinstance(local.owner, ac.LocalSliceOp) and local.owner.source in self._slotted
        ):
            self._single_mte = True

    def _operand(self, v: SSAValue) -> SSAValue:
        return self.values[v]

    def _binary(self, n: ew.ElementwiseNode) -> None:
        b, t = self.b, n.result_tensor()
        entry = _entry(n)
        tensor_api, scalar_api, commutative = entry.memory, entry.memory_scalar, entry.commutative
        dst, count = self.values[n.results[0]], self._count(t)
        x1, x2 = n.operands
        if isinstance(x1.type, ScalarType) and commutative:
            x1, x2 = x2, x1  # AL-9: a single scalar moves to the second position
        nan_aware = entry.drops_nan and t.dtype.is_float
        scalar_ok = scalar_api is not None and memory_dtype(scalar_api, t.dtype) == t.dtype
        if isinstance(x2.type, ScalarType) and scalar_ok and not (nan_aware and _maybe_nan(x2)):
            fix = self._nan_guard([self._operand(x1)], t.dtype, count) if nan_aware else None
            b.vec(scalar_api, dst, self._operand(x1), self._operand(x2), count)
        else:  # (a tensor-scalar API without the dtype: the tensor form, scalar duplicated)
            lhs, rhs = (self._as_tensor(v, t) for v in (x1, x2))
            fix = self._nan_guard([lhs, rhs], t.dtype, count) if nan_aware else None
            self._vector(n, tensor_api, dst, [lhs, rhs], t.dtype, count)
        if fix is not None:
            fix(dst)

    def _vector(
        self,
        n: AscirNode,
        api: type,
        dst: SSAValue,
        sources: list[SSAValue],
        dtype: DType,
        count: SSAValue | int,
    ) -> None:
        """``api(dst, *sources, count)`` on ``dtype`` tensors; in float32 temporaries when
        the 950 API lacks a float16/bfloat16 ``dtype`` (``target.ops.memory_dtype``: cast in,
        compute, round once on the way back); a PassError when it lacks the dtype at all."""
        wide = memory_dtype(api, dtype)
        if wide is None:
            raise PassError(PASS, f"{n.describe()}: {unsupported(api, dtype)}", at=n)
        if wide == dtype:
            self.b.vec(api, dst, *sources, count)
            return
        full = not (isinstance(count, int) and count == 1)
        temps = [self._temp(f"wide{i}_{int(full)}", element_type(wide), full) for i in range(len(sources))]
        for tmp, src in zip(temps, sources, strict=True):
            self._cast_into(tmp, src, dtype, wide, count)
        self.b.vec(api, temps[0], *temps, count)
        self._cast_into(dst, temps[0], wide, dtype, count)

    def _nan_guard(
        self, operands: list[SSAValue], dtype: DType, count: SSAValue | int
    ) -> Callable[[SSAValue], None]:
        """torch propagates NaN through maximum, minimum and relu, the vector Max/Min/Relu
        return the number (maxNum; see runtime/sim vector.h). Records which lanes of each
        operand hold numbers -- before the op may overwrite one -- and returns the fix-up that
        writes NaN into the other lanes of the result."""
        full = not (isinstance(count, int) and count == 1)
        bits = []
        for i, v in enumerate(operands):
            buf = self._temp(f"isnum{i}_{int(full)}", u8, full)
            self.b.vec(ac.CompareOp, buf, v, v, self._aligned(count, dtype), mode="EQ")
            bits.append(buf)

        def fix(dst: SSAValue) -> None:
            nan = self.b.const(float("nan"), scalar_type(dtype))
            for buf in bits:
                self.b.vec(ac.SelectOp, dst, buf, dst, nan, count, mode="VSEL_TENSOR_SCALAR_MODE")

        return fix

    def _as_tensor(self, v: SSAValue, like: TensorType) -> SSAValue:
        """A scalar-like operand where the API needs a tensor: Duplicate into a buffer."""
        if not isinstance(v.type, ScalarType):
            return self.values[v]
        dtype = element_type(v.type.dtype)
        key = (v, "dup")
        if key not in self._dups:
            self._dups[key] = self._buffer(f"{v.name_hint or 'scalar'}_dup", dtype, inner_full(like))
        buf = self._dups[key]
        self.b.vec(ac.DuplicateOp, buf, self.values[v], self._count(like))
        return buf

    def _unary(self, n: ew.ElementwiseNode) -> None:
        t = n.result_tensor()
        dst, src, count = self.values[n.results[0]], self.values[n.operands[0]], self._count(t)
        fix = self._nan_guard([src], t.dtype, count) if _entry(n).drops_nan and t.dtype.is_float else None
        self._vector(n, _entry(n).memory, dst, [src], t.dtype, count)
        if fix is not None:
            fix(dst)

    def _math(self, n: AscirNode) -> None:
        """A math or numeric op (issue 19): its memory-level steps (``target.math``) on UB
        temporaries of the recipe's dtype (``recipe_dtype``), shared by every such op of the
        kernel with that dtype (a slot is reused once its value is dead). float16/bfloat16
        operands of a float32 recipe are cast in and the result rounded once on the way out,
        as torch computes them; a recipe ending in a compare writes its mask as 0/1 bytes."""
        b, t = self.b, n.result_tensor()
        count = self._count(t)
        full = not (isinstance(count, int) and count == 1)
        wide = recipe_dtype(n)
        ewide, swide = element_type(wide), scalar_type(wide)
        tag = "math" if wide is DType.float32 else f"math_{wide}"
        steps = memory_recipe(n)
        assert steps is not None
        operands: list[SSAValue] = []
        for i, v in enumerate(n.operands):
            if isinstance(v.type, ScalarType):
                buf = self._temp(f"{tag}_in{i}_{int(full)}", ewide, full)
                value = self.values[v]
                same = element_type(v.type.dtype) == ewide
                b.vec(ac.DuplicateOp, buf, value if same else b.cast(value, swide), count)
            elif element_type(v.type.dtype) == ewide:  # type: ignore[union-attr]
                buf = self.values[v]
            else:
                buf = self._temp(f"{tag}_in{i}_{int(full)}", ewide, full)
                self._cast_into(buf, self.values[v], v.type.dtype, wide, count)  # type: ignore[union-attr]
            operands.append(buf)
        last: dict[int, int] = {}
        for i, st in enumerate(steps):
            for a in st.args:
                if isinstance(a, int):
                    last[a] = i
        free: dict[bool, list[int]] = {False: [], True: []}
        used: dict[bool, int] = {False: 0, True: 0}
        slot_of: dict[int, int] = {}
        vals: list[SSAValue] = []
        aligned = self._aligned(count, wide)
        mask_out = steps[-1].kind in MASK_STEPS
        direct = not mask_out and element_type(t.dtype) == ewide

        def emit(st: object, dst: SSAValue, args: list[SSAValue]) -> None:
            api = MEMORY_STEP_APIS[st.kind]  # type: ignore[attr-defined]
            kind, value = st.kind, st.value  # type: ignore[attr-defined]
            if kind == "const":
                b.vec(api, dst, b.const(value, swide), count)
            elif kind == "leaky":
                slope = n.slope if isinstance(n, LeakyReluOp) else 0.0
                b.vec(api, dst, args[0], b.const(slope, swide), count)
            elif kind in ("adds", "muls", "mins"):
                b.vec(api, dst, args[0], b.const(value, swide), count)
            elif kind == "cmps":
                b.vec(api, dst, args[0], b.const(value, swide), aligned, mode=st.mode)  # type: ignore[attr-defined]
            elif kind == "cmp":
                b.vec(api, dst, *args, aligned, mode=st.mode)  # type: ignore[attr-defined]
            elif kind == "select":
                b.vec(api, dst, args[0], args[1], args[2], count, mode="VSEL_TENSOR_TENSOR_MODE")
            elif kind == "trunc":
                b.vec(api, dst, args[0], count, round=st.mode)  # type: ignore[attr-defined]
            elif kind in SHIFTS:
                self._shift(api, dst, args[0], args[1], wide, kind == "shl", count)
            else:
                b.vec(api, dst, *args, count)

        for i, st in enumerate(steps):
            is_mask = st.kind in MASK_STEPS
            args = [operands[a.index] if isinstance(a, In) else vals[a] for a in st.args]
            if i == len(steps) - 1 and mask_out:
                self._to_mask_values(
                    self.values[n.results[0]], lambda bits, st=st, args=args: emit(st, bits, args), count
                )
                return
            if i == len(steps) - 1 and direct:
                dst = self.values[n.results[0]]
            else:
                if free[is_mask]:
                    slot = free[is_mask].pop(0)
                else:
                    slot, used[is_mask] = used[is_mask], used[is_mask] + 1
                slot_of[i] = slot
                kind = "bits" if is_mask else "tmp"
                dst = self._temp(f"{tag}_{kind}{slot}_{int(full)}", u8 if is_mask else ewide, full)
            emit(st, dst, args)
            vals.append(dst)
            for a in {a for a in st.args if isinstance(a, int) and last[a] == i and a in slot_of}:
                free[steps[a].kind in MASK_STEPS].append(slot_of[a])
        if not direct:
            self._cast_into(self.values[n.results[0]], vals[-1], wide, t.dtype, count)

    def _shift(
        self,
        api: type,
        dst: SSAValue,
        value: SSAValue,
        shift: SSAValue,
        dtype: DType,
        left: bool,
        count: SSAValue | int,
    ) -> None:
        """``ShiftLeft``/``ShiftRight(dst, value, shift, count)``: the count tensor seen as the
        signed type of the width (``target.support.SHIFT_COUNT_RULE``); a signed value
        shifted left as unsigned bits (the device keeps a signed element's sign bit, torch
        wraps: ``target.math`` module doc)."""
        b = self.b
        width = 8 * dtype.nbytes
        signed, unsigned = IntegerType(width), IntegerType(width, Signedness.UNSIGNED)
        if not dtype.is_signed:
            shift = b.reinterpret(shift, signed)
        elif left:
            dst, value = b.reinterpret(dst, unsigned), b.reinterpret(value, unsigned)
        b.vec(api, dst, value, shift, count)

    def _neg(self, n: ew.NegOp) -> None:
        t = n.result_tensor()
        entry = _entry(n)
        if memory_dtype(entry.memory_scalar, t.dtype) != t.dtype:
            raise PassError(PASS, f"{n.describe()}: {unsupported(entry.memory_scalar, t.dtype)}", at=n)
        minus_one = self.b.const(entry.implied_scalar, scalar_type(t.dtype))
        self.b.vec(
            entry.memory_scalar,
            self.values[n.results[0]],
            self.values[n.operands[0]],
            minus_one,
            self._count(t),
        )

    def _cast_into(
        self, dst: SSAValue, src: SSAValue, src_dtype: DType, dst_dtype: DType, count: SSAValue | int
    ) -> None:
        if dst_dtype is DType.bool:
            self._to_mask_values(
                dst,
                lambda bits: self.b.vec(
                    ac.ComparesOp,
                    bits,
                    src,
                    self.b.const(0, scalar_type(src_dtype)),
                    self._aligned(count, src_dtype),
                    mode="NE",
                ),
                count,
            )
            return
        steps = cast_steps(src_dtype, dst_dtype)
        if not steps:  # bool -> uint8: the same bytes (0/1), no Cast on the 950 takes it
            self.b.vec(ac.AddsOp, dst, src, self.b.const(0, scalar_type(dst_dtype)), count)
            return
        full = not (isinstance(count, int) and count == 1)
        for i, (a, d, mode) in enumerate(steps):
            last = i == len(steps) - 1
            out = dst if last else self._temp(f"cast_via_{d}_{int(full)}", element_type(d), full)
            plan = cast_step_wrap(src_dtype, a, d)
            if plan is None:
                self.b.vec(_entry(ew.CastOp).memory, out, src, count, round=mode)
            else:
                self._wrapping_cast(out, src, a, d, plan, count, full)
            src = out

    def _wrapping_cast(
        self,
        dst: SSAValue,
        src: SSAValue,
        src_dtype: DType,
        dst_dtype: DType,
        plan: WrapPlan,
        count: SSAValue | int,
        full: bool,
    ) -> None:
        """An integer Cast the 950 saturates (``support.SATURATING_INT_CASTS``) with torch's
        wrap: keep the destination's low bits in range first (``target.types.WrapPlan``)."""
        b = self.b
        view_t = element_type(plan.view)
        x = src if src_dtype is plan.view else b.reinterpret(src, view_t)
        if plan.bits is not None:
            sc = scalar_type(plan.view)
            work = self._temp(f"wrap_{plan.view}_{int(full)}", view_t, full)
            mask = self._temp(f"wrap_mask_{plan.view}_{int(full)}", view_t, full)
            b.vec(ac.DuplicateOp, mask, b.const(plan.mask, sc), count)
            if plan.offset:
                b.vec(ac.AddsOp, work, x, b.const(plan.offset, sc), count)
                x = work
            b.vec(ac.AndOp, work, x, mask, count)
            if plan.offset:
                b.vec(ac.AddsOp, work, work, b.const(-plan.offset, sc), count)
            x = work
        out = dst if plan.cast_to is dst_dtype else b.reinterpret(dst, element_type(plan.cast_to))
        b.vec(_entry(ew.CastOp).memory, out, x, count, round=plan.mode)

    def _cast(self, n: ew.CastOp) -> None:
        t = n.result_tensor()  # a constant's Cast was folded by fold-constant-casts (FR12)
        src = n.operands[0].type
        try:
            self._cast_into(
                self.values[n.results[0]], self.values[n.operands[0]], src.dtype, t.dtype, self._count(t)
            )  # type: ignore[union-attr]
        except CastUnsupportedError as e:
            raise PassError(PASS, f"{n.describe()}: {e}", at=n) from None

    def _truediv(self, n: ew.TrueDivOp) -> None:
        t = n.result_tensor()
        count = self._count(t)
        casted = []
        for v in n.operands:
            if isinstance(v.type, ScalarType):
                raise PassError(
                    PASS, f"{n.describe()}: TrueDiv with a scalar operand is not supported yet", at=n
                )
            if v.type.dtype == t.dtype:
                casted.append(self.values[v])
                continue
            tmp = self._buffer(f"{n.node_name}_{v.name_hint}_f", element_type(t.dtype), inner_full(t))
            self._cast_into(tmp, self.values[v], v.type.dtype, t.dtype, count)
            casted.append(tmp)
        self._vector(n, _entry(n).memory, self.values[n.results[0]], casted, t.dtype, count)

    def _aligned(self, count: SSAValue | int, dtype: DType) -> SSAValue:
        """Compare needs count * sizeof(T) to be a multiple of 256 bytes: round up."""
        per = 256 // element_bytes(element_type(dtype))
        return self.b.mul(self.b.ceildiv(self.b.v(count), per), per)

    def _to_mask_values(
        self, dst: SSAValue, make_bits: Callable[[SSAValue], None], count: SSAValue | int
    ) -> None:
        """Write 0/1 (uint8) per element from a Compare bit mask: Select 1.0/0.0 in half, Cast."""
        full = not (isinstance(count, int) and count == 1)
        if full not in self._mask_tmp:
            bits = self._buffer(f"bits{int(full)}", u8, full)
            ones = self._buffer(f"ones{int(full)}", Float16Type(), full)
            halfv = self._buffer(f"sel{int(full)}", Float16Type(), full)
            self._mask_tmp[full] = (bits, ones, halfv)
        bits, ones, halfv = self._mask_tmp[full]
        make_bits(bits)
        b = self.b
        b.vec(ac.DuplicateOp, ones, b.const(1.0, Float16Type()), count)
        b.vec(
            ac.SelectOp, halfv, bits, ones, b.const(0.0, Float16Type()), count, mode="VSEL_TENSOR_SCALAR_MODE"
        )
        b.vec(ac.CastOp, dst, halfv, count, round="CAST_RINT")

    def _compare(self, n: ew.CompareNode) -> None:
        t = n.result_tensor()
        x1, x2 = n.operands
        src_dtype = x1.type.dtype  # type: ignore[union-attr]
        count = self._count(t)
        aligned = self._aligned(count, src_dtype)
        entry = _entry(n)
        mode = entry.compare
        api = entry.memory_scalar if isinstance(x2.type, ScalarType) else entry.memory

        def make(bits: SSAValue) -> None:
            self.b.vec(api, bits, self.values[x1], self.values[x2], aligned, mode=mode)

        self._to_mask_values(self.values[n.results[0]], make, count)

    def _select(self, n: ew.SelectNode) -> None:
        t = n.result_tensor()
        count = self._count(t)
        cond, x, y = n.operands
        full = inner_full(t)
        if full not in self._sel_bits:
            self._sel_bits[full] = self._buffer(f"selbits{int(full)}", u8, full)
        bits = self._sel_bits[full]
        self.b.vec(
            ac.ComparesOp,
            bits,
            self.values[cond],
            self.b.const(0, IntegerType(8)),
            self._aligned(count, DType.uint8),
            mode="NE",
        )
        src0 = self._as_tensor(x, t)  # Select takes a tensor first branch: a scalar is duplicated
        mode = "VSEL_TENSOR_SCALAR_MODE" if isinstance(y.type, ScalarType) else "VSEL_TENSOR_TENSOR_MODE"
        self.b.vec(_entry(n).memory, self.values[n.results[0]], bits, src0, self.values[y], count, mode=mode)

    def _aliases(self, n: ew.BroadcastOp) -> bool:
        src = n.x.type
        return isinstance(src, TensorType) and inner_full(src) == inner_full(n.result_tensor())

    def _only_constant_casts(self, n: ew.BroadcastOp) -> bool:
        """A broadcast constant read only by Casts: they Duplicate the converted constant
        directly (FR12), so the broadcast tensor itself is never materialised."""
        return isinstance(n.x.owner, ScalarOp) and all(
            isinstance(u.operation, ew.CastOp) for u in n.results[0].uses
        )

    def _broadcast(self, n: ew.BroadcastOp) -> None:
        if self._only_constant_casts(n):
            return
        t = n.result_tensor()
        src = n.x
        if isinstance(src.type, TensorType) and self._aliases(n):
            self.values[n.results[0]] = self.values[src]  # outer-axis broadcast: same tile data
            return
        if isinstance(src.type, ScalarType):
            value = self.values[src]
        else:
            with self._scalar_ub():
                value = self.b.get_value(self.values[src], 0)
        self.b.vec(_entry(n).memory, self.values[n.results[0]], value, self._count(t))

    def arange_terms(self, n: ArangeOp) -> tuple[SSAValue, SSAValue, SSAValue, SSAValue]:
        """AL-3/AL-5 terms of an Arange in the current tile (int64): base, step, the logical
        offset of the tile's first element and the logical stride along the vectorized
        axis (0 when the tensor is one row value). Value of element i: base + (offset +
        i * stride) * step; its physical place in the tile buffer is i."""
        b, t = self.b, n.result_tensor()
        logical = b.v(0)
        for coord, r, s in zip(self.coords, t.repeats[:-1], t.strides[:-1], strict=True):
            if r != 1:
                logical = b.add(logical, b.mul(coord, self.sym(s)))
        stride = self.sym(t.strides[-1]) if inner_full(t) else b.v(0)
        offset = b.add(logical, b.mul(self.start, stride), name="arange_offset")
        return self.sym(n.base.data), self.sym(n.step.data), offset, stride

    def _arange(self, n: ArangeOp) -> None:
        """Root-graph Arange (seed 000 ArangeApiCall): SetValue(base + (offset + i * stride) * step),
        once per block and inner chunk when the view is invariant across rows."""
        t = n.result_tensor()

        def emit() -> None:
            b = self.b
            base, step, offset, stride = self.arange_terms(n)
            dst = self.values[n.results[0]]
            with self._scalar_ub(), b.loop(0, self._count(t), 1, "arange_i") as (lb, i):
                value = lb.add(base, lb.mul(lb.add(offset, lb.mul(i, stride)), step))
                lb.set_value(dst, i, lb.cast(value, scalar_type(t.dtype)))

        self._once_per_row_chunk(t, emit)

    def _scalar_loop(self, n: ew.ElementwiseNode) -> None:
        """Ops without a vector API: one scalar GetValue/SetValue pass over the tile."""
        b, t = self.b, n.result_tensor()
        kind = _SCALAR_KIND[type(n)]
        if not t.dtype.is_signed and kind in ("floordiv", "remainder"):  # floats: target.math
            raise PassError(
                PASS,
                f"{n.describe()}: {t.dtype} {kind} has no AscendC lowering yet (floats and signed integers only)",
                at=n,
            )
        st = scalar_type(t.dtype)
        dst = self.values[n.results[0]]
        with self._scalar_ub(), b.loop(0, self._count(t), 1, f"{kind}_i") as (lb, i):
            args = []
            for v in n.operands:
                if isinstance(v.type, ScalarType):
                    args.append(self.values[v])
                else:
                    args.append(lb.get_value(self.values[v], i))
            if kind == "floordiv":
                r = lb.floordiv(args[0], args[1])
            elif kind == "remainder":
                r = lb.sub(args[0], lb.mul(lb.floordiv(args[0], args[1]), args[1]))
            elif kind == "not":
                r = lb.select(
                    lb.cmp("eq", args[0], lb.const(0, args[0].type)), lb.const(1, st), lb.const(0, st)
                )
            else:
                nz = [lb.cmp("ne", a, lb.const(0, a.type)) for a in args]
                both = (
                    lb.select(
                        nz[0],
                        nz[1],
                        lb.const(0, IntegerType(1)),
                    )
                    if kind == "and"
                    else lb.select(nz[0], lb.const(1, IntegerType(1)), nz[1])
                )
                r = lb.select(both, lb.const(1, st), lb.const(0, st))
            lb.set_value(dst, i, r)

    @contextmanager
    def _scalar_ub(self) -> Iterator[None]:
        """Scalar GetValue/SetValue on UB tiles: with VFs in the kernel, the scalar unit waits
        for PIPE_V before (a VF's results, and WAR on what it reads) and PIPE_V waits for the
        scalar unit after. Memory-level vector APIs and DataCopy on LocalTensors are
        synchronised with LocalTensor scalar access by cce-auto-sync."""
        if self.has_vf:
            self.b.sync("V_S")
        yield
        if self.has_vf:
            self.b.sync("S_V")

    # -------------------------------------------------------------------- host
    def _host(self) -> None:
        HostTiling(
            self.graph,
            self.plan,
            self.phases,
            self.kernel_buffers,
            self.kernel_exprs,
            self.index_exprs,
            self.reductions,
            self.cascaded,
            self.double_buffer,
            self.split,
        ).build(self.kb)


def lower_graph(
    graph: GraphOp,
    name: str | None = None,
    options: CompileOptions | None = None,
    split: bool = True,
) -> ModuleOp:
    """``split=False``: no SPLIT schedule (SK-like stage kernels, launched by their template);
    ``options.double_buffer=False``: every tile drains the pipes before the next (the
    schedule before issue 18, kept for comparison). No options: the defaults."""
    return GraphLowering(graph, name, options or CompileOptions(), split).build()
