// RUN: ascir-opt %s -p schedule,vf-partition -t dot | filecheck %s
// RUN: not ascir-opt %s -p autofuse -t dot 2>&1 | filecheck %s --check-prefix=LOWERED

// CHECK:      digraph ascir {
// CHECK:        subgraph cluster_g0 {
// CHECK-NEXT:     label="@g (impl)";
// CHECK:          n3 [label="%l = load\nfloat32[s0]"];
// CHECK-NEXT:     subgraph cluster_g0_vf3 {
// CHECK-NEXT:       label="@vf_0 loop_dtype float32";
// CHECK:            n4 [label="%e = exp\nfloat32[s0]"];
// CHECK:          n3 -> n4;
// LOWERED: error: -t dot needs ascir graphs; this module holds none (lowered already?)
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
  %c = ascir.scalar {value = "2"} : !ascir.scalar<float32>
  %l = ascir.load %x : !ascir.tensor<float32, [z0], [s0], [1]>
  %e = ascir.exp %l : !ascir.tensor<float32, [z0], [s0], [1]>
  %m = ascir.maximum %e, %c : !ascir.tensor<float32, [z0], [s0], [1]>
  %st = ascir.store %m : !ascir.tensor<float32, [z0], [s0], [1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [z0], [s0], [1]>
}
