"""Backward induction for a batch of pairs side by side, choices picked as it goes (the solver's
full-information solve): :func:`backward`."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from hogkit.exact.model import Diagonal, Model, aligned_zeros

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
    W = aligned_zeros((model.nblock, g * g + 2, batch, block)) if keep is None else keep
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
