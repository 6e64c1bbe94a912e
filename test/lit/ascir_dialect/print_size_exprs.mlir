// RUN: ascir-opt %s | filecheck %s
// RUN: ascir-opt %s --print-op-generic | ascir-opt | filecheck %s

// Size expressions (#ascir.expr, axis sizes) are parsed into a canonical form and
// printed in it: constants folded with floor semantics (floordiv and mod round towards
// -inf), like terms collected, products of sizes ordered by name, min/max arguments
// sorted and simplified with sizes >= 1. The generic form carries the same attributes
// (second RUN line: custom -> generic -> custom).

// CHECK-LABEL: ascir.graph @exprs hint sizes [s0, s1, n] axes [0: z0 = s0, 1: z1 = s1, 2: z2 = 8, 3: z3 = 2 * s0 + 2 * s1, 4: m = s0 * s1 merged(z0, z1), 5: t = s0 floordiv 16 tile_outer(z0), 6: u = 16 tile_inner(z0), 7: o = n] {
ascir.graph @exprs hint sizes [s0, s1, n] axes [0: z0 = s0, 1: z1 = s1 + 0, 2: z2 = 2*4, 3: z3 = (s0 + s1) * 2, 4: m = s0 * s1 merged(z0, z1), 5: t = s0 floordiv 16 tile_outer(z0), 6: u = 16 tile_inner(z0), 7: o = n original()] {
  // Terms that cancel.
  // CHECK-NEXT: %a = ascir.index_expr {expr = #ascir.expr<3>} : !ascir.scalar<int64>
  %a = ascir.index_expr {expr = #ascir.expr<s1*s0 - s0*s1 + 3>} : !ascir.scalar<int64>
  // max(s0, 1) is s0 (a size is >= 1); min's arguments are sorted.
  // CHECK-NEXT: %b = ascir.index_expr {expr = #ascir.expr<s0 + min(4, s0, s1)>} : !ascir.scalar<int64>
  %b = ascir.index_expr {expr = #ascir.expr<max(s0, 1) + min(s1, s0, 4)>} : !ascir.scalar<int64>
  // Rounding up to a multiple of 8 keeps its parentheses.
  // CHECK-NEXT: %c = ascir.index_expr {expr = #ascir.expr<8 * ((s0 + 7) floordiv 8)>} : !ascir.scalar<int64>
  %c = ascir.index_expr {expr = #ascir.expr<(s0 + 7) floordiv 8 * 8>} : !ascir.scalar<int64>
  // CHECK-NEXT: %d = ascir.index_expr {expr = #ascir.expr<2 * s1 + s0 mod 4 + 1>} : !ascir.scalar<int32>
  %d = ascir.index_expr {expr = #ascir.expr<s0 mod 4 + 2 * (s1 - 1) - -3>} : !ascir.scalar<int32>
  // 10 floordiv 3 = 3, 10 mod 3 = 1, -7 floordiv 2 = -4 (floor, not truncation): 0.
  // CHECK-NEXT: %e = ascir.index_expr {expr = #ascir.expr<0>} : !ascir.scalar<int64>
  %e = ascir.index_expr {expr = #ascir.expr<10 floordiv 3 + 10 mod 3 + -7 floordiv 2>} : !ascir.scalar<int64>
  // CHECK-NEXT: %f = ascir.index_expr {expr = #ascir.expr<n * n * n>} : !ascir.scalar<int64>
  %f = ascir.index_expr {expr = #ascir.expr<n * n * n>} : !ascir.scalar<int64>
  // -7 mod 3 = 2 (the sign of the divisor).
  // CHECK-NEXT: %g = ascir.index_expr {expr = #ascir.expr<2>} : !ascir.scalar<int64>
  %g = ascir.index_expr {expr = #ascir.expr<-7 mod 3>} : !ascir.scalar<int64>
}
