"""Facade of the front-end helpers (``ascir_api.arange`` / ``ascir_api.IndexExpr``)."""

from ascir_dialect.frontend.helpers import IndexExpr, arange

__all__ = ["IndexExpr", "arange"]
