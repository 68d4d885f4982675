"""The solver's two steps on score-only tables: how often play reaches each state, and one pass
that improves a table against fixed opponents (or against itself).

Both work on one pair of tables at a time, in the layout of :func:`hogkit.exact.backward`'s W
for one pair (flat), from the reads :func:`hogkit.exact.reads.pair_reads` plans once for every choice of
every cell. A pass reads, diagonal by diagonal from the highest score sum down, what every
choice is worth in every hidden state; each table entry takes the choice with the best chance
for its mover, weighted by how often the tables played so far reach each hidden state; and the
values of the new choices are kept for the diagonals below, so that the values a pass ends
with are exactly those of the new tables (or, with ``full``, of a player who sees the hidden
state).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from threadpoolctl import threadpool_limits

from hogkit.exact import Model, cell_reads, pair_backward, pair_reads, picked_reads


@dataclass(frozen=True)
class _Plan:
    """For the plan entries of a model (``cell * C + choice``, cells of all diagonals back to
    back): where each entry's parts in use start among all of them (one more at the end), each
    such part's first chunk, place (``entry * P + part``) and chance of a player 0 win; where
    each entry's chunks start (one more at the end); ``pick[who, h, choice * P * block +
    slot]``, 1 where a state of that mover reads that slot (``part * block + inner``) of its
    cell's sums under that choice; and the place and W row of each entry's Pork Chop part."""

    part_first: np.ndarray
    part_chunk: np.ndarray
    place: np.ndarray
    win: np.ndarray
    chunk_end: np.ndarray
    pick: np.ndarray
    chop_place: np.ndarray
    chop_row: np.ndarray


@lru_cache(maxsize=8)
def _plan(model: Model) -> _Plan:
    """MODEL's :class:`_Plan`, worked out once."""
    reads, P, C, block = pair_reads(model), model.nparts, model.nchoice, model.block
    in_use = np.arange(P) < reads.used[:, None]
    pick = np.zeros((2, model.nh, C * P * block))
    for who in range(2):
        slots = model.part_pick[who * C:(who + 1) * C]  # [C, H]
        pick[who, np.arange(model.nh)[None, :], np.arange(C)[:, None] * (P * block) + slots] = 1.0
    chopping = np.nonzero(reads.chop_part >= 0)[0]
    return _Plan(part_first=np.concatenate([[0], np.cumsum(reads.used)]),
                 part_chunk=(reads.first[:, None] + reads.part_offset)[in_use],
                 place=(np.arange(len(reads.used))[:, None] * P + np.arange(P))[in_use],
                 win=reads.win[in_use], chunk_end=np.append(reads.first, len(reads.index)), pick=pick,
                 chop_place=chopping * P + reads.chop_part[chopping], chop_row=reads.chop_row[chopping])


def new_values(model: Model) -> np.ndarray:
    """A flat W for one pair: 0 everywhere but the rows of a game player 0 has won."""
    g, block = model.goal, model.block
    W = np.zeros((model.nblock, g * g + 2, block))
    W[:, g * g] = 1.0
    return W.reshape(-1)


def pair_values(model: Model, both: np.ndarray) -> np.ndarray:
    """The values of one pair (columns ``[who, mover, opp]``) as a flat W."""
    return pair_backward(model, both).reshape(-1)


def start_place(model: Model, *, who: int = 0) -> int:
    """The flat place in W of the start of the game, player WHO to move."""
    context = who * model.nh + model.h0
    return (context // model.block) * (model.goal ** 2 + 2) * model.block + context % model.block


def occupancy(model: Model, both: np.ndarray) -> np.ndarray:
    """How likely play of the pair BOTH (columns ``[who, mover, opp]``) reaches each state, player
    0 moving first, as a flat array in the layout of W (see :func:`new_values`)."""
    g, C, P, block = model.goal, model.nchoice, model.nparts, model.block
    reads, starts = pair_reads(model), model.diagonal_starts
    places, _ = model.state_places
    cols, entry, _, index, probs, diag_chunk = picked_reads(model, both, reads=reads)
    occ = np.zeros(model.nblock * (g * g + 2) * block)
    occ[start_place(model)] = 1.0
    picked = np.take(model.part_pick, model.all_who * C + cols, axis=0)  # [cells, H]
    part_chunks = np.diff(reads.part_offset[entry], axis=1, append=reads.chunks[entry][:, None]).ravel()
    part_of = np.repeat(np.arange(len(cols) * P), part_chunks)  # each picked chunk's (cell, part)
    chopping = picked // block == reads.chop_part[entry][:, None]  # [cells, H]
    target = reads.chop_row[entry][:, None] * block + picked % block
    lanes = np.arange(block)
    for total in range(2 * g - 1):
        a, b = starts[total], starts[total + 1]
        here = chopping[a:b]
        for layer in sorted(model.layers)[:-1]:  # a Pork Chop moves the mass within the diagonal first
            moves = here & (model.hlayer == layer)
            if moves.any():
                np.add.at(occ, target[a:b][moves], occ[places[a:b][moves]])
        mass = occ[places[a:b]]
        mass[here] = 0.0  # a state that chops has passed its mass on
        if not mass.any():
            continue
        slots = np.bincount((np.arange(b - a)[:, None] * (P * block) + picked[a:b]).ravel(), weights=mass.ravel(),
                            minlength=(b - a) * P * block).reshape(-1, block)
        c0, c1 = diag_chunk[total], diag_chunk[total + 1]
        weights = probs[c0:c1, :, None] * slots[part_of[c0:c1] - a * P][:, None, :]
        np.add.at(occ, (index[c0:c1, :, None] * block + lanes).ravel(), weights.ravel())
    return occ


@dataclass(frozen=True)
class Pass:
    """What :func:`improve` returns: the new table (choice columns), how many entries changed,
    and each pair's values after the pass (flat W, see :func:`start_place`)."""

    table: np.ndarray
    changed: int
    values: list[np.ndarray]


def improve(model: Model, both: np.ndarray, mine: np.ndarray, *, flatten: float = 0.0, margin: float = 0.0,
            full: bool = False, keep: list[np.ndarray] | None = None, scale: np.ndarray | None = None) -> Pass:
    """One improvement pass of the table played in the seats marked MINE (``[pairs, who]``) of
    the pairs BOTH (columns ``[pairs, who, mover, opp]``; every seat marked MINE holds the same
    table, the others stay as they are).

    Each entry takes the choice that maximizes its mover's chance to win summed over the pairs
    and hidden states, each state weighted by how often the current tables reach it; FLATTEN (0
    to 1) mixes those weights with an even spread over the hidden states of the cell (an
    opponent can shift which hidden states a table meets). An entry only changes when the gain
    beats MARGIN times its weight. With FULL, the values kept are those of a player who, in the
    seats marked MINE, sees the hidden state and plays its best choice there (the chosen table
    is then the projection of that play onto the two scores). KEEP: each pair's values under the
    tables played now (:func:`pair_values`; made if not given), read where a Pork Chop leads
    within a diagonal before that diagonal is settled. SCALE: a weight for each pair (1 each by
    default), to count some opponents more than others.
    """
    with threadpool_limits(limits=1, user_api="blas"):  # its products are too small to share
        return _improve(model, both, mine, flatten=flatten, margin=margin, full=full, keep=keep,
                        scale=np.ones(len(both)) if scale is None else scale)


def _improve(model: Model, both: np.ndarray, mine: np.ndarray, *, flatten: float, margin: float, full: bool,
             keep: list[np.ndarray] | None, scale: np.ndarray) -> Pass:
    g, C, P, block = model.goal, model.nchoice, model.nparts, model.block
    plan, starts = _plan(model), model.diagonal_starts
    places, _ = model.state_places
    pairs = len(both)
    if keep is None:  # where a Pork Chop leads within a diagonal, the values of the tables played now
        keep = [pair_values(model, pair) for pair in both] if len(model.layers) > 1 else [new_values(model)] * pairs
    values = [W.copy() for W in keep]
    weights = [occupancy(model, both[k]) * scale[k] for k in range(pairs)]
    seat_cols = np.take(both.reshape(pairs, -1), model.all_seat_cell, axis=1)  # [pairs, cells]
    table = both[mine][0]
    new = table.copy()
    members = [model.hlayer == layer for layer in sorted(model.layers, reverse=True)]  # most chops used first
    width = P * block
    chosen = [[None if mine[k, who] else _chosen_reads(model, plan, seat_cols[k], who) for who in range(2)]
              for k in range(pairs)]
    for total in range(2 * g - 2, -1, -1):
        a, b = starts[total], starts[total + 1]
        n = (b - a) // 2  # cells a seat (the diagonal holds seat 0's, then seat 1's)
        spans = [[(a, b)] if mine[k].all() else [(a + who * n, a + (who + 1) * n) if mine[k, who] else None
                                                 for who in range(2)] for k in range(pairs)]
        # the reads of every choice where a pair improves a seat, of the choice made where none does
        every = {span: _every_choice(model, plan, a, *span) for span in set().union(*spans) if span}
        h0, h1 = np.searchsorted(plan.chop_place, [a * C * P, b * C * P])
        chop_place, chop_row = plan.chop_place[h0:h1] - a * C * P, plan.chop_row[h0:h1]
        sums, scores, mass = [], np.zeros((n, C)), np.zeros(n)
        for k in range(pairs):
            rows = values[k].reshape(-1, block)
            stretches = [every[span] if span else chosen[k][who][total] for who, span in enumerate(spans[k])]
            S = np.zeros(((b - a) * C * P, block))
            for part in stretches:
                terms = np.matmul(part.probs[:, None, :], np.take(rows, part.index, axis=0))[:, 0]
                S[part.where] = np.add.reduceat(terms, part.firsts, axis=0) + part.wins
            sums.append(S)
            for who in np.nonzero(mine[k])[0]:
                seat = slice(who * n, (who + 1) * n)
                weight = weights[k][places[a:b][seat]]  # [n, H]
                if flatten:
                    weight = (1 - flatten) * weight + flatten * weight.mean(axis=1, keepdims=True)
                weight += 1e-12  # a cell never reached still takes the choice best for its states
                worth = ((weight @ plan.pick[who]).reshape(n, C, width)
                         * S[seat.start * C * P:seat.stop * C * P].reshape(n, C, width)).sum(axis=2)
                scores += worth if who == 0 else -worth
                mass += weight.sum(axis=1)
        view = model.diagonals[total]
        mover, opp = view.mover[:n], view.opp[:n]
        best = scores.argmax(axis=1)
        if margin:
            current = table[mover, opp]
            gap = scores[np.arange(n), best] - scores[np.arange(n), current]
            best = np.where(gap > margin * mass, best, current)
        new[mover, opp] = best
        for k in range(pairs):
            cols = seat_cols[k, a:b].copy()
            for who in np.nonzero(mine[k])[0]:
                cols[who * n:(who + 1) * n] = best
            _store(model, values[k], sums[k], cols, np.repeat(mine[k] & full, n), places[a:b], members,
                   chops=(chop_place, chop_row))
    return Pass(table=new, changed=int((new != table).sum()), values=values)


@dataclass(frozen=True)
class _Stretch:
    """Reads ready for part of a diagonal: rows of W (``[chunks, CHUNK]``) and their chances,
    where each part's chunks start among them, each part's place among the diagonal's sums
    (``cell * C * P + choice * P + part``, cells counted from the diagonal's first) and its
    chance of ending the game with a player 0 win."""

    index: np.ndarray
    probs: np.ndarray
    firsts: np.ndarray
    where: np.ndarray
    wins: np.ndarray


def _every_choice(model: Model, plan: _Plan, first: int, lo: int, hi: int) -> _Stretch:
    """The reads of every choice of the cells LO to HI (cells of all diagonals back to back) of
    the diagonal whose first cell is FIRST."""
    reads, C, P = pair_reads(model), model.nchoice, model.nparts
    c0, c1 = plan.chunk_end[lo * C], plan.chunk_end[hi * C]
    q0, q1 = plan.part_first[lo * C], plan.part_first[hi * C]
    return _Stretch(reads.index[c0:c1].astype(np.intp), np.take(reads.chances, reads.chance[c0:c1], axis=0),
                    plan.part_chunk[q0:q1] - c0, plan.place[q0:q1] - first * C * P, plan.win[q0:q1, None])


def _chosen_reads(model: Model, plan: _Plan, cols: np.ndarray, seat: int) -> list[_Stretch]:
    """For each diagonal, the reads of the choice COLS (one a cell, cells of all diagonals back
    to back) in the cells of SEAT: what a seat no pair improves needs."""
    reads, C, P, starts = pair_reads(model), model.nchoice, model.nparts, model.diagonal_starts
    cells = np.nonzero(model.all_who == seat)[0]
    entry = cells * C + cols[cells]
    laid = cell_reads(reads, entry, np.searchsorted(cells, starts))
    place = (entry[:, None] * P + np.arange(P))[laid.in_use]
    chunk_at, part_at = laid.diag_chunk, laid.diag_part
    return [_Stretch(laid.index[chunk_at[d]:chunk_at[d + 1]], laid.probs[chunk_at[d]:chunk_at[d + 1]],
                     laid.part_chunk[part_at[d]:part_at[d + 1]],
                     place[part_at[d]:part_at[d + 1]] - starts[d] * C * P, laid.wins[part_at[d]:part_at[d + 1], None])
            for d in range(len(starts) - 1)]


def _store(model: Model, W: np.ndarray, S: np.ndarray, cols: np.ndarray, best_of_all: np.ndarray, places: np.ndarray,
           members: list[np.ndarray], *, chops: tuple[np.ndarray, np.ndarray]) -> None:
    """Keep in W the values of one diagonal's states (at PLACES, ``[cells, H]``) from its sums S
    (``[cell * C * P + part, block]``): each cell plays COLS, or where BEST_OF_ALL, each state
    takes the best of all choices for its mover. Pork Chop layers are settled most chops used
    first (MEMBERS: each layer's hidden states), each reading again the states its chops lead
    to (see :class:`_Plan`)."""
    C, P, block = model.nchoice, model.nparts, model.block
    n, width = len(cols), P * block
    who = np.repeat([0, 1], n // 2)
    flat, rows = S.reshape(-1), W.reshape(-1, block)
    chosen = np.take(model.part_pick, who * C + cols, axis=0) + ((np.arange(n) * C + cols) * width)[:, None]
    every = None
    if best_of_all.any():
        cells = np.nonzero(best_of_all)[0]
        every = (model.part_pick.reshape(2, C, -1)[who[cells]]
                 + ((cells[:, None] * C + np.arange(C)) * width)[:, :, None])  # [cells, C, H]
        sign = np.where(who[cells] == 0, 1.0, -1.0)[:, None, None]
    chop_place, chop_row = chops
    for member in members:
        if len(members) > 1 and chop_place.size:  # chops read the states of this diagonal just settled
            S[chop_place] = rows[chop_row]
        vals = np.take(flat, chosen[:, member])
        if every is not None:
            vals[cells] = (sign * np.take(flat, every[:, :, member])).max(axis=1) * sign[:, 0]
        W[places[:, member]] = vals
