"""The seed's ``Autofuser`` / ``AutofuserOptions`` driver API (seed 001 test script)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ascir_dialect.diagnostics import AscirError


@dataclass(frozen=True)
class AutofuserOptions:
    """Options of the Autofuse pipeline (the keyword names of the original API)."""

    tiling_lib_path: str = ""
    tiling_lib_codegen_symbol: str = ""
    graph_type: int = 0


class NotImplementedYetError(AscirError, NotImplementedError):
    """A pipeline stage that this build of the toolchain does not provide yet."""


class Autofuser:
    """``Autofuser(options).schedule(graph)`` then ``.codegen(result)``."""

    def __init__(self, options: AutofuserOptions | None = None):
        self.options = options or AutofuserOptions()

    def schedule(self, graph: Any) -> Any:
        graph.to_module()  # verification errors surface first, with the verifier's message
        raise NotImplementedYetError(
            "Autofuser.schedule: scheduling (axis merge, tiling, VF partition) is not "
            "implemented yet in this build; the graph verified OK. Use graph.to_mlir() to "
            "inspect it and pyautofuse.reference(graph, *inputs, sizes=...) to run it."
        )

    def codegen(self, scheduled: Any) -> tuple[str, str, str]:
        raise NotImplementedYetError(
            "Autofuser.codegen: AscendC code generation is not implemented yet in this build"
        )
