# RUN: %python %s | filecheck %s
# The front-end helpers refuse what the IR could not express, with a message naming the
# helper and the fix; a graph that builds but breaks a verifier rule is refused when it
# is converted to IR, naming the graph, the op and the operand.
from pyautofuse import ascir
from pyautofuse.ascir_api import embedding, gather, index_select, load_input

g = ascir.HintGraph("errors")
s0, s1 = g.create_size("s0"), g.create_size("s1")
z0, z1 = g.create_axis("z0", s0), g.create_axis("z1", s1)
x = load_input(g, "x", 0, ascir.dtypes.float32, [z0, z1])
i1 = load_input(g, "i1", 1, ascir.dtypes.int32, [z1])
i2 = load_input(g, "i2", 2, ascir.dtypes.int32, [z0, z1])
for what, call in [
    ("rank", lambda: gather(g, x, 1, i1)),
    ("dim", lambda: gather(g, x, 2, i2)),
    ("negative dim", lambda: gather(g, x, -1, i2)),
    ("2-D index", lambda: index_select(g, x, 0, i2)),
    ("1-D weight", lambda: embedding(g, i1, i1)),
    ("operator as size", lambda: g.create_size("mod")),
]:
    try:
        call()
        print(what, "accepted")
    except ValueError as e:
        print(f"{what}: {e}")
# CHECK: rank: gather: input rank 2 differs from index rank 1; index_select/embedding build a broadcast index view of the input's rank
# CHECK-NEXT: dim: gather: dim 2 is out of range for rank 2
# CHECK-NEXT: negative dim: gather: dim -1 is out of range for rank 2
# CHECK-NEXT: 2-D index: index_select: the index must be 1-D, got 2 axes
# CHECK-NEXT: 1-D weight: embedding: the weight needs a row axis and at least one embedding axis
# CHECK-NEXT: operator as size: 'mod' is an operator, not a size variable (in 'mod')

h = ascir.HintGraph("exp_of_int")
t0 = h.create_size("t0")
a0 = h.create_axis("a0", t0)
xi = load_input(h, "xi", 0, ascir.dtypes.int32, [a0])
ex = ascir.ops.Exp("ex", h)
ex.x = xi
try:
    h.to_mlir()
except ValueError as e:
    print(f"to_mlir: {e}")
# CHECK-NEXT: to_mlir: graph 'exp_of_int': <ascir.exp>: error: ascir.exp %ex: operand x dtype int32 is not supported; allowed: float16, bfloat16, float32
