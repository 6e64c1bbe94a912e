"""Facade of the front-end helpers (``ascir_api.arange`` / ``ascir_api.IndexExpr`` /
``ascir_api.index_expr``)."""

from ascir_dialect.frontend.helpers import IndexExpr, arange, index_expr

__all__ = ["IndexExpr", "arange", "index_expr"]
