"""Get this machine ready for ``make demo`` to grade the bundled examples, or say in one line why not.

Usage: python examples/prepare_demo.py SUBMISSIONS OUT

The examples include hostile copies, so they are graded only in a sandbox (`hogkit doctor` says
which). With bubblewrap (``make demo`` installs it first when it runs as root with apt-get) nothing
is needed. As root without namespaces each child runs as a sandbox uid of its own, which must not
reach the grader's files, the examples or the results: this checkout is then made private to other
users (``chmod o-rwx``), and a line says so. Without either, one ``error:`` line says what to
install (exit status 2).
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from graders.isolation import detect
from graders.uids import PROBE_UID, grader_paths, reachable_by
from hogkit.errors import HogkitError

ROOT = Path(__file__).resolve().parent.parent
INSTALL = "install bubblewrap (sudo apt-get install bubblewrap, or your system's package of that name) " \
          "and run make demo again"


def _tops(paths: list[str]) -> list[Path]:
    """PATHS without those below another of them."""
    found = [Path(p) for p in paths]
    return [p for p in found if not any(q != p and q in p.parents for q in found)]


def prepare(submissions: Path, out: Path) -> str:
    """What was done to grade the demo here (one line); a HogkitError when it cannot be done."""
    try:
        isolation = detect()
    except HogkitError:
        raise HogkitError("the demo grades hostile example copies, which run only in a sandbox", INSTALL) from None
    if isolation.mode != "uid":
        return f"demo: student code runs under {isolation.summary()}"
    out.mkdir(parents=True, exist_ok=True)
    wanted = [*grader_paths(), submissions.resolve(), out.resolve()]
    reachable = reachable_by(PROBE_UID, wanted)
    if not reachable:
        return f"demo: student code runs under {isolation.summary()}"
    outside = [p for p in _tops(reachable) if p != ROOT and ROOT not in p.parents]
    if outside:
        raise HogkitError(f"a sandbox uid can read {outside[0]}, which is outside this checkout",
                          f"make it private (chmod o-rwx {outside[0]}) or {INSTALL}")
    os.chmod(ROOT, stat.S_IMODE(os.stat(ROOT).st_mode) & ~0o007)
    if reachable_by(PROBE_UID, wanted):
        raise HogkitError(f"{ROOT} stays within a sandbox uid's reach", INSTALL)
    return (f"demo: no bubblewrap sandbox here, so each example runs as a sandbox uid of its own; made {ROOT} "
            "private to other users (chmod o-rwx) so that uid cannot reach the grader")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print("error: prepare_demo.py needs two folders — run: python examples/prepare_demo.py "
              "examples/submissions out/demo-grades", file=sys.stderr)
        sys.exit(2)
    try:
        print(prepare(Path(sys.argv[1]), Path(sys.argv[2])))
    except HogkitError as exc:
        print(f"error: {exc.line()}", file=sys.stderr)
        sys.exit(2)
