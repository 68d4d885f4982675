"""Two suites, one copy: ``--compare-ok-tests`` grades with HogKit's tests, runs a course's okpy
suite too, and reports each problem on which they disagree with the words of the deciding case;
and a Gradescope grade with a course's suite names its questions and computes the leaderboard.

``tests/data/small_course_suite`` is an okpy suite of our own (see its README) that disagrees with
HogKit's tests both ways; a course's own suite is used only with ``HOGKIT_COURSES`` (slow)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from graders.batch import grade_batch
from graders.gradebook import variant_columns, write_gradebook
from graders.isolation import detect
from graders.leaderboard import contest_leaderboard
from graders.runner import grade_source
from hogkit.variant import load_variant
from hogkit_cli.main import main
from tests.conftest import ROOT
from tests.grade.test_batch import grades, hogkit, one_error_line

SUITE = ROOT / "tests" / "data" / "small_course_suite"
COMPLETE = (ROOT / "examples" / "submissions" / "complete" / "hog.py").read_text()
RIGHT = "    tens, ones = score // 10 % 10, score % 10\n    return 10 - min(tens, ones)\n"
COPIES = {  # free_bacon written two wrong ways: each suite misses one of them
    "one_digit": COMPLETE.replace(RIGHT, "    return 10 - min(int(d) for d in str(score))\n"),  # 7 has no tens digit
    "no_mod": COMPLETE.replace(RIGHT, "    tens, ones = score // 10, score % 10\n    return 10 - min(tens, ones)\n"),
}
FA19 = load_variant("fa19")
COURSES = Path(os.environ["HOGKIT_COURSES"]) if os.environ.get("HOGKIT_COURSES") else None


def class_of(folder: Path, copies: dict[str, str]) -> Path:
    for name, source in copies.items():
        (folder / name).mkdir(parents=True)
        (folder / name / "hog.py").write_text(source)
    return folder


@pytest.mark.slow  # several copies graded by both suites
def test_disagreeing_suites_are_reported_per_problem(tmp_path):
    assert all(RIGHT not in source for source in COPIES.values())
    out = tmp_path / "out"
    summary = grade_batch(class_of(tmp_path / "subs", COPIES), out=out, variant=FA19, jobs=2, compare_tests=SUITE)
    rows = grades(out)
    assert rows["one_digit"]["Problem 2"] == "0" and rows["no_mod"]["Problem 2"] == "1"  # HogKit's tests score
    assert "  Problem 2: HogKit's tests alone fail 1 copy, first on Free Bacon: free_bacon(7) (Free Bacon: 7 has " \
           "digits 0 and 7; the smaller is 0, so 10 points.); the course's alone fail 1 copy" in summary

    one = json.loads((out / "results" / "one_digit.json").read_text())["comparison"]
    [found] = one["disagreements"]
    assert (found["problem"], found["question"], found["hogkit"], found["course"]) == ("02", "Question 2", "0/1", "1/1")
    assert found["hogkit_failures"][0]["test"] == "Free Bacon: free_bacon(7)"
    assert found["hogkit_failures"][0]["words"] == "Free Bacon: 7 has digits 0 and 7; the smaller is 0, so 10 points."
    assert "A score under 10 has a tens digit of 0." in found["rules"][0] and not found["course_failures"]
    hidden = [f for f in found["hogkit_failures"] if f["test"] == "free_bacon over its whole domain"]
    assert hidden and "details are shown once grades are published" in hidden[0]["feedback"]  # not --published

    other = json.loads((out / "results" / "no_mod.json").read_text())["comparison"]["disagreements"]
    assert [(d["hogkit"], d["course"]) for d in other] == [("1/1", "0/1")]
    assert other[0]["course_failures"][0]["test"] == "Question 2 > Suite 1 > Case 2"
    assert "free_bacon(105)" in other[0]["course_failures"][0]["feedback"]

    report = (out / "results" / "one_digit.txt").read_text()
    section = report.split("disagree on 1 problem(s):\n")[1]
    assert section.startswith("  Problem 2 (Question 2) fails HogKit's tests and passes the course's: HogKit's "
                              "tests 0/1, the course's 1/1\n    HogKit's test fails: Free Bacon: free_bacon(7)\n"
                              "      the case: Free Bacon: 7 has digits 0 and 7; the smaller is 0, so 10 points.\n")
    with open(out / "disagreements.csv", newline="", encoding="utf-8") as handle:
        table = handle.read()
    assert table.splitlines()[0] == ('"student","problem","question","hogkit","course","hogkit_failing","the_case",'
                                     '"course_failing","rules"')
    assert len(table.splitlines()) == 3 and '"one_digit","Problem 2","Question 2","0/1","1/1"' in table

    # a gradebook written again without the comparison leaves no disagreements.csv behind
    saved = sorted((out / "results").glob("*.json"))
    rows = [{k: v for k, v in json.loads(p.read_text()).items() if k != "comparison"} for p in saved]
    write_gradebook(rows, out=out, variant=FA19, columns=variant_columns(FA19, checkpoint=False), hidden=[],
                    isolation=detect(), file_ids=[p.stem for p in saved])
    assert not (out / "disagreements.csv").exists() and "disagree" not in (out / "summary.txt").read_text()


def test_comparing_is_refused_where_it_cannot_mean_anything(tmp_path, capsys):
    copy = class_of(tmp_path / "subs", {"a": COMPLETE}) / "a"
    line = one_error_line(hogkit("grade", str(copy), "--ok-tests", str(SUITE), "--compare-ok-tests", str(SUITE)))
    assert "not allowed with argument --ok-tests" in line
    assert main(["grade", str(copy), "--compare-ok-tests", str(SUITE), "--gradescope", str(tmp_path / "r.json")]) == 2
    assert "--compare-ok-tests reports to staff" in capsys.readouterr().err
    assert main(["grade", str(copy), "--compare-ok-tests", str(tmp_path)]) == 2
    assert "no .ok file" in capsys.readouterr().err
    assert not (tmp_path / "r.json").exists()


def test_gradescope_with_a_course_suite_names_questions_and_computes_the_leaderboard(tmp_path, capsys):
    copy = class_of(tmp_path / "subs", {"a": COMPLETE}) / "a"
    results = tmp_path / "results.json"
    assert main(["grade", str(copy), "--ok-tests", str(SUITE), "--gradescope", str(results)]) == 0
    data = json.loads(results.read_text())
    names = [t["name"] for t in data["tests"]]
    assert names[:2] == ["Question 1", "Question 2"] and data["score"] == 3
    assert not [name for name in names if name.endswith(":") or name.endswith(": ")]
    own = contest_leaderboard(grade_source(COMPLETE.encode(), FA19), FA19)
    assert own.entries[0]["value"] > 0.5 and data["leaderboard"] == own.entries
    assert "not checked" not in data["output"] and "your final_strategy wins" in data["output"]
    # a checkpoint grade never asks for final_strategy: no leaderboard rather than a 0
    assert main(["grade", str(copy), "--checkpoint", "--gradescope", str(results)]) == 0
    assert "leaderboard" not in json.loads(results.read_text())
    capsys.readouterr()


@pytest.mark.slow
@pytest.mark.skipif(COURSES is None or not (COURSES / "sp22" / "course").is_dir(),
                    reason="set HOGKIT_COURSES to a folder holding sp22/course (the course's own suite)")
def test_hefty_hogs_against_spring_2022s_own_suite(tmp_path):
    """Spring 2022's hefty_hogs without its first case (an opponent with 0 points scores 1): the
    course's suite never tries it, HogKit's tests do, and the report quotes the case."""
    copy = (ROOT / "tests" / "data" / "course_copies" / "sp22_while.py").read_text()
    first = "    if opponent_score == 0:\n        return 1\n"
    assert first in copy
    folder = tmp_path / "subs" / "student"
    folder.mkdir(parents=True)
    (folder / "hog.py").write_text(copy.replace(first, ""))
    course = tmp_path / "course"
    shutil.copytree(COURSES / "sp22" / "course", course)
    done = hogkit("grade", str(folder), "--variant", "sp22", "--compare-ok-tests", str(course), "--json")
    assert done.returncode == 0, done.stderr[-2000:]
    found = {d["problem"]: d for d in json.loads(done.stdout)["comparison"]["disagreements"]}
    hefty = found["02"]
    assert hefty["hogkit"] == "0/4" and hefty["course"] == "4/4" and not hefty["course_failures"]
    assert hefty["hogkit_failures"][0]["test"] == "Hefty Hogs: hefty_hogs(50, 0)"
    assert hefty["hogkit_failures"][0]["words"] == "Hefty Hogs: An opponent with 0 points: 1 point."
    assert "scores 1 point if the opponent has 0" in hefty["rules"][0]
