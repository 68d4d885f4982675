"""The fuzzed properties' inputs: hypothesis strategies over the input domains, and the calls
hypothesis sends to a program whose every answer is right.

A property (:class:`hogkit.problems.checks.Fuzz`) is a call built from input domains; each kind of
domain becomes a hypothesis strategy here, so fuzzing never leaves what the page allows. Inputs
are drawn derandomized (``derandomize=True``, no example database): while every answer is right,
hypothesis draws the same calls for every program, so they can be recorded once against the
reference (:func:`recorded_inputs`). The grader replays them (:mod:`graders.fuzz`), and the question
bank keeps them, with a keyed hash of each answer, for the checker's further checks. Both search
with :func:`search`, so the inputs they draw are the same: hypothesis seeds a derandomized search
from the test function's own source.
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import hypothesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from hogkit.generate.answers import expected
from hogkit.generate.solution import solution_hog_source
from hogkit.problems.checks import Fuzz
from hogkit.problems.domains import CycleSamples, GameStart, Ints, OneOf, ScoreWalk, Strategies, TestDice
from hogkit.variant import Variant

EXAMPLES = 30
_RECORDED: dict[tuple, tuple[str, ...] | None] = {}  # filled by recorded_inputs, once per process


class Reply(Protocol):
    """What a call of the program under test gave: ``fatal`` when it hung, died or ran out of memory."""

    fatal: bool
    error: str


Judge = Callable[[str, Reply], str]


@dataclass
class FuzzOutcome:
    """The result of one property: passed, or the shrunk failing call and what went wrong."""

    name: str
    passed: bool
    feedback: str = ""
    examples: int = 0


class _Failed(AssertionError):
    pass


@dataclass(frozen=True)
class _Right:
    """The reply of a program whose every answer is right (the reference, while recording)."""

    fatal: bool = False
    error: str = ""


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


def recorded_inputs(variant: Variant, prop: Fuzz, *, max_examples: int) -> tuple[str, ...] | None:
    """The calls hypothesis sends, in order, to a student whose every answer is right (None if
    they cannot be recorded). Drawn once per process for each property of a variant, and kept in
    HogKit's cache folder (:func:`cache_folder`) for the processes after it: a grading worker, or
    Gradescope's run of one copy, starts with them drawn."""
    key = (variant, prop, max_examples)
    if key not in _RECORDED:
        path = _cached_plan(variant, prop, max_examples=max_examples)
        plan = _read_plan(path) if path is not None else None
        if plan is None:
            found = _record(variant, prop, max_examples=max_examples)
            plan = list(found) if found is not None else []
            _write_plan(path, plan)
        _RECORDED[key] = tuple(plan) or None
    return _RECORDED[key]


def cache_folder() -> Path | None:
    """Where HogKit keeps what it works out once and reuses: ``$HOGKIT_CACHE``, else the user's
    cache folder (None when neither can be used)."""
    given = os.environ.get("HOGKIT_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "hogkit")
    return Path(given) if given and not given.startswith("~") else None


def _cached_plan(variant: Variant, prop: Fuzz, *, max_examples: int) -> Path | None:
    """The file of PROP's plan: named by everything the draws depend on (hypothesis's version, this
    module's code, the property and the whole module of its filter, and the reference that decides
    which calls count)."""
    folder = cache_folder()
    if folder is None:
        return None
    accept = inspect.getsource(inspect.getmodule(prop.accept)) if prop.accept is not None else ""
    parts = [hypothesis.__version__, inspect.getsource(sys.modules[__name__]), prop.template, repr(prop.args),
             accept, str(max_examples), solution_hog_source(variant)]
    name = hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]
    return folder / "fuzz-plans" / f"{name}.json"


def _read_plan(path: Path) -> list[str] | None:
    try:
        plan = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return plan if isinstance(plan, list) and all(isinstance(call, str) for call in plan) else None


def _write_plan(path: Path | None, plan: list[str]) -> None:
    """Keep PLAN at PATH (written whole or not at all; a folder that cannot be written is skipped)."""
    if path is None:
        return
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".plan-")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(plan, handle)
        os.replace(tmp, path)


def _record(variant: Variant, prop: Fuzz, *, max_examples: int) -> tuple[str, ...] | None:
    sent: list[str] = []

    def reference(expr: str) -> Reply:
        sent.append(expr)
        return _Right()

    outcome = search(variant, prop, reference, lambda expr, got: "", max_examples=max_examples, budget=float("inf"))
    return tuple(sent) if outcome.passed else None


def search(variant: Variant, prop: Fuzz, call: Callable[[str], Reply], judge: Judge, *,
            max_examples: int, budget: float, clock: Callable[[], float] = time.monotonic) -> FuzzOutcome:
    """Run hypothesis on PROP through CALL, shrinking the first failure."""
    outcome = FuzzOutcome(prop.name, True)
    fatal: list[str] = []
    first_failure: list[str] = []
    started = clock()
    student = call

    def call(expr: str) -> Reply:  # noqa: F811 - the student's call, noting the first wrong answer
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
            fatal.append(f"{expr} failed: ran out of time: fuzzing this function took longer than {budget:.3g} s")
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


__all__ = ["EXAMPLES", "FuzzOutcome", "Judge", "Reply", "calls_of", "recorded_inputs", "search", "strategy_for"]
