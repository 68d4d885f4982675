"""Each problem's one statement of its tests: inputs stay inside the domains the seed allows,
no points depend on a helper HogKit adds, and every right answer is fixed by the seed."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hogkit.generate.answers import expected
from hogkit.generate.fuzzing import calls_of, recorded_inputs
from hogkit.problems.domains import CycleSamples, parameter_domain
from hogkit.problems.specs import problem_specs, within_domains
from hogkit.shipped.dice import make_test_dice

CALL = re.compile(r"\b([a-z_]+)\(")


def calls_in(code: str) -> list[str]:
    """Every simple call ``fn(literal, ...)`` written in CODE (nested calls included)."""
    found = []
    for match in CALL.finditer(code):
        depth, end = 0, match.end() - 1
        for end in range(match.end() - 1, len(code)):
            depth += {"(": 1, ")": -1}.get(code[end], 0)
            if depth == 0:
                break
        found.append(code[match.start():end + 1])
    return found


def test_no_points_depend_on_a_helper(any_variant):
    helpers = {name for rule in any_variant.rules for name in rule.helpers}
    for spec in problem_specs(any_variant):
        assert not set(spec.problem.graded) & helpers
        scored = [t.code for t in spec.visible] + [c for s in spec.hidden for c in s.calls]
        scored += [prop.template for prop in spec.fuzz]
        assert not any(f"{name}(" in text for text in scored for name in helpers), spec.id
        assert all(any(f"{name}(" in t.code for name in spec.problem.helpers) for t in spec.guidance)


def test_every_scored_call_stays_inside_its_domain(any_variant):
    rules = list(any_variant.rules)
    for spec in problem_specs(any_variant):
        texts = [t.code for t in spec.visible] + [c for s in spec.hidden for c in s.calls]
        for text in texts:
            for call in calls_in(text):
                assert within_domains(any_variant, rules, call), (spec.id, call)


def test_free_bacon_is_never_called_at_or_above_the_goal(fa19):
    bacon = next(s for s in problem_specs(fa19) if s.id == "02")
    scores = [int(call[len("free_bacon("):-1]) for sweep in bacon.hidden for call in sweep.calls]
    assert sorted(scores) == list(range(fa19.goal))
    assert parameter_domain(fa19, "take_turn", "opponent_score").hi == fa19.goal - 1


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_fuzzing_draws_inside_the_domains(any_variant, data):
    rules = list(any_variant.rules)
    for spec in problem_specs(any_variant):
        for prop in spec.fuzz:
            call = data.draw(calls_of(prop))
            assert all(within_domains(any_variant, rules, c) for c in calls_in(call)), (spec.id, call)
            start = re.search(r"score0=(\d+), score1=(\d+), goal=(\d+)", call)
            if start:
                s0, s1, goal = map(int, start.groups())
                assert s0 < goal and s1 < goal


def averages(roll, order, dice, samples: int) -> dict[int, float]:
    """The average turn of each number of dice in ORDER, trying them one after another with DICE."""
    return {k: sum(roll(k, dice) for _ in range(samples)) / samples for k in order}


def test_the_best_number_of_dice_does_not_depend_on_the_order_tried(any_variant):
    """Every experiment of Problem 9 gives each number of dice the same average whether a
    program tries 1 to 10 or 10 to 1, and one number is best by a clear margin."""
    roll = any_variant.rule("dice_outcome").hook
    spec = next(s for s in problem_specs(any_variant) if s.id == "09")
    pattern = re.compile(r"make_test_dice\(([\d, ]+)\), \w+=(\d+)")
    experiments = [pattern.search(call) for sweep in spec.hidden for call in sweep.calls]
    assert experiments and all(experiments)
    for found in experiments:
        outcomes, samples = tuple(map(int, found.group(1).split(","))), int(found.group(2))
        assert samples % len(outcomes) == 0

        forward = averages(roll, range(1, 11), make_test_dice(*outcomes), samples)
        backward = averages(roll, range(10, 0, -1), make_test_dice(*outcomes), samples)
        assert forward == backward
        best = max(forward.values())
        assert sum(a > best - 1e-6 for a in forward.values()) == 1
    assert CycleSamples().max_repeats >= 1


def test_every_problem_is_stated_once(any_variant):
    for spec in problem_specs(any_variant):
        assert spec.text and (spec.hint or spec.id in ("00", "12"))
        if spec.problem.graded:
            assert spec.visible and spec.hidden, spec.id
            names = [t.name for t in spec.visible]
            assert len(names) == len(set(names)), spec.id


def test_no_scored_test_is_empty(any_variant):
    """The reference answers every hidden call and every recorded fuzz input (a call it refuses
    would be skipped, and a test made only of such calls could never fail)."""
    for spec in problem_specs(any_variant):
        for sweep in spec.hidden:
            for call in sweep.calls:
                assert expected(any_variant, call).ok, (spec.id, call, expected(any_variant, call).error)
        for prop in spec.fuzz:
            inputs = recorded_inputs(any_variant, prop, max_examples=10)
            assert inputs, (spec.id, prop.name)
            assert all(expected(any_variant, call).ok for call in inputs), (spec.id, prop.name)
