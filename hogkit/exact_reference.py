"""The slow reference the exact evaluator is checked against: a plain memoized recursion over
:func:`hogkit.game.turn_outcomes`, every reachable full state on its own (tests and ``bench/exact.py``)."""

from __future__ import annotations

import sys
from dataclasses import replace
from functools import cache

from hogkit.game import TurnState, start_state, turn_outcomes
from hogkit.turn import turn_of
from hogkit.variant import Variant


def reference_win_rate(variant: Variant, table0: list[list[int]], table1: list[list[int]], goal: int) -> float:
    """P(player 0 wins), by memoized recursion over every reachable full state (counts kept
    modulo their size, as the rules only look at them that way)."""
    tables = (table0, table1)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    turn = turn_of(variant)

    @cache
    def value(state: TurnState) -> float:
        if max(state.scores) >= goal:
            return 1.0 if state.scores[0] >= goal else 0.0
        choice = int(tables[state.who][state.mover_score][state.opponent_score])
        total = 0.0
        for p, nxt in turn_outcomes(variant, state, choice):
            total += p * value(replace(nxt, memory=turn.normal(nxt.memory)))
        return total

    return value(start_state(variant))
