// RUN: ascir-opt %s -t ascendc | filecheck %s
// PipeBarrier<pipe> and the SetFlag/WaitFlag pair of a hardware event, each with its own
// event id from the pipe.

// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:           AscendC::PipeBarrier<PIPE_V>();
// CHECK-NEXT:      AscendC::PipeBarrier<PIPE_MTE2>();
// CHECK-NEXT:      AscendC::PipeBarrier<PIPE_MTE3>();
// CHECK-NEXT:      AscendC::PipeBarrier<PIPE_ALL>();
// CHECK-NEXT:      const int32_t event = static_cast<int32_t>(GetTPipePtr()->FetchEventID(AscendC::HardEvent::MTE2_V));
// CHECK-NEXT:      AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(event);
// CHECK-NEXT:      AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(event);
// CHECK-NEXT:      const int32_t event_1 = static_cast<int32_t>(GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_MTE3));
// CHECK-NEXT:      AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(event_1);
// CHECK-NEXT:      AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(event_1);
// CHECK:           AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(event_2);
// CHECK:           AscendC::SetFlag<AscendC::HardEvent::S_V>(event_3);
// CHECK:           AscendC::SetFlag<AscendC::HardEvent::V_S>(event_4);
// CHECK:           AscendC::SetFlag<AscendC::HardEvent::MTE2_S>(event_5);
// CHECK:           AscendC::SetFlag<AscendC::HardEvent::S_MTE3>(event_6);
// CHECK-NEXT:      AscendC::WaitFlag<AscendC::HardEvent::S_MTE3>(event_6);
// CHECK-NEXT:  }

builtin.module {
  ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64}
  ascendc.host_tiling() {
  ^bb0(%core_num: ui32, %ub_size: ui32):
  }
  ascendc.kernel @k(x, workspace) {
  ^bb0(%x: !ascendc.gm_addr, %ws: !ascendc.gm_addr, %t: !ascendc.tiling):
    %n = ascendc.tiling_get %t[n] : i64
    %bytes = arith.constant 8192 : i64
    %buf = ascendc.tbuf %bytes : !ascendc.tbuf<VECCALC>
    %c64 = arith.constant 64 : i64
    %a = ascendc.tbuf_get %buf, %c64, 0 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %b = ascendc.tbuf_get %buf, %c64, 256 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %c = ascendc.tbuf_get %buf, %c64, 512 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>
    %h = ascendc.tbuf_get %buf, %c64, 768 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f16>
    %i = ascendc.tbuf_get %buf, %c64, 1024 : !ascendc.tbuf<VECCALC> -> !ascendc.local<i32>
    %u = ascendc.tbuf_get %buf, %c64, 1280 : !ascendc.tbuf<VECCALC> -> !ascendc.local<ui32>
    %bits = ascendc.tbuf_get %buf, %c64, 1536 : !ascendc.tbuf<VECCALC> -> !ascendc.local<ui8>
    %offs = ascendc.tbuf_get %buf, %c64, 1792 : !ascendc.tbuf<VECCALC> -> !ascendc.local<ui32>
    %l64 = ascendc.tbuf_get %buf, %c64, 2048 : !ascendc.tbuf<VECCALC> -> !ascendc.local<i64>
    ascendc.pipe_barrier<PIPE_V>
    ascendc.pipe_barrier<PIPE_MTE2>
    ascendc.pipe_barrier<PIPE_MTE3>
    ascendc.pipe_barrier<PIPE_ALL>
    ascendc.sync<MTE2_V>
    ascendc.sync<V_MTE3>
    ascendc.sync<MTE3_MTE2>
    ascendc.sync<S_V>
    ascendc.sync<V_S>
    ascendc.sync<MTE2_S>
    ascendc.sync<S_MTE3>
  }
}
