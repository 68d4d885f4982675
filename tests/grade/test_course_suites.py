"""Each semester's kit passes its course's own okpy suite (see docs/course_suites.md).

The suites are the courses' work, not HogKit's: set HOGKIT_COURSES to a folder holding
``<semester>/course/`` (the course's ``.ok`` file, ``tests/``, support files and its ``ok`` client)
to run them. Every code case must pass on the kit's reference, except the cases
docs/course_suites.md names with the reason they cannot pass on this Python.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hogkit.generate.solution import solution_hog_source
from hogkit.variant import load_variant, variant_names
from tests.conftest import ROOT

COURSES = Path(os.environ["HOGKIT_COURSES"]) if os.environ.get("HOGKIT_COURSES") else None
OKPY = Path(os.environ.get("OKPY_PYTHON", ROOT / ".venv-okpy" / "bin" / "python")).absolute()


def course_of(name: str) -> str:
    """The course whose suite the kit of variant NAME reproduces."""
    return load_variant(name).course


def semesters() -> list[str]:
    if COURSES is None:
        return []
    return [name for name in variant_names() if (COURSES / course_of(name) / "course").is_dir()]


def allowed_failures() -> dict[tuple[str, str], int]:
    """(semester, question) -> how many cases docs/course_suites.md says cannot pass."""
    text = (ROOT / "docs" / "course_suites.md").read_text()
    table = text.split("## Cases that cannot pass", 1)[1]
    rows = re.findall(r"^\| (\w+) \| (\w+) \| (\d+) \|", table, re.M)
    return {(semester, question): int(cases) for semester, question, cases in rows}


def run_suite(folder: Path, hog_source: str, tmp_path: Path) -> dict[str, dict]:
    """Run the course FOLDER's suite on HOG_SOURCE with the course's own okpy client."""
    copy = tmp_path / "course"
    shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (copy / "hog.py").write_text(hog_source)
    client = next((c for c in (copy / "ok", folder.parent / "course_ok_client.zip") if c.is_file()), None)
    env = {**os.environ, "PYTHONPATH": str(client) if client else ""}
    done = subprocess.run([str(OKPY), str(ROOT / "tests" / "okpy_course.py"), str(copy)], capture_output=True,
                          text=True, timeout=1200, check=False, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stderr.strip().splitlines()[-1])


@pytest.mark.slow
@pytest.mark.skipif(COURSES is None or not OKPY.exists(),
                    reason="set HOGKIT_COURSES to a folder of the courses' suites (and run make setup)")
@pytest.mark.parametrize("name", semesters())
def test_the_kits_reference_passes_its_courses_suite(name, tmp_path):
    variant = load_variant(name)
    verdicts = run_suite(COURSES / variant.course / "course", solution_hog_source(variant), tmp_path)
    allowed = allowed_failures()
    failures = {q: v["failed"] for q, v in verdicts.items() if v["failed"] != allowed.get((variant.course, q), 0)}
    assert not failures, (failures, verdicts)
    assert sum(v["passed"] for v in verdicts.values()) > 50


@pytest.mark.slow
@pytest.mark.skipif(COURSES is None, reason="set HOGKIT_COURSES to a folder of the courses' suites")
@pytest.mark.parametrize("name", semesters())
def test_grading_the_reference_with_its_courses_suite_gives_full_marks(name, tmp_path):
    """`hogkit grade --ok-tests`, as staff run it: the kit's reference gets every point of the
    course's suite (the cases the reference cannot pass on this Python left out, one line each)."""
    variant = load_variant(name)
    copy = tmp_path / "hog.py"
    copy.write_text(solution_hog_source(variant))
    done = subprocess.run([sys.executable, "-m", "hogkit_cli", "grade", str(copy), "--variant", name, "--ok-tests",
                           str(COURSES / variant.course / "course"), "--json"], capture_output=True, text=True,
                          timeout=1800, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout)
    assert result["status"] == "graded" and result["total"] == result["max_total"] > 0, (
        [(p["label"], p["earned"], p["points"]) for p in result["problems"] if p["earned"] < p["points"]])
