"""The 950's parameter rules (``target.api_rules``) as the simulator enforces them: one
hand-written kernel breaks each rule in turn and the refusal names the rule and its source;
the compile-time rules (the device's static_asserts) stop the build; the legal in-place and
overlapping forms compute the device's numbers; the table of docs/simulator.md is the rules' table.

DS: the generated-code contract (``DESIGN.md``, "the simulator is at least as strict as the
device"); issue 34."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from ascendc_emitter.target.api_rules import RULES, Where, markdown_table, rule
from runtime import KernelBuildError, SimulatorError
from test.handwritten import build

ROOT = Path(__file__).resolve().parents[2]

# x: 64 halves in, y: 64 floats out. Mode 0 breaks no rule: y = float(x), computed through a
# float -> half -> float Cast in place (narrowing in place is legal and must be exact).
DEVICE = """\
#include "kernel_operator.h"
#include "tiling.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void sim_rules_kernel(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                   AutofuseTilingData tiling) {
    const int64_t n = tiling.n;
    GlobalTensor<half> xGm;
    GlobalTensor<float> yGm;
    GlobalTensor<int64_t> xWide;
    xGm.SetGlobalBuffer((__gm__ half*)x, n);
    yGm.SetGlobalBuffer((__gm__ float*)y, n);
    xWide.SetGlobalBuffer((__gm__ int64_t*)x, n / 4);
    TPipe pipe;
    TBuf<TPosition::VECCALC> hb, fb, wb, ob;
    TQue<TPosition::VECIN, 1> que;
    TQue<TPosition::A1, 1> l1;
    pipe.InitBuffer(hb, uint32_t(n * sizeof(half)));
    pipe.InitBuffer(fb, uint32_t(2 * n * sizeof(float)));
    pipe.InitBuffer(wb, 32);
    pipe.InitBuffer(ob, uint32_t(n * sizeof(uint32_t)));
    pipe.InitBuffer(que, 2, 256);
    pipe.InitBuffer(l1, 1, 256);
    LocalTensor<half> h = hb.Get<half>();
    LocalTensor<float> f = fb.Get<float>();
    DataCopyExtParams in{1, uint32_t(n * sizeof(half)), 0, 0, 0};
    DataCopyPadExtParams<half> pad{false, 0, 0, half(0.0f)};
    DataCopyPad(h, xGm, in, pad);
    SetFlag<HardEvent::MTE2_V>(0);
    WaitFlag<HardEvent::MTE2_V>(0);
    switch (tiling.mode) {
        case 1: {  // tque-depth: two EnQues on a depth-1 queue
            LocalTensor<float> a = que.AllocTensor<float>();
            LocalTensor<float> b = que.AllocTensor<float>();
            que.EnQue(a);
            que.EnQue(b);
            break;
        }
        case 2:  // tque-deque-empty
            que.DeQue<float>();
            break;
        case 3: {  // tque-alloc-full: the A1 queue has one buffer
            l1.AllocTensor<float>();
            l1.AllocTensor<float>();
            break;
        }
        case 4: {  // tque-free-state
            LocalTensor<float> a = que.AllocTensor<float>();
            que.FreeTensor(a);
            que.FreeTensor(a);
            break;
        }
        case 5:  // tbuf-get: 3 halves are 6 bytes
            hb.Get<half>(3);
            break;
        case 6:  // tbuf-offset: a 16-byte offset
            fb.GetWithOffset<float>(8, 16);
            break;
        case 7: {  // vector-position: a vector op writing an L1 (A1) tensor
            LocalTensor<float> l = l1.AllocTensor<float>();
            Adds(l, f, 1.0f, 64);
            break;
        }
        case 8:  // vector-align: a slice 2 bytes into UB
            Add(h[1], h[1], h[1], 16);
            break;
        case 9: {  // copy-position: a GM copy into L1
            LocalTensor<half> l = l1.AllocTensor<half>();
            DataCopyPad(l, xGm, in, pad);
            break;
        }
        case 10: {  // copy-pad-side: 20 halves (40 bytes) of left padding
            DataCopyExtParams one{1, 16, 0, 0, 0};
            DataCopyPadExtParams<half> wide{true, 20, 0, half(0.0f)};
            DataCopyPad(h, xGm, one, wide);
            break;
        }
        case 11: {  // copy-pad-b64: a non-zero padding value for int64_t
            LocalTensor<int64_t> w = fb.Get<int64_t>();
            DataCopyExtParams one{1, 8, 0, 0, 0};
            DataCopyPadExtParams<int64_t> p{true, 0, 1, int64_t(5)};
            DataCopyPad(w, xWide, one, p);
            break;
        }
        case 12:  // copy-count-align: 8 halves are 16 bytes
            DataCopy(h, xGm, 8);
            break;
        case 13: {  // copy-block-align: 3 bytes of halves
            DataCopyExtParams odd{1, 3, 0, 0, 0};
            DataCopyPad(h, xGm, odd, pad);
            break;
        }
        case 14: {  // compare-count: 32 floats are 128 bytes
            LocalTensor<uint8_t> bits = ob.Get<uint8_t>();
            Cast(f, h, RoundMode::CAST_NONE, uint32_t(n));
            Compare(bits, f, f, CMPMODE::EQ, 32);
            break;
        }
        case 15: {  // reducesum-work: 32 floats need a 32-byte work tensor, this one has 16 bytes
            LocalTensor<float> w = wb.Get<float>();
            w.SetSize(4);
            Cast(f, h, RoundMode::CAST_NONE, uint32_t(n));
            ReduceSum(f[64], f, w, 32);
            break;
        }
        case 16:  // reduce-count: count 0
            ReduceMax(f[64], f, f[64], 0);
            break;
        case 17: {  // gather-aliasing: src and dst are the same tensor
            LocalTensor<uint32_t> off = ob.Get<uint32_t>();
            Duplicate(off, uint32_t(0), int32_t(n));
            Gather(f, f, off, 0, 64);
            break;
        }
        case 18: {  // gather-base: srcBaseOffset 6 is not a multiple of 4
            LocalTensor<uint32_t> off = ob.Get<uint32_t>();
            Duplicate(off, uint32_t(0), int32_t(n));
            Gather(f, f[64], off, 6, 64);
            break;
        }
        case 19:  // overlap-partial: dst starts 8 floats into its source
            Cast(f, h, RoundMode::CAST_NONE, uint32_t(n));
            Add(f[8], f, f, 16);
            break;
        case 20: {  // overlap-undocumented: Compares writing over its source
            Cast(f, h, RoundMode::CAST_NONE, uint32_t(n));
            Compares(f.ReinterpretCast<uint8_t>(), f, 0.0f, CMPMODE::GT, 64);
            break;
        }
        case 21:  // cast-overlap: half -> float in place
            Cast(f, f.ReinterpretCast<half>(), RoundMode::CAST_NONE, 64);
            break;
        case 22:  // event-id: ids are 0..7
            SetFlag<HardEvent::V_MTE3>(8);
            break;
        case 23: {  // reduce-work: 128 floats are 2 repeats, the checker asks 4 work elements
            LocalTensor<float> w = wb.Get<float>();
            w.SetSize(2);
            Cast(f, h, RoundMode::CAST_NONE, uint32_t(n));
            LocalTensor<float> d = ob.Get<float>();
            ReduceMax(d, f, w, 64);  // one repeat: 2 elements are enough
            ReduceMax(d, f, w, 128);
            break;
        }
        case 24:  // tensor-bounds: 65 halves of a 64-half tensor
            Abs(h, h, 65);
            break;
        default:
            break;
    }
    // y = float(x) the long way: float -> half in place (legal: narrowing, same start) -> float.
    Cast(f, h, RoundMode::CAST_NONE, uint32_t(n));
    Cast(f.ReinterpretCast<half>(), f, RoundMode::CAST_RINT, uint32_t(n));
    Cast(f[n], f.ReinterpretCast<half>(), RoundMode::CAST_NONE, uint32_t(n));
    SetFlag<HardEvent::V_MTE3>(0);
    WaitFlag<HardEvent::V_MTE3>(0);
    DataCopyExtParams out{1, uint32_t(n * sizeof(float)), 0, 0, 0};
    DataCopyPad(yGm, f[n], out);
}
"""

FAULTS = {  # mode -> the rule the kernel breaks
    1: "tque-depth",
    2: "tque-deque-empty",
    3: "tque-alloc-full",
    4: "tque-free-state",
    5: "tbuf-get",
    6: "tbuf-offset",
    7: "vector-position",
    8: "vector-align",
    9: "copy-position",
    10: "copy-pad-side",
    11: "copy-pad-b64",
    12: "copy-count-align",
    13: "copy-block-align",
    14: "compare-count",
    15: "reducesum-work",
    16: "reduce-count",
    17: "gather-aliasing",
    18: "gather-base",
    19: "overlap-partial",
    20: "overlap-undocumented",
    21: "cast-overlap",
    22: "event-id",
    23: "reduce-work",
    24: "tensor-bounds",
}

# Each construct a 950 build refuses at compile time (a static_assert of the dav_3510 code);
# all in one translation unit: the compiler reports every one of them.
COMPILE_ERRORS = {
    "compare-dst-type": "LocalTensor<uint32_t> d = ob.Get<uint32_t>(); Compare(d, f, f, CMPMODE::EQ, 64);",
    "compares-dst-type": "LocalTensor<int8_t> d = ob.Get<int8_t>(); Compares(d, f, 0.0f, CMPMODE::EQ, 64);",
    "select-mask-type": "LocalTensor<int8_t> m = ob.Get<int8_t>(); "
    "Select(f, m, f, f, SELMODE::VSEL_TENSOR_TENSOR_MODE, 64);",
    "tque-depth-zero": "TQue<TPosition::VECIN, 0> q; pipe.InitBuffer(q, 1, 256); q.AllocTensor<float>();",
    "pipe-barrier-s": "PipeBarrier<PIPE_S>();",
    "sync-all-aiv-only": "SyncAll<false>();",
}

BROKEN = """\
#include "kernel_operator.h"
#include "tiling.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void sim_rules_broken(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                   AutofuseTilingData tiling) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> fb, ob;
    pipe.InitBuffer(fb, 256);
    pipe.InitBuffer(ob, 256);
    LocalTensor<float> f = fb.Get<float>();
BROKEN_LINES
}
""".replace("BROKEN_LINES", "\n".join(f"    {{ {line} }}" for line in COMPILE_ERRORS.values()))


@pytest.fixture(scope="module")
def kernel():
    return build(DEVICE, "sim_rules_kernel")


def _run(kernel, mode: int) -> np.ndarray:  # type: ignore[no-untyped-def]
    x = np.linspace(-3, 3, 64).astype(np.float16)
    y = np.zeros(64, np.float32)
    kernel.run([x, y], [64, mode])
    return y


def test_the_rule_clean_kernel_runs_and_narrowing_in_place_is_exact(kernel) -> None:  # type: ignore[no-untyped-def]
    y = _run(kernel, 0)
    np.testing.assert_array_equal(y, np.linspace(-3, 3, 64).astype(np.float16).astype(np.float32))


@pytest.mark.parametrize("rule_id", [FAULTS[m] for m in sorted(FAULTS)])
def test_each_rule_is_refused(kernel, rule_id: str) -> None:  # type: ignore[no-untyped-def]
    mode = next(m for m, r in FAULTS.items() if r == rule_id)
    r = rule(rule_id)
    with pytest.raises(SimulatorError, match=re.escape(f"[{r.id}: {r.text}; {r.source}]")):
        _run(kernel, mode)


@pytest.fixture(scope="module")
def build_errors() -> str:
    with pytest.raises(KernelBuildError) as e:
        build(BROKEN, "sim_rules_broken")
    return str(e.value)


@pytest.mark.parametrize("rule_id", sorted(COMPILE_ERRORS))
def test_each_compile_rule_is_refused(build_errors: str, rule_id: str) -> None:
    r = rule(rule_id)
    assert r.where is Where.COMPILE
    assert f"[{r.id}: {r.text}; {r.source}]" in build_errors


def test_every_enforced_rule_has_a_test_that_exists() -> None:
    """The table's "tested by" column names real tests, and the tests of this module cover
    every rule that names them."""
    ours = set(FAULTS.values()) | set(COMPILE_ERRORS)
    for r in RULES:
        if r.where is Where.NA:
            assert not r.test and r.na
            continue
        path, _, name = r.test.partition("::")
        text = (ROOT / path).read_text(encoding="utf-8")
        assert f"def {name.split('[')[0]}(" in text, r.test
        if path.endswith("test_sim_rules.py"):
            assert r.id in ours, r.id


def test_the_docs_table_is_the_rules_table() -> None:
    readme = (ROOT / "docs" / "simulator.md").read_text(encoding="utf-8")
    begin, end = "<!-- rules:begin -->\n", "\n<!-- rules:end -->"
    assert begin in readme and end in readme, "docs/simulator.md has no rules table markers"
    table = readme.split(begin, 1)[1].split(end, 1)[0]
    assert table == markdown_table(), "docs/simulator.md rules table is stale: run python -m runtime.sim.gen_rules"
