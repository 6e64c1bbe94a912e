"""The toolchain cache (issue 17): the simulator's ABI object, its compiled part (sim.o) and
its precompiled header are built once per toolchain -- compiler, version, flags, every header -- outside the kernel
cache, verified like kernels before every use, built by one process at a time; the
optimisation level of simulator builds (ASCIR_SIM_OPT); simulator fault messages built
without <sstream> read exactly as std::ostream wrote them."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import runtime.toolchain as toolchain_mod
from ascir_dialect.diagnostics import AscirArgumentError
from runtime import compile_kernel
from runtime.build import MANIFEST, PCH, discard, header_key, object_key, sha256_file, toolchain_objects
from runtime.cache import toolchain_cache_root
from runtime.toolchain import SIM_ABI_SOURCE, SIM_SOURCE, sim_toolchain

from .test_cache import replace_bytes, runs, vadd
from .test_runtime import shared_objects

ROOT = Path(__file__).resolve().parent.parent.parent


def product(entry: Path) -> Path:
    return entry / json.loads((entry / MANIFEST).read_text())["product"]


def sealed(entry: Path) -> bool:
    """The entry's manifest names its product's digest (the check before every use)."""
    return json.loads((entry / MANIFEST).read_text())["sha256"] == sha256_file(product(entry))


# ------------------------------------------------------------ one build per toolchain


def test_kernel_caches_share_one_toolchain_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, toolchain_cache: Path
) -> None:
    """The issue: every fresh kernel cache compiled the simulator ABI again."""
    built = []
    for i in range(2):
        kernels = tmp_path / f"kernels{i}"
        monkeypatch.setenv("ASCIR_CACHE_DIR", str(kernels))
        kernel = compile_kernel(*vadd(f"shared{i}"), name="shared")
        runs(kernel)
        assert [p.name for p in kernels.iterdir()] == [kernel.build_dir.name]
        abi, pch = shared_objects(kernel.build_dir)
        built.append({p: p.stat().st_mtime_ns for p in (abi / "abi.o", pch / PCH)})
    assert built[0] == built[1]  # the second kernel cache reused them
    assert all(p.parent.parent == toolchain_cache for p in built[0])


def test_kernel_builds_read_the_precompiled_header(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, toolchain_cache: Path
) -> None:
    """The build command, run again with -H (g++ lists what it reads; '!' marks a
    precompiled header it used): the device source reads kernel_operator.h.gch from the
    toolchain cache and never parses the header itself."""
    monkeypatch.setenv("ASCIR_CACHE_DIR", str(tmp_path / "kernels"))
    kernel = compile_kernel(*vadd("pch"), name="pch")
    _abi, pch = shared_objects(kernel.build_dir)
    lines = (kernel.build_dir / "build_command.txt").read_text().splitlines()
    # three compiles (run concurrently), then one link with the shared objects
    assert [line.split().count("-c") for line in lines] == [1, 1, 1, 0]
    assert "-shared" in lines[-1].split() and f"{pch}" not in lines[-1]
    (device,) = [line for line in lines if "device_impl.sim.cpp" in line]  # compiled on its own
    command = device.split()
    work = command[-1][2:]  # -I<the temporary build directory>, renamed to the entry since
    assert command[-1] == f"-I{work}" and "-Winvalid-pch" in command
    again = [a.replace(work, str(kernel.build_dir)) for a in command]
    again[again.index("-o") + 1] = str(tmp_path / "again.o")
    out = subprocess.run([*again, "-H"], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert f"! {pch / PCH}" in out.stderr.splitlines()
    assert "kernel_operator.h.gch" in out.stderr and "invalid" not in out.stderr.lower()
    assert f"/{toolchain_mod.SIM_INCLUDE.name}/kernel_operator.h" not in out.stderr  # never parsed


# ------------------------------------------------------------------- integrity


@pytest.fixture(scope="module")
def breakable(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A toolchain cache of these tests' own: a copy of the entries of the usual one (built
    there if need be; a copy of a sealed entry is sealed too)."""
    root = tmp_path_factory.mktemp("breakable_toolchain")
    objects = toolchain_objects(sim_toolchain())
    for entry in (objects.abi_object.parent, objects.pch_dir, objects.sim_object.parent):
        shutil.copytree(entry, root / entry.name)
    return root


@pytest.fixture
def broken(breakable: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A toolchain cache of these tests' own (they damage it) and its (abi, pch) entries."""
    monkeypatch.setenv("ASCIR_TOOLCHAIN_CACHE_DIR", str(breakable))
    monkeypatch.setenv("ASCIR_CACHE_DIR", str(tmp_path / "kernels"))
    objects = toolchain_objects(sim_toolchain())
    return objects.abi_object.parent, objects.pch_dir


@pytest.mark.parametrize("which", ["abi", "pch"])
def test_truncated_toolchain_entry_is_rebuilt(broken: tuple[Path, Path], which: str) -> None:
    entry = broken[0] if which == "abi" else broken[1]
    file = product(entry)
    good = sha256_file(file)
    replace_bytes(file, file.read_bytes()[: file.stat().st_size // 3])  # a build cut short
    runs(compile_kernel(*vadd(f"truncated_{which}"), name=f"truncated_{which}"))  # built anew, linked
    assert sealed(entry)
    if which == "abi":
        assert sha256_file(file) == good
    else:  # g++ writes a precompiled header with the addresses of its own run: not byte-reproducible
        assert file.stat().st_size > 1_000_000


def test_toolchain_entry_without_manifest_is_rebuilt(broken: tuple[Path, Path]) -> None:
    abi, _pch = broken
    good = sha256_file(abi / "abi.o")
    (abi / MANIFEST).unlink()
    replace_bytes(abi / "abi.o", b"\x7fELF not really")
    runs(compile_kernel(*vadd("no_abi_manifest"), name="no_abi_manifest"))
    assert sealed(abi) and sha256_file(abi / "abi.o") == good


def test_forged_precompiled_header_is_not_read(broken: tuple[Path, Path]) -> None:
    """Even a garbage .gch whose manifest was forged to match it is harmless: g++ checks a
    precompiled header before using it and reads kernel_operator.h instead."""
    _abi, pch = broken
    replace_bytes(pch / PCH, b"garbage, not a precompiled header")
    manifest = json.loads((pch / MANIFEST).read_text())
    manifest["sha256"] = sha256_file(pch / PCH)
    (pch / MANIFEST).write_text(json.dumps(manifest))
    runs(compile_kernel(*vadd("forged_pch"), name="forged_pch"))
    discard(pch)  # leave a sound cache to the next test


@pytest.mark.parametrize("damage", ["truncated", "unsealed"])
def test_damaged_simulator_object_is_rebuilt(
    breakable: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    """sim.o (the compiled part of the simulator every kernel links) is verified like the
    other entries: cut short, or garbage without its manifest, it is built again --
    byte for byte the same object -- and the kernel links and runs."""
    monkeypatch.setenv("ASCIR_TOOLCHAIN_CACHE_DIR", str(breakable))
    monkeypatch.setenv("ASCIR_CACHE_DIR", str(tmp_path / "kernels"))
    sim = toolchain_objects(sim_toolchain()).sim_object
    good = sha256_file(sim)
    if damage == "truncated":
        replace_bytes(sim, sim.read_bytes()[: sim.stat().st_size // 3])
    else:
        (sim.parent / MANIFEST).unlink()
        replace_bytes(sim, b"\x7fELF not really")
    kernel = compile_kernel(*vadd(f"sim_{damage}"), name=f"sim_{damage}")
    runs(kernel)
    assert sealed(sim.parent) and sha256_file(sim) == good
    command = (kernel.build_dir / "build_command.txt").read_text().split()
    assert str(sim) in command  # linked from the toolchain cache


def test_simulator_object_key_follows_its_sources(tmp_path: Path) -> None:
    """An edit of sim.cpp, or of a file it includes that is not one of the kernel headers
    (runtime/sim/internal.h), gives another sim.o; the ABI object's and the precompiled
    header's keys follow every file under runtime/sim too."""
    tc = sim_toolchain()
    copy = tmp_path / "sim"
    shutil.copytree(SIM_SOURCE.parent, copy, ignore=shutil.ignore_patterns("__pycache__"))
    moved = dataclasses.replace(
        tc, shared_inputs=tuple(copy if p == SIM_SOURCE.parent else p for p in tc.shared_inputs)
    )
    keys = (object_key(copy / SIM_SOURCE.name, moved), object_key(SIM_ABI_SOURCE, moved), header_key(moved))
    assert keys == (object_key(SIM_SOURCE, tc), object_key(SIM_ABI_SOURCE, tc), header_key(tc))
    assert len(set(keys)) == 3
    for edited in (copy / SIM_SOURCE.name, copy / "internal.h"):
        edited.write_text(edited.read_text() + "\n// edited\n")
        now = (object_key(copy / SIM_SOURCE.name, moved), object_key(SIM_ABI_SOURCE, moved), header_key(moved))
        assert all(a != b for a, b in zip(now, keys, strict=True)), edited.name
        keys = now


WRAPPER = """#!/bin/sh
# g++ that logs every command line (one per line) before running it
echo "$@" >> "{log}"
exec g++ "$@"
"""

BUILD_AND_RUN = """
import sys
sys.path.insert(0, {tests!r})
from runtime import compile_kernel
from runtime.build import toolchain_objects
from runtime.toolchain import sim_toolchain
from test_cache import runs, vadd
objects = toolchain_objects(sim_toolchain())
runs(compile_kernel(*vadd("concurrent"), name="concurrent"))
print(objects.abi_object, objects.pch_dir)
"""


def _fresh_home(tmp_path: Path) -> tuple[Path, Path, dict[str, str]]:
    """(HOME, compiler log, environment) of a fresh machine: no cache directories, no ASCIR_*
    variables, a g++ that logs every command line."""
    home = tmp_path / "home"
    home.mkdir()
    log = tmp_path / "compiler.log"
    wrapper = tmp_path / "bin" / "g++-logged"
    wrapper.parent.mkdir()
    wrapper.write_text(WRAPPER.format(log=log))
    wrapper.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASCIR_")}
    env.update(HOME=str(home), CXX=str(wrapper), PYTHONPATH=str(ROOT))
    return home, log, env


def test_concurrent_builders_in_a_fresh_home(tmp_path: Path) -> None:
    """Two processes start at once with nothing cached (a fresh clone: no cache
    directories, no ASCIR_* variables): the default locations are created, each toolchain
    entry is compiled once -- the other process waits for it -- and both run their kernel."""
    home, log, env = _fresh_home(tmp_path)
    script = BUILD_AND_RUN.format(tests=str(Path(__file__).parent))
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", script], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for _ in range(2)
    ]
    outs = [p.communicate(timeout=600) for p in procs]
    assert all(p.returncode == 0 for p in procs), [err for _out, err in outs]
    assert len({out for out, _err in outs}) == 1  # the same entries for all
    commands = log.read_text().splitlines()
    assert sum("c++-header" in c for c in commands) == 1, commands
    assert sum(c.endswith("abi.o") and str(SIM_ABI_SOURCE) in c for c in commands) == 1, commands
    assert sum(c.endswith("sim.o") and str(SIM_SOURCE) in c for c in commands) == 1, commands
    toolchain = home / ".cache" / "ascir" / "toolchain"
    entries = sorted(p.name.split("-")[0] for p in toolchain.iterdir() if not p.name.startswith("."))
    assert entries == ["abi", "pch", "sim"]
    assert all(sealed(p) for p in toolchain.iterdir() if not p.name.startswith("."))
    assert not list(toolchain.glob(".build-*")) and not list(toolchain.glob(".trash-*"))
    kernels = home / ".cache" / "ascir" / "kernels"
    assert [p.name.split("-")[0] for p in kernels.iterdir() if not p.name.startswith(".")] == ["concurrent"]


# ------------------------------------------------------------------------ keys


def test_toolchain_keys_cover_every_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A header edit, a new header, other flags (ASCIR_SIM_OPT), another compiler version
    or path: another ABI object and another precompiled header. The kernel's own sources
    are not part of them."""
    tc = sim_toolchain()
    keys = (object_key(SIM_ABI_SOURCE, tc), header_key(tc))
    assert object_key(SIM_ABI_SOURCE, tc) != header_key(tc)
    assert set(tc.shared_inputs) <= set(tc.inputs)  # a kernel's key covers them too
    for original in tc.shared_inputs:
        target = tmp_path / f"copy_{len(list(tmp_path.iterdir()))}" / original.name
        if original.is_dir():
            shutil.copytree(original, target)
        else:
            target.parent.mkdir(parents=True)
            shutil.copy(original, target)
        edited = dataclasses.replace(
            tc, shared_inputs=tuple(target if p == original else p for p in tc.shared_inputs)
        )
        assert (object_key(SIM_ABI_SOURCE, edited), header_key(edited)) == keys  # where it is does not count
        victim = target if target.is_file() else sorted(f for f in target.rglob("*.h"))[-1]
        victim.write_text(victim.read_text() + "\n// edited\n")
        assert object_key(SIM_ABI_SOURCE, edited) != keys[0] and header_key(edited) != keys[1], original
    for other in (
        dataclasses.replace(tc, flags=(*tc.flags, "-DX")),
        dataclasses.replace(tc, identity=tc.identity + " (patched)"),
        dataclasses.replace(tc, compiler="/opt/other/g++"),
    ):
        assert object_key(SIM_ABI_SOURCE, other) != keys[0] and header_key(other) != keys[1]
    monkeypatch.setenv("ASCIR_SIM_OPT", "0")
    o0 = sim_toolchain()
    assert "-O0" in o0.flags and header_key(o0) != keys[1] and object_key(SIM_ABI_SOURCE, o0) != keys[0]


def test_shared_inputs_cover_every_file_the_shared_objects_read() -> None:
    """What g++ itself says the ABI object and the precompiled header read (-MM: every
    header but the system's) lies inside the toolchain's shared inputs, which key them."""
    tc = sim_toolchain()
    flags = [f for f in tc.flags if f != "-shared"]
    covered = [p.resolve() for p in tc.shared_inputs]
    for source in (SIM_ABI_SOURCE, SIM_SOURCE, toolchain_mod.SIM_HEADER):
        language = ["-x", "c++-header"] if source.suffix == ".h" else []
        deps = subprocess.run(
            [tc.compiler, *flags, *language, "-MM", str(source)], capture_output=True, text=True, timeout=600, check=True
        ).stdout
        files = [Path(f).resolve() for f in deps.replace("\\\n", " ").split(":", 1)[1].split()]
        assert len(files) > 5 and source.resolve() in files
        for f in files:
            assert any(f == c or f.is_relative_to(c) for c in covered), f"{source.name} reads {f}, not in shared_inputs"


# ------------------------------------------------------------ options and locations


@pytest.mark.parametrize(("value", "flag"), [(None, "-O1"), ("", "-O1"), ("0", "-O0"), ("g", "-Og"), ("2", "-O2")])
def test_sim_opt_level(monkeypatch: pytest.MonkeyPatch, value: str | None, flag: str) -> None:
    if value is None:
        monkeypatch.delenv("ASCIR_SIM_OPT", raising=False)
    else:
        monkeypatch.setenv("ASCIR_SIM_OPT", value)
    flags = sim_toolchain().flags
    assert flag in flags and sum(f.startswith("-O") for f in flags) == 1
    debug = sim_toolchain(debug=True).flags  # debug builds are -O0 -g whatever the level
    assert "-O0" in debug and "-g" in debug and sum(f.startswith("-O") for f in debug) == 1


@pytest.mark.parametrize("value", ["fast", "O1", "-O2", "4", "1 2"])
def test_bad_sim_opt_level_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("ASCIR_SIM_OPT", value)
    with pytest.raises(AscirArgumentError, match=r"ASCIR_SIM_OPT=.* is not an optimisation level .* use one of 0, g, 1, 2, 3, s"):
        sim_toolchain()


def test_toolchain_cache_location(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ASCIR_TOOLCHAIN_CACHE_DIR", str(tmp_path / "mine"))
    assert toolchain_cache_root() == tmp_path / "mine"
    monkeypatch.delenv("ASCIR_TOOLCHAIN_CACHE_DIR")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("ASCIR_CACHE_DIR", str(tmp_path / "kernels"))
    assert toolchain_cache_root() == tmp_path / "home" / ".cache" / "ascir" / "toolchain"
    assert toolchain_cache_root().is_dir()
    # a home where it cannot be made: inside the kernel cache, which ASCIR_CACHE_DIR places
    monkeypatch.setenv("HOME", str(tmp_path / "other"))
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / ".cache").write_text("a file, not a directory")
    assert toolchain_cache_root() == tmp_path / "kernels" / "toolchain"


# -------------------------------------------------------------- fault messages

MESSAGES = r"""
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <sstream>
#include <string>

#include "ascsim/fault.h"

namespace ascsim {
[[noreturn]] void raise_fault(const char*, const char*) { std::abort(); }
}

enum Plain { kA = 3, kB = 200 };
enum Small : uint8_t { kS = 65 };

static int failures = 0;

template <typename... P>
void same(const P&... parts) {
    std::ostringstream os;
    (os << ... << parts);
    ascsim::detail::Message m;
    (m << ... << parts);
    if (os.str() != std::string(m.c_str(), m.size())) {
        std::printf("ostream [%s] message [%s]\n", os.str().c_str(), m.c_str());
        ++failures;
    }
}

template <typename T>
void limits() {
    same(std::numeric_limits<T>::min(), " ", std::numeric_limits<T>::max(), " ", T(0), " ", T(1), " ", T(-1));
}

int main() {
    limits<int8_t>(); limits<uint8_t>(); limits<int16_t>(); limits<uint16_t>();
    limits<int32_t>(); limits<uint32_t>(); limits<int64_t>(); limits<uint64_t>();
    limits<long>(); limits<unsigned long>(); limits<long long>(); limits<size_t>(); limits<char>();
    same("GM ", "read", " out of bounds: bytes [", int64_t(-8), ", ", uint64_t(400), ") of ", std::string("arg0"),
         ", which has ", size_t(200), " bytes");
    same(true, false, 'x', static_cast<signed char>(66), static_cast<unsigned char>(67));
    same(kA, " ", kB, " ", kS);
    same(1.5f, " ", 0.1, " ", 1e-7, " ", 123456789.0, " ", -0.0, " ", 1e300, " ", 3.0L, " ", 2.5e-320);
    same(std::numeric_limits<double>::infinity(), " ", -std::numeric_limits<float>::infinity(), " ", std::nan(""));
    same(std::string(1000, 'a'), 12345, std::string(300, 'b'));  // longer than the inline buffer
    same("");
    std::printf("%d\n", failures);
    return failures != 0;
}
"""


def test_fault_messages_read_as_ostream_wrote_them(tmp_path: Path) -> None:
    (tmp_path / "messages.cpp").write_text(MESSAGES)
    exe = tmp_path / "messages"
    compiler = os.environ.get("CXX", "g++")
    built = subprocess.run(
        [compiler, "-std=c++17", "-O0", f"-I{toolchain_mod.SIM_INCLUDE}", str(tmp_path / "messages.cpp"), "-o", str(exe)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr
    ran = subprocess.run([str(exe)], capture_output=True, timeout=60)
    assert ran.returncode == 0 and ran.stdout.strip() == b"0", ran.stdout


def test_gold_is_a_link_flag_probed_once(tmp_path: Path) -> None:
    """The linker choice (``-fuse-ld=gold`` where the compiler can use it) goes to the link
    command only, never to a compile or to the precompiled header's flags, and is part of
    the toolchain's key (a different linker, a different entry)."""
    sim = sim_toolchain()
    gold = toolchain_mod._fast_linker(sim.compiler)
    assert gold in ((), ("-fuse-ld=gold",))
    assert set(gold) <= set(sim.flags)
    assert not any(f.startswith("-fuse-ld=") for f in sim.compile_flags)
    assert not any(f.startswith("-fuse-ld=") for f in sim.compile_command(tmp_path / "a.cpp", tmp_path / "a.o"))
    link = sim.link_command([tmp_path / "a.o"], tmp_path / "k.so")
    assert [f for f in link if f.startswith("-fuse-ld=")] == list(gold)
    bfd = dataclasses.replace(sim, flags=tuple(f for f in sim.flags if not f.startswith("-fuse-ld=")))
    if gold:
        assert object_key(SIM_SOURCE, bfd) != object_key(SIM_SOURCE, sim)


# ------------------------------------------------------------- first use (issue 37)

PREBUILD_THEN_BUILD = """
import sys
sys.path.insert(0, {tests!r})
from runtime import compile_kernel, prebuild_for
from runtime.build import _PREBUILDS, toolchain_ready
from runtime.toolchain import sim_toolchain
from test_cache import runs, vadd
assert not toolchain_ready(sim_toolchain())
prebuild_for("sim")  # a driver starting: the build runs beside its own work
prebuild_for("sim")  # once per process
(thread,) = _PREBUILDS.values()
runs(compile_kernel(*vadd("first"), name="first"))  # waits for the background build, visibly
assert toolchain_ready(sim_toolchain())
thread.join(600)
prebuild_for("sim")  # ready: nothing started
assert len(_PREBUILDS) == 1
"""


def test_first_use_builds_in_the_background_visibly_and_prebuild_ahead(tmp_path: Path) -> None:
    """A fresh machine: ``ascir-prebuild --check`` says a build is needed; a driver's
    background prebuild and its first kernel build share one build of each shared object,
    the wait announced on stderr (one line off a terminal, never a silent ~15 s); then
    ``ascir-prebuild`` finds everything built and builds nothing."""
    home, log, env = _fresh_home(tmp_path)

    def prebuild(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "runtime.prebuild", *args], env=env, capture_output=True, text=True, timeout=600
        )

    check = prebuild("--check")
    assert check.returncode == 1 and "lacks the simulator objects" in check.stdout, check
    built = [c for c in (log.read_text().splitlines() if log.exists() else []) if " -o " in f" {c} "]
    assert not built, built  # --check builds nothing (the compiler's version probe aside)
    script = PREBUILD_THEN_BUILD.format(tests=str(Path(__file__).parent))
    run = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert run.stderr.count("ascir: building the simulator's shared objects") == 1, run.stderr
    commands = log.read_text().splitlines()
    for built in ("abi.o", "sim.o", "kernel_operator.h.gch"):
        assert sum(c.endswith(built) for c in commands) == 1, (built, commands)
    before = sum(" -o " in f" {c} " for c in commands)
    again = prebuild()
    assert again.returncode == 0 and "simulator toolchain already built" in again.stdout, again
    assert again.stdout.count(str(home / ".cache" / "ascir" / "toolchain")) == 3
    assert prebuild("--check").returncode == 0
    assert sum(" -o " in f" {c} " for c in log.read_text().splitlines()) == before  # nothing compiled
