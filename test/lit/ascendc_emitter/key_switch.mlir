// RUN: ascir-opt %s -t ascendc | filecheck %s
// RUN: ascir-opt %s | ascir-opt | filecheck %s --check-prefix=IR
// switch on the tiling key: one case block per key (an empty case still breaks), default
// does nothing.

// IR:          ascendc.key_switch %key : ui32 case 3 {
// IR:          } case 0 {
// IR-NEXT:     } case 7 {

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:           const uint32_t key = tiling.tiling_key;
// CHECK-NEXT:      switch (key) {
// CHECK-NEXT:          case 3: {
// CHECK-NEXT:              const int64_t twice = n + n;
// CHECK-NEXT:              break;
// CHECK-NEXT:          }
// CHECK-NEXT:          case 0: {
// CHECK-NEXT:              break;
// CHECK-NEXT:          }
// CHECK-NEXT:          case 7: {
// CHECK-NEXT:              const int64_t thrice = n * int64_t(3);
// CHECK-NEXT:              break;
// CHECK-NEXT:          }
// CHECK-NEXT:          default:
// CHECK-NEXT:              break;
// CHECK-NEXT:      }

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %n = ascendc.tiling_get %t[n] : i64
    %key = ascendc.tiling_get %t[tiling_key] : ui32
    ascendc.key_switch %key : ui32 case 3 {
      %twice = arith.addi %n, %n : i64
    } case 0 {
    } case 7 {
      %three = arith.constant 3 : i64
      %thrice = arith.muli %n, %three : i64
    }
  }
}
