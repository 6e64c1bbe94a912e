// RUN: ascir-opt %s -p vf-admission | filecheck %s

// vf-admission, register API dtypes (seed 000 FR10): an op whose register-level API has
// no variant for its dtype on arch 3510 (the SupportType tables of the devkit headers)
// stays at memory level, and the reason names the API and the C++ element type. Neg is
// Muls by -1, so it follows Muls' table.

// CHECK-LABEL: ascir.graph @float32 impl
// CHECK:       %e = ascir.exp %l {vf = "ok"}
// CHECK-NEXT:  %q = ascir.sqrt %l {vf = "ok"}
// CHECK-NEXT:  %a = ascir.abs %l {vf = "ok"}
// CHECK-NEXT:  %d = ascir.div %l, %l {vf = "ok"}
ascir.graph @float32 impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %q = ascir.sqrt %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %a = ascir.abs %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %d = ascir.div %l, %l : !ascir.tensor<float32, [z0], [s0], [1]>
}

// The same ops on bfloat16: Add is there, the transcendental and Div APIs are not.
// CHECK-LABEL: ascir.graph @bfloat16 impl
// CHECK:       %e = ascir.exp %l {vf = "rejected: AscendC::Reg::Exp has no bfloat16_t variant on arch 3510"}
// CHECK-NEXT:  %q = ascir.sqrt %l {vf = "rejected: AscendC::Reg::Sqrt has no bfloat16_t variant on arch 3510"}
// CHECK-NEXT:  %a = ascir.abs %l {vf = "rejected: AscendC::Reg::Abs has no bfloat16_t variant on arch 3510"}
// CHECK-NEXT:  %d = ascir.div %l, %l {vf = "rejected: AscendC::Reg::Div has no bfloat16_t variant on arch 3510"}
// CHECK-NEXT:  %s = ascir.add %l, %l {vf = "ok"}
ascir.graph @bfloat16 impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bfloat16, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<bfloat16, [z0], [s0], [1]>
  %e = ascir.exp %l : !ascir.tensor<bfloat16, [z0], [s0], [1]>
  %q = ascir.sqrt %l : !ascir.tensor<bfloat16, [z0], [s0], [1]>
  %a = ascir.abs %l : !ascir.tensor<bfloat16, [z0], [s0], [1]>
  %d = ascir.div %l, %l : !ascir.tensor<bfloat16, [z0], [s0], [1]>
  %s = ascir.add %l, %l : !ascir.tensor<bfloat16, [z0], [s0], [1]>
}

// 8- and 16-bit integers: Mul/Muls and Relu have no int8_t variant, Relu no int16_t one.
// CHECK-LABEL: ascir.graph @small_ints impl
// CHECK:       %m8 = ascir.mul %b, %b {vf = "rejected: AscendC::Reg::Mul has no int8_t variant on arch 3510"}
// CHECK-NEXT:  %n8 = ascir.neg %b {vf = "rejected: AscendC::Reg::Muls has no int8_t variant on arch 3510"}
// CHECK-NEXT:  %r8 = ascir.relu %b {vf = "rejected: AscendC::Reg::Relu has no int8_t variant on arch 3510"}
// CHECK-NEXT:  %a8 = ascir.add %b, %b {vf = "ok"}
// CHECK-NEXT:  %m16 = ascir.mul %w, %w {vf = "ok"}
// CHECK-NEXT:  %r16 = ascir.relu %w {vf = "rejected: AscendC::Reg::Relu has no int16_t variant on arch 3510"}
// CHECK-NEXT:  %mu8 = ascir.mul %u, %u {vf = "rejected: AscendC::Reg::Mul has no uint8_t variant on arch 3510"}
// CHECK-NEXT:  %mx8 = ascir.maximum %u, %u {vf = "ok"}
ascir.graph @small_ints impl sizes [s0] axes [0: z0 = s0] {
  %xb = ascir.data {index = 0 : i64} : !ascir.tensor<int8, [z0], [s0], [1]>
  %xw = ascir.data {index = 1 : i64} : !ascir.tensor<int16, [z0], [s0], [1]>
  %xu = ascir.data {index = 2 : i64} : !ascir.tensor<uint8, [z0], [s0], [1]>
  %b = ascir.load %xb : !ascir.tensor<int8, [z0], [s0], [1]>
  %w = ascir.load %xw : !ascir.tensor<int16, [z0], [s0], [1]>
  %u = ascir.load %xu : !ascir.tensor<uint8, [z0], [s0], [1]>
  %m8 = ascir.mul %b, %b : !ascir.tensor<int8, [z0], [s0], [1]>
  %n8 = ascir.neg %b : !ascir.tensor<int8, [z0], [s0], [1]>
  %r8 = ascir.relu %b : !ascir.tensor<int8, [z0], [s0], [1]>
  %a8 = ascir.add %b, %b : !ascir.tensor<int8, [z0], [s0], [1]>
  %m16 = ascir.mul %w, %w : !ascir.tensor<int16, [z0], [s0], [1]>
  %r16 = ascir.relu %w : !ascir.tensor<int16, [z0], [s0], [1]>
  %mu8 = ascir.mul %u, %u : !ascir.tensor<uint8, [z0], [s0], [1]>
  %mx8 = ascir.maximum %u, %u : !ascir.tensor<uint8, [z0], [s0], [1]>
}

// Ops computed at memory level whatever the dtype: integer floor division, remainder,
// TrueDiv and the logical ops (scalar loops), reductions, IndirectLoad.
// CHECK-LABEL: ascir.graph @memory_level impl
// CHECK:       %fd = ascir.floordiv %i, %i {vf = "rejected: ascir.floordiv has no register-level lowering (computed at memory level)"}
// CHECK-NEXT:  %rm = ascir.remainder %i, %i {vf = "rejected: ascir.remainder has no register-level lowering (computed at memory level)"}
// CHECK-NEXT:  %lt = ascir.lt %i, %i {vf = "ok"}
// CHECK-NEXT:  %an = ascir.logical_and %lt, %lt {vf = "rejected: ascir.logical_and has no register-level lowering (computed at memory level)"}
// CHECK-NEXT:  %or = ascir.logical_or %lt, %an {vf = "rejected: ascir.logical_or has no register-level lowering (computed at memory level)"}
// CHECK-NEXT:  %nt = ascir.logical_not %or {vf = "rejected: ascir.logical_not has no register-level lowering (computed at memory level)"}
// CHECK-NEXT:  %mx = ascir.reduce_max %i {vf = "rejected: reductions use the memory-level Reduce APIs"}
// CHECK-NEXT:  %g = ascir.indirect_load %i, %i {dim = 0 : i64, vf = "rejected: IndirectLoad runs in its own template (SIMD/SIMT/SK-like)"}
ascir.graph @memory_level impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %i = ascir.load %x : !ascir.tensor<int32, [z0], [s0], [1]>
  %fd = ascir.floordiv %i, %i : !ascir.tensor<int32, [z0], [s0], [1]>
  %rm = ascir.remainder %i, %i : !ascir.tensor<int32, [z0], [s0], [1]>
  %lt = ascir.lt %i, %i : !ascir.tensor<bool, [z0], [s0], [1]>
  %an = ascir.logical_and %lt, %lt : !ascir.tensor<bool, [z0], [s0], [1]>
  %or = ascir.logical_or %lt, %an : !ascir.tensor<bool, [z0], [s0], [1]>
  %nt = ascir.logical_not %or : !ascir.tensor<bool, [z0], [s0], [1]>
  %mx = ascir.reduce_max %i : !ascir.tensor<int32, [z0], [1], [0]>
  %g = ascir.indirect_load %i, %i {dim = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
}
