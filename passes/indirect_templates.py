"""Which IndirectLoad template can take a graph case (seed 001 FR3-FR5, "模板选择").

Structural checks, run by ``indirect-load-template-cases`` on each case graph after its own
rewrite, before any code exists: a template that cannot take the case is rejected with its
reason and never affects the others. What an op can be on each path (a memory-level unary
API on the SIMD path, a scalar form on the SIMT path) is read from the target description.
"""

from __future__ import annotations

from xdsl.ir import Operation

from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.target.ops import memory_dtype, op_entry, ops_where, unsupported
from ascendc_emitter.target.types import direct_cast_refusal
from ascir_dialect.attributes import TensorType
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import AscirNode
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.memory import LoadOp, StoreOp
from ascir_dialect.ops.reduce import ReduceNode
from ascir_dialect.ops.sources import ArangeOp
from ascir_dialect.symbolic import SizeExpr
from passes.indirect_plan import IndirectPlan

GATHER_BYTES = (2, 4)
"""``AscendC::Gather`` moves 2- or 4-byte elements only."""
SIMD_UNARY = (
    ew.CastOp,
    ew.NegOp,
    *ops_where(lambda e: e.memory is not None and issubclass(e.op, ew.UnaryNode)),
)
"""Unary ops the SIMD template runs at memory level: a memory-level unary API (target
table), Neg as Muls by -1, Cast."""
SIMT_DTYPES = (
    DType.float16,
    DType.bfloat16,
    DType.float32,
    DType.int8,
    DType.int16,
    DType.int32,
    DType.int64,
)
"""Tensor dtypes the SIMT scalar path loads and stores."""
SIMT_STRUCTURAL = (
    LoadOp,
    StoreOp,
    ArangeOp,
    ew.BroadcastOp,
    ew.CastOp,
    ew.CompareNode,
    ew.SelectNode,
    ReduceNode,
)


def chain_api(n: AscirNode) -> type[ac.VectorOp] | None:
    """The memory-level API a SIMD chain op calls (Neg: Muls by -1; Cast: none checked here)."""
    entry = op_entry(n)
    if entry is None or isinstance(n, ew.CastOp):
        return None
    return entry.memory_scalar if isinstance(n, ew.NegOp) else entry.memory


def scalar_op(n: AscirNode, dtype: DType) -> type[Operation] | None:
    """The ``arith`` op of ``n`` on ``dtype`` operands (target table), if it has one."""
    entry = op_entry(n)
    return None if entry is None or entry.scalar is None else entry.scalar.op_for(dtype)


def composite(n: AscirNode, dtype: DType) -> bool:
    """Ops without one ``arith`` op that the SIMT lowering composes: abs, integer remainder,
    the logical ops (on the truth of their mask operands: a uint8 mask may hold 2)."""
    return isinstance(n, (ew.AbsOp, *LOGICAL)) or (isinstance(n, ew.RemainderOp) and not dtype.is_float)


LOGICAL = (ew.LogicalAndOp, ew.LogicalOrOp, ew.LogicalNotOp)


def has_scalar_form(n: AscirNode) -> bool:
    """Exactly the ops the SIMT template evaluates per element."""
    if isinstance(n, SIMT_STRUCTURAL):
        return True
    dtype = n.result_tensor().dtype
    return scalar_op(n, dtype) is not None or composite(n, dtype)


def contiguous_from(t: TensorType, start: int) -> bool:
    """The view is dense from position ``start`` on (size-1 positions aside)."""
    expect = SizeExpr(1)
    for r, s in reversed(list(zip(t.repeats[start:], t.strides[start:], strict=True))):
        if r != 1 and s != expect:
            return False
        expect = expect * r
    return True


def _unary_chain(nodes: list[AscirNode]) -> str | None:
    for n in nodes:
        if not isinstance(n, SIMD_UNARY):
            return f"{n.describe()} is not a unary elementwise op"
        if isinstance(n, ew.CastOp) and (why := direct_cast_refusal(n.x.type.dtype, n.result_tensor().dtype)):
            return f"{n.describe()}: {why}"
        api = chain_api(n)
        if api is not None and memory_dtype(api, n.result_tensor().dtype) is None:
            return f"{n.describe()}: {unsupported(api, n.result_tensor().dtype)}"
    return None


def simd_supported(plan: IndirectPlan) -> str | None:
    """Why the SIMD template cannot take this case, or None. The input chain is a Load and,
    when the forward move stopped because the gather may enlarge the data, unary ops that
    keep the dtype (computed on the input slice before the Gather)."""
    if len(plan.sites) != 1 or len(plan.gathers) != 1:
        return (
            f"SIMD: {len(plan.gathers)} IndirectLoads (one AscendC::Gather per kernel); the SK-like "
            "template runs each gather as a stage of its own, SIMT gathers per element"
        )
    padded = next(
        (n for n in (*plan.input_chain, *plan.index_chain) if isinstance(n, LoadOp) and n.padded), None
    )
    if padded is not None:
        return (
            f"SIMD: {padded.describe()} is a padded load (a Pad or a Concat piece, lower-movement): "
            "the Gather's slices are whole rows of the input; SIMT reads a padded load per element"
        )
    load = next((n for n in plan.input_chain if isinstance(n, LoadOp)), None)
    pre = [n for n in plan.input_chain if n is not load]
    if load is None or _unary_chain(pre) is not None:
        return "SIMD: the input chain must be a load and unary elementwise ops"
    for n in pre:
        if n.result_tensor().dtype != load.result_tensor().dtype:
            return (
                f"SIMD: {n.describe()} changes the dtype before a gather that may enlarge the data "
                "(the input slice keeps the loaded dtype)"
            )
    if plan.reduce is not None:
        return f"SIMD: {plan.reduce.describe()}: reductions after the gather are not supported by the SIMD template yet"
    if len(plan.index_chain) != 1 or not isinstance(plan.index_chain[0], LoadOp):
        return (
            "SIMD: the index chain must be a single load (an index computed before the gather, "
            "e.g. ids + Arange or ids * stride, runs as the SK-like index pre stage or per element in SIMT)"
        )
    stores = [n for n in plan.output_chain if isinstance(n, StoreOp)]
    post = [n for n in plan.output_chain if not isinstance(n, StoreOp)]
    why = _unary_chain(post)
    if len(stores) != 1 or why:
        return (
            f"SIMD: the output chain must be unary elementwise ops and one store ({why or 'several stores'})"
        )
    if (
        plan.node.result_tensor().dtype.nbytes not in GATHER_BYTES
        or load.result_tensor().dtype.nbytes not in GATHER_BYTES
    ):
        return "SIMD: AscendC::Gather moves 2- or 4-byte elements only"
    if not contiguous_from(stores[0].result_tensor(), plan.dim):
        return f"SIMD: the output view is not contiguous from dim {plan.dim} on"
    if plan.index_chain[0].result_tensor().dtype.nbytes not in (4, 8):
        return "SIMD: int32 or int64 indices"
    return None


def simt_supported(plan: IndirectPlan) -> str | None:
    """Why the SIMT template cannot take this case, or None: every op needs a scalar form."""
    for n in (*plan.input_chain, *plan.index_chain, *plan.output_chain):
        if not has_scalar_form(n):
            return f"SIMT: {n.describe()} has no scalar form"
        if isinstance(n, (LoadOp, StoreOp)) and n.result_tensor().dtype not in SIMT_DTYPES:
            return f"SIMT: {n.describe()}: {n.result_tensor().dtype} tensors are not supported by the scalar path"
    return None


__all__ = [
    "GATHER_BYTES",
    "SIMD_UNARY",
    "SIMT_DTYPES",
    "chain_api",
    "composite",
    "contiguous_from",
    "has_scalar_form",
    "scalar_op",
    "simd_supported",
    "simt_supported",
]
