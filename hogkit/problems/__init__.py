"""The problems of a kit.

:mod:`hogkit.problems.layout` says which problems a variant has, in which phase, what each asks
for and what it is worth; :mod:`hogkit.problems.specs` is the one place that says how each problem
is checked (input domains, visible tests, hidden sweeps, fuzzed properties, hints, the words the
notebooks and the checker show). The bank, the grader, the fuzzer and the notebooks all read it.
"""

from hogkit.problems.layout import (
    PHASE_TITLES,
    PROBLEM_PHASES,
    Problem,
    build_problems,
    post_turn_strategy_name,
    problem_ids,
    zero_dice_strategy_name,
)

__all__ = [
    "PHASE_TITLES",
    "PROBLEM_PHASES",
    "Problem",
    "build_problems",
    "post_turn_strategy_name",
    "problem_ids",
    "zero_dice_strategy_name",
]
