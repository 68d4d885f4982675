"""``hogkit doctor``: which isolation this machine gives student code, why, and a live check of it.

The check starts a real child the way grading does (:func:`graders.sandbox.run_once`) with a
small probe program of our own instead of the harness, so what it reports is what the operating
system enforces, not what the audit hook refuses: the child's uid, whether it can read or write
the grader's files, which network interfaces it has, how many processes it can see, and whether it
can signal its parent.
"""

from __future__ import annotations

import json

from graders.isolation import Caps, Isolation, detect, grader_paths, require_out_of_reach
from graders.sandbox import run_once
from graders.untrusted import Untrusted, clean, load_json
from hogkit.errors import HogkitError

PROBE = """
import json, os, socket, sys
paths = json.loads(sys.argv[1])
facts = {"uid": os.getuid(), "euid": os.geteuid()}
facts["reads"] = [p for p in paths if os.access(p, os.R_OK)]
facts["writes"] = [p for p in paths if os.access(p, os.W_OK)]
try:
    facts["interfaces"] = sorted(name for _, name in socket.if_nameindex())
except OSError as exc:
    facts["interfaces"] = ["(unknown: %s)" % exc]
facts["processes"] = sum(name.isdigit() for name in os.listdir("/proc"))
try:
    os.kill(os.getppid(), 0)
    facts["signal_parent"] = "allowed (its parent is pid %d as it sees it)" % os.getppid()
except OSError as exc:
    facts["signal_parent"] = "refused (%s)" % type(exc).__name__
print(json.dumps(facts))
"""


def live_check(isolation: Isolation) -> dict:
    """What a child started with ISOLATION finds out about its surroundings."""
    paths = [str(p) for p in grader_paths()]
    done = run_once(["probe.py", json.dumps(paths)], files={"probe.py": PROBE.encode()}, isolation=isolation,
                    caps=Caps(cpu_seconds=10), timeout=20)
    try:
        facts = load_json(done.stdout.strip().splitlines()[-1]) if done.stdout.strip() else None
    except Untrusted:
        facts = None
    if done.status != "ok" or done.returncode != 0 or not isinstance(facts, dict):
        raise HogkitError(f"the test child did not run ({done.status}, exit {done.returncode})",
                          "see the reason above; try --isolation uid or another host")
    return facts


def report(request: str = "auto", *, unsafe: bool = False) -> tuple[list[str], int]:
    """Lines saying which isolation grading gets here and why, and the exit status (1: refused)."""
    try:
        isolation = detect(request, unsafe=unsafe)
    except HogkitError as exc:
        return [f"isolation: refused — {exc.what}", f"  to fix: {exc.fix}"], 1
    lines = [f"isolation: {isolation.mode} — {isolation.summary()}", f"  why: {isolation.why}",
             f"  child's Python: {isolation.python} ({isolation.python_version})"]
    if isolation.mode == "namespaces":
        lines.append(f"  bubblewrap: {isolation.bwrap}; read-only view: {', '.join(isolation.runtime)}")
    try:
        facts = live_check(isolation)
    except HogkitError as exc:
        return [*lines, f"  live check: FAILED — {exc.line()}"], 1
    lines += [f"  live check: the child runs as uid {facts.get('uid')}, sees {facts.get('processes')} process(es), "
              f"network interfaces {clean(facts.get('interfaces'), limit=200, newlines=False)}",
              f"  signalling its parent: {clean(facts.get('signal_parent'), limit=100, newlines=False)}"]
    for verb in ("reads", "writes"):
        found = facts.get(verb) or []
        shown = clean(", ".join(map(str, found)), limit=500) if found else "none"
        lines.append(f"  grader's files the child {verb}: {shown}")
    try:
        require_out_of_reach(isolation, [])
    except HogkitError as exc:
        return [*lines, f"  grading refused: {exc.line()}"], 1
    if isolation.unsafe:
        lines.append("  WARNING: student code runs as you, with your files and network; every report says so")
    return lines, 0
