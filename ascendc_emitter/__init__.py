"""The ``ascendc`` dialect and its C++ printer (later issues)."""
