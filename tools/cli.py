"""Shared command-line plumbing: user errors as one-line diagnostics, never a traceback."""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable

from xdsl.utils.exceptions import DiagnosticException

from ascir_dialect.diagnostics import AscirError

EXIT_OK, EXIT_FAIL, EXIT_INTERNAL = 0, 1, 2


def run_cli(tool: str, body: Callable[[], int]) -> int:
    try:
        return body()
    except SystemExit as e:
        return int(e.code) if isinstance(e.code, int) else EXIT_FAIL
    except (AscirError, DiagnosticException, OSError, ValueError, TypeError) as e:
        text = str(e) if isinstance(e, OSError) or not e.args else str(e.args[0])
        print(f"{tool}: {text if text.startswith('error:') else 'error: ' + text}", file=sys.stderr)
        return EXIT_FAIL
    except KeyboardInterrupt:
        return 130
    except Exception as e:
        if os.environ.get("ASCIR_DEBUG"):
            traceback.print_exc()
        print(
            f"{tool}: internal error: {type(e).__name__}: {e}\n"
            f"This is a bug in {tool}; rerun with ASCIR_DEBUG=1 for details and report it.",
            file=sys.stderr,
        )
        return EXIT_INTERNAL
