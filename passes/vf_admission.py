"""``vf-admission`` (RefineEnableVFFlag, seed 000 FR10, AL-6, AL-9): decide for every
compute node whether it may join a ``__simd_vf__`` vector function.

Each compute node gets ``vf = "ok"`` or ``vf = "rejected: <reason>"``; GM and scalar
nodes (data, load, store, output, workspace, scalar, scalar_data, index_expr) stay outside
VFs and are not marked. Rejections:

* broadcast-baked Arange: any non-degenerate axis with stride 0, wherever it is (AL-6) --
  ``Reg::Arange`` produces one contiguous sequence only;
* Arange with control edges; Arange in a UB-fuse context (DS-6 graph attribute);
* Casts between 8- and 4-byte types (float <-> int64 included): they need two registers
  per value (RegTraitNumTwo), which a VF register tensor cannot express;
* a ScalarData or IndexExpr operand in a position the AL-9 protocol does not admit: only
  Add/Minimum/Maximum (one scalar, either side), the second input of the six compares, and
  Broadcast consume them inside VFs. A constant ``ascir.scalar`` is admitted in any
  position: Autofuse inserts a Broadcast after every Scalar node (and only after Scalar,
  seed 000 AL-9 "重要边界", ``InsertBroadcastAfterScalarForAscGraph``) and the VF's
  Broadcast elimination takes root Scalars back as value operands, so the VF receives it
  as a value and duplicates it into a register where the API has no scalar form;
* Casts that are not register-level ``Reg::Cast`` pairs of arch 3510 (the Cast table),
  and ops whose register API has no variant for their dtype (e.g. ``Reg::Exp`` of
  bfloat16, ``Reg::Muls`` of int8; the ``SupportType`` tables of the real headers);
* ops without a register-level lowering: integer floor division, remainder, the logical
  ops (scalar loops at memory level) and TrueDiv;
* IndirectLoad (its own templates) and reductions (memory-level Reduce APIs).

What the target offers comes from the target description, not from the lowering: the
register API of each op (``ascendc_emitter.target.ops``, whose ``register_apis`` lists
exactly what ``lowering.vf_lowering`` calls) and the per-dtype tables and Cast pairs of
arch 3510 (``ascendc_emitter.target.support``).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, StringAttr

from ascendc_emitter.target.math import recipe_dtype
from ascendc_emitter.target.ops import op_entry, register_apis, uses_recipe
from ascendc_emitter.target.support import cast_saturates, reg_api_supports, reg_cast_supported
from ascendc_emitter.target.types import element_name
from ascendc_emitter.target.vf_limits import vf_cost
from ascir_dialect.attributes import ScalarType
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import AscirNode, GraphOp
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.indirect_load import IndirectLoadOp
from ascir_dialect.ops.memory import LoadOp, OutputOp, StoreOp
from ascir_dialect.ops.reduce import ReduceNode
from ascir_dialect.ops.sources import ArangeOp, DataOp, IndexExprOp, ScalarDataOp, ScalarOp, WorkspaceOp
from passes.diagnostics import AscirPass
from passes.graphs import each_graph

OUTSIDE = (DataOp, OutputOp, WorkspaceOp, LoadOp, StoreOp, ScalarOp, ScalarDataOp, IndexExprOp)
SCALAR_ANY_SIDE = (ew.AddOp, ew.MinimumOp, ew.MaximumOp)


def admission(node: AscirNode, graph: GraphOp) -> str | None:
    """The decision for one node: None (not a VF candidate), "ok" or "rejected: ..."."""
    if isinstance(node, OUTSIDE):
        return None
    if isinstance(node, ArangeOp):
        t = node.result_tensor()
        if bad := t.broadcast_axes():
            return f"rejected: broadcast-baked Arange (axis '{t.axis[bad[0]]}' has stride 0 and size {t.repeats[bad[0]]}, AL-6)"
        if node.has_control_edges is not None:
            return "rejected: Arange with control edges"
        if graph.ub_fuse_context is not None:
            return "rejected: Arange in a UB-fuse context (DS-6)"
    if isinstance(node, ew.CastOp):
        src_dt, dst_dt = node.x.type.dtype, node.result_tensor().dtype  # type: ignore[union-attr]
        src, dst = src_dt.nbytes, dst_dt.nbytes
        if {src, dst} == {8, 4}:
            return f"rejected: {src}->{dst}-byte Cast needs two registers per value (RegTraitNumTwo)"
        if DType.bool not in (src_dt, dst_dt):
            s_name, d_name = element_name(src_dt), element_name(dst_dt)
            if not reg_cast_supported(s_name, d_name):
                return f"rejected: {s_name} -> {d_name} is not a register-level Cast (Reg::Cast table)"
            if cast_saturates(s_name, d_name):
                return (
                    f"rejected: {s_name} -> {d_name} saturates on arch 3510 where torch wraps "
                    "(computed at memory level with the wrap, target.support.SATURATING_INT_CASTS)"
                )
    entry = op_entry(node)
    sequence = uses_recipe(node)
    if entry is not None and not sequence and not entry.has_register_form():
        return f"rejected: {node.name} has no register-level lowering (computed at memory level)"
    if sequence:  # math and numeric ops (issue 19)
        dtype = node.operands[0].type.dtype  # type: ignore[union-attr]
        wide = recipe_dtype(node)
        if (DType.uint8 if dtype is DType.bool else dtype) is not wide:
            return (
                f"rejected: {node.name} on {dtype} computes in {wide} (as torch); a VF runs it only on "
                f"{wide} operands (computed at memory level)"
            )
        cost = vf_cost([node], list(node.operands), [node.results[0]])
        if (why := cost.violation()) is not None:
            return f"rejected: {node.name} alone needs {why} in a VF (computed at memory level)"
    if isinstance(node, IndirectLoadOp):
        return "rejected: IndirectLoad runs in its own template (SIMD/SIMT/SK-like)"
    if isinstance(node, ReduceNode):
        return "rejected: reductions use the memory-level Reduce APIs"
    names = [n for n, _ in node._operand_defs()]
    for i, v in enumerate(node.operands):
        if not isinstance(v.type, ScalarType):
            continue
        allowed = (
            sequence  # math and numeric ops duplicate a scalar into a register
            or isinstance(v.owner, ScalarOp)  # Broadcast inserted after Scalar (AL-9)
            or isinstance(node, ew.BroadcastOp)
            or isinstance(node, SCALAR_ANY_SIDE)
            or (isinstance(node, ew.CompareNode) and i == 1)
        )
        if not allowed:
            return (
                f"rejected: scalar-like input {names[i]} of {node.name} (AL-9 admits Add/Minimum/Maximum "
                "and the second input of compares; broadcast it first)"
            )
    for api, dtype in register_apis(node):
        name = element_name(dtype)
        if not reg_api_supports(api, name):
            return f"rejected: AscendC::Reg::{api} has no {name} variant on arch 3510"
    return "ok"


def admit_graph(graph: GraphOp) -> None:
    for node in graph.nodes():
        decision = admission(node, graph)
        if decision is None:
            node.properties.pop("vf", None)
        else:
            node.properties["vf"] = StringAttr(decision)


@dataclass(frozen=True)
class VfAdmissionPass(AscirPass):
    """Mark each compute node VF-eligible or rejected, with the reason (FR10)."""

    name = "vf-admission"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        each_graph(op, admit_graph)
