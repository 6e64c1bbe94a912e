builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64}
  ascendc.host_tiling(n) {
  ^bb0(%n: i64, %core_num: ui32, %ub_size: ui32):
    ascendc.set_tiling n = %n : i64
    %0 = arith.constant 1 : i64
    ascendc.set_tiling block_dim = %0 : i64
    %1 = arith.constant 1 : i64
    ascendc.set_output block_dim = %1 : i64
    %2 = arith.constant 0 : i64
    ascendc.set_output workspace_size = %2 : i64
  }
  ascendc.simt_vf @gather_simt(x, index, out, n) launch_bound 256 {
  ^bb0(%x: !ascendc.gmptr<f32>, %index: !ascendc.gmptr<i64>, %out: !ascendc.gmptr<f32>, %n: i64):
    %tid = ascendc.simt.thread_idx
    %nthreads = ascendc.simt.thread_num
    scf.for %e = %tid to %n step %nthreads : i64 {
      %idx = ascendc.simt.gm_load %index[%e] : !ascendc.gmptr<i64> -> i64
      %value = ascendc.simt.gm_load %x[%idx] : !ascendc.gmptr<f32> -> f32
      ascendc.simt.gm_store %out[%e], %value : !ascendc.gmptr<f32>, f32
    }
  }
  ascendc.kernel @simt_gather(x, index, out, workspace) {
  ^bb0(%0: !ascendc.gm_addr, %1: !ascendc.gm_addr, %2: !ascendc.gm_addr, %3: !ascendc.gm_addr, %4: !ascendc.tiling):
    %n = ascendc.tiling_get %4[n] : i64
    %xp = ascendc.gm_ptr %0 : !ascendc.gmptr<f32>
    %ip = ascendc.gm_ptr %1 : !ascendc.gmptr<i64>
    %op = ascendc.gm_ptr %2 : !ascendc.gmptr<f32>
    ascendc.simt_call @gather_simt(%xp, %ip, %op, %n) threads 256 : !ascendc.gmptr<f32>, !ascendc.gmptr<i64>, !ascendc.gmptr<f32>, i64
  }
}
