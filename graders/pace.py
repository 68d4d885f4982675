"""How fast this machine runs Python now, against the machine the time limits were set on.

Every time limit of a grade is a number of seconds of the program's own time on the grading
machine the limits were set on (:data:`hogkit.shipped.hog_checks.REFERENCE_PACE`). Here, a fixed
piece of plain Python (:func:`hogkit.shipped.hog_checks.pace_work`) is timed by the interpreter
student code runs in, and the limits are scaled by how much longer (or shorter) it takes: a
slower machine, or one whose CPUs a crowd of neighbours makes slower, gives each limit the same
amount of work, so a grade is the same on any machine under any load. The kit's ``ok`` scales its
limits the same way, so a problem that passes there within its time passes here too.
"""

from __future__ import annotations

import subprocess
import time

from hogkit.shipped import SHIPPED_DIR

FRESH_FOR = 30.0  # seconds a measurement is used before it is taken again
PROGRAM = (f"import sys; sys.path.insert(0, {str(SHIPPED_DIR)!r}); import hog_checks; "
           "print(hog_checks.pace_factor())")
_MEASURED: dict[str, tuple[float, float]] = {}  # interpreter -> (when, factor)


def pace_factor(python: str) -> float:
    """How many times longer :func:`~hogkit.shipped.hog_checks.pace_work` takes in PYTHON here and
    now than on the reference machine (:func:`~hogkit.shipped.hog_checks.pace_factor`; 1.0 when it
    cannot be measured). Measured in a process of
    its own (HogKit's code, not a student's), at most every FRESH_FOR seconds."""
    now = time.monotonic()
    when, factor = _MEASURED.get(python, (-FRESH_FOR, 1.0))
    if now - when < FRESH_FOR:
        return factor
    try:
        done = subprocess.run([python, "-I", "-S", "-c", PROGRAM], capture_output=True, text=True, timeout=30,
                              env={}, stdin=subprocess.DEVNULL, check=False)
        factor = float(done.stdout.strip())
    except (OSError, ValueError, subprocess.SubprocessError):
        factor = 1.0
    _MEASURED[python] = (now, factor)
    return factor


__all__ = ["pace_factor"]
