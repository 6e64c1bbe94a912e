// Bad input: ascir.add of two scalar-like values (at most one operand may be scalar-like).
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "1"} : !ascir.scalar<float32>
  %d = ascir.scalar {value = "2"} : !ascir.scalar<float32>
  %y = ascir.add %c, %d : !ascir.tensor<float32, [z0], [s0], [1]>
}
