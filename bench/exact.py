"""Time the memoized reference against the NumPy evaluator, per variant (not run by tests).

Usage: python bench/exact.py [GOAL] [--variant NAME ...] [--repeats N] [--batch N] [--no-reference]
       (the reference takes seconds to minutes per pair at goal 100; try 40 first)

For each variant, on random tables: the memoized reference on one pair; the NumPy evaluator on
the same pair (best of REPEATS runs, warm: the model is built first), as ``win_rate`` and every
tournament evaluate pairs; and, per pair, a batch of BATCH pairs through one ``backward`` pass
(the solver's way: one read serves the batch where its pairs agree), which shows why pairs go
one at a time. The ratio is reference time over one-pair NumPy time; ``diff`` is the gap between
the two answers. The VM this runs on can swing by half between runs, so compare lines of one
run, not runs.
"""

from __future__ import annotations

import resource
import sys
import time
from pathlib import Path

import numpy as np

from hogkit.cli import Parser, run
from hogkit.exact import backward, model_for, start_values, win_rate
from hogkit.variant import Variant, load_variant, variant_names

GOAL, REPEATS, BATCH = 40, 3, 8
GOALS = range(10, 101)  # the reference's recursion gets too deep past 100


def best_time(work, repeats: int) -> float:
    """The shortest of REPEATS runs of WORK, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def compare(variant: Variant, *, goal: int, repeats: int, batch: int, reference: bool,
            rng: np.random.Generator) -> str:
    """One line of figures for VARIANT."""
    from tests.test_exact import reference_win_rate

    legal = np.array(variant.legal_rolls)
    t0, t1 = rng.choice(legal, size=(goal, goal)), rng.choice(legal, size=(goal, goal))
    model = model_for(variant, goal)
    fast = win_rate(variant, t0, t1, goal=goal)  # builds what the model caches
    numpy_s = best_time(lambda: win_rate(variant, t0, t1, goal=goal), repeats)
    many = np.stack([model.columns(rng.choice(legal, size=(batch, goal, goal))),
                     np.broadcast_to(model.columns(t1), (batch, goal, goal))], axis=1)

    def batched() -> np.ndarray:
        def choose(total, layer, who, mover, opp, value_of):
            return value_of(many[:, who, mover, opp])

        return start_values(model, backward(model, batch, choose))

    first = batched()
    if abs(first[0] - win_rate(variant, many[0, 0] - model.offset, t1, goal=goal)) > 1e-12:
        raise AssertionError(f"{variant.name}: a batch disagrees with one pair")
    batch_s = best_time(batched, repeats) / batch
    line = (f"{variant.name:9} numpy {numpy_s * 1000:6.1f} ms/pair  "
            f"in a batch {batch_s * 1000:6.1f} ms/pair ({batch})")
    if reference:
        start = time.perf_counter()
        slow = reference_win_rate(variant, t0.tolist(), t1.tolist(), goal)
        ref_s = time.perf_counter() - start
        line += f"  reference {ref_s:7.1f} s  ratio {ref_s / numpy_s:6.0f}x  diff {abs(fast - slow):.1e}"
    return line


def main(argv: list[str] | None = None) -> int:
    """Print one line per variant: NumPy times, and the reference's time and the ratios."""
    parser = Parser(prog="python bench/exact.py", description=__doc__.splitlines()[0])
    parser.add_argument("goal", nargs="?", type=int, default=GOAL, help="goal score (default: %(default)s)")
    parser.add_argument("--variant", action="append", metavar="NAME", help="only this variant (repeatable)")
    parser.add_argument("--repeats", type=int, default=REPEATS, help="NumPy runs to take the best of")
    parser.add_argument("--batch", type=int, default=BATCH, help="pairs in the batch (default: %(default)s)")
    parser.add_argument("--no-reference", action="store_true", help="skip the memoized reference")
    args = parser.parse_args(argv)
    if args.goal not in GOALS:
        parser.error(f"goal {args.goal} is out of range; give {GOALS.start} to {GOALS.stop - 1}")
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    if args.batch < 2:
        parser.error("--batch must be at least 2")

    def work() -> int:
        variants = [load_variant(name) for name in args.variant or variant_names()]  # each checked first
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repo, for tests.test_exact
        rng = np.random.default_rng(0)
        print(f"goal {args.goal}; NumPy times are the best of {args.repeats} runs", flush=True)
        for variant in variants:
            print(compare(variant, goal=args.goal, repeats=args.repeats, batch=args.batch,
                          reference=not args.no_reference, rng=rng),
                  flush=True)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
        print(f"peak memory {peak:.0f} MiB (this process, every variant's model kept; target: 2048 MiB)")
        return 0

    return run(work)


if __name__ == "__main__":
    sys.exit(main())
