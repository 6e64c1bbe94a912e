"""The ASCIR dialect on xDSL: attributes, types, ops, verifiers, reference interpreter
and the seed's Python graph-building API."""
