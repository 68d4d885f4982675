"""okpy's format both ways, checked against the real okpy client (`.venv-okpy`, made by `make setup`).

Every kit carries its tests as okpy files (hog.ok, tests/NN.py): the client unlocks and runs them
unchanged. HogKit's grader and its checker run okpy test folders too, locked cases included, and
agree with okpy's verdict on every question.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from graders.gradescope import write_autograder_zip
from graders.okpy_grading import grade_with_course_tests
from graders.runner import grade_source
from hogkit.generate.okpy_step import okpy_answers
from hogkit.generate.pipeline import STEPS, render_kit, write_tree
from hogkit.generate.solution import solution_hog_source
from hogkit.generate.source import strip_solutions
from hogkit.problems.specs import problem_specs
from hogkit.variant import load_variant
from tests.conftest import ROOT

OKPY = Path(os.environ.get("OKPY_PYTHON", ROOT / ".venv-okpy" / "bin" / "python")).absolute()
pytestmark = pytest.mark.skipif(not OKPY.exists(), reason="the okpy client is not installed: run make setup")
KIT_STEPS = [step for step in STEPS if step[0] in ("reference files", "support files", "student skeleton",
                                                       "question bank", "okpy tests")]


def okpy_kit(variant, folder: Path, hog: str) -> Path:
    """A student folder holding HOG, the kit's support files and its okpy tests (with the bank,
    whose further checks the okpy tests' last case of each question runs)."""
    write_tree(render_kit(variant, steps=KIT_STEPS), folder)
    kit = folder / "student_skeleton"
    (kit / "hog.py").write_text(hog)
    shutil.copyfile(ROOT / "hogkit" / "shipped" / "ok.py", kit / "hogkit_ok.py")
    return kit


def okpy(kit: Path, *args: str, answers: str = "") -> subprocess.CompletedProcess:
    """The real okpy client, offline."""
    return subprocess.run([str(OKPY.parent / "ok"), "--local", *args], cwd=kit, input=answers,
                          capture_output=True, text=True, timeout=300, check=False)


def okpy_failures(kit: Path) -> dict[str, int]:
    """How many cases of each question fail, as the okpy client judges them (locked ones by their locks)."""
    done = subprocess.run([str(OKPY), str(ROOT / "tests" / "okpy_course.py"), str(kit)], capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return {q: v["failed"] for q, v in json.loads(done.stderr.strip().splitlines()[-1]).items()}


def copies(variant) -> dict[str, str]:
    reference = solution_hog_source(variant)
    zero = variant.rule("zero_dice").hook_name
    buggy = reference.replace(f"points = {zero}(opponent_score)", f"points = {zero}(opponent_score) + 1")
    buggy = buggy.replace("if gain > previous_high:", "if gain >= previous_high:")
    return {"reference": reference, "skeleton": strip_solutions(reference), "two bugs": buggy}


def test_the_okpy_client_unlocks_and_runs_a_kits_tests(tmp_path):
    fa19 = load_variant("fa19")
    kit = okpy_kit(fa19, tmp_path, solution_hog_source(fa19))
    answers = "".join(line + "\n" for spec in problem_specs(fa19) for line in okpy_answers(fa19, spec))
    unlocked = okpy(kit, "-u", answers=answers)
    assert unlocked.stdout.count("All cases for Question") == len(fa19.problems), unlocked.stdout[-3000:]
    scored = okpy(kit, "--score")
    assert "Total: 22.0" in scored.stdout, scored.stdout[-3000:]
    (kit / "hog.py").write_text(strip_solutions(solution_hog_source(fa19)))
    assert "Total: 0.0" in okpy(kit, "--score").stdout


@pytest.mark.parametrize("name", ["fa19", "fa17", pytest.param("fa22", marks=pytest.mark.slow)])
def test_hogkit_agrees_with_okpy_on_every_question(name, tmp_path):
    variant = load_variant(name)
    for label, hog in copies(variant).items():
        kit = okpy_kit(variant, tmp_path / label, hog)
        theirs = okpy_failures(kit)
        graded = grade_with_course_tests(hog.encode(), variant, kit)
        assert {p.id: sum(not t.passed for t in p.tests) for p in graded.problems} == theirs, label
        checker = subprocess.run([sys.executable, "hogkit_ok.py", "--okpy", "--all", "--json"], cwd=kit,
                                 capture_output=True,
                                 text=True, timeout=600, check=False)
        assert {p["id"]: p["failed"] for p in json.loads(checker.stdout)["problems"]} == theirs, label
        if label == "reference":
            assert graded.total == variant.total_points
        if label == "skeleton":
            assert graded.total == 0


def test_a_spec_that_names_ok_tests_grades_with_them_and_gradescope_packs_them(tmp_path):
    fa19 = load_variant("fa19")
    kit = okpy_kit(fa19, tmp_path / "kit", solution_hog_source(fa19))
    spec = tmp_path / "course.toml"
    spec.write_text((ROOT / "variants" / "fa19.toml").read_text().replace(
        'contest_name_field = "PLAYER_NAME"', 'contest_name_field = "PLAYER_NAME"\nok_tests = "kit/student_skeleton"'))
    course = load_variant(spec)
    assert course.ok_tests == kit.resolve()
    graded = grade_source(solution_hog_source(fa19).encode(), course)
    assert graded.total == 22 and "graded with the course's okpy tests" in graded.notes[0]
    out = tmp_path / "autograder.zip"
    write_autograder_zip(course, out=out, spec=spec)
    with zipfile.ZipFile(out) as archive:
        names = set(archive.namelist())
        packed = archive.read(f"variants/{course.name}.toml").decode()
    folder = f"variants/{course.name}-ok-tests"
    assert {f"{folder}/hog.ok", f"{folder}/tests/01.py"} <= names
    assert f'ok_tests = "{course.name}-ok-tests"' in packed


def test_the_kits_checker_takes_okpys_suite_and_case_and_sees_its_unlocks(tmp_path):
    """A student who unlocks with the okpy client, then runs the kit's own `ok`: the problems are
    unlocked there too, and the `--suite N --case M` that `ok` prints for a failing case runs the
    same single case in both clients."""
    fa19 = load_variant("fa19")
    steps = [step for step in STEPS if step[0] in ("reference files", "support files", "student skeleton",
                                                   "contest check", "question bank", "checker", "okpy tests")]
    write_tree(render_kit(fa19, steps=steps), tmp_path)
    kit = tmp_path / "student_skeleton"
    reference = solution_hog_source(fa19)
    (kit / "hog.py").write_text(reference)

    def checker(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "ok", *args], cwd=kit, capture_output=True, text=True, timeout=300,
                              check=False)

    assert "is locked" in checker("-q", "02").stderr
    specs = {spec.id: spec for spec in problem_specs(fa19)}
    for pid in ("01", "02"):
        okpy(kit, "-q", pid, "-u", answers="".join(line + "\n" for line in okpy_answers(fa19, specs[pid])))
    assert checker("-q", "01").returncode == 0
    assert "is locked" in checker("-q", "03").stderr

    (kit / "hog.py").write_text(reference.replace("return 10 - min(", "return 9 - min("))
    failed = checker("-q", "02")
    assert failed.returncode == 1
    command = next(line for line in failed.stdout.splitlines() if line.startswith("Run only this case: "))
    args = command.removeprefix("Run only this case: python3 ok ").split()
    assert args[:2] == ["-q", "02"] and args[2] == "--suite" and args[4] == "--case"
    one = checker(*args, "--json")
    assert [len(p["cases"]) for p in json.loads(one.stdout)["problems"]] == [1]
    theirs = okpy(kit, *args, "-v")
    assert f"Question 2 > Suite {args[3]} > Case {args[5]}" in theirs.stdout
    assert theirs.stdout.count("Question 2 > Suite") == 1, theirs.stdout
    assert "has no suite 9" in checker("-q", "02", "--suite", "9").stderr
    assert "needs a question" in checker("--suite", "1").stderr
