"""Typed pass options: a bad value is an error when the pipeline is parsed, not a string
that some later stage may or may not look at.

xDSL builds a ``ModulePass`` from ``-p name{option=value}`` by converting each value to
the dataclass field's annotation (``xdsl.utils.arg_spec``): ``bool`` fields take
``true``/``false``, ``str`` fields any string, and ``Literal[...]`` fields one of their
values -- but its message for a wrong one is ``Incompatible types: given ('bogus',),
expected typing.Literal[...]``. :class:`TypedOptions` checks every field against its
annotation with a message naming the pass, the option and the allowed values, both in
``from_spec`` (``ascir-opt -p``) and in ``__post_init__`` (a pass built in Python); the
drivers (``compile_graph``, ``AutofuserOptions``, ``ascir-run``) check their
options with the same functions and the same value lists.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, ClassVar, Literal, get_args, get_origin, get_type_hints

from xdsl.utils.arg_spec import ArgSpec

from ascir_dialect.diagnostics import AscirArgumentError, AscirTypeError

TemplateName = Literal["", "simd", "simt", "sklike"]
"""IndirectLoad templates a pipeline may force ("": host tiling chooses by the FR6 scores)."""
TemplatePolicy = Literal["measured", "seed-fr6"]
"""How host tiling picks an IndirectLoad template from the FR6 scores: "measured" (the
default: the rules with the lower regret in ``bench/indirect_load.py``) or "seed-fr6"
(seed 001 FR6's table as written: SK-like whenever the outer extent is too small for the
cores, even where SIMT could take the graph)."""
MaskMode = Literal["loop", "per-op"]
"""VF mask modes: "loop" (AL-7, the loop dtype) or "per-op" (debug: the pre-AL-7 defect)."""

TEMPLATES: tuple[str, ...] = get_args(TemplateName)
TEMPLATE_POLICIES: tuple[str, ...] = get_args(TemplatePolicy)
MASK_MODES: tuple[str, ...] = get_args(MaskMode)


class PassOptionError(AscirArgumentError):
    """A pass option with a value of the wrong type or outside its allowed values."""

    def __init__(self, message: str, pass_name: str = "", option: str = ""):
        super().__init__(message)
        self.pass_name = pass_name
        self.option = option


def spell(value: object) -> str:
    """``value`` as it is written in a pipeline: strings quoted, booleans true/false."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, tuple):
        return ", ".join(spell(v) for v in value) if value else "(no value)"
    return repr(value)


def check_choice(owner: str, option: str, value: object, allowed: tuple[str, ...]) -> str:
    """``value`` if it is one of ``allowed`` (strings), else an error listing them."""
    if not isinstance(value, str) or value not in allowed:
        raise PassOptionError(
            f"{owner}: option {option} must be one of {', '.join(spell(a) for a in allowed)}, "
            f"got {spell(value)}",
            owner,
            option,
        )
    return value


def check_bool(owner: str, option: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise PassOptionError(
            f"{owner}: option {option} must be true or false, got {spell(value)}", owner, option
        )
    return value


def check_str(owner: str, option: str, value: object) -> str:
    if not isinstance(value, str):
        raise AscirTypeError(f"{owner}: option {option} must be a string, got {spell(value)}")
    return value


def check_value(owner: str, option: str, hint: Any, value: object) -> object:
    """Check ``value`` against a field annotation (bool, str, int, Literal of strings)."""
    if get_origin(hint) is Literal:
        return check_choice(owner, option, value, get_args(hint))
    if hint is bool:
        return check_bool(owner, option, value)
    if hint is str:
        if not isinstance(value, str):
            raise PassOptionError(
                f"{owner}: option {option} must be a string, got {spell(value)}", owner, option
            )
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise PassOptionError(
                f"{owner}: option {option} must be an integer, got {spell(value)}", owner, option
            )
        return value
    raise AssertionError(f"{owner}: option {option} has an unsupported annotation {hint!r}")


class TypedOptions:
    """Mixin for ``ModulePass`` dataclasses (list it first): every option is checked against
    its annotation -- ``bool``, ``str``, ``int`` or ``Literal["a", "b"]``."""

    name: ClassVar[str]

    def __post_init__(self) -> None:
        hints = get_type_hints(type(self))
        for f in _options(type(self)):
            check_value(self.name, f.name, hints[f.name], getattr(self, f.name))

    @classmethod
    def from_spec(cls, spec: ArgSpec) -> Any:
        hints = get_type_hints(cls)
        known = [f.name for f in _options(cls)]
        for option, values in spec.normalize_parameter_names().parameters.items():
            if option not in known:
                raise PassOptionError(
                    f"{cls.name}: unknown option {option} (options: {', '.join(known) or 'none'})",
                    cls.name,
                    option,
                )
            if len(values) != 1:
                raise PassOptionError(
                    f"{cls.name}: option {option} takes one value, got {spell(tuple(values))}",
                    cls.name,
                    option,
                )
            check_value(cls.name, option, hints[option], values[0])
        return super().from_spec(spec)  # type: ignore[misc]


@dataclasses.dataclass(frozen=True)
class CompileOptions:
    """Every option that changes the generated code, in one frozen value: built once by a
    driver (``compile_graph``, ``ascir-run``, ``Autofuser``, the ``autofuse`` pass), checked
    once here, threaded unchanged from the pipeline to the lowering, and hashed whole into
    the graph and kernel cache keys (:meth:`key`). The defaults here are the only ones:
    the pass options and the drivers' keyword defaults read them from :data:`DEFAULTS`.

    ``platform`` is the target the kernel is planned for (``ascendc_emitter.target.platform``:
    the 950 with the user's ``set_platform`` core count and UB size); None takes the current
    selection when the options are built, so a value never changes after it."""

    vf: bool = True
    """Register-level ``__simd_vf__`` functions (DS-3/AL-7); False: the root-graph path."""
    mask_mode: MaskMode = "loop"
    """VF masks: "loop" (AL-7, the loop dtype) or "per-op" (debug: the pre-AL-7 defect)."""
    template: TemplateName = ""
    """IndirectLoad graphs: keep only this template's case ("": host tiling chooses)."""
    kernel: str = ""
    """The kernel's name ("": ``autofuse_<graph>``), mapped to a C++ identifier."""
    double_buffer: bool = True
    """Double-buffered tile loops (False: every tile drains the pipes before the next)."""
    template_policy: TemplatePolicy = "measured"
    """IndirectLoad graphs: how host tiling picks the template (``TemplatePolicy``)."""
    row_cache: bool = True
    """The STREAMING schedule keeps a row's chunks in UB from the first pass that loads them
    to the last that reads them, where they fit (``KernelPlan.cached_loads``); False: every
    pass reads the row from GM again."""
    online_softmax: bool = True
    """The STREAMING and SPLIT schedules compute softmax's sum of ``exp(x - max)`` in the
    max's pass, against a running max (``lowering.plan.online_sums``): a row is read twice,
    not three times; False: a pass for the max, then one for the sum (torch's rounding of
    the sum to the bit, as the RESIDENT schedule always has it)."""
    platform: Any = None
    """``ascendc_emitter.target.platform.Platform``; None: the current selection."""

    OWNER: ClassVar[str] = "compile options"

    def __post_init__(self) -> None:
        hints = get_type_hints(CompileOptions)
        for f in dataclasses.fields(self):
            if f.name != "platform":
                check_value(self.OWNER, f.name, hints[f.name], getattr(self, f.name))
        from ascendc_emitter.target.platform import Platform, current

        if self.platform is None:
            object.__setattr__(self, "platform", current())
        elif not isinstance(self.platform, Platform):
            raise AscirTypeError(
                f"{self.OWNER}: platform must be an ascendc_emitter.target.platform.Platform, "
                f"got {type(self.platform).__name__}"
            )

    def replace(self, **changes: Any) -> CompileOptions:
        return dataclasses.replace(self, **changes)

    def key(self) -> str:
        """Every field, platform included, as one canonical text for cache keys."""
        fields = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "platform"}
        return ";".join(f"{k}={spell(v)}" for k, v in sorted(fields.items())) + ";platform=" + self.platform.key()


DEFAULT_OPTIONS_FIELDS: dict[str, Any] = {
    f.name: f.default for f in dataclasses.fields(CompileOptions) if f.name != "platform"
}
"""The default of every option (the pass options' field defaults are these)."""


def options_with_platform(options: CompileOptions, core_num: int = 0, ub_size: int = 0) -> CompileOptions:
    """``options`` planned for the current platform with ``core_num`` vector cores and
    ``ub_size`` UB bytes (0: the current selection's) -- the pass options' spelling of the
    platform (``-p autofuse{core_num=8,ub_size=131072}``)."""
    platform = options.platform
    if core_num:
        platform = platform.with_cores(core_num)
    if ub_size:
        platform = platform.with_ub(ub_size)
    return options.replace(platform=platform)


def options_of(owner: Any) -> CompileOptions:
    """The ``CompileOptions`` a pass's option fields spell: the fields of ``CompileOptions``
    it has (the others keep their defaults) and its platform as ``core_num``/``ub_size``."""
    fields = {name: getattr(owner, name) for name in DEFAULT_OPTIONS_FIELDS if hasattr(owner, name)}
    return options_with_platform(CompileOptions(**fields), owner.core_num, owner.ub_size)


def _options(cls: type) -> list[dataclasses.Field[Any]]:
    return [f for f in dataclasses.fields(cls) if f.init and f.name != "name"]


def locate_option(spec: str, pass_name: str, option: str) -> int | None:
    """0-based column of ``option`` (or, without one, of ``pass_name``) in a ``-p`` pipeline
    text; None when it cannot be found."""
    name = re.escape(pass_name)
    if not option:
        m = re.search(rf"(?<![\w-]){name}(?![\w-])", spec)
        return m.start() if m else None
    opt = "[-_]".join(re.escape(part) for part in re.split(r"[-_]", option))
    m = re.search(rf"(?<![\w-]){name}\s*\{{[^}}]*?(?<![\w-])({opt})(?![\w-])", spec)
    return m.start(1) if m else None


__all__ = [
    "DEFAULT_OPTIONS_FIELDS",
    "MASK_MODES",
    "TEMPLATES",
    "TEMPLATE_POLICIES",
    "CompileOptions",
    "MaskMode",
    "PassOptionError",
    "TemplateName",
    "TemplatePolicy",
    "TypedOptions",
    "check_bool",
    "check_choice",
    "check_str",
    "check_value",
    "locate_option",
    "options_of",
    "options_with_platform",
    "spell",
]
