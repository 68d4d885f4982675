"""Differential fuzzing with hypothesis: a problem's fuzzed properties, against the reference.

A property (:class:`hogkit.problems.checks.Fuzz`) is a call built from input domains; each kind
of domain becomes a hypothesis strategy here, so fuzzing never leaves what the seed allows.
Inputs are drawn in the parent, derandomized (``derandomize=True``, no example database), so
every student gets the same examples and a re-grade gives the same score. Each drawn input is a
call sent to the child; the reply is judged here. On a mismatch hypothesis shrinks the input,
and the smallest failing call is the feedback.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from graders.oracle import expected
from graders.sandbox import CallResult
from hogkit.problems.checks import Fuzz
from hogkit.problems.domains import CycleSamples, GameStart, Ints, OneOf, ScoreWalk, Strategies, TestDice
from hogkit.variant import Variant

EXAMPLES = 30
_RECORDED: dict[tuple, tuple[str, ...] | None] = {}  # filled by recorded_inputs, once per process
Judge = Callable[[str, CallResult], str]


@dataclass
class FuzzOutcome:
    """The result of one property: passed, or the shrunk failing call and what went wrong."""

    name: str
    passed: bool
    feedback: str = ""
    examples: int = 0


class _Failed(AssertionError):
    pass


def strategy_for(domain: object) -> st.SearchStrategy:
    """The hypothesis strategy that draws values of DOMAIN."""
    if isinstance(domain, Ints):
        return st.integers(domain.lo, domain.hi)
    if isinstance(domain, OneOf):
        return st.sampled_from(domain.choices)
    if isinstance(domain, TestDice):
        return st.lists(st.integers(domain.low, domain.sides), min_size=domain.min_len,
                        max_size=domain.max_len).map(tuple)
    if isinstance(domain, Strategies):
        return st.lists(st.sampled_from(domain.choices), min_size=1, max_size=domain.max_len).map(tuple)
    if isinstance(domain, GameStart):
        return st.sampled_from(domain.goals).flatmap(
            lambda goal: st.tuples(st.integers(0, goal - 1), st.integers(0, goal - 1), st.just(goal)))
    if isinstance(domain, ScoreWalk):
        pair = st.tuples(st.integers(0, domain.hi), st.integers(0, domain.hi))
        return st.lists(pair, min_size=1, max_size=domain.max_len).map(tuple)
    if isinstance(domain, CycleSamples):
        outcomes = st.lists(st.integers(1, 6), min_size=domain.min_len, max_size=domain.max_len).map(tuple)
        return outcomes.flatmap(lambda o: st.tuples(st.just(o), st.integers(1, domain.max_repeats).map(
            lambda repeats: len(o) * repeats)))
    raise TypeError(f"no hypothesis strategy for {type(domain).__name__}")


def calls_of(prop: Fuzz) -> st.SearchStrategy[str]:
    """The calls PROP draws: one value of each argument's domain, kept only when ``accept`` allows."""
    values = st.tuples(*(strategy_for(domain) for domain in prop.args))
    if prop.accept is not None:
        values = values.filter(lambda drawn: prop.accept(*drawn))
    return values.map(lambda drawn: prop.call(*drawn))


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
        return _search(variant, prop, call, judge, max_examples=max_examples, budget=budget, clock=clock)
    started = clock()
    for count, expr in enumerate(plan, 1):
        if clock() - started > budget:
            return FuzzOutcome(prop.name, False, f"{expr} failed: fuzzing this function took longer than {budget:g} s",
                               count)
        got = call(expr)
        if got.fatal:
            return FuzzOutcome(prop.name, False, f"{expr} failed: {got.error}", count)
        message = judge(expr, got)
        if message and not shrink:
            return FuzzOutcome(prop.name, False, message, count)
        if message:
            return _search(variant, prop, call, judge, max_examples=max_examples, budget=budget, clock=clock)
    return FuzzOutcome(prop.name, True, "", len(plan))


def recorded_inputs(variant: Variant, prop: Fuzz, *, max_examples: int) -> tuple[str, ...] | None:
    """The calls hypothesis sends, in order, to a student whose every answer is right (None if
    they cannot be recorded). Drawn once per process for each property of a variant."""
    key = (variant, prop, max_examples)
    if key not in _RECORDED:
        _RECORDED[key] = _record(variant, prop, max_examples=max_examples)
    return _RECORDED[key]


def _record(variant: Variant, prop: Fuzz, *, max_examples: int) -> tuple[str, ...] | None:
    sent: list[str] = []

    def reference(expr: str) -> CallResult:
        want = expected(variant, expr)
        sent.append(expr)
        return CallResult("ok", value=want.value, out=want.out)

    def agree(expr: str, got: CallResult) -> str:
        return ""

    outcome = _search(variant, prop, reference, agree, max_examples=max_examples, budget=float("inf"))
    return tuple(sent) if outcome.passed else None


def _search(variant: Variant, prop: Fuzz, call: Callable[[str], CallResult], judge: Judge, *,
            max_examples: int, budget: float, clock: Callable[[], float] = time.monotonic) -> FuzzOutcome:
    """Run hypothesis on PROP through CALL, shrinking the first failure."""
    outcome = FuzzOutcome(prop.name, True)
    fatal: list[str] = []
    first_failure: list[str] = []
    started = clock()
    student = call

    def call(expr: str) -> CallResult:  # noqa: F811 - the student's call, noting the first wrong answer
        got = student(expr)
        if not first_failure:
            message = judge(expr, got)
            if message:
                first_failure.append(message)
        return got

    @settings(max_examples=max_examples, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck), phases=(Phase.generate, Phase.shrink),
              report_multiple_bugs=False)
    @given(calls_of(prop))
    def check(expr: str) -> None:
        if not expected(variant, expr).ok:
            return
        if fatal:
            raise _Failed(fatal[0])
        outcome.examples += 1
        if clock() - started > budget:
            fatal.append(f"{expr} failed: fuzzing this function took longer than {budget:g} s")
            raise _Failed(fatal[0])
        got = call(expr)
        if got.fatal:
            fatal.append(f"{expr} failed: {got.error}")
            raise _Failed(fatal[0])
        message = judge(expr, got)
        if message:
            raise _Failed(message)

    try:
        check()
    except _Failed as exc:
        outcome.passed = False
        outcome.feedback = str(exc)
    except Exception as exc:  # noqa: BLE001 - e.g. hypothesis reports a flaky failure
        outcome.passed = False
        if fatal:
            outcome.feedback = fatal[0]
        elif first_failure:  # hypothesis could not repeat the failure: the answers change between calls
            outcome.feedback = (f"{first_failure[0]}\n(the same call gave another answer when it was repeated: "
                                "does the function roll real dice or keep state between calls?)")
        else:
            outcome.feedback = f"fuzzing stopped: {type(exc).__name__}"
    return outcome
