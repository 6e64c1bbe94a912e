"""A small builder for ``ascendc``-dialect kernel modules.

Lowering and tests build kernels with it; it creates dialect ops (never C++ text) at an
insertion point, with helpers for the scalar arithmetic (``arith``) and structured
control flow (``scf``) around the AscendC calls.

Modes are given as their AscendC spelling (``mode="LT"``, ``round="CAST_RINT"``,
``cmp("slt", ...)``) and become the dialect's enum attributes here; a spelling that is
not one raises ``VerifyException`` naming the choices. Integer values typed unsigned
(``ui8``..``ui64``, e.g. data loaded by a SIMT function, ``core_num``) get the unsigned
arith op: ``cmp("slt", ...)`` compares them with ``ult``, ``cast`` extends them with
``extui`` (flags too: true is 1), ``min``/``max``/``rem`` use the ``*ui`` ops.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    ArrayAttr,
    FloatAttr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    Signedness,
    StringAttr,
    SymbolRefAttr,
    UnitAttr,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.ir.core import IRWithName
from xdsl.traits import is_side_effect_free
from xdsl.utils.exceptions import VerifyException

from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.dialect.types import (
    GlobalTensorType,
    GmAddrType,
    GmPtrType,
    IntPredicate,
    LocalTensorType,
    MaskType,
    QueType,
    RegType,
    TBufType,
    TilingType,
    UbPtrType,
    is_float,
)
from ascendc_emitter.names import c_identifier, field_identifier, is_c_identifier

i1 = IntegerType(1)
i32 = IntegerType(32)
i64 = IntegerType(64)
u8 = IntegerType(8, Signedness.UNSIGNED)
u32 = IntegerType(32, Signedness.UNSIGNED)

Value = SSAValue | int


def is_unsigned(value: SSAValue) -> bool:
    t = value.type
    return isinstance(t, IntegerType) and t.signedness.data == Signedness.UNSIGNED


def reads_unsigned(value: SSAValue) -> bool:
    """Converted as an unsigned value: typed unsigned, or a flag (``i1`` true is 1)."""
    t = value.type
    return is_unsigned(value) or (isinstance(t, IntegerType) and t.width.data == 1)


def identifier(name: str) -> str:
    """A symbol the builders were given: already an identifier (a kernel name arrives mapped,
    ``names.kernel_symbol``, and the names derived from it stay identifiers) or mapped now."""
    return name if is_c_identifier(name) else c_identifier(name)


def hint(name: str | None) -> str | None:
    """An SSA name hint for ``name``, which may come from any node name: xDSL's own spelling
    when it is one, else the names mapping (``c_identifier``; the printer maps it again)."""
    if name is None or IRWithName.is_valid_name(name):
        return name
    return c_identifier(name)


class BodyBuilder:
    """Appends ops to a block; nested regions through context managers."""

    def __init__(self, block: Block):
        self.block = block

    # ---------------------------------------------------------------- plumbing
    def insert(self, op: Operation) -> Operation:
        self.block.add_op(op)
        return op

    def drop_dead_last(self) -> None:
        """Erase the last op built when it has no effect and no result anyone reads (a loop
        whose body came out empty but for index arithmetic)."""
        op = self.block.last_op
        if op is not None and not any(r.uses for r in op.results) and is_side_effect_free(op):
            op.detach()
            op.erase()

    def emit(
        self,
        cls: type[Operation],
        operands: Sequence[Any] = (),
        props: dict[str, Attribute | str] | None = None,
        result: Attribute | None = None,
        name: str | None = None,
    ) -> SSAValue | None:
        """Build ``cls``; string values of ``props`` become its enum attributes
        (:func:`ac.properties_of`)."""
        op = cls.build(
            operands=list(operands),
            properties=ac.properties_of(cls, props or {}),  # type: ignore[arg-type]
            result_types=[result] if result else [],
        )
        self.insert(op)
        if op.results:
            if name:
                op.results[0].name_hint = hint(name)
            return op.results[0]
        return None

    def v(self, value: Value, t: Attribute = i64) -> SSAValue:
        return value if isinstance(value, SSAValue) else self.const(value, t)

    def _nested(self, block: Block) -> BodyBuilder:
        """The builder of a nested region's block (the same kind as this one)."""
        return type(self)(block)

    # ------------------------------------------------------------------ scalars
    def const(self, value: int | float | bool, t: Attribute = i64, name: str | None = None) -> SSAValue:
        attr = FloatAttr(float(value), t) if is_float(t) else IntegerAttr(int(value), t)  # type: ignore[arg-type]
        op = self.insert(arith.ConstantOp(attr, t))
        if name:
            op.results[0].name_hint = hint(name)
        return op.results[0]

    def _bin(self, cls: type[Operation], a: Value, b: Value, name: str | None) -> SSAValue:
        lhs = self.v(a)
        op = self.insert(cls(lhs, self.v(b, lhs.type)))  # type: ignore[call-arg]
        if name:
            op.results[0].name_hint = hint(name)
        return op.results[0]

    def add(self, a: Value, b: Value, name: str | None = None) -> SSAValue:
        return self._bin(arith.AddiOp, a, b, name)

    def sub(self, a: Value, b: Value, name: str | None = None) -> SSAValue:
        return self._bin(arith.SubiOp, a, b, name)

    def mul(self, a: Value, b: Value, name: str | None = None) -> SSAValue:
        return self._bin(arith.MuliOp, a, b, name)

    def floordiv(self, a: Value, b: Value, name: str | None = None) -> SSAValue:
        return self._bin(arith.FloorDivSIOp, a, b, name)

    def ceildiv(self, a: Value, b: Value, name: str | None = None) -> SSAValue:
        return self._bin(arith.CeilDivSIOp, a, b, name)

    def _signed_or_unsigned(
        self, signed: type[Operation], unsigned: type[Operation], a: Value, b: Value, name: str | None
    ) -> SSAValue:
        lhs = self.v(a)
        return self._bin(unsigned if is_unsigned(lhs) else signed, lhs, b, name)

    def rem(self, a: Value, b: Value, name: str | None = None) -> SSAValue:
        return self._signed_or_unsigned(arith.RemSIOp, arith.RemUIOp, a, b, name)

    def min(self, a: Value, b: Value, name: str | None = None) -> SSAValue:
        return self._signed_or_unsigned(arith.MinSIOp, arith.MinUIOp, a, b, name)

    def max(self, a: Value, b: Value, name: str | None = None) -> SSAValue:
        return self._signed_or_unsigned(arith.MaxSIOp, arith.MaxUIOp, a, b, name)

    def cmp(self, pred: str, a: Value, b: Value, name: str | None = None) -> SSAValue:
        """``arith.cmpi pred``; pred is one of :class:`IntPredicate` (a signed one compares
        unsigned values as unsigned)."""
        predicate = IntPredicate(enum_attr_value(IntPredicate, pred, "integer predicate"))
        lhs = self.v(a)
        if is_unsigned(lhs):
            predicate = predicate.as_unsigned()
        op = self.insert(arith.CmpiOp(lhs, self.v(b, lhs.type), predicate.index))
        if name:
            op.results[0].name_hint = hint(name)
        return op.results[0]

    def select(self, cond: SSAValue, a: Value, b: Value, name: str | None = None) -> SSAValue:
        x = self.v(a)
        if isinstance(cond.owner, arith.ConstantOp):  # a known condition picks its side here
            chosen = cond.owner.value.value.data  # type: ignore[union-attr]
            return x if chosen else self.v(b, x.type)
        op = self.insert(arith.SelectOp(cond, x, self.v(b, x.type)))
        if name:
            op.results[0].name_hint = hint(name)
        return op.results[0]

    def cast(self, value: SSAValue, t: Attribute, name: str | None = None) -> SSAValue:
        src = value.type
        if src == t:
            return value
        unsigned_target = isinstance(t, IntegerType) and t.signedness.data == Signedness.UNSIGNED
        if is_float(t) and not is_float(src):
            cls: type[Operation] = arith.UIToFPOp if reads_unsigned(value) else arith.SIToFPOp
        elif is_float(src) and not is_float(t):
            cls = arith.FPToUIOp if unsigned_target else arith.FPToSIOp
        elif is_float(src):
            cls = arith.ExtFOp if _bits(t) > _bits(src) else arith.TruncFOp
        elif _bits(t) > _bits(src):
            cls = arith.ExtUIOp if reads_unsigned(value) else arith.ExtSIOp
        else:
            cls = arith.TruncIOp
        op = self.insert(cls(value, t))  # type: ignore[call-arg]
        if name:
            op.results[0].name_hint = hint(name)
        return op.results[0]

    # ------------------------------------------------------------ control flow
    @contextmanager
    def loop(
        self, lb: Value, ub: Value, step: Value = 1, name: str = "i"
    ) -> Iterator[tuple[BodyBuilder, SSAValue]]:
        lo, hi, st = self.v(lb), self.v(ub), self.v(step)
        block = Block(arg_types=[lo.type])
        block.args[0].name_hint = hint(name)
        inner = self._nested(block)
        yield inner, block.args[0]
        block.add_op(scf.YieldOp())
        self.insert(scf.ForOp(lo, hi, st, [], block))

    @contextmanager
    def fold(
        self, lb: Value, ub: Value, init: SSAValue, name: str = "r", acc_name: str = "acc"
    ) -> Iterator[tuple[BodyBuilder, SSAValue, SSAValue, list[SSAValue]]]:
        """A loop carrying one value: yields (body, induction variable, the value entering
        the iteration, a one-element list the body fills with the value leaving it). After
        the block, ``self.folded`` is the final value."""
        with self.fold_many(lb, ub, [init], name, [acc_name]) as (inner, i, (acc,), out):
            yield inner, i, acc, out
        self.folded = self.folded_many[0]

    @contextmanager
    def fold_many(
        self, lb: Value, ub: Value, inits: Sequence[SSAValue], name: str, acc_names: Sequence[str]
    ) -> Iterator[tuple[BodyBuilder, SSAValue, list[SSAValue], list[SSAValue]]]:
        """A loop carrying ``inits``: yields (body, induction variable, the values entering
        the iteration, a list the body fills with the values leaving it, in order). After the
        block, ``self.folded_many`` holds the final values."""
        lo, hi = self.v(lb), self.v(ub)
        block = Block(arg_types=[lo.type, *(v.type for v in inits)])
        block.args[0].name_hint = hint(name)
        for arg, n in zip(block.args[1:], acc_names, strict=True):
            arg.name_hint = hint(n)
        inner = self._nested(block)
        out: list[SSAValue] = []
        yield inner, block.args[0], list(block.args[1:]), out
        if len(out) != len(inits):
            raise ValueError(f"fold_many: the body must provide {len(inits)} next values")
        block.add_op(scf.YieldOp(*out))
        loop = self.insert(scf.ForOp(lo, hi, self.v(1), list(inits), block))
        for r, n in zip(loop.results, acc_names, strict=True):
            r.name_hint = hint(n)
        self.folded_many = list(loop.results)

    @contextmanager
    def when(self, cond: SSAValue) -> Iterator[BodyBuilder]:
        block = Block()
        inner = self._nested(block)
        yield inner
        block.add_op(scf.YieldOp())
        self.insert(scf.IfOp(cond, [], Region(block)))

    # --------------------------------------------------------------- host side
    def set_tiling(self, field: str, value: Value) -> None:
        """A field of the generated code's own (``names.field_identifier``)."""
        self.emit(ac.SetTilingOp, [self.v(value)], {"field": StringAttr(field_identifier(field))})

    def set_size(self, size: str, value: Value) -> None:
        """The tiling field of the graph's size ``size`` (the user's name, mapped by
        ``names.c_identifier``: never one of the generated code's own fields)."""
        self.emit(ac.SetTilingOp, [self.v(value)], {"field": StringAttr(c_identifier(size))})

    def set_output(self, output: str, value: Value) -> None:
        self.emit(ac.SetOutputOp, [self.v(value)], {"output": output})

    def fail_if(self, cond: SSAValue, code: int, reason: str) -> None:
        self.emit(ac.FailIfOp, [cond], {"code": IntAttr(code), "reason": StringAttr(reason)})

    # ------------------------------------------------------------- kernel side
    def tiling_get(
        self, tiling: SSAValue, field: str, t: Attribute = i64, name: str | None = None
    ) -> SSAValue:
        """A field of the generated code's own (``names.field_identifier``)."""
        field = field_identifier(field)
        return self.emit(ac.TilingGetOp, [tiling], {"field": StringAttr(field)}, t, name=name or field)  # type: ignore[return-value]

    def size_get(self, tiling: SSAValue, size: str) -> SSAValue:
        """The value of the graph's size ``size`` (see :meth:`set_size`), named after it."""
        field = c_identifier(size)
        return self.emit(ac.TilingGetOp, [tiling], {"field": StringAttr(field)}, i64, name=size)  # type: ignore[return-value]

    def block_idx(self) -> SSAValue:
        return self.emit(ac.BlockIdxOp, [], {}, i64, name="block_idx")  # type: ignore[return-value]

    def global_tensor(
        self, addr: SSAValue, element: Attribute, offset: Value, size: Value, name: str | None = None
    ) -> SSAValue:
        return self.emit(
            ac.GlobalTensorOp, [addr, self.v(offset), self.v(size)], {}, GlobalTensorType(element), name
        )  # type: ignore[return-value]

    def gslice(self, g: SSAValue, offset: Value) -> SSAValue:
        return self.emit(ac.GlobalSliceOp, [g, self.v(offset)], {}, g.type)  # type: ignore[return-value]

    def que(self, position: str, depth: int, num: int, nbytes: Value, name: str | None = None) -> SSAValue:
        t = QueType(position, depth)
        return self.emit(ac.QueOp, [self.v(nbytes)], {"num": IntAttr(num)}, t, name)  # type: ignore[return-value]

    def tbuf(self, nbytes: Value, position: str = "VECCALC", name: str | None = None) -> SSAValue:
        return self.emit(ac.TBufOp, [self.v(nbytes)], {}, TBufType(position), name)  # type: ignore[return-value]

    def tbuf_get(
        self, buf: SSAValue, element: Attribute, count: Value, byte_offset: int = 0, name: str | None = None
    ) -> SSAValue:
        return self.emit(
            ac.TBufGetOp,
            [buf, self.v(count)],
            {"byte_offset": IntAttr(byte_offset)},
            LocalTensorType(element),
            name,
        )  # type: ignore[return-value]

    def alloc(self, que: SSAValue, element: Attribute, name: str | None = None) -> SSAValue:
        return self.emit(ac.AllocTensorOp, [que], {}, LocalTensorType(element), name)  # type: ignore[return-value]

    def enque(self, que: SSAValue, t: SSAValue) -> None:
        self.emit(ac.EnQueOp, [que, t])

    def deque(self, que: SSAValue, element: Attribute, name: str | None = None) -> SSAValue:
        return self.emit(ac.DeQueOp, [que], {}, LocalTensorType(element), name)  # type: ignore[return-value]

    def free(self, que: SSAValue, t: SSAValue) -> None:
        self.emit(ac.FreeTensorOp, [que, t])

    def lslice(self, t: SSAValue, offset: Value, size: Value | None = None) -> SSAValue:
        """``t[offset]``, limited to ``size`` elements when given."""
        sized = [self.v(size)] if size is not None else []
        return self.emit(ac.LocalSliceOp, [t, self.v(offset), sized], {}, t.type)  # type: ignore[return-value]

    def reinterpret(self, t: SSAValue, element: Attribute, name: str | None = None) -> SSAValue:
        return self.emit(ac.ReinterpretOp, [t], {}, LocalTensorType(element), name)  # type: ignore[return-value]

    def phy_addr(self, t: SSAValue, name: str | None = None) -> SSAValue:
        return self.emit(ac.PhyAddrOp, [t], {}, UbPtrType(t.type.element), name)  # type: ignore[attr-defined,return-value]

    def gm_ptr(self, addr: SSAValue, element: Attribute, name: str | None = None) -> SSAValue:
        return self.emit(ac.GmPtrOp, [addr], {}, GmPtrType(element), name)  # type: ignore[return-value]

    def copy_pad(
        self,
        dst: SSAValue,
        src: SSAValue,
        count: Value,
        length: Value,
        src_stride: Value = 0,
        dst_stride: Value = 0,
        pad_value: int | float | None = None,
        compact: bool = False,
        padding: tuple[Value, Value] | None = None,
    ) -> None:
        props: dict[str, Attribute] = {}
        if compact:
            props["compact"] = UnitAttr()
        if pad_value is not None:
            element = dst.type.element  # type: ignore[attr-defined]
            props["pad_value"] = (
                FloatAttr(float(pad_value), element)
                if is_float(element)
                else IntegerAttr(int(pad_value), element)
            )
        operands = [
            dst,
            src,
            self.v(count),
            self.v(length),
            self.v(src_stride),
            self.v(dst_stride),
            [self.v(p) for p in padding] if padding is not None else [],
        ]
        self.emit(ac.DataCopyPadOp, operands, props)

    def vec(self, cls: type[Operation], *operands: Value, **props: str) -> None:
        """A memory-level API call; ``props`` are its modes by name (``mode="LT"``)."""
        self.emit(cls, [self.v(o) for o in operands], dict(props))

    def get_value(self, t: SSAValue, index: Value, name: str | None = None) -> SSAValue:
        element = t.type.element  # type: ignore[attr-defined]
        if isinstance(element, IntegerType):  # arith scalars are signless
            element = IntegerType(element.width.data)
        return self.emit(ac.GetValueOp, [t, self.v(index)], {}, element, name)  # type: ignore[return-value]

    def set_value(self, t: SSAValue, index: Value, value: SSAValue) -> None:
        self.emit(ac.SetValueOp, [t, self.v(index), value])

    def barrier(self, pipe: str = "PIPE_V") -> None:
        self.emit(ac.PipeBarrierOp, [], {"pipe": pipe})

    def sync(self, event: str) -> None:
        self.emit(ac.SyncOp, [], {"event": event})

    def sync_all(self) -> None:
        """``SyncAll<true>()``: every core of the launch waits for every other (the kernel
        becomes a ``__mix__(0, 1)`` kernel)."""
        self.emit(ac.SyncAllOp, [])

    def alloc_event(self, event: str, name: str | None = None) -> SSAValue:
        """An event id of ``event`` held until :meth:`release_event`."""
        return self.emit(ac.AllocEventOp, [], {"event": event}, i64, name)  # type: ignore[return-value]

    def release_event(self, event: str, id: SSAValue) -> None:
        self.emit(ac.ReleaseEventOp, [id], {"event": event})

    def set_flag(self, event: str, id: SSAValue) -> None:
        self.emit(ac.SetFlagOp, [id], {"event": event})

    def wait_flag(self, event: str, id: SSAValue) -> None:
        self.emit(ac.WaitFlagOp, [id], {"event": event})

    def vf_call(self, callee: str, args: Sequence[SSAValue]) -> None:
        self.emit(ac.VfCallOp, [list(args)], {"callee": SymbolRefAttr(identifier(callee))})

    def simt_call(self, callee: str, threads: int, args: Sequence[SSAValue]) -> None:
        self.emit(
            ac.SimtCallOp,
            [list(args)],
            {"callee": SymbolRefAttr(identifier(callee)), "threads": IntAttr(threads)},
        )

    @contextmanager
    def key_switch(self, tiling: SSAValue, keys: Sequence[int]) -> Iterator[list[BodyBuilder]]:
        """``switch (tiling.tiling_key)``: yields one builder per key."""
        key = self.tiling_get(tiling, "tiling_key", u32)
        blocks = [Block() for _ in keys]
        yield [self._nested(b) for b in blocks]
        self.insert(
            ac.KeySwitchOp.build(
                operands=[key],
                properties={"keys": ArrayAttr([IntAttr(k) for k in keys])},
                regions=[[Region(b) for b in blocks]],
            )
        )

    # ----------------------------------------------------------- register level
    def update_mask(self, remaining: Value, dtype: Attribute, name: str = "mask") -> SSAValue:
        return self.emit(ac.UpdateMaskOp, [self.v(remaining)], {"dtype": dtype}, MaskType(), name)  # type: ignore[return-value]

    def create_mask(self, dtype: Attribute, pattern: str = "ALL", name: str = "mask") -> SSAValue:
        return self.emit(ac.CreateMaskOp, [], {"dtype": dtype, "pattern": pattern}, MaskType(), name)  # type: ignore[return-value]

    def reg_load(self, ptr: SSAValue, offset: Value, name: str = "r", dist: str = "DIST_NORM") -> SSAValue:
        props: dict[str, Attribute | str] = {"dist": dist} if dist != "DIST_NORM" else {}
        return self.emit(ac.RegLoadOp, [ptr, self.v(offset)], props, RegType(ptr.type.element), name)  # type: ignore[attr-defined,return-value]

    def reg_store(
        self, ptr: SSAValue, offset: Value, value: SSAValue, mask: SSAValue, dist: str = "DIST_NORM"
    ) -> None:
        props: dict[str, Attribute | str] = {"dist": dist} if dist != "DIST_NORM" else {}
        self.emit(ac.RegStoreOp, [ptr, self.v(offset), value, mask], props)

    def reg(
        self,
        cls: type[Operation],
        *operands: SSAValue,
        result: Attribute | None = None,
        name: str = "r",
        **props: str,
    ) -> SSAValue:
        if result is None:
            result = next(o.type for o in operands if isinstance(o.type, RegType))
        return self.emit(cls, list(operands), dict(props), result, name)  # type: ignore[return-value]

    # --------------------------------------------------------------- SIMT level
    def thread_idx(self) -> SSAValue:
        return self.emit(ac.ThreadIdxOp, [], {}, i64, "tid")  # type: ignore[return-value]

    def thread_num(self) -> SSAValue:
        return self.emit(ac.ThreadNumOp, [], {}, i64, "nthreads")  # type: ignore[return-value]

    def gm_load(self, ptr: SSAValue, index: Value, name: str | None = None) -> SSAValue:
        return self.emit(ac.GmLoadOp, [ptr, self.v(index)], {}, ptr.type.element, name)  # type: ignore[attr-defined,return-value]

    def check_index(self, index: SSAValue, size: Value, what: str) -> None:
        self.emit(ac.CheckIndexOp, [index, self.v(size)], {"what": StringAttr(what)})

    def gm_store(self, ptr: SSAValue, index: Value, value: SSAValue) -> None:
        self.emit(ac.GmStoreOp, [ptr, self.v(index), value])


FIRST_CHECK_CODE = 100
"""``AutofuseTiling`` return codes from here on are host arithmetic checks, one code per
message (:meth:`HostBuilder.fail_with`); 1 to 99 are the classes that
``runtime.kernel.TILING_ERRORS`` describes."""


_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{(\d+)\}")


def message_text(text: str) -> str:
    """``text`` for a ``fail_with`` message: its braces doubled (``{0}``-style placeholders
    in messages stand for ``AutofuseTiling`` arguments, see :meth:`HostBuilder.sizes_text`)."""
    return text.replace("{", "{{").replace("}", "}}")


class _HostState:
    """What the builders of one ``AutofuseTiling`` body share (nested regions too)."""

    def __init__(self, sizes: Sequence[str]):
        self.sizes = list(sizes)
        self.codes: dict[str, int] = {}
        self.describe: list[Callable[[str], str]] = []


class HostBuilder(BodyBuilder):
    """The body of ``AutofuseTiling``: integer ``+ - *`` and divisions on i64 are checked
    (``ascendc.checked_*`` ops, each flag followed by an ``ascendc.fail_if``), so host
    tiling neither traps (SIGFPE) nor wraps whatever the sizes are. Kernels evaluate the
    size expressions of host tiling, in the same order (``lowering.exprs``), on the same
    sizes: what host tiling computed without failing, they compute without trapping.

    A failed check returns its own code (from :data:`FIRST_CHECK_CODE`, one per message);
    the message says what was computed -- :meth:`checking` supplies it, e.g. "size
    expression 's0 mod (s1 - s0)' of the load offset of %l0 divides by zero with s0={0},
    s1={1}" -- and the printer writes every message into ``AutofuseTilingError`` for the
    runtime, which substitutes the ``{k}`` placeholders (size argument ``k``)."""

    def __init__(self, block: Block, sizes: Sequence[str] | _HostState = ()):
        super().__init__(block)
        self.state = sizes if isinstance(sizes, _HostState) else _HostState(sizes)

    def _nested(self, block: Block) -> HostBuilder:
        return HostBuilder(block, self.state)

    # ------------------------------------------------------------- messages
    def sizes_text(self, names: Iterable[str] | None = None) -> str:
        """``s0={0}, s1={1}``: the placeholders of the named size arguments (all by default),
        sorted by name, as ``ascir_dialect.symbolic.bindings_text`` lists concrete values."""
        wanted = sorted(set(self.state.sizes if names is None else names))
        parts = [
            f"{message_text(n)}={{{self.state.sizes.index(n)}}}" for n in wanted if n in self.state.sizes
        ]
        return ", ".join(parts) or "no sizes"

    @contextmanager
    def checking(self, describe: Callable[[str], str]) -> Iterator[None]:
        """Inside, a failed check's message is ``describe(kind)``, kind "zero" (a division
        by zero) or "overflow" (a result outside int64)."""
        self.state.describe.append(describe)
        try:
            yield
        finally:
            self.state.describe.pop()

    def _message(self, kind: str, what: str, name: str | None) -> str:
        if self.state.describe:
            return self.state.describe[-1](kind)
        trap = {"zero": "divides by zero", "overflow": "overflows int64"}[kind]
        value = f" {message_text(name)}" if name else ""
        return f"host tiling arithmetic ({what}{value}) {trap} with {self.sizes_text()}"

    def code_for(self, reason: str) -> int:
        """The code of a check's message (a new code for a new message)."""
        return self.state.codes.setdefault(reason, FIRST_CHECK_CODE + len(self.state.codes))

    def fail_with(self, cond: SSAValue, reason: str) -> None:
        """``fail_if`` with the code of ``reason``."""
        self.fail_if(cond, self.code_for(reason), reason)

    def adopt_fail_if(self, op: ac.FailIfOp, sizes: Sequence[str]) -> None:
        """A check cloned from another host tiling whose size arguments are ``sizes`` (an
        inlined SK-like stage): its placeholders renumbered for this one, its code this
        host's code of the message."""
        code = op.code.data
        if code < FIRST_CHECK_CODE:
            return

        def renumber(m: re.Match[str]) -> str:
            if m.group(1) is None:
                return m.group(0)
            return "{" + str(self.state.sizes.index(sizes[int(m.group(1))])) + "}"

        reason = _PLACEHOLDER.sub(renumber, op.reason.data)
        op.properties["reason"] = StringAttr(reason)
        op.properties["code"] = IntAttr(self.code_for(reason))

    # ----------------------------------------------------------- arithmetic
    def _checked(self, cls: type[Operation], a: Value, b: Value, name: str | None, what: str) -> SSAValue:
        lhs = self.v(a)
        rhs = self.v(b, lhs.type)
        op = self.insert(cls.build(operands=[lhs, rhs], result_types=[i64, i1]))
        value, overflow = op.results
        if name:
            value.name_hint = name
        self.fail_with(overflow, self._message("overflow", what, name))
        return value

    @staticmethod
    def _constant(value: Value) -> int | None:
        if isinstance(value, int):
            return value
        owner = value.owner
        if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
            return owner.value.value.data
        return None

    def _unchecked(self, a: Value, b: Value) -> bool:
        """Plain arith: the operands are not i64 values (flags, the uint32 arguments)."""
        return any(isinstance(x, SSAValue) and x.type != i64 for x in (a, b))

    def add(self, a: Value, b: Value, name: str | None = None) -> SSAValue:
        if self._unchecked(a, b):
            return super().add(a, b, name)
        if self._constant(b) == 0 and isinstance(a, SSAValue):
            return a
        if self._constant(a) == 0 and isinstance(b, SSAValue):
            return b
        return self._checked(ac.CheckedAddOp, a, b, name, "a sum")

    def sub(self, a: Value, b: Value, name: str | None = None) -> SSAValue:
        if self._unchecked(a, b):
            return super().sub(a, b, name)
        if self._constant(b) == 0 and isinstance(a, SSAValue):
            return a
        return self._checked(ac.CheckedSubOp, a, b, name, "a difference")

    def mul(self, a: Value, b: Value, name: str | None = None) -> SSAValue:
        if self._unchecked(a, b):
            return super().mul(a, b, name)
        if self._constant(b) == 1 and isinstance(a, SSAValue):
            return a
        if self._constant(a) == 1 and isinstance(b, SSAValue):
            return b
        return self._checked(ac.CheckedMulOp, a, b, name, "a product")

    def _division(self, cls: type[Operation], plain, a: Value, b: Value, name: str | None) -> SSAValue:
        divisor = self._constant(b)
        if divisor is not None and divisor not in (0, -1):
            return plain(a, b, name)  # a constant divisor: nothing to check
        what = "a quotient"
        rhs = self.v(b)
        self.fail_with(self.cmp("eq", rhs, 0), self._message("zero", what, name))
        return self._checked(cls, a, rhs, name, what)

    def floordiv(self, a: Value, b: Value, name: str | None = None) -> SSAValue:
        if self._unchecked(a, b):
            return super().floordiv(a, b, name)
        return self._division(ac.CheckedFloorDivOp, super().floordiv, a, b, name)

    def ceildiv(self, a: Value, b: Value, name: str | None = None) -> SSAValue:
        if self._unchecked(a, b):
            return super().ceildiv(a, b, name)
        return self._division(ac.CheckedCeilDivOp, super().ceildiv, a, b, name)

    def rem(self, a: Value, b: Value, name: str | None = None) -> SSAValue:
        divisor = self._constant(b)
        if divisor is None or divisor in (0, -1):
            raise ValueError("host tiling: a remainder needs a constant divisor other than 0 and -1")
        return super().rem(a, b, name)


def enum_attr_value(kind: type, value: str, what: str) -> str:
    """``value`` if it spells a member of the StrEnum ``kind``, else a ``VerifyException``
    naming the choices."""
    if value in kind.__members__.values():
        return value
    raise VerifyException(f"{what} {value!r} is not one of {', '.join(m.value for m in kind)}")


def _bits(t: Attribute) -> int:
    if isinstance(t, IntegerType):
        return t.width.data
    from ascendc_emitter.dialect.types import element_bytes

    return element_bytes(t) * 8


class KernelModuleBuilder:
    """Builds one kernel module: tiling struct, host tiling, VF functions and the kernel.

    Every name it puts into the module is mapped to a C identifier where the op is created
    (``ascendc_emitter.names.c_identifier``): tiling fields (``tiling_get`` / ``set_tiling``
    map theirs the same way), GM and function argument names, and the global symbols
    (:meth:`symbol`), which are also kept distinct from each other and from the names the
    generated functions give their own parameters."""

    def __init__(
        self,
        name: str,
        gm_args: Sequence[str],
        sizes: Sequence[str],
        tiling_fields: Sequence[tuple[str, Attribute]],
    ):
        self.name = name
        self.module = ModuleOp([])
        # the graph's sizes in the users' namespace, the rest in the generated code's own
        # (names.GENERATED_FIELDS): no size name can meet a field of the compiler's
        own = [(field_identifier(n), t) for n, t in tiling_fields]
        fields = [("block_dim", u32), ("tiling_key", u32), *((c_identifier(s), i64) for s in sizes), *own]
        self.module.body.block.add_op(
            ac.TilingStructOp.build(
                properties={
                    "field_names": ArrayAttr([StringAttr(n) for n, _ in fields]),
                    "field_types": ArrayAttr([t for _, t in fields]),
                }
            )
        )
        self.gm_args = [c_identifier(a) for a in [*gm_args, "workspace"]]
        self.sizes = list(sizes)
        self._symbols: dict[Hashable, str] = {}
        self._taken: set[str] = set(ac.LAUNCH_NAMES) | set(self.gm_args)
        # the module's first kernel, kept as ops are appended (functions and host tiling go
        # before it; a scan of the module per function made long chains quadratic)
        self._first_kernel: ac.KernelOp | None = None

    def symbol(self, name: str, key: Hashable = None) -> str:
        """The C++ symbol of a kernel or function called ``name`` in IR: ``c_identifier(name)``
        unless another symbol of the module (or a parameter name of the generated functions)
        has it, then a hashed variant. The same ``key`` (default: ``name``) always gets the
        same symbol; different keys never share one."""
        key = name if key is None else key
        if key in self._symbols:
            return self._symbols[key]
        # a kernel name arrives mapped (names.kernel_symbol), and the names derived from it
        # stay identifiers: only what is not one yet goes through the names mapping
        sym, n = identifier(name), 0
        while sym in self._taken:
            n += 1
            sym = c_identifier(f"{name}#{n}")  # '#' is never kept: the readable part plus a hash
        self._symbols[key] = sym
        self._taken.add(sym)
        return sym

    def adopt(self, ops: Sequence[Operation]) -> None:
        """Take functions and kernels built by another builder (SK-like stages): each gets a
        symbol of this module (renamed, calls included, if it collides)."""
        renamed: dict[str, str] = {}
        for op in ops:
            if isinstance(op, (ac.KernelOp, ac.SimdVfOp, ac.SimtVfOp)):
                old = op.sym_name.data
                renamed[old] = self.symbol(old, key=("adopted", id(op)))
                op.properties["sym_name"] = StringAttr(renamed[old])
        for op in ops:
            for inner in op.walk():
                if isinstance(inner, (ac.VfCallOp, ac.SimtCallOp)):
                    old = inner.callee.root_reference.data
                    if renamed.get(old, old) != old:
                        inner.properties["callee"] = SymbolRefAttr(renamed[old])

    def append(self, op: Operation) -> None:
        """Append ``op`` (a kernel, function or launch signature) to the module."""
        self.module.body.block.add_op(op)
        if self._first_kernel is None and isinstance(op, ac.KernelOp):
            self._first_kernel = op


    @contextmanager
    def host(self) -> Iterator[tuple[HostBuilder, list[SSAValue], SSAValue, SSAValue]]:
        """Yields (builder, size values, core_num, ub_size) for ``AutofuseTiling``; the
        builder checks its arithmetic (:class:`HostBuilder`)."""
        block = Block(arg_types=[i64] * len(self.sizes) + [u32, u32])  # core_num, ub_size: uint32_t
        for arg, n in zip(block.args, [*self.sizes, "core_num", "ub_size"], strict=True):
            arg.name_hint = n
        yield (
            HostBuilder(block, self.sizes),
            list(block.args[: len(self.sizes)]),
            block.args[-2],
            block.args[-1],
        )
        host = ac.HostTilingOp.build(
            properties={"size_names": ArrayAttr([StringAttr(s) for s in self.sizes])},
            regions=[Region(block)],
        )
        if self._first_kernel is None:
            self.append(host)
        else:  # host tiling precedes the kernels in the module, as in the generated files
            self.module.body.block.insert_op_before(host, self._first_kernel)

    @contextmanager
    def kernel(
        self, name: str | None = None, launch_key: int | None = None, grid: str | None = None
    ) -> Iterator[tuple[BodyBuilder, list[SSAValue], SSAValue]]:
        """Yields (builder, GM addresses incl. workspace, tiling) for the kernel body. A
        further kernel of the module takes its own ``name`` and is launched, in module
        order with the others of its key, when host tiling picks ``launch_key``, on the
        tiling field ``grid``'s blocks (default: the module's ``block_dim``)."""
        block = Block(arg_types=[GmAddrType()] * len(self.gm_args) + [TilingType()])
        yield BodyBuilder(block), list(block.args[:-1]), block.args[-1]
        props: dict[str, Attribute] = {
            "sym_name": StringAttr(self.symbol(name or self.name, key=("kernel", name or self.name))),
            "arg_names": ArrayAttr([StringAttr(a) for a in self.gm_args]),
        }
        if launch_key is not None:
            props["launch_key"] = IntAttr(launch_key)
        if grid is not None:
            props["grid_field"] = StringAttr(field_identifier(grid))
        self.append(ac.KernelOp.build(properties=props, regions=[Region(block)]))
        kernels = [op for op in self.module.ops if isinstance(op, ac.KernelOp)]
        signature = any(isinstance(op, ac.LaunchSignatureOp) for op in self.module.ops)
        if len(kernels) == 2 and not signature:  # several kernels: AutofuseLaunch's own signature
            self.append(
                ac.LaunchSignatureOp.build(
                    properties={"arg_names": ArrayAttr([StringAttr(a) for a in self.gm_args])}
                )
            )

    @contextmanager
    def function(
        self,
        kind: type[Operation],
        name: str,
        params: Sequence[tuple[str, Attribute]],
        launch_bound: int = 1024,
    ) -> Iterator[tuple[BodyBuilder, list[SSAValue]]]:
        """``name``: a symbol from :meth:`symbol` (the caller's calls use the same)."""
        names = [c_identifier(n) for n, _ in params]
        block = Block(arg_types=[t for _, t in params])
        for arg, n in zip(block.args, names, strict=True):
            arg.name_hint = n
        yield BodyBuilder(block), list(block.args)
        props: dict[str, Attribute] = {
            "sym_name": StringAttr(identifier(name)),
            "arg_names": ArrayAttr([StringAttr(n) for n in names]),
        }
        if kind is ac.SimtVfOp:
            props["launch_bound"] = IntAttr(launch_bound)
        function = kind.build(properties=props, regions=[Region(block)])
        if self._first_kernel is None:
            self.append(function)
        else:  # functions precede the kernel that calls them
            self.module.body.block.insert_op_before(function, self._first_kernel)

    def finish(self) -> ModuleOp:
        self.module.verify()
        return self.module
