// RUN: ascir-opt %s -p vf-admission | filecheck %s

// vf-admission, Casts (seed 000 FR10): a Cast joins a VF only if it is a register-level
// Reg::Cast pair of arch 3510 and does not cross the 4/8-byte boundary (two registers per
// value, RegTraitNumTwo). Casts from or to bool are mask operations (Compares /
// Select), admitted whatever the other dtype.

// CHECK-LABEL: ascir.graph @casts impl
// CHECK:       %f16_f32 = ascir.cast %h {vf = "ok"}
// CHECK-NEXT:  %f32_f16 = ascir.cast %f {vf = "ok"}
// CHECK-NEXT:  %f32_bf16 = ascir.cast %f {vf = "ok"}
// CHECK-NEXT:  %bf16_f32 = ascir.cast %f32_bf16 {vf = "ok"}
// CHECK-NEXT:  %f32_i32 = ascir.cast %f {vf = "ok"}
// CHECK-NEXT:  %i32_f32 = ascir.cast %i {vf = "ok"}
// CHECK-NEXT:  %f16_i8 = ascir.cast %h {vf = "ok"}
// CHECK-NEXT:  %i8_f16 = ascir.cast %f16_i8 {vf = "ok"}
// CHECK-NEXT:  %i32_f16 = ascir.cast %i {vf = "rejected: int32_t -> half is not a register-level Cast (Reg::Cast table)"}
// CHECK-NEXT:  %u8_f32 = ascir.cast %u {vf = "rejected: uint8_t -> float is not a register-level Cast (Reg::Cast table)"}
// CHECK-NEXT:  %u8_i32 = ascir.cast %u {vf = "rejected: uint8_t -> int32_t is not a register-level Cast (Reg::Cast table)"}
// CHECK-NEXT:  %i32_i64 = ascir.cast %i {vf = "rejected: 4->8-byte Cast needs two registers per value (RegTraitNumTwo)"}
// CHECK-NEXT:  %f32_i64 = ascir.cast %f {vf = "rejected: 4->8-byte Cast needs two registers per value (RegTraitNumTwo)"}
// CHECK-NEXT:  %i64_f32 = ascir.cast %k {vf = "rejected: 8->4-byte Cast needs two registers per value (RegTraitNumTwo)"}
// CHECK-NEXT:  %u8_bool = ascir.cast %u {vf = "ok"}
// CHECK-NEXT:  %bool_f32 = ascir.cast %u8_bool {vf = "ok"}
// CHECK-NEXT:  %bool_i32 = ascir.cast %u8_bool {vf = "ok"}
ascir.graph @casts impl sizes [s0] axes [0: z0 = s0] {
  %xh = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0], [s0], [1]>
  %xf = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %xi = ascir.data {index = 2 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %xu = ascir.data {index = 3 : i64} : !ascir.tensor<uint8, [z0], [s0], [1]>
  %xk = ascir.data {index = 4 : i64} : !ascir.tensor<int64, [z0], [s0], [1]>
  %h = ascir.load %xh : !ascir.tensor<float16, [z0], [s0], [1]>
  %f = ascir.load %xf : !ascir.tensor<float32, [z0], [s0], [1]>
  %i = ascir.load %xi : !ascir.tensor<int32, [z0], [s0], [1]>
  %u = ascir.load %xu : !ascir.tensor<uint8, [z0], [s0], [1]>
  %k = ascir.load %xk : !ascir.tensor<int64, [z0], [s0], [1]>
  %f16_f32 = ascir.cast %h : !ascir.tensor<float32, [z0], [s0], [1]>
  %f32_f16 = ascir.cast %f : !ascir.tensor<float16, [z0], [s0], [1]>
  %f32_bf16 = ascir.cast %f : !ascir.tensor<bfloat16, [z0], [s0], [1]>
  %bf16_f32 = ascir.cast %f32_bf16 : !ascir.tensor<float32, [z0], [s0], [1]>
  %f32_i32 = ascir.cast %f : !ascir.tensor<int32, [z0], [s0], [1]>
  %i32_f32 = ascir.cast %i : !ascir.tensor<float32, [z0], [s0], [1]>
  %f16_i8 = ascir.cast %h : !ascir.tensor<int8, [z0], [s0], [1]>
  %i8_f16 = ascir.cast %f16_i8 : !ascir.tensor<float16, [z0], [s0], [1]>
  %i32_f16 = ascir.cast %i : !ascir.tensor<float16, [z0], [s0], [1]>
  %u8_f32 = ascir.cast %u : !ascir.tensor<float32, [z0], [s0], [1]>
  %u8_i32 = ascir.cast %u : !ascir.tensor<int32, [z0], [s0], [1]>
  %i32_i64 = ascir.cast %i : !ascir.tensor<int64, [z0], [s0], [1]>
  %f32_i64 = ascir.cast %f : !ascir.tensor<int64, [z0], [s0], [1]>
  %i64_f32 = ascir.cast %k : !ascir.tensor<float32, [z0], [s0], [1]>
  %u8_bool = ascir.cast %u : !ascir.tensor<bool, [z0], [s0], [1]>
  %bool_f32 = ascir.cast %u8_bool : !ascir.tensor<float32, [z0], [s0], [1]>
  %bool_i32 = ascir.cast %u8_bool : !ascir.tensor<int32, [z0], [s0], [1]>
}
