"""GM <-> UB movement: Load, Store and Output.

A Load result's view addresses GM: element ``i`` is read from
``offset + sum(i_k * stride_k)`` of the Data/Workspace buffer. A Store result's view
addresses the destination buffer the same way. Every access is bounds-checked by the
reference interpreter (never a wild read).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from xdsl.irdl import irdl_op_definition, operand_def, prop_def, result_def

from ascir_dialect.attributes import ExprAttr, TensorType
from ascir_dialect.ops.node import AscirNode
from ascir_dialect.ops.sources import IndexedNode
from ascir_dialect.symbolic import SizeExpr


class OffsetNode(AscirNode):
    offset = prop_def(ExprAttr, default_value=ExprAttr.of(0))

    def expressions(self) -> list[SizeExpr]:
        return [*super().expressions(), self.offset.data]


@irdl_op_definition
class LoadOp(OffsetNode):
    """Copy a view of a GM tensor (Data or Workspace) into UB."""

    name = "ascir.load"
    PY_NAME: ClassVar[str] = "Load"
    x = operand_def(TensorType)
    y = result_def(TensorType)

    def verify_node(self) -> None:
        src = self.x.owner
        if getattr(src, "name", "") not in ("ascir.data", "ascir.workspace"):
            raise self.fail(
                f"loads read GM tensors (ascir.data or ascir.workspace), not {getattr(src, 'name', 'a block argument')}"
            )
        t = self.result_tensor()
        if t.dtype != self.tensor_operand(0, "x").dtype:
            raise self.fail(
                f"load changes dtype {self.x.type.dtype} -> {t.dtype}; use ascir.cast after the load"
            )  # type: ignore[union-attr]

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        return rt.read_view(self, args[0], self.result_tensor(), self.offset.data)


@irdl_op_definition
class StoreOp(OffsetNode):
    """Copy a UB tensor to GM; the result view addresses the destination buffer."""

    name = "ascir.store"
    PY_NAME: ClassVar[str] = "Store"
    x = operand_def(TensorType)
    y = result_def(TensorType)

    def verify_node(self) -> None:
        src = self.tensor_operand(0, "x")
        t = self.result_tensor()
        self.check_same_view(src, "x", t)
        if src.dtype != t.dtype:
            raise self.fail(f"store changes dtype {src.dtype} -> {t.dtype}; cast before storing")
        if bad := t.broadcast_axes():
            raise self.fail(
                f"store view has stride 0 on axis '{t.axis[bad[0]]}' of size {t.repeats[bad[0]]}: "
                "several elements would be written to one GM address; give it a non-zero stride"
            )
        for use in self.y.uses:
            if getattr(use.operation, "name", "") not in ("ascir.output", "ascir.workspace"):
                raise self.fail(f"a store feeds ascir.output or ascir.workspace, not {use.operation.name}")

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        return rt.make_write(self, args[0], self.result_tensor(), self.offset.data)


@irdl_op_definition
class OutputOp(IndexedNode):
    """A GM output tensor, written by one Store. Its view describes the buffer."""

    name = "ascir.output"
    PY_NAME: ClassVar[str] = "Output"
    x = operand_def(TensorType)
    y = result_def(TensorType)

    def verify_node(self) -> None:
        self.check_index()
        if getattr(self.x.owner, "name", "") != "ascir.store":
            raise self.fail(
                f"an output is written by an ascir.store, not {getattr(self.x.owner, 'name', 'a block argument')}"
            )
        t = self.result_tensor()
        if self.tensor_operand(0, "x").dtype != t.dtype:
            raise self.fail(f"output dtype {t.dtype} differs from the stored dtype {self.x.type.dtype}")  # type: ignore[union-attr]
        if t.broadcast_axes():
            raise self.fail("an output view cannot have stride 0 on an axis of size != 1")

    def reference(self, rt: Any, args: Sequence[Any]) -> Any:
        buf = rt.new_buffer(self)
        rt.apply_write(self, buf, args[0])
        rt.set_output(self, buf)
        return buf
