// RUN: ascir-opt %s -p autofuse | filecheck %s
// RUN: ascir-opt %s -p autofuse -t ascendc | filecheck %s --check-prefix=CPP

// UB reuse by liveness (lowering/ub_reuse.py, issue 18): a 40-op chain is split into four
// VFs by the register limits (ascendc_emitter/target/vf_limits.py). The loaded %a and %b
// (filled by MTE2) and the stored %v39 (drained by MTE3) keep their own buffers; the VF
// results between the calls are vector-pipe only, and %v37 is written after %v13's last
// read, so they share one TBuf: five buffers, not six, whatever the chain's length.
// CHECK:       %ub_a = ascendc.tbuf
// CHECK-NEXT:  %a_ub = ascendc.tbuf_get %ub_a
// CHECK:       %ub_b = ascendc.tbuf
// CHECK:       %ub_v13 = ascendc.tbuf
// CHECK-NEXT:  %v13_ub = ascendc.tbuf_get %ub_v13
// CHECK:       %ub_v25 = ascendc.tbuf
// CHECK-NEXT:  %v25_ub = ascendc.tbuf_get %ub_v25
// CHECK-NOT:   ascendc.tbuf {{%}}
// CHECK:       %v37_ub = ascendc.tbuf_get %ub_v13
// CHECK:       %ub_v39 = ascendc.tbuf
// CHECK-NOT:   ascendc.tbuf {{%}}
// CHECK:       ascendc.vf_call @autofuse_chain_vf_0(
// CHECK:       ascendc.vf_call @autofuse_chain_vf_3(

// CPP-COUNT-5: pipe.InitBuffer(
// CPP-NOT:     pipe.InitBuffer(
!t = !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
builtin.module {
  ascir.graph @chain hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
    %x = ascir.data {index = 0 : i64} : !t
    %y = ascir.data {index = 1 : i64} : !t
    %a = ascir.load %x sched [z0, z1] {offset = #ascir.expr<0>} : !t
    %b = ascir.load %y sched [z0, z1] {offset = #ascir.expr<0>} : !t
    %v0 = ascir.add %a, %b sched [z0, z1] : !t
    %v1 = ascir.mul %v0, %b sched [z0, z1] : !t
    %v2 = ascir.maximum %v1, %b sched [z0, z1] : !t
    %v3 = ascir.sub %v2, %b sched [z0, z1] : !t
    %v4 = ascir.add %v3, %b sched [z0, z1] : !t
    %v5 = ascir.mul %v4, %b sched [z0, z1] : !t
    %v6 = ascir.maximum %v5, %b sched [z0, z1] : !t
    %v7 = ascir.sub %v6, %b sched [z0, z1] : !t
    %v8 = ascir.add %v7, %b sched [z0, z1] : !t
    %v9 = ascir.mul %v8, %b sched [z0, z1] : !t
    %v10 = ascir.maximum %v9, %b sched [z0, z1] : !t
    %v11 = ascir.sub %v10, %b sched [z0, z1] : !t
    %v12 = ascir.add %v11, %b sched [z0, z1] : !t
    %v13 = ascir.mul %v12, %b sched [z0, z1] : !t
    %v14 = ascir.maximum %v13, %b sched [z0, z1] : !t
    %v15 = ascir.sub %v14, %b sched [z0, z1] : !t
    %v16 = ascir.add %v15, %b sched [z0, z1] : !t
    %v17 = ascir.mul %v16, %b sched [z0, z1] : !t
    %v18 = ascir.maximum %v17, %b sched [z0, z1] : !t
    %v19 = ascir.sub %v18, %b sched [z0, z1] : !t
    %v20 = ascir.add %v19, %b sched [z0, z1] : !t
    %v21 = ascir.mul %v20, %b sched [z0, z1] : !t
    %v22 = ascir.maximum %v21, %b sched [z0, z1] : !t
    %v23 = ascir.sub %v22, %b sched [z0, z1] : !t
    %v24 = ascir.add %v23, %b sched [z0, z1] : !t
    %v25 = ascir.mul %v24, %b sched [z0, z1] : !t
    %v26 = ascir.maximum %v25, %b sched [z0, z1] : !t
    %v27 = ascir.sub %v26, %b sched [z0, z1] : !t
    %v28 = ascir.add %v27, %b sched [z0, z1] : !t
    %v29 = ascir.mul %v28, %b sched [z0, z1] : !t
    %v30 = ascir.maximum %v29, %b sched [z0, z1] : !t
    %v31 = ascir.sub %v30, %b sched [z0, z1] : !t
    %v32 = ascir.add %v31, %b sched [z0, z1] : !t
    %v33 = ascir.mul %v32, %b sched [z0, z1] : !t
    %v34 = ascir.maximum %v33, %b sched [z0, z1] : !t
    %v35 = ascir.sub %v34, %b sched [z0, z1] : !t
    %v36 = ascir.add %v35, %b sched [z0, z1] : !t
    %v37 = ascir.mul %v36, %b sched [z0, z1] : !t
    %v38 = ascir.maximum %v37, %b sched [z0, z1] : !t
    %v39 = ascir.sub %v38, %b sched [z0, z1] : !t
    %s = ascir.store %v39 sched [z0, z1] {offset = #ascir.expr<0>} : !t
    %o = ascir.output %s {index = 0 : i64} : !t
  }
}
