"""Differential fuzzing with hypothesis: a problem's fuzzed properties, against the reference.

The inputs are drawn in the parent (:mod:`hogkit.generate.fuzzing`: each kind of domain a
hypothesis strategy, derandomized, so every student gets the same examples and a re-grade gives
the same score). Each drawn input is a call sent to the child; the reply is judged here. On a
mismatch hypothesis shrinks the input, and the smallest failing call is the feedback.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from graders.sandbox import CallResult
from hogkit.generate.fuzzing import EXAMPLES, FuzzOutcome, Judge, recorded_inputs, search
from hogkit.problems.checks import Fuzz
from hogkit.variant import Variant


def run_property(variant: Variant, prop: Fuzz, call: Callable[[str], CallResult], judge: Judge, *,
                 max_examples: int = EXAMPLES, budget: float = 4.0, clock: Callable[[], float] = time.monotonic,
                 shrink: bool = True) -> FuzzOutcome:
    """Fuzz PROP through CALL, JUDGE deciding each reply (empty: right); a hang, crash or memory
    error stops the property at the first input that caused it, and so does spending more than
    BUDGET seconds as CLOCK counts them (the grader gives the child's own time: a busy machine
    cannot stop a right answer). Without SHRINK, the first wrong answer of the recorded inputs
    is the feedback, as it is (hypothesis shrinks it only when asked).

    Hypothesis is derandomized, so while every answer is right it draws the same inputs for every
    student: those inputs are drawn once (against the reference) and replayed. Only a student who
    gets one wrong pays for hypothesis itself, which then draws the same inputs up to that one and
    shrinks it. A hang or crash ends the property at once, as it would under hypothesis.
    """
    plan = recorded_inputs(variant, prop, max_examples=max_examples)
    if plan is None:
        return search(variant, prop, call, judge, max_examples=max_examples, budget=budget, clock=clock)
    started = clock()
    for count, expr in enumerate(plan, 1):
        if clock() - started > budget:
            return FuzzOutcome(prop.name, False,
                               f"{expr} failed: ran out of time: fuzzing this function took longer than {budget:.3g} s",
                               count)
        got = call(expr)
        if got.fatal:
            return FuzzOutcome(prop.name, False, f"{expr} failed: {got.error}", count)
        message = judge(expr, got)
        if message and not shrink:
            return FuzzOutcome(prop.name, False, message, count)
        if message:
            return search(variant, prop, call, judge, max_examples=max_examples, budget=budget, clock=clock)
    return FuzzOutcome(prop.name, True, "", len(plan))


__all__ = ["EXAMPLES", "FuzzOutcome", "run_property"]
