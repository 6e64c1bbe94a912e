builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64, per_block : i64, tile : i64}
  ascendc.host_tiling(n) {
  ^bb0(%n: i64, %core_num: ui32, %ub_size: ui32):
    %0 = arith.constant 1 : i64
    %1 = arith.cmpi slt, %n, %0 : i64
    ascendc.fail_if %1 return 2 "n must be >= 1"
    %2 = arith.extui %core_num : ui32 to i64
    %3 = arith.constant 0 : i64
    %4 = arith.cmpi eq, %2, %3 : i64
    ascendc.fail_if %4 return 100 "host tiling arithmetic (a quotient per_block) divides by zero with n={0}"
    %per_block, %5 = ascendc.checked_ceildivsi %n, %2
    ascendc.fail_if %5 return 101 "host tiling arithmetic (a quotient per_block) overflows int64 with n={0}"
    %6 = arith.constant 8 : i64
    %7 = arith.ceildivsi %per_block, %6 : i64
    %8 = arith.constant 8 : i64
    %per_block_aligned, %9 = ascendc.checked_muli %7, %8
    ascendc.fail_if %9 return 102 "host tiling arithmetic (a product per_block_aligned) overflows int64 with n={0}"
    %10 = arith.constant 0 : i64
    %11 = arith.cmpi eq, %per_block_aligned, %10 : i64
    ascendc.fail_if %11 return 103 "host tiling arithmetic (a quotient blocks) divides by zero with n={0}"
    %blocks, %12 = ascendc.checked_ceildivsi %n, %per_block_aligned
    ascendc.fail_if %12 return 104 "host tiling arithmetic (a quotient blocks) overflows int64 with n={0}"
    ascendc.set_tiling n = %n : i64
    ascendc.set_tiling per_block = %per_block_aligned : i64
    %13 = arith.constant 2048 : i64
    ascendc.set_tiling tile = %13 : i64
    ascendc.set_tiling block_dim = %blocks : i64
    ascendc.set_output block_dim = %blocks : i64
    %14 = arith.constant 0 : i64
    ascendc.set_output workspace_size = %14 : i64
  }
  ascendc.kernel @vadd(x, y, z, workspace) {
  ^bb0(%0: !ascendc.gm_addr, %1: !ascendc.gm_addr, %2: !ascendc.gm_addr, %3: !ascendc.gm_addr, %4: !ascendc.tiling):
    %n = ascendc.tiling_get %4[n] : i64
    %per_block = ascendc.tiling_get %4[per_block] : i64
    %tile = ascendc.tiling_get %4[tile] : i64
    %block_idx = ascendc.block_idx
    %start = arith.muli %block_idx, %per_block : i64
    %5 = arith.subi %n, %start : i64
    %length = arith.minsi %5, %per_block : i64
    %xg = ascendc.global_tensor %0 + %start, %length : !ascendc.global<f32>
    %yg = ascendc.global_tensor %1 + %start, %length : !ascendc.global<f32>
    %zg = ascendc.global_tensor %2 + %start, %length : !ascendc.global<f32>
    %6 = arith.constant 4 : i64
    %7 = arith.muli %tile, %6 : i64
    %qx = ascendc.que 2, %7 : !ascendc.que<VECIN, 2>
    %qy = ascendc.que 2, %7 : !ascendc.que<VECIN, 2>
    %qz = ascendc.que 2, %7 : !ascendc.que<VECOUT, 2>
    %8 = arith.constant 0 : i64
    scf.for %off = %8 to %length step %tile : i64 {
      %9 = arith.subi %length, %off : i64
      %count = arith.minsi %9, %tile : i64
      %10 = arith.constant 4 : i64
      %bytes = arith.muli %count, %10 : i64
      %xl = ascendc.alloc %qx : !ascendc.que<VECIN, 2> -> !ascendc.local<f32>
      %yl = ascendc.alloc %qy : !ascendc.que<VECIN, 2> -> !ascendc.local<f32>
      %11 = ascendc.gslice %xg[%off] : !ascendc.global<f32>
      %12 = arith.constant 1 : i64
      %13 = arith.constant 0 : i64
      %14 = arith.constant 0 : i64
      ascendc.data_copy_pad %xl, %11, {%12, %bytes, %13, %14} : !ascendc.local<f32>, !ascendc.global<f32>
      %15 = ascendc.gslice %yg[%off] : !ascendc.global<f32>
      %16 = arith.constant 1 : i64
      %17 = arith.constant 0 : i64
      %18 = arith.constant 0 : i64
      ascendc.data_copy_pad %yl, %15, {%16, %bytes, %17, %18} : !ascendc.local<f32>, !ascendc.global<f32>
      ascendc.enque %qx, %xl : !ascendc.que<VECIN, 2>, !ascendc.local<f32>
      ascendc.enque %qy, %yl : !ascendc.que<VECIN, 2>, !ascendc.local<f32>
      %xi = ascendc.deque %qx : !ascendc.que<VECIN, 2> -> !ascendc.local<f32>
      %yi = ascendc.deque %qy : !ascendc.que<VECIN, 2> -> !ascendc.local<f32>
      %zl = ascendc.alloc %qz : !ascendc.que<VECOUT, 2> -> !ascendc.local<f32>
      ascendc.add %zl, %xi, %yi, %count : !ascendc.local<f32>
      ascendc.enque %qz, %zl : !ascendc.que<VECOUT, 2>, !ascendc.local<f32>
      ascendc.free %qx, %xi : !ascendc.que<VECIN, 2>, !ascendc.local<f32>
      ascendc.free %qy, %yi : !ascendc.que<VECIN, 2>, !ascendc.local<f32>
      %zo = ascendc.deque %qz : !ascendc.que<VECOUT, 2> -> !ascendc.local<f32>
      %19 = ascendc.gslice %zg[%off] : !ascendc.global<f32>
      %20 = arith.constant 1 : i64
      %21 = arith.constant 0 : i64
      %22 = arith.constant 0 : i64
      ascendc.data_copy_pad %19, %zo, {%20, %bytes, %21, %22} : !ascendc.global<f32>, !ascendc.local<f32>
      ascendc.free %qz, %zo : !ascendc.que<VECOUT, 2>, !ascendc.local<f32>
    }
  }
}
