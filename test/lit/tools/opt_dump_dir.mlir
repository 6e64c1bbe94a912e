// RUN: rm -rf %t.d %t.split
// RUN: ascir-opt %s -p autofuse -t ascendc --dump-dir %t.d > %t.cpp
// RUN: ls %t.d | filecheck %s --check-prefix=FILES
// RUN: filecheck %s --check-prefix=SCHEDULED --input-file %t.d/08_schedule.mlir
// RUN: filecheck %s --check-prefix=DEVICE --input-file %t.d/device_impl.cpp
// RUN: ascir-opt %S/Inputs/two_chunks.mlir --split-input-file -p schedule,vf-partition --dump-dir %t.split > /dev/null
// RUN: ls %t.split | filecheck %s --check-prefix=SPLIT

// --dump-dir writes the IR after every pass of the pipeline, numbered in order like
// Autofuse's dump files (NN_<pass>.mlir, the passes inside autofuse included), and the
// three generated files. With --split-input-file each chunk's files get a chunkN_ prefix.

// FILES:      01_input.mlir
// FILES-NEXT: 02_decompose-reductions.mlir
// FILES-NEXT: 03_lower-movement.mlir
// FILES-NEXT: 04_indirect-load-template-cases.mlir
// FILES-NEXT: 05_fold-constant-casts.mlir
// FILES-NEXT: 06_normalize-arange-broadcast-views.mlir
// FILES-NEXT: 07_narrow-index-compares.mlir
// FILES-NEXT: 08_schedule.mlir
// FILES-NEXT: 09_vf-partition.mlir
// FILES-NEXT: 10_lower-to-ascendc.mlir
// FILES-NEXT: 11_autofuse.mlir
// FILES-NEXT: device_impl.cpp
// FILES-NEXT: host_impl.cpp
// FILES-NEXT: tiling.h

// The dump after schedule holds the impl graph, before any VF region.
// SCHEDULED:     ascir.graph @dumped impl sizes [s0] axes [0: z0 = s0] {
// SCHEDULED-NOT: ascir.vf
// SCHEDULED:     %e = ascir.exp %l : !ascir.tensor<float32, [z0], [s0], [1], vectorized [z0], [1]>

// The generated files are the ones -t ascendc prints.
// DEVICE: extern "C" __global__ __vector__ void autofuse_dumped(GM_ADDR in0, GM_ADDR out0, GM_ADDR workspace, AutofuseTilingData tiling) {

// SPLIT:      chunk0_01_input.mlir
// SPLIT-NEXT: chunk0_02_schedule.mlir
// SPLIT-NEXT: chunk0_03_vf-partition.mlir
// SPLIT-NEXT: chunk1_01_input.mlir
// SPLIT-NEXT: chunk1_02_schedule.mlir
// SPLIT-NEXT: chunk1_03_vf-partition.mlir
// SPLIT-NOT:  chunk2
ascir.graph @dumped hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %e : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}

