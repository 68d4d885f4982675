"""The kit's checker catches what the course's own tests catch, and no bug it passes loses points.

``tests/data/mutants/<variant>.json`` records one-bug copies of each semester's reference (made by
:mod:`hogkit.generate.mutation`, measured by ``python -m tests.mutants``): which questions of the
course's own suite each fails, which problems of the kit's checker, and what the grader takes
from the ones the checker passes. The records are the measurement (the courses' suites are not
part of HogKit); these tests hold the kit to them:

- the records themselves: no copy the course's suite catches passes the kit's checker, and no copy
  the checker passes loses a point in the grader;
- the copies again, now: a sample of those the course catches fails ``python3 ok -q NN`` in a kit
  built today (the one-bug copy is made again from today's reference, and must be the one recorded),
  and every copy the checker passed gets full marks from today's grader.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from graders.runner import grade_source
from hogkit.generate.mutation import Mutant, mutant_source, mutants
from hogkit.generate.pipeline import build_kit
from hogkit.generate.solution import solution_hog_source
from hogkit.variant import load_variant
from tests.conftest import ROOT

RECORDS = ROOT / "tests" / "data" / "mutants"
NAMES = sorted(path.stem for path in RECORDS.glob("*.json"))
SAMPLE = 6  # copies the course catches, checked again in each variant's kit


def record(name: str) -> dict:
    return json.loads((RECORDS / f"{name}.json").read_text())


def mutant(item: dict) -> Mutant:
    return Mutant(**{key: item[key] for key in ("function", "problem", "operator", "nth", "before", "after")})


def test_the_records_cover_the_semesters():
    assert {"fa22", "sp24"} <= set(NAMES)
    for name in NAMES:
        assert len(record(name)["mutants"]) >= 20, name


@pytest.mark.parametrize("name", NAMES)
def test_no_bug_the_course_catches_passes_the_checker_and_none_it_passes_loses_points(name):
    for item in record(name)["mutants"]:
        assert item["kit"] or not item["course"], (name, item)  # the course caught it: so did ok
        assert item["kit"] or not item["grader_lost"], (name, item)  # ok passed it: the grader took nothing


def test_the_one_bug_copies_are_every_small_slip():
    source = "def f(x, y):\n    # BEGIN PROBLEM 1\n    if x % 10 < y:\n        return g(x, y) + 1\n    return 0\n" \
             "    # END PROBLEM 1\n"
    found = {m.operator: m.after for m, _, _ in mutants(source)}
    assert found["drop-mod"] == "x" and found["compare-flip"] == "x % 10 <= y"
    assert found["return->print"] in ("print(g(x, y) + 1)", "print(0)") and found["swap-args"] == "g(y, x)"
    assert found["add-flip"] == "g(x, y) - 1" and found["drop-if"] == "pass" and found["constant+1"] in ("11", "2", "1")
    for item, start, end in mutants(source):
        changed = item.apply(source, start, end)
        compile(changed, "hog.py", "exec")
        assert changed != source and mutant_source(source, item) == changed


@pytest.mark.slow  # a kit built and a few copies checked and graded, for each semester
@pytest.mark.parametrize("name", NAMES)
def test_the_recorded_copies_now(name, tmp_path):
    variant = load_variant(name)
    reference = solution_hog_source(variant)
    items = record(name)["mutants"]
    caught = [item for item in items if item["course"]]
    step = max(1, len(caught) // SAMPLE)
    kit = tmp_path / "kit"
    build_kit(variant, out=kit)
    folder = tmp_path / "copy"
    shutil.copytree(kit / "student_skeleton", folder)
    for item in caught[::step][:SAMPLE]:
        changed = mutant_source(reference, mutant(item))
        assert changed is not None, f"{name}: {item['function']} {item['operator']} is gone: run python -m tests.mutants"
        (folder / "hog.py").write_text(changed)
        problem = item["kit"][0]
        done = subprocess.run([sys.executable, "ok", "-q", problem, "--force"], cwd=folder, capture_output=True,
                              text=True, timeout=600, check=False)
        assert done.returncode == 1, (name, item, done.stdout[-1500:])
    for item in (item for item in items if not item["kit"]):
        changed = mutant_source(reference, mutant(item))
        assert changed is not None, f"{name}: {item['function']} {item['operator']} is gone: run python -m tests.mutants"
        grade = grade_source(changed.encode(), variant)
        assert grade.total == grade.max_total, (name, item, [p.id for p in grade.problems if p.earned < p.points])


def test_the_records_name_real_problems():
    for name in NAMES:
        ids = {p.id for p in load_variant(name).problems}
        for item in record(name)["mutants"]:
            assert set(item["kit"]) <= ids and item["problem"] in ids, (name, item)
