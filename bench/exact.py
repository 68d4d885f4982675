"""Time the exact evaluator and measure the shipped tables, one fresh process per variant (not run
by tests).

Usage: python bench/exact.py [GOAL] [--variant NAME ...] [--repeats N] [--reference] [--no-solver]

For each variant, in a process of its own (so that its peak memory is its own): the time of one
pair of random tables (best of REPEATS), the first call's cost (how much longer the first pair
takes: building the model and its planned reads), the peak memory of evaluating one pair, and the
time a pair takes in a tournament's row (one table against 29 others through ``figures_against``,
best of REPEATS) with the peak memory after it. Then, at the variant's
own goal, the shipped table (``hogkit/data/final``): its contest figure against always_roll(4)
and its exploitability as :func:`hogkit.solver.best_response` measures it (a lower bound: the
strongest score-only answer found; the upper bound is a player who also sees the hidden state),
with the time that took. With --reference, also the memoized reference on the same pair (seconds
to minutes at goal 100; try 40 first) and the ratio of its time to one pair's. The VM this runs
on can swing by half between runs, so compare lines of one run, not runs.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from hogkit.exact import always, contest_figure, figures_against
from hogkit.exact_reference import reference_win_rate
from hogkit.final import read_solved_table
from hogkit.solver import best_response
from hogkit.strategy_table import decode_array
from hogkit.variant import load_variant, variant_names
from hogkit_cli.main import Parser, run

ROOT = Path(__file__).resolve().parents[1]
GOAL, REPEATS, ROW = 100, 5, 30
GOALS = range(10, 201)
REFERENCE_GOALS = range(10, 101)  # the reference's recursion gets too deep past 100


def peak_mib() -> float:
    """This process's peak resident memory so far, in MiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def measure(name: str, *, goal: int, repeats: int, reference: bool, solver: bool) -> dict:
    """The figures of one variant, measured in this process (which should be fresh)."""
    variant = load_variant(name)
    rng = np.random.default_rng(0)
    legal = np.array(variant.legal_rolls)
    t0, t1 = rng.choice(legal, size=(goal, goal)), rng.choice(legal, size=(goal, goal))
    start = time.perf_counter()
    fast = contest_figure(variant, t0, t1, goal=goal)
    first = time.perf_counter() - start
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        contest_figure(variant, t0, t1, goal=goal)
        times.append(time.perf_counter() - start)
    found = {"variant": name, "pair": min(times), "first": first, "peak": peak_mib()}
    others = rng.choice(legal, size=(ROW - 1, goal, goal))  # a tournament's row: t0 against ROW - 1 others
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        figures_against(variant, t0, others, goal=goal)
        times.append(time.perf_counter() - start)
    found |= {"row": min(times) / (ROW - 1), "row_peak": peak_mib()}
    if reference:
        start = time.perf_counter()
        slow = (reference_win_rate(variant, t0.tolist(), t1.tolist(), goal)
                + 1 - reference_win_rate(variant, t1.tolist(), t0.tolist(), goal)) / 2
        found |= {"reference": time.perf_counter() - start, "diff": abs(fast - slow)}
    if solver and goal == variant.goal:
        solved = read_solved_table(variant)
        if solved is not None:
            table = decode_array(solved[0])
            start = time.perf_counter()
            response = best_response(variant, table)
            found |= {"vs_always4": contest_figure(variant, table, always(4, goal)), "exploit": response.figure,
                      "bound": response.bound, "from": response.start, "starts": response.starts,
                      "passes": response.passes, "solver_time": time.perf_counter() - start,
                      "solver_peak": peak_mib()}
    return found


def line(found: dict) -> str:
    """One line of figures for a variant."""
    text = (f"{found['variant']:9} one pair {found['pair'] * 1000:6.1f} ms  first-call cost "
            f"{found['first'] - found['pair']:5.2f} s  peak {found['peak']:4.0f} MiB  "
            f"in a row of {ROW} {found['row'] * 1000:6.1f} ms a pair (peak {found['row_peak']:4.0f} MiB)")
    if "reference" in found:
        text += (f"  reference {found['reference']:7.1f} s  ratio {found['reference'] / found['pair']:6.0f}x  "
                 f"diff {found['diff']:.1e}")
    if "exploit" in found:
        text += (f"\n{'':9} shipped table: vs always_roll(4) {found['vs_always4']:.6f}  exploitability "
                 f"{found['exploit']:.6f} (lower bound, from {found['from']}) to {found['bound']:.6f} (upper bound)"
                 f"  {found['starts']} starts, {found['passes']} passes, {found['solver_time']:.0f} s, "
                 f"peak {found['solver_peak']:.0f} MiB")
    return text


def main(argv: list[str] | None = None) -> int:
    """Measure each variant in a fresh process and print one line (or two) for it."""
    parser = Parser(prog="python bench/exact.py", description=__doc__.splitlines()[0])
    parser.add_argument("goal", nargs="?", type=int, default=GOAL, help="goal score (default: %(default)s)")
    parser.add_argument("--variant", action="append", metavar="NAME", help="only this variant (repeatable)")
    parser.add_argument("--repeats", type=int, default=REPEATS, help="runs of one pair to take the best of")
    parser.add_argument("--reference", action="store_true", help="also time the memoized reference")
    parser.add_argument("--no-solver", action="store_true", help="skip measuring the shipped tables")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # the child process: one variant
    args = parser.parse_args(argv)
    if args.goal not in GOALS:
        parser.error(f"goal {args.goal} is out of range; give {GOALS.start} to {GOALS.stop - 1}")
    if args.reference and args.goal not in REFERENCE_GOALS:
        parser.error(f"--reference needs a goal of {REFERENCE_GOALS.stop - 1} or less")
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    options = dict(goal=args.goal, repeats=args.repeats, reference=args.reference, solver=not args.no_solver)
    if args.one:  # the child: one variant, its figures as one JSON line
        print(json.dumps(measure(args.one, **options)))
        return 0

    def work() -> int:
        names = [load_variant(name).name for name in args.variant or variant_names()]  # each checked first
        print(f"goal {args.goal}; one pair is the best of {args.repeats} runs; each variant in a fresh process",
              flush=True)
        for name in names:
            child = [sys.executable, __file__, str(args.goal), "--one", name, "--repeats", str(args.repeats)]
            child += ["--reference"] * args.reference + ["--no-solver"] * args.no_solver
            done = subprocess.run(child, capture_output=True, text=True, check=False, cwd=ROOT)
            if done.returncode != 0:
                print(f"{name:9} failed: {done.stderr.strip().splitlines()[-1:]}", flush=True)
                continue
            print(line(json.loads(done.stdout.strip().splitlines()[-1])), flush=True)
        return 0

    return run(work)


if __name__ == "__main__":
    sys.exit(main())
