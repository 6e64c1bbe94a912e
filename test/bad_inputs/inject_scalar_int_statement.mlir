// Bad input: ascir.scalar int64 whose value carries a statement.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %c = ascir.scalar {value = "7; import os"} : !ascir.scalar<int64>
}
