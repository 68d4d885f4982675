"""grade-batch: results per submission, grades.csv, resume."""

from __future__ import annotations

import shutil
from pathlib import Path

from graders.batch import grade_batch
from hogkit.cli import main
from hogkit.variant import load_variant

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "submissions"


def test_batch_and_resume(tmp_path):
    subs = tmp_path / "subs"
    for name in ("complete", "broken_syntax_error"):
        shutil.copytree(EXAMPLES / name, subs / name)
    out = tmp_path / "out"
    summary = grade_batch(subs, out=out, variant=load_variant("fa19"), jobs=2)
    assert "2 submissions" in summary
    csv = (out / "grades.csv").read_text()
    assert "complete,10,5,7,22,passed,graded" in csv
    finished = (out / "results" / "complete.json").stat().st_mtime_ns
    grade_batch(subs, out=out, variant=load_variant("fa19"), jobs=1, resume=True)
    assert (out / "results" / "complete.json").stat().st_mtime_ns == finished
    assert not list((out / "results").glob(".*.tmp"))


def test_batch_bad_input(tmp_path):
    assert main(["grade-batch", str(tmp_path), "--out", str(tmp_path / "o")]) == 2
    assert main(["grade-batch", str(tmp_path / "nope"), "--out", str(tmp_path / "o")]) == 2
