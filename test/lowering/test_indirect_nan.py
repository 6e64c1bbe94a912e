"""NaN through the IndirectLoad templates (seed 001 FR3-FR5), as torch propagates it.

``torch.relu``, ``torch.maximum``/``minimum`` and ``amax``/``amin`` return NaN where an
operand is NaN. The vector APIs drop it (maxNum: ``OpEntry.drops_nan`` in the target
table), so the SIMD template adds the NaN fix-up of the ordinary path, and the SIMT
template computes with ``arith.maximumf``/``minimumf``, which propagate NaN
(``af::MaximumF``/``MinimumF`` in ``autofuse/scalar.h``). Every case gathers from a table
holding NaN (and ±inf, -0.0), is compiled with each template forced, run on the simulator
and compared with the reference interpreter and with numpy's formula (``np.maximum``,
``np.max`` propagate NaN as torch does).
"""

from __future__ import annotations

import numpy as np
import pytest

from ascir_dialect.interpreter import reference
from tools.compile import compile_graph

from ..conftest import parse_ir

RNG = np.random.default_rng(15)
SIZES = {"i0": 3, "i1": 12, "j0": 3, "j1": 5}


def _t(dtype: str, axes: str, shape: str, strides: str) -> str:
    return f"!ascir.tensor<{dtype}, [{axes}], [{shape}], [{strides}]>"


def _graph(dtype: str, chain: list[str], result: str, out: str | None = None, side: bool = False) -> str:
    """x[i0, i1] gathered along dim 1 by index[j0, j1] (int32), then ``chain`` (lines using
    ``%g``, ``%w`` -- a second input on the output axes when ``side`` -- and ``%c``, a NaN-free
    scalar constant), storing ``result`` (of view ``out``, default the gathered view)."""
    t_in = _t(dtype, "a0, a1", "i0, i1", "i1, 1")
    t_idx = _t("int32", "b0, b1", "j0, j1", "j1, 1")
    t_out = _t(dtype, "b0, b1", "j0, j1", "j1, 1")
    out = out or t_out
    lines = [
        f"%x = ascir.data {{index = 0 : i64}} : {t_in}",
        f"%i = ascir.data {{index = 1 : i64}} : {t_idx}",
    ]
    if side:
        lines.append(f"%w = ascir.data {{index = 2 : i64}} : {t_out}")
    lines += [
        f"%xl = ascir.load %x : {t_in}",
        f"%il = ascir.load %i : {t_idx}",
    ]
    if side:
        lines.append(f"%wl = ascir.load %w : {t_out}")
    lines.append(f'%c = ascir.scalar {{value = "0.5"}} : !ascir.scalar<{dtype}>')
    lines.append(f"%g = ascir.indirect_load %xl, %il {{dim = 1 : i64}} : {t_out}")
    lines += [line.format(t=t_out, out=out) for line in chain]
    lines += [
        f"%st = ascir.store {result} : {out}",
        f"%y = ascir.output %st {{index = 0 : i64}} : {out}",
    ]
    body = "\n  ".join(lines)
    return (
        "ascir.graph @gather_nan hint sizes [i0, i1, j0, j1] "
        f"axes [0: a0 = i0, 1: a1 = i1, 2: b0 = j0, 3: b1 = j1] {{\n  {body}\n}}\n"
    )


def _table(dtype: str) -> np.ndarray:
    """A table whose every row holds NaN, ±inf, -0.0 and negative and positive numbers."""
    x = (RNG.standard_normal((3, 12)) * 4).astype(dtype)
    x[:, 0] = np.nan
    x[:, 1] = -np.inf
    x[:, 2] = np.inf
    x[:, 3] = -0.0
    x[1, 7] = np.nan
    return x


def _index() -> np.ndarray:
    """Each output row gathers a NaN, -inf and inf, and (row 1) a second NaN."""
    index = RNG.integers(4, 12, (3, 5)).astype(np.int32)
    index[:, 0] = 0
    index[0, 2] = 1
    index[2, 3] = 2
    index[1, 4] = 7
    return index


def _run(ir: str, template: str, *inputs: np.ndarray) -> np.ndarray:
    module = parse_ir(ir)
    k = compile_graph(module, name=f"gather_nan_{template}", template=template)
    (y,) = k(*inputs, sizes=SIZES, core_num=2)
    (ref,) = reference(module, *inputs, sizes=SIZES)
    np.testing.assert_array_equal(y, ref)  # NaN positions included
    return y


def _gathered(x: np.ndarray, index: np.ndarray) -> np.ndarray:
    return np.take_along_axis(x, index.astype(np.int64), axis=1)


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("template", ["simd", "simt", "sklike"])
def test_relu_after_the_gather_propagates_nan(template: str, dtype: str) -> None:
    x, index = _table(dtype), _index()
    ir = _graph(dtype, ["%r = ascir.relu %g : {t}"], "%r")
    y = _run(ir, template, x, index)
    want = np.maximum(_gathered(x, index), np.zeros((), dtype))
    np.testing.assert_array_equal(y, want)
    assert np.isnan(y[:, 0]).all() and np.isnan(y[1, 4])


@pytest.mark.parametrize("template", ["simd", "simt"])
def test_relu_before_the_gather_propagates_nan(template: str) -> None:
    """SIMD moves the input chain after the gather; SIMT evaluates it at the gathered index."""
    x, index = _table("float32"), _index()
    t_in = _t("float32", "a0, a1", "i0, i1", "i1, 1")
    ir = _graph("float32", [], "%g").replace(
        "%g = ascir.indirect_load %xl,", f"%rx = ascir.relu %xl : {t_in}\n  %g = ascir.indirect_load %rx,"
    )
    y = _run(ir, template, x, index)
    np.testing.assert_array_equal(y, np.maximum(_gathered(x, index), np.float32(0)))
    assert np.isnan(y[:, 0]).all()


@pytest.mark.parametrize("template", ["simt", "sklike"])
def test_maximum_and_minimum_after_the_gather_propagate_nan(template: str) -> None:
    """NaN on either side: in the gathered table and in the second input."""
    x, index = _table("float32"), _index()
    w = RNG.standard_normal((3, 5)).astype(np.float32)
    w[0, 1] = np.nan
    w[2, 0] = np.nan
    chain = [
        "%m = ascir.maximum %g, %wl : {t}",
        "%n = ascir.minimum %wl, %m : {t}",
        "%p = ascir.maximum %c, %n : {t}",
    ]
    y = _run(_graph("float32", chain, "%p", side=True), template, x, index, w)
    g = _gathered(x, index)
    want = np.maximum(np.float32(0.5), np.minimum(w, np.maximum(g, w)))
    np.testing.assert_array_equal(y, want)
    assert np.isnan(y[:, 0]).all() and np.isnan(y[0, 1]) and np.isnan(y[1, 4])


@pytest.mark.parametrize("op", ["reduce_max", "reduce_min"])
@pytest.mark.parametrize("template", ["simt", "sklike"])
def test_max_and_min_reductions_after_the_gather_propagate_nan(template: str, op: str) -> None:
    """Rows 0 and 1 gather NaN; a copy of the table without NaN checks the plain result."""
    red = _t("float32", "b0, b1", "j0, 1", "1, 0")
    ir = _graph("float32", [f"%r = ascir.{op} %g : {{out}}"], "%r", out=red)
    index = _index()
    index[2, 0] = 5  # row 2 gathers no NaN: its result is a number
    for x in (_table("float32"), np.nan_to_num(_table("float32"), nan=1.5)):
        y = _run(ir, template, x, index)
        g = _gathered(x, index)
        want = (np.max if op == "reduce_max" else np.min)(g, axis=1, keepdims=True)
        np.testing.assert_array_equal(y, want)
    y = _run(ir, template, _table("float32"), index)
    assert np.isnan(y[0, 0]) and np.isnan(y[1, 0]) and not np.isnan(y[2, 0])
