"""Time the memoized reference against the NumPy evaluator, per variant (not run by tests).

Usage: python bench/exact.py [GOAL] [--no-reference]
       (the reference takes minutes per pair at goal 100; try 40 first)

For each variant, on random tables: the memoized reference on one pair; the NumPy evaluator on
the same pair (best of three runs); and the NumPy evaluator per pair when a batch of pairs goes
through at once, as in a tournament (batch size from ``hogkit.exact.batch_size``). The ratio is
reference time over single-pair NumPy time (and over the batched time per pair); ``diff`` is the
gap between the two answers.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

from hogkit.exact import batch_size, model_for, win_rate, win_rates
from hogkit.variant import load_variant, variant_names

REPEATS = 3


def best_time(run, repeats: int = REPEATS) -> float:
    """The shortest of REPEATS runs of RUN, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main(goal: int, *, reference: bool) -> None:
    """Print one line per variant: reference time, NumPy times and their ratio."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repo, for tests.test_exact
    from tests.test_exact import reference_win_rate

    rng = np.random.default_rng(0)
    print(f"goal {goal}; NumPy times are the best of {REPEATS} runs", flush=True)
    for name in variant_names():
        variant = load_variant(name)
        legal = np.array(variant.legal_rolls)
        t0, t1 = rng.choice(legal, size=(goal, goal)), rng.choice(legal, size=(goal, goal))
        model = model_for(variant, goal)
        fast = win_rate(variant, t0, t1, goal=goal)
        numpy_s = best_time(lambda: win_rate(variant, t0, t1, goal=goal))  # noqa: B023
        size = batch_size(model)
        many = rng.choice(legal, size=(size, goal, goal))
        batch_s = best_time(lambda: win_rates(variant, many, t1, goal=goal)) / size  # noqa: B023
        line = (f"{name:9} numpy {numpy_s * 1000:6.1f} ms/pair  batched {batch_s * 1000:6.1f} ms/pair "
                f"(batch {size:2})")
        if reference:
            start = time.perf_counter()
            slow = reference_win_rate(variant, t0.tolist(), t1.tolist(), goal)
            ref_s = time.perf_counter() - start
            line += (f"  reference {ref_s:7.1f} s  ratio {ref_s / numpy_s:6.0f}x (batched {ref_s / batch_s:6.0f}x)"
                     f"  diff {abs(fast - slow):.1e}")
        print(line, flush=True)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(int(args[0]) if args else 40, reference="--no-reference" not in sys.argv)
