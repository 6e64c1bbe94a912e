"""Ops of the ``ascendc`` dialect: one op per AscendC API call or C++ construct we emit.

Scalar arithmetic and control flow use xDSL's ``arith`` and ``scf`` dialects; these ops
cover the AscendC-specific parts. Each op is defined once here: operands, properties
(modes are enum attributes, ``ascendc_emitter.dialect.types``), traits, an assembly
format that reads like the call it becomes, and its verifier; its C++ spelling lives in
the printer (``ascendc_emitter.printer``).

Traits say what xDSL's transformations may do (``region_dce``, ``cse``): scalar
arithmetic, views (slices, ``GetWithOffset``, ``GetPhyAddr``) and register-level compute
are ``Pure``; a memory-level API call reads its sources and writes its destination
tensor (``MemoryReadEffect`` + ``MemoryWriteEffect``); queue and buffer set-up allocate;
synchronisation, host-tiling outputs, ``fail_if`` and calls are kept as writes.

Calls resolve their callee through the module's symbol table (``SymbolTable``), never by
walking the module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar
from weakref import WeakKeyDictionary

from xdsl.dialects.builtin import (
    ArrayAttr,
    FloatAttr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    Signedness,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    UnitAttr,
)
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
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
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    HasAncestor,
    IsolatedFromAbove,
    MemoryAllocEffect,
    MemoryFreeEffect,
    MemoryReadEffect,
    MemoryWriteEffect,
    NoTerminator,
    Pure,
    RecursiveMemoryEffect,
    SymbolOpInterface,
    SymbolTable,
    SymbolUserOpInterface,
)
from xdsl.utils.exceptions import VerifyException

from ascendc_emitter.dialect import syntax
from ascendc_emitter.dialect.helpers import helper_of
from ascendc_emitter.dialect.types import (
    CmpMode,
    CmpModeAttr,
    GlobalTensorType,
    GmAddrType,
    GmPtrType,
    HardEvent,
    HardEventAttr,
    LaunchOutputAttr,
    LoadDist,
    LoadDistAttr,
    LocalTensorType,
    MaskPattern,
    MaskPatternAttr,
    MaskType,
    Pipe,
    PipeAttr,
    QueType,
    RegType,
    RoundMode,
    RoundModeAttr,
    SelMode,
    SelModeAttr,
    StoreDist,
    StoreDistAttr,
    TBufType,
    TilingType,
    UbPtrType,
    element_bytes,
    element_cname,
    enum_attr,
    is_element_type,
)
from ascendc_emitter.names import is_c_identifier, shown
from ascendc_emitter.target.api_rules import rule as api_rule
from ascendc_emitter.target.registers import BROADCAST_LOAD
from ascendc_emitter.target.support import ELEMENT_TYPES, MEMORY_APIS, reg_api_supports, reg_cast_supported

UB_ALIGN = 32
CMP_MODES = tuple(m.value for m in CmpMode)
SEL_MODES = tuple(m.value for m in SelMode)
ROUND_MODES = tuple(m.value for m in RoundMode)
PIPES = tuple(m.value for m in Pipe)
EVENTS = tuple(m.value for m in HardEvent)
MASK_PATTERNS = tuple(m.value for m in MaskPattern)
LOAD_DISTS = tuple(m.value for m in LoadDist)
STORE_DISTS = tuple(m.value for m in StoreDist)

u8 = IntegerType(8, Signedness.UNSIGNED)
u32 = IntegerType(32, Signedness.UNSIGNED)
i64 = IntegerType(64)

READS_WRITES = (MemoryReadEffect(), MemoryWriteEffect())
"""An API call that reads its sources and writes its destination (or a barrier)."""


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


def properties_of(cls: type[IRDLOperation], props: Mapping[str, Attribute | str]) -> dict[str, Attribute]:
    """``props`` for ``cls``: a string given for an enum property (``mode="LT"``) becomes
    its enum attribute (an unknown spelling is a ``VerifyException`` naming the choices),
    any other string a ``StringAttr``; attributes pass unchanged."""
    definitions = cls.get_irdl_definition().properties
    out: dict[str, Attribute] = {}
    for name, value in props.items():
        if isinstance(value, Attribute):
            out[name] = value
            continue
        if name not in definitions:
            raise VerifyException(f"{cls.name} has no property '{name}'")
        bases = definitions[name].constr.get_bases() or set()
        kinds = [b for b in bases if issubclass(b, EnumAttribute)]
        out[name] = enum_attr(kinds[0], value, f"{cls.name}: {name}") if kinds else StringAttr(value)
    return out


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


class Inside(HasAncestor):
    """The op is only valid inside one kind of function (``HasAncestor``, with the
    dialect's message)."""

    def verify(self, op: Operation) -> None:
        if self.get_ancestor(op) is None:
            raise VerifyException(f"{op.name}: only valid inside an {self.op_types[0].name} function")


def symbol_table_of(op: Operation) -> Operation | None:
    """The nearest enclosing op with a ``SymbolTable`` (the module)."""
    parent = op.parent_op()
    while parent is not None and not parent.has_trait(SymbolTable):
        parent = parent.parent_op()
    return parent


_SYMBOL_INDEX: WeakKeyDictionary[Operation, dict[str, Operation]] = WeakKeyDictionary()
"""Per symbol table: name -> op, rebuilt whenever a lookup finds it stale (a miss, or an entry
that was renamed or moved away). ``SymbolTable.lookup_symbol`` scans the table's ops on every
call, which made verifying a module with n VF calls quadratic."""


def lookup(op: Operation, name: str) -> Operation | None:
    """The symbol ``name`` of the symbol table around ``op`` (what ``SymbolTable.lookup_symbol``
    finds for a flat name), through an index of the table validated on every hit."""
    table = symbol_table_of(op)
    if table is None:
        return None
    found = _SYMBOL_INDEX.get(table, {}).get(name)
    if found is None or found.parent_op() is not table or _sym_name(found) != name:
        index: dict[str, Operation] = {}
        for region in table.regions:
            for block in region.blocks:
                for o in block.ops:
                    if (n := _sym_name(o)) is not None:
                        index.setdefault(n, o)
        _SYMBOL_INDEX[table] = index
        found = index.get(name)
    return found


def _sym_name(op: Operation) -> str | None:
    attr = op.properties.get("sym_name") or op.attributes.get("sym_name")
    return attr.data if isinstance(attr, StringAttr) else None


def tiling_struct_of(op: Operation) -> TilingStructOp | None:
    """The module's tiling struct (a declaration among the symbol table's ops)."""
    table = symbol_table_of(op)
    if table is None:
        return None
    return next((o for o in table.regions[0].block.ops if isinstance(o, TilingStructOp)), None)


def check_tiling_field(op: Operation, field: str) -> None:
    """The module's tiling struct must declare ``field``."""
    struct = tiling_struct_of(op)
    if struct is not None and field not in dict(struct.fields()):
        names = ", ".join(n for n, _ in struct.fields())
        raise VerifyException(f"{op.name}: the tiling struct has no field '{field}' (fields: {names})")


# =================================================================== structure


@irdl_op_definition
class TilingStructOp(IRDLOperation):
    """``struct AutofuseTilingData`` in tiling.h: named, naturally aligned scalar fields.

    ``ascendc.tiling_struct {block_dim : ui32, tiling_key : ui32, n : i64}``"""

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

    @classmethod
    def parse(cls, parser: Parser) -> TilingStructOp:
        def field() -> tuple[str, Attribute]:
            name = parser.parse_identifier_or_str_literal(" (a field name)")
            parser.parse_punctuation(":")
            return name, parser.parse_type()

        fields = parser.parse_comma_separated_list(Parser.Delimiter.BRACES, field)
        attributes = parser.parse_optional_attr_dict_with_keyword()
        op = cls.build(
            properties={
                "field_names": ArrayAttr([StringAttr(n) for n, _ in fields]),
                "field_types": ArrayAttr([t for _, t in fields]),
            }
        )
        if attributes is not None:
            op.attributes.update(attributes.data)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" {")
        pairs = list(zip(self.field_names.data, self.field_types.data, strict=False))

        def field(pair: tuple[StringAttr, Attribute]) -> None:
            printer.print_identifier_or_string_literal(pair[0].data)
            printer.print_string(" : ")
            printer.print_attribute(pair[1])

        printer.print_list(pairs, field)
        printer.print_string("}")
        printer.print_op_attributes(self.attributes, print_keyword=True)


@irdl_op_definition
class HostTilingOp(IRDLOperation):
    """Body of ``AutofuseTiling``: block args are the size variables (i64), then core_num
    and ub_size (ui32, ``uint32_t`` in C++). ``size_names`` gives the parameter names.

    ``ascendc.host_tiling(s0, s1) { ^bb0(%s0: i64, %s1: i64, %core_num: ui32, %ub_size: ui32): ... }``"""

    name = "ascendc.host_tiling"
    size_names = prop_def(ArrayAttr[StringAttr])
    body = region_def("single_block")
    traits = traits_def(NoTerminator(), IsolatedFromAbove())
    custom_directives = syntax.DIRECTIVES
    assembly_format = "custom<NameList>($size_names) attr-dict-with-keyword $body"

    def verify_(self) -> None:
        args = self.body.block.args
        sizes = len(self.size_names.data)
        if len(args) != sizes + 2:
            raise VerifyException(
                "ascendc.host_tiling: block args must be the size variables, core_num and ub_size"
            )
        for a in args[:sizes]:
            if a.type != i64:
                raise VerifyException(f"ascendc.host_tiling: size variables are i64, got {a.type}")
        for a in args[sizes:]:
            if a.type != u32:
                raise VerifyException(f"ascendc.host_tiling: core_num and ub_size are ui32, got {a.type}")


@irdl_op_definition
class SetTilingOp(IRDLOperation):
    """``tiling->field = value`` (host) for a field of the tiling struct.

    ``ascendc.set_tiling n = %n : i64``"""

    name = "ascendc.set_tiling"
    field = prop_def(StringAttr)
    value = operand_def()
    traits = traits_def(MemoryWriteEffect())
    custom_directives = syntax.DIRECTIVES
    assembly_format = "custom<Name>($field) `=` $value attr-dict `:` type($value)"

    def verify_(self) -> None:
        check_identifier(self, "field", self.field.data)
        check_tiling_field(self, self.field.data)


@irdl_op_definition
class SetOutputOp(IRDLOperation):
    """``*block_dim = v`` or ``*workspace_size = v`` (host).

    ``ascendc.set_output block_dim = %blocks : i64``"""

    name = "ascendc.set_output"
    output = prop_def(LaunchOutputAttr)
    value = operand_def()
    traits = traits_def(MemoryWriteEffect())
    assembly_format = "$output `=` $value attr-dict `:` type($value)"


@irdl_op_definition
class FailIfOp(IRDLOperation):
    """``if (cond) return code;`` in host tiling: reject shapes that do not fit.

    ``ascendc.fail_if %small return 2 "n must be >= 1"``"""

    name = "ascendc.fail_if"
    cond = operand_def(IntegerType(1))
    code = prop_def(IntAttr)
    reason = prop_def(StringAttr)
    traits = traits_def(MemoryWriteEffect())
    custom_directives = syntax.DIRECTIVES
    assembly_format = "$cond `return` custom<Int>($code) $reason attr-dict"


class CheckedArithOp(IRDLOperation):
    """Checked int64 arithmetic of host tiling: ``value = lhs <op> rhs`` and ``overflow``,
    set when the exact result does not fit int64 -- or, for the divisions, when ``rhs`` is
    0 (``value`` is then 0). Like LLVM's ``*.with.overflow`` intrinsics (and arith's
    ``addui_extended``), the flag is a result: ``ascendc.fail_if`` on it returns the
    tiling's error code, so the only early exit of ``AutofuseTiling`` stays ``fail_if``.
    Printed as the total (never trapping) ``af::Checked*`` helpers of
    ``autofuse/scalar.h`` (``__builtin_*_overflow``).

    ``%v, %overflow = ascendc.checked_muli %a, %b``"""

    HELPER: ClassVar[str] = ""
    DIVISION: ClassVar[bool] = False
    lhs = operand_def(i64)
    rhs = operand_def(i64)
    value = result_def(i64)
    overflow = result_def(IntegerType(1))
    traits = traits_def(Pure())
    assembly_format = "$lhs `,` $rhs attr-dict"


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
    """The ``extern "C" __global__ __vector__`` kernel (a vector-core entry; ``__mix__(0, 1)``
    when it holds a ``sync_all``, see ``ascendc_emitter.printer.kernel_type``). Block args: one ``gm_addr`` per GM tensor
    (inputs, then outputs), the workspace ``gm_addr``, then the tiling struct.

    A module may hold several kernels launched in order by ``AutofuseLaunch`` (stage
    kernels joined through the workspace, seed 001 SK-like). Such a kernel says how it
    is launched: ``launch_key`` (only when ``tiling->tiling_key`` equals it),
    ``grid_field`` (the tiling field holding its block_dim), and per GM argument the
    ``AutofuseLaunch`` parameter it receives (``launch_args``) plus a tiling field added
    to that address (``launch_offsets``, "" for none). Without them the kernel takes the
    launch's own parameters in order and its ``block_dim``.

    ``ascendc.kernel @vadd(x, y, z, workspace) { ^bb0(...): ... }``;
    ``ascendc.kernel @s1(x, workspace) key 1 grid s1_block_dim routes(x, workspace + s1_ws) {...}``"""

    name = "ascendc.kernel"
    sym_name = prop_def(SymbolNameConstraint())
    arg_names = prop_def(ArrayAttr[StringAttr])
    launch_key = opt_prop_def(IntAttr)
    grid_field = opt_prop_def(StringAttr)
    launch_args = opt_prop_def(ArrayAttr[StringAttr])
    launch_offsets = opt_prop_def(ArrayAttr[StringAttr])
    body = region_def("single_block")
    traits = traits_def(SymbolOpInterface(), NoTerminator(), IsolatedFromAbove())
    custom_directives = syntax.DIRECTIVES
    assembly_format = (
        "$sym_name custom<NameList>($arg_names) (`key` custom<Int>($launch_key)^)? "
        "(`grid` custom<Name>($grid_field)^)? (`routes` custom<Routes>($launch_args, $launch_offsets)^)? "
        "attr-dict-with-keyword $body"
    )

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
    holds several kernels; a single kernel's own argument names otherwise.

    ``ascendc.launch_signature(x, y, workspace)``"""

    name = "ascendc.launch_signature"
    arg_names = prop_def(ArrayAttr[StringAttr])
    custom_directives = syntax.DIRECTIVES
    assembly_format = "custom<NameList>($arg_names) attr-dict"

    def verify_(self) -> None:
        for n in self.arg_names.data:
            check_identifier(self, "argument name", n.data)


@irdl_op_definition
class KeySwitchOp(IRDLOperation):
    """``switch (key) { case k: ... }``: one region per key (the key read from tiling).

    ``ascendc.key_switch %key : ui32 case 0 {...} case 1 {...}``"""

    name = "ascendc.key_switch"
    key = operand_def(IntegerType)
    keys = prop_def(ArrayAttr[IntAttr])
    cases = var_region_def("single_block")
    traits = traits_def(NoTerminator(), RecursiveMemoryEffect())

    def verify_(self) -> None:
        keys = [k.data for k in self.keys.data]
        if len(set(keys)) != len(keys):
            raise VerifyException(f"ascendc.key_switch: duplicate tiling keys {keys}")
        if len(keys) != len(self.cases):
            raise VerifyException("ascendc.key_switch: one region per key is required")

    @classmethod
    def parse(cls, parser: Parser) -> KeySwitchOp:
        key = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        key_value = parser.resolve_operand(key, parser.parse_type())
        keys: list[int] = []
        regions: list[Region] = []
        while parser.parse_optional_keyword("case") is not None:
            keys.append(parser.parse_integer(allow_boolean=False))
            region = parser.parse_region()
            if not region.blocks:  # an empty case: `{}`
                region.add_block(Block())
            regions.append(region)
        attributes = parser.parse_optional_attr_dict_with_keyword()
        op = cls.build(
            operands=[key_value],
            properties={"keys": ArrayAttr([IntAttr(k) for k in keys])},
            regions=[regions],
        )
        if attributes is not None:
            op.attributes.update(attributes.data)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.key)
        printer.print_string(" : ")
        printer.print_attribute(self.key.type)
        for key, region in zip(self.keys.data, self.cases, strict=False):
            printer.print_string(f" case {key.data} ")
            printer.print_region(region, print_entry_block_args=False, print_empty_block=False)
        printer.print_op_attributes(self.attributes, print_keyword=True)


class _FunctionOp(IRDLOperation):
    sym_name = prop_def(SymbolNameConstraint())
    arg_names = prop_def(ArrayAttr[StringAttr])
    body = region_def("single_block")
    traits = traits_def(SymbolOpInterface(), NoTerminator(), IsolatedFromAbove())
    custom_directives = syntax.DIRECTIVES

    def verify_(self) -> None:
        check_symbol(self, self.sym_name.data)
        for n in self.arg_names.data:
            check_identifier(self, "argument name", n.data)
        if len(self.arg_names.data) != len(self.body.block.args):
            raise VerifyException(f"{self.name} @{self.sym_name.data}: one name per argument is required")


@irdl_op_definition
class SimdVfOp(_FunctionOp):
    """A ``__simd_vf__`` function: UB pointers and scalars by value (no structs).

    ``ascendc.simd_vf @f(x, y, n) { ^bb0(%x: !ascendc.ubptr<f32>, %y: ..., %n: i64): ... }``"""

    name = "ascendc.simd_vf"
    assembly_format = "$sym_name custom<NameList>($arg_names) attr-dict-with-keyword $body"

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
    """A ``__simt_vf__ __launch_bounds__(n)`` function: GM pointers and scalars by value
    (n in [1, 2048]: asc-devkit docs/zh/guide/编程指南/语言扩展层/SIMD与SIMT混合编程BuiltIn关键字.md).

    ``ascendc.simt_vf @g(x, index, out, n) launch_bound 256 {...}``"""

    name = "ascendc.simt_vf"
    launch_bound = prop_def(IntAttr)
    assembly_format = (
        "$sym_name custom<NameList>($arg_names) `launch_bound` custom<Int>($launch_bound) "
        "attr-dict-with-keyword $body"
    )

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
        for op in self.body.walk():
            helper = helper_of(op.name)
            if helper is not None and not helper.space.simt_callable:
                raise NestedVerifyException(
                    f"{op.name} in ascendc.simt_vf @{self.sym_name.data}: prints a call of {helper.name}, "
                    f"a {helper.space.value} function ({helper.source}); a __simt_vf__ function may only "
                    "call __simt_callee__ and __callee__ functions",
                    op,
                )


class NestedVerifyException(VerifyException):
    """A verification error of an op found while verifying an enclosing op: diagnostics
    locate it at ``culprit`` (``ascir_dialect.diagnostics``)."""

    def __init__(self, message: str, culprit: Operation):
        super().__init__(message)
        self.culprit = culprit


def find_function(op: Operation, callee: str, kind: type) -> Operation | None:
    """The function ``callee`` of kind ``kind`` in the module's symbol table (None when
    there is no such symbol or it names another kind of op)."""
    found = lookup(op, callee)
    return found if isinstance(found, kind) else None


class CallsFunction(SymbolUserOpInterface):
    """A call op (``callee`` and ``args``) of a function of one kind: the callee is a flat
    symbol of the module naming such a function, and the arguments match its parameters."""

    def __init__(self, kind: type[_FunctionOp]):
        object.__setattr__(self, "kind", kind)

    def verify(self, op: Operation) -> None:
        kind: type[_FunctionOp] = self.kind  # type: ignore[attr-defined]
        callee = check_callee(op, op.callee)  # type: ignore[attr-defined]
        found = lookup(op, callee)
        if not isinstance(found, kind):
            other = f" (@{callee} is an {found.name})" if found is not None else ""
            raise VerifyException(f"{op.name}: no {kind.name} named @{callee}{other}")
        params = found.body.block.args
        args = op.args  # type: ignore[attr-defined]
        if len(params) != len(args):
            raise VerifyException(f"{op.name} @{callee}: {len(args)} arguments for {len(params)} parameters")
        for i, (p, a) in enumerate(zip(params, args, strict=True)):
            if p.type != a.type:
                raise VerifyException(f"{op.name} @{callee}: argument {i} is {a.type}, parameter is {p.type}")


@irdl_op_definition
class VfCallOp(IRDLOperation):
    """``asc_vf_call<fn>(args...)``.

    ``ascendc.vf_call @f(%xp, %yp, %n) : !ascendc.ubptr<f32>, !ascendc.ubptr<f32>, i64``"""

    name = "ascendc.vf_call"
    callee = prop_def(SymbolRefAttr)
    args = var_operand_def()
    traits = traits_def(CallsFunction(SimdVfOp), *READS_WRITES)
    assembly_format = "$callee `(` $args `)` attr-dict (`:` type($args)^)?"


@irdl_op_definition
class SimtCallOp(IRDLOperation):
    """``AscendC::Simt::VF_CALL<fn>(AscendC::Simt::Dim3(threads), args...)``.

    ``ascendc.simt_call @g(%x, %i, %n) threads 256 : !ascendc.gmptr<f32>, !ascendc.gmptr<i64>, i64``"""

    name = "ascendc.simt_call"
    callee = prop_def(SymbolRefAttr)
    threads = prop_def(IntAttr)
    args = var_operand_def()
    traits = traits_def(CallsFunction(SimtVfOp), *READS_WRITES)
    custom_directives = syntax.DIRECTIVES
    assembly_format = "$callee `(` $args `)` `threads` custom<Int>($threads) attr-dict (`:` type($args)^)?"

    def verify_(self) -> None:
        fn = find_function(self, self.callee.root_reference.data, SimtVfOp)
        if fn is not None and self.threads.data > fn.launch_bound.data:  # type: ignore[attr-defined]
            raise VerifyException(
                f"ascendc.simt_call: {self.threads.data} threads exceed __launch_bounds__({fn.launch_bound.data})"  # type: ignore[attr-defined]
            )


# ================================================================ kernel scalars


@irdl_op_definition
class TilingGetOp(IRDLOperation):
    """``tiling.field`` inside the kernel.

    ``%n = ascendc.tiling_get %tiling[n] : i64``"""

    name = "ascendc.tiling_get"
    tiling = operand_def(TilingType())
    field = prop_def(StringAttr)
    result = result_def()
    traits = traits_def(Pure())
    custom_directives = syntax.DIRECTIVES
    assembly_format = "$tiling `[` custom<Name>($field) `]` attr-dict `:` type($result)"

    def verify_(self) -> None:
        check_identifier(self, "field", self.field.data)
        check_tiling_field(self, self.field.data)


@irdl_op_definition
class BlockIdxOp(IRDLOperation):
    """``AscendC::GetBlockIdx()``.

    ``%b = ascendc.block_idx``"""

    name = "ascendc.block_idx"
    result = result_def(i64)
    traits = traits_def(Pure())
    assembly_format = "attr-dict"


# ================================================================== GM and UB


@irdl_op_definition
class GlobalTensorOp(IRDLOperation):
    """``GlobalTensor<T> g; g.SetGlobalBuffer((__gm__ T*)addr + offset, size);``

    ``%g = ascendc.global_tensor %x + %start, %length : !ascendc.global<f32>``"""

    name = "ascendc.global_tensor"
    addr = operand_def(GmAddrType())
    offset = operand_def(i64)
    size = operand_def(i64)
    result = result_def(GlobalTensorType)
    traits = traits_def(Pure())
    assembly_format = "$addr `+` $offset `,` $size attr-dict `:` type($result)"


@irdl_op_definition
class GlobalSliceOp(IRDLOperation):
    """``g[offset]``.

    ``%s = ascendc.gslice %g[%off] : !ascendc.global<f32>``"""

    name = "ascendc.gslice"
    source = operand_def(GlobalTensorType)
    offset = operand_def(i64)
    result = result_def(GlobalTensorType)
    traits = traits_def(Pure())
    custom_directives = syntax.DIRECTIVES
    assembly_format = "$source `[` $offset `]` attr-dict `:` custom<SameTypes2>(type($source), type($result))"

    def verify_(self) -> None:
        if self.source.type != self.result.type:
            raise VerifyException("ascendc.gslice: result type must equal the source type")


@irdl_op_definition
class QueOp(IRDLOperation):
    """``TQue<pos, depth> q; pipe.InitBuffer(q, num, bytes);``

    ``%q = ascendc.que 2, %bytes : !ascendc.que<VECIN, 2>``"""

    name = "ascendc.que"
    num = prop_def(IntAttr)
    bytes = operand_def(i64)
    result = result_def(QueType)
    traits = traits_def(MemoryAllocEffect())
    custom_directives = syntax.DIRECTIVES
    assembly_format = "custom<Int>($num) `,` $bytes attr-dict `:` type($result)"

    def verify_(self) -> None:
        if not 1 <= self.num.data <= 8:
            raise VerifyException("ascendc.que: num buffers must be in [1, 8]")


@irdl_op_definition
class TBufOp(IRDLOperation):
    """``TBuf<pos> b; pipe.InitBuffer(b, bytes);``

    ``%b = ascendc.tbuf %bytes : !ascendc.tbuf<VECCALC>``"""

    name = "ascendc.tbuf"
    bytes = operand_def(i64)
    result = result_def(TBufType)
    traits = traits_def(MemoryAllocEffect())
    assembly_format = "$bytes attr-dict `:` type($result)"


@irdl_op_definition
class TBufGetOp(IRDLOperation):
    """``b.GetWithOffset<T>(count, byte_offset)`` (byte_offset must be 32-byte aligned).

    ``%l = ascendc.tbuf_get %b, %count, 256 : !ascendc.tbuf<VECCALC> -> !ascendc.local<f32>``"""

    name = "ascendc.tbuf_get"
    buf = operand_def(TBufType)
    count = operand_def(i64)
    byte_offset = prop_def(IntAttr)
    result = result_def(LocalTensorType)
    traits = traits_def(Pure())
    custom_directives = syntax.DIRECTIVES
    assembly_format = (
        "$buf `,` $count `,` custom<Int>($byte_offset) attr-dict `:` type($buf) `->` type($result)"
    )

    def verify_(self) -> None:
        if self.byte_offset.data % UB_ALIGN:
            raise VerifyException(
                f"ascendc.tbuf_get: byte offset {self.byte_offset.data} is not 32-byte aligned "
                "(misaligned UB slice)"
            )


@irdl_op_definition
class AllocTensorOp(IRDLOperation):
    """``q.AllocTensor<T>()``.

    ``%t = ascendc.alloc %q : !ascendc.que<VECIN, 2> -> !ascendc.local<f32>``"""

    name = "ascendc.alloc"
    que = operand_def(QueType)
    result = result_def(LocalTensorType)
    traits = traits_def(MemoryAllocEffect())
    assembly_format = "$que attr-dict `:` type($que) `->` type($result)"


@irdl_op_definition
class EnQueOp(IRDLOperation):
    """``q.EnQue(t)``.

    ``ascendc.enque %q, %t : !ascendc.que<VECIN, 2>, !ascendc.local<f32>``"""

    name = "ascendc.enque"
    que = operand_def(QueType)
    tensor = operand_def(LocalTensorType)
    traits = traits_def(MemoryWriteEffect())
    assembly_format = "$que `,` $tensor attr-dict `:` type($que) `,` type($tensor)"


@irdl_op_definition
class DeQueOp(IRDLOperation):
    """``q.DeQue<T>()``.

    ``%t = ascendc.deque %q : !ascendc.que<VECIN, 2> -> !ascendc.local<f32>``"""

    name = "ascendc.deque"
    que = operand_def(QueType)
    result = result_def(LocalTensorType)
    traits = traits_def(*READS_WRITES)
    assembly_format = "$que attr-dict `:` type($que) `->` type($result)"


@irdl_op_definition
class FreeTensorOp(IRDLOperation):
    """``q.FreeTensor(t)``.

    ``ascendc.free %q, %t : !ascendc.que<VECOUT, 2>, !ascendc.local<f32>``"""

    name = "ascendc.free"
    que = operand_def(QueType)
    tensor = operand_def(LocalTensorType)
    traits = traits_def(MemoryFreeEffect())
    assembly_format = "$que `,` $tensor attr-dict `:` type($que) `,` type($tensor)"


@irdl_op_definition
class ReinterpretOp(IRDLOperation):
    """``t.ReinterpretCast<U>()``: the same UB bytes seen as another same-width element type.

    ``%u = ascendc.reinterpret %t : !ascendc.local<f32> -> !ascendc.local<i32>``"""

    name = "ascendc.reinterpret"
    source = operand_def(LocalTensorType)
    result = result_def(LocalTensorType)
    traits = traits_def(Pure())
    assembly_format = "$source attr-dict `:` type($source) `->` type($result)"

    def verify_(self) -> None:
        if element_bytes(elem(self.source)) != element_bytes(elem(self.result)):
            raise VerifyException("ascendc.reinterpret: element types must have the same width")


@irdl_op_definition
class LocalSliceOp(IRDLOperation):
    """``t[offset]``; a constant offset must keep the slice 32-byte aligned. With ``size``,
    the slice is then limited to that many elements (``SetSize``): an access past them
    is an error, not a read of the next region.

    ``%s = ascendc.lslice %t[%off] size %n : !ascendc.local<f32>``"""

    name = "ascendc.lslice"
    source = operand_def(LocalTensorType)
    offset = operand_def(i64)
    size = opt_operand_def(i64)
    result = result_def(LocalTensorType)
    traits = traits_def(Pure())
    custom_directives = syntax.DIRECTIVES
    assembly_format = "$source `[` $offset `]` (`size` $size^)? attr-dict `:` custom<SameTypes2>(type($source), type($result))"

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
    """``(__ubuf__ T*)t.GetPhyAddr()``: a UB pointer for a VF call.

    ``%p = ascendc.phy_addr %t : !ascendc.local<f32> -> !ascendc.ubptr<f32>``"""

    name = "ascendc.phy_addr"
    tensor = operand_def(LocalTensorType)
    result = result_def(UbPtrType)
    traits = traits_def(Pure())
    assembly_format = "$tensor attr-dict `:` type($tensor) `->` type($result)"

    def verify_(self) -> None:
        if elem(self.tensor) != elem(self.result):
            raise VerifyException("ascendc.phy_addr: pointer and tensor element types differ")


@irdl_op_definition
class GmPtrOp(IRDLOperation):
    """``(__gm__ T*)addr``: a typed GM pointer for a SIMT call.

    ``%p = ascendc.gm_ptr %x : !ascendc.gmptr<f32>``"""

    name = "ascendc.gm_ptr"
    addr = operand_def(GmAddrType())
    result = result_def(GmPtrType)
    traits = traits_def(Pure())
    assembly_format = "$addr attr-dict `:` type($result)"


# ======================================================================= DMA


@irdl_op_definition
class DataCopyPadOp(IRDLOperation):
    """``DataCopyPad`` GM->UB (dst local) or UB->GM (dst global).

    ``block_len`` is in bytes; the GM-side stride in bytes, the UB-side stride in
    32-byte blocks (arch 3510). GM->UB pads each block to 32 bytes with ``pad_value``
    when given (``isPad``), else with the hardware's dummy value.

    ``ascendc.data_copy_pad %l, %g, {%count, %len, %src_stride, %dst_stride} pad -1.0 : f32 compact
    : !ascendc.local<f32>, !ascendc.global<f32>``"""

    name = "ascendc.data_copy_pad"
    dst = operand_def(LocalTensorType | GlobalTensorType)
    src = operand_def(LocalTensorType | GlobalTensorType)
    block_count = operand_def(i64)
    block_len = operand_def(i64)
    src_stride = operand_def(i64)
    dst_stride = operand_def(i64)
    padding = var_operand_def(i64)
    """Empty, or ``leftPadding`` and ``rightPadding`` (elements of ``pad_value`` before and
    after each block's data in UB, each at most 32 bytes: DataCopyPadExtParams,
    asc-devkit docs/zh/api/SIMD-API/基础API/数据搬运/DataCopyPad.md)."""
    pad_value = opt_prop_def(IntegerAttr | FloatAttr)
    compact = opt_prop_def(UnitAttr)
    """Present: ``PaddingMode::Compact`` (UB blocks packed back to back, no 32-byte padding)."""
    traits = traits_def(*READS_WRITES)
    assembly_format = (
        "$dst `,` $src `,` `{` $block_count `,` $block_len `,` $src_stride `,` $dst_stride `}` "
        "(`padding` `(` $padding^ `)`)? "
        "(`pad` $pad_value^)? (`compact` $compact^)? attr-dict `:` type($dst) `,` type($src)"
    )

    def verify_(self) -> None:
        kinds = (type(self.dst.type), type(self.src.type))
        if kinds not in ((LocalTensorType, GlobalTensorType), (GlobalTensorType, LocalTensorType)):
            raise VerifyException("ascendc.data_copy_pad: copies GM->UB (local dst) or UB->GM (global dst)")
        same_elements(self, [self.dst, self.src], "dst/src")
        if self.pad_value is not None and not self.to_ub:
            raise VerifyException("ascendc.data_copy_pad: a pad value only applies to GM->UB copies")
        if self.padding and (len(self.padding) != 2 or self.pad_value is None):
            raise VerifyException(
                "ascendc.data_copy_pad: padding takes leftPadding and rightPadding and needs a pad value"
            )
        if self.pad_value is not None and not scalar_matches(self.pad_value.type, elem(self.dst)):
            raise VerifyException(
                f"ascendc.data_copy_pad: pad value is {self.pad_value.type} but dst holds {elem(self.dst)}"
            )

    @property
    def to_ub(self) -> bool:
        return isinstance(self.dst.type, LocalTensorType)


@irdl_op_definition
class DataCopyOp(IRDLOperation):
    """Contiguous ``DataCopy(dst, src, count)``; count * sizeof(T) must be 32-byte aligned.

    ``ascendc.data_copy %l, %g, %n : !ascendc.local<f32>, !ascendc.global<f32>``"""

    name = "ascendc.data_copy"
    dst = operand_def(LocalTensorType | GlobalTensorType)
    src = operand_def(LocalTensorType | GlobalTensorType)
    count = operand_def(i64)
    traits = traits_def(*READS_WRITES)
    assembly_format = "$dst `,` $src `,` $count attr-dict `:` type($dst) `,` type($src)"

    def verify_(self) -> None:
        same_elements(self, [self.dst, self.src], "dst/src")
        n = constant_int(self.count)
        if n is not None and (n * element_bytes(elem(self.dst))) % UB_ALIGN:
            raise VerifyException(
                f"ascendc.data_copy: {n} elements are not a multiple of 32 bytes; use data_copy_pad"
            )


# ============================================================ memory-level API


class VectorOp(IRDLOperation):
    """A memory-level vector API call on LocalTensors with an element count: it reads its
    sources and writes its destination tensor (each kind declares its effects; xDSL merges
    the traits of a class with its bases')."""

    API: ClassVar[str] = ""
    custom_directives = syntax.DIRECTIVES

    def verify_(self) -> None:
        self.verify_types()
        self.verify_api_dtype()

    def verify_types(self) -> None:
        same_elements(self, [self.dst, *self.sources()], "operand")  # type: ignore[attr-defined]

    def api_element(self) -> Attribute | None:
        """The element type ``T`` the API is instantiated with (the destination's; None
        for an op whose types have a table of their own, as Cast)."""
        return elem(self.dst)  # type: ignore[attr-defined]

    def verify_api_dtype(self) -> None:
        """The 950's API takes ``T`` (``target.support.MEMORY_APIS``: the docs' list and the
        ``dav_3510`` header's ``static_assert(SupportType<...>)``, which bisheng would fail)."""
        row, t = MEMORY_APIS.get(self.API), self.api_element()
        if row is None or t is None:
            return
        name = element_cname(t)
        if name not in row.types:
            raise VerifyException(
                f"{self.name}: AscendC::{self.API} does not take {name} on arch 3510 "
                f"(it takes {', '.join(e for e in ELEMENT_TYPES if e in row.types)}: {row.doc}; {row.header})"
            )

    def sources(self) -> list[SSAValue]:
        return []


class BinaryVectorOp(VectorOp):
    """``ascendc.add %dst, %src0, %src1, %count : !ascendc.local<f32>``"""

    traits = traits_def(*READS_WRITES)
    dst = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    src1 = operand_def(LocalTensorType)
    count = operand_def(i64)
    assembly_format = "$dst `,` $src0 `,` $src1 `,` $count attr-dict `:` custom<SameTypes3>(type($dst), type($src0), type($src1))"

    def sources(self) -> list[SSAValue]:
        return [self.src0, self.src1]


class ScalarVectorOp(VectorOp):
    """``ascendc.adds %dst, %src, %scalar, %count : !ascendc.local<f32>, f32``"""

    traits = traits_def(*READS_WRITES)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    scalar = operand_def()
    count = operand_def(i64)
    assembly_format = (
        "$dst `,` $src `,` $scalar `,` $count attr-dict `:` custom<SameTypes2>(type($dst), type($src)) "
        "`,` type($scalar)"
    )

    def sources(self) -> list[SSAValue]:
        return [self.src]

    def verify_types(self) -> None:
        super().verify_types()
        if not scalar_matches(self.scalar.type, elem(self.dst)):
            raise VerifyException(
                f"{self.name}: scalar is {self.scalar.type} but the tensors hold {elem(self.dst)}"
            )


class UnaryVectorOp(VectorOp):
    """``ascendc.exp %dst, %src, %count : !ascendc.local<f32>``"""

    traits = traits_def(*READS_WRITES)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    count = operand_def(i64)
    assembly_format = "$dst `,` $src `,` $count attr-dict `:` custom<SameTypes2>(type($dst), type($src))"

    def sources(self) -> list[SSAValue]:
        return [self.src]


class ReduceVectorOp(VectorOp):
    """``ascendc.reduce_sum %dst, %src, %work, %count : !ascendc.local<f32>``"""

    traits = traits_def(*READS_WRITES)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    work = operand_def(LocalTensorType)
    count = operand_def(i64)
    assembly_format = "$dst `,` $src `,` $work `,` $count attr-dict `:` custom<SameTypes3>(type($dst), type($src), type($work))"

    def sources(self) -> list[SSAValue]:
        return [self.src, self.work]


def _vector(base: type, name: str, api: str) -> type:
    cls = type(api + "Op", (base,), {"name": name, "API": api, "__annotations__": {"API": ClassVar[str]}})
    cls.__doc__ = f"``AscendC::{api}`` (memory level): {base.__doc__}"
    return irdl_op_definition(cls)


AddOp = _vector(BinaryVectorOp, "ascendc.add", "Add")
SubOp = _vector(BinaryVectorOp, "ascendc.sub", "Sub")
MulOp = _vector(BinaryVectorOp, "ascendc.mul", "Mul")
DivOp = _vector(BinaryVectorOp, "ascendc.div", "Div")
MaxOp = _vector(BinaryVectorOp, "ascendc.max", "Max")
MinOp = _vector(BinaryVectorOp, "ascendc.min", "Min")
AndOp = _vector(BinaryVectorOp, "ascendc.and", "And")
AddsOp = _vector(ScalarVectorOp, "ascendc.adds", "Adds")
MulsOp = _vector(ScalarVectorOp, "ascendc.muls", "Muls")
MaxsOp = _vector(ScalarVectorOp, "ascendc.maxs", "Maxs")
MinsOp = _vector(ScalarVectorOp, "ascendc.mins", "Mins")
AbsOp = _vector(UnaryVectorOp, "ascendc.abs", "Abs")
ExpOp = _vector(UnaryVectorOp, "ascendc.exp", "Exp")
ReluOp = _vector(UnaryVectorOp, "ascendc.relu", "Relu")
SqrtOp = _vector(UnaryVectorOp, "ascendc.sqrt", "Sqrt")
# math ops (issue 19)
LnOp = _vector(UnaryVectorOp, "ascendc.ln", "Ln")
RsqrtOp = _vector(UnaryVectorOp, "ascendc.rsqrt", "Rsqrt")
ReciprocalOp = _vector(UnaryVectorOp, "ascendc.reciprocal", "Reciprocal")
LeakyReluOp = _vector(ScalarVectorOp, "ascendc.leaky_relu", "LeakyRelu")
# rounding, bitwise and shift ops (issue 19)
OrOp = _vector(BinaryVectorOp, "ascendc.or", "Or")
NotOp = _vector(UnaryVectorOp, "ascendc.not", "Not")


def _shift_count_ok(op: IRDLOperation, value: Attribute, count: Attribute) -> None:
    """The count tensor/register holds the signed integer type of the shifted width
    (``target.support.SHIFT_COUNT_RULE``)."""
    if not (
        isinstance(value, IntegerType)
        and isinstance(count, IntegerType)
        and count.signedness.data != Signedness.UNSIGNED
        and count.width.data == value.width.data
        and value.width.data > 1
    ):
        raise VerifyException(
            f"{op.name}: a {element_cname(value)} shift takes an int{element_bytes(value) * 8}_t count, "
            f"got {element_cname(count)} (target.support.SHIFT_COUNT_RULE)"
        )


class ShiftVectorOp(VectorOp):
    """``ShiftLeft(dst, src0, src1, count)``: ``src1`` holds the shift counts, the signed
    type of the shifted width (``ShiftLeft\uff08左移位数为Tensor\uff09.md``).

    ``ascendc.shift_left %dst, %src0, %src1, %count : !ascendc.local<ui16>, !ascendc.local<ui16>, !ascendc.local<i16>``"""

    traits = traits_def(*READS_WRITES)
    dst = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    src1 = operand_def(LocalTensorType)
    count = operand_def(i64)
    assembly_format = (
        "$dst `,` $src0 `,` $src1 `,` $count attr-dict `:` type($dst) `,` type($src0) `,` type($src1)"
    )

    def sources(self) -> list[SSAValue]:
        return [self.src0, self.src1]

    def verify_types(self) -> None:
        same_elements(self, [self.dst, self.src0], "operand")
        _shift_count_ok(self, elem(self.dst), elem(self.src1))


ShiftLeftOp = _vector(ShiftVectorOp, "ascendc.shift_left", "ShiftLeft")
ShiftRightOp = _vector(ShiftVectorOp, "ascendc.shift_right", "ShiftRight")


@irdl_op_definition
class TruncateOp(VectorOp):
    """``Truncate<T, RoundMode::mode>(dst, src, count)``: each float rounded to an integral
    value of the same type (Truncate(ISASI).md).

    ``ascendc.truncate %dst, %src, CAST_FLOOR, %count : !ascendc.local<f32>``"""

    name = "ascendc.truncate"
    API: ClassVar[str] = "Truncate"
    traits = traits_def(*READS_WRITES)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    count = operand_def(i64)
    round = prop_def(RoundModeAttr)
    assembly_format = (
        "$dst `,` $src `,` $round `,` $count attr-dict `:` custom<SameTypes2>(type($dst), type($src))"
    )

    def sources(self) -> list[SSAValue]:
        return [self.src]

    def verify_types(self) -> None:
        super().verify_types()
        _truncate_mode_ok(self)


def _truncate_mode_ok(op: IRDLOperation) -> None:
    from ascendc_emitter.target.support import TRUNCATE_MODES

    m = op.round.data.value  # type: ignore[attr-defined]
    if m not in TRUNCATE_MODES:
        raise VerifyException(
            f"{op.name}: round mode {m} is not one of Truncate's ({', '.join(sorted(TRUNCATE_MODES))})"
        )


ReduceSumOp = _vector(ReduceVectorOp, "ascendc.reduce_sum", "ReduceSum")
ReduceMaxOp = _vector(ReduceVectorOp, "ascendc.reduce_max", "ReduceMax")
ReduceMinOp = _vector(ReduceVectorOp, "ascendc.reduce_min", "ReduceMin")


@irdl_op_definition
class DuplicateOp(VectorOp):
    """``Duplicate(dst, scalar, count)``: writes dst only.

    ``ascendc.duplicate %dst, %scalar, %count : !ascendc.local<f32>, f32``"""

    name = "ascendc.duplicate"
    API: ClassVar[str] = "Duplicate"
    dst = operand_def(LocalTensorType)
    scalar = operand_def()
    count = operand_def(i64)
    traits = traits_def(MemoryWriteEffect())
    assembly_format = "$dst `,` $scalar `,` $count attr-dict `:` type($dst) `,` type($scalar)"

    def verify_types(self) -> None:
        if not scalar_matches(self.scalar.type, elem(self.dst)):
            raise VerifyException(
                f"ascendc.duplicate: scalar is {self.scalar.type} but dst holds {elem(self.dst)}"
            )


@irdl_op_definition
class CastOp(VectorOp):
    """``Cast(dst, src, RoundMode::mode, count)``.

    ``ascendc.cast %dst, %src, CAST_RINT, %count : !ascendc.local<f16>, !ascendc.local<f32>``"""

    name = "ascendc.cast"
    API: ClassVar[str] = "Cast"
    traits = traits_def(*READS_WRITES)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    count = operand_def(i64)
    round = prop_def(RoundModeAttr)
    assembly_format = "$dst `,` $src `,` $round `,` $count attr-dict `:` type($dst) `,` type($src)"

    def verify_types(self) -> None:
        if elem(self.dst) == elem(self.src):
            raise VerifyException("ascendc.cast: source and destination have the same element type")


@irdl_op_definition
class CompareOp(VectorOp):
    """``Compare(dst_u8, src0, src1, CMPMODE::mode, count)``: one bit per element.

    ``ascendc.compare %bits, %a, %b, LT, %count : !ascendc.local<ui8>, !ascendc.local<f32>``"""

    name = "ascendc.compare"
    API: ClassVar[str] = "Compare"
    traits = traits_def(*READS_WRITES)
    dst = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    src1 = operand_def(LocalTensorType)
    count = operand_def(i64)
    mode = prop_def(CmpModeAttr)
    assembly_format = (
        "$dst `,` $src0 `,` $src1 `,` $mode `,` $count attr-dict `:` type($dst) `,` "
        "custom<SameTypes2>(type($src0), type($src1))"
    )

    def api_element(self) -> Attribute | None:
        return elem(self.src0)

    def verify_types(self) -> None:
        same_elements(self, [self.src0, self.src1], "src0/src1")
        if elem(self.dst) != u8:
            raise VerifyException("ascendc.compare: the bit-mask destination must be a ui8 tensor")


@irdl_op_definition
class ComparesOp(VectorOp):
    """``Compares(dst_u8, src, scalar, CMPMODE::mode, count)``.

    ``ascendc.compares %bits, %src, %s, GE, %count : !ascendc.local<ui8>, !ascendc.local<f32>, f32``"""

    name = "ascendc.compares"
    API: ClassVar[str] = "Compares"
    traits = traits_def(*READS_WRITES)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    scalar = operand_def()
    count = operand_def(i64)
    mode = prop_def(CmpModeAttr)
    assembly_format = "$dst `,` $src `,` $scalar `,` $mode `,` $count attr-dict `:` type($dst) `,` type($src) `,` type($scalar)"

    def api_element(self) -> Attribute | None:
        return elem(self.src)

    def verify_types(self) -> None:
        if elem(self.dst) != u8:
            raise VerifyException("ascendc.compares: the bit-mask destination must be a ui8 tensor")
        if not scalar_matches(self.scalar.type, elem(self.src)):
            raise VerifyException(
                f"ascendc.compares: scalar is {self.scalar.type} but src holds {elem(self.src)}"
            )


@irdl_op_definition
class SelectOp(VectorOp):
    """``Select(dst, mask_u8, src0, src1 | scalar, SELMODE::mode, count)``.

    ``ascendc.select %dst, %bits, %a, %s, VSEL_TENSOR_SCALAR_MODE, %count
    : !ascendc.local<f32>, !ascendc.local<ui8>, f32`` (the first type is dst's and src0's)"""

    name = "ascendc.select"
    API: ClassVar[str] = "Select"
    traits = traits_def(*READS_WRITES)
    dst = operand_def(LocalTensorType)
    mask = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    src1 = operand_def()
    count = operand_def(i64)
    mode = prop_def(SelModeAttr)
    assembly_format = (
        "$dst `,` $mask `,` $src0 `,` $src1 `,` $mode `,` $count attr-dict `:` "
        "custom<SameTypes2>(type($dst), type($src0)) `,` type($mask) `,` type($src1)"
    )

    def verify_types(self) -> None:
        if elem(self.mask) != u8:
            raise VerifyException("ascendc.select: the selection mask must be a ui8 tensor")
        scalar = not isinstance(self.src1.type, LocalTensorType)
        same_elements(self, [self.dst, self.src0], "dst/src0")
        if not scalar_matches(elem(self.src1), elem(self.dst)):
            raise VerifyException(
                f"ascendc.select: src1 holds {elem(self.src1)} but dst holds {elem(self.dst)}"
            )
        if scalar != (self.mode.data == SelMode.VSEL_TENSOR_SCALAR_MODE):
            raise VerifyException(
                "ascendc.select: a scalar src1 goes with VSEL_TENSOR_SCALAR_MODE, and only then"
            )


@irdl_op_definition
class GatherOp(VectorOp):
    """``Gather(dst, src, offsets_u32, base_bytes, count)``: byte offsets into src.

    ``ascendc.gather %dst, %src, %offsets, %base, %count : !ascendc.local<f32>, !ascendc.local<ui32>``"""

    name = "ascendc.gather"
    API: ClassVar[str] = "Gather"
    traits = traits_def(*READS_WRITES)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    offsets = operand_def(LocalTensorType)
    base = operand_def(i64)
    count = operand_def(i64)
    assembly_format = (
        "$dst `,` $src `,` $offsets `,` $base `,` $count attr-dict `:` "
        "custom<SameTypes2>(type($dst), type($src)) `,` type($offsets)"
    )

    def verify_types(self) -> None:
        same_elements(self, [self.dst, self.src], "dst/src")
        if elem(self.offsets) != u32:
            raise VerifyException("ascendc.gather: offsets must be a ui32 tensor of byte offsets")


# ============================================================ scalar access, sync


@irdl_op_definition
class GetValueOp(IRDLOperation):
    """``t.GetValue(i)`` on a LocalTensor or GlobalTensor.

    ``%v = ascendc.get_value %t[%i] : !ascendc.local<f32> -> f32``"""

    name = "ascendc.get_value"
    tensor = operand_def(LocalTensorType | GlobalTensorType)
    index = operand_def(i64)
    result = result_def()
    traits = traits_def(MemoryReadEffect())
    assembly_format = "$tensor `[` $index `]` attr-dict `:` type($tensor) `->` type($result)"

    def verify_(self) -> None:
        if not scalar_matches(self.result.type, elem(self.tensor)):
            raise VerifyException(
                f"ascendc.get_value: result {self.result.type} differs from {elem(self.tensor)}"
            )


@irdl_op_definition
class SetValueOp(IRDLOperation):
    """``t.SetValue(i, v)``.

    ``ascendc.set_value %t[%i], %v : !ascendc.local<f32>, f32``"""

    name = "ascendc.set_value"
    tensor = operand_def(LocalTensorType | GlobalTensorType)
    index = operand_def(i64)
    value = operand_def()
    traits = traits_def(MemoryWriteEffect())
    assembly_format = "$tensor `[` $index `]` `,` $value attr-dict `:` type($tensor) `,` type($value)"

    def verify_(self) -> None:
        if not scalar_matches(self.value.type, elem(self.tensor)):
            raise VerifyException(
                f"ascendc.set_value: value {self.value.type} differs from {elem(self.tensor)}"
            )


@irdl_op_definition
class PipeBarrierOp(IRDLOperation):
    """``PipeBarrier<pipe>()``.

    ``ascendc.pipe_barrier<PIPE_V>``"""

    name = "ascendc.pipe_barrier"
    pipe = prop_def(PipeAttr)
    traits = traits_def(*READS_WRITES)
    assembly_format = "`<` $pipe `>` attr-dict"

    def verify_(self) -> None:
        if self.pipe.data.value == "PIPE_S":  # rule pipe-barrier-s (target.api_rules)
            rule = api_rule("pipe-barrier-s")
            raise VerifyException(f"{self.name}: {rule.text} ({rule.source})")


@irdl_op_definition
class SyncAllOp(IRDLOperation):
    """``SyncAll<true>()``: the hard barrier across every core of the launch (asc-devkit
    ``docs/zh/api/SIMD-API/基础API/同步控制/核间同步/SyncAll.md``): each core drains its pipes
    (PIPE_ALL), then waits until every core of the launch has arrived. A kernel holding one is
    declared ``__mix__(0, 1)`` (the printer's ``kernel_type``) and launches at most as many
    blocks as the chip has cores (both rules of the doc's 约束说明; the simulator refuses a
    launch that breaks either). Only in a kernel's own body: a VF function cannot wait.

    ``ascendc.sync_all``"""

    name = "ascendc.sync_all"
    traits = traits_def(*READS_WRITES)
    assembly_format = "attr-dict"

    def verify_(self) -> None:
        parent = self.parent_op()
        while parent is not None and not isinstance(parent, (KernelOp, _FunctionOp)):
            parent = parent.parent_op()
        if not isinstance(parent, KernelOp):
            raise VerifyException(f"{self.name}: only in a kernel's body, not in a VF function")


@irdl_op_definition
class SyncOp(IRDLOperation):
    """``SetFlag<E>(id); WaitFlag<E>(id);`` with an id from ``FetchEventID(E)``.

    ``ascendc.sync<MTE2_V>``"""

    name = "ascendc.sync"
    event = prop_def(HardEventAttr)
    traits = traits_def(*READS_WRITES)
    assembly_format = "`<` $event `>` attr-dict"


@irdl_op_definition
class AllocEventOp(IRDLOperation):
    """``GetTPipePtr()->AllocEventID<E>()``: an event id held by the kernel until released
    (double-buffered tile loops hand tiles between pipes with one id per buffer slot).

    ``%e = ascendc.alloc_event<V_MTE2>``"""

    name = "ascendc.alloc_event"
    event = prop_def(HardEventAttr)
    result = result_def(i64)
    traits = traits_def(*READS_WRITES)
    assembly_format = "`<` $event `>` attr-dict"


class _EventIdOp(IRDLOperation):
    event = prop_def(HardEventAttr)
    id = operand_def(i64)
    traits = traits_def(*READS_WRITES)
    assembly_format = "`<` $event `>` $id attr-dict"


@irdl_op_definition
class ReleaseEventOp(_EventIdOp):
    """``GetTPipePtr()->ReleaseEventID<E>(id)``.

    ``ascendc.release_event<V_MTE2> %e``"""

    name = "ascendc.release_event"


@irdl_op_definition
class SetFlagOp(_EventIdOp):
    """``SetFlag<E>(id)``: the source pipe of ``E`` signals event ``id`` once its work issued
    so far is done.

    ``ascendc.set_flag<V_MTE2> %e``"""

    name = "ascendc.set_flag"


@irdl_op_definition
class WaitFlagOp(_EventIdOp):
    """``WaitFlag<E>(id)``: the destination pipe of ``E`` waits for event ``id``.

    ``ascendc.wait_flag<V_MTE2> %e``"""

    name = "ascendc.wait_flag"


# =============================================================== register level


class RegOp(IRDLOperation):
    """A register-level op (``AscendC::Reg``), only valid inside a ``__simd_vf__``
    function. Register compute is ``Pure``; loads read and stores write UB."""

    API: ClassVar[str] = ""
    traits = traits_def(Inside(SimdVfOp))
    custom_directives = syntax.DIRECTIVES

    def verify_(self) -> None:
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
    """``uint32_t c = remaining; MaskReg m = UpdateMask<T>(c);`` (first min(c, VL/sizeof(T)) lanes).

    ``%mask = ascendc.reg.update_mask<f32> %remaining``"""

    name = "ascendc.reg.update_mask"
    traits = traits_def(Pure())
    remaining = operand_def(i64)
    dtype = prop_def(Attribute)
    result = result_def(MaskType())
    assembly_format = "`<` $dtype `>` $remaining attr-dict"

    def verify_types(self) -> None:
        if not is_element_type(self.dtype):
            raise VerifyException(f"ascendc.reg.update_mask: {self.dtype} is not an element type")


@irdl_op_definition
class CreateMaskOp(RegOp):
    """``MaskReg m = CreateMask<T, MaskPattern::pattern>();``

    ``%mask = ascendc.reg.create_mask<f32, ALL>``"""

    name = "ascendc.reg.create_mask"
    traits = traits_def(Pure())
    dtype = prop_def(Attribute)
    pattern = prop_def(MaskPatternAttr)
    result = result_def(MaskType())
    assembly_format = "`<` $dtype `,` $pattern `>` attr-dict"

    def verify_types(self) -> None:
        if not is_element_type(self.dtype):
            raise VerifyException(f"ascendc.reg.create_mask: {self.dtype} is not an element type")


@irdl_op_definition
class RegLoadOp(RegOp):
    """``LoadAlign<T, LoadDist::dist>(r, ptr + offset)``; UNPACK distributions spread a narrow
    tensor over the slots of a wider loop dtype (``target.registers``).

    ``%r = ascendc.reg.load<DIST_UNPACK_B16> %p[%i] : !ascendc.ubptr<f16> -> !ascendc.reg<f16>``"""

    name = "ascendc.reg.load"
    ptr = operand_def(UbPtrType)
    offset = operand_def(i64)
    dist = opt_prop_def(LoadDistAttr)
    """Absent: DIST_NORM."""
    result = result_def(RegType)
    traits = traits_def(MemoryReadEffect())
    assembly_format = "(`<` $dist^ `>`)? $ptr `[` $offset `]` attr-dict `:` type($ptr) `->` type($result)"

    @property
    def distribution(self) -> str:
        return self.dist.data.value if self.dist is not None else LoadDist.DIST_NORM.value

    def verify_types(self) -> None:
        same_elements(self, [self.ptr, self.result], "pointer/register")
        brc = {v: k for k, v in BROADCAST_LOAD.items()}.get(self.distribution)
        if brc is not None and element_bytes(elem(self.ptr)) != brc:
            raise VerifyException(
                f"ascendc.reg.load: {self.distribution} loads one {8 * brc}-bit element, "
                f"the pointer holds {elem(self.ptr)} (LoadAlign, LoadDist table)"
            )


@irdl_op_definition
class RegStoreOp(RegOp):
    """``StoreAlign<T, StoreDist::dist>(ptr + offset, r, mask)``; PACK distributions write the
    low part of each slot densely.

    ``ascendc.reg.store %p[%i], %r, %mask : !ascendc.ubptr<f32>, !ascendc.reg<f32>``"""

    name = "ascendc.reg.store"
    ptr = operand_def(UbPtrType)
    offset = operand_def(i64)
    value = operand_def(RegType)
    mask = operand_def(MaskType())
    dist = opt_prop_def(StoreDistAttr)
    """Absent: DIST_NORM."""
    traits = traits_def(MemoryWriteEffect())
    assembly_format = "(`<` $dist^ `>`)? $ptr `[` $offset `]` `,` $value `,` $mask attr-dict `:` type($ptr) `,` type($value)"

    @property
    def distribution(self) -> str:
        return self.dist.data.value if self.dist is not None else StoreDist.DIST_NORM.value

    def verify_types(self) -> None:
        same_elements(self, [self.ptr, self.value], "pointer/register")


class RegBinaryOp(RegOp):
    """``%r = ascendc.reg.add %a, %b, %mask : !ascendc.reg<f32>``"""

    traits = traits_def(Pure())

    lhs = operand_def(RegType)
    rhs = operand_def(RegType)
    mask = operand_def(MaskType())
    result = result_def(RegType)
    assembly_format = (
        "$lhs `,` $rhs `,` $mask attr-dict `:` custom<SameTypes3>(type($lhs), type($rhs), type($result))"
    )

    def verify_types(self) -> None:
        same_elements(self, [self.lhs, self.rhs, self.result], "register")


class RegScalarOp(RegOp):
    """``%r = ascendc.reg.adds %x, %s, %mask : !ascendc.reg<f32>, f32``"""

    traits = traits_def(Pure())

    src = operand_def(RegType)
    scalar = operand_def()
    mask = operand_def(MaskType())
    result = result_def(RegType)
    assembly_format = "$src `,` $scalar `,` $mask attr-dict `:` custom<SameTypes2>(type($src), type($result)) `,` type($scalar)"

    def verify_types(self) -> None:
        same_elements(self, [self.src, self.result], "register")
        if not scalar_matches(self.scalar.type, elem(self.src)):
            raise VerifyException(
                f"{self.name}: scalar is {self.scalar.type} but the register holds {elem(self.src)}"
            )


class RegUnaryOp(RegOp):
    """``%r = ascendc.reg.exp %x, %mask : !ascendc.reg<f32>``"""

    traits = traits_def(Pure())

    src = operand_def(RegType)
    mask = operand_def(MaskType())
    result = result_def(RegType)
    assembly_format = "$src `,` $mask attr-dict `:` custom<SameTypes2>(type($src), type($result))"

    def verify_types(self) -> None:
        same_elements(self, [self.src, self.result], "register")


def _reg(base: type, name: str, api: str) -> type:
    cls = type(
        "Reg" + api + "Op", (base,), {"name": name, "API": api, "__annotations__": {"API": ClassVar[str]}}
    )
    cls.__doc__ = f"``AscendC::Reg::{api}`` (register level, ZEROING merge): {base.__doc__}"
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
# math ops (issue 19)
RegLnOp = _reg(RegUnaryOp, "ascendc.reg.ln", "Ln")
RegLog2Op = _reg(RegUnaryOp, "ascendc.reg.log2", "Log2")
RegLeakyReluOp = _reg(RegScalarOp, "ascendc.reg.leaky_relu", "LeakyRelu")
# rounding, bitwise and shift ops (issue 19)
RegAndOp = _reg(RegBinaryOp, "ascendc.reg.and", "And")
RegOrOp = _reg(RegBinaryOp, "ascendc.reg.or", "Or")
RegXorOp = _reg(RegBinaryOp, "ascendc.reg.xor", "Xor")
RegNotOp = _reg(RegUnaryOp, "ascendc.reg.not", "Not")


class RegShiftOp(RegOp):
    """``ShiftLeft(dst, src0, src1, mask)``: ``src1`` holds the shift counts, the signed
    type of the shifted width (Reg ShiftLeft.md 表3).

    ``%r = ascendc.reg.shift_left %a, %n, %mask : !ascendc.reg<ui32>, !ascendc.reg<i32> -> !ascendc.reg<ui32>``"""

    traits = traits_def(Pure())
    lhs = operand_def(RegType)
    rhs = operand_def(RegType)
    mask = operand_def(MaskType())
    result = result_def(RegType)
    assembly_format = "$lhs `,` $rhs `,` $mask attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)"

    def verify_types(self) -> None:
        same_elements(self, [self.lhs, self.result], "register")
        _shift_count_ok(self, elem(self.lhs), elem(self.rhs))


RegShiftLeftOp = _reg(RegShiftOp, "ascendc.reg.shift_left", "ShiftLeft")
RegShiftRightOp = _reg(RegShiftOp, "ascendc.reg.shift_right", "ShiftRight")


@irdl_op_definition
class RegTruncateOp(RegOp):
    """``Truncate<T, RoundMode::mode>(dst, src, mask)`` (Reg Truncate.md).

    ``%r = ascendc.reg.truncate<CAST_RINT> %x, %mask : !ascendc.reg<f32>``"""

    name = "ascendc.reg.truncate"
    API: ClassVar[str] = "Truncate"
    traits = traits_def(Pure())
    src = operand_def(RegType)
    mask = operand_def(MaskType())
    round = prop_def(RoundModeAttr)
    result = result_def(RegType)
    assembly_format = (
        "`<` $round `>` $src `,` $mask attr-dict `:` custom<SameTypes2>(type($src), type($result))"
    )

    def verify_types(self) -> None:
        same_elements(self, [self.src, self.result], "register")
        _truncate_mode_ok(self)


@irdl_op_definition
class RegReinterpretOp(RegOp):
    """``(RegTensor<U>&)r``: the same register seen as another element type of the same width
    (as the devkit's own register code does, e.g. impl/adv_api/detail/activation/softmax/
    regbase/l300/softmax_common_impl.h).

    ``%u = ascendc.reg.reinterpret %r : !ascendc.reg<i32> -> !ascendc.reg<ui32>``"""

    name = "ascendc.reg.reinterpret"
    traits = traits_def(Pure())
    src = operand_def(RegType)
    result = result_def(RegType)
    assembly_format = "$src attr-dict `:` type($src) `->` type($result)"

    def verify_types(self) -> None:
        if element_bytes(elem(self.src)) != element_bytes(elem(self.result)):
            raise VerifyException("ascendc.reg.reinterpret: element types must have the same width")


@irdl_op_definition
class RegDuplicateOp(RegOp):
    """``Duplicate(r, scalar, mask)``.

    ``%r = ascendc.reg.duplicate %s, %mask : f32 -> !ascendc.reg<f32>``"""

    name = "ascendc.reg.duplicate"
    traits = traits_def(Pure())
    API: ClassVar[str] = "Duplicate"
    scalar = operand_def()
    mask = operand_def(MaskType())
    result = result_def(RegType)
    assembly_format = "$scalar `,` $mask attr-dict `:` type($scalar) `->` type($result)"

    def verify_types(self) -> None:
        if not scalar_matches(self.scalar.type, elem(self.result)):
            raise VerifyException("ascendc.reg.duplicate: scalar and register element types differ")


@irdl_op_definition
class RegArangeOp(RegOp):
    """``Arange(r, start)``: lane i holds start + i.

    ``%r = ascendc.reg.arange %start : i32 -> !ascendc.reg<i32>``"""

    name = "ascendc.reg.arange"
    traits = traits_def(Pure())
    API: ClassVar[str] = "Arange"
    start = operand_def()
    result = result_def(RegType)
    assembly_format = "$start attr-dict `:` type($start) `->` type($result)"

    def verify_types(self) -> None:
        if not scalar_matches(self.start.type, elem(self.result)):
            raise VerifyException("ascendc.reg.arange: start and register element types differ")


@irdl_op_definition
class RegComparesOp(RegOp):
    """``Compares<T, CMPMODE::mode>(m, r, scalar, mask)``.

    ``%m = ascendc.reg.compares<LT> %x, %s, %mask : !ascendc.reg<f32>, f32``"""

    name = "ascendc.reg.compares"
    traits = traits_def(Pure())
    API: ClassVar[str] = "Compares"
    src = operand_def(RegType)
    scalar = operand_def()
    mask = operand_def(MaskType())
    mode = prop_def(CmpModeAttr)
    result = result_def(MaskType())
    assembly_format = "`<` $mode `>` $src `,` $scalar `,` $mask attr-dict `:` type($src) `,` type($scalar)"

    def verify_types(self) -> None:
        if not scalar_matches(self.scalar.type, elem(self.src)):
            raise VerifyException("ascendc.reg.compares: scalar and register element types differ")


@irdl_op_definition
class RegCompareOp(RegOp):
    """``Compare<T, CMPMODE::mode>(m, a, b, mask)``.

    ``%m = ascendc.reg.compare<EQ> %a, %b, %mask : !ascendc.reg<f32>``"""

    name = "ascendc.reg.compare"
    traits = traits_def(Pure())
    API: ClassVar[str] = "Compare"
    lhs = operand_def(RegType)
    rhs = operand_def(RegType)
    mask = operand_def(MaskType())
    mode = prop_def(CmpModeAttr)
    result = result_def(MaskType())
    assembly_format = (
        "`<` $mode `>` $lhs `,` $rhs `,` $mask attr-dict `:` custom<SameTypes2>(type($lhs), type($rhs))"
    )

    def verify_types(self) -> None:
        same_elements(self, [self.lhs, self.rhs], "register")


@irdl_op_definition
class RegSelectOp(RegOp):
    """``Select(dst, src0, src1, sel)``: sel lane set -> src0.

    ``%r = ascendc.reg.select %a, %b, %sel : !ascendc.reg<f32>``"""

    name = "ascendc.reg.select"
    traits = traits_def(Pure())
    API: ClassVar[str] = "Select"
    src0 = operand_def(RegType)
    src1 = operand_def(RegType)
    sel = operand_def(MaskType())
    result = result_def(RegType)
    assembly_format = (
        "$src0 `,` $src1 `,` $sel attr-dict `:` custom<SameTypes3>(type($src0), type($src1), type($result))"
    )

    def verify_types(self) -> None:
        same_elements(self, [self.src0, self.src1, self.result], "register")


@irdl_op_definition
class RegCastOp(RegOp):
    """``Cast<D, S, trait>(dst, src, mask)``; between widths with ``RegLayout::ZERO`` (the
    narrow value at the start of its slot), only for the pairs of the Cast table.

    ``%h = ascendc.reg.cast<CAST_RINT> %x, %mask : !ascendc.reg<f32> -> !ascendc.reg<f16>``"""

    name = "ascendc.reg.cast"
    traits = traits_def(Pure())
    src = operand_def(RegType)
    mask = operand_def(MaskType())
    round = prop_def(RoundModeAttr)
    result = result_def(RegType)
    assembly_format = "`<` $round `>` $src `,` $mask attr-dict `:` type($src) `->` type($result)"

    def verify_types(self) -> None:
        s, d = elem(self.src), elem(self.result)
        if not reg_cast_supported(element_cname(s), element_cname(d)):
            raise VerifyException(
                f"ascendc.reg.cast: {element_cname(s)} -> {element_cname(d)} is not a register-level "
                "Cast of arch 3510; cast at memory level"
            )


# ==================================================================== SIMT level


class SimtOp(IRDLOperation):
    """An op of a ``__simt_vf__`` function only."""

    traits = traits_def(Inside(SimtVfOp))

    def verify_(self) -> None:
        self.verify_types()

    def verify_types(self) -> None:
        pass


@irdl_op_definition
class ThreadIdxOp(SimtOp):
    """``AscendC::Simt::GetThreadIdx<0>()``.

    ``%tid = ascendc.simt.thread_idx``"""

    name = "ascendc.simt.thread_idx"
    traits = traits_def(Pure())
    result = result_def(i64)
    assembly_format = "attr-dict"


@irdl_op_definition
class ThreadNumOp(SimtOp):
    """``AscendC::Simt::GetThreadNum<0>()``.

    ``%n = ascendc.simt.thread_num``"""

    name = "ascendc.simt.thread_num"
    traits = traits_def(Pure())
    result = result_def(i64)
    assembly_format = "attr-dict"


@irdl_op_definition
class GmLoadOp(SimtOp):
    """``af::GmLoad(ptr, index)`` (a plain GM read; bounds-checked on the simulator).

    ``%v = ascendc.simt.gm_load %x[%i] : !ascendc.gmptr<f32> -> f32``"""

    name = "ascendc.simt.gm_load"
    ptr = operand_def(GmPtrType)
    index = operand_def(i64)
    result = result_def()
    traits = traits_def(MemoryReadEffect())
    assembly_format = "$ptr `[` $index `]` attr-dict `:` type($ptr) `->` type($result)"

    def verify_types(self) -> None:
        if self.result.type != elem(self.ptr):
            raise VerifyException("ascendc.simt.gm_load: result and pointer element types differ")


@irdl_op_definition
class GmStoreOp(SimtOp):
    """``af::GmStore(ptr, index, value)``.

    ``ascendc.simt.gm_store %out[%i], %v : !ascendc.gmptr<f32>, f32``"""

    name = "ascendc.simt.gm_store"
    ptr = operand_def(GmPtrType)
    index = operand_def(i64)
    value = operand_def()
    traits = traits_def(MemoryWriteEffect())
    assembly_format = "$ptr `[` $index `]` `,` $value attr-dict `:` type($ptr) `,` type($value)"

    def verify_types(self) -> None:
        if self.value.type != elem(self.ptr):
            raise VerifyException("ascendc.simt.gm_store: value and pointer element types differ")


@irdl_op_definition
class CheckIndexOp(SimtOp):
    """``af::CheckIndex(index, size, what)``: an index the kernel assumes valid (IndirectLoad
    without need_check_bound). A no-op on a device; the simulator reports a violation --
    kept like an assertion (a write).

    ``ascendc.simt.check_index %idx, %size, "IndirectLoad ..."``"""

    name = "ascendc.simt.check_index"
    index = operand_def(i64)
    size = operand_def(i64)
    what = prop_def(StringAttr)
    traits = traits_def(MemoryWriteEffect())
    assembly_format = "$index `,` $size `,` $what attr-dict"
