// The platform is an option of the pipeline (CompileOptions.platform): core_num and ub_size
// plan the kernel for another part; a graph that cannot fit the UB is refused where it is
// lowered, and a UB size the 950 cannot hold is refused where the options are built.
// RUN: not ascir-opt %S/../lowering/reductions.mlir -p "autofuse{vf=false ub_size=1024}" -t ascendc 2>&1 | filecheck %s --check-prefix=SMALL
// RUN: not ascir-opt %S/../lowering/reductions.mlir -p "autofuse{ub_size=1000}" -t ascendc 2>&1 | filecheck %s --check-prefix=ODD
// RUN: ascir-opt %S/../lowering/reductions.mlir -p "autofuse{vf=false core_num=8 ub_size=131072}" -t ascendc | filecheck %s --check-prefix=OK

// SMALL: error: lower-to-ascendc: graph @softmax keeps 17 tensors in UB at once: {{.*}} the platform has 1024
// ODD: error: ub_size must be a multiple of 32 bytes between 32 and 253952
// OK: // ===== device_impl.cpp =====
