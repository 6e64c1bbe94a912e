// Every op in its custom syntax prints back as written, and its generic form parses back
// to the same custom text (Inputs/all_ops.mlir holds every op of the dialect).
// RUN: ascir-opt %S/Inputs/all_ops.mlir > %t.custom.mlir
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
// CHECK-NEXT:    ascendc.sync<V_MTE3>
// CHECK-NEXT:    ascendc.vf_call @vf(%op, %wp, %c64, %s) : !ascendc.ubptr<f32>, !ascendc.ubptr<f32>, i64, f32
// CHECK:         ascendc.simt_call @gather(%xp, %ip, %yp, %n) threads 128 : !ascendc.gmptr<f32>, !ascendc.gmptr<i64>, !ascendc.gmptr<f32>, i64
// CHECK-NEXT:    ascendc.key_switch %key : ui32 case 0 {
// CHECK:       ascendc.kernel @stage(x, workspace) key 1 grid s1_block_dim routes(x, workspace + ws_off) {
// CHECK:       ascendc.launch_signature(x, y, workspace)

// GENERIC: "ascendc.compare"(%{{.*}}) <{mode = #ascendc<cmp_mode LT>}>
// GENERIC: "ascendc.select"(%{{.*}}) <{mode = #ascendc<sel_mode VSEL_TENSOR_SCALAR_MODE>}>
// GENERIC: "ascendc.pipe_barrier"() <{pipe = #ascendc<pipe PIPE_V>}>
// GENERIC: "ascendc.sync"() <{event = #ascendc<hard_event V_MTE3>}>
