"""Ops of the ``ascendc`` dialect: one op per AscendC API call or C++ construct we emit.

Scalar arithmetic and control flow use xDSL's ``arith`` and ``scf`` dialects; these ops
cover the AscendC-specific parts. Each op is defined once here (operands, attributes,
verifier); its C++ spelling lives in the printer (``ascendc_emitter.printer``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    Signedness,
    StringAttr,
    SymbolRefAttr,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_region_def,
)
from xdsl.traits import IsolatedFromAbove, NoTerminator, Pure, SymbolOpInterface
from xdsl.utils.exceptions import VerifyException

from ascendc_emitter.dialect.types import (
    GlobalTensorType,
    GmAddrType,
    GmPtrType,
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
)
from ascendc_emitter.names import is_c_identifier, shown
from ascendc_emitter.target.registers import LOAD_DISTS, STORE_DISTS
from ascendc_emitter.target.support import reg_api_supports, reg_cast_supported

UB_ALIGN = 32
CMP_MODES = ("LT", "GT", "EQ", "LE", "GE", "NE")
SEL_MODES = ("VSEL_CMPMASK_SPR", "VSEL_TENSOR_SCALAR_MODE", "VSEL_TENSOR_TENSOR_MODE")
ROUND_MODES = ("CAST_NONE", "CAST_RINT", "CAST_FLOOR", "CAST_CEIL", "CAST_ROUND", "CAST_TRUNC", "CAST_ODD")
PIPES = ("PIPE_S", "PIPE_V", "PIPE_MTE2", "PIPE_MTE3", "PIPE_ALL")
EVENTS = (
    "MTE2_V",
    "V_MTE3",
    "MTE3_V",
    "V_MTE2",
    "MTE3_MTE2",
    "MTE2_MTE3",
    "S_V",
    "V_S",
    "MTE2_S",
    "S_MTE2",
    "MTE3_S",
    "S_MTE3",
)
MASK_PATTERNS = ("ALL", "ALLF", "H", "Q", "VL1", "VL2", "VL4", "VL8", "VL16", "VL32", "VL64", "VL128")

u8 = IntegerType(8, Signedness.UNSIGNED)
u32 = IntegerType(32, Signedness.UNSIGNED)
i64 = IntegerType(64)


def elem(v: SSAValue) -> Attribute:
    t = v.type
    return t.element if hasattr(t, "element") else t  # type: ignore[attr-defined]


def constant_int(v: SSAValue) -> int | None:
    """The value of an ``arith.constant`` integer, if ``v`` is one."""
    owner = v.owner
    if isinstance(owner, Operation) and owner.name == "arith.constant":
        value = owner.properties.get("value") or owner.attributes.get("value")
        if isinstance(value, IntegerAttr):
            return value.value.data
    return None


def check_choice(op: Operation, name: str, value: str, choices: Sequence[str]) -> None:
    if value not in choices:
        raise VerifyException(f"{op.name}: {name} '{value}' is not one of {', '.join(choices)}")


LAUNCH_NAMES = frozenset({"tiling", "pipe", "stream", "block_dim", "workspace_size", "core_num", "ub_size"})
"""Parameters and locals the generated functions name themselves (the generated-code
contract): a kernel or function of that name would be shadowed where it is called."""


def check_identifier(op: Operation, what: str, name: str) -> None:
    """Names that reach C++ (symbols, callees, tiling fields, argument names) must be C
    identifiers; the lowering maps IR names with ``ascendc_emitter.names.c_identifier``."""
    if not is_c_identifier(name):
        raise VerifyException(
            f"{op.name}: {what} {shown(name)} is not a C identifier (ASCII letters, digits "
            "and '_', not starting with a digit, '__' or '_' and a capital, not a C++ keyword or a name the "
            "generated code uses, at most 64 characters)"
        )


def check_symbol(op: Operation, name: str) -> None:
    """A kernel or function name: a C identifier that no generated parameter shadows."""
    check_identifier(op, "symbol", name)
    if name in LAUNCH_NAMES:
        raise VerifyException(
            f"{op.name}: symbol '{name}' is a parameter name of the generated functions "
            f"({', '.join(sorted(LAUNCH_NAMES))}); rename it"
        )


def check_callee(op: Operation, ref: SymbolRefAttr) -> str:
    if ref.nested_references.data:
        raise VerifyException(f"{op.name}: the callee must be a flat symbol reference, got {ref}")
    check_identifier(op, "callee", ref.root_reference.data)
    return ref.root_reference.data


def scalar_matches(scalar: Attribute, element: Attribute) -> bool:
    """A scalar operand fits an element type: same type, or same-width integers (arith
    scalars are signless; the printer casts them to the tensor's signedness)."""
    if scalar == element:
        return True
    return (
        isinstance(scalar, IntegerType) and isinstance(element, IntegerType) and scalar.width == element.width
    )


def same_elements(op: Operation, values: Sequence[SSAValue], what: str) -> None:
    types = [elem(v) for v in values]
    if any(t != types[0] for t in types):
        raise VerifyException(
            f"{op.name}: {what} element types differ ({', '.join(str(t) for t in types)}); insert a Cast"
        )


# =================================================================== structure


@irdl_op_definition
class TilingStructOp(IRDLOperation):
    """``struct AutofuseTilingData`` in tiling.h: named, naturally aligned scalar fields."""

    name = "ascendc.tiling_struct"
    field_names = prop_def(ArrayAttr[StringAttr])
    field_types = prop_def(ArrayAttr)

    def fields(self) -> list[tuple[str, Attribute]]:
        return [(n.data, t) for n, t in zip(self.field_names.data, self.field_types.data, strict=True)]

    def verify_(self) -> None:
        names = [n.data for n in self.field_names.data]
        for n in names:
            check_identifier(self, "field name", n)
        if len(names) != len(self.field_types.data):
            raise VerifyException("ascendc.tiling_struct: one type per field is required")
        if len(set(names)) != len(names):
            raise VerifyException(f"ascendc.tiling_struct: duplicate field names in {names}")
        for required in ("block_dim", "tiling_key"):
            if dict(self.fields()).get(required) != u32:
                raise VerifyException(f"ascendc.tiling_struct: field '{required}' of type ui32 is required")


@irdl_op_definition
class HostTilingOp(IRDLOperation):
    """Body of ``AutofuseTiling``: block args are the size variables (i64), then core_num
    and ub_size (i32 here, ``uint32_t`` in C++). ``size_names`` gives the parameter names."""

    name = "ascendc.host_tiling"
    size_names = prop_def(ArrayAttr[StringAttr])
    body = region_def("single_block")
    traits = traits_def(NoTerminator(), IsolatedFromAbove())


def check_tiling_field(op: Operation, field: str) -> None:
    """The module's tiling struct must declare ``field``."""
    top = op
    while top.parent_op() is not None:
        top = top.parent_op()  # type: ignore[assignment]
    body = top.regions[0].blocks[0].ops if top.regions and top.regions[0].blocks else ()
    structs = [o for o in body if isinstance(o, TilingStructOp)]  # a module-level op
    if structs and field not in dict(structs[0].fields()):
        names = ", ".join(n for n, _ in structs[0].fields())
        raise VerifyException(f"{op.name}: the tiling struct has no field '{field}' (fields: {names})")


@irdl_op_definition
class SetTilingOp(IRDLOperation):
    """``tiling->field = value`` (host) for a field of the tiling struct."""

    name = "ascendc.set_tiling"
    field = prop_def(StringAttr)
    value = operand_def()

    def verify_(self) -> None:
        check_identifier(self, "field", self.field.data)
        check_tiling_field(self, self.field.data)


@irdl_op_definition
class SetOutputOp(IRDLOperation):
    """``*block_dim = v`` or ``*workspace_size = v`` (host)."""

    name = "ascendc.set_output"
    output = prop_def(StringAttr)
    value = operand_def()

    def verify_(self) -> None:
        check_choice(self, "output", self.output.data, ("block_dim", "workspace_size"))


@irdl_op_definition
class FailIfOp(IRDLOperation):
    """``if (cond) return code;`` in host tiling: reject shapes that do not fit."""

    name = "ascendc.fail_if"
    cond = operand_def(IntegerType(1))
    code = prop_def(IntAttr)
    reason = prop_def(StringAttr)


class CheckedArithOp(IRDLOperation):
    """Checked int64 arithmetic of host tiling: ``value = lhs <op> rhs`` and ``overflow``,
    set when the exact result does not fit int64 -- or, for the divisions, when ``rhs`` is
    0 (``value`` is then 0). Like LLVM's ``*.with.overflow`` intrinsics (and arith's
    ``addui_extended``), the flag is a result: ``ascendc.fail_if`` on it returns the
    tiling's error code, so the only early exit of ``AutofuseTiling`` stays ``fail_if``.
    Printed as the total (never trapping) ``af::Checked*`` helpers of
    ``autofuse/scalar.h`` (``__builtin_*_overflow``)."""

    HELPER: ClassVar[str] = ""
    DIVISION: ClassVar[bool] = False
    lhs = operand_def(i64)
    rhs = operand_def(i64)
    value = result_def(i64)
    overflow = result_def(IntegerType(1))
    traits = traits_def(Pure())


def _checked(name: str, helper: str, division: bool = False) -> type:
    cls = type(
        helper.removeprefix("af::") + "Op",
        (CheckedArithOp,),
        {
            "name": name,
            "HELPER": helper,
            "DIVISION": division,
            "__annotations__": {"HELPER": ClassVar[str], "DIVISION": ClassVar[bool]},
        },
    )
    cls.__doc__ = f"``{helper}(lhs, rhs, &value)``: see :class:`CheckedArithOp`."
    return irdl_op_definition(cls)


CheckedAddOp = _checked("ascendc.checked_addi", "af::CheckedAdd")
CheckedSubOp = _checked("ascendc.checked_subi", "af::CheckedSub")
CheckedMulOp = _checked("ascendc.checked_muli", "af::CheckedMul")
CheckedFloorDivOp = _checked("ascendc.checked_floordivsi", "af::CheckedFloorDiv", division=True)
CheckedCeilDivOp = _checked("ascendc.checked_ceildivsi", "af::CheckedCeilDiv", division=True)


@irdl_op_definition
class KernelOp(IRDLOperation):
    """The ``__global__ __aicore__`` kernel. Block args: one ``gm_addr`` per GM tensor
    (inputs, then outputs), the workspace ``gm_addr``, then the tiling struct.

    A module may hold several kernels launched in order by ``AutofuseLaunch`` (stage
    kernels joined through the workspace, seed 001 SK-like). Such a kernel says how it
    is launched: ``launch_key`` (only when ``tiling->tiling_key`` equals it),
    ``grid_field`` (the tiling field holding its block_dim), and per GM argument the
    ``AutofuseLaunch`` parameter it receives (``launch_args``) plus a tiling field added
    to that address (``launch_offsets``, "" for none). Without them the kernel takes the
    launch's own parameters in order and its ``block_dim``."""

    name = "ascendc.kernel"
    sym_name = prop_def(StringAttr)
    arg_names = prop_def(ArrayAttr[StringAttr])
    launch_key = opt_prop_def(IntAttr)
    grid_field = opt_prop_def(StringAttr)
    launch_args = opt_prop_def(ArrayAttr[StringAttr])
    launch_offsets = opt_prop_def(ArrayAttr[StringAttr])
    body = region_def("single_block")
    traits = traits_def(SymbolOpInterface(), NoTerminator(), IsolatedFromAbove())

    def verify_(self) -> None:
        check_symbol(self, self.sym_name.data)
        for n in self.arg_names.data:
            check_identifier(self, "argument name", n.data)
        for n in self.launch_args.data if self.launch_args is not None else []:
            check_identifier(self, "launch argument", n.data)
        if self.grid_field is not None:
            check_identifier(self, "grid field", self.grid_field.data)
        for n in self.launch_offsets.data if self.launch_offsets is not None else []:
            if n.data:
                check_identifier(self, "launch offset field", n.data)
        args = self.body.block.args
        if len(args) < 2 or not isinstance(args[-1].type, TilingType):
            raise VerifyException("ascendc.kernel: the last argument must be the tiling struct")
        for a in args[:-1]:
            if not isinstance(a.type, GmAddrType):
                raise VerifyException(f"ascendc.kernel: GM arguments must be !ascendc.gm_addr, got {a.type}")
        if len(self.arg_names.data) != len(args) - 1:
            raise VerifyException("ascendc.kernel: give one name per GM argument (workspace included)")
        routed = (self.launch_args, self.launch_offsets)
        if any(r is not None for r in routed):
            if any(r is None or len(r.data) != len(args) - 1 for r in routed):
                raise VerifyException(
                    "ascendc.kernel: launch_args and launch_offsets give one entry per GM argument"
                )
        for f in [self.grid_field.data] if self.grid_field is not None else []:
            check_tiling_field(self, f)
        for off in self.launch_offsets.data if self.launch_offsets is not None else []:
            if off.data:
                check_tiling_field(self, off.data)

    def launch_routes(self) -> list[tuple[str, str]]:
        """(AutofuseLaunch parameter, offset field or "") per GM argument."""
        if self.launch_args is None or self.launch_offsets is None:
            return [(n.data, "") for n in self.arg_names.data]
        return [
            (a.data, o.data) for a, o in zip(self.launch_args.data, self.launch_offsets.data, strict=True)
        ]


@irdl_op_definition
class LaunchSignatureOp(IRDLOperation):
    """The GM parameters of ``AutofuseLaunch`` (inputs, outputs, workspace) when the module
    holds several kernels; a single kernel's own argument names otherwise."""

    name = "ascendc.launch_signature"
    arg_names = prop_def(ArrayAttr[StringAttr])

    def verify_(self) -> None:
        for n in self.arg_names.data:
            check_identifier(self, "argument name", n.data)


@irdl_op_definition
class KeySwitchOp(IRDLOperation):
    """``switch (key) { case k: ... }``: one region per key (the key read from tiling)."""

    name = "ascendc.key_switch"
    key = operand_def(IntegerType)
    keys = prop_def(ArrayAttr[IntAttr])
    cases = var_region_def("single_block")
    traits = traits_def(NoTerminator())

    def verify_(self) -> None:
        keys = [k.data for k in self.keys.data]
        if len(set(keys)) != len(keys):
            raise VerifyException(f"ascendc.key_switch: duplicate tiling keys {keys}")
        if len(keys) != len(self.cases):
            raise VerifyException("ascendc.key_switch: one region per key is required")


class _FunctionOp(IRDLOperation):
    sym_name = prop_def(StringAttr)
    arg_names = prop_def(ArrayAttr[StringAttr])
    body = region_def("single_block")
    traits = traits_def(SymbolOpInterface(), NoTerminator(), IsolatedFromAbove())

    def verify_(self) -> None:
        check_symbol(self, self.sym_name.data)
        for n in self.arg_names.data:
            check_identifier(self, "argument name", n.data)
        if len(self.arg_names.data) != len(self.body.block.args):
            raise VerifyException(f"{self.name} @{self.sym_name.data}: one name per argument is required")


@irdl_op_definition
class SimdVfOp(_FunctionOp):
    """A ``__simd_vf__`` function: UB pointers and scalars by value (no structs)."""

    name = "ascendc.simd_vf"

    def verify_(self) -> None:
        super().verify_()
        for a in self.body.block.args:
            if not (isinstance(a.type, UbPtrType) or is_element_type(a.type)):
                raise VerifyException(
                    f"ascendc.simd_vf @{self.sym_name.data}: parameters are __ubuf__ pointers or scalars, "
                    f"got {a.type}"
                )


@irdl_op_definition
class SimtVfOp(_FunctionOp):
    """A ``__simt_vf__ LAUNCH_BOUND(n)`` function: GM pointers and scalars by value."""

    name = "ascendc.simt_vf"
    launch_bound = prop_def(IntAttr)

    def verify_(self) -> None:
        super().verify_()
        if not 1 <= self.launch_bound.data <= 2048:
            raise VerifyException("ascendc.simt_vf: launch_bound must be in [1, 2048]")
        for a in self.body.block.args:
            if not (isinstance(a.type, GmPtrType) or is_element_type(a.type)):
                raise VerifyException(
                    f"ascendc.simt_vf @{self.sym_name.data}: parameters are __gm__ pointers or scalars, "
                    f"got {a.type}"
                )


def find_function(op: Operation, callee: str, kind: type) -> Operation | None:
    top = op
    while top.parent_op() is not None:
        top = top.parent_op()  # type: ignore[assignment]
    for candidate in top.walk():
        if isinstance(candidate, kind) and candidate.sym_name.data == callee:  # type: ignore[attr-defined]
            return candidate
    return None


def _check_call(op: Operation, callee: str, kind: type, args: Sequence[SSAValue]) -> None:
    fn = find_function(op, callee, kind)
    if fn is None:
        raise VerifyException(f"{op.name}: no {kind.name} named @{callee}")  # type: ignore[attr-defined]
    params = fn.body.block.args  # type: ignore[attr-defined]
    if len(params) != len(args):
        raise VerifyException(f"{op.name} @{callee}: {len(args)} arguments for {len(params)} parameters")
    for i, (p, a) in enumerate(zip(params, args, strict=True)):
        if p.type != a.type:
            raise VerifyException(f"{op.name} @{callee}: argument {i} is {a.type}, parameter is {p.type}")


@irdl_op_definition
class VfCallOp(IRDLOperation):
    """``asc_vf_call<fn>(args...)``."""

    name = "ascendc.vf_call"
    callee = prop_def(SymbolRefAttr)
    args = var_operand_def()

    def verify_(self) -> None:
        _check_call(self, check_callee(self, self.callee), SimdVfOp, self.args)


@irdl_op_definition
class SimtCallOp(IRDLOperation):
    """``AscendC::Simt::VF_CALL<fn>(AscendC::Simt::Dim3(threads), args...)``."""

    name = "ascendc.simt_call"
    callee = prop_def(SymbolRefAttr)
    threads = prop_def(IntAttr)
    args = var_operand_def()

    def verify_(self) -> None:
        _check_call(self, check_callee(self, self.callee), SimtVfOp, self.args)
        fn = find_function(self, self.callee.root_reference.data, SimtVfOp)
        if fn is not None and self.threads.data > fn.launch_bound.data:  # type: ignore[attr-defined]
            raise VerifyException(
                f"ascendc.simt_call: {self.threads.data} threads exceed LAUNCH_BOUND({fn.launch_bound.data})"  # type: ignore[attr-defined]
            )


# ================================================================ kernel scalars


@irdl_op_definition
class TilingGetOp(IRDLOperation):
    """``tiling.field`` inside the kernel."""

    name = "ascendc.tiling_get"
    tiling = operand_def(TilingType)
    field = prop_def(StringAttr)
    result = result_def()

    def verify_(self) -> None:
        check_identifier(self, "field", self.field.data)
        check_tiling_field(self, self.field.data)


@irdl_op_definition
class BlockIdxOp(IRDLOperation):
    """``AscendC::GetBlockIdx()``."""

    name = "ascendc.block_idx"
    result = result_def(i64)


# ================================================================== GM and UB


@irdl_op_definition
class GlobalTensorOp(IRDLOperation):
    """``GlobalTensor<T> g; g.SetGlobalBuffer((__gm__ T*)addr + offset, size);``"""

    name = "ascendc.global_tensor"
    addr = operand_def(GmAddrType)
    offset = operand_def(i64)
    size = operand_def(i64)
    result = result_def(GlobalTensorType)


@irdl_op_definition
class GlobalSliceOp(IRDLOperation):
    """``g[offset]``."""

    name = "ascendc.gslice"
    source = operand_def(GlobalTensorType)
    offset = operand_def(i64)
    result = result_def(GlobalTensorType)

    def verify_(self) -> None:
        if self.source.type != self.result.type:
            raise VerifyException("ascendc.gslice: result type must equal the source type")


@irdl_op_definition
class QueOp(IRDLOperation):
    """``TQue<pos, depth> q; pipe.InitBuffer(q, num, bytes);``"""

    name = "ascendc.que"
    num = prop_def(IntAttr)
    bytes = operand_def(i64)
    result = result_def(QueType)

    def verify_(self) -> None:
        if not 1 <= self.num.data <= 8:
            raise VerifyException("ascendc.que: num buffers must be in [1, 8]")


@irdl_op_definition
class TBufOp(IRDLOperation):
    """``TBuf<pos> b; pipe.InitBuffer(b, bytes);``"""

    name = "ascendc.tbuf"
    bytes = operand_def(i64)
    result = result_def(TBufType)


@irdl_op_definition
class TBufGetOp(IRDLOperation):
    """``b.GetWithOffset<T>(count, byte_offset)`` (byte_offset must be 32-byte aligned)."""

    name = "ascendc.tbuf_get"
    buf = operand_def(TBufType)
    count = operand_def(i64)
    byte_offset = prop_def(IntAttr)
    result = result_def(LocalTensorType)

    def verify_(self) -> None:
        if self.byte_offset.data % UB_ALIGN:
            raise VerifyException(
                f"ascendc.tbuf_get: byte offset {self.byte_offset.data} is not 32-byte aligned "
                "(misaligned UB slice)"
            )


@irdl_op_definition
class AllocTensorOp(IRDLOperation):
    name = "ascendc.alloc"
    que = operand_def(QueType)
    result = result_def(LocalTensorType)


@irdl_op_definition
class EnQueOp(IRDLOperation):
    name = "ascendc.enque"
    que = operand_def(QueType)
    tensor = operand_def(LocalTensorType)


@irdl_op_definition
class DeQueOp(IRDLOperation):
    name = "ascendc.deque"
    que = operand_def(QueType)
    result = result_def(LocalTensorType)


@irdl_op_definition
class FreeTensorOp(IRDLOperation):
    name = "ascendc.free"
    que = operand_def(QueType)
    tensor = operand_def(LocalTensorType)


@irdl_op_definition
class ReinterpretOp(IRDLOperation):
    """``t.ReinterpretCast<U>()``: the same UB bytes seen as another same-width element type."""

    name = "ascendc.reinterpret"
    source = operand_def(LocalTensorType)
    result = result_def(LocalTensorType)

    def verify_(self) -> None:
        if element_bytes(elem(self.source)) != element_bytes(elem(self.result)):
            raise VerifyException("ascendc.reinterpret: element types must have the same width")


@irdl_op_definition
class LocalSliceOp(IRDLOperation):
    """``t[offset]``; a constant offset must keep the slice 32-byte aligned. With ``size``,
    the slice is then limited to that many elements (``SetSize``): an access past them
    is an error, not a read of the next region."""

    name = "ascendc.lslice"
    source = operand_def(LocalTensorType)
    offset = operand_def(i64)
    size = opt_operand_def(i64)
    result = result_def(LocalTensorType)

    def verify_(self) -> None:
        if self.source.type != self.result.type:
            raise VerifyException("ascendc.lslice: result type must equal the source type")
        off = constant_int(self.offset)
        size = element_bytes(elem(self.source))
        if off is not None and (off * size) % UB_ALIGN:
            raise VerifyException(
                f"ascendc.lslice: misaligned UB slice: element offset {off} x {size} bytes is not a "
                "multiple of 32"
            )


@irdl_op_definition
class PhyAddrOp(IRDLOperation):
    """``(__ubuf__ T*)t.GetPhyAddr()``: a UB pointer for a VF call."""

    name = "ascendc.phy_addr"
    tensor = operand_def(LocalTensorType)
    result = result_def(UbPtrType)

    def verify_(self) -> None:
        if elem(self.tensor) != elem(self.result):
            raise VerifyException("ascendc.phy_addr: pointer and tensor element types differ")


@irdl_op_definition
class GmPtrOp(IRDLOperation):
    """``(__gm__ T*)addr``: a typed GM pointer for a SIMT call."""

    name = "ascendc.gm_ptr"
    addr = operand_def(GmAddrType)
    result = result_def(GmPtrType)


# ======================================================================= DMA


@irdl_op_definition
class DataCopyPadOp(IRDLOperation):
    """``DataCopyPad`` GM->UB (dst local) or UB->GM (dst global).

    ``block_len`` is in bytes; the GM-side stride in bytes, the UB-side stride in
    32-byte blocks (arch 3510). GM->UB pads each block to 32 bytes with ``pad_value``
    when given (``isPad``), else with the hardware's dummy value.
    """

    name = "ascendc.data_copy_pad"
    dst = operand_def(LocalTensorType | GlobalTensorType)
    src = operand_def(LocalTensorType | GlobalTensorType)
    block_count = operand_def(i64)
    block_len = operand_def(i64)
    src_stride = operand_def(i64)
    dst_stride = operand_def(i64)
    pad_value = opt_prop_def(Attribute)
    compact = opt_prop_def(Attribute)
    """Present: ``PaddingMode::Compact`` (UB blocks packed back to back, no 32-byte padding)."""

    def verify_(self) -> None:
        kinds = (type(self.dst.type), type(self.src.type))
        if kinds not in ((LocalTensorType, GlobalTensorType), (GlobalTensorType, LocalTensorType)):
            raise VerifyException("ascendc.data_copy_pad: copies GM->UB (local dst) or UB->GM (global dst)")
        same_elements(self, [self.dst, self.src], "dst/src")
        if self.pad_value is not None and not self.to_ub:
            raise VerifyException("ascendc.data_copy_pad: a pad value only applies to GM->UB copies")

    @property
    def to_ub(self) -> bool:
        return isinstance(self.dst.type, LocalTensorType)


@irdl_op_definition
class DataCopyOp(IRDLOperation):
    """Contiguous ``DataCopy(dst, src, count)``; count * sizeof(T) must be 32-byte aligned."""

    name = "ascendc.data_copy"
    dst = operand_def(LocalTensorType | GlobalTensorType)
    src = operand_def(LocalTensorType | GlobalTensorType)
    count = operand_def(i64)

    def verify_(self) -> None:
        same_elements(self, [self.dst, self.src], "dst/src")
        n = constant_int(self.count)
        if n is not None and (n * element_bytes(elem(self.dst))) % UB_ALIGN:
            raise VerifyException(
                f"ascendc.data_copy: {n} elements are not a multiple of 32 bytes; use data_copy_pad"
            )


# ============================================================ memory-level API


class VectorOp(IRDLOperation):
    """A memory-level vector API call on LocalTensors with an element count."""

    API: ClassVar[str] = ""

    def verify_(self) -> None:
        self.verify_types()

    def verify_types(self) -> None:
        same_elements(self, [self.dst, *self.sources()], "operand")  # type: ignore[attr-defined]

    def sources(self) -> list[SSAValue]:
        return []


class BinaryVectorOp(VectorOp):
    dst = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    src1 = operand_def(LocalTensorType)
    count = operand_def(i64)

    def sources(self) -> list[SSAValue]:
        return [self.src0, self.src1]


class ScalarVectorOp(VectorOp):
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    scalar = operand_def()
    count = operand_def(i64)

    def sources(self) -> list[SSAValue]:
        return [self.src]

    def verify_types(self) -> None:
        super().verify_types()
        if not scalar_matches(self.scalar.type, elem(self.dst)):
            raise VerifyException(
                f"{self.name}: scalar is {self.scalar.type} but the tensors hold {elem(self.dst)}"
            )


class UnaryVectorOp(VectorOp):
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    count = operand_def(i64)

    def sources(self) -> list[SSAValue]:
        return [self.src]


class ReduceVectorOp(VectorOp):
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    work = operand_def(LocalTensorType)
    count = operand_def(i64)

    def sources(self) -> list[SSAValue]:
        return [self.src, self.work]


def _vector(base: type, name: str, api: str) -> type:
    cls = type(api + "Op", (base,), {"name": name, "API": api, "__annotations__": {"API": ClassVar[str]}})
    cls.__doc__ = f"``AscendC::{api}`` (memory level)."
    return irdl_op_definition(cls)


AddOp = _vector(BinaryVectorOp, "ascendc.add", "Add")
SubOp = _vector(BinaryVectorOp, "ascendc.sub", "Sub")
MulOp = _vector(BinaryVectorOp, "ascendc.mul", "Mul")
DivOp = _vector(BinaryVectorOp, "ascendc.div", "Div")
MaxOp = _vector(BinaryVectorOp, "ascendc.max", "Max")
MinOp = _vector(BinaryVectorOp, "ascendc.min", "Min")
AddsOp = _vector(ScalarVectorOp, "ascendc.adds", "Adds")
MulsOp = _vector(ScalarVectorOp, "ascendc.muls", "Muls")
MaxsOp = _vector(ScalarVectorOp, "ascendc.maxs", "Maxs")
MinsOp = _vector(ScalarVectorOp, "ascendc.mins", "Mins")
AbsOp = _vector(UnaryVectorOp, "ascendc.abs", "Abs")
ExpOp = _vector(UnaryVectorOp, "ascendc.exp", "Exp")
ReluOp = _vector(UnaryVectorOp, "ascendc.relu", "Relu")
SqrtOp = _vector(UnaryVectorOp, "ascendc.sqrt", "Sqrt")
ReduceSumOp = _vector(ReduceVectorOp, "ascendc.reduce_sum", "ReduceSum")
ReduceMaxOp = _vector(ReduceVectorOp, "ascendc.reduce_max", "ReduceMax")
ReduceMinOp = _vector(ReduceVectorOp, "ascendc.reduce_min", "ReduceMin")


@irdl_op_definition
class DuplicateOp(VectorOp):
    """``Duplicate(dst, scalar, count)``."""

    name = "ascendc.duplicate"
    API: ClassVar[str] = "Duplicate"
    dst = operand_def(LocalTensorType)
    scalar = operand_def()
    count = operand_def(i64)

    def verify_types(self) -> None:
        if not scalar_matches(self.scalar.type, elem(self.dst)):
            raise VerifyException(
                f"ascendc.duplicate: scalar is {self.scalar.type} but dst holds {elem(self.dst)}"
            )


@irdl_op_definition
class CastOp(VectorOp):
    """``Cast(dst, src, RoundMode::mode, count)``."""

    name = "ascendc.cast"
    API: ClassVar[str] = "Cast"
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    count = operand_def(i64)
    round = prop_def(StringAttr)

    def verify_types(self) -> None:
        check_choice(self, "round mode", self.round.data, ROUND_MODES)
        if elem(self.dst) == elem(self.src):
            raise VerifyException("ascendc.cast: source and destination have the same element type")


@irdl_op_definition
class CompareOp(VectorOp):
    """``Compare(dst_u8, src0, src1, CMPMODE::mode, count)``: one bit per element."""

    name = "ascendc.compare"
    API: ClassVar[str] = "Compare"
    dst = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    src1 = operand_def(LocalTensorType)
    count = operand_def(i64)
    mode = prop_def(StringAttr)

    def verify_types(self) -> None:
        check_choice(self, "mode", self.mode.data, CMP_MODES)
        same_elements(self, [self.src0, self.src1], "src0/src1")
        if elem(self.dst) != u8:
            raise VerifyException("ascendc.compare: the bit-mask destination must be a ui8 tensor")


@irdl_op_definition
class ComparesOp(VectorOp):
    """``Compares(dst_u8, src, scalar, CMPMODE::mode, count)``."""

    name = "ascendc.compares"
    API: ClassVar[str] = "Compares"
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    scalar = operand_def()
    count = operand_def(i64)
    mode = prop_def(StringAttr)

    def verify_types(self) -> None:
        check_choice(self, "mode", self.mode.data, CMP_MODES)
        if elem(self.dst) != u8:
            raise VerifyException("ascendc.compares: the bit-mask destination must be a ui8 tensor")
        if not scalar_matches(self.scalar.type, elem(self.src)):
            raise VerifyException(
                f"ascendc.compares: scalar is {self.scalar.type} but src holds {elem(self.src)}"
            )


@irdl_op_definition
class SelectOp(VectorOp):
    """``Select(dst, mask_u8, src0, src1 | scalar, SELMODE::mode, count)``."""

    name = "ascendc.select"
    API: ClassVar[str] = "Select"
    dst = operand_def(LocalTensorType)
    mask = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    src1 = operand_def()
    count = operand_def(i64)
    mode = prop_def(StringAttr)

    def verify_types(self) -> None:
        check_choice(self, "mode", self.mode.data, SEL_MODES)
        if elem(self.mask) != u8:
            raise VerifyException("ascendc.select: the selection mask must be a ui8 tensor")
        scalar = not isinstance(self.src1.type, LocalTensorType)
        same_elements(self, [self.dst, self.src0], "dst/src0")
        if not scalar_matches(elem(self.src1), elem(self.dst)):
            raise VerifyException(
                f"ascendc.select: src1 holds {elem(self.src1)} but dst holds {elem(self.dst)}"
            )
        if scalar != (self.mode.data == "VSEL_TENSOR_SCALAR_MODE"):
            raise VerifyException(
                "ascendc.select: a scalar src1 goes with VSEL_TENSOR_SCALAR_MODE, and only then"
            )


@irdl_op_definition
class GatherOp(VectorOp):
    """``Gather(dst, src, offsets_u32, base_bytes, count)``: byte offsets into src."""

    name = "ascendc.gather"
    API: ClassVar[str] = "Gather"
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    offsets = operand_def(LocalTensorType)
    base = operand_def(i64)
    count = operand_def(i64)

    def verify_types(self) -> None:
        same_elements(self, [self.dst, self.src], "dst/src")
        if elem(self.offsets) != u32:
            raise VerifyException("ascendc.gather: offsets must be a ui32 tensor of byte offsets")


# ============================================================ scalar access, sync


@irdl_op_definition
class GetValueOp(IRDLOperation):
    """``t.GetValue(i)`` on a LocalTensor or GlobalTensor."""

    name = "ascendc.get_value"
    tensor = operand_def(LocalTensorType | GlobalTensorType)
    index = operand_def(i64)
    result = result_def()

    def verify_(self) -> None:
        if not scalar_matches(self.result.type, elem(self.tensor)):
            raise VerifyException(
                f"ascendc.get_value: result {self.result.type} differs from {elem(self.tensor)}"
            )


@irdl_op_definition
class SetValueOp(IRDLOperation):
    """``t.SetValue(i, v)``."""

    name = "ascendc.set_value"
    tensor = operand_def(LocalTensorType | GlobalTensorType)
    index = operand_def(i64)
    value = operand_def()

    def verify_(self) -> None:
        if not scalar_matches(self.value.type, elem(self.tensor)):
            raise VerifyException(
                f"ascendc.set_value: value {self.value.type} differs from {elem(self.tensor)}"
            )


@irdl_op_definition
class PipeBarrierOp(IRDLOperation):
    name = "ascendc.pipe_barrier"
    pipe = prop_def(StringAttr)

    def verify_(self) -> None:
        check_choice(self, "pipe", self.pipe.data, PIPES)


@irdl_op_definition
class SyncOp(IRDLOperation):
    """``SetFlag<E>(id); WaitFlag<E>(id);`` with an id from ``FetchEventID(E)``."""

    name = "ascendc.sync"
    event = prop_def(StringAttr)

    def verify_(self) -> None:
        check_choice(self, "event", self.event.data, EVENTS)


# =============================================================== register level


def _inside(op: Operation, kind: type, what: str) -> None:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, kind):
        parent = parent.parent_op()
    if parent is None:
        raise VerifyException(f"{op.name}: only valid inside an {what} function")


class RegOp(IRDLOperation):
    API: ClassVar[str] = ""

    def verify_(self) -> None:
        _inside(self, SimdVfOp, "ascendc.simd_vf")
        self.verify_types()
        if self.API:
            regs = [v.type for v in (*self.operands, *self.results) if isinstance(v.type, RegType)]
            name = element_cname(regs[0].element)
            if not reg_api_supports(self.API, name):
                raise VerifyException(
                    f"{self.name}: AscendC::Reg::{self.API} has no {name} variant on arch 3510"
                )

    def verify_types(self) -> None:
        pass


@irdl_op_definition
class UpdateMaskOp(RegOp):
    """``uint32_t c = remaining; MaskReg m = UpdateMask<T>(c);`` (first min(c, VL/sizeof(T)) lanes)."""

    name = "ascendc.reg.update_mask"
    remaining = operand_def(i64)
    dtype = prop_def(Attribute)
    result = result_def(MaskType)


@irdl_op_definition
class CreateMaskOp(RegOp):
    name = "ascendc.reg.create_mask"
    dtype = prop_def(Attribute)
    pattern = prop_def(StringAttr)
    result = result_def(MaskType)

    def verify_types(self) -> None:
        check_choice(self, "pattern", self.pattern.data, MASK_PATTERNS)


@irdl_op_definition
class RegLoadOp(RegOp):
    """``LoadAlign<T, LoadDist::dist>(r, ptr + offset)``; UNPACK distributions spread a narrow
    tensor over the slots of a wider loop dtype (``target.registers``)."""

    name = "ascendc.reg.load"
    ptr = operand_def(UbPtrType)
    offset = operand_def(i64)
    dist = opt_prop_def(StringAttr)
    """Absent: DIST_NORM."""
    result = result_def(RegType)

    @property
    def distribution(self) -> str:
        return self.dist.data if self.dist is not None else "DIST_NORM"

    def verify_types(self) -> None:
        same_elements(self, [self.ptr, self.result], "pointer/register")
        check_choice(self, "load distribution", self.distribution, LOAD_DISTS)


@irdl_op_definition
class RegStoreOp(RegOp):
    """``StoreAlign<T, StoreDist::dist>(ptr + offset, r, mask)``; PACK distributions write the
    low part of each slot densely."""

    name = "ascendc.reg.store"
    ptr = operand_def(UbPtrType)
    offset = operand_def(i64)
    value = operand_def(RegType)
    mask = operand_def(MaskType)
    dist = opt_prop_def(StringAttr)
    """Absent: DIST_NORM."""

    @property
    def distribution(self) -> str:
        return self.dist.data if self.dist is not None else "DIST_NORM"

    def verify_types(self) -> None:
        same_elements(self, [self.ptr, self.value], "pointer/register")
        check_choice(self, "store distribution", self.distribution, STORE_DISTS)


class RegBinaryOp(RegOp):
    lhs = operand_def(RegType)
    rhs = operand_def(RegType)
    mask = operand_def(MaskType)
    result = result_def(RegType)

    def verify_types(self) -> None:
        same_elements(self, [self.lhs, self.rhs, self.result], "register")


class RegScalarOp(RegOp):
    src = operand_def(RegType)
    scalar = operand_def()
    mask = operand_def(MaskType)
    result = result_def(RegType)

    def verify_types(self) -> None:
        same_elements(self, [self.src, self.result], "register")
        if not scalar_matches(self.scalar.type, elem(self.src)):
            raise VerifyException(
                f"{self.name}: scalar is {self.scalar.type} but the register holds {elem(self.src)}"
            )


class RegUnaryOp(RegOp):
    src = operand_def(RegType)
    mask = operand_def(MaskType)
    result = result_def(RegType)

    def verify_types(self) -> None:
        same_elements(self, [self.src, self.result], "register")


def _reg(base: type, name: str, api: str) -> type:
    cls = type(
        "Reg" + api + "Op", (base,), {"name": name, "API": api, "__annotations__": {"API": ClassVar[str]}}
    )
    cls.__doc__ = f"``AscendC::Reg::{api}`` (register level, ZEROING merge)."
    return irdl_op_definition(cls)


RegAddOp = _reg(RegBinaryOp, "ascendc.reg.add", "Add")
RegSubOp = _reg(RegBinaryOp, "ascendc.reg.sub", "Sub")
RegMulOp = _reg(RegBinaryOp, "ascendc.reg.mul", "Mul")
RegDivOp = _reg(RegBinaryOp, "ascendc.reg.div", "Div")
RegMaxOp = _reg(RegBinaryOp, "ascendc.reg.max", "Max")
RegMinOp = _reg(RegBinaryOp, "ascendc.reg.min", "Min")
RegAddsOp = _reg(RegScalarOp, "ascendc.reg.adds", "Adds")
RegMulsOp = _reg(RegScalarOp, "ascendc.reg.muls", "Muls")
RegMaxsOp = _reg(RegScalarOp, "ascendc.reg.maxs", "Maxs")
RegMinsOp = _reg(RegScalarOp, "ascendc.reg.mins", "Mins")
RegAbsOp = _reg(RegUnaryOp, "ascendc.reg.abs", "Abs")
RegExpOp = _reg(RegUnaryOp, "ascendc.reg.exp", "Exp")
RegReluOp = _reg(RegUnaryOp, "ascendc.reg.relu", "Relu")
RegSqrtOp = _reg(RegUnaryOp, "ascendc.reg.sqrt", "Sqrt")


@irdl_op_definition
class RegDuplicateOp(RegOp):
    name = "ascendc.reg.duplicate"
    API: ClassVar[str] = "Duplicate"
    scalar = operand_def()
    mask = operand_def(MaskType)
    result = result_def(RegType)

    def verify_types(self) -> None:
        if not scalar_matches(self.scalar.type, elem(self.result)):
            raise VerifyException("ascendc.reg.duplicate: scalar and register element types differ")


@irdl_op_definition
class RegArangeOp(RegOp):
    """``Arange(r, start)``: lane i holds start + i."""

    name = "ascendc.reg.arange"
    API: ClassVar[str] = "Arange"
    start = operand_def()
    result = result_def(RegType)

    def verify_types(self) -> None:
        if not scalar_matches(self.start.type, elem(self.result)):
            raise VerifyException("ascendc.reg.arange: start and register element types differ")


@irdl_op_definition
class RegComparesOp(RegOp):
    """``Compares<T, CMPMODE::mode>(m, r, scalar, mask)``."""

    name = "ascendc.reg.compares"
    API: ClassVar[str] = "Compares"
    src = operand_def(RegType)
    scalar = operand_def()
    mask = operand_def(MaskType)
    mode = prop_def(StringAttr)
    result = result_def(MaskType)

    def verify_types(self) -> None:
        check_choice(self, "mode", self.mode.data, CMP_MODES)
        if not scalar_matches(self.scalar.type, elem(self.src)):
            raise VerifyException("ascendc.reg.compares: scalar and register element types differ")


@irdl_op_definition
class RegCompareOp(RegOp):
    name = "ascendc.reg.compare"
    API: ClassVar[str] = "Compare"
    lhs = operand_def(RegType)
    rhs = operand_def(RegType)
    mask = operand_def(MaskType)
    mode = prop_def(StringAttr)
    result = result_def(MaskType)

    def verify_types(self) -> None:
        check_choice(self, "mode", self.mode.data, CMP_MODES)
        same_elements(self, [self.lhs, self.rhs], "register")


@irdl_op_definition
class RegSelectOp(RegOp):
    """``Select(dst, src0, src1, sel)``: sel lane set -> src0."""

    name = "ascendc.reg.select"
    API: ClassVar[str] = "Select"
    src0 = operand_def(RegType)
    src1 = operand_def(RegType)
    sel = operand_def(MaskType)
    result = result_def(RegType)

    def verify_types(self) -> None:
        same_elements(self, [self.src0, self.src1, self.result], "register")


@irdl_op_definition
class RegCastOp(RegOp):
    """``Cast<D, S, trait>(dst, src, mask)``; between widths with ``RegLayout::ZERO`` (the
    narrow value at the start of its slot), only for the pairs of the Cast table."""

    name = "ascendc.reg.cast"
    src = operand_def(RegType)
    mask = operand_def(MaskType)
    round = prop_def(StringAttr)
    result = result_def(RegType)

    def verify_types(self) -> None:
        check_choice(self, "round mode", self.round.data, ROUND_MODES)
        s, d = elem(self.src), elem(self.result)
        if not reg_cast_supported(element_cname(s), element_cname(d)):
            raise VerifyException(
                f"ascendc.reg.cast: {element_cname(s)} -> {element_cname(d)} is not a register-level "
                "Cast of arch 3510; cast at memory level"
            )


# ==================================================================== SIMT level


class SimtOp(IRDLOperation):
    def verify_(self) -> None:
        _inside(self, SimtVfOp, "ascendc.simt_vf")
        self.verify_types()

    def verify_types(self) -> None:
        pass


@irdl_op_definition
class ThreadIdxOp(SimtOp):
    name = "ascendc.simt.thread_idx"
    result = result_def(i64)


@irdl_op_definition
class ThreadNumOp(SimtOp):
    name = "ascendc.simt.thread_num"
    result = result_def(i64)


@irdl_op_definition
class GmLoadOp(SimtOp):
    """``af::GmLoad(ptr, index)`` (a plain GM read; bounds-checked on the simulator)."""

    name = "ascendc.simt.gm_load"
    ptr = operand_def(GmPtrType)
    index = operand_def(i64)
    result = result_def()

    def verify_types(self) -> None:
        if self.result.type != elem(self.ptr):
            raise VerifyException("ascendc.simt.gm_load: result and pointer element types differ")


@irdl_op_definition
class GmStoreOp(SimtOp):
    """``af::GmStore(ptr, index, value)``."""

    name = "ascendc.simt.gm_store"
    ptr = operand_def(GmPtrType)
    index = operand_def(i64)
    value = operand_def()

    def verify_types(self) -> None:
        if self.value.type != elem(self.ptr):
            raise VerifyException("ascendc.simt.gm_store: value and pointer element types differ")


@irdl_op_definition
class CheckIndexOp(SimtOp):
    """``af::CheckIndex(index, size, what)``: an index the kernel assumes valid (IndirectLoad
    without need_check_bound). A no-op on a device; the simulator reports a violation."""

    name = "ascendc.simt.check_index"
    index = operand_def(i64)
    size = operand_def(i64)
    what = prop_def(StringAttr)
