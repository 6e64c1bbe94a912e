"""Import layering of the project (DESIGN.md, "Layers"), read from the sources with ``ast``.

No project module is imported: every ``import``/``from ... import`` statement of every
module is read, wherever it stands (module level, inside functions, under
``TYPE_CHECKING``), so a lazy import cannot hide a layering violation or a cycle.

(a) Packages import only downwards:
    pyautofuse -> tools -> runtime -> lowering -> passes -> ascendc_emitter -> ascir_dialect;
    ``runtime`` (build and launch) imports only ``ascendc_emitter`` and ``ascir_dialect``.
(b) No import cycle between the modules of any package.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tools", "pyautofuse", "runtime", "lowering", "passes", "ascendc_emitter", "ascir_dialect")

RANK = {
    "ascir_dialect": 0,
    "ascendc_emitter": 1,
    "passes": 2,
    "lowering": 3,
    "runtime": 4,
    "tools": 5,
    "pyautofuse": 6,
}
"""Layer of each package: a package imports packages of lower rank (and itself) only. The
drivers' layer is tools/ with pyautofuse, the seed-API facade, over it."""
ALLOWED: dict[str, frozenset[str]] = {
    "runtime": frozenset({"runtime", "ascendc_emitter", "ascir_dialect"}),
}
"""Packages whose allowed imports are narrower than "every lower layer"."""

KNOWN_VIOLATIONS: dict[str, frozenset[str]] = {}
"""module -> packages it may still import against the layering, until the rework lands."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    modules: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            modules[module_name(path)] = path
    return modules


def imported_names(source: str, module: str, is_package: bool, modules: Iterable[str] = ()) -> set[str]:
    """Fully qualified names of what ``source`` imports (relative imports resolved); for
    ``from a.b import c`` both ``a.b`` and ``a.b.c`` -- or only ``a.b.c`` when it is one of
    ``modules``: importing a submodule reads its package's ``__init__`` but no name from it
    (``from . import sibling`` is no import of the package)."""
    submodules = set(modules)
    names: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                prefix = ".".join([*base, node.module] if node.module else base)
            else:
                prefix = node.module or ""
            full = [f"{prefix}.{alias.name}" for alias in node.names if alias.name != "*"]
            names.update(full)
            if not full or not all(f in submodules for f in full):
                names.add(prefix)
    return names


def import_graph(modules: Mapping[str, Path]) -> dict[str, set[str]]:
    """module -> the project modules it imports (names that are not modules are dropped)."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = imported_names(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", modules)
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def layer_violations(
    graph: Mapping[str, Iterable[str]], known: Mapping[str, frozenset[str]] = KNOWN_VIOLATIONS
) -> list[str]:
    found = []
    for module, targets in sorted(graph.items()):
        package = module.split(".")[0]
        allowed = ALLOWED.get(package) or {p for p in PACKAGES if RANK[p] < RANK[package]} | {package}
        for target in sorted(targets):
            other = target.split(".")[0]
            if other not in allowed and other not in known.get(module, frozenset()):
                found.append(f"{module} imports {target} ({package} may import {sorted(allowed)})")
    return found


def cycles(graph: Mapping[str, Iterable[str]], package: str) -> list[list[str]]:
    """The import cycles among the modules of ``package`` (Tarjan's strongly connected
    components; a component of more than one module is a cycle)."""
    nodes = sorted(m for m in graph if m.split(".")[0] == package)
    inside = set(nodes)
    edges = {m: sorted(t for t in graph[m] if t in inside) for m in nodes}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in edges[v]:
                found.append(sorted(component))

    for v in nodes:
        if v not in index:
            visit(v)
    return found


GRAPH = import_graph(project_modules())


def test_every_package_is_read() -> None:
    for package in PACKAGES:
        assert package in GRAPH, package
    assert "lowering.graph_lowering" in GRAPH and "ascendc_emitter.target.ops" in GRAPH


def test_packages_import_downwards_only() -> None:
    assert layer_violations(GRAPH) == []


def test_known_violations_still_exist() -> None:
    """An allow-list entry whose import is gone must be deleted with it."""
    stale = [
        f"{module} -> {package}"
        for module, packages in KNOWN_VIOLATIONS.items()
        for package in packages
        if not any(t.split(".")[0] == package for t in GRAPH.get(module, ()))
    ]
    assert stale == []


def test_no_import_cycle_in_any_package() -> None:
    """Imports inside functions and under TYPE_CHECKING count (issue 35)."""
    for package in PACKAGES:
        assert cycles(GRAPH, package) == [], package


def test_the_checks_find_violations() -> None:
    """The checks themselves: an upward import and a cycle are reported."""
    graph = {
        "passes.a": {"lowering.x", "passes.b"},
        "passes.b": {"passes.a"},
        "lowering.x": {"passes.a"},
        "runtime.r": {"lowering.x", "ascir_dialect.y"},
        "ascir_dialect.y": set(),
    }
    assert layer_violations(graph, known={}) == [
        "passes.a imports lowering.x (passes may import ['ascendc_emitter', 'ascir_dialect', 'passes'])",
        "runtime.r imports lowering.x (runtime may import ['ascendc_emitter', 'ascir_dialect', 'runtime'])",
    ]
    assert cycles(graph, "passes") == [["passes.a", "passes.b"]]
    assert cycles(graph, "lowering") == []


def test_imports_are_resolved() -> None:
    names = imported_names(
        "from . import b\nfrom .c import d\nimport x.y\nif T:\n    from lowering.z import w\n",
        "pkg.mod",
        False,
    )
    assert names == {"pkg", "pkg.b", "pkg.c", "pkg.c.d", "x.y", "lowering.z", "lowering.z.w"}
