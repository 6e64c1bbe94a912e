// RUN: ascir-opt %s -p "autofuse{vf=false}" -t ascendc | filecheck %s
// Host tiling evaluates every size expression with checked int64 arithmetic (issue 14):
// `s0 mod (s1 - s0)` divides by zero when s0 = s1. Each step is an af::Checked* call whose
// flag returns the code of a message naming the expression, its use and the sizes; the
// messages are in AutofuseTilingError for the runtime ({k}: size argument k). The kernel
// evaluates the same steps on the same sizes, unchecked, only after host tiling returned 0.

// CHECK-LABEL: // ===== host_impl.cpp =====
// CHECK:           if ({{.*}}) return 2;  // size s1 must be >= 1
// CHECK:           const bool [[NEG:v_[0-9]+]]_overflow = af::CheckedMul(int64_t(-1), s0, &[[NEG]]);
// CHECK-NEXT:      if ([[NEG]]_overflow) return [[OVER:[0-9]+]];  // size expression 's0 mod (s1 - s0)' of the load offset of %l overflows int64 with s0={0}, s1={1}
// CHECK:           const bool [[DIVISOR:v_[0-9]+]]_overflow = af::CheckedAdd([[NEG]], s1, &[[DIVISOR]]);
// CHECK:           const bool [[ZERO:v_[0-9]+]] = [[DIVISOR]] == int64_t(0);
// CHECK-NEXT:      if ([[ZERO]]) return [[DIV0:[0-9]+]];  // size expression 's0 mod (s1 - s0)' of the load offset of %l divides by zero with s0={0}, s1={1}
// CHECK-NEXT:      int64_t [[Q:v_[0-9]+]];
// CHECK-NEXT:      const bool [[Q]]_overflow = af::CheckedFloorDiv(s0, [[DIVISOR]], &[[Q]]);
// CHECK-NEXT:      if ([[Q]]_overflow) return [[OVER]];
// CHECK:           const bool {{v_[0-9]+}}_overflow = af::CheckedMul([[Q]], [[DIVISOR]], &{{v_[0-9]+}});
// CHECK:           return 0;
// CHECK:       extern "C" const char* AutofuseTilingError(int64_t code) {
// CHECK-NEXT:      switch (code) {
// CHECK-NEXT:          case 1: return "even the smallest tile does not fit the UB";
// CHECK:               case [[OVER]]: return "size expression 's0 mod (s1 - s0)' of the load offset of %l overflows int64 with s0={0}, s1={1}";
// CHECK-NEXT:          case [[DIV0]]: return "size expression 's0 mod (s1 - s0)' of the load offset of %l divides by zero with s0={0}, s1={1}";
// CHECK:               default: break;
// CHECK-NEXT:      }
// CHECK-NEXT:      return nullptr;
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:           const int64_t [[KNEG:v_[0-9]+]] = int64_t(-1) * s0;
// CHECK:           const int64_t [[KDIV:v_[0-9]+]] = [[KNEG]] + s1;
// CHECK-NEXT:      const int64_t {{v_[0-9]+}} = af::FloorDiv<int64_t>(s0, [[KDIV]]);

builtin.module {
  ascir.graph @hostile hint sizes [s0, s1] axes [0: z0 = s0] {
    %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
    %l = ascir.load %x sched [z0] {offset = #ascir.expr<s0 mod (s1 - s0)>} : !ascir.tensor<float32, [z0], [s0], [1]>
    %st = ascir.store %l sched [z0] : !ascir.tensor<float32, [z0], [s0], [1]>
    %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  }
}
