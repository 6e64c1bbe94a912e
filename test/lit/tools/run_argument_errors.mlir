// RUN: %python %S/Inputs/exit_code.py ascir-run %s | filecheck %s --check-prefix=NOSIZES
// RUN: %python %S/Inputs/exit_code.py ascir-run %s --sizes s0=4,s9=3 | filecheck %s --check-prefix=UNKNOWN
// RUN: %python %S/Inputs/exit_code.py ascir-run %s --sizes s0=4,s0=5 | filecheck %s --check-prefix=TWICE
// RUN: %python %S/Inputs/exit_code.py ascir-run %s --sizes s0=0 | filecheck %s --check-prefix=ZERO
// RUN: %python %S/Inputs/exit_code.py ascir-run %s --sizes s0=4 --ub-size 33 | filecheck %s --check-prefix=UB
// RUN: %python %S/Inputs/exit_code.py ascir-run %s --sizes s0=4 --graph nope | filecheck %s --check-prefix=GRAPH
// RUN: %python %S/Inputs/exit_code.py ascir-run %S/Inputs/bad_dtype.mlir --sizes s0=4 | filecheck %s --check-prefix=IR

// ascir-run checks its arguments and the graph before compiling anything: each mistake is
// one line naming the option and the allowed values, exit status 1, no traceback, no g++.

// NOSIZES:  ascir-run: error: graph @run needs sizes for s0: pass sizes={'s0': <int>}
// NOSIZES-NEXT: exit status: 1
// UNKNOWN:  ascir-run: error: graph @run has no size variable(s) s9 (declared: s0)
// UNKNOWN-NEXT: exit status: 1
// TWICE:    ascir-run: error: --sizes gives s0 twice (s0=4 and s0=5); give each size once
// TWICE-NEXT: exit status: 1
// ZERO:     ascir-run: error: --sizes s0: 0 is out of range (allowed: 1..9223372036854775807)
// ZERO-NEXT: exit status: 1
// UB:       ascir-run: error: --ub-size must be a multiple of 32 bytes between 32 and {{[0-9]+}} ({{.*}}), got 33
// UB-NEXT:  exit status: 1
// GRAPH:    ascir-run: error: {{.*}}run_argument_errors.mlir: no graph named nope to run
// GRAPH-NEXT: exit status: 1
// IR:       ascir-run: {{.*}}bad_dtype.mlir:5:18: error: ascir.exp %y: operand x dtype int32 is not supported; allowed: float16, bfloat16, float32
// IR-NEXT:  exit status: 1
ascir.graph @run hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
