"""Time the exact evaluator beside the slow reference, and measure the shipped tables, one fresh
process per variant (not run by tests).

Usage: python bench/exact.py [GOAL] [--variant NAME ...] [--repeats N] [--reference-goal G]
                             [--no-reference] [--no-solver]

For each variant, in a process of its own (so that its peak memory is its own): which layout of
the evaluator counts its turn; the time of one pair of random tables at GOAL (the best
and the median of REPEATS runs), the first call's cost (how much longer the first pair takes:
building the model and its planned reads) and the peak memory after those pairs; the time a pair
takes in a tournament's row (one table against 29 others through ``figures_against``, best of
REPEATS) with the peak memory after it. Then, at the reference's goal (30 by default, as in the tests: the
reference keeps every state of the game in a dictionary, which at goal 100 takes minutes and
gigabytes), one pair through the evaluator and through the independent memoized recursion
:func:`hogkit.exact_reference.reference_win_rate` (both seats: the contest figure): their times,
the ratio, and how far apart the figures are. Then, at the variant's own goal, the shipped table
(``hogkit/data/final``): its contest figure against always_roll(4) and its exploitability as
:func:`hogkit.solver.best_response` measures it (a lower bound: the strongest score-only answer
found; the upper bound is a player who also sees the hidden state), with the time that took.
Each variant's pair time is also given as a multiple of pig-tail's (the yardstick), timed in a
process of its own just before the variant's, so that the machine's drift during the run
counts little. The machine this runs on is shared and swings by half between runs: compare
lines of one run.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from hogkit.exact import always, contest_figure, figures_against
from hogkit.exact.figures import pair_by_fast_layout
from hogkit.exact.general import general_model
from hogkit.exact.split import split_model
from hogkit.exact_reference import reference_win_rate
from hogkit.final import read_solved_table
from hogkit.solver import best_response
from hogkit.strategy_table import decode_array
from hogkit.variant import load_variant, variant_names
from hogkit_cli.main import Parser, run

ROOT = Path(__file__).resolve().parents[1]
GOAL, REPEATS, ROW, REFERENCE_GOAL = 100, 5, 30, 30  # the tests compare with the reference at 30 too
YARDSTICK = "pig-tail"
GOALS = range(10, 201)
REFERENCE_GOALS = range(10, 101)  # the reference's recursion gets too deep past 100


def peak_mib() -> float:
    """This process's peak resident memory so far, in MiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def layout(variant) -> str:
    """Which of the evaluator's layouts counts a pair of VARIANT's tables (docs/design.md)."""
    if pair_by_fast_layout(variant):
        return "fast"
    model = general_model(variant, variant.goal)
    if split_model(model) is not None:
        return f"split ({model.nh} hidden states)"
    return "general (turns of 0 points)" if model.still else "general"


def timed(work, repeats: int) -> list[float]:
    """The times of REPEATS runs of WORK, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return times


def measure(name: str, *, goal: int, repeats: int, reference_goal: int | None, solver: bool,
            pair_only: bool = False) -> dict:
    """The figures of one variant, measured in this process (which should be fresh); PAIR_ONLY:
    only one pair's time."""
    variant = load_variant(name)
    rng = np.random.default_rng(0)
    legal = np.array(variant.legal_rolls)
    t0, t1 = rng.choice(legal, size=(goal, goal)), rng.choice(legal, size=(goal, goal))
    start = time.perf_counter()
    contest_figure(variant, t0, t1, goal=goal)
    first = time.perf_counter() - start
    times = timed(lambda: contest_figure(variant, t0, t1, goal=goal), repeats)
    found = {"variant": name, "layout": layout(variant), "pair": min(times), "median": statistics.median(times),
             "first": first, "peak": peak_mib()}
    if pair_only:
        return found
    others = rng.choice(legal, size=(ROW - 1, goal, goal))  # a tournament's row: t0 against ROW - 1 others
    times = timed(lambda: figures_against(variant, t0, others, goal=goal), repeats)
    found |= {"row": min(times) / (ROW - 1), "row_peak": peak_mib()}
    if reference_goal is not None:
        g = reference_goal
        a, b = rng.choice(legal, size=(g, g)), rng.choice(legal, size=(g, g))
        fast = contest_figure(variant, a, b, goal=g)
        ours = min(timed(lambda: contest_figure(variant, a, b, goal=g), repeats))
        start = time.perf_counter()
        slow = (reference_win_rate(variant, a.tolist(), b.tolist(), g)
                + 1 - reference_win_rate(variant, b.tolist(), a.tolist(), g)) / 2
        found |= {"reference": time.perf_counter() - start, "ours": ours, "diff": abs(fast - slow)}
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


def line(found: dict, yardstick: dict, reference_goal: int | None) -> str:
    """One line of figures for a variant (two with the shipped table's), beside YARDSTICK's pair
    timed just before it."""
    times = (f"{found['variant']:9} {found['layout']:28} one pair {found['pair'] * 1000:6.1f} ms "
             f"(median {found['median'] * 1000:6.1f}) {found['pair'] / yardstick['pair']:4.1f}x {YARDSTICK}'s "
             f"{yardstick['pair'] * 1000:4.1f} ms")
    text = (f"{times}  first-call cost {found['first'] - found['pair']:5.2f} s  peak {found['peak']:4.0f} MiB  "
            f"in a row of {ROW} {found['row'] * 1000:7.1f} ms a pair (peak {found['row_peak']:4.0f} MiB)")
    if "reference" in found:
        text += (f"  | goal {reference_goal}: reference {found['reference']:6.2f} s, evaluator "
                 f"{found['ours'] * 1000:6.1f} ms ({found['reference'] / found['ours']:5.0f}x), "
                 f"figures {found['diff']:.1e} apart")
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
    parser.add_argument("--variant", action="append", metavar="NAME",
                        help=f"only this variant (repeatable; {YARDSTICK} is always measured first)")
    parser.add_argument("--repeats", type=int, default=REPEATS, help="runs of each timing (default: %(default)s)")
    parser.add_argument("--reference-goal", type=int, default=REFERENCE_GOAL,
                        help="the goal of the comparison with the reference (default: %(default)s)")
    parser.add_argument("--no-reference", action="store_true", help="leave out the comparison with the reference")
    parser.add_argument("--no-solver", action="store_true", help="skip measuring the shipped tables")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # the child process: one variant
    parser.add_argument("--pair-only", action="store_true", help=argparse.SUPPRESS)  # ... only one pair's time
    args = parser.parse_args(argv)
    if args.goal not in GOALS:
        parser.error(f"goal {args.goal} is out of range; give {GOALS.start} to {GOALS.stop - 1}")
    if not args.no_reference and args.reference_goal not in REFERENCE_GOALS:
        parser.error(f"--reference-goal {args.reference_goal} is out of range; give {REFERENCE_GOALS.start} to "
                     f"{REFERENCE_GOALS.stop - 1}")
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    reference_goal = None if args.no_reference else args.reference_goal
    options = dict(goal=args.goal, repeats=args.repeats, reference_goal=reference_goal, solver=not args.no_solver)
    if args.one:  # the child: one variant, its figures as one JSON line
        print(json.dumps(measure(args.one, **options, pair_only=args.pair_only)))
        return 0

    def child(name: str, *extra: str) -> dict | None:
        """NAME's figures from a fresh process (None, after a line saying so, if it failed)."""
        command = [sys.executable, __file__, str(args.goal), "--one", name, "--repeats", str(args.repeats),
                   "--reference-goal", str(args.reference_goal), *extra]
        command += ["--no-reference"] * args.no_reference + ["--no-solver"] * args.no_solver
        done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
        if done.returncode != 0:
            print(f"{name:9} failed: {done.stderr.strip().splitlines()[-1:]}", flush=True)
            return None
        return json.loads(done.stdout.strip().splitlines()[-1])

    def work() -> int:
        names = [load_variant(name).name for name in args.variant or variant_names()]  # each checked first
        print(f"goal {args.goal}; each timing the best (and the median) of {args.repeats} runs; each variant in a "
              f"fresh process, {YARDSTICK}'s pair in one just before it", flush=True)
        for name in names:
            yardstick = child(YARDSTICK, "--pair-only")
            found = child(name)
            if yardstick is not None and found is not None:
                print(line(found, yardstick, reference_goal), flush=True)
        return 0

    return run(work)


if __name__ == "__main__":
    sys.exit(main())
