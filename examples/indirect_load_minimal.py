"""Seed 001 minimal IndirectLoad script, verbatim (test design section)."""

from pyautofuse import Autofuser, AutofuserOptions, ascir

ascir.utils.set_platform("3510", 1, 245760)

graph = ascir.HintGraph("indirect_load_minimal_graph")
s0, s1, s2, s3 = [graph.create_size(f"s{i}") for i in range(4)]
s4, s5, s6, s7 = [graph.create_size(f"s{i}") for i in range(4, 8)]
z0 = graph.create_axis("z0", s0)
z1 = graph.create_axis("z1", s1)
z2 = graph.create_axis("z2", s2)
z3 = graph.create_axis("z3", s3)
z4 = graph.create_axis("z4", s4)
z5 = graph.create_axis("z5", s5)
z6 = graph.create_axis("z6", s6)
z7 = graph.create_axis("z7", s7)

x = ascir.ops.Data("x", graph)
index = ascir.ops.Data("index", graph)
y = ascir.ops.Output("y", graph)

x.attr.ir_attr.index = 0
x.y.dtype = ascir.dtypes.float16
x.y.axis = [z0, z1, z2, z3]
x.y.size = [s0, s1, s2, s3]
x.y.strides = [s1 * s2 * s3, s2 * s3, s3, ascir.SizeExpr(1)]

index.attr.ir_attr.index = 1
index.y.dtype = ascir.dtypes.int32
index.y.axis = [z4, z5, z6, z7]
index.y.size = [s4, s5, s6, s7]
index.y.strides = [s5 * s6 * s7, s6 * s7, s7, ascir.SizeExpr(1)]

input_load = ascir.ops.Load("input_load")
input_load.attr.ir_attr.offset = ascir.SizeExpr(0)
input_load.attr.sched.axis = [z0, z1, z2, z3]
input_load.x = x
input_load.y.dtype = ascir.dtypes.float16
input_load.y.axis = [z0, z1, z2, z3]
input_load.y.size = [s0, s1, s2, s3]
input_load.y.strides = [s1 * s2 * s3, s2 * s3, s3, ascir.SizeExpr(1)]

index_load = ascir.ops.Load("index_load")
index_load.attr.ir_attr.offset = ascir.SizeExpr(0)
index_load.attr.sched.axis = [z4, z5, z6, z7]
index_load.x = index
index_load.y.dtype = ascir.dtypes.int32
index_load.y.axis = [z4, z5, z6, z7]
index_load.y.size = [s4, s5, s6, s7]
index_load.y.strides = [s5 * s6 * s7, s6 * s7, s7, ascir.SizeExpr(1)]

indirect_load = ascir.ops.IndirectLoad("indirect_load")
indirect_load.attr.sched.axis = [z4, z5, z6, z7]
indirect_load.attr.ir_attr.dim = 2
indirect_load.x1 = input_load
indirect_load.x2 = index_load
indirect_load.y.dtype = ascir.dtypes.float16
indirect_load.y.axis = [z4, z5, z6, z7]
indirect_load.y.size = [s4, s5, s6, s7]
indirect_load.y.strides = [s5 * s6 * s7, s6 * s7, s7, ascir.SizeExpr(1)]

store = ascir.ops.Store("store")
store.attr.sched.axis = [z4, z5, z6, z7]
store.attr.ir_attr.offset = ascir.SizeExpr(0)
store.x = indirect_load
store.y.dtype = ascir.dtypes.float16
store.y.axis = [z4, z5, z6, z7]
store.y.size = [s4, s5, s6, s7]
store.y.strides = [s5 * s6 * s7, s6 * s7, s7, ascir.SizeExpr(1)]

y.x = store
y.attr.ir_attr.index = 0
y.attr.sched.axis = [z4, z5, z6, z7]
y.y.dtype = ascir.dtypes.float16
y.y.axis = [z4, z5, z6, z7]
y.y.size = [s4, s5, s6, s7]
y.y.strides = [s5 * s6 * s7, s6 * s7, s7, ascir.SizeExpr(1)]

options = AutofuserOptions(tiling_lib_path="", tiling_lib_codegen_symbol="")
fuser = Autofuser(options)
impl_graphs = fuser.schedule(graph)
assert impl_graphs

tiling_def, host_tiling, op_kernel = fuser.codegen(impl_graphs)
assert tiling_def
assert host_tiling
assert op_kernel
