// RUN: ascir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// The axes list of a graph: ids are positions, names are unique and distinct from
// size variables, sizes are >= 1 and use declared size variables, merged axes name
// origins declared before them.

// Axis ids 0, 2 (ids must be consecutive positions).
// CHECK: verify_axes.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: axis 'z2' has id 2 but is listed at position 1; axis ids are their positions in the axes list
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 2: z2 = s0] {
}

// -----

// Axis ids listed 1, 0 (an axis id is its position).
// CHECK: verify_axes.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: axis 'z1' has id 1 but is listed at position 0; axis ids are their positions in the axes list
ascir.graph @g hint sizes [s0] axes [1: z1 = s0, 0: z0 = s0] {
}

// -----

// A negative axis id.
// CHECK: verify_axes.mlir:[[# @LINE + 1]]:38: error: Expected integer literal
ascir.graph @g hint sizes [s0] axes [-1: z0 = s0] {
}

// -----

// Two axes named z0.
// CHECK: verify_axes.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: axis 'z0' is declared twice
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: z0 = s0] {
}

// -----

// An axis with the name of a size variable.
// CHECK: verify_axes.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: 's0' is both an axis and a size variable
ascir.graph @g hint sizes [s0] axes [0: s0 = s0] {
}

// -----

// An axis of size 0.
// CHECK: verify_axes.mlir:[[# @LINE + 1]]:38: error: axis 'z0' size must be >= 1, got 0
ascir.graph @g hint sizes [s0] axes [0: z0 = 0] {
}

// -----

// An axis of size -4.
// CHECK: verify_axes.mlir:[[# @LINE + 1]]:38: error: axis 'z0' size must be >= 1, got -4
ascir.graph @g hint sizes [s0] axes [0: z0 = -4] {
}

// -----

// An axis sized by an undeclared size variable.
// CHECK: verify_axes.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: size of axis 'z0' uses undeclared size variable(s) s9; declare them in 'sizes [...]'
ascir.graph @g hint sizes [s0] axes [0: z0 = s9] {
}

// -----

// A merged axis with an empty origin list.
// CHECK: verify_axes.mlir:[[# @LINE + 1]]:50: error: merged axis 'm' must name its origin axes
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: m = s0 merged()] {
}

// -----

// A merged axis whose origin axes are not declared before it.
// CHECK: verify_axes.mlir:[[# @LINE + 1]]:13: error: ascir.graph @g: axis 'z1z2' comes from 'z1', which is not an axis declared before it
ascir.graph @g hint sizes [s0] axes [0: z0 = s0, 1: z1z2 = s0 merged(z1, z2)] {
}
