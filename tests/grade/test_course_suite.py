"""The original Fall 2019 course's own okpy test suite, run by the real okpy client, passes on the
fa19 reference and on copies written against the course's skeleton.

The suite is the course's, not HogKit's, so it is not in this repository: set HOGKIT_FA19_COURSE
to a folder holding the course's ``proj01.ok``, ``tests/`` and support files to run these tests.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from graders.okpy_grading import grade_with_course_tests
from hogkit.variant import load_variant
from tests.conftest import ROOT
from tests.grade.test_course_copies import LOOPS, MUTANTS

COURSE = os.environ.get("HOGKIT_FA19_COURSE", "")
OKPY = str(Path(os.environ.get("OKPY_PYTHON", ROOT / ".venv-okpy" / "bin" / "python")).absolute())
pytestmark = pytest.mark.skipif(not COURSE or not Path(OKPY).exists(),
                                reason="set HOGKIT_FA19_COURSE to the course's project folder (and run make setup)")


def course_verdicts(hog: Path, tmp_path: Path) -> dict[str, dict]:
    folder = tmp_path / "course"
    shutil.copytree(COURSE, folder, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copyfile(hog, folder / "hog.py")
    done = subprocess.run([OKPY, str(ROOT / "tests" / "okpy_course.py"), str(folder)],
                          capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize("hog", ["solutions/hog.py", *sorted(
    str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "data" / "course_copies").glob("fa19_*.py"))])
def test_the_course_suite_passes(hog, tmp_path):
    verdicts = course_verdicts(ROOT / hog, tmp_path)
    assert verdicts and all(v["failed"] == 0 for v in verdicts.values()), verdicts
    assert sum(v["passed"] for v in verdicts.values()) > 200


@pytest.mark.parametrize("mutant", ["roll_dice stops at the first 1", "free_bacon takes the larger digit",
                                    "commentary before the swap", "a tie goes to the higher number"])
def test_hogkit_grades_with_the_course_suite_as_okpy_does(mutant, tmp_path):
    """`hogkit grade --ok-tests` and the kit's checker on the course's folder give okpy's verdicts."""
    old, new, _ = MUTANTS[mutant]
    hog = tmp_path / "hog.py"
    hog.write_text(LOOPS.replace(old, new))
    theirs = {q: v["failed"] for q, v in course_verdicts(hog, tmp_path).items()}
    graded = grade_with_course_tests(hog.read_bytes(), load_variant("fa19"), Path(COURSE))
    assert {p.id: sum(not t.passed for t in p.tests) for p in graded.problems} == theirs
