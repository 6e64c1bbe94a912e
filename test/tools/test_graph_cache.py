"""The graph-level cache of ``compile_graph`` (issue 17, item 3; ``tools.graph_cache``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import tools.compile
from ascir_dialect.frontend.platform import get_platform, set_platform
from passes.options import CompileOptions
from test.conftest import parse_ir
from tools import graph_cache
from tools.compile import compile_graph

GRAPH = """
ascir.graph @gc_scale hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x sched [z0] : !ascir.tensor<float32, [z0], [s0], [1]>
  %e = ascir.exp %l sched [z0] : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %e sched [z0] : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
"""


@pytest.fixture
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ASCIR_CACHE_DIR", str(tmp_path / "kernels"))
    monkeypatch.delenv("ASCIR_GRAPH_CACHE", raising=False)
    graph_cache.clear_memory()
    yield tmp_path / "kernels" / "graphs"
    graph_cache.clear_memory()


def pipeline_runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Count the pipeline runs of compile_graph from here on."""
    runs: list[str] = []
    real = tools.compile.run_autofuse

    def counting(module: object, options: CompileOptions) -> object:
        runs.append(options.kernel)
        return real(module, options)  # type: ignore[arg-type]

    monkeypatch.setattr(tools.compile, "run_autofuse", counting)
    return runs


def run(k: tools.compile.CompiledGraph) -> None:
    x = np.linspace(-3, 3, 37, dtype=np.float32)
    (y,) = k(x, sizes={"s0": 37})
    np.testing.assert_allclose(y, np.exp(x), rtol=1e-6)


def test_a_graph_seen_before_skips_the_pipeline(fresh_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runs = pipeline_runs(monkeypatch)
    first = compile_graph(parse_ir(GRAPH))
    second = compile_graph(parse_ir(GRAPH))  # a new module with the same text
    assert len(runs) == 1
    assert second.sources == first.sources
    run(second)
    # the disk entry serves a process that has not seen the graph
    graph_cache.clear_memory()
    third = compile_graph(parse_ir(GRAPH))
    assert len(runs) == 1 and third.sources == first.sources
    assert len(list(fresh_cache.glob("*.json"))) == 1


def test_options_and_graph_text_are_part_of_the_key(fresh_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runs = pipeline_runs(monkeypatch)
    compile_graph(parse_ir(GRAPH))
    root = compile_graph(parse_ir(GRAPH), vf=False)
    named = compile_graph(parse_ir(GRAPH), name="other_name")
    changed = compile_graph(parse_ir(GRAPH.replace("ascir.exp", "ascir.abs")))
    assert len(runs) == 4
    assert "__simd_vf__" not in root.sources.device_impl_cpp
    assert "other_name" in named.sources.device_impl_cpp
    assert "Abs" in changed.sources.device_impl_cpp


def test_the_platform_is_part_of_the_key(fresh_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A UB size or a core count chosen with set_platform is an option of the compilation
    (``CompileOptions.platform``): no kernel planned for another platform is served."""
    runs = pipeline_runs(monkeypatch)
    before = get_platform()
    try:
        first = compile_graph(parse_ir(GRAPH))
        set_platform("3510", before.core_num, 64 * 1024)
        small_ub = compile_graph(parse_ir(GRAPH))
        set_platform("3510", 8, 64 * 1024)
        few_cores = compile_graph(parse_ir(GRAPH))
        again = compile_graph(parse_ir(GRAPH))
    finally:
        set_platform(before.soc, before.core_num, before.ub_size)
    assert len(runs) == 3 and again.sources == few_cores.sources
    assert first.options.platform.ub_bytes == 253952 and small_ub.options.platform.ub_bytes == 64 * 1024
    assert few_cores.options.platform.vector_cores == 8
    run(few_cores)
    assert few_cores.last_run.block_dim <= 8
    assert compile_graph(parse_ir(GRAPH)).options.platform == first.options.platform
    assert len(runs) == 3  # the first platform's entry still serves it


def test_the_compilers_own_code_is_part_of_the_key(monkeypatch: pytest.MonkeyPatch) -> None:
    g = parse_ir(GRAPH).ops.first
    before = graph_cache.graph_key(g, "vf=true")
    monkeypatch.setattr(graph_cache, "compiler_digest", lambda: "another version")
    assert graph_cache.graph_key(g, "vf=true") != before


@pytest.mark.parametrize("damage", ["truncate", "edit", "not json"])
def test_a_damaged_disk_entry_is_never_served(
    damage: str, fresh_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = compile_graph(parse_ir(GRAPH))
    (entry,) = fresh_cache.glob("*.json")
    text = entry.read_text()
    if damage == "truncate":
        entry.write_text(text[: len(text) // 2])
    elif damage == "edit":
        entry.write_text(text.replace("Exp", "Abs"))
    else:
        entry.write_text("not json")
    graph_cache.clear_memory()
    runs = pipeline_runs(monkeypatch)
    again = compile_graph(parse_ir(GRAPH))
    assert len(runs) == 1 and again.sources == first.sources
    run(again)
    assert entry.read_text() == text  # rewritten


def test_off_switch_and_dumps_run_the_pipeline(
    fresh_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compile_graph(parse_ir(GRAPH))
    runs = pipeline_runs(monkeypatch)
    compile_graph(parse_ir(GRAPH), dump_dir=tmp_path / "dump")
    assert len(runs) == 1 and (tmp_path / "dump" / "device_impl.cpp").is_file()
    monkeypatch.setenv("ASCIR_GRAPH_CACHE", "0")
    compile_graph(parse_ir(GRAPH))
    assert len(runs) == 2
