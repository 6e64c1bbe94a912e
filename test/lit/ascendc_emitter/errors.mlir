// RUN: not ascir-opt %S/../ascir_dialect/roundtrip.mlir -t ascendc 2>&1 | filecheck %s --check-prefix=GRAPH
// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// GRAPH: error: -t ascendc needs an ascendc-dialect kernel module; this input holds ascir graphs, which must be scheduled and lowered first

// CHECK: error: ascendc.lslice: misaligned UB slice: element offset 3 x 4 bytes is not a multiple of 32
"ascendc.kernel"() <{sym_name = "k", arg_names = ["x", "workspace"]}> ({
^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  %n = arith.constant 1024 : i64
  %b = "ascendc.tbuf"(%n) : (i64) -> !ascendc.tbuf<"VECCALC">
  %c = arith.constant 64 : i64
  %l = "ascendc.tbuf_get"(%b, %c) <{byte_offset = #builtin.int<0>}> : (!ascendc.tbuf<"VECCALC">, i64) -> !ascendc.local<f32>
  %o = arith.constant 3 : i64
  %s = "ascendc.lslice"(%l, %o) : (!ascendc.local<f32>, i64) -> !ascendc.local<f32>
}) : () -> ()

// -----

// CHECK: error: ascendc.add: operand element types differ (f32, f32, f16); insert a Cast
"ascendc.kernel"() <{sym_name = "k", arg_names = ["x", "workspace"]}> ({
^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  %n = arith.constant 4096 : i64
  %b = "ascendc.tbuf"(%n) : (i64) -> !ascendc.tbuf<"VECCALC">
  %c = arith.constant 64 : i64
  %f = "ascendc.tbuf_get"(%b, %c) <{byte_offset = #builtin.int<0>}> : (!ascendc.tbuf<"VECCALC">, i64) -> !ascendc.local<f32>
  %h = "ascendc.tbuf_get"(%b, %c) <{byte_offset = #builtin.int<256>}> : (!ascendc.tbuf<"VECCALC">, i64) -> !ascendc.local<f16>
  "ascendc.add"(%f, %f, %h, %c) : (!ascendc.local<f32>, !ascendc.local<f32>, !ascendc.local<f16>, i64) -> ()
}) : () -> ()

// -----

// CHECK: error: ascendc.reg.load: only valid inside an ascendc.simd_vf function
"ascendc.kernel"() <{sym_name = "k", arg_names = ["x", "workspace"]}> ({
^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  %n = arith.constant 4096 : i64
  %b = "ascendc.tbuf"(%n) : (i64) -> !ascendc.tbuf<"VECCALC">
  %c = arith.constant 64 : i64
  %f = "ascendc.tbuf_get"(%b, %c) <{byte_offset = #builtin.int<0>}> : (!ascendc.tbuf<"VECCALC">, i64) -> !ascendc.local<f32>
  %p = "ascendc.phy_addr"(%f) : (!ascendc.local<f32>) -> !ascendc.ubptr<f32>
  %r = "ascendc.reg.load"(%p, %c) : (!ascendc.ubptr<f32>, i64) -> !ascendc.reg<f32>
}) : () -> ()

// -----

// CHECK: error: ascendc.tiling_get: the tiling struct has no field 'm' (fields: block_dim, tiling_key, n)
"ascendc.tiling_struct"() <{field_names = ["block_dim", "tiling_key", "n"], field_types = [ui32, ui32, i64]}> : () -> ()
"ascendc.kernel"() <{sym_name = "k", arg_names = ["x", "workspace"]}> ({
^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  %m = "ascendc.tiling_get"(%t) <{field = "m"}> : (!ascendc.tiling) -> i64
}) : () -> ()

// -----

// PipeBarrier<PIPE_S> is a static_assert on the 950 (rule pipe-barrier-s).
// CHECK: error: ascendc.pipe_barrier: PipeBarrier<PIPE_S> does not exist on the 950 (impl/basic_api/kernel_reg.h:58-77 (static_assert))
"ascendc.kernel"() <{sym_name = "k", arg_names = ["x", "workspace"]}> ({
^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
  "ascendc.pipe_barrier"() <{pipe = #ascendc<pipe PIPE_S>}> : () -> ()
}) : () -> ()
