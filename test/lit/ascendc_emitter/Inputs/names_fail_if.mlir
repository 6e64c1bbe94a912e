// A host tiling whose fail_if reason holds newlines, a trigraph and a trailing backslash:
// printed as one comment line (test/lit/ascendc_emitter/names.mlir).
builtin.module {
  "ascendc.tiling_struct"() <{field_names = ["block_dim", "tiling_key", "n"], field_types = [ui32, ui32, i64]}> : () -> ()
  "ascendc.host_tiling"() <{size_names = ["n"]}> ({
  ^bb0(%n: i64, %core_num: i32, %ub_size: i32):
    %one = arith.constant 1 : i64
    %small = arith.cmpi slt, %n, %one : i64
    "ascendc.fail_if"(%small) <{code = #builtin.int<2>, reason = "n must be >= 1\0A    return 0; }\0Aint injected() { return 1; ??/\0A\5C"}> : (i1) -> ()
    "ascendc.set_tiling"(%n) <{field = "n"}> : (i64) -> ()
    "ascendc.set_tiling"(%one) <{field = "block_dim"}> : (i64) -> ()
    "ascendc.set_output"(%one) <{output = "block_dim"}> : (i64) -> ()
    %zero = arith.constant 0 : i64
    "ascendc.set_output"(%zero) <{output = "workspace_size"}> : (i64) -> ()
  }) : () -> ()
  "ascendc.kernel"() <{sym_name = "k", arg_names = ["x", "workspace"]}> ({
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %n = "ascendc.tiling_get"(%t) <{field = "n"}> : (!ascendc.tiling) -> i64
  }) : () -> ()
}
