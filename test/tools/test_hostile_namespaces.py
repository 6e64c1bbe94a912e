"""Namespaces the compiler shares with the user (issue 32 item 2): the generated code's own
identifiers -- tiling fields, kernel and function parameters, locals, helper names -- live
where no user name can reach them, and the identifier mapping is injective over every name
a graph can hold, including names equal to another name's mapped form; dump and trace
paths derive from the same injective mapping.

Property tests draw size, node and graph names from the generated code's own vocabulary
(``names.GENERATED_FIELDS``, the parameters and locals it prints), from C++ keywords and
from the mapped forms of other drawn names, and compile and run elementwise, reducing,
IndexExpr and IndirectLoad graphs with them (every template), against the reference.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascendc_emitter.names import c_identifier, file_name
from ascir_dialect.compare import assert_close
from ascir_dialect.interpreter import reference
from passes.indirect_load_cases import choose_templates
from tools.compile import compile_graph

from ..conftest import parse_ir

EXAMPLES = int(os.environ.get("ASCIR_FUZZ_NAME_EXAMPLES", "4"))
FUZZ = {"deadline": None, "derandomize": "ASCIR_FUZZ_RANDOM" not in os.environ}
RNG = np.random.default_rng(32)

VOCABULARY = [
    # tiling fields of the schedules and templates
    "tile", "tiles_per_row", "total_tiles", "per_block", "slots", "split_parts", "split_chunks",
    "sum_base", "simt_per_block", "simt_total", "simd_run", "simd_tile_rows", "ie_0", "ie_1",
    "ws_0", "ws0_offset", "block_dim", "tiling_key", "output_post_tile", "indirect_load_block_dim",
    # parameters and locals the printer and lowering use
    "first", "last", "count", "ie0", "in0", "out0", "workspace", "tiling", "pipe", "stream",
    "first_tile", "last_tile", "t", "slot", "start", "row", "inner_size", "chunks_done", "flush",
    "iters", "off", "rem", "mask_float32", "e", "idx", "p_x", "arange_base_0", "v", "v_1",
    # C++ and AscendC names
    "int", "float", "half", "AscendC", "af", "GM_ADDR", "main", "NULL", "printf",
]


def mapped_forms(names: list[str]) -> list[str]:
    return [c_identifier(n) for n in names]


NAME = st.sampled_from(VOCABULARY + mapped_forms(VOCABULARY))


def elementwise_ir(graph: str, s0: str, s1: str, x: str, r: str) -> str:
    t = f"!ascir.tensor<float32, [z0, z1], [{s0}, {s1}], [{s1}, 1]>"
    red = f"!ascir.tensor<float32, [z0, z1], [{s0}, 1], [1, 0]>"
    return f"""ascir.graph @"{graph}" hint sizes [{s0}, {s1}] axes [0: z0 = {s0}, 1: z1 = {s1}] {{
  %{x} = ascir.data {{index = 0 : i64}} : {t}
  %zz_l = ascir.load %{x} : {t}
  %zz_ie = ascir.index_expr {{expr = #ascir.expr<{s0}>}} : !ascir.scalar<int64>
  %zz_ieb = ascir.broadcast %zz_ie : !ascir.tensor<int64, [z0, z1], [{s0}, {s1}], [{s1}, 1]>
  %zz_iec = ascir.cast %zz_ieb : {t}
  %{r} = ascir.relu %zz_l : {t}
  %zz_m = ascir.mul %{r}, %zz_iec : {t}
  %zz_s = ascir.reduce_sum %zz_m : {red}
  %zz_st = ascir.store %zz_m : {t}
  %zz_y = ascir.output %zz_st {{index = 0 : i64}} : {t}
  %zz_st2 = ascir.store %zz_s : {red}
  %zz_y2 = ascir.output %zz_st2 {{index = 1 : i64}} : {red}
}}
"""


@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow], **FUZZ)
@given(NAME, NAME, NAME, NAME, NAME)
def test_vocabulary_names_compile_and_run(graph: str, s0: str, s1: str, x: str, r: str) -> None:
    if s0 == s1:
        s1 = f"{s1}_2"  # sizes of one graph are distinct names
    if x == r:
        r = f"{r}_2"  # and so are SSA names
    module = parse_ir(elementwise_ir(graph, s0, s1, x, r))
    sizes = {s0: 3, s1: 70}
    xv = RNG.standard_normal((3, 70)).astype(np.float32)
    want = reference(module, xv, sizes=sizes)
    got = compile_graph(module)(xv, sizes=sizes, core_num=2)
    for g, w in zip(got, want, strict=True):
        assert_close(g, w)


GATHER = """ascir.graph @"{graph}" hint sizes [{a}, {b}, {p}] axes [0: r = {a}, 1: c = {b}, 2: q = {p}] {{
  %x = ascir.data {{index = 0 : i64}} : !ascir.tensor<float32, [r, q], [{a}, {p}], [{p}, 1]>
  %i = ascir.data {{index = 1 : i64}} : !ascir.tensor<int32, [r, c], [{a}, {b}], [{b}, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [r, q], [{a}, {p}], [{p}, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [r, c], [{a}, {b}], [{b}, 1]>
  %{node} = ascir.indirect_load %xl, %il {{dim = 1 : i64}} : !ascir.tensor<float32, [r, c], [{a}, {b}], [{b}, 1]>
  %n = ascir.neg %{node} : !ascir.tensor<float32, [r, c], [{a}, {b}], [{b}, 1]>
  %zz_st = ascir.store %n : !ascir.tensor<float32, [r, c], [{a}, {b}], [{b}, 1]>
  %zz_y = ascir.output %zz_st {{index = 0 : i64}} : !ascir.tensor<float32, [r, c], [{a}, {b}], [{b}, 1]>
}}
"""


@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow], **FUZZ)
@given(NAME, st.lists(NAME, min_size=3, max_size=3, unique=True), NAME)
def test_vocabulary_names_in_gathers_on_every_template(graph: str, sizes: list[str], node: str) -> None:
    a, b, p = sizes
    module = parse_ir(GATHER.format(graph=graph, a=a, b=b, p=p, node=node))
    bound = {a: 3, b: 40, p: 9}
    xv = RNG.standard_normal((3, 9)).astype(np.float32)
    iv = RNG.integers(0, 9, (3, 40)).astype(np.int32)
    (want,) = reference(module, xv, iv, sizes=bound)
    for template in [*choose_templates(module.body.block.first_op).available, None]:  # type: ignore[arg-type]
        (got,) = compile_graph(module, template=template)(xv, iv, sizes=bound, core_num=3)
        assert_close(got, want)


def test_the_issues_size_names() -> None:
    """Sizes named like the compiler's fields, and a name next to its own mapped form."""
    for s0, s1 in [("tile", "block_dim"), ("slots", "per_block"), ("tiling_key", "ie_0"),
                   ("int", "int_6da88c34"), ("simt_total", "simt_per_block")]:
        module = parse_ir(elementwise_ir("g", s0, s1, "x", "r"))
        xv = RNG.standard_normal((2, 9)).astype(np.float32)
        want = reference(module, xv, sizes={s0: 2, s1: 9})
        got = compile_graph(module)(xv, sizes={s0: 2, s1: 9})
        for g, w in zip(got, want, strict=True):
            assert_close(g, w)


@settings(max_examples=400, **FUZZ)
@given(st.one_of(NAME, st.text(max_size=20)), st.one_of(NAME, st.text(max_size=20)))
def test_the_mapping_is_injective_over_mapped_forms(a: str, b: str) -> None:
    for x, y in ((a, b), (a, c_identifier(a)), (b, c_identifier(a)), (a, file_name(a))):
        if x != y:
            assert c_identifier(x) != c_identifier(y)
            assert file_name(x) != file_name(y)


def test_dump_dirs_and_traces_of_graphs_whose_names_map_alike(tmp_path: Path) -> None:
    """``@"a b"`` and ``@a_b_c8687a08`` (the mapped form of ``a b``) get their own dump
    subdirectory and trace file."""
    from tools.ascir_run import main as ascir_run

    names = ["a b", c_identifier("a b")]
    assert names[1] == "a_b_c8687a08"
    source = tmp_path / "two.mlir"
    source.write_text("".join(elementwise_ir(n, "s0", "s1", "x", "r") for n in names))
    dump, trace = tmp_path / "dump", tmp_path / "trace.json"
    assert ascir_run([str(source), "--sizes", "s0=2,s1=5", "--dump-dir", str(dump), "--trace", str(trace)]) == 0
    subdirs = sorted(p.name for p in dump.iterdir())
    assert len(subdirs) == 2 and len(set(subdirs)) == 2
    traces = sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".json")
    assert len(traces) == 2, traces
