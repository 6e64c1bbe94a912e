"""The ``autofuse`` pipeline: one xDSL ``PassPipeline`` of named passes, run by every driver
(``ascir-opt -p autofuse``, ``ascir-run``, ``compile_graph``, ``Autofuser``).

    indirect-load-template-cases   seed 001 FR2-FR6: the SIMD / SIMT / SK-like cases and stages
    normalize-arange-broadcast-views  seed 000 FR8, AL-1/AL-2
    schedule                       merged loop axes, UB layout (hint -> impl)
    vf-partition                   DS-3/AL-7 (``vf=False``: the root-graph path)
    lower-to-ascendc               ascendc kernel module (memory/register-level API, host tiling)

Each graph pass compiles every ordinary graph of the module, SK-like stage graphs included
(``passes.graphs``); the template cases go to lower-to-ascendc in their hint form. The
callback dumps the module after every pass (``passes.dump``).
"""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline

from lowering.passes import LowerToAscendCPass
from passes.dump import dump, dumping_enabled
from passes.indirect_load_cases import IndirectLoadTemplateCasesPass
from passes.normalize_arange import NormalizeArangeBroadcastViewsPass
from passes.schedule import SchedulePass
from passes.vf_partition import VfPartitionPass


def autofuse_passes(
    vf: bool = True, mask_mode: str = "loop", template: str = "", kernel: str = ""
) -> tuple[ModulePass, ...]:
    return (
        IndirectLoadTemplateCasesPass(template=template),  # type: ignore[arg-type]
        NormalizeArangeBroadcastViewsPass(),
        SchedulePass(),
        VfPartitionPass(enable=vf),
        LowerToAscendCPass(mask_mode=mask_mode, kernel=kernel),  # type: ignore[arg-type]
    )


def schedule_passes(vf: bool = True, template: str = "") -> tuple[ModulePass, ...]:
    """The graph passes of the pipeline (everything before lower-to-ascendc)."""
    return autofuse_passes(vf, template=template)[:-1]


def _dump_after(previous: ModulePass | None, module: ModuleOp, _next: ModulePass | None) -> None:
    if previous is not None:
        dump(previous.name, module)


def autofuse_pipeline(
    vf: bool = True, mask_mode: str = "loop", template: str = "", kernel: str = ""
) -> PassPipeline:
    return PassPipeline(
        autofuse_passes(vf, mask_mode, template, kernel), _dump_after if dumping_enabled() else None
    )


def run_passes(module: ModuleOp, passes: tuple[ModulePass, ...]) -> ModuleOp:
    """Run ``passes`` as one pipeline on ``module`` in place (dumping after each)."""
    PassPipeline(passes, _dump_after if dumping_enabled() else None).apply(Context(), module)
    return module


def run_autofuse(
    module: ModuleOp, vf: bool = True, mask_mode: str = "loop", template: str = "", kernel: str = ""
) -> ModuleOp:
    """Run the pipeline on ``module`` in place; the module then holds the kernel."""
    return run_passes(module, autofuse_passes(vf, mask_mode, template, kernel))


__all__ = ["autofuse_passes", "autofuse_pipeline", "run_autofuse", "run_passes", "schedule_passes"]
