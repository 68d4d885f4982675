"""One table against several in the full layout, all pairs in one backward pass (a row of a
tournament), with the first table's reads picked once for the whole row: :func:`row_backward`.

Table A sits in seat 0 of every pair and B_1..B_K in seat 1. A plays every seat 0 cell, so those
cells read the same rows of W in all K pairs: with W laid out ``[nblock, G, K, block]`` one read
of a row gives the K pairs' blocks side by side. The seat 1 cells read each pair's own chunks,
gathered for all K pairs at once as rows ``row * K + k`` of the same W.
"""

from __future__ import annotations

import numpy as np

from hogkit.exact.model import CHUNK, Model, aligned_zeros
from hogkit.exact.reads import CellReads, cell_reads, pair_reads

# the most bytes one row's batch of pairs should take (W and the seat 1 reads grow with it)
ROW_BYTES = 64 << 20


def row_batch(model: Model) -> int:
    """How many pairs :func:`row_backward` should take at once: as many as fit ROW_BYTES, by
    each pair's own W, its seat 1 reads and its states' places among the sums."""
    reads = pair_reads(model)
    per_chunk = 2 * CHUNK * 8  # a read's row and its chance, 8 bytes each
    per_pair = (model.nblock * (model.goal ** 2 + 2) * model.block * 8
                + int(reads.chunks.mean()) * len(model.all_who) // 2 * per_chunk
                + len(model.all_who) * model.nh * 8 * (3 if len(model.layers) > 1 else 1))
    return max(1, ROW_BYTES // per_pair)


def row_backward(model: Model, cols_a: np.ndarray, cols_b: np.ndarray) -> np.ndarray:
    """Backward induction for table A (choice columns ``[goal * goal]``) in seat 0 against each
    table B (``[K, goal * goal]``) in seat 1. Returns W ``[nblock, G, K, block]``
    as :func:`hogkit.exact.batch.backward` does, each pair's values those of
    :func:`hogkit.exact.pair.pair_backward`.

    A diagonal's parts' sums sit in one array: seat 0's ``[parts, K, block]``, then seat 1's
    ``[parts of all pairs, block]``. Each state of each pair is pointed at its sum before the loop
    (a Pork Chop state at the sum its target state picks, as in the one-pair path), so a diagonal
    takes the same few array operations whatever K is."""
    C, K, starts = model.nchoice, len(cols_b), model.diagonal_starts
    reads, who = pair_reads(model), model.all_who
    seat0, seat1 = np.nonzero(who == 0)[0], np.nonzero(who == 1)[0]
    cols = np.empty((len(who), K), dtype=np.int64)
    cols[seat0] = cols_a[model.all_cell[seat0]][:, None]
    cols[seat1] = cols_b[:, model.all_cell[seat1]].T
    entry = np.arange(len(who))[:, None] * C + cols
    half = np.diff(starts) // 2  # each diagonal: seat 0's cells, then as many of seat 1's
    first = np.append(0, np.cumsum(half))  # each diagonal's first cell among one seat's cells
    # seat 1's cells of all pairs in the order the loop reads them: by diagonal, then pair, then cell
    d1 = np.repeat(np.arange(len(half)), half)
    slot = K * first[d1] + np.arange(K)[:, None] * half[d1] + (np.arange(len(seat1)) - first[d1])  # [K, cells]
    order = np.empty(slot.size, dtype=np.int64)
    order[slot.ravel()] = np.arange(slot.size)
    own, theirs = cell_reads(reads, entry[seat0, 0], first), cell_reads(reads, entry[seat1].T.ravel()[order], K * first)
    index = theirs.index  # each pair's rows among the K side by side
    index *= K
    index += np.repeat(order // len(seat1), np.diff(theirs.cell_first, append=len(index)))[:, None]
    pick = _pick(model, own, theirs, cols, entry, slot)
    return _run(model, own, theirs, pick)


def _pick(model: Model, own: CellReads, theirs: CellReads, cols: np.ndarray, entry: np.ndarray,
          slot: np.ndarray) -> np.ndarray:
    """Each state's sum ``[cells, K, H]`` among its diagonal's sums (see :func:`row_backward`)."""
    C, H, block, K = model.nchoice, model.nh, model.block, cols.shape[1]
    who, starts = model.all_who, model.diagonal_starts
    seat0, seat1 = np.nonzero(who == 0)[0], np.nonzero(who == 1)[0]
    own_parts = np.diff(own.diag_part)
    base = np.empty(cols.shape, dtype=np.int64)  # where each cell's first part starts, pair by pair
    d0 = np.repeat(np.arange(len(own_parts)), np.diff(starts) // 2)
    base[seat0] = ((own.part_first - own.diag_part[d0]) * (K * block))[:, None] + np.arange(K) * block
    d1 = np.repeat(np.arange(len(own_parts)), K * np.diff(starts) // 2)  # each seat 1 (cell, pair)'s diagonal
    base[seat1] = ((own_parts[d1] * K + theirs.part_first - theirs.diag_part[d1]) * block)[slot].T
    # a hidden state's place among its cell's sums, by seat and choice: seat 0's parts are K * block apart
    part, inner = np.divmod(model.part_pick.reshape(2, C, H), block)
    offset = (part * np.array([K * block, block])[:, None, None] + inner).reshape(2 * C, H)
    pick = np.take(offset, who[:, None] * C + cols, axis=0)
    pick += base[:, :, None]
    if len(model.layers) > 1:  # most chops used first
        reads, state_at = pair_reads(model), model.state_places[1]
        picked = np.take(model.part_pick, who[:, None] * C + cols, axis=0)
        chops = picked // block == reads.chop_part[entry][:, :, None]
        target = state_at[reads.chop_row[entry][:, :, None] * block + picked % block]  # the state [cell, h]
        target = (target // H * K + np.arange(K)[:, None]) * H + target % H  # ... of the same pair
        for layer in model.layers[1:]:
            now = chops & (model.hlayer == layer)
            pick[now] = pick.ravel()[target[now]]
    return pick


def _run(model: Model, own: CellReads, theirs: CellReads, pick: np.ndarray) -> np.ndarray:
    """The loop over the diagonals, highest sum first, with the reads of :func:`row_backward`."""
    g, block, starts, K = model.goal, model.block, model.diagonal_starts, pick.shape[1]
    W = aligned_zeros((model.nblock, g * g + 2, K, block))
    W[:, g * g] = 1.0
    flat, wide, rows = W.reshape(-1), W.reshape(-1, K * block), W.reshape(-1, block)
    row, inner = np.divmod(model.state_places[0], block)
    places = (row * (K * block) + inner)[:, None, :]  # each state's place in W for the first pair ...
    pair = np.arange(K)[:, None] * block  # ... and how far on each pair's is
    size = (np.diff(own.diag_part) * K + np.diff(theirs.diag_part)) * block
    sums = np.empty(int(size.max()))
    for total in range(2 * g - 2, -1, -1):
        p0, p1 = own.diag_part[total], own.diag_part[total + 1]
        c0, c1 = own.diag_chunk[total], own.diag_chunk[total + 1]
        n0 = (p1 - p0) * K * block
        terms = np.matmul(own.probs[c0:c1, None, :], np.take(wide, own.index[c0:c1], axis=0))
        shared = sums[:n0].reshape(-1, K * block)
        np.add.reduceat(terms[:, 0], own.part_chunk[p0:p1], axis=0, out=shared)
        shared += own.wins[p0:p1, None]
        q0, q1 = theirs.diag_part[total], theirs.diag_part[total + 1]
        c0, c1 = theirs.diag_chunk[total], theirs.diag_chunk[total + 1]
        each = sums[n0:n0 + (q1 - q0) * block].reshape(-1, block)
        if block == 1:  # the sums run over single outcomes
            terms = np.take(flat, theirs.index[c0:c1])
            terms *= theirs.probs[c0:c1]
            np.add.reduceat(terms.ravel(), theirs.part_chunk[q0:q1] * CHUNK, out=each[:, 0])
        else:
            terms = np.matmul(theirs.probs[c0:c1, None, :], np.take(rows, theirs.index[c0:c1], axis=0))
            np.add.reduceat(terms[:, 0], theirs.part_chunk[q0:q1], axis=0, out=each)
        each += theirs.wins[q0:q1, None]
        a, b = starts[total], starts[total + 1]
        flat[places[a:b] + pair] = np.take(sums, pick[a:b])
    return W
