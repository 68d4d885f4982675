"""The kit's checker (``python3 ok``) and the grader give the same verdict on every visible test,
for every variant: the same right copy, skeleton and buggy copies, run for real through both."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from graders.results import VISIBLE
from graders.runner import grade_source
from hogkit.generate.pipeline import STEPS, render_kit, write_tree
from hogkit.generate.solution import solution_hog_source
from hogkit.generate.source import strip_solutions
from hogkit.variant import load_variant
from tests.conftest import ALL_SPECS, SEMESTERS

KIT_STEPS = [(name, step) for name, step in STEPS if name in ("reference files", "support files", "student skeleton",
                                                               "question bank", "checker")]


def copies(variant) -> dict[str, str]:
    """A right copy, the skeleton, and copies with one bug each (in Problems 3, 7 and 10)."""
    reference = solution_hog_source(variant)
    zero = variant.rule("zero_dice").hook_name
    bugs = {
        "zero dice one point off": (f"points = {zero}(opponent_score)", f"points = {zero}(opponent_score) + 1"),
        "ties announced": ("if gain > previous_high:", "if gain >= previous_high:"),
        "strict margin": ("if take_turn(0, opponent_score) >= margin:", "if take_turn(0, opponent_score) > margin:"),
    }
    found = {"reference": reference, "skeleton": strip_solutions(reference)}
    for name, (old, new) in bugs.items():
        if old in reference:
            found[name] = reference.replace(old, new)
    return found


def checker_verdicts(folder: Path) -> dict[str, list[bool]]:
    """Problem id -> whether each of its test cases passed, as ``python3 ok --force --json`` says."""
    done = subprocess.run([sys.executable, "ok", "--force", "--json"], cwd=folder, capture_output=True, text=True,
                          timeout=600, check=False)
    assert done.returncode in (0, 1), done.stderr
    return {p["id"]: [c["passed"] for c in p["cases"]] for p in json.loads(done.stdout)["problems"]}


# Each variant's agreement is slow (five copies through ok and the grader; about 40 s for fa19): make test-all.
AGREEMENT_SPECS = [pytest.param(spec, id=Path(spec).stem,
                                marks=pytest.mark.slow)
                   for spec in [*ALL_SPECS, *SEMESTERS]]


@pytest.mark.parametrize("spec", AGREEMENT_SPECS)
def test_checker_and_grader_agree_on_every_visible_test(spec, tmp_path):
    variant = load_variant(spec)
    write_tree(render_kit(variant, steps=KIT_STEPS), tmp_path)
    folder = tmp_path / "student_skeleton"
    for name, source in copies(variant).items():
        (folder / "hog.py").write_text(source)
        by_checker = checker_verdicts(folder)
        grade = grade_source(source.encode(), variant, fuzz_examples=3)
        for problem in grade.problems:
            visible = [t.passed for t in problem.tests if t.visibility == VISIBLE]
            if problem.id == "00":
                continue
            assert by_checker[problem.id] == visible, (name, problem.id)
        if name == "reference":
            assert grade.total == variant.total_points
        if name == "skeleton":
            assert grade.total == 0
