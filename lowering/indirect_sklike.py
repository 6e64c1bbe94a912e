"""The SK-like IndirectLoad template (seed 001 FR5, "SK-like 模板").

The fused graph is cut into its logical stages -- input pre, index pre, IndirectLoad,
output post -- joined through workspace tensors. A stage with nothing to compute is
not a stage: a bare load stays in the IndirectLoad stage, a bare store ends it. Each
stage is an ordinary hint graph compiled by the existing flow (normalize, schedule,
vf-partition and GraphLowering for the pre/post chains; the SIMD/SIMT templates for
the IndirectLoad stage), so every stage gets its own tiling and core split -- the
benefit the seed gives for this template when the IndirectLoad itself splits badly.

The stage kernels are merged into the template's kernel module: their tiling fields
are prefixed with the stage name, their host tiling is inlined into ``AutofuseTiling``
(which also lays out the workspace), and ``AutofuseLaunch`` launches them in stage
order when host tiling picked the SK-like key. Kernels on one stream run in order, so
each stage sees the previous stage's workspace complete (the seed's "同步点").
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import ArrayAttr, IntAttr, ModuleOp, StringAttr
from xdsl.ir import Operation, SSAValue

from ascendc_emitter.builder import BodyBuilder, HostBuilder, KernelModuleBuilder, i64
from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.names import c_identifier, field_identifier
from lowering.exprs import ExprLowering
from passes.sklike_stages import SkLikeSplit, Stage

WORKSPACE_ALIGN = 512
"""Byte alignment of each workspace tensor (a multiple of the 32-byte DataCopy unit)."""


@dataclass
class SkLikeTemplate:
    """The stage kernels merged into one kernel module (launched under ``key``)."""

    split: SkLikeSplit
    modules: list[ModuleOp]
    key: int

    def tiling_fields(self) -> list[tuple[str, object]]:
        fields: list[tuple[str, object]] = [(w.field, i64) for w in self.split.workspaces]
        for stage, module in zip(self.split.stages, self.modules, strict=True):
            struct = next(op for op in module.ops if isinstance(op, ac.TilingStructOp))
            shared = _size_fields(stage)
            fields += [(f"{stage.name}_{n}", t) for n, t in struct.fields() if n not in shared]
        return fields

    def merge_kernels(self, kb: KernelModuleBuilder) -> None:
        """Move the stage functions and kernels into ``kb``'s module, routed for launch."""
        for stage, module in zip(self.split.stages, self.modules, strict=True):
            moved = [op for op in module.ops if isinstance(op, (ac.SimdVfOp, ac.SimtVfOp, ac.KernelOp))]
            kb.adopt(moved)  # the stage's symbols, renamed if they collide with the module's
            for op in moved:
                op.detach()
                _prefix_fields(op, stage)
                if isinstance(op, ac.KernelOp):
                    op.properties["launch_key"] = IntAttr(self.key)
                    op.properties["grid_field"] = StringAttr(field_identifier(f"{stage.name}_block_dim"))
                    op.properties["launch_args"] = ArrayAttr(
                        [StringAttr(c_identifier(p)) for p, _ in stage.routes]
                    )
                    op.properties["launch_offsets"] = ArrayAttr(
                        [StringAttr(field_identifier(o) if o else "") for _, o in stage.routes]
                    )
                kb.append(op)
        kb.append(
            ac.LaunchSignatureOp.build(
                properties={"arg_names": ArrayAttr([StringAttr(a) for a in kb.gm_args])}
            )
        )

    def host(
        self, h: BodyBuilder, sizes: dict[str, SSAValue], core_num: SSAValue, ub_size: SSAValue
    ) -> tuple[SSAValue, SSAValue]:
        """Inline every stage's host tiling and lay out the workspace.
        Returns (block_dim: the widest stage, workspace bytes)."""
        blocks: SSAValue | None = None
        for stage, module in zip(self.split.stages, self.modules, strict=True):
            host = next(op for op in module.ops if isinstance(op, ac.HostTilingOp))
            args = host.body.block.args
            mapping: dict[SSAValue, SSAValue] = {
                a: sizes[s.data] for a, s in zip(args[:-2], host.size_names.data, strict=True)
            }
            mapping[args[-2]], mapping[args[-1]] = core_num, ub_size
            for op in host.body.block.ops:
                if isinstance(op, ac.SetOutputOp):
                    if op.output.data == "block_dim":  # also in the stage's own block_dim field
                        value = mapping.get(op.value, op.value)
                        blocks = value if blocks is None else h.max(blocks, value)
                    continue  # a stage's own workspace need is 0: the template lays it out
                if _size_check(op, stage):
                    continue  # the template checks and stores the sizes once
                new = op.clone(value_mapper=mapping)
                _prefix_fields(new, stage)
                if isinstance(new, ac.FailIfOp) and isinstance(h, HostBuilder):
                    h.adopt_fail_if(new, [s.data for s in host.size_names.data])
                h.insert(new)
        sym = ExprLowering(h, lambda s: sizes[s])
        offset: SSAValue = h.const(0)
        for w in self.split.workspaces:
            h.set_tiling(w.field, offset)
            nbytes = sym(w.nbytes, what=f"the bytes of the SK-like workspace tensor {w.field}")
            offset = h.add(offset, h.mul(h.ceildiv(nbytes, WORKSPACE_ALIGN), WORKSPACE_ALIGN))
        h.fail_if(
            h.cmp("sgt", offset, 2**32 - 1), 4, "the SK-like workspace exceeds the 32-bit workspace size"
        )
        assert blocks is not None
        return blocks, offset


def _size_fields(stage: Stage) -> set[str]:
    """The tiling fields of the stage's size variables (shared by every stage)."""
    return {c_identifier(s) for s in stage.graph.size_names}


def _prefix_fields(op: Operation, stage: Stage) -> None:
    """A stage's own tiling fields get the stage name as prefix; the sizes are shared."""
    shared = _size_fields(stage)
    for o in op.walk():
        if isinstance(o, (ac.TilingGetOp, ac.SetTilingOp)) and o.field.data not in shared:
            o.properties["field"] = StringAttr(field_identifier(f"{stage.name}_{o.field.data}"))


def _size_check(op: Operation, stage: Stage) -> bool:
    """A stage host's check (code 2) or store of a size: done once by the template."""
    if isinstance(op, ac.FailIfOp):
        return op.code.data == 2
    return isinstance(op, ac.SetTilingOp) and op.field.data in _size_fields(stage)


__all__ = ["WORKSPACE_ALIGN", "SkLikeTemplate"]
