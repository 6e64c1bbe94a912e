# RUN: %python %s | filecheck %s
# RUN: %python %s | ascir-opt --split-input-file -p indirect-load-template-cases | filecheck %s --check-prefix=CASES
# Seed 001's front-end helpers (pyautofuse.ascir_api): index_select and embedding are
# normalised to one IndirectLoad whose index is the 1-D index re-loaded as a broadcast view
# (stride 0 on the other axes) of the output's rank; the IR they print parses, verifies
# and has template cases.
from pyautofuse import ascir
from pyautofuse.ascir_api import embedding, index_select, load_input, store_output

g = ascir.HintGraph("select")
n, d, k = g.create_size("n"), g.create_size("d"), g.create_size("k")
zn, zd, zk = g.create_axis("zn", n), g.create_axis("zd", d), g.create_axis("zk", k)
x = load_input(g, "x", 0, ascir.dtypes.float32, [zn, zd])
idx = load_input(g, "idx", 1, ascir.dtypes.int64, [zk])
store_output(g, index_select(g, x, 0, idx, need_check_bound=True))
print(g.to_mlir())
print("// -----")
# CHECK-LABEL: ascir.graph @select hint sizes [n, d, k]
# CHECK:       %index_view = ascir.load %idx sched [zk, zd] : !ascir.tensor<int64, [zk, zd], [k, d], [1, 0]>
# CHECK-NEXT:  %indirect_load = ascir.indirect_load %x_load, %index_view sched [zk, zd] {dim = 0 : i64, need_check_bound = true} : !ascir.tensor<float32, [zk, zd], [k, d], [d, 1]>
# CHECK-NEXT:  %y_store = ascir.store %indirect_load
# CASES-LABEL: ascir.graph @select_simd hint
# CASES-SAME:    index_outer_product = #ascir.expr<1>
# CASES-SAME:    schedule_outer = []

g = ascir.HintGraph("embed")
b, v, e = g.create_size("b"), g.create_size("v"), g.create_size("e")
zb, zv, ze = g.create_axis("zb", b), g.create_axis("zv", v), g.create_axis("ze", e)
w = load_input(g, "weight", 0, ascir.dtypes.float16, [zv, ze])
ids = load_input(g, "ids", 1, ascir.dtypes.int32, [zb])
store_output(g, embedding(g, w, ids))
print(g.to_mlir())
# CHECK-LABEL: ascir.graph @embed hint sizes [b, v, e]
# CHECK:       %table_view = ascir.load %weight sched [zv, ze] : !ascir.tensor<float16, [zv, ze], [v, e], [e, 1]>
# CHECK-NEXT:  %index_view = ascir.load %ids sched [zb, ze] : !ascir.tensor<int32, [zb, ze], [b, e], [1, 0]>
# CHECK-NEXT:  %indirect_load = ascir.indirect_load %table_view, %index_view sched [zb, ze] {dim = 0 : i64} : !ascir.tensor<float16, [zb, ze], [b, e], [e, 1]>
# The rows gathered are whole embedding vectors: 2 * e contiguous bytes.
# CASES-LABEL: ascir.graph @embed_simd hint
# CASES-SAME:    continuous_bytes = #ascir.expr<2 * e>
