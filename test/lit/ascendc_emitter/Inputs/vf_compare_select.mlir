builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64}
  ascendc.host_tiling(n) {
  ^bb0(%n: i64, %core_num: ui32, %ub_size: ui32):
    %0 = arith.constant 4096 : i64
    %1 = arith.cmpi sgt, %n, %0 : i64
    ascendc.fail_if %1 return 1 "n exceeds the single UB tile"
    ascendc.set_tiling n = %n : i64
    %2 = arith.constant 1 : i64
    ascendc.set_tiling block_dim = %2 : i64
    %3 = arith.constant 1 : i64
    ascendc.set_output block_dim = %3 : i64
    %4 = arith.constant 0 : i64
    ascendc.set_output workspace_size = %4 : i64
  }
  ascendc.simd_vf @cmp_sel_vf(x, y, n, s) {
  ^bb0(%x: !ascendc.ubptr<f32>, %y: !ascendc.ubptr<f32>, %n: i64, %s: f32):
    %0 = arith.constant 0.000000e+00 : f32
    %1 = arith.constant 0 : i64
    %2 = arith.constant 64 : i64
    scf.for %i = %1 to %n step %2 : i64 {
      %3 = arith.subi %n, %i : i64
      %mask = ascendc.reg.update_mask<f32> %3
      %xr = ascendc.reg.load %x[%i] : !ascendc.ubptr<f32> -> !ascendc.reg<f32>
      %lt = ascendc.reg.compares<LT> %xr, %s, %mask : !ascendc.reg<f32>, f32
      %sum = ascendc.reg.adds %xr, %s, %mask : !ascendc.reg<f32>, f32
      %zeros = ascendc.reg.duplicate %0, %mask : f32 -> !ascendc.reg<f32>
      %out = ascendc.reg.select %sum, %zeros, %lt : !ascendc.reg<f32>
      ascendc.reg.store %y[%i], %out, %mask : !ascendc.ubptr<f32>, !ascendc.reg<f32>
    }
  }
  ascendc.kernel @vf_cmp_sel(x, y, workspace) {
  ^bb0(%0: !ascendc.gm_addr, %1: !ascendc.gm_addr, %2: !ascendc.gm_addr, %3: !ascendc.tiling):
    %n = ascendc.tiling_get %3[n] : i64
    %4 = arith.constant 0 : i64
    %xg = ascendc.global_tensor %0 + %4, %n : !ascendc.global<f32>
    %5 = arith.constant 0 : i64
    %yg = ascendc.global_tensor %1 + %5, %n : !ascendc.global<f32>
    %6 = arith.constant 32768 : i64
    %buf = ascendc.tbuf %6 : !ascendc.tbuf<VECCALC>
    %7 = arith.constant 4096 : i64
    %xl = ascendc.tbuf_get %buf, %7, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %8 = arith.constant 4096 : i64
    %yl = ascendc.tbuf_get %buf, %8, 16384 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %9 = arith.constant -1.000000e+00 : f32
    %10 = arith.constant 4096 : i64
    ascendc.duplicate %yl, %9, %10 : !ascendc.local<f32>, f32
    %11 = arith.constant 4 : i64
    %12 = arith.muli %n, %11 : i64
    %13 = arith.constant 1 : i64
    %14 = arith.constant 0 : i64
    %15 = arith.constant 0 : i64
    ascendc.data_copy_pad %xl, %xg, {%13, %12, %14, %15} : !ascendc.local<f32>, !ascendc.global<f32>
    ascendc.sync<MTE2_V>
    %threshold = arith.constant 3.000000e+00 : f32
    %xp = ascendc.phy_addr %xl : !ascendc.local<f32> -> !ascendc.ubptr<f32>
    %yp = ascendc.phy_addr %yl : !ascendc.local<f32> -> !ascendc.ubptr<f32>
    ascendc.vf_call @cmp_sel_vf(%xp, %yp, %n, %threshold) : !ascendc.ubptr<f32>, !ascendc.ubptr<f32>, i64, f32
    ascendc.sync<V_MTE3>
    %16 = arith.constant 4 : i64
    %17 = arith.muli %n, %16 : i64
    %18 = arith.constant 1 : i64
    %19 = arith.constant 0 : i64
    %20 = arith.constant 0 : i64
    ascendc.data_copy_pad %yg, %yl, {%18, %17, %19, %20} : !ascendc.global<f32>, !ascendc.local<f32>
  }
}
