"""The ``ascendc`` dialect in xDSL's idiom: custom syntax round trips, enum modes, traits
that make xDSL's CSE and DCE correct on kernels, symbol-table calls, unsigned printing."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import SymbolOpInterface
from xdsl.transforms.common_subexpression_elimination import CommonSubexpressionElimination
from xdsl.transforms.dead_code_elimination import DeadCodeElimination
from xdsl.utils.exceptions import VerifyException

from ascendc_emitter.builder import KernelModuleBuilder
from ascendc_emitter.dialect import ASCENDC
from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.dialect.types import (
    CmpModeAttr,
    IntPredicate,
    LoadDist,
    QueType,
    StoreDist,
    TBufType,
    TPosition,
    enum_attr,
)
from ascendc_emitter.printer import EmitError, emit_files
from ascendc_emitter.target import registers as reg_layout
from ascir_dialect.ops import GraphOp
from lowering.pipeline import run_autofuse
from passes.diagnostics import PassError
from passes.options import CompileOptions
from runtime.toolchain import EMITTER_INCLUDE
from tools.ascir_opt import make_context

from ..conftest import ROOT, parse_ir
from . import kernels as K  # noqa: N812

LIT = ROOT / "test" / "lit"
ALL_OPS = LIT / "ascendc_emitter" / "roundtrip.mlir"


def parse(text: str) -> ModuleOp:
    module = Parser(make_context(), text).parse_module()
    module.verify()
    return module


def printed(op: ModuleOp, generic: bool = False) -> str:
    out = io.StringIO()
    Printer(stream=out, print_generic_format=generic).print_op(op)
    return out.getvalue()


def without_comments(text: str) -> str:
    """The IR of a lit file: its comment lines (RUN, CHECK) and blank lines dropped."""
    return "".join(line for line in text.splitlines(keepends=True) if line.strip() and not line.startswith("//"))


# ------------------------------------------------------------------- syntax


def test_every_op_class_round_trips_in_its_custom_syntax() -> None:
    """roundtrip.mlir holds every op of the dialect; print(parse(text)) is the text itself,
    and the generic form parses back to the same custom text."""
    text = without_comments(ALL_OPS.read_text())
    module = parse(text)
    present = {type(op) for op in module.walk() if op.name.startswith("ascendc.")}
    missing = sorted(op.name for op in ASCENDC.operations if op not in present)
    assert not missing, f"roundtrip.mlir lacks {missing}"
    assert printed(module) == text.rstrip("\n")
    generic = printed(module, generic=True)
    assert '"ascendc.' in generic and "#ascendc<cmp_mode LT>" in generic
    again = parse(generic)
    assert again.is_structurally_equivalent(module)
    assert printed(again) == text.rstrip("\n")
    assert emit_files(again) == emit_files(module)


def test_no_op_prints_in_the_generic_form() -> None:
    """Every op has a custom syntax (an assembly format or its own print)."""
    text = printed(parse(without_comments(ALL_OPS.read_text())))
    assert '"ascendc.' not in text and "<{" not in text


def _lowered_corpus() -> list[tuple[str, ModuleOp]]:
    modules = [
        ("vector_add", K.vector_add()),
        ("strided_copy", K.strided_copy()),
        ("vf_compare_select", K.vf_compare_select(K.f16)),
        ("memory_gather", K.memory_gather()),
        ("simt_gather", K.simt_gather()),
        ("keyed_add_or_sub", K.keyed_add_or_sub()),
    ]
    ordinary = [
        ROOT / "examples" / "add_relu.mlir",
        LIT / "lowering" / "checked_arith.mlir",
        LIT / "lowering" / "reductions.mlir",
    ]
    for path in ordinary:
        for g in parse_ir(path.read_text()).ops:
            assert isinstance(g, GraphOp)
            for vf in (True, False):
                modules.append((f"{path.name}:{g.graph_name}:vf={vf}", _lowered(g, vf)))
    for chunk in (LIT / "lowering" / "vf.mlir").read_text().split("// -----"):
        for g in parse_ir(chunk).ops:
            modules.append((f"vf.mlir:{g.graph_name}", _lowered(g, True)))  # type: ignore[arg-type]
    for path in (LIT / "indirect_load" / "codegen.mlir", LIT / "indirect_load" / "sklike.mlir"):
        for g in parse_ir(path.read_text()).ops:
            for template in (None, "simd", "simt", "sklike"):
                try:
                    modules.append((f"{path.name}:{template}", _lowered(g, True, template)))  # type: ignore[arg-type]
                except PassError as e:  # a template the graph does not admit
                    assert f"template '{template}' was rejected" in str(e), e
    return modules


def test_lowered_modules_round_trip() -> None:
    """What the lowering builds prints in the custom syntax, parses back to the same IR
    (structurally) and prints the same C++; printing is a fixed point from then on."""
    corpus = _lowered_corpus()
    assert len(corpus) >= 20
    kinds: set[str] = set()
    for name, module in corpus:
        text = printed(module)
        again = parse(text)
        assert again.is_structurally_equivalent(module), name
        assert emit_files(again) == emit_files(module), name
        assert printed(parse(printed(again))) == printed(again), name
        kinds |= {op.name for op in module.walk()}
    assert {"ascendc.simd_vf", "ascendc.simt_vf", "ascendc.key_switch", "ascendc.launch_signature"} <= kinds


# -------------------------------------------------------------------- modes


def test_builder_modes_become_enum_attributes() -> None:
    kb = KernelModuleBuilder("k", ["x"], [], [])
    with kb.kernel() as (k, (_x, _ws), _t):
        buf = k.tbuf(1024)
        bits = k.tbuf_get(buf, ac.u8, 64)
        a = k.tbuf_get(buf, K.f32, 64, 256)
        k.vec(ac.CompareOp, bits, a, a, 64, mode="LT")
        k.sync("MTE2_V")
        k.barrier("PIPE_ALL")
        with pytest.raises(VerifyException, match=r"ascendc.compare: mode 'LE ' is not one of LT, GT, EQ, LE, GE, NE"):
            k.vec(ac.CompareOp, bits, a, a, 64, mode="LE ")
        with pytest.raises(VerifyException, match=r"ascendc.sync: event 'MTE2_M' is not one of MTE2_V"):
            k.sync("MTE2_M")
        with pytest.raises(VerifyException, match="integer predicate 'lt' is not one of eq, ne, slt"):
            k.cmp("lt", 1, 2)
    compare = next(op for op in kb.module.walk() if isinstance(op, ac.CompareOp))
    assert compare.mode == CmpModeAttr(CmpModeAttr.enum_type("LT"))
    assert compare.mode.data == "LT"  # a StrEnum: code comparing with the spelling keeps working


def test_enum_attr_names_the_choices() -> None:
    with pytest.raises(VerifyException, match="TQue position 'VECCALC ' is not one of VECIN, VECOUT, VECCALC"):
        QueType("VECCALC ", 2)
    with pytest.raises(VerifyException, match="TQue position must be VECIN or VECOUT, got VECCALC"):
        QueType("VECCALC", 2).verify()
    assert TBufType().position.data is TPosition.VECCALC
    assert enum_attr(CmpModeAttr, "GE").data == "GE"


def test_distribution_enums_are_the_reg_layout_tables() -> None:
    """LoadDist/StoreDist hold exactly the distributions the layout tables choose."""
    assert {d.value for d in LoadDist} == set(reg_layout.LOAD_DISTS)
    assert {d.value for d in StoreDist} == set(reg_layout.STORE_DISTS)


def test_printer_refuses_a_mode_that_is_not_its_enum() -> None:
    """A module that skipped verification cannot put text where an AscendC mode goes."""
    module = K.vf_compare_select(K.f32)
    compares = next(op for op in module.walk() if isinstance(op, ac.RegComparesOp))
    compares.properties["mode"] = StringAttr("LT>(m); system(\"id\"); //")
    with pytest.raises(EmitError, match=r"ascendc.reg.compares: mode .* is not an AscendC mode"):
        emit_files(module)
    with pytest.raises(VerifyException):
        module.verify()


def test_int_predicates_follow_arith() -> None:
    from xdsl.dialects.arith import CMPI_COMPARISON_OPERATIONS

    assert [p.value for p in IntPredicate] == CMPI_COMPARISON_OPERATIONS
    assert IntPredicate.sge.as_unsigned() is IntPredicate.uge and IntPredicate.ult.cpp == "<"


# ---------------------------------------------------------------- CSE / DCE

KERNEL = """
builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64}
  ascendc.host_tiling(n) {
  ^bb0(%n: i64, %core_num: ui32, %ub_size: ui32):
    %one = arith.constant 1 : i64
    %also_one = arith.constant 1 : i64
    ascendc.set_tiling n = %n : i64
    ascendc.set_tiling block_dim = %one : i64
    ascendc.set_output block_dim = %also_one : i64
    ascendc.set_output block_dim = %also_one : i64
  }
  ascendc.simd_vf @vf(x, n) {
  ^bb0(%x: !ascendc.ubptr<f32>, %n: i64):
    %zero = arith.constant 0 : i64
    %mask = ascendc.reg.update_mask<f32> %n
    %mask2 = ascendc.reg.update_mask<f32> %n
    %a = ascendc.reg.load %x[%zero] : !ascendc.ubptr<f32> -> !ascendc.reg<f32>
    %r = ascendc.reg.add %a, %a, %mask : !ascendc.reg<f32>
    %r2 = ascendc.reg.add %a, %a, %mask2 : !ascendc.reg<f32>
    %unused = ascendc.reg.exp %a, %mask : !ascendc.reg<f32>
    ascendc.reg.store %x[%zero], %r, %mask : !ascendc.ubptr<f32>, !ascendc.reg<f32>
    ascendc.reg.store %x[%zero], %r2, %mask2 : !ascendc.ubptr<f32>, !ascendc.reg<f32>
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %n = ascendc.tiling_get %t[n] : i64
    %n2 = ascendc.tiling_get %t[n] : i64
    %b = ascendc.block_idx
    %b2 = ascendc.block_idx
    %off = arith.muli %b, %n : i64
    %off2 = arith.muli %b2, %n2 : i64
    %dead = arith.addi %off, %off2 : i64
    %xg = ascendc.global_tensor %x + %off, %n : !ascendc.global<f32>
    %xg2 = ascendc.global_tensor %x + %off2, %n2 : !ascendc.global<f32>
    %bytes = arith.constant 1024 : i64
    %bytes2 = arith.constant 1024 : i64
    %buf = ascendc.tbuf %bytes : !ascendc.tbuf<VECCALC>
    %spare = ascendc.tbuf %bytes2 : !ascendc.tbuf<VECCALC>
    %q = ascendc.que 2, %bytes : !ascendc.que<VECIN, 2>
    %c = arith.constant 64 : i64
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %l = ascendc.tbuf_get %buf, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %l2 = ascendc.tbuf_get %buf, %c, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %qa = ascendc.alloc %q : !ascendc.que<VECIN, 2> -> !ascendc.local<f32>
    %qb = ascendc.alloc %q : !ascendc.que<VECIN, 2> -> !ascendc.local<f32>
    ascendc.data_copy_pad %l, %xg, {%one, %c, %zero, %zero} : !ascendc.local<f32>, !ascendc.global<f32>
    ascendc.data_copy_pad %l2, %xg2, {%one, %c, %zero, %zero} : !ascendc.local<f32>, !ascendc.global<f32>
    ascendc.sync<MTE2_V>
    ascendc.sync<MTE2_V>
    %v = ascendc.get_value %l[%zero] : !ascendc.local<f32> -> f32
    %v2 = ascendc.get_value %l2[%zero] : !ascendc.local<f32> -> f32
    %unread = ascendc.get_value %l[%one] : !ascendc.local<f32> -> f32
    ascendc.adds %l, %l, %v, %c : !ascendc.local<f32>, f32
    ascendc.adds %l2, %l2, %v2, %c : !ascendc.local<f32>, f32
    %v3 = ascendc.get_value %l[%zero] : !ascendc.local<f32> -> f32
    ascendc.set_value %l[%one], %v3 : !ascendc.local<f32>, f32
    ascendc.pipe_barrier<PIPE_V>
    %p = ascendc.phy_addr %l : !ascendc.local<f32> -> !ascendc.ubptr<f32>
    %p2 = ascendc.phy_addr %l2 : !ascendc.local<f32> -> !ascendc.ubptr<f32>
    ascendc.vf_call @vf(%p, %n) : !ascendc.ubptr<f32>, i64
    ascendc.vf_call @vf(%p2, %n2) : !ascendc.ubptr<f32>, i64
    ascendc.enque %q, %qa : !ascendc.que<VECIN, 2>, !ascendc.local<f32>
    %d = ascendc.deque %q : !ascendc.que<VECIN, 2> -> !ascendc.local<f32>
    %d2 = ascendc.deque %q : !ascendc.que<VECIN, 2> -> !ascendc.local<f32>
    ascendc.free %q, %d : !ascendc.que<VECIN, 2>, !ascendc.local<f32>
    ascendc.data_copy_pad %xg, %l, {%one, %c, %zero, %zero} : !ascendc.global<f32>, !ascendc.local<f32>
  }
}
"""


def _count(module: ModuleOp) -> dict[str, int]:
    counts: dict[str, int] = {}
    for op in module.walk():
        counts[op.name] = counts.get(op.name, 0) + 1
    return counts


def test_cse_and_dce_keep_memory_ops_and_drop_duplicated_pure_computation() -> None:
    module = parse(KERNEL)
    before = _count(module)
    CommonSubexpressionElimination().apply(make_context(), module)
    DeadCodeElimination().apply(make_context(), module)
    module.verify()
    after = _count(module)
    memory = [
        "ascendc.tbuf",  # two allocations of the same size stay two buffers
        "ascendc.que",
        "ascendc.alloc",
        "ascendc.data_copy_pad",
        "ascendc.sync",
        "ascendc.adds",
        "ascendc.set_value",
        "ascendc.pipe_barrier",
        "ascendc.vf_call",
        "ascendc.enque",
        "ascendc.deque",
        "ascendc.free",
        "ascendc.reg.load",
        "ascendc.reg.store",
        "ascendc.set_tiling",
        "ascendc.set_output",
    ]
    assert {k: after[k] for k in memory} == {k: before[k] for k in memory}
    # duplicated pure computation is computed once; what nobody uses is gone
    merged = {
        "ascendc.tiling_get": 1,
        "ascendc.block_idx": 1,
        "arith.muli": 1,
        "arith.addi": 0,
        "ascendc.global_tensor": 1,
        "ascendc.tbuf_get": 1,
        "ascendc.phy_addr": 1,
        "ascendc.reg.update_mask": 1,
        "ascendc.reg.add": 1,
        "ascendc.reg.exp": 0,
        "arith.constant": 6,
    }
    assert {k: after.get(k, 0) for k in merged} == merged
    # reads: the unused one is dead, a read repeated with no write between is one read,
    # the read after the vector op wrote the tensor stays
    assert before["ascendc.get_value"] == 4 and after["ascendc.get_value"] == 2
    emit_files(module)  # still a printable kernel


def test_every_op_says_its_effects() -> None:
    """Each op has memory-effect traits except the declarations and functions (which DCE
    keeps: no effect trait means unknown effects; symbols are never dead)."""
    from xdsl.traits import MemoryEffect

    structural = {"ascendc.tiling_struct", "ascendc.launch_signature", "ascendc.host_tiling"}
    for op in ASCENDC.operations:
        has = any(isinstance(t, MemoryEffect) for t in op.traits)
        symbol = op.has_trait(SymbolOpInterface)  # type: ignore[arg-type]
        assert has != (op.name in structural or symbol), op.name


def test_effects_of_the_op_families() -> None:
    from xdsl.traits import MemoryEffectKind, get_effects, is_side_effect_free

    module = parse(without_comments(ALL_OPS.read_text()))
    seen: dict[str, object] = {}
    for op in module.walk():
        seen.setdefault(op.name, op)

    def kinds(name: str) -> set[MemoryEffectKind]:
        effects = get_effects(seen[name])  # type: ignore[arg-type]
        assert effects is not None, name
        return {e.kind for e in effects}

    for pure in ("ascendc.tiling_get", "ascendc.lslice", "ascendc.reg.add", "ascendc.reg.cast", "ascendc.simt.thread_idx"):
        assert is_side_effect_free(seen[pure]), pure  # type: ignore[arg-type]
    for name in ("ascendc.add", "ascendc.compare", "ascendc.data_copy_pad", "ascendc.data_copy", "ascendc.sync"):
        assert kinds(name) == {MemoryEffectKind.READ, MemoryEffectKind.WRITE}, name
    assert kinds("ascendc.duplicate") == {MemoryEffectKind.WRITE}
    assert kinds("ascendc.get_value") == kinds("ascendc.reg.load") == {MemoryEffectKind.READ}
    assert kinds("ascendc.que") == kinds("ascendc.alloc") == {MemoryEffectKind.ALLOC}
    assert kinds("ascendc.free") == {MemoryEffectKind.FREE}
    assert kinds("ascendc.key_switch") == {  # its cases'
        MemoryEffectKind.READ,
        MemoryEffectKind.WRITE,
        MemoryEffectKind.FREE,
    }
    for kept in ("ascendc.fail_if", "ascendc.set_tiling", "ascendc.set_output", "ascendc.simt.check_index"):
        assert MemoryEffectKind.WRITE in kinds(kept), kept


# ------------------------------------------------------------- symbol table


def test_calls_resolve_through_the_symbol_table() -> None:
    module = parse(without_comments(ALL_OPS.read_text()))
    call = next(op for op in module.walk() if isinstance(op, ac.VfCallOp))
    assert ac.lookup(call, "vf") is next(op for op in module.ops if isinstance(op, ac.SimdVfOp))
    assert ac.find_function(call, "gather", ac.SimdVfOp) is None  # a simt_vf, not a simd_vf
    call.properties["callee"] = type(call.callee)("gather")
    with pytest.raises(VerifyException, match=r"no ascendc.simd_vf named @gather \(@gather is an ascendc.simt_vf\)"):
        call.verify()
    with pytest.raises(EmitError, match=r"no ascendc.simd_vf named @gather"):
        emit_files(module)


# ------------------------------------------------------------------ unsigned

UNSIGNED_HOST = """
builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, lt_u : i64, lt_s : i64, ge_u : i64, le_i8u : i64,
      div_u : i64, rem_u : i64, min_u : i64, max_u : i64, ceil_u : i64, ext_u : i64, ext_s : i64, to_f : f32,
      from_f : i64, small : i64, core_lt : i64, core_ge : i64}
  ascendc.host_tiling(n) {
  ^bb0(%n: i64, %core_num: ui32, %ub_size: ui32):
    %five = arith.constant 5 : i64
    %three = arith.constant 3 : i64
    %a = arith.cmpi ult, %n, %five : i64
    ascendc.set_tiling lt_u = %a : i1
    %b = arith.cmpi slt, %n, %five : i64
    ascendc.set_tiling lt_s = %b : i1
    %c = arith.cmpi uge, %n, %five : i64
    ascendc.set_tiling ge_u = %c : i1
    %n8 = arith.trunci %n : i64 to i8
    %m8 = arith.constant 100 : i8
    %d = arith.cmpi ule, %n8, %m8 : i8
    ascendc.set_tiling le_i8u = %d : i1
    %e = arith.divui %n, %three : i64
    ascendc.set_tiling div_u = %e : i64
    %f = arith.remui %n, %three : i64
    ascendc.set_tiling rem_u = %f : i64
    %g = arith.minui %n, %five : i64
    ascendc.set_tiling min_u = %g : i64
    %h = arith.maxui %n, %five : i64
    ascendc.set_tiling max_u = %h : i64
    %two62 = arith.constant 4611686018427387904 : i64
    %i = arith.ceildivui %n, %two62 : i64
    ascendc.set_tiling ceil_u = %i : i64
    %n32 = arith.trunci %n : i64 to i32
    %j = arith.extui %n32 : i32 to i64
    ascendc.set_tiling ext_u = %j : i64
    %k = arith.extsi %n32 : i32 to i64
    ascendc.set_tiling ext_s = %k : i64
    %l = arith.uitofp %n : i64 to f32
    ascendc.set_tiling to_f = %l : f32
    %huge = arith.constant 1.5e+19 : f32
    %m = arith.fptoui %huge : f32 to i64
    ascendc.set_tiling from_f = %m : i64
    %small = arith.constant -9223372036854775808 : i64
    ascendc.set_tiling small = %small : i64
    %o = arith.cmpi ult, %core_num, %ub_size : ui32
    ascendc.set_tiling core_lt = %o : i1
    %p = arith.cmpi sge, %core_num, %ub_size : ui32
    ascendc.set_tiling core_ge = %p : i1
    ascendc.set_tiling block_dim = %five : i64
    ascendc.set_output block_dim = %five : i64
    ascendc.set_output workspace_size = %three : i64
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  }
}
"""

FIELDS = [
    "lt_u", "lt_s", "ge_u", "le_i8u", "div_u", "rem_u", "min_u", "max_u", "ceil_u", "ext_u", "ext_s",
    "to_f", "from_f", "small", "core_lt", "core_ge",
]  # fmt: skip


def _expected(n: int) -> dict[str, float]:
    u = n % 2**64
    u8, u32 = n % 2**8, n % 2**32
    s32 = u32 - 2**32 if u32 >= 2**31 else u32
    return {
        "lt_u": int(u < 5),
        "lt_s": int(n < 5),
        "ge_u": int(u >= 5),
        "le_i8u": int(u8 <= 100),
        "div_u": u // 3,
        "rem_u": u % 3,
        "min_u": min(u, 5),
        "max_u": max(u, 5),
        "ceil_u": -(-u // 2**62),
        "ext_u": u32,
        "ext_s": s32,
        "to_f": float(u),
        "from_f": int(np.float32(1.5e19)),
        "small": -(2**63),
        "core_lt": 0,  # core_num 2**32 - 1 < ub_size 5: false for uint32_t
        "core_ge": 1,  # a signed predicate on values typed ui32 compares them as uint32_t
    }


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
def test_unsigned_ops_compile_to_unsigned_cpp(tmp_path: Path) -> None:
    """Host tiling with the unsigned arith ops, compiled with g++ and run on values whose
    signed and unsigned readings differ (sizes above 2**63 seen as uint64, core_num
    2**32 - 1)."""
    sources = emit_files(parse(UNSIGNED_HOST))
    host = sources.host_impl_cpp
    assert "static_cast<uint64_t>(n) < static_cast<uint64_t>(int64_t(5))" in host
    assert "int64_t(-9223372036854775807LL - 1)" in host
    (tmp_path / "tiling.h").write_text(sources.tiling_h)
    (tmp_path / "host_impl.cpp").write_text(host)
    prints = []
    for f in FIELDS:
        cast = "(double)" if f == "to_f" else "(unsigned long long)"
        fmt = "%.1f" if f == "to_f" else "%llu"
        prints.append(f'    std::printf("{f}={fmt}\\n", {cast}t.{f});')
    (tmp_path / "main.cpp").write_text(
        "#include <cstdio>\n#include <cstdlib>\n#include \"tiling.h\"\n"
        'extern "C" int64_t AutofuseTiling(int64_t, AutofuseTilingData*, uint32_t*, uint32_t*, uint32_t, uint32_t);\n'
        "int main(int argc, char** argv) {\n"
        "    AutofuseTilingData t{};\n    uint32_t ws = 0, bd = 0;\n"
        "    const int64_t n = (int64_t)std::strtoull(argv[1], nullptr, 10);\n"
        "    if (AutofuseTiling(n, &t, &ws, &bd, 4294967295u, 5) != 0) return 3;\n" + "\n".join(prints) + "\n    return 0;\n}\n"
    )
    exe = tmp_path / "host"
    subprocess.run(
        ["g++", "-std=c++17", "-O1", "-Wall", "-Werror", "-Wno-unused-variable", f"-I{EMITTER_INCLUDE}", f"-I{tmp_path}",
         str(tmp_path / "host_impl.cpp"), str(tmp_path / "main.cpp"), "-o", str(exe)],
        check=True, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    for n in (7, 3, -1, -(2**63), 2**63 - 1, -3):
        out = subprocess.run([str(exe), str(n % 2**64)], check=True, capture_output=True, text=True).stdout
        got = dict(line.split("=") for line in out.split())
        want = _expected(n)
        for f in FIELDS:
            value = float(got[f]) if f == "to_f" else int(got[f])
            expected = want[f] if f == "to_f" else want[f] % 2**64
            assert value == expected, (n, f, got[f], want[f])


def _lowered(graph, vf: bool, template: str | None = None):
    """The autofuse pipeline's kernel module of ``graph`` (named ``k``)."""
    from xdsl.dialects.builtin import ModuleOp

    return run_autofuse(ModuleOp([graph.clone()]), CompileOptions(vf=vf, template=template or "", kernel="k"))
