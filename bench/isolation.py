"""Time grading under each isolation mode on the same copies, against another checkout (not run by tests).

Usage: python bench/isolation.py [--repeats 3] [--modes namespaces,uid,none] [--copies complete,skeleton,...]
                                 [--against DIR]

Grades each copy (by default every bundled example in ``examples/submissions``) one at a time under
each isolation mode: ``namespaces`` (bubblewrap), ``uid`` (a sandbox uid of its own; root only) and
``none`` (a child of the grader's own user with resource limits and the audit hook). With
``--against DIR`` (another checkout of HogKit, e.g. ``git worktree add /tmp/before main``) the same
copies are graded by that version's grader too. Each round runs one fresh process per version (this
checkout's code, then DIR's, the order rotating each round so a change in the machine's load falls
on both); in it, each mode first detects its isolation and grades one copy untimed, then grades
every copy once, the modes interleaved. Prints, per version and mode, the median, 95th percentile
and maximum of one grade's wall time (as the grader measures it), the ratio of medians against this
checkout's first mode, the median time to start one child and import the complete copy, and the
median by kind of copy.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from grade_batch import percentile  # bench/ is this script's folder, so it is on sys.path

from hogkit_cli.main import Parser, run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "submissions"

# One round in a fresh process of one version: only names every version of HogKit has.
WORKER = """
import json, sys, time
from graders.isolation import detect
from graders.runner import grade_source
from graders.sandbox import Sandbox
from hogkit.variant import load_variant
modes, sources = json.loads(sys.argv[1]), {n: open(p, "rb").read() for n, p in json.loads(sys.argv[2]).items()}
variant = load_variant("fa19")
isolations = {m: detect(m, unsafe=True) for m in modes}
for mode in modes:
    grade_source(next(iter(sources.values())), variant, isolation=isolations[mode])
seconds = {m: {} for m in modes}
starts = {}
for name, source in sources.items():
    for mode in modes:
        seconds[mode][name] = grade_source(source, variant, isolation=isolations[mode]).seconds
for mode in modes:
    begin = time.perf_counter()
    with Sandbox(sources.get("complete", next(iter(sources.values()))), isolation=isolations[mode]):
        starts[mode] = time.perf_counter() - begin
print(json.dumps({"seconds": seconds, "starts": starts}))
"""


def main(argv: list[str] | None = None) -> int:
    """Grade, time and report."""
    parser = Parser(prog="python bench/isolation.py", description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="rounds over every copy (default: %(default)s)")
    parser.add_argument("--modes", default="namespaces,uid,none", help="isolation modes, comma-separated")
    parser.add_argument("--copies", default="", help="example names, comma-separated (default: all)")
    parser.add_argument("--against", type=Path, default=None, help="another checkout of HogKit to time too")
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
    if args.against is not None and not (args.against / "graders" / "runner.py").is_file():
        parser.error(f"{args.against} is not a checkout of HogKit (no graders/runner.py)")
    versions = {"this": ROOT, **({"against": args.against.resolve()} if args.against else {})}
    return run(lambda: _bench(versions, modes, names, args.repeats))


def _round(root: Path, modes: list[str], names: list[str]) -> dict:
    """One round of every copy under every mode, graded by the checkout at ROOT in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(root), "HOGKIT_VARIANTS": str(root / "variants")}
    paths = {n: str(EXAMPLES / n / "hog.py") for n in names}
    done = subprocess.run([sys.executable, "-c", WORKER, json.dumps(modes), json.dumps(paths)], cwd=root, env=env,
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"the grader of {root} failed: {done.stderr.strip()[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _bench(versions: dict[str, Path], modes: list[str], names: list[str], repeats: int) -> int:
    seconds = {v: {m: {n: [] for n in names} for m in modes} for v in versions}
    starts: dict[str, dict[str, list[float]]] = {v: {m: [] for m in modes} for v in versions}
    order = list(versions)
    for round_ in range(repeats):
        for version in order[round_ % len(order):] + order[:round_ % len(order)]:
            got = _round(versions[version], modes[round_ % len(modes):] + modes[:round_ % len(modes)], names)
            for mode in modes:
                for name in names:
                    seconds[version][mode][name].append(got["seconds"][mode][name])
                starts[version][mode].append(got["starts"][mode])
        print(f"round {round_ + 1}/{repeats} done", file=sys.stderr, flush=True)
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{len(names)} copies x {repeats} rounds, one at a time, {os.cpu_count()} cores, load average {load} "
          f"(1/5/15 min) at the end; " + "; ".join(f"{v}: {p}" for v, p in versions.items()))
    base = statistics.median(v for vs in seconds["this"][modes[0]].values() for v in vs)
    print(f"{'version':8} {'mode':11} {'median s':>9} {'p95 s':>7} {'max s':>7} {'vs this ' + modes[0]:>20} "
          f"{'child start':>12}")
    for version in versions:
        for mode in modes:
            every = [v for vs in seconds[version][mode].values() for v in vs]
            median = statistics.median(every)
            print(f"{version:8} {mode:11} {median:9.3f} {percentile(every, 95):7.2f} {max(every):7.2f} "
                  f"{median / base:20.2f} {statistics.median(starts[version][mode]) * 1000:9.0f} ms")
    kinds = sorted({n.split("_", 1)[0] for n in names})
    print(f"{'median s':20} " + " ".join(f"{k:>10}" for k in kinds))
    for version in versions:
        for mode in modes:
            row = [statistics.median(v for n in names if n.split("_", 1)[0] == k for v in seconds[version][mode][n])
                   for k in kinds]
            print(f"{version + ' ' + mode:20} " + " ".join(f"{x:10.3f}" for x in row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
