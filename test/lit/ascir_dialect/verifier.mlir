// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s
// RUN: not ascir-opt %s --split-input-file 2> %t.err
// RUN: not grep -q Traceback %t.err

// One case per verifier rule: each prints a located diagnostic naming the op and the fix.
// CHECK: error: tensor view lists must have equal lengths, got axis=1, repeats=2, strides=1
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0, 1], [1]>
}

// -----

// CHECK: error: tensor view repeats an axis
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z0], [s0, s0], [s0, 1]>
}

// -----

// CHECK: error: repeat of axis 'z0' must be >= 1, got 0
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [0], [1]>
}

// -----

// CHECK: error: stride of axis 'z0' is negative (-1)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [-1]>
}

// -----

// CHECK: error: vectorized_axis (1) and vectorized_strides (2) must have equal lengths
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1, 1]>
}

// -----


// CHECK: error: vectorized axis 'z1' is not an axis of the tensor view
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z1], [1]>
}

// -----

// CHECK: error: original axis 'z1' cannot have origin axes
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: z1 = s0 original(z0)] {

}

// -----

// CHECK: error: unknown axis kind 'sideways'
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: z1 = s0 sideways(z0)] {

}

// -----

// CHECK: error: axis 'z0' size must be >= 1, got 0
ascir.graph @g hint sizes [s0] axes [0: z0 = 0] {

}

// -----

// CHECK: error: expected graph level 'hint' or 'impl'
ascir.graph @g fancy sizes [s0] axes [0: z0 = s0] {

}

// -----

// CHECK: error: ascir.graph @g: size variables are declared twice
ascir.graph @g hint sizes [s0, s0] axes [0: z0 = s0] {

}

// -----

// CHECK: error: ascir.graph @g: axis 'z1' has id 5 but is listed at position 1
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 5: z1 = s0] {

}

// -----

// CHECK: error: ascir.graph @g: axis 'z0' is declared twice
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: z0 = s0] {

}

// -----

// CHECK: error: ascir.graph @g: axis 'zm' comes from 'zq', which is not an axis declared before it
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: zm = s0 merged(z0, zq)] {

}

// -----

// CHECK: error: ascir.graph @g: size of axis 'z0' uses undeclared size variable(s) s9
ascir.graph @g hint sizes [s0] axes [0: z0 = s9] {

}

// -----

// CHECK: error: ascir.graph @g: 'z0' is both an axis and a size variable
ascir.graph @g hint sizes [z0] axes [0: z0 = z0] {

}

// -----

// CHECK: error: ascir.graph @g: input (ascir.data / ascir.scalar_data) index 0 is used by both %x and %w
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %w = ascir.scalar_data {index = 0 : i64} : !ascir.scalar<float32>
}

// -----

// CHECK: error: ascir.graph @g: output (ascir.output) indices are [1]; they must be 0..0
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %s {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.data %x: index must be >= 0, got -1
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = -1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.load %l: sched axis 'z7' is not an axis of graph @g
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x sched [z7] : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.data %x: result view uses axis 'z3', which is not an axis of graph @g
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z3], [s0], [1]>
}

// -----

// CHECK: error: ascir.data %x: expression 's5' uses undeclared size variable(s) s5
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s5], [1]>
}

// -----

// CHECK: error: ascir.data %x: a GM input view cannot have stride 0 on an axis of size != 1
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [0]>
}

// -----

// CHECK: error: ascir.data %x: GM data is read only through ascir.load, but it is used by ascir.relu
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %r = ascir.relu %x : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.scalar %c: value '1.5' is not an integer literal for dtype int32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "1.5"} : !ascir.scalar<int32>
}

// -----

// CHECK: error: ascir.scalar %c: value 300 does not fit int8
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "300"} : !ascir.scalar<int8>
}

// -----

// CHECK: error: ascir.scalar %c: value 'pi' is not a decimal floating-point literal
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "pi"} : !ascir.scalar<float32>
}

// -----

// CHECK: error: ascir.index_expr %i: IndexExpr output dtype float32 is not supported; allowed: int32, int64
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0>} : !ascir.scalar<float32>
}

// -----

// CHECK: error: ascir.arange %a: Arange output dtype float16 is not supported; allowed: int32, int64
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<float16, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.arange %a: axis 'z1' has stride 0 but size 8 (a broadcast-baked Arange view); use 1D Arange followed by explicit Broadcast
ascir.graph @g hint sizes [s0] axes [0: z0 = 4, 1: z1 = 8] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [4, 8], [1, 0]>
}

// -----

// CHECK: error: ascir.arange %a: axis 'z0' has stride 0 but size 4 (a broadcast-baked Arange view); use 1D Arange followed by explicit Broadcast
ascir.graph @g hint sizes [s0] axes [0: z0 = 4, 1: z1 = 8] {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [4, 8], [0, 1]>
}

// -----

// CHECK: error: ascir.workspace %w: a workspace is written only by an ascir.store
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %w = ascir.workspace %l {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.load %l2: loads read GM tensors (ascir.data or ascir.workspace), not ascir.load
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %l2 = ascir.load %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.load %l: load changes dtype float32 -> float16; use ascir.cast after the load
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float16, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.store %s: store view has stride 0 on axis 'z0' of size s0
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [0]>
}

// -----

// CHECK: error: ascir.store %s: a store feeds ascir.output or ascir.workspace, not ascir.relu
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %r = ascir.relu %s : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.output %y: an output is written by an ascir.store, not ascir.load
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %l {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.output %y: output dtype int32 differs from the stored dtype float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %s {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.lt %c: operand x1 is a scalar-like value but only operand(s) x2 may be scalar-like
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %i = ascir.scalar {value = "1"} : !ascir.scalar<float32>
  %c = ascir.lt %i, %l : !ascir.tensor<uint8, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.exp %e: operand x is a scalar-like value but no operand may be scalar-like
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.scalar {value = "1"} : !ascir.scalar<float32>
  %e = ascir.exp %i : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.add %a: at most one operand may be scalar-like
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.scalar {value = "1"} : !ascir.scalar<float32>
  %a = ascir.add %i, %i : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.exp %e: operand x dtype int32 is not supported; allowed: float16, bfloat16, float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int32, [z0], [s0], [1]>
  %e = ascir.exp %l : !ascir.tensor<int32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.add %a: operands must have one dtype, got x1=float32, x2=int64
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %i = ascir.index_expr {expr = #ascir.expr<s0>} : !ascir.scalar<int64>
  %a = ascir.add %l, %i : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.add %a: result dtype float16 must equal the operand dtype float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %a = ascir.add %l, %l : !ascir.tensor<float16, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.gt %c: result dtype float32 is not supported; allowed: uint8, bool
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %c = ascir.gt %l, %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.add %a: operand x2 has view axis=['z0', 'z1'] repeats=['s0', '1']
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %m = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, 1], [s1, 0]>
  %a = ascir.add %l, %m : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// CHECK: error: ascir.where %w: condition x1 dtype float32 is not supported; allowed: uint8, bool
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %w = ascir.where %l, %l, %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.broadcast %b: broadcast keeps the dtype: operand int64, result float32
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0>} : !ascir.scalar<int64>
  %b = ascir.broadcast %i : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.broadcast %b: operand axes ['z1', 'z0'] must appear in the same order among the result axes ['z0', 'z1']
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z1, z0], [1, 1], [1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z1, z0], [1, 1], [1, 1]>
  %b = ascir.broadcast %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// CHECK: error: ascir.broadcast %b: operand axis 'z0' has size 3; it must be 1 (broadcast) or equal to the result size s0
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [3], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [3], [1]>
  %b = ascir.broadcast %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.cast %c: cast float32 -> uint16 is not supported; from float32 the allowed targets are: int16, int32, int64, float16, bfloat16
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %c = ascir.cast %l : !ascir.tensor<uint16, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.cast %c: operand x is a scalar-like value
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %i = ascir.index_expr {expr = #ascir.expr<s0>} : !ascir.scalar<int64>
  %c = ascir.cast %i : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.reduce_sum %r: reductions keep every axis
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.reduce_max %r: reduced axis 'z1' must have stride 0 in the result, got 1
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_max %l : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 1]>
}

// -----

// CHECK: error: ascir.reduce_min %r: axis 'z1' has size 2 in the result and s1 in the operand
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_min %l : !ascir.tensor<float32, [z0, z1], [s0, 2], [2, 1]>
}

// -----

// CHECK: error: ascir.reduce_sum %r: operand x dtype bool is not supported
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bool, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<bool, [z0], [s0], [1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<bool, [z0], [1], [0]>
}

// -----

// CHECK: error: ascir.indirect_load %g: input rank 2 differs from index rank 1
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = 4, 3: z3 = 3] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [z3], [3], [1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [z3], [3], [1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [z3], [3], [1]>
}

// -----

// CHECK: error: ascir.indirect_load %g: dim 2 is out of range for rank 2: use 0..1
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = 4, 3: z3 = 3] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [z0, z3], [s0, 3], [3, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [z0, z3], [s0, 3], [3, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 2 : i64} : !ascir.tensor<float32, [z0, z3], [s0, 3], [3, 1]>
}

// -----

// CHECK: error: ascir.indirect_load %g: index x2 dtype float32 is not supported; allowed: int32, int64
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = 4, 3: z3 = 3] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0, z3], [s0, 3], [3, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %il = ascir.load %i : !ascir.tensor<float32, [z0, z3], [s0, 3], [3, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [z0, z3], [s0, 3], [3, 1]>
}

// -----

// CHECK: error: ascir.indirect_load %g: output dtype float16 must equal the input dtype float32
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = 4, 3: z3 = 3] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [z0, z3], [s0, 3], [3, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [z0, z3], [s0, 3], [3, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float16, [z0, z3], [s0, 3], [3, 1]>
}

// -----

// CHECK: error: ascir.indirect_load %g: output view (axis=['z0', 'z2']
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = 4, 3: z3 = 3] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [z0, z3], [s0, 3], [3, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [z0, z3], [s0, 3], [3, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 1 : i64} : !ascir.tensor<float32, [z0, z2], [s0, 4], [4, 1]>
}

// -----

// CHECK: error: ascir.indirect_load %g: index size 4 exceeds input size 3 on axis 1 (not dim)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: z1 = 3, 2: z2 = 4] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, 3], [3, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int64, [z0, z2], [2, 4], [4, 1]>
  %xl = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, 3], [3, 1]>
  %il = ascir.load %i : !ascir.tensor<int64, [z0, z2], [2, 4], [4, 1]>
  %g = ascir.indirect_load %xl, %il {dim = 0 : i64} : !ascir.tensor<float32, [z0, z2], [2, 4], [4, 1]>
}

// -----

// CHECK: error: unknown attribute 'offest' for ascir.load (expected one of: offset, pad_high, pad_low, pad_value)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x {offest = #ascir.expr<0>} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.reduce_sum %r: reduces no axis: its result view (axis=[z0, z1] repeats=[s0, s1] strides=[s1, 1]) keeps every axis of the operand view
// CHECK-SAME: e.g. to reduce 'z1' give the result repeats [s0, 1] and strides [1, 0] (Python API: y.size = [s0, 1]; y.strides = [1, 0] -- an unset y takes the view of x), or remove the node
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.reduce_sum %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %s = ascir.store %r : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// CHECK: error: ascir.reduce_min %r: reduces no axis
// CHECK-SAME: the operand has no axis of size != 1 to reduce: remove the node
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: z1 = 1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0, z1], [1, 1], [1, 1]>
  %l = ascir.load %x : !ascir.tensor<int32, [z0, z1], [1, 1], [1, 1]>
  %r = ascir.reduce_min %l : !ascir.tensor<int32, [z0, z1], [1, 1], [0, 0]>
  %s = ascir.store %r : !ascir.tensor<int32, [z0, z1], [1, 1], [1, 1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<int32, [z0, z1], [1, 1], [1, 1]>
}

// -----

// CHECK: error: ascir.store %s: the store feeds 2 GM tensors (%o, %p); a store writes exactly one ascir.output or ascir.workspace: give each output its own ascir.store of the value
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %p = ascir.output %s {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.store %s: the store writes no GM tensor: a store feeds exactly one ascir.output (or ascir.workspace); add the output it writes
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.store %s: a store copies a UB tensor to GM, but %w is the GM tensor ascir.workspace: ascir.load it first
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %w = ascir.workspace {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %w : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.output %o: an output is a result of the graph and is read by no node, but ascir.store %t uses it
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %t = ascir.store %o : !ascir.tensor<float32, [z0], [s0], [1]>
  %p = ascir.output %t {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

// -----

// CHECK: error: ascir.output %o: output view strides [1, 1] on repeats [s0, s1] map two logical elements to one GM address: axis 'z1' has stride 1 but needs at least s0 (1 + the span of the axes with smaller strides) to keep its elements apart; give every axis its own addresses, e.g. the row-major strides [s1, 1]
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [1, 1]>
}

// -----

// CHECK: error: ascir.store %s: store view strides [s1 - 1, 1] on repeats [s0, s1] map two logical elements to one GM address: axis 'z0' has stride s1 - 1 but needs at least s1
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1 - 1, 1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}

// -----

// CHECK: error: ascir.relu %r: sched lists axis 'z0' twice (positions 0 and 2 of [z0, z1, z0]); each loop axis appears once: remove the repeat
ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %l = ascir.load %x sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %r = ascir.relu %l sched [z0, z1, z0] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
}
