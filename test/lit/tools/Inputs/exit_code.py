"""Run a command and print its exit status after its output: ``exit_code.py CMD ARGS...``.

lit's internal shell has ``not`` (any non-zero status) but no ``$?``; the tools promise
exit 1 for a user error and 2 for an internal one, which tests tell apart with this
wrapper: stdout and stderr are passed through, then ``exit status: N`` is printed and the
wrapper itself exits 0.
"""

import subprocess
import sys

done = subprocess.run(sys.argv[1:], capture_output=True, text=True, check=False)
sys.stdout.write(done.stdout)
sys.stdout.write(done.stderr)
print(f"exit status: {done.returncode}")
