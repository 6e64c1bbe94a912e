"""One entry per ASCIR op type: what AscendC offers for it on arch 3510.

``OPS`` maps an elementwise, cast, compare, select, broadcast or Arange op type to its
``OpEntry``: the memory-level API (an ``ascendc`` op class on ``LocalTensor``s) and its
tensor-scalar form, the register-level API (an ``ascendc.reg`` op class inside a
``__simd_vf__`` function) and its scalar-operand form, the scalar form used per element
(SIMT, scalar loops: an ``arith`` op per float / signed / unsigned operands, or None), the
``CMPMODE`` of a compare, whether the vector API drops a NaN operand (maxNum semantics,
so the lowerings add a NaN fix-up where torch propagates NaN) and commutativity.
``REDUCTIONS`` does the same for the reductions: the memory-level ``ReduceX``, the
register-level ``Reduce<T>``, the elementwise step that combines partial results (an
entry of ``OPS``), the identity each accumulation starts from and, for the reductions
built from others (Mean, Any, All, ArgMax, ArgMin), which ones
(``passes.decompose_reductions``).

Readers: ``passes.vf_admission`` / ``passes.vf_partition`` (seed 000 FR10, AL-7, AL-9:
which nodes have a register-level form, for which dtypes), ``lowering.graph_lowering``
(memory level), ``lowering.vf_lowering`` (register level), ``lowering.indirect_simd`` and
``lowering.indirect_simt`` (seed 001 FR3/FR4). The per-dtype support of each API is in
``target.support``.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith
from xdsl.ir import Operation

from ascendc_emitter.dialect import ops as ac
from ascendc_emitter.target.support import MEMORY_APIS, REGISTER_APIS, memory_api_supports
from ascendc_emitter.target.types import element_name
from ascir_dialect.attributes import ScalarType
from ascir_dialect.dtypes import DType
from ascir_dialect.lazy import LazyModule
from ascir_dialect.ops import AscirNode
from ascir_dialect.ops import elementwise as ew
from ascir_dialect.ops.math import MATH_OPS
from ascir_dialect.ops.numeric import NUMERIC_OPS
from ascir_dialect.ops.reduce import (
    AllOp,
    AnyOp,
    ArgMaxOp,
    ArgMinOp,
    MaxOp,
    MeanOp,
    MinOp,
    ProdOp,
    ReduceNode,
    SumOp,
)
from ascir_dialect.ops.sources import ArangeOp

np = LazyModule("numpy")


@dataclass(frozen=True)
class ScalarForm:
    """The per-element form of an op: one ``arith`` op for float, signed and unsigned
    integer operands (None where the op has none for that class). ``zero`` is the position
    of an operand the form implies to be 0: ``Neg`` is ``0 - x`` (position 0), ``Relu`` is
    ``max(x, 0)`` (position 1)."""

    on_float: type[Operation] | None = None
    on_signed: type[Operation] | None = None
    on_unsigned: type[Operation] | None = None
    zero: int | None = None

    def op_for(self, dtype: DType) -> type[Operation] | None:
        if dtype.is_float:
            return self.on_float
        return self.on_signed if dtype.is_signed else self.on_unsigned


@dataclass(frozen=True)
class OpEntry:
    """What AscendC offers for one ASCIR op type (see the module doc)."""

    op: type[AscirNode]
    memory: type[ac.VectorOp] | None = None
    """Memory-level API of tensor operands (None: no vector API, a scalar loop)."""
    memory_scalar: type[ac.VectorOp] | None = None
    """Memory-level API taking the (second) operand as a scalar (``Adds``, ``Compares``)."""
    register: type[ac.RegOp] | None = None
    """Register-level API of register operands (None: no register-level form)."""
    register_scalar: type[ac.RegOp] | None = None
    """Register-level API taking the second operand as a scalar."""
    scalar: ScalarForm | None = None
    """Per-element form (SIMT functions); None when there is no single ``arith`` op."""
    compare: str | None = None
    """``AscendC::CMPMODE`` of a compare (memory and register level alike)."""
    drops_nan: bool = False
    """The vector API (memory and register level) returns the number when an operand is NaN
    (IEEE maxNum/minNum, see runtime/sim vector.h) where torch propagates NaN: the
    lowerings add a NaN fix-up for float dtypes."""
    commutative: bool = False
    sequence: bool = False
    """A math or numeric op (issue 19) computed by the steps of ``target.math`` (one API or
    several); float FloorDiv/Remainder too, though their entries keep the integer scalar
    form (``target.math.has_recipe`` decides per node)."""
    implied_scalar: int | None = None
    """The scalar operand the op implies when it is lowered to a tensor-scalar API
    (``Neg`` is ``Muls`` by -1)."""

    def has_register_form(self) -> bool:
        return self.sequence or self.register is not None or self.register_scalar is not None

    def register_with_scalar(self) -> type[ac.RegOp] | None:
        """The register API of a binary op with one scalar operand: the scalar form where
        the op commutes (the scalar goes second, AL-9 MicroBinaryScalar); None where the
        scalar is duplicated into a register for ``register``."""
        return self.register_scalar if self.commutative else None


def _cmp(op: type[AscirNode], mode: str) -> OpEntry:
    return OpEntry(
        op,
        memory=ac.CompareOp,
        memory_scalar=ac.ComparesOp,
        register=ac.RegCompareOp,
        register_scalar=ac.RegComparesOp,
        scalar=ScalarForm(arith.CmpfOp, arith.CmpiOp, arith.CmpiOp),
        compare=mode,
        commutative=mode in ("EQ", "NE"),
    )


_ENTRIES = [
    OpEntry(
        ew.AddOp,
        memory=ac.AddOp,
        memory_scalar=ac.AddsOp,
        register=ac.RegAddOp,
        register_scalar=ac.RegAddsOp,
        scalar=ScalarForm(arith.AddfOp, arith.AddiOp, arith.AddiOp),
        commutative=True,
    ),
    OpEntry(
        ew.SubOp,
        memory=ac.SubOp,
        register=ac.RegSubOp,
        scalar=ScalarForm(arith.SubfOp, arith.SubiOp, arith.SubiOp),
    ),
    OpEntry(
        ew.MulOp,
        memory=ac.MulOp,
        memory_scalar=ac.MulsOp,
        register=ac.RegMulOp,
        register_scalar=ac.RegMulsOp,
        scalar=ScalarForm(arith.MulfOp, arith.MuliOp, arith.MuliOp),
        commutative=True,
    ),
    OpEntry(ew.DivOp, memory=ac.DivOp, register=ac.RegDivOp, scalar=ScalarForm(arith.DivfOp)),
    OpEntry(ew.TrueDivOp, memory=ac.DivOp),  # operands cast to the float result first
    OpEntry(
        ew.MinimumOp,
        memory=ac.MinOp,
        memory_scalar=ac.MinsOp,
        register=ac.RegMinOp,
        register_scalar=ac.RegMinsOp,
        scalar=ScalarForm(arith.MinimumfOp, arith.MinSIOp, arith.MinUIOp),
        drops_nan=True,
        commutative=True,
    ),
    OpEntry(
        ew.MaximumOp,
        memory=ac.MaxOp,
        memory_scalar=ac.MaxsOp,
        register=ac.RegMaxOp,
        register_scalar=ac.RegMaxsOp,
        scalar=ScalarForm(arith.MaximumfOp, arith.MaxSIOp, arith.MaxUIOp),
        drops_nan=True,
        commutative=True,
    ),
    OpEntry(ew.FloorDivOp, scalar=ScalarForm(None, arith.FloorDivSIOp, arith.DivUIOp)),
    OpEntry(ew.RemainderOp),  # Python's floor modulo: composed from several scalar ops
    OpEntry(ew.LogicalAndOp, commutative=True),
    OpEntry(ew.LogicalOrOp, commutative=True),
    OpEntry(ew.LogicalNotOp),
    OpEntry(
        ew.NegOp,
        memory_scalar=ac.MulsOp,
        register_scalar=ac.RegMulsOp,
        scalar=ScalarForm(arith.SubfOp, arith.SubiOp, None, zero=0),
        implied_scalar=-1,
    ),
    OpEntry(ew.AbsOp, memory=ac.AbsOp, register=ac.RegAbsOp),
    OpEntry(ew.ExpOp, memory=ac.ExpOp, register=ac.RegExpOp),
    OpEntry(ew.SqrtOp, memory=ac.SqrtOp, register=ac.RegSqrtOp),
    OpEntry(
        ew.ReluOp,
        memory=ac.ReluOp,
        register=ac.RegReluOp,
        scalar=ScalarForm(arith.MaximumfOp, arith.MaxSIOp, None, zero=1),
        drops_nan=True,
    ),
    _cmp(ew.LtOp, "LT"),
    _cmp(ew.LeOp, "LE"),
    _cmp(ew.GtOp, "GT"),
    _cmp(ew.GeOp, "GE"),
    _cmp(ew.EqOp, "EQ"),
    _cmp(ew.NeOp, "NE"),
    OpEntry(
        ew.WhereOp, memory=ac.SelectOp, register=ac.RegSelectOp, scalar=ScalarForm(*(arith.SelectOp,) * 3)
    ),
    OpEntry(
        ew.SelectOp, memory=ac.SelectOp, register=ac.RegSelectOp, scalar=ScalarForm(*(arith.SelectOp,) * 3)
    ),
    OpEntry(ew.BroadcastOp, memory=ac.DuplicateOp, register=ac.RegDuplicateOp),
    OpEntry(ew.CastOp, memory=ac.CastOp, register=ac.RegCastOp),
    OpEntry(ArangeOp, register=ac.RegArangeOp),  # memory level: SetValue per element
    # math ops (issue 19): the APIs of each step are in target.math (STEP_APIS)
    *(OpEntry(op, sequence=True) for op in MATH_OPS),
    # rounding, sign, classification, bitwise and shift ops (issue 19): target.math
    *(OpEntry(op, sequence=True) for op in NUMERIC_OPS),
]

OPS: dict[type[AscirNode], OpEntry] = {e.op: e for e in _ENTRIES}


def op_entry(op: AscirNode | type[AscirNode]) -> OpEntry | None:
    """The entry of an ASCIR op (instance or type), or None for ops outside the table
    (data, loads, stores, reductions, IndirectLoad, ...)."""
    return OPS.get(op if isinstance(op, type) else type(op))


def ops_where(predicate: object) -> tuple[type[AscirNode], ...]:
    """The op types whose entry satisfies ``predicate`` (an ``OpEntry -> bool``), in table order."""
    return tuple(e.op for e in _ENTRIES if predicate(e))  # type: ignore[operator]


def scalar_predicate(mode: str, dtype: DType) -> str:
    """The ``arith.cmpf`` / ``arith.cmpi`` predicate of a compare mode on ``dtype`` operands:
    ordered float compares (``une`` for NE: true when either side is NaN, as torch),
    signed or unsigned integer compares."""
    pred = mode.lower()
    if dtype.is_float:
        return "une" if pred == "ne" else "o" + pred
    if pred in ("eq", "ne"):
        return pred
    return ("s" if dtype.is_signed else "u") + pred


def memory_dtype(api: type[ac.VectorOp], dtype: DType) -> DType | None:
    """The dtype a memory-level ``api`` call on ``dtype`` tensors runs in on the 950:
    ``dtype`` when the API takes it (``target.support.MEMORY_APIS``); float32 for float16 /
    bfloat16 tensors of an API that takes float but not them (``Div``, ``Relu``, ``Exp``,
    ``Sqrt`` and ``Abs`` of bfloat16): the lowering casts in, computes and rounds once on
    the way back, as torch computes reduced-precision floats; None when the API has
    neither (an integer dtype it lacks: the lowering fails closed)."""
    if memory_api_supports(api.API, element_name(dtype)):
        return dtype
    if dtype.is_float and memory_api_supports(api.API, "float"):
        return DType.float32
    return None


def unsupported(api: type[ac.VectorOp], dtype: DType) -> str:
    """Why ``api`` cannot run on ``dtype`` tensors, citing the table's source."""
    row = MEMORY_APIS.get(api.API)
    where = f" ({row.doc})" if row is not None else ""
    return f"AscendC::{api.API} has no {element_name(dtype)} variant on Ascend 950{where}"


# ------------------------------------------------------------------ reductions


@dataclass(frozen=True)
class ReductionEntry:
    """A keep-dim reduction: its APIs, the elementwise step that combines partial results
    (an entry of ``OPS``, with that entry's APIs, scalar form and NaN behaviour) and the
    register-level ``Reduce<T>`` type. ``ReduceMax``/``ReduceMin`` return NaN when an input
    is NaN (Reg矢量计算/归约计算/Reduce.md, which the memory-level ones are built on):
    only the combine step needs the NaN fix-up.

    ``memory`` None: no basic-API ReduceX (Prod: the lanes of the accumulator are
    multiplied by a scalar loop). ``via`` non-empty: the reduction is rewritten by
    ``passes.decompose_reductions`` into these reductions and elementwise nodes before
    scheduling, so the lowerings never see it; its APIs are those of ``via``."""

    op: type[ReduceNode]
    memory: type[ac.ReduceVectorOp] | None
    register: str | None
    combine: type[ew.ElementwiseNode]
    via: tuple[type[ReduceNode], ...] = ()
    order_sensitive: bool = False
    """A float accumulation whose rounding error grows with the length of one sequential
    order of combines (Sum): every schedule that combines many partial results accumulates
    them in torch's cascade (``lowering.cascade``), never one after another. Max/Min are
    exact in any order; a product's relative error grows with the count whatever the order."""

    @property
    def combine_entry(self) -> OpEntry:
        return OPS[self.combine]

    @property
    def decomposed(self) -> bool:
        return bool(self.via)


REDUCTIONS: dict[type[ReduceNode], ReductionEntry] = {
    SumOp: ReductionEntry(SumOp, ac.ReduceSumOp, "Reduce<SUM>", ew.AddOp, order_sensitive=True),
    MaxOp: ReductionEntry(MaxOp, ac.ReduceMaxOp, "Reduce<MAX>", ew.MaximumOp),
    MinOp: ReductionEntry(MinOp, ac.ReduceMinOp, "Reduce<MIN>", ew.MinimumOp),
    # reductions (issue 19)
    # Prod: the basic API has no ReduceProd (the advanced ReduceProd, 高阶API/归约操作/
    # ReduceProd接口/ReduceProd.md, is float-only with AR/RA patterns and a shape array),
    # so partial products are Mul steps and the last horizontal product a scalar loop.
    ProdOp: ReductionEntry(ProdOp, None, None, ew.MulOp),
    # Mean: Sum (float32 accumulation) divided by the count of reduced elements, an
    # IndexExpr of the (symbolic) reduced sizes evaluated by host tiling at run time.
    MeanOp: ReductionEntry(MeanOp, ac.ReduceSumOp, "Reduce<SUM>", ew.AddOp, via=(SumOp,)),
    # Any / All: Max / Min of the mask as float16 (exact for 0..255; ReduceMax/Min have
    # no 8-bit variant), then != 0.
    AnyOp: ReductionEntry(AnyOp, ac.ReduceMaxOp, "Reduce<MAX>", ew.MaximumOp, via=(MaxOp,)),
    AllOp: ReductionEntry(AllOp, ac.ReduceMinOp, "Reduce<MIN>", ew.MinimumOp, via=(MinOp,)),
    # ArgMax / ArgMin: the extreme (NaN-propagating Max / Min), then the Min of the flat
    # positions where the value equals it (or is NaN): the first position wins ties.
    ArgMaxOp: ReductionEntry(ArgMaxOp, ac.ReduceMaxOp, "Reduce<MAX>", ew.MaximumOp, via=(MaxOp, MinOp)),
    ArgMinOp: ReductionEntry(ArgMinOp, ac.ReduceMinOp, "Reduce<MIN>", ew.MinimumOp, via=(MinOp, MinOp)),
}


def reduction(op: ReduceNode | type[ReduceNode]) -> ReductionEntry:
    return REDUCTIONS[op if isinstance(op, type) else type(op)]


_IDENTITY_ONE = (ProdOp, AllOp)
_IDENTITY_ZERO = (SumOp, MeanOp, AnyOp)
_LOWEST_FIRST = (MaxOp, ArgMaxOp)


def reduction_identity(op: ReduceNode | type[ReduceNode], dtype: DType) -> int | float:
    """The value a reduction over ``dtype`` starts from (the neutral element of its combine
    step), as the value of an ``arith`` constant of ``target.types.scalar_type(dtype)``:
    arith integers are signless, so the uint64 maximum is written as its two's-complement
    bits (-1). Prod and All start from 1, Sum, Mean and Any from 0, Max and ArgMax from
    the lowest value, Min and ArgMin from the highest."""
    kind = op if isinstance(op, type) else type(op)
    if kind in _IDENTITY_ZERO:
        return 0
    if kind in _IDENTITY_ONE:
        return 1
    if dtype.is_float:
        return float("-inf") if kind in _LOWEST_FIRST else float("inf")
    info = np.iinfo(dtype.numpy)
    value = int(info.min) if kind in _LOWEST_FIRST else int(info.max)
    return value - (1 << 64) if value > 2**63 - 1 else value


# --------------------------------------------------------- register-level use


def register_apis(n: AscirNode) -> list[tuple[str, DType]]:
    """The ``AscendC::Reg`` APIs (and element dtypes) the VF lowering of ``n`` calls
    (``lowering.vf_lowering`` builds exactly these from the same entries); VF admission
    checks them against ``target.support.REGISTER_APIS`` (seed 000 FR10). Casts are checked
    against the Cast table instead; ops without a register-level form call nothing."""
    entry = op_entry(n)
    if entry is None or isinstance(n, ew.CastOp):
        return []
    t = n.result_tensor().dtype
    if uses_recipe(n):
        from ascendc_emitter.target.math import recipe_dtype

        return [(api.API, recipe_dtype(n)) for api in math_register_apis(n)]
    stored = DType.uint8 if t is DType.bool else t  # a bool register value is uint8 lanes
    if isinstance(n, ArangeOp):
        # Reg::Arange numbers the lanes; an Arange narrower than the loop dtype divides the
        # lane number by the slot ratio, then scales and offsets it (VfCodegen._arange).
        return [(api.API, t) for api in (ac.RegArangeOp, ac.RegDivOp, ac.RegMulsOp, ac.RegAddsOp)]
    if isinstance(n, (ew.BroadcastOp, ew.SelectNode)):
        return [(entry.register.API, stored)]  # type: ignore[union-attr]
    if isinstance(n, ew.CompareNode):
        api = entry.register_scalar if isinstance(n.x2.type, ScalarType) else entry.register
        return [(api.API, n.x1.type.dtype)]  # type: ignore[union-attr]
    if entry.implied_scalar is not None:
        return [(entry.register_scalar.API, t)]  # type: ignore[union-attr]
    if not any(isinstance(v.type, ScalarType) for v in n.operands):
        return [] if entry.register is None else [(entry.register.API, t)]
    if (api := entry.register_with_scalar()) is not None:
        return [(api.API, t)]
    return [(ac.RegDuplicateOp.API, t), (entry.register.API, t)]  # type: ignore[union-attr]


def uses_recipe(n: AscirNode) -> bool:
    """Whether ``n`` is computed by the steps of ``target.math`` (math and numeric ops, float
    FloorDiv/Remainder)."""
    from ascendc_emitter.target.math import has_recipe

    entry = op_entry(n)
    return entry is not None and (entry.sequence or has_recipe(n))


def math_register_apis(n: AscirNode) -> list[type[ac.RegOp]]:
    """The register APIs of the steps of a math op, in order (``target.math``)."""
    from ascendc_emitter.target.math import register_recipe

    return [REGISTER_STEP_APIS[(s.kind, s.mode is not None)] for s in register_recipe(n) or []]


REGISTER_STEP_APIS: dict[tuple[str, bool], type[ac.RegOp]] = {
    ("exp", False): ac.RegExpOp,
    ("ln", False): ac.RegLnOp,
    ("log2", False): ac.RegLog2Op,
    ("sqrt", False): ac.RegSqrtOp,
    ("abs", False): ac.RegAbsOp,
    ("add", False): ac.RegAddOp,
    ("sub", False): ac.RegSubOp,
    ("mul", False): ac.RegMulOp,
    ("div", False): ac.RegDivOp,
    ("max", False): ac.RegMaxOp,
    ("min", False): ac.RegMinOp,
    ("adds", False): ac.RegAddsOp,
    ("muls", False): ac.RegMulsOp,
    ("mins", False): ac.RegMinsOp,
    ("leaky", False): ac.RegLeakyReluOp,
    ("const", False): ac.RegDuplicateOp,
    ("cmp", True): ac.RegCompareOp,
    ("cmps", True): ac.RegComparesOp,
    ("select", False): ac.RegSelectOp,
    ("trunc", True): ac.RegTruncateOp,
    ("and", False): ac.RegAndOp,
    ("or", False): ac.RegOrOp,
    ("xor", False): ac.RegXorOp,
    ("not", False): ac.RegNotOp,
    ("shl", False): ac.RegShiftLeftOp,
    ("shr", False): ac.RegShiftRightOp,
}
"""Register API of each math step kind (key: kind, whether it has a compare mode)."""
MEMORY_STEP_APIS: dict[str, type[ac.VectorOp]] = {
    "exp": ac.ExpOp,
    "ln": ac.LnOp,
    "sqrt": ac.SqrtOp,
    "abs": ac.AbsOp,
    "rsqrt": ac.RsqrtOp,
    "recip": ac.ReciprocalOp,
    "add": ac.AddOp,
    "sub": ac.SubOp,
    "mul": ac.MulOp,
    "div": ac.DivOp,
    "max": ac.MaxOp,
    "min": ac.MinOp,
    "adds": ac.AddsOp,
    "muls": ac.MulsOp,
    "mins": ac.MinsOp,
    "leaky": ac.LeakyReluOp,
    "const": ac.DuplicateOp,
    "cmp": ac.CompareOp,
    "cmps": ac.ComparesOp,
    "select": ac.SelectOp,
    "trunc": ac.TruncateOp,
    "and": ac.AndOp,
    "or": ac.OrOp,
    "not": ac.NotOp,
    "shl": ac.ShiftLeftOp,
    "shr": ac.ShiftRightOp,
}
"""Memory-level API of each math step kind."""


def _check_tables() -> None:
    """Every register API the table names has a support row (import-time consistency)."""
    names = {e.register.API for e in _ENTRIES if e.register is not None and e.register is not ac.RegCastOp}
    names |= {e.register_scalar.API for e in _ENTRIES if e.register_scalar is not None}
    names |= {r.register for r in REDUCTIONS.values() if r.register is not None}
    names |= {api.API for api in REGISTER_STEP_APIS.values()}
    missing = names - set(REGISTER_APIS)
    if missing:  # pragma: no cover - a table edit without its support row
        raise ValueError(f"register APIs without a support row: {sorted(missing)}")


_check_tables()
