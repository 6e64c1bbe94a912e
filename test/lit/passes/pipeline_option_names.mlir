// RUN: not ascir-opt %s -p 'schedule,scheduel' 2>&1 | filecheck %s --check-prefix=PASS
// RUN: not ascir-opt %s -p 'autofuse{vff=false}' 2>&1 | filecheck %s --check-prefix=OPTION
// RUN: not ascir-opt %s -p 'schedule,vf-partition{enable=1}' 2>&1 | filecheck %s --check-prefix=ENABLE
// RUN: not ascir-opt %s -p 'vf-partition{enable}' 2>&1 | filecheck %s --check-prefix=NOVALUE
// RUN: not ascir-opt %s -p 'autofuse{' 2>&1 | filecheck %s --check-prefix=SYNTAX

// Pass and option names in -p: an unknown pass lists the registered ones, an unknown
// option lists the pass's options; both are located in the -p text. A pipeline that is
// not well formed is reported by xDSL's pipeline parser.

// PASS:         ascir-opt: -p:1:10: error: unknown pass scheduel (passes: normalize-arange-broadcast-views, {{.*}}schedule, vf-admission, vf-partition, indirect-load-template-cases, lower-to-ascendc, autofuse)
// PASS-NEXT:    schedule,scheduel
// PASS-NEXT:    {{^ *\^{8}$}}
// OPTION:       ascir-opt: -p:1:10: error: autofuse: unknown option vff (options: vf, mask_mode, template{{(, [a-z_]+)*}})
// OPTION-NEXT:  autofuse{vff=false}
// OPTION-NEXT:  {{^ *\^{3}$}}
// ENABLE:       ascir-opt: -p:1:23: error: vf-partition: option enable must be true or false, got 1
// NOVALUE:      ascir-opt: -p:1:14: error: vf-partition: option enable takes one value, got (no value)
// SYNTAX:       ascir-opt: error: Error parsing pass pipeline specification:
// SYNTAX-NEXT:  pass-pipeline:1:10
// SYNTAX-NOT:   Traceback

ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %s = ascir.store %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
