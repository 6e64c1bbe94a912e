"""The memory-level dtype tables of the 950 in the lowerings (``target.support.MEMORY_APIS``).

Where an API lacks float16/bfloat16 but takes float (Div, Relu, Exp, Sqrt, Abs of
bfloat16; ReduceMax/ReduceMin of bfloat16) the lowerings compute in float32 and round once,
as torch does for reduced-precision floats; a tensor-scalar API without the dtype
(``Adds``/``Maxs``/``Muls`` of uint16/uint32) gives way to the tensor form; an integer
dtype no form of the API takes fails closed with a diagnostic naming the node, the API
and the doc. Results are compared with the reference interpreter (both the VF and the
root-graph path, ``run_case``) and the emitted calls are checked in the kernel text.
"""

from __future__ import annotations

import numpy as np
import pytest

from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.target.ops import memory_dtype
from ascir_dialect.dtypes import DType
from passes.diagnostics import PassError
from tools.compile import compile_graph

from ..conftest import parse_ir, tensor
from .test_e2e import elementwise_chain, graph, random_input, run_case

SIZES = {"s0": 700}


@pytest.mark.parametrize("ops", [["relu"], ["abs", "sqrt"], ["exp"], ["div"], ["maximum", "relu"]])
def test_bfloat16_ops_without_a_bfloat16_api_compute_in_float32(ops: list[str]) -> None:
    ir, _ = elementwise_chain("bfloat16", 1, ops)
    x, y = random_input("bfloat16", (700,)), random_input("bfloat16", (700,))
    run_case(ir, [x, y], SIZES, f"bf16_{'_'.join(ops)}")
    root = compile_graph(parse_ir(ir), vf=False).sources.device_impl_cpp
    for op in ops:
        api = {"div": "Div", "relu": "Relu", "abs": "Abs", "sqrt": "Sqrt", "exp": "Exp", "maximum": "Max"}[op]
        calls = [line for line in root.splitlines() if f"AscendC::{api}(" in line]
        assert calls, api
        if memory_dtype(getattr(ac, f"{api}Op"), DType.bfloat16) is DType.float32:
            assert all("wide0" in line for line in calls), calls  # on the float32 temporaries
        else:
            assert not any("wide0" in line for line in calls), calls


@pytest.mark.parametrize("op", ["reduce_max", "reduce_min"])
def test_bfloat16_max_and_min_reductions_accumulate_in_float32(op: str) -> None:
    t = tensor("bfloat16", ["z0", "z1"], ["s0", "s1"])
    red = "!ascir.tensor<bfloat16, [z0, z1], [s0, 1], [1, 0]>"
    ir = graph(
        ["s0", "s1"],
        [("z0", "s0"), ("z1", "s1")],
        f"""%x = ascir.data {{index = 0 : i64}} : {t}
%l = ascir.load %x : {t}
%r = ascir.{op} %l : {red}
%st = ascir.store %r : {red}
%y = ascir.output %st {{index = 0 : i64}} : {red}""",
    )
    x = random_input("bfloat16", (5, 300))
    x[1, 17] = np.nan
    (out,) = run_case(ir, [x], {"s0": 5, "s1": 300}, f"bf16_{op}", vf=False)  # no VF candidate
    assert np.isnan(out[1, 0]) and not np.isnan(out[[0, 2, 3, 4], 0]).any()
    device = compile_graph(parse_ir(ir)).sources.device_impl_cpp
    api = "ReduceMax" if op == "reduce_max" else "ReduceMin"
    assert all("LocalTensor<bfloat16_t>" not in line for line in device.splitlines() if f"{api}(" in line)
    assert "AscendC::LocalTensor<float>" in device


def test_a_scalar_api_without_the_dtype_uses_the_tensor_form() -> None:
    """``Adds`` has no uint16_t on the 950: the scalar is duplicated and ``Add`` runs."""
    t = tensor("uint16", ["z0"], ["s0"])
    ir = graph(
        ["s0"],
        [("z0", "s0")],
        f"""%x = ascir.data {{index = 0 : i64}} : {t}
%l = ascir.load %x : {t}
%c = ascir.scalar {{value = "7"}} : !ascir.scalar<uint16>
%a = ascir.add %l, %c : {t}
%st = ascir.store %a : {t}
%y = ascir.output %st {{index = 0 : i64}} : {t}""",
    )
    run_case(ir, [random_input("uint16", (700,))], SIZES, "u16_adds", vf=False)
    device = compile_graph(parse_ir(ir), vf=False).sources.device_impl_cpp
    assert "AscendC::Adds(" not in device and "AscendC::Add(" in device


@pytest.mark.parametrize(
    ("dtype", "ops", "api"),
    [
        ("int8", ["relu"], "Relu"),
        ("int8", ["mul"], "Mul"),
        ("int8", ["neg"], "Muls"),
        ("int16", ["relu"], "Relu"),
    ],
)
def test_an_integer_dtype_the_api_lacks_fails_closed(dtype: str, ops: list[str], api: str) -> None:
    ir, _ = elementwise_chain(dtype, 1, ops)
    for vf in (True, False):  # VF admission rejects it too (register table): same diagnostic
        with pytest.raises(
            PassError, match=rf"AscendC::{api} has no {dtype}_t variant on Ascend 950 \(docs/"
        ):
            compile_graph(parse_ir(ir), vf=vf)


def test_an_integer_reduction_the_api_lacks_fails_closed() -> None:
    t = tensor("int16", ["z0"], ["s0"])
    red = "!ascir.tensor<int16, [z0], [1], [0]>"
    ir = graph(
        ["s0"],
        [("z0", "s0")],
        f"""%x = ascir.data {{index = 0 : i64}} : {t}
%l = ascir.load %x : {t}
%r = ascir.reduce_sum %l : {red}
%st = ascir.store %r : {red}
%y = ascir.output %st {{index = 0 : i64}} : {red}""",
    )
    with pytest.raises(PassError, match=r"ascir.reduce_sum %r: AscendC::ReduceSum has no int16_t variant"):
        compile_graph(parse_ir(ir))
