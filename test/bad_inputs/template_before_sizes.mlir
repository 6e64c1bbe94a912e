// Bad input: template keyword in the wrong place.
ascir.graph @g hint template "simt" sizes [] axes [0: a = 4] {
}
