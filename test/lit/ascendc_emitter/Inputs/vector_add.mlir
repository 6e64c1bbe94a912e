builtin.module {
  "ascendc.tiling_struct"() <{field_names = ["block_dim", "tiling_key", "n", "per_block", "tile"], field_types = [ui32, ui32, i64, i64, i64]}> : () -> ()
  "ascendc.host_tiling"() <{size_names = ["n"]}> ({
  ^bb0(%n: i64, %core_num: i32, %ub_size: i32):
    %0 = arith.constant 1 : i64
    %1 = arith.cmpi slt, %n, %0 : i64
    "ascendc.fail_if"(%1) <{code = #builtin.int<2>, reason = "n must be >= 1"}> : (i1) -> ()
    %2 = arith.extsi %core_num : i32 to i64
    %3 = arith.constant 0 : i64
    %4 = arith.cmpi eq, %2, %3 : i64
    "ascendc.fail_if"(%4) <{code = #builtin.int<100>, reason = "host tiling arithmetic (a quotient per_block) divides by zero with n={0}"}> : (i1) -> ()
    %per_block, %5 = "ascendc.checked_ceildivsi"(%n, %2) : (i64, i64) -> (i64, i1)
    "ascendc.fail_if"(%5) <{code = #builtin.int<101>, reason = "host tiling arithmetic (a quotient per_block) overflows int64 with n={0}"}> : (i1) -> ()
    %6 = arith.constant 8 : i64
    %7 = arith.ceildivsi %per_block, %6 : i64
    %8 = arith.constant 8 : i64
    %per_block_aligned, %9 = "ascendc.checked_muli"(%7, %8) : (i64, i64) -> (i64, i1)
    "ascendc.fail_if"(%9) <{code = #builtin.int<102>, reason = "host tiling arithmetic (a product per_block_aligned) overflows int64 with n={0}"}> : (i1) -> ()
    %10 = arith.constant 0 : i64
    %11 = arith.cmpi eq, %per_block_aligned, %10 : i64
    "ascendc.fail_if"(%11) <{code = #builtin.int<103>, reason = "host tiling arithmetic (a quotient blocks) divides by zero with n={0}"}> : (i1) -> ()
    %blocks, %12 = "ascendc.checked_ceildivsi"(%n, %per_block_aligned) : (i64, i64) -> (i64, i1)
    "ascendc.fail_if"(%12) <{code = #builtin.int<104>, reason = "host tiling arithmetic (a quotient blocks) overflows int64 with n={0}"}> : (i1) -> ()
    "ascendc.set_tiling"(%n) <{field = "n"}> : (i64) -> ()
    "ascendc.set_tiling"(%per_block_aligned) <{field = "per_block"}> : (i64) -> ()
    %13 = arith.constant 2048 : i64
    "ascendc.set_tiling"(%13) <{field = "tile"}> : (i64) -> ()
    "ascendc.set_tiling"(%blocks) <{field = "block_dim"}> : (i64) -> ()
    "ascendc.set_output"(%blocks) <{output = "block_dim"}> : (i64) -> ()
    %14 = arith.constant 0 : i64
    "ascendc.set_output"(%14) <{output = "workspace_size"}> : (i64) -> ()
  }) : () -> ()
  "ascendc.kernel"() <{sym_name = "vadd", arg_names = ["x", "y", "z", "workspace"]}> ({
  ^bb0(%0: !ascendc.gm_addr, %1: !ascendc.gm_addr, %2: !ascendc.gm_addr, %3: !ascendc.gm_addr, %4: !ascendc.tiling):
    %n = "ascendc.tiling_get"(%4) <{field = "n"}> : (!ascendc.tiling) -> i64
    %per_block = "ascendc.tiling_get"(%4) <{field = "per_block"}> : (!ascendc.tiling) -> i64
    %tile = "ascendc.tiling_get"(%4) <{field = "tile"}> : (!ascendc.tiling) -> i64
    %block_idx = "ascendc.block_idx"() : () -> i64
    %start = arith.muli %block_idx, %per_block : i64
    %5 = arith.subi %n, %start : i64
    %length = arith.minsi %5, %per_block : i64
    %xg = "ascendc.global_tensor"(%0, %start, %length) : (!ascendc.gm_addr, i64, i64) -> !ascendc.global<f32>
    %yg = "ascendc.global_tensor"(%1, %start, %length) : (!ascendc.gm_addr, i64, i64) -> !ascendc.global<f32>
    %zg = "ascendc.global_tensor"(%2, %start, %length) : (!ascendc.gm_addr, i64, i64) -> !ascendc.global<f32>
    %6 = arith.constant 4 : i64
    %7 = arith.muli %tile, %6 : i64
    %qx = "ascendc.que"(%7) <{num = #builtin.int<2>}> : (i64) -> !ascendc.que<"VECIN", #builtin.int<2>>
    %qy = "ascendc.que"(%7) <{num = #builtin.int<2>}> : (i64) -> !ascendc.que<"VECIN", #builtin.int<2>>
    %qz = "ascendc.que"(%7) <{num = #builtin.int<2>}> : (i64) -> !ascendc.que<"VECOUT", #builtin.int<2>>
    %8 = arith.constant 0 : i64
    scf.for %off = %8 to %length step %tile : i64 {
      %9 = arith.subi %length, %off : i64
      %count = arith.minsi %9, %tile : i64
      %10 = arith.constant 4 : i64
      %bytes = arith.muli %count, %10 : i64
      %xl = "ascendc.alloc"(%qx) : (!ascendc.que<"VECIN", #builtin.int<2>>) -> !ascendc.local<f32>
      %yl = "ascendc.alloc"(%qy) : (!ascendc.que<"VECIN", #builtin.int<2>>) -> !ascendc.local<f32>
      %11 = "ascendc.gslice"(%xg, %off) : (!ascendc.global<f32>, i64) -> !ascendc.global<f32>
      %12 = arith.constant 1 : i64
      %13 = arith.constant 0 : i64
      %14 = arith.constant 0 : i64
      "ascendc.data_copy_pad"(%xl, %11, %12, %bytes, %13, %14) : (!ascendc.local<f32>, !ascendc.global<f32>, i64, i64, i64, i64) -> ()
      %15 = "ascendc.gslice"(%yg, %off) : (!ascendc.global<f32>, i64) -> !ascendc.global<f32>
      %16 = arith.constant 1 : i64
      %17 = arith.constant 0 : i64
      %18 = arith.constant 0 : i64
      "ascendc.data_copy_pad"(%yl, %15, %16, %bytes, %17, %18) : (!ascendc.local<f32>, !ascendc.global<f32>, i64, i64, i64, i64) -> ()
      "ascendc.enque"(%qx, %xl) : (!ascendc.que<"VECIN", #builtin.int<2>>, !ascendc.local<f32>) -> ()
      "ascendc.enque"(%qy, %yl) : (!ascendc.que<"VECIN", #builtin.int<2>>, !ascendc.local<f32>) -> ()
      %xi = "ascendc.deque"(%qx) : (!ascendc.que<"VECIN", #builtin.int<2>>) -> !ascendc.local<f32>
      %yi = "ascendc.deque"(%qy) : (!ascendc.que<"VECIN", #builtin.int<2>>) -> !ascendc.local<f32>
      %zl = "ascendc.alloc"(%qz) : (!ascendc.que<"VECOUT", #builtin.int<2>>) -> !ascendc.local<f32>
      "ascendc.add"(%zl, %xi, %yi, %count) : (!ascendc.local<f32>, !ascendc.local<f32>, !ascendc.local<f32>, i64) -> ()
      "ascendc.enque"(%qz, %zl) : (!ascendc.que<"VECOUT", #builtin.int<2>>, !ascendc.local<f32>) -> ()
      "ascendc.free"(%qx, %xi) : (!ascendc.que<"VECIN", #builtin.int<2>>, !ascendc.local<f32>) -> ()
      "ascendc.free"(%qy, %yi) : (!ascendc.que<"VECIN", #builtin.int<2>>, !ascendc.local<f32>) -> ()
      %zo = "ascendc.deque"(%qz) : (!ascendc.que<"VECOUT", #builtin.int<2>>) -> !ascendc.local<f32>
      %19 = "ascendc.gslice"(%zg, %off) : (!ascendc.global<f32>, i64) -> !ascendc.global<f32>
      %20 = arith.constant 1 : i64
      %21 = arith.constant 0 : i64
      %22 = arith.constant 0 : i64
      "ascendc.data_copy_pad"(%19, %zo, %20, %bytes, %21, %22) : (!ascendc.global<f32>, !ascendc.local<f32>, i64, i64, i64, i64) -> ()
      "ascendc.free"(%qz, %zo) : (!ascendc.que<"VECOUT", #builtin.int<2>>, !ascendc.local<f32>) -> ()
    }
  }) : () -> ()
}
