// RUN: ascir-opt %s -t ascendc | filecheck %s
// UB buffers: queues (TQue, InitBuffer with a buffer count) with their alloc, EnQue, DeQue
// and FreeTensor, and TBuf with GetWithOffset; a kernel that has any declares the TPipe.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:       extern "C" __global__ __vector__ void k(GM_ADDR x, GM_ADDR workspace, AutofuseTilingData tiling) {
// CHECK-NEXT:      AscendC::TPipe pipe;
// CHECK-NEXT:      const int64_t bytes = tiling.bytes;
// CHECK-NEXT:      AscendC::TQue<AscendC::TPosition::VECIN, 2> qin;
// CHECK-NEXT:      pipe.InitBuffer(qin, 2, static_cast<uint32_t>(bytes));
// CHECK-NEXT:      AscendC::TQue<AscendC::TPosition::VECOUT, 1> qout;
// CHECK-NEXT:      pipe.InitBuffer(qout, 1, static_cast<uint32_t>(bytes));
// CHECK-NEXT:      AscendC::TBuf<AscendC::TPosition::VECCALC> calc;
// CHECK-NEXT:      pipe.InitBuffer(calc, static_cast<uint32_t>(bytes));
// CHECK-NEXT:      AscendC::LocalTensor<int32_t> a = qin.AllocTensor<int32_t>();
// CHECK-NEXT:      qin.EnQue(a);
// CHECK-NEXT:      AscendC::LocalTensor<int32_t> b = qin.DeQue<int32_t>();
// CHECK-NEXT:      AscendC::LocalTensor<float> w0 = calc.GetWithOffset<float>(static_cast<uint32_t>(int64_t(16)), 0);
// CHECK-NEXT:      AscendC::LocalTensor<bfloat16_t> w1 = calc.GetWithOffset<bfloat16_t>(static_cast<uint32_t>(int64_t(16)), 64);
// CHECK-NEXT:      AscendC::LocalTensor<int32_t> o = qout.AllocTensor<int32_t>();
// CHECK-NEXT:      qout.EnQue(o);
// CHECK-NEXT:      AscendC::LocalTensor<int32_t> od = qout.DeQue<int32_t>();
// CHECK-NEXT:      qout.FreeTensor(od);
// CHECK-NEXT:      qin.FreeTensor(b);
// CHECK-NEXT:  }

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, bytes : i64}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %bytes = ascendc.tiling_get %t[bytes] : i64
    %qin = ascendc.que 2, %bytes : !ascendc.que<VECIN, 2>
    %qout = ascendc.que 1, %bytes : !ascendc.que<VECOUT, 1>
    %calc = ascendc.tbuf %bytes : !ascendc.tbuf<VECCALC>
    %a = ascendc.alloc %qin : !ascendc.que<VECIN, 2> -> !ascendc.local<i32>
    ascendc.enque %qin, %a : !ascendc.que<VECIN, 2>, !ascendc.local<i32>
    %b = ascendc.deque %qin : !ascendc.que<VECIN, 2> -> !ascendc.local<i32>
    %c16 = arith.constant 16 : i64
    %w0 = ascendc.tbuf_get %calc, %c16, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %w1 = ascendc.tbuf_get %calc, %c16, 64 : !ascendc.tbuf<VECCALC> -> !ascendc.local<bf16>
    %o = ascendc.alloc %qout : !ascendc.que<VECOUT, 1> -> !ascendc.local<i32>
    ascendc.enque %qout, %o : !ascendc.que<VECOUT, 1>, !ascendc.local<i32>
    %od = ascendc.deque %qout : !ascendc.que<VECOUT, 1> -> !ascendc.local<i32>
    ascendc.free %qout, %od : !ascendc.que<VECOUT, 1>, !ascendc.local<i32>
    ascendc.free %qin, %b : !ascendc.que<VECIN, 2>, !ascendc.local<i32>
  }
}
