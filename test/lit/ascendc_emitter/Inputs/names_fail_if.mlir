// A host tiling whose fail_if reason holds newlines, a trigraph and a trailing backslash:
// printed as one comment line (test/lit/ascendc_emitter/names.mlir).
builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64}
  ascendc.host_tiling(n) {
  ^bb0(%n: i64, %core_num: ui32, %ub_size: ui32):
    %one = arith.constant 1 : i64
    %small = arith.cmpi slt, %n, %one : i64
    ascendc.fail_if %small return 2 "n must be >= 1\0A    return 0; }\0Aint injected() { return 1; ??/\0A\5C"
    ascendc.set_tiling n = %n : i64
    ascendc.set_tiling block_dim = %one : i64
    ascendc.set_output block_dim = %one : i64
    %zero = arith.constant 0 : i64
    ascendc.set_output workspace_size = %zero : i64
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %n = ascendc.tiling_get %t[n] : i64
  }
}
