"""Grading bundled example submissions, the reports, and the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from graders.leaderboard import contest_leaderboard
from graders.report import to_gradescope, to_json, to_text
from graders.runner import grade_copy, grade_source
from hogkit.generate.solution import solution_hog_source
from hogkit.variant import load_variant
from hogkit_cli.main import main
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples" / "submissions"
FA19 = load_variant("fa19")


def zero_problems(name: str) -> tuple[int, list[str]]:
    result = grade_copy(EXAMPLES / name, FA19)
    return result.total, [p.id for p in result.problems if p.points and p.earned == 0]


@pytest.mark.parametrize(("name", "total", "zeros"), [
    ("complete", 22, []),
    ("skeleton", 0, None),
    ("partial_bacon_wrong_digit", 21, ["02"]),  # later problems are judged given this free_bacon
    ("partial_swap_after_goal", 17, ["05a", "05b", "06"]),
    ("partial_feral_opponent", 21, ["05b"]),
    ("partial_commentary_off_by_one", 20, ["06"]),
    ("partial_highest_ties", 19, ["07"]),
    ("broken_syntax_error", 0, None),
    ("broken_non_utf8", 0, None),
    ("broken_empty", 0, None),
    ("broken_missing_function", 21, ["02"]),  # later problems are judged given the reference's free_bacon
    ("broken_wrong_signature", 20, ["03"]),
    ("hostile_exit_on_import", 0, None),
    ("hostile_fake_results", 0, None),
    ("hostile_patch_harness", 0, None),
    ("hostile_read_solution", 0, None),
    ("hostile_fork_bomb", 21, ["02"]),
    ("hostile_os_exit", 21, ["02"]),
    ("hostile_write_outside", 22, []),
    ("hostile_delete_files", 22, []),
    ("hostile_leave_child", 22, []),
])
def test_examples(name, total, zeros):
    got_total, got_zeros = zero_problems(name)
    assert got_total == total
    if zeros is not None:
        assert got_zeros == zeros
    assert not Path("/tmp/hogkit-pwned.txt").exists()


@pytest.mark.parametrize("variant", ["fa17", "pig-tail", "sp18"])
def test_reference_gets_full_marks_in_other_variants(variant):
    v = load_variant(variant)
    result = grade_source(solution_hog_source(v).encode(), v, fuzz_examples=10)
    assert result.total == v.total_points and result.checkpoint


def test_fuzz_feedback_shows_the_shrunk_call():
    text = solution_hog_source(FA19).replace(
        "    return first_times_last(player_score) == first_times_last(opponent_score)",
        "    return first_times_last(player_score) == first_times_last(opponent_score) and player_score > 0")
    result = grade_source(text.encode(), FA19)
    fuzz = [t for p in result.problems if p.id == "04" for t in p.tests if t.name.startswith("fuzz")]
    assert fuzz[0].feedback == "is_swap(0, 0) returned False; expected True"
    again = grade_source(text.encode(), FA19)
    assert to_json(again)["total"] == to_json(result)["total"]


def test_reports():
    result = grade_copy(EXAMPLES / "partial_feral_opponent", FA19)
    text = to_text(result)
    assert "Phase 1 checkpoint: not passed" in text and "Total: 21/22" in text
    assert "FAIL Problem 5b" in text and "hidden 0/1" in text and "python3 ok" in text
    data = to_json(result)
    assert data["phases"]["1"] == {"title": "Simulator", "earned": 9, "possible": 10}
    feral = next(p for p in data["problems"] if p["id"] == "05b")
    hidden = [t for t in feral["tests"] if t["visibility"] == "hidden"]
    assert hidden and all("published" in t["feedback"] and "play(" not in t["feedback"] for t in hidden)
    published = next(p for p in to_json(result, published=True)["problems"] if p["id"] == "05b")
    assert any("play(" in t["feedback"] for t in published["tests"] if t["visibility"] == "hidden")
    gs = to_gradescope(result)
    assert gs["score"] == 21 and gs["max_score"] == 22
    assert {t["visibility"] for t in gs["tests"]} == {"visible", "after_published"}
    assert all({"name", "score", "max_score", "output"} <= set(t) for t in gs["tests"])
    after = [t for t in gs["tests"] if t["visibility"] == "after_published"]
    assert len(after) == 1 and "play(" in after[0]["output"]  # which input, once grades are published
    assert not any(line.strip() == "passed" for t in gs["tests"] for line in t["output"].splitlines())
    said = result.isolation  # every report says how the copy was contained
    assert said.startswith(("namespaces (", "uid (")) and "seccomp" in said
    assert f"isolation: {said}" in text and data["isolation"] == said and f"Isolation: {said}." in gs["output"]


def test_a_copy_that_does_not_import_is_not_ok_anywhere():
    result = grade_copy(EXAMPLES / "broken_syntax_error", FA19)
    assert result.status == "import_error" and not any(p.passed for p in result.problems)
    assert "ok   Problem 0" not in to_text(result) and "FAIL Problem 0" in to_text(result)


def test_cli(tmp_path, capsys):
    assert main(["grade", str(EXAMPLES / "complete"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 22
    out = tmp_path / "results.json"
    assert main(["grade", str(EXAMPLES / "complete" / "hog.py"), "--gradescope", str(out)]) == 0
    assert json.loads(out.read_text())["score"] == 22
    assert main(["grade", str(tmp_path / "missing")]) == 2
    assert main(["grade", str(tmp_path)]) == 2
    assert main(["grade", str(EXAMPLES / "complete"), "--variant", "nope"]) == 2
    assert capsys.readouterr().err.count("error:") == 3


def test_examples_match_the_reference():
    """The bundled examples are made from the committed reference; regenerate them when it changes."""
    for example, source in (("complete", "solutions"), ("skeleton", "student_skeleton")):
        assert (EXAMPLES / example / "hog.py").read_text() == (ROOT / source / "hog.py").read_text(), (
            "examples/submissions is stale: run python examples/make_examples.py")


def test_leaderboard_without_a_final_strategy():
    result = grade_copy(EXAMPLES / "broken_syntax_error", FA19)
    board = contest_leaderboard(result, FA19)
    assert board.entries == [{"name": "Contest figure vs always_roll(4)", "value": 0, "order": "desc"}]
    assert board.note.startswith("Leaderboard: 0, because hog.py could not be imported: SyntaxError")
    gs = to_gradescope(result, leaderboard=board.entries, leaderboard_note=board.note)
    assert gs["leaderboard"] == board.entries and board.note in gs["output"]
    assert "final_table" not in to_json(result) and "leaderboard" not in to_gradescope(result)


def one_error_line(done: subprocess.CompletedProcess) -> str:
    """The single ``error: what — how`` line of a refused command (exit 2, no traceback)."""
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and " — " in lines[0], done.stderr
    return lines[0]


def test_grade_bad_input(tmp_path):
    def hogkit(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "hogkit_cli", "grade", *args], capture_output=True,
                              text=True, cwd=ROOT, check=False)

    complete = str(EXAMPLES / "complete")
    (tmp_path / "empty").mkdir()
    (tmp_path / "a-file").write_text("not a folder\n")
    os.mkfifo(tmp_path / "pipe.py")
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    cases = [
        ("does not exist", [str(tmp_path / "missing")]),
        ("empty has no hog.py", [str(tmp_path / "empty")]),
        ("unknown variant 'nope'", [complete, "--variant", "nope"]),
        ("pipe.py is not a regular file", [str(tmp_path / "pipe.py")]),
        ("a-file is a file, not a folder", [complete, "--gradescope", str(tmp_path / "a-file" / "results.json")]),
        ("empty is a folder", [complete, "--gradescope", str(tmp_path / "empty")]),
        ("not allowed with argument", [complete, "--json", "--gradescope", str(tmp_path / "r.json")]),
    ]
    for expected, args in cases:
        assert expected in one_error_line(hogkit(*args))
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their permissions")
def test_grade_unreadable_file(tmp_path):
    hog = tmp_path / "hog.py"
    hog.write_text("x = 1\n")
    hog.chmod(0)
    done = subprocess.run([sys.executable, "-m", "hogkit_cli", "grade", str(tmp_path)], capture_output=True,
                          text=True, cwd=ROOT, check=False)
    assert "cannot read" in one_error_line(done)


@pytest.mark.slow  # a hang and a memory bomb, each waited out
def test_a_hang_or_memory_bomb_ends_its_problem():
    """The grades of the slow hostile examples, and why they are no longer slow."""
    result = grade_copy(EXAMPLES / "hostile_infinite_loop", FA19)
    assert result.total == 20  # the problems after it are judged given the reference's roll_dice
    assert [p.id for p in result.problems if p.points and not p.earned] == ["01"]
    tests = {p.id: p.tests for p in result.problems}
    assert "ran out of time: no answer within 2 s" in tests["01"][0].feedback
    assert all("not run" in t.feedback for t in tests["01"][1:])
    # Problem 3's take_turn calls the looping roll_dice: it gets its own full time (a slow problem costs no
    # other its time) and is judged again given the reference's roll_dice
    assert "no answer within 2 s" in tests["03"][0].feedback and tests["03"][0].explained
    bomb = grade_copy(EXAMPLES / "hostile_memory_bomb", FA19)
    assert bomb.total == 21
    assert [p.id for p in bomb.problems if p.points and not p.earned] == ["02"]
    bacon = next(p for p in bomb.problems if p.id == "02").tests
    assert bacon[0].feedback.endswith("MemoryError: ") and all("not run" in t.feedback for t in bacon[1:])

