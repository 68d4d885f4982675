"""A class's gradebook as staff use it: students named by their folders exactly, per-problem and
maximum columns, a readable report each, merged scores checked against the spec's scale, and
regrades that give the same result."""

from __future__ import annotations

import csv
import json
import re
import shutil
import unicodedata
from pathlib import Path

from graders.batch import grade_batch
from graders.cells import FORMULA_START, id_text, read_id
from graders.contest import run_tournament
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
    totals = [int(rows[name]["total"]) for name in NAMES if name != "broken"]  # broken cannot be imported
    assert f"{len(totals)} graded: mean {sum(totals) / len(totals):.2f}" in summary
    assert rows["broken"]["status"] == "import_error" and "1 copy could not be imported" in summary
    failures = summary.split("failures by problem (of 3 graded):\n")[1].split("\nisolation")[0].splitlines()
    labels = [line.split(":")[0].strip() for line in failures]
    assert labels == [p for p in problems if p in labels] and "Problem 5b: 1" in summary


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


# Folder names a spreadsheet would run as formulas, or that only an escape can show.
FORMULAS = ["=cmd|' -C calc'!A0", "+1+1", "-2+3", "@SUM(1)", "\t=1+1", "\r=1+1", "'=quoted", "a;=1+1"]
ESCAPED = {"tab\there": "tab\\there", "back\\slash": "back\\\\slash", "new\nline": "new\\nline"}


def csv_cells(path: Path) -> list[list[str]]:
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


def test_no_gradebook_cell_starts_a_formula_and_ids_read_back_exactly(tmp_path):
    """Students named like formulas: every text cell of grades.csv is neutralised as OWASP advises
    (a quote before it), between double quotes, numbers left as numbers; the JSON keeps each id
    exactly; a tab is shown as an escape, never a space; and a checkpoint batch's grades.csv read
    back matches every student."""
    subs = tmp_path / "subs"
    subs.mkdir()
    names = [*FORMULAS, *ESCAPED]
    for name in names:  # files that are not submissions: rows of their own, at once
        (subs / name).write_text("not a submission")
    broken = (EXAMPLES / "broken_syntax_error" / "hog.py").read_bytes()
    (subs / "-5.py").write_bytes(broken)  # graded (an import error): the student is "-5", a text cell
    names.append("-5")
    early = tmp_path / "early"
    grade_batch(subs, out=early, variant=FA19, jobs=2, checkpoint=True)
    composition = tmp_path / "composition.csv"
    composition.write_bytes((early / "grades.csv").read_bytes().replace(b'"total"', b'"composition"', 1))
    out = tmp_path / "out"
    summary = grade_batch(subs, out=out, variant=FA19, jobs=2, checkpoint_grades=early / "grades.csv")
    assert "not in this batch" not in summary  # every id of the checkpoint's grades.csv matched

    raw = (out / "grades.csv").read_text(encoding="utf-8")
    text_cells = re.findall(r'"((?:[^"]|"")*)"', raw)
    assert text_cells and not [c for c in text_cells if c.startswith(FORMULA_START)]
    table_rows = csv_cells(out / "grades.csv")
    header = table_rows[0]
    rows = {read_id(row[0]): dict(zip(header, row, strict=True)) for row in table_rows[2:]}
    assert sorted(rows) == sorted(names)
    for row in table_rows[1:]:
        assert not row[0].startswith(FORMULA_START) and "\t" not in row[0] and "\n" not in row[0]
        assert not row[header.index("reason")].startswith(FORMULA_START)
    for name, shown in ESCAPED.items():
        assert [row[0] for row in table_rows if read_id(row[0]) == name] == [shown]
        assert f"  {shown} (not_graded): " in summary
    assert rows["=cmd|' -C calc'!A0"]["status"] == "not_graded" and rows["-5"]["total"] == "0"
    assert '"\'-5",0,0' in raw  # the id is text (quoted); its problems' points are numbers
    for path in (out / "results").glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["student"] in names  # exactly, control characters and all
        report = path.with_suffix(".txt").read_text(encoding="utf-8")
        assert report.startswith(f"HogKit grade for {id_text(data['student'])}")

    # staff's composition scores, in a file made from a grades.csv, match the same way
    merged = grade_batch(subs, out=tmp_path / "merged", variant=FA19, jobs=2, composition=composition)
    assert "not in this batch" not in merged
    assert {read_id(row[0]) for row in csv_cells(tmp_path / "merged" / "grades.csv")[2:]} == set(names)


def test_a_contest_name_is_never_a_formula(tmp_path):
    entries = tmp_path / "entries"
    entries.mkdir()
    for file, name, k in (("a.py", "=HYPERLINK(\"http://x\")", 4), ("-b.py", "@SUM(1,2)", 5)):
        (entries / file).write_text(f"PLAYER_NAME = {name!r}\ndef final_strategy(score, opponent_score):\n"
                                    f"    return {k}\n")
    run_tournament(entries, variant=FA19, out=tmp_path / "out", say=lambda *_: None)
    for name in ("ranking.csv", "matrix.csv"):
        cells = [cell for row in csv_cells(tmp_path / "out" / name) for cell in row]
        assert "'=HYPERLINK(\"http://x\")" in cells and "'@SUM(1,2)" in cells
        assert not [c for c in cells if c.startswith(FORMULA_START)], name
    ranking = csv_cells(tmp_path / "out" / "ranking.csv")
    assert "'-b.py" in ranking[1] + ranking[2] and float(ranking[1][3]) >= 0.5


def test_a_copy_that_cannot_be_imported_says_why_everywhere(tmp_path):
    """A copy with an import that fails and one with a syntax error: each row says why in the
    reason column, in its report and in summary.txt, which counts them apart from graded copies."""
    subs = tmp_path / "subs"
    complete = (EXAMPLES / "complete" / "hog.py").read_text()
    for name, source in (("no_module", "import not_a_module_xyz\n" + complete),
                         ("syntax", (EXAMPLES / "broken_syntax_error" / "hog.py").read_text()),
                         ("complete", complete)):
        (subs / name).mkdir(parents=True)
        (subs / name / "hog.py").write_text(source)
    out = tmp_path / "out"
    summary = grade_batch(subs, out=out, variant=FA19, jobs=2)
    rows = grades(out)
    why = {"no_module": "hog.py could not be imported: ModuleNotFoundError: No module named 'not_a_module_xyz'",
           "syntax": "hog.py could not be imported: SyntaxError"}
    for name, words in why.items():
        assert rows[name]["status"] == "import_error" and rows[name]["reason"].startswith(words), rows[name]
        report = (out / "results" / f"{name}.txt").read_text()
        assert report.splitlines()[1].startswith(f"  import_error: {words}")
        assert f"  {name} (import_error): {words}" in summary
    assert rows["complete"]["reason"] == "" and rows["complete"]["total"] == "22"
    assert "1 graded: mean 22.00" in summary and "2 copies could not be imported" in summary
    assert "failures by problem (of 1 graded):\nisolation" in summary


def test_notes_name_the_problems_a_crash_ended_not_how_often_it_crashed():
    """A copy whose free_bacon ends its process: the notes say which problem's tests ended early
    (stable from one grading to the next), never how many times a child was started again."""
    result = grade_source((EXAMPLES / "hostile_os_exit" / "hog.py").read_bytes(), FA19)
    ended = [note for note in result.notes if "ended early" in note]
    assert ended == ["the tests of Problem 2 ended early: the program hung, stopped, or ran out of memory or time "
                     "(each problem says how)"], result.notes
    assert not any(re.search(r"\d+ time\(s\)|\d+ call\(s\)", note) for note in result.notes)
    assert result.reason == ended[0]  # why its row is not a plain grade
