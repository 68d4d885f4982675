"""Exact win rates of table strategies under any variant, by NumPy backward induction.

A strategy is a table ``t[score][opponent_score]`` of choices. The game state also carries the
hidden parts the rules create (Feral Hogs: each player's previous choice; Time Trot: turn number
mod 8 and whether this turn is an extra one; Pork Chop: who has used it). Every turn adds at
least one point, except a Pork Chop, which uses up a one-time move, so the states form a DAG.
They are evaluated one diagonal of the score sum at a time, from the highest sum down, with every
hidden state and both movers in one set of array operations. Two tables are evaluated as a pair,
from reads the model plans once for every choice of every cell (kept small: narrow row numbers,
and each chunk's probabilities as one row of a short table); :func:`backward`, for the solver,
which picks choices as it goes, takes a batch of pairs at once.

Each rule's logic stays in :mod:`hogkit.rules`: :class:`Model` calls every hook over all of its
inputs once and keeps the answers in arrays.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

import numpy as np

from hogkit.errors import HogkitError
from hogkit.game import TurnPlan, points_distribution
from hogkit.turn import SIDES, SPECIAL, PointsRows, turn_of
from hogkit.variant import Variant

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


@dataclass(frozen=True)
class PairReads:
    """What each plan entry (``cell * C + choice``, cells of all diagonals back to back) reads
    of W for one pair, CHUNK outcomes at a time: each chunk's W rows (``index``, ``[chunks,
    CHUNK]``, as narrow an integer as the rows allow) and the row of ``chances`` that holds its
    probabilities (``chance``; few distinct rows, so they are kept once), the entry's count of
    chunks and first chunk, where each of its parts starts among them, and how many parts it
    uses (the first ones). The outcomes that end the game are not read: ``win[entry, part]`` is
    the part's chance that player 0 has won, and the other player's wins are worth 0 (a part
    left with no read keeps one, worth 0). ``chop_part`` is the entry's Pork Chop part (-1 if
    none) and ``chop_row`` the W row it leads to. A :attr:`Model.compact` model's reads are
    cells of :func:`_compact_pair`'s V instead (see :attr:`Model.compact_rows`)."""

    index: np.ndarray
    chance: np.ndarray
    chances: np.ndarray
    win: np.ndarray
    chunks: np.ndarray
    first: np.ndarray
    part_offset: np.ndarray
    used: np.ndarray
    chop_part: np.ndarray
    chop_row: np.ndarray


class Model:
    """Everything about a variant the evaluator needs, as arrays built from the rule hooks."""

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
        # Every rule sees the mover and the other player, never the seats, so one backward pass
        # gives both seatings (see contest_figures).
        self.wild_flat = np.concatenate([self.wild.ravel(), self.wild.ravel()])
        self.symmetric = True
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
        self.post_flat = np.zeros((2, 3, goal, self.xsize), dtype=np.int64)
        for b in range(goal):
            for x in range(self.xsize):
                m, o, _ = self.turn.after(x, b)
                self.post_flat[:, 2, b, x] = x * goal + b if x < goal else goal * goal
                for who in range(2):
                    s0, s1 = (m, o) if who == 0 else (o, m)
                    if m >= goal or o >= goal:
                        self.post_flat[who, :2, b, x] = goal * goal + (0 if s0 >= goal else 1)
                    else:
                        self.post_flat[who, 1, b, x] = m * goal + o
                        self.post_flat[who, 0, b, x] = o * goal + m
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
        for inner in range(len(sizes) + 1):
            block = int(np.prod(sizes[len(sizes) - inner:]))
            if all(len(np.unique(self.nextctx[w, keys[w, :, c] == k, c] // block)) == 1
                   for w in range(2) for c in range(C) for k in np.unique(keys[w, :, c])):
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
        self.diagonals = [self._plan_diagonal(total) for total in range(2 * self.goal - 1)]
        self.plans = np.concatenate([d.plan for d in self.diagonals])
        self.diagonal_starts = np.concatenate([[0], np.cumsum([len(d.who) for d in self.diagonals])])
        ends = self.diagonal_starts * self.nchoice  # each diagonal's plan: a view of the whole
        self.diagonals = [replace(d, plan=self.plans[a:b])
                          for d, a, b in zip(self.diagonals, ends[:-1], ends[1:], strict=True)]
        self.all_who, self.all_cell, self.all_seat_cell = (np.concatenate([getattr(d, name) for d in self.diagonals])
                                                           for name in ("who", "cell", "seat_cell"))
        self._plan_compact(part_of)

    def _plan_compact(self, part_of: np.ndarray) -> None:
        """Whether two tables can be evaluated with one value per part instead of one per hidden
        state (:func:`_compact_pair`), and the map that makes it work.

        That holds when the inner hidden field (the mover's own previous choice, under Feral Hogs)
        only decides which part of a choice the state falls in, and the next mover's inner field
        is the mover's outer one: then, as a table makes one choice per cell, the values of a cell
        differ only by part (the same for both players). The next mover's outer field must be
        the choice itself, so that a read needs only the cell it lands on (see
        :attr:`compact_rows`). ``class_map[choice, part, inner]`` is 1
        where a mover with that inner field falls in that part."""
        H, block, P = self.nh, self.block, self.nparts
        h = np.arange(H)
        self.compact = (
            len(self.layers) == 1 and H == block * block and block > 1
            and (part_of == part_of[:, h % block]).all() and (part_of[0] == part_of[1]).all()
            and (self.nextctx % block == (h // block)[None, :, None]).all()
            and (self.nextctx // block % (H // block) == np.arange(self.nchoice)).all()
        )
        inner = part_of[0, :block, :].T[:, None, :]  # [choice, 1, inner]
        self.class_map = (inner == np.arange(P)[None, :, None]).astype(float)

    def _plan_diagonal(self, total: int) -> Diagonal:
        """The cells of one diagonal of the score sum and, for each cell and choice, each part's
        points row, where its outcomes start in ``post_flat`` and its block of next contexts."""
        g, C = self.goal, self.nchoice
        a = np.arange(max(0, total - g + 1), min(g - 1, total) + 1)
        who = np.repeat([0, 1], len(a))
        mover = np.concatenate([a, a])
        opp = total - mover
        w, cs = who[:, None], np.arange(C)[None, :]
        code = self.part_code[w, cs]  # [cells, choices, parts]
        wild = self.wild_flat[(mover * g + opp) + who * g * g][:, None, None]
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
    def compact_rows(self) -> np.ndarray:
        """For a :attr:`compact` model, the cell of :func:`_compact_pair`'s V at each row
        (``block * G + cell``) of a W: the cells of all diagonals back to back, then one for each
        end of the game. V keeps ``outer`` rows a cell; the one a read needs is the choice made
        (the next mover's outer field), so :attr:`pair_reads` keeps only the cell."""
        g, G, outer = self.goal, self.goal ** 2 + 2, self.nh // self.block
        cells = len(self.all_who)
        place = np.empty((2, G), dtype=np.int64)
        place[self.all_who, self.all_cell] = np.arange(cells)
        place[:, g * g], place[:, g * g + 1] = cells, cells + 1
        return np.repeat(place, outer, axis=0).ravel()

    @cached_property
    def compact_post(self) -> np.ndarray:
        """For a :attr:`compact` model, :attr:`compact_rows` after ``post_flat``: the cell of V a
        turn's outcome leads to, for each next mover's seat (``seat * len(post_flat) + place``)."""
        G, outer = self.goal ** 2 + 2, self.nh // self.block
        return np.concatenate([self.compact_rows[seat * outer * G + self.post_flat] for seat in range(2)])

    @cached_property
    def compact_spread(self) -> np.ndarray:
        """For a :attr:`compact` model, the map from one cell's sums by (part, term) of
        :func:`_compact_pair` to its stored values ``[outer, P]``: the part-0 value, then how
        much each other part adds. Term 0 sums the next mover's part-0 values; term ``1 + nc *
        (P - 1) + q - 1`` sums what part q adds where the next mover's choice column is nc, which
        counts for the outer fields ``class_map`` puts in part q."""
        C, P, outer = self.nchoice, self.nparts, self.nh // self.block
        terms = np.vstack([np.ones((1, outer)), self.class_map[:, 1:].reshape(C * (P - 1), outer)])
        spread = np.zeros((P, len(terms), outer, P))
        spread[0, :, :, 0] = terms
        for q in range(1, P):
            spread[q, :, :, q] += terms
            spread[0, :, :, q] -= terms
        return spread.reshape(P * len(terms), outer * P)

    @cached_property
    def pair_reads(self) -> PairReads:
        """The reads of every plan entry (cell and choice) for :func:`pair_backward` (or
        :func:`_compact_pair`), worked out once, as they do not depend on the tables (made when
        first needed, a few thousand entries at a time so that no large temporary is made)."""
        return self._reads(compact=self.compact)

    @cached_property
    def state_reads(self) -> PairReads:
        """:attr:`pair_reads` as rows of W, one value per hidden state, even for a
        :attr:`compact` model (the solver's improvement passes need every hidden state)."""
        return self._reads(compact=False) if self.compact else self.pair_reads

    def _reads(self, *, compact: bool) -> PairReads:
        """Every plan entry's reads (see :class:`PairReads`): rows of W, or cells of a compact V."""
        P, G = self.nparts, self.goal ** 2 + 2
        entries, step = len(self.plans), 2048
        # filled a slice of entries at a time, into arrays sized for the most chunks there can be
        # (pages never written cost no memory) and cut to size at the end
        most = int(self.chunk_count[self.plans[..., 0]].sum()) + entries * P
        rows = len(self.all_who) + 2 if compact else self.nblock * G
        narrow = np.uint16 if rows <= np.iinfo(np.uint16).max + 1 else np.int32
        index, slot = np.empty((most, CHUNK), dtype=narrow), np.empty(most, dtype=np.int32)
        part_chunks, win = np.empty(entries * P, dtype=np.int64), np.empty(entries * P)
        done = 0
        for first in range(0, entries, step):
            parts = slice(first * P, min(first + step, entries) * P)
            chunk_index, chunk_slot, part_chunks[parts], win[parts] = self._part_reads(slice(first, first + step),
                                                                                       compact=compact)
            index[done:done + len(chunk_index)], slot[done:done + len(chunk_index)] = chunk_index, chunk_slot
            done += len(chunk_index)
        index.resize((done, CHUNK), refcheck=False)
        slot.resize(done, refcheck=False)
        # the chances of a chunk: its points row's chunk with the reads that end the game masked
        # out; only the few (chunk, mask) pairs in use get a row of the table
        present = np.zeros(len(self.chunk_probs) * 256 + 1, dtype=bool)
        present[slot] = True
        kept = np.nonzero(present[:-1])[0]
        bits = (kept[:, None] % 256 >> np.arange(CHUNK)) & 1
        chances = np.vstack([self.chunk_probs[kept // 256] * bits, np.zeros((1, CHUNK))])
        renumber = np.cumsum(present) - 1
        chance = renumber[slot].astype(np.int32)
        del present, renumber, slot
        part_chunks = part_chunks.reshape(-1, P)  # per entry and part
        chunks = part_chunks.sum(axis=1)
        row, base, blk = (self.plans[..., k] for k in range(3))
        is_chop = row == self.chop_row  # one part or none: chops share a key in _plan_parts
        chop_rows = blk * G + self.post_flat[base]
        return PairReads(index=index.reshape(-1, CHUNK), chance=chance, chances=chances, win=win.reshape(-1, P),
                         chunks=chunks, first=np.cumsum(chunks) - chunks,
                         part_offset=np.cumsum(part_chunks, axis=1) - part_chunks,
                         used=(row != self.dead_row).sum(axis=1),
                         chop_part=np.where(is_chop.any(axis=1), is_chop.argmax(axis=1), -1),
                         chop_row=np.where(is_chop, chop_rows, 0).sum(axis=1))

    def _part_reads(self, entries: slice, *, compact: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The reads of the parts of the plan ENTRIES for :attr:`pair_reads`, back to back: each
        chunk's reads (rows of W, or of :func:`_compact_pair`'s V; ``[chunks, CHUNK]``) and
        chunk's points-row chunk and mask of the reads it keeps (``chunk * 256 + mask``), each
        part's count of chunks, and each part's chance of ending the game with a player 0 win.

        The outcomes that end the game are not read: a win for player 0 adds its chance to the
        part's ``win``, one for player 1 is worth 0. A chunk whose outcomes all end the game is
        left out, but a part in use keeps at least one chunk (its mask 0, worth 0)."""
        g, G = self.goal, self.goal ** 2 + 2
        row, base, blk = (self.plans[entries, :, k].ravel() for k in range(3))
        counts = self.chunk_count[row]
        owner = np.repeat(np.arange(row.size), counts)
        first = np.cumsum(counts) - counts
        chunk = np.arange(owner.size) + np.repeat(self.chunk_start[row] - first, counts)
        outcome = base[owner, None] + self.chunk_vals[chunk]  # [chunks, CHUNK]: places in post_flat
        live = self.chunk_live[chunk]
        if compact:  # straight to the cells of V (the choice made picks the row within one)
            cells = len(self.all_who)
            seat = blk // (self.nh // self.block)  # the next mover's seat
            after = self.compact_post[seat[owner, None] * len(self.post_flat) + outcome]
            end, loss = cells, np.full(row.size, cells + 1)
        else:
            after, end, loss = self.post_flat[outcome], g * g, blk * G + g * g + 1
        keep = (after < end) & live
        won = (after == end) & live
        ends = np.nonzero(won.any(axis=1))[0]
        win = np.bincount(owner[ends], weights=(self.chunk_probs[chunk[ends]] * won[ends]).sum(axis=1),
                          minlength=row.size)
        mask = np.packbits(keep, axis=1, bitorder="little")[:, 0]
        held = np.nonzero(mask)[0]
        kept = np.bincount(owner[held], minlength=row.size)  # each part's chunks that keep a read
        empty = (kept == 0) & (row != self.dead_row)  # a part in use that keeps no read keeps one chunk
        # each kept chunk's rows, and a row worth 0 where a read is masked out
        rows = after[held] if compact else blk[owner[held], None] * G + after[held]
        index = np.where(keep[held], rows, loss[owner[held], None])
        slot = chunk[held] * 256 + mask[held]
        if not empty.any():
            return index, slot, kept, win
        part_chunks = kept + empty  # each kept chunk goes to its place among them all, part by part
        out_first = np.cumsum(part_chunks) - part_chunks
        dest = out_first[owner[held]] + np.arange(len(held)) - (np.cumsum(kept) - kept)[owner[held]]
        full = np.empty((int(part_chunks.sum()), CHUNK), dtype=index.dtype)
        full[out_first[empty]] = loss[empty, None]
        full[dest] = index
        full_slot = np.full(len(full), len(self.chunk_probs) * 256)
        full_slot[dest] = slot
        return full, full_slot, part_chunks, win

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


def model_for(variant: Variant, goal: int | None = None) -> Model:
    """The (cached) :class:`Model` of VARIANT at GOAL (default: the variant's goal)."""
    return _cached_model(variant, variant.goal if goal is None else goal)


@lru_cache(maxsize=16)
def _cached_model(variant: Variant, goal: int) -> Model:
    return Model(variant, goal)


Chooser = Callable[[int, int, np.ndarray, np.ndarray, np.ndarray, Callable[[np.ndarray], np.ndarray]], np.ndarray]


def backward(model: Model, batch: int, choose: Chooser, *, keep: np.ndarray | None = None) -> np.ndarray:
    """Backward induction. Returns ``W[context // block, cell, pair, context % block]`` =
    P(player 0 wins) for each pair of the batch (see :func:`start_values` and :func:`value_table`).

    A cell is ``mover * goal + opponent`` (the scores as the player to move sees them) and a
    context is ``who * H + hidden``; the contexts one part of a choice leads to form one block
    (see :meth:`Model._plan_parts`). Pairs sit inside cells, so where every pair makes the same
    choice one read serves the whole batch. Two more cells at the end, ``goal**2`` and
    ``goal**2 + 1``, stand for a game won by player 0 and by player 1. CHOOSE(total, layer, who,
    mover, opp, value_of) returns the values ``[batch, cells, H]`` to keep for the cells of one
    diagonal; ``value_of(cols)`` gives the values ``[batch, cells, H]`` of playing the choice
    columns COLS ``[batch, cells]``. Hidden states are settled one Pork Chop layer at a time (most
    chops used first), as a chop leads to the same diagonal. KEEP, if given, is reused as W.
    """
    g, block = model.goal, model.block
    W = _aligned_zeros((model.nblock, g * g + 2, batch, block)) if keep is None else keep
    W[:, g * g] = 1.0
    W[:, g * g + 1] = 0.0
    for total in range(2 * g - 2, -1, -1):
        diagonal = model.diagonals[total]
        who, mover, opp = diagonal.who, diagonal.mover, diagonal.opp

        memo = {} if len(model.layers) > 1 else None

        def value_of(cols: np.ndarray, diagonal=diagonal, memo=memo) -> np.ndarray:
            return _values(model, W, cols, diagonal, memo)

        for layer in model.layers:
            _store(model, W, total, layer, choose(total, layer, who, mover, opp, value_of))
    return W


def _store(model: Model, W: np.ndarray, total: int, layer: int, vals: np.ndarray) -> None:
    """Keep VALS (``[batch, cells, H]``) in W for the cells of diagonal TOTAL and the hidden
    states of Pork Chop LAYER."""
    diagonal = model.diagonals[total]
    H, block, batch = model.nh, model.block, vals.shape[0]
    if len(model.layers) == 1:  # whole blocks: a plain reshape places them
        shaped = vals.reshape(batch, len(diagonal.who), H // block, block).transpose(1, 2, 0, 3)
        W.reshape(2, H // block, -1, batch, block)[diagonal.who, :, diagonal.cell] = shaped
    else:
        rows, inner = model.stores[total][model.layers.index(layer)]
        W.reshape(-1, batch, block)[rows, :, inner] = vals[:, :, model.layer_members[layer]].transpose(1, 2, 0)


def _aligned_zeros(shape: tuple[int, ...]) -> np.ndarray:
    """Zeros of SHAPE starting on a 64-byte boundary, so that a row of eight values is one cache
    line (NumPy's own arrays start 16 bytes past one)."""
    size = int(np.prod(shape))
    raw = np.zeros(size + 8)
    skip = (-raw.ctypes.data % 64) // 8
    return raw[skip:skip + size].reshape(shape)


def _values(model: Model, W: np.ndarray, cols: np.ndarray, diagonal: Diagonal,
            memo: dict | None = None) -> np.ndarray:
    """Values ``[batch, cells, H]`` (P(player 0 wins)) of playing the choice columns COLS
    (``[batch, cells]``) in the cells of one DIAGONAL.

    Each part of a choice (see :meth:`Model._plan_parts`) sums over its outcomes whole blocks of
    next contexts at once. In a cell where every pair of a batch plays the same choice, one read
    per outcome covers the blocks of the whole batch (:func:`_shared_sums`); elsewhere, and for a
    single pair, each pair reads its own, CHUNK outcomes at a time (:func:`_own_sums`). MEMO keeps
    the sums of COLS between the Pork Chop layers of a diagonal; only the chop parts, which read
    this diagonal, are read again.
    """
    batch, n = cols.shape
    key = cols.tobytes()
    if memo is not None and key in memo:
        groups = [(cells, shared, _reread_chops(W, found)) for cells, shared, found in memo[key]]
    else:
        same = (cols == cols[0]).all(axis=0) if batch > 1 else np.zeros(n, dtype=bool)
        everywhere, keep = np.arange(n), memo is not None
        if same.all():
            groups = [(everywhere, True, _shared_sums(model, W, cols[0], diagonal, everywhere, with_chops=keep))]
        elif not same.any():
            groups = [(everywhere, False, _own_sums(model, W, cols, diagonal, everywhere, with_chops=keep))]
        else:
            alike, apart = np.nonzero(same)[0], np.nonzero(~same)[0]
            groups = [(alike, True, _shared_sums(model, W, cols[0, alike], diagonal, alike, with_chops=keep)),
                      (apart, False, _own_sums(model, W, cols[:, apart], diagonal, apart, with_chops=keep))]
        if memo is not None:
            memo[key] = groups
    pick = np.take(model.part_pick, diagonal.who * model.nchoice + cols, axis=0)  # [batch, n, H]
    if len(groups) == 1:
        return _spread(model, groups[0][2][0], pick, shared=groups[0][1])
    out = np.empty((batch, n, model.nh))
    for cells, shared, (sums, _) in groups:
        out[:, cells] = _spread(model, sums, pick[:, cells], shared=shared)
    return out


def _spread(model: Model, sums: np.ndarray, pick: np.ndarray, *, shared: bool) -> np.ndarray:
    """The values ``[batch, cells, H]`` of each hidden state, picked (PICK, from ``part_pick``)
    among the parts' sums of :func:`_shared_sums` (SHARED) or :func:`_own_sums`."""
    batch, n, _ = pick.shape
    P, block = model.nparts, model.block
    if shared:  # sums [cells * P, batch * block] -> [batch, cells, P * block]
        per_pair = sums.reshape(n, P, batch, block).transpose(2, 0, 1, 3).reshape(batch, n, -1)
        return np.take_along_axis(per_pair, pick, axis=2)
    # sums [batch * cells * P, block]
    return np.take(sums, pick + (np.arange(batch * n) * (P * block)).reshape(batch, n, 1))


def _shared_sums(model: Model, W: np.ndarray, cols: np.ndarray, diagonal: Diagonal, cells: np.ndarray, *,
                 with_chops: bool):
    """Parts' sums ``[cells * P, batch * block]`` where every pair plays COLS (``[cells]``) in
    CELLS: one row of W per outcome, holding every pair's block. Returns (sums, chops): WITH_CHOPS,
    the rows of the chop parts and where they read W (for :func:`_reread_chops`)."""
    G = model.goal ** 2 + 2
    wide = W.reshape(model.nblock * G, -1)
    picked = diagonal.plan[cells * model.nchoice + cols]  # [cells, P, 3]
    row, base, blk = picked[..., 0].ravel(), picked[..., 1].ravel(), picked[..., 2].ravel()
    counts, first, owner, post, probs = _outcomes(model, row, base)
    rows = np.take(wide, blk[owner] * G + post, axis=0)
    rows *= probs[:, None]
    some = counts > 0
    sums = np.zeros((row.size, wide.shape[1]))
    if owner.size:
        sums[some] = np.add.reduceat(rows, first[some], axis=0)
    chops = np.nonzero(row == model.chop_row)[0] if with_chops else np.zeros(0, dtype=np.int64)
    return sums, (chops, blk[chops] * G + model.post_flat[base[chops]])


def _outcomes(model: Model, row: np.ndarray, base: np.ndarray):
    """The outcomes of the parts (points ROW, outcomes from BASE in ``post_flat``) back to back,
    unpadded: each part's count and first outcome, then each outcome's part, the cell it leads
    to (``post_flat``) and its probability."""
    counts = model.outcome_count[row]
    first = np.cumsum(counts) - counts
    owner = np.repeat(np.arange(row.size), counts)
    outcome = np.arange(owner.size) + np.repeat(model.outcome_start[row] - first, counts)
    post = model.post_flat[base[owner] + model.outcome_vals[outcome]]
    return counts, first, owner, post, model.outcome_probs[outcome]


def _own_sums(model: Model, W: np.ndarray, cols: np.ndarray, diagonal: Diagonal, cells: np.ndarray, *,
              with_chops: bool):
    """Parts' sums ``[batch * cells * P, block]`` where each pair plays its own COLS
    (``[batch, cells]``) in CELLS, outcomes read CHUNK at a time. Returns (sums, chops) as
    :func:`_shared_sums` does."""
    batch, n = cols.shape
    G = model.goal ** 2 + 2
    picked = np.take(diagonal.plan, cells * model.nchoice + cols, axis=0)  # [batch, n, P, 3]
    row, base = picked[..., 0].ravel(), picked[..., 1].ravel()
    wrow = (picked[..., 2] * (G * batch) + np.arange(batch)[:, None, None]).ravel()
    index, chunk, counts = _chunk_reads(model, row, base, wrow, batch=batch)
    sums = _sum_chunks(W, index, model.chunk_probs[chunk], counts)
    chops = np.nonzero(row == model.chop_row)[0] if with_chops else np.zeros(0, dtype=np.int64)
    return sums, (chops, wrow[chops] + model.post_flat[base[chops]] * batch)


def _chunk_reads(model: Model, row: np.ndarray, base: np.ndarray, wrow: np.ndarray, *, batch: int):
    """Where the parts (points ROW, outcomes from BASE in ``post_flat``, first W row WROW) read:
    the W rows ``[chunks, CHUNK]`` of their chunks and the chunks' rows of ``chunk_probs``, and
    each part's count of chunks (zero for an unused part)."""
    counts = model.chunk_count[row]
    owner = np.repeat(np.arange(row.size), counts)
    first = np.cumsum(counts) - counts
    chunk = np.arange(owner.size) + np.repeat(model.chunk_start[row] - first, counts)
    post = model.post_flat[base[owner, None] + model.chunk_vals[chunk]]  # [chunks, CHUNK]
    if batch > 1:
        post *= batch
    return wrow[owner, None] + post, chunk, counts


def _sum_chunks(W: np.ndarray, index: np.ndarray, probs: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Each part's sum ``[parts, block]`` of its chunks of :func:`_chunk_reads`."""
    block = W.shape[-1]
    terms = np.matmul(probs[:, None, :], np.take(W.reshape(-1, block), index, axis=0))[:, 0]
    sums = np.zeros((counts.size, block))
    some = counts > 0
    if terms.size:
        sums[some] = np.add.reduceat(terms, (np.cumsum(counts) - counts)[some], axis=0)
    return sums


def _reread_chops(W: np.ndarray, found: tuple) -> tuple:
    """FOUND (sums, chops) with the chop parts' rows read again from W (a Pork Chop leads to the
    same diagonal, whose values the last layer changed)."""
    sums, (rows, where) = found
    if not rows.size:
        return found
    sums = sums.copy()
    sums[rows] = np.take(W.reshape(-1, sums.shape[1]), where, axis=0)
    return sums, (rows, where)


def win_rates(variant: Variant, tables0, tables1, *, goal: int | None = None) -> np.ndarray:
    """P(player 0 wins) for each pair: player 0 plays ``tables0[i]``, player 1 ``tables1[i]``.

    Both are ``[batch, goal, goal]`` integer arrays (or one ``[goal, goal]`` table, broadcast).
    """
    return _start_values_by_seat(variant, tables0, tables1, goal=goal, seats=(0,))[:, 0]


def contest_figures(variant: Variant, tables_a, tables_b, *, goal: int | None = None) -> np.ndarray:
    """The contest figure of each ``tables_a[i]`` against ``tables_b[i]``: the average of A's
    win rates in both seats (shapes as in :func:`win_rates`).

    The values of one backward pass hold both seatings: P(A wins) from the start with A to move,
    and from the start with B to move (where B went first). Only a variant whose rules tell player
    0 from player 1 (an asymmetric Hog Wild) needs a second pass.
    """
    if model_for(variant, goal).symmetric:
        starts = _start_values_by_seat(variant, tables_a, tables_b, goal=goal, seats=(0, 1))
        return (starts[:, 0] + starts[:, 1]) / 2
    first = win_rates(variant, tables_a, tables_b, goal=goal)
    return (first + 1 - win_rates(variant, tables_b, tables_a, goal=goal)) / 2


def _start_values_by_seat(variant: Variant, tables0, tables1, *, goal: int | None,
                          seats: tuple[int, ...]) -> np.ndarray:
    """P(player 0 wins) from the start of the game when the player in each of SEATS moves
    first: ``[batch, len(seats)]``."""
    model = model_for(variant, goal)
    t0, t1 = model.columns(tables0), model.columns(tables1)
    t0, t1 = np.broadcast_arrays(t0.reshape((-1,) + t0.shape[-2:]), t1.reshape((-1,) + t1.shape[-2:]))
    both = np.stack([t0, t1], axis=1)  # [batch, who, mover, opp]

    return np.array([_pair_start_values(model, pair, seats=seats) for pair in both])


def _pair_start_values(model: Model, both: np.ndarray, *, seats: tuple[int, ...]) -> list[float]:
    """P(player 0 wins) from the start of the game when the player in each of SEATS moves
    first, for one pair of tables (columns ``[who, mover, opp]``).

    A pair at a time is the fast way: its reads are planned once per model (see
    :attr:`Model.pair_reads`), which a batch of pairs, whose choices differ cell by cell, cannot
    share (bench/exact.py measures one pair against a batch through :func:`backward`)."""
    if model.compact:
        V = _compact_pair(model, both)
        return [_compact_pair_start(model, V, both, who=who) for who in seats]
    W = pair_backward(model, both)
    return [float(start_values(model, W, who=who)[0]) for who in seats]


def pair_backward(model: Model, both: np.ndarray) -> np.ndarray:
    """:func:`backward` for one pair of tables (columns ``[who, mover, opp]``) of a model that is
    not :attr:`Model.compact`. The reads of every cell's choice are taken from
    :attr:`Model.pair_reads` for all diagonals at once, so each diagonal then takes a handful of
    array operations on its own stretch of them.

    A Pork Chop leads to a state of the same diagonal with one more chop used, so before the
    loop each state that chops is pointed at the sum its target state picks (most chops used
    first): each diagonal then stores all of its states at once."""
    g, C, block = model.goal, model.nchoice, model.block
    G = g * g + 2
    W = _aligned_zeros((model.nblock, G, 1, block))
    W[:, g * g] = 1.0
    reads, starts = model.pair_reads, model.diagonal_starts
    cols, entry, cell_first, index, probs, diag_chunk = picked_reads(model, both)
    # the parts in use, back to back: where each starts among the chunks and among the sums
    used = reads.used[entry]
    part_first = np.cumsum(used) - used
    in_use = np.arange(model.nparts) < used[:, None]
    part_chunk = (cell_first[:, None] + np.take(reads.part_offset, entry, axis=0))[in_use]
    wins = np.take(reads.win, entry, axis=0)[in_use]  # what each part's turn adds by a player 0 win
    if block > 1:
        wins = np.repeat(wins, block).reshape(-1, block)
    diag_part = np.append(part_first, len(part_chunk))[starts]
    part_chunk -= np.repeat(diag_chunk[:-1], np.diff(diag_part))  # from the diagonal's first chunk
    picked = np.take(model.part_pick, model.all_who * C + cols, axis=0)  # [cells, H]
    pick = picked + (part_first * block)[:, None]  # each state's sum among all the pair's sums
    places, state_at = model.state_places
    if len(model.layers) > 1:
        chop_part = reads.chop_part[entry][:, None]
        target = state_at[reads.chop_row[entry][:, None] * block + picked % block]
        for layer in model.layers[1:]:
            chops = (picked // block == chop_part) & (model.hlayer == layer)
            pick[chops] = pick.ravel()[target[chops]]
    pick -= np.repeat(diag_part[:-1] * block, np.diff(starts))[:, None]  # from the diagonal's first sum
    if block == 1:  # the sums run over single outcomes
        part_chunk *= CHUNK
    flat, rows = W.reshape(-1), W.reshape(-1, block)
    for total in range(2 * g - 2, -1, -1):
        c0, c1 = diag_chunk[total], diag_chunk[total + 1]
        firsts = part_chunk[diag_part[total]:diag_part[total + 1]]
        if block == 1:
            terms = np.take(flat, index[c0:c1])
            terms *= probs[c0:c1]
            sums = np.add.reduceat(terms.ravel(), firsts)
        else:
            terms = np.matmul(probs[c0:c1, None, :], np.take(rows, index[c0:c1], axis=0))
            sums = np.add.reduceat(terms[:, 0], firsts, axis=0)
        sums += wins[diag_part[total]:diag_part[total + 1]]
        a, b = starts[total], starts[total + 1]
        flat[places[a:b]] = np.take(sums, pick[a:b])
    return W


def picked_reads(model: Model, both: np.ndarray, *, reads: PairReads | None = None) -> tuple[np.ndarray, ...]:
    """The reads of one pair's choices (columns ``[who, mover, opp]``) from READS (default:
    :attr:`Model.pair_reads`): each cell's choice column and plan entry (cells of all diagonals
    back to back), where its chunks start among the picked ones, the picked chunks' rows and
    chances (``[chunks, CHUNK]``), and where each diagonal's chunks start (one more at the end)."""
    reads = model.pair_reads if reads is None else reads
    cols = np.take(both, model.all_seat_cell)
    entry = np.arange(len(cols)) * model.nchoice + cols
    cell_first, index, probs = gather_reads(reads, entry)
    diag_chunk = np.append(cell_first, len(index))[model.diagonal_starts]
    return cols, entry, cell_first, index, probs, diag_chunk


def gather_reads(reads: PairReads, entry: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The reads of the plan entries ENTRY, back to back: where each entry's chunks start among
    them, and the chunks' rows (as ``intp``, which NumPy indexes with fastest) and chances."""
    chunks = reads.chunks[entry]
    first = np.cumsum(chunks) - chunks
    take = np.repeat(reads.first[entry] - first, chunks) + np.arange(chunks.sum())
    return (first, np.take(reads.index, take, axis=0).astype(np.intp),
            np.take(reads.chances, np.take(reads.chance, take), axis=0))


def _compact_pair(model: Model, both: np.ndarray) -> np.ndarray:
    """Backward induction for one pair of tables (columns ``[who, mover, opp]``) of a model where
    one value per part is enough (see :meth:`Model._plan_compact`). Returns
    ``V[cell, outer * P + q]``, cells of all diagonals back to back and then the two ends of
    the game: P(player 0 wins) in part 0 at q = 0, and how much more in part q at q > 0.

    The reads come from :attr:`Model.pair_reads`, and which term of its cell's sums each read
    adds to (by the next mover's choice where it lands) is worked out before the loop. Each
    diagonal then reads, weighs and sums its own stretch of reads, and one product with
    :attr:`Model.compact_spread` turns the sums into the diagonal's stored values."""
    g, C, P = model.goal, model.nchoice, model.nparts
    outer, cells = model.nh // model.block, len(model.all_who)
    reads, starts, spread = model.pair_reads, model.diagonal_starts, model.compact_spread
    V = np.zeros((cells + 2, outer * P))
    V[cells, ::P] = 1.0  # player 0 won: worth 1 in part 0, nothing more in the others
    rows = V.reshape(-1, P)
    cols, entry, cell_first, index, probs, diag_chunk = picked_reads(model, both)
    index *= outer  # a read's row of V: its cell's first row, plus the choice made (the next outer)
    index += np.repeat(cols, np.diff(cell_first, append=len(index)))[:, None]
    # where each part's reads start among its diagonal's (an unused part has none: it starts
    # where the next begins, or at the zero after the diagonal's last read)
    part_offset = np.take(reads.part_offset, entry, axis=0)
    part_first = (cell_first[:, None] + part_offset).ravel() - np.repeat(diag_chunk[:-1], np.diff(starts) * P)
    part_first *= CHUNK
    # each read's term among its diagonal's sums by (part, next choice) of what parts q > 0 add
    part_chunks = np.diff(part_offset, axis=1, append=reads.chunks[entry][:, None]).ravel()
    part_of = np.repeat(np.arange(cells * P), part_chunks) - np.repeat(starts[:-1] * P, np.diff(diag_chunk))
    next_col = np.repeat(np.append(cols, [0, 0]) * (P - 1), outer)  # at each row of V
    term = np.take(next_col, index)
    term += np.repeat(part_of * (C * (P - 1)), CHUNK).reshape(-1, CHUNK)
    if P > 2:
        term = (term[..., None] + np.arange(P - 1)).reshape(len(index), -1)
    wins = np.take(reads.win, entry, axis=0)  # [cells, P]: what each part's turn adds by a player 0 win
    sums = np.empty((cells, P, spread.shape[0] // P))
    first_terms = np.empty(np.diff(diag_chunk).max() * CHUNK + 1)
    for total in range(2 * g - 2, -1, -1):
        c0, c1 = diag_chunk[total], diag_chunk[total + 1]
        a, b = starts[total], starts[total + 1]
        values = np.take(rows, index[c0:c1], axis=0)  # [chunks, CHUNK, P]
        weights = probs[c0:c1]
        cell_sums, firsts = sums[:b - a], first_terms[:(c1 - c0) * CHUNK + 1]
        np.multiply(values[..., 0], weights, out=firsts[:-1].reshape(-1, CHUNK))
        firsts[-1] = 0.0
        cell_sums[:, :, 0] = np.add.reduceat(firsts, part_first[a * P:b * P]).reshape(b - a, P)
        cell_sums[:, :, 0] += wins[a:b]
        more = values[..., 1:] * weights[..., None]
        cell_sums[:, :, 1:] = np.bincount(term[c0:c1].ravel(), weights=more.ravel(),
                                          minlength=(b - a) * P * C * (P - 1)).reshape(b - a, P, -1)
        np.dot(cell_sums.reshape(b - a, -1), spread, out=V[a:b])
    return V


def _compact_pair_start(model: Model, V: np.ndarray, both: np.ndarray, *, who: int) -> float:
    """P(player 0 wins) from the start, player WHO to move, from a :func:`_compact_pair` V."""
    P = model.nparts
    part = model.part_pick[who * model.nchoice + both[who, 0, 0], model.h0] // model.block
    values = V[model.diagonal_starts[0] + who].reshape(-1, P)[model.h0 // model.block]
    return float(values[0] + (values[part] if part else 0.0))


def start_values(model: Model, W: np.ndarray, *, who: int = 0) -> np.ndarray:
    """P(player 0 wins) from the start of the game with player WHO to move, for each pair of a
    :func:`backward` result."""
    context = who * model.nh + model.h0
    return W[context // model.block, 0, :, context % model.block]


def value_table(model: Model, W: np.ndarray, *, pair: int = 0) -> np.ndarray:
    """One pair's :func:`backward` result as ``[context, cell]``."""
    return W[:, :, pair].transpose(0, 2, 1).reshape(2 * model.nh, -1)


def win_rate(variant: Variant, table0, table1, *, goal: int | None = None) -> float:
    """P(player 0 wins) when player 0 plays TABLE0 and player 1 plays TABLE1."""
    return float(win_rates(variant, table0, table1, goal=goal)[0])


def contest_figure(variant: Variant, table_a, table_b, *, goal: int | None = None) -> float:
    """The contest figure of A against B: the average of A's win rates in both seats."""
    return float(contest_figures(variant, table_a, table_b, goal=goal)[0])


def figures_against(variant: Variant, table, others, *, goal: int | None = None) -> np.ndarray:
    """Contest figures of TABLE against each of OTHERS (``[n, goal, goal]``)."""
    return contest_figures(variant, table, np.asarray(others), goal=goal)


def table_array(strategy: Callable[[int, int], int], goal: int) -> np.ndarray:
    """The table of a strategy function as a ``[goal, goal]`` integer array."""
    return np.array([[strategy(s, o) for o in range(goal)] for s in range(goal)], dtype=np.int64)


def always(choice: int, goal: int) -> np.ndarray:
    """The table of ``always_roll(choice)``."""
    return np.full((goal, goal), choice, dtype=np.int64)
