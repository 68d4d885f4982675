"""Check the grades of the bundled examples after ``make demo`` and say how each hostile one was contained.

Usage: python examples/check_demo.py OUT   (OUT is the --out folder of ``hogkit grade-batch``)
Exit status 1 if a grade is not the expected one or a hostile example left a trace.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

# Example -> (its total out of 22, what it tries, what stops it). Kept in step with tests/test_grader.py.
EXPECTED: dict[str, tuple[int, str, str]] = {
    "complete": (22, "", ""),
    "hostile_delete_files": (22, "deletes dice.py and files outside its folder",
                             "the grader's files and other copies are out of its reach"),
    "hostile_exit_on_import": (0, "calls sys.exit while being imported", "reported as an import error"),
    "hostile_fake_results": (0, "prints a perfect results.json and writes /autograder/results",
                             "output is never read for scores; the results are out of its reach"),
    "hostile_fork_bomb": (11, "forks without end", "the sandbox refuses fork"),
    "hostile_infinite_loop": (11, "loops forever in roll_dice",
                              "each call has a wall timeout; later calls a shorter one"),
    "hostile_leave_child": (22, "starts processes meant to outlive the grade",
                            "subprocess and fork are refused; what it runs is killed with its sandbox"),
    "hostile_memory_bomb": (11, "allocates 10 GB", "the 256 MB address-space limit raises MemoryError"),
    "hostile_os_exit": (11, "kills its own process", "a fresh child takes the next call"),
    "hostile_output_flood": (11, "prints without end", "printed text is capped and the call times out"),
    "hostile_patch_harness": (0, "patches builtins and writes fake replies to pipes",
                              "replies must be signed with a key the student's code never sees"),
    "hostile_read_solution": (0, "reads the reference solution", "the reference is out of its reach"),
    "hostile_write_outside": (22, "writes /tmp/hogkit-pwned.txt", "nothing it writes outlives its sandbox"),
}
TRACES = (Path("/tmp/hogkit-pwned.txt"), Path("/autograder/results/results.json"))


def leftover_children() -> list[int]:
    """Sandboxed children still running after their grade (their folder is already removed)."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            if not proc.name.isdigit():
                continue
            command = (proc / "cmdline").read_bytes()
            if b"harness.py" in command and os.readlink(proc / "cwd").endswith("(deleted)"):
                found.append(int(proc.name))
        except OSError:
            pass
    return found


def main(out: Path) -> int:
    """Print one line per checked example; return 1 if anything is off."""
    problems = 0
    for name, (total, tries, stopped) in EXPECTED.items():
        path = out / "results" / f"{name}.json"
        if not path.is_file():
            print(f"  MISSING   {name}: no result in {out / 'results'}")
            problems += 1
            continue
        got = json.loads(path.read_text(encoding="utf-8"))
        ok = got.get("total") == total
        problems += not ok
        verdict = "ok       " if ok else "UNEXPECTED"
        what = f" — {tries}: {stopped}" if tries else " (full marks)" if total == 22 else ""
        print(f"  {verdict} {name}: {got.get('total')}/22{what}")
    for trace in TRACES:
        if trace.exists():
            print(f"  TRACE     {trace} exists: a hostile example may have escaped (or it was there before)")
            problems += 1
    children = leftover_children()
    if children:
        print(f"  TRACE     sandboxed processes still running: {children}")
        problems += 1
    print("all hostile examples were contained" if not problems else f"{problems} problem(s) found")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("error: no results folder given — run: python examples/check_demo.py out/demo-grades", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(Path(sys.argv[1])))
