"""A grade is a function of the copy alone: a slow problem costs that problem at most, never a later
one, and a copy gets the same grade alone on a quiet machine and in a batch on a crowded one.

Two copies of the Fall 2019 reference whose max_scoring_num_rolls (Problem 9) wastes time before
it starts: the slow one takes most of the time a problem may take (and would have used up the
whole copy's time once), and keeps every point; the one that is too slow loses Problem 9 alone,
says it ran out of time, and loses the same under load. The kit's checker agrees on both.
"""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from graders.batch import grade_batch
from graders.runner import grade_source
from hogkit.variant import load_variant
from tests.conftest import ROOT

FA19 = load_variant("fa19")
START = "    # BEGIN PROBLEM 9\n    averaged_roll"


def wasting(steps: int) -> str:
    """The reference with STEPS idle loop steps at the start of every max_scoring_num_rolls call."""
    source = (ROOT / "solutions" / "hog.py").read_text()
    assert source.count(START) == 1
    wasted = f"    # BEGIN PROBLEM 9\n    for _ in range({steps}):\n        pass\n    averaged_roll"
    return source.replace(START, wasted)


SLOW = wasting(3_000_000)  # about 0.08 s a call here: 4 s of Problem 9's 20
TOO_SLOW = wasting(40_000_000)  # about 1 s a call: a group of 15 sweep calls takes more than its 4 s


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


def lost(source: str) -> dict[str, str]:
    """The problems a copy loses points on, with the first failing test's feedback."""
    grade = grade_source(source.encode(), FA19)
    return {p.id: next(t.feedback for t in p.tests if t.counts_against) for p in grade.problems if p.earned < p.points}


def batch_totals(tmp_path: Path) -> dict[str, str]:
    """Both copies graded in one batch of two workers: each copy's total."""
    for name, source in (("slow", SLOW), ("too_slow", TOO_SLOW)):
        (tmp_path / "class" / name).mkdir(parents=True)
        (tmp_path / "class" / name / "hog.py").write_text(source)
    grade_batch(tmp_path / "class", out=tmp_path / "out", variant=FA19, jobs=2)
    with open(tmp_path / "out" / "grades.csv", newline="") as handle:
        return {row["student"]: row["total"] for row in csv.DictReader(handle)}


@pytest.mark.slow  # two copies graded alone and in a batch, twice over
def test_a_slow_problem_costs_itself_alone_and_in_a_crowd(tmp_path):
    assert lost(SLOW) == {}
    too_slow = lost(TOO_SLOW)
    assert list(too_slow) == ["09"] and "ran out of time" in too_slow["09"]
    assert batch_totals(tmp_path / "quiet") == {"Points Possible": "22", "slow": "22", "too_slow": "20"}


@pytest.mark.slow
def test_the_same_grades_on_a_crowded_machine(crowded, tmp_path):
    assert batch_totals(tmp_path) == {"Points Possible": "22", "slow": "22", "too_slow": "20"}
    assert lost(SLOW) == {}


@pytest.mark.slow
def test_the_checker_agrees_on_time(tmp_path):
    """`python3 ok -q 09` passes the slow copy and fails the one that is too slow, saying it ran out of time."""
    kit = tmp_path / "kit"
    shutil.copytree(ROOT / "student_skeleton", kit)
    for source, passes in ((SLOW, True), (TOO_SLOW, False)):
        (kit / "hog.py").write_text(source)
        done = subprocess.run([sys.executable, "ok", "-q", "09", "--force"], cwd=kit, capture_output=True, text=True,
                              timeout=600, check=False)
        assert (done.returncode == 0) is passes, done.stdout[-2000:]
        assert passes or "ran out of time" in done.stdout
