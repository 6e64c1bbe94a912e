// RUN: ascir-opt %s -p "autofuse{vf=false online_softmax=false}" | filecheck %s

// UB reuse across the cases of the tiling-key switch and the passes of a streamed
// reduction (lowering/ub_reuse.py, issue 18). Softmax on the root path: in the RESIDENT
// case each tensor is live once; in the STREAMING case %mb, %d, %e and %sb are recomputed
// chunk by chunk in the pass that uses them, each pass defining them before any read. So
// a buffer's live range splits at the passes and the cases, and %sb (defined after %mb's
// last use in every case and pass) takes %mb's TBuf. %e has no buffer of its own: it is
// written over %l's chunk (KernelPlan.in_place: nothing reads %l after it).
// CHECK-LABEL: ascendc.kernel @autofuse_softmax(
// CHECK:       %ub_l = ascendc.tbuf
// CHECK:       %ub_mb = ascendc.tbuf
// CHECK:       %ub_d = ascendc.tbuf
// CHECK-NOT:   %ub_e = ascendc.tbuf
// CHECK-NOT:   %ub_sb = ascendc.tbuf
// CHECK:       %sb_ub = ascendc.tbuf_get %ub_mb
// CHECK:       ascendc.key_switch
!t = !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
!r = !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
builtin.module {
  ascir.graph @softmax hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
    %x = ascir.data {index = 0 : i64} : !t
    %l = ascir.load %x : !t
    %m = ascir.reduce_max %l : !r
    %mb = ascir.broadcast %m : !t
    %d = ascir.sub %l, %mb : !t
    %e = ascir.exp %d : !t
    %s = ascir.reduce_sum %e : !r
    %sb = ascir.broadcast %s : !t
    %y = ascir.div %e, %sb : !t
    %st = ascir.store %y : !t
    %o = ascir.output %st {index = 0 : i64} : !t
  }
}
