"""Differential fuzzing with hypothesis: the student's functions against the reference.

Inputs are drawn in the parent, derandomized (``derandomize=True``, no example database), so
every student gets the same examples and a re-grade gives the same score. Each drawn input is
a call expression sent to the child; the reply is judged against the reference here. On a
mismatch hypothesis shrinks the input, and the smallest failing call is the feedback.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from graders.cases import flag_args, parameters, simulator_functions
from graders.oracle import expected, judge
from graders.sandbox import CallResult
from hogkit.problems import Problem
from hogkit.variant import Variant

EXAMPLES = 30
_RECORDED: dict[tuple, tuple[str, ...] | None] = {}  # filled by recorded_inputs, once per process
PARAM_RANGES = {"n": (0, 200), "points": (0, 60), "previous_rolls": (0, 10), "turn_number": (0, 40)}


@dataclass(frozen=True)
class Property:
    """One fuzzed behaviour: a name, a strategy of call expressions, how to judge them."""

    problem: str
    name: str
    calls: st.SearchStrategy[str]
    kind: str = "equal"


@dataclass
class FuzzOutcome:
    """The result of one property: passed, or the shrunk failing call and what went wrong."""

    problem: str
    name: str
    passed: bool
    feedback: str = ""
    examples: int = 0


class _Failed(AssertionError):
    pass


def _ints(lo: int, hi: int) -> st.SearchStrategy[str]:
    return st.integers(lo, hi).map(str)


def _param(variant: Variant, name: str) -> st.SearchStrategy[str]:
    if name in ("after_extra", "chop_used"):
        return st.booleans().map(str)
    if name == "num_rolls":
        return st.sampled_from(variant.legal_rolls).map(str)
    lo, hi = PARAM_RANGES.get(name, (0, 119))
    return _ints(lo, hi)


def _dice() -> st.SearchStrategy[str]:
    outcomes = st.lists(st.integers(1, 6), min_size=1, max_size=10)
    return outcomes.map(lambda o: f"make_test_dice({', '.join(map(str, o))})")


def _call(fn: str, *parts: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.tuples(*parts).map(lambda args: f"{fn}({', '.join(args)})")


def _strategy_expr(choices: tuple[int, ...]) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(choices), min_size=1, max_size=4).map(
        lambda c: f"fixed_rolls({c[0]})" if len(c) == 1 else f"rolls_by_score({', '.join(map(str, c))})")


def _play(variant: Variant, *, on: bool, say: str = "") -> st.SearchStrategy[str]:
    choices = tuple(r for r in variant.legal_rolls if on or r >= 0)
    flags = flag_args(variant, on=on)
    say_arg = f", say={say}" if say else ""

    def build(parts: tuple[str, str, int, int, str, int]) -> str:
        s0, s1, score0, score1, dice, goal = parts
        start = f", {score0}, {score1}" if (score0 or score1) else ""
        return f"play({s0}, {s1}{start}, dice={dice}, goal={goal}{say_arg}{flags})"

    return st.tuples(_strategy_expr(choices), _strategy_expr(choices), st.integers(0, 40),
                     st.integers(0, 40), _dice(), st.sampled_from((11, 30, 50, 100))).map(build)


def _score_pairs() -> st.SearchStrategy[str]:
    pair = st.tuples(st.integers(0, 120), st.integers(0, 120))
    return st.lists(pair, min_size=1, max_size=12).map(repr)


def properties(variant: Variant, problem: Problem) -> list[Property]:
    """The fuzzed behaviours of PROBLEM in VARIANT."""
    pid, props = problem.id, []
    if pid in ("02", "03", "04", "05a", "05b"):
        for fn in simulator_functions(variant, problem):
            params = parameters(variant, fn)
            if params:
                props.append(Property(pid, fn, _call(fn, *(_param(variant, p) for p in params))))
    if pid == "01":
        props.append(Property(pid, "roll_dice", _call("roll_dice", _ints(1, 10), _dice())))
    elif pid == "03":
        props.append(Property(pid, "take_turn", _call("take_turn", _ints(0, 10), _ints(0, 99), _dice())))
    elif pid in ("05a", "05b"):
        props.append(Property(pid, "play", _play(variant, on=pid == "05b")))
    elif pid == "06":
        props.append(Property(pid, "play with commentary", _play(variant, on=False, say="echo_scores"), "output"))
    elif pid == "07":
        who = st.sampled_from(("0", "1"))
        props.append(Property(pid, "announce_highest", st.tuples(who, _score_pairs()).map(
            lambda a: f"run_commentary(announce_highest({a[0]}), {a[1]})"), "output"))
    elif pid == "08":
        props.append(Property(pid, "make_averaged", st.tuples(_dice(), st.integers(1, 40)).map(
            lambda a: f"make_averaged({a[0]}, {a[1]})()")))
    elif pid == "09":
        props.append(Property(pid, "max_scoring_num_rolls", st.tuples(_dice(), st.integers(1, 5)).map(
            lambda a: f"max_scoring_num_rolls({a[0]}, num_samples={a[1]})")))
    elif pid in ("10", "11"):
        fn = problem.functions[0]
        extra = parameters_with_defaults(variant, fn)
        props.append(Property(pid, fn, _call(fn, _ints(0, 99), _ints(0, 99), *(_ints(0, 12) if p != "num_rolls"
                                                                              else _ints(0, 10) for p in extra))))
    return props


def parameters_with_defaults(variant: Variant, name: str) -> list[str]:
    """Names of the optional parameters of the reference function NAME."""
    import inspect

    from hogkit.reference import reference_hog

    fn = getattr(reference_hog(variant), name)
    return [p.name for p in inspect.signature(fn).parameters.values() if p.default is not p.empty]


def run_property(variant: Variant, prop: Property, call: Callable[[str], CallResult], *,
                 max_examples: int = EXAMPLES, budget: float = 4.0) -> FuzzOutcome:
    """Fuzz PROP through CALL; a hang, crash or memory error stops the property at the first input
    that caused it.

    Hypothesis is derandomized, so while every answer is right it draws the same inputs for every
    student: those inputs are drawn once (against the reference) and replayed. Only a student who
    gets one wrong pays for hypothesis itself, which then draws the same inputs up to that one and
    shrinks it. A hang or crash ends the property at once, as it would under hypothesis.
    """
    plan = recorded_inputs(variant, prop, max_examples=max_examples)
    if plan is None:
        return _search(variant, prop, call, max_examples=max_examples, budget=budget)
    started = time.monotonic()
    for count, expr in enumerate(plan, 1):
        if time.monotonic() - started > budget:
            return FuzzOutcome(prop.problem, prop.name, False,
                               f"{expr} failed: fuzzing this function took longer than {budget:g} s", count)
        got = call(expr)
        if got.fatal:
            return FuzzOutcome(prop.problem, prop.name, False, f"{expr} failed: {got.error}", count)
        if judge(expr, expected(variant, expr), got, check_output=prop.kind == "output"):
            return _search(variant, prop, call, max_examples=max_examples, budget=budget)
    return FuzzOutcome(prop.problem, prop.name, True, "", len(plan))


def recorded_inputs(variant: Variant, prop: Property, *, max_examples: int) -> tuple[str, ...] | None:
    """The calls hypothesis sends, in order, to a student whose every answer is right (None if
    they cannot be recorded). Drawn once per process for each property of a variant."""
    key = (variant, prop.problem, prop.name, prop.kind, max_examples)
    if key not in _RECORDED:
        _RECORDED[key] = _record(variant, prop, max_examples=max_examples)
    return _RECORDED[key]


def _record(variant: Variant, prop: Property, *, max_examples: int) -> tuple[str, ...] | None:
    sent: list[str] = []

    def reference(expr: str) -> CallResult:
        want = expected(variant, expr)
        sent.append(expr)
        return CallResult("ok", value=want.value, out=want.out)

    outcome = _search(variant, prop, reference, max_examples=max_examples, budget=float("inf"))
    return tuple(sent) if outcome.passed else None


def _search(variant: Variant, prop: Property, call: Callable[[str], CallResult], *,
            max_examples: int, budget: float) -> FuzzOutcome:
    """Run hypothesis on PROP through CALL, shrinking the first failure.

    (The body of ``check`` must not change: hypothesis seeds its derandomized draws with a digest
    of its source, and a different seed would give students other inputs than before.)
    """
    outcome = FuzzOutcome(prop.problem, prop.name, True)
    fatal: list[str] = []
    first_failure: list[str] = []
    started = time.monotonic()
    student = call

    def call(expr: str) -> CallResult:  # noqa: F811 - the student's call, noting the first wrong answer
        got = student(expr)
        if not first_failure:
            message = judge(expr, expected(variant, expr), got, check_output=prop.kind == "output")
            if message:
                first_failure.append(message)
        return got

    @settings(max_examples=max_examples, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck), phases=(Phase.generate, Phase.shrink),
              report_multiple_bugs=False)
    @given(prop.calls)
    def check(expr: str) -> None:
        want = expected(variant, expr)
        if not want.ok:
            return
        if fatal:
            raise _Failed(fatal[0])
        outcome.examples += 1
        if time.monotonic() - started > budget:
            fatal.append(f"{expr} failed: fuzzing this function took longer than {budget:g} s")
            raise _Failed(fatal[0])
        got = call(expr)
        if got.fatal:
            fatal.append(f"{expr} failed: {got.error}")
            raise _Failed(fatal[0])
        message = judge(expr, want, got, check_output=prop.kind == "output")
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
