"""The scatter template: one kernel for an IndexPut graph (issue 37, ``passes.index_put_case``).

Owner computes, no atomics: a lane is a block of rows of one output column (its
coordinates on every axis but the IndexPut's ``dim``); the lanes are split over the blocks
and, inside a block, over the SIMT threads of one ``__simt_vf__`` function. A lane writes
the input's value at its rows, then walks the index in row-major order and, for every
position in its rows, reads the element, adds the value (in float32 for float16 /
bfloat16, rounded back per add, as torch's serial CPU kernel rounds each ``+=``) and writes
it back -- or, without ``accumulate``, writes the value. No two lanes touch one element,
and a lane's reads follow its own writes, so the result is torch's serial one bit for bit,
whatever the duplicates. Host tiling cuts the rows in blocks where the columns alone leave
the chip's threads idle (``cores * 256`` lanes), but no block shorter than the index --
every lane scans the whole index, so a shorter block saves little and adds a scan. The input, index and values are evaluated per
element by the SIMT gather template's evaluator (``lowering.indirect_simt``, seed 001 FR4):
any chain of ops with a scalar form.

Cost: every lane reads the whole index (a broadcast read through the data cache, one
request per warp) and its values once; consecutive lanes touch consecutive columns (one
request per warp and row). Modelled on 56 cores (an embedding's backward, float32):
[20000, 256] with 128 positions 67.6 -> 13.7 us with row blocks (the output's write alone
is 12.8 us at the HBM's 1.6 TB/s), [3000, 64] with 1024 positions 10.2 -> 4.4 us.
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerType, ModuleOp
from xdsl.ir import SSAValue

from ascendc_emitter.builder import BodyBuilder, KernelModuleBuilder, i64
from ascir_dialect.attributes import TensorType
from ascir_dialect.ops.memory import OutputOp
from ascir_dialect.ops.sources import DataOp, IndexExprOp, ScalarDataOp
from ascir_dialect.symbolic import SizeExpr
from lowering.exprs import ExprLowering
from lowering.indirect_simt import THREADS, SimtTemplate
from lowering.size_checks import lower_graph_checks
from passes.index_put_case import ScatterPlan
from passes.options import CompileOptions


class ScatterTemplate(SimtTemplate):
    """The IndexPut's ``__simt_vf__`` function: lanes are the output's columns."""

    def __init__(self, kb: KernelModuleBuilder, plan: ScatterPlan, name: str, gm: dict):
        super().__init__(kb, plan, name, gm)  # type: ignore[arg-type]  (reads plan.graph only)
        self.scatter = plan
        self.fn = f"{name}_scatter"

    def columns(self) -> tuple[list[str], list[SizeExpr]]:
        """The output's columns and their extents (the lane space, row-major)."""
        out = self.scatter.node.result_tensor()
        cols = self.scatter.node.roles()[2]
        return cols, [r for a, r in zip(out.axis, out.repeats, strict=True) if a in cols]

    def _body(self, f: BodyBuilder, fargs: list[SSAValue], gm_nodes: list) -> None:
        node = self.scatter.node
        self.ptrs = dict(zip(gm_nodes, fargs, strict=False))
        rest = fargs[len(gm_nodes) :]
        self.size_vals = dict(zip(self.sizes, rest, strict=False))
        self.ie_vals = dict(zip(self.index_exprs, rest[len(self.sizes) :], strict=False))
        row_block, first, last = rest[-3], rest[-2], rest[-1]
        self.memo, self._alive = {}, []
        index = node.x2.type
        assert isinstance(index, TensorType)
        row_axis, index_axes, _ = node.roles()
        index_extents = [r for a, r in zip(index.axis, index.repeats, strict=True) if a in index_axes]
        axes, extents = self.columns()
        with f.loop(f.add(first, f.thread_idx()), last, f.thread_num(), "e") as (b, e):
            self.b = b
            self.sym = ExprLowering(b, lambda s: self.size_vals[s], record=self.kernel_exprs)
            # lane e: row block e / columns, column e % columns (consecutive lanes, columns)
            columns = b.v(1)
            for x in extents:
                columns = b.mul(columns, self.sym(x))
            block = b.floordiv(e, columns, name="row_block_index")
            column = b.sub(e, b.mul(block, columns), name="column")
            cols = self._decode(b, column, axes, [self.sym(x) for x in extents[1:]], "c") if axes else {}
            rows = self.sym(node.result_tensor().repeats[node.dim_value])
            low = b.mul(block, row_block, name="row_low")
            high = b.min(b.add(low, row_block), rows, name="row_high")
            with b.loop(low, high, 1, "row") as (rb, row):
                self.b = rb
                env = cols | {row_axis: row}
                self._write(env, self.value(node.x1, env))
            self.b = b
            count = self.sym(index.numel())
            with b.loop(0, count, 1, "n") as (nb, n):
                self.b = nb
                inner = [self.sym(x) for x in index_extents[1:]]
                at = self._decode(nb, n, index_axes, inner, "i") if index_axes else {}
                position = self._position(self.value(node.x2, at), rows)
                if not node.check_bound:  # an error: the simulator stops (torch raises IndexError)
                    nb.check_index(position, rows, f"IndexPut {node.describe()}")
                # the lane's rows only; a device writes nothing outside the rows: no GM corrupted
                inside = nb.select(
                    nb.cmp("sge", position, low), nb.cmp("slt", position, high), nb.const(0, IntegerType(1))
                )
                with nb.when(inside) as wb:
                    self.b = wb
                    self._apply(cols, at, row_axis, position)
            self.b = b

    def _position(self, raw: SSAValue, rows: SSAValue) -> SSAValue:
        b = self.b
        position = b.cast(raw, i64, name="pos")
        if self.scatter.node.check_negative:
            position = b.select(b.cmp("slt", position, 0), b.add(position, rows), position, name="pos_wrapped")
        return position

    def _apply(self, cols: dict[str, SSAValue], at: dict[str, SSAValue], row_axis: str, row: SSAValue) -> None:
        """The value at index position ``at`` into the output at ``row`` of the lane's column."""
        node = self.scatter.node
        value = self.value(node.x3, cols | at)
        target = cols | {row_axis: row}
        places = self._places(target)
        if node.accumulates:
            dtype = node.result_tensor().dtype
            old = self.b.gm_load(*places[0])
            x, y = self._wide(old, dtype), self._wide(value, dtype)
            add = arith.AddfOp(x, y) if dtype.is_float else arith.AddiOp(x, y)
            value = self._narrow(self.b.insert(add).results[0], dtype)
        for ptr, offset in places:
            self.b.gm_store(ptr, offset, value)

    def _places(self, env: dict[str, SSAValue]) -> list[tuple[SSAValue, SSAValue]]:
        """(GM pointer, element offset) of the output element at ``env``, per store."""
        places = []
        for store in self.scatter.stores:
            out = next(u.operation for u in store.results[0].uses)
            places.append((self.ptrs[out], self._offset(store.result_tensor(), store.offset.data, env)))
        return places

    def _write(self, env: dict[str, SSAValue], value: SSAValue) -> None:
        for ptr, offset in self._places(env):
            self.b.gm_store(ptr, offset, value)


def lower_scatter(plan: ScatterPlan, name: str, options: CompileOptions) -> ModuleOp:
    """The kernel module of an IndexPut graph's scatter case."""
    del options  # one template, no tiling choice: the lane split is the whole plan
    graph = plan.graph
    inputs = sorted(
        (n for n in graph.nodes() if isinstance(n, (DataOp, ScalarDataOp))), key=lambda n: n.index_value
    )
    outputs = sorted((n for n in graph.nodes() if isinstance(n, OutputOp)), key=lambda n: n.index_value)
    gm = {n: i for i, n in enumerate([*inputs, *outputs])}
    gm_names = [f"in{n.index_value}" for n in inputs] + [f"out{n.index_value}" for n in outputs]
    ies = [n for n in graph.nodes() if isinstance(n, IndexExprOp)]
    fields = [(f"ie_{i}", i64) for i in range(len(ies))]
    fields += [("lanes_per_block", i64), ("lanes", i64), ("row_block", i64)]
    kb = KernelModuleBuilder(name, gm_names, graph.size_names, fields)
    template = ScatterTemplate(kb, plan, name, gm)
    with kb.kernel() as (k, addrs, tiling):
        sizes = [k.size_get(tiling, s) for s in graph.size_names]
        ie_vals = [k.tiling_get(tiling, f"ie_{i}", name=f"{n.node_name}_expr") for i, n in enumerate(ies)]
        per_block = k.tiling_get(tiling, "lanes_per_block")
        first = k.mul(k.block_idx(), per_block, name="first")
        last = k.min(k.add(first, per_block), k.tiling_get(tiling, "lanes"), name="last")
        row_block = k.tiling_get(tiling, "row_block")
        template.call(k, addrs, sizes, ie_vals, first, last, (("row_block", row_block),))
    with kb.host() as (h, sizes, core_num, ub_size):
        del ub_size  # no UB buffers: the SIMT function's data cache only
        by_name = dict(zip(graph.size_names, sizes, strict=True))
        sym = ExprLowering(h, lambda s: by_name[s])
        for s, v in by_name.items():
            h.fail_if(h.cmp("slt", v, 1), 2, f"size {s} must be >= 1")
            h.set_size(s, v)
        lower_graph_checks(h, sym, graph)
        sym.check_recorded(template.kernel_exprs)
        for i, n in enumerate(ies):
            h.set_tiling(f"ie_{i}", sym(n.expr.data))
        columns = h.v(1)
        for extent in template.columns()[1]:
            columns = h.mul(columns, sym(extent))
        rows = sym(plan.node.result_tensor().repeats[plan.node.dim_value])
        cores = h.cast(core_num, i64)
        # the rows in blocks, so that every core's threads have a lane where the columns
        # alone are too few -- but no block shorter than the index: each lane writes its
        # block's rows and scans the whole index, so a shorter block saves little and adds
        # a scan
        positions = sym(plan.node.x2.type.numel())  # type: ignore[union-attr]
        useful = h.ceildiv(rows, positions)
        blocks_of_rows = h.max(h.min(h.min(h.floordiv(h.mul(cores, THREADS), columns), useful), rows), 1)
        row_block = h.ceildiv(rows, blocks_of_rows, name="row_block")
        lanes = h.mul(h.ceildiv(rows, row_block), columns, name="lanes")
        per_block = h.ceildiv(lanes, h.min(cores, lanes))
        blocks = h.ceildiv(lanes, per_block, name="blocks")
        h.set_tiling("row_block", row_block)
        h.set_tiling("lanes", lanes)
        h.set_tiling("lanes_per_block", per_block)
        h.set_tiling("tiling_key", 0)
        h.set_tiling("block_dim", blocks)
        h.set_output("block_dim", blocks)
        h.set_output("workspace_size", 0)
    return kb.finish()


__all__ = ["ScatterTemplate", "lower_scatter"]
