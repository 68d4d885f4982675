"""The slow reference the exact evaluator is checked against: a plain memoized recursion over
:func:`hogkit.game.turn_outcomes`, every reachable full state on its own (tests and ``bench/exact.py``)."""

from __future__ import annotations

import sys
from dataclasses import replace
from functools import cache

from hogkit.game import TurnState, turn_outcomes
from hogkit.variant import Variant


def reference_win_rate(variant: Variant, table0: list[list[int]], table1: list[list[int]], goal: int) -> float:
    """P(player 0 wins), by memoized recursion over every reachable full state."""
    tables = (table0, table1)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    trot = variant.rule("extra_turn") is not None

    @cache
    def value(state: TurnState) -> float:
        if max(state.scores) >= goal:
            return 1.0 if state.scores[0] >= goal else 0.0
        choice = int(tables[state.who][state.mover_score][state.opponent_score])
        total = 0.0
        for p, nxt in turn_outcomes(variant, state, choice):
            nxt = replace(nxt, turn=nxt.turn % 8 if trot else 0)
            total += p * value(nxt)
        return total

    return value(TurnState())
