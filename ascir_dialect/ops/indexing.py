"""What IndirectLoad and IndexPut share: the index checks of seed 001 FR1.

``dim`` is the indexed axis; ``need_check_negative`` wraps an index below 0 by the axis
size; ``need_check_bound`` makes a position outside the axis harmless (a gather reads 0
there, a scatter skips it) -- without it such a position is an error.
"""

from __future__ import annotations

from typing import Any

from ascir_dialect.lazy import LazyModule

np = LazyModule("numpy")


class IndexFlags:
    """Accessors of ``dim``, ``need_check_negative`` and ``need_check_bound`` (the op
    defines the properties) and the reference's position check."""

    @property
    def dim_value(self) -> int:
        return self.dim.value.data  # type: ignore[attr-defined]

    @property
    def check_negative(self) -> bool:
        return bool(self.need_check_negative.value.data)  # type: ignore[attr-defined]

    @property
    def check_bound(self) -> bool:
        return bool(self.need_check_bound.value.data)  # type: ignore[attr-defined]

    def checked_positions(self, rt: Any, index: Any, size: int, outside: str) -> tuple[Any, Any]:
        """(``index`` wrapped where ``need_check_negative`` says so, which of them lie in
        ``[0, size)``); a position outside is an error (``rt.fail``) unless
        ``need_check_bound`` -- ``outside`` says what becomes of it then."""
        if self.check_negative:
            index = np.where(index < 0, index + size, index)
        valid = (index >= 0) & (index < size)
        if not self.check_bound and not np.all(valid):
            rt.fail(
                self,
                f"index value {index[~valid].flat[0]} is out of range [0, {size}) on dim {self.dim_value}; "
                f"set need_check_bound ({outside}) or need_check_negative (wraps negatives)",
            )
        return index, valid


__all__ = ["IndexFlags"]
