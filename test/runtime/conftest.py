"""Fixtures of the runtime tests: the toolchain cache they look into."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.cache import toolchain_cache_root


@pytest.fixture
def toolchain_cache() -> Path:
    """The toolchain cache (ABI object, precompiled header) kernels are built with: the
    default one, or ASCIR_TOOLCHAIN_CACHE_DIR's (tests that damage it use their own)."""
    return toolchain_cache_root()
