// RUN: ascir-opt %s -p indirect-load-template-cases | filecheck %s
// XFAIL: *

// Known inconsistency: the SIMD forward move (MoveGatherForward) treats an Add with a
// scalar operand as a single-input op and moves it after the gather, then the SIMD
// template check (passes/indirect_templates.py, simd_supported) refuses the moved Add as
// "not a unary elementwise op" -- so gather(x + c) has no SIMD case, although stopping
// before the Add, or accepting it, would give one. Remove the XFAIL line when the move
// and the check agree.

// CHECK-LABEL: ascir.graph @scalar_add_simd hint
// CHECK-NOT:     rejected
// CHECK:         %st = ascir.store
ascir.graph @scalar_add hint sizes [] axes [0: a0 = 4, 1: a1 = 8, 2: b1 = 6] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %i = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [a0, b1], [4, 6], [6, 1]>
  %c = ascir.scalar {value = "1"} : !ascir.scalar<float32>
  %xl = ascir.load %x : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %il = ascir.load %i : !ascir.tensor<int32, [a0, b1], [4, 6], [6, 1]>
  %p = ascir.add %xl, %c : !ascir.tensor<float32, [a0, a1], [4, 8], [8, 1]>
  %g = ascir.indirect_load %p, %il {dim = 1 : i64} : !ascir.tensor<float32, [a0, b1], [4, 6], [6, 1]>
  %st = ascir.store %g : !ascir.tensor<float32, [a0, b1], [4, 6], [6, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [a0, b1], [4, 6], [6, 1]>
}
