"""A grade does not depend on how busy the machine is: with CPU hogs on every core (six per
core), a copy whose Free Bacon is wrong still loses Problem 2 alone. Its strategies of Problems 10
and 11 call free_bacon, so the grader judges them again given the reference's free_bacon, and every
such call waits on the grader; the time the grader spends waiting for a CPU is not the child's."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from graders.runner import grade_source
from tests.grade.test_course_copies import FA19, LOOPS, MUTANTS


@pytest.fixture
def crowded() -> Iterator[None]:
    """Busy processes, six for each CPU, until the test ends."""
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(6 * (os.cpu_count() or 1))]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


@pytest.mark.slow  # a copy graded in full, twice, on a crowded machine
@pytest.mark.parametrize("mutant", ["free_bacon takes the larger digit", "free_bacon ignores the tens digit"])
def test_a_bug_costs_its_problem_on_a_crowded_machine(crowded, mutant):
    old, new, problems = MUTANTS[mutant]
    grade = grade_source(LOOPS.replace(old, new).encode(), FA19)
    assert [p.id for p in grade.problems if p.points and not p.earned] == problems
