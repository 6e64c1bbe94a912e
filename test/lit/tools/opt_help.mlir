// RUN: ascir-opt --help | filecheck %s
// RUN: ascir-run --help | filecheck %s --check-prefix=RUNNER

// Both tools list the registered passes with what each does (passes/registry.py), in
// pipeline order; ascir-opt also lists its targets and the --dump-dir option.

// CHECK:      usage: ascir-opt
// CHECK:      ASCIR optimizer driver (mlir-opt style). Passes (-p, comma-separated):
// CHECK-NEXT:   normalize-arange-broadcast-views  seed 000 FR8/AL-2:
// CHECK:        schedule  {{ *}}HintGraph -> impl graph: merge contiguous axes, vectorized UB layout
// CHECK-NEXT:   vf-admission {{ *}}FR10: mark compute nodes VF-eligible or rejected (with the reason)
// CHECK-NEXT:   vf-partition {{ *}}DS-3/AL-7: cluster admitted nodes into ascir.vf regions ({enable=false}: root-graph path)
// CHECK-NEXT:   indirect-load-template-cases {{ *}}seed 001 FR2-FR6: SIMD / SIMT / SK-like graph cases
// CHECK-NEXT:   lower-to-ascendc {{ *}}
// CHECK-NEXT:   autofuse {{ *}}the whole pipeline:
// CHECK-NEXT: Targets (-t): mlir (IR, default), ascendc (tiling.h, host_impl.cpp, device_impl.cpp), dot (Graphviz)
// CHECK:      --verify-diagnostics
// CHECK:      --split-input-file
// CHECK:      --dump-dir DIR
// CHECK-SAME:   write the IR after every pass

// RUNNER:      usage: ascir-run
// RUNNER:      --template {simd,simt,sklike}
// RUNNER:      --dump-dir DIR
// RUNNER:      Each graph goes through the autofuse pipeline; its passes (ascir-opt -p NAME):
// RUNNER-NEXT:   normalize-arange-broadcast-views
// RUNNER:        autofuse
