"""Time the batch grader on a class-sized folder of submissions (not run by tests).

Usage: python bench/grade_batch.py [--count 500] [--jobs 2] [--seed 0] [--keep DIR]

Makes COUNT submissions from the bundled examples (``examples/make_examples.py``): mostly complete
and partial copies, some skeletons and broken files, a few hostile ones. Each copy gets a line of
its own so no two files are the same. Grades them with :func:`graders.batch.grade_batch`, then
prints throughput, total time, and the median and 95th percentile of one submission's grade (its
own wall time, measured by the grader), overall and by kind. Targets: 500 submissions in at most
10 minutes on 2 cores; one grade at most 3 s at the median.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from graders.batch import grade_batch
from hogkit.variant import load_variant
from hogkit_cli.main import Parser

ROOT = Path(__file__).resolve().parent.parent
MIX = {"complete": 0.40, "partial": 0.38, "skeleton": 0.05, "broken": 0.12, "hostile": 0.05}
TARGET_TOTAL_500 = 600.0
TARGET_MEDIAN = 3.0


def kind(name: str) -> str:
    """The kind of an example from its name: complete, partial, skeleton, broken or hostile."""
    return name.split("_", 1)[0]


def example_sources() -> dict[str, bytes]:
    """The bundled examples, made by examples/make_examples.py (which has no effects on import)."""
    spec = importlib.util.spec_from_file_location("make_examples", ROOT / "examples" / "make_examples.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.example_sources()


def plan(names: list[str], count: int, *, seed: int) -> list[str]:
    """COUNT of the example NAMES in the proportions of MIX (largest remainders), shuffled by SEED."""
    by_kind: dict[str, list[str]] = {}
    for name in sorted(names):
        by_kind.setdefault(kind(name), []).append(name)
    exact = {k: MIX[k] * count for k in MIX}
    counts = {k: int(v) for k, v in exact.items()}
    for k in sorted(MIX, key=lambda k: exact[k] - counts[k], reverse=True)[:count - sum(counts.values())]:
        counts[k] += 1
    rng = random.Random(seed)
    names = [rng.choice(by_kind[k]) for k in MIX for _ in range(counts[k])]
    rng.shuffle(names)
    return names


def write_submissions(folder: Path, names: list[str], sources: dict[str, bytes]) -> dict[str, str]:
    """One folder per student in FOLDER, each with a hog.py; return student id -> example name."""
    students = {}
    for i, name in enumerate(names):
        student = f"s{i:04d}"
        (folder / student).mkdir(parents=True)
        (folder / student / "hog.py").write_bytes(f"# {student}\n".encode() + sources[name])
        students[student] = name
    return students


def percentile(values: list[float], q: float) -> float:
    """The Q-th percentile of VALUES (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))]


def main(argv: list[str] | None = None) -> int:
    """Generate, grade and report; exit 1 if a target is missed."""
    parser = Parser(prog="python bench/grade_batch.py", description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=500, help="number of submissions (default: %(default)s)")
    parser.add_argument("--jobs", type=int, default=2, help="submissions graded at once (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the mix (default: %(default)s)")
    parser.add_argument("--keep", type=Path, help="make the submissions and results here instead of a temp folder")
    args = parser.parse_args(argv)
    if args.count < 1 or args.jobs < 1:
        parser.error("--count and --jobs must be at least 1")

    variant = load_variant("fa19")
    with tempfile.TemporaryDirectory(prefix="hogkit-bench-") as tmp:
        base = args.keep or Path(tmp)
        sources = example_sources()
        students = write_submissions(base / "submissions", plan(list(sources), args.count, seed=args.seed), sources)
        start = time.perf_counter()
        grade_batch(base / "submissions", out=base / "results", variant=variant, jobs=args.jobs)
        total = time.perf_counter() - start
        rows = {s: json.loads((base / "results" / "results" / f"{s}.json").read_text()) for s in students}

    seconds = {s: float(r.get("seconds", 0.0)) for s, r in rows.items()}
    times = list(seconds.values())
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\n{args.count} submissions, {args.jobs} jobs, variant fa19, {os.cpu_count()} cores, "
          f"load average {load} (1/5/15 min) at the end")
    print(f"total {total:.1f} s, {args.count / total:.2f} submissions/s")
    print(f"one grade: median {statistics.median(times):.2f} s, p95 {percentile(times, 95):.2f} s, "
          f"max {max(times):.2f} s")
    print(f"{'kind':10} {'count':>5} {'median s':>9} {'p95 s':>7} {'max s':>7}")
    for k in MIX:
        mine = [seconds[s] for s, name in students.items() if kind(name) == k]
        if mine:
            print(f"{k:10} {len(mine):5} {statistics.median(mine):9.2f} {percentile(mine, 95):7.2f} {max(mine):7.2f}")
    errors = [s for s, r in rows.items() if r.get("status") == "grader_error"]
    if errors:
        print(f"grader errors: {len(errors)} ({', '.join(errors[:5])})")
    budget = TARGET_TOTAL_500 * args.count / 500
    ok_total, ok_median = total <= budget, statistics.median(times) <= TARGET_MEDIAN
    print(f"target: {args.count} in <= {budget:.0f} s: {'met' if ok_total else 'MISSED'}; "
          f"median <= {TARGET_MEDIAN:g} s: {'met' if ok_median else 'MISSED'}")
    return 0 if ok_total and ok_median and not errors else 1


if __name__ == "__main__":
    sys.exit(main())
