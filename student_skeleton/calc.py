#!/usr/bin/env python3
"""calc: the exact win rates of your final strategy (standard library; faster with NumPy).

    python3 calc.py                 final_strategy of hog_contest.py against the kit's baselines
                                    (always_roll(4) and your own Problem 10 and 11 strategies)
    python3 calc.py hog.py          the final_strategy of another file
    python3 calc.py --no-numpy      compute without NumPy (the same numbers, more slowly)

No game is simulated: every way a game can go is weighed by its probability, so the numbers are
exact and the same on every run. A win rate is given for each seat (moving first and moving
second) and as the contest figure, the average of the two.

This file knows nothing about the rules. Everything they decide (the points each choice can
score and how likely each is, what each player must remember between turns, what happens to
the scores after a turn) comes from calc_model.json, written by HogKit from the rules of this
kit, so calc.py counts the same game the rest of the kit plays.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import sys
import time
from collections.abc import Callable
from contextlib import redirect_stdout
from pathlib import Path
from types import ModuleType
from typing import TextIO

Table = list[list[int]]
Strategy = Callable[[int, int], int]

HERE = Path(__file__).resolve().parent
MODEL_FILE = "calc_model.json"
DEFAULT_ENTRY = "hog_contest.py"
FORMAT = 2


class CalcError(Exception):
    """A problem, reported as one line: what is wrong — how to fix it."""


# ------------------------------------------------------------------------------------ the model


class Model:
    """The game of one kit, as data: what every choice does in every hidden state.

    A context is ``who * hidden + h``: who moves and which hidden state (what the rules make the
    players remember) the game is in. A cell is ``s0 * goal + s1``; the two cells after the last
    one stand for a game won by player 0 and by player 1.
    """

    def __init__(self, data: dict) -> None:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CalcError(f"{MODEL_FILE} is not a format {FORMAT} model — use the calc_model.json of your kit")
        self.name = data["variant"]
        self.title = data.get("title", self.name)
        self.goal = goal = data["goal"]
        self.choices = tuple(data["choices"])
        self.offset = -self.choices[0]
        self.nchoice = len(self.choices)
        self.hidden = data["hidden"]
        self.start = data["start"]
        self.rolls, self.bonus, self.next = data["rolls"], data["bonus"], data["next"]
        six = [[tuple(pair) for pair in row] for row in data["dice"]]
        four = [[tuple(pair) for pair in row] for row in data["wild_dice"]] if data.get("wild_dice") else six
        zero = [[tuple(pair) for pair in row] for row in data["zero"]]
        self.dists = six + four + zero  # rows: 1-10 six-sided dice, 1-10 wild dice, zero dice vs each score
        self.wild = [[int(c) for c in row] for row in data["wild"]] if data.get("wild") else None
        self.xmax = data["xmax"]
        self.cells = goal * goal
        # After a turn the mover has x points and the opponent b: code[b][x] is the mover-first cell
        # (mover * goal + opponent) the rules lead to, -1 if the mover has won, -2 if the opponent has.
        code = [[x * goal + b if x < goal else -1 for x in range(self.xmax + 1)] for b in range(goal)]
        for b, x, c in data["post"]:
            code[b][x] = c
        won, lost = self.cells, self.cells + 1
        self.target = [
            [[c if c >= 0 else (won if c == -1 else lost) for c in row] for row in code],
            [[(c % goal) * goal + c // goal if c >= 0 else (lost if c == -1 else won) for c in row] for row in code],
        ]
        # what to compare against: always_roll(k) for a number, else a strategy of the kit's hog.py
        self.baseline_specs = [(str(name), spec) for name, spec in data["baselines"]]
        if not all(isinstance(spec, int) or isinstance(spec.get("function"), str) for _, spec in self.baseline_specs):
            raise ValueError("a baseline is neither a number of dice nor a function of hog.py")

    def row(self, rolls: int, s0: int, s1: int, opponent: int) -> int:
        """Which distribution of points a turn of ROLLS dice at scores (S0, S1) uses."""
        if rolls == 0:
            return 20 + opponent
        return rolls - 1 + (10 if self.wild is not None and self.wild[s0][s1] else 0)


def load_model(path: str | Path | None = None) -> Model:
    """Read the model (default: calc_model.json next to calc.py)."""
    path = Path(path) if path is not None else HERE / MODEL_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CalcError(f"{path} is missing — copy calc_model.json from your kit next to calc.py") from None
    except (OSError, ValueError) as exc:
        raise CalcError(f"{path} cannot be read ({exc}) — restore it from your kit") from None
    try:
        return Model(data)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise CalcError(f"{path} is damaged ({type(exc).__name__}: {exc}) — restore it from your kit") from None


def always_roll(n: int, goal: int) -> Table:
    """The table of always_roll(N)."""
    return [[n] * goal for _ in range(goal)]


def baselines(model: Model, *, folder: Path = HERE) -> tuple[list[tuple[str, Table]], list[tuple[str, str]]]:
    """The kit's baselines as tables, and those left out with the reason (one line each).

    A strategy of the kit's hog.py (in FOLDER) is the student's own, so it is left out until
    that problem works (answers every pair of scores with a legal choice).
    """
    found, left_out, hog = [], [], None
    for name, spec in model.baseline_specs:
        if isinstance(spec, int):
            found.append((name, always_roll(spec, model.goal)))
            continue
        try:
            hog = hog or load_module(folder / "hog.py")  # imported once, for every baseline in it
            strategy = getattr(hog, spec["function"], None)
            if not callable(strategy):
                raise CalcError(f"hog.py has no {spec['function']} — define it in hog.py")
            found.append((name, strategy_table(strategy, model, name=spec["function"])))
        except CalcError as exc:
            left_out.append((name, str(exc)))
    return found, left_out


# ------------------------------------------------------------------------------ the strategy


def _contest_check() -> ModuleType:
    """The kit's contest_check module (next to calc.py): it asks a strategy at every pair."""
    module = sys.modules.get("_calc_contest_check")
    if module is None:
        spec = importlib.util.spec_from_file_location("_calc_contest_check", HERE / "contest_check.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules["_calc_contest_check"] = module
    return module


def strategy_table(strategy: Strategy, model: Model, name: str = "final_strategy") -> Table:
    """STRATEGY's choice at every pair of scores, or CalcError naming the first bad answer."""
    answers, problem = _contest_check().answer_table(strategy, model.goal, model.choices, name=name)
    if problem:
        raise CalcError(problem)
    return [[answers[(s, o)] for o in range(model.goal)] for s in range(model.goal)]


def load_module(path: str | Path) -> ModuleType:
    """The Python file at PATH, imported quietly (its folder first on the import path)."""
    path = Path(path)
    if not path.is_file():
        raise CalcError(f"{path} does not exist — run calc.py in your kit's folder, or name the file: "
                        "python3 calc.py FILE")
    folder = str(path.resolve().parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    spec = importlib.util.spec_from_file_location(f"_calc_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    try:
        with redirect_stdout(io.StringIO()):
            spec.loader.exec_module(module)
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - the student's file may raise anything
        raise CalcError(f"{path.name} does not import: {type(exc).__name__}: {exc} — fix it and try again") from None
    return module


def load_strategy(path: str | Path) -> Strategy:
    """The final_strategy function of the Python file at PATH."""
    path = Path(path)
    module = load_module(path)
    strategy = getattr(module, "final_strategy", None)
    if not callable(strategy):
        raise CalcError(f"{path.name} has no final_strategy — define final_strategy(score, opponent_score)")
    return strategy


# ------------------------------------------------------------------------------- the counting


def _plan(model: Model, tables: tuple[Table, Table]) -> tuple[list[Table], list[int], list[list[int]]]:
    """Choice columns of both TABLES, and the contexts the game can reach, in a safe order.

    Only contexts reachable with the choices the two tables make are counted. Within one sum of
    the scores, a context that a Pork Chop leads to is counted before the contexts it comes from
    (a Pork Chop swaps the scores, so the sum stays the same).
    """
    goal, nchoice = model.goal, model.nchoice
    for table in tables:
        if len(table) != goal or any(len(row) != goal for row in table):
            raise CalcError(f"a strategy table must be {goal} x {goal} — ask the strategy at every pair of scores")
    cols = [[[choice + model.offset for choice in row] for row in table] for table in tables]
    used = [sorted({c for row in table for c in row}) for table in cols]
    if any(c < 0 or c >= nchoice for u in used for c in u):
        raise CalcError(f"a strategy table may hold only {model.choices[0]} to {model.choices[-1]}")
    reach, seen = [model.start], {model.start}
    for ctx in reach:
        for c in used[ctx // model.hidden]:
            nxt = model.next[ctx * nchoice + c]
            if nxt not in seen:
                seen.add(nxt)
                reach.append(nxt)
    depth = {}

    def depth_of(ctx: int) -> int:
        if ctx not in depth:
            after = [model.next[ctx * nchoice + c] for c in used[ctx // model.hidden]
                     if model.rolls[ctx * nchoice + c] < 0]
            depth[ctx] = 1 + max(map(depth_of, after)) if after else 0
        return depth[ctx]

    levels = {}
    for ctx in sorted(reach):
        levels.setdefault(depth_of(ctx), []).append(ctx)
    return cols, sorted(reach), [levels[d] for d in sorted(levels)]


def win_rate(model: Model, table0: Table, table1: Table, *, numpy: bool | None = None) -> float:
    """P(player 0 wins) when player 0 plays TABLE0 and player 1 plays TABLE1 from 0 to 0.

    NUMPY: True to use NumPy, False for plain Python, None to use NumPy when it is installed.
    """
    if numpy is None:
        numpy = importlib.util.find_spec("numpy") is not None
    plan = _plan(model, (table0, table1))
    return _count_numpy(model, *plan) if numpy else _count_python(model, *plan)


def _count_python(model: Model, cols: list[Table], reach: list[int], levels: list[list[int]]) -> float:
    """Backward induction in plain Python, from the highest sum of the scores down."""
    goal, nchoice, hidden, cells = model.goal, model.nchoice, model.hidden, model.cells
    values = {}
    for ctx in reach:
        values[ctx] = [0.0] * (cells + 2)
        values[ctx][cells] = 1.0
    after_of = [values.get(n) for n in model.next]  # the values of the context each move leads to
    rolls, bonus, dists, wild = model.rolls, model.bonus, model.dists, model.wild
    # Raw scores past xmax count as xmax (as in HogKit); widen the map so no index needs clipping.
    xsize = max(model.xmax, goal - 1 + max(bonus) + max(p for dist in dists for p, _ in dist)) + 1
    target = [[row + [row[-1]] * (xsize - len(row)) for row in rows] for rows in model.target]
    for total in range(2 * goal - 2, -1, -1):
        cells_here = range(max(0, total - goal + 1), min(goal - 1, total) + 1)
        for level in levels:
            for ctx in level:
                who = ctx // hidden
                mine, table, base, goes = values[ctx], cols[who], ctx * nchoice, target[who]
                for s0 in cells_here:
                    s1 = total - s0
                    mover, opponent = (s0, s1) if who == 0 else (s1, s0)
                    k = base + table[mover][opponent]
                    after, r = after_of[k], rolls[k]
                    if r < 0:  # a Pork Chop: the scores swap, the mover's seat stays
                        mine[s0 * goal + s1] = after[opponent * goal + mover if who == 0 else mover * goal + opponent]
                        continue
                    if r == 0:
                        dist = dists[20 + opponent]
                    else:
                        dist = dists[r + 9 if wild is not None and wild[s0][s1] else r - 1]
                    goes_to, start = goes[opponent], mover + bonus[k]
                    value = 0.0
                    for points, p in dist:
                        value += p * after[goes_to[start + points]]
                    mine[s0 * goal + s1] = value
    return values[model.start][0]


def _count_numpy(model: Model, cols: list[Table], reach: list[int], levels: list[list[int]]) -> float:
    """The same backward induction, one sum of the scores at a time, with NumPy arrays."""
    import numpy as np

    goal, nchoice, hidden = model.goal, model.nchoice, model.hidden
    width = max(len(dist) for dist in model.dists)
    points = np.array([[p for p, _ in dist] + [dist[-1][0]] * (width - len(dist)) for dist in model.dists])
    probs = np.array([[q for _, q in dist] + [0.0] * (width - len(dist)) for dist in model.dists])
    bonus = np.array(model.bonus, dtype=np.int64)
    # Raw scores past xmax count as xmax (as in HogKit); widen the map so no index needs clipping.
    xsize = max(model.xmax, goal - 1 + int(bonus.max()) + int(points.max())) + 1
    target = np.array(model.target, dtype=np.int64)
    target = np.concatenate([target, np.repeat(target[:, :, -1:], xsize - target.shape[2], axis=2)], axis=2).ravel()
    ncell = model.cells + 2
    where = np.full(2 * hidden, -1, dtype=np.int64)
    where[reach] = np.arange(len(reach))
    values = np.zeros((len(reach), ncell))
    values[:, model.cells] = 1.0
    flat = values.reshape(-1)
    tables = np.array(cols, dtype=np.int64)
    rolls = np.array(model.rolls, dtype=np.int64)
    after_at = where[np.array(model.next, dtype=np.int64)] * ncell  # where the next context's row starts
    wild = np.array(model.wild, dtype=np.int64) if model.wild is not None else np.zeros((goal, goal), np.int64)
    levels = [np.array(level, dtype=np.int64) for level in levels]
    for total in range(2 * goal - 2, -1, -1):
        s0 = np.arange(max(0, total - goal + 1), min(goal - 1, total) + 1)
        s1 = total - s0
        cell = s0 * goal + s1
        wild_row = 10 * wild[s0, s1]
        for level in levels:
            who = (level // hidden)[:, None]
            mover = np.where(who == 0, s0, s1)
            opponent = total - mover
            k = level[:, None] * nchoice + tables[who, mover, opponent]
            r, after = rolls[k], after_at[k]
            row = np.where(r > 0, r - 1 + wild_row, np.where(r == 0, 20 + opponent, 0))
            raw = (mover + bonus[k] + (who * goal + opponent) * xsize)[..., None] + points[row]
            value = (flat[after[..., None] + target[raw]] * probs[row]).sum(axis=-1)
            chop = r < 0
            if chop.any():  # a Pork Chop: the scores swap, the mover's seat stays
                swapped = np.where(who == 0, opponent * goal + mover, mover * goal + opponent)
                value = np.where(chop, flat[after + swapped], value)
            values[where[level][:, None], cell[None, :]] = value
    return float(values[where[model.start], 0])


def figures(model: Model, table: Table, *, numpy: bool | None = None,
            opponents: list[tuple[str, Table]] | None = None) -> list[tuple[str, float, float, float]]:
    """TABLE's exact results against each opponent (default: the kit's baselines that work).

    Returns a list of (name, win rate moving first, win rate moving second, contest figure).
    """
    rows = []
    for name, other in baselines(model)[0] if opponents is None else opponents:
        first = win_rate(model, table, other, numpy=numpy)
        second = 1.0 - win_rate(model, other, table, numpy=numpy)
        rows.append((name, first, second, (first + second) / 2))
    return rows


def report(rows: list[tuple[str, float, float, float]], *, strategy_name: str, source: str, model: Model,
           left_out: list[tuple[str, str]] = (), out: TextIO | None = None) -> None:
    """Print the results of :func:`figures` as a small table, then the baselines LEFT_OUT."""
    out = out or sys.stdout
    print(f"Exact win rates of {strategy_name} from {source} ({model.title} rules, goal {model.goal})", file=out)
    print(f"  {'against':24} {'moving first':>13} {'moving second':>14} {'contest figure':>15}", file=out)
    for name, first, second, figure in rows:
        print(f"  {name:24} {first:13.6f} {second:14.6f} {figure:15.6f}", file=out)
    for name, why in left_out:
        print(f"  {name:24} left out until it works: {why}", file=out)
    print("The contest figure is the average of the two seats; 0.5 is an even match.", file=out)


def build_parser() -> argparse.ArgumentParser:
    """The command line of calc.py."""
    parser = argparse.ArgumentParser(prog="python3 calc.py", description="Exact win rates of your final_strategy.")
    parser.add_argument("file", nargs="?", default=None,
                        help=f"the .py file whose final_strategy to measure (default: {DEFAULT_ENTRY})")
    parser.add_argument("--no-numpy", action="store_true", help="use plain Python even if NumPy is installed")
    parser.add_argument("--model", default=None, help=f"the model file (default: the {MODEL_FILE} of this kit)")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run calc.py; return 0, or 2 after printing one ``error:`` line."""
    parser = build_parser()
    parser.error = lambda message: parser.exit(2, f"error: {message} — see 'python3 calc.py --help'\n")
    args = parser.parse_args(argv)
    try:
        model = load_model(args.model)
        path = Path(args.file) if args.file else HERE / DEFAULT_ENTRY
        table = strategy_table(load_strategy(path), model)
        numpy = False if args.no_numpy else importlib.util.find_spec("numpy") is not None
        if not numpy:
            print("(counting in plain Python: this can take a minute)", file=sys.stderr, flush=True)
        opponents, left_out = baselines(model)
        start = time.perf_counter()
        rows = figures(model, table, numpy=numpy, opponents=opponents)
        took = time.perf_counter() - start
    except CalcError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    report(rows, strategy_name="final_strategy", source=path.name, model=model, left_out=left_out)
    print(f"(counted {'with NumPy' if numpy else 'in plain Python'} in {took:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
