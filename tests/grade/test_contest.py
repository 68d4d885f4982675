"""Contest entry checks (one failure each) and a tiny exact tournament."""

from __future__ import annotations

import csv

import pytest

from graders.contest import check_entry, inspect_entry, run_tournament
from hogkit.final import read_solved_table
from hogkit.variant import load_variant

GOOD = "PLAYER_NAME = 'steady'\n\ndef final_strategy(score, opponent_score):\n    return {k}\n"

BAD = {
    "no_name": ("def final_strategy(score, opponent_score):\n    return 4\n", "PLAYER_NAME is missing"),
    "blank_name": ("PLAYER_NAME = '   '\ndef final_strategy(score, opponent_score):\n    return 4\n",
                   "PLAYER_NAME is empty — fill in PLAYER_NAME"),
    "long_name": (f"PLAYER_NAME = {'x' * 101!r}\ndef final_strategy(score, opponent_score):\n    return 4\n",
                  "101 characters — shorten it to at most 100"),
    "unprintable_name": ("PLAYER_NAME = 'a\\nb'\ndef final_strategy(score, opponent_score):\n    return 4\n",
                         "cannot be printed ('\\n')"),
    "number_name": ("PLAYER_NAME = 7\ndef final_strategy(score, opponent_score):\n    return 4\n", "not a string"),
    "no_strategy": ("PLAYER_NAME = 'x'\n", "final_strategy is missing"),
    "eleven": (GOOD.format(k=11), "returns 11"),
    "text": (GOOD.format(k="'4'"), "returns '4'"),
    "raises": (GOOD.format(k="1 // (score - 50)"), "raises ZeroDivisionError"),
    "imports_badly": ("import no_such_module_here\n", "does not import"),
    "prints": ("print('hi')\n" + GOOD.format(k=4), "prints output"),
    "writes": ("open('x.txt', 'w').close()\n" + GOOD.format(k=4), "touches files"),
    "random": ("import random\n" + GOOD.format(k="random.randrange(11)"), "deterministic"),
    "stateful": ("calls = [0]\nPLAYER_NAME = 'x'\ndef final_strategy(score, opponent_score):\n"
                 "    calls[0] += 1\n    return 4 if calls[0] <= 10000 else 5\n", "deterministic"),
}


@pytest.fixture(scope="module")
def variant():
    return load_variant("pig-tail")


def test_good_entry_passes(tmp_path, variant):
    path = tmp_path / "good.py"
    path.write_text(GOOD.format(k=4))
    assert check_entry(path, variant) == []


@pytest.mark.parametrize("case", sorted(BAD))
def test_each_failure_is_one_clear_line(tmp_path, variant, case):
    source, expected = BAD[case]
    path = tmp_path / f"{case}.py"
    path.write_text(source)
    problems = check_entry(path, variant)
    assert problems and any(expected in line for line in problems), problems
    assert all("\n" not in line for line in problems)


def test_order_dependence_is_caught(tmp_path, variant):
    path = tmp_path / "order.py"
    path.write_text("last = [0]\nPLAYER_NAME = 'x'\ndef final_strategy(score, opponent_score):\n"
                    "    prev, last[0] = last[0], score\n    return 4 if prev <= score else 5\n")
    assert any("order" in line or "deterministic" in line for line in check_entry(path, variant))


def test_hang_is_reported(tmp_path, variant):
    path = tmp_path / "hang.py"
    path.write_text("while True:\n    pass\n")
    problems = inspect_entry(path, variant, timeout=2)["problems"]
    assert "did not finish" in problems[0]


def test_tiny_tournament_ranks_solved_first(tmp_path, variant):
    rows, _ = read_solved_table(variant)
    entries = tmp_path / "entries"
    entries.mkdir()
    (entries / "solved.py").write_text(
        "PLAYER_NAME = 'solved'\nT = " + repr(tuple(rows)) +
        "\ndef final_strategy(score, opponent_score):\n    return int(T[score][opponent_score], 16)\n")
    for k in (2, 4, 6):
        (entries / f"roll{k}.py").write_text(GOOD.format(k=k))
    (entries / "broken.py").write_text(GOOD.format(k=11))
    out = tmp_path / "out"
    ranking = run_tournament(entries, variant=variant, out=out, say=lambda *_: None)
    assert ranking[0][0] == "solved" and ranking[0][1] == 3
    assert [r[0] for r in ranking].count("broken") == 0
    with open(out / "matrix.csv") as f:
        assert len(list(csv.reader(f))) == 5
    assert "hsl(" in (out / "index.html").read_text()
    again = run_tournament(entries, variant=variant, out=out, resume=True, say=lambda *_: None)
    assert again == ranking


def test_sample_entries_make_a_tournament_the_solved_strategy_wins(tmp_path, variant):
    import subprocess
    import sys

    entries = tmp_path / "samples"
    done = subprocess.run([sys.executable, "-m", "hogkit_cli", "contest", "samples", str(entries), "--variant",
                           "pig-tail", "--count", "8"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert len(list(entries.glob("*.py"))) == 8
    assert not check_entry(entries / "solved.py", variant)
    ranking = run_tournament(entries, variant=variant, out=tmp_path / "out", jobs=2, say=lambda *_: None)
    assert ranking[0][0] == "solved" and ranking[0][1] == 7


@pytest.mark.parametrize("count", ["1", "100000"])
def test_sample_entries_bad_count_is_one_line(tmp_path, count):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "hogkit_cli", "contest", "samples", str(tmp_path / "s"),
                           "--count", count], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.startswith("error: ") and len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "s").exists()


@pytest.mark.slow
def test_an_interrupted_tournament_resumes_to_the_same_results(tmp_path):
    """Ctrl-C in the middle of a real ``hogkit contest run``: one error line that says how to
    finish, exit 130, the finished rows kept; ``--resume`` then skips them and writes what a
    run from scratch writes."""
    import json
    import os
    import signal
    import subprocess
    import sys
    import time

    from tests.conftest import ROOT

    def hogkit(*args):
        return subprocess.run([sys.executable, "-m", "hogkit_cli", *args], cwd=ROOT, capture_output=True,
                              text=True, check=False)

    entries, out, clean = tmp_path / "entries", tmp_path / "out", tmp_path / "clean"
    count = 40  # rows enough that the run is still going when the interrupt comes
    assert hogkit("contest", "samples", str(entries), "--variant", "sp18", "--count", str(count)).returncode == 0
    run = [sys.executable, "-m", "hogkit_cli", "contest", "run", str(entries), "--variant", "sp18",
           "--out", str(out), "--jobs", "1"]
    # Ctrl-C reaches the run even where this test was started with SIGINT ignored (a background job).
    first = subprocess.Popen(run, cwd=ROOT, start_new_session=True, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    progress = out / "progress.json"
    while first.poll() is None and not progress.exists():
        time.sleep(0.01)
    os.killpg(first.pid, signal.SIGINT)
    _, err = first.communicate(timeout=60)
    assert first.returncode == 130, err
    line = err.strip().splitlines()[-1]
    assert line.startswith("error: interrupted after ") and line.endswith(
        "— run the same command again with --resume to finish"), line
    kept = json.loads(progress.read_text())["rows"]
    assert 1 <= len(kept) < count - 1

    again = hogkit(*run[3:], "--resume")
    assert again.returncode == 0, again.stderr
    evaluated = [line for line in again.stdout.splitlines() if " pairs, " in line]
    assert len(evaluated) == count - 1 - len(kept)
    assert hogkit(*run[3:5], str(entries), "--variant", "sp18", "--out", str(clean), "--jobs", "2").returncode == 0
    for name in ("matrix.csv", "ranking.csv"):
        assert (out / name).read_text() == (clean / name).read_text()


def test_a_forged_verdict_is_not_believed(tmp_path, variant):
    """The entry runs in the child that reports on it, so it can print a verdict of its own and
    exit: the grader checks the table's shape and choices, and cleans every problem line."""
    forged = {"problems": [], "table": [[11] * variant.goal] * variant.goal, "name": "x"}
    path = tmp_path / "forger.py"
    path.write_text(f"import json, os\nos.write(1, (json.dumps({forged!r}) + '\\n').encode())\nos._exit(0)\n")
    assert check_entry(path, variant) == ["the entry crashed the checker (exit 0) — run it on its own"]
    noisy = {"problems": ["\x1b[2Jbad\u202e" * 100], "table": None}
    path.write_text(f"import json, os\nos.write(1, (json.dumps({noisy!r}) + '\\n').encode())\nos._exit(0)\n")
    [line] = check_entry(path, variant)
    assert "\x1b" not in line and "\u202e" not in line and len(line) < 400


def test_the_time_rule_is_stated_in_seconds(tmp_path, variant):
    """A slow entry is stopped when its time is up, and told the rule in the seeds' words: less
    than 10 s for all pairs (here a budget of 0.5 s keeps the test short)."""
    from hogkit.contest_rules import contest_settings
    from hogkit.shipped import contest_check

    settings = contest_settings(variant)
    assert settings["budget"] == 10
    path = tmp_path / "slow.py"
    path.write_text("import time\nPLAYER_NAME = 'slow'\ndef final_strategy(score, opponent_score):\n"
                    "    end = time.process_time() + 0.002\n    while time.process_time() < end:\n        pass\n"
                    "    return 4\n")  # CPU time: a neighbour filling the machine would not count
    problems = contest_check.run_check(path, settings | {"budget": 0.5})["problems"]
    assert len(problems) == 1 and problems[0].endswith("final_strategy must answer all 10000 in less than 0.5 s")
    assert problems[0].startswith("answering ") and " of 10000 pairs took 0.5 s" in problems[0]
    hang = tmp_path / "hang.py"
    hang.write_text("while True:\n    pass\n")
    assert inspect_entry(hang, variant, timeout=1)["problems"] == [
        "the check did not finish within 1 s — final_strategy must answer all 10000 pairs in less than 10 s"]


def test_entries_are_ranked_under_their_names(tmp_path, variant):
    """The board shows the name field; an unusable name falls back to the file's name, a shared
    name gets the file added, and both are reported in ranking.csv and on the page."""
    entries = tmp_path / "entries"
    entries.mkdir()
    for file, name, k in (("a.py", "Swift Pig", 6), ("b.py", "swift pig ", 2), ("c.py", "", 5),
                          ("d.py", "Lone Boar", 4)):
        (entries / file).write_text(f"PLAYER_NAME = {name!r}\ndef final_strategy(score, opponent_score):\n"
                                    f"    return {k}\n")
    lines = []
    ranking = run_tournament(entries, variant=variant, out=tmp_path / "out", say=lines.append)
    assert sorted(name for name, _, _ in ranking) == ["Lone Boar", "Swift Pig (a.py)", "c", "swift pig (b.py)"]
    with open(tmp_path / "out" / "ranking.csv") as f:
        rows = {row["file"]: row for row in csv.DictReader(f)}
    assert rows["c.py"]["entry"] == "c" and "PLAYER_NAME is empty" in rows["c.py"]["note"]
    assert "'Swift Pig' is shared by a.py, b.py" in rows["a.py"]["note"]
    assert rows["d.py"]["note"] == ""
    assert any("name of c.py" in line for line in lines)
    page = (tmp_path / "out" / "index.html").read_text()
    assert "Names to check" in page and "shared by a.py, b.py" in page


def test_the_reference_entry_passes_its_own_check_and_the_skeleton_asks_for_a_name(tmp_path):
    from hogkit.generate.solution import contest_source, reference_entry_name

    fa19 = load_variant("fa19")
    reference = tmp_path / "hog_contest.py"
    reference.write_text(contest_source(fa19, name=reference_entry_name(fa19)))
    result = inspect_entry(reference, fa19)
    assert result["problems"] == [] and result["name"] == "HogKit reference (fa19)"
    empty = tmp_path / "skeleton.py"
    empty.write_text(contest_source(fa19, name=""))
    assert check_entry(empty, fa19) == ["PLAYER_NAME is empty — fill in PLAYER_NAME = 'your entry name'"]


def test_sample_entries_use_every_kit_strategy(tmp_path):
    """pig-tail's Problem 11 strategy takes a threshold, not a margin: the samples still cover it."""
    from graders.sample_entries import write_sample_entries

    written = write_sample_entries(load_variant("pig-tail"), out=tmp_path, count=100)
    names = [path.stem for path in written]
    assert len(names) == 100 and "square_m2_r3" in names and "tail_m2_r3" in names
