"""``compile_graph``: a HintGraph (or module) -> a runnable kernel on the simulator/NPU.

k = compile_graph(graph_or_module, target="sim")
outs = k(*inputs, sizes={"s0": 4, ...})   # inputs by Data index, outputs by Output index
k.stats                                   # simulator counters of the last run
k(*inputs, sizes=..., check=True)         # also compare with the reference interpreter
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects.builtin import ModuleOp

from ascendc_emitter.names import kernel_symbol
from ascendc_emitter.printer import KernelSources, emit_files
from ascir_dialect.compare import MismatchError, compare
from ascir_dialect.diagnostics import AscirError, first_verification_error
from ascir_dialect.frontend.platform import check_core_num, check_ub_size
from ascir_dialect.interpreter import (
    GMBuffer,
    RefRuntime,
    check_inputs,
    check_sizes,
    resolve_graph,
)
from ascir_dialect.ops import GraphOp
from ascir_dialect.ops.memory import OutputOp
from lowering.pipeline import run_autofuse, run_passes, schedule_passes
from passes.dump import dump, dump_text, dumping
from passes.indirect_plan import has_indirect_load
from passes.options import DEFAULT_OPTIONS_FIELDS as DEFAULTS
from passes.options import CompileOptions, PassOptionError, check_bool
from runtime import compile_kernel, prebuild_for
from runtime.remote_cache import resolve as resolve_remote
from tools import graph_cache
from tools.cli import managed_gc

CHECKED_SIZES = 256
"""Size bindings a compiled graph remembers as checked (then it starts over)."""


@dataclass
class CompiledGraph:
    """A compiled fused graph: call it with numpy inputs to get the outputs. Any number of
    threads may call it at once (each launch has its own simulator state, runtime.sim);
    ``stats`` and ``last_run`` are the calling thread's last call's."""

    graph: GraphOp = field(repr=False)
    sources: KernelSources = field(repr=False)
    kernel: Any
    check: bool = False
    trace: str | Path | None = None
    """Chrome trace-event JSON file the simulator's timeline of every call is written to."""
    options: CompileOptions = field(default_factory=CompileOptions, repr=False)
    """What the kernel was compiled with: its platform gives a call's default cores and UB."""
    _mine: threading.local = field(default_factory=threading.local, init=False, repr=False, compare=False)
    _checked: dict[tuple[tuple[str, Any], ...], dict[str, int]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Sizes this graph was checked with (``check_sizes``: the size arithmetic and the
    injectivity of the stored views -- sympy work worth more than a kernel launch on a hit
    path) -> their bound values. Only sizes that passed are kept."""

    def _bound(self, sizes: Mapping[str, int] | None) -> dict[str, int]:
        try:
            key = tuple(sorted((sizes or {}).items()))
            hash(key)
        except TypeError:  # not a mapping of names to numbers: check_sizes says what is wrong
            return check_sizes(self.graph, sizes)
        if (bound := self._checked.get(key)) is None:
            bound = check_sizes(self.graph, sizes)  # also: Store/Output views injective with these sizes
            if len(self._checked) >= CHECKED_SIZES:
                self._checked.clear()
            self._checked[key] = bound
        return dict(bound)

    def __repr__(self) -> str:
        target = getattr(self.kernel, "target", "?")
        return f"<CompiledGraph @{self.graph.graph_name} kernel={getattr(self.kernel, 'name', '?')} target={target}>"

    @property
    def stats(self) -> dict[str, int]:
        """The simulator counters of this thread's last call ({} before the first)."""
        return getattr(self._mine, "stats", {})

    @property
    def last_run(self) -> Any:
        """This thread's last ``RunResult`` (None before the first call)."""
        return getattr(self._mine, "last_run", None)

    def __call__(
        self,
        *inputs: Any,
        sizes: Mapping[str, int] | None = None,
        core_num: int | None = None,
        ub_size: int | None = None,
        check: bool | None = None,
        costs: Mapping[str, float] | None = None,
        record: bool = True,
    ) -> list[np.ndarray]:
        """``costs`` overrides the simulator timeline's cost table for this call
        (``runtime.kernel.COST_NAMES``); ``record=False`` leaves the simulator's per-block
        counters and timeline out of ``last_run`` (``stats``, the totals, stay)."""
        g = self.graph
        bound = self._bound(sizes)
        values = check_inputs(g, inputs, bound)  # shapes too, as the reference checks them
        rt = RefRuntime(g, bound, values)
        # The simulator registers the inputs read-only (a kernel write to one is a fault): a
        # C-contiguous input of the right dtype (check_inputs) is handed over as it is.
        sim = getattr(self.kernel, "target", None) == "sim"
        args = [np.ascontiguousarray(np.asarray(v)).reshape(-1) for v in values]
        if not sim:
            args = [a.copy() for a in args]
        outputs = sorted((n for n in g.nodes() if isinstance(n, OutputOp)), key=lambda n: n.index_value)
        buffers = [rt.new_buffer(n).data for n in outputs]
        platform = self.options.platform
        timeline: dict[str, Any] = {}  # simulator-only options
        if costs is not None:
            timeline["costs"] = costs
        if self.trace is not None:
            timeline["trace"] = self.trace
        if sim:
            timeline["inputs"] = len(args)
            timeline["record"] = record
        result = self.kernel.run(
            [*args, *buffers],
            [bound[s] for s in g.size_names],
            core_num=check_core_num(core_num if core_num is not None else platform.vector_cores),
            ub_size=check_ub_size(ub_size if ub_size is not None else platform.ub_bytes),
            **timeline,
        )
        self._mine.stats, self._mine.last_run = result.stats, result
        shaped = []
        for node, data in zip(outputs, buffers, strict=True):
            rt.set_output(node, GMBuffer(node.node_name, data))
            shaped.append(rt.outputs[node.index_value])
        if check is None:
            check = self.check or os.environ.get("ASCIR_CHECK") == "1"
        if check:
            check_against_reference(g, inputs, bound, outputs, shaped)
        return shaped


def check_against_reference(
    g: GraphOp,
    inputs: tuple[Any, ...],
    sizes: dict[str, int],
    outputs: list[OutputOp],
    results: list[np.ndarray],
) -> None:
    """Run the reference interpreter on ``inputs`` and compare every kernel output with it
    (``ascir_dialect.compare``, torch.testing.assert_close rules); MismatchError if any differs."""
    from ascir_dialect.interpreter import reference

    expected = reference(g, *inputs, sizes=sizes)
    failures = []
    for node, out, ref in zip(outputs, results, expected, strict=True):
        c = compare(out, ref)
        if not c.ok:
            failures.append(f"output {node.index_value} (%{node.node_name}): {c.describe()}")
    if failures:
        raise MismatchError(
            f"graph @{g.graph_name}: the kernel's result differs from the reference interpreter: "
            + "; ".join(failures)
        )


@managed_gc()
def schedule_module(
    graph_or_module: Any, graph: str | None = None, vf: bool = True
) -> tuple[GraphOp, list[GraphOp]]:
    """(input graph, its impl graphs): the autofuse pipeline's graph passes on a copy of the
    graph -- one impl graph, or the template cases (and SK-like stages) of an IndirectLoad
    graph. ``vf=False``: the root-graph path."""
    _module, g = resolve_graph(graph_or_module, graph)
    module = run_passes(ModuleOp([g.clone()]), schedule_passes(CompileOptions(vf=vf)))
    graphs = [op for op in module.ops if isinstance(op, GraphOp)]
    for op in graphs:
        op.detach()  # free to join another module
    return g, graphs


def compile_options(**fields: Any) -> CompileOptions:
    """``CompileOptions`` of ``fields``, its checks reported as ``compile_graph``'s own."""
    try:
        return CompileOptions(**fields)
    except PassOptionError as e:
        raise PassOptionError(str(e).replace(CompileOptions.OWNER, "compile_graph", 1), "compile_graph", e.option) from None


def _options(
    g: GraphOp,
    name: str | None,
    vf: bool,
    mask_mode: str,
    template: str | None,
    double_buffer: bool,
    template_policy: str,
    row_cache: bool = DEFAULTS["row_cache"],
    online_softmax: bool = DEFAULTS["online_softmax"],
) -> CompileOptions:
    """Every option that changes the generated code, checked once (the platform included);
    the kernel's C++ name from ``ascendc_emitter.names`` (any graph or user name maps to one)."""
    return compile_options(
        vf=vf,
        mask_mode=mask_mode,
        template="" if template is None else template,
        kernel=kernel_symbol(name or f"autofuse_{g.graph_name}"),
        double_buffer=double_buffer,
        template_policy=template_policy,
        row_cache=row_cache,
        online_softmax=online_softmax,
    )


def sources_cached(graph_or_module: Any, vf: bool = DEFAULTS["vf"], remote_cache: str | None = None) -> bool:
    """Whether ``compile_graph(graph_or_module, vf=vf, remote_cache=...)`` (other options at
    their defaults) finds its generated sources in the graph cache, local or remote -- no
    pipeline to run, the kernel built with them before (drivers skip their parallel
    warm-up for such graphs)."""
    _module, g = resolve_graph(graph_or_module, None)
    if not graph_cache.enabled():
        return False
    options = _options(
        g, None, vf, DEFAULTS["mask_mode"], None, DEFAULTS["double_buffer"], DEFAULTS["template_policy"]
    )
    return graph_cache.lookup(graph_cache.graph_key(g, options.key()), resolve_remote(remote_cache)) is not None


@managed_gc()
def compile_graph(
    graph_or_module: Any,
    target: str = "sim",
    graph: str | None = None,
    name: str | None = None,
    vf: bool = DEFAULTS["vf"],
    mask_mode: str = DEFAULTS["mask_mode"],
    template: str | None = None,
    dump_dir: str | Path | None = None,
    check: bool = False,
    trace: str | Path | None = None,
    double_buffer: bool = DEFAULTS["double_buffer"],
    template_policy: str = DEFAULTS["template_policy"],
    remote_cache: str | None = None,
    row_cache: bool = DEFAULTS["row_cache"],
    online_softmax: bool = DEFAULTS["online_softmax"],
) -> CompiledGraph:
    """Compile a graph to a runnable kernel. ``vf=False`` forces the root-graph path (no
    ``__simd_vf__`` functions); ``mask_mode="per-op"`` is the debug pre-AL-7 mask mode;
    ``template`` pins the IndirectLoad template ("simd", "simt", "sklike");
    ``dump_dir`` receives the IR after every pass and the generated files
    (``passes.dump``); ``check=True`` (or ``ASCIR_CHECK=1`` in the environment) makes every
    call also run the reference interpreter and raise ``MismatchError`` on a mismatch;
    ``trace`` (simulator) writes each call's timeline to that file as Chrome trace-event
    JSON (Perfetto, chrome://tracing): one track per pipe per core; ``double_buffer=False``
    drains the pipes after every tile (the schedule before double buffering, to compare);
    ``template_policy`` is how host tiling picks an IndirectLoad template: "measured" (the
    default, the lower regret) or "seed-fr6" (seed 001 FR6's table as written);
    ``row_cache=False`` makes every pass of a streamed row read it from GM again (the
    schedule before the row cache, to compare); ``online_softmax=False`` gives softmax's sum a
    pass of its own in the STREAMING and SPLIT schedules (the schedule before, to compare, and
    the sum rounded as torch's two passes round it); ``remote_cache`` is a team's cache, ``redis://host:port/db`` (None: ``$ASCIR_REMOTE_CACHE``;
    "": none), asked after the local caches for the sources and the kernel and offered what
    is built here (``runtime.remote_cache``)."""
    check_bool("compile_graph", "check", check)
    _module, g = resolve_graph(graph_or_module, graph)
    if name is not None and not isinstance(name, str):
        raise AscirError(f"name= must be a string (the kernel name), got {type(name).__name__}")
    options = _options(g, name, vf, mask_mode, template, double_buffer, template_policy, row_cache, online_softmax)
    kernel_name = options.kernel
    if options.template and not has_indirect_load(g):
        raise AscirError("template= applies to IndirectLoad graphs only")
    remote = resolve_remote(remote_cache)  # a wrong URL is the user's mistake, said here
    prebuild_for(target, remote_cache)  # a first use builds the simulator's objects beside the passes
    # the graph-level cache (tools.graph_cache); dumps need the pipeline to run
    cached = dump_dir is None and graph_cache.enabled()
    key = graph_cache.graph_key(g, options.key()) if cached else ""
    sources = graph_cache.lookup(key, remote) if cached else None
    if sources is None:
        # the graph as given must verify: a graph built or parsed without verification is
        # refused here with a located diagnostic, not inside a pass as an internal error
        # (a cache hit is a text that verified when it was compiled)
        if (msg := first_verification_error(g)) is not None:
            raise AscirError(msg)
        with dumping(dump_dir):
            dump("input", g)
            kernel_module = run_autofuse(ModuleOp([g.clone()]), options)
            sources = emit_files(kernel_module)
            for file, text in sources.as_dict().items():
                dump_text(file, text)
        if cached:
            graph_cache.store(key, sources, remote)
    kernel = compile_kernel(
        sources.tiling_h,
        sources.host_impl_cpp,
        sources.device_impl_cpp,
        target=target,
        name=kernel_name,
        remote_cache="" if remote is None else remote.url,
    )
    if trace is not None and target != "sim":
        raise AscirError("trace= needs the simulator (target='sim')")
    return CompiledGraph(g, sources, kernel, check=check, trace=trace, options=options)
