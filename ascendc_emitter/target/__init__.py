"""The target description of Ascend 950 (arch 3510, ``dav-3510``) -- what AscendC offers for
each ASCIR op, read by the passes (VF admission and partitioning) and by every lowering.

It sits in ``ascendc_emitter`` (DESIGN.md, "Layers"): below ``passes/`` and ``lowering/``,
above ``ascir_dialect/``, so that a pass can ask what the target supports without
importing the lowering that uses it.

* ``target.ops`` -- one entry per ASCIR op type: its memory-level API, tensor-scalar
  form, register-level API, scalar (SIMT) form, compare mode, NaN behaviour,
  commutativity; one entry per reduction (APIs, combine step, identity).
* ``target.support`` -- the per-dtype support tables of the memory-level and
  register-level APIs and the Cast pairs, each row citing the devkit doc it comes from.
* ``target.registers`` -- register layout facts (vector length, UNPACK/PACK distributions).
* ``target.types`` -- ASCIR dtypes as ``ascendc`` element types, Cast round modes,
  constant conversion.

The submodules are imported explicitly (``from ascendc_emitter.target.ops import ...``):
this package imports none of them, so that the ``ascendc`` dialect's verifiers can read
``target.support`` while ``target.ops`` refers to the dialect's op classes.
"""
