"""``ascir-opt -t dot``: Graphviz export of the module's ascir graphs, for looking at them.

One ``digraph`` per module: every graph is a cluster, every node a box labelled with its
name, op and result (dtype and repeats), every ``ascir.vf`` region a nested cluster
labelled with its loop dtype, every data edge an arrow. IndirectLoad template cases show
their template. Output is deterministic (program order) and every label is escaped.
"""

from __future__ import annotations

from typing import IO

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import SSAValue

from ascir_dialect.attributes import ScalarType, TensorType
from ascir_dialect.diagnostics import AscirError
from ascir_dialect.ops import AscirNode, GraphOp, VfOp


def _quote(text: str) -> str:
    """A DOT string; ``\\n`` inside labels is DOT's line break (names never hold quotes)."""
    return '"' + text.replace('"', "'") + '"'


def _type(v: SSAValue) -> str:
    t = v.type
    if isinstance(t, TensorType):
        return f"{t.dtype}[{', '.join(str(r) for r in t.repeats)}]"
    if isinstance(t, ScalarType):
        return f"{t.dtype} scalar"
    return str(t)


def module_to_dot(module: ModuleOp) -> str:
    graphs = [op for op in module.ops if isinstance(op, GraphOp)]
    if not graphs:
        raise AscirError("error: -t dot needs ascir graphs; this module holds none (lowered already?)")
    lines = ["digraph ascir {", "  node [shape=box, fontname=monospace];", "  compound=true;"]
    ids: dict[SSAValue, str] = {}
    counter = 0

    def node_id() -> str:
        nonlocal counter
        counter += 1
        return f"n{counter}"

    for g_index, graph in enumerate(graphs):
        title = f"@{graph.graph_name} ({graph.level.data})"
        if graph.template is not None:
            title += f" template {graph.template.data}"
        lines += [f"  subgraph cluster_g{g_index} {{", f"    label={_quote(title)};"]
        edges: list[str] = []

        def emit(node: AscirNode, indent: str, lines: list[str] = lines, edges: list[str] = edges) -> None:
            nid = node_id()
            ids[node.results[0]] = nid
            label = f"%{node.node_name} = {node.name.removeprefix('ascir.')}\\n{_type(node.results[0])}"
            lines.append(f"{indent}{nid} [label={_quote(label)}];")
            for v in node.operands:
                if v in ids:
                    edges.append(f"    {ids[v]} -> {nid};")

        for k, op in enumerate(graph.top_level()):
            if isinstance(op, VfOp):
                lines += [
                    f"    subgraph cluster_g{g_index}_vf{k} {{",
                    f"      label={_quote(f'@{op.vf_name} loop_dtype {op.dtype}')};",
                    "      style=dashed;",
                ]
                for arg, v in zip(op.block.args, op.inputs, strict=True):
                    ids[arg] = ids[v]
                for member in op.members():
                    emit(member, "      ")
                lines.append("    }")
                for res, v in zip(op.results, op.yield_op.values, strict=True):
                    ids[res] = ids[v]
            elif isinstance(op, AscirNode):
                emit(op, "    ")
        lines += edges
        lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def emit_dot(module: ModuleOp, out: IO[str]) -> None:
    out.write(module_to_dot(module))
