"""Hostile names (issue 14, part 1): graph, VF region, stage, node, size and kernel names
that try to reach C++ or the file system. Each case ends in a correct result -- compiled,
run on the simulator and compared with the reference (``assert_close``) -- or in a clear
diagnostic; never an executed payload, a file outside its directory or a g++ error.

Names come from IR text (``ascir.graph @"..."``, ``ascir.vf @"..."`` edited into the
output of ``-p schedule,vf-partition``), from Python (``HintGraph("...")``, node names,
``compile_graph(name=...)``) and from hypothesis (``st.text()`` over all of Unicode):
``ASCIR_FUZZ_NAME_EXAMPLES`` sets the examples that are compiled and run (3 by default),
``ASCIR_FUZZ_NAME_EMIT_EXAMPLES`` those only lowered and printed (25), and
``ASCIR_FUZZ_RANDOM=1`` draws fresh ones.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import ModuleOp, StringAttr, SymbolRefAttr
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.names import (
    GENERATED_FIELDS,
    HASHED_FORM,
    MAX_FILE_NAME,
    c_identifier,
    comment_text,
    file_name,
    is_c_identifier,
    kernel_symbol,
    path_inside,
)
from ascendc_emitter.printer import EmitError, KernelSources, emit_files
from ascir_dialect.compare import assert_close
from ascir_dialect.interpreter import reference
from lowering.graph_lowering import lower_graph
from lowering.pipeline import run_autofuse
from pyautofuse import ascir
from pyautofuse.ascir_api import load_input, store_output
from runtime import compile_kernel
from tools.ascir_run import main as ascir_run
from tools.compile import compile_graph, schedule_module

from ..conftest import opt_in_process, parse_ir

RNG = np.random.default_rng(14)
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
INCLUDES = {"<cstdint>", '"autofuse/scalar.h"', '"autofuse/simt.h"', '"tiling.h"', '"kernel_operator.h"'}
DEFINITIONS = re.compile(
    r"(?:__global__ (?:__vector__|__mix__\(0, 1\)) void|__simd_vf__ inline void|__simt_vf__ __launch_bounds__\(\d+\) inline void)"
    r"\s+([^\s(]*)\("
)
CALLS = re.compile(r"(?:asc_vf_call<|VF_CALL<)([^>]*)>|^\s*([^\s(]*)<<<", re.M)

PAYLOAD = 'x");system("id");//'
PREPROCESSOR = (
    'a\n#include <cstdlib>\n#define autofuse_a int injected = std::system("id");\n'
    'static int injected2 = std::system("id");\n// \\'
)
HOSTILE = {
    "quotes": PAYLOAD,
    "preprocessor": PREPROCESSOR,
    "dotdot": "..",
    "parent": "../escaped",
    "absolute": "/../../outside/x",
    "etc": "/etc/passwd",
    "separators": "a/b\\c",
    "superscript": "g²",
    "emoji": "🔥\u200d😀",
    "line_separator": "a\u2028b\u0085c",
    "dash": "k-1",
    "long": "x" * 10_000,
    "long_unicode": "é" * 300,
    "keyword_int": "int",
    "keyword_main": "main",
    "contract": "AutofuseLaunch",
    "reserved": "__x",
    "reserved_capital": "_X",
    "digit": "9lives",
    "empty": "",
    "space": " ",
    "nul": "a\x00b",
    "trigraph": "a??/",
    "backslash": "a\\",
    "percent": "%s%n",
}
"""A name of each hostile kind (graph names, VF region names and kernel names take them)."""
SHORT = ["quotes", "preprocessor", "parent", "superscript", "long", "keyword_int", "empty", "trigraph"]
"""The kinds every other name source is tried with (each compiles a kernel)."""


# ------------------------------------------------------------------------ helpers


def ir_symbol(name: str) -> str:
    """``@"..."`` for IR text: printable ASCII as it is, everything else (and ``"``, ``\\``)
    as ``\\XX`` escapes of its UTF-8 bytes, as MLIR spells them."""
    out = []
    for ch in name:
        if " " <= ch <= "~" and ch not in '"\\':
            out.append(ch)
        else:
            out.extend(f"\\{b:02X}" for b in ch.encode("utf-8", "surrogatepass"))
    return '@"' + "".join(out) + '"'


def add_relu_ir(
    graph: str = "@add_relu", sizes: tuple[str, str] = ("s0", "s1"), nodes: dict | None = None
) -> str:
    """y = relu(x0 + x1) over [s0, s1]: the README example with its names replaced."""
    n = {"x0": "x0", "x1": "x1", "l0": "l0", "l1": "l1", "sum": "sum", "act": "act", "st": "st", "y": "y"}
    n.update(nodes or {})
    s0, s1 = sizes
    t = f"!ascir.tensor<float32, [z0, z1], [{s0}, {s1}], [{s1}, 1]>"
    return f"""
ascir.graph {graph} hint sizes [{s0}, {s1}] axes [0: z0 = {s0}, 1: z1 = {s1}] {{
  %{n["x0"]} = ascir.data {{index = 0 : i64}} : {t}
  %{n["x1"]} = ascir.data {{index = 1 : i64}} : {t}
  %{n["l0"]} = ascir.load %{n["x0"]} sched [z0, z1] {{offset = #ascir.expr<0>}} : {t}
  %{n["l1"]} = ascir.load %{n["x1"]} sched [z0, z1] {{offset = #ascir.expr<0>}} : {t}
  %{n["sum"]} = ascir.add %{n["l0"]}, %{n["l1"]} sched [z0, z1] : {t}
  %{n["act"]} = ascir.relu %{n["sum"]} sched [z0, z1] : {t}
  %{n["st"]} = ascir.store %{n["act"]} sched [z0, z1] {{offset = #ascir.expr<0>}} : {t}
  %{n["y"]} = ascir.output %{n["st"]} {{index = 0 : i64}} : {t}
}}
"""


REDUCE_NESTS = """
ascir.graph @reduce_nests hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %s = ascir.reduce_sum %e : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %r = ascir.relu %s : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %st = ascir.store %r : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [1, s1], [0, 1]>
}
"""
"""Two VF regions (before and after the reduction) and, for long columns, the SPLIT
schedule's kernel ``<kernel>_split``: names to collide with."""


def partitioned(hint_ir: str, *region_names: str) -> str:
    """The IR text of ``hint_ir`` after schedule and vf-partition (``-p
    schedule,vf-partition``), its ``ascir.vf @vf_N`` regions renamed by hand."""
    (graph,) = parse_ir(hint_ir).ops
    out = io.StringIO()
    Printer(stream=out).print_op(ModuleOp([schedule_module(graph)[1][0].clone()]))  # type: ignore[arg-type]
    names = iter(region_names)

    def rename(m: re.Match[str]) -> str:
        new = next(names, None)
        return f"{m.group(1)}ascir.vf {m.group(2) if new is None else ir_symbol(new)} "

    text, count = re.subn(r"(?m)^(\s+%[^\n]*= )ascir\.vf (@\w+) ", rename, out.getvalue())
    assert count >= len(region_names), text
    return text


def check_sources(sources: KernelSources) -> None:
    """Nothing of a name got into the C++ but identifiers: no payload, only our includes,
    one-line comments, ASCII, and every defined or called kernel/function an identifier."""
    text = "\n".join(sources.as_dict().values())
    assert text.isascii()
    assert "system(" not in text and '"id"' not in text  # identifiers may hold "system", never a call
    directives = re.findall(r"^\s*#\s*(\w+)\s*(.*)$", text, re.M)
    assert {d for d, _ in directives} <= {"include", "pragma"}, directives
    assert {arg.strip() for d, arg in directives if d == "include"} <= INCLUDES
    for line in text.splitlines():
        assert not line.rstrip().endswith("\\"), line  # no comment continued onto the next line
        assert "??" not in line.partition("//")[2], line  # no trigraph in a comment
    device = sources.device_impl_cpp
    defined = DEFINITIONS.findall(device)
    assert defined and all(IDENTIFIER.match(n) and is_c_identifier(n) for n in defined), defined
    assert len(set(defined)) == len(defined), defined
    called = {a or b for a, b in CALLS.findall(device)}
    assert called and called <= set(defined), (called, defined)


def tree(root: Path) -> set[Path]:
    return {p.relative_to(root) for p in root.rglob("*")}


def assert_only_under(root: Path, *allowed: str) -> None:
    """Every file and directory below ``root`` is one of ``allowed`` or inside one."""
    for p in tree(root):
        assert p.parts[0] in allowed, f"{p} was created outside {allowed}"
        assert all(len(part.encode()) <= 255 for part in p.parts)


def run_and_compare(
    kernel, ref_graph, inputs: list[np.ndarray], sizes: dict[str, int], loose: bool = False, **kw
) -> None:
    """Run on the simulator and compare with the reference interpreter (``loose``: long
    float sums, whose order differs)."""
    outputs = kernel(*inputs, sizes=sizes, **kw)
    expected = reference(ref_graph, *inputs, sizes=sizes)
    for out, ref in zip(outputs, expected, strict=True):
        assert_close(out, ref, **({"rtol": 1e-4, "atol": 1e-3} if loose else {}))


def add_relu_inputs(s0: int = 3, s1: int = 40) -> tuple[list[np.ndarray], tuple[int, int]]:
    return [RNG.standard_normal((s0, s1)).astype(np.float32) for _ in range(2)], (s0, s1)


# --------------------------------------------------------- graph names, IR text


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_graph_names_in_ir_text(kind: str, tmp_path: Path) -> None:
    """``ascir.graph @"<hostile>"`` compiles, runs and matches the reference; the kernel is
    ``autofuse_<mapped>``; the dump files (named after the graph) stay in the dump dir."""
    name = HOSTILE[kind]
    module = parse_ir(add_relu_ir(ir_symbol(name)))
    dump = tmp_path / "dump"
    kernel = compile_graph(module, dump_dir=dump)
    check_sources(kernel.sources)
    (defined,) = DEFINITIONS.findall(kernel.sources.device_impl_cpp)[-1:]
    assert defined == kernel_symbol(f"autofuse_{name}")
    inputs, (s0, s1) = add_relu_inputs()
    run_and_compare(kernel, module, inputs, {"s0": s0, "s1": s1})
    assert_only_under(tmp_path, "dump")
    assert all(len(p.name) <= MAX_FILE_NAME + len(".mlir") for p in dump.iterdir())
    assert {"tiling.h", "host_impl.cpp", "device_impl.cpp"} <= {p.name for p in dump.iterdir()}


@pytest.mark.parametrize("kind", SHORT)
def test_graph_names_from_python(kind: str, tmp_path: Path) -> None:
    """``HintGraph("<hostile>")`` with hostile node names too (an invalid SSA name is no
    name hint; a valid one -- ``int64_t``, ``errno`` -- is mapped like any other)."""
    name = HOSTILE[kind]
    try:
        g = ascir.HintGraph(name)
    except (ValueError, TypeError) as e:  # an empty name may be refused: with a diagnostic
        assert not name and "empty" in str(e)
        return
    a, b = (g.create_axis(f"z{i}", g.create_size(f"s{i}")) for i in range(2))
    x = load_input(g, "g²", 0, ascir.dtypes.float32, [a, b])
    y = load_input(g, "errno", 1, ascir.dtypes.float32, [a, b])
    add = ascir.ops.Add(PAYLOAD)
    add.x1, add.x2 = x, y
    add.y.axis = [a, b]
    act = ascir.ops.Relu("int64_t")
    act.x = add
    act.y.axis = [a, b]
    store_output(g, act.y, name="NULL")
    kernel = compile_graph(g, dump_dir=tmp_path / "dump")
    check_sources(kernel.sources)
    inputs, (s0, s1) = add_relu_inputs(5, 33)
    run_and_compare(kernel, g, inputs, {"s0": s0, "s1": s1})
    assert_only_under(tmp_path, "dump")


@pytest.mark.parametrize("kind", [*SHORT, "absolute", "contract", "keyword_main"])
def test_kernel_names_given_to_compile_graph(kind: str) -> None:
    """``compile_graph(name="<hostile>")`` (the kernel's own name, also the cache entry's):
    an identifier in the ``autofuse_`` namespace, built in a directory of the cache."""
    from runtime.cache import cache_root

    name = HOSTILE[kind]
    module = parse_ir(add_relu_ir())
    kernel = compile_graph(module, name=name)
    check_sources(kernel.sources)
    assert f"void {kernel_symbol(name or 'autofuse_add_relu')}(" in kernel.sources.device_impl_cpp
    inputs, (s0, s1) = add_relu_inputs()
    run_and_compare(kernel, module, inputs, {"s0": s0, "s1": s1})
    assert kernel.kernel.build_dir.resolve().parent == cache_root().resolve()


@pytest.mark.parametrize("name", ["exit", "sin", "index", "select", "tiling", "in0"])
def test_kernel_names_of_the_c_library(name: str) -> None:
    """A kernel is ``extern "C"``: named ``exit`` it would clash with <cstdlib>. Kernel names
    live in the ``autofuse_`` namespace, so any name compiles."""
    module = parse_ir(add_relu_ir())
    kernel = compile_graph(module, name=name)
    assert f"void autofuse_{name}(" in kernel.sources.device_impl_cpp
    inputs, (s0, s1) = add_relu_inputs()
    run_and_compare(kernel, module, inputs, {"s0": s0, "s1": s1})


def _private_cache(tmp_path: Path, monkeypatch) -> Path:
    """A kernel cache of its own under ``tmp_path`` (the shared simulator object copied in)."""
    from runtime.cache import cache_root

    cache = tmp_path / "cache"
    objects = cache_root() / "objects"
    if objects.is_dir():
        (cache / "objects").mkdir(parents=True)
        for obj in objects.glob("*.o"):
            (cache / "objects" / obj.name).write_bytes(obj.read_bytes())
    monkeypatch.setenv("ASCIR_CACHE_DIR", str(cache))
    return cache


def test_cache_directory_names_are_mapped(tmp_path: Path, monkeypatch) -> None:
    """``compile_kernel(..., name=...)`` called directly with a traversal or an overlong
    name still builds inside the cache."""
    cache = _private_cache(tmp_path, monkeypatch)
    sources = compile_graph(parse_ir(add_relu_ir("@cache_names"))).sources
    for name in ("/../../outside/x", "..", "x" * 300):
        kernel = compile_kernel(sources.tiling_h, sources.host_impl_cpp, sources.device_impl_cpp, name=name)
        assert kernel is not None
    assert_only_under(tmp_path, cache.name)
    assert all(p.parent == cache for p in cache.iterdir())
    assert all(len(p.name) <= 255 for p in cache.iterdir())


# ------------------------------------------------------- sizes and node names


def test_keywords_and_macros_as_size_and_node_names() -> None:
    """Sizes named ``int``/``main`` (tiling fields and AutofuseTiling parameters) and nodes
    named after keywords, macros of the C library, the generated code's own names and the
    kernel's VF function (a local of that name would shadow it)."""
    nodes = {
        "x0": "errno",
        "x1": "NULL",
        "l0": "int64_t",
        "l1": "asc_vf_call",
        "sum": "autofuse_kw_vf_0",
        "act": "GetTPipePtr",
        "st": "linux",
        "y": "ascsim",
    }
    module = parse_ir(add_relu_ir("@kw", ("int", "main"), nodes))
    inputs, (s0, s1) = add_relu_inputs(4, 70)
    for vf in (True, False):
        kernel = compile_graph(module, vf=vf)
        check_sources(kernel.sources)
        run_and_compare(kernel, module, inputs, {"int": s0, "main": s1})


# ----------------------------------------------------- VF region and stage names


@pytest.mark.parametrize("kind", [*SHORT, "dash", "contract"])
def test_vf_region_names(kind: str) -> None:
    """``ascir.vf @"<hostile>"`` edited into the vf-partition output: the region's
    ``__simd_vf__`` function is ``<kernel>_<mapped region name>``."""
    impl = parse_ir(partitioned(REDUCE_NESTS, HOSTILE[kind], "vf_1"))
    kernel = compile_graph(impl, vf=False)  # the regions are there already
    check_sources(kernel.sources)
    x = RNG.standard_normal((6, 40)).astype(np.float32)
    run_and_compare(kernel, parse_ir(REDUCE_NESTS), [x], {"s0": 6, "s1": 40})


def test_names_that_collide_after_mapping() -> None:
    """Regions ``@"k-1"``/``@k_1`` map to different functions; a region named ``split``
    meets the SPLIT schedule's kernel ``<kernel>_split`` (the kernel gets a hashed name);
    two regions of one name get two functions. Run on the resident and the SPLIT path."""
    hint = parse_ir(REDUCE_NESTS)
    for names in (("k-1", "k_1"), ("split", "split_1"), ("same", "same"), ("vf_1", "vf_0")):
        kernel = compile_graph(parse_ir(partitioned(REDUCE_NESTS, *names)), vf=False)
        check_sources(kernel.sources)
        defined = DEFINITIONS.findall(kernel.sources.device_impl_cpp)
        assert len(defined) == 4, defined  # two functions, the kernel and its SPLIT kernel
        for shape, cores in (((6, 40), 8), ((70000, 1), 4)):
            x = RNG.standard_normal(shape).astype(np.float32)
            run_and_compare(kernel, hint, [x], {"s0": shape[0], "s1": shape[1]}, core_num=cores, loose=True)
        assert kernel.last_run.tiling_key == 3  # the SPLIT schedule ran


def test_graphs_that_collide_after_mapping_in_one_module_and_session() -> None:
    """``@"k-1"`` and ``@k_1`` in one module, plus ``@"k_1_<hash>"`` spelled as ``k-1``
    maps: three kernels of one session, each correct."""
    hashed = c_identifier("k-1")
    text = "".join(add_relu_ir(ir_symbol(n)) for n in ("k-1", "k_1", hashed))
    module = parse_ir(text)
    inputs, (s0, s1) = add_relu_inputs()
    names = []
    for graph in ("k-1", "k_1", hashed):
        kernel = compile_graph(module, graph=graph)
        check_sources(kernel.sources)
        names.append(DEFINITIONS.findall(kernel.sources.device_impl_cpp)[-1])
        run_and_compare(kernel, parse_ir(add_relu_ir(ir_symbol(graph))), inputs, {"s0": s0, "s1": s1})
    assert names[0] != names[1]


SKLIKE_IR = """
ascir.graph {name} hint sizes [i0, i1, j0, j1] axes [0: a0 = i0, 1: a1 = i1, 2: b0 = j0, 3: b1 = j1] {{
  %x = ascir.data {{index = 0 : i64}} : !ascir.tensor<float32, [a0, a1], [i0, i1], [i1, 1]>
  %i = ascir.data {{index = 1 : i64}} : !ascir.tensor<int32, [b0, b1], [j0, j1], [j1, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [i0, i1], [i1, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [b0, b1], [j0, j1], [j1, 1]>
  %pre = ascir.abs %xl : !ascir.tensor<float32, [a0, a1], [i0, i1], [i1, 1]>
  %g = ascir.indirect_load %pre, %il {{dim = 1 : i64}} : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
  %post = ascir.relu %g : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
  %st = ascir.store %post : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
  %y = ascir.output %st {{index = 0 : i64}} : !ascir.tensor<float32, [b0, b1], [j0, j1], [j1, 1]>
}}
"""


@pytest.mark.parametrize("kind", ["quotes", "preprocessor", "long", "dash"])
@pytest.mark.parametrize("template", ["sklike", "simt"])
def test_indirect_load_stage_names(kind: str, template: str, tmp_path: Path) -> None:
    """SK-like stage kernels (``<kernel>_input_pre`` ...) and the SIMT function
    (``<kernel>_simt``) take their names from the graph's; the stage graphs' dumps too."""
    module = parse_ir(SKLIKE_IR.format(name=ir_symbol(HOSTILE[kind])))
    kernel = compile_graph(module, template=template, dump_dir=tmp_path / "dump")
    check_sources(kernel.sources)
    x = RNG.standard_normal((3, 9)).astype(np.float32)
    index = RNG.integers(0, 9, (3, 5)).astype(np.int32)
    run_and_compare(kernel, module, [x, index], {"i0": 3, "i1": 9, "j0": 3, "j1": 5}, core_num=3)
    assert_only_under(tmp_path, "dump")


# ---------------------------------------------------------------- dump dirs


def test_ascir_run_dump_dir_per_graph(tmp_path: Path, capsys) -> None:
    """``ascir-run --dump-dir D`` with several graphs: one subdirectory of D per graph,
    named by the names mapping -- ``..``, ``/``, absolute and overlong names included."""
    names = ["../escaped", "..", "/../../outside/x", "x" * 300, "ok"]
    source = tmp_path / "in" / "graphs.mlir"
    source.parent.mkdir()
    source.write_text("".join(add_relu_ir(ir_symbol(n)) for n in names))
    dump = tmp_path / "out" / "dump"
    assert ascir_run([str(source), "--sizes", "s0=2,s1=9", "--dump-dir", str(dump)]) == 0, capsys.readouterr()
    assert_only_under(tmp_path, "in", "out")
    assert {p.name for p in (tmp_path / "out").iterdir()} == {"dump"}
    subdirs = sorted(p.name for p in dump.iterdir())
    assert len(subdirs) == len(names) and "ok" in subdirs and all(p.is_dir() for p in dump.iterdir())
    assert all(not d.startswith(".") and len(d) <= MAX_FILE_NAME for d in subdirs)


def test_ascir_opt_dump_dir(tmp_path: Path) -> None:
    """``ascir-opt -p autofuse -t ascendc --dump-dir D`` on a hostile graph: the printed
    files are safe and every dump is in D."""
    source = tmp_path / "graph.mlir"
    source.write_text(add_relu_ir(ir_symbol(PREPROCESSOR + "/../../x")))
    out = opt_in_process(str(source), "-p", "autofuse", "-t", "ascendc", "--dump-dir", str(tmp_path / "dump"))
    assert out.returncode == 0, out.stderr
    files = dict(re.findall(r"// ===== (\S+) =====\n(.*?)(?=// ===== |\Z)", out.stdout, re.S))
    check_sources(KernelSources(files["tiling.h"], files["host_impl.cpp"], files["device_impl.cpp"]))
    assert_only_under(tmp_path, "dump", "graph.mlir")


def test_path_inside_refuses_escapes(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    assert path_inside(root, "a.mlir") == root / "a.mlir"
    for bad in ("..", ".", "", "a/b", "/abs", "a\\b", "a\x00b", "x" * 300):
        with pytest.raises(PermissionError):
            path_inside(root, bad)
    (root / "link").symlink_to(tmp_path)  # a link planted in the dump dir
    with pytest.raises(PermissionError, match="resolves outside"):
        path_inside(root, "link")


# -------------------------------------------------- the ascendc dialect itself


def _lowered(name: str = "@k") -> ModuleOp:
    (graph,) = parse_ir(add_relu_ir(name)).ops
    return run_autofuse(ModuleOp([graph.clone()]))  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "where",
    ["kernel", "function", "callee", "field", "tiling_get", "set_tiling", "arg_name", "kernel_arg"],
)
def test_printer_refuses_what_is_not_an_identifier(where: str) -> None:
    """A module that skipped verification still cannot smuggle a name into C++: the printer
    verifies every symbol, field and argument name (EmitError naming the op and the name);
    the op verifiers refuse the same module."""
    module = _lowered()
    bad = PAYLOAD
    ops = list(module.walk())

    def first(kind: type):
        return next(op for op in ops if isinstance(op, kind))

    if where == "kernel":
        first(ac.KernelOp).properties["sym_name"] = StringAttr(bad)
    elif where == "function":
        first(ac.SimdVfOp).properties["sym_name"] = StringAttr(bad)
    elif where == "callee":
        first(ac.VfCallOp).properties["callee"] = SymbolRefAttr(bad)
    elif where == "field":
        struct = first(ac.TilingStructOp)
        names = [n.data for n in struct.field_names.data]
        struct.properties["field_names"] = type(struct.field_names)(
            [StringAttr(n) for n in [*names[:-1], bad]]
        )
    elif where == "tiling_get":
        first(ac.TilingGetOp).properties["field"] = StringAttr(bad)
    elif where == "set_tiling":
        first(ac.SetTilingOp).properties["field"] = StringAttr(bad)
    elif where == "arg_name":
        fn = first(ac.SimdVfOp)
        fn.properties["arg_names"] = type(fn.arg_names)([StringAttr(bad), *list(fn.arg_names.data[1:])])
    else:
        kernel = first(ac.KernelOp)
        kernel.properties["arg_names"] = type(kernel.arg_names)(
            [StringAttr(bad), *list(kernel.arg_names.data[1:])]
        )
    with pytest.raises(EmitError, match=r"is not a C identifier") as err:
        emit_files(module)
    assert 'x")' in str(err.value) and "\n" not in str(err.value)
    with pytest.raises(VerifyException, match=r"is not a C identifier"):
        module.verify()


def test_printer_refuses_clashing_symbols() -> None:
    module = _lowered()
    kernel = next(op for op in module.ops if isinstance(op, ac.KernelOp))
    fn = next(op for op in module.ops if isinstance(op, ac.SimdVfOp))
    fn.properties["sym_name"] = kernel.sym_name
    with pytest.raises(EmitError, match="defined twice"):
        emit_files(module)
    fn.properties["sym_name"] = StringAttr("tiling")
    with pytest.raises(EmitError, match="parameter of the generated"):
        emit_files(module)
    with pytest.raises(VerifyException, match="parameter name of the generated functions"):
        fn.verify()


def test_fail_if_reasons_are_one_comment_line() -> None:
    """A ``fail_if`` reason ends its ``//`` comment with neither a newline, a backslash nor
    the trigraph ``??/``."""
    module = _lowered()
    fail = next(op for op in module.walk() if isinstance(op, ac.FailIfOp))
    reason = "size\n  return 0; }\nint injected() { return 1; ??/\n\\"
    fail.properties["reason"] = StringAttr(reason)
    host = emit_files(module).host_impl_cpp
    (line,) = [x for x in host.splitlines() if "injected" in x]
    assert line.endswith("// size?  return 0; }?int injected() { return 1; ?./?.")
    assert line.endswith(f"// {comment_text(reason)}") and "??" not in host


# --------------------------------------------------------------- the mapping


NAMES_EXAMPLES = int(os.environ.get("ASCIR_FUZZ_NAME_EXAMPLES", "3"))
EMIT_EXAMPLES = int(os.environ.get("ASCIR_FUZZ_NAME_EMIT_EXAMPLES", "25"))
FUZZ = {"deadline": None, "derandomize": "ASCIR_FUZZ_RANDOM" not in os.environ}


@settings(max_examples=300, **FUZZ)
@given(st.text(), st.text())
def test_mapping_properties(a: str, b: str) -> None:
    """Every name maps to an identifier / one safe path component, deterministically;
    changed names carry a hash; two different names never share a mapped name -- not even
    a name and another's mapped form (issue 32: the hashed form of a name is hashed again);
    comments stay on one line."""
    for name in (a, b):
        ident = c_identifier(name)
        assert is_c_identifier(ident) and IDENTIFIER.match(ident) and ident == c_identifier(name)
        assert (ident == name) == (is_c_identifier(name) and not HASHED_FORM.search(name) and not GENERATED_FIELDS.match(name))
        assert c_identifier(ident) != ident or ident == name
        assert kernel_symbol(name).startswith("autofuse_") and is_c_identifier(kernel_symbol(name))
        f = file_name(name)
        assert f not in ("", ".", "..") and not f.startswith(".") and len(f) <= MAX_FILE_NAME
        assert re.fullmatch(r"[A-Za-z0-9_.-]+", f)
        text = comment_text(name)
        assert text.isascii() and text.isprintable() and "\\" not in text and "??" not in text
    if a != b:
        assert c_identifier(a) != c_identifier(b)
        assert file_name(a) != file_name(b)
        assert c_identifier(a) != c_identifier(c_identifier(a)) or c_identifier(a) == a


@settings(max_examples=EMIT_EXAMPLES, suppress_health_check=[HealthCheck.too_slow], **FUZZ)
@given(graph=st.text(max_size=300), region=st.text(max_size=300))
def test_random_names_lower_to_safe_cpp(graph: str, region: str) -> None:
    """Any graph and region name (all of Unicode) lowers and prints to C++ holding nothing
    of it but identifiers (no g++ here: see the next test)."""
    (impl,) = parse_ir(partitioned(add_relu_ir(ir_symbol(graph)), region)).ops
    check_sources(emit_files(lower_graph(impl)))  # type: ignore[arg-type]


@settings(max_examples=NAMES_EXAMPLES, suppress_health_check=[HealthCheck.too_slow], **FUZZ)
@given(graph=st.text(), region=st.text(), kernel=st.one_of(st.none(), st.text()))
def test_random_names_compile_and_run(graph: str, region: str, kernel: str | None) -> None:
    impl = parse_ir(partitioned(add_relu_ir(ir_symbol(graph)), region))
    compiled = compile_graph(impl, name=kernel, vf=False)
    check_sources(compiled.sources)
    inputs, (s0, s1) = add_relu_inputs(2, 17)
    run_and_compare(compiled, parse_ir(add_relu_ir()), inputs, {"s0": s0, "s1": s1})
