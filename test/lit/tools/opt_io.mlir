// RUN: ascir-opt %S/Inputs/two_chunks.mlir --split-input-file -p schedule -o %t.out
// RUN: filecheck %s --check-prefix=SPLIT --input-file %t.out
// RUN: not ascir-opt < %S/Inputs/bad_dtype.mlir 2>&1 | filecheck %s --check-prefix=STDIN
// RUN: ascir-opt %S/Inputs/two_chunks.mlir --split-input-file -t dot | filecheck %s --check-prefix=DOT
// RUN: cp %S/Inputs/bad_dtype.mlir %t.txt && not ascir-opt %t.txt 2>&1 | filecheck %s --check-prefix=NOEXT

// Input and output plumbing of ascir-opt (xDSL's xdsl-opt options): -o writes the output
// to a file; --split-input-file processes each chunk on its own and separates their
// outputs with "// -----"; a program on stdin is named "stdin" in diagnostics; -t dot
// prints each chunk's graphs as Graphviz.

// SPLIT:      ascir.graph @first impl
// SPLIT:      // -----
// SPLIT-NEXT: builtin.module {
// SPLIT-NEXT:   ascir.graph @second impl
// SPLIT-NOT:  // -----

// Any file is MLIR text whatever its name, as for mlir-opt (a .txt file, /dev/fd/N).
// NOEXT: .txt:5:18: error: ascir.exp %y: operand x dtype int32 is not supported

// STDIN: stdin:5:18: error: ascir.exp %y: operand x dtype int32 is not supported; allowed: float16, bfloat16, float32

// DOT:      digraph ascir {
// DOT:        subgraph cluster_g0 {
// DOT-NEXT:     label="@first (hint)";
// DOT-NEXT:     n1 [label="%x = data\nfloat32[s0]"];
// DOT-NEXT:     n2 [label="%l = load\nfloat32[s0]"];
// DOT:          n1 -> n2;
// DOT:      // -----
// DOT-NEXT: digraph ascir {
// DOT:          label="@second (hint)";
