# lit configuration for the ASCIR FileCheck tests (MLIR/xDSL house style).
import os

import lit.formats

config.name = "ASCIR"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".py"]
config.excludes = ["lit.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.environment["PATH"] = os.environ.get("PATH", "")
# the tools run this checkout's code (lit passes no PYTHONPATH through by itself)
_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
config.environment["PYTHONPATH"] = os.pathsep.join(p for p in (_ROOT, os.environ.get("PYTHONPATH", "")) if p)
config.environment["PYTHONHASHSEED"] = os.environ.get("PYTHONHASHSEED", "0")
config.substitutions.append(("%python", "python"))
