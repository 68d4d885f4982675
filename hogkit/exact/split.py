"""The general layout split in halves: where the hidden state is the mover's half and the
opponent's (:meth:`hogkit.turn.Turn.halves`: each player remembers the dice or the points of
their own last turn), a pair of tables keeps one value per (seat, cell, opponent's half, class)
instead of one per hidden state.

Under a table each cell's mover makes one choice. The mover's half matters to the turn only
through its class under that choice (the halves that give the same dice, bonus and extra turn),
since the turn overwrites it; the opponent's half only through the next state, where it is the
next mover's own half. So the turn of a class reads, for each outcome, one row of the next state
(its cell and the half the turn leaves: the dice or points just made), and the opponent's half
only decides which class of that row counts: the one it falls in under the next mover's choice.
A turn's reads are summed by that choice, and one small product a diagonal turns the sums into
every opponent's half's value (:func:`split_values`). The reads are worked out once per model
(:class:`SplitModel`), CHUNK at a time, as the fast layouts do theirs.

Values ``F[place, half, q]``: a place is a seat and a cell (as its mover sees it), in the order a
pair takes them (:meth:`SplitModel._plan_places`), then a game player 0 has won (worth 1) and one
player 1 has won (worth 0), which the outcomes that end the game read; ``half`` is the opponent's
half; ``q = 0`` holds the value of class 0 and ``q > 0`` how much more class q is worth. An
outcome that earns an extra turn reads the same player's place with the opponent's half kept, so
it reads every half (few outcomes do).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from hogkit.errors import HogkitError
from hogkit.exact.general import GeneralModel, general_backward, general_pair_start, targets_of

CHUNK = 8  # reads a chunk: a pair picks its reads a chunk at a time
CELLS = 512  # cells planned at a time (bounds the plan's temporaries)


@dataclass(frozen=True)
class Halves:
    """The hidden states as halves: ``own[h]`` and ``opp[h]`` (numbers below ``size``) and
    ``state[opp, own]``; ``cls[own, c]``, the class of a mover's half under choice column c
    (halves alike in dice, bonus and extra turn), and ``rep[c, k]`` a half of class k
    (classes past a choice's last repeat its first); ``count[c]`` the classes of each choice."""

    own: np.ndarray
    opp: np.ndarray
    state: np.ndarray
    cls: np.ndarray
    rep: np.ndarray
    count: np.ndarray

    @property
    def size(self) -> int:
        """How many values a half takes."""
        return len(self.state)

    @property
    def classes(self) -> int:
        """The most classes of any choice."""
        return int(self.count.max())


def halves_of(model: GeneralModel) -> Halves | None:
    """MODEL's hidden states as halves, where the turn statement splits them
    (:meth:`hogkit.turn.Turn.halves`) and no turn reads a value of its own diagonal; else None."""
    places = model.turn.halves()
    if places is None or model.still:
        return None
    sizes = model.turn.sizes()
    own_places, opp_places = places
    views = np.array([[int(v) for v in view] for view in model.hidden], dtype=np.int64)

    def number(slots: tuple[int, ...]) -> np.ndarray:
        found = np.zeros(len(views), dtype=np.int64)
        for i in slots:
            found = found * sizes[i] + views[:, i]
        return found

    own, opp = number(own_places), number(opp_places)
    size = math.prod(sizes[i] for i in own_places)
    state = np.full((size, size), -1, dtype=np.int64)
    state[opp, own] = np.arange(model.nh)
    same = state[0, own]  # the state with the same own half and the opponent's half 0
    memory = model.memory
    if (model.nh != size * size or (state < 0).any()
            or not all((table == table[same]).all() for table in (model.rolls, model.bonus, model.extra_h))
            or not (opp[memory] == opp[:, None, None, None]).all() or not (own[memory] == own[memory[:1]]).all()):
        raise HogkitError(f"{model.variant.name}: the hidden state does not split as hogkit.turn says",
                          "report this: Turn.halves and the general layout disagree")
    C = len(model.choices)
    cls = np.zeros((size, C), dtype=np.int64)
    reps: list[list[int]] = []
    for c in range(C):
        seen: dict[tuple[int, int, bool], int] = {}
        firsts: list[int] = []
        for m in range(size):
            h = state[0, m]
            key = (int(model.rolls[h, c]), int(model.bonus[h, c]), bool(model.extra_h[h, c]))
            if key not in seen:
                seen[key] = len(seen)
                firsts.append(m)
            cls[m, c] = seen[key]
        reps.append(firsts)
    count = np.array([len(r) for r in reps])
    rep = np.array([r + [r[0]] * (count.max() - len(r)) for r in reps], dtype=np.int64)
    return Halves(own, opp, state, cls, rep, count)


class SplitModel:
    """The reads of every class of every choice of every cell, worked out once per model.

    An entry is ``(cell * C + c) * K + k`` (K the most classes of a choice; an entry past its
    choice's classes reads nothing). Its reads, CHUNK at a time (each entry has at least one
    chunk): ``index[seat, chunk]``, for a reader of that seat, each read's ``place * size +
    half`` in F (the next state's place, and the half the turn leaves, which its mover sees as
    the opponent's; an outcome that ends the game reads the place of that end), and
    ``chances[chance[chunk]]`` their chances (``[CHUNK]``); ``first[entry]`` is where the entry's
    chunks start. The reads that earn an extra turn are listed apart from ``extra_first[entry]``:
    the cell, the half the turn leaves and the chance."""

    def __init__(self, model: GeneralModel, halves: Halves) -> None:
        self.model, self.halves = model, halves
        self.goal, self.size, self.classes = model.goal, halves.size, halves.classes
        self.nchoice = len(model.choices)
        self._plan_places()
        G2 = self.goal ** 2
        self._chance_of: dict[bytes, int] = {}  # each distinct row of chances, numbered as met
        parts = [self._plan(np.arange(a, min(a + CELLS, G2))) for a in range(0, G2, CELLS)]
        index, chance, chunks, extra_count, extra = (list(p) for p in zip(*parts, strict=True))
        del parts
        self.index = np.empty((2, sum(len(found[0]) for found in index), CHUNK), dtype=np.int32)
        done = 0
        while index:  # each part copied in and let go, so that the parts and the whole are not all kept
            found = index.pop(0)
            self.index[:, done:done + len(found[0])] = found
            done += len(found[0])
        self.chance = np.concatenate(chance)
        self.chances = np.frombuffer(b"".join(self._chance_of), dtype=np.float64).reshape(-1, CHUNK)
        del self._chance_of
        self.first = np.concatenate([[0], np.cumsum(np.concatenate(chunks))])
        self.extra_first = np.concatenate([[0], np.cumsum(np.concatenate(extra_count))])
        self.extra_cell, self.extra_half, self.extra_prob = (np.concatenate(column)
                                                             for column in zip(*extra, strict=True))
        self.has_extra = len(self.extra_prob) > 0
        self._plan_spread()

    def _plan_places(self) -> None:
        """The order a pair takes its places (a seat and a cell) in: by the sum of the scores
        (the loop walks it from the highest), in each sum seat 0's cells, then seat 1's, each by
        the mover's score; ``place[seat, cell]``; where each sum's places start (one more at the
        end); and the places of the two ends of the game (``won``: player 0 won; ``lost``)."""
        g = self.goal
        mover, opp = np.divmod(np.arange(g * g), g)
        by_sum = np.argsort(mover + opp, kind="stable")
        starts = np.searchsorted((mover + opp)[by_sum], np.arange(2 * g))
        order_cell, order_seat = [], []
        for a, b in zip(starts[:-1], starts[1:], strict=True):
            order_cell += [by_sum[a:b], by_sum[a:b]]
            order_seat += [np.zeros(b - a, dtype=np.int64), np.ones(b - a, dtype=np.int64)]
        self.order_cell, self.order_seat = np.concatenate(order_cell), np.concatenate(order_seat)
        self.place = np.empty((2, g * g), dtype=np.int64)
        self.place[self.order_seat, self.order_cell] = np.arange(2 * g * g)
        self.diagonal_starts = 2 * starts
        self.won, self.lost = 2 * g * g, 2 * g * g + 1

    def _plan(self, cells: np.ndarray) -> tuple:
        """The reads of the entries of CELLS (see the class's docstring): their places in F for a
        reader of each seat, the number of each chunk's row of chances, each entry's count of
        chunks, and the reads that earn an extra turn (each entry's count, then the reads)."""
        C, K, S = self.nchoice, self.classes, self.size
        found = [self._choice_reads(cells, c) for c in range(C)]  # a choice at a time: its rows' width
        count = sum(np.bincount(reads[0], minlength=len(cells) * C * K) for reads, _ in found)
        chunks = np.maximum(1, -(-count // CHUNK))
        start = np.cumsum(chunks) - chunks
        index = np.full((2, chunks.sum() * CHUNK), self.lost * S, dtype=np.int32)  # padding reads a place worth 0
        rows = np.zeros(chunks.sum() * CHUNK)
        for (entry, place0, place1, prob), _ in found:  # an entry's reads all come from its choice's, in order
            new = np.flatnonzero(np.diff(entry, prepend=-1))  # each entry's first read
            where = start[entry] * CHUNK + np.arange(len(entry)) - np.repeat(new, np.diff(new, append=len(entry)))
            index[0, where], index[1, where], rows[where] = place0, place1, prob
        rows = rows.reshape(-1, CHUNK)
        _, first, inverse = np.unique(rows.view(f"V{CHUNK * 8}").ravel(), return_index=True, return_inverse=True)
        numbers = np.array([self._chance_of.setdefault(rows[i].tobytes(), len(self._chance_of)) for i in first])
        extra_entry, *extras = (np.concatenate(column) for column in zip(*(more for _, more in found), strict=True))
        order = np.argsort(extra_entry, kind="stable")
        extra_count = np.bincount(extra_entry, minlength=len(count))
        return (index.reshape(2, -1, CHUNK), numbers[inverse].astype(np.int32), chunks, extra_count,
                tuple(column[order] for column in extras))

    def _choice_reads(self, cells: np.ndarray, c: int) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]]:
        """The reads of choice column C's entries in CELLS, by entry (numbered from the first
        cell's first entry): the turns handed over (each read's entry, place in F for a reader of
        seat 0 and of seat 1, and chance), then the game won by the mover and by the opponent
        (where they can be); and the reads that earn an extra turn (entry, cell, half, chance)."""
        model, halves = self.model, self.halves
        C, K, S, G2, H = self.nchoice, self.classes, self.size, self.goal ** 2, model.nh
        cell, k = (a.ravel() for a in np.meshgrid(cells, np.arange(K), indexing="ij"))
        number = ((cell - cells[0]) * C + c) * K + k
        h = halves.state[0, halves.rep[c, k]]
        row, target = targets_of(model, np.zeros(len(cell), dtype=np.int64), h, cell, np.full(len(cell), c),
                                 trim=True)
        prob = np.where((k < halves.count[c])[:, None], model.probs[row][:, :target.shape[1]], 0.0)
        inside = target < model.size
        safe = np.where(inside, target, 0)
        seat, h_next = np.divmod(safe // G2, H)
        cell_next = safe % G2
        live = inside & (prob > 0)
        handed = live & (seat == 1)
        extra = live & (seat == 0)
        if (halves.own[h_next][handed] != 0).any() or (halves.opp[h_next][extra] != 0).any():
            raise HogkitError(f"{model.variant.name}: a turn does not carry the opponent's half over",
                              "report this: Turn.halves and the general layout disagree")
        # each outcome handed over, then the game won by the mover and by the opponent: a column each
        chances = np.hstack([np.where(handed, prob, 0.0), (prob * (target == model.size)).sum(axis=1)[:, None],
                             (prob * (target == model.size + 1)).sum(axis=1)[:, None]])
        entry, at = np.nonzero(chances)
        handed_at = np.minimum(at, target.shape[1] - 1)
        read = self.place[:, cell_next[entry, handed_at]] * S + halves.opp[h_next[entry, handed_at]]
        ends = at - target.shape[1]  # 0: the mover won, 1: the opponent won
        places = [np.where(ends < 0, read[1 - s], np.where(ends == s, self.won, self.lost) * S) for s in (0, 1)]
        reads = (number[entry], *places, chances[entry, at])
        entry, at = np.nonzero(extra)
        return reads, (number[entry], cell_next[entry, at], halves.own[h_next[entry, at]], prob[entry, at])

    def _plan_spread(self) -> None:
        """The product that turns one place's sums ``[class, term]`` into its row of F ``[half, q]``
        (``spread``), and its first step, each term's count for each half (``counts``): term 0
        (the sum of the class-0 values read) counts for every half, term ``1 + c * (K - 1) + q - 1``
        (what class q added, where the next mover's choice column was c) for the halves of class
        q under c."""
        C, K, S = self.nchoice, self.classes, self.size
        terms = 1 + C * (K - 1)
        counts = np.zeros((terms, S))
        counts[0] = 1.0
        for q in range(1, K):
            counts[1 + np.arange(C) * (K - 1) + q - 1] = (self.halves.cls.T == q)
        spread = np.zeros((K, terms, S, K))
        spread[0, :, :, 0] = counts
        for q in range(1, K):
            spread[q, :, :, q] += counts
            spread[0, :, :, q] -= counts
        self.spread = spread.reshape(K * terms, S * K)
        self.counts = counts


def _gather(split: SplitModel, entry: np.ndarray, seat: np.ndarray) -> tuple[np.ndarray, ...]:
    """The reads of the entries ENTRY for readers of SEAT (one a entry): each entry's count of
    chunks and first chunk among them, and the chunks' reads (``place * size + half``, as
    stored: NumPy widens a diagonal's at a time) and chances (``[chunks, CHUNK]``)."""
    chunks = split.first[entry + 1] - split.first[entry]
    begin = np.cumsum(chunks) - chunks
    take = np.repeat(split.first[entry] - begin, chunks) + np.arange(chunks.sum())
    probs = np.take(split.chances, np.take(split.chance, take), axis=0)
    take += np.repeat(seat * len(split.chance), chunks)
    index = np.take(split.index.reshape(-1, CHUNK), take, axis=0)
    return chunks, begin, index, probs


def split_values(split: SplitModel, both: np.ndarray) -> np.ndarray:
    """Backward induction for one pair of tables (choice columns ``[seat, mover, opponent]``):
    the values ``F`` of the module's docstring, ``[places, size, K]``.

    A diagonal takes one gather of the values its reads read (each read's half's classes side by
    side), one product with their chances, a sum of the class-0 values by entry, a sum of what
    each class q > 0 adds by entry and the next mover's choice, and one product with ``spread``,
    written straight into F."""
    g, C, K, S = split.goal, split.nchoice, split.classes, split.size
    G2, T = g * g, 1 + C * (K - 1)
    cols = both.reshape(2 * G2)[split.order_seat * G2 + split.order_cell]  # each place's choice column
    entry = (((split.order_cell * C + cols) * K)[:, None] + np.arange(K)).ravel()  # places' classes
    seat = np.repeat(split.order_seat, K)
    chunks, begin, index, probs = _gather(split, entry, seat)
    starts = split.diagonal_starts.tolist()
    entry_starts = [K * a for a in starts]
    chunk_starts = np.append(begin, len(index))[entry_starts].tolist()
    firsts = (begin - np.repeat(chunk_starts[:-1], np.diff(entry_starts))) * CHUNK  # from its diagonal's first read
    if K > 1:  # a read's term among its diagonal's [entry, term - 1]: its place's choice, and its entry's offset
        place_terms = np.repeat(np.append(cols, [0, 0]) * (K - 1), S)
        local = np.arange(len(entry)) - np.repeat(entry_starts[:-1], np.diff(entry_starts))
        offsets = np.repeat(local * (C * (K - 1)), chunks)[:, None]
    F = np.zeros((2 * G2 + 2, S, K))
    F[split.won, :, 0] = 1.0
    out = F.reshape(len(F), S * K)
    # two classes: a read's pair of values as one complex number, which a real chance scales whole
    values = F.reshape(-1).view(np.complex128) if K == 2 else F.reshape(-1, K)
    chances = probs if K == 2 else probs[..., None]
    for d in range(2 * g - 2, -1, -1):
        c0, c1 = chunk_starts[d], chunk_starts[d + 1]
        e0, e1 = entry_starts[d], entry_starts[d + 1]
        reads = index[c0:c1]
        read = np.take(values, reads, axis=0)
        read *= chances[c0:c1]
        read = read.view(np.float64).reshape(c1 - c0, CHUNK, K)
        sums = np.empty((e1 - e0, T))
        sums[:, 0] = np.add.reduceat(read[..., 0].reshape(-1), firsts[e0:e1])
        if K > 1:  # what class q adds, summed by entry and the next mover's choice
            terms = np.take(place_terms, reads)
            terms += offsets[c0:c1]
            if K > 2:
                terms = terms[..., None] + np.arange(K - 1)
            sums[:, 1:] = np.bincount(terms.ravel(), weights=read[..., 1:].ravel(),
                                      minlength=(e1 - e0) * (T - 1)).reshape(e1 - e0, T - 1)
        a, b = starts[d], starts[d + 1]
        if split.has_extra:
            out[a:b] = _with_extras(split, F, sums, cols, entry[e0:e1], seat[e0:e1])
        else:
            np.dot(sums.reshape(b - a, K * T), split.spread, out=out[a:b])
    return F


def _with_extras(split: SplitModel, F: np.ndarray, sums: np.ndarray, cols: np.ndarray, entry: np.ndarray,
                 seat: np.ndarray) -> np.ndarray:
    """The rows of F for a diagonal's places from their SUMS ``[entries, terms]`` where some
    outcomes earn an extra turn: each such outcome adds, for every opponent's half, the value
    of the same player's next state with that half kept. COLS: each place's choice column."""
    K, S = split.classes, split.size
    values = (sums @ split.counts).reshape(-1, K, S)  # each class's value, by the opponent's half
    count = split.extra_first[entry + 1] - split.extra_first[entry]
    if count.any():
        owner = np.repeat(np.arange(len(entry)), count)
        at = np.repeat(split.extra_first[entry] - (np.cumsum(count) - count), count) + np.arange(count.sum())
        place = split.place[seat[owner], split.extra_cell[at]]
        q = split.halves.cls[split.extra_half[at], cols[place]]
        read = F[place]  # [reads, S, K]
        worth = read[:, :, 0] + np.where(q[:, None] > 0, read[np.arange(len(q)), :, q], 0.0)
        np.add.at(values.reshape(-1, S), owner, worth * split.extra_prob[at][:, None])
    values[:, 1:] -= values[:, :1]
    return values.transpose(0, 2, 1).reshape(-1, S * K)


def split_start(split: SplitModel, F: np.ndarray, both: np.ndarray, *, seat: int) -> float:
    """P(player 0 wins) from the start of the game, player SEAT to move, from :func:`split_values`."""
    halves, model = split.halves, split.model
    own, opp = halves.own[model.h0], halves.opp[model.h0]
    q = halves.cls[own, both[seat, 0, 0]]
    row = F[split.place[seat, 0], opp]
    return float(row[0] + (row[q] if q else 0.0))


def split_model(model: GeneralModel) -> SplitModel | None:
    """MODEL's :class:`SplitModel` (made once and kept with it), or None where its hidden state
    does not split."""
    def make() -> SplitModel | None:
        halves = halves_of(model)
        return SplitModel(model, halves) if halves is not None else None
    return model.derived("split", make)


def split_pair_start(split: SplitModel, both: np.ndarray, *, seats: tuple[int, ...]) -> list[float]:
    """P(player 0 wins) from the start with the player in each of SEATS to move first, for one
    pair of tables given as choice columns BOTH (``[seat, mover, opponent]``)."""
    F = split_values(split, both)
    return [split_start(split, F, both, seat=seat) for seat in seats]


def split_backward(split: SplitModel, fixed: dict[int, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """:func:`hogkit.exact.general.general_backward` in halves: the player of each seat in FIXED
    (seat -> choice columns of a ``[goal, goal]`` table) plays that table, every other seat plays
    best seeing every hidden state (player 0 makes P(player 0 wins) as large as it can be, player
    1 as small; ties go to the fewest dice). Returns the values and choices as that function does.

    A free mover's choice depends on both halves, so here every state keeps its own value
    (``V[place, opponent's half, own half]``); the work still goes by class: a choice's class
    reads a row of the next state once for every opponent's half."""
    g, C, K, S = split.goal, split.nchoice, split.classes, split.size
    G2, cls = g * g, split.halves.cls
    V = np.zeros((2 * G2 + 2, S, S))
    V[split.won] = 1.0
    best = np.zeros((2 * G2, S, S), dtype=np.int8)  # a choice column (fewer than 128)
    tables = {seat: columns.reshape(G2) for seat, columns in fixed.items()}
    starts = split.diagonal_starts
    for d in range(2 * g - 2, -1, -1):
        n = (starts[d + 1] - starts[d]) // 2
        for seat in (0, 1):
            first = starts[d] + seat * n
            cells = split.order_cell[first:first + n]
            choices = tables[seat][cells][:, None] if seat in tables else np.tile(np.arange(C), (n, 1))
            entry = (((cells[:, None] * C + choices) * K)[..., None] + np.arange(K)).ravel()
            by_class = _class_values(split, V, seat, entry).reshape(n, -1, K, S)
            # each state's value [cell, choice, own half, opponent's half]: its own half's class
            worth = np.take_along_axis(by_class, cls.T[choices][..., None], axis=2)
            signed = worth if seat == 0 else -worth
            pick = np.argmax(signed >= signed.max(axis=1, keepdims=True) - 1e-12, axis=1)
            V[first:first + n] = np.take_along_axis(worth, pick[:, None], axis=1)[:, 0].transpose(0, 2, 1)
            best[first:first + n] = np.take_along_axis(choices, pick.reshape(n, -1), axis=1).reshape(
                n, S, S).transpose(0, 2, 1)
    # as the general layout keeps them, [seat, hidden state, cell] then the two ends of the game, a
    # seat at a time (so that no more than a seat's copy is made)
    H, state = split.model.nh, split.halves.opp * S + split.halves.own
    values = np.empty(2 * H * G2 + 2)
    values[-2:] = 1.0, 0.0
    chosen = np.empty((2, H, G2), dtype=best.dtype)
    for seat in (0, 1):
        here = split.place[seat]
        np.take(V.reshape(len(V), S * S)[here].T, state, axis=0, mode="clip",
                out=values[seat * H * G2:(seat + 1) * H * G2].reshape(H, G2))
        np.take(best.reshape(len(best), S * S)[here].T, state, axis=0, mode="clip", out=chosen[seat])
    return values, chosen.reshape(2 * H, g, g)


def _class_values(split: SplitModel, V: np.ndarray, seat: int, entry: np.ndarray) -> np.ndarray:
    """The value of each of ENTRY (classes of a choice of a cell of SEAT's mover) for every
    opponent's half ``[entries, size]``, from the values V of :func:`split_backward`."""
    S = split.size
    chunks, begin, index, probs = _gather(split, entry, np.full(len(entry), seat))
    read = np.take(V.reshape(-1, S), index, axis=0)  # [chunks, CHUNK, own half]: the next mover's own half
    found = np.add.reduceat(np.matmul(probs[:, None, :], read)[:, 0], begin, axis=0)
    count = split.extra_first[entry + 1] - split.extra_first[entry]
    if count.any():  # an extra turn: the same mover, the turn's half its own, the opponent's kept
        owner = np.repeat(np.arange(len(entry)), count)
        at = np.repeat(split.extra_first[entry] - (np.cumsum(count) - count), count) + np.arange(count.sum())
        worth = V[split.place[seat, split.extra_cell[at]], :, split.extra_half[at]]
        np.add.at(found, owner, worth * split.extra_prob[at][:, None])
    return found


def best_play(model: GeneralModel, fixed: dict[int, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """:func:`hogkit.exact.general.general_backward`, in halves where the model splits."""
    split = split_model(model)
    return general_backward(model, fixed) if split is None else split_backward(split, fixed)


def pair_start(model: GeneralModel, both: np.ndarray, *, seats: tuple[int, ...]) -> list[float]:
    """P(player 0 wins) from the start with the player in each of SEATS to move first, for one pair
    of tables given as choice columns BOTH, in halves where the model splits."""
    split = split_model(model)
    return general_pair_start(model, both, seats=seats) if split is None else split_pair_start(split, both, seats=seats)
