"""Fixtures of the runtime tests: a toolchain cache of their own."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def session_toolchain_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("toolchain_cache")


@pytest.fixture
def toolchain_cache(session_toolchain_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A toolchain cache (ABI object, precompiled header) that only these tests use -- so
    that they can look into it -- shared by them (built once per session), set as
    ASCIR_TOOLCHAIN_CACHE_DIR."""
    monkeypatch.setenv("ASCIR_TOOLCHAIN_CACHE_DIR", str(session_toolchain_dir))
    return session_toolchain_dir
