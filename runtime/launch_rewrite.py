"""Build-time rewrite of ``kernel<<<block_dim, l2ctrl, stream>>>(args)`` for the simulator.

The emitted ``device_impl.cpp`` stays real AscendC; only the copy compiled against the
simulator has its chevron launches turned into ``ascsim::launch(cfg..., kernel, args...)``;
a kernel declared ``__mix__(...)`` (one whose blocks synchronise with each other, SyncAll)
launches through ``ascsim::launch_mix``, which runs its blocks side by side.
"""

from __future__ import annotations

import re

_LAUNCH = re.compile(r"([A-Za-z_][A-Za-z0-9_:]*)\s*<<<(.*?)>>>\s*\(", re.S)
_MIX_KERNEL = re.compile(r"__mix__\s*\([^)]*\)\s*void\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(")


def _matching_paren(text: str, open_pos: int) -> int:
    depth = 0
    for i in range(open_pos, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    raise ValueError("unbalanced parentheses in a <<<...>>> kernel launch")


def rewrite_launches(source: str) -> str:
    mix = set(_MIX_KERNEL.findall(source))
    out, pos = [], 0
    while (m := _LAUNCH.search(source, pos)) is not None:
        close = _matching_paren(source, m.end() - 1)
        args = source[m.end() : close].strip()
        out.append(source[pos : m.start()])
        launch = "launch_mix" if m.group(1).split("::")[-1] in mix else "launch"
        out.append(f"ascsim::{launch}({m.group(2).strip()}, {m.group(1)}{', ' + args if args else ''})")
        pos = close + 1
    out.append(source[pos:])
    return "".join(out)
