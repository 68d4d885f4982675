"""One pair of tables in the full layout (a value for every hidden state): backward induction
from the reads planned once per model (:mod:`hogkit.exact.reads`)."""

from __future__ import annotations

import numpy as np

from hogkit.exact.model import CHUNK, Model, aligned_zeros
from hogkit.exact.reads import cell_reads, pair_reads


def pair_backward(model: Model, both: np.ndarray) -> np.ndarray:
    """:func:`hogkit.exact.batch.backward` for one pair of tables (columns ``[who, mover, opp]``). The
    reads of every cell's choice are taken from :func:`hogkit.exact.reads.pair_reads` for all
    diagonals at once, so each diagonal then takes a handful of array operations on its own
    stretch of them.

    A Pork Chop leads to a state of the same diagonal with one more chop used, so before the
    loop each state that chops is pointed at the sum its target state picks (most chops used
    first): each diagonal then stores all of its states at once."""
    g, C, block = model.goal, model.nchoice, model.block
    G = g * g + 2
    W = aligned_zeros((model.nblock, G, 1, block))
    W[:, g * g] = 1.0
    reads, starts = pair_reads(model), model.diagonal_starts
    cols = np.take(both, model.all_seat_cell)
    entry = np.arange(len(cols)) * C + cols
    laid = cell_reads(reads, entry, starts)
    index, probs, diag_chunk, diag_part, part_chunk = (laid.index, laid.probs, laid.diag_chunk, laid.diag_part,
                                                       laid.part_chunk)
    wins = laid.wins  # what each part's turn adds by a player 0 win
    if block > 1:
        wins = np.repeat(wins, block).reshape(-1, block)
    picked = np.take(model.part_pick, model.all_who * C + cols, axis=0)  # [cells, H]
    pick = picked + (laid.part_first * block)[:, None]  # each state's sum among all the pair's sums
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
