"""Exact win rates of two tables for any turn the statement allows, by backward induction over the
diagonals of the score sum in a flat layout.

The fast layouts (:mod:`hogkit.exact.model`) need a separable turn: later effects that follow from
the hidden state and the dice alone. Rules that look at the scores after the turn (extra turns
that depend on them, post-turn rules and zero-dice points that read both scores) or that remember
a turn's points are evaluated here instead. A state is ``(who, hidden, mover, opponent)``, kept at
``((who * H + hidden) * goal + mover) * goal + opponent`` in one flat array with two more places at
the end, a game won by player 0 and by player 1. Every turn adds at least one point, so the states
of a diagonal only read states of higher diagonals, and each diagonal is one set of array
operations over its states and each of their outcomes.

A turn from a state is put together from tables built once per model (:class:`GeneralModel`):
what a choice means in each hidden state and its bonus; the points distribution of each row
(dice of each number and kind, zero dice against each pair of scores); the scores after the
post-turn rules for each raw score of the mover and score of the opponent, and whether those
scores earn an extra turn; and the hidden state after the turn for each hidden state, choice,
extra turn and (where a rule remembers it) number of points.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import lru_cache
from typing import TypeVar

import numpy as np

from hogkit.errors import HogkitError
from hogkit.game import roll_distribution
from hogkit.rules import family_of
from hogkit.turn import MOST_DICE, SIDES, Turn, turn_of
from hogkit.variant import Variant

LATE_CALLS = 4_000_000  # the most (key, opponent's score, mover's score) entries of the late part's tables
T = TypeVar("T")


class GeneralModel:
    """The tables one variant's turn is evaluated from at GOAL (see the module's docstring)."""

    def __init__(self, variant: Variant, goal: int) -> None:
        self.variant, self.goal = variant, goal
        self.turn = turn = turn_of(variant)
        self._check(turn)
        self.choices = turn.choices
        self.offset = -self.choices[0]
        self.hidden = turn.hidden_states()
        self.nh = H = len(self.hidden)
        self.h0 = turn.index(turn.start)
        self.swap_h = np.array([turn.index(turn.swapped(h)) for h in self.hidden])
        self._plan_moves(turn)
        self._plan_points(turn)
        self._plan_after(turn)
        self._plan_memory(turn)
        G = goal
        self.size = 2 * H * G * G
        m, o = np.divmod(np.arange(G * G), G)
        self.diagonals = [np.nonzero(m + o == d)[0] for d in range(2 * G - 1)]
        self._places: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._plan_classes()
        planned = self.size * len(self.choices) * self.vals.shape[1] * 4
        self.plans: dict[int, Plan] | None = {} if planned <= PLAN_BYTES and self.size < 2**31 - 2 else None
        self._derived: dict[str, object] = {}

    def derived(self, name: str, make: Callable[[], T]) -> T:
        """What MAKE builds from this model (a plan of another module), built once and kept with it."""
        if name not in self._derived:
            self._derived[name] = make()
        return self._derived[name]

    @staticmethod
    def _check(turn: Turn) -> None:
        for rule in turn.variant.rules:
            if family_of(rule).step == "choice":
                raise HogkitError(f"the exact evaluator's general layout cannot count {rule.id} (a special move)",
                                  "keep the other rules' hooks to what the fast layout reads (docs/design.md)")

    def _plan_moves(self, turn: Turn) -> None:
        """For each hidden state and choice: the dice rolled, the bonus, and whether the rules that
        read no score give an extra turn."""
        shape = (self.nh, len(self.choices))
        self.rolls = np.zeros(shape, dtype=np.int64)
        self.bonus = np.zeros(shape, dtype=np.int64)
        self.extra_h = np.zeros(shape, dtype=bool)
        memory_extras = [rule for rule in turn.rules("extra") if rule not in turn.late]
        early_bonuses = [rule for rule in turn.rules("bonus") if rule not in turn.late]
        for (h, view), (c, choice) in itertools.product(enumerate(self.hidden), enumerate(self.choices)):
            rolls = turn.rolls(view, choice)
            self.rolls[h, c] = rolls
            self.bonus[h, c] = sum(turn.call(rule, view, num_rolls=rolls) for rule in early_bonuses)
            self.extra_h[h, c] = any(turn.call(rule, view, num_rolls=rolls) for rule in memory_extras)

    def _plan_points(self, turn: Turn) -> None:
        """The points rows: 1 to 10 dice of each kind, then zero dice against each pair of scores
        (``ZERO + mover * goal + opponent``), each padded to the longest."""
        G = self.goal
        rows: list[list[tuple[int, float]]] = []
        for sides in SIDES:
            for rolls in range(1, MOST_DICE + 1):
                raw = roll_distribution(turn.rule("roll").hook, rolls, sides)
                boosted: dict[int, float] = {}
                for points, p in raw:
                    key = turn.boost(points, num_rolls=rolls)
                    boosted[key] = boosted.get(key, 0.0) + p
                rows.append(sorted(boosted.items()))
        self.zero = len(rows)
        for m, o in itertools.product(range(G), range(G)):
            rows.append([(turn.zero_points(player_score=m, opponent_score=o), 1.0)])
        width = max(len(row) for row in rows)
        self.vals = np.zeros((len(rows), width), dtype=np.int64)
        self.probs = np.zeros((len(rows), width))
        for r, row in enumerate(rows):
            for n, (points, p) in enumerate(row):
                self.vals[r, n], self.probs[r, n] = points, p
        self.width = np.where(self.probs > 0, np.arange(width) + 1, 0).max(axis=1)  # each row's last outcome, + 1
        # A turn of 0 points keeps the sum of the scores: its diagonal reads itself (see _settle).
        self.still = bool(self.vals[self.probs > 0].min() < 1)
        self.wild = np.array([[int(turn.sides(m, o) != SIDES[0]) for o in range(G)] for m in range(G)]).ravel()

    def _plan_after(self, turn: Turn) -> None:
        """For each key of the late part of a turn (``akey[who, h, c, p]``: what the late rules
        read besides the scores, :meth:`hogkit.turn.Turn.late_reads`), the mover's raw score x
        (points and the bonuses that are not late added) and the opponent's b: the scores after
        the late rules as a cell (mover first; -1: the mover won, -2: the opponent won), and
        whether one of them gives an extra turn."""
        G = self.goal
        self.xsize = G + int(self.vals.max()) + int(self.bonus.max())
        reads = turn.late_reads()
        width = int(self.vals.max()) + 1 if "points" in reads else 1
        self.akey = np.zeros((2, self.nh, len(self.choices), width), dtype=np.int64)
        keys: dict[tuple[int, ...], tuple] = {}
        if reads:
            for who, (h, view), c, p in itertools.product(range(2), enumerate(self.hidden), range(len(self.choices)),
                                                          range(width)):
                rolls = int(self.rolls[h, c])
                key = turn.late_key(view, rolls, p, who)
                if key not in keys:
                    keys[key] = (len(keys), view, rolls, p, who)
                self.akey[who, h, c, p] = keys[key][0]
        else:
            keys[()] = (0, turn.start, 0, 0, 0)
        if len(keys) * G * self.xsize > LATE_CALLS:
            raise HogkitError(f"the exact evaluator would tabulate the rules after {self.variant.name}'s turns for "
                              f"{len(keys):,} combinations of what they read", "have them read fewer quantities")
        self.after = np.zeros((len(keys), G, self.xsize), dtype=np.int64)
        self.extra_s = np.zeros((len(keys), G, self.xsize), dtype=bool)
        for number, view, rolls, p, who in keys.values():
            for b, x in itertools.product(range(G), range(self.xsize)):
                m, o, extra = turn.settle(view, rolls, p, x, b, who=who)
                if m >= G or o >= G:
                    self.after[number, b, x] = -1 if m >= G else -2
                    continue
                self.after[number, b, x] = m * G + o
                self.extra_s[number, b, x] = extra

    def _plan_memory(self, turn: Turn) -> None:
        """The hidden state after a turn, as the mover sees it: ``memory[h, c, extra, p]`` for each
        number of points p the turn can score (one column when no rule remembers points)."""
        kept = [slot.memory for slot in turn.slots if slot.memory.update == "points"]
        self.points_width = int(self.vals.max()) + 1 if kept else 1
        # points that every memory folds alike leave the same hidden state: each is worked out once
        alike: dict[tuple[int, ...], int] = {}
        column = [alike.setdefault(tuple(memory.folded(p) for memory in kept), p) for p in range(self.points_width)]
        shape = (self.nh, len(self.choices), 2, self.points_width)
        self.memory = np.zeros(shape, dtype=np.int64)
        for (h, view), (c, _) in itertools.product(enumerate(self.hidden), enumerate(self.choices)):
            for extra in (False, True):
                for p in alike.values():
                    after = turn.remember(view, int(self.rolls[h, c]), extra, points=p)
                    self.memory[h, c, int(extra), p] = turn.index(after)
        self.memory = self.memory[..., column]

    def diagonal_places(self, d: int) -> tuple[np.ndarray, np.ndarray]:
        """Diagonal D's states as places in the flat array of values (in the order of
        :func:`general_values`), and where each one's choice is in a pair's flat choice columns."""
        if d not in self._places:
            H, G2 = self.nh, self.goal ** 2
            cells = self.diagonals[d]
            context, cell = np.repeat(np.arange(2 * H), len(cells)), np.tile(cells, 2 * H)
            self._places[d] = (context * G2 + cell, (context // H) * G2 + cell)
        return self._places[d]

    def _plan_classes(self) -> None:
        """``class_of[h, c]``: the class of hidden state h under choice c, where two hidden states
        are of one class when that choice rolls the same dice with the same bonus and extra turn
        and leaves the same hidden state after every outcome (so from any scores their values
        agree); ``rep[c, k]``: a hidden state of class k (classes past the choice's last repeat
        its first)."""
        C = len(self.choices)
        self.class_of = np.zeros((self.nh, C), dtype=np.int64)
        reps: list[list[int]] = []
        for c in range(C):
            seen: dict[bytes, int] = {}
            for h in range(self.nh):
                key = np.array([self.rolls[h, c], self.bonus[h, c], self.extra_h[h, c]]).tobytes() + \
                    self.memory[h, c].tobytes() + self.akey[:, h, c].tobytes()
                self.class_of[h, c] = seen.setdefault(key, len(seen))
            first = {}
            for h in range(self.nh):
                first.setdefault(int(self.class_of[h, c]), h)
            reps.append([first[k] for k in range(len(seen))])
        width = max(len(r) for r in reps)
        self.rep = np.array([r + [r[0]] * (width - len(r)) for r in reps], dtype=np.int64)

    def columns(self, tables: np.ndarray) -> np.ndarray:
        """Choice columns of integer TABLES ([..., goal, goal]), checking every entry is legal."""
        tables = np.asarray(tables)
        lo, hi = self.choices[0], self.choices[-1]
        if tables.shape[-2:] != (self.goal, self.goal) or tables.min() < lo or tables.max() > hi:
            raise HogkitError(f"a strategy table must be {self.goal}x{self.goal} with entries {lo} to {hi}",
                              "check the table's size and values")
        return tables.astype(np.int64) + self.offset


@lru_cache(maxsize=16)
def general_model(variant: Variant, goal: int) -> GeneralModel:
    """The (cached) :class:`GeneralModel` of VARIANT at GOAL."""
    return GeneralModel(variant, goal)


SETTLE = 1e-14  # how close two sweeps of a diagonal that reads itself must come
SWEEPS = 10_000  # at most this many sweeps of one diagonal


def _settle(model: GeneralModel, V: np.ndarray, d: int, places: np.ndarray, c: np.ndarray) -> None:
    """Write the values of diagonal D's states (at PLACES, making choices C) into V. Where a turn
    can score 0 points, a state reads states of its own diagonal: its values are swept until they
    settle, from one half, so that a game that can go on forever with certainty counts as a draw."""
    if not model.still:
        V[places] = _choice_values(model, V, d, c)
        return
    V[places] = 0.5
    plan = _plan(model, d)
    if plan is not None and plan.stay is not None:  # the higher diagonals' part once, then the rest
        states = np.arange(len(c))
        row, target = plan.rows[states, c], plan.targets[states, c]
        probs = model.probs[row]
        stay_state, stay_choice, stay_outcome = plan.stay
        keep = stay_choice == c[stay_state]
        at, outcome = stay_state[keep], stay_outcome[keep]
        weight, target_here = probs[at, outcome], target[at, outcome]
        fixed = (probs * V[target]).sum(axis=1) - np.bincount(at, weights=weight * V[target_here], minlength=len(c))

        def choice_values() -> np.ndarray:
            return fixed + np.bincount(at, weights=weight * V[target_here], minlength=len(c))
    else:
        def choice_values() -> np.ndarray:
            return _choice_values(model, V, d, c)
    for _ in range(SWEEPS):
        new = choice_values()
        moved = np.abs(new - V[places]).max()
        V[places] = new
        if moved < SETTLE:
            return
    raise HogkitError(f"the values of {model.variant.name}'s games of score sum {d} did not settle",
                      "report this: a turn of 0 points should keep the game going only by chance")


def general_values(model: GeneralModel, columns: np.ndarray) -> np.ndarray:
    """P(player 0 wins) from every state, for the pair of tables COLUMNS ([who, mover, opp] choice
    columns): the flat array of the module's docstring."""
    G = model.goal
    V = np.zeros(model.size + 2)
    V[model.size] = 1.0  # player 0 won; player 1 won is 0
    flat = columns.reshape(2 * G * G)
    for d in range(2 * G - 2, -1, -1):
        places, chosen_at = model.diagonal_places(d)
        _settle(model, V, d, places, flat[chosen_at])
    return V


def general_pair_start(model: GeneralModel, columns: np.ndarray, *, seats: tuple[int, ...]) -> list[float]:
    """P(player 0 wins) from the start with the player in each of SEATS to move first, for one pair
    of tables given as choice COLUMNS (``[who, mover, opp]``)."""
    V = general_values(model, columns)
    return [float(V[(who * model.nh + model.h0) * model.goal ** 2]) for who in seats]


def general_start_values(variant: Variant, goal: int, both: np.ndarray, *, seats: tuple[int, ...]) -> list[float]:
    """:func:`general_pair_start` for a pair of tables BOTH (``[who, mover, opp]`` tables of choices)."""
    model = general_model(variant, goal)
    return general_pair_start(model, model.columns(both), seats=seats)


__all__ = ["GeneralModel", "general_model", "general_optimum", "general_pair_start", "general_start_values",
           "general_values"]


PLAN_BYTES = 64 * 2**20  # a model whose turns' targets fit in this many bytes keeps them (see Plan)


class Plan:
    """Where each state of one diagonal goes after each choice, worked out once per model: for
    state s and choice c, ``rows[s, c]`` (the points row, whose probabilities weigh the outcomes)
    and ``targets[s, c]`` (the state each outcome leads to); ``stay`` lists the outcomes that stay
    on the diagonal (turns of 0 points) as arrays of their states, choices and places in the row,
    None when none does."""

    def __init__(self, model: GeneralModel, d: int) -> None:
        n = 2 * model.nh * len(model.diagonals[d])
        parts = [_targets(model, d, np.full(n, c)) for c in range(len(model.choices))]
        self.rows = np.stack([row for row, _ in parts], axis=1).astype(np.int32)
        self.targets = np.stack([target for _, target in parts], axis=1).astype(np.int32)
        same = _on_diagonal(model, self.targets, d) & (model.probs[self.rows] > 0)  # not a row's padding
        self.stay = tuple(np.nonzero(same)) if same.any() else None


def _on_diagonal(model: GeneralModel, targets: np.ndarray, d: int) -> np.ndarray:
    """Which TARGETS are states of diagonal D (not a won game)."""
    G2 = model.goal ** 2
    inside = targets < model.size
    cell = np.where(inside, targets % G2, 0)
    return inside & (cell // model.goal + cell % model.goal == d)


def _targets(model: GeneralModel, d: int, c: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each state of diagonal D (in the order of :func:`general_values`) making choice column
    C: its points row and the state each outcome of that row leads to (a flat index of V)."""
    H = model.nh
    cells = model.diagonals[d]
    context = np.repeat(np.arange(2 * H), len(cells))
    who, h = np.divmod(context, H)
    return targets_of(model, who, h, np.tile(cells, 2 * H), c)


def targets_of(model: GeneralModel, who: np.ndarray, h: np.ndarray, cell: np.ndarray,
               c: np.ndarray, *, trim: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The points row and the targets (as :func:`_targets`) of the states (WHO, H, CELL) making
    choice columns C, all four of one length; with TRIM, only as many outcomes as the longest of
    these rows has (``model.probs[row]`` has more columns then, all of chance 0)."""
    G, H = model.goal, model.nh
    G2 = G * G
    mover, opp = np.divmod(cell, G)
    rolls = model.rolls[h, c]
    row = np.where(rolls > 0, rolls - 1 + MOST_DICE * model.wild[cell], model.zero + cell)
    vals = model.vals[row]
    if trim:
        vals = vals[:, :int(model.width[row].max(initial=1))]
    x = mover[:, None] + vals + model.bonus[h, c][:, None]
    key = model.akey[who[:, None], h[:, None], c[:, None], np.minimum(vals, model.akey.shape[3] - 1)]
    after = model.after[key, opp[:, None], x]
    ended = after < 0
    extra = model.extra_h[h, c][:, None] | model.extra_s[key, opp[:, None], x]
    hidden = model.memory[h[:, None], c[:, None], extra.astype(np.int64),
                          np.minimum(vals, model.points_width - 1)]
    safe = np.where(ended, 0, after)
    am, ao = np.divmod(safe, G)
    same = (who[:, None] * H + hidden) * G2 + safe
    handed = ((1 - who[:, None]) * H + model.swap_h[hidden]) * G2 + ao * G + am
    target = np.where(ended, model.size + np.where(after == -1, who[:, None], 1 - who[:, None]),
                      np.where(extra, same, handed))
    return row, target


def _plan(model: GeneralModel, d: int) -> Plan | None:
    """Diagonal D's plan, made on first use, where the model's plans fit in PLAN_BYTES."""
    if model.plans is None:
        return None
    if d not in model.plans:
        model.plans[d] = Plan(model, d)
    return model.plans[d]


def _values_by_class(model: GeneralModel, V: np.ndarray, d: int, c: np.ndarray) -> np.ndarray:
    """:func:`_choice_values` where each player's choice C ([who, cell]) is the same in every hidden
    state: the states whose hidden states move alike under their choice (one class of
    :attr:`GeneralModel.class_of`) share their value, so one of each class is worked out."""
    H, K = model.nh, model.rep.shape[1]
    cells = model.diagonals[d]
    n = len(cells)
    who = np.repeat(np.arange(2), K * n)
    k = np.tile(np.repeat(np.arange(K), n), 2)
    cell = np.tile(cells, 2 * K)
    chosen = c[who, np.tile(np.arange(n), 2 * K)]
    row, target = targets_of(model, who, model.rep[chosen, k], cell, chosen)
    values = (model.probs[row] * V[target]).sum(axis=1).reshape(2, K, n)
    classes = model.class_of[:, c]  # [H, 2, n]: each hidden state's class under its player's choice
    return values[np.arange(2)[None, :, None], classes, np.arange(n)[None, None, :]].transpose(1, 0, 2).reshape(
        2 * H * n)


def _choice_values(model: GeneralModel, V: np.ndarray, d: int, c: np.ndarray) -> np.ndarray:
    """The value of each state of diagonal D (in the order of :func:`general_values`) when each
    makes choice column C, given the values V of the higher diagonals."""
    plan = _plan(model, d)
    if plan is None:
        by_cell = c.reshape(2, model.nh, -1)
        if model.nh > 1 and (by_cell == by_cell[:, :1]).all():
            return _values_by_class(model, V, d, by_cell[:, 0])
        row, target = _targets(model, d, c)
    else:
        states = np.arange(len(c))
        row, target = plan.rows[states, c], plan.targets[states, c]
    return (model.probs[row] * V[target]).sum(axis=1)


def general_backward(model: GeneralModel, fixed: dict[int, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Backward induction where the player of each seat in FIXED (seat -> choice columns of a
    ``[goal, goal]`` table) plays that table and every other seat plays best, seeing every hidden
    state (player 0 makes P(player 0 wins) as large as it can be, player 1 as small; ties go to
    the fewest dice). Returns the values (as :func:`general_values`) and the choice column of every
    state ``[who * H + h, mover, opp]``."""
    G, H = model.goal, model.nh
    V = np.zeros(model.size + 2)
    V[model.size] = 1.0
    best = np.zeros((2 * H, G * G), dtype=np.int64)
    C = len(model.choices)
    for d in range(2 * G - 2, -1, -1):
        cells = model.diagonals[d]
        n = len(cells)
        context, cell = np.repeat(np.arange(2 * H), n), np.tile(cells, 2 * H)
        who = context // H
        free = ~np.isin(who, list(fixed))
        pick = np.zeros(2 * H * n, dtype=np.int64)
        for seat, columns in fixed.items():
            pick[who == seat] = columns.reshape(G * G)[cell[who == seat]]
        places = context * G * G + cell
        if free.any():
            V[places] = 0.5
            for _ in range(SWEEPS if model.still else 1):  # best choices, swept until they settle
                values = np.stack([_choice_values(model, V, d, np.full(2 * H * n, c)) for c in range(C)], axis=1)
                signed = values * np.where(who == 0, 1.0, -1.0)[:, None]
                chosen = np.argmax(signed >= signed.max(axis=1, keepdims=True) - 1e-12, axis=1)
                settled = np.array_equal(np.where(free, chosen, pick), pick) if model.still else True
                pick = np.where(free, chosen, pick)
                V[places] = _choice_values(model, V, d, pick)
                if settled:
                    break
        _settle(model, V, d, places, pick)
        best[context, cell] = pick
    return V, best.reshape(2 * H, G, G)


def general_optimum(model: GeneralModel) -> tuple[np.ndarray, np.ndarray]:
    """Best play for both players, each seeing every hidden state (:func:`general_backward` with no
    table fixed); where no rule remembers anything, this is a table of the two scores and exactly
    optimal."""
    return general_backward(model, {})


def score_table(model: GeneralModel, best: np.ndarray, *, who: int = 0) -> np.ndarray:
    """The choices (columns) of player WHO in BEST as one table of the two scores: where the hidden
    state changes the best choice, the choice best in the most hidden states (the fewest dice on a
    tie)."""
    H = model.nh
    mine = best[who * H:(who + 1) * H]
    counts = np.stack([(mine == c).sum(axis=0) for c in range(len(model.choices))])
    return np.argmax(counts, axis=0)


__all__ = ["GeneralModel", "general_backward", "general_model", "general_optimum", "general_pair_start",
           "general_start_values", "general_values", "score_table"]
