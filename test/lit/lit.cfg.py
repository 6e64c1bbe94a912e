# lit configuration for the ASCIR FileCheck tests (MLIR/xDSL house style).
import os

import lit.formats

config.name = "ASCIR"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".py"]
config.excludes = ["lit.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.environment["PATH"] = os.environ.get("PATH", "")
config.environment["PYTHONHASHSEED"] = os.environ.get("PYTHONHASHSEED", "0")
config.substitutions.append(("%python", "python"))
