"""Time an exact round-robin tournament of sample entries (not run by tests).

Usage: python bench/tournament.py [--variant sp18] [--count 100] [--jobs 2]

Prints the time to load the entries (each in a sandboxed child), the time to evaluate every
pair in both seatings, the time per seating, and where the solved strategy ranked.
"""

from __future__ import annotations

import resource
import sys
import tempfile
import time
from pathlib import Path

from graders.contest import run_tournament
from graders.sample_entries import write_sample_entries
from hogkit.variant import load_variant
from hogkit_cli.main import Parser, run


def main(argv: list[str] | None = None) -> int:
    """Write the entries, run the tournament, print the figures."""
    parser = Parser(prog="python bench/tournament.py", description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="sp18", help="a Time Trot variant by default")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if args.count < 2 or args.jobs < 1:
        parser.error("--count must be at least 2 and --jobs at least 1")
    return run(lambda: measure(args))


def measure(args) -> None:
    """Run the tournament ARGS ask for and print its figures."""
    variant = load_variant(args.variant)
    with tempfile.TemporaryDirectory() as tmp:
        entries = Path(tmp) / "entries"
        write_sample_entries(variant, out=entries, count=args.count)
        marks = {}

        def say(line: str) -> None:
            if line.startswith("[") and "/" in line and "pairs" not in line and "loaded" in line:
                marks["loaded"] = time.perf_counter()

        start = time.perf_counter()
        ranking = run_tournament(entries, variant=variant, out=Path(tmp) / "out", jobs=args.jobs, say=say)
        total = time.perf_counter() - start
    loading = marks.get("loaded", start) - start
    pairs = args.count * (args.count - 1) // 2
    evaluating = total - loading
    print(f"{args.variant}: {args.count} entries, {pairs} pairs ({2 * pairs} seatings), {args.jobs} jobs")
    print(f"  loading entries   {loading:7.1f} s")
    print(f"  evaluating pairs  {evaluating:7.1f} s  ({1000 * evaluating * args.jobs / (2 * pairs):.1f} ms "
          f"per seating per core)")
    print(f"  total             {total:7.1f} s  (target: 180 s)")
    peaks = [resource.getrusage(who).ru_maxrss / 1024 for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    print(f"  peak memory       {peaks[0]:7.0f} MiB here, {peaks[1]:.0f} MiB in the largest worker (target: 2048 MiB)")
    place = [name for name, _, _ in ranking].index("solved") + 1
    print(f"  the solved strategy ranked {place} of {len(ranking)} with {ranking[place - 1][1]} match points")


if __name__ == "__main__":
    sys.exit(main())
