"""Kernel cache integrity (issue 14): the key covers every input of a build, an entry is
reused only when its manifest matches its library, a library that cannot be loaded is
rebuilt once, an interrupted build leaves nothing that is reused, and entry names stay
inside the cache directory. Uses the hand-written vadd kernel (test/runtime/kernels)."""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import runtime.cache as cache_mod
import runtime.toolchain as toolchain_mod
from runtime import KernelBuildError, compile_kernel
from runtime.build import LIBRARY, MANIFEST, entry_path, sha256_file
from runtime.cache import kernel_key
from runtime.kernel import CompiledKernel
from runtime.toolchain import sim_toolchain

build_mod = importlib.import_module("runtime.build")  # the package attribute is the function build()
HERE = Path(__file__).resolve().parent / "kernels"
ROOT = HERE.parent.parent.parent


def vadd(tag: str = "") -> tuple[str, str, str]:
    """The hand-written vadd kernel; ``tag`` (a comment) makes a distinct cache entry, so
    that no test loads a library path another test already loaded in this process."""
    tiling, host, device = (
        (HERE / f"vadd_{n}").read_text() for n in ("tiling.h", "host_impl.cpp", "device_impl.cpp")
    )
    return tiling, host, device + f"\n// {tag}\n"


def runs(kernel: CompiledKernel) -> None:
    x = np.arange(100, dtype=np.float32)
    z = np.zeros(100, np.float32)
    kernel.run([x, x.copy(), z], [100], core_num=2)
    np.testing.assert_array_equal(z, 2 * x)


@pytest.fixture
def cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """One kernel cache directory for the tests of this module, set as ASCIR_CACHE_DIR
    (the toolchain cache is the default one: see test_toolchain_cache.py)."""
    root = tmp_path_factory.getbasetemp() / "cache_integrity"
    root.mkdir(exist_ok=True)
    monkeypatch.setenv("ASCIR_CACHE_DIR", str(root))
    return root


def replace_bytes(path: Path, data: bytes) -> None:
    """Write a new file in place of ``path`` (a new inode: a library this process has
    mapped is not changed under it)."""
    tmp = path.with_name(path.name + ".new")
    tmp.write_bytes(data)
    os.replace(tmp, path)


# ------------------------------------------------------------------ the manifest


def test_entry_holds_a_manifest_with_the_library_digest(cache: Path) -> None:
    kernel = compile_kernel(*vadd("manifest"), name="manifest")
    manifest = json.loads((kernel.build_dir / MANIFEST).read_text())
    assert manifest["product"] == LIBRARY and manifest["format"] == cache_mod.CACHE_FORMAT
    assert manifest["sha256"] == sha256_file(kernel.build_dir / LIBRARY)
    assert kernel.build_dir.name.endswith(manifest["key"])
    runs(kernel)


def test_truncated_library_is_rebuilt(cache: Path) -> None:
    first = compile_kernel(*vadd("truncated"), name="truncated")
    library = first.build_dir / LIBRARY
    good = library.read_bytes()
    replace_bytes(library, good[: len(good) // 3])
    again = compile_kernel(*vadd("truncated"), name="truncated")
    assert again.build_dir == first.build_dir
    assert library.stat().st_size == len(good)  # rebuilt, digest matches again
    manifest = json.loads((again.build_dir / MANIFEST).read_text())
    assert manifest["sha256"] == sha256_file(library)
    runs(again)


def test_entry_without_manifest_is_rebuilt(cache: Path) -> None:
    """An entry of an older layout, or one a killed build left behind, has no manifest."""
    first = compile_kernel(*vadd("no_manifest"), name="no_manifest")
    (first.build_dir / MANIFEST).unlink()
    replace_bytes(first.build_dir / LIBRARY, b"\x7fELF not really")
    again = compile_kernel(*vadd("no_manifest"), name="no_manifest")
    assert (again.build_dir / MANIFEST).is_file()
    assert (again.build_dir / LIBRARY).read_bytes()[:4] == b"\x7fELF" and (
        again.build_dir / LIBRARY
    ).stat().st_size > 100
    runs(again)


def test_library_that_cannot_be_loaded_is_rebuilt_once(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The manifest matches but ctypes cannot load the library: the entry is removed and
    built once more; a second failure is a clear error, not a loop."""
    compile_kernel(*vadd("unloadable"), name="unloadable")
    real_init = CompiledKernel.__init__
    calls: list[Path] = []

    def failing_once(self: CompiledKernel, library: Path, name: str, build_dir: Path) -> None:
        calls.append(library)
        if len(calls) == 1:
            raise OSError(f"{library}: cannot read file data: Input/output error")
        real_init(self, library, name, build_dir)

    monkeypatch.setattr(CompiledKernel, "__init__", failing_once)
    kernel = compile_kernel(*vadd("unloadable"), name="unloadable")
    assert len(calls) == 2
    runs(kernel)

    def always_failing(self: CompiledKernel, library: Path, name: str, build_dir: Path) -> None:
        raise OSError("file too short")

    monkeypatch.setattr(CompiledKernel, "__init__", always_failing)
    with pytest.raises(KernelBuildError, match=r"cannot be loaded even after a rebuild: file too short"):
        compile_kernel(*vadd("unloadable"), name="unloadable")


RUN_IN_FRESH_PROCESS = """
import sys
import numpy as np
sys.path.insert(0, {root!r})
sys.path.insert(0, {tests!r})
from runtime import compile_kernel
from test_cache import runs, vadd
runs(compile_kernel(*vadd({tag!r}), name={tag!r}))
print("ok")
"""


def test_corrupt_library_with_a_forged_manifest_is_rebuilt_in_a_new_process(cache: Path) -> None:
    """What the issue saw: a truncated kernel_module.so, loaded on every run ("cannot read
    file data"). Here even the manifest is made to match it, so that the loader itself
    fails (ctypes OSError) in a process that has never loaded the library. (Cut after its
    program headers, a library can crash the loader with SIGBUS instead: the digest check
    before loading is what catches those.)"""
    tag = "forged"
    first = compile_kernel(*vadd(tag), name=tag)
    library = first.build_dir / LIBRARY
    replace_bytes(library, library.read_bytes()[:200])
    manifest = json.loads((first.build_dir / MANIFEST).read_text())
    manifest["sha256"] = sha256_file(library)
    (first.build_dir / MANIFEST).write_text(json.dumps(manifest))
    script = RUN_IN_FRESH_PROCESS.format(root=str(ROOT), tests=str(Path(__file__).parent), tag=tag)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
    assert library.stat().st_size > 200
    assert json.loads((first.build_dir / MANIFEST).read_text())["sha256"] == sha256_file(library)


# ------------------------------------------------------------- interrupted builds


def test_build_killed_midway_leaves_nothing_that_is_reused(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tag = "interrupted"
    sources = dict(zip(("tiling.h", "host_impl.cpp", "device_impl.cpp"), vadd(tag), strict=True))
    key = kernel_key(sources, sim_toolchain())
    real_run = subprocess.run

    def killed(command: list[str], *args: object, **kwargs: object) -> object:
        if "-o" in command and str(command[command.index("-o") + 1]).endswith(LIBRARY):
            out = Path(command[command.index("-o") + 1])
            out.write_bytes(b"\x7fELF half a library")  # the linker was writing when we were killed
            raise KeyboardInterrupt
        return real_run(command, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(build_mod.subprocess, "run", killed)
    with pytest.raises(KeyboardInterrupt):
        compile_kernel(*vadd(tag), name=tag)
    assert not [p for p in cache.iterdir() if key in p.name], "no entry for the interrupted build"
    assert not list(cache.glob(".build-*")), "its temporary directory is removed"
    monkeypatch.setattr(build_mod.subprocess, "run", real_run)
    runs(compile_kernel(*vadd(tag), name=tag))


def test_leftovers_of_a_killed_process_are_ignored_and_cleaned(cache: Path) -> None:
    """SIGKILL leaves a temporary build directory: a fresh one is not touched (another
    process may be building in it), an old one is removed; neither is ever used."""
    stale = cache / ".build-stale"
    fresh = cache / ".build-fresh"
    for d in (stale, fresh):
        d.mkdir(exist_ok=True)
        (d / LIBRARY).write_bytes(b"garbage")
    old = time.time() - 2 * build_mod.STALE_SECONDS
    os.utime(stale, (old, old))
    runs(compile_kernel(*vadd("leftovers"), name="leftovers"))
    assert not stale.exists() and fresh.exists()
    shutil.rmtree(fresh)


# ------------------------------------------------------------------------ the key


def test_key_covers_every_input_of_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sources = dict(zip(("tiling.h", "host_impl.cpp", "device_impl.cpp"), vadd(), strict=True))
    tc = sim_toolchain()
    base = kernel_key(sources, tc)
    assert kernel_key(dict(sources), tc) == base  # deterministic

    def copy(path: Path) -> Path:
        target = tmp_path / f"copy_{len(list(tmp_path.iterdir()))}" / path.name
        if path.is_dir():
            shutil.copytree(path, target)
        else:
            target.parent.mkdir(parents=True)
            shutil.copy(path, target)
        return target

    # every project file a build reads: the simulator (headers and ABI source), the helper
    # headers, the tiling ABI source, the code that rewrites and compiles the sources
    for original in tc.inputs:
        edited = copy(original)
        assert (
            kernel_key(
                sources,
                dataclasses.replace(tc, inputs=tuple(edited if p == original else p for p in tc.inputs)),
            )
            == base
        )
        victim = edited if edited.is_file() else sorted(f for f in edited.rglob("*") if f.is_file())[-1]
        victim.write_text(victim.read_text() + "\n// edited\n")
        changed = tuple(edited if p == original else p for p in tc.inputs)
        assert kernel_key(sources, dataclasses.replace(tc, inputs=changed)) != base, original
    names = {p.relative_to(ROOT).as_posix() for p in tc.inputs}
    assert {
        "runtime/sim",
        "ascendc_emitter/include",
        "runtime/tiling_abi.cpp",
        "runtime/sim/abi.cpp",
    } <= names
    # a new file in a covered directory counts too
    sim = copy(toolchain_mod.SIM_INCLUDE.parent)
    (sim / "include" / "new_header.h").write_text("// new\n")
    with_new = tuple(sim if p == toolchain_mod.SIM_INCLUDE.parent else p for p in tc.inputs)
    assert kernel_key(sources, dataclasses.replace(tc, inputs=with_new)) != base
    # the generated sources, the flags, the compiler's version and path, the project version
    assert kernel_key({**sources, "tiling.h": sources["tiling.h"] + " "}, tc) != base
    assert kernel_key(sources, dataclasses.replace(tc, flags=(*tc.flags, "-DX"))) != base
    assert kernel_key(sources, dataclasses.replace(tc, identity=tc.identity + " (patched)")) != base
    fake = tmp_path / "bin" / "g++"
    fake.parent.mkdir()
    fake.symlink_to(shutil.which(tc.compiler) or "/usr/bin/g++")
    assert kernel_key(sources, dataclasses.replace(tc, compiler=str(fake))) == base  # same resolved path
    assert kernel_key(sources, dataclasses.replace(tc, compiler="/opt/other/g++")) != base
    monkeypatch.setattr(cache_mod, "project_version", lambda: "99.0")
    assert kernel_key(sources, tc) != base


def test_edited_helper_header_is_never_served_stale(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue: editing ascendc_emitter/include served the old kernels. A copy of the
    include directory stands in for it (the real headers are not touched)."""
    include = tmp_path / "include"
    shutil.copytree(toolchain_mod.EMITTER_INCLUDE, include)
    monkeypatch.setattr(toolchain_mod, "EMITTER_INCLUDE", include)
    tiling, host, device = vadd("helper_header")
    host = '#include "autofuse/scalar.h"\n' + host  # the kernel reads the helper header
    first = compile_kernel(tiling, host, device, name="helper_header")
    runs(first)
    header = include / "autofuse" / "scalar.h"
    original = header.read_text()
    header.write_text(original + '\n#error "edited helper header"\n')
    with pytest.raises(KernelBuildError, match="edited helper header"):
        compile_kernel(tiling, host, device, name="helper_header")  # rebuilt: it sees the edit
    header.write_text(original)
    again = compile_kernel(tiling, host, device, name="helper_header")
    assert again.build_dir == first.build_dir  # the same inputs: the same, verified entry


# -------------------------------------------------------------------- entry names


@pytest.mark.parametrize(
    "name",
    ["/../../outside/x", "../escaped", "a/b", "x" * 300, 'x");system("id");//', "g\u00b2", ".hidden", "k-1"],
)
def test_entry_names_stay_inside_the_cache(cache: Path, name: str) -> None:
    sources = dict(zip(("tiling.h", "host_impl.cpp", "device_impl.cpp"), vadd(), strict=True))
    key = kernel_key(sources, sim_toolchain())
    entry = entry_path(cache, f"{build_mod.file_name(name)}-sim-{key}")
    assert entry.parent == cache and entry.name.endswith(key) and len(entry.name) <= 200
    assert not entry.name.startswith(".")


@pytest.mark.parametrize("component", ["../x", "..", ".", "", "a/b", ".hidden", "x" * 300, "a\0b"])
def test_entry_path_refuses_what_is_not_a_plain_name(cache: Path, component: str) -> None:
    with pytest.raises(KernelBuildError, match="refusing cache entry"):
        entry_path(cache, component)


def test_kernel_named_like_a_path_builds_inside_the_cache(cache: Path) -> None:
    kernel = compile_kernel(*vadd("path_name"), name="/../../outside/x")
    assert kernel.build_dir.parent == cache
    assert not (cache.parent / "outside").exists()
    runs(kernel)
