"""Which IndirectLoad template can take a graph case (seed 001 FR3-FR5, "模板选择").

Structural checks, run by ``indirect-load-template-cases`` on each case graph after its own
rewrite, before any code exists: a template that cannot take the case is rejected with its
reason and never affects the others. What an op can be on each path (a memory-level unary
API on the SIMD path, a scalar form on the SIMT path) is read from the target description.
"""

from __future__ import annotations

from ascir_dialect.ops import AscirNode
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.memory import LoadOp, StoreOp
from ascir_dialect.symbolic import SizeExpr
from passes.indirect_plan import IndirectPlan
from passes.target_facts import SIMT_DTYPES, has_scalar_form, simd_unary

GATHER_BYTES = (2, 4)
"""``AscendC::Gather`` moves 2- or 4-byte elements only."""


def contiguous_from(t, start: int) -> bool:
    """The view is dense from position ``start`` on (size-1 positions aside)."""
    expect = SizeExpr(1)
    for r, s in reversed(list(zip(t.repeats[start:], t.strides[start:], strict=True))):
        if r != 1 and s != expect:
            return False
        expect = expect * r
    return True


def _unary_chain(nodes: list[AscirNode]) -> str | None:
    for n in nodes:
        if not simd_unary(n):
            return f"{n.describe()} is not a unary elementwise op"
    return None


def simd_supported(plan: IndirectPlan) -> str | None:
    """Why the SIMD template cannot take this case, or None. The input chain is a Load and,
    when the forward move stopped because the gather may enlarge the data, unary ops that
    keep the dtype (computed on the input slice before the Gather)."""
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
    if len(plan.gathers) != 1:
        return "SIMD: one IndirectLoad"
    if plan.reduce is not None:
        return f"SIMD: {plan.reduce.describe()}: reductions after the gather are not supported by the SIMD template yet"
    if len(plan.index_chain) != 1:
        return "SIMD: the index chain must be a single load"
    stores = [n for n in plan.output_chain if isinstance(n, StoreOp)]
    post = [n for n in plan.output_chain if not isinstance(n, StoreOp)]
    why = _unary_chain(post)
    if len(stores) != 1 or why:
        return f"SIMD: the output chain must be unary elementwise ops and one store ({why or 'several stores'})"
    if plan.node.result_tensor().dtype.nbytes not in GATHER_BYTES or load.result_tensor().dtype.nbytes not in GATHER_BYTES:
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


__all__ = ["GATHER_BYTES", "contiguous_from", "ew", "simd_supported", "simt_supported"]
