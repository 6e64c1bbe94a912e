"""Lowering of scheduled ``ascir`` graphs to the ``ascendc`` dialect (later issues)."""
