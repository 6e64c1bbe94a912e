builtin.module {
  "ascendc.tiling_struct"() <{field_names = ["block_dim", "tiling_key", "n"], field_types = [ui32, ui32, i64]}> : () -> ()
  "ascendc.host_tiling"() <{size_names = ["n"]}> ({
  ^bb0(%n: i64, %core_num: i32, %ub_size: i32):
    "ascendc.set_tiling"(%n) <{field = "n"}> : (i64) -> ()
    %0 = arith.constant 1 : i64
    "ascendc.set_tiling"(%0) <{field = "block_dim"}> : (i64) -> ()
    %1 = arith.constant 1 : i64
    "ascendc.set_output"(%1) <{output = "block_dim"}> : (i64) -> ()
    %2 = arith.constant 0 : i64
    "ascendc.set_output"(%2) <{output = "workspace_size"}> : (i64) -> ()
  }) : () -> ()
  "ascendc.simt_vf"() <{sym_name = "gather_simt", arg_names = ["x", "index", "out", "n"], launch_bound = #builtin.int<256>}> ({
  ^bb0(%x: !ascendc.gmptr<f32>, %index: !ascendc.gmptr<i64>, %out: !ascendc.gmptr<f32>, %n: i64):
    %tid = "ascendc.simt.thread_idx"() : () -> i64
    %nthreads = "ascendc.simt.thread_num"() : () -> i64
    scf.for %e = %tid to %n step %nthreads : i64 {
      %idx = "ascendc.simt.gm_load"(%index, %e) : (!ascendc.gmptr<i64>, i64) -> i64
      %value = "ascendc.simt.gm_load"(%x, %idx) : (!ascendc.gmptr<f32>, i64) -> f32
      "ascendc.simt.gm_store"(%out, %e, %value) : (!ascendc.gmptr<f32>, i64, f32) -> ()
    }
  }) : () -> ()
  "ascendc.kernel"() <{sym_name = "simt_gather", arg_names = ["x", "index", "out", "workspace"]}> ({
  ^bb0(%0: !ascendc.gm_addr, %1: !ascendc.gm_addr, %2: !ascendc.gm_addr, %3: !ascendc.gm_addr, %4: !ascendc.tiling):
    %n = "ascendc.tiling_get"(%4) <{field = "n"}> : (!ascendc.tiling) -> i64
    %xp = "ascendc.gm_ptr"(%0) : (!ascendc.gm_addr) -> !ascendc.gmptr<f32>
    %ip = "ascendc.gm_ptr"(%1) : (!ascendc.gm_addr) -> !ascendc.gmptr<i64>
    %op = "ascendc.gm_ptr"(%2) : (!ascendc.gm_addr) -> !ascendc.gmptr<f32>
    "ascendc.simt_call"(%xp, %ip, %op, %n) <{callee = @gather_simt, threads = #builtin.int<256>}> : (!ascendc.gmptr<f32>, !ascendc.gmptr<i64>, !ascendc.gmptr<f32>, i64) -> ()
  }) : () -> ()
}
