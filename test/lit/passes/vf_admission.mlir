// RUN: ascir-opt %s --split-input-file -p vf-admission | filecheck %s

// One node per admission decision of seed 000 FR10 / AL-9.
// CHECK-LABEL: ascir.graph @decisions impl
// CHECK:       %x = ascir.data {index = 0 : i64}
// CHECK:       %l = ascir.load %x :
// CHECK:       %e = ascir.exp %l {vf = "ok"}
// CHECK:       %bad = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>, vf = "rejected: broadcast-baked Arange (axis 'z1' has stride 0 and size 8, AL-6)"}
// CHECK:       %probe = ascir.arange {base = #ascir.expr<0>, has_control_edges, step = #ascir.expr<1>, vf = "rejected: Arange with control edges"}
// CHECK:       %ok = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>, vf = "ok"}
// CHECK:       %i16 = ascir.cast %ok {vf = "rejected: int32_t -> int16_t saturates on arch 3510 where torch wraps (computed at memory level with the wrap, target.support.SATURATING_INT_CASTS)"}
// CHECK:       %i64 = ascir.cast %ok {vf = "rejected: 4->8-byte Cast needs two registers per value (RegTraitNumTwo)"}
// CHECK:       %f32 = ascir.cast %i64 {vf = "rejected: 8->4-byte Cast needs two registers per value (RegTraitNumTwo)"}
// CHECK:       %adds = ascir.add %c, %e {vf = "ok"}
// CHECK:       %muls = ascir.mul %e, %c {vf = "ok"}
// CHECK:       %lt = ascir.lt %e, %c {vf = "ok"}
// CHECK:       %sub = ascir.sub %c, %e {vf = "ok"}
// CHECK:       %b = ascir.broadcast %c {vf = "ok"}
// CHECK:       %s = ascir.reduce_sum %e {vf = "rejected: reductions use the memory-level Reduce APIs"}
ascir.graph @decisions impl sizes [s0] axes [0: z0 = 4, 1: z1 = 8] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [4, 8], [8, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0, z1], [4, 8], [8, 1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [z0, z1], [4, 8], [8, 1]>
  %bad = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [4, 8], [1, 0]>
  %probe = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>, has_control_edges} : !ascir.tensor<int32, [z0, z1], [4, 1], [1, 0]>
  %ok = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int32, [z0, z1], [4, 8], [8, 1]>
  %i16 = ascir.cast %ok : !ascir.tensor<int16, [z0, z1], [4, 8], [8, 1]>
  %i64 = ascir.cast %ok : !ascir.tensor<int64, [z0, z1], [4, 8], [8, 1]>
  %f32 = ascir.cast %i64 : !ascir.tensor<float32, [z0, z1], [4, 8], [8, 1]>
  %c = ascir.scalar {value = "2"} : !ascir.scalar<float32>
  %adds = ascir.add %c, %e : !ascir.tensor<float32, [z0, z1], [4, 8], [8, 1]>
  %muls = ascir.mul %e, %c : !ascir.tensor<float32, [z0, z1], [4, 8], [8, 1]>
  %lt = ascir.lt %e, %c : !ascir.tensor<uint8, [z0, z1], [4, 8], [8, 1]>
  %sub = ascir.sub %c, %e : !ascir.tensor<float32, [z0, z1], [4, 8], [8, 1]>
  %b = ascir.broadcast %c : !ascir.tensor<float32, [z0, z1], [4, 8], [8, 1]>
  %s = ascir.reduce_sum %e : !ascir.tensor<float32, [z0, z1], [4, 1], [1, 0]>
}

// -----

// CHECK-LABEL: ascir.graph @ub_fuse impl sizes [s0] axes [0: z0 = s0] ub_fuse_context {
// CHECK:       %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>, vf = "rejected: Arange in a UB-fuse context (DS-6)"}
ascir.graph @ub_fuse impl sizes [s0] axes [0: z0 = s0] ub_fuse_context {
  %a = ascir.arange {base = #ascir.expr<0>, step = #ascir.expr<1>} : !ascir.tensor<int64, [z0], [s0], [1]>
}

// -----

// Ops without a register-level lowering, and Casts outside the Reg::Cast table.
// CHECK-LABEL: ascir.graph @no_register_lowering impl
// CHECK:       %q = ascir.floordiv %l, %l {vf = "rejected: ascir.floordiv has no register-level lowering (computed at memory level)"}
// CHECK:       %r = ascir.remainder %l, %l {vf = "rejected: ascir.remainder has no register-level lowering
// CHECK:       %t = ascir.truediv %l, %l {vf = "rejected: ascir.truediv has no register-level lowering
// CHECK:       %f = ascir.cast %l {vf = "ok"}
// CHECK:       %h = ascir.cast %f {vf = "ok"}
// CHECK:       %i8 = ascir.cast %l {vf = "rejected: int32_t -> half is not a register-level Cast (Reg::Cast table)"}
// CHECK:       %m = ascir.cast %ul {vf = "ok"}
ascir.graph @no_register_lowering impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<int32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<int32, [z0], [s0], [1]>
  %q = ascir.floordiv %l, %l : !ascir.tensor<int32, [z0], [s0], [1]>
  %r = ascir.remainder %l, %l : !ascir.tensor<int32, [z0], [s0], [1]>
  %t = ascir.truediv %l, %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %f = ascir.cast %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %h = ascir.cast %f : !ascir.tensor<float16, [z0], [s0], [1]>
  %i8 = ascir.cast %l : !ascir.tensor<float16, [z0], [s0], [1]>
  %u = ascir.data {index = 1 : i64} : !ascir.tensor<uint8, [z0], [s0], [1]>
  %ul = ascir.load %u : !ascir.tensor<uint8, [z0], [s0], [1]>
  %m = ascir.cast %ul : !ascir.tensor<bool, [z0], [s0], [1]>
}

// -----

// Register APIs without a variant for the dtype (SupportType tables of arch 3510).
// CHECK-LABEL: ascir.graph @register_dtypes impl
// CHECK:       %e = ascir.exp %l {vf = "rejected: AscendC::Reg::Exp has no bfloat16_t variant on arch 3510"}
// CHECK:       %m = ascir.mul %l, %l {vf = "ok"}
// CHECK:       %n = ascir.neg %l {vf = "rejected: AscendC::Reg::Muls has no bfloat16_t variant on arch 3510"}
ascir.graph @register_dtypes impl sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<bfloat16, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<bfloat16, [z0], [s0], [1]>
  %e = ascir.exp %l : !ascir.tensor<bfloat16, [z0], [s0], [1]>
  %m = ascir.mul %l, %l : !ascir.tensor<bfloat16, [z0], [s0], [1]>
  %n = ascir.neg %l : !ascir.tensor<bfloat16, [z0], [s0], [1]>
}
