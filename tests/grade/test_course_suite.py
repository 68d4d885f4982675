"""The courses' own okpy suites, run by the real okpy client and by ``hogkit grade --ok-tests``.

The suites are the courses', not HogKit's, so they are not in this repository. Set
HOGKIT_FA19_COURSE to a folder holding the original Fall 2019 ``proj01.ok``, ``tests/`` and
support files, and HOGKIT_COURSES to a folder of ``<semester>/course`` folders (each as a course
published it, with the course's skeleton as its ``hog.py``, and a completed copy that passes the
course's suite as ``<semester>/solved_hog.py`` where one is known) to run these tests.

Fall 2019's suite fails the fa19 reference in the cases that seed their random strategies with
``hash`` of tuples (changed in Python 3.8): the real client fails exactly the cases HogKit's
calibration leaves out, on the reference and on copies written against the course's skeleton, and
with those cases left out the reference gets full marks.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest

from graders.okpy_grading import calibrated_suite, grade_with_course_tests
from hogkit.variant import load_variant
from tests.conftest import ROOT
from tests.grade.test_batch import hogkit
from tests.grade.test_course_copies import LOOPS, MUTANTS

COURSE = os.environ.get("HOGKIT_FA19_COURSE", "")
COURSES = Path(os.environ["HOGKIT_COURSES"]) if os.environ.get("HOGKIT_COURSES") else None
OKPY = str(Path(os.environ.get("OKPY_PYTHON", ROOT / ".venv-okpy" / "bin" / "python")).absolute())
NO_OKPY = not Path(OKPY).exists()
fa19_course = pytest.mark.skipif(not COURSE or NO_OKPY,
                                 reason="set HOGKIT_FA19_COURSE to the course's project folder (and run make setup)")
FA19 = load_variant("fa19")
COPIES = ["solutions/hog.py", *sorted(str(p.relative_to(ROOT))
                                      for p in (ROOT / "tests" / "data" / "course_copies").glob("fa19_*.py"))]


def course_verdicts(course: Path, hog: Path, tmp_path: Path, *, client: Path | None = None) -> dict[str, dict]:
    """The real okpy client's verdicts on HOG with COURSE's suite (with the course's own CLIENT archive)."""
    folder = tmp_path / "course"
    shutil.copytree(course, folder, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copyfile(hog, folder / "hog.py")
    (folder / "tests" / "__init__.py").touch()  # an installed package named tests would win over the folder
    command = [OKPY, str(ROOT / "tests" / "okpy_course.py"), str(folder), *([str(client)] if client else [])]
    done = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stderr.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def fa19_suite():
    """Fall 2019's suite calibrated on the fa19 reference."""
    return calibrated_suite(replace(FA19, ok_tests=Path(COURSE).resolve()))


@fa19_course
@pytest.mark.parametrize("hog", COPIES)
def test_the_course_suite_fails_only_where_the_reference_does(hog, fa19_suite, tmp_path):
    verdicts = course_verdicts(Path(COURSE), ROOT / hog, tmp_path)
    every_case = grade_with_course_tests((ROOT / hog).read_bytes(), FA19, Path(COURSE))
    failing = {p.id: [t.name for t in p.tests if not t.passed] for p in every_case.problems}
    assert sorted(name for names in failing.values() for name in names) == sorted(fa19_suite.left_out)
    assert {q: v["failed"] for q, v in verdicts.items() if v["failed"]} == {q: len(n) for q, n in failing.items() if n}
    assert sum(v["passed"] for v in verdicts.values()) > 200
    graded = grade_with_course_tests((ROOT / hog).read_bytes(), FA19, Path(COURSE),
                                     leave_out=frozenset(fa19_suite.left_out))
    assert graded.total == 22, [t.name for p in graded.problems for t in p.tests if not t.passed]


@fa19_course
def test_ok_tests_gives_the_reference_full_marks_and_names_each_case_it_fails(fa19_suite):
    assert fa19_suite.left_out and all(name.startswith("Question 5b > ") for name in fa19_suite.left_out)
    done = hogkit("grade", "solutions", "--ok-tests", COURSE)
    assert done.returncode == 0, done.stderr
    assert "Total: 22/22" in done.stdout and "Phase 1 checkpoint: passed" in done.stdout
    lines = done.stderr.splitlines()
    assert lines == fa19_suite.notes and len(lines) == len(fa19_suite.left_out) + 1
    assert lines == hogkit("grade", "solutions", "--ok-tests", COURSE).stderr.splitlines()  # the same cases each time
    kept = hogkit("grade", "solutions", "--ok-tests", COURSE, "--keep-failing-cases")
    assert "Total: 21.5/22" in kept.stdout


@fa19_course
@pytest.mark.parametrize("mutant", ["roll_dice stops at the first 1", "free_bacon takes the larger digit",
                                    "commentary before the swap", "a tie goes to the higher number"])
def test_hogkit_grades_with_the_course_suite_as_okpy_does(mutant, tmp_path):
    """`hogkit grade --ok-tests` and the kit's checker on the course's folder give okpy's verdicts."""
    old, new, _ = MUTANTS[mutant]
    hog = tmp_path / "hog.py"
    hog.write_text(LOOPS.replace(old, new))
    theirs = {q: v["failed"] for q, v in course_verdicts(Path(COURSE), hog, tmp_path).items()}
    graded = grade_with_course_tests(hog.read_bytes(), FA19, Path(COURSE))
    assert {p.id: sum(not t.passed for t in p.tests) for p in graded.problems} == theirs


def _client_version(archive: Path) -> tuple[int, ...]:
    try:
        with zipfile.ZipFile(archive) as zf:
            found = re.search(r"__version__ = 'v([\d.]+)'", zf.read("client/__init__.py").decode())
    except (OSError, KeyError, zipfile.BadZipFile):
        return ()
    return tuple(int(part) for part in found[1].split(".")) if found else ()


def _semesters() -> list[str]:
    if COURSES is None or not COURSES.is_dir():
        return []
    return sorted(p.parent.name for p in COURSES.glob("*/course") if list(p.glob("*.ok")))


def _newest_client() -> Path | None:
    """The newest okpy client any course shipped (its ``ok`` archive): it reads every semester's
    keys, where the release on the package index stops at Fall 2020's."""
    found = [(_client_version(p), p) for p in COURSES.glob("*/course/ok")] if COURSES else []
    found = [item for item in found if item[0]]
    return max(found)[1] if found else None


@pytest.mark.slow
@pytest.mark.skipif(not _semesters() or NO_OKPY, reason="set HOGKIT_COURSES to a folder of <semester>/course folders")
@pytest.mark.parametrize("semester", _semesters())
def test_hogkit_reads_each_courses_suite_as_okpy_does(semester, tmp_path):
    """Every semester's layout (pattern keys, multiline keys, locked cases, support modules, GUI
    imports): on the course's skeleton and on a completed copy, HogKit fails the same cases of each
    question as the real client."""
    course = COURSES / semester / "course"
    for hog in (course / "hog.py", COURSES / semester / "solved_hog.py"):
        if not hog.exists():
            continue
        theirs = {q: v["failed"] for q, v in course_verdicts(course, hog, tmp_path / hog.stem,
                                                             client=_newest_client()).items()}
        graded = grade_with_course_tests(hog.read_bytes(), FA19, course)
        assert {p.id: sum(not t.passed for t in p.tests) for p in graded.problems} == theirs, hog
