// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s
// RUN: ascir-opt %S/Inputs/names_fail_if.mlir -t ascendc | filecheck %s --check-prefix=COMMENT

// Hand-written ascendc IR is refused when a name that reaches C++ is not a C identifier
// (ascendc_emitter/names.py): kernel and function symbols, callees, tiling fields,
// argument names. A fail_if reason is free text: it becomes one comment line.

// CHECK: error: ascendc.kernel: symbol 'x");system("id");//' is not a C identifier
"ascendc.kernel"() <{sym_name = "x\22);system(\22id\22);//", arg_names = ["x", "workspace"]}> ({
^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
}) : () -> ()

// -----

// CHECK: error: ascendc.simd_vf: symbol 'f\n#include <cstdlib>\nint y = std::system("id");\n' is not a C identifier
"ascendc.simd_vf"() <{sym_name = "f\0A#include <cstdlib>\0Aint y = std::system(\22id\22);\0A", arg_names = ["n"]}> ({
^bb0(%n: i64):
}) : () -> ()

// -----

// CHECK: error: ascendc.simt_vf: symbol 'g\xb2' is not a C identifier
"ascendc.simt_vf"() <{sym_name = "g²", arg_names = ["n"], launch_bound = #builtin.int<128>}> ({
^bb0(%n: i64):
}) : () -> ()

// -----

// CHECK: error: ascendc.vf_call: callee 'f-1' is not a C identifier
"ascendc.simd_vf"() <{sym_name = "f_1", arg_names = ["n"]}> ({
^bb0(%n: i64):
}) : () -> ()
"ascendc.kernel"() <{sym_name = "k", arg_names = ["x", "workspace"]}> ({
^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  %n = arith.constant 1 : i64
  "ascendc.vf_call"(%n) <{callee = @"f-1"}> : (i64) -> ()
}) : () -> ()

// -----

// CHECK: error: ascendc.vf_call: the callee must be a flat symbol reference, got @f::@g
"ascendc.kernel"() <{sym_name = "k", arg_names = ["x", "workspace"]}> ({
^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  "ascendc.vf_call"() <{callee = @f::@g}> : () -> ()
}) : () -> ()

// -----

// CHECK: error: ascendc.tiling_struct: field name 'int' is not a C identifier
"ascendc.tiling_struct"() <{field_names = ["block_dim", "tiling_key", "int"], field_types = [ui32, ui32, i64]}> : () -> ()

// -----

// CHECK: error: ascendc.tiling_get: field 'n;\n' is not a C identifier
"ascendc.kernel"() <{sym_name = "k", arg_names = ["x", "workspace"]}> ({
^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  %n = "ascendc.tiling_get"(%t) <{field = "n;\0A"}> : (!ascendc.tiling) -> i64
}) : () -> ()

// -----

// CHECK: error: ascendc.kernel: argument name 'x, int y' is not a C identifier
"ascendc.kernel"() <{sym_name = "k", arg_names = ["x, int y", "workspace"]}> ({
^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
}) : () -> ()

// -----

// CHECK: error: ascendc.kernel: symbol 'tiling' is a parameter name of the generated functions
"ascendc.kernel"() <{sym_name = "tiling", arg_names = ["x", "workspace"]}> ({
^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
}) : () -> ()

// COMMENT-LABEL: extern "C" int64_t AutofuseTiling(
// COMMENT:       if (small) return 2;  // n must be >= 1?    return 0; }?int injected() { return 1; ?./?.{{$}}
// COMMENT-NEXT:  tiling->n = static_cast<decltype(tiling->n)>(n);
// COMMENT-NOT:   {{^}}int injected
