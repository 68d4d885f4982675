"""A course's scoring: the seed's 25 points (22 correctness, 1 checkpoint, 2 composition), a scale
set in the spec, checkpoint grades, and composition scores merged into a class's grades.csv."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from graders.batch import grade_batch
from graders.gradescope import scripts
from graders.report import to_gradescope
from graders.runner import grade_copy
from hogkit.errors import SpecError
from hogkit.variant import load_variant, parse_variant
from tests.conftest import ROOT
from tests.grade.test_batch import copy_examples, hogkit

EXAMPLES = ROOT / "examples" / "submissions"
FA19 = load_variant("fa19")


def spec_with(scoring: str, tmp_path: Path) -> Path:
    """A copy of fa19's spec whose [scoring] table is SCORING."""
    text = (ROOT / "variants" / "fa19.toml").read_text().split("[scoring]")[0] + scoring
    path = tmp_path / "course.toml"
    path.write_text(text)
    return path


def test_the_seeds_twenty_five_points():
    assert (FA19.correctness_points, FA19.scoring.checkpoint, FA19.scoring.composition) == (22, 1, 2)
    assert FA19.course_points == 25


def test_a_checkpoint_grade_is_phase_1_only():
    done = grade_copy(EXAMPLES / "complete", FA19, checkpoint=True)
    assert (done.total, done.max_total) == (1, 1)
    assert {p.phase for p in done.problems} == {1}
    missed = grade_copy(EXAMPLES / "partial_feral_opponent", FA19, checkpoint=True)
    assert (missed.total, missed.max_total) == (0, 1) and not missed.checkpoint
    assert to_gradescope(missed)["max_score"] == 1  # Gradescope's maximum follows
    assert " --checkpoint " in scripts(FA19, checkpoint=True)["run_autograder"]
    assert "--checkpoint" not in scripts(FA19)["run_autograder"]


def test_correctness_scaled_to_the_courses_points(tmp_path):
    course = load_variant(spec_with("[scoring]\ncorrectness = 50\ncheckpoint = 2\n", tmp_path))
    assert course.course_points == 52
    full = grade_copy(EXAMPLES / "complete", course)
    assert (full.total, full.max_total) == (50, 50)
    partial = grade_copy(EXAMPLES / "partial_feral_opponent", course)
    assert partial.total == round(21 * 50 / 22, 2)
    assert any("21 of the problems' 22 points, counted out of 50" in note for note in partial.notes)
    assert to_gradescope(partial)["max_score"] == 50


@pytest.mark.parametrize(("table", "what"), [
    ("[scoring]\nmidterm = 3\n", "scoring.midterm: unknown key"),
    ("[scoring]\ncheckpoint = -1\n", "scoring.checkpoint: expected a number >= 0"),
    ("[scoring]\ncorrectness = 0\n", "scoring.correctness: 0 would grade nothing"),
])
def test_a_bad_scoring_table_is_named(table, what, tmp_path):
    with pytest.raises(SpecError) as caught:
        load_variant(spec_with(table, tmp_path))
    assert what in str(caught.value)
    with pytest.raises(SpecError):
        parse_variant({"scoring": "many"}, source="x.toml", default_name="x")


def test_a_class_with_its_checkpoint_and_composition(tmp_path):
    subs = copy_examples(tmp_path / "subs", "complete", "partial_feral_opponent", "partial_highest_ties")
    early = tmp_path / "checkpoint"
    grade_batch(subs, out=early, variant=FA19, jobs=2, checkpoint=True)
    with open(early / "grades.csv") as handle:
        assert {row["student"]: row["total"] for row in csv.DictReader(handle)} == {
            "Points Possible": "1", "complete": "1", "partial_feral_opponent": "0", "partial_highest_ties": "1"}
    scores = tmp_path / "composition.csv"
    scores.write_text("student,composition\ncomplete,2\npartial_feral_opponent,1.5\nsomeone_else,2\n")
    final = tmp_path / "final"
    summary = grade_batch(subs, out=final, variant=FA19, jobs=2, composition=scores,
                          checkpoint_grades=early / "grades.csv")
    with open(final / "grades.csv") as handle:
        rows = {row["student"]: row for row in csv.DictReader(handle)}
    assert [rows["complete"][k] for k in ("total", "checkpoint_points", "composition", "course_total")] == [
        "22", "1", "2", "25"]
    assert [rows["Points Possible"][k] for k in ("total", "checkpoint_points", "composition", "course_total",
                                                 "status")] == ["22", "1", "2", "25", "max"]
    assert rows["partial_feral_opponent"]["course_total"] == "22.5"
    assert rows["partial_highest_ties"]["composition"] == "" and rows["partial_highest_ties"]["course_total"] == "20"
    assert "composition scores for 1 student(s) not in this batch: someone_else" in summary


def test_bad_scores_are_one_line_before_grading(tmp_path):
    subs = copy_examples(tmp_path / "subs", "complete")
    bad = tmp_path / "composition.csv"
    bad.write_text("student,composition\ncomplete,two\n")
    done = hogkit("grade-batch", str(subs), "--out", str(tmp_path / "out"), "--composition", str(bad))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "line 2: composition 'two' is not a number" in done.stderr
    assert not (tmp_path / "out" / "grades.csv").exists()
    wrong = tmp_path / "wrong.csv"
    wrong.write_text("name,score\ncomplete,2\n")
    done = hogkit("grade-batch", str(subs), "--out", str(tmp_path / "out2"), "--composition", str(wrong))
    assert done.returncode == 2 and "has no student and composition columns" in done.stderr
    done = hogkit("grade", str(subs / "complete"), "--checkpoint", "--variant", "sp18")
    assert done.returncode == 2 and "gives no points for the checkpoint" in done.stderr
