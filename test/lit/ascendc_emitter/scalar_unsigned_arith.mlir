// RUN: ascir-opt %s -t ascendc | filecheck %s
// The unsigned arith ops work on the unsigned type of their width: divui, remui, minui,
// maxui, ceildivui, extui, uitofp, fptoui (a signless operand is cast; the result is
// converted back to its own type). Their signed twins keep the operands' type.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:           const int64_t divs = n / m;
// CHECK-NEXT:      const int64_t divu = static_cast<uint64_t>(n) / static_cast<uint64_t>(m);
// CHECK-NEXT:      const int64_t rems = n % m;
// CHECK-NEXT:      const int64_t remu = static_cast<uint64_t>(n) % static_cast<uint64_t>(m);
// CHECK-NEXT:      const int64_t mins = af::Min<int64_t>(n, m);
// CHECK-NEXT:      const int64_t minu = af::Min<uint64_t>(static_cast<uint64_t>(n), static_cast<uint64_t>(m));
// CHECK-NEXT:      const int64_t maxs = af::Max<int64_t>(n, m);
// CHECK-NEXT:      const int64_t maxu = af::Max<uint64_t>(static_cast<uint64_t>(n), static_cast<uint64_t>(m));
// CHECK-NEXT:      const int64_t ceils = af::CeilDiv<int64_t>(n, m);
// CHECK-NEXT:      const int64_t ceilu = af::CeilDiv<uint64_t>(static_cast<uint64_t>(n), static_cast<uint64_t>(m));
// CHECK-NEXT:      const int32_t n32 = static_cast<int32_t>(n);
// CHECK-NEXT:      const int64_t exts = static_cast<int64_t>(n32);
// CHECK-NEXT:      const int64_t extu = static_cast<int64_t>(static_cast<uint32_t>(n32));
// CHECK-NEXT:      const float tofs = static_cast<float>(n);
// CHECK-NEXT:      const float tofu = static_cast<float>(static_cast<uint64_t>(n));
// CHECK-NEXT:      const int64_t froms = static_cast<int64_t>(tofu);
// CHECK-NEXT:      const int64_t fromu = static_cast<int64_t>(static_cast<uint64_t>(tofu));
// a value typed ui32 is extended as it is
// CHECK-NEXT:      const int64_t keys = static_cast<int64_t>(key);
// flags: extui gives 1, extsi -1
// CHECK-NEXT:      const bool less = n < m;
// CHECK-NEXT:      const int64_t one = static_cast<int64_t>(less);
// CHECK-NEXT:      const int64_t minus_one = static_cast<int64_t>((-static_cast<int32_t>(less)));

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64, m : i64}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %n = ascendc.tiling_get %t[n] : i64
    %m = ascendc.tiling_get %t[m] : i64
    %key = ascendc.tiling_get %t[tiling_key] : ui32
    %divs = arith.divsi %n, %m : i64
    %divu = arith.divui %n, %m : i64
    %rems = arith.remsi %n, %m : i64
    %remu = arith.remui %n, %m : i64
    %mins = arith.minsi %n, %m : i64
    %minu = arith.minui %n, %m : i64
    %maxs = arith.maxsi %n, %m : i64
    %maxu = arith.maxui %n, %m : i64
    %ceils = arith.ceildivsi %n, %m : i64
    %ceilu = arith.ceildivui %n, %m : i64
    %n32 = arith.trunci %n : i64 to i32
    %exts = arith.extsi %n32 : i32 to i64
    %extu = arith.extui %n32 : i32 to i64
    %tofs = arith.sitofp %n : i64 to f32
    %tofu = arith.uitofp %n : i64 to f32
    %froms = arith.fptosi %tofu : f32 to i64
    %fromu = arith.fptoui %tofu : f32 to i64
    %keys = arith.extui %key : ui32 to i64
    %less = arith.cmpi slt, %n, %m : i64
    %one = arith.extui %less : i1 to i64
    %minus_one = arith.extsi %less : i1 to i64
  }
}
