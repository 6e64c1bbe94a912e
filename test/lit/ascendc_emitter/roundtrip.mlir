// Every op of the dialect, written by hand in its custom syntax: it prints back as written,
// and its generic form parses back to the same custom text. (test/ascendc_emitter/
// test_dialect.py checks that every op class is here and that the printed text is this
// module's, comments aside.)
// RUN: ascir-opt %s > %t.custom.mlir
// RUN: ascir-opt %t.custom.mlir > %t.again.mlir
// RUN: ascir-opt %t.custom.mlir --print-op-generic > %t.generic.mlir
// RUN: ascir-opt %t.generic.mlir > %t.from_generic.mlir
// RUN: filecheck %s < %t.custom.mlir
// RUN: filecheck %s --check-prefix=GENERIC < %t.generic.mlir
// RUN: diff %t.custom.mlir %t.again.mlir
// RUN: diff %t.custom.mlir %t.from_generic.mlir

// CHECK:       ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64, s1_block_dim : ui32, ws_off : i64}
// CHECK-NEXT:  ascendc.host_tiling(n) {
// CHECK:         ascendc.fail_if %small return 2 "n must be >= 1"
// CHECK-NEXT:    %sum, %sum_overflow = ascendc.checked_addi %n, %one
// CHECK:         ascendc.set_tiling n = %c : i64
// CHECK:         ascendc.set_output block_dim = %one : i64
// CHECK:       ascendc.simd_vf @vf(x, y, n, s) {
// CHECK:           %mask = ascendc.reg.update_mask<f32> %rest
// CHECK-NEXT:      %all = ascendc.reg.create_mask<f32, ALL>
// CHECK-NEXT:      %a = ascendc.reg.load %x[%i] : !ascendc.ubptr<f32> -> !ascendc.reg<f32>
// CHECK:           %r6 = ascendc.reg.adds %r5, %s, %mask : !ascendc.reg<f32>, f32
// CHECK:           %lt = ascendc.reg.compares<LT> %r13, %s, %mask : !ascendc.reg<f32>, f32
// CHECK:           %h = ascendc.reg.cast<CAST_RINT> %sel, %eq : !ascendc.reg<f32> -> !ascendc.reg<f16>
// CHECK:         %h = ascendc.reg.load<DIST_UNPACK_B16> %p[%zero] : !ascendc.ubptr<f16> -> !ascendc.reg<f16>
// CHECK-NEXT:    ascendc.reg.store<DIST_PACK_B32> %p[%zero], %h, %mask : !ascendc.ubptr<f16>, !ascendc.reg<f16>
// CHECK:       ascendc.simt_vf @gather(x, index, out, n) launch_bound 256 {
// CHECK:         %qin = ascendc.que 2, %bytes : !ascendc.que<VECIN, 2>
// CHECK:         ascendc.data_copy_pad %a, %xs, {%c64, %bytes, %zero, %zero} pad -1.000000e+00 : f32 : !ascendc.local<f32>, !ascendc.global<f32>
// CHECK:         ascendc.add %o, %ai, %w, %c64 : !ascendc.local<f32>
// CHECK:         ascendc.cast %hl, %o, CAST_RINT, %c64 : !ascendc.local<f16>, !ascendc.local<f32>
// CHECK-NEXT:    ascendc.compare %bits, %o, %w, LT, %c64 : !ascendc.local<ui8>, !ascendc.local<f32>
// CHECK:         ascendc.pipe_barrier<PIPE_V>
// CHECK-NEXT:    ascendc.sync_all
// CHECK-NEXT:    ascendc.sync<V_MTE3>
// CHECK-NEXT:    %ev = ascendc.alloc_event<V_MTE2>
// CHECK-NEXT:    ascendc.set_flag<V_MTE2> %ev
// CHECK-NEXT:    ascendc.wait_flag<V_MTE2> %ev
// CHECK-NEXT:    ascendc.release_event<V_MTE2> %ev
// CHECK-NEXT:    ascendc.vf_call @vf(%op, %wp, %c64, %s) : !ascendc.ubptr<f32>, !ascendc.ubptr<f32>, i64, f32
// CHECK:         ascendc.simt_call @gather(%xp, %ip, %yp, %n) threads 128 : !ascendc.gmptr<f32>, !ascendc.gmptr<i64>, !ascendc.gmptr<f32>, i64
// CHECK-NEXT:    ascendc.key_switch %key : ui32 case 0 {
// CHECK:       ascendc.kernel @stage(x, workspace) key 1 grid s1_block_dim routes(x, workspace + ws_off) {
// CHECK:       ascendc.launch_signature(x, y, workspace)

// GENERIC: "ascendc.compare"(%{{.*}}) <{mode = #ascendc<cmp_mode LT>}>
// GENERIC: "ascendc.select"(%{{.*}}) <{mode = #ascendc<sel_mode VSEL_TENSOR_SCALAR_MODE>}>
// GENERIC: "ascendc.pipe_barrier"() <{pipe = #ascendc<pipe PIPE_V>}>
// GENERIC: "ascendc.sync_all"() : () -> ()
// GENERIC: "ascendc.sync"() <{event = #ascendc<hard_event V_MTE3>}>
// GENERIC: "ascendc.set_flag"(%{{.*}}) <{event = #ascendc<hard_event V_MTE2>}>

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64, s1_block_dim : ui32, ws_off : i64}
  ascendc.host_tiling(n) {
  ^bb0(%n: i64, %core_num: ui32, %ub_size: ui32):
    %one = arith.constant 1 : i64
    %small = arith.cmpi slt, %n, %one : i64
    ascendc.fail_if %small return 2 "n must be >= 1"
    %sum, %sum_overflow = ascendc.checked_addi %n, %one
    %diff, %diff_overflow = ascendc.checked_subi %sum, %one
    %prod, %prod_overflow = ascendc.checked_muli %diff, %n
    %q, %q_overflow = ascendc.checked_floordivsi %prod, %n
    %c, %c_overflow = ascendc.checked_ceildivsi %q, %n
    ascendc.fail_if %c_overflow return 100 "overflow"
    ascendc.set_tiling n = %c : i64
    ascendc.set_tiling block_dim = %one : i64
    ascendc.set_tiling s1_block_dim = %one : i64
    %zero = arith.constant 0 : i64
    ascendc.set_tiling ws_off = %zero : i64
    ascendc.set_output block_dim = %one : i64
    ascendc.set_output workspace_size = %zero : i64
  }
  ascendc.simd_vf @vf(x, y, n, s) {
  ^bb0(%x: !ascendc.ubptr<f32>, %y: !ascendc.ubptr<f32>, %n: i64, %s: f32):
    %zero = arith.constant 0 : i64
    %step = arith.constant 64 : i64
    %z = arith.constant 0.000000e+00 : f32
    scf.for %i = %zero to %n step %step : i64 {
      %rest = arith.subi %n, %i : i64
      %mask = ascendc.reg.update_mask<f32> %rest
      %all = ascendc.reg.create_mask<f32, ALL>
      %a = ascendc.reg.load %x[%i] : !ascendc.ubptr<f32> -> !ascendc.reg<f32>
      %b = ascendc.reg.load %y[%i] : !ascendc.ubptr<f32> -> !ascendc.reg<f32>
      %r0 = ascendc.reg.add %a, %b, %mask : !ascendc.reg<f32>
      %r1 = ascendc.reg.sub %r0, %b, %mask : !ascendc.reg<f32>
      %r2 = ascendc.reg.mul %r1, %b, %mask : !ascendc.reg<f32>
      %r3 = ascendc.reg.div %r2, %b, %mask : !ascendc.reg<f32>
      %r4 = ascendc.reg.max %r3, %b, %mask : !ascendc.reg<f32>
      %r5 = ascendc.reg.min %r4, %b, %mask : !ascendc.reg<f32>
      %r6 = ascendc.reg.adds %r5, %s, %mask : !ascendc.reg<f32>, f32
      %r7 = ascendc.reg.muls %r6, %s, %mask : !ascendc.reg<f32>, f32
      %r8 = ascendc.reg.maxs %r7, %s, %mask : !ascendc.reg<f32>, f32
      %r9 = ascendc.reg.mins %r8, %s, %mask : !ascendc.reg<f32>, f32
      %r10 = ascendc.reg.abs %r9, %mask : !ascendc.reg<f32>
      %r11 = ascendc.reg.exp %r10, %mask : !ascendc.reg<f32>
      %r12 = ascendc.reg.relu %r11, %mask : !ascendc.reg<f32>
      %r13 = ascendc.reg.sqrt %r12, %mask : !ascendc.reg<f32>
      %r14 = ascendc.reg.ln %r13, %mask : !ascendc.reg<f32>
      %r15 = ascendc.reg.log2 %r14, %mask : !ascendc.reg<f32>
      %r16 = ascendc.reg.leaky_relu %r15, %s, %mask : !ascendc.reg<f32>, f32
      %d = ascendc.reg.duplicate %z, %all : f32 -> !ascendc.reg<f32>
      %lt = ascendc.reg.compares<LT> %r13, %s, %mask : !ascendc.reg<f32>, f32
      %eq = ascendc.reg.compare<EQ> %r13, %d, %mask : !ascendc.reg<f32>
      %sel = ascendc.reg.select %r13, %d, %lt : !ascendc.reg<f32>
      %h = ascendc.reg.cast<CAST_RINT> %sel, %eq : !ascendc.reg<f32> -> !ascendc.reg<f16>
      %back = ascendc.reg.cast<CAST_NONE> %h, %mask : !ascendc.reg<f16> -> !ascendc.reg<f32>
      ascendc.reg.store %y[%i], %back, %mask : !ascendc.ubptr<f32>, !ascendc.reg<f32>
    }
  }
  ascendc.simd_vf @vf_dist(p, q) {
  ^bb0(%p: !ascendc.ubptr<f16>, %q: !ascendc.ubptr<i32>):
    %zero = arith.constant 0 : i64
    %start = arith.constant 0 : i32
    %mask = ascendc.reg.create_mask<i32, VL8>
    %h = ascendc.reg.load<DIST_UNPACK_B16> %p[%zero] : !ascendc.ubptr<f16> -> !ascendc.reg<f16>
    ascendc.reg.store<DIST_PACK_B32> %p[%zero], %h, %mask : !ascendc.ubptr<f16>, !ascendc.reg<f16>
    %ar = ascendc.reg.arange %start : i32 -> !ascendc.reg<i32>
    ascendc.reg.store %q[%zero], %ar, %mask : !ascendc.ubptr<i32>, !ascendc.reg<i32>
    %an = ascendc.reg.and %ar, %ar, %mask : !ascendc.reg<i32>
    %orr = ascendc.reg.or %an, %ar, %mask : !ascendc.reg<i32>
    %xr = ascendc.reg.xor %orr, %ar, %mask : !ascendc.reg<i32>
    %nt = ascendc.reg.not %xr, %mask : !ascendc.reg<i32>
    %ur = ascendc.reg.reinterpret %nt : !ascendc.reg<i32> -> !ascendc.reg<ui32>
    %sl = ascendc.reg.shift_left %ur, %ar, %mask : !ascendc.reg<ui32>, !ascendc.reg<i32> -> !ascendc.reg<ui32>
    %sr = ascendc.reg.shift_right %nt, %ar, %mask : !ascendc.reg<i32>, !ascendc.reg<i32> -> !ascendc.reg<i32>
    ascendc.reg.store %q[%zero], %sr, %mask : !ascendc.ubptr<i32>, !ascendc.reg<i32>
    %hf = ascendc.reg.truncate<CAST_FLOOR> %h, %mask : !ascendc.reg<f16>
    ascendc.reg.store<DIST_PACK_B32> %p[%zero], %hf, %mask : !ascendc.ubptr<f16>, !ascendc.reg<f16>
  }
  ascendc.simt_vf @gather(x, index, out, n) launch_bound 256 {
  ^bb0(%x: !ascendc.gmptr<f32>, %index: !ascendc.gmptr<i64>, %out: !ascendc.gmptr<f32>, %n: i64):
    %tid = ascendc.simt.thread_idx
    %threads = ascendc.simt.thread_num
    scf.for %e = %tid to %n step %threads : i64 {
      %idx = ascendc.simt.gm_load %index[%e] : !ascendc.gmptr<i64> -> i64
      ascendc.simt.check_index %idx, %n, "index of the gather"
      %v = ascendc.simt.gm_load %x[%idx] : !ascendc.gmptr<f32> -> f32
      ascendc.simt.gm_store %out[%e], %v : !ascendc.gmptr<f32>, f32
    }
  }
  ascendc.kernel @k_main(x, y, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %y: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %n = ascendc.tiling_get %t[n] : i64
    %key = ascendc.tiling_get %t[tiling_key] : ui32
    %b = ascendc.block_idx
    %zero = arith.constant 0 : i64
    %c64 = arith.constant 64 : i64
    %bytes = arith.constant 256 : i64
    %xg = ascendc.global_tensor %x + %zero, %n : !ascendc.global<f32>
    %yg = ascendc.global_tensor %y + %zero, %n : !ascendc.global<f32>
    %xs = ascendc.gslice %xg[%b] : !ascendc.global<f32>
    %qin = ascendc.que 2, %bytes : !ascendc.que<VECIN, 2>
    %qout = ascendc.que 1, %bytes : !ascendc.que<VECOUT, 1>
    %buf = ascendc.tbuf %bytes : !ascendc.tbuf<VECCALC>
    %a = ascendc.alloc %qin : !ascendc.que<VECIN, 2> -> !ascendc.local<f32>
    ascendc.data_copy_pad %a, %xs, {%c64, %bytes, %zero, %zero} pad -1.000000e+00 : f32 : !ascendc.local<f32>, !ascendc.global<f32>
    ascendc.enque %qin, %a : !ascendc.que<VECIN, 2>, !ascendc.local<f32>
    %ai = ascendc.deque %qin : !ascendc.que<VECIN, 2> -> !ascendc.local<f32>
    %o = ascendc.alloc %qout : !ascendc.que<VECOUT, 1> -> !ascendc.local<f32>
    %w = ascendc.tbuf_get %buf, %c64, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %bits = ascendc.tbuf_get %buf, %c64, 256 : !ascendc.tbuf<VECCALC> -> !ascendc.local<ui8>
    %offs = ascendc.tbuf_get %buf, %c64, 512 : !ascendc.tbuf<VECCALC> -> !ascendc.local<ui32>
    %hl = ascendc.tbuf_get %buf, %c64, 768 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f16>
    %s = arith.constant 2.000000e+00 : f32
    ascendc.add %o, %ai, %w, %c64 : !ascendc.local<f32>
    ascendc.sub %o, %o, %w, %c64 : !ascendc.local<f32>
    ascendc.mul %o, %o, %w, %c64 : !ascendc.local<f32>
    ascendc.div %o, %o, %w, %c64 : !ascendc.local<f32>
    ascendc.max %o, %o, %w, %c64 : !ascendc.local<f32>
    ascendc.min %o, %o, %w, %c64 : !ascendc.local<f32>
    ascendc.and %offs, %offs, %offs, %c64 : !ascendc.local<ui32>
    ascendc.adds %o, %o, %s, %c64 : !ascendc.local<f32>, f32
    ascendc.muls %o, %o, %s, %c64 : !ascendc.local<f32>, f32
    ascendc.maxs %o, %o, %s, %c64 : !ascendc.local<f32>, f32
    ascendc.mins %o, %o, %s, %c64 : !ascendc.local<f32>, f32
    ascendc.abs %o, %o, %c64 : !ascendc.local<f32>
    ascendc.exp %o, %o, %c64 : !ascendc.local<f32>
    ascendc.relu %o, %o, %c64 : !ascendc.local<f32>
    ascendc.sqrt %o, %o, %c64 : !ascendc.local<f32>
    ascendc.ln %o, %o, %c64 : !ascendc.local<f32>
    ascendc.rsqrt %o, %o, %c64 : !ascendc.local<f32>
    ascendc.reciprocal %o, %o, %c64 : !ascendc.local<f32>
    ascendc.leaky_relu %o, %o, %s, %c64 : !ascendc.local<f32>, f32
    ascendc.reduce_sum %o, %o, %w, %c64 : !ascendc.local<f32>
    ascendc.reduce_max %o, %o, %w, %c64 : !ascendc.local<f32>
    ascendc.reduce_min %o, %o, %w, %c64 : !ascendc.local<f32>
    ascendc.duplicate %w, %s, %c64 : !ascendc.local<f32>, f32
    ascendc.cast %hl, %o, CAST_RINT, %c64 : !ascendc.local<f16>, !ascendc.local<f32>
    ascendc.compare %bits, %o, %w, LT, %c64 : !ascendc.local<ui8>, !ascendc.local<f32>
    ascendc.compares %bits, %o, %s, GE, %c64 : !ascendc.local<ui8>, !ascendc.local<f32>, f32
    ascendc.select %o, %bits, %o, %s, VSEL_TENSOR_SCALAR_MODE, %c64 : !ascendc.local<f32>, !ascendc.local<ui8>, f32
    ascendc.select %o, %bits, %o, %w, VSEL_TENSOR_TENSOR_MODE, %c64 : !ascendc.local<f32>, !ascendc.local<ui8>, !ascendc.local<f32>
    ascendc.gather %o, %w, %offs, %zero, %c64 : !ascendc.local<f32>, !ascendc.local<ui32>
    %v = ascendc.get_value %o[%zero] : !ascendc.local<f32> -> f32
    ascendc.set_value %w[%zero], %v : !ascendc.local<f32>, f32
    %os = ascendc.lslice %o[%zero] size %c64 : !ascendc.local<f32>
    %oi = ascendc.reinterpret %os : !ascendc.local<f32> -> !ascendc.local<i32>
    ascendc.or %offs, %offs, %offs, %c64 : !ascendc.local<ui32>
    ascendc.not %offs, %offs, %c64 : !ascendc.local<ui32>
    ascendc.shift_left %offs, %offs, %oi, %c64 : !ascendc.local<ui32>, !ascendc.local<ui32>, !ascendc.local<i32>
    ascendc.shift_right %offs, %offs, %oi, %c64 : !ascendc.local<ui32>, !ascendc.local<ui32>, !ascendc.local<i32>
    ascendc.truncate %o, %o, CAST_FLOOR, %c64 : !ascendc.local<f32>
    %op = ascendc.phy_addr %o : !ascendc.local<f32> -> !ascendc.ubptr<f32>
    %wp = ascendc.phy_addr %w : !ascendc.local<f32> -> !ascendc.ubptr<f32>
    ascendc.pipe_barrier<PIPE_V>
    ascendc.sync_all
    ascendc.sync<V_MTE3>
    %ev = ascendc.alloc_event<V_MTE2>
    ascendc.set_flag<V_MTE2> %ev
    ascendc.wait_flag<V_MTE2> %ev
    ascendc.release_event<V_MTE2> %ev
    ascendc.vf_call @vf(%op, %wp, %c64, %s) : !ascendc.ubptr<f32>, !ascendc.ubptr<f32>, i64, f32
    %xp = ascendc.gm_ptr %x : !ascendc.gmptr<f32>
    %ip = ascendc.gm_ptr %ws : !ascendc.gmptr<i64>
    %yp = ascendc.gm_ptr %y : !ascendc.gmptr<f32>
    ascendc.simt_call @gather(%xp, %ip, %yp, %n) threads 128 : !ascendc.gmptr<f32>, !ascendc.gmptr<i64>, !ascendc.gmptr<f32>, i64
    ascendc.key_switch %key : ui32 case 0 {
      ascendc.enque %qout, %o : !ascendc.que<VECOUT, 1>, !ascendc.local<f32>
      %oo = ascendc.deque %qout : !ascendc.que<VECOUT, 1> -> !ascendc.local<f32>
      ascendc.data_copy_pad %yg, %oo, {%c64, %bytes, %zero, %zero} : !ascendc.global<f32>, !ascendc.local<f32>
      ascendc.free %qout, %oo : !ascendc.que<VECOUT, 1>, !ascendc.local<f32>
    } case 1 {
      ascendc.data_copy %yg, %o, %c64 : !ascendc.global<f32>, !ascendc.local<f32>
    }
    ascendc.free %qin, %ai : !ascendc.que<VECIN, 2>, !ascendc.local<f32>
  }
  ascendc.kernel @stage(x, workspace) key 1 grid s1_block_dim routes(x, workspace + ws_off) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %n = ascendc.tiling_get %t[n] : i64
    %zero = arith.constant 0 : i64
    %xg = ascendc.global_tensor %x + %zero, %n : !ascendc.global<f32>
    %bytes = arith.constant 2048 : i64
    %buf = ascendc.tbuf %bytes : !ascendc.tbuf<VECCALC>
    %l = ascendc.tbuf_get %buf, %n, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    ascendc.data_copy_pad %l, %xg, {%n, %n, %zero, %zero} compact : !ascendc.local<f32>, !ascendc.global<f32>
  }
  ascendc.launch_signature(x, y, workspace)
}
