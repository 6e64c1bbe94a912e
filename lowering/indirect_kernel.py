"""One kernel module for an IndirectLoad graph: every accepted template as a tiling-key case,
and host tiling that picks the key on the real shapes (seed 001 FR6, "模板选择").

Templates are generated independently: a template that cannot take the graph is
rejected with its reason and never affects the others. The host evaluates the two score
quantities of FR6 on the real sizes and ``core_num``:

    SIMD     continuous_bytes >= cacheline * Cache_thres and index_outer >= core_num * Core_thres
    SK-like  continuous_bytes >= cacheline * Cache_thres and index_outer <  core_num * Core_thres
    SIMT     otherwise (the neutral fallback)

and falls back when a template is unavailable or does not fit the UB: SK-like wished
without chains to split is the SIMD gather alone, then SIMT, the neutral fallback.
SK-like stage kernels (``lowering.indirect_sklike``) are launched under their own key.
``force`` pins one template (tests, benchmarks); forcing a rejected one is an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects.builtin import ArrayAttr, IntAttr, ModuleOp, StringAttr
from xdsl.ir import SSAValue
from xdsl.transforms.dead_code_elimination import region_dce

from ascendc_emitter.builder import BodyBuilder, KernelModuleBuilder, i64
from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.names import kernel_symbol
from ascendc_emitter.target.support import UB_BYTES_SIMT
from ascir_dialect.attributes import ExprAttr
from ascir_dialect.ops import AscirNode, GraphOp
from ascir_dialect.ops.memory import OutputOp
from ascir_dialect.ops.sources import DataOp, IndexExprOp, ScalarDataOp
from ascir_dialect.symbolic import SizeExpr
from lowering.exprs import ExprLowering
from lowering.graph_lowering import lower_graph
from lowering.indirect_simd import SimdTemplate
from lowering.indirect_simd_host import SimdHostTiling
from lowering.indirect_simt import SimtTemplate
from lowering.indirect_sklike import SkLikeTemplate
from lowering.size_checks import lower_graph_checks
from passes.diagnostics import PassError
from passes.graphs import STAGE, case_info
from passes.indirect_plan import (
    CACHE_THRES,
    CACHELINE_BYTES,
    CORE_THRES,
    DCACHE_LINE_BYTES,
    PASS,
    SIMD_FIXED_REQUESTS,
    SIMD_ROW_REQUESTS,
    WARP_LANES,
    IndirectPlan,
    analyse,
)
from passes.options import CompileOptions
from passes.sklike_stages import SkLikeSplit, Stage, Workspace

KEYS = {"simd": 1, "simt": 2, "sklike": 3}
"""Host tiling's template policies (``passes.options.TemplatePolicy``), see ``_host``."""


@dataclass
class CaseGroup:
    """The graphs of one kernel: the template cases of an IndirectLoad graph
    (``indirect-load-template-cases``) and the SK-like stage graphs, by role."""

    root: str
    cases: dict[str, GraphOp] = field(default_factory=dict)  # template -> case graph
    stages: dict[int, list[GraphOp]] = field(default_factory=dict)  # stage order -> graph(s)

    def add(self, g: GraphOp) -> None:
        order = case_info(g, "stage_order")
        if isinstance(order, IntAttr):
            self.stages.setdefault(order.data, []).append(g)
        else:
            self.add_case(g)

    def add_case(self, g: GraphOp) -> None:
        self.cases[g.template.data] = g  # type: ignore[union-attr]

    @property
    def rejected(self) -> dict[str, str]:
        return {
            t: reason.data
            for t, g in self.cases.items()
            if isinstance(reason := case_info(g, "rejected"), StringAttr)
        }

    @property
    def forced(self) -> str | None:
        forced = next((case_info(g, "forced") for g in self.cases.values()), None)
        return forced.data if isinstance(forced, StringAttr) else None


def group_cases(graphs: list[GraphOp]) -> CaseGroup:
    """The one kernel group of ``graphs`` (every graph a case or stage of the same root)."""
    roots = {r.data for g in graphs if isinstance(r := case_info(g, "case_of"), StringAttr)}
    if len(roots) != 1 or len(graphs) != sum(1 for g in graphs if g.template is not None):
        names = ", ".join(f"@{g.graph_name}" for g in graphs)
        raise PassError(
            "lower-to-ascendc",
            f"expected one kernel per module: the graphs {names} are not the cases of one graph",
        )
    group = CaseGroup(roots.pop())
    for g in graphs:
        group.add(g)
    return group


def lower_cases(
    group: CaseGroup,
    name: str,
    options: CompileOptions,
    stage: bool = False,
) -> ModuleOp:
    """One kernel module from the template cases of ``group``: every accepted case a tiling
    key, host tiling picking the key on the real shapes by ``options.template_policy`` (FR6:
    "measured" or "seed-fr6", ``passes.options.TemplatePolicy``); ``double_buffer=False``
    drains the SIMD tile loop and the SK-like stages after every tile (for comparison)."""
    policy = options.template_policy
    name = kernel_symbol(name)  # the kernel name, and the prefix of its stages' and functions'
    rejected = group.rejected
    available = [t for t in KEYS if t in group.cases and t not in rejected]
    forced = group.forced
    if forced is not None and forced in rejected:
        raise PassError(PASS, f"template '{forced}' was rejected: {rejected[forced]}")
    if policy == "measured" and forced is None and {"simt", "sklike"} <= set(available):
        # _host's "measured" rules take SIMT wherever it applies, ahead of SK-like: the
        # SK-like case (its stage kernels, workspace and host tiling) would be unreachable
        # code in this kernel, and half of its lowering and C++ build time
        available.remove("sklike")
    sk = None
    if "sklike" in available and not stage:
        try:
            sk = _sklike(group, name, options)
        except PassError as e:
            if forced == "sklike":
                raise
            available.remove("sklike")
            rejected["sklike"] = f"SK-like: {e.pass_name}: {e.reason}"
    if not available:
        raise PassError(PASS, "no template can take this graph: " + "; ".join(rejected.values()))
    graph = group.cases[available[0]]
    plan = analyse(graph)
    inputs = sorted(
        (n for n in graph.nodes() if isinstance(n, (DataOp, ScalarDataOp))), key=lambda n: n.index_value
    )
    outputs = sorted((n for n in graph.nodes() if isinstance(n, OutputOp)), key=lambda n: n.index_value)
    gm_names = [f"in{n.index_value}" for n in inputs] + [f"out{n.index_value}" for n in outputs]
    ies = [n for n in graph.nodes() if isinstance(n, IndexExprOp)]
    simt = simd = None
    if "simt" in available:
        simt_graph = group.cases["simt"]
        simt = SimtTemplate(None, analyse(simt_graph), name, _gm_positions(simt_graph))  # type: ignore[arg-type]
    if "simd" in available:
        simd_graph = group.cases["simd"]
        simd = SimdTemplate(analyse(simd_graph), name, _gm_positions(simd_graph), options.double_buffer)
    fields = [(f"ie_{i}", i64) for i in range(len(ies))]
    fields += [("simt_per_block", i64), ("simt_total", i64)]
    if simd is not None:
        fields += simd.tiling_fields()
    if sk is not None:
        fields += sk.tiling_fields()
    kb = KernelModuleBuilder(name, gm_names, graph.size_names, fields)
    main = [t for t in available if t != "sklike"]
    if main:
        with kb.kernel() as (k, addrs, tiling):
            sizes = [k.size_get(tiling, s) for s in graph.size_names]
            ie_vals = [k.tiling_get(tiling, f"ie_{i}", name=f"{n.node_name}_expr") for i, n in enumerate(ies)]
            with k.key_switch(tiling, [KEYS[t] for t in main]) as cases:
                for template, case in zip(main, cases, strict=True):
                    if template == "simt":
                        assert simt is not None
                        simt.kb = kb
                        per_block = case.tiling_get(tiling, "simt_per_block")
                        total = case.tiling_get(tiling, "simt_total")
                        first = case.mul(case.block_idx(), per_block, name="first")
                        last = case.min(case.add(first, per_block), total, name="last")
                        simt.call(case, addrs, sizes, ie_vals, first, last)
                    else:
                        assert simd is not None
                        simd.emit(kb, case, addrs, tiling, sizes, ie_vals)
    if sk is not None:
        sk.merge_kernels(kb)
    _host(kb, graph, plan, simt, simd, sk, ies, policy)
    return kb.finish()


def _gm_positions(graph: GraphOp) -> dict[AscirNode, int]:
    """Data / ScalarData / Output node -> kernel GM argument position (inputs, then outputs)."""
    inputs = sorted(
        (n for n in graph.nodes() if isinstance(n, (DataOp, ScalarDataOp))), key=lambda n: n.index_value
    )
    outputs = sorted((n for n in graph.nodes() if isinstance(n, OutputOp)), key=lambda n: n.index_value)
    return {n: i for i, n in enumerate([*inputs, *outputs])}


def _sklike(group: CaseGroup, name: str, options: CompileOptions) -> SkLikeTemplate:
    """The SK-like case from its stage graphs: each stage compiled to a kernel of its own
    (the ordinary ones were normalized, scheduled and vf-partitioned by the pipeline; the
    IndirectLoad stage from its SIMD/SIMT cases)."""
    record = group.cases["sklike"]
    fields, nbytes = case_info(record, "workspace_fields"), case_info(record, "workspace_bytes")
    assert isinstance(fields, ArrayAttr) and isinstance(nbytes, ArrayAttr)
    workspaces = [
        Workspace(f.data, b.data)  # type: ignore[attr-defined]
        for f, b in zip(fields.data, nbytes.data, strict=True)
    ]
    stages: list[Stage] = []
    modules: list[ModuleOp] = []
    for order in sorted(group.stages):
        graphs = group.stages[order]
        first = graphs[0]
        stage_name, routes = case_info(first, "stage"), case_info(first, "routes")
        assert isinstance(stage_name, StringAttr) and isinstance(routes, ArrayAttr)
        pairs = [(p.data[0].data, p.data[1].data) for p in routes.data]  # type: ignore[attr-defined]
        stages.append(Stage(stage_name.data, first, pairs))
        kernel = f"{name}_{stage_name.data}"
        if first.template is not None and first.template.data == STAGE:
            modules.append(lower_graph(first, kernel, options, split=False))
        else:
            sub = CaseGroup(group.root)
            for g in graphs:
                sub.add_case(g)
            modules.append(
                lower_cases(sub, kernel, options, stage=True)
            )
    return SkLikeTemplate(SkLikeSplit(stages, workspaces), modules, KEYS["sklike"])


def _score(graph: GraphOp, key: str) -> SizeExpr:
    value = case_info(graph, key)
    if not isinstance(value, ExprAttr):
        raise PassError(PASS, f"case @{graph.graph_name} records no FR6 score {key}")
    return value.data


def _host(
    kb: KernelModuleBuilder,
    graph: GraphOp,
    plan: IndirectPlan,
    simt: SimtTemplate | None,
    simd: SimdTemplate | None,
    sk: SkLikeTemplate | None,
    ies: list[IndexExprOp],
    policy: str,
) -> None:
    with kb.host() as (h, sizes, core_num, ub_size):
        if simt is not None:  # a kernel with a SIMT case leaves UB_BYTES - UB_BYTES_SIMT to the Data Cache
            ub_size = h.cast(h.min(h.cast(ub_size, i64), UB_BYTES_SIMT), ub_size.type, name="ub_size_simt")
        by_name = dict(zip(graph.size_names, sizes, strict=True))
        sym = ExprLowering(h, lambda s: by_name[s])
        for s, v in by_name.items():
            h.fail_if(h.cmp("slt", v, 1), 2, f"size {s} must be >= 1")
            h.set_size(s, v)
        lower_graph_checks(h, sym, graph)  # sizes, strides, offsets, extents, Arange, IndexExpr
        for template in (simd, simt):
            if template is not None:  # whatever else the kernels evaluate
                sym.check_recorded(template.kernel_exprs)
        for i, n in enumerate(ies):
            h.set_tiling(f"ie_{i}", sym(n.expr.data))
        cores = h.cast(core_num, i64)
        # SIMT: the linear output space over the cores
        total = sym(plan.lane_view.numel())
        per_block = h.ceildiv(total, h.min(cores, total))
        h.set_tiling("simt_total", total)
        h.set_tiling("simt_per_block", per_block)
        simt_blocks = h.ceildiv(total, per_block, name="simt_blocks")
        # FR6 scores on the real shapes, as the case recorded them
        cont_bytes, outer = (_score(graph, key) for key in ("continuous_bytes", "index_outer_product"))
        cont_bytes_v = sym(cont_bytes, what="the FR6 score's contiguous bytes")
        outer_v = sym(outer, what="the FR6 score's index outer extent")
        cont_ok = h.cmp("sge", h.mul(cont_bytes_v, 100), int(CACHELINE_BYTES * CACHE_THRES * 100))
        core_ok = h.cmp("sge", h.mul(outer_v, 100), h.mul(cores, int(CORE_THRES * 100)))
        false, true = h.const(0, cont_ok.type), h.const(1, cont_ok.type)
        want_simd = h.select(cont_ok, core_ok, false, name="want_simd")
        want_sklike = h.select(cont_ok, h.select(core_ok, false, true), false, name="want_sklike")
        simd_host = SimdHostTiling(simd) if simd is not None else None
        simd_fits = simd_host.host(h, sym, cores, ub_size) if simd_host is not None else false
        workspace: SSAValue = h.const(0)
        blocks: dict[str, SSAValue] = {"simt": simt_blocks}
        if simd_host is not None:
            assert simd_host.blocks is not None
            blocks["simd"] = simd_host.blocks
        if sk is not None:
            blocks["sklike"], workspace = sk.host(h, by_name, core_num, ub_size)
        # The first rule that holds picks the key (FR6, then the fallbacks).
        if policy == "seed-fr6":
            # Seed 001 FR6 as written: SK-like when wanted; SIMD when wanted (an SK-like wish
            # without chains to split is the SIMD gather alone) and fitting; SIMT, the
            # neutral fallback; SIMD when it fits; SK-like.
            either = h.select(want_simd, true, want_sklike)
            rules = [
                ("sklike", want_sklike),
                ("simd", h.select(either, simd_fits, false, name="use_simd")),  # type: ignore[arg-type]
                ("simt", true),
                ("simd", simd_fits),
                ("sklike", true),
            ]
        else:
            # "measured" (bench/indirect_load.py): where SIMT can take the graph it is taken
            # unless SIMD both is wanted and pays. SK-like and the SIMD gather alone are
            # taken for a poor core split only when SIMT cannot take the graph: SIMT has no
            # core split to rescue (it splits the linearised output over every core), and
            # measures ahead of both wherever it applies. SIMD pays when SIMT's warp
            # requests per core -- each warp reads its index and writes its output in one
            # request each, and its 32 gathered reads land on up to continuous_bytes / 64
            # DCache lines of the span they pick from -- reach SIMD's fixed per-core cost
            # (DMA setups of index, slices and output) plus its per-row Gather work for the
            # rows per core; below that, SIMT's few requests beat SIMD's setups.
            warps = h.ceildiv(per_block, WARP_LANES)
            lines = h.min(h.ceildiv(cont_bytes_v, DCACHE_LINE_BYTES), WARP_LANES)
            rows = h.ceildiv(outer_v, h.min(cores, outer_v), name="simd_rows_per_core")
            simd_cost = h.add(h.mul(rows, SIMD_ROW_REQUESTS), SIMD_FIXED_REQUESTS)
            simd_pays = h.cmp("sge", warps, h.ceildiv(simd_cost, h.add(lines, 2)), name="simd_pays")
            rules = [
                ("sklike", want_sklike),  # present only without SIMT (lower_cases leaves it out)
                ("simd", h.select(want_simd, h.select(simd_pays, simd_fits, false), false, name="use_simd")),  # type: ignore[arg-type]
                ("simt", true),
                ("simd", simd_fits),
                ("sklike", true),
            ]
        present = {"simd": simd is not None, "simt": simt is not None, "sklike": sk is not None}
        rules = [(t, cond) for t, cond in rules if present[t]]
        key: SSAValue = h.const(0)
        block_dim: SSAValue = h.const(0)
        for i, (template, cond) in enumerate(reversed(rules)):
            last = i == len(rules) - 1
            key = h.select(cond, KEYS[template], key, name="key" if last else None)  # type: ignore[arg-type]
            block_dim = h.select(cond, blocks[template], block_dim, name="blocks" if last else None)  # type: ignore[arg-type]
        h.fail_if(
            h.cmp("eq", key, 0),
            1,
            "the SIMD template does not fit the UB or its Gather byte offsets would leave their range, and "
            "no other template applies",
        )
        h.set_tiling("tiling_key", key)
        h.set_tiling("block_dim", block_dim)
        h.set_output("block_dim", block_dim)
        if sk is not None:
            workspace = h.select(h.cmp("eq", key, KEYS["sklike"]), workspace, 0, name="workspace")
        h.set_output("workspace_size", workspace)
    host = next(op for op in kb.module.ops if isinstance(op, ac.HostTilingOp))
    region_dce(host.body)  # the inlined stage hosts' size checks are done once


__all__ = ["KEYS", "BodyBuilder", "CaseGroup", "group_cases", "lower_cases"]
