"""The compact layout (Feral Hogs): one value per (cell, outer hidden field, part) instead of
one per hidden state, when :attr:`hogkit.exact.model.Model.compact` holds; the maps its pair path
(:mod:`hogkit.exact.compact_pair`) and its reads (:mod:`hogkit.exact.reads`) use, each made once
per model.
"""

from __future__ import annotations

import numpy as np

from hogkit.exact.model import Model


def compact_rows(model: Model) -> np.ndarray:
    """For a compact model, the cell of :func:`hogkit.exact.compact_pair.compact_pair`'s V at each row
    (``block * G + cell``) of a W: the cells of all diagonals back to back, then one for each
    end of the game. V keeps ``outer`` rows a cell; the one a read needs is the choice made
    (the next mover's outer field), so :func:`hogkit.exact.reads.pair_reads` keeps only the cell."""
    return model.derived("compact_rows", lambda: _compact_rows(model))


def _compact_rows(model: Model) -> np.ndarray:
    g, G, outer = model.goal, model.goal ** 2 + 2, model.nh // model.block
    cells = len(model.all_who)
    place = np.empty((2, G), dtype=np.int64)
    place[model.all_who, model.all_cell] = np.arange(cells)
    place[:, g * g], place[:, g * g + 1] = cells, cells + 1
    return np.repeat(place, outer, axis=0).ravel()


def compact_post(model: Model) -> np.ndarray:
    """For a compact model, :func:`compact_rows` after ``post_flat``: the cell of V a
    turn's outcome leads to, for each next mover's seat (``seat * len(post_flat) + place``)."""
    return model.derived("compact_post", lambda: _compact_post(model))


def _compact_post(model: Model) -> np.ndarray:
    G, outer = model.goal ** 2 + 2, model.nh // model.block
    return np.concatenate([compact_rows(model)[seat * outer * G + model.post_flat] for seat in range(2)])


def compact_spread(model: Model) -> np.ndarray:
    """For a compact model, the map from one cell's sums by (part, term) of
    :func:`hogkit.exact.compact_pair.compact_pair` to its stored values ``[outer, P]``: the part-0 value, then how
    much each other part adds. Term 0 sums the next mover's part-0 values; term ``1 + nc *
    (P - 1) + q - 1`` sums what part q adds where the next mover's choice column is nc, which
    counts for the outer fields ``class_map`` puts in part q."""
    return model.derived("compact_spread", lambda: _compact_spread(model))


def _compact_spread(model: Model) -> np.ndarray:
    C, P, outer = model.nchoice, model.nparts, model.nh // model.block
    terms = np.vstack([np.ones((1, outer)), model.class_map[:, 1:].reshape(C * (P - 1), outer)])
    spread = np.zeros((P, len(terms), outer, P))
    spread[0, :, :, 0] = terms
    for q in range(1, P):
        spread[q, :, :, q] += terms
        spread[0, :, :, q] -= terms
    return spread.reshape(P * len(terms), outer * P)
