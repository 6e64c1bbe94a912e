// Bad input: an unknown ascir op at module level.
ascir.kernel @k {
}
