"""C++ printer: an ``ascendc``-dialect module -> ``tiling.h``, ``host_impl.cpp``,
``device_impl.cpp`` (DESIGN "Generated code contract").

This is the only place where C++ text is produced. Each op kind has one emit method;
SSA values get stable names in walk order, so output is byte-identical run to run.

Integer signedness: a value's C++ type is its IR type's (``i64``/``si64`` -> ``int64_t``,
``ui64`` -> ``uint64_t``). The unsigned ``arith`` ops -- ``cmpi ult/ule/ugt/uge``,
``divui``, ``remui``, ``minui``, ``maxui``, ``ceildivui``, ``extui``, ``uitofp``,
``fptoui`` -- work on the unsigned type of their width: an operand of another type is cast
to it (``static_cast<uint64_t>(a) < static_cast<uint64_t>(b)``). The signed ops work on
the operand's own type: signed for signless and signed values (``i1`` as 0/-1), and, as in
C, unsigned for values typed unsigned -- the builder gives those the unsigned op anyway.
64-bit literals outside the range of ``long long`` keep their value (``ULL`` suffix).
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    Signedness,
)
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.irdl import IRDLOperation

from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.dialect.helpers import OP_HELPERS
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
    element_bytes,
    element_cname,
    is_element_type,
    is_float,
)
from ascendc_emitter.names import c_identifier, comment_text, is_c_identifier, shown
from ascir_dialect.numbers import FLOAT_FORMATS, round_to_dtype

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
INT64_MAX = 2**63 - 1
INT64_MIN = -(2**63)


def local_name(hint: str) -> str:
    """A C++ identifier for a local variable or parameter from an SSA name hint: the hint
    itself when it is a valid identifier, else the names mapping (ASCII only). Locals live
    in their function's scope, where the printer deduplicates them (:meth:`CppPrinter.fresh`),
    so they need no reserved vocabulary, unlike the tiling struct's fields."""
    hint = hint or "v"
    return hint if is_c_identifier(hint) else c_identifier(hint)


class EmitError(Exception):
    """The module cannot be printed as AscendC (names the op and the reason)."""


def symbol(op: Operation, name: str, what: str = "symbol") -> str:
    """``name`` itself if it is a C identifier (``ascendc_emitter.names``): the printer
    verifies, never repairs, the symbols, fields and argument names it prints."""
    if not isinstance(name, str) or not is_c_identifier(name):
        raise EmitError(
            f"{op.name}: {what} {shown(name)} is not a C identifier; names that reach "
            "C++ are mapped with ascendc_emitter.names.c_identifier when the op is created"
        )
    return name


def callee(op: Operation, kind: type[Operation]) -> str:
    """The function a call op names: a flat symbol reference to a ``kind`` function of the
    module (``SymbolTable`` lookup; functions are printed before the kernels calling them)."""
    ref = op.callee  # type: ignore[attr-defined]
    if ref.nested_references.data:
        raise EmitError(f"{op.name}: the callee must be a flat symbol reference, got {ref}")
    name = symbol(op, ref.root_reference.data, "callee")
    if not isinstance(ac.lookup(op, name), kind):
        raise EmitError(f"{op.name}: no {kind.name} named @{name} in the module")  # type: ignore[attr-defined]
    return name


def mode(op: Operation, prop: str) -> str:
    """The C++ spelling of an enum property (``CMPMODE::<mode>``): the op's enum attribute
    only -- a module that skipped verification cannot put other text there."""
    attr = op.properties.get(prop)
    if not isinstance(attr, EnumAttribute) or not _WORD.match(attr.data.value):
        raise EmitError(f"{op.name}: {prop} {shown(str(attr))} is not an AscendC mode")
    return attr.data.value


def unsigned_ctype(t: Attribute) -> str:
    """``uintN_t`` of an integer type's width (``bool`` for i1)."""
    assert isinstance(t, IntegerType)
    return "bool" if t.width.data == 1 else f"uint{t.width.data}_t"


def is_unsigned(t: Attribute) -> bool:
    return isinstance(t, IntegerType) and (t.signedness.data == Signedness.UNSIGNED or t.width.data == 1)


@dataclass(frozen=True)
class KernelSources:
    tiling_h: str
    host_impl_cpp: str
    device_impl_cpp: str

    def as_dict(self) -> dict[str, str]:
        return {
            "tiling.h": self.tiling_h,
            "host_impl.cpp": self.host_impl_cpp,
            "device_impl.cpp": self.device_impl_cpp,
        }


def cpp_string(text: str) -> str:
    """A C++ string literal: printable ASCII only, quotes and backslashes escaped, and ``?``
    as ``\\?`` (where trigraphs are enabled, ``??/`` before an escaped quote would end the
    literal)."""
    safe = "".join(c if 32 <= ord(c) < 127 else "?" for c in text)
    return '"' + safe.replace("\\", "\\\\").replace('"', '\\"').replace("?", "\\?") + '"'


def ctype(t: Attribute) -> str:
    """C++ spelling of a type."""
    if is_element_type(t):
        return element_cname(t)
    if isinstance(t, GlobalTensorType):
        return f"AscendC::GlobalTensor<{ctype(t.element)}>"
    if isinstance(t, LocalTensorType):
        return f"AscendC::LocalTensor<{ctype(t.element)}>"
    if isinstance(t, UbPtrType):
        return f"__ubuf__ {ctype(t.element)}*"
    if isinstance(t, GmPtrType):
        return f"__gm__ {ctype(t.element)}*"
    if isinstance(t, RegType):
        return f"AscendC::Reg::RegTensor<{ctype(t.element)}>"
    if isinstance(t, MaskType):
        return "AscendC::Reg::MaskReg"
    if isinstance(t, QueType):
        return f"AscendC::TQue<AscendC::TPosition::{t.position.data.value}, {t.depth.data}>"
    if isinstance(t, TBufType):
        return f"AscendC::TBuf<AscendC::TPosition::{t.position.data.value}>"
    if isinstance(t, GmAddrType):
        return "GM_ADDR"
    if isinstance(t, TilingType):
        return "AutofuseTilingData"
    raise EmitError(f"type {t} has no C++ spelling")


def literal(attr: Attribute, t: Attribute) -> str:
    if isinstance(attr, IntegerAttr):
        v = attr.value.data
        if isinstance(t, IntegerType) and t.width.data == 1:
            return "true" if v else "false"
        if isinstance(t, IntegerType) and t.width.data == 64:
            # int64_t is long, not long long: keep template deduction exact; a decimal
            # literal is signed, so the values past long long's range are spelled apart
            if v > INT64_MAX:
                return f"{ctype(t)}({v}ULL)"
            if v == INT64_MIN:
                return f"{ctype(t)}({INT64_MIN + 1}LL - 1)"
            return f"{ctype(t)}({v})"
        return str(v)
    if isinstance(attr, FloatAttr):
        text = float_literal(float(attr.value.data), t)
        return text if isinstance(t, Float32Type) else f"{ctype(t)}({text})"
    raise EmitError(f"constant {attr} cannot be printed")


_FLOAT_DTYPES = {Float16Type: "float16", BFloat16Type: "bfloat16", Float32Type: "float32"}
_FLOAT32_MIN_NORMAL = math.ldexp(1.0, FLOAT_FORMATS["float32"].emin)


def float_literal(value: float, t: Attribute) -> str:
    """A C++ ``float`` expression for the constant ``value`` of the float type ``t``.

    The value is first rounded to ``t`` as torch and the reference interpreter round a
    literal (:func:`ascir_dialect.numbers.round_to_dtype`): a constant beyond the type's
    range is inf, not a ``3.5e+38f`` that C++ declares ill-formed (a float literal must be
    in range) and that a half conversion might round otherwise. Infinities and NaN have no
    literal: ``(1.0f / 0.0f)`` and ``(0.0f / 0.0f)`` are IEEE divisions (no warning for
    floats). Finite values print as the shortest decimal that reads back as the double,
    which C++ rounds to exactly the float; a float subnormal prints as a C++17 hexadecimal
    literal, exact, where a decimal one draws an "underflow" warning."""
    kind = next((name for cls, name in _FLOAT_DTYPES.items() if isinstance(t, cls)), None)
    v = round_to_dtype(value, kind) if kind is not None else value
    if math.isnan(v):
        return "(0.0f / 0.0f)"
    if math.isinf(v):
        return "(1.0f / 0.0f)" if v > 0 else "(-1.0f / 0.0f)"
    if v != 0.0 and abs(v) < _FLOAT32_MIN_NORMAL:
        return f"{v.hex()}f"
    text = repr(v)
    return f"{text}f" if "e" in text or "." in text else f"{text}.0f"


_BINARY = {
    "arith.addi": "+",
    "arith.subi": "-",
    "arith.muli": "*",
    "arith.divsi": "/",
    "arith.remsi": "%",
    "arith.andi": "&",
    "arith.ori": "|",
    "arith.xori": "^",
    "arith.addf": "+",
    "arith.subf": "-",
    "arith.mulf": "*",
    "arith.divf": "/",
}
_UNSIGNED_BINARY = {"arith.divui": "/", "arith.remui": "%"}
"""Operands cast to the unsigned type of their width."""
_UNSIGNED_HELPER_OPS = ("arith.minui", "arith.maxui", "arith.ceildivui")
_UNSIGNED_HELPER = {name: OP_HELPERS[name] for name in _UNSIGNED_HELPER_OPS}
"""Instantiated for the unsigned type of the width (``af::Min<uint64_t>``)."""
_HELPER = {
    name: fn
    for name, fn in OP_HELPERS.items()
    if name.startswith("arith.") and name not in _UNSIGNED_HELPER_OPS
}
"""``arith`` ops printed as a call of an ``af::`` helper (the dialect's helper table,
which says where each may be called from)."""
_CASTS = {
    "arith.extsi",
    "arith.sitofp",
    "arith.fptosi",
    "arith.extf",
    "arith.truncf",
    "arith.index_cast",
}
_UNSIGNED_CASTS = {"arith.extui", "arith.uitofp"}
"""Casts of the source read as unsigned."""


class CppPrinter:
    """Prints the ops of one function body as C++ statements."""

    def __init__(self) -> None:
        self.out = io.StringIO()
        self.indent = 0
        self.names: dict[SSAValue, str] = {}
        self.carried: list[list[str]] = []  # variables of the enclosing loops' carried values
        self.used: set[str] = set()
        self.reserved: set[str] = set()
        """Names no local may take in any function: the module's global symbols."""
        self.counter = 0
        self.handlers: dict[type[Operation] | str, Callable[[Operation], None]] = self._handlers()

    # ----------------------------------------------------------------- plumbing
    def line(self, text: str = "") -> None:
        self.out.write(("    " * self.indent + text).rstrip() + "\n")

    @contextmanager
    def block(self, header: str, close: str = "}") -> Iterator[None]:
        self.line(header + " {")
        self.indent += 1
        yield
        self.indent -= 1
        self.line(close)

    def fresh(self, base: str) -> str:
        name = base = local_name(base)
        while name in self.used or name in self.reserved:
            self.counter += 1
            name = f"{base}_{self.counter}"
        self.used.add(name)
        return name

    def bind(self, value: SSAValue, name: str | None = None) -> str:
        n = self.fresh(name or value.name_hint or "v")
        self.names[value] = n
        return n

    def ref(self, value: SSAValue) -> str:
        try:
            return self.names[value]
        except KeyError:
            raise EmitError(
                f"value defined by {getattr(value.owner, 'name', 'a block')} is used before it is printed"
            ) from None

    @contextmanager
    def function_scope(self) -> Iterator[None]:
        """Names are local to a C++ function: each function starts a fresh namespace."""
        saved = (self.names, self.used, self.counter)
        self.names, self.used, self.counter = {}, set(), 0
        yield
        self.names, self.used, self.counter = saved

    def body(self, block: Block) -> None:
        for op in block.ops:
            self.emit(op)

    def emit(self, op: Operation) -> None:
        handler = self.handlers.get(type(op)) or self.handlers.get(op.name)
        if handler is None:
            raise EmitError(f"{op.name} cannot be printed as AscendC C++")
        if isinstance(op, IRDLOperation) and op.name.startswith("ascendc."):
            for prop, definition in type(op).get_irdl_definition().properties.items():
                bases = definition.constr.get_bases() or set()
                if any(issubclass(b, EnumAttribute) for b in bases) and prop in op.properties:
                    mode(op, prop)  # an enum attribute, or EmitError
        handler(op)

    def scalar(self, value: SSAValue, element: Attribute) -> str:
        """A scalar argument of an API taking ``element``: cast when signedness differs."""
        text = self.ref(value)
        return text if value.type == element else f"static_cast<{ctype(element)}>({text})"

    def unsigned(self, value: SSAValue) -> str:
        """``value`` as the unsigned type of its width (for the unsigned ops)."""
        text = self.ref(value)
        return text if is_unsigned(value.type) else f"static_cast<{unsigned_ctype(value.type)}>({text})"

    def signed(self, value: SSAValue) -> str:
        """``value`` for a signed op: its own C++ type, except ``i1``, which is 0 or -1."""
        text = self.ref(value)
        t = value.type
        if isinstance(t, IntegerType) and t.width.data == 1:
            return f"(-static_cast<int32_t>({text}))"
        return text

    def declare(self, op: Operation, expr: str) -> None:
        r = op.results[0]
        self.line(f"const {ctype(r.type)} {self.bind(r)} = {expr};")

    def declare_var(self, value: SSAValue, init: str) -> str:
        n = self.bind(value)
        self.line(f"{ctype(value.type)} {n}{init};")
        return n

    # ----------------------------------------------------------------- handlers
    def _handlers(self) -> dict[type[Operation] | str, Callable[[Operation], None]]:
        h: dict[type[Operation] | str, Callable[[Operation], None]] = {}
        h["arith.constant"] = self._constant
        for name, sym in _BINARY.items():
            h[name] = lambda op, sym=sym: self.declare(
                op, f"{self.ref(op.operands[0])} {sym} {self.ref(op.operands[1])}"
            )
        for name, sym in _UNSIGNED_BINARY.items():
            h[name] = lambda op, sym=sym: self.declare(
                op, f"{self.unsigned(op.operands[0])} {sym} {self.unsigned(op.operands[1])}"
            )
        for name, fn in _HELPER.items():
            h[name] = lambda op, fn=fn: self.declare(
                op,
                f"{fn}<{ctype(op.results[0].type)}>({self.ref(op.operands[0])}, {self.ref(op.operands[1])})",
            )
        for name, fn in _UNSIGNED_HELPER.items():
            h[name] = lambda op, fn=fn: self.declare(
                op,
                f"{fn}<{unsigned_ctype(op.results[0].type)}>({self.unsigned(op.operands[0])}, "
                f"{self.unsigned(op.operands[1])})",
            )
        for name in _CASTS:
            h[name] = lambda op: self.declare(
                op, f"static_cast<{ctype(op.results[0].type)}>({self.signed(op.operands[0])})"
            )
        for name in _UNSIGNED_CASTS:
            h[name] = lambda op: self.declare(
                op, f"static_cast<{ctype(op.results[0].type)}>({self.unsigned(op.operands[0])})"
            )
        h["arith.fptoui"] = self._fptoui
        h["arith.trunci"] = self._trunci
        h["arith.cmpi"] = self._cmpi
        h["arith.cmpf"] = self._cmpf
        h["arith.select"] = lambda op: self.declare(
            op, f"{self.ref(op.operands[0])} ? {self.ref(op.operands[1])} : {self.ref(op.operands[2])}"
        )
        h[scf.ForOp] = self._for
        h[scf.IfOp] = self._if
        h[scf.YieldOp] = self._yield
        h[ac.SetTilingOp] = lambda op: self.line(
            f"tiling->{symbol(op, op.field.data, 'field')} = static_cast<decltype(tiling->{op.field.data})>"
            f"({self.ref(op.value)});"
        )
        h[ac.SetOutputOp] = lambda op: self.line(
            f"*{mode(op, 'output')} = static_cast<uint32_t>({self.ref(op.value)});"
        )
        h[ac.FailIfOp] = lambda op: self.line(
            f"if ({self.ref(op.cond)}) return {int(op.code.data)};  // {comment_text(op.reason.data)}"
        )
        for cls in _subclasses(ac.CheckedArithOp):
            h[cls] = self._checked_arith
        h[ac.TilingGetOp] = lambda op: self.declare(
            op, f"{self.ref(op.tiling)}.{symbol(op, op.field.data, 'field')}"
        )
        h[ac.BlockIdxOp] = lambda op: self.declare(op, "static_cast<int64_t>(AscendC::GetBlockIdx())")
        h[ac.GlobalTensorOp] = self._global_tensor
        h[ac.GlobalSliceOp] = lambda op: self.declare_slice(op)
        h[ac.LocalSliceOp] = lambda op: self.declare_slice(op)
        h[ac.ReinterpretOp] = lambda op: self.declare(
            op, f"{self.ref(op.source)}.ReinterpretCast<{ctype(op.result.type.element)}>()"
        )
        h[ac.QueOp] = self._que
        h[ac.TBufOp] = self._tbuf
        h[ac.TBufGetOp] = lambda op: self.line(
            f"{ctype(op.result.type)} {self.bind(op.result)} = {self.ref(op.buf)}.GetWithOffset<{ctype(op.result.type.element)}>"
            f"(static_cast<uint32_t>({self.ref(op.count)}), {op.byte_offset.data});"
        )
        h[ac.AllocTensorOp] = lambda op: self.line(
            f"{ctype(op.result.type)} {self.bind(op.result)} = {self.ref(op.que)}.AllocTensor<{ctype(op.result.type.element)}>();"
        )
        h[ac.DeQueOp] = lambda op: self.line(
            f"{ctype(op.result.type)} {self.bind(op.result)} = {self.ref(op.que)}.DeQue<{ctype(op.result.type.element)}>();"
        )
        h[ac.EnQueOp] = lambda op: self.line(f"{self.ref(op.que)}.EnQue({self.ref(op.tensor)});")
        h[ac.FreeTensorOp] = lambda op: self.line(f"{self.ref(op.que)}.FreeTensor({self.ref(op.tensor)});")
        h[ac.PhyAddrOp] = lambda op: self.line(
            f"{ctype(op.result.type)} {self.bind(op.result)} = ({ctype(op.result.type)}){self.ref(op.tensor)}.GetPhyAddr();"
        )
        h[ac.GmPtrOp] = lambda op: self.line(
            f"{ctype(op.result.type)} {self.bind(op.result)} = ({ctype(op.result.type)}){self.ref(op.addr)};"
        )
        h[ac.DataCopyPadOp] = self._data_copy_pad
        h[ac.DataCopyOp] = lambda op: self.line(
            f"AscendC::DataCopy({self.ref(op.dst)}, {self.ref(op.src)}, static_cast<uint32_t>({self.ref(op.count)}));"
        )
        for cls in (
            ac.BinaryVectorOp,
            ac.UnaryVectorOp,
            ac.ScalarVectorOp,
            ac.ReduceVectorOp,
            ac.ShiftVectorOp,
        ):
            for sub in _subclasses(cls):
                h[sub] = self._vector
        h[ac.DuplicateOp] = lambda op: self.line(
            f"AscendC::{op.API}({self.ref(op.dst)}, {self.scalar(op.scalar, op.dst.type.element)}, "
            f"static_cast<int32_t>({self.ref(op.count)}));"
        )
        h[ac.CastOp] = lambda op: self.line(
            f"AscendC::{op.API}({self.ref(op.dst)}, {self.ref(op.src)}, AscendC::RoundMode::{mode(op, 'round')}, "
            f"static_cast<uint32_t>({self.ref(op.count)}));"
        )
        h[ac.TruncateOp] = lambda op: self.line(
            f"AscendC::{op.API}<{ctype(op.dst.type.element)}, AscendC::RoundMode::{mode(op, 'round')}>("
            f"{self.ref(op.dst)}, {self.ref(op.src)}, static_cast<uint32_t>({self.ref(op.count)}));"
        )
        h[ac.CompareOp] = lambda op: self.line(
            f"AscendC::{op.API}({self.ref(op.dst)}, {self.ref(op.src0)}, {self.ref(op.src1)}, "
            f"AscendC::CMPMODE::{mode(op, 'mode')}, static_cast<uint32_t>({self.ref(op.count)}));"
        )
        h[ac.ComparesOp] = lambda op: self.line(
            f"AscendC::{op.API}({self.ref(op.dst)}, {self.ref(op.src)}, {self.scalar(op.scalar, op.src.type.element)}, "
            f"AscendC::CMPMODE::{mode(op, 'mode')}, static_cast<uint32_t>({self.ref(op.count)}));"
        )
        h[ac.SelectOp] = lambda op: self.line(
            f"AscendC::{op.API}({self.ref(op.dst)}, {self.ref(op.mask)}, {self.ref(op.src0)}, "
            f"{self.scalar(op.src1, op.dst.type.element) if not isinstance(op.src1.type, LocalTensorType) else self.ref(op.src1)}, "
            f"AscendC::SELMODE::{mode(op, 'mode')}, static_cast<uint32_t>({self.ref(op.count)}));"
        )
        h[ac.GatherOp] = lambda op: self.line(
            f"AscendC::{op.API}({self.ref(op.dst)}, {self.ref(op.src)}, {self.ref(op.offsets)}, "
            f"static_cast<uint32_t>({self.ref(op.base)}), static_cast<uint32_t>({self.ref(op.count)}));"
        )
        h[ac.GetValueOp] = lambda op: self.declare(
            op, f"static_cast<{ctype(op.result.type)}>({self.ref(op.tensor)}.GetValue({self.ref(op.index)}))"
        )
        h[ac.SetValueOp] = lambda op: self.line(
            f"{self.ref(op.tensor)}.SetValue({self.ref(op.index)}, {self.scalar(op.value, op.tensor.type.element)});"
        )
        h[ac.PipeBarrierOp] = lambda op: self.line(f"AscendC::PipeBarrier<{mode(op, 'pipe')}>();")
        h[ac.SyncAllOp] = lambda op: self.line("AscendC::SyncAll<true>();")
        h[ac.SyncOp] = self._sync
        h[ac.AllocEventOp] = self._alloc_event
        h[ac.ReleaseEventOp] = lambda op: self.line(
            f"GetTPipePtr()->ReleaseEventID<AscendC::HardEvent::{mode(op, 'event')}>"
            f"(static_cast<AscendC::TEventID>({self.ref(op.id)}));"
        )
        for flag_op, api in ((ac.SetFlagOp, "SetFlag"), (ac.WaitFlagOp, "WaitFlag")):
            h[flag_op] = lambda op, api=api: self.line(
                f"AscendC::{api}<AscendC::HardEvent::{mode(op, 'event')}>(static_cast<int32_t>({self.ref(op.id)}));"
            )
        h[ac.VfCallOp] = lambda op: self.line(
            f"asc_vf_call<{callee(op, ac.SimdVfOp)}>({', '.join(self.ref(a) for a in op.args)});"
        )
        h[ac.SimtCallOp] = lambda op: self.line(
            f"AscendC::Simt::VF_CALL<{callee(op, ac.SimtVfOp)}>(AscendC::Simt::Dim3({int(op.threads.data)})"
            + "".join(f", {self.ref(a)}" for a in op.args)
            + ");"
        )
        h[ac.KeySwitchOp] = self._key_switch
        # register level
        h[ac.UpdateMaskOp] = self._update_mask
        h[ac.CreateMaskOp] = lambda op: self.line(
            f"AscendC::Reg::MaskReg {self.bind(op.result)} = AscendC::Reg::CreateMask<{ctype(op.dtype)}, "
            f"AscendC::Reg::MaskPattern::{mode(op, 'pattern')}>();"
        )
        h[ac.RegLoadOp] = lambda op: (
            self.declare_var(op.result, ""),
            self.line(
                f"AscendC::Reg::LoadAlign{self._dist(op, 'LoadDist')}({self.ref(op.result)}, "
                f"{self.ref(op.ptr)} + {self.ref(op.offset)});"
            ),
        )
        h[ac.RegStoreOp] = lambda op: self.line(
            f"AscendC::Reg::StoreAlign{self._dist(op, 'StoreDist')}({self.ref(op.ptr)} + {self.ref(op.offset)}, "
            f"{self.ref(op.value)}, {self.ref(op.mask)});"
        )
        for cls in (ac.RegBinaryOp, ac.RegScalarOp, ac.RegUnaryOp, ac.RegShiftOp):
            for sub in _subclasses(cls):
                h[sub] = self._reg_call
        h[ac.RegDuplicateOp] = lambda op: self._reg_stmt(op, "Duplicate", [op.scalar, op.mask])
        h[ac.RegArangeOp] = lambda op: self._reg_stmt(op, "Arange", [op.start])
        h[ac.RegSelectOp] = lambda op: self._reg_stmt(op, "Select", [op.src0, op.src1, op.sel])
        h[ac.RegComparesOp] = lambda op: self._reg_stmt(
            op,
            f"Compares<{ctype(op.src.type.element)}, AscendC::CMPMODE::{mode(op, 'mode')}>",
            [op.src, op.scalar, op.mask],
        )
        h[ac.RegCompareOp] = lambda op: self._reg_stmt(
            op,
            f"Compare<{ctype(op.lhs.type.element)}, AscendC::CMPMODE::{mode(op, 'mode')}>",
            [op.lhs, op.rhs, op.mask],
        )
        h[ac.RegCastOp] = self._reg_cast
        h[ac.RegTruncateOp] = lambda op: self._reg_stmt(
            op,
            f"Truncate<{ctype(op.src.type.element)}, AscendC::RoundMode::{mode(op, 'round')}>",
            [op.src, op.mask],
        )
        h[ac.RegReinterpretOp] = lambda op: self.line(
            f"{ctype(op.result.type)}& {self.bind(op.result)} = ({ctype(op.result.type)}&){self.ref(op.src)};"
        )
        # SIMT level
        h[ac.ThreadIdxOp] = lambda op: self.declare(
            op, "static_cast<int64_t>(AscendC::Simt::GetThreadIdx<0>())"
        )
        h[ac.ThreadNumOp] = lambda op: self.declare(
            op, "static_cast<int64_t>(AscendC::Simt::GetThreadNum<0>())"
        )
        h[ac.GmLoadOp] = lambda op: self.declare(op, f"af::GmLoad({self.ref(op.ptr)}, {self.ref(op.index)})")
        h[ac.CheckIndexOp] = lambda op: self.line(
            f"af::CheckIndex({self.ref(op.index)}, {self.ref(op.size)}, {cpp_string(op.what.data)});"
        )
        h[ac.GmStoreOp] = lambda op: self.line(
            f"af::GmStore({self.ref(op.ptr)}, {self.ref(op.index)}, {self.ref(op.value)});"
        )
        return h

    def _constant(self, op: Operation) -> None:
        # Constants are inlined at their uses (typed literals keep C++ overloads exact).
        t = op.results[0].type
        text = literal(op.properties["value"], t)
        if isinstance(t, IntegerType) and t.width.data not in (1, 64):
            text = f"static_cast<{ctype(t)}>({text})"
        self.names[op.results[0]] = text

    def declare_slice(self, op: Operation) -> None:
        src, off, *size = op.operands
        name = self.bind(op.results[0])
        self.line(f"{ctype(op.results[0].type)} {name} = {self.ref(src)}[{self.ref(off)}];")
        if size:
            self.line(f"{name}.SetSize(static_cast<uint32_t>({self.ref(size[0])}));")

    def _cmpi(self, op: Operation) -> None:
        index = op.properties["predicate"].value.data  # type: ignore[union-attr]
        if not 0 <= index < len(IntPredicate):
            raise EmitError(f"arith.cmpi predicate {index} is not supported")
        pred = list(IntPredicate)[index]
        a, b = op.operands
        if pred.unsigned:
            lhs, rhs = self.unsigned(a), self.unsigned(b)
        elif pred.signed:
            lhs, rhs = self.signed(a), self.signed(b)
        else:
            lhs, rhs = self.ref(a), self.ref(b)
        self.declare(op, f"{lhs} {pred.cpp} {rhs}")

    def _trunci(self, op: Operation) -> None:
        """The low bits (a ``bool`` is the lowest bit, not ``!= 0``)."""
        t = op.results[0].type
        text = self.ref(op.operands[0])
        if isinstance(t, IntegerType) and t.width.data == 1:
            self.declare(op, f"static_cast<bool>({text} & 1)")
        else:
            self.declare(op, f"static_cast<{ctype(t)}>({text})")

    def _fptoui(self, op: Operation) -> None:
        t = op.results[0].type
        text = self.ref(op.operands[0])
        if not is_unsigned(t):  # through the unsigned type: values past the signed range
            text = f"static_cast<{unsigned_ctype(t)}>({text})"
        self.declare(op, f"static_cast<{ctype(t)}>({text})")

    def _checked_arith(self, op: Operation) -> None:
        assert isinstance(op, ac.CheckedArithOp)
        value = self.bind(op.value)
        flag = self.bind(op.overflow, f"{value}_overflow")
        self.line(f"int64_t {value};")
        self.line(f"const bool {flag} = {op.HELPER}({self.ref(op.lhs)}, {self.ref(op.rhs)}, &{value});")

    def _cmpf(self, op: Operation) -> None:
        pred = op.properties["predicate"].value.data  # type: ignore[union-attr]
        symbols = {
            1: "==",
            2: ">",
            3: ">=",
            4: "<",
            5: "<=",
            6: "!=",
            8: "==",
            9: ">",
            10: ">=",
            11: "<",
            12: "<=",
            13: "!=",
        }
        if pred not in symbols:
            raise EmitError(f"arith.cmpf predicate {pred} is not supported")
        self.declare(op, f"{self.ref(op.operands[0])} {symbols[pred]} {self.ref(op.operands[1])}")

    def _for(self, op: Operation) -> None:
        assert isinstance(op, scf.ForOp)
        # a carried value is one mutable variable: the block argument, the yielded value
        # (assigned at the end of the body) and the loop result share it
        carried = []
        for arg, init, res in zip(op.body.block.args[1:], op.iter_args, op.results, strict=True):
            var = self.fresh(arg.name_hint or "acc")
            self.line(f"{ctype(arg.type)} {var} = {self.ref(init)};")
            self.names[arg] = var
            self.names[res] = var
            carried.append(var)
        self.carried.append(carried)
        iv = op.body.block.args[0]
        t = ctype(iv.type)
        name = self.bind(iv, iv.name_hint or "i")
        header = (
            f"for ({t} {name} = {self.ref(op.lb)}; {name} < {self.ref(op.ub)}; {name} += {self.ref(op.step)})"
        )
        with self.block(header):
            self.body(op.body.block)
        self.carried.pop()

    def _yield(self, op: Operation) -> None:
        if not op.operands:
            return
        for var, v in zip(self.carried[-1], op.operands, strict=True):
            if self.ref(v) != var:
                self.line(f"{var} = {self.ref(v)};")

    def _if(self, op: Operation) -> None:
        assert isinstance(op, scf.IfOp)
        if op.results:
            raise EmitError("scf.if with results is not supported by the AscendC printer")
        with self.block(f"if ({self.ref(op.cond)})"):
            self.body(op.true_region.block)
        if op.false_region.blocks and list(op.false_region.block.ops)[:-1]:
            with self.block("else"):
                self.body(op.false_region.block)

    def _global_tensor(self, op: Operation) -> None:
        assert isinstance(op, ac.GlobalTensorOp)
        t = op.result.type.element
        n = self.declare_var(op.result, "")
        self.line(
            f"{n}.SetGlobalBuffer((__gm__ {ctype(t)}*){self.ref(op.addr)} + {self.ref(op.offset)}, "
            f"static_cast<uint64_t>({self.ref(op.size)}));"
        )

    def _que(self, op: Operation) -> None:
        assert isinstance(op, ac.QueOp)
        n = self.declare_var(op.result, "")
        self.line(f"pipe.InitBuffer({n}, {op.num.data}, static_cast<uint32_t>({self.ref(op.bytes)}));")

    def _tbuf(self, op: Operation) -> None:
        assert isinstance(op, ac.TBufOp)
        n = self.declare_var(op.result, "")
        self.line(f"pipe.InitBuffer({n}, static_cast<uint32_t>({self.ref(op.bytes)}));")

    def _data_copy_pad(self, op: Operation) -> None:
        assert isinstance(op, ac.DataCopyPadOp)
        params = (
            f"AscendC::DataCopyExtParams{{static_cast<uint16_t>({self.ref(op.block_count)}), "
            f"static_cast<uint32_t>({self.ref(op.block_len)}), static_cast<int64_t>({self.ref(op.src_stride)}), "
            f"static_cast<int64_t>({self.ref(op.dst_stride)}), 0}}"
        )
        t = ctype(op.dst.type.element)
        api = "AscendC::DataCopyPad"
        if op.compact is not None:
            api += f"<{t}, AscendC::PaddingMode::Compact>"
        if op.to_ub:
            pad = f"false, 0, 0, static_cast<{t}>(0)"
            if op.pad_value is not None:
                left, right = (
                    (
                        f"static_cast<uint8_t>({self.ref(op.padding[0])})",
                        f"static_cast<uint8_t>({self.ref(op.padding[1])})",
                    )
                    if op.padding
                    else ("0", "0")
                )
                pad = f"true, {left}, {right}, {literal(op.pad_value, op.dst.type.element)}"
            self.line(
                f"{api}({self.ref(op.dst)}, {self.ref(op.src)}, {params}, AscendC::DataCopyPadExtParams<{t}>{{{pad}}});"
            )
        else:
            self.line(f"{api}({self.ref(op.dst)}, {self.ref(op.src)}, {params});")

    def _vector(self, op: Operation) -> None:
        element = op.operands[0].type.element  # type: ignore[attr-defined]
        args = [
            self.ref(v) if isinstance(v.type, LocalTensorType) else self.scalar(v, element)
            for v in op.operands[:-1]
        ]
        self.line(f"AscendC::{op.API}({', '.join(args)}, static_cast<int32_t>({self.ref(op.operands[-1])}));")  # type: ignore[attr-defined]

    def _sync(self, op: Operation) -> None:
        assert isinstance(op, ac.SyncOp)
        event = f"AscendC::HardEvent::{mode(op, 'event')}"
        e = self.fresh("event")
        self.line(f"const int32_t {e} = static_cast<int32_t>(GetTPipePtr()->FetchEventID({event}));")
        self.line(f"AscendC::SetFlag<{event}>({e});")
        self.line(f"AscendC::WaitFlag<{event}>({e});")

    def _alloc_event(self, op: Operation) -> None:
        assert isinstance(op, ac.AllocEventOp)
        event = f"AscendC::HardEvent::{mode(op, 'event')}"
        self.line(
            f"const int64_t {self.bind(op.result, op.result.name_hint or 'event')} = static_cast<int64_t>(GetTPipePtr()->AllocEventID<{event}>());"
        )

    def _key_switch(self, op: Operation) -> None:
        assert isinstance(op, ac.KeySwitchOp)
        with self.block(f"switch ({self.ref(op.key)})"):
            for key, region in zip(op.keys.data, op.cases, strict=True):
                with self.block(f"case {key.data}:"):
                    self.body(region.block)
                    self.line("break;")
            self.line("default:")
            self.line("    break;")

    def _update_mask(self, op: Operation) -> None:
        assert isinstance(op, ac.UpdateMaskOp)
        count = self.fresh("remaining")
        self.line(f"uint32_t {count} = static_cast<uint32_t>({self.ref(op.remaining)});")
        self.line(
            f"AscendC::Reg::MaskReg {self.bind(op.result)} = AscendC::Reg::UpdateMask<{ctype(op.dtype)}>({count});"
        )

    def _reg_stmt(self, op: Operation, api: str, args: list[SSAValue]) -> None:
        n = self.declare_var(op.results[0], "")
        regs = [v.type for v in (*op.operands, *op.results) if isinstance(v.type, RegType)]
        element = regs[0].element if regs else None

        def arg(a: SSAValue) -> str:  # scalars take the register's element type
            return self.scalar(a, element) if element is not None and is_element_type(a.type) else self.ref(a)

        self.line(f"AscendC::Reg::{api}({n}{''.join(', ' + arg(a) for a in args)});")

    def _reg_call(self, op: Operation) -> None:
        self._reg_stmt(op, op.API, list(op.operands))  # type: ignore[attr-defined]

    @staticmethod
    def _dist(op: Operation, kind: str) -> str:
        """Explicit template arguments when the distribution is not the default."""
        if op.properties.get("dist") is None:
            return ""
        dist = mode(op, "dist")
        if dist == "DIST_NORM":
            return ""
        return f"<{ctype(op.ptr.type.element)}, AscendC::Reg::{kind}::{dist}>"  # type: ignore[attr-defined]

    def _reg_cast(self, op: Operation) -> None:
        assert isinstance(op, ac.RegCastOp)
        src, dst = op.src.type.element, op.result.type.element
        sat = "SAT" if is_float(src) and not is_float(dst) else "UNKNOWN"
        layout = "UNKNOWN" if element_bytes(src) == element_bytes(dst) else "ZERO"
        trait = self.fresh("cast_trait")
        self.line(
            f"static constexpr AscendC::Reg::CastTrait {trait} = {{AscendC::Reg::RegLayout::{layout}, "
            f"AscendC::Reg::SatMode::{sat}, AscendC::Reg::MaskMergeMode::ZEROING, AscendC::RoundMode::{mode(op, 'round')}}};"
        )
        n = self.declare_var(op.result, "")
        self.line(
            f"AscendC::Reg::Cast<{ctype(dst)}, {ctype(src)}, {trait}>({n}, {self.ref(op.src)}, {self.ref(op.mask)});"
        )


def _subclasses(cls: type) -> list[type]:
    out = []
    for sub in cls.__subclasses__():
        out.append(sub)
        out.extend(_subclasses(sub))
    return out


# ---------------------------------------------------------------------- files


def _only(module: ModuleOp, kind: type[Operation]) -> Operation:
    found = [op for op in module.ops if isinstance(op, kind)]
    if len(found) != 1:
        raise EmitError(f"the module must hold exactly one {kind.name}, found {len(found)}")  # type: ignore[attr-defined]
    return found[0]


def _params(printer: CppPrinter, op: Operation, block: Block, names: list[str]) -> str:
    out = []
    for arg, name in zip(block.args, names, strict=True):
        out.append(f"{ctype(arg.type)} {printer.bind(arg, symbol(op, name, 'argument name'))}")
    return ", ".join(out)


def global_symbols(module: ModuleOp) -> set[str]:
    """The kernel and function names of ``module``, each checked: a C identifier, defined
    once, and not one of the names the generated functions use for their own parameters
    (``ascendc.dialect.ops.LAUNCH_NAMES``, the GM arguments of ``AutofuseLaunch``)."""
    params: set[str] = set(ac.LAUNCH_NAMES)
    for op in module.ops:
        if isinstance(op, (ac.KernelOp, ac.LaunchSignatureOp)):
            params.update(symbol(op, n.data, "argument name") for n in op.arg_names.data)
    seen: set[str] = set()
    for op in module.ops:
        if isinstance(op, (ac.KernelOp, ac.SimdVfOp, ac.SimtVfOp)):
            name = symbol(op, op.sym_name.data)
            if name in seen:
                raise EmitError(f"{op.name}: the symbol {name} is defined twice in the module")
            if name in params:
                raise EmitError(
                    f"{op.name}: the symbol {name} is also the name of a parameter of the generated "
                    "kernels or of AutofuseLaunch; rename it"
                )
            seen.add(name)
    return seen


def emit_tiling_h(module: ModuleOp) -> str:
    struct = _only(module, ac.TilingStructOp)
    assert isinstance(struct, ac.TilingStructOp)
    lines = [
        "// Generated by ASCIR. Tiling data shared by host_impl.cpp and device_impl.cpp.",
        "#pragma once",
        "",
        "#include <cstdint>",
        "",
        "struct AutofuseTilingData {",
    ]
    # Natural alignment without padding surprises: 8-byte fields first, then 4, 2, 1.
    fields = sorted(struct.fields(), key=lambda f: -_field_bytes(f[1]))
    lines += [f"    {ctype(t)} {symbol(struct, n, 'field')};" for n, t in fields]
    lines += ["};", ""]
    return "\n".join(lines)


def _field_bytes(t: Attribute) -> int:
    return max(1, t.width.data // 8) if isinstance(t, IntegerType) else 4


def emit_host_impl(module: ModuleOp) -> str:
    host = _only(module, ac.HostTilingOp)
    assert isinstance(host, ac.HostTilingOp)
    p = CppPrinter()
    sizes = [s.data for s in host.size_names.data]
    args = host.body.block.args
    if len(args) != len(sizes) + 2 or any(a.type != ac.u32 for a in args[-2:]):
        raise EmitError(
            "ascendc.host_tiling: block args must be the size variables, core_num and ub_size (ui32)"
        )
    p.used.update({"tiling", "workspace_size", "block_dim", "core_num", "ub_size"})  # the contract's names
    p.names[args[-2]], p.names[args[-1]] = "core_num", "ub_size"
    params = [f"int64_t {p.bind(a, n)}" for a, n in zip(args[: len(sizes)], sizes, strict=True)]
    params += ["AutofuseTilingData* tiling", "uint32_t* workspace_size", "uint32_t* block_dim"]
    params += ["uint32_t core_num", "uint32_t ub_size"]
    p.line("// Generated by ASCIR. Host tiling: evaluated on the real shapes before every launch.")
    p.line("#include <cstdint>")
    p.line()
    p.line('#include "autofuse/scalar.h"')
    p.line('#include "tiling.h"')
    p.line()
    _check_host_divisions(host)
    with p.block(f'extern "C" int64_t AutofuseTiling({", ".join(params)})'):
        p.body(host.body.block)
        p.line("return 0;")
    p.line()
    _tiling_errors(p, host)
    return p.out.getvalue()


_DIVISIONS = (
    "arith.floordivsi",
    "arith.ceildivsi",
    "arith.divsi",
    "arith.divui",
    "arith.remsi",
    "arith.remui",
)


def _check_host_divisions(host: ac.HostTilingOp) -> None:
    """Host tiling divides only by constants other than 0 and -1 with ``arith``; any other
    divisor goes through a checked division (``ascendc.checked_floordivsi``/``ceildivsi``,
    see ``ascendc_emitter.builder.HostBuilder``), so ``AutofuseTiling`` never traps."""
    for op in host.walk():
        if op.name not in _DIVISIONS:
            continue
        owner = op.operands[1].owner
        value = owner.value.value.data if isinstance(owner, arith.ConstantOp) else None  # type: ignore[union-attr]
        if value is None or value in (0, -1):
            raise EmitError(
                f"host tiling: {op.name} by {'a run-time value' if value is None else value} may trap; "
                "divide with ascendc.checked_floordivsi / ascendc.checked_ceildivsi and fail_if on the flag "
                "(HostBuilder does)"
            )


def _tiling_errors(p: CppPrinter, host: ac.HostTilingOp) -> None:
    """``AutofuseTilingError(code)``: the message of every code ``AutofuseTiling`` may
    return that has one ``fail_if`` reason (nullptr otherwise); the runtime reports it."""
    reasons: dict[int, set[str]] = {}
    for op in host.walk():
        if isinstance(op, ac.FailIfOp):
            reasons.setdefault(int(op.code.data), set()).add(op.reason.data)
    with p.block('extern "C" const char* AutofuseTilingError(int64_t code)'):
        with p.block("switch (code)"):
            for code, texts in sorted(reasons.items()):
                if len(texts) == 1:
                    p.line(f"case {code}: return {cpp_string(next(iter(texts)))};")
            p.line("default: break;")
        p.line("return nullptr;")


def emit_device_impl(module: ModuleOp) -> str:
    kernels = [op for op in module.ops if isinstance(op, ac.KernelOp)]
    if not kernels:
        raise EmitError("the module holds no ascendc.kernel")
    p = CppPrinter()
    p.reserved = global_symbols(module)
    uses_simt = any(isinstance(op, ac.SimtVfOp) for op in module.ops)
    p.line("// Generated by ASCIR. Device kernel for arch 3510 (Ascend 950).")
    p.line('#include "kernel_operator.h"')
    p.line()
    p.line('#include "autofuse/scalar.h"')
    if uses_simt:
        p.line('#include "autofuse/simt.h"')
    p.line('#include "tiling.h"')
    for op in module.ops:
        if isinstance(op, (ac.SimdVfOp, ac.SimtVfOp)):
            p.line()
            names = [n.data for n in op.arg_names.data]
            qualifier = (
                "__simd_vf__"
                if isinstance(op, ac.SimdVfOp)
                else f"__simt_vf__ __launch_bounds__({op.launch_bound.data})"
            )
            with (
                p.function_scope(),
                p.block(
                    f"{qualifier} inline void {symbol(op, op.sym_name.data)}({_params(p, op, op.body.block, names)})"
                ),
            ):
                p.body(op.body.block)
    for kernel in kernels:
        p.line()
        _kernel(p, kernel)
    p.line()
    _launch(p, module, kernels)
    return p.out.getvalue()


def kernel_type(kernel: ac.KernelOp) -> str:
    """The kernel type qualifier of an entry. ASCIR kernels compute on the vector cores only
    (AIV). On Ascend 950 bisheng does not infer a kernel type, and in a file holding several
    kernels it never does, so each entry names its own (asc-devkit
    docs/zh/guide/编程指南/编译与运行/算子编译/约束说明.md; the qualifiers are listed in
    docs/zh/guide/编程指南/编程模型/AI-Core-SIMD编程/核函数.md, and the SIMD/SIMT hybrid
    kernels of docs/zh/guide/编程指南/高级编程/高级AI-Core编程模型/SIMD与SIMT混合编程/核函数与VF函数.md
    use ``__global__ __vector__``). A vector kernel that calls the hard ``SyncAll`` must be
    ``__mix__(0, 1)`` instead (同步控制/核间同步/SyncAll.md, 约束说明)."""
    if any(isinstance(op, ac.SyncAllOp) for op in kernel.walk()):
        return "__mix__(0, 1)"
    return "__vector__"


def _kernel(p: CppPrinter, kernel: ac.KernelOp) -> None:
    gm_names = [symbol(kernel, n.data, "argument name") for n in kernel.arg_names.data]
    block = kernel.body.block
    uses_pipe = any(isinstance(op, (ac.QueOp, ac.TBufOp)) for op in kernel.walk())
    with p.function_scope():
        p.used.update({"tiling", "pipe"})
        p.names[block.args[-1]] = "tiling"
        params = [f"GM_ADDR {p.bind(a, n)}" for a, n in zip(block.args[:-1], gm_names, strict=True)]
        params.append("AutofuseTilingData tiling")
        name = symbol(kernel, kernel.sym_name.data)
        with p.block(f'extern "C" __global__ {kernel_type(kernel)} void {name}({", ".join(params)})'):
            if uses_pipe:
                p.line("AscendC::TPipe pipe;")
            p.body(block)


def _launch(p: CppPrinter, module: ModuleOp, kernels: list[ac.KernelOp]) -> None:
    """``AutofuseLaunch``: every kernel in module order; keyed kernels (stage kernels of one
    template) only when host tiling chose their key, the others otherwise."""
    signatures = [op for op in module.ops if isinstance(op, ac.LaunchSignatureOp)]
    if len(signatures) > 1 or (len(kernels) > 1 and not signatures):
        raise EmitError("a module with several kernels needs exactly one ascendc.launch_signature")
    source = signatures[0] if signatures else kernels[0]
    gm_names = [symbol(source, n.data, "argument name") for n in source.arg_names.data]
    if len(set(gm_names) | {"block_dim", "stream", "tiling"}) != len(gm_names) + 3:
        raise EmitError(f"kernel argument names {gm_names} clash with AutofuseLaunch's own parameters")
    launch_params = (
        ["uint32_t block_dim", "void* stream"]
        + [f"void* {n}" for n in gm_names]
        + ["AutofuseTilingData* tiling"]
    )

    def call(kernel: ac.KernelOp) -> None:
        args = []
        for param, offset in kernel.launch_routes():
            if param not in gm_names:
                raise EmitError(
                    f"kernel {symbol(kernel, kernel.sym_name.data)}: {shown(param)} is not "
                    "an AutofuseLaunch parameter"
                )
            addr = f"(GM_ADDR){param}"
            args.append(f"{addr} + tiling->{symbol(kernel, offset, 'field')}" if offset else addr)
        grid = (
            f"tiling->{symbol(kernel, kernel.grid_field.data, 'field')}"
            if kernel.grid_field is not None
            else "block_dim"
        )
        p.line(
            f"{symbol(kernel, kernel.sym_name.data)}<<<{grid}, nullptr, stream>>>({', '.join([*args, '*tiling'])});"
        )

    keyed: dict[int, list[ac.KernelOp]] = {}
    for kernel in kernels:
        if kernel.launch_key is not None:
            keyed.setdefault(kernel.launch_key.data, []).append(kernel)
    with p.block(f'extern "C" int64_t AutofuseLaunch({", ".join(launch_params)})'):
        for key, group in keyed.items():
            with p.block(f"if (tiling->tiling_key == {key}U)"):
                for kernel in group:
                    call(kernel)
                p.line("return 0;")
        for kernel in kernels:
            if kernel.launch_key is None:
                call(kernel)
        p.line("return 0;")


def emit_files(module: ModuleOp) -> KernelSources:
    """Print the three files of the generated-code contract."""
    return KernelSources(emit_tiling_h(module), emit_host_impl(module), emit_device_impl(module))
