"""The fused tails of a LLaMA-style decoder block, each one graph (issue 19, "Done when").

RMSNorm (Mean, Rsqrt), the SiLU-gated MLP tail (Sigmoid), rotate-half RoPE with the cos/sin
rows gathered by position (two IndirectLoads, Split, Neg, Concat), the causal-mask softmax
(two Aranges, one offset by a symbolic past length, Where, Max/Sum) and a token embedding
plus a learned position embedding indexed by an Arange (two IndirectLoads). The graphs are
``bench/llama_tails.py``'s; here at small random sizes, on 3 cores and with a small UB (rows
split into chunks, several tiles), compiled on both paths, run on the simulator and compared
with the reference interpreter (both paths identical) and with torch eager
(``torch.testing.assert_close`` rules). The gather tails also run with each template
that takes them.
"""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.parser import Parser

from ascir_dialect.compare import assert_close
from bench.llama_tails import Tail, tails
from tools.ascir_opt import make_context
from tools.compile import compile_graph

from .test_e2e import run_case

SEEDS = [3, 11, 19]
CASES = [(seed, i) for seed in SEEDS for i in range(5)]


def _tail(seed: int, i: int) -> Tail:
    return tails(np.random.default_rng(seed), "test")[i]


@pytest.mark.parametrize(("seed", "i"), CASES, ids=[f"{_tail(s, i).name}-{s}" for s, i in CASES])
@pytest.mark.parametrize("ub_size", [248 * 1024, 24 * 1024])
def test_tail_matches_the_reference_and_torch(seed: int, i: int, ub_size: int) -> None:
    pytest.importorskip("torch")
    tail = _tail(seed, i)
    (got,) = run_case(tail.ir, tail.inputs, tail.sizes, f"{tail.name}_{seed}", core_num=3, ub_size=ub_size)
    assert_close(got, tail.torch_result(), name=f"{tail.name} vs torch {tail.sizes}")


@pytest.mark.parametrize("template", ["simt", "sklike"])
@pytest.mark.parametrize("name", ["rope", "embed_pos"])
def test_gather_tails_on_every_template_that_takes_them(name: str, template: str) -> None:
    """Two gathers per graph: SIMD refuses them (one Gather per kernel), SIMT and SK-like
    take them; RoPE's Concat becomes padded loads that SIMT reads lane by lane."""
    pytest.importorskip("torch")
    tail = next(t for t in tails(np.random.default_rng(5), "test") if t.name == name)
    want = tail.torch_result()
    for vf in (True, False):
        module = Parser(make_context(), tail.ir).parse_module()
        k = compile_graph(module, name=f"{name}_{template}", vf=vf, template=template)
        (got,) = k(*tail.inputs, sizes=tail.sizes, core_num=3)
        assert_close(got, want, name=f"{name} on {template} (vf={vf})")
