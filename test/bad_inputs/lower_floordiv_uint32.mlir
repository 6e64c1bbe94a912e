// Bad input: ascir.floordiv of uint32 -- accepted by the verifier, but only float (target.math) and signed integer (a scalar loop) FloorDiv lower: lower-to-ascendc refuses it naming the node.
// ARGS: -p 'autofuse{vf=false}' -t ascendc
builtin.module {
  ascir.graph @g hint sizes [s0, s1] axes [0: z0 = s0, 1: z1 = s1] {
    %x = ascir.data {index = 0 : i64} : !ascir.tensor<uint32, [z0, z1], [s0, s1], [s1, 1]>
    %l = ascir.load %x : !ascir.tensor<uint32, [z0, z1], [s0, s1], [s1, 1]>
    %y = ascir.floordiv %l, %l : !ascir.tensor<uint32, [z0, z1], [s0, s1], [s1, 1]>
    %s = ascir.store %y : !ascir.tensor<uint32, [z0, z1], [s0, s1], [s1, 1]>
    %o = ascir.output %s {index = 0 : i64} : !ascir.tensor<uint32, [z0, z1], [s0, s1], [s1, 1]>
  }
}
