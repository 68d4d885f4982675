"""Time grading under each isolation mode on the same copies (not run by tests).

Usage: python bench/isolation.py [--repeats 3] [--modes namespaces,uid,none] [--copies complete,skeleton,...]

Grades each copy (by default every bundled example in ``examples/submissions``) one at a time, in
this process, under each isolation mode: ``namespaces`` (bubblewrap), ``uid`` (a sandbox uid of its
own; root only) and ``none`` (a child of the grader's own user with resource limits and the audit
hook, the mechanism of a sandbox without operating-system isolation). Rounds rotate the order of
the modes so that a change in the machine's load falls on all of them; one untimed grade per mode
comes first. Prints, per mode, the
median and 95th percentile of one grade's wall time (as the grader measures it), the median by
kind of copy, the ratio of medians against ``none``, and the median time to start one child and
import the complete copy.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

from grade_batch import percentile  # bench/ is this script's folder, so it is on sys.path

from graders.isolation import detect
from graders.runner import grade_source
from graders.sandbox import Sandbox
from hogkit.variant import load_variant
from hogkit_cli.main import Parser, run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "submissions"


def main(argv: list[str] | None = None) -> int:
    """Grade, time and report."""
    parser = Parser(prog="python bench/isolation.py", description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="rounds over every copy (default: %(default)s)")
    parser.add_argument("--modes", default="namespaces,uid,none", help="isolation modes, comma-separated")
    parser.add_argument("--copies", default="", help="example names, comma-separated (default: all)")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    modes = [m for m in args.modes.split(",") if m]
    names = [n for n in args.copies.split(",") if n] or sorted(p.name for p in EXAMPLES.iterdir())
    if not modes or any(m not in ("namespaces", "uid", "none") for m in modes):
        parser.error("--modes takes namespaces, uid and none, comma-separated")
    missing = [n for n in names if not (EXAMPLES / n / "hog.py").is_file()]
    if missing:
        parser.error(f"no example {missing[0]} in {EXAMPLES}")
    return run(lambda: _bench(modes, names, args.repeats))


def _bench(modes: list[str], names: list[str], repeats: int) -> int:
    variant = load_variant("fa19")
    isolations = {m: detect(m, unsafe=True) for m in modes}
    sources = {n: (EXAMPLES / n / "hog.py").read_bytes() for n in names}
    seconds: dict[str, dict[str, list[float]]] = {m: {n: [] for n in names} for m in modes}
    starts: dict[str, list[float]] = {m: [] for m in modes}
    for mode in modes:  # warm up: derandomized fuzz inputs, the reference's answers, the first child
        grade_source(sources[names[0]], variant, isolation=isolations[mode])
    for round_ in range(repeats):
        order = modes[round_ % len(modes):] + modes[:round_ % len(modes)]
        for name in names:
            for mode in order:
                seconds[mode][name].append(grade_source(sources[name], variant, isolation=isolations[mode]).seconds)
        for mode in order:
            begin = time.perf_counter()
            with Sandbox(sources.get("complete", next(iter(sources.values()))), isolation=isolations[mode]):
                starts[mode].append(time.perf_counter() - begin)
        print(f"round {round_ + 1}/{repeats} done", file=sys.stderr, flush=True)
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{len(names)} copies x {repeats} rounds, one at a time, {os.cpu_count()} cores, load average {load} "
          f"(1/5/15 min) at the end")
    base = statistics.median(v for vs in seconds[modes[-1]].values() for v in vs)
    print(f"{'mode':11} {'median s':>9} {'p95 s':>7} {'max s':>7} {'vs ' + modes[-1]:>9} {'child start':>12}")
    for mode in modes:
        every = [v for vs in seconds[mode].values() for v in vs]
        median = statistics.median(every)
        print(f"{mode:11} {median:9.3f} {percentile(every, 95):7.2f} {max(every):7.2f} {median / base:9.2f}"
              f" {statistics.median(starts[mode]) * 1000:9.0f} ms")
    kinds = sorted({n.split("_", 1)[0] for n in names})
    print(f"{'median s':11} " + " ".join(f"{k:>10}" for k in kinds))
    for mode in modes:
        row = [statistics.median(v for n in names if n.split("_", 1)[0] == k for v in seconds[mode][n]) for k in kinds]
        print(f"{mode:11} " + " ".join(f"{x:10.3f}" for x in row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
