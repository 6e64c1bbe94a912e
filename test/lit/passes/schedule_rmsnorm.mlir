// RUN: ascir-opt %s -p schedule | filecheck %s

// RMSNorm over the hidden axis, float16 in and out, float32 inside: y = x / sqrt(mean(x^2)
// + eps) * w, with w broadcast along the rows. schedule gives every UB tensor the dense
// vectorized layout of the hidden axis, keeps the scalar-like nodes (ascir.scalar,
// ascir.scalar_data) and the GM views as they are, and merges nothing: the reduction
// separates z0 from z1, and so does the broadcast of w.

// CHECK-LABEL: ascir.graph @rmsnorm impl sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
// CHECK-NEXT:    %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
// CHECK-NEXT:    %w = ascir.data {index = 1 : i64} : !ascir.tensor<float16, [z0, z1], [1, s1], [0, 1]>
// CHECK-NEXT:    %eps = ascir.scalar {value = "1e-6"} : !ascir.scalar<float32>
// CHECK-NEXT:    %inv_n = ascir.scalar_data {index = 2 : i64} : !ascir.scalar<float32>
// CHECK-NEXT:    %xl = ascir.load %x : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1], vectorized [z1], [1]>
// CHECK-NEXT:    %wl = ascir.load %w : !ascir.tensor<float16, [z0, z1], [1, s1], [0, 1], vectorized [z1], [1]>
// CHECK-NEXT:    %xf = ascir.cast %xl : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1], vectorized [z1], [1]>
// CHECK-NEXT:    %sq = ascir.mul %xf, %xf : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1], vectorized [z1], [1]>
// CHECK-NEXT:    %ss = ascir.reduce_sum %sq : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0], vectorized [z1], [0]>
// CHECK-NEXT:    %ms = ascir.mul %ss, %inv_n : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0], vectorized [z1], [0]>
// CHECK-NEXT:    %me = ascir.add %ms, %eps : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0], vectorized [z1], [0]>
// CHECK-NEXT:    %rt = ascir.sqrt %me : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0], vectorized [z1], [0]>
// CHECK-NEXT:    %rb = ascir.broadcast %rt : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1], vectorized [z1], [1]>
// CHECK-NEXT:    %nx = ascir.div %xf, %rb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1], vectorized [z1], [1]>
// CHECK-NEXT:    %wb = ascir.broadcast %wl : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1], vectorized [z1], [1]>
// CHECK-NEXT:    %wf = ascir.cast %wb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1], vectorized [z1], [1]>
// CHECK-NEXT:    %yf = ascir.mul %nx, %wf : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1], vectorized [z1], [1]>
// CHECK-NEXT:    %yh = ascir.cast %yf : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1], vectorized [z1], [1]>
// CHECK-NEXT:    %st = ascir.store %yh : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1], vectorized [z1], [1]>
// CHECK-NEXT:    %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
// CHECK-NEXT:  }
ascir.graph @rmsnorm hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %w = ascir.data {index = 1 : i64} : !ascir.tensor<float16, [z0, z1], [1, s1], [0, 1]>
  %eps = ascir.scalar {value = "1e-6"} : !ascir.scalar<float32>
  %inv_n = ascir.scalar_data {index = 2 : i64} : !ascir.scalar<float32>
  %xl = ascir.load %x : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %wl = ascir.load %w : !ascir.tensor<float16, [z0, z1], [1, s1], [0, 1]>
  %xf = ascir.cast %xl : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %sq = ascir.mul %xf, %xf : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %ss = ascir.reduce_sum %sq : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %ms = ascir.mul %ss, %inv_n : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %me = ascir.add %ms, %eps : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %rt = ascir.sqrt %me : !ascir.tensor<float32, [z0, z1], [s0, 1], [1, 0]>
  %rb = ascir.broadcast %rt : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %nx = ascir.div %xf, %rb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %wb = ascir.broadcast %wl : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %wf = ascir.cast %wb : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %yf = ascir.mul %nx, %wf : !ascir.tensor<float32, [z0, z1], [s0, s1], [s1, 1]>
  %yh = ascir.cast %yf : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %st = ascir.store %yh : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
  %y = ascir.output %st {index = 0 : i64} : !ascir.tensor<float16, [z0, z1], [s0, s1], [s1, 1]>
}
