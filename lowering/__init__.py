"""Conversion of ``ascir`` graphs to the ``ascendc`` dialect, and the ``autofuse`` pipeline.

``graph_lowering`` / ``vf_lowering`` lower a scheduled graph (memory-level API, ``__simd_vf__``
functions); ``indirect_*`` lower the IndirectLoad template cases that
``passes.indirect_load_cases`` produced; ``passes`` holds ``lower-to-ascendc`` and
``autofuse``, ``pipeline`` the one ``PassPipeline`` every driver runs. Imports point down
only: passes, ascendc_emitter, ascir_dialect.
"""
