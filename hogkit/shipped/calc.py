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
FORMAT = 6
COMMAND = "python3 calc.py"


class CalcError(Exception):
    """A problem, reported as one line: what is wrong — how to fix it."""


# ---------------------------------------------------------------------------- the kit's turn


class Spec:
    """How a turn of this kit is put together (calc_model.json), with no answer in it.

    ``points`` scores a turn (a function and what it is given, by name), ``after`` lists the
    rules that change the scores after it (each a ``swap``, an ``update`` of the mover's score or
    new ``scores``, with what it is given), ``sources`` holds small functions of the rules that
    the kit writes in terms of hog.py's own, and ``wild`` says when the dice are four-sided.
    ``hooks`` are the later rules: ``rolls`` (what a choice means), ``bonus`` (extra points) and
    ``extra`` (the mover moves again), each a list of [function, what it is given: ``choice``, a
    hidden field, or a score after the turn]. ``next[h * C + c]`` is the next mover's hidden
    state after a turn from hidden state h with choice c: [no special move, no extra turn], [no
    special move, extra turn], [special move, no extra], [special move, extra] (-1 where the kit
    has no such turn); where a rule remembers the points of a turn, each is a list by the turn's
    points (0 to ``points_cap``). ``halves``, where set, names the mover's fields and the
    opponent's (the same memories in the same order): see :class:`Halves`.
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
        self.hooks = {key: [(name, tuple(given)) for name, given in found] for key, found in data["hooks"].items()}
        self.problems = dict(data["problems"])
        self.fields = tuple(data["fields"])
        self.hidden = [dict(zip(self.fields, row, strict=True)) for row in data["hidden"]]
        self.start = data["start"]
        self.next = [tuple(row) for row in data["next"]]
        self.points_cap = int(data.get("points_cap", 0))
        halves = data.get("halves")
        self.halves = None if halves is None else (tuple(halves[0]), tuple(halves[1]))
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

    def __call__(self, name: str, *args: object, kind: str = "int", low: int | None = None,
                 keep: bool = True) -> object:
        """NAME(*ARGS), checked: KIND is ``int`` (at least LOW when given) or ``bool`` (any value but None);
        the answer is kept for the same call again unless KEEP is false."""
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
        if keep and not any(callable(a) for a in args):
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


SCORES = ("player_score", "opponent_score")
LATE = {*SCORES, "points", "who"}  # what makes an extra-turn rule part of the late part of a turn


def _asks(ask: Asker, found: list, given: dict, **checks: object) -> list:
    """What each hook of FOUND (a list of [function, what it is given]) says, given GIVEN."""
    return [ask(name, *(given[f] for f in fields), **checks) for name, fields in found]


def derive(spec: Spec, hog: ModuleType, *, ready: ModuleType | None = None) -> Model:
    """The game of the student's HOG (a module) as calc.py counts it; CalcError when a function
    it needs is not written yet or answers something no game can use."""
    ask, goal = Asker(spec, hog, ready), spec.goal
    points = spec.points
    by_mover = "player_score" in spec.points_args

    def score(k: int, mover: int, opponent: int, dice: Callable[[], int] | None = None) -> int:
        given = {"num_rolls": k, "player_score": mover, "opponent_score": opponent, "dice": dice or test_dice((6,))}
        return ask(points, *(given[a] for a in spec.points_args), low=1)

    def turn(k: int, sides: int) -> list[tuple[int, float]]:
        return roll_distribution(lambda dice: score(k, 0, 0, dice), k, sides)

    six = [turn(k, 6) for k in range(1, 11)]
    wild = None
    if spec.wild:
        wild = [[ask(spec.wild, m, o, kind="bool") for o in range(goal)] for m in range(goal)]
    four = [turn(k, 4) for k in range(1, 11)] if spec.wild else six
    if by_mover:
        zero = [[(score(0, m, o), 1.0)] for m in range(goal) for o in range(goal)]
    else:
        zero = [[(score(0, 0, o), 1.0)] for o in range(goal)]
    hidden, nchoice = len(spec.hidden), len(spec.choices)
    chooser = spec.hooks.get("rolls", [])
    # The late part of a turn: every rule after it, the bonuses when one reads more than the dice and the
    # memory, and the extra turns that read a score, the points or the mover; its tables are kept for
    # each combination of what those rules read besides the scores (a key).
    bonuses = spec.hooks.get("bonus", [])
    late_bonus = any(set(fields) - {"choice", *spec.fields} for _, fields in bonuses)
    score_extras = [hook for hook in spec.hooks.get("extra", []) if set(hook[1]) & LATE]
    memory_extras = [hook for hook in spec.hooks.get("extra", []) if not set(hook[1]) & LATE]
    reads = sorted(({f for _, _, args in spec.after for f in args} | {f for _, fields in score_extras for f in fields}
                    | {f for _, fields in bonuses if late_bonus for f in fields}) - set(SCORES))
    rolls, bonus, extra = [0] * (hidden * nchoice), [0] * (hidden * nchoice), [False] * (hidden * nchoice)
    for h, state in enumerate(spec.hidden):
        for ci, choice in enumerate(spec.choices):
            given = dict(state, choice=choice)
            r = _asks(ask, chooser, given)[0] if chooser else choice
            if r not in spec.choices:
                raise CalcError(f"{HOG_FILE}: {chooser[0][0]} gives {r!r} for a choice of {choice} — "
                                f"it must mean one of {spec.choices[0]} to {spec.choices[-1]} dice "
                                f"({spec.problem(chooser[0][0])})")
            k = h * nchoice + ci
            rolls[k] = r
            bonus[k] = 0 if r < 0 or late_bonus else sum(_asks(ask, bonuses, given, low=0))
            extra[k] = any(_asks(ask, memory_extras, given, kind="bool"))
    most = max(p for dist in six + four + zero for p, _ in dist)
    xmax = goal - 1 + most + max(bonus)
    width = most + 1 if "points" in reads else 1
    keys: dict[tuple, int] = {}
    given_of: list[dict] = []  # a combination of what the late rules read, for each key
    late_key = [[[0] * width for _ in range(hidden * nchoice)] for _ in (0, 1)]  # [who][k][points]
    for who in (0, 1):
        for h, state in enumerate(spec.hidden):
            for ci in range(nchoice):
                k = h * nchoice + ci
                for p in range(width):
                    given = dict(state, choice=rolls[k], points=p, who=who)
                    key = tuple(given[f] for f in reads)
                    if key not in keys:
                        keys[key] = len(given_of)
                        given_of.append(given)
                    late_key[who][k][p] = keys[key]
    # After a turn the mover has x points and the opponent b: code[key][b][x] is the mover-first cell
    # (mover * goal + opponent) the late rules lead to, -1 if the mover has won, -2 if the opponent
    # has; again[key][b][x] whether those rules give the mover another turn.
    code, again = [], []
    for read in given_of:
        code.append([])
        again.append([])
        for b in range(goal):
            row, more = [], []
            for x in range(xmax + 1):
                m, o = x, b
                for name, fields in bonuses if late_bonus else ():
                    given = dict(read, player_score=m, opponent_score=o)
                    m += ask(name, *(given[f] for f in fields), low=0, keep=not reads)
                for name, kind, args in spec.after:
                    given = dict(read, player_score=m, opponent_score=o)
                    if kind == "swap":
                        m, o = (o, m) if ask(name, *(given[a] for a in args), kind="bool", keep=not reads) else (m, o)
                    elif kind == "scores":
                        m, o = ask(name, *(given[a] for a in args), kind="pair", keep=not reads)
                    else:
                        m = ask(name, *(given[a] for a in args), low=0, keep=not reads)
                over = m >= goal or o >= goal
                row.append(-1 if m >= goal else -2 if o >= goal else m * goal + o)
                given = dict(read, player_score=m, opponent_score=o)
                more.append(not over and any(ask(name, *(given[f] for f in fields), kind="bool", keep=not reads)
                                             for name, fields in score_extras))
            code[-1].append(row)
            again[-1].append(more)
    model = Model(spec, hog, dists=six + four + zero, wild=wild, rolls=rolls, bonus=bonus, extra=extra, code=code,
                  again=again, zero_by_mover=by_mover)
    model.late_key = late_key
    model.halves = find_halves(model)
    return model


# ------------------------------------------------------------------------------- the model


class Model:
    """The game of one kit as the student's hog.py plays it: what every choice does in every hidden state.

    A context is ``who * hidden + h``: who moves and which hidden state (what the rules make the
    players remember) the game is in. A cell is ``s0 * goal + s1``; the two cells after the last
    one stand for a game won by player 0 and by player 1. ``dists`` rows: 1-10 six-sided dice,
    1-10 four-sided dice, zero dice against each score (or each pair of scores, mover first,
    where the zero-dice points depend on both). ``k = h * C + c`` numbers a hidden state and a
    choice column: ``rolls[k]``, ``bonus[k]`` and ``extra[k]`` (an extra turn from the rules that
    look at no score).
    """

    def __init__(self, spec: Spec, hog: ModuleType | None, *, dists: list, wild: list | None, rolls: list[int],
                 bonus: list[int], extra: list[bool], code: list[list[int]], again: list[list[bool]],
                 zero_by_mover: bool) -> None:
        self.spec, self.hog = spec, hog
        self.name, self.title, self.goal = spec.name, spec.title, spec.goal
        self.choices = spec.choices
        self.offset = -self.choices[0]
        self.nchoice = len(self.choices)
        self.hidden = len(spec.hidden)
        self.start = spec.start
        self.rolls, self.bonus, self.extra = rolls, bonus, extra
        self.dists, self.wild = dists, wild
        self.code, self.again, self.zero_by_mover = code, again, zero_by_mover
        self.xmax = len(code[0][0]) - 1
        # the key of the late part's tables (code, again) of a turn by who, k and its points (set by derive)
        self.late_key: list[list[list[int]]] = [[[0]] * len(rolls)] * 2
        self.cells = self.goal * self.goal
        self.points_cap = spec.points_cap
        self.baseline_specs = spec.baseline_specs
        self.halves: Halves | None = None  # set by derive where the hidden state splits

    def next_hidden(self, k: int, special: bool, extra: bool, points: int) -> int:
        """The next mover's hidden state after a turn of hidden state and choice K."""
        found = self.spec.next[k][2 * special + extra]
        return found[min(points, self.points_cap)] if isinstance(found, list) else found

    def zero_row(self, mover: int, opponent: int) -> int:
        """The row of ``dists`` of a zero-dice turn."""
        return 20 + (mover * self.goal + opponent if self.zero_by_mover else opponent)


class Halves:
    """The hidden states as two halves, the mover's and the opponent's (``own[h]``, ``opp[h]``:
    numbers below ``size``), where calc_model.json names them and the kit's turn keeps to them:
    the later rules look at the mover's half alone, and a turn hands the opponent's half over
    untouched (it becomes the next mover's own; after an extra turn, it stays the opponent's).
    Then a state's value depends on the mover's half only through its class under the choice
    made (``cls[half][c]``: the halves that roll, score and move on alike; ``reps[c]``, a hidden
    state of each class, the opponent's half 0), so calc.py keeps one value per cell, opponent's
    half and class instead of one per hidden state, and sums the rows a turn reads by the choice
    the next mover makes there."""

    def __init__(self, own: list[int], opp: list[int], cls: list[list[int]], reps: list[list[int]]) -> None:
        self.own, self.opp, self.cls, self.reps = own, opp, cls, reps
        self.size = len(cls)
        self.classes = max(len(r) for r in reps)


def find_halves(model: Model) -> Halves | None:
    """The :class:`Halves` of MODEL where its calc_model.json names them and its turns keep to
    them (else None: calc.py then counts every hidden state)."""
    spec, nchoice = model.spec, model.nchoice
    if spec.halves is None or min(model.rolls) < 0 or len(model.code) > 1:  # the late rules read no memory here
        return None
    own_fields, opp_fields = spec.halves
    own_values = [tuple(state[f] for f in own_fields) for state in spec.hidden]
    opp_values = [tuple(state[f] for f in opp_fields) for state in spec.hidden]
    values = sorted(set(own_values))
    if sorted(set(opp_values)) != values or len(spec.hidden) != len(values) ** 2:
        return None
    number = {value: i for i, value in enumerate(values)}
    own, opp = [number[v] for v in own_values], [number[v] for v in opp_values]
    state = {pair: h for h, pair in enumerate(zip(opp, own, strict=True))}
    if len(state) != len(spec.hidden):
        return None
    left: dict[tuple[int, bool, int], int] = {}  # the half a turn leaves, by choice, extra turn and points
    for h in range(len(spec.hidden)):
        same = state[(0, own[h])]
        for c in range(nchoice):
            k, j = h * nchoice + c, same * nchoice + c
            if (model.rolls[k], model.bonus[k], model.extra[k]) != (model.rolls[j], model.bonus[j], model.extra[j]):
                return None
            for more in (False, True):
                for points in range(model.points_cap + 1):
                    after = model.next_hidden(k, False, more, points)
                    if after < 0:
                        continue
                    kept, fresh = (opp[after], own[after]) if more else (own[after], opp[after])
                    if kept != opp[h] or left.setdefault((c, more, points), fresh) != fresh:
                        return None
    cls, reps = [[0] * nchoice for _ in values], []
    for c in range(nchoice):
        seen: dict[tuple, int] = {}
        firsts = []
        for m in range(len(values)):
            k = state[(0, m)] * nchoice + c
            key = (model.rolls[k], model.bonus[k], model.extra[k])
            if key not in seen:
                seen[key] = len(seen)
                firsts.append(state[(0, m)])
            cls[m][c] = seen[key]
        reps.append(firsts)
    return Halves(own, opp, cls, reps)


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


def _columns(model: Model, tables: tuple[Table, Table]) -> list[Table]:
    """Choice columns of both TABLES (``cols[who][mover][opponent]``), or CalcError."""
    goal, nchoice = model.goal, model.nchoice
    for table in tables:
        if len(table) != goal or any(len(row) != goal for row in table):
            raise CalcError(f"a strategy table must be {goal} x {goal} — ask the strategy at every pair of scores")
    cols = [[[choice + model.offset for choice in row] for row in table] for table in tables]
    if any(c < 0 or c >= nchoice for table in cols for row in table for c in row):
        raise CalcError(f"a strategy table may hold only {model.choices[0]} to {model.choices[-1]}")
    return cols


def _plan(model: Model, tables: tuple[Table, Table]) -> tuple[list[Table], list[list[int]]]:
    """Choice columns of both TABLES, and the contexts the game can reach, in a safe order: by
    level, so that within one sum of the scores a context a special move leads to is counted
    before the contexts it comes from (a special move swaps the scores: the sum stays the same)."""
    nchoice, hidden = model.nchoice, model.hidden
    cols = _columns(model, tables)
    used = [sorted({c for row in table for c in row}) for table in cols]

    def following(ctx: int, *, special_only: bool = False) -> set[int]:
        who, h = divmod(ctx, hidden)
        found = set()
        for c in used[who]:
            k = h * nchoice + c
            special = model.rolls[k] < 0
            if special_only and not special:
                continue
            for extra in (False, True):
                for points in range(model.points_cap + 1):
                    nxt = model.next_hidden(k, special, extra, points)
                    if nxt >= 0:
                        found.add((who if extra else 1 - who) * hidden + nxt)
        return found

    start = model.start
    reach, seen = [start], {start}
    for ctx in reach:
        for nxt in following(ctx) - seen:
            seen.add(nxt)
            reach.append(nxt)
    depth: dict[int, int] = {}

    def depth_of(ctx: int) -> int:
        if ctx not in depth:
            after = following(ctx, special_only=True)
            depth[ctx] = 1 + max(map(depth_of, after)) if after else 0
        return depth[ctx]

    levels: dict[int, list[int]] = {}
    for ctx in sorted(reach):
        levels.setdefault(depth_of(ctx), []).append(ctx)
    return cols, [levels[d] for d in sorted(levels)]


def win_rate(model: Model, table0: Table, table1: Table, *, numpy: bool | None = None) -> float:
    """P(player 0 wins) when player 0 plays TABLE0 and player 1 plays TABLE1 from 0 to 0.

    NUMPY: True to use NumPy, False for plain Python, None to use NumPy when it is installed.
    """
    if numpy is None:
        numpy = importlib.util.find_spec("numpy") is not None
    if model.halves is not None:
        cols = _columns(model, (table0, table1))
        return _halves_numpy(model, cols) if numpy else _halves_python(model, cols)
    plan = _plan(model, (table0, table1))
    return _count_numpy(model, *plan) if numpy else _count_python(model, *plan)


def _dist(model: Model, k: int, mover: int, opponent: int) -> list[tuple[int, float]]:
    """The points distribution of a turn of hidden state and choice K from these scores."""
    r = model.rolls[k]
    if r == 0:
        return model.dists[model.zero_row(mover, opponent)]
    return model.dists[r + 9 if model.wild is not None and model.wild[mover][opponent] else r - 1]


def _halves_python(model: Model, cols: list[Table]) -> float:
    """Backward induction in plain Python in halves (see :class:`Halves`): ``values[who][cell]``
    holds, for each opponent's half, the value of each class (cells as the mover sees them)."""
    goal, nchoice, halves = model.goal, model.nchoice, model.halves
    size, classes, cls = halves.size, halves.classes, halves.cls
    values: list[list] = [[None] * model.cells for _ in range(2)]
    for total in range(2 * goal - 2, -1, -1):
        for mover in range(max(0, total - goal + 1), min(goal - 1, total) + 1):
            opponent = total - mover
            code, again = model.code[0][opponent], model.again[0][opponent]  # one key (find_halves)
            for who in (0, 1):
                found = []
                for h in halves.reps[cols[who][mover][opponent]]:
                    k = h * nchoice + cols[who][mover][opponent]
                    won, sums, kept = 0.0, {}, None  # sums: by the next mover's choice, each class's
                    start = mover + model.bonus[k]
                    for points, p in _dist(model, k, mover, opponent):
                        x = min(start + points, model.xmax)
                        cell = code[x]
                        if cell < 0:
                            won += p * ((cell == -1) == (who == 0))
                            continue
                        m, o = divmod(cell, goal)
                        more = model.extra[k] or again[x]
                        after = model.next_hidden(k, False, more, points)
                        if more:  # the same mover: the turn's half is theirs, the opponent's stays
                            q = cls[halves.own[after]][cols[who][m][o]]
                            if kept is None:
                                kept = [0.0] * size
                            for a, row in enumerate(values[who][m * goal + o]):
                                kept[a] += p * row[q]
                            continue
                        row = values[1 - who][o * goal + m][halves.opp[after]]
                        total_row = sums.get(cols[1 - who][o][m])
                        if total_row is None:
                            sums[cols[1 - who][o][m]] = [p * v for v in row]
                        else:
                            for q in range(classes):
                                total_row[q] += p * row[q]
                    found.append([won + sum(row[cls[a][c]] for c, row in sums.items()) + (kept[a] if kept else 0.0)
                                  for a in range(size)])
                values[who][mover * goal + opponent] = [[found[q][a] if q < len(found) else 0.0 for q in range(classes)]
                                                        for a in range(size)]
    start = model.start
    return values[0][0][halves.opp[start]][cls[halves.own[start]][cols[0][0][0]]]


def _halves_numpy(model: Model, cols: list[Table]) -> float:
    """:func:`_halves_python` one sum of the scores and one seat at a time, with NumPy arrays."""
    import numpy as np

    goal, nchoice, halves = model.goal, model.nchoice, model.halves
    size, classes = halves.size, halves.classes
    width = max(len(dist) for dist in model.dists)
    points = np.array([[p for p, _ in dist] + [dist[-1][0]] * (width - len(dist)) for dist in model.dists])
    probs = np.array([[q for _, q in dist] + [0.0] * (width - len(dist)) for dist in model.dists])
    bonus, rolls = np.array(model.bonus, dtype=np.int64), np.array(model.rolls, dtype=np.int64)
    extra = np.array(model.extra, dtype=bool)
    code, again = np.array(model.code[0], dtype=np.int64), np.array(model.again[0], dtype=bool)  # one key
    cap = model.points_cap
    after = np.array([[[max(0, model.next_hidden(k, False, more, p)) for p in range(cap + 1)] for more in (0, 1)]
                      for k in range(len(model.rolls))], dtype=np.int64)
    own, opp, cls = np.array(halves.own), np.array(halves.opp), np.array(halves.cls)
    reps = np.array([r + [r[0]] * (classes - len(r)) for r in halves.reps], dtype=np.int64)
    used = np.arange(classes) < np.array([len(r) for r in halves.reps])[:, None]  # [choice, class]
    tables = np.array(cols, dtype=np.int64)
    wild = np.array(model.wild, dtype=np.int64) if model.wild is not None else np.zeros((goal, goal), np.int64)
    values = np.zeros((2, goal, goal, size, classes))  # [who, mover, opponent, opponent's half, class]
    for total in range(2 * goal - 2, -1, -1):
        mover = np.arange(max(0, total - goal + 1), min(goal - 1, total) + 1)
        opponent, n = total - mover, len(mover)
        for who in (0, 1):
            c = tables[who, mover, opponent]
            k = reps[c] * nchoice + c[:, None]  # [cell, class]
            r = rolls[k]
            zero = 20 + (mover * goal + opponent if model.zero_by_mover else opponent)[:, None]
            row = np.where(r > 0, r - 1 + 10 * wild[mover, opponent][:, None], zero)
            pts, chance = points[row], probs[row] * used[c][..., None]  # [cell, class, outcome]
            x = np.minimum(mover[:, None, None] + bonus[k][..., None] + pts, model.xmax)
            cell = code[opponent[:, None, None], x]
            ended = cell < 0
            won = (chance * (ended & ((cell == -1) == (who == 0)))).sum(axis=-1)
            m, o = np.divmod(np.maximum(cell, 0), goal)
            more = (extra[k][..., None] | again[opponent[:, None, None], x]) & ~ended
            nh = after[k[..., None], more.astype(np.int64), np.minimum(pts, cap)]
            handed = np.where(ended | more, 0.0, chance)
            read = values[1 - who, o, m, opp[nh]] * handed[..., None]  # [cell, class, outcome, next class]
            term = ((np.arange(n * classes).reshape(n, classes, 1) * nchoice + tables[1 - who, o, m]) * classes)
            sums = np.bincount((term[..., None] + np.arange(classes)).ravel(), weights=read.ravel(),
                               minlength=n * classes * nchoice * classes).reshape(n, classes, nchoice, classes)
            found = won[..., None] + sums[:, :, np.arange(nchoice)[:, None], cls.T].sum(axis=2)  # [cell, class, half]
            if more.any():  # the same mover again: every opponent's half reads its own value
                q = cls[own[nh], tables[who, m, o]]
                found += (values[who, m, o, :, q] * np.where(more, chance, 0.0)[..., None]).sum(axis=2)
            values[who, mover, opponent] = found.transpose(0, 2, 1)
    start = model.start
    return float(values[0, 0, 0, opp[start], cls[own[start], tables[0, 0, 0]]])


def _count_python(model: Model, cols: list[Table], levels: list[list[int]]) -> float:
    """Backward induction in plain Python, from the highest sum of the scores down."""
    goal, nchoice, hidden, cells = model.goal, model.nchoice, model.hidden, model.cells
    values = {ctx: [0.0] * cells + [1.0, 0.0] for level in levels for ctx in level}
    rolls, bonus, extra, dists, wild = model.rolls, model.bonus, model.extra, model.dists, model.wild
    for total in range(2 * goal - 2, -1, -1):
        cells_here = range(max(0, total - goal + 1), min(goal - 1, total) + 1)
        for level in levels:
            for ctx in level:
                who, h = divmod(ctx, hidden)
                mine, table = values[ctx], cols[who]
                for s0 in cells_here:
                    s1 = total - s0
                    mover, opponent = (s0, s1) if who == 0 else (s1, s0)
                    k = h * nchoice + table[mover][opponent]
                    r = rolls[k]
                    if r < 0:  # a special move: the scores swap
                        nxt = (who if extra[k] else 1 - who) * hidden + model.next_hidden(k, True, extra[k], 0)
                        mine[s0 * goal + s1] = values[nxt][s1 * goal + s0]
                        continue
                    if r == 0:
                        dist = dists[model.zero_row(mover, opponent)]
                    else:
                        dist = dists[r + 9 if wild is not None and wild[mover][opponent] else r - 1]
                    keys, start = model.late_key[who][k], mover + bonus[k]
                    value = 0.0
                    for points, p in dist:
                        x = min(start + points, model.xmax)
                        key = keys[min(points, len(keys) - 1)]
                        code, again = model.code[key][opponent], model.again[key][opponent]
                        cell = code[x]
                        if cell < 0:
                            value += p * ((cell == -1) == (who == 0))
                            continue
                        more = extra[k] or again[x]
                        nxt = (who if more else 1 - who) * hidden + model.next_hidden(k, False, more, points)
                        m, o = divmod(cell, goal)
                        value += p * values[nxt][m * goal + o if who == 0 else o * goal + m]
                    mine[s0 * goal + s1] = value
    return values[model.start][0]


def _count_numpy(model: Model, cols: list[Table], levels: list[list[int]]) -> float:
    """The same backward induction, one sum of the scores at a time, with NumPy arrays."""
    import numpy as np

    goal, nchoice, hidden, cells = model.goal, model.nchoice, model.hidden, model.cells
    width = max(len(dist) for dist in model.dists)
    points = np.array([[p for p, _ in dist] + [dist[-1][0]] * (width - len(dist)) for dist in model.dists])
    probs = np.array([[q for _, q in dist] + [0.0] * (width - len(dist)) for dist in model.dists])
    bonus, rolls = np.array(model.bonus, dtype=np.int64), np.array(model.rolls, dtype=np.int64)
    extra = np.array(model.extra, dtype=bool)
    xsize = model.xmax + 1
    code, again = np.array(model.code, dtype=np.int64), np.array(model.again, dtype=bool)
    late_key = np.array(model.late_key, dtype=np.int64)  # [who, k, points]
    cap = model.points_cap
    # nxt[k, special, more, points]: the next mover's hidden state
    nxt = np.array([[[model.next_hidden(k, special, more, p) for p in range(cap + 1)] for more in (0, 1)]
                    for k in range(len(model.rolls)) for special in (0, 1)], dtype=np.int64)
    nxt = nxt.reshape(len(model.rolls), 2, 2, cap + 1)
    values = np.zeros((2 * hidden, cells + 2))
    values[:, cells] = 1.0
    flat = values.reshape(-1)
    tables = np.array(cols, dtype=np.int64)
    wild = np.array(model.wild, dtype=np.int64) if model.wild is not None else np.zeros((goal, goal), np.int64)
    levels = [np.array(level, dtype=np.int64) for level in levels]
    for total in range(2 * goal - 2, -1, -1):
        s0 = np.arange(max(0, total - goal + 1), min(goal - 1, total) + 1)
        s1 = total - s0
        for level in levels:
            who, h = (level // hidden)[:, None], (level % hidden)[:, None]
            mover = np.where(who == 0, s0, s1)
            opponent = total - mover
            k = h * nchoice + tables[who, mover, opponent]
            r = rolls[k]
            zero = 20 + (mover * goal + opponent if model.zero_by_mover else opponent)
            row = np.where(r > 0, r - 1 + 10 * wild[mover, opponent], np.where(r == 0, zero, 0))
            pts = points[row]
            x = np.minimum(mover[..., None] + bonus[k][..., None] + pts, xsize - 1)
            key = late_key[who[..., None], k[..., None], np.minimum(pts, late_key.shape[2] - 1)]
            cell = code[key, opponent[..., None], x]
            more = extra[k][..., None] | again[key, opponent[..., None], x]
            nh = nxt[k[..., None], 0, more.astype(np.int64), np.minimum(pts, cap)]
            ctx = np.where(more, who[..., None], 1 - who[..., None]) * hidden + nh
            m, o = np.divmod(np.maximum(cell, 0), goal)
            absolute = np.where(who[..., None] == 0, m * goal + o, o * goal + m)
            won = (who == 0)[..., None]  # player 0 moves: a win of the mover is player 0's
            ended = np.where(cell == -1, won, ~won).astype(float)
            value = (np.where(cell < 0, ended, flat[ctx * (cells + 2) + absolute]) * probs[row]).sum(axis=-1)
            chop = r < 0
            if chop.any():  # a special move: the scores swap, the next mover's state as the rules say
                special = nxt[k, 1, extra[k].astype(np.int64), 0]
                target = (np.where(extra[k], who, 1 - who) * hidden + special) * (cells + 2) + s1 * goal + s0
                value = np.where(chop, flat[target], value)
            values[level[:, None], s0 * goal + s1] = value
    return float(values[model.start, 0])


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
