"""Facade of the front-end helpers: ``arange``, ``IndexExpr``, ``index_expr`` (seed 000) and
``gather``, ``index_select``, ``embedding`` (seed 001, normalised to IndirectLoad), and
``load_input`` / ``store_output`` for the Data+Load head and Store+Output tail of a graph."""

from ascir_dialect.frontend.helpers import (
    IndexExpr,
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
    "arange",
    "embedding",
    "gather",
    "index_expr",
    "index_select",
    "load_input",
    "store_output",
]
