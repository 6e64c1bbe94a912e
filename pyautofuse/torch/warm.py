"""Worker of the torch backend's parallel compile: ``python -m pyautofuse.torch.warm``.

Reads ``{"vf": bool, "remote_cache": str | None, "graphs": [IR text, ...]}`` (JSON) on stdin, compiles each graph with
``compile_graph`` -- which fills the graph and kernel caches the parent process then hits --
and prints one line per graph (``ok`` or the error, which the parent meets again and
reports when it compiles the graph itself). A fresh interpreter running this module, not a
``multiprocessing`` child: those re-run the user's ``__main__`` script (spawn) or copy a
process holding torch's threads (fork).
"""

from __future__ import annotations

import json
import sys


def main() -> int:
    from xdsl.parser import Parser

    from pyautofuse import compile_graph
    from tools.ascir_opt import make_context

    job = json.load(sys.stdin)
    for ir in job["graphs"]:
        try:
            module = Parser(make_context(), ir).parse_module()
            compile_graph(module, vf=job["vf"], remote_cache=job.get("remote_cache"))
            print("ok", flush=True)
        except Exception as e:  # the parent compiles the graph again and reports it
            print(f"{type(e).__name__}: {e}".replace("\n", " "), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
