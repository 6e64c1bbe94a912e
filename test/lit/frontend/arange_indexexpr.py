# RUN: %python %s | filecheck %s
# Front-end entry points of seed 000 (FR5): arange/IndexExpr helpers and their checks.
from pyautofuse import ascir
from pyautofuse.ascir_api import IndexExpr, arange

graph = ascir.HintGraph("triu")
s0 = graph.create_size("s0")
z0, z1 = graph.create_axis("z0", s0), graph.create_axis("z1", s0)
rows = arange(graph, dtype=ascir.dtypes.int64, axis=[z0, z1], size=[s0, 1], stride=[1, 0])
cols = arange(graph, dtype=ascir.dtypes.int64, axis=[z0, z1], size=[1, s0], stride=[0, 1], base=s0 - 1, step=-1)
n = IndexExpr(graph, dtype=ascir.dtypes.int64, expr=s0 * s0 // 2)
print(graph.to_mlir())
# CHECK: %arange = ascir.arange sched [z0, z1] {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0, z1], [s0, 1], [1, 0]>
# CHECK: %arange_1 = ascir.arange sched [z0, z1] {base = #ascir.expr<s0 - 1>, step = #ascir.expr<-1>} : !ascir.tensor<int64, [z0, z1], [1, s0], [0, 1]>
# CHECK: %indexexpr = ascir.index_expr {expr = #ascir.expr<s0 * s0 floordiv 2>} : !ascir.scalar<int64>

try:
    arange(graph, dtype=ascir.dtypes.int32, axis=[z0, z1], size=[s0, s0], stride=[1, 0])
except ValueError as e:
    print(e)
# CHECK: arange: axis 'z1' has stride 0 but size s0 (a broadcast-baked view); use 1D Arange followed by explicit Broadcast

try:
    s0 < 4
except TypeError as e:
    print("TypeError:", e)
# CHECK: TypeError: ordering comparisons (<, <=, >, >=) are not supported for SizeExpr
print(s0 == s0 + 0, s0 != s0 * 2)
# CHECK: True True
