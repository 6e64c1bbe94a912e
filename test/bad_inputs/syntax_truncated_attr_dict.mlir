// Bad input: the file ends inside an attribute dictionary.
ascir.graph @g hint sizes [s0] axes [0: z0 = s0] {
  %x = ascir.data {index = 
