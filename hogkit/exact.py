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
CHUNK = 8  # outcomes per chunk of a points distribution


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

        self.chop_row = len(dists)  # a row with no outcomes: a Pork Chop turn rolls nothing
        self.vals = np.vstack([self.vals, np.zeros((1, nnz), dtype=np.int64)])
        self.probs = np.vstack([self.probs, np.zeros((1, nnz))])
        self.wild_flat = np.concatenate([self.wild.ravel(), self.wild.T.ravel()])
        # The outcomes of each row in chunks of CHUNK, so short rows are not padded to the longest.
        counts = np.maximum(1, -(-(self.probs > 0).sum(axis=1) // CHUNK))
        counts[self.chop_row] = 0
        self.chunk_start = np.concatenate([[0], np.cumsum(counts)[:-1]])
        self.chunk_count = counts
        self.chunk_vals = np.zeros((counts.sum(), CHUNK), dtype=np.int64)
        self.chunk_probs = np.zeros((counts.sum(), CHUNK))
        for r in range(len(self.vals)):
            live = self.probs[r] > 0
            v, p = self.vals[r][live], self.probs[r][live]
            for k in range(counts[r]):
                part = slice(k * CHUNK, (k + 1) * CHUNK)
                n = len(v[part])
                self.chunk_vals[self.chunk_start[r] + k, :n] = v[part]
                self.chunk_probs[self.chunk_start[r] + k, :n] = p[part]

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
        # Row code of each choice: dice rows 0..9 (plus 10 for four-sided), 20 (plus the opponent's
        # score) for zero dice, -1 for a Pork Chop; the bonus shifts the mover's score.
        self.row = np.where(self.rolls > 0, self.rolls - 1, np.where(self.rolls == 0, 20, -1))
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
        self.g_row = np.where(self.g_rolls > 0, self.g_rolls - 1, np.where(self.g_rolls == 0, 20, -1))
        self.layer_members = {layer: np.nonzero(self.hlayer == layer)[0] for layer in self.layers}

        # After the turn: raw mover score x vs opponent b -> scores, as flat cells or terminal.
        self.xmax = goal - 1 + int(self.vals.max()) + int(self.bonus.max())
        self.xsize = self.xmax + 1
        post = variant.rules["post_turn"]
        self.post_cell = np.zeros((2, goal, self.xsize), dtype=np.int64)  # s0 * goal + s1
        self.post_win = np.full((2, goal, self.xsize), -1.0)  # P(player 0 wins) if over
        # (mover, next mover is the same player, b, x) -> the next mover's view: cell m * goal + o
        # of the next mover's and the other's score, or goal**2 / goal**2 + 1 if player 0 / 1 won
        self.post_flat = np.zeros((2, 2, goal, self.xsize), dtype=np.int64)
        for b in range(goal):
            for x in range(self.xsize):
                if post.kind == "swap":
                    m, o = (b, x) if post.hook(x, b) else (x, b)
                else:
                    m, o = post.hook(x), b
                for who in range(2):
                    s0, s1 = (m, o) if who == 0 else (o, m)
                    if m >= goal or o >= goal:
                        self.post_win[who, b, x] = 1.0 if s0 >= goal else 0.0
                        self.post_flat[who, :, b, x] = goal * goal + (0 if s0 >= goal else 1)
                    else:
                        self.post_cell[who, b, x] = s0 * goal + s1
                        self.post_flat[who, 1, b, x] = m * goal + o
                        self.post_flat[who, 0, b, x] = o * goal + m
        self.post_flat = self.post_flat.ravel()

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
    """Backward induction. Returns ``W[batch, context, cell]`` = P(player 0 wins).

    A cell is ``s0 * goal + s1``; two more cells at the end, ``goal**2`` and ``goal**2 + 1``, stand
    for a game won by player 0 and by player 1. CHOOSE(total, layer, who, mover, opp, value_of)
    returns the choice columns ``[batch, cells]`` or ``[batch, cells, H]`` (full information) for
    the cells of one diagonal; ``value_of(cols)`` gives ``[batch, cells, H]`` values of those
    columns. Hidden states are settled one Pork Chop layer at a time (most chops used first), as
    a chop leads to the same diagonal. KEEP, if given, is reused as W.
    """
    g, H = model.goal, model.nh
    W = np.zeros((batch, 2 * H, g * g + 2)) if keep is None else keep
    W[:, :, g * g] = 1.0
    W[:, :, g * g + 1] = 0.0
    bidx = np.arange(batch)[:, None, None]
    for total in range(2 * g - 2, -1, -1):
        who, mover = _diagonal(g, total)
        opp = total - mover
        cell = mover * g + opp

        def value_of(cols: np.ndarray, who=who, mover=mover, opp=opp) -> np.ndarray:
            return _values(model, W, cols, who, mover, opp)

        for layer in model.layers:
            vals = value_of(choose(total, layer, who, mover, opp, value_of))  # [batch, cells, H]
            hsel = model.layer_members[layer]
            ctx = who[:, None] * H + hsel[None, :]
            W[bidx, ctx[None], cell[None, :, None]] = vals[:, :, hsel]
    return W


def _values(model: Model, W: np.ndarray, cols: np.ndarray, who: np.ndarray, mover: np.ndarray,
            opp: np.ndarray) -> np.ndarray:
    """Values ``[batch, cells, H]`` of playing COLS (``[batch, cells]`` or ``[batch, cells, H]``)."""
    H, gg = model.nh, model.goal * model.goal + 2
    batch = W.shape[0]
    full = cols.ndim == 3
    w3 = who[None, :, None]
    if full:  # a different choice per hidden state: evaluate each hidden state as its own group
        hsel = np.arange(H)[None, None, :]
        g_row, g_shift, g_ctx = model.row[w3, hsel, cols], model.bonus[w3, hsel, cols], model.nextctx[w3, hsel, cols]
    else:
        w2 = who[None, :]
        g_row, g_shift, g_ctx = model.g_row[w2, cols], model.g_bonus[w2, cols], model.g_ctx[w2, cols]
    wild = model.wild_flat[(mover * model.goal + opp) + who * model.goal * model.goal]
    # rows: 0..9 six-sided dice, 10..19 four-sided (Hog Wild), 20 + opp zero dice, 20 + goal chop
    row = np.where(g_row >= 20, g_row + opp[None, :, None], g_row + 10 * wild[None, :, None])
    row = np.where(g_row < 0, model.chop_row, row)
    same = g_ctx // H == w3
    base = ((w3 * 2 + same) * model.goal + opp[None, :, None]) * model.xsize + mover[None, :, None] + g_shift
    flat = W.reshape(-1)
    start = (np.arange(batch)[:, None, None] * (2 * H) + g_ctx) * gg
    row = row.ravel()
    counts = model.chunk_count[row]
    owner = np.repeat(np.arange(row.size), counts)
    first = np.cumsum(counts) - counts
    chunk = np.arange(owner.size) + np.repeat(model.chunk_start[row] - first, counts)
    post = model.post_flat[base.ravel()[owner, None] + model.chunk_vals[chunk]]
    terms = np.einsum("tn,tn->t", flat[start.ravel()[owner, None] + post], model.chunk_probs[chunk])
    vals = np.bincount(owner, weights=terms, minlength=row.size).reshape(g_row.shape)
    if model.offset:  # Pork Chop: the scores swap and the turn passes, nothing else
        chop = g_row < 0
        if chop.any():
            g = model.goal
            swapped = mover * g + opp  # the opponent moves next, holding the mover's old score
            vals = np.where(chop, flat[start + swapped[None, :, None]], vals)
    if full:
        return vals
    gi = model.gidx[w3, np.arange(H)[None, None, :], cols[:, :, None]]
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
