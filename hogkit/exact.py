"""Exact win rates of table strategies under any variant, by NumPy backward induction.

A strategy is a table ``t[score][opponent_score]`` of choices. The game state also carries the
hidden parts the rules create (Feral Hogs: each player's previous choice; Time Trot: turn number
mod 8 and whether this turn is an extra one; Pork Chop: who has used it). Every turn adds at
least one point, except a Pork Chop, which uses up a one-time move, so the states form a DAG.
They are evaluated one diagonal of the score sum at a time, from the highest sum down, with every
hidden state, both movers and a batch of table pairs in one set of array operations.

Each rule's logic stays in :mod:`hogkit.rules`: :class:`Model` calls every hook over all of its
inputs once and keeps the answers in arrays.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from hogkit.errors import HogkitError
from hogkit.game import TurnPlan, points_distribution
from hogkit.variant import Variant

CHOP = -1


@dataclass(frozen=True)
class Hidden:
    """One hidden state: previous choices, turn mod 8, extra-turn flag, Pork Chop use."""

    last: tuple[int, int] = (0, 0)
    turn: int = 0
    after_extra: bool = False
    used: tuple[bool, bool] = (False, False)


class Model:
    """Everything about a variant the evaluator needs, as arrays built from the rule hooks."""

    def __init__(self, variant: Variant, goal: int | None = None) -> None:
        self.variant = variant
        self.goal = goal = variant.goal if goal is None else goal
        self.choices = variant.legal_rolls
        self.nchoice = len(self.choices)
        self.offset = 1 if CHOP in self.choices else 0  # choice -> column: choice + offset
        rules = variant.rules
        feral, trot, chop = rules.get("bonus"), rules.get("extra_turn"), rules.get("special_move")
        wild = rules.get("dice_select")
        lasts = range(11) if feral else (0,)
        turns = range(8) if trot else (0,)
        extras = (False, True) if trot else (False,)
        useds = (False, True) if chop else (False,)
        self.hidden = [
            Hidden((l0, l1), t, e, (u0, u1))
            for l0, l1, t, e, u0, u1 in itertools.product(lasts, lasts, turns, extras, useds, useds)
        ]
        index = {h: i for i, h in enumerate(self.hidden)}
        self.nh = H = len(self.hidden)
        self.h0 = index[Hidden()]
        self.hlayer = np.array([sum(h.used) for h in self.hidden])
        self.layers = sorted(set(self.hlayer.tolist()), reverse=True)

        # Points: rows 0..9 six-sided 1..10 dice, 10..19 four-sided, 20+b zero dice vs b.
        dists: list[list[tuple[int, float]]] = []
        for sides in (6, 4):
            for rolls in range(1, 11):
                if sides == 4 and wild is None:
                    dists.append([(1, 0.0)])
                else:
                    dists.append(points_distribution(variant, TurnPlan(rolls, rolls, sides), 0))
        for b in range(goal):
            dists.append(points_distribution(variant, TurnPlan(0, 0, 6), b))
        nnz = max(len(d) for d in dists)
        self.vals = np.zeros((len(dists), nnz), dtype=np.int64)
        self.probs = np.zeros((len(dists), nnz))
        for r, dist in enumerate(dists):
            for n, (pts, p) in enumerate(dist):
                self.vals[r, n], self.probs[r, n] = pts, p
            self.vals[r, len(dist):] = dist[-1][0]
        if min(pts for d in dists for pts, p in d if p > 0) < 1:
            raise HogkitError("a turn can score 0 points under these rules",
                              "the exact evaluator needs every turn to score at least 1")
        self.wild = np.zeros((goal, goal), dtype=np.int64)
        if wild is not None:
            for s0 in range(goal):
                for s1 in range(goal):
                    self.wild[s0, s1] = 1 if wild.hook(s0, s1) else 0

        # Each (mover, hidden, choice): rolls, bonus, next context (who' * H + h').
        shape = (2, H, self.nchoice)
        self.rolls = np.zeros(shape, dtype=np.int64)
        self.bonus = np.zeros(shape, dtype=np.int64)
        self.nextctx = np.zeros(shape, dtype=np.int64)
        for who, (hi, h), (ci, c) in itertools.product(range(2), enumerate(self.hidden), enumerate(self.choices)):
            rolls = chop.hook(c, h.used[who]) if chop else c
            last, used = list(h.last), list(h.used)
            bonus = 0
            if rolls == CHOP:
                used[who] = True
            elif feral:
                bonus = feral.hook(c, h.last[who])
                last[who] = c
            extra = bool(trot and trot.hook(c, h.turn, h.after_extra))
            nh = Hidden((last[0], last[1]), (h.turn + 1) % 8 if trot else 0, extra, (used[0], used[1]))
            self.rolls[who, hi, ci], self.bonus[who, hi, ci] = rolls, bonus
            self.nextctx[who, hi, ci] = (who if extra else 1 - who) * H + index[nh]
        # Group hidden states that share (rolls, bonus, next context) for each (mover, choice).
        keys = self.rolls * 10**9 + self.bonus * 10**7 + self.nextctx
        self.ngroup = max(len(np.unique(keys[w, :, c])) for w in range(2) for c in range(self.nchoice))
        self.gidx = np.zeros(shape, dtype=np.int64)
        gshape = (2, self.nchoice, self.ngroup)
        self.g_rolls = np.zeros(gshape, dtype=np.int64)
        self.g_bonus = np.zeros(gshape, dtype=np.int64)
        self.g_ctx = np.zeros(gshape, dtype=np.int64)
        for w in range(2):
            for c in range(self.nchoice):
                uniq, first, inv = np.unique(keys[w, :, c], return_index=True, return_inverse=True)
                self.gidx[w, :, c] = inv
                reps = list(first) + [first[-1]] * (self.ngroup - len(uniq))
                self.g_rolls[w, c] = self.rolls[w, reps, c]
                self.g_bonus[w, c] = self.bonus[w, reps, c]
                self.g_ctx[w, c] = self.nextctx[w, reps, c]
        self.g_layer = self.hlayer[self.g_ctx % H] - 1  # layer a chop group's members are in

        # After the turn: raw mover score x vs opponent b -> scores, as flat cells or terminal.
        self.xmax = goal - 1 + int(self.vals.max()) + int(self.bonus.max())
        post = variant.rules["post_turn"]
        self.post_cell = np.zeros((2, goal, self.xmax + 1), dtype=np.int64)  # s0 * goal + s1
        self.post_win = np.full((2, goal, self.xmax + 1), -1.0)  # P(player 0 wins) if over
        self.post_sum = np.zeros((goal, self.xmax + 1), dtype=np.int64)
        for b in range(goal):
            for x in range(self.xmax + 1):
                if post.kind == "swap":
                    m, o = (b, x) if post.hook(x, b) else (x, b)
                else:
                    m, o = post.hook(x), b
                self.post_sum[b, x] = m + o
                for who in range(2):
                    s0, s1 = (m, o) if who == 0 else (o, m)
                    if m >= goal or o >= goal:
                        self.post_win[who, b, x] = 1.0 if s0 >= goal else 0.0
                    else:
                        self.post_cell[who, b, x] = s0 * goal + s1

    def columns(self, tables: np.ndarray) -> np.ndarray:
        """Choice columns (choice + offset) of integer TABLES, checking every entry is legal."""
        tables = np.asarray(tables)
        lo, hi = self.choices[0], self.choices[-1]
        if tables.shape[-2:] != (self.goal, self.goal) or tables.min() < lo or tables.max() > hi:
            raise HogkitError(
                f"a strategy table must be {self.goal}x{self.goal} with entries {lo} to {hi}",
                "check the table's size and values",
            )
        return tables.astype(np.int64) + self.offset


@lru_cache(maxsize=16)
def model_for(variant: Variant, goal: int | None = None) -> Model:
    """The (cached) :class:`Model` of VARIANT at GOAL (default: the variant's goal)."""
    return Model(variant, goal)


def _diagonal(goal: int, total: int) -> tuple[np.ndarray, np.ndarray]:
    """Both seats' (mover, opponent) cells of the diagonal TOTAL: who, mover score, opp score."""
    a = np.arange(max(0, total - goal + 1), min(goal - 1, total) + 1)
    who = np.repeat([0, 1], len(a))
    mover = np.concatenate([a, a])
    return who, mover


Chooser = Callable[[int, int, np.ndarray, np.ndarray, np.ndarray, Callable[[np.ndarray], np.ndarray]], np.ndarray]


def backward(model: Model, batch: int, choose: Chooser, *, keep: np.ndarray | None = None) -> np.ndarray:
    """Backward induction. Returns ``W[batch, context, s0, s1]`` = P(player 0 wins).

    CHOOSE(total, layer, who, mover, opp, value_of) returns the choice columns ``[batch, cells]`` or
    ``[batch, cells, H]`` (full information) for the cells of one diagonal; ``value_of(cols)``
    gives ``[batch, cells, H]`` values of those columns. Hidden states are settled one Pork Chop
    layer at a time (most chops used first), as a chop leads to the same diagonal.
    KEEP, if given, is reused as W (a previous iteration's values serve as a first guess).
    """
    g, H = model.goal, model.nh
    ctxs = 2 * H
    W = np.zeros((batch, ctxs, g * g)) if keep is None else keep
    U = np.zeros((batch, 2, ctxs, g, model.xmax + 1))
    # Terminal cells of U once; the rest filled as their target diagonals finish.
    over = model.post_win >= 0
    for who in range(2):
        U[:, who][:, :, over[who]] = model.post_win[who][over[who]]
    fill = {}
    for who in range(2):
        b_idx, x_idx = np.nonzero(~over[who])
        sums = model.post_sum[b_idx, x_idx]
        for total in np.unique(sums):
            sel = sums == total
            fill.setdefault(int(total), []).append((who, b_idx[sel], x_idx[sel]))
    bidx = np.arange(batch)[:, None, None]
    for total in range(2 * g - 2, -1, -1):
        who, mover = _diagonal(g, total)
        opp = total - mover
        s0 = np.where(who == 0, mover, opp)
        s1 = np.where(who == 0, opp, mover)
        cell = s0 * g + s1
        wild = model.wild[s0, s1]

        def value_of(cols: np.ndarray, who=who, mover=mover, opp=opp, wild=wild, cell=cell) -> np.ndarray:
            return _values(model, W, U, cols, who, mover, opp, wild, cell)

        for layer in model.layers:
            vals = value_of(choose(total, layer, who, mover, opp, value_of))  # [batch, cells, H]
            hmask = model.hlayer == layer
            ctx = who[:, None] * H + np.nonzero(hmask)[0][None, :]
            W[bidx, ctx[None], cell[None, :, None]] = vals[:, :, hmask]
        for w, b_idx, x_idx in fill.get(total, ()):
            U[:, w, :, b_idx, x_idx] = W[:, :, model.post_cell[w, b_idx, x_idx]].transpose(2, 0, 1)
    return W


def _values(model: Model, W, U, cols, who, mover, opp, wild, cell) -> np.ndarray:
    """Values ``[batch, cells, H]`` of playing COLS (``[batch, cells]`` or ``[batch, cells, H]``)."""
    H = model.nh
    batch = W.shape[0]
    full = cols.ndim == 3
    if full:  # a different choice per hidden state: evaluate each hidden state as its own group
        grp_c = cols
        hsel = np.arange(H)
        g_rolls = model.rolls[who[None, :, None], hsel[None, None, :], grp_c]
        g_bonus = model.bonus[who[None, :, None], hsel[None, None, :], grp_c]
        g_ctx = model.nextctx[who[None, :, None], hsel[None, None, :], grp_c]
    else:
        w2, c2 = who[None, :], cols
        g_rolls, g_bonus, g_ctx = model.g_rolls[w2, c2], model.g_bonus[w2, c2], model.g_ctx[w2, c2]
    # g_*: [batch, cells, G]
    row = np.where(g_rolls == 0, 20 + opp[None, :, None], g_rolls - 1 + 10 * wild[None, :, None])
    row = np.where(g_rolls < 0, 0, row)
    pts = model.vals[row]  # [batch, cells, G, nnz]
    prob = model.probs[row]
    x = mover[None, :, None, None] + g_bonus[..., None] + pts
    x = np.minimum(x, model.xmax)
    bi = np.arange(batch)[:, None, None, None]
    u = U[bi, who[None, :, None, None], g_ctx[..., None], opp[None, :, None, None], x]
    vals = np.einsum("bcgn,bcgn->bcg", u, prob)
    chop = g_rolls < 0
    if chop.any():
        g = model.goal
        swapped_cell = np.where(who == 0, opp * g + mover, mover * g + opp)
        cv = W[np.arange(batch)[:, None, None], g_ctx, swapped_cell[None, :, None]]
        vals = np.where(chop, cv, vals)
    if full:
        return vals
    gi = model.gidx[who[None, :, None], np.arange(H)[None, None, :], cols[:, :, None]]
    return np.take_along_axis(vals, gi, axis=2)


def win_rates(variant: Variant, tables0, tables1, *, goal: int | None = None) -> np.ndarray:
    """P(player 0 wins) for each pair: player 0 plays ``tables0[i]``, player 1 ``tables1[i]``.

    Both are ``[batch, goal, goal]`` integer arrays (or one ``[goal, goal]`` table, broadcast).
    """
    model = model_for(variant, goal)
    t0, t1 = model.columns(tables0), model.columns(tables1)
    t0, t1 = np.broadcast_arrays(t0.reshape((-1,) + t0.shape[-2:]), t1.reshape((-1,) + t1.shape[-2:]))
    both = np.stack([t0, t1], axis=1)  # [batch, who, mover, opp]

    def choose(total, layer, who, mover, opp, value_of):
        return both[:, who, mover, opp]

    W = backward(model, both.shape[0], choose)
    return W[:, model.h0, 0]


def win_rate(variant: Variant, table0, table1, *, goal: int | None = None) -> float:
    """P(player 0 wins) when player 0 plays TABLE0 and player 1 plays TABLE1."""
    return float(win_rates(variant, table0, table1, goal=goal)[0])


def contest_figure(variant: Variant, table_a, table_b, *, goal: int | None = None) -> float:
    """The contest figure of A against B: the average of A's win rates in both seats."""
    rates = win_rates(variant, np.stack([table_a, table_b]), np.stack([table_b, table_a]), goal=goal)
    return float((rates[0] + 1 - rates[1]) / 2)


def figures_against(variant: Variant, table, others, *, goal: int | None = None,
                    chunk: int = 16) -> np.ndarray:
    """Contest figures of TABLE against each of OTHERS (``[n, goal, goal]``), in batches."""
    others = np.asarray(others)
    out = np.zeros(len(others))
    for start in range(0, len(others), chunk):
        part = others[start:start + chunk]
        first = win_rates(variant, table, part, goal=goal)
        second = win_rates(variant, part, table, goal=goal)
        out[start:start + len(part)] = (first + 1 - second) / 2
    return out


def table_array(strategy: Callable[[int, int], int], goal: int) -> np.ndarray:
    """The table of a strategy function as a ``[goal, goal]`` integer array."""
    return np.array([[strategy(s, o) for o in range(goal)] for s in range(goal)], dtype=np.int64)


def always(choice: int, goal: int) -> np.ndarray:
    """The table of ``always_roll(choice)``."""
    return np.full((goal, goal), choice, dtype=np.int64)
