"""A class's gradebook as staff use it: students named by their folders exactly, per-problem and
maximum columns, a readable report each, merged scores checked against the spec's scale, and
regrades that give the same result."""

from __future__ import annotations

import json
import shutil
import unicodedata
from pathlib import Path

from graders.batch import grade_batch
from graders.report import to_json
from graders.runner import grade_source
from hogkit.variant import load_variant
from tests.conftest import ROOT
from tests.grade.test_batch import grades, hogkit, one_error_line

EXAMPLES = ROOT / "examples" / "submissions"
FA19 = load_variant("fa19")
NAMES = {"José Pérez 李雷": "complete", "a b": "partial_feral_opponent", "broken": "broken_syntax_error",
         "c,d": "partial_highest_ties"}


def named_class(folder: Path) -> Path:
    """A class folder whose students' folders have spaces, accents, CJK and a comma in their names."""
    for name, example in NAMES.items():
        shutil.copytree(EXAMPLES / example, folder / name)
    (folder / "nothing here").mkdir()
    return folder


def test_a_gradebook_keeps_the_folders_names(tmp_path):
    subs = named_class(tmp_path / "class")
    composition = tmp_path / "composition.csv"
    # typed on another system: the accents in decomposed form, the names as the folders have them
    composition.write_text("student,composition\n" + unicodedata.normalize("NFD", "José Pérez 李雷") + ",2\n"
                           '"c,d",1.5\na b,1\n', encoding="utf-8")
    out = subs / "grades"  # inside the class folder: never graded as a student
    summary = grade_batch(subs, out=out, variant=FA19, jobs=2, composition=composition)
    rows = grades(out)
    assert set(rows) == {"Points Possible", *NAMES, "nothing here"}
    assert "not in this batch" not in summary and "skipped 1 entry: grades (the output folder)" in summary
    assert not (out / ".lock").exists()

    # a column per problem, in the problems' order, and the row of maxima
    header = list(rows["Points Possible"])
    problems = [p.label for p in FA19.problems]
    assert header[1:1 + len(problems)] == problems
    maxima = rows["Points Possible"]
    assert [maxima[p.label] for p in FA19.problems] == [str(p.points) for p in FA19.problems]
    assert [maxima[k] for k in ("phase1", "phase2", "phase3", "total", "checkpoint", "composition",
                                "course_total", "status")] == ["10", "5", "7", "22", "1", "2", "25", "max"]
    full = rows["José Pérez 李雷"]
    assert [full[k] for k in ("total", "checkpoint", "composition", "course_total")] == ["22", "1", "2", "24"]
    assert rows["a b"]["Problem 5b"] == "0" and rows["a b"]["Problem 5a"] == "2" and rows["a b"]["checkpoint"] == "0"
    assert rows["c,d"]["composition"] == "1.5"
    assert rows["nothing here"]["status"] == "not_graded" and rows["nothing here"]["Problem 1"] == ""

    # each result has a readable report beside it, and names the student as the folder does
    results = out / "results"
    for path in results.glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        report = path.with_suffix(".txt").read_text(encoding="utf-8")
        assert data["student"] in NAMES or data["student"] == "nothing here"
        assert report.startswith(f"HogKit grade for {data['student']}")
        if data["status"] == "graded":
            assert f"Total: {data['total']}/22" in report
    assert "has no hog.py" in next(results.glob("nothing_here-*.txt")).read_text()

    # the mean counts graded copies only; failures by problem come in the problems' order
    totals = [int(rows[name]["total"]) for name in NAMES]
    assert f"{len(NAMES)} graded: mean {sum(totals) / len(totals):.2f}" in summary
    failures = summary.split("failures by problem (of 4 graded):\n")[1].split("\nisolation")[0].splitlines()
    labels = [line.split(":")[0].strip() for line in failures]
    assert labels == [p for p in problems if p in labels] and "Problem 5b: 2" in summary


def test_merged_scores_outside_the_scale_are_refused(tmp_path):
    subs = tmp_path / "subs"
    shutil.copytree(EXAMPLES / "complete", subs / "complete")
    high = tmp_path / "high.csv"
    high.write_text("student,composition\ncomplete,5\n")
    line = one_error_line(hogkit("grade-batch", str(subs), "--out", str(tmp_path / "o1"), "--composition", str(high)))
    assert "line 2: composition 5 for complete is not between 0 and 2" in line
    # a normal batch's grades.csv is not a checkpoint batch's
    normal = tmp_path / "normal"
    grade_batch(subs, out=normal, variant=FA19, jobs=1)
    line = one_error_line(hogkit("grade-batch", str(subs), "--out", str(tmp_path / "o2"), "--checkpoint-grades",
                                 str(normal / "grades.csv")))
    assert "gives total out of 22, not 1" in line and "--checkpoint" in line
    # ... nor a file of totals above the checkpoint's point, without a row of maxima
    loose = tmp_path / "loose.csv"
    loose.write_text("student,total\ncomplete,22\n")
    line = one_error_line(hogkit("grade-batch", str(subs), "--out", str(tmp_path / "o3"), "--checkpoint-grades",
                                 str(loose)))
    assert "total 22 for complete is not between 0 and 1" in line
    twice = tmp_path / "twice.csv"
    twice.write_text("student,composition\ncomplete,1\ncomplete,2\n")
    line = one_error_line(hogkit("grade-batch", str(subs), "--out", str(tmp_path / "o4"), "--composition", str(twice)))
    assert "line 3: a second composition for complete" in line
    line = one_error_line(hogkit("grade-batch", str(subs), "--out", str(tmp_path / "o5"), "--variant", "sp18",
                                 "--composition", str(twice)))
    assert "gives no points for composition" in line
    assert not any((tmp_path / f"o{i}").exists() for i in range(1, 6))


def test_grade_batch_published_shows_the_hidden_inputs(tmp_path):
    subs = tmp_path / "subs"
    shutil.copytree(EXAMPLES / "partial_feral_opponent", subs / "student")
    before, after = tmp_path / "before", tmp_path / "after"
    grade_batch(subs, out=before, variant=FA19, jobs=1)
    done = hogkit("grade-batch", str(subs), "--out", str(after), "--published", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    hidden = [t for p in json.loads((after / "results" / "student.json").read_text())["problems"]
              for t in p["tests"] if t["visibility"] == "hidden" and not t["passed"]]
    assert hidden and all("details are shown once grades are published" not in t["feedback"] for t in hidden)
    assert "details are shown once grades are published" in (before / "results" / "student.txt").read_text()
    assert "details are shown once grades are published" not in (after / "results" / "student.txt").read_text()


def test_a_regrade_is_the_same(tmp_path):
    """A copy that rolls its own random numbers gets the same feedback each time it is graded (the
    first illegal choice of a random final_strategy, shown once grades are published)."""
    source = (EXAMPLES / "complete" / "hog.py").read_text()
    marker = "    return '0123456789A'.find(FINAL_STRATEGY_TABLE[score][opponent_score])"
    assert marker in source
    source = "import random\n" + source.replace(marker, "    return random.randint(-3, 10)")

    def graded() -> dict:
        data = to_json(grade_source(source.encode(), FA19), published=True)
        data.pop("seconds")
        return data

    first = graded()
    [problem] = [p for p in first["problems"] if p["id"] == "12"]
    assert not problem["passed"] and "returned -" in problem["tests"][-1]["feedback"]
    assert graded() == first
