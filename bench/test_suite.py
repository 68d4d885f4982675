"""Time the test suite as `make test` and `make test-all` run it (not run by tests).

Usage: python bench/test_suite.py [--workers 2] [--repeats 1]

Runs pytest on the given number of xdist workers, first without the tests marked ``slow`` (what
``make test`` runs), then only the slow ones, and prints for each the wall time, the number of
tests, and the machine's core count and load average at the start, so the figures can be read
against the machine they came from. The okpy client's venv is used when ``.venv-okpy`` exists,
as ``make test`` does.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from hogkit_cli.main import Parser

ROOT = Path(__file__).resolve().parent.parent
SELECTIONS = (("make test (not slow)", "not slow"), ("slow only", "slow"))


def run_suite(marker: str, *, workers: int) -> tuple[float, str]:
    """Wall seconds and pytest's summary line for one run of the tests selected by MARKER."""
    env = dict(os.environ)
    okpy = ROOT / ".venv-okpy" / "bin" / "python"
    if okpy.exists():
        env.setdefault("OKPY_PYTHON", str(okpy))
    command = [sys.executable, "-m", "pytest", "-n", str(workers), "--dist", "worksteal", "-m", marker,
               "-p", "no:cacheprovider", "-rfE"]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    for line in lines:
        if line.startswith(("FAILED", "ERROR")):
            print(f"  {line}", flush=True)
    return seconds, (lines[-1].strip("= ") if lines else f"exit {done.returncode}")


def main(argv: list[str] | None = None) -> int:
    """Run each selection REPEATS times and print its times."""
    parser = Parser(prog="python bench/test_suite.py", description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2, help="xdist workers (default: %(default)s)")
    parser.add_argument("--repeats", type=int, default=1, help="runs of each selection (default: %(default)s)")
    options = parser.parse_args(argv)
    print(f"cores: {os.cpu_count()}, load average at start: {os.getloadavg()[0]:.2f}, "
          f"workers: {options.workers}", flush=True)
    print(f"{'selection':<22} {'median s':>9} {'runs':>5}  last summary", flush=True)
    for label, marker in SELECTIONS:
        times, summary = [], ""
        for _ in range(options.repeats):
            seconds, summary = run_suite(marker, workers=options.workers)
            times.append(seconds)
        print(f"{label:<22} {statistics.median(times):>9.1f} {len(times):>5}  {summary}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
