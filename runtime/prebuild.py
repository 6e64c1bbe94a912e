"""``ascir-prebuild``: build the simulator's toolchain cache ahead of time (issue 37).

Every simulated kernel links the simulator's compiled part and reads its precompiled header
(``runtime.build.toolchain_objects``); they are built once per machine and toolchain, about
15 s on 2 cores. Drivers start that build in the background and show a progress bar when a
kernel has to wait for it; this command does it ahead of time -- after ``pip install``, in a
container image or a CI step -- and says where the objects are::

    ascir-prebuild            # the simulator toolchain (g++; $CXX, ASCIR_SIM_OPT)
    ascir-prebuild --check    # exit 1 when a build would be needed, build nothing

Exit status: 0 when the cache holds the objects (built now or before), 1 with ``--check``
when it does not, 2 when the build fails (the compiler's message on stderr).
"""

from __future__ import annotations

import argparse
import sys
import time

from ascir_dialect.diagnostics import AscirError
from runtime.build import toolchain_objects, toolchain_ready
from runtime.cache import toolchain_cache_root
from runtime.toolchain import sim_toolchain


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ascir-prebuild", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report whether a build is needed")
    args = parser.parse_args(argv)
    try:
        toolchain = sim_toolchain()
        ready = toolchain_ready(toolchain)
        if args.check:
            print(f"ascir-prebuild: the toolchain cache {toolchain_cache_root()} {'holds' if ready else 'lacks'} "
                  f"the simulator objects of {toolchain.compiler} ({toolchain.identity})")
            return 0 if ready else 1
        start = time.monotonic()
        objects = toolchain_objects(toolchain)
    except AscirError as e:
        print(f"ascir-prebuild: error: {e}", file=sys.stderr)
        return 2
    what = "already built" if ready else f"built in {time.monotonic() - start:.1f} s"
    print(f"ascir-prebuild: simulator toolchain {what}:")
    for path in objects.files():
        print(f"  {path}")
    return 0


def entry() -> None:
    sys.exit(main())


if __name__ == "__main__":
    entry()
