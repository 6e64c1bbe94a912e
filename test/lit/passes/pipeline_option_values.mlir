// RUN: not ascir-opt %s -p 'autofuse{template="bogus"}' 2>&1 | filecheck %s --check-prefix=TEMPLATE
// RUN: not ascir-opt %s -p 'autofuse{template="SIMD"}' 2>&1 | filecheck %s --check-prefix=CASE
// RUN: not ascir-opt %s -p 'autofuse{mask_mode="per_op"}' 2>&1 | filecheck %s --check-prefix=MASK
// RUN: not ascir-opt %s -p 'schedule,lower-to-ascendc{mask_mode=""}' 2>&1 | filecheck %s --check-prefix=LOWER
// RUN: not ascir-opt %s -p 'autofuse{vf=3}' 2>&1 | filecheck %s --check-prefix=VF
// RUN: not ascir-opt %s -p 'autofuse{vf="false"}' 2>&1 | filecheck %s --check-prefix=VFSTR
// RUN: not ascir-opt %s -p 'indirect-load-template-cases{template="simx"}' 2>&1 | filecheck %s --check-prefix=CASES

// Typed pass options (passes/options.py): a value of the wrong type or outside the
// allowed list is an error when the pipeline is parsed, before the input is read,
// located in the -p text (-p:1:<column of the option>) with a caret under the option
// name. Options are matched case-sensitively; booleans are true/false, not numbers or
// strings. Converted from test/bad_inputs/option_*.

// TEMPLATE:      ascir-opt: -p:1:10: error: autofuse: option template must be one of "", "simd", "simt", "sklike", got "bogus"
// TEMPLATE-NEXT: autofuse{template="bogus"}
// TEMPLATE-NEXT: {{^ *\^{8}$}}
// CASE:          ascir-opt: -p:1:10: error: autofuse: option template must be one of "", "simd", "simt", "sklike", got "SIMD"
// MASK:          ascir-opt: -p:1:10: error: autofuse: option mask_mode must be one of "loop", "per-op", got "per_op"
// MASK-NEXT:     autofuse{mask_mode="per_op"}
// MASK-NEXT:     {{^ *\^{9}$}}
// LOWER:         ascir-opt: -p:1:27: error: lower-to-ascendc: option mask_mode must be one of "loop", "per-op", got ""
// VF:            ascir-opt: -p:1:10: error: autofuse: option vf must be true or false, got 3
// VF-NEXT:       autofuse{vf=3}
// VF-NEXT:       {{^ *\^{2}$}}
// VFSTR:         ascir-opt: -p:1:10: error: autofuse: option vf must be true or false, got "false"
// CASES:         ascir-opt: -p:1:30: error: indirect-load-template-cases: option template must be one of "", "simd", "simt", "sklike", got "simx"

// The input is valid: only the pipeline is wrong.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
