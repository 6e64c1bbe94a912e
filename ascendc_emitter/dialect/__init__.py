"""The ``ascendc`` dialect: AscendC at API-call level (arch 3510)."""

from xdsl.ir import Dialect, Operation

from ascendc_emitter.dialect import ops as _ops
from ascendc_emitter.dialect.types import TYPES

OPS: list[type[Operation]] = sorted(
    (
        v
        for v in vars(_ops).values()
        if isinstance(v, type) and issubclass(v, Operation) and getattr(v, "name", "").startswith("ascendc.")
    ),
    key=lambda op: op.name,
)

ASCENDC = Dialect("ascendc", OPS, TYPES)
