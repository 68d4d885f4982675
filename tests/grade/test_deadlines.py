"""Points that depend on when a copy was submitted: the checkpoint and the early-submission bonus,
from Gradescope's submission_metadata.json, where the spec enables them (fa19: the seed's
checkpoint three days before the due date, one point of extra credit a day early)."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from graders.deadlines import awards, read_metadata
from hogkit.errors import HogkitError, SpecError
from hogkit.variant import load_variant
from tests.conftest import ROOT
from tests.grade.test_batch import hogkit, one_error_line
from tests.grade.test_gradescope import DUE, metadata
from tests.grade.test_scoring import spec_with

FA19 = load_variant("fa19")
EXAMPLES = ROOT / "examples" / "submissions"


def scores(tmp_path: Path, created, *, phase1: bool, complete: bool, **more) -> dict[str, float]:
    path = tmp_path / "submission_metadata.json"
    path.write_text(json.dumps(metadata(created, **more)))
    return {a.name: a.score for a in awards(FA19, read_metadata(path), phase1=phase1, complete=complete)}


def earlier(when, *, phase1: bool, complete: bool = False) -> dict:
    """A previous submission as Gradescope lists it, with the results this grader wrote for it."""
    return {"submission_time": when.isoformat(), "score": 10.0, "autograder_error": False,
            "results": {"score": 10.0, "extra_data": {"hogkit": {"phase1": phase1, "complete": complete}}}}


def test_the_checkpoint_and_the_bonus_follow_the_times(tmp_path):
    checkpoint, early = DUE - timedelta(days=3), DUE - timedelta(days=1)
    assert scores(tmp_path, checkpoint - timedelta(minutes=1), phase1=True, complete=True) == {
        "Phase 1 checkpoint": 1, "Early submission bonus": 1}
    # a day early, but after the checkpoint, and not every problem right: neither
    assert scores(tmp_path, early, phase1=True, complete=False) == {
        "Phase 1 checkpoint": 0, "Early submission bonus": 0}
    # late, but an earlier submission passed Phase 1 before the checkpoint; one after it does not count
    before, after = earlier(checkpoint - timedelta(hours=2), phase1=True), earlier(checkpoint + timedelta(hours=1),
                                                                                   phase1=True, complete=True)
    assert scores(tmp_path, DUE, phase1=False, complete=False, earlier=(before,)) == {
        "Phase 1 checkpoint": 1, "Early submission bonus": 0}
    assert scores(tmp_path, DUE, phase1=True, complete=True, earlier=(after,)) == {
        "Phase 1 checkpoint": 0, "Early submission bonus": 1}
    # a student's own due date (an extension) moves both
    assert scores(tmp_path, DUE, phase1=True, complete=True, own_due=DUE + timedelta(days=4)) == {
        "Phase 1 checkpoint": 1, "Early submission bonus": 1}
    unknown = awards(FA19, None, phase1=True, complete=True)
    assert [(a.score, a.max_score) for a in unknown] == [(0, 1), (0, 0)] and "not known" in unknown[0].output


def test_a_grade_with_the_submissions_times(tmp_path):
    path = tmp_path / "submission_metadata.json"
    path.write_text(json.dumps(metadata(DUE - timedelta(hours=1), earlier=(
        earlier(DUE - timedelta(days=5), phase1=True),))))
    done = hogkit("grade", str(EXAMPLES / "partial_commentary_off_by_one"), "--gradescope",
                  str(tmp_path / "results.json"), "--submission-metadata", str(path))
    assert done.returncode == 0, done.stderr
    results = json.loads((tmp_path / "results.json").read_text())
    tests = {t["name"]: t for t in results["tests"]}
    assert (results["score"], results["max_score"]) == (20 + 1, 23)
    assert tests["Phase 1 checkpoint"]["score"] == 1 and tests["Early submission bonus"]["score"] == 0
    assert "made by Monday 9 September 2019, 23:59" in tests["Phase 1 checkpoint"]["output"]
    assert results["extra_data"] == {"hogkit": {"phase1": True, "complete": False}}


def test_bad_metadata_and_specs_are_one_line(tmp_path):
    bad = tmp_path / "meta.json"
    bad.write_text(json.dumps({"created_at": "yesterday", "assignment": {"due_date": DUE.isoformat()}}))
    with pytest.raises(HogkitError, match="created_at 'yesterday' is not a date and time"):
        read_metadata(bad)
    line = one_error_line(hogkit("grade", str(EXAMPLES / "complete"), "--submission-metadata", str(bad)))
    assert "--submission-metadata is for a Gradescope grade" in line
    for scoring, what in [("[scoring]\ncheckpoint_days = 3\n", "scoring.checkpoint_days: the checkpoint gives no"),
                          ("[scoring]\nearly_days = 2\n", "scoring.early_days: needs early_bonus points"),
                          ("[scoring]\nearly_bonus = 1\nearly_days = 0\n", "scoring.early_days: needs early_bonus"),
                          ("[scoring]\nearly_bonus = -1\n", "scoring.early_bonus: expected a number >= 0")]:
        with pytest.raises(SpecError, match=what):
            load_variant(spec_with(scoring, tmp_path))
