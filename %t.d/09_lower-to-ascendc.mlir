builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, s0 : i64, tile : i64, tiles_per_row : i64, total_tiles : i64, per_block : i64, slots : i64}
  ascendc.simd_vf @autofuse_dumped_vf_0(l, e_out, count) {
  ^bb0(%l: !ascendc.ubptr<f32>, %e_out: !ascendc.ubptr<f32>, %count: i64):
    %0 = arith.constant 64 : i64
    %iters = arith.ceildivsi %count, %0 : i64
    %1 = arith.constant 0 : i64
    %2 = arith.constant 1 : i64
    scf.for %i = %1 to %iters step %2 : i64 {
      %3 = arith.constant 64 : i64
      %off = arith.muli %i, %3 : i64
      %rem = arith.subi %count, %off : i64
      %l_in_r = ascendc.reg.load %l[%off] : !ascendc.ubptr<f32> -> !ascendc.reg<f32>
      %mask_float32 = ascendc.reg.update_mask<f32> %rem
      %r = ascendc.reg.exp %l_in_r, %mask_float32 : !ascendc.reg<f32>
      ascendc.reg.store %e_out[%off], %r, %mask_float32 : !ascendc.ubptr<f32>, !ascendc.reg<f32>
    }
  }
  ascendc.host_tiling(s0) {
  ^bb0(%s0: i64, %core_num: ui32, %ub_size: ui32):
    %0 = arith.constant 1 : i64
    %1 = arith.cmpi slt, %s0, %0 : i64
    ascendc.fail_if %1 return 2 "size s0 must be >= 1"
    ascendc.set_tiling s0 = %s0 : i64
    %2 = arith.constant 1 : i64
    %3 = arith.constant 0 : i64
    %4 = arith.constant 0 : i64
    %5 = arith.constant 1 : i64
    %6, %7 = ascendc.checked_subi %s0, %5
    ascendc.fail_if %7 return 100 "the GM extent of %x ((sum((repeat - 1) * stride) + 1) * 4 bytes) overflows int64 with s0={0}"
    %8 = arith.constant 1 : i64
    %9, %10 = ascendc.checked_addi %6, %8
    ascendc.fail_if %10 return 100 "the GM extent of %x ((sum((repeat - 1) * stride) + 1) * 4 bytes) overflows int64 with s0={0}"
    %11 = arith.constant 4 : i64
    %12, %13 = ascendc.checked_muli %9, %11
    ascendc.fail_if %13 return 100 "the GM extent of %x ((sum((repeat - 1) * stride) + 1) * 4 bytes) overflows int64 with s0={0}"
    %14 = arith.constant 0 : i64
    %15 = arith.constant 1 : i64
    %16, %17 = ascendc.checked_subi %s0, %15
    ascendc.fail_if %17 return 101 "the GM extent of %l ((offset + sum((repeat - 1) * stride) + 1) * 4 bytes) overflows int64 with s0={0}"
    %18 = arith.constant 1 : i64
    %19, %20 = ascendc.checked_addi %16, %18
    ascendc.fail_if %20 return 101 "the GM extent of %l ((offset + sum((repeat - 1) * stride) + 1) * 4 bytes) overflows int64 with s0={0}"
    %21 = arith.constant 4 : i64
    %22, %23 = ascendc.checked_muli %19, %21
    ascendc.fail_if %23 return 101 "the GM extent of %l ((offset + sum((repeat - 1) * stride) + 1) * 4 bytes) overflows int64 with s0={0}"
    %24 = arith.constant 1 : i64
    %25 = arith.extui %ub_size : ui32 to i64
    %26 = arith.constant 8 : i64
    %27 = arith.floordivsi %25, %26 : i64
    %28 = arith.constant 256 : i64
    %29 = arith.floordivsi %27, %28 : i64
    %30 = arith.constant 256 : i64
    %tile_fit, %31 = ascendc.checked_muli %29, %30
    ascendc.fail_if %31 return 102 "host tiling arithmetic (a product tile_fit) overflows int64 with s0={0}"
    %32 = arith.constant 256 : i64
    %33 = arith.ceildivsi %s0, %32 : i64
    %34 = arith.constant 256 : i64
    %tile_wanted, %35 = ascendc.checked_muli %33, %34
    ascendc.fail_if %35 return 103 "host tiling arithmetic (a product tile_wanted) overflows int64 with s0={0}"
    %36 = arith.minsi %tile_fit, %tile_wanted : i64
    %37 = arith.constant 1048576 : i64
    %tile = arith.minsi %36, %37 : i64
    %38 = arith.extui %core_num : ui32 to i64
    %39 = arith.minsi %24, %38 : i64
    %40 = arith.constant 0 : i64
    %41 = arith.cmpi eq, %39, %40 : i64
    ascendc.fail_if %41 return 104 "host tiling arithmetic (a quotient) divides by zero with s0={0}"
    %42, %43 = ascendc.checked_ceildivsi %38, %39
    ascendc.fail_if %43 return 105 "host tiling arithmetic (a quotient) overflows int64 with s0={0}"
    %44 = arith.constant 0 : i64
    %45 = arith.cmpi eq, %42, %44 : i64
    ascendc.fail_if %45 return 104 "host tiling arithmetic (a quotient) divides by zero with s0={0}"
    %46, %47 = ascendc.checked_ceildivsi %s0, %42
    ascendc.fail_if %47 return 105 "host tiling arithmetic (a quotient) overflows int64 with s0={0}"
    %48 = arith.constant 256 : i64
    %49 = arith.ceildivsi %46, %48 : i64
    %50 = arith.constant 256 : i64
    %51, %52 = ascendc.checked_muli %49, %50
    ascendc.fail_if %52 return 106 "host tiling arithmetic (a product) overflows int64 with s0={0}"
    %53 = arith.constant 512 : i64
    %54 = arith.maxsi %51, %53 : i64
    %tile_split = arith.minsi %tile, %54 : i64
    %55 = arith.constant 1 : i64
    %56 = arith.maxsi %tile_split, %55 : i64
    %57 = arith.constant 0 : i64
    %58 = arith.cmpi eq, %56, %57 : i64
    ascendc.fail_if %58 return 104 "host tiling arithmetic (a quotient) divides by zero with s0={0}"
    %59, %60 = ascendc.checked_ceildivsi %s0, %56
    ascendc.fail_if %60 return 105 "host tiling arithmetic (a quotient) overflows int64 with s0={0}"
    %61 = arith.extui %core_num : ui32 to i64
    %62 = arith.minsi %61, %59 : i64
    %63 = arith.constant 0 : i64
    %64 = arith.cmpi eq, %62, %63 : i64
    ascendc.fail_if %64 return 104 "host tiling arithmetic (a quotient) divides by zero with s0={0}"
    %65, %66 = ascendc.checked_ceildivsi %59, %62
    ascendc.fail_if %66 return 105 "host tiling arithmetic (a quotient) overflows int64 with s0={0}"
    %67 = arith.extui %ub_size : ui32 to i64
    %68 = arith.constant 16 : i64
    %69 = arith.floordivsi %67, %68 : i64
    %70 = arith.constant 256 : i64
    %71 = arith.floordivsi %69, %70 : i64
    %72 = arith.constant 256 : i64
    %tile_fit_1, %73 = ascendc.checked_muli %71, %72
    ascendc.fail_if %73 return 102 "host tiling arithmetic (a product tile_fit) overflows int64 with s0={0}"
    %74 = arith.constant 256 : i64
    %75 = arith.ceildivsi %s0, %74 : i64
    %76 = arith.constant 256 : i64
    %tile_wanted_1, %77 = ascendc.checked_muli %75, %76
    ascendc.fail_if %77 return 103 "host tiling arithmetic (a product tile_wanted) overflows int64 with s0={0}"
    %78 = arith.minsi %tile_fit_1, %tile_wanted_1 : i64
    %79 = arith.constant 1048576 : i64
    %tile_1 = arith.minsi %78, %79 : i64
    %80 = arith.extui %core_num : ui32 to i64
    %81 = arith.minsi %24, %80 : i64
    %82 = arith.constant 0 : i64
    %83 = arith.cmpi eq, %81, %82 : i64
    ascendc.fail_if %83 return 104 "host tiling arithmetic (a quotient) divides by zero with s0={0}"
    %84, %85 = ascendc.checked_ceildivsi %80, %81
    ascendc.fail_if %85 return 105 "host tiling arithmetic (a quotient) overflows int64 with s0={0}"
    %86 = arith.constant 0 : i64
    %87 = arith.cmpi eq, %84, %86 : i64
    ascendc.fail_if %87 return 104 "host tiling arithmetic (a quotient) divides by zero with s0={0}"
    %88, %89 = ascendc.checked_ceildivsi %s0, %84
    ascendc.fail_if %89 return 105 "host tiling arithmetic (a quotient) overflows int64 with s0={0}"
    %90 = arith.constant 256 : i64
    %91 = arith.ceildivsi %88, %90 : i64
    %92 = arith.constant 256 : i64
    %93, %94 = ascendc.checked_muli %91, %92
    ascendc.fail_if %94 return 106 "host tiling arithmetic (a product) overflows int64 with s0={0}"
    %95 = arith.constant 512 : i64
    %96 = arith.maxsi %93, %95 : i64
    %tile_split_1 = arith.minsi %tile_1, %96 : i64
    %97 = arith.constant 1 : i64
    %98 = arith.cmpi sgt, %65, %97 : i64
    %99 = arith.constant 1024 : i64
    %100 = arith.cmpi sge, %tile_split_1, %99 : i64
    %101 = arith.select %98, %100, %98 : i1
    %102 = arith.extui %core_num : ui32 to i64
    %103 = arith.constant 1 : i64
    %104 = arith.maxsi %tile_split_1, %103 : i64
    %105 = arith.constant 0 : i64
    %106 = arith.cmpi eq, %104, %105 : i64
    ascendc.fail_if %106 return 104 "host tiling arithmetic (a quotient) divides by zero with s0={0}"
    %107, %108 = ascendc.checked_ceildivsi %s0, %104
    ascendc.fail_if %108 return 105 "host tiling arithmetic (a quotient) overflows int64 with s0={0}"
    %109 = arith.minsi %102, %107 : i64
    %110 = arith.constant 4611686018427387904 : i64
    %111 = arith.constant 0 : i64
    %112 = arith.constant 6 : i64
    %113 = arith.constant 1 : i64
    %tile_cand, %tile_best, %tile_cost = scf.for %k = %111 to %112 step %113 iter_args(%tile_cand_1 = %tile_split_1, %tile_best_1 = %tile_split_1, %tile_cost_1 = %110) -> (i64, i64, i64) : i64 {
      %114 = arith.constant 0 : i64
      %115 = arith.constant 0 : i64
      %116 = arith.constant 4 : i64
      %117, %118 = ascendc.checked_muli %tile_cand_1, %116
      ascendc.fail_if %118 return 106 "host tiling arithmetic (a product) overflows int64 with s0={0}"
      %119 = arith.constant 256 : i64
      %120 = arith.cmpi sle, %tile_cand_1, %119 : i64
      %121 = arith.constant 13136 : i64
      %122 = arith.constant 0 : i64
      %123 = arith.cmpi eq, %109, %122 : i64
      ascendc.fail_if %123 return 104 "host tiling arithmetic (a quotient) divides by zero with s0={0}"
      %124 = arith.constant 6409 : i64
      %125, %126 = ascendc.checked_floordivsi %124, %109
      ascendc.fail_if %126 return 105 "host tiling arithmetic (a quotient) overflows int64 with s0={0}"
      %127, %128 = ascendc.checked_addi %121, %125
      ascendc.fail_if %128 return 107 "host tiling arithmetic (a sum) overflows int64 with s0={0}"
      %129 = arith.constant 1000 : i64
      %130, %131 = ascendc.checked_muli %117, %129
      ascendc.fail_if %131 return 106 "host tiling arithmetic (a product) overflows int64 with s0={0}"
      %132 = arith.constant 0 : i64
      %133 = arith.cmpi eq, %127, %132 : i64
      ascendc.fail_if %133 return 104 "host tiling arithmetic (a quotient) divides by zero with s0={0}"
      %134, %135 = ascendc.checked_ceildivsi %130, %127
      ascendc.fail_if %135 return 105 "host tiling arithmetic (a quotient) overflows int64 with s0={0}"
      %136 = arith.constant 160 : i64
      %137, %138 = ascendc.checked_addi %134, %136
      ascendc.fail_if %138 return 107 "host tiling arithmetic (a sum) overflows int64 with s0={0}"
      %139 = arith.constant 11829 : i64
      %140 = arith.constant 0 : i64
      %141 = arith.cmpi eq, %109, %140 : i64
      ascendc.fail_if %141 return 104 "host tiling arithmetic (a quotient) divides by zero with s0={0}"
      %142 = arith.constant 6616 : i64
      %143, %144 = ascendc.checked_floordivsi %142, %109
      ascendc.fail_if %144 return 105 "host tiling arithmetic (a quotient) overflows int64 with s0={0}"
      %145, %146 = ascendc.checked_addi %139, %143
      ascendc.fail_if %146 return 107 "host tiling arithmetic (a sum) overflows int64 with s0={0}"
      %147 = arith.constant 1000 : i64
      %148, %149 = ascendc.checked_muli %117, %147
      ascendc.fail_if %149 return 106 "host tiling arithmetic (a product) overflows int64 with s0={0}"
      %150 = arith.constant 0 : i64
      %151 = arith.cmpi eq, %145, %150 : i64
      ascendc.fail_if %151 return 104 "host tiling arithmetic (a quotient) divides by zero with s0={0}"
      %152, %153 = ascendc.checked_ceildivsi %148, %145
      ascendc.fail_if %153 return 105 "host tiling arithmetic (a quotient) overflows int64 with s0={0}"
      %154 = arith.constant 160 : i64
      %155, %156 = ascendc.checked_addi %152, %154
      ascendc.fail_if %156 return 107 "host tiling arithmetic (a sum) overflows int64 with s0={0}"
      %157 = arith.select %120, %137, %155 : i64
      %158 = arith.constant 4 : i64
      %159, %160 = ascendc.checked_muli %tile_cand_1, %158
      ascendc.fail_if %160 return 106 "host tiling arithmetic (a product) overflows int64 with s0={0}"
      %161 = arith.constant 11774 : i64
      %162 = arith.constant 0 : i64
      %163 = arith.cmpi eq, %109, %162 : i64
      ascendc.fail_if %163 return 104 "host tiling arithmetic (a quotient) divides by zero with s0={0}"
      %164 = arith.constant 10265 : i64
      %165, %166 = ascendc.checked_floordivsi %164, %109
      ascendc.fail_if %166 return 105 "host tiling arithmetic (a quotient) overflows int64 with s0={0}"
      %167, %168 = ascendc.checked_addi %161, %165
      ascendc.fail_if %168 return 107 "host tiling arithmetic (a sum) overflows int64 with s0={0}"
      %169 = arith.constant 1000 : i64
      %170, %171 = ascendc.checked_muli %159, %169
      ascendc.fail_if %171 return 106 "host tiling arithmetic (a product) overflows int64 with s0={0}"
      %172 = arith.constant 0 : i64
      %173 = arith.cmpi eq, %167, %172 : i64
      ascendc.fail_if %173 return 104 "host tiling arithmetic (a quotient) divides by zero with s0={0}"
      %174, %175 = ascendc.checked_ceildivsi %170, %167
      ascendc.fail_if %175 return 105 "host tiling arithmetic (a quotient) overflows int64 with s0={0}"
      %176 = arith.constant 160 : i64
      %177, %178 = ascendc.checked_addi %174, %176
      ascendc.fail_if %178 return 107 "host tiling arithmetic (a sum) overflows int64 with s0={0}"
      %179 = arith.constant 1 : i64
      %180 = arith.maxsi %tile_cand_1, %179 : i64
      %181 = arith.constant 0 : i64
      %182 = arith.cmpi eq, %180, %181 : i64
      ascendc.fail_if %182 return 104 "host tiling arithmetic (a quotient) divides by zero with s0={0}"
      %183, %184 = ascendc.checked_ceildivsi %s0, %180
      ascendc.fail_if %184 return 105 "host tiling arithmetic (a quotient) overflows int64 with s0={0}"
      %185 = arith.constant 0 : i64
      %186 = arith.cmpi eq, %109, %185 : i64
      ascendc.fail_if %186 return 104 "host tiling arithmetic (a quotient) divides by zero with s0={0}"
      %187, %188 = ascendc.checked_ceildivsi %183, %109
      ascendc.fail_if %188 return 105 "host tiling arithmetic (a quotient) overflows int64 with s0={0}"
      %189 = arith.constant 16777216 : i64
      %190 = arith.minsi %187, %189 : i64
      %191 = arith.constant 33 : i64
      %192 = arith.constant 4 : i64
      %193, %194 = ascendc.checked_muli %tile_cand_1, %192
      ascendc.fail_if %194 return 106 "host tiling arithmetic (a product) overflows int64 with s0={0}"
      %195 = arith.constant 256 : i64
      %196 = arith.ceildivsi %193, %195 : i64
      %197 = arith.constant 6 : i64
      %198, %199 = ascendc.checked_muli %196, %197
      ascendc.fail_if %199 return 106 "host tiling arithmetic (a product) overflows int64 with s0={0}"
      %200, %201 = ascendc.checked_addi %191, %198
      ascendc.fail_if %201 return 107 "host tiling arithmetic (a sum) overflows int64 with s0={0}"
      %202 = arith.constant 0 : i64
      %203 = arith.constant 0 : i64
      %204 = arith.cmpi eq, %202, %203 : i64
      %205, %206 = ascendc.checked_addi %157, %177
      ascendc.fail_if %206 return 107 "host tiling arithmetic (a sum) overflows int64 with s0={0}"
      %207, %208 = ascendc.checked_addi %205, %200
      ascendc.fail_if %208 return 107 "host tiling arithmetic (a sum) overflows int64 with s0={0}"
      %209 = arith.maxsi %157, %177 : i64
      %210 = arith.maxsi %209, %200 : i64
      %211 = arith.constant 1 : i64
      %212, %213 = ascendc.checked_subi %190, %211
      ascendc.fail_if %213 return 108 "host tiling arithmetic (a difference) overflows int64 with s0={0}"
      %214, %215 = ascendc.checked_muli %212, %210
      ascendc.fail_if %215 return 106 "host tiling arithmetic (a product) overflows int64 with s0={0}"
      %216, %217 = ascendc.checked_addi %207, %214
      ascendc.fail_if %217 return 107 "host tiling arithmetic (a sum) overflows int64 with s0={0}"
      %218, %219 = ascendc.checked_muli %190, %207
      ascendc.fail_if %219 return 106 "host tiling arithmetic (a product) overflows int64 with s0={0}"
      %220 = arith.select %204, %216, %218 : i64
      %221 = arith.cmpi slt, %220, %tile_cost_1 : i64
      %222 = arith.constant 512 : i64
      %223 = arith.floordivsi %tile_cand_1, %222 : i64
      %224 = arith.constant 256 : i64
      %225, %226 = ascendc.checked_muli %223, %224
      ascendc.fail_if %226 return 106 "host tiling arithmetic (a product) overflows int64 with s0={0}"
      %227 = arith.constant 1024 : i64
      %228 = arith.maxsi %225, %227 : i64
      %229 = arith.minsi %228, %tile_cand_1 : i64
      %230 = arith.select %221, %tile_cand_1, %tile_best_1 : i64
      %231 = arith.select %221, %220, %tile_cost_1 : i64
      scf.yield %229, %230, %231 : i64, i64, i64
    }
    %tile_slots = arith.select %101, %tile_best, %tile_split : i64
    %232 = arith.constant 2 : i64
    %233 = arith.constant 1 : i64
    %slots = arith.select %101, %232, %233 : i64
    ascendc.set_tiling slots = %slots : i64
    %234 = arith.constant 256 : i64
    %235 = arith.cmpi slt, %tile_slots, %234 : i64
    ascendc.fail_if %235 return 1 "even the smallest tile does not fit the UB"
    %236 = arith.constant 0 : i64
    %237 = arith.cmpi eq, %tile_slots, %236 : i64
    ascendc.fail_if %237 return 109 "host tiling arithmetic (a quotient tiles_per_row) divides by zero with s0={0}"
    %tiles_per_row, %238 = ascendc.checked_ceildivsi %s0, %tile_slots
    ascendc.fail_if %238 return 110 "host tiling arithmetic (a quotient tiles_per_row) overflows int64 with s0={0}"
    %239 = arith.extui %core_num : ui32 to i64
    %blocks = arith.minsi %239, %tiles_per_row : i64
    %240 = arith.constant 0 : i64
    %241 = arith.cmpi eq, %blocks, %240 : i64
    ascendc.fail_if %241 return 111 "host tiling arithmetic (a quotient per_block) divides by zero with s0={0}"
    %per_block, %242 = ascendc.checked_ceildivsi %tiles_per_row, %blocks
    ascendc.fail_if %242 return 112 "host tiling arithmetic (a quotient per_block) overflows int64 with s0={0}"
    %243 = arith.constant 0 : i64
    %244 = arith.cmpi eq, %per_block, %243 : i64
    ascendc.fail_if %244 return 113 "host tiling arithmetic (a quotient block_dim) divides by zero with s0={0}"
    %block_dim, %245 = ascendc.checked_ceildivsi %tiles_per_row, %per_block
    ascendc.fail_if %245 return 114 "host tiling arithmetic (a quotient block_dim) overflows int64 with s0={0}"
    ascendc.set_tiling tile = %tile_slots : i64
    ascendc.set_tiling tiles_per_row = %tiles_per_row : i64
    ascendc.set_tiling total_tiles = %tiles_per_row : i64
    ascendc.set_tiling per_block = %per_block : i64
    %246 = arith.constant 0 : i64
    %247 = arith.constant 0 : i64
    ascendc.set_tiling tiling_key = %246 : i64
    ascendc.set_tiling block_dim = %block_dim : i64
    ascendc.set_output block_dim = %block_dim : i64
    ascendc.set_output workspace_size = %247 : i64
  }
  ascendc.kernel @autofuse_dumped(in0, out0, workspace) {
  ^bb0(%0: !ascendc.gm_addr, %1: !ascendc.gm_addr, %2: !ascendc.gm_addr, %3: !ascendc.tiling):
    %slots = ascendc.tiling_get %3[slots] : i64
    %s0 = ascendc.tiling_get %3[s0] : i64
    %4 = arith.constant 0 : i64
    %gm_x = ascendc.global_tensor %0 + %4, %s0 : !ascendc.global<f32>
    %5 = arith.constant 0 : i64
    %gm_o = ascendc.global_tensor %1 + %5, %s0 : !ascendc.global<f32>
    %tile = ascendc.tiling_get %3[tile] : i64
    %6 = arith.constant 4 : i64
    %7 = arith.muli %tile, %6 : i64
    %8 = arith.constant 4 : i64
    %9 = arith.floordivsi %7, %8 : i64
    %10 = arith.constant 4 : i64
    %11 = arith.floordivsi %7, %10 : i64
    %12 = arith.muli %7, %slots : i64
    %13 = arith.muli %11, %slots : i64
    %ub_l = ascendc.tbuf %12 : !ascendc.tbuf<VECCALC>
    %l_ub = ascendc.tbuf_get %ub_l, %13, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %tile_1 = ascendc.tiling_get %3[tile] : i64
    %14 = arith.constant 4 : i64
    %15 = arith.muli %tile_1, %14 : i64
    %16 = arith.constant 4 : i64
    %17 = arith.floordivsi %15, %16 : i64
    %18 = arith.constant 4 : i64
    %19 = arith.floordivsi %15, %18 : i64
    %20 = arith.muli %15, %slots : i64
    %21 = arith.muli %19, %slots : i64
    %ub_e = ascendc.tbuf %20 : !ascendc.tbuf<VECCALC>
    %e_ub = ascendc.tbuf_get %ub_e, %21, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %tile_2 = ascendc.tiling_get %3[tile] : i64
    %tiles_per_row = ascendc.tiling_get %3[tiles_per_row] : i64
    %total_tiles = ascendc.tiling_get %3[total_tiles] : i64
    %per_block = ascendc.tiling_get %3[per_block] : i64
    %block_idx = ascendc.block_idx
    %first_tile = arith.muli %block_idx, %per_block : i64
    %22 = arith.addi %first_tile, %per_block : i64
    %last_tile = arith.minsi %22, %total_tiles : i64
    %ev_v_mte2 = ascendc.alloc_event<V_MTE2>
    %ev_v_mte2_1 = ascendc.alloc_event<V_MTE2>
    %ev_mte3_v = ascendc.alloc_event<MTE3_V>
    %ev_mte3_v_1 = ascendc.alloc_event<MTE3_V>
    ascendc.set_flag<V_MTE2> %ev_v_mte2
    ascendc.set_flag<V_MTE2> %ev_v_mte2_1
    ascendc.set_flag<MTE3_V> %ev_mte3_v
    ascendc.set_flag<MTE3_V> %ev_mte3_v_1
    %23 = arith.constant 1 : i64
    %24 = arith.constant 0 : i64
    %25 = arith.constant 1 : i64
    scf.for %t = %first_tile to %last_tile step %23 : i64 {
      %26 = arith.subi %t, %first_tile : i64
      %slot = arith.remsi %26, %slots : i64
      %27 = arith.constant 0 : i64
      %28 = arith.cmpi eq, %slot, %27 : i64
      %ev_v_mte2_2 = arith.select %28, %ev_v_mte2, %ev_v_mte2_1 : i64
      %ev_mte3_v_2 = arith.select %28, %ev_mte3_v, %ev_mte3_v_1 : i64
      ascendc.wait_flag<V_MTE2> %ev_v_mte2_2
      ascendc.wait_flag<MTE3_V> %ev_mte3_v_2
      %29 = arith.muli %slot, %11 : i64
      %30 = ascendc.lslice %l_ub[%29] size %11 : !ascendc.local<f32>
      %31 = arith.muli %slot, %19 : i64
      %32 = ascendc.lslice %e_ub[%31] size %19 : !ascendc.local<f32>
      %row = arith.floordivsi %t, %tiles_per_row : i64
      %33 = arith.muli %row, %tiles_per_row : i64
      %34 = arith.subi %t, %33 : i64
      %start = arith.muli %34, %tile_2 : i64
      %35 = arith.subi %s0, %start : i64
      %count = arith.minsi %35, %tile_2 : i64
      %36 = arith.subi %t, %first_tile : i64
      %37 = arith.cmpi slt, %36, %slots : i64
      %38 = arith.constant 1 : i64
      %39 = arith.cmpi sgt, %tiles_per_row, %38 : i64
      %reload = arith.select %37, %37, %39 : i1
      scf.if %reload {
        %40 = arith.muli %start, %25 : i64
        %41 = arith.addi %24, %40 : i64
        %42 = ascendc.gslice %gm_x[%41] : !ascendc.global<f32>
        %43 = arith.constant 4 : i64
        %44 = arith.muli %count, %43 : i64
        %45 = arith.constant 1 : i64
        %46 = arith.constant 0 : i64
        %47 = arith.constant 0 : i64
        ascendc.data_copy_pad %30, %42, {%45, %44, %46, %47} : !ascendc.local<f32>, !ascendc.global<f32>
        ascendc.sync<MTE2_V>
      }
      %48 = ascendc.phy_addr %30 : !ascendc.local<f32> -> !ascendc.ubptr<f32>
      %49 = ascendc.phy_addr %32 : !ascendc.local<f32> -> !ascendc.ubptr<f32>
      ascendc.vf_call @autofuse_dumped_vf_0(%48, %49, %count) : !ascendc.ubptr<f32>, !ascendc.ubptr<f32>, i64
      ascendc.sync<V_MTE3>
      %50 = arith.muli %start, %25 : i64
      %51 = arith.addi %24, %50 : i64
      %52 = ascendc.gslice %gm_o[%51] : !ascendc.global<f32>
      %53 = arith.constant 4 : i64
      %54 = arith.muli %count, %53 : i64
      %55 = arith.constant 1 : i64
      %56 = arith.constant 0 : i64
      %57 = arith.constant 0 : i64
      ascendc.data_copy_pad %52, %32, {%55, %54, %56, %57} : !ascendc.global<f32>, !ascendc.local<f32>
      ascendc.set_flag<V_MTE2> %ev_v_mte2_2
      ascendc.set_flag<MTE3_V> %ev_mte3_v_2
    }
    ascendc.wait_flag<V_MTE2> %ev_v_mte2
    ascendc.release_event<V_MTE2> %ev_v_mte2
    ascendc.wait_flag<V_MTE2> %ev_v_mte2_1
    ascendc.release_event<V_MTE2> %ev_v_mte2_1
    ascendc.wait_flag<MTE3_V> %ev_mte3_v
    ascendc.release_event<MTE3_V> %ev_mte3_v
    ascendc.wait_flag<MTE3_V> %ev_mte3_v_1
    ascendc.release_event<MTE3_V> %ev_mte3_v_1
  }
}
