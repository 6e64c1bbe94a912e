// Bad input: the schedule pass on a graph of rank-0 tensors (no loop axis to schedule).
// ARGS: -p schedule
ascir.graph @g hint sizes [] axes [] {
  %x = ascir.data {index = 0 : i64} : !ascir.tensor<float32, [], [], []>
  %l = ascir.load %x : !ascir.tensor<float32, [], [], []>
  %s = ascir.store %l : !ascir.tensor<float32, [], [], []>
  %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<float32, [], [], []>
}
