"""The target description (``ascendc_emitter.target``): its tables agree with each other, with
the devkit docs they cite, and with the ``ascendc`` dialect."""

from __future__ import annotations

import os
import re
import subprocess
from functools import cache
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from xdsl.dialects import arith

from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.target.ops import (
    OPS,
    REDUCTIONS,
    ScalarForm,
    op_entry,
    reduction_identity,
    register_apis,
    scalar_predicate,
)
from ascendc_emitter.target.support import (
    ELEMENT_TYPES,
    MEMORY_APIS,
    MEMORY_CASTS,
    REG_CASTS,
    REGISTER_APIS,
    memory_api_supports,
    reg_api_supports,
    reg_cast_supported,
)
from ascendc_emitter.target.types import element_name
from ascir_dialect import dtypes as dt
from ascir_dialect.dtypes import DType
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.node import AscirNode
from ascir_dialect.ops.reduce import MaxOp, MinOp, ProdOp, SumOp

from ..conftest import parse_ir

MIRROR = Path("/work/.mirror/mirror-cann+asc-devkit/repo")
EXTRACTED = Path("/tmp/devkit")


@cache
def devkit_file(path: str) -> str | None:
    """A file of the asc-devkit repository: from ``$ASC_DEVKIT`` (a checkout), the docs
    extracted under /tmp/devkit, or the git mirror; None when none is available."""
    for root in filter(None, (os.environ.get("ASC_DEVKIT"), str(EXTRACTED))):
        if (Path(root) / path).is_file():
            return (Path(root) / path).read_text(encoding="utf-8")
    if MIRROR.is_dir():
        done = subprocess.run(
            ["git", f"--git-dir={MIRROR}", "show", f"HEAD:{path}"], capture_output=True, check=False
        )
        if done.returncode == 0:
            return done.stdout.decode("utf-8")
    return None


def _devkit_or_skip(path: str) -> str:
    text = devkit_file(path)
    if text is None:
        if devkit_file(MEMORY_APIS["Add"].doc) is None:
            pytest.skip("the asc-devkit sources are not available here")
        pytest.fail(f"cited file {path} is not in the asc-devkit")
    return text


_TYPE = re.compile(r"(?<![A-Za-z0-9_])(u?int(?:8|16|32|64)_t|half|bfloat16_t|float)(?![A-Za-z0-9_])")


def documented_types(doc: str, memory_level: bool) -> set[str]:
    """The ASCIR element types a doc page's "数据类型" section lists -- for a memory-level API
    its Ascend 950 block when the section has per-product blocks."""
    section: list[str] = []
    inside = False
    for line in doc.replace("\\_", "_").splitlines():
        if line.startswith("## "):
            inside = line.startswith("## 数据类型")
        elif inside:
            section.append(line)
    lines = section
    if memory_level and any("npu=" in line for line in section):
        lines, in_950 = [], False
        for line in section:
            if m := re.search(r'<!-- npu="([^"]*)"', line):
                in_950 = "950" in m.group(1).split(",")
            elif "<!-- end" in line:
                in_950 = False
            elif in_950:
                lines.append(line)
    return {t for line in lines for t in _TYPE.findall(line)}


# ------------------------------------------------------------- the doc tables


@pytest.mark.parametrize("api", sorted(MEMORY_APIS))
def test_memory_rows_are_the_documented_950_types(api: str) -> None:
    row = MEMORY_APIS[api]
    assert documented_types(_devkit_or_skip(row.doc), memory_level=True) == row.types


@pytest.mark.parametrize("api", sorted(REGISTER_APIS))
def test_register_rows_are_the_documented_types(api: str) -> None:
    row = REGISTER_APIS[api]
    assert documented_types(_devkit_or_skip(row.doc), memory_level=False) == row.types


@pytest.mark.parametrize("row", [*MEMORY_APIS.values(), *REGISTER_APIS.values()], ids=lambda r: r.api)
def test_cited_headers_assert_support_types(row: object) -> None:
    """The cited ``dav_3510`` implementation exists and checks its element types
    (``SupportType<T, ...>`` or, for Gather, ``SupportBytes<T, ...>``)."""
    header = _devkit_or_skip(row.header)  # type: ignore[attr-defined]
    assert re.search(r"static_assert\(\s*\(?\s*Support(Type|Bytes)<", header)


def test_the_tables_named_in_the_brief() -> None:
    """Div has no bfloat16; Relu half/int32/float/int64; Exp and Sqrt half/float; ReduceSum
    half/float/int32/uint32/int64/uint64; ReduceMax/Min without 8-bit types and bfloat16."""
    assert not memory_api_supports("Div", "bfloat16_t") and not reg_api_supports("Div", "bfloat16_t")
    assert MEMORY_APIS["Relu"].types == {"half", "int32_t", "float", "int64_t"}
    assert MEMORY_APIS["Exp"].types == MEMORY_APIS["Sqrt"].types == {"half", "float"}
    assert MEMORY_APIS["ReduceSum"].types == {"half", "float", "int32_t", "uint32_t", "int64_t", "uint64_t"}
    for api in ("ReduceMax", "ReduceMin"):
        assert MEMORY_APIS[api].types == {
            "int16_t",
            "uint16_t",
            "half",
            "int32_t",
            "uint32_t",
            "float",
            "int64_t",
            "uint64_t",
        }
    assert not memory_api_supports("NoSuchApi", "float") and not reg_api_supports("NoSuchApi", "float")


def test_cast_tables() -> None:
    assert reg_cast_supported("half", "float") and reg_cast_supported("float", "float")
    assert not reg_cast_supported("int8_t", "float")  # int8 -> half -> float at register level
    assert set(MEMORY_CASTS) == set(REG_CASTS)
    for src, dsts in REG_CASTS.items():
        assert dsts <= MEMORY_CASTS[src] and {src, *dsts} <= set(ELEMENT_TYPES)
    assert MEMORY_CASTS["int32_t"] - REG_CASTS["int32_t"] == {"uint16_t"}


# ------------------------------------------------------ the op table and dialect


def test_every_api_of_the_op_table_has_a_support_row() -> None:
    for entry in OPS.values():
        for api in (entry.memory, entry.memory_scalar):
            if api is not None and api is not ac.CastOp:
                assert api.API in MEMORY_APIS, (entry.op.name, api.API)
        for api in (entry.register, entry.register_scalar):
            if api is not None and api is not ac.RegCastOp:
                assert api.API in REGISTER_APIS, (entry.op.name, api.API)
    for r in REDUCTIONS.values():
        # Prod has no basic-API ReduceX: its lanes are folded by Mul steps (memory None)
        assert (r.memory is None) == (r.register is None) == (r.op is ProdOp), r.op.name
        if r.memory is not None:
            assert r.memory.API in MEMORY_APIS and r.register in REGISTER_APIS
        assert r.combine_entry.memory is not None and r.combine_entry.scalar is not None


def test_every_elementwise_op_has_an_entry() -> None:
    nodes = {
        v
        for v in vars(ew).values()
        if isinstance(v, type) and issubclass(v, AscirNode) and getattr(v, "name", "").startswith("ascir.")
    }
    assert nodes <= set(OPS)


def test_nan_dropping_apis() -> None:
    """maxNum semantics (runtime/sim vector.h): Max/Min/Relu and their scalar forms."""
    assert {op for op, e in OPS.items() if e.drops_nan} == {ew.MaximumOp, ew.MinimumOp, ew.ReluOp}
    assert REDUCTIONS[MaxOp].combine_entry.drops_nan and not REDUCTIONS[SumOp].combine_entry.drops_nan


def test_scalar_forms() -> None:
    relu = OPS[ew.ReluOp].scalar
    assert relu == ScalarForm(arith.MaximumfOp, arith.MaxSIOp, None, zero=1)
    assert relu.op_for(DType.float16) is arith.MaximumfOp and relu.op_for(DType.int32) is arith.MaxSIOp
    assert OPS[ew.MinimumOp].scalar.op_for(DType.uint16) is arith.MinUIOp  # type: ignore[union-attr]
    assert OPS[ew.FloorDivOp].scalar.op_for(DType.float32) is None  # type: ignore[union-attr]
    assert OPS[ew.ExpOp].scalar is None and OPS[ew.NegOp].scalar.zero == 0  # type: ignore[union-attr]
    assert op_entry(ew.AddOp) is OPS[ew.AddOp] and op_entry(SumOp) is None


@pytest.mark.parametrize(
    ("mode", "dtype", "predicate"),
    [
        ("LT", DType.float32, "olt"),
        ("NE", DType.float16, "une"),
        ("EQ", DType.bfloat16, "oeq"),
        ("GE", DType.int32, "sge"),
        ("GT", DType.uint8, "ugt"),
        ("NE", DType.int64, "ne"),
        ("LE", DType.bool, "ule"),
    ],
)
def test_scalar_compare_predicates(mode: str, dtype: DType, predicate: str) -> None:
    assert scalar_predicate(mode, dtype) == predicate


@pytest.mark.parametrize("dtype", sorted(dt.NUMERIC, key=lambda d: d.value), ids=lambda d: d.value)
def test_reduction_identities_are_neutral(dtype: DType) -> None:
    """combine(identity, x) == x for every x of the dtype (its extremes included), read back
    from the constant's two's-complement bits as the kernel stores them."""
    info = ml_dtypes.finfo(dtype.numpy) if dtype.is_float else np.iinfo(dtype.numpy)
    values = np.array([info.min, info.max, 0, 1], dtype.numpy)
    for kind, fn in ((SumOp, np.add), (MaxOp, np.maximum), (MinOp, np.minimum)):
        raw = reduction_identity(kind, dtype)
        if dtype.is_float:
            identity = np.asarray(raw, dtype.numpy)
        else:
            identity = np.asarray(raw & ((1 << (8 * dtype.nbytes)) - 1)).astype(np.uint64).astype(dtype.numpy)
            assert -(2**63) <= raw < 2**64  # an arith constant of the signless type
        np.testing.assert_array_equal(fn(identity, values), values)
    assert reduction_identity(MinOp, DType.uint64) == -1  # signless bits of 2**64 - 1


def test_register_apis_follow_the_table() -> None:
    module = parse_ir(
        """ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int8, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int8, [z0], [s0], [1]>
  %c = ascir.scalar {value = "2"} : !ascir.scalar<int8>
  %a = ascir.add %c, %l : !ascir.tensor<int8, [z0], [s0], [1]>
  %n = ascir.neg %a : !ascir.tensor<int8, [z0], [s0], [1]>
  %m = ascir.mul %n, %l : !ascir.tensor<int8, [z0], [s0], [1]>
  %lt = ascir.lt %m, %c : !ascir.tensor<bool, [z0], [s0], [1]>
  %s = ascir.store %lt : !ascir.tensor<bool, [z0], [s0], [1]>
  %y = ascir.output %s {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
}
"""
    )
    nodes = {n.node_name: n for n in module.body.block.first_op.nodes()}  # type: ignore[union-attr]
    assert register_apis(nodes["a"]) == [("Adds", DType.int8)]
    assert register_apis(nodes["n"]) == [("Muls", DType.int8)]
    assert register_apis(nodes["m"]) == [("Mul", DType.int8)]
    assert register_apis(nodes["lt"]) == [("Compares", DType.int8)]
    assert register_apis(nodes["l"]) == []
    # what VF admission concludes from them (seed 000 FR10)
    assert [reg_api_supports(api, element_name(d)) for api, d in register_apis(nodes["m"])] == [False]
    assert reg_api_supports("Adds", element_name(DType.int8))
