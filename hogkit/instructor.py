"""Instructor code (a spec's rule modules) run in a child process under a time and a memory limit.

A rule module is the instructor's own Python: not hostile, but it may raise, hang, eat memory or
print without end. Before HogKit runs any of it in its own process, a child process does: it
imports the module (:func:`check_import`), or runs a whole check of the spec (``hogkit
check-variant`` and ``hogkit build``, :mod:`hogkit.generate.spec_check`), with its output thrown
away, its address space, CPU time and file sizes limited, and a wall-clock limit that ends it. The
child writes one JSON object to a result file: ``{"error": LINE}`` for the first thing that went
wrong (naming the rule, the call and what happened), or ``{}``; the parent turns a missing or
unreadable result into one line too.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

MEMORY_BYTES = 2 * 2**30  # the child's address space
FILE_BYTES = 2**20  # the largest file the child may write (its result is far smaller)
IMPORT_SECONDS = 20.0  # how long importing a rule module may take
SECONDS_VARIABLE = "HOGKIT_INSTRUCTOR_SECONDS"  # a smaller limit for every call of a check (tests)
IN_CHILD = "HOGKIT_INSTRUCTOR_CHILD"  # set in the child: it is limited already, so it imports modules itself


def in_child() -> bool:
    """Whether this process is such a child."""
    return bool(os.environ.get(IN_CHILD))


def seconds(default: float) -> float:
    """How long a part of a check may take: DEFAULT, or less where ``$HOGKIT_INSTRUCTOR_SECONDS`` says so."""
    given = os.environ.get(SECONDS_VARIABLE, "")
    try:
        return min(default, float(given)) if given else default
    except ValueError:
        return default


def _limit(cpu: int) -> None:
    """In the child, before it runs: its memory, CPU seconds (CPU) and files limited."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_BYTES, FILE_BYTES))


def run_child(args: list[str], *, wall: float, what: str) -> str:
    """Run ``python -m ARGS...`` as the child (it is given the result file's path last) for at most
    WALL seconds; return its error line, or "" when it found nothing wrong. WHAT says what the child
    was doing, for the line given when it gives no answer."""
    with tempfile.TemporaryDirectory(prefix="hogkit-instructor-") as folder:
        result = Path(folder) / "result.json"
        cpu = int(wall) + 5
        command = [sys.executable, "-m", *args, str(result)]
        try:
            proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL, start_new_session=True,
                                    preexec_fn=functools.partial(_limit, cpu),  # noqa: PLW1509 - rlimits only
                                    env={**os.environ, IN_CHILD: "1"})
        except OSError as exc:
            return f"{what}: could not start a child process ({exc.strerror})"
        try:
            proc.wait(timeout=wall)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait()
            return f"{what}: no answer within {wall:g} s (stopped)"
        try:
            data = json.loads(result.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            code = proc.returncode
            why = f"ended by signal {-code}" if code < 0 else f"ended with status {code}"
            return f"{what}: the check's process {why} without an answer (out of memory or CPU time?)"
        return str(data.get("error", ""))


def check_import(path: Path) -> str:
    """Import the rule module at PATH in a child; return what went wrong in one line, or ""."""
    limit = seconds(IMPORT_SECONDS)
    return run_child([__name__, "import", str(path)], wall=limit, what=f"importing {path.name}")


def _write(result: Path, error: str) -> None:
    result.write_text(json.dumps({"error": error} if error else {}), encoding="utf-8")


def _import_child(path: Path) -> str:
    """The child's import: what went wrong, or ""."""
    spec = importlib.util.spec_from_file_location(f"hogkit_checked_{path.stem}", path)
    if spec is None or spec.loader is None:
        return f"{path.name} is not a Python module"
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except BaseException as exc:  # noqa: BLE001 - whatever the instructor's module does is one line
        return f"{path.name} does not load ({type(exc).__name__}: {exc})"
    return ""


def child_main(argv: list[str]) -> int:
    """``python -m hogkit.instructor import PATH RESULT``: the import check, in the child."""
    _, path, result = argv
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - the child's prints go nowhere
    _write(Path(result), _import_child(Path(path)))
    return 0


if __name__ == "__main__":
    sys.exit(child_main(sys.argv[1:]))
