// RUN: ascir-opt %s -p schedule | filecheck %s

// Softmax over the last axis of a [batch, seq, hidden] tensor: the two kept outer axes
// merge (every tensor is full on both, every GM view contiguous across them), the
// reduced hidden axis stays the vectorized axis. Reductions and their broadcasts share
// the loop space of the graph.

// CHECK-LABEL: ascir.graph @softmax impl sizes [b, s, h] axes [0: zb = b, 1: zs = s, 2: zh = h, 3: zbzs = b * s merged(zb, zs)] {
// Size expressions print in canonical order (s * h as h * s).
// CHECK-NEXT:    %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [zb, zs, zh], [b, s, h], [h * s, h, 1]>
// CHECK-NEXT:    %l = ascir.load %x : !ascir.tensor<float32, [zbzs, zh], [b * s, h], [h, 1], vectorized [zh], [1]>
// CHECK-NEXT:    %m = ascir.reduce_max %l : !ascir.tensor<float32, [zbzs, zh], [b * s, 1], [1, 0], vectorized [zh], [0]>
// CHECK-NEXT:    %mb = ascir.broadcast %m : !ascir.tensor<float32, [zbzs, zh], [b * s, h], [h, 1], vectorized [zh], [1]>
// CHECK-NEXT:    %d = ascir.sub %l, %mb : !ascir.tensor<float32, [zbzs, zh], [b * s, h], [h, 1], vectorized [zh], [1]>
// CHECK-NEXT:    %e = ascir.exp %d
// CHECK-NEXT:    %sum = ascir.reduce_sum %e : !ascir.tensor<float32, [zbzs, zh], [b * s, 1], [1, 0], vectorized [zh], [0]>
// CHECK-NEXT:    %sb = ascir.broadcast %sum
// CHECK-NEXT:    %y = ascir.div %e, %sb : !ascir.tensor<float32, [zbzs, zh], [b * s, h], [h, 1], vectorized [zh], [1]>
// CHECK-NEXT:    %st = ascir.store %y : !ascir.tensor<float32, [zbzs, zh], [b * s, h], [h, 1], vectorized [zh], [1]>
// CHECK-NEXT:    %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [zb, zs, zh], [b, s, h], [h * s, h, 1]>
ascir.graph @softmax hint sizes [b, s, h] axes [0: zb = b, 1: zs = s, 2: zh = h] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [zb, zs, zh], [b, s, h], [s * h, h, 1]>
  %l = ascir.load %x : !ascir.tensor<float32, [zb, zs, zh], [b, s, h], [s * h, h, 1]>
  %m = ascir.reduce_max %l : !ascir.tensor<float32, [zb, zs, zh], [b, s, 1], [s, 1, 0]>
  %mb = ascir.broadcast %m : !ascir.tensor<float32, [zb, zs, zh], [b, s, h], [s * h, h, 1]>
  %d = ascir.sub %l, %mb : !ascir.tensor<float32, [zb, zs, zh], [b, s, h], [s * h, h, 1]>
  %e = ascir.exp %d : !ascir.tensor<float32, [zb, zs, zh], [b, s, h], [s * h, h, 1]>
  %sum = ascir.reduce_sum %e : !ascir.tensor<float32, [zb, zs, zh], [b, s, 1], [s, 1, 0]>
  %sb = ascir.broadcast %sum : !ascir.tensor<float32, [zb, zs, zh], [b, s, h], [s * h, h, 1]>
  %y = ascir.div %e, %sb : !ascir.tensor<float32, [zb, zs, zh], [b, s, h], [s * h, h, 1]>
  %st = ascir.store %y : !ascir.tensor<float32, [zb, zs, zh], [b, s, h], [s * h, h, 1]>
  %o = ascir.output %st {index = 0 : i64} : !ascir.tensor<float32, [zb, zs, zh], [b, s, h], [s * h, h, 1]>
}
