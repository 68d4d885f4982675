"""What is tested for each problem of a variant: fixed visible cases, hidden sweeps, fuzz plans.

A case is data (a call expression and how to judge it); running cases is :mod:`graders.runner`'s
job. Visible cases are the rules' own worked examples plus a few hand-picked calls; hidden cases
sweep a whole range of inputs in one call. Both are the same for every student.
"""

from __future__ import annotations

import inspect
import random
from dataclasses import dataclass

from hogkit.problems import Problem
from hogkit.reference import reference_hog
from hogkit.variant import Variant

SWEEP_SEED = 20191


@dataclass(frozen=True)
class Case:
    """One call to judge: ``kind`` is equal (vs the reference), output (value and printed text),
    or legal (every answer is a legal number of dice)."""

    problem: str
    expr: str
    visibility: str  # "visible" or "hidden"
    kind: str = "equal"
    name: str = ""


def simulator_functions(variant: Variant, problem: Problem) -> list[str]:
    """The functions of PROBLEM that are called directly with plain arguments (not play)."""
    skip = {"play", "take_turn", "roll_dice"}
    return [name for name in problem.functions if name not in skip]


def parameters(variant: Variant, name: str) -> list[str]:
    """Names of the required parameters of the reference function NAME."""
    fn = getattr(reference_hog(variant), name)
    return [p.name for p in inspect.signature(fn).parameters.values() if p.default is p.empty]


def flag_args(variant: Variant, *, on: bool) -> str:
    """Keyword arguments of play that switch later rules on or off, plus test dice for Hog Wild."""
    params = inspect.signature(reference_hog(variant).play).parameters
    parts = [f"{flag}={on}" for flag in variant.play_flags()]
    if "wild_dice" in params:
        parts.append("wild_dice=make_test_dice(3, 2, 4, 1)")
    return "".join(f", {p}" for p in parts)


def _example_cases(variant: Variant, problem: Problem) -> list[Case]:
    names = set(problem.functions) - {"play"}
    cases = []
    for rule in problem.rules or ():
        for example in rule.examples:
            if example.requires and not example.requires <= variant.rule_ids:
                continue
            if any(f"{name}(" in example.call for name in names):
                cases.append(Case(problem.id, example.call, "visible", name=example.note))
    return cases


def _sweep_value(name: str) -> str:
    return {"n": "range(0, 160)", "points": "range(0, 60)", "previous_rolls": "range(0, 11)",
            "num_rolls": "range(0, 11)", "turn_number": "range(0, 17)",
            "after_extra": "(False, True)", "chop_used": "(False, True)"}.get(name, "range(0, 120)")


def _sweep(fn: str, params: list[str]) -> str:
    letters = [f"a{i}" for i in range(len(params))]
    loops = " ".join(f"for {x} in {_sweep_value(p)}" for x, p in zip(letters, params, strict=True))
    if len(params) == 2 and _sweep_value(params[0]) == _sweep_value(params[1]) == "range(0, 120)":
        loops = "for a0 in range(0, 120) for a1 in range(0, 120, 7)"
    return f"[{fn}({', '.join(letters)}) {loops}]"


def _dice_cases(rng: random.Random, count: int, *, zero: bool) -> list[tuple[int, list[int]]]:
    out = []
    for _ in range(count):
        rolls = rng.randint(0 if zero else 1, 10)
        out.append((rolls, [rng.randint(1, 6) for _ in range(rng.randint(1, 10))]))
    return out


def _play_call(variant: Variant, c0: list[int], c1: list[int], s0: int, s1: int, outcomes: list[int],
               goal: int, *, on: bool, say: str = "") -> str:
    say_arg = f", say={say}" if say else ""
    return (f"play(rolls_by_score({', '.join(map(str, c0))}), rolls_by_score({', '.join(map(str, c1))}),"
            f" {s0}, {s1}, dice=make_test_dice({', '.join(map(str, outcomes))}), goal={goal}"
            f"{say_arg}{flag_args(variant, on=on)})")


def problem_cases(variant: Variant, problem: Problem) -> list[Case]:
    """Every fixed case of PROBLEM, visible ones first."""
    rng = random.Random(f"{SWEEP_SEED}-{variant.name}-{problem.id}")
    pid, cases = problem.id, _example_cases(variant, problem)
    add = cases.append
    if pid == "01":
        add(Case(pid, "roll_dice(2, make_test_dice(4, 6))", "visible"))
        add(Case(pid, "roll_dice(3, make_test_dice(4, 1, 6))", "visible"))
        cases_list = _dice_cases(rng, 60, zero=False)
        add(Case(pid, "[roll_dice(k, make_test_dice(*o)) for k, o in " + repr(cases_list) + "]", "hidden"))
    elif pid == "03":
        add(Case(pid, "take_turn(2, 0, make_test_dice(4, 5))", "visible"))
        add(Case(pid, "take_turn(0, 47)", "visible"))
        add(Case(pid, "take_turn(3, 20, make_test_dice(4, 1, 6))", "visible"))
        cases_list = [(k, rng.randint(0, 99), o) for k, o in _dice_cases(rng, 80, zero=True)]
        add(Case(pid, "[take_turn(k, s, make_test_dice(*o)) for k, s, o in " + repr(cases_list) + "]",
                 "hidden"))
    elif pid in ("05a", "05b"):
        on = pid == "05b"
        choices = [r for r in variant.legal_rolls if on or r >= 0]
        add(Case(pid, _play_call(variant, [4], [6], 0, 0, [3], 100, on=on), "visible"))
        add(Case(pid, _play_call(variant, [0, 2, 5], [3, 1], 10, 30, [2, 6, 4, 1, 5], 100, on=on), "visible"))
        for _ in range(12):
            add(Case(pid, _play_call(
                variant, rng.choices(choices, k=rng.randint(1, 5)), rng.choices(choices, k=rng.randint(1, 5)),
                rng.randint(0, 60), rng.randint(0, 60), [rng.randint(1, 6) for _ in range(rng.randint(1, 9))],
                rng.choice((50, 100, variant.goal)), on=on), "hidden"))
    elif pid == "06":
        add(Case(pid, _play_call(variant, [4], [5], 0, 0, [3, 4, 5], 30, on=False, say="echo_scores"),
                 "visible", kind="output"))
        add(Case(pid, _play_call(variant, [2, 0], [6], 0, 0, [6, 2, 5, 1], 60, on=False,
                                 say="both(say_scores, announce_lead_changes())"), "visible", kind="output"))
        for _ in range(6):
            add(Case(pid, _play_call(
                variant, rng.choices(range(0, 11), k=3), rng.choices(range(0, 11), k=2), 0, 0,
                [rng.randint(1, 6) for _ in range(5)], 60, on=False, say="echo_scores"), "hidden",
                kind="output"))
    elif pid == "07":
        add(Case(pid, "run_commentary(announce_highest(1), [(12, 0), (12, 9), (20, 9), (20, 30), (20, 47), "
                      "(21, 47), (21, 77)])", "visible", kind="output"))
        for who in (0, 1):
            pairs, a, b = [], 0, 0
            for _ in range(25):
                a, b = a + rng.choice((0, 0, rng.randint(1, 25))), b + rng.choice((0, rng.randint(1, 25)))
                pairs.append((a, b))
            add(Case(pid, f"run_commentary(announce_highest({who}), {pairs!r})", "hidden", kind="output"))
    elif pid == "08":
        add(Case(pid, "make_averaged(make_test_dice(4, 2, 5, 1), 1000)()", "visible"))
        add(Case(pid, "make_averaged(max, 10)(3, 7)", "visible"))
        add(Case(pid, "[make_averaged(make_test_dice(*o), n)() for n, o in "
                      + repr([(rng.randint(1, 30), [rng.randint(1, 6) for _ in range(rng.randint(1, 6))])
                              for _ in range(20)]) + "]", "hidden"))
    elif pid == "09":
        add(Case(pid, "max_scoring_num_rolls(make_test_dice(3), num_samples=10)", "visible"))
        add(Case(pid, "max_scoring_num_rolls(make_test_dice(1, 6), num_samples=10)", "visible"))
        add(Case(pid, "[max_scoring_num_rolls(make_test_dice(*o), num_samples=n) for n, o in "
                      + repr([(rng.randint(1, 6), [rng.randint(1, 6) for _ in range(rng.randint(1, 7))])
                              for _ in range(15)]) + "]", "hidden"))
    elif pid in ("10", "11"):
        fn = problem.functions[0]
        for s, o in ((0, 0), (0, 42), (12, 85), (31, 48), (70, 7)):
            add(Case(pid, f"{fn}({s}, {o})", "visible"))
        add(Case(pid, f"{fn}(20, 31, 5, 3)", "visible"))
        add(Case(pid, f"[{fn}(s, o) for s in range(100) for o in range(100)]", "hidden"))
    elif pid == "12":
        goal = variant.goal
        add(Case(pid, f"[final_strategy(s, o) for s in range({goal}) for o in range({goal})]", "visible",
                 kind="legal", name="final_strategy returns a legal number of dice at every pair of scores"))
    if pid in ("02", "03", "04", "05a", "05b"):
        for fn in simulator_functions(variant, problem):
            params = parameters(variant, fn)
            if params:
                add(Case(pid, _sweep(fn, params), "hidden"))
    return cases
