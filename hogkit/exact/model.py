"""The exact evaluator's layout of a game, derived from the turn statement (:mod:`hogkit.turn`):
the points rows' distributions, what each choice does in each hidden state, where a turn's
outcome leads, and how all of it is arranged for backward induction over the diagonals of the
score sum.

A value array W is ``W[context // block, cell, pair, context % block]``: a cell is ``mover * goal +
opponent`` (the scores as the player to move sees them), with two more at the end, ``goal**2`` and
``goal**2 + 1``, for a game won by player 0 and by player 1; a context is ``who * H + hidden``
(hidden states in the order of :meth:`hogkit.turn.Turn.hidden_states`). The contexts one part of a
choice leads to form one block (see :meth:`Model._plan_parts`). A pair of tables whose hidden state
splits in halves (Feral Hogs) is counted in the general layout's split instead
(:mod:`hogkit.exact.split`); the solver's passes use this layout for every fast variant.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TypeVar

import numpy as np

from hogkit.errors import HogkitError
from hogkit.game import TurnPlan, points_distribution
from hogkit.turn import SIDES, SPECIAL, PointsRows, turn_of
from hogkit.variant import Variant

T = TypeVar("T")

CHUNK = 8  # outcomes per chunk of a points distribution


@dataclass(frozen=True)
class Diagonal:
    """The cells of one diagonal (both seats) and what each choice does there: ``plan[cell * C +
    choice, part]`` = (points row, start in ``post_flat``, block of next contexts).
    ``seat_cell`` is ``who * goal**2 + cell``, a cell's place in a pair's tables."""

    who: np.ndarray
    mover: np.ndarray
    opp: np.ndarray
    cell: np.ndarray
    plan: np.ndarray
    seat_cell: np.ndarray


class Model:
    """Everything about a variant the evaluator needs, as arrays built from its turn statement.

    What other modules plan from a model once (its reads) is kept
    with it by :meth:`derived`."""

    def __init__(self, variant: Variant, goal: int | None = None) -> None:
        self.variant = variant
        self.turn = turn = turn_of(variant)
        self.goal = goal = variant.goal if goal is None else goal
        self.choices = turn.choices
        self.nchoice = len(self.choices)
        self.offset = -self.choices[0]  # choice -> column: choice + offset
        self.hidden = turn.hidden_states()
        self.nh = len(self.hidden)
        self.h0 = turn.index(turn.start)
        self.hlayer = np.array([turn.spent(h) for h in self.hidden])
        self.layers = sorted(set(self.hlayer.tolist()), reverse=True)
        self._plan_points(turn.points_rows(goal))
        self._plan_moves()
        self._plan_after()
        self._plan_parts()
        self._derived: dict[str, object] = {}

    def derived(self, name: str, make: Callable[[], T]) -> T:
        """What MAKE builds from this model (a plan of another module), built once and kept."""
        if name not in self._derived:
            self._derived[name] = make()
        return self._derived[name]

    def _plan_points(self, rows: PointsRows) -> None:
        """The distribution of each points row (see :class:`hogkit.turn.PointsRows`), padded
        (``vals``, ``probs``), in chunks of CHUNK outcomes and back to back; which dice each cell
        rolls (``wild``)."""
        goal, variant = self.goal, self.variant
        self.rows = rows
        dists: list[list[tuple[int, float]]] = [
            points_distribution(variant, TurnPlan(rolls, rolls, sides), opponent) if used else [(1, 0.0)]
            for rolls, sides, opponent, used in rows.plans()]
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
        # wild[mover, opp]: 1 where the mover rolls the dice of a ``dice`` rule
        self.wild = np.array([[int(self.turn.sides(m, o) != SIDES[0]) for o in range(goal)] for m in range(goal)],
                             dtype=np.int64).reshape(goal, goal)
        self.chop_row = rows.special  # a special move rolls nothing: all zeros here, one sure 0 in the chunks
        self.vals = np.vstack([self.vals, np.zeros((1, nnz), dtype=np.int64)])
        self.probs = np.vstack([self.probs, np.zeros((1, nnz))])
        # The outcomes of each row in chunks of CHUNK, so short rows are not padded to the longest.
        # A Pork Chop scores nothing for sure; one more row, with no outcomes, marks unused parts.
        live = [list(zip(v[p > 0], p[p > 0], strict=True)) for v, p in zip(self.vals, self.probs, strict=True)]
        live[self.chop_row] = [(0, 1.0)]
        live.append([])
        counts = np.array([-(-len(outcomes) // CHUNK) for outcomes in live])
        self.chunk_start = np.concatenate([[0], np.cumsum(counts)[:-1]])
        self.chunk_count = counts
        # The same outcomes back to back, for reads that serve a whole batch (no padding there).
        self.outcome_count = np.array([len(outcomes) for outcomes in live])
        self.outcome_start = np.concatenate([[0], np.cumsum(self.outcome_count)[:-1]])
        self.outcome_vals = np.array([v for outcomes in live for v, _ in outcomes], dtype=np.int64)
        self.outcome_probs = np.array([p for outcomes in live for _, p in outcomes])
        self.chunk_vals = np.zeros((counts.sum(), CHUNK), dtype=np.int64)
        self.chunk_probs = np.zeros((counts.sum(), CHUNK))
        for r, outcomes in enumerate(live):
            for n, (v, p) in enumerate(outcomes):
                self.chunk_vals[self.chunk_start[r] + n // CHUNK, n % CHUNK] = v
                self.chunk_probs[self.chunk_start[r] + n // CHUNK, n % CHUNK] = p
        self.chunk_live = self.chunk_probs > 0  # an outcome, not a chunk's padding

    def _plan_moves(self) -> None:
        """For each (mover, hidden state, choice), from :meth:`hogkit.turn.Turn.resolve`: the dice
        rolled, the bonus and the next context (``who' * H + h'``)."""
        turn, H = self.turn, self.nh
        shape = (2, H, self.nchoice)
        self.rolls = np.zeros(shape, dtype=np.int64)
        self.bonus = np.zeros(shape, dtype=np.int64)
        self.nextctx = np.zeros(shape, dtype=np.int64)
        for (hi, h), (ci, c) in itertools.product(enumerate(self.hidden), enumerate(self.choices)):
            move = turn.resolve(h, turn.rolls(h, c))
            after = turn.index(turn.hand_over(move.after, move.extra))
            for who in range(2):
                self.rolls[who, hi, ci], self.bonus[who, hi, ci] = move.rolls, move.bonus
                self.nextctx[who, hi, ci] = (who if move.extra else 1 - who) * H + after
        self.layer_members = {layer: np.nonzero(self.hlayer == layer)[0] for layer in self.layers}

    def _plan_after(self) -> None:
        """After the turn: raw mover score x vs opponent b -> the next cell, or the end of the game
        (:meth:`hogkit.turn.Turn.after`)."""
        goal = self.goal
        self.xmax = goal - 1 + int(self.vals.max()) + int(self.bonus.max())
        self.xsize = self.xmax + 1
        # (mover, slot, b, x) -> the next mover's view: cell m * goal + o of the next mover's and
        # the other's score, or goal**2 / goal**2 + 1 if player 0 / 1 won. Slot 0: the other
        # player moves next; 1: the same player (an extra turn); 2: a Pork Chop (scores swap).
        after = np.array([[self.turn.after(x, b)[:2] for x in range(self.xsize)] for b in range(goal)])
        m, o = after[..., 0], after[..., 1]  # [b, x]
        x, b = np.arange(self.xsize)[None, :], np.arange(goal)[:, None]
        over = (m >= goal) | (o >= goal)
        self.post_flat = np.zeros((2, 3, goal, self.xsize), dtype=np.int64)
        self.post_flat[:, 2] = np.where(x < goal, x * goal + b, goal * goal)
        for who, s0 in enumerate((m, o)):
            won = goal * goal + (s0 < goal)  # player 0 won, or player 1
            self.post_flat[who, 1] = np.where(over, won, m * goal + o)
            self.post_flat[who, 0] = np.where(over, won, o * goal + m)
        self.post_flat = self.post_flat.ravel()

    def _plan_parts(self) -> None:
        """Split each (mover, choice) into parts: hidden states that score alike and move to the
        same block of next contexts. A part is evaluated once for its whole block.

        The block is the smallest run of innermost slots (see :data:`hogkit.turn.LAYOUT`) that keeps each
        part's next contexts together; ``part_pick`` (row ``who * C + choice``) says where each
        hidden state's value sits among the parts' blocks.
        """
        H, C = self.nh, self.nchoice
        slot = np.where(self.rolls == SPECIAL, 2, np.where(self.nextctx // H == np.arange(2)[:, None, None], 1, 0))
        code = self.rows.code(self.rolls)
        keys = (code * 100 + self.bonus) * 3 + slot
        sizes = self.turn.sizes()
        # each (mover, choice, key) as one number; a block works when each has one block of next contexts
        key_rank = np.unique(keys, return_inverse=True)[1].reshape(keys.shape)
        key_id = np.arange(2 * C).reshape(2, 1, C) * keys.size + key_rank
        for inner in range(len(sizes) + 1):
            block = int(np.prod(sizes[len(sizes) - inner:]))
            if len(np.unique(key_id * (2 * H) + self.nextctx // block)) == len(np.unique(key_id)):
                break
        self.block, self.nblock = block, 2 * H // block
        self.nparts = P = max(len(np.unique(keys[w, :, c])) for w in range(2) for c in range(C))
        self.dead_row = len(self.chunk_count) - 1
        self.part_code = np.full((2, C, P), self.dead_row, dtype=np.int64)
        self.part_bonus = np.zeros((2, C, P), dtype=np.int64)
        self.part_slot = np.zeros((2, C, P), dtype=np.int64)
        self.part_block = np.zeros((2, C, P), dtype=np.int64)
        part_of = np.zeros((2, H, C), dtype=np.int64)
        for w in range(2):
            for c in range(C):
                uniq, first, inv = np.unique(keys[w, :, c], return_index=True, return_inverse=True)
                n = len(uniq)
                self.part_code[w, c, :n] = code[w, first, c]
                self.part_bonus[w, c, :n] = self.bonus[w, first, c]
                self.part_slot[w, c, :n] = slot[w, first, c]
                self.part_block[w, c, :n] = self.nextctx[w, first, c] // block
                part_of[w, :, c] = inv
        self.part_pick = (part_of * block + self.nextctx % block).transpose(0, 2, 1).reshape(2 * C, H).copy()
        whole = self._plan_cells()
        self.plans = whole.plan
        self.all_who, self.all_cell, self.all_seat_cell = whole.who, whole.cell, whole.seat_cell
        totals = whole.mover + whole.opp  # the cells of each diagonal in a run of their own
        self.diagonal_starts = np.searchsorted(totals, np.arange(2 * self.goal))
        self.diagonals = [  # each diagonal: views of the whole
            Diagonal(*(getattr(whole, name)[a:b] for name in ("who", "mover", "opp", "cell")),
                     self.plans[a * C:b * C], whole.seat_cell[a:b])
            for a, b in zip(self.diagonal_starts[:-1], self.diagonal_starts[1:], strict=True)]

    def _plan_cells(self) -> Diagonal:
        """The cells of all diagonals of the score sum, back to back (in each, player 0's cells
        then player 1's, by the mover's score), and, for each cell and choice, each part's
        points row, where its outcomes start in ``post_flat`` and its block of next contexts."""
        g, C = self.goal, self.nchoice
        runs = [np.arange(max(0, total - g + 1), min(g - 1, total) + 1) for total in range(2 * g - 1)]
        who = np.concatenate([np.repeat([0, 1], len(a)) for a in runs])
        mover = np.concatenate([np.concatenate([a, a]) for a in runs])
        opp = np.repeat(np.arange(2 * g - 1), [2 * len(a) for a in runs]) - mover
        w, cs = who[:, None], np.arange(C)[None, :]
        code = self.part_code[w, cs]  # [cells, choices, parts]
        wild = self.wild[mover, opp][:, None, None]
        row = self.rows.place(code, wild, opp[:, None, None])
        base = (((who[:, None, None] * 3 + self.part_slot[w, cs]) * g + opp[:, None, None]) * self.xsize
                + mover[:, None, None] + self.part_bonus[w, cs])
        plan = np.stack([row, base, self.part_block[w, cs]], axis=-1).reshape(len(who) * C, self.nparts, 3)
        return Diagonal(who, mover, opp, mover * g + opp, plan, who * g * g + mover * g + opp)

    @cached_property
    def stores(self) -> list[list[tuple[np.ndarray, np.ndarray]]]:
        """Where the values of each diagonal go in W: for each Pork Chop layer, the row
        (``block * G + cell``) and the place inside the block of each ``[cell, h]``, h running
        over the hidden states of that layer (made when first needed: only :func:`_store` of
        a model with Pork Chop needs it)."""
        H, block, G = self.nh, self.block, self.goal ** 2 + 2
        stores = []
        for d in self.diagonals:
            ctx = d.who[:, None] * H + np.arange(H)[None, :]
            rows, inner = (ctx // block) * G + d.cell[:, None], ctx % block
            stores.append([(rows[:, hs], inner[:, hs]) for hs in map(self.layer_members.get, self.layers)])
        return stores

    @cached_property
    def state_places(self) -> tuple[np.ndarray, np.ndarray]:
        """The flat place in W (of one pair) of each state ``[cell, h]``, cells of all diagonals
        back to back, and the inverse map: the state at each flat place (-1 for none)."""
        H, block, G = self.nh, self.block, self.goal ** 2 + 2
        ctx = self.all_who[:, None] * H + np.arange(H)
        places = ((ctx // block) * G + self.all_cell[:, None]) * block + ctx % block
        state_at = np.full(self.nblock * G * block, -1)
        state_at[places.ravel()] = np.arange(places.size)
        return places, state_at

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


@lru_cache(maxsize=64)
def fits_fast_layout(variant: Variant) -> bool:
    """Whether VARIANT's turn fits the fast layouts: separable (:attr:`hogkit.turn.Turn.separable`)
    and every turn scores at least one point (so the sum of the scores rises every turn). Every
    other turn is counted by the general layout (:mod:`hogkit.exact.general`)."""
    turn = turn_of(variant)
    if not turn.separable:
        return False
    rows = turn.points_rows()
    return all(min(p for p, q in points_distribution(variant, TurnPlan(rolls, rolls, sides), opponent) if q > 0) >= 1
               for rolls, sides, opponent, used in rows.plans() if used)


def model_for(variant: Variant, goal: int | None = None) -> Model:
    """The (cached) :class:`Model` of VARIANT at GOAL (default: the variant's goal)."""
    return _cached_model(variant, variant.goal if goal is None else goal)


@lru_cache(maxsize=16)
def _cached_model(variant: Variant, goal: int) -> Model:
    return Model(variant, goal)


def aligned_zeros(shape: tuple[int, ...]) -> np.ndarray:
    """Zeros of SHAPE starting on a 64-byte boundary, so that a row of eight values is one cache
    line (NumPy's own arrays start 16 bytes past one)."""
    size = int(np.prod(shape))
    raw = np.zeros(size + 8)
    skip = (-raw.ctypes.data % 64) // 8
    return raw[skip:skip + size].reshape(shape)


def start_values(model: Model, W: np.ndarray, *, who: int = 0) -> np.ndarray:
    """P(player 0 wins) from the start of the game with player WHO to move, for each pair of a
    :func:`backward` result."""
    context = who * model.nh + model.h0
    return W[context // model.block, 0, :, context % model.block]


def value_table(model: Model, W: np.ndarray, *, pair: int = 0) -> np.ndarray:
    """One pair's :func:`backward` result as ``[context, cell]``."""
    return W[:, :, pair].transpose(0, 2, 1).reshape(2 * model.nh, -1)
