"""A tournament's row (one table in seat 0 against many, :mod:`hogkit.exact.row`) gives every
pair the values the one-pair path gives it."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from graders.sample_entries import sample_tables
from hogkit.exact import contest_figure, figures_against, model_for, pair_backward
from hogkit.exact.figures import pair_by_fast_layout
from hogkit.exact.row import row_backward, row_batch
from hogkit.strategy_table import decode_table
from hogkit.variant import load_variant
from tests.conftest import fast_variant_names

FULL = [name for name in fast_variant_names() if pair_by_fast_layout(load_variant(name))]


def _tables(variant, rng, *, count: int) -> np.ndarray:
    """COUNT tables at the variant's goal: sample entries (the solved one first) and random
    tables, a third of them with the lowest choice (fa17's Pork Chop) in ten rows."""
    goal, legal = variant.goal, np.array(variant.legal_rolls)
    samples = [np.array(decode_table(rows)) for _, _, rows in itertools.islice(sample_tables(variant), 0, 40, 5)]
    randoms = [rng.choice(legal, size=(goal, goal)) for _ in range(count - len(samples))]
    for table in randoms[::3]:
        table[rng.integers(goal, size=10)] = legal.min()
    return np.stack(samples + randoms)[:count]


@pytest.mark.parametrize("name", FULL)
def test_row_figures_match_pairs(name):
    """figures_against (the tournament's rows) equals contest_figure pair by pair to 1e-12, for
    the sample entries and random tables, whichever table leads the row."""
    variant = load_variant(name)
    tables = _tables(variant, np.random.default_rng(3), count=12)
    assert (tables == min(variant.legal_rolls)).any()
    for first in (0, 5):
        others = np.delete(tables, first, axis=0)
        row = figures_against(variant, tables[first], others)
        pairs = [contest_figure(variant, tables[first], table) for table in others]
        assert np.abs(row - pairs).max() < 1e-12


@pytest.mark.parametrize("name", FULL)
@pytest.mark.parametrize("count", [1, 2, 5])
def test_row_values_match_pairs(name, count):
    """Every value of the row's W (every state, both seats to move) is the one-pair path's, for
    rows of 1, 2 and 5 pairs at a small goal (random tables; chops in fa17's)."""
    variant = load_variant(name)
    model = model_for(variant, 30)
    rng = np.random.default_rng(count)
    tables = model.columns(rng.choice(np.array(variant.legal_rolls), size=(count + 1, 30, 30)))
    W = row_backward(model, tables[0].ravel(), tables[1:].reshape(count, -1))
    for k in range(count):
        alone = pair_backward(model, tables[[0, k + 1]])
        assert np.abs(W[:, :, k] - alone[:, :, 0]).max() < 1e-12


def test_row_batch_bounds_memory():
    """A row's batch is at least one pair and shrinks as each pair's W grows."""
    small, large = (row_batch(model_for(load_variant(name))) for name in ("pig-tail", "sp18"))
    assert small > large >= 1
