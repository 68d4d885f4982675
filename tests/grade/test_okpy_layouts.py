"""The okpy layouts courses used, read by ``hogkit grade --ok-tests``, and the course's suite
calibrated on the variant's reference before it grades anyone.

The course here is made up, in the shapes the real semesters' folders have: ``.ok`` keys that are
patterns (``"tests/0*.py"``), cases with a ``multiline`` key, locked cases, a ``tests/`` folder
without ``__init__.py`` holding a support module the tests import as ``tests.<name>``, a module
of the course's own beside hog.py, and a GUI module that imports tkinter (the sandbox has no Tk: a
headless stand-in takes its place) and that a test imports for a helper. One case expects what no
correct copy gives; the reference fails it, so it is reported and left out of every score.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from graders.batch import grade_batch
from graders.okpy_grading import calibrated_suite, grade_with_course_tests, load_course_tests
from hogkit.generate.solution import solution_hog_source
from hogkit.generate.source import strip_solutions
from hogkit.shipped.ok import okpy_lock
from hogkit.variant import load_variant
from tests.conftest import ROOT
from tests.grade.test_batch import grades, hogkit

FA19 = load_variant("fa19")
NAME = "Project 1: Hog"
GUI = '''"""A course's GUI: its window is built on tkinter's classes when it is imported."""
from tkinter import *
import tkinter as tk
import hog


class Board(tk.Frame):
    pass


def trace_rolls(num_rolls, outcomes):
    """What the course's fuzz tests use: roll_dice with dice that note each roll."""
    seen = []
    def dice():
        seen.append(outcomes[len(seen) % len(outcomes)])
        return seen[-1]
    return hog.roll_dice(num_rolls, dice), seen
'''


def case(code: str, *, locked: bool = False) -> dict:
    lines = []
    for line in code.strip().splitlines():
        if locked and not line.startswith(">>>"):
            lines += [okpy_lock(NAME, line), "# locked"]
        else:
            lines.append(line)
    return {"code": "\n".join(lines), "hidden": False, "locked": locked, "multiline": False}


def okpy_file(name: str, points: int, cases: list[dict], setup: str) -> str:
    test = {"name": name, "points": points,
            "suites": [{"cases": cases, "scored": True, "setup": setup, "teardown": "", "type": "doctest"}]}
    return f"test = {json.dumps(test, indent=2).replace('false', 'False').replace('true', 'True')}\n"


def course(folder: Path) -> Path:
    (folder / "tests").mkdir(parents=True)
    (folder / "proj01.ok").write_text(json.dumps({"name": NAME, "src": ["hog.py"], "protocols": [],
                                                  "tests": {"tests/0*.py": "ok_test", "tests/1*.py": "ok_test"}}))
    (folder / "hog_gui.py").write_text(GUI)
    for name in ("dice.py", "ucb.py"):
        shutil.copyfile(ROOT / "hogkit" / "shipped" / name, folder / name)
    (folder / "course_dice.py").write_text("def loaded(*outcomes):\n    return iter(outcomes).__next__\n")
    (folder / "tests" / "construct_check.py").write_text(
        "import ast\n\ndef uses(source_file, name):\n"
        "    tree = ast.parse(open(source_file).read())\n"
        "    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(tree))\n")
    (folder / "tests" / "01.py").write_text(okpy_file("Question 1", 2, [
        case(">>> roll_dice(2, make_test_dice(4, 6))\n10", locked=True),
        case(">>> roll_dice(3, make_test_dice(4, 1, 2))\n1"),
        case(">>> import tests.construct_check as check\n"
             ">>> check.uses('hog.py', 'range') or check.uses('hog.py', 'dice')\nTrue"),
    ], ">>> from hog import *"))
    (folder / "tests" / "05a.py").write_text(okpy_file("Question 5a", 3, [
        case(">>> import hog_gui\n>>> hog_gui.trace_rolls(2, [3, 5])\n(8, [3, 5])"),
        case(">>> from course_dice import loaded\n>>> roll_dice(1, loaded(6))\n6", locked=True),
        case(">>> roll_dice(1, make_test_dice(2))\n3"),  # what no correct copy gives
    ], ">>> from hog import *"))
    (folder / "tests" / "10.py").write_text(okpy_file("Question 10", 1, [
        case(">>> free_bacon(35)\n7", locked=True)], ">>> from hog import *"))
    return folder


def test_every_layout_is_read(tmp_path):
    folder = course(tmp_path / "course")
    assignment = load_course_tests(folder)
    assert [q["id"] for q in assignment["questions"]] == ["01", "05a", "10"]
    reference = solution_hog_source(FA19).encode()
    graded = grade_with_course_tests(reference, FA19, folder)
    failing = [t.name for p in graded.problems for t in p.tests if not t.passed]
    assert failing == ["Question 5a > Suite 1 > Case 3"], [t.feedback for p in graded.problems for t in p.tests]
    assert (graded.total, graded.max_total) == (3, 6)


@pytest.mark.slow  # a whole okpy suite graded on the reference
def test_the_suite_is_calibrated_on_the_reference(tmp_path):
    folder = course(tmp_path / "course")
    spec = tmp_path / "course.toml"
    spec.write_text((ROOT / "variants" / "fa19.toml").read_text().replace(
        'contest_name_field = "PLAYER_NAME"', 'contest_name_field = "PLAYER_NAME"\nok_tests = "course"'))
    variant = load_variant(spec)
    suite = calibrated_suite(variant)
    assert suite.left_out == ("Question 5a > Suite 1 > Case 3",)
    assert suite.notes[0] == ("the course's tests: 1 case(s) fail on the fa19 reference, left out of every score "
                              "(--keep-failing-cases keeps them):")
    assert suite.notes[1].startswith("  reference fails Question 5a > Suite 1 > Case 3: >>> roll_dice(1, ")
    assert [c.label for c in suite.columns] == ["Question 1", "Question 5a", "Question 10"]
    assert calibrated_suite(variant, keep_failing_cases=True).left_out == ()

    reference = tmp_path / "reference"
    reference.mkdir()
    (reference / "hog.py").write_text(solution_hog_source(FA19))
    done = hogkit("grade", str(reference), "--ok-tests", str(folder))
    assert done.returncode == 0, done.stderr
    assert "Total: 6/6" in done.stdout and done.stderr.splitlines() == suite.notes
    kept = hogkit("grade", str(reference), "--ok-tests", str(folder), "--keep-failing-cases")
    assert "Total: 3/6" in kept.stdout

    subs = tmp_path / "class"
    (subs / "reference").mkdir(parents=True)
    (subs / "reference" / "hog.py").write_text(solution_hog_source(FA19))
    (subs / "skeleton").mkdir()
    (subs / "skeleton" / "hog.py").write_text(strip_solutions(solution_hog_source(FA19)))
    summary = grade_batch(subs, out=tmp_path / "out", variant=variant, jobs=2)
    rows = grades(tmp_path / "out")
    assert [rows["reference"][k] for k in ("Question 1", "Question 5a", "Question 10", "total")] == ["2", "3", "1", "6"]
    assert rows["skeleton"]["total"] == "0" and rows["Points Possible"]["Question 5a"] == "3"
    assert "\n".join(suite.notes) in summary


def test_the_kits_checker_reads_the_same_layouts(tmp_path):
    """`python3 ok` in the course's folder, where an installed package named `tests` could take the
    place of the course's tests/ folder (it has no __init__.py)."""
    folder = course(tmp_path / "course")
    (folder / "hog.py").write_text(solution_hog_source(FA19))
    shutil.copyfile(ROOT / "hogkit" / "shipped" / "ok.py", folder / "ok")
    shutil.copyfile(ROOT / "hogkit" / "shipped" / "hog_checks.py", folder / "hog_checks.py")
    decoy = tmp_path / "site" / "tests"
    decoy.mkdir(parents=True)
    (decoy / "__init__.py").write_text("")
    done = subprocess.run([sys.executable, "ok", "--all", "--json"], cwd=folder, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(decoy.parent)}, timeout=300, check=False)
    failed = [case["id"] for question in json.loads(done.stdout)["problems"] for case in question["cases"]
              if not case["passed"]]
    assert failed == ["05a-s1-c3"], done.stdout
