"""``hogkit winrate``, ``hogkit solve`` and ``hogkit contest check|run``."""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from graders.contest import inspect_entry, load_entry_table, run_tournament
from graders.files import write_atomic
from graders.sample_entries import write_sample_entries
from hogkit.errors import HogkitError
from hogkit.exact import always, contest_figure, fits_fast_layout, table_array, win_rate
from hogkit.final import (
    answers_bytes,
    exploitability_header,
    is_strategy_table,
    read_answers,
    read_solved_file,
    read_solved_table,
    read_table_file,
    rules_fingerprint,
    solved_table_path,
    tightest_bounds,
)
from hogkit.generate.reference import kit_strategies
from hogkit.mend import mend
from hogkit.meta_nash import solve_meta_nash
from hogkit.solver import ScoreOnly, solve_full_information, solve_general, solve_score_only
from hogkit.strategy_table import decode_array, encode_table
from hogkit.variant import Variant, load_variant
from hogkit_cli.commands.grade import isolation_of
from hogkit_cli.commands.options import add_isolation_options, add_variant_option

# The score-only search's defaults, for the command and for solve_report alike.
BUDGET = 170.0  # seconds, measurements included
FLATTEN = 0.6  # how far own play spreads a cell's weight evenly over its hidden states
MARGIN = 0.002  # the least gain for which own play changes an entry
ITERATIONS = 8  # self-play improvement passes
ROUNDS = 30  # fictitious-play rounds
SEARCHES = ("score-only", "meta-nash", "mend")


def register(sub: argparse._SubParsersAction) -> None:
    """Add the exact-evaluation and contest commands to the ``hogkit`` parser."""
    rate = sub.add_parser("winrate", help="exact win rate of two strategy files")
    rate.add_argument("first", type=Path, help="a .py file with final_strategy: a contest entry, or a kit's hog.py "
                                               "(with the dice.py and ucb.py beside it)")
    rate.add_argument("second", type=Path, help="a .py file with final_strategy, as FIRST")
    add_variant_option(rate)
    add_isolation_options(rate)
    rate.set_defaults(func=run_winrate)
    solve = sub.add_parser("solve", help="optimal strategies of a variant and their win rates")
    add_variant_option(solve)
    solve.add_argument("--write", action="store_true", help="save the score-only table for the kit")
    solve.add_argument("--iterations", type=int, default=ITERATIONS, help="self-play improvement passes")
    solve.add_argument("--rounds", type=int, default=ROUNDS, help="fictitious-play rounds (hidden-state variants)")
    solve.add_argument("--fresh", action="store_true",
                       help="start from always_roll(4), not from the table solved before")
    solve.add_argument("--budget", type=float, default=BUDGET,
                       help="seconds the score-only search may take, measurements included")
    solve.add_argument("--flatten", type=float, default=FLATTEN,
                       help="how far (0 to 1) own play spreads each cell's weight evenly over its hidden states")
    solve.add_argument("--margin", type=float, default=MARGIN,
                       help="the least gain (a chance) for which own play changes an entry")
    solve.add_argument("--search", choices=SEARCHES, default="score-only",
                       help="the score-only search; the meta-Nash search from the table solved before; or "
                            "mend: the smallest step that makes the table solved before meet --floor and "
                            "--rivals")
    solve.add_argument("--floor", type=float,
                       help="meta-Nash and mend: the least contest figure against always_roll(4) a table may "
                            "have (default: none)")
    solve.add_argument("--candidates", type=int, default=1,
                       help="meta-Nash: how many acceptable tables (those the quick measure ranks best) the full "
                            "best response measures besides the start")
    solve.add_argument("--purify", action="store_true",
                       help="meta-Nash: each round also tries the table playing in each cell the choice the "
                            "mixture of its own tables weights most")
    solve.add_argument("--mend", action="store_true",
                       help="meta-Nash: the candidates are the tables the quick measure ranks best, acceptable or "
                            "not, each mended (as --search mend does) before it is measured")
    solve.add_argument("--answers", type=Path, metavar="FILE",
                       help="meta-Nash and mend: a file of answers kept between searches (.npz): read if it "
                            "exists (mend measures with them), written back with a meta-Nash search's answers")
    solve.add_argument("--rivals", type=Path, nargs="+", default=[], metavar="FILE",
                       help="meta-Nash and mend: table files (e.g. earlier versions of the solved table) that a "
                            "new table must be at least even against too")
    solve.set_defaults(func=run_solve)
    contest = sub.add_parser("contest", help="check contest entries and run tournaments")
    csub = contest.add_subparsers(dest="contest_command", metavar="ACTION", parser_class=type(contest))
    csub.required = True
    check = csub.add_parser("check", help="check one contest entry")
    check.add_argument("file", type=Path, help="hog_contest.py")
    add_variant_option(check)
    add_isolation_options(check)
    check.set_defaults(func=run_contest_check)
    run = csub.add_parser("run", help="exact round-robin tournament over a folder of entries")
    run.add_argument("entries", type=Path, help="folder of .py entries")
    add_variant_option(run)
    run.add_argument("--out", type=Path, required=True, help="folder for the results")
    run.add_argument("--resume", action="store_true", help="keep the pairs already evaluated")
    run.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: all cores)")
    add_isolation_options(run)
    run.set_defaults(func=run_contest)
    samples = csub.add_parser("samples", help="write sample entries to try a tournament with")
    samples.add_argument("out", type=Path, help="folder for the entries")
    add_variant_option(samples)
    samples.add_argument("--count", type=int, default=30, help="how many entries (the solved one first)")
    samples.set_defaults(func=run_samples)


def _strategy_table(path: Path, variant, isolation) -> np.ndarray:
    return load_entry_table(path, variant, isolation=isolation)


def run_winrate(args: argparse.Namespace) -> int:
    """Print the exact win rates of two strategy files."""
    variant = load_variant(args.variant)
    isolation = isolation_of(args)
    first, second = _strategy_table(args.first, variant, isolation), _strategy_table(args.second, variant, isolation)
    ab, ba = win_rate(variant, first, second), win_rate(variant, second, first)
    print(f"{args.first.name} moving first:  {ab:.6f}")
    print(f"{args.first.name} moving second: {1 - ba:.6f}")
    print(f"contest figure of {args.first.name}: {(ab + 1 - ba) / 2:.6f}")
    return 0


def baselines(variant) -> dict[str, np.ndarray]:
    """always_roll(4), always_roll(6) and the strategies of Problems 10 and 11 as tables."""
    goal = variant.goal
    found = {"always_roll(4)": always(4, goal), "always_roll(6)": always(6, goal)}
    for name, strategy in kit_strategies(variant).items():
        found[name] = table_array(strategy, goal)
    return found


def solve_report(variant, *, iterations: int = ITERATIONS, rounds: int = ROUNDS, budget: float | None = BUDGET,
                 fresh: bool = False, flatten: float = FLATTEN, margin: float = MARGIN,
                 search: str = "score-only", floor: float = 0.0, candidates: int = 1,
                 purify: bool = False, mend_candidates: bool = False, answers: Path | None = None,
                 rivals: tuple[Path, ...] = (),
                 say=print) -> tuple[np.ndarray, dict[str, float]]:
    """Solve VARIANT, print the figures, and return the score-only table and its figures.

    Unless FRESH, the search starts from the table solved before for these rules, if any, so a
    new run keeps what earlier runs found and can only improve on it. The meta-Nash search reads
    the answers kept in ANSWERS, if given, and writes them back with its own added; a table it
    keeps must be at least even against the tables in the RIVALS files too. SEARCH ``mend`` takes
    the smallest step from that table that meets FLOOR and RIVALS (:func:`hogkit.mend.mend`),
    measured with the answers in ANSWERS as further starts; with MEND_CANDIDATES, the meta-Nash
    search mends its candidates that are not acceptable before measuring them."""
    if not fits_fast_layout(variant):
        if search != "score-only" or answers or rivals:
            raise HogkitError(f"{variant.name}'s turn needs the general layout of the evaluator, which solves by best "
                              "play alone", "leave out --search, --answers and --rivals")
        start = time.perf_counter()
        solved = solve_general(variant)
        say(f"best play of the two scores (general layout): the first player wins {solved.self_play:.6f} against "
            f"itself ({time.perf_counter() - start:.1f} s)")
        return _report_table(variant, solved, say=say)
    # the files first: a bad one stops the run at once
    known = read_answers(answers, variant) if answers else []
    rival_tables = [rival_table(path, variant) for path in rivals]
    if answers:
        say(f"answers: {len(known)} kept in {answers} by earlier searches")
    start = time.perf_counter()
    full, _ = solve_full_information(variant)
    say(f"full information: the first player wins {full:.6f} ({time.perf_counter() - start:.1f} s)")
    start = time.perf_counter()
    before = None if fresh else read_solved_table(variant)
    start_table = decode_array(before[0]) if before else None
    if start_table is not None:
        say("score only: starting from the table solved before (--fresh starts from always_roll(4))")
    if search != "score-only" and start_table is None:
        raise HogkitError(f"--search {search} starts from the table solved before, and {variant.name} has none "
                          "for its rules", "run `hogkit solve --write` first, or leave out --search")
    if search == "mend":
        solved = mend(variant, start=start_table, rivals=rival_tables, floor=floor, population=known, say=say)
        if solved is None:
            raise HogkitError(f"no single pass from {variant.name}'s table meets the floor and the rivals",
                              "run `--search meta-nash` with the same --floor and --rivals")
    elif search == "meta-nash":
        solved = solve_meta_nash(variant, start=start_table, rounds=rounds, budget=budget, flatten=flatten,
                                 margin=margin, floor=floor, candidates=candidates, purify=purify, known=known,
                                 rivals=rival_tables, mend=mend_candidates, say=say)
        if answers:
            write_atomic(answers, answers_bytes(variant, solved.answers))
            say(f"answers: {len(solved.answers)} kept in {answers}")
    else:
        solved = solve_score_only(variant, start=start_table, iterations=iterations, rounds=rounds,
                                  budget=budget, flatten=flatten, margin=margin, say=say)
    say(f"score only: the first player wins {solved.self_play:.6f} against itself "
        f"({time.perf_counter() - start:.1f} s)")
    return _report_table(variant, solved, say=say)


def _report_table(variant: Variant, solved: ScoreOnly, *,
                  say: Callable[[str], None]) -> tuple[np.ndarray, dict[str, float]]:
    """Say how SOLVED's table does against the baselines, itself and its strongest answer found."""
    figures: dict[str, float] = {}
    for name, table in baselines(variant).items():
        figures[name] = contest_figure(variant, solved.table, table)
        say(f"  contest figure vs {name:18} {figures[name]:.6f}")
    figures["itself"] = contest_figure(variant, solved.table, solved.table)
    say(f"  contest figure vs {'itself':18} {figures['itself']:.6f}")
    response = solved.response
    figures["exploitability"], figures["exploitability_bound"] = response.figure, response.bound
    say(f"exploitability: at least {response.figure:.6f} (the strongest score-only answer found, from "
        f"{response.start}; {response.starts} starts, {response.passes} passes), at most {response.bound:.6f} "
        "(an answer that also sees the hidden state)")
    return solved.table, figures


def rival_table(path: Path, variant) -> np.ndarray:
    """The table in the table file PATH, checked to be a strategy of VARIANT."""
    rows = read_table_file(path, variant)
    try:
        table = decode_array(rows)
    except (ValueError, TypeError):
        table = None
    if table is None or not is_strategy_table(table, variant):
        raise HogkitError(f"{path} does not hold a {variant.goal}x{variant.goal} table of {variant.name}'s choices",
                          "give a file `hogkit solve --write` wrote")
    return table


def run_solve(args: argparse.Namespace) -> int:
    """Solve a variant; with --write, save the table where the kit generator finds it."""
    if args.iterations < 1:
        raise HogkitError("--iterations must be at least 1", "e.g. --iterations 8")
    if args.search != "score-only" and args.fresh:
        raise HogkitError(f"--search {args.search} starts from the table solved before", "leave out --fresh")
    if args.floor is not None and not 0 <= args.floor <= 1:
        raise HogkitError("--floor must be from 0 to 1", "e.g. --floor 0.92")
    if not 0 <= args.flatten <= 1 or args.margin < 0:
        raise HogkitError("--flatten must be from 0 to 1 and --margin 0 or more",
                          f"e.g. --flatten {FLATTEN} --margin {MARGIN}")
    if args.candidates < 1:
        raise HogkitError("--candidates must be at least 1", "e.g. --candidates 3")
    if args.search != "meta-nash" and (args.candidates != 1 or args.purify or args.mend):
        raise HogkitError("--candidates, --purify and --mend belong to the meta-Nash search",
                          "add --search meta-nash, or leave them out")
    if args.search == "score-only" and (args.floor is not None or args.answers or args.rivals):
        raise HogkitError("--floor, --answers and --rivals belong to the meta-Nash search and mend",
                          "add --search meta-nash (or mend), or leave them out")
    if args.search == "mend" and args.floor is None and not args.rivals:
        raise HogkitError("--search mend needs something to meet", "give --floor, --rivals, or both")
    if args.search == "mend" and (args.iterations, args.rounds, args.budget, args.flatten, args.margin) != (
            ITERATIONS, ROUNDS, BUDGET, FLATTEN, MARGIN):
        raise HogkitError("--iterations, --rounds, --budget, --flatten and --margin do not apply to --search mend "
                          "(it tries its own margins)", "leave them out")
    if args.rounds < 0 or args.budget <= 0:
        raise HogkitError("--rounds must be 0 or more and --budget more than 0",
                          f"e.g. --rounds 30 --budget {BUDGET:g}")
    variant = load_variant(args.variant)
    before = read_solved_file(variant)
    table, figures = solve_report(variant, iterations=args.iterations, rounds=args.rounds, budget=args.budget,
                                  fresh=args.fresh, flatten=args.flatten, margin=args.margin, search=args.search,
                                  floor=args.floor or 0.0, candidates=args.candidates, purify=args.purify,
                                  mend_candidates=args.mend,
                                  answers=args.answers, rivals=tuple(args.rivals))
    if args.write:
        path = solved_table_path(variant)
        about = (f"The best table of the two scores found by `hogkit solve` (contest figure "
                 f"{figures['always_roll(4)']:.4f} vs always_roll(4)).")
        rows = encode_table(table.tolist())
        settings = (f"--budget {args.budget:g} --flatten {args.flatten:g} --margin {args.margin:g} "
                    f"--iterations {args.iterations} --rounds {args.rounds}" + (" --fresh" if args.fresh else ""))
        if args.search != "score-only":
            settings = (f"--search {args.search}" + (f" --floor {args.floor:g}" if args.floor is not None else "")
                        + (f" --rounds {args.rounds} --budget {args.budget:g} --flatten {args.flatten:g}"
                           f" --margin {args.margin:g}" if args.search == "meta-nash" else "")
                        + (f" --candidates {args.candidates}" if args.candidates != 1 else "")
                        + (" --purify" if args.purify else "") + (" --mend" if args.mend else "")
                        + (f" --answers {args.answers.name}" if args.answers else "")
                        + (" --rivals " + " ".join(path.name for path in args.rivals) if args.rivals else ""))
        search = f"hogkit solve --variant {variant.name} {settings} (from the table before" + (
            ")" if args.search != "score-only" else ", unless --fresh)")
        low, high = figures["exploitability"], figures["exploitability_bound"]
        if before is not None and before[0] == rows:  # the search kept the table it started from
            search = before[1].get("search", "a search made before the table's header said so")
            low, high = tightest_bounds(before[1], low, high)
            print(f"kept the table it started from; its header says exploitability at least {low:.6f}, "
                  f"at most {high:.6f} (the tighter of this measure and the header's)")
        lines = [f"# fingerprint: {rules_fingerprint(variant)}", f"# about: {about}", f"# search: {search}",
                 f"# exploitability: {exploitability_header(low, high)}"]
        lines += rows
        write_atomic(path, "\n".join(lines) + "\n")
        print(f"wrote {path}")
    return 0


def run_contest_check(args: argparse.Namespace) -> int:
    """Check one contest entry; print each problem on its own line."""
    variant = load_variant(args.variant)
    result = inspect_entry(args.file, variant, isolation=isolation_of(args))
    if result["problems"]:
        for line in result["problems"]:
            print(f"FAIL {line}")
        return 1
    print(f"{args.file.name}: ok — a valid {variant.name} contest entry named {result['name']!r}")
    return 0


def run_contest(args: argparse.Namespace) -> int:
    """Run a tournament over a folder of entries."""
    variant = load_variant(args.variant)
    if not args.entries.is_dir():
        raise HogkitError(f"{args.entries} is not a folder", "give the folder that holds the entries")
    if args.jobs < 1:
        raise HogkitError("--jobs must be at least 1", "e.g. --jobs 2")
    run_tournament(args.entries, variant=variant, out=args.out, resume=args.resume, jobs=args.jobs,
                   isolation=isolation_of(args))
    return 0


def run_samples(args: argparse.Namespace) -> int:
    """Write sample contest entries."""
    variant = load_variant(args.variant)
    written = write_sample_entries(variant, out=args.out, count=args.count)
    print(f"wrote {len(written)} entries to {args.out}")
    return 0
