"""The ``ascendc`` dialect (AscendC API-call level) and its C++ printer, the helper headers the
kernels include, and the target description (``target``): per op, its AscendC APIs, dtype
tables and limits, read by passes, lowering and the simulator's rule checks alike."""
