// RUN: ascir-opt %s -p autofuse -t ascendc | filecheck %s
// RUN: ascir-opt %s -p "autofuse{double_buffer=false}" -t ascendc | filecheck %s --check-prefix=DRAINED

// Double-buffered tile loop (issue 18; lowering/graph_lowering.py _pipelined_tiles): host
// tiling chooses one or two slots (two when a core gets several tiles and each slot keeps at
// least MIN_DOUBLE_TILE elements), every copied tensor's buffer holds `slots` tiles, tile t
// uses slot (t - first) % slots, and V_MTE2 / MTE3_V hand a slot between the pipes with one
// event id per slot: set once before the loop, waited at the top of each tile, set at its
// end, waited once after the loop (sets and waits balance).
// CHECK-LABEL: // ===== tiling.h =====
// CHECK:         int64_t slots;
// CHECK-LABEL: // ===== host_impl.cpp =====
// CHECK:         const bool [[BIG:.*]] = {{.*}} >= int64_t(1024);
// The double-buffered tile is chosen by the 950's costs (issue 36): the largest two slots
// hold and its halves, each a core's tiles through load / vector / store.
// CHECK:         int64_t tile_cand = [[MOST:tile_split_[0-9]+]];
// CHECK:         for (int64_t k = int64_t(0); k < int64_t(6); k += int64_t(1)) {
// CHECK:         const int64_t tile_slots = {{.*}} ? tile_best : {{.*}};
// CHECK:         const int64_t slots = [[TWO:.*]] ? int64_t(2) : int64_t(1);
// CHECK-NEXT:    tiling->slots = static_cast<decltype(tiling->slots)>(slots);
// CHECK-LABEL: // ===== device_impl.cpp =====
// CHECK:         const int64_t slots = tiling.slots;
// CHECK:         pipe.InitBuffer(ub_l0, static_cast<uint32_t>([[L0BYTES:v_[0-9]+]]));
// CHECK:         const int64_t [[EV0:ev_v_mte2]] = static_cast<int64_t>(GetTPipePtr()->AllocEventID<AscendC::HardEvent::V_MTE2>());
// CHECK-NEXT:    const int64_t [[EV1:ev_v_mte2_[0-9]+]] = static_cast<int64_t>(GetTPipePtr()->AllocEventID<AscendC::HardEvent::V_MTE2>());
// CHECK:         AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(static_cast<int32_t>([[EV0]]));
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(static_cast<int32_t>([[EV1]]));
// CHECK:         for (int64_t t = first_tile; t < last_tile; t += int64_t(1)) {
// CHECK:           const int64_t slot = {{.*}} % slots;
// CHECK:           const int64_t [[EV:ev_v_mte2_[0-9]+]] = {{.*}} ? [[EV0]] : [[EV1]];
// CHECK:           AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(static_cast<int32_t>([[EV]]));
// CHECK-NEXT:      AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(
// CHECK:           AscendC::LocalTensor<float> [[X0:v_[0-9]+]] = l0_ub[
// CHECK:           AscendC::DataCopyPad([[X0]], 
// CHECK:           AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(static_cast<int32_t>([[EV]]));
// CHECK-NEXT:      AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(
// CHECK-NEXT:    }
// CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(static_cast<int32_t>([[EV0]]));
// CHECK-NEXT:    GetTPipePtr()->ReleaseEventID<AscendC::HardEvent::V_MTE2>(static_cast<AscendC::TEventID>([[EV0]]));

// DRAINED-NOT:   slots
// DRAINED-NOT:   AllocEventID
// DRAINED:       AscendC::DataCopyPad({{v_[0-9]+}}, act_ub,
// DRAINED-NEXT:  FetchEventID(AscendC::HardEvent::MTE3_V)
// DRAINED-NEXT:  AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(
// DRAINED-NEXT:  AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(
builtin.module {
  ascir.graph @add_relu hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
    %x0 = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %x1 = ascir.data {index = 1 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %l0 = ascir.load %x0 sched [z0, z1] {offset = #ascir.expr<0>} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %l1 = ascir.load %x1 sched [z0, z1] {offset = #ascir.expr<0>} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %sum = ascir.add %l0, %l1 sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %act = ascir.relu %sum sched [z0, z1] : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %st = ascir.store %act sched [z0, z1] {offset = #ascir.expr<0>} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
    %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  }
}
