"""``hogkit doctor``: which isolation this machine gives student code, why, and a live check of it.

The check starts a real child the way grading does (:func:`graders.sandbox.run_once`: the same
view, uid, seccomp filter, Landlock and limits) with a small probe program of our own instead of
the harness, so what it reports is what the operating system enforces, not what the audit hook
refuses: the child's uid, whether it can open, list or write any of the grader's files (HogKit's
code wherever it is installed, the project, the grader's environment, the reference solutions)
or import HogKit from the grader's own ``sys.path``, whether it can open a socket or start a
process, which network interfaces and processes it sees, and whether it can signal its parent.
The doctor exits 1 when grading would be refused or student code could read a grader file, and
says how to fix it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from graders.isolation import Caps, Isolation, detect
from graders.reach import require_out_of_reach
from graders.sandbox import run_once
from graders.uids import grader_paths
from graders.untrusted import Untrusted, clean, load_json
from graders.view import install_hint
from hogkit.errors import HogkitError

PROBE = """
import json, os, socket, sys
paths, search = json.loads(sys.argv[1]), json.loads(sys.argv[2])
facts = {"uid": os.getuid(), "euid": os.geteuid()}

def opened(path):
    try:
        if os.path.isdir(path):
            names = os.listdir(path)
            for name in names[:50]:
                if os.path.isfile(os.path.join(path, name)):
                    with open(os.path.join(path, name), "rb") as handle:
                        handle.read(1)
                    return True
            return bool(names)
        with open(path, "rb") as handle:
            handle.read(1)
        return True
    except OSError:
        return False

def writable(path):
    try:
        fd = os.open(path if not os.path.isdir(path) else os.path.join(path, ".hogkit-doctor"),
                     os.O_WRONLY | (os.O_CREAT if os.path.isdir(path) else 0), 0o600)
    except OSError:
        return False
    os.close(fd)
    return True

facts["reads"] = [p for p in paths if opened(p)]
facts["writes"] = [p for p in paths if writable(p)]
facts["imports"] = []
for entry in search:
    sys.path[:] = [entry]
    for name in ("hogkit", "graders"):
        sys.modules.pop(name, None)
        try:
            __import__(name)
            facts["imports"].append(entry)
        except BaseException:
            pass
try:
    facts["interfaces"] = sorted(name for _, name in socket.if_nameindex())
except OSError as exc:
    facts["interfaces"] = ["(none: %s)" % exc.strerror]
try:
    socket.socket(socket.AF_INET, socket.SOCK_DGRAM).close()
    facts["sockets"] = "allowed"
except OSError as exc:
    facts["sockets"] = "refused (%s)" % exc.strerror
try:
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    facts["processes_started"] = "allowed"
except OSError as exc:
    facts["processes_started"] = "refused (%s)" % exc.strerror
try:
    facts["processes"] = sum(name.isdigit() for name in os.listdir("/proc"))
except OSError:
    facts["processes"] = "none visible"
try:
    os.kill(os.getppid(), 0)
    facts["signal_parent"] = "allowed (its parent is pid %d as it sees it)" % os.getppid()
except OSError as exc:
    facts["signal_parent"] = "refused (%s)" % type(exc).__name__
print(json.dumps(facts))
"""


def watched_paths() -> list[Path]:
    """What student code must never open: HogKit's code, the project and environment it lives in,
    and the reference solutions and tests of the project when they are there."""
    project = grader_paths()[2]
    extra = [project / part for part in ("solutions", "tests", "variants")]
    return [*grader_paths(), *(p for p in extra if p.exists())]


def live_check(isolation: Isolation) -> dict:
    """What a child started with ISOLATION finds out about its surroundings."""
    paths = [str(p) for p in watched_paths()]
    search = [p for p in sys.path if p and Path(p).is_dir()]
    done = run_once(["probe.py", json.dumps(paths), json.dumps(search)], files={"probe.py": PROBE.encode()},
                    isolation=isolation, caps=Caps(cpu_seconds=10), timeout=20)
    try:
        facts = load_json(done.stdout.strip().splitlines()[-1]) if done.stdout.strip() else None
    except Untrusted:
        facts = None
    if done.status != "ok" or done.returncode != 0 or not isinstance(facts, dict):
        raise HogkitError(f"the test child did not run ({done.status}, exit {done.returncode})",
                          "see the reason above; try --isolation uid or another host")
    return facts


def _fix(isolation: Isolation, exposed: list[str]) -> str:
    """How to put EXPOSED out of the child's reach in ISOLATION's mode."""
    if isolation.mode == "uid":
        return (f"chmod -R o-rwx {' '.join(exposed[:4])} (setup.sh does this on Gradescope), or use a host "
                "where bubblewrap or Landlock works")
    if isolation.mode == "namespaces":
        return ("install HogKit in a virtual environment (python3 -m venv) rather than into the interpreter's own "
                "folders, and report this view as a bug")
    return "grade with --isolation namespaces or uid: without isolation student code reads what you can"


def report(request: str = "auto", *, unsafe: bool = False) -> tuple[list[str], int]:
    """Lines saying which isolation grading gets here and why, and the exit status (1: refused, or
    student code could read the grader's files)."""
    try:
        isolation = detect(request, unsafe=unsafe)
    except HogkitError as exc:
        return [f"isolation: refused — {exc.what}", f"  to fix: {exc.fix}"], 1
    return report_on(isolation)


def report_on(isolation: Isolation) -> tuple[list[str], int]:
    """:func:`report` for an isolation already chosen."""
    lines = [f"isolation: {isolation.mode} — {isolation.summary()}", f"  why: {isolation.why}",
             f"  child's Python: {isolation.python} ({isolation.python_version})",
             "  standard library: " + (f"lacks {', '.join(isolation.missing)}, which a student's Python has (a copy "
                                       f"that imports one cannot be graded) — to fix: {install_hint(isolation.missing)}"
                                       if isolation.missing else "complete (every module a student's Python has on "
                                       "Linux)"),
             f"  resources: {isolation.resources()}",
             "  time: CPU time of the child's own processes, and the time it was blocked"
             + ("" if isolation.run_queue else " (this kernel keeps no run-queue times: waiting for a CPU counts)")]
    if isolation.view is not None and isolation.mode != "none":
        view = isolation.view
        lines.append(f"  view: {len(view.allowed)} allowed paths (bound as {', '.join(view.binds)}; "
                     f"{len(view.masks)} entries hidden in them)")
    try:
        facts = live_check(isolation)
    except HogkitError as exc:
        return [*lines, f"  live check: FAILED — {exc.line()}"], 1
    lines += [f"  live check: the child runs as uid {facts.get('uid')}, sees {facts.get('processes')} process(es), "
              f"network interfaces {clean(facts.get('interfaces'), limit=200, newlines=False)}",
              f"  sockets: {clean(facts.get('sockets'), limit=100, newlines=False)}; new processes: "
              f"{clean(facts.get('processes_started'), limit=100, newlines=False)}; signalling its parent: "
              f"{clean(facts.get('signal_parent'), limit=100, newlines=False)}"]
    exposed: list[str] = []
    for verb in ("reads", "writes", "imports"):
        found = [str(p) for p in facts.get(verb) or []]
        exposed += found
        shown = clean(", ".join(found), limit=500) if found else "none"
        what = "imports HogKit from" if verb == "imports" else f"{verb} grader files at"
        lines.append(f"  the child {what}: {shown}")
    if exposed and not isolation.unsafe:
        return [*lines, f"  student code could read the grader's files — to fix: {_fix(isolation, exposed)}"], 1
    try:
        require_out_of_reach(isolation, [])
    except HogkitError as exc:
        return [*lines, f"  grading refused: {exc.line()}"], 1
    if isolation.unsafe:
        lines.append("  WARNING: student code runs as you, with your files and network; every report says so")
    return lines, 0
