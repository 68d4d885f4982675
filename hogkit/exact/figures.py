"""Win rates and contest figures of tables: the way in for everyone else. One pair at a time,
in the split layout where the hidden state splits in halves, in the fast layout where the turn
fits it, in the general layout elsewhere; one table against many (a tournament's row) a batch of
pairs at a time in the fast layout."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from hogkit.exact.general import general_model
from hogkit.exact.model import Model, fits_fast_layout, model_for, start_values
from hogkit.exact.pair import pair_backward
from hogkit.exact.row import row_backward, row_batch
from hogkit.exact.split import pair_start
from hogkit.turn import turn_of
from hogkit.variant import Variant


def win_rates(variant: Variant, tables0, tables1, *, goal: int | None = None) -> np.ndarray:
    """P(player 0 wins) for each pair: player 0 plays ``tables0[i]``, player 1 ``tables1[i]``.

    Both are ``[batch, goal, goal]`` integer arrays (or one ``[goal, goal]`` table, broadcast).
    """
    return _start_values_by_seat(variant, tables0, tables1, goal=goal, seats=(0,))[:, 0]


def contest_figures(variant: Variant, tables_a, tables_b, *, goal: int | None = None) -> np.ndarray:
    """The contest figure of each ``tables_a[i]`` against ``tables_b[i]``: the average of A's
    win rates in both seats (shapes as in :func:`win_rates`).

    The values of one backward pass hold both seatings: P(A wins) from the start with A to move,
    and from the start with B to move (where B went first). The turn statement gives every rule
    the mover's view, never the seats (:mod:`hogkit.turn`), so one pass is enough.
    """
    starts = _start_values_by_seat(variant, tables_a, tables_b, goal=goal, seats=(0, 1))
    return (starts[:, 0] + starts[:, 1]) / 2


def _start_values_by_seat(variant: Variant, tables0, tables1, *, goal: int | None,
                          seats: tuple[int, ...]) -> np.ndarray:
    """P(player 0 wins) from the start of the game when the player in each of SEATS moves
    first: ``[batch, len(seats)]``."""
    if not pair_by_fast_layout(variant):  # the general layout, split in halves where the memory allows
        general = general_model(variant, variant.goal if goal is None else goal)
        t0, t1 = general.columns(tables0), general.columns(tables1)
        t0, t1 = np.broadcast_arrays(t0.reshape((-1,) + t0.shape[-2:]), t1.reshape((-1,) + t1.shape[-2:]))
        return np.array([pair_start(general, np.stack([a, b]), seats=seats) for a, b in zip(t0, t1, strict=True)])
    model = model_for(variant, goal)
    t0, t1 = model.columns(tables0), model.columns(tables1)
    t0, t1 = np.broadcast_arrays(t0.reshape((-1,) + t0.shape[-2:]), t1.reshape((-1,) + t1.shape[-2:]))
    both = np.stack([t0, t1], axis=1)  # [batch, who, mover, opp]

    return np.array([_pair_start_values(model, pair, seats=seats) for pair in both])


def _pair_start_values(model: Model, both: np.ndarray, *, seats: tuple[int, ...]) -> list[float]:
    """P(player 0 wins) from the start of the game when the player in each of SEATS moves
    first, for one pair of tables (columns ``[who, mover, opp]``).

    A pair at a time is the fast way for pairs of any tables: its reads are planned once per model
    (see :func:`hogkit.exact.reads.pair_reads`), which a batch of pairs whose choices differ cell by
    cell cannot share (bench/exact.py measures one pair against a batch through
    :func:`hogkit.exact.batch.backward`). Pairs that share their seat 0 table share that seat's
    reads: :func:`figures_against` takes them a batch at a time (:func:`hogkit.exact.row.row_backward`)."""
    W = pair_backward(model, both)
    return [float(start_values(model, W, who=who)[0]) for who in seats]


def pair_by_fast_layout(variant: Variant) -> bool:
    """Whether a pair of VARIANT's tables is counted in the fast layout: where the turn fits it and
    the hidden state does not split in halves (then the split layout, :mod:`hogkit.exact.split`,
    keeps fewer values)."""
    return fits_fast_layout(variant) and turn_of(variant).halves() is None


def win_rate(variant: Variant, table0, table1, *, goal: int | None = None) -> float:
    """P(player 0 wins) when player 0 plays TABLE0 and player 1 plays TABLE1."""
    return float(win_rates(variant, table0, table1, goal=goal)[0])


def contest_figure(variant: Variant, table_a, table_b, *, goal: int | None = None) -> float:
    """The contest figure of A against B: the average of A's win rates in both seats."""
    return float(contest_figures(variant, table_a, table_b, goal=goal)[0])


def figures_against(variant: Variant, table, others, *, goal: int | None = None) -> np.ndarray:
    """Contest figures of TABLE (one ``[goal, goal]`` table) against each of OTHERS (``[n, goal,
    goal]``), the same as :func:`contest_figures` gives pair by pair.

    In the fast layout the pairs go through :func:`hogkit.exact.row.row_backward` in batches of
    at most :func:`hogkit.exact.row.row_batch` (TABLE in seat 0: its reads are picked once a batch);
    elsewhere pair by pair."""
    if not pair_by_fast_layout(variant) or len(others) < 2:
        return contest_figures(variant, table, others, goal=goal)
    model, others = model_for(variant, goal), np.asarray(others)
    cols_a = model.columns(table).reshape(model.goal ** 2)
    cols_b = model.columns(others).reshape(len(others), model.goal ** 2)
    figures = []
    for batch in np.array_split(cols_b, -(-len(cols_b) // row_batch(model))):
        W = row_backward(model, cols_a, batch)
        figures.append((start_values(model, W, who=0) + start_values(model, W, who=1)) / 2)
    return np.concatenate(figures)


def table_array(strategy: Callable[[int, int], int], goal: int) -> np.ndarray:
    """The table of a strategy function as a ``[goal, goal]`` integer array."""
    return np.array([[strategy(s, o) for o in range(goal)] for s in range(goal)], dtype=np.int64)


def always(choice: int, goal: int) -> np.ndarray:
    """The table of ``always_roll(choice)``."""
    return np.full((goal, goal), choice, dtype=np.int64)
