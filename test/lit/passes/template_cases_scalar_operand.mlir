// RUN: ascir-opt %s -p indirect-load-template-cases | filecheck %s

// The SIMD forward move and the SIMD check agree: an Add with a scalar operand is not an
// op of the SIMD template's unary chain, so the move leaves it before the gather and the
// SIMD case says why it is rejected; SIMT moves it and takes the case.

// CHECK-LABEL: ascir.graph @scalar_add_simd hint
// CHECK-SAME:    moved_after_gather = [], rejected = "SIMD: the input chain must be a load and unary elementwise ops"
// CHECK:         %p = ascir.add %xl, %c
// CHECK-NEXT:    %g = ascir.indirect_load %p, %il
// CHECK-LABEL: ascir.graph @scalar_add_simt hint
// CHECK-SAME:    moved_after_gather = ["p"]}
// CHECK:         %g = ascir.indirect_load %xl, %il
// CHECK-NEXT:    %p = ascir.add %g, %c
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
