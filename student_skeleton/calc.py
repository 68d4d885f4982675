#!/usr/bin/env python3
"""calc: the exact win rates of your final strategy (standard library; faster with NumPy).

    python3 calc.py                 the final_strategy of your hog.py (Problem 12) against the kit's
                                    baselines: always_roll(4) and your own Problem 10 and 11 strategies
    python3 calc.py hog_contest.py  the final_strategy of another file (here, your contest entry)
    python3 calc.py --no-numpy      compute without NumPy (the same numbers, more slowly)

No game is simulated: every way a game can go is weighed by its probability, so the numbers are
exact and the same on every run. A win rate is given for each seat (moving first and moving
second) and as the contest figure, the average of the two.

This file knows no rule, and the kit ships no answer: calc_model.json says only how a turn of this
kit is put together. Everything the rules decide (the points of each number of dice, what happens to
the scores after a turn, what a player must remember) comes from the functions of your own hog.py,
so calc.py counts the game your code plays, and tells you which problem to finish when it cannot.
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
from itertools import combinations_with_replacement
from math import factorial
from pathlib import Path
from types import ModuleType
from typing import TextIO

Table = list[list[int]]
Strategy = Callable[[int, int], int]

HERE = Path(__file__).resolve().parent
MODEL_FILE = "calc_model.json"
HOG_FILE = "hog.py"
FORMAT = 4
COMMAND = "python3 calc.py"


class CalcError(Exception):
    """A problem, reported as one line: what is wrong — how to fix it."""


# ---------------------------------------------------------------------------- the kit's turn


class Spec:
    """How a turn of this kit is put together (calc_model.json), with no answer in it.

    ``points`` scores a turn (a function and what it is given, by name), ``after`` lists the
    rules that change the scores after it (each a ``swap``, an ``update`` of the mover's score or
    new ``scores``, with what it is given), ``sources`` holds small functions of the rules that
    the kit writes in terms of hog.py's own, ``wild`` says when the dice are four-sided, and
    ``hooks`` decide what a choice means (``rolls``), the extra points (``bonus``) and an extra
    turn (``extra``), each with the hidden fields it is given. ``next[h * C + c]`` is the next
    mover's hidden state after a turn from hidden state h with choice c: [no Pork Chop, no extra
    turn], [no Pork Chop, extra turn], [Pork Chop, no extra], [Pork Chop, extra] (-1 where the
    kit has no such turn).
    """

    def __init__(self, data: dict) -> None:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CalcError(f"{MODEL_FILE} is not a format {FORMAT} model — use the calc_model.json of your kit")
        self.name = data["variant"]
        self.title = data.get("title", self.name)
        self.goal = data["goal"]
        self.entry = data["entry"]
        self.choices = tuple(data["choices"])
        self.points, self.points_args = data["points"]
        self.after = [(name, kind, tuple(args)) for name, kind, args in data["after"]]
        self.wild = data["wild"]
        self.sources = dict(data.get("sources", {}))
        self.hooks = {key: (name, tuple(fields)) for key, (name, fields) in data["hooks"].items()}
        self.problems = dict(data["problems"])
        self.fields = tuple(data["fields"])
        self.hidden = [dict(zip(self.fields, row, strict=True)) for row in data["hidden"]]
        self.start = data["start"]
        self.next = [tuple(row) for row in data["next"]]
        if len(self.next) != len(self.hidden) * len(self.choices):
            raise ValueError("the table of next hidden states does not fit the hidden states")
        # what to compare against: always_roll(k) for a number, else a strategy of the kit's hog.py
        self.baseline_specs = [(str(name), spec) for name, spec in data["baselines"]]
        if not all(isinstance(spec, int) or isinstance(spec.get("function"), str) for _, spec in self.baseline_specs):
            raise ValueError("a baseline is neither a number of dice nor a function of hog.py")

    def problem(self, function: str) -> str:
        """How the course names the problem that asks for FUNCTION: ``Problem 5a``."""
        number = self.problems.get(function, "")
        return f"Problem {number.lstrip('0') or '0'}" if number else "an earlier problem"


def load_spec(path: str | Path | None = None) -> Spec:
    """Read calc_model.json (default: the one next to calc.py)."""
    path = Path(path) if path is not None else HERE / MODEL_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CalcError(f"{path} is missing — copy calc_model.json from your kit next to calc.py") from None
    except (OSError, ValueError) as exc:
        raise CalcError(f"{path} cannot be read ({exc}) — restore it from your kit") from None
    try:
        return Spec(data)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise CalcError(f"{path} is damaged ({type(exc).__name__}: {exc}) — restore it from your kit") from None


def test_dice(outcomes: tuple[int, ...]) -> Callable[[], int]:
    """Dice that come up OUTCOMES in turn, over and over."""
    position = -1

    def dice() -> int:
        nonlocal position
        position = (position + 1) % len(outcomes)
        return outcomes[position]
    return dice


def roll_distribution(score: Callable[[Callable[[], int]], int], num_rolls: int, sides: int) -> list[tuple[int, float]]:
    """The exact distribution of SCORE(dice) when dice are NUM_ROLLS fair dice with SIDES sides.

    What a roll scores depends only on which outcomes came up, not on their order, so each
    multiset of outcomes is scored once, with its probability.
    """
    total, dist = sides ** num_rolls, {}
    for multiset in combinations_with_replacement(range(1, sides + 1), num_rolls):
        ways = factorial(num_rolls)
        for face in set(multiset):
            ways //= factorial(multiset.count(face))
        points = score(test_dice(multiset))
        dist[points] = dist.get(points, 0.0) + ways / total
    return sorted(dist.items())


class Asker:
    """Calls the functions of the student's hog.py for the model, and turns every wrong answer into
    one CalcError that names the problem to finish (through the kit's ready.py when there is one)."""

    def __init__(self, spec: Spec, hog: ModuleType, ready: ModuleType | None = None) -> None:
        self.spec, self.hog, self.ready = spec, hog, ready
        self.memo: dict[tuple, object] = {}
        # The rules' small functions the kit states in terms of hog.py's own (never an answer).
        self.own: dict[str, Callable] = {}
        for name, source in spec.sources.items():
            namespace = dict(vars(hog))
            exec(source, namespace)  # noqa: S102 - the kit's own text, written by HogKit
            self.own[name] = namespace[name]

    def __call__(self, name: str, *args: object, kind: str = "int", low: int | None = None) -> object:
        """NAME(*ARGS), checked: KIND is ``int`` (at least LOW when given) or ``bool`` (any value but None)."""
        key = (name, *args)
        if key in self.memo:
            return self.memo[key]
        function = self.own.get(name) or getattr(self.hog, name, None)
        shown = f"{name}({', '.join('dice' if callable(a) else repr(a) for a in args)})"
        if not callable(function):
            raise self.missing(name)
        try:
            with redirect_stdout(io.StringIO()):
                value = function(*args)
        except NameError as exc:
            if name in self.own and exc.name and not hasattr(self.hog, exc.name):  # a function of hog.py it uses
                raise self.missing(exc.name) from None
            raise self.fail(name, f"{shown} raises {type(exc).__name__}: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - the student's code may raise anything
            raise self.fail(name, f"{shown} raises {type(exc).__name__}: {exc}") from None
        if value is None:
            raise self.fail(name, f"{shown} returns None")
        if kind == "bool":
            value = bool(value)
        elif kind == "pair":
            if not (isinstance(value, tuple) and len(value) == 2 and all(type(v) is int for v in value)):
                raise self.fail(name, f"{shown} returns {value!r}, not two whole numbers")
        elif type(value) is not int:
            raise self.fail(name, f"{shown} returns {value!r}, not a whole number")
        elif low is not None and value < low:
            raise self.fail(name, f"{shown} returns {value}, but calc.py needs at least {low} here "
                                  "(every turn scores at least 1 point)")
        if not any(callable(a) for a in args):
            self.memo[key] = value
        return value

    def missing(self, name: str) -> CalcError:
        """The error for a function NAME that hog.py does not define."""
        return CalcError(f"{HOG_FILE} has no function {name}, which calc.py asks to count the game — put it "
                         f"back from the kit's skeleton and write it ({self.spec.problem(name)})")

    def fail(self, name: str, what: str) -> CalcError:
        """The error for a wrong answer WHAT of NAME: the first unfinished problem it builds on, if any."""
        ready = self.ready
        if ready is not None and name in getattr(ready, "PROBES", {}):
            missing = ready.first_unfinished(self.hog, name)
            if missing is not None:
                return CalcError(f"{HOG_FILE}: {missing.line()} — calc.py counts the game your {HOG_FILE} "
                                 f"plays: {missing.advice(COMMAND)}")
        return CalcError(f"{HOG_FILE}: {what} — calc.py counts the game your {HOG_FILE} plays: "
                         f"fix {name} ({self.spec.problem(name)}), then run {COMMAND} again")


def _hook(ask: Asker, spec: Spec, key: str, given: dict, default: object, **checks: object) -> object:
    """What the kit's hook KEY (``rolls``, ``bonus``, ``extra``) says, given the hidden fields and
    choice GIVEN; DEFAULT when the kit has no such rule."""
    if key not in spec.hooks:
        return default
    name, fields = spec.hooks[key]
    return ask(name, *(given[f] for f in fields), **checks)


def derive(spec: Spec, hog: ModuleType, *, ready: ModuleType | None = None) -> Model:
    """The game of the student's HOG (a module) as calc.py counts it; CalcError when a function
    it needs is not written yet or answers something no game can use."""
    ask, goal = Asker(spec, hog, ready), spec.goal
    points = spec.points

    def score(k: int, opponent: int, dice: Callable[[], int] | None = None) -> int:
        given = {"num_rolls": k, "player_score": 0, "opponent_score": opponent, "dice": dice or test_dice((6,))}
        return ask(points, *(given[a] for a in spec.points_args), low=1)

    def turn(k: int, sides: int) -> list[tuple[int, float]]:
        return roll_distribution(lambda dice: score(k, 0, dice), k, sides)

    six = [turn(k, 6) for k in range(1, 11)]
    wild = None
    if spec.wild:
        wild = [[ask(spec.wild, m, o, kind="bool") for o in range(goal)] for m in range(goal)]
    four = [turn(k, 4) for k in range(1, 11)] if spec.wild else six
    zero = [[(score(0, b), 1.0)] for b in range(goal)]
    hidden, nchoice = len(spec.hidden), len(spec.choices)
    rolls, bonus, after = [0] * (2 * hidden * nchoice), [0] * (2 * hidden * nchoice), [0] * (2 * hidden * nchoice)
    for h, state in enumerate(spec.hidden):
        for ci, choice in enumerate(spec.choices):
            given = dict(state, choice=choice)
            r = _hook(ask, spec, "rolls", given, choice)
            if r not in spec.choices:
                raise CalcError(f"{HOG_FILE}: {spec.hooks['rolls'][0]} gives {r!r} for a choice of {choice} — "
                                f"it must mean one of {spec.choices[0]} to {spec.choices[-1]} dice "
                                f"({spec.problem(spec.hooks['rolls'][0])})")
            b = 0 if r < 0 else _hook(ask, spec, "bonus", given, 0, low=0)
            extra = bool(_hook(ask, spec, "extra", given, False, kind="bool"))
            nxt = spec.next[h * nchoice + ci][2 * (r < 0) + extra]
            if nxt < 0:
                raise CalcError(f"{HOG_FILE}: this kit's rules never give that turn (choice {choice}) — "
                                f"check {', '.join(name for name, _ in spec.hooks.values())}")
            for who in range(2):
                k = (who * hidden + h) * nchoice + ci
                rolls[k], bonus[k] = r, b
                after[k] = (who if extra else 1 - who) * hidden + nxt
    xmax = goal - 1 + max(p for dist in six + four + zero for p, _ in dist) + max(bonus)
    # After a turn the mover has x points and the opponent b: code[b][x] is the mover-first cell
    # (mover * goal + opponent) the rules lead to, -1 if the mover has won, -2 if the opponent has.
    code = []
    for b in range(goal):
        row = []
        for x in range(xmax + 1):
            m, o = x, b
            for name, kind, args in spec.after:
                given = {"player_score": m, "opponent_score": o}
                if kind == "swap":
                    m, o = (o, m) if ask(name, *(given[a] for a in args), kind="bool") else (m, o)
                elif kind == "scores":
                    m, o = ask(name, *(given[a] for a in args), kind="pair")
                else:
                    m = ask(name, *(given[a] for a in args), low=0)
            row.append(-1 if m >= goal else -2 if o >= goal else m * goal + o)
        code.append(row)
    return Model(spec, hog, dists=six + four + zero, wild=wild, rolls=rolls, bonus=bonus, after=after, code=code)


# ------------------------------------------------------------------------------- the model


class Model:
    """The game of one kit as the student's hog.py plays it: what every choice does in every hidden state.

    A context is ``who * hidden + h``: who moves and which hidden state (what the rules make the
    players remember) the game is in. A cell is ``s0 * goal + s1``; the two cells after the last
    one stand for a game won by player 0 and by player 1. ``dists`` rows: 1-10 six-sided dice,
    1-10 four-sided dice, zero dice against each score.
    """

    def __init__(self, spec: Spec, hog: ModuleType | None, *, dists: list, wild: list | None, rolls: list[int],
                 bonus: list[int], after: list[int], code: list[list[int]]) -> None:
        self.spec, self.hog = spec, hog
        self.name, self.title, self.goal = spec.name, spec.title, spec.goal
        goal = self.goal
        self.choices = spec.choices
        self.offset = -self.choices[0]
        self.nchoice = len(self.choices)
        self.hidden = len(spec.hidden)
        self.start = spec.start
        self.rolls, self.bonus, self.next = rolls, bonus, after
        self.dists, self.wild = dists, wild
        self.xmax = len(code[0]) - 1
        self.cells = goal * goal
        won, lost = self.cells, self.cells + 1
        self.target = [
            [[c if c >= 0 else (won if c == -1 else lost) for c in row] for row in code],
            [[(c % goal) * goal + c // goal if c >= 0 else (lost if c == -1 else won) for c in row] for row in code],
        ]
        self.baseline_specs = spec.baseline_specs


def load_model(hog: ModuleType, path: str | Path | None = None, *, ready: ModuleType | None = None) -> Model:
    """The game of the module HOG, from the kit's calc_model.json (or the one at PATH)."""
    return derive(load_spec(path), hog, ready=ready)


def always_roll(n: int, goal: int) -> Table:
    """The table of always_roll(N)."""
    return [[n] * goal for _ in range(goal)]


def baselines(model: Model) -> tuple[list[tuple[str, Table]], list[tuple[str, str]]]:
    """The kit's baselines as tables, and those left out with the reason (one line each).

    A strategy of the model's hog.py is the student's own, so it is left out until that problem
    works (answers every pair of scores with a legal choice).
    """
    found, left_out = [], []
    for name, spec in model.baseline_specs:
        if isinstance(spec, int):
            found.append((name, always_roll(spec, model.goal)))
            continue
        function = spec["function"]
        try:
            strategy = getattr(model.hog, function, None)
            if not callable(strategy):
                raise CalcError(f"there is no {function} — define it")
            found.append((name, strategy_table(strategy, model, name=function)))
        except CalcError as exc:
            left_out.append((name, f"{HOG_FILE}: {exc} ({model.spec.problem(function)})"))
    return found, left_out


# ------------------------------------------------------------------------------ the strategy


def kit_module(name: str) -> ModuleType | None:
    """The kit's module NAME (next to calc.py), imported once, or None if the kit has no such file."""
    key = f"_calc_{name}"
    module = sys.modules.get(key)
    if module is None:
        path = HERE / f"{name}.py"
        if not path.is_file():
            return None
        spec = importlib.util.spec_from_file_location(key, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules[key] = module
    return module


def strategy_table(strategy: Strategy, model: Model, name: str = "final_strategy") -> Table:
    """STRATEGY's choice at every pair of scores, or CalcError naming the first bad answer."""
    answers, problem = kit_module("contest_check").answer_table(strategy, model.goal, model.choices, name=name)
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


def entry_strategy(module: ModuleType, path: Path, model: Model) -> Table:
    """The table of the final_strategy of MODULE (the file at PATH), or CalcError naming the file."""
    strategy = getattr(module, "final_strategy", None)
    if not callable(strategy):
        raise CalcError(f"{path.name} has no final_strategy — define final_strategy(score, opponent_score)")
    try:
        return strategy_table(strategy, model)
    except CalcError as exc:
        problem = f" ({model.spec.problem('final_strategy')})" if path.name == HOG_FILE else ""
        raise CalcError(f"{path.name}: {exc}{problem}") from None


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
                        dist = dists[r + 9 if wild is not None and wild[mover][opponent] else r - 1]
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
        for level in levels:
            who = (level // hidden)[:, None]
            mover = np.where(who == 0, s0, s1)
            opponent = total - mover
            wild_row = 10 * wild[mover, opponent]
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
    parser = argparse.ArgumentParser(prog=COMMAND, description="Exact win rates of your final_strategy.")
    parser.add_argument("file", nargs="?", default=None,
                        help="the .py file whose final_strategy to measure (default: the kit's file of Problem 12, "
                             f"{HOG_FILE})")
    parser.add_argument("--no-numpy", action="store_true", help="use plain Python even if NumPy is installed")
    parser.add_argument("--model", default=None, help=f"the model file (default: the {MODEL_FILE} of this kit)")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run calc.py; return 0, or 2 after printing one ``error:`` line."""
    parser = build_parser()
    parser.error = lambda message: parser.exit(2, f"error: {message} — see '{COMMAND} --help'\n")
    args = parser.parse_args(argv)
    try:
        spec = load_spec(args.model)
        hog = load_module(HERE / HOG_FILE)
        model = derive(spec, hog, ready=kit_module("ready"))
        path = Path(args.file) if args.file else HERE / spec.entry
        entry = hog if path.resolve() == (HERE / HOG_FILE).resolve() else load_module(path)
        table = entry_strategy(entry, path, model)
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
