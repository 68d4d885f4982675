"""Copies of the Summer 2023 and Fall 2023 projects written the way students write them against each
course's own skeleton (its names, take_turn given both scores, the update functions they write): each
gets full marks (the Fall 2023 copy in Spring 2024's kit too, whose skeleton was the same), and each
copy with one bug loses exactly the problem its bug is in."""

from __future__ import annotations

import pytest

import tests.build.test_okpy_format as okpy_checks
from graders.runner import grade_source
from hogkit.variant import load_variant
from tests.conftest import ROOT
from tests.grade.test_course_suites import COURSES, OKPY, run_suite

COPIES = ROOT / "tests" / "data" / "course_copies"
TEXTS = {"su23": (COPIES / "su23_recursive.py").read_text(), "fa23": (COPIES / "fa23_loops.py").read_text()}

# name: (semester, text in its copy, the replacement, the problems the copy must lose)
MUTANTS = {
    "Boar Brawl takes the opponent's ones digit": (
        "su23", "    difference = abs((opponent_score // 10) % 10 - player_score % 10)",
        "    difference = abs(opponent_score % 10 - player_score % 10)", ["02"]),
    "Fuzzy Factors from a divisor of 10": ("su23", "    if common > 10:", "    if common >= 10:", ["04"]),
    "player 1's strategy is given player 0's score first": (
        "su23", "update(strategy1(score1, score0), score1, score0, dice)",
        "update(strategy1(score0, score1), score1, score0, dice)", ["05"]),
    "take_turn gives Boar Brawl the scores the wrong way round": (
        "fa23", "        return boar_brawl(player_score, opponent_score)",
        "        return boar_brawl(opponent_score, player_score)", ["03"]),
    "num_factors counts a square's root twice": (
        "fa23", "            if k * k == n:\n                count += 1",
        "            if k * k == n:\n                count += 2", ["04"]),
    "sus_strategy needs more than the threshold": ("fa23", "    if gain >= threshold:", "    if gain > threshold:",
                                                   ["11"]),
}


def lost(source: str, semester: str) -> list[str]:
    result = grade_source(source.encode(), load_variant(semester))
    return [p.id for p in result.problems if p.points and not p.earned]


@pytest.mark.parametrize(("copy", "semester"), [("su23", "su23"), ("fa23", "fa23"), ("fa23", "sp24")])
def test_a_right_copy_gets_full_marks(copy, semester):
    result = grade_source(TEXTS[copy].encode(), load_variant(semester))
    assert result.total == 24 and result.checkpoint, [(p.id, [t.feedback for t in p.tests if t.counts_against])
                                                      for p in result.problems if not p.passed]


@pytest.mark.slow  # copies graded in full, one a mutant
@pytest.mark.parametrize("name", MUTANTS)
def test_one_bug_loses_its_own_problem(name):
    semester, old, new, problems = MUTANTS[name]
    assert TEXTS[semester].count(old) == 1
    assert lost(TEXTS[semester].replace(old, new), semester) == problems


@pytest.mark.slow
@pytest.mark.skipif(COURSES is None or not OKPY.exists(),
                    reason="set HOGKIT_COURSES to a folder of the courses' suites (and run make setup)")
@pytest.mark.parametrize("name", [None, *MUTANTS])
def test_the_courses_own_suite_agrees(name, tmp_path):
    """The course's own okpy suite passes the right copies, and fails each mutant first in the question
    HogKit takes its points from (the course's later questions that call the broken function fail too:
    HogKit charges a bug once)."""
    semester, old, new, problems = MUTANTS[name] if name else ("su23", "", "", [])
    for copy in ([semester] if name else ["su23", "fa23"]):
        text = TEXTS[copy].replace(old, new) if name else TEXTS[copy]
        verdicts = run_suite(COURSES / copy / "course", text, tmp_path / copy)
        failed = sorted(q for q, v in verdicts.items() if v["failed"])
        assert failed[:1] == problems[:1] and set(problems) <= set(failed), verdicts


@pytest.mark.slow
@pytest.mark.skipif(not okpy_checks.OKPY.exists(), reason="the okpy client is not installed: run make setup")
@pytest.mark.parametrize("name", ["su23", "fa23"])
def test_the_kits_own_okpy_tests_agree_with_okpy(name, tmp_path):
    """The kit's tests/ run by the okpy client, by HogKit's grader and by its checker: the same verdict
    on every question, full marks for the reference and none for the skeleton."""
    okpy_checks.test_hogkit_agrees_with_okpy_on_every_question(name, tmp_path)
