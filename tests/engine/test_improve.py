"""The solver's steps agree with plain recursions over game.turn_outcomes: how often play reaches
each state, the values a pass ends with, and those of a player who sees the hidden state."""

from __future__ import annotations

import heapq
import sys
from dataclasses import replace
from functools import cache

import numpy as np
import pytest

from hogkit.exact import model_for, win_rate
from hogkit.game import TurnState, start_state, turn_outcomes
from hogkit.improve import improve, occupancy, start_place
from hogkit.turn import turn_of
from hogkit.variant import load_variant
from tests.conftest import fast_variant_names

GOAL = 16
RESPONDER = np.array([[True, False], [False, True]])  # the table improved plays seat 0, then seat 1


def _tables(variant, goal, seed):
    rng = np.random.default_rng(seed)
    legal = np.array(variant.legal_rolls)
    return rng.choice(legal, size=(goal, goal)), rng.choice(legal, size=(goal, goal))


def _normal(variant, state: TurnState) -> TurnState:
    return replace(state, memory=turn_of(variant).normal(state.memory))


def reference_occupancy(variant, tables, goal) -> dict[TurnState, float]:
    """How likely each state is reached, player 0 moving first: states in order of the score
    sum, then of Pork Chops used (a chop keeps the sum)."""
    mass = {start_state(variant): 1.0}
    queue = [(0, 0, 0)]
    order = {0: start_state(variant)}
    while queue:
        _, _, key = heapq.heappop(queue)
        state = order[key]
        if max(state.scores) >= goal:
            continue
        choice = int(tables[state.who][state.mover_score][state.opponent_score])
        for p, nxt in turn_outcomes(variant, state, choice):
            nxt = _normal(variant, nxt)
            if nxt not in mass:
                mass[nxt] = 0.0
                order[len(order)] = nxt
                heapq.heappush(queue, (sum(nxt.scores), turn_of(variant).spent(nxt.memory), len(order) - 1))
            mass[nxt] += p * mass[state]
    return mass


def reference_full_response(variant, table, goal, seat) -> float:
    """P(player 0 wins) when the player in SEAT sees the whole state and plays best, and the
    other plays TABLE."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))

    @cache
    def value(state: TurnState) -> float:
        if max(state.scores) >= goal:
            return 1.0 if state.scores[0] >= goal else 0.0

        def of(choice: int) -> float:
            return sum(p * value(_normal(variant, nxt)) for p, nxt in turn_outcomes(variant, state, choice))

        if state.who == seat:
            worth = [of(c) for c in variant.legal_rolls]
            return max(worth) if seat == 0 else min(worth)
        return of(int(table[state.mover_score][state.opponent_score]))

    return value(start_state(variant))


def _place(model, state: TurnState) -> int:
    """The flat place in W of STATE."""
    who, g = state.who, model.goal
    hidden = turn_of(model.variant).index(turn_of(model.variant).seen_by(state.memory, who))
    cell = np.nonzero(model.all_seat_cell == who * g * g + state.mover_score * g + state.opponent_score)[0][0]
    return int(model.state_places[0][cell, hidden])


@pytest.mark.parametrize("name", fast_variant_names())
def test_occupancy_agrees_with_the_reference(name):
    variant = load_variant(name)
    model = model_for(variant, GOAL)
    t0, t1 = _tables(variant, GOAL, 1)
    occ = occupancy(model, np.stack([model.columns(t0), model.columns(t1)]))
    expected = np.zeros_like(occ)
    for state, p in reference_occupancy(variant, (t0, t1), GOAL).items():
        if max(state.scores) < GOAL:
            expected[_place(model, state)] = p
    inside = model.state_places[0].ravel()
    assert np.abs(occ[inside] - expected[inside]).max() < 1e-12


@pytest.mark.parametrize("name", fast_variant_names())
def test_a_pass_ends_with_the_values_of_its_tables(name):
    variant = load_variant(name)
    model = model_for(variant, GOAL)
    mine, other = (model.columns(t) for t in _tables(variant, GOAL, 2))
    pairs = np.stack([np.stack([mine, other]), np.stack([other, mine])])
    step = improve(model, pairs, RESPONDER, flatten=0.5, margin=0.001)
    new = step.table - model.offset
    t_other = other - model.offset
    assert step.values[0][start_place(model)] == pytest.approx(win_rate(variant, new, t_other, goal=GOAL), abs=1e-12)
    assert step.values[1][start_place(model)] == pytest.approx(win_rate(variant, t_other, new, goal=GOAL), abs=1e-12)
    assert step.changed == int((step.table != mine).sum()) > 0


SLOW_SEEDS = [pytest.param(name, marks=pytest.mark.slow) for name in ("fa17", "sp18")]


@pytest.mark.parametrize("name", [*SLOW_SEEDS, "pig-tail"])
def test_full_information_answers_agree_with_the_reference(name):
    variant, goal = load_variant(name), 12
    model = model_for(variant, goal)
    mine, other = (model.columns(t) for t in _tables(variant, goal, 3))
    pairs = np.stack([np.stack([mine, other]), np.stack([other, mine])])
    step = improve(model, pairs, RESPONDER, full=True)
    table = (other - model.offset).tolist()
    for k, seat in ((0, 0), (1, 1)):
        expected = reference_full_response(variant, table, goal, seat)
        assert step.values[k][start_place(model)] == pytest.approx(expected, abs=1e-12)
