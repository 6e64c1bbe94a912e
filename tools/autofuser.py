"""The seed's ``Autofuser`` / ``AutofuserOptions`` driver API (seed 001 test script).

fuser = Autofuser(AutofuserOptions(tiling_lib_path="", tiling_lib_codegen_symbol=""))
impl_graphs = fuser.schedule(graph)                      # scheduled impl graph(s)
tiling_def, host_tiling, op_kernel = fuser.codegen(impl_graphs)
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects.builtin import ModuleOp
from xdsl.printer import Printer

from ascendc_emitter.printer import emit_files
from ascir_dialect.diagnostics import AscirError
from ascir_dialect.ops import GraphOp
from lowering.passes import lower_module
from passes.options import CompileOptions, check_bool, check_str, check_value
from tools.cli import managed_gc
from tools.compile import schedule_module


@dataclass(frozen=True)
class AutofuserOptions:
    """Options of the Autofuse pipeline (the keyword names of the original API)."""

    tiling_lib_path: str = ""
    tiling_lib_codegen_symbol: str = ""
    graph_type: int = 0
    enable_vf: bool = True
    """Partition into ``__simd_vf__`` vector functions (False: the root-graph path)."""

    def __post_init__(self) -> None:
        check_str("AutofuserOptions", "tiling_lib_path", self.tiling_lib_path)
        check_str("AutofuserOptions", "tiling_lib_codegen_symbol", self.tiling_lib_codegen_symbol)
        check_value("AutofuserOptions", "graph_type", int, self.graph_type)
        check_bool("AutofuserOptions", "enable_vf", self.enable_vf)


@dataclass
class ScheduledResult:
    """What ``schedule`` returns: the impl graphs (one per case; truthy when any)."""

    name: str
    impl_graphs: list[GraphOp] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.impl_graphs)

    def __len__(self) -> int:
        return len(self.impl_graphs)

    def get_name(self) -> str:
        return self.name

    def to_mlir(self) -> str:
        out = io.StringIO()
        module = ModuleOp([g.clone() for g in self.impl_graphs])
        Printer(stream=out).print_op(module)
        return out.getvalue() + "\n"


class Autofuser:
    """``Autofuser(options).schedule(graph)`` then ``.codegen(result)``."""

    def __init__(self, options: AutofuserOptions | None = None):
        self.options = options or AutofuserOptions()

    def schedule(self, graph: Any) -> ScheduledResult:
        """The autofuse pipeline's graph passes: one impl graph, or the template cases (and
        SK-like stage graphs) of an IndirectLoad graph."""
        hint, impls = schedule_module(graph, vf=self.options.enable_vf)
        return ScheduledResult(hint.graph_name, impls)

    @managed_gc()
    def codegen(self, scheduled: ScheduledResult) -> tuple[str, str, str]:
        if not isinstance(scheduled, ScheduledResult) or not scheduled:
            raise AscirError("Autofuser.codegen takes the result of Autofuser.schedule(graph)")
        module = ModuleOp([g.clone() for g in scheduled.impl_graphs])
        options = CompileOptions(vf=self.options.enable_vf, kernel=f"autofuse_{scheduled.name}")
        sources = emit_files(lower_module(module, options))
        return sources.tiling_h, sources.host_impl_cpp, sources.device_impl_cpp
