"""``lower-to-ascendc`` as a module pass (the ``autofuse`` pass is in ``lowering.pipeline``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.rewriter import InsertPoint, Rewriter

from ascendc_emitter.names import kernel_symbol
from ascir_dialect.ops import GraphOp
from lowering.graph_lowering import lower_graph
from lowering.index_put_kernel import lower_scatter
from lowering.indirect_kernel import group_cases, lower_cases
from passes.diagnostics import AscirPass, PassError
from passes.index_put_case import SCATTER, has_index_put, scatter_plan
from passes.indirect_plan import has_indirect_load
from passes.options import DEFAULT_OPTIONS_FIELDS as DEFAULTS
from passes.options import CompileOptions, MaskMode, TemplatePolicy, TypedOptions, options_of

NAME = "lower-to-ascendc"


def lower_module(module: ModuleOp, options: CompileOptions) -> ModuleOp:
    """The ascendc kernel module of ``module``'s one kernel: an ordinary scheduled graph, or
    the template cases (and SK-like stage graphs) of one IndirectLoad graph, host tiling
    picking the template by ``options.template_policy``."""
    name = options.kernel or None
    graphs = [g for g in module.ops if isinstance(g, GraphOp)]
    if not graphs:
        raise PassError(NAME, "expected one graph per module (one kernel per build), found 0")
    if len(graphs) == 1 and graphs[0].template is None:
        g = graphs[0]
        if has_indirect_load(g) or has_index_put(g):
            raise PassError(
                NAME,
                f"graph @{g.graph_name} holds an IndirectLoad or IndexPut: run indirect-load-template-cases "
                "first (-p autofuse does)",
            )
        return lower_graph(g, name, options)
    if len(graphs) == 1 and graphs[0].template.data == SCATTER:  # type: ignore[union-attr]
        group = group_cases(graphs)
        plan = scatter_plan(group.cases[SCATTER])
        return lower_scatter(plan, kernel_symbol(name or f"autofuse_{group.root}"), options)
    if any(g.template is None for g in graphs):
        raise PassError(
            NAME, f"expected one graph per module (one kernel per build), found {len(graphs)}"
        )
    group = group_cases(graphs)
    return lower_cases(group, kernel_symbol(name or f"autofuse_{group.root}"), options)


@dataclass(frozen=True)
class LowerToAscendCPass(TypedOptions, AscirPass):
    """Replace the module's graphs (one kernel: a scheduled graph, or the cases of an
    IndirectLoad graph) by its ascendc kernel module."""

    name = NAME
    verifies_output: ClassVar[bool] = True
    """The kernel module it installs was verified whole where it was built
    (``KernelModuleBuilder.finish``): a driver need not verify it again."""

    vf: bool = DEFAULTS["vf"]
    """The lowering's own ``__simd_vf__`` functions (a chunk block's row sums,
    ``lowering.row_sums``); false: memory-level APIs only, the root-graph path (the graph's
    VF regions are vf-partition's, ``vf-partition{enable=false}``)."""
    mask_mode: MaskMode = DEFAULTS["mask_mode"]
    """VF masks: "loop" (AL-7, the loop dtype) or "per-op" (debug: the pre-fix defect)."""
    kernel: str = DEFAULTS["kernel"]
    """The kernel's name ("": ``autofuse_<graph>``), mapped to a C++ identifier."""
    double_buffer: bool = DEFAULTS["double_buffer"]
    """Double-buffered tile loops for graphs without reductions (issue 18); false: every
    tile drains the pipes before the next."""
    template_policy: TemplatePolicy = DEFAULTS["template_policy"]
    """IndirectLoad graphs: how host tiling picks the template ("measured", the default, or
    "seed-fr6", seed 001 FR6's table as written)."""
    row_cache: bool = DEFAULTS["row_cache"]
    """A streamed row's chunks kept in UB across its passes where they fit; false: every
    pass reads the row again."""
    online_softmax: bool = DEFAULTS["online_softmax"]
    """Softmax's sum in its max's pass (STREAMING, SPLIT); false: a pass of its own."""
    core_num: int = 0
    """Vector cores the kernel is planned for (0: the current platform's)."""
    ub_size: int = 0
    """UB bytes per vector core the kernel is planned for (0: the current platform's)."""

    def options(self) -> CompileOptions:
        """This pass's options as the one ``CompileOptions`` the lowering reads."""
        return options_of(self)

    @classmethod
    def of(cls, options: CompileOptions) -> LowerToAscendCPass:
        """The pass that lowers with ``options`` (its platform's cores and UB included)."""
        return cls(
            vf=options.vf,
            mask_mode=options.mask_mode,
            kernel=options.kernel,
            double_buffer=options.double_buffer,
            template_policy=options.template_policy,
            row_cache=options.row_cache,
            online_softmax=options.online_softmax,
            core_num=options.platform.vector_cores,
            ub_size=options.platform.ub_bytes,
        )

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        kernel = lower_module(op, self.options())
        for existing in list(op.ops):
            Rewriter.erase_op(existing, safe_erase=False)
        ops = list(kernel.body.block.ops)
        for o in ops:
            o.detach()
        Rewriter.insert_op(ops, InsertPoint.at_end(op.body.block))
