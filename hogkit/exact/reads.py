"""The reads the pair path plans once per model: for every choice of every cell, which rows of W
its outcomes read, CHUNK at a time, with which chances; and the picking of one pair's reads from
them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from hogkit.exact.model import CHUNK, Model


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
    none) and ``chop_row`` the W row it leads to."""

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


def pair_reads(model: Model) -> PairReads:
    """The reads of every plan entry (cell and choice) for :func:`hogkit.exact.pair.pair_backward`
    and the solver's passes, worked out once, as they do not depend on the tables (made when
    first needed, a few thousand entries at a time so that no large temporary is made)."""
    return model.derived("pair_reads", lambda: _reads(model))


def _reads(model: Model) -> PairReads:
    """Every plan entry's reads (see :class:`PairReads`)."""
    P, G = model.nparts, model.goal ** 2 + 2
    entries, step = len(model.plans), 2048
    # filled a slice of entries at a time, into arrays sized for the most chunks there can be
    # (pages never written cost no memory) and cut to size at the end
    most = int(model.chunk_count[model.plans[..., 0]].sum()) + entries * P
    rows = model.nblock * G
    narrow = np.uint16 if rows <= np.iinfo(np.uint16).max + 1 else np.int32
    index, slot = np.empty((most, CHUNK), dtype=narrow), np.empty(most, dtype=np.int32)
    part_chunks, win = np.empty(entries * P, dtype=np.int64), np.empty(entries * P)
    done = 0
    for first in range(0, entries, step):
        parts = slice(first * P, min(first + step, entries) * P)
        chunk_index, chunk_slot, part_chunks[parts], win[parts] = _part_reads(model, slice(first, first + step))
        index[done:done + len(chunk_index)], slot[done:done + len(chunk_index)] = chunk_index, chunk_slot
        done += len(chunk_index)
    index.resize((done, CHUNK), refcheck=False)
    slot.resize(done, refcheck=False)
    # the chances of a chunk: its points row's chunk with the reads that end the game masked
    # out; only the few (chunk, mask) pairs in use get a row of the table
    present = np.zeros(len(model.chunk_probs) * 256 + 1, dtype=bool)
    present[slot] = True
    kept = np.nonzero(present[:-1])[0]
    bits = (kept[:, None] % 256 >> np.arange(CHUNK)) & 1
    chances = np.vstack([model.chunk_probs[kept // 256] * bits, np.zeros((1, CHUNK))])
    renumber = np.cumsum(present) - 1
    chance = renumber[slot].astype(np.int32)
    del present, renumber, slot
    part_chunks = part_chunks.reshape(-1, P)  # per entry and part
    chunks = part_chunks.sum(axis=1)
    row, base, blk = (model.plans[..., k] for k in range(3))
    is_chop = row == model.chop_row  # one part or none: chops share a key in _plan_parts
    chop_rows = blk * G + model.post_flat[base]
    return PairReads(index=index.reshape(-1, CHUNK), chance=chance, chances=chances, win=win.reshape(-1, P),
                     chunks=chunks, first=np.cumsum(chunks) - chunks,
                     part_offset=np.cumsum(part_chunks, axis=1) - part_chunks,
                     used=(row != model.dead_row).sum(axis=1),
                     chop_part=np.where(is_chop.any(axis=1), is_chop.argmax(axis=1), -1),
                     chop_row=np.where(is_chop, chop_rows, 0).sum(axis=1))


def _part_reads(model: Model, entries: slice) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The reads of the parts of the plan ENTRIES for :func:`pair_reads`, back to back: each
    chunk's reads (rows of W, ``[chunks, CHUNK]``) and
    chunk's points-row chunk and mask of the reads it keeps (``chunk * 256 + mask``), each
    part's count of chunks, and each part's chance of ending the game with a player 0 win.

    The outcomes that end the game are not read: a win for player 0 adds its chance to the
    part's ``win``, one for player 1 is worth 0. A chunk whose outcomes all end the game is
    left out, but a part in use keeps at least one chunk (its mask 0, worth 0)."""
    g, G = model.goal, model.goal ** 2 + 2
    row, base, blk = (model.plans[entries, :, k].ravel() for k in range(3))
    counts = model.chunk_count[row]
    owner = np.repeat(np.arange(row.size), counts)
    first = np.cumsum(counts) - counts
    chunk = np.arange(owner.size) + np.repeat(model.chunk_start[row] - first, counts)
    outcome = base[owner, None] + model.chunk_vals[chunk]  # [chunks, CHUNK]: places in post_flat
    live = _as_words(model.chunk_live)[chunk]
    after, end, loss = model.post_flat[outcome], g * g, blk * G + g * g + 1
    keep = _as_words(after < end) & live
    won = _as_words(after == end) & live
    ends = np.nonzero(won)[0]
    won = _as_bools(won[ends])
    win = np.bincount(owner[ends], weights=(model.chunk_probs[chunk[ends]] * won).sum(axis=1), minlength=row.size)
    mask = _bit_mask(keep)
    held = np.nonzero(mask)[0]
    kept = np.bincount(owner[held], minlength=row.size)  # each part's chunks that keep a read
    empty = (kept == 0) & (row != model.dead_row)  # a part in use that keeps no read keeps one chunk
    # each kept chunk's rows, and a row worth 0 where a read is masked out
    rows = blk[owner[held], None] * G + after[held]
    index = np.where(_as_bools(keep[held]), rows, loss[owner[held], None])
    slot = chunk[held] * 256 + mask[held]
    if not empty.any():
        return index, slot, kept, win
    part_chunks = kept + empty  # each kept chunk goes to its place among them all, part by part
    out_first = np.cumsum(part_chunks) - part_chunks
    dest = out_first[owner[held]] + np.arange(len(held)) - (np.cumsum(kept) - kept)[owner[held]]
    full = np.empty((int(part_chunks.sum()), CHUNK), dtype=index.dtype)
    full[out_first[empty]] = loss[empty, None]
    full[dest] = index
    full_slot = np.full(len(full), len(model.chunk_probs) * 256)
    full_slot[dest] = slot
    return full, full_slot, part_chunks, win


def _as_words(flags: np.ndarray) -> np.ndarray:
    """Each row of CHUNK (8) booleans as one 64-bit word (byte i is flag i), so that tests and
    gathers of whole rows cost one operation a row."""
    return np.ascontiguousarray(flags).view("<u8")[:, 0]


def _as_bools(words: np.ndarray) -> np.ndarray:
    """:func:`_as_words` back to rows of CHUNK booleans."""
    return words.view(np.bool_).reshape(-1, CHUNK)


# byte i of a word (0 or 1) times 2**(56 - 7i) lands on bit 56 + i; every other product of a
# byte and a term falls below bit 56 or past bit 63 on a bit of its own, so nothing carries
_GATHER_BITS = np.uint64(sum(1 << (56 - 7 * i) for i in range(CHUNK)))


def _bit_mask(words: np.ndarray) -> np.ndarray:
    """The flags of each :func:`_as_words` word as the bits of one byte (flag i is bit i),
    as ``np.packbits(..., bitorder="little")`` makes them."""
    return ((words * _GATHER_BITS) >> np.uint64(56)).astype(np.uint8)


def picked_reads(model: Model, both: np.ndarray, *, reads: PairReads | None = None) -> tuple[np.ndarray, ...]:
    """The reads of one pair's choices (columns ``[who, mover, opp]``) from READS (default:
    :func:`pair_reads`): each cell's choice column and plan entry (cells of all diagonals
    back to back), where its chunks start among the picked ones, the picked chunks' rows and
    chances (``[chunks, CHUNK]``), and where each diagonal's chunks start (one more at the end)."""
    reads = pair_reads(model) if reads is None else reads
    cols = np.take(both, model.all_seat_cell)
    entry = np.arange(len(cols)) * model.nchoice + cols
    cell_first, index, probs = gather_reads(reads, entry)
    diag_chunk = np.append(cell_first, len(index))[model.diagonal_starts]
    return cols, entry, cell_first, index, probs, diag_chunk


@dataclass(frozen=True)
class CellReads:
    """The reads of a run of cells' plan entries, laid out diagonal by diagonal (see
    :func:`cell_reads`): the chunks' rows and chances (``[chunks, CHUNK]``), where each cell's
    chunks and parts start, the parts in use back to back (each one's first chunk counted from
    its diagonal's first chunk, and its chance of a player 0 win), where each diagonal's chunks
    and parts start (one more at the end), and which parts of each cell are in use
    (``[cells, parts]``)."""

    index: np.ndarray
    probs: np.ndarray
    cell_first: np.ndarray
    part_first: np.ndarray
    part_chunk: np.ndarray
    wins: np.ndarray
    diag_chunk: np.ndarray
    diag_part: np.ndarray
    in_use: np.ndarray


def cell_reads(reads: PairReads, entry: np.ndarray, cell_starts: np.ndarray) -> CellReads:
    """The reads of the plan entries ENTRY (one a cell, the cells of diagonal d from
    ``cell_starts[d]``), as the loops over the diagonals read them."""
    cell_first, index, probs = gather_reads(reads, entry)
    used = reads.used[entry]
    part_first = np.cumsum(used) - used
    in_use = np.arange(reads.part_offset.shape[1]) < used[:, None]
    part_chunk = (cell_first[:, None] + np.take(reads.part_offset, entry, axis=0))[in_use]
    diag_chunk = np.append(cell_first, len(index))[cell_starts]
    diag_part = np.append(part_first, len(part_chunk))[cell_starts]
    part_chunk -= np.repeat(diag_chunk[:-1], np.diff(diag_part))  # from the diagonal's first chunk
    return CellReads(index, probs, cell_first, part_first, part_chunk, np.take(reads.win, entry, axis=0)[in_use],
                     diag_chunk, diag_part, in_use)


def gather_reads(reads: PairReads, entry: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The reads of the plan entries ENTRY, back to back: where each entry's chunks start among
    them, and the chunks' rows (as ``intp``, which NumPy indexes with fastest) and chances."""
    chunks = reads.chunks[entry]
    first = np.cumsum(chunks) - chunks
    take = np.repeat(reads.first[entry] - first, chunks) + np.arange(chunks.sum())
    return (first, np.take(reads.index, take, axis=0).astype(np.intp),
            np.take(reads.chances, np.take(reads.chance, take), axis=0))
