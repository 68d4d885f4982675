"""The NumPy evaluator agrees with a plain memoized recursion over game.turn_outcomes."""

from __future__ import annotations

import numpy as np
import pytest

from hogkit.errors import HogkitError
from hogkit.exact import (
    always,
    backward,
    contest_figure,
    contest_figures,
    figures_against,
    model_for,
    start_values,
    win_rate,
    win_rates,
)
from hogkit.exact.model import CHUNK
from hogkit.exact.reads import _as_bools, _as_words, _bit_mask
from hogkit.exact_reference import reference_win_rate
from hogkit.variant import load_variant
from tests.conftest import fast_variant_names, progressing_variant_names

GOAL = 30


def random_table(variant, goal, rng):
    return rng.choice(np.array(variant.legal_rolls), size=(goal, goal))


# Three seeds in `make test`; the other seeds and the semesters (sp20 and su20 take minutes) in `make test-all`.
QUICK = ("pig-tail",)  # the default and the seeds agree in make test-all


@pytest.mark.parametrize("name", [name if name in QUICK else pytest.param(name, marks=pytest.mark.slow)
                                  for name in progressing_variant_names()])
def test_agrees_with_reference(name):
    variant = load_variant(name)
    rng = np.random.default_rng(7)
    t0, t1 = random_table(variant, GOAL, rng), random_table(variant, GOAL, rng)
    fast = win_rate(variant, t0, t1, goal=GOAL)
    slow = reference_win_rate(variant, t0.tolist(), t1.tolist(), GOAL)
    assert abs(fast - slow) < 1e-9
    steady = always(4, GOAL)
    assert abs(win_rate(variant, steady, t1, goal=GOAL)
               - reference_win_rate(variant, steady.tolist(), t1.tolist(), GOAL)) < 1e-9


@pytest.mark.parametrize("name", fast_variant_names())
def test_batch_matches_single_and_figures(name):
    """The solver's batched ``backward`` reads once for the cells where every pair plays alike
    and per pair elsewhere: both ways must give each pair's own answer, as a pair evaluated
    alone (the way ``win_rates`` and ``figures_against`` go) gives it."""
    variant = load_variant(name)
    model = model_for(variant, GOAL)
    rng = np.random.default_rng(1)
    tables = [random_table(variant, GOAL, rng) for _ in range(3)]
    alike = rng.random((GOAL, GOAL)) < 0.5
    for table in tables[1:]:
        table[alike] = tables[0][alike]
    both = np.stack([model.columns(np.stack(tables)), np.broadcast_to(model.columns(tables[0]), (3, GOAL, GOAL))],
                    axis=1)

    def choose(total, layer, who, mover, opp, value_of):
        return value_of(both[:, who, mover, opp])

    batch = start_values(model, backward(model, len(tables), choose))
    rates = win_rates(variant, np.stack(tables), tables[0], goal=GOAL)
    for table, in_batch, rate in zip(tables, batch, rates, strict=True):
        alone = win_rate(variant, table, tables[0], goal=GOAL)
        assert abs(in_batch - alone) < 1e-12 and rate == alone
    figs = figures_against(variant, tables[0], np.stack(tables[1:]), goal=GOAL)
    for table, fig in zip(tables[1:], figs, strict=True):
        assert abs(fig - contest_figure(variant, tables[0], table, goal=GOAL)) < 1e-12
    assert abs(contest_figure(variant, tables[0], tables[0], goal=GOAL) - 0.5) < 1e-12


@pytest.mark.parametrize("name", fast_variant_names())
def test_one_pass_gives_both_seatings(name):
    """The contest figure from one backward pass (both starting values) equals the one from a
    pass per seating, and a table against itself scores one half."""
    variant = load_variant(name)
    rng = np.random.default_rng(3)
    a = np.stack([random_table(variant, GOAL, rng) for _ in range(3)])
    b = np.stack([random_table(variant, GOAL, rng) for _ in range(3)])
    two_passes = (win_rates(variant, a, b, goal=GOAL) + 1 - win_rates(variant, b, a, goal=GOAL)) / 2
    assert np.allclose(contest_figures(variant, a, b, goal=GOAL), two_passes, rtol=0, atol=1e-12)
    assert np.allclose(contest_figures(variant, a, a, goal=GOAL), 0.5, rtol=0, atol=1e-12)


def test_illegal_table_is_refused():
    variant = load_variant("fa19")
    with pytest.raises(HogkitError):
        win_rate(variant, always(-1, GOAL), always(4, GOAL), goal=GOAL)
    with pytest.raises(HogkitError):
        win_rate(variant, always(11, GOAL), always(4, GOAL), goal=GOAL)


def test_chunk_flags_pack_as_packbits():
    """The reads pack a chunk's flags a word at a time into the byte np.packbits makes, for
    every one of the 256 rows of flags, and unpack them unchanged."""
    flags = ((np.arange(2 ** CHUNK)[:, None] >> np.arange(CHUNK)) & 1).astype(bool)
    words = _as_words(flags)
    assert np.array_equal(_bit_mask(words), np.packbits(flags, axis=1, bitorder="little")[:, 0])
    assert np.array_equal(_as_bools(words), flags)
