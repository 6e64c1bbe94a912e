"""``torch.compile(fn, backend="ascir")``: FX graphs to fused ASCIR kernels.

Pipeline (inference; the backward of a training graph runs in eager torch):

1. AOTAutograd (``aot_autograd``) traces the Dynamo graph to core ATen with
   ``core_aten_decompositions()`` plus :data:`lowering_table.DECOMPOSE`;
2. ``CapabilityBasedPartitioner`` with an ``OperatorSupport`` built from the lowering table
   proposes maximal fusible regions; each region becomes one ASCIR HintGraph
   (:mod:`graph_builder`). A node ASCIR cannot build is refused (it stays in eager torch,
   the reason logged) and the partitions are proposed again; a region that cannot be one
   graph (two reductions over different axes, a gather of a value computed in the region)
   is cut in two;
3. every graph is compiled with ``compile_graph`` (the graph-level and kernel caches are
   shared; many graphs compile in a process pool first, with a progress bar on stderr);
   a graph that does not compile leaves its region in eager torch, the reason logged;
4. the regions are fused into submodules (``fuse_by_partitions``) that call the kernels;
   everything else (matmul, convolution, views ASCIR cannot express, ...) runs in eager
   torch between them.

Sizes: Dynamo's symbolic sizes are ASCIR size names; at every call they are bound from the
graph inputs' shapes, so one compiled graph serves every shape. Inputs are made contiguous
(``Tensor.contiguous()``) before a kernel reads them; outputs are new contiguous tensors.

What user code throws at it, and why it is safe:

* constants made in the function (``torch.tensor([...])``) are ``get_attr`` nodes of the AOT
  graph: a kernel reads them as inputs, from the constant's own storage. Nothing copies
  them -- the compiler runs under AOTAutograd's ``FakeTensorMode``, where a deepcopy of a
  real tensor fails -- so the rewrite works on :func:`working_copy` (graph copied,
  attributes shared) and the untouched ``gm`` is always the fallback;
* in-place writes are functionalized by AOTAutograd (``copy_`` -> ``aten.copy``, writes to
  inputs copied back after the call), so a mutation of an input is seen by the caller as
  in eager torch;
* inputs no kernel can read (another device than the CPU, sparse/jagged layouts,
  quantized) leave the whole graph to eager torch with a reason naming the input and its
  device/layout (:func:`input_refusal`); per op, tensors of another device or of a dtype
  ASCIR lacks stay in eager, and so does an op eager torch itself cannot run for its dtype
  (it must raise as in eager, :func:`lowering_table.eager_lacks`);
* a graph AOTAutograd cannot trace runs as Dynamo gave it (a refusal: torch's tracer, not
  ASCIR); an exception in the front end is a compiler bug (``_internal``): reported, the
  whole graph in eager torch, raised under ``strict``.

``ASCIR_LOG=partitions`` logs every region (its ops, inputs and graph IR) on stderr,
``ASCIR_LOG=fallbacks`` every op left to eager with the reason (``all``: both).
"""

from __future__ import annotations

import logging
import os
import re
import sys
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ascir_dialect.diagnostics import AscirError, InternalCompilerError
from runtime.errors import SimulatorError

from . import lowering_table as table
from .dtypes import from_numpy, to_numpy, to_torch
from .graph_builder import Builder, BuiltGraph, CutError, RefusedError, _is_tensor, _val, shape_of, sym_expr

log = logging.getLogger("pyautofuse.torch")

TARGETS = ("sim", "npu")
PARALLEL_MIN = 4
"""Compile in a process pool from this many graphs on (below it, the pool's start-up costs more)."""


# ---------------------------------------------------------------------- options
@dataclass(frozen=True)
class BackendOptions:
    target: str = "sim"
    workers: int = 0
    """Process-pool size for compiling (0: the CPUs, at most the graphs)."""
    vf: bool = True
    strict: bool = False
    """Raise a compiler bug (``InternalCompilerError``) instead of running its region in eager
    torch (default: ``ASCIR_STRICT=1`` in the environment). Refusals always fall back."""
    remote_cache: str | None = None
    """A team's kernel cache, ``redis://host:port/db`` (None: ``$ASCIR_REMOTE_CACHE``; "":
    none; ``runtime.remote_cache``)."""

    @staticmethod
    def parse(options: dict[str, Any] | None) -> BackendOptions:
        options = dict(options or {})
        target = options.pop("target", "sim")
        if target not in TARGETS:
            raise AscirError(f"backend 'ascir': option target must be one of {TARGETS}, got {target!r}")
        workers = options.pop("workers", 0)
        vf = options.pop("vf", True)
        strict = options.pop("strict", os.environ.get("ASCIR_STRICT", "") not in ("", "0"))
        remote = options.pop("remote_cache", None)
        if remote is not None:
            from runtime.remote_cache import check_url

            if remote:
                check_url(remote)
        if options:
            raise AscirError(
                f"backend 'ascir': unknown option(s) {', '.join(sorted(options))} "
                "(target, workers, vf, strict, remote_cache)"
            )
        return BackendOptions(target, int(workers), bool(vf), bool(strict), remote)


# ----------------------------------------------------------------------- report
@dataclass
class Region:
    name: str
    ops: list[str]
    fused: bool
    reason: str = ""
    ir: str = ""
    internal: bool = False
    """It runs in eager torch because of a compiler bug (not a refusal)."""


@dataclass
class Report:
    """What one ``torch.compile`` graph became: fused regions and ops left to eager."""

    regions: list[Region] = field(default_factory=list)
    fallbacks: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(ATen op, reason) -> count of nodes the partitioner left to eager torch (refused)."""
    views: Counter[str] = field(default_factory=Counter)
    """ATen view op -> count of views no region reads (a matmul's operands, outputs): torch
    views in eager, no data moved (not counted as eager ops)."""
    empty: Counter[str] = field(default_factory=Counter)
    """ATen op -> count of nodes on 0-length tensors: torch's result, no kernel needed
    (neither fused nor a fallback)."""
    internal_errors: list[str] = field(default_factory=list)
    """Compiler bugs met (each also logged as a warning); their regions run in eager torch."""
    compile_seconds: float = 0.0

    @property
    def fused(self) -> list[Region]:
        return [r for r in self.regions if r.fused]

    @property
    def eager_ops(self) -> int:
        """ATen ops that run in eager torch: refused ones, and every op of a region that fell
        back (it did not compile, or a compiler bug)."""
        return sum(self.fallbacks.values()) + sum(len(r.ops) for r in self.regions if not r.fused)

    def merge(self, other: Report) -> None:
        self.regions += other.regions
        self.fallbacks.update(other.fallbacks)
        self.empty.update(other.empty)
        self.views.update(other.views)
        self.internal_errors += other.internal_errors
        self.compile_seconds += other.compile_seconds

    def summary(self) -> str:
        ops = sum(len(r.ops) for r in self.fused)
        lines = [
            f"ascir: {len(self.fused)} fused region(s) ({ops} ATen ops), "
            f"{self.eager_ops} op(s) in eager torch, compile {self.compile_seconds:.1f} s"
        ]
        if self.views:
            lines.append(
                f"  {sum(self.views.values())} view(s) outside the regions left as torch views (no data moved)"
            )
        if self.empty:
            lines.append(
                f"  {sum(self.empty.values())} op(s) on empty tensors answered by torch without a kernel"
            )
        if self.internal_errors:
            lines.append(
                f"  {len(self.internal_errors)} internal compiler error(s) -- bugs, please report them:"
            )
            lines += [f"    {e}" for e in self.internal_errors]
        for r in self.regions:
            if not r.fused:
                kind = "compiler bug" if r.internal else "left to eager"
                lines.append(f"  region {r.name} ({len(r.ops)} op(s)) {kind}: {r.reason}")
        for (op, reason), n in sorted(self.fallbacks.items()):
            lines.append(f"  eager {n}x {op}: {reason}")
        return "\n".join(lines)


_REPORTS: list[Report] = []


def last_report() -> Report:
    """The merged report of every graph compiled since :func:`reset_report`."""
    out = Report()
    for r in _REPORTS:
        out.merge(r)
    return out


def reset_report() -> None:
    _REPORTS.clear()


def _log_enabled(what: str) -> bool:
    parts = {p.strip() for p in os.environ.get("ASCIR_LOG", "").split(",")}
    return what in parts or "all" in parts


def _emit(what: str, message: str) -> None:
    log.info(message)
    if _log_enabled(what):
        print(message, file=sys.stderr)


def _internal(report: Report, where: str, e: BaseException, opts: BackendOptions) -> str:
    """A compiler bug met while compiling ``where``: recorded in the report and always logged
    as a warning (never only under ``ASCIR_LOG``); raised again under ``strict``."""
    if not isinstance(e, InternalCompilerError):
        wrapped = InternalCompilerError(where, None, e)
        wrapped.__cause__ = e
        e = wrapped
    if opts.strict:
        raise e
    message = f"{e} (a compiler bug, please report it; {where} runs in eager torch)"
    report.internal_errors.append(message)
    log.warning("ascir: %s", message)
    return str(e)


def source_line(node: Any) -> str:
    """The user's source line of an FX node (``file:line: code``), from its stack trace."""
    trace = node.meta.get("stack_trace") if hasattr(node, "meta") else None
    if not trace:
        return ""
    found = re.findall(r'File "([^"]+)", line (\d+), in [^\n]*\n\s*([^\n]*)', trace)
    if not found:
        return ""
    file, line, code = found[-1]
    return f"{file}:{line}: {code.strip()}"


def describe(node: Any) -> str:
    where = source_line(node)
    return f"{node.target} ({node.name})" + (f" at {where}" if where else "")


# ----------------------------------------------------------------- the backend
def ascir_backend(gm: Any, example_inputs: Sequence[Any], options: dict[str, Any] | None = None, **_: Any):
    """A ``torch.compile`` backend: ``torch.compile(fn, backend=ascir_backend)`` or
    ``backend="ascir"`` once the package is installed; ``options={"target": "npu"}``
    selects the device path."""
    import torch
    from functorch.compile import make_boxed_func
    from torch._dynamo.backends.common import aot_autograd

    opts = BackendOptions.parse(options)
    from runtime import prebuild_for

    prebuild_for(opts.target, opts.remote_cache)  # a first use builds the simulator's objects while torch traces
    refusal = input_refusal(gm, example_inputs)
    if refusal is not None:
        return _whole_graph_eager(gm, refusal)
    key = _memo_key(gm, opts, example_inputs, torch.is_grad_enabled())
    hit = _TRACED.get(key) if key is not None else None
    if hit is not None:  # this Dynamo graph was traced and compiled before in this process
        _TRACED.move_to_end(key)  # type: ignore[arg-type]
        compiled, done = hit
        for r in done:  # what it became, reported again (a backward compiled later included)
            _REPORTS.append(again := Report())
            again.merge(r)
            again.internal_errors += r.internal_errors
        return compiled
    reports: list[Report] = []

    def forward(fx: Any, inputs: Sequence[Any]) -> Callable[..., Any]:
        compiled = compile_fx(fx, inputs, opts)
        reports.append(_REPORTS[-1])
        return compiled

    def backward(fx: Any, inputs: Sequence[Any]) -> Callable[..., Any]:
        # AOTAutograd's backward graph, decomposed as the forward: the same partitioner
        compiled = make_boxed_func(compile_fx(fx, inputs, opts))
        reports.append(_REPORTS[-1])
        return compiled

    mark = len(_REPORTS)
    try:
        compiled = aot_autograd(fw_compiler=forward, bw_compiler=backward, decompositions=table.decompositions())(
            gm, example_inputs
        )
        if key is not None and not any(r.internal_errors for r in reports):
            _remember(_TRACED, key, (compiled, reports))
        return compiled
    except InternalCompilerError:  # our own bug, raised by compile_fx under ``strict``
        raise
    except Exception as e:
        if isinstance(e, _dynamo_control_flow()):
            raise
        # torch's tracer refused the graph (e.g. an in-place write to an expanded input,
        # which eager torch refuses too): the Dynamo graph runs as it is, so the user sees
        # eager torch's behaviour, error included. Reports of a forward compiled before
        # the failure describe kernels that never run: dropped.
        del _REPORTS[mark:]
        first = (str(e).strip().splitlines() or [""])[0]
        return _whole_graph_eager(gm, f"AOTAutograd could not trace the graph ({type(e).__name__}: {first})")


class _Support:
    """``OperatorSupport`` from the lowering table, minus the nodes refused so far."""

    def __init__(self, refused: dict[Any, str]):
        from torch.fx.passes.operator_support import OperatorSupportBase

        self.refused = refused
        outer = self

        class Support(OperatorSupportBase):
            def is_node_supported(self, submodules: Any, node: Any) -> bool:
                return outer.supported(node)

        self.support = Support()

    def supported(self, node: Any) -> bool:
        if node.op != "call_function" or node in self.refused:
            return False
        reason = table.unsupported_reason(node)
        if reason is not None:
            self.refused[node] = reason
            return False
        return True


def _is_compute(node: Any) -> bool:
    row = table.TABLE.get(str(node.target))
    return row is not None and row.axes not in (table.VIEW, table.EXPAND) and row.build is not table.identity


def _drop_identity_converts(gm: Any) -> None:
    """A ``convert_element_type`` to the dtype its operand has is its operand (the graph
    is functional: nothing writes the copy); torch's decompositions leave such no-ops,
    e.g. float64 -> float64 before an unspecialized float is narrowed."""
    for n in list(gm.graph.nodes):
        if str(n.target) != "prims.convert_element_type.default" or not n.args:
            continue
        src, out = _val(n.args[0]), _val(n)
        if getattr(src, "dtype", None) is not None and src.dtype == getattr(out, "dtype", None):
            n.replace_all_uses_with(n.args[0])
            gm.graph.erase_node(n)


def _without_trailing_views(nodes: list[Any]) -> list[Any]:
    """``nodes`` without the views read outside them (repeatedly, so a chain goes as a
    whole): such a view (a matmul's operand, a value several regions read) stays a torch
    view in eager -- no data moves -- and every region reads it in place through its
    strides, instead of one region storing a copy."""
    kept = set(nodes)
    changed = True
    while changed:
        changed = False
        for n in list(kept):
            if table.rule(n).view and any(u not in kept for u in n.users):
                kept.discard(n)
                changed = True
    return [n for n in nodes if n in kept]


def _regions(nodes: list[Any], order: dict[Any, int]) -> list[list[Any]]:
    """The regions a partition (or a part of a cut one) makes: without its trailing views,
    one per connected component, each in graph order."""
    return [sorted(c, key=order.__getitem__) for c in _components(_without_trailing_views(nodes))]


def _components(nodes: list[Any]) -> list[list[Any]]:
    """The weakly connected components of a partition (one kernel each: unrelated
    computations over different axes do not share a graph)."""
    inside = set(nodes)
    seen: set[Any] = set()
    out = []
    for start in nodes:
        if start in seen:
            continue
        comp, stack = [], [start]
        seen.add(start)
        while stack:
            n = stack.pop()
            comp.append(n)
            for m in [*n.all_input_nodes, *n.users]:
                if m in inside and m not in seen:
                    seen.add(m)
                    stack.append(m)
        out.append(comp)
    return out


def _bindings(gm: Any) -> dict[str, tuple[int, int | None]]:
    """Size name -> (placeholder position, dimension or None for a SymInt input)."""
    import sympy

    out: dict[str, tuple[int, int | None]] = {}
    placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    for j, p in enumerate(placeholders):
        v = _val(p)
        if _is_tensor(p):
            for d, s in enumerate(shape_of(p)):
                if isinstance(s, sympy.Symbol):
                    out.setdefault(str(s), (j, d))
        elif v is not None and hasattr(v, "node") and isinstance(getattr(v.node, "expr", None), sympy.Symbol):
            out.setdefault(str(v.node.expr), (j, None))
    return out


class _Sizes(threading.local):
    """The size bindings of the call being run, set from the graph inputs' shapes before
    the graph runs and read by its kernels: one per thread, so a compiled function called
    from several threads at once binds each call's own shapes."""

    current: dict[str, int]

    def __init__(self) -> None:
        self.current = {}


def compile_fx(gm: Any, example_inputs: Sequence[Any], opts: BackendOptions) -> Callable[..., Any]:
    """The core-ATen ``gm`` with its fusible regions replaced by ASCIR kernels; any failure
    of the front end itself leaves the whole graph to eager torch, reported as a compiler
    bug (raised under ``strict``).

    The rewrite happens on :func:`working_copy`, so ``gm`` itself is never modified and is
    always a correct fallback, whatever step fails -- the copy included."""
    report = Report()
    _REPORTS.append(report)
    key = _memo_key(gm, opts)
    hit = _COMPILED.get(key) if key is not None else None
    if hit is not None:  # the same graph compiled before in this process: its callable again
        _COMPILED.move_to_end(key)  # type: ignore[arg-type]
        compiled, done = hit
        report.merge(done)
        return compiled
    try:
        compiled = _compile_fx(working_copy(gm), example_inputs, opts, report)
        if key is not None and not report.internal_errors:
            _remember(_COMPILED, key, (compiled, report))
        return compiled
    except Exception as e:
        # regions found before the failure never run: the report says only what runs
        report.regions.clear()
        report.fallbacks.clear()
        reason = _internal(report, "the torch front end", e, opts)
        ops = [str(n.target) for n in gm.graph.nodes if n.op == "call_function"]
        report.regions.append(Region("<graph>", ops, False, reason, internal=True))
        return gm.forward


MEMO_GRAPHS = 64
"""Graphs of each memo kept in a process (least recently used dropped first)."""
_COMPILED: OrderedDict[str, tuple[Callable[..., Any], Report]] = OrderedDict()
"""AOTAutograd graph -> its compiled callable and report."""
_TRACED: OrderedDict[str, tuple[Callable[..., Any], list[Report]]] = OrderedDict()
"""Dynamo graph -> what AOTAutograd and the compiler made of it, and their reports."""


def _remember(memo: OrderedDict[str, Any], key: str, value: Any) -> None:
    memo[key] = value
    while len(memo) > MEMO_GRAPHS:
        memo.popitem(last=False)


def _memo_key(gm: Any, opts: BackendOptions, inputs: Sequence[Any] = (), grad: bool = False) -> str | None:
    """What a compiled graph depends on: the graph's code, every node's traced value and
    every example input (shape, strides, dtype, storage offset, ``requires_grad`` --
    symbolic sizes by their shape symbols), the grad mode and the options. A new
    ``torch.compile`` of the same function (after ``torch._dynamo.reset()``, or another
    instance of the same model) hands the backend a new GraphModule: a key already
    compiled in this process returns its callable at once, as Inductor's AOTAutograd and
    FX-graph caches do, instead of tracing, partitioning, building and looking up every
    region again. None -- never shared -- for a graph with ``get_attr`` constants or
    ``call_module`` submodules (their values are the GraphModule's own)."""
    import hashlib

    def meta(v: Any) -> str:
        if hasattr(v, "shape") and hasattr(v, "stride"):
            grad_ = getattr(v, "requires_grad", False)
            return f"{v.dtype}:{tuple(v.shape)}:{v.stride()}:{v.storage_offset()}:{v.device}:{grad_}"
        return repr(v)

    parts = [gm.code, repr(opts), str(grad)]
    for n in gm.graph.nodes:
        if n.op in ("get_attr", "call_module"):  # state of the GraphModule's own
            return None
        parts.append(f"{n.name}:{meta(n.meta.get('val', n.meta.get('example_value')))}")
    parts += [meta(x) for x in inputs]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def working_copy(gm: Any) -> Any:
    """A GraphModule to rewrite in place of ``gm``: a copy of its graph (nodes and their
    ``meta``) over the *same* attributes. Lifted constants (``torch.tensor([...])`` in the
    user's function, ``get_attr`` nodes) are shared, never copied: AOTAutograd calls the
    compiler under its ``FakeTensorMode``, where a ``copy.deepcopy`` of a real constant
    tensor fails (its storage cannot be cloned into a fake one), and the kernels only read
    them anyway."""
    import copy

    from torch.fx import GraphModule

    work = GraphModule(gm, copy.deepcopy(gm.graph), class_name=type(gm).__name__)
    work.meta = dict(getattr(gm, "meta", {}) or {})
    return work


def input_refusal(gm: Any, example_inputs: Sequence[Any]) -> str | None:
    """Why no kernel can take the graph's inputs (the whole graph runs in eager torch), or
    None. The kernels read and write dense CPU memory: an input on another device (meta,
    cuda, npu, ...), with a sparse or mkldnn layout, or quantized, is refused here, naming
    it, before AOTAutograd traces anything. Dtypes ASCIR lacks (complex, float64) are
    refused per op later, so the rest of the graph may still fuse."""
    import torch

    names = [str(n.target) for n in gm.graph.nodes if n.op == "placeholder"]
    for i, x in enumerate(example_inputs):
        if not isinstance(x, torch.Tensor):
            continue
        name = names[i] if i < len(names) else f"#{i}"
        if x.device.type != "cpu":
            return f"input {name} is on device {x.device} (the ASCIR kernels read and write CPU memory)"
        if x.layout != torch.strided:
            return f"input {name} has layout {x.layout} (the ASCIR kernels take dense strided tensors)"
        if x.is_quantized:
            return f"input {name} is quantized ({x.dtype}), which ASCIR lacks"
    return None


def _whole_graph_eager(gm: Any, reason: str) -> Callable[..., Any]:
    """Refuse a Dynamo graph as a whole: it runs as it is in eager torch, with ``reason``
    reported (one region ``<graph>`` of its ops -- torch-level calls, as the graph was never
    traced to ATen) and logged under ``ASCIR_LOG=fallbacks``."""
    report = Report()
    _REPORTS.append(report)
    ops = [
        getattr(n.target, "__name__", str(n.target))
        for n in gm.graph.nodes
        if n.op in ("call_function", "call_method", "call_module")
    ]
    report.regions.append(Region("<graph>", ops, False, reason))
    _emit("fallbacks", f"ascir: the whole graph runs in eager torch: {reason}")
    return gm.forward


def _dynamo_control_flow() -> tuple[type[BaseException], ...]:
    """Exceptions Dynamo raises through a backend to restart or skip a frame: never a
    failure of the backend, always passed on."""
    from torch._dynamo import exc

    names = ("RestartAnalysis", "TensorifyScalarRestartAnalysis", "SkipFrame", "ShortenTraceback")
    return tuple(t for t in (getattr(exc, n, None) for n in names) if isinstance(t, type))


def _compile_fx(
    gm: Any, example_inputs: Sequence[Any], opts: BackendOptions, report: Report
) -> Callable[..., Any]:
    from torch.fx.passes.infra.partitioner import CapabilityBasedPartitioner
    from torch.fx.passes.utils.fuser_utils import fuse_by_partitions

    started = time.perf_counter()
    if opts.target == "npu":
        try:
            from runtime.toolchain import npu_toolchain

            npu_toolchain()
        except AscirError as e:
            _emit(
                "fallbacks", f"ascir: target 'npu' is unavailable, the whole graph runs in eager torch: {e}"
            )
            report.fallbacks[("<graph>", f"target npu unavailable: {e}")] += 1
            return gm.forward
    _drop_identity_converts(gm)
    binds = _bindings(gm)
    refused: dict[Any, str] = {}
    support = _Support(refused)
    order = {n: i for i, n in enumerate(gm.graph.nodes)}
    while True:
        partitioner = CapabilityBasedPartitioner(
            gm, support.support, allows_single_node_partition=True, skip_horizontal_fusion=True
        )
        work = [c for p in partitioner.propose_partitions() for c in _regions(list(p.nodes), order)]
        work.sort(key=lambda nodes: order[nodes[0]])
        built: list[tuple[list[Any], BuiltGraph]] = []
        again = False
        while work:
            nodes = work.pop(0)
            if not any(_is_compute(n) for n in nodes):
                continue
            try:
                b = Builder(f"region{len(built)}", nodes, table).build()
                missing = [s for s in b.symbols if s not in binds]
                if missing:
                    raise RefusedError(nodes[-1], f"sizes {missing} are not sizes of the graph inputs")
                built.append((nodes, b))
            except RefusedError as e:
                node = (
                    e.node
                    if e.node in nodes
                    else next((n for n in nodes if e.node in n.all_input_nodes), nodes[-1])
                )
                refused[node] = e.reason
                again = True
                break
            except CutError as e:
                if e.parts:
                    work[:0] = [c for part in e.parts for c in _regions(part, order)]
                    continue
                i = nodes.index(e.node) if e.node in nodes else 0
                if i == 0:
                    refused[nodes[0]] = e.reason
                    again = True
                    break
                work[:0] = [c for part in (nodes[:i], nodes[i:]) for c in _regions(part, order)]
        if not again:
            break
    in_regions = {n for nodes, _ in built for n in nodes}
    for n in gm.graph.nodes:
        if n.op == "call_function" and n not in in_regions and n not in refused:
            row = table.TABLE.get(str(n.target))
            if row is not None and row.view:
                report.views[str(n.target)] += 1
    for node, reason in refused.items():
        if reason == table.EMPTY:
            report.empty[str(node.target)] += 1
        elif _is_tensor(node):
            report.fallbacks[(str(node.target), reason)] += 1
            _emit("fallbacks", f"ascir: {describe(node)} runs in eager torch: {reason}")
    kernels = _compile_all([b for _, b in built], opts, report)
    regions = []
    for (nodes, b), k in zip(built, kernels, strict=True):
        region = Region(b.graph.name, [str(n.target) for n in nodes], k is not None, internal=b.internal)
        if k is None:
            region.reason = b.error
        report.regions.append(region)
        if _log_enabled("partitions"):
            where = {source_line(n) for n in nodes} - {""}
            print(
                f"ascir: region {b.graph.name}: {'fused' if k else 'eager'}, {len(nodes)} ATen op(s): "
                f"{', '.join(region.ops)}\n  inputs: {', '.join(n.name for n in b.inputs)}\n"
                f"  source: {'; '.join(sorted(where)) or '?'}\n{b.ir}",
                file=sys.stderr,
            )
        if k is not None:
            regions.append((nodes, b, k))
    report.compile_seconds += time.perf_counter() - started
    if not regions:
        return gm.forward
    sizes = _Sizes()
    fuse_by_partitions(
        gm, [dict.fromkeys(nodes) for nodes, _, _ in regions], prefix="ascir_", always_return_tuple=True
    )
    # a region's output read by a later region reaches it as a getitem of the earlier call
    original: dict[str, str] = {}
    for n in gm.graph.nodes:
        if n.op == "call_function" and n.args and getattr(n.args[0], "op", None) == "call_module":
            outs = _flat_outputs(getattr(gm, n.args[0].target))
            original[n.name] = outs[n.args[1]].name
    for i, (nodes, b, k) in enumerate(regions):
        name = f"ascir_{i}"
        sub = getattr(gm, name)
        setattr(gm, name, _kernel_module(sub, original, nodes, b, k, sizes))
    gm.recompile()

    def run(*args: Any) -> Any:
        sizes.current = {
            s: int(args[j].shape[d]) if d is not None else int(args[j]) for s, (j, d) in binds.items()
        }
        return gm(*args)

    return run


# ------------------------------------------------------------------- compiling
def _warm_all(
    texts: list[str], opts: BackendOptions, workers: int, bar: Any, meanwhile: Callable[[], None] = lambda: None
) -> None:
    """Compile ``texts`` in ``workers`` fresh interpreters (``pyautofuse.torch.warm``), the
    graphs dealt round-robin, to fill the shared caches; ``bar`` advances per graph;
    ``meanwhile`` runs in this thread while they work."""
    import json
    import subprocess
    import threading
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)

    def work(chunk: list[str]) -> None:
        proc = subprocess.Popen(
            [sys.executable, "-m", "pyautofuse.torch.warm"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(json.dumps({"vf": opts.vf, "remote_cache": opts.remote_cache, "graphs": chunk}))
        proc.stdin.close()
        for _line in proc.stdout:
            bar.update(1)
        proc.wait()

    threads = [threading.Thread(target=work, args=(texts[k::workers],)) for k in range(workers)]
    for t in threads:
        t.start()
    try:
        meanwhile()
    finally:
        for t in threads:
            t.join()


def _compile_all(graphs: list[BuiltGraph], opts: BackendOptions, report: Report) -> list[Any]:
    from tqdm import tqdm

    from pyautofuse import compile_graph

    n = len(graphs)
    workers = opts.workers or min(os.cpu_count() or 1, n)
    bar = tqdm(
        total=n,
        desc="ascir: compiling fused regions",
        unit="graph",
        file=sys.stderr,
        disable=n < PARALLEL_MIN,
    )
    if n >= PARALLEL_MIN and workers > 1:
        from runtime import ensure_toolchain
        from tools.compile import sources_cached

        cold = [g.ir for g in graphs if not sources_cached(g.graph, vf=opts.vf, remote_cache=opts.remote_cache)]
        bar.update(n - len(cold))
        if len(cold) > 1:
            # a first use: the workers' passes overlap the toolchain build, whose wait is
            # shown here (the workers' own output is not the user's)
            _warm_all(cold, opts, min(workers, len(cold)), bar, lambda: ensure_toolchain(opts.target))
        bar.close()
        bar = tqdm(total=0, disable=True)
    kernels: list[Any] = []
    for g in graphs:
        try:
            kernels.append(compile_graph(g.graph, target=opts.target, vf=opts.vf, remote_cache=opts.remote_cache))
        except AscirError as e:  # a refusal leaves the region to eager torch, with its reason
            g.error = f"{type(e).__name__}: {e}"
            kernels.append(None)
            _emit("fallbacks", f"ascir: region {g.graph.name} runs in eager torch: {g.error}")
        except Exception as e:  # a compiler bug: said loudly, never as an ordinary fallback
            g.error, g.internal = _internal(report, f"region {g.graph.name}", e, opts), True
            kernels.append(None)
        bar.update(1)
    bar.close()
    return kernels


# ------------------------------------------------------------------- running
def _kernel_module(
    sub: Any, original: dict[str, str], nodes: list[Any], b: BuiltGraph, kernel: Any, sizes: _Sizes
) -> Any:
    import torch

    out_names = [a.name if hasattr(a, "name") else None for a in _flat_outputs(sub)]
    by_name = {n.name: n for n in b.outputs}
    if set(out_names) != set(by_name):
        return sub  # not expected; the eager submodule is always correct
    out_pos = [b.outputs.index(by_name[name]) for name in out_names]
    arg_names = [original.get(n.name, n.name) for n in sub.graph.nodes if n.op == "placeholder"]
    in_pos = [arg_names.index(x.name) for x in b.inputs]
    shapes = [shape_of(n) for n in b.outputs]
    layouts = [_traced_layout(n) for n in b.outputs]
    where = "; ".join(sorted({source_line(n) for n in nodes} - {""}))
    ops_text = ", ".join(dict.fromkeys(str(n.target) for n in nodes))

    class AscirKernel(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.eager = sub  # the region's ops in eager torch, for inputs no kernel can read

        def forward(self, *args: Any) -> Any:
            unreadable = _unreadable(args[pos] for pos in in_pos)
            if unreadable is not None:
                # Dynamo's guards recompile for another device or layout, so this is a
                # last line of defence: the eager ops, never a kernel given memory it
                # cannot read.
                _emit("fallbacks", f"ascir: {ops_text} runs in eager torch at this call: {unreadable}")
                return self.eager(*args)
            env = sizes.current
            bound = {s: env[s] for s in b.symbols}
            try:
                inputs = []
                for index, (pos, shape) in enumerate(zip(in_pos, b.input_shapes, strict=True)):
                    dims = [_evaluate(d, bound) for d in shape]
                    if index in b.strided:  # read in place through a view's strides
                        flat = _storage_span(args[pos], b.strided[index], dims[0], bound)
                        if flat is None:
                            _emit("fallbacks", f"ascir: {ops_text} runs in eager torch at this call: an input's strides differ from the traced ones")
                            return self.eager(*args)
                        inputs.append(to_numpy(flat))
                        continue
                    arg = args[pos]
                    if index in b.host_casts:  # a 0-d float64 scalar: torch's rounding
                        arg = arg.to(to_torch(b.host_casts[index]))
                    inputs.append(to_numpy(arg).reshape(dims))
                outs = kernel(*inputs, sizes=bound, record=False)  # the outputs only: no timeline
            except AscirError as e:
                # an index outside its axis is torch's IndexError (eager raises it too)
                error = IndexError if isinstance(e, SimulatorError) and e.index_out_of_range else RuntimeError
                raise error(
                    f"ascir: the fused kernel of {ops_text} failed: {e}"
                    + (f"\n  from {where}" if where else "")
                ) from None
            results = []
            for k in out_pos:
                shape = [_evaluate(s, bound) for s in shapes[k]]
                result = from_numpy(outs[k]).reshape(shape)
                if layouts[k] is not None:  # the strides the traced graph gave it
                    strides = [_evaluate(s, bound) for s in layouts[k]]
                    if list(result.stride()) != strides:
                        result = torch.empty_strided(shape, strides, dtype=result.dtype).copy_(result)
                results.append(result)
            return tuple(results)

    return AscirKernel()


def _traced_layout(node: Any) -> list[Any] | None:
    """The strides (sympy) the traced graph gives ``node``'s value where they are not the
    contiguous ones and its memory is dense (eager ops downstream -- a ``view`` -- may rely
    on them: a region's output keeps them); None otherwise."""
    from torch._prims_common import is_non_overlapping_and_dense_or_false
    from torch.fx.experimental.symbolic_shapes import GuardOnDataDependentSymNode

    val = _val(node)
    try:
        if val.is_contiguous() or not is_non_overlapping_and_dense_or_false(val):
            return None
    except GuardOnDataDependentSymNode:  # undecidable without a guard: contiguous (a later
        return None  # strided read checks the real strides at each call)
    return [sym_expr(s) for s in val.stride()]


def _evaluate(e: Any, bound: dict[str, int]) -> int:
    if hasattr(e, "evaluate"):
        return int(e.evaluate(bound))
    if hasattr(e, "free_symbols"):
        return int(e.xreplace({x: bound[str(x)] for x in e.free_symbols}))
    return int(e)


def _storage_span(t: Any, strides: list[Any], span: int, bound: dict[str, int]) -> Any:
    """``t``'s storage from its first element on, ``span`` elements as one flat tensor (no
    copy), when ``t`` has the strides the region was traced with and its storage holds the
    span; else None."""
    import torch

    if [_evaluate(s, bound) for s in strides] != list(t.stride()):
        return None
    if (t.storage_offset() + span) * t.element_size() > t.untyped_storage().nbytes():
        return None
    return torch.as_strided(t, (span,), (1,), t.storage_offset())


def _unreadable(tensors: Any) -> str | None:
    """Why a kernel cannot read one of ``tensors`` (not a dense CPU tensor), or None."""
    import torch

    for t in tensors:
        if not isinstance(t, torch.Tensor):
            continue
        if t.device.type != "cpu":
            return f"a tensor on device {t.device} (the kernels read CPU memory)"
        if t.layout != torch.strided:
            return f"a tensor of layout {t.layout} (the kernels read dense tensors)"
        if t.is_quantized:
            return f"a quantized tensor ({t.dtype})"
    return None


def _flat_outputs(sub: Any) -> list[Any]:
    out = next(n for n in sub.graph.nodes if n.op == "output")
    vals = out.args[0]
    return list(vals) if isinstance(vals, (list, tuple)) else [vals]


__all__ = ["BackendOptions", "Report", "ascir_backend", "last_report", "reset_report"]
