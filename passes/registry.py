"""Named passes available to ``ascir-opt -p`` and the programmatic pipeline.

Each entry maps a pass name to a factory returning the ``ModulePass`` class, as xDSL's
own registry does. Passes land here as their issues are implemented.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.passes import ModulePass


def _schedule() -> type[ModulePass]:
    from passes.schedule import SchedulePass

    return SchedulePass


def available_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    return {"schedule": _schedule}
