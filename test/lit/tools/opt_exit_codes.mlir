// RUN: %python %S/Inputs/exit_code.py ascir-opt %s | filecheck %s --check-prefix=OK
// RUN: %python %S/Inputs/exit_code.py ascir-opt %S/Inputs/bad_dtype.mlir | filecheck %s --check-prefix=BAD
// RUN: %python %S/Inputs/exit_code.py ascir-opt %s --no-such-flag | filecheck %s --check-prefix=FLAG
// RUN: %python %S/Inputs/exit_code.py ascir-opt %t.does-not-exist.mlir | filecheck %s --check-prefix=MISSING
// RUN: %python %S/Inputs/exit_code.py ascir-opt %S/Inputs/bad_dtype.mlir --verify-diagnostics | filecheck %s --check-prefix=EXPECTED

// ascir-opt's exit codes (tools/cli.py): 0 on success, 1 for every user error -- bad IR,
// an unknown flag (argparse's own status would be 2), a missing file -- and 2 only for an
// internal error. With --verify-diagnostics an expected diagnostic is output and exit 0.
// No user error prints a Python traceback.

// OK:       ascir.graph @g hint
// OK:       exit status: 0
// BAD:      bad_dtype.mlir:5:18: error: ascir.exp %y: operand x dtype int32 is not supported; allowed: float16, bfloat16, float32
// BAD-NOT:  Traceback
// BAD:      exit status: 1
// FLAG:     ascir-opt: error: unrecognized arguments: --no-such-flag (see ascir-opt --help)
// FLAG-NEXT: exit status: 1
// MISSING:  ascir-opt: error: {{.*}}does-not-exist.mlir
// MISSING-NOT: Traceback
// MISSING:  exit status: 1
// EXPECTED: bad_dtype.mlir:5:18: error: ascir.exp %y:
// EXPECTED: exit status: 0
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
