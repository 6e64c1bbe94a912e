# RUN: %python %s | filecheck %s
# RUN: %python %s | ascir-opt -p schedule,vf-partition | filecheck %s --check-prefix=VF
# Softmax built node by node with the seed's Python API (ascir.ops): reductions keep every
# axis (size 1, stride 0 on the reduced one), a Broadcast is given its output view, dtypes
# are inferred from the inputs. The printed graph is the input of ascir-opt.
from pyautofuse import ascir
from pyautofuse.ascir_api import load_input, store_output

g = ascir.HintGraph("softmax")
s0, s1 = g.create_size("s0"), g.create_size("s1")
z0, z1 = g.create_axis("z0", s0), g.create_axis("z1", s1)
x = load_input(g, "x", 0, ascir.dtypes.float32, [z0, z1])


def reduce(op, name, value):
    node = op(name)
    node.x = value
    node.y.size = [s0, 1]
    node.y.strides = [1, 0]
    back = ascir.ops.Broadcast(f"{name}b")
    back.x = node
    back.y.size = [s0, s1]
    back.y.strides = [s1, 1]
    return back


mb = reduce(ascir.ops.Max, "m", x)
d = ascir.ops.Sub("d")
d.x1, d.x2 = x, mb
e = ascir.ops.Exp("e")
e.x = d
sb = reduce(ascir.ops.Sum, "s", e)
y = ascir.ops.Div("y")
y.x1, y.x2 = e, sb
store_output(g, y.y, name="out")
print(g.to_mlir())

# CHECK:      ascir.graph @softmax hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
# CHECK-NEXT:   %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
# CHECK-NEXT:   %x_load = ascir.load %x sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
# CHECK-NEXT:   %m = ascir.reduce_max %x_load : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
# CHECK-NEXT:   %mb = ascir.broadcast %m : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
# CHECK-NEXT:   %d = ascir.sub %x_load, %mb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
# CHECK-NEXT:   %e = ascir.exp %d : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
# CHECK-NEXT:   %s = ascir.reduce_sum %e : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
# CHECK-NEXT:   %sb = ascir.broadcast %s
# CHECK-NEXT:   %y = ascir.div %e, %sb
# CHECK-NEXT:   %out_store = ascir.store %y
# CHECK-NEXT:   %out = ascir.output %out_store {index = 0 : i64}
# VF: %e_out = ascir.vf @vf_0 loop_dtype float32 (%m, %x_load)
# VF: %y_out = ascir.vf @vf_1 loop_dtype float32 (%s, %e_out)
