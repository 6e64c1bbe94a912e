"""Facade of the front-end helpers: ``arange``, ``IndexExpr``, ``index_expr`` (seed 000) and
``gather``, ``index_select``, ``embedding`` (seed 001, normalised to IndirectLoad), the real
front end's ``IndirectLoad(graph, x1, x2, axis=..., sched_axis=...)``, and
``load_input`` / ``store_output`` for the Data+Load head and Store+Output tail of a graph."""

from ascir_dialect.frontend.helpers import (
    IndexExpr,
    IndirectLoad,
    arange,
    embedding,
    gather,
    index_expr,
    index_select,
    load_input,
    store_output,
)

__all__ = [
    "IndexExpr",
    "IndirectLoad",
    "arange",
    "embedding",
    "gather",
    "index_expr",
    "index_select",
    "load_input",
    "store_output",
]
