"""The plan of one graph's kernel, shared by the loop nest (``lowering.graph_lowering``) and
host tiling (``lowering.host_tiling``): the schedule keys and tile constants, the UB buffers
of a tile and their sizes, which reductions cascade, and the analysis of an impl graph into
its loop axes and phases."""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.ir import Attribute, SSAValue

from ascendc_emitter.builder import BodyBuilder
from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.dialect.types import element_bytes
from ascendc_emitter.target.ops import memory_dtype, reduction, unsupported
from ascendc_emitter.target.registers import VECTOR_BYTES
from ascendc_emitter.target.support import LIMITS
from ascir_dialect.attributes import ScalarType, TensorType
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import AscirNode, GraphOp, VfOp
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.indirect_load import IndirectLoadOp
from ascir_dialect.ops.memory import LoadOp, OutputOp, StoreOp
from ascir_dialect.ops.reduce import MaxOp, ProdOp, ReduceNode, SumOp
from ascir_dialect.ops.sources import ArangeOp, DataOp, WorkspaceOp
from ascir_dialect.symbolic import SizeExpr
from passes.diagnostics import PassError
from passes.phases import PhasePlan, phase_plan, producer, source

PASS = "lower-to-ascendc"
BLOCK_BYTES = 32
"""Bytes of one UB block, the unit of a buffer's size."""
TILE_ALIGN = 256  # elements: tile * sizeof(T) is a whole number of 256-byte repeats
MAX_STRIDED_TILE = LIMITS["copy_block_count"].hi // TILE_ALIGN * TILE_ALIGN
"""Elements of a tile when a copy is strided along the inner axis (one element per block):
``DataCopyExtParams.blockCount`` is at most 4095 (asc-devkit docs, DataCopyPad), rounded
down to whole ``TILE_ALIGN`` units."""
MAX_TILE = 1 << 20
"""Elements of a tile otherwise: contiguous copies move ``count * sizeof(T)`` bytes in one
block (``blockLen`` is 32-bit); the UB bounds the tile long before this."""
ROW_BUFFER_BYTES = 256  # buffer of a tensor broadcast along the inner axis
WORK_PER_REPEAT = 2
"""Elements a ReduceSum/ReduceMax/ReduceMin work tensor holds per 256-byte repeat of its
source: the CPU-debug checker's (value, index) slot per repeat (asc-tools
``kernel_vec_reduce_check.cpp`` CheckWorkTensorOffset), more than ReduceSum's one partial per
repeat on the 950 (ReduceSum.md) -- a 32nd of a float32 tile, not a tile
(:func:`work_bytes`; the simulator checks both, ``vector.h`` reduce_sum_work, reduce_work)."""
MIN_DOUBLE_TILE = 1024
"""Elements: host tiling double-buffers only when each slot still holds this many (4 KB of
float32). Halving a smaller tile doubles the DataCopy calls, and their fixed cost (ATT's
160-cycle DataCopy head, ``ascendc_emitter.target.costs``) then outweighs what the overlap
saves. Re-derived on the 950's timeline by ``bench/thresholds.py``: over add_relu at UBs of
16..248 KB and 16-op chains, 1024 has the least worst regret (1.012; 4096, the value of
the previous model, 1.173; never double-buffering 1.872)."""
MIN_SPLIT_TILE = 512
"""Elements: a row is cut into more tiles to occupy idle cores only down to this size
(2 KB of float32). ``bench/thresholds.py`` over one and four rows of 16K..1M elements:
regret flat at 256..512 (1.000), 1.073 at 1024, 1.309 at the previous model's 2048."""
RESIDENT, STREAMING, SPLIT = 1, 2, 3
"""Tiling keys of a reducing graph: the schedules of the module doc."""
MAX_INNER_PARTS = 64
"""The most parts host tiling weighs for a work item of an inner-axis reduction
(``HostTiling._inner_parts``): more than the 56 cores' waves ever favour."""
SPLIT_MIN_PART = 512
"""Elements of the reduced extent a core must get before a work item is split over cores:
a split costs a SyncAll per pass (the phases of one launch) and the partials' round trip.
``bench/thresholds.py`` over sums of 1, 4 and 16 rows of 16K..1M elements and the norms and
softmax of 1..8 rows of 4K..256K (a reduction over the inner axis may take a finer tile to
split, ``HostTiling._split``): worst regret 1.000 at 512, 1.144 at 1024, 1.457 at the
previous 4096 (sum [1, 16384] 3.84 -> 2.48 us, RMSNorm [7, 8192] 5.27 -> 3.50 us)."""
WORKSPACE_ALIGN = 512
"""Byte alignment of each reduction's partial results in the workspace."""


def accumulator_dtype(n: ReduceNode) -> DType:
    """float16/bfloat16 sums and products accumulate in float32 (as torch and the reference
    do); so do the reductions whose ReduceX lacks the dtype on the 950 (bfloat16 max/min:
    exact). A reduction without a ReduceX (Prod) accumulates in a dtype of its combine
    step's API: uint8 products in uint16 (the low 8 bits of a product depend only on the
    low 8 bits of its factors, so the wrapping Cast back is torch's wrapping product);
    int8 has neither an int8 Mul nor a Cast back from a wider integer on arch 3510 and is
    refused by name."""
    d = n.result_tensor().dtype
    if isinstance(n, (SumOp, ProdOp)) and d in (DType.float16, DType.bfloat16):
        return DType.float32
    entry = reduction(n)
    if entry.memory is None:
        step = entry.combine_entry.memory
        assert step is not None  # a combine step of the target table has a memory-level API
        if memory_dtype(step, d) is None and d is DType.uint8:
            return DType.uint16
        return memory_dtype(step, d) or d
    return memory_dtype(entry.memory, d) or d


Unit = AscirNode | VfOp
"""What a kernel emits as one piece: a node, or a VF region (one function call)."""


@dataclass
class Buffer:
    """A UB buffer of one tensor (or a temporary) in the tile."""

    name: str
    dtype: Attribute
    full: bool  # dense along the inner axis (tile elements) or one row block
    tbuf: ac.TBufOp | None = None
    """Its ``TBuf`` in the kernel (buffers whose lifetimes do not overlap share one:
    ``lowering.ub_reuse``)."""
    copies: int = 1
    """2 for a double-buffered tensor: one copy per buffer slot of the tile loop."""
    rows: bool = False
    """One copy per row of a row block (``KernelPlan.block_pos``): a tensor a DataCopy
    fills or drains along the block axis, ``rows`` (a tiling field) times its size."""
    cached: bool = False
    """A load of several passes of the STREAMING schedule (``KernelPlan.cached_loads``):
    ``load_slots`` copies (a tiling field) -- the double buffer's slots, or with the row
    cache one copy per chunk of the row."""
    work: bool = False
    """A reduction's work tensor (not ``full``): :func:`work_bytes` of the tile."""

    @property
    def kind(self) -> tuple[object, ...]:
        """Buffers of one kind have one size for every tile: only they may share a ``TBuf``
        (the copies of a double, row or cached buffer are part of its size)."""
        if self.work:
            return ("work", element_bytes(self.dtype))
        layout = (self.copies, self.rows, self.cached)
        return (True, element_bytes(self.dtype), *layout) if self.full else (False, *layout)


@dataclass
class KernelPlan:
    graph: GraphOp
    outer: list[tuple[str, SizeExpr]]
    inner: tuple[str, SizeExpr]
    phases: PhasePlan
    strided: bool
    """Some copy is strided along the inner axis (caps the tile at MAX_STRIDED_TILE)."""
    block_pos: int | None = None
    """The outer position of the *row blocks*, or None: a work item then covers ``rows``
    consecutive coordinates of this axis (the innermost kept one), each GM tensor varying
    along it moved by one DataCopyPad of ``rows`` blocks, and the rows computed one by one
    from their slices of those buffers (``LoopNest``). Graphs whose row is one tile can have
    them: those without reductions, and the RESIDENT schedule of inner-axis reductions;
    and (``chunk_blocks``) a reduction over one outer axis, whose passes take its chunks in
    blocks. Not graphs with a strided or padded copy (their copies already use the block
    count)."""

    chunk_blocks: bool = False
    """The block axis is the one reduced outer axis (the inner axis kept): each pass over a
    work item's reduced extent loads ``rows`` of its chunks per DataCopyPad and combines
    them row by row, in the chunks' order (``LoopNest._chunks``)."""
    pass_units: list[list[Unit]] = field(default_factory=list)
    """Each pass's units (:func:`pass_units`), for a STREAMING schedule (``may_be_resident``)."""
    cached_loads: frozenset[LoadOp] = frozenset()
    """Loads that more than one pass of the STREAMING schedule reads (:func:`multi_pass_loads`):
    with the *row cache* (host tiling's ``row_cache``, where the UB holds them) each chunk
    of the row is loaded by the first of those passes into a place of its own and read
    from there by the later ones, instead of from GM again."""
    in_place: dict[Unit, LoadOp] = field(default_factory=dict)
    """Units of the output pass whose chunk the pass before it computed, written over a cached
    load's chunk (:func:`in_place_units`): with the row cache that chunk stays in the load's
    place, and the output pass computes it again only for the chunks beyond the cache --
    softmax's ``exp(x - max)`` (the sum pass's), LayerNorm's ``x - mean`` (the variance
    pass's) are not recomputed from ``x``."""
    online: dict[ReduceNode, ReduceNode] = field(default_factory=dict)
    """Sums computed in their max's pass (:func:`online_sums`), each -> that max: a
    softmax's ``sum(exp(x - max(x)))``. Their levels (``merged``) take no pass of their own
    in the STREAMING and SPLIT schedules."""
    merged: frozenset[int] = frozenset()
    """The levels whose reductions are all online sums (computed in the pass before)."""
    row_invariant: list[Unit] = field(default_factory=list)
    """The compute units of a row block whose value is the same in every row: computed only
    from scalars (index expressions, constants) and from loads that do not vary along the
    block axis -- e.g. a mean's element count, broadcast and cast. A row block computes them
    once, before its rows; not those whose result is stored along the block axis (every
    row's copy is stored) and not Aranges (they read the row's coordinate)."""

    def along_block(self, t: TensorType) -> bool:
        """Whether ``t`` varies along the row-block axis (its copies move ``rows`` blocks)."""
        return self.block_pos is not None and t.repeats[self.block_pos] != 1

    def stored_along_block(self, v: SSAValue) -> bool:
        """Whether a store along the block axis reads ``v`` (its buffer holds every row)."""
        return any(isinstance(u.operation, StoreOp) and self.along_block(u.operation.result_tensor()) for u in v.uses)

    def _row_invariant(self) -> list[Unit]:
        invariant: set[SSAValue] = set()
        out: list[Unit] = []
        for u in self.graph.top_level():
            if isinstance(u, LoadOp) and not self.along_block(u.result_tensor()):
                invariant.add(u.results[0])
                continue
            if not isinstance(u, (VfOp, ew.BroadcastOp, ew.CastOp, ew.ElementwiseNode)):
                continue
            if isinstance(u, VfOp) and any(isinstance(m, ArangeOp) for m in u.members()):
                continue
            if any(self.stored_along_block(r) for r in u.results):
                continue
            if all(isinstance(o.type, ScalarType) or o in invariant for o in u.operands):
                invariant.update(u.results)
                out.append(u)
        return out

    @property
    def may_be_resident(self) -> bool:
        return self.phases.inner_reduced and not self.phases.reduced_outer

    @property
    def passes(self) -> int:
        """Passes over the reduced extent before the output pass (STREAMING), phases before
        the last (SPLIT): one a level, but none for a level of online sums."""
        return self.phases.depth - len(self.merged)


def per_element_bytes(buffers: list[Buffer], double: bool = False) -> int:
    """UB bytes per tile element of the buffers dense along the inner axis (``double``: with
    both slots of the double buffers)."""
    return sum(element_bytes(b.dtype) * (b.copies if double else 1) for b in buffers if b.full)


def per_repeat_bytes(buffers: list[Buffer], double: bool = False) -> int:
    """UB bytes per 256 tile elements (a repeat of one byte each): the dense buffers' and,
    beyond their whole blocks (:func:`fixed_bytes`), the work tensors' (:func:`work_bytes`)."""
    work = sum(WORK_PER_REPEAT * element_bytes(b.dtype) ** 2 for b in buffers if b.work)
    return VECTOR_BYTES * per_element_bytes(buffers, double) + work


def fixed_bytes(buffers: list[Buffer], double: bool = False) -> int:
    """UB bytes of the one-row buffers, and a block of each work tensor (its rounding)."""
    rows = ROW_BUFFER_BYTES * sum(b.copies if double else 1 for b in buffers if not b.full and not b.work)
    return rows + BLOCK_BYTES * sum(1 for b in buffers if b.work)


def work_bytes(b: BodyBuilder, tile: SSAValue, e: int) -> SSAValue:
    """The bytes of a reduction's work tensor for sources of at most ``tile`` elements of
    ``e`` bytes: ``WORK_PER_REPEAT`` elements per 256-byte repeat, whole 32-byte blocks (the
    kernel's TBuf and host tiling's fit, one rule)."""
    repeats = b.ceildiv(b.mul(tile, e), VECTOR_BYTES)
    return b.mul(b.ceildiv(b.mul(repeats, WORK_PER_REPEAT * e), BLOCK_BYTES), BLOCK_BYTES)


def cascades(n: ReduceNode) -> bool:
    """Whether ``n``'s partial results add in a cascade: a float accumulation whose error
    depends on the order of its combines (target ``order_sensitive``)."""
    return reduction(n).order_sensitive and accumulator_dtype(n).is_float


def inner_full(t: TensorType) -> bool:
    return t.repeats[-1] != 1


def analyse(graph: GraphOp, online: bool = True) -> KernelPlan:
    """The kernel plan of a scheduled graph; ``online``: softmax's sum in its max's pass
    where the graph has one (:func:`online_sums`)."""
    if graph.is_hint:
        raise PassError(PASS, f"graph @{graph.graph_name} is not scheduled; run the schedule pass first")
    nodes = [
        n
        for n in graph.nodes()
        if isinstance(n.out_type, TensorType) and not isinstance(n, (DataOp, OutputOp, WorkspaceOp))
    ]
    if not nodes:
        raise PassError(
            PASS, f"graph @{graph.graph_name} computes nothing: add the loads, compute and stores of a kernel"
        )
    computed = set(nodes)
    widest = max(nodes, key=lambda n: n.out_type.rank)  # type: ignore[union-attr]
    axes = widest.out_type.axis  # type: ignore[union-attr]
    sizes = graph.axis_by_name()
    for n in graph.nodes():
        if isinstance(n, IndirectLoadOp):
            raise PassError(
                PASS,
                f"{n.describe()}: IndirectLoad is lowered by its template cases (SIMD/SIMT/SK-like), not by this pass",
                at=n,
            )
        if isinstance(n, WorkspaceOp):
            raise PassError(
                PASS,
                f"{n.describe()}: workspaces between stages are not supported by the single-stage lowering",
                at=n,
            )
        if isinstance(n.out_type, TensorType) and n in computed and n.out_type.axis != axes:
            raise PassError(
                PASS,
                f"{n.describe()}: its view iterates {n.out_type.axis}, not the graph's loop axes {axes}; "
                "run the schedule pass on the hint graph",
                at=n,
            )
    strided = any(
        isinstance(n, (LoadOp, StoreOp))
        and inner_full(n.result_tensor())
        and n.result_tensor().strides[-1] != 1
        for n in nodes
    )
    outer = [(a, sizes[a].size_expr) for a in axes[:-1]]
    phases = phase_plan(graph, PASS)
    plan = KernelPlan(graph, outer, (axes[-1], sizes[axes[-1]].size_expr), phases, strided)
    padded = any(isinstance(n, LoadOp) and n.padded for n in nodes)
    if plan.may_be_resident:
        plan.online = online_sums(graph, phases) if online else {}
        plan.merged = frozenset(phases.level[s] for s in plan.online)
        plan.pass_units = pass_units(graph, phases, plan.merged)
        plan.cached_loads = multi_pass_loads(graph, phases, plan.merged)
        order = {u: i for i, u in enumerate(graph.top_level())}
        rescaled = set(needed_units([s.x for s in plan.online], order, phases))
        plan.in_place = in_place_units(graph, phases, plan.pass_units, plan.cached_loads, rescaled)
    if strided or padded:
        return plan
    if phases.kept_outer and (phases.depth == 0 or plan.may_be_resident):
        plan.block_pos = phases.kept_outer[-1]
        plan.row_invariant = plan._row_invariant()
    elif not phases.inner_reduced and len(phases.reduced_outer) == 1:
        plan.block_pos, plan.chunk_blocks = phases.reduced_outer[0], True
    return plan


def needed_units(
    values: list[SSAValue], order: dict[Unit, int], phases: PhasePlan, done: set[Unit] | frozenset[Unit] = frozenset()
) -> list[Unit]:
    """The varying units computing ``values`` (transitively, stopping at kept units and at
    units in ``done``), in program order (``order``: each unit's position)."""
    seen: set[Unit] = set()
    stack = [v.owner for v in values]
    while stack:
        u = stack.pop()
        if u in seen or u in done or u not in order or not phases.unit_key(u)[1]:  # type: ignore[arg-type]
            continue
        seen.add(u)  # type: ignore[arg-type]
        stack.extend(o.owner for o in u.operands)  # type: ignore[union-attr]
    return sorted(seen, key=order.__getitem__)


def pass_units(graph: GraphOp, phases: PhasePlan, merged: frozenset[int] = frozenset()) -> list[list[Unit]]:
    """The units each pass over the reduced extent runs per chunk, in program order
    (``passes.phases``: a pass recomputes the varying units its reductions or stores need,
    from the loads; a level's reductions accumulate in its pass): one list per level --
    the units its reductions need, then the reductions -- then the output pass. A level of
    ``merged`` (online sums, :func:`online_sums`) joins the pass before it."""
    units = list(graph.top_level())
    order = {u: i for i, u in enumerate(units)}
    out: list[list[Unit]] = []
    for level in range(1, phases.depth + 1):
        reductions = [r for r in units if isinstance(r, ReduceNode) and phases.level[r] == level]
        needed = needed_units([r.x for r in reductions], order, phases) + reductions  # type: ignore[operator]
        if level in merged:
            out[-1] += [u for u in needed if u not in out[-1]]
            continue
        out.append(needed)
    stores = [s for s in units if isinstance(s, StoreOp) and s in phases.varying]
    out.append(needed_units([s.results[0] for s in stores], order, phases))
    return out


def online_sums(graph: GraphOp, phases: PhasePlan) -> dict[ReduceNode, ReduceNode]:
    """The sums a pass over the reduced extent can compute beside the max they follow, each
    -> that max: ``s = sum(exp(x - broadcast(m)))`` for ``m = max(x)`` (softmax, log-softmax:
    torch's decomposition), float32, over the inner axis alone, where ``s`` is the only
    reduction of its level and what ``s`` needs reads only ``x``'s units, ``m``, and
    values kept before ``m``'s level. The pass keeps a running max ``M`` and a sum ``S`` of
    ``exp(x - M)``: a chunk whose max raises ``M`` to ``M'`` first scales ``S`` by
    ``exp(M - M')`` (``Accumulators.online_step``) -- so softmax reads its row twice, not
    three times, and a row's statistics take one pass (the output pass of a row overlaps
    the next row's one pass). Rounding differs from the two passes by a few ulp of ``S``."""
    if not (phases.inner_reduced and not phases.reduced_outer):
        return {}
    units = list(graph.top_level())
    order = {u: i for i, u in enumerate(units)}
    found: dict[ReduceNode, ReduceNode] = {}
    for s in units:
        if not isinstance(s, SumOp) or s.result_tensor().dtype != DType.float32:
            continue
        e = producer(s.x)
        sub = producer(e.operands[0]) if isinstance(e, ew.ExpOp) else None
        bc = producer(sub.operands[1]) if isinstance(sub, ew.SubOp) else None
        m = producer(bc.operands[0]) if isinstance(bc, ew.BroadcastOp) else None
        if not isinstance(m, MaxOp) or m.result_tensor().dtype != DType.float32:
            continue
        assert sub is not None
        if source(m.x) is not source(sub.operands[0]) or phases.level[s] != phases.level[m] + 1:
            continue
        first = set(needed_units([m.x], order, phases))
        mine = needed_units([s.x], order, phases, done=first)
        allowed = first | set(mine) | {m}
        if all(
            o in allowed or (isinstance(o, (AscirNode, VfOp)) and phases.unit_key(o)[0] < phases.level[m])
            for u in mine
            for o in (v.owner for v in u.operands)
        ):
            found[s] = m
    return {
        s: m
        for s, m in found.items()
        if [r for r in units if isinstance(r, ReduceNode) and phases.level[r] == phases.level[s]] == [s]
    }


def multi_pass_loads(graph: GraphOp, phases: PhasePlan, merged: frozenset[int] = frozenset()) -> frozenset[LoadOp]:
    """The loads that two or more passes over the reduced extent read (:func:`pass_units`):
    softmax's input is read by the max pass, the sum pass and the output pass."""
    counts: dict[LoadOp, int] = {}
    for units in pass_units(graph, phases, merged):
        for n in units:
            if isinstance(n, LoadOp):
                counts[n] = counts.get(n, 0) + 1
    return frozenset(n for n, c in counts.items() if c > 1 and inner_full(n.result_tensor()))


def in_place_units(
    graph: GraphOp,
    phases: PhasePlan,
    passes: list[list[Unit]],
    cached: frozenset[LoadOp],
    rescaled: set[Unit] | frozenset[Unit] = frozenset(),
) -> dict[Unit, LoadOp]:
    """The units the output pass need not recompute on a cached chunk, each -> the cached
    load whose place holds its chunk (``KernelPlan.in_place``). A unit ``u`` of both the
    output pass and the pass before it qualifies over a cached load ``L`` of both when:
    ``u`` is a compute unit with one result of ``L``'s element size on the whole tile,
    computed from ``L``; the output pass reads ``L`` only through ``u`` and needs none of
    ``u``'s varying inputs otherwise (so on a cached chunk it runs without them); no unit
    after ``u`` in a pass computing ``u`` reads ``L`` (``u`` overwrites it); ``u`` is not
    stored itself; ``L`` varies along the rows (a row every row reads, a bias, is kept).
    Of several over one load, the one the most units compute (the closest to the output);
    a unit over one load only. Not a unit of ``rescaled`` (what an online sum reads: its
    pass computes it against the running max, not the row's)."""
    if len(passes) < 2:
        return {}
    order = {u: i for i, u in enumerate(graph.top_level())}
    last, before = passes[-1], set(passes[-2])
    roots = [s.results[0] for s in last if isinstance(s, StoreOp)]
    chosen: dict[LoadOp, tuple[int, Unit]] = {}
    earlier = {v for units in passes[:-2] for v in units}
    for u in last:
        if u not in before or u in rescaled or isinstance(u, (LoadOp, StoreOp, ReduceNode)) or len(u.results) != 1:
            continue
        if u in earlier:  # an earlier pass computing it would overwrite what a later one reads
            continue
        t = u.results[0].type
        if not isinstance(t, TensorType) or not inner_full(t):
            continue
        if any(isinstance(use.operation, StoreOp) for use in u.results[0].uses):
            continue
        anc = needed_units([u.results[0]], order, phases)
        others = needed_units(roots, order, phases, done={u})
        for load in (a for a in anc if isinstance(a, LoadOp) and a in cached and a in before):
            lt = load.result_tensor()
            if all(r == 1 for r in lt.repeats[:-1]):  # a row every row reads (a bias): kept
                continue
            if lt.dtype.nbytes != t.dtype.nbytes or set(anc) & set(others):
                continue
            if any(_reads(v, load) for units in passes if u in units for v in units if order[v] > order[u]):
                continue
            if load not in chosen or len(anc) > chosen[load][0]:
                chosen[load] = (len(anc), u)
    result: dict[Unit, LoadOp] = {}
    for load, (_, u) in sorted(chosen.items(), key=lambda item: order[item[0]]):
        result.setdefault(u, load)  # one place a unit
    return result


def _reads(unit: Unit, load: LoadOp) -> bool:
    """Whether ``unit`` reads ``load``'s buffer: the load or a broadcast of it."""
    for v in unit.operands:
        owner = v.owner
        while isinstance(owner, ew.BroadcastOp):
            owner = owner.operands[0].owner
        if owner is load:
            return True
    return False


def reductions_of(graph: GraphOp) -> list[ReduceNode]:
    """The graph's reductions, each one the kernel can compute: not one that
    decompose-reductions rewrites, and with a memory-level API for its accumulator dtype."""
    reductions = [n for n in graph.top_level() if isinstance(n, ReduceNode)]
    for r in reductions:
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
    return reductions
