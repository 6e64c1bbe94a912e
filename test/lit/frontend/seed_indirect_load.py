# RUN: %python %s | ascir-opt | filecheck %s
# Seed 001's minimal IndirectLoad graph, built with the seed Python API, printed as IR
# that ascir-opt parses and verifies.
import sys
from pathlib import Path

source = Path(__file__).resolve().parents[3] / "examples" / "indirect_load_minimal.py"
ns = {}
exec(compile(source.read_text().split("options = ")[0], str(source), "exec"), ns)
sys.stdout.write(ns["graph"].to_mlir())

# CHECK: ascir.graph @indirect_load_minimal_graph hint sizes [s0, s1, s2, s3, s4, s5, s6, s7]
# CHECK-SAME: axes [0: z0 = s0, 1: z1 = s1, 2: z2 = s2, 3: z3 = s3, 4: z4 = s4, 5: z5 = s5, 6: z6 = s6, 7: z7 = s7]
# CHECK: %x = ascir.data {index = 0 : i64} : !ascir.tensor<float16, [z0, z1, z2, z3], [s0, s1, s2, s3], [s1 * s2 * s3, s2 * s3, s3, 1]>
# CHECK: %index = ascir.data {index = 1 : i64} : !ascir.tensor<int32, [z4, z5, z6, z7], [s4, s5, s6, s7], [s5 * s6 * s7, s6 * s7, s7, 1]>
# CHECK: %input_load = ascir.load %x sched [z0, z1, z2, z3]
# CHECK: %indirect_load = ascir.indirect_load %input_load, %index_load sched [z4, z5, z6, z7] {dim = 2 : i64} : !ascir.tensor<float16, [z4, z5, z6, z7]
# CHECK: %store = ascir.store %indirect_load
# CHECK: %y = ascir.output %store sched [z4, z5, z6, z7] {index = 0 : i64}
