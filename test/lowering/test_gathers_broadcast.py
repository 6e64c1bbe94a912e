"""Gathers under broadcast (issue 31 item 3): an IndirectLoad whose output is broadcast over
a new axis, gathers whose index is computed (an Arange, ids + Arange), two gathers with
different views feeding one add, reductions of a broadcast gather with the full value
stored too -- the class behind embedding + position embedding's ``KeyError: 'z0'``.

A generator builds such graphs as IR text; each one is checked reference == numpy formula,
then compiled with every template that takes it (and the automatic choice) and run on
the simulator against the reference. A template that refuses the graph must say why,
naming the node or the rule (seed 001: SIMD takes one gather and a unary output chain).
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascir_dialect.compare import assert_close
from ascir_dialect.interpreter import reference
from passes.indirect_load_cases import choose_templates
from tools.compile import compile_graph

from ..conftest import parse_ir
from ..kernelcheck import syntax_check, syntax_check_enabled

EXAMPLES = int(os.environ.get("ASCIR_FUZZ_IL_EXAMPLES", "8"))
RNG = np.random.default_rng(31)


def _view(dtype: str, axes: list[str], reps: list[str]) -> str:
    """Dense strides (0 on size-1 axes)."""
    strides, acc = [], "1"
    for r in reversed(reps):
        strides.insert(0, "0" if r == "1" else acc)
        if r != "1":
            acc = r if acc == "1" else f"{r} * {acc}"
    return f"!ascir.tensor<{dtype}, [{', '.join(axes)}], [{', '.join(reps)}], [{', '.join(strides)}]>"


def _broadcast_view(dtype: str, axes: list[str], reps: list[str], present: list[bool]) -> str:
    """A load view: the axes not ``present`` read with stride 0 (a broadcast load)."""
    strides, acc = [], "1"
    for r, p in reversed(list(zip(reps, present, strict=True))):
        strides.insert(0, acc if p else "0")
        if p:
            acc = r if acc == "1" else f"{r} * {acc}"
    return f"!ascir.tensor<{dtype}, [{', '.join(axes)}], [{', '.join(reps)}], [{', '.join(strides)}]>"


@st.composite
def broadcast_gathers(draw: st.DrawFn) -> dict:
    """A gather ``g = x[..., index, ...]`` over output axes ``o*`` (the table shares the
    non-dim axes and has its own row axis ``p``), its index loaded, an Arange, or ids +
    Arange; ``g`` broadcast over a new axis ``n`` inserted anywhere; added to a loaded
    tensor or to a second gather over the full view; optionally a reduction over one axis,
    stored alone or beside the full value."""
    rank = draw(st.integers(1, 2))
    dim = draw(st.integers(0, rank - 1))
    ext = [draw(st.integers(1, 5)) for _ in range(rank)]
    rows = draw(st.integers(max(ext[dim], 1), 9))  # the table's row count (>= the Arange's reach)
    n_new = draw(st.integers(2, 4))
    ins = draw(st.integers(0, rank))
    index_kind = draw(st.sampled_from(["load", "arange", "ids+arange"]))
    other = draw(st.sampled_from(["load", "gather", "none"]))
    reduce_axis = draw(st.sampled_from([None, *range(rank + 1)]))
    store_full = reduce_axis is None or draw(st.booleans())
    post = draw(st.sampled_from([None, "neg", "abs"]))

    out_axes = [f"o{k}" for k in range(rank)]
    sizes = {f"J{k}": ext[k] for k in range(rank)} | {"R": rows, "N": n_new}
    ext_names = [f"J{k}" for k in range(rank)]
    in_axes = [("p" if k == dim else out_axes[k]) for k in range(rank)]
    in_reps = [("R" if k == dim else ext_names[k]) for k in range(rank)]
    full_axes = [*out_axes[:ins], "n", *out_axes[ins:]]
    full_reps = [*ext_names[:ins], "N", *ext_names[ins:]]
    axes_decl = ", ".join(
        [f"{k}: o{k} = J{k}" for k in range(rank)] + [f"{rank}: p = R", f"{rank + 1}: n = N"]
    )
    t_in = _view("float32", in_axes, in_reps)
    t_out = _view("float32", out_axes, ext_names)
    t_idx = _view("int64", out_axes, ext_names)
    t_full = _view("float32", full_axes, full_reps)
    body = [
        f"%x = ascir.data {{index = 0 : i64}} : {t_in}",
        f"%xl = ascir.load %x : {t_in}",
    ]
    inputs: list[np.ndarray] = [(RNG.standard_normal([sizes[r] for r in in_reps]) * 3).astype(np.float32)]
    shape = tuple(ext)
    arange_steps = np.arange(ext[dim]).reshape([-1 if k == dim else 1 for k in range(rank)])
    if index_kind == "load":
        target = RNG.integers(0, rows, shape)
        body += [f"%i = ascir.data {{index = 1 : i64}} : {t_idx}", f"%idx = ascir.load %i : {t_idx}"]
        inputs.append(target.astype(np.int64))
    else:  # an Arange along the output's dim axis, broadcast to the output view
        reps = [ext_names[k] if k == dim else "1" for k in range(rank)]
        body += [
            "%ar = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : "
            + _view("int64", out_axes, reps),
            f"%arb = ascir.broadcast %ar : {t_idx}",
        ]
        target = np.broadcast_to(arange_steps, shape).copy()
        if index_kind == "arange":
            body.append(f"%idx = ascir.add %arb, %arb : {t_idx}")  # 2 * arange
            target = 2 * target
            sizes["R"] = rows = max(rows, 2 * ext[dim] - 1)
            t_in = _view("float32", in_axes, in_reps)
            inputs[0] = (RNG.standard_normal([sizes[r] for r in in_reps]) * 3).astype(np.float32)
        else:
            want_target = RNG.integers(0, rows, shape)
            stored = want_target - target
            body += [
                f"%i = ascir.data {{index = 1 : i64}} : {t_idx}",
                f"%il = ascir.load %i : {t_idx}",
                f"%idx = ascir.add %il, %arb : {t_idx}",
            ]
            inputs.append(stored.astype(np.int64))
            target = want_target
    body.append(f"%g = ascir.indirect_load %xl, %idx {{dim = {dim} : i64}} : {t_out}")
    gathered = np.take_along_axis(inputs[0], target.astype(np.int64), axis=dim)
    cur = "%g"
    if post is not None:
        body.append(f"%post = ascir.{post} %g : {t_out}")
        cur = "%post"
        gathered = -gathered if post == "neg" else np.abs(gathered)
    body.append(f"%gb = ascir.broadcast {cur} : {t_full}")
    value = np.broadcast_to(np.expand_dims(gathered, ins), [sizes[r] for r in full_reps])
    cur = "%gb"
    next_index = len(inputs)
    if other == "load":
        y = (RNG.standard_normal([sizes[r] for r in full_reps]) * 3).astype(np.float32)
        body += [
            f"%y = ascir.data {{index = {next_index} : i64}} : {t_full}",
            f"%yl = ascir.load %y : {t_full}",
            f"%sum = ascir.add %gb, %yl : {t_full}",
        ]
        inputs.append(y)
        value, cur = value + y, "%sum"
    elif other == "gather":  # a second table gathered over the full view by its own ids
        t2_axes = [("q" if a == "n" else a) for a in full_axes]
        t2_reps = [("N" if a == "n" else r) for a, r in zip(full_axes, full_reps, strict=True)]
        table = (RNG.standard_normal([sizes[r] for r in t2_reps]) * 3).astype(np.float32)
        ids = RNG.integers(0, n_new, [sizes[r] for r in full_reps])
        t2 = _view("float32", t2_axes, t2_reps)
        t_ids = _view("int32", full_axes, full_reps)
        body += [
            f"%w = ascir.data {{index = {next_index} : i64}} : {t2}",
            f"%wi = ascir.data {{index = {next_index + 1} : i64}} : {t_ids}",
            f"%wl = ascir.load %w : {t2}",
            f"%wil = ascir.load %wi : {t_ids}",
            f"%h = ascir.indirect_load %wl, %wil {{dim = {ins} : i64}} : {t_full}",
            f"%sum = ascir.add %gb, %h : {t_full}",
        ]
        axes_decl += f", {rank + 2}: q = N"
        inputs += [table, ids.astype(np.int32)]
        value, cur = value + np.take_along_axis(table, ids.astype(np.int64), axis=ins), "%sum"
    outputs: list[np.ndarray] = []
    k_out = 0
    if store_full:
        body += [
            f"%st{k_out} = ascir.store {cur} : {t_full}",
            f"%out{k_out} = ascir.output %st{k_out} {{index = {k_out} : i64}} : {t_full}",
        ]
        outputs.append(np.ascontiguousarray(value, dtype=np.float32))
        k_out += 1
    if reduce_axis is not None:
        red_reps = ["1" if k == reduce_axis else r for k, r in enumerate(full_reps)]
        t_red = _view("float32", full_axes, red_reps)
        body += [
            f"%r = ascir.reduce_sum {cur} : {t_red}",
            f"%st{k_out} = ascir.store %r : {t_red}",
            f"%out{k_out} = ascir.output %st{k_out} {{index = {k_out} : i64}} : {t_red}",
        ]
        outputs.append(value.astype(np.float64).sum(axis=reduce_axis, keepdims=True).astype(np.float32))
    names = ", ".join(sorted(sizes))
    ir = f"ascir.graph @bgather hint sizes [{names}] axes [{axes_decl}] {{\n  " + "\n  ".join(body) + "\n}\n"
    return {"ir": ir, "inputs": inputs, "sizes": sizes, "want": outputs}


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize="ASCIR_FUZZ_RANDOM" not in os.environ,
)
@given(broadcast_gathers(), st.integers(1, 8))
def test_broadcast_gathers_match_numpy_on_every_template(case: dict, cores: int) -> None:
    module = parse_ir(case["ir"])
    refs = reference(module, *case["inputs"], sizes=case["sizes"])
    for ref, want in zip(refs, case["want"], strict=True):
        assert_close(ref, want)
    choice = choose_templates(module.body.block.first_op)  # type: ignore[arg-type]
    assert choice.available, choice.rejected
    for template, why in choice.rejected.items():  # a reason naming the node or the rule
        assert why.startswith(("SIMD: ", "SIMT: ", "SK-like: ")), (template, why)
    for template in [*choice.available, None]:
        k = compile_graph(module, name=f"bgather_{template or 'auto'}", template=template)
        if syntax_check_enabled():
            syntax_check(k.sources, f"bgather_{template or 'auto'}")
        got = k(*case["inputs"], sizes=case["sizes"], core_num=cores)
        for g, ref in zip(got, refs, strict=True):
            assert_close(g, ref)


EMBEDDING_WITH_POSITIONS = """
ascir.graph @emb_pos hint sizes [B, T, D, V, P] axes [0: b0 = B, 1: b1 = T, 2: d = D, 3: p = V, 4: q = P] {
  %wte = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [p, d], [V, D], [D, 1]>
  %ids = ascir.data {index = 1 : i64} : !ascir.tensor<int64, [b0, b1], [B, T], [T, 1]>
  %wpe = ascir.data {index = 2 : i64} : !ascir.tensor<float32, [q, d], [P, D], [D, 1]>
  %wte_l = ascir.load %wte : !ascir.tensor<float32, [b0, p, d], [B, V, D], [0, D, 1]>
  %ids_v = ascir.load %ids : !ascir.tensor<int64, [b0, b1, d], [B, T, D], [T, 1, 0]>
  %tok = ascir.indirect_load %wte_l, %ids_v {dim = 1 : i64} : !ascir.tensor<float32, [b0, b1, d], [B, T, D], [T * D, D, 1]>
  %pos = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [b1], [T], [1]>
  %pos_b = ascir.broadcast %pos : !ascir.tensor<int64, [b1, d], [T, D], [D, 1]>
  %wpe_l = ascir.load %wpe : !ascir.tensor<float32, [q, d], [P, D], [D, 1]>
  %pe = ascir.indirect_load %wpe_l, %pos_b {dim = 0 : i64} : !ascir.tensor<float32, [b1, d], [T, D], [D, 1]>
  %pe_b = ascir.broadcast %pe : !ascir.tensor<float32, [b0, b1, d], [B, T, D], [T * D, D, 1]>
  %sum = ascir.add %tok, %pe_b : !ascir.tensor<float32, [b0, b1, d], [B, T, D], [T * D, D, 1]>
  %st = ascir.store %sum : !ascir.tensor<float32, [b0, b1, d], [B, T, D], [T * D, D, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [b0, b1, d], [B, T, D], [T * D, D, 1]>
}
"""


@pytest.mark.parametrize("template", ["simt", "sklike", None])
def test_token_plus_position_embedding_with_arange_positions(template: str | None) -> None:
    """GPT-2's embedding, ``wte[ids] + wpe[arange(T)][None]``, as one graph: the position
    gather's index is an Arange and its output is broadcast over the batch axis. SIMD takes
    one gather per kernel and says so; SIMT and SK-like compute it."""
    module = parse_ir(EMBEDDING_WITH_POSITIONS)
    sizes = {"B": 3, "T": 7, "D": 24, "V": 50, "P": 16}
    wte = RNG.standard_normal((50, 24)).astype(np.float32)
    ids = RNG.integers(0, 50, (3, 7)).astype(np.int64)
    wpe = RNG.standard_normal((16, 24)).astype(np.float32)
    want = wte[ids] + wpe[np.arange(7)][None]
    choice = choose_templates(module.body.block.first_op)  # type: ignore[arg-type]
    assert choice.available == ["simt", "sklike"] and "2 IndirectLoads" in choice.rejected["simd"]
    (ref,) = reference(module, wte, ids, wpe, sizes=sizes)
    assert_close(ref, want)
    k = compile_graph(module, name=f"emb_pos_{template or 'auto'}", template=template)
    (got,) = k(wte, ids, wpe, sizes=sizes, core_num=5)
    assert_close(got, want)


def test_a_gather_broadcast_over_a_new_leading_axis_runs_on_simt() -> None:
    """The issue's graph: ``F.embedding(positions, wpe)[None] + x`` -- the gather's output
    broadcast over a new batch axis feeds an add; SIMT gathers once per stored element."""
    ir = """
ascir.graph @region1 hint sizes [] axes [0: z0 = 2, 1: z1 = 8, 2: z2 = 16, 3: p3 = 32] {
  %in0 = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [p3, z2], [32, 16], [16, 1]>
  %in1 = ascir.data {index = 1 : i64} : !ascir.tensor<int64, [z1], [8], [1]>
  %table = ascir.load %in0 : !ascir.tensor<float32, [p3, z2], [32, 16], [16, 1]>
  %index = ascir.load %in1 : !ascir.tensor<int64, [z1, z2], [8, 16], [1, 0]>
  %g = ascir.indirect_load %table, %index {dim = 0 : i64} : !ascir.tensor<float32, [z1, z2], [8, 16], [16, 1]>
  %gb = ascir.broadcast %g : !ascir.tensor<float32, [z0, z1, z2], [2, 8, 16], [128, 16, 1]>
  %in2 = ascir.data {index = 2 : i64} : !ascir.tensor<float32, [z0, z1, z2], [2, 8, 16], [128, 16, 1]>
  %x = ascir.load %in2 : !ascir.tensor<float32, [z0, z1, z2], [2, 8, 16], [128, 16, 1]>
  %add = ascir.add %x, %gb : !ascir.tensor<float32, [z0, z1, z2], [2, 8, 16], [128, 16, 1]>
  %st = ascir.store %add : !ascir.tensor<float32, [z0, z1, z2], [2, 8, 16], [128, 16, 1]>
  %out = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1, z2], [2, 8, 16], [128, 16, 1]>
}
"""
    module = parse_ir(ir)
    table = RNG.standard_normal((32, 16)).astype(np.float32)
    pos = RNG.permutation(32)[:8].astype(np.int64)
    x = RNG.standard_normal((2, 8, 16)).astype(np.float32)
    want = x + table[pos][None]
    choice = choose_templates(module.body.block.first_op)  # type: ignore[arg-type]
    assert "ascir.broadcast %gb is not a unary elementwise op" in choice.rejected["simd"]
    for template in [*choice.available, None]:
        (got,) = compile_graph(module, name=f"emb_bcast_{template or 'auto'}", template=template)(
            table, pos, x, core_num=3
        )
        assert_close(got, want)


def test_stores_of_one_gather_graph_must_cover_one_space() -> None:
    """Two stores that place one axis with different extents cannot share the SIMT lanes:
    refused with the store named, never an internal error."""
    from passes.diagnostics import PassError
    from passes.indirect_plan import analyse

    ir = """
ascir.graph @two_spaces hint sizes [] axes [0: a = 4, 1: b = 6, 2: p = 9] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [p], [9], [1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a], [4], [1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [p], [9], [1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a], [4], [1]>
  %g = ascir.indirect_load %xl, %il {dim = 0 : i64} : !ascir.tensor<float32, [a], [4], [1]>
  %s1 = ascir.store %g : !ascir.tensor<float32, [a], [4], [1]>
  %o1 = ascir.output %s1 {index = 0 : i64} : !ascir.tensor<float32, [a], [4], [1]>
  %s2 = ascir.store %g {offset = #ascir.expr<0>} : !ascir.tensor<float32, [a], [2], [1]>
  %o2 = ascir.output %s2 {index = 1 : i64} : !ascir.tensor<float32, [a], [2], [1]>
}
"""
    try:
        module = parse_ir(ir)
    except Exception:  # the verifier may refuse the sliced store itself: also a located error
        return
    with pytest.raises(PassError, match=r"ascir.store %s2 stores axis 'a' with 2 elements"):
        analyse(module.body.block.first_op)  # type: ignore[arg-type]


def test_simt_sum_of_gathered_rows_adds_in_a_cascade() -> None:
    """A SIMT lane folding a long reduced axis (a gather, then a sum over 6000 elements with
    an offset) adds in torch's cascade (lowering/cascade.py): its error against float64 is
    far below a sequential float32 sum's, where the lane used to add one after another."""
    ir = """
ascir.graph @gsum hint sizes [] axes [0: a = 3, 1: b = 6000, 2: p = 6000] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a, p], [3, 6000], [6000, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a, b], [3, 6000], [6000, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a, p], [3, 6000], [6000, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a, b], [3, 6000], [6000, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [a, b], [3, 6000], [6000, 1]>
  %r = ascir.reduce_sum %g : !ascir.tensor<float32, [a, b], [3, 1], [1, 0]>
  %st = ascir.store %r : !ascir.tensor<float32, [a, b], [3, 1], [1, 0]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a, b], [3, 1], [1, 0]>
}
"""
    x = (RNG.standard_normal((3, 6000)) + 10).astype(np.float32)
    idx = RNG.integers(0, 6000, (3, 6000)).astype(np.int32)
    g = np.take_along_axis(x, idx.astype(np.int64), 1)
    truth = g.astype(np.float64).sum(1, keepdims=True)
    sequential = np.zeros((3, 1), np.float32)
    for j in range(6000):
        sequential += g[:, j : j + 1]
    (got,) = compile_graph(parse_ir(ir), name="gsum_simt", template="simt")(x, idx, core_num=3)
    k_err = np.abs(got.astype(np.float64) - truth).max()
    s_err = np.abs(sequential.astype(np.float64) - truth).max()
    assert k_err * 8 < s_err, (k_err, s_err)
