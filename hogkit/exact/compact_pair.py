"""One pair of tables in the compact layout (:mod:`hogkit.exact.compact`): one value per part."""

from __future__ import annotations

import numpy as np

from hogkit.exact.compact import compact_spread
from hogkit.exact.model import CHUNK, Model
from hogkit.exact.reads import pair_reads, picked_reads


def compact_pair(model: Model, both: np.ndarray) -> np.ndarray:
    """Backward induction for one pair of tables (columns ``[who, mover, opp]``) of a model where
    one value per part is enough (see :meth:`hogkit.exact.model.Model._plan_compact`). Returns
    ``V[cell, outer * P + q]``, cells of all diagonals back to back and then the two ends of
    the game: P(player 0 wins) in part 0 at q = 0, and how much more in part q at q > 0.

    The reads come from :func:`hogkit.exact.reads.pair_reads`, and which term of its cell's sums each read
    adds to (by the next mover's choice where it lands) is worked out before the loop. Each
    diagonal then reads, weighs and sums its own stretch of reads, and one product with
    :func:`hogkit.exact.compact.compact_spread` turns the sums into the diagonal's stored values."""
    g, C, P = model.goal, model.nchoice, model.nparts
    outer, cells = model.nh // model.block, len(model.all_who)
    reads, starts, spread = pair_reads(model), model.diagonal_starts, compact_spread(model)
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


def compact_pair_start(model: Model, V: np.ndarray, both: np.ndarray, *, who: int) -> float:
    """P(player 0 wins) from the start, player WHO to move, from a :func:`compact_pair` V."""
    P = model.nparts
    part = model.part_pick[who * model.nchoice + both[who, 0, 0], model.h0] // model.block
    values = V[model.diagonal_starts[0] + who].reshape(-1, P)[model.h0 // model.block]
    return float(values[0] + (values[part] if part else 0.0))
