"""Time the memoized reference against the NumPy evaluator, per variant (not run by tests).

Usage: python bench/exact.py [GOAL]   (the reference is slow at goal 100; try 40 first)

For each variant: the memoized reference on one pair, the NumPy evaluator on the same pair, and
the NumPy evaluator per pair when 16 pairs go through at once (as in a tournament).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

from hogkit.exact import model_for, win_rate, win_rates
from hogkit.variant import load_variant, variant_names


def main(goal: int) -> None:
    """Print one line per variant: reference time, NumPy time and their ratio."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repo, for tests.test_exact
    from tests.test_exact import reference_win_rate

    rng = np.random.default_rng(0)
    for name in variant_names():
        variant = load_variant(name)
        t0 = rng.choice(np.array(variant.legal_rolls), size=(goal, goal))
        t1 = rng.choice(np.array(variant.legal_rolls), size=(goal, goal))
        model_for(variant, goal)
        start = time.perf_counter()
        fast = win_rate(variant, t0, t1, goal=goal)
        numpy_s = time.perf_counter() - start
        many0 = rng.choice(np.array(variant.legal_rolls), size=(16, goal, goal))
        start = time.perf_counter()
        win_rates(variant, many0, t1, goal=goal)
        batch_s = (time.perf_counter() - start) / 16
        start = time.perf_counter()
        slow = reference_win_rate(variant, t0.tolist(), t1.tolist(), goal)
        ref_s = time.perf_counter() - start
        print(f"{name:9} reference {ref_s:8.2f} s  numpy {numpy_s * 1000:7.1f} ms  "
              f"batched {batch_s * 1000:7.1f} ms/pair  ratio {ref_s / numpy_s:7.0f}x  diff {abs(fast - slow):.1e}",
              flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
