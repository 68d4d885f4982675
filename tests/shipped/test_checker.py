"""The kit's checker, driven as a student drives it: ``python3 ok ...`` in a built kit, with stdin."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hogkit.generate.bank import build_bank
from hogkit.generate.pipeline import STEPS, build_kit
from hogkit.shipped import ok as checker
from hogkit.variant import DEFAULT_VARIANT, load_variant
from tests.conftest import ROOT

KIT_STEPS = [step for step in STEPS if step[0] in ("reference files", "support files", "student skeleton",
                                                 "contest check", "question bank", "checker")]


class Kits(dict):
    """Built kits and each one's unlock answers, per problem, by variant name: each built when a
    test first asks for it (a worker that runs only fa19's tests builds only fa19's kit)."""

    def __init__(self, factory: pytest.TempPathFactory) -> None:
        super().__init__()
        self.factory = factory

    def __missing__(self, name: str) -> tuple[Path, dict[str, list[str]]]:
        variant = load_variant(name)
        if variant.name == DEFAULT_VARIANT:  # committed, and held to a fresh build by tests/build
            out = ROOT
        else:
            out = self.factory.mktemp(name)
            build_kit(variant, out=out, steps=KIT_STEPS)
        answers: dict[str, list[str]] = {}
        build_bank(variant, answers=answers)
        self[name] = (out, answers)
        return self[name]


def copy_skeleton(out: Path, dest: Path) -> Path:
    """DEST: a copy of the student skeleton of the kit in OUT, leaving out any ``__pycache__`` in it
    (the committed kit's skeleton may hold one where Python ran it in place)."""
    shutil.copytree(out / "student_skeleton", dest, ignore=shutil.ignore_patterns("__pycache__"))
    return dest


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    """The kits of the variants the module's tests use, built on demand."""
    return Kits(tmp_path_factory)


@pytest.fixture
def fa19_kit(kits, tmp_path):
    """A fresh copy of the fa19 student kit, and its answers."""
    out, answers = kits["fa19"]
    copy = copy_skeleton(out, tmp_path / "kit")
    return copy, out / "solutions" / "hog.py", answers


def ok(kit: Path, *args: str, stdin: str = "", timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "ok", *args], cwd=kit, input=stdin, capture_output=True,
                          text=True, timeout=timeout)


def unlock_all(kit: Path, answers: dict[str, list[str]], pid: str) -> subprocess.CompletedProcess:
    return ok(kit, "-q", pid, "-u", stdin="\n".join(answers[pid]) + "\n")


def test_unknown_question_is_a_usage_error(fa19_kit):
    kit, _, _ = fa19_kit
    proc = ok(kit, "-q", "42")
    assert proc.returncode == 2
    assert proc.stderr.strip().startswith("error: no question 42 — questions are 00, 01, 02,")
    assert "Traceback" not in proc.stderr


def test_unlock_wrong_then_right_then_test(fa19_kit):
    kit, reference, answers = fa19_kit
    locked = ok(kit, "-q", "01")
    assert locked.returncode == 1 and "locked" in locked.stderr
    first, *rest = answers["01"]
    proc = ok(kit, "-q", "01", "-u", stdin="\n".join(["1.0", "12", first, *rest]) + "\n")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.count("Not quite") == 2
    assert "is unlocked" in proc.stdout
    progress = json.loads((kit / checker.PROGRESS_FILE).read_text())
    assert progress["attempts"]["01-u1"] == 3
    skeleton = ok(kit, "-q", "01")
    assert skeleton.returncode == 1
    assert "FAILED" in skeleton.stdout and "# Expected:" in skeleton.stdout and "Traceback" not in skeleton.stdout
    assert "(unlock this problem" not in skeleton.stdout  # unlocked: the expected output is shown
    shutil.copy(reference, kit / "hog.py")
    solved = ok(kit, "-q", "01")
    assert solved.returncode == 0 and "0 failed" in solved.stdout


def test_choice_questions_take_letter_or_text(fa19_kit):
    kit, _, answers = fa19_kit
    proc = unlock_all(kit, answers, "00")
    assert proc.returncode == 0 and "is unlocked" in proc.stdout
    assert "Infinite loop" in answers["00"] and "Error" in answers["00"]


def test_forced_json_says_whether_a_problem_is_unlocked(fa19_kit):
    """``--force --json`` (what the notebooks run) says whether each problem is unlocked, also for
    a problem without tests, whose only job is unlocking."""
    kit, reference, answers = fa19_kit
    shutil.copy(reference, kit / "hog.py")

    def found(pid: str) -> dict:
        proc = ok(kit, "-q", pid, "--force", "--json")
        return json.loads(proc.stdout)["problems"][0]

    assert found("00") == {"id": "00", "passed": 0, "failed": 0, "unlocked": False, "cases": []}
    assert found("01")["unlocked"] is False and found("01")["passed"] == 6
    for pid in ("00", "01"):
        assert unlock_all(kit, answers, pid).returncode == 0
        assert found(pid)["unlocked"] is True


def test_resume_after_interrupted_unlock(fa19_kit):
    kit, _, answers = fa19_kit
    first = ok(kit, "-q", "02", "-u", stdin=answers["02"][0] + "\n")  # then EOF, like Ctrl-D
    assert first.returncode == 1 and "What you unlocked so far is saved" in first.stdout
    assert "Traceback" not in first.stdout + first.stderr
    second = ok(kit, "-q", "02", "-u", stdin="\n".join(answers["02"][1:]) + "\n")
    assert second.returncode == 0 and "is unlocked" in second.stdout


def test_exit_keeps_progress(fa19_kit):
    kit, _, answers = fa19_kit
    ok(kit, "-q", "04", "-u", stdin=answers["04"][0] + "\nexit()\n")
    progress = json.loads((kit / checker.PROGRESS_FILE).read_text())
    assert list(progress["proofs"]) == ["04-u1"]


def test_forged_progress_is_refused(fa19_kit):
    kit, _, answers = fa19_kit
    unlock_all(kit, answers, "00")
    bank = json.loads((kit / checker.BANK_FILE).read_text())
    path = kit / checker.PROGRESS_FILE
    data = json.loads(path.read_text())
    # A careful forger even recomputes the file's MAC, but cannot make proofs without the answers.
    data["proofs"]["01-u1"] = ["0" * 64]
    progress = checker.Progress.__new__(checker.Progress)
    progress.key = bank["key"]
    data["mac"] = progress._mac(data["proofs"], data["attempts"])
    path.write_text(json.dumps(data))
    proc = ok(kit, "-q", "01")
    assert proc.returncode == 1
    assert proc.stderr.count("\n") == 1 and "edited by hand" in proc.stderr
    data["proofs"] = {"01-u1": data["proofs"]["01-u1"]}
    path.write_text(json.dumps({**data, "mac": "1" * 64}))
    assert "edited by hand" in ok(kit).stderr


def test_corrupt_progress_is_replaced(fa19_kit):
    kit, _, _ = fa19_kit
    (kit / checker.PROGRESS_FILE).write_text("{not json")
    proc = ok(kit, "-q", "00", "-u", stdin="")
    assert proc.stderr.strip().startswith("warning:") and proc.stderr.count("\n") == 1
    assert json.loads((kit / checker.PROGRESS_FILE).read_text())["proofs"] == {}


def test_tampered_bank_is_refused(fa19_kit):
    kit, _, _ = fa19_kit
    path = kit / checker.BANK_FILE
    bank = json.loads(path.read_text())
    bank["problems"][1]["unlock"] = []  # "unlock" Problem 1 by deleting its questions
    path.write_text(json.dumps(bank))
    proc = ok(kit, "-q", "01")
    assert proc.returncode == 1 and "has been changed" in proc.stderr and "Traceback" not in proc.stderr


def test_score_reference_full_and_skeleton_zero(fa19_kit):
    kit, reference, _ = fa19_kit
    zero = ok(kit, "--score", "--json")
    summary = json.loads(zero.stdout)
    assert summary["total"] == 0 and not summary["checkpoint"]
    shutil.copy(reference, kit / "hog.py")
    full = json.loads(ok(kit, "--score", "--json").stdout)
    assert full["total"] == full["possible"] == 22 and full["checkpoint"]
    text = ok(kit, "--score").stdout
    assert "Phase 1 checkpoint: complete" in text and "Total: 22 / 22" in text


def test_hanging_student_code_is_stopped(fa19_kit):
    kit, reference, _ = fa19_kit
    source = reference.read_text()
    source = source.replace("    who = 0  # Who", "    while True:\n        pass\n    who = 0  # Who", 1)
    (kit / "hog.py").write_text(source)
    start = time.monotonic()
    proc = ok(kit, "-q", "05a", "--force", "--timeout", "0.5", "-v")
    assert time.monotonic() - start < 30
    assert proc.returncode == 1 and "probably an infinite loop" in proc.stdout


def looping_play(kit: Path, reference: Path, loop: str) -> Path:
    """Put in KIT a copy of REFERENCE whose play notes each call in a file, then runs LOOP; the file."""
    calls = kit / "plays.txt"
    source = reference.read_text()
    marker = "    who = 0  # Who"
    assert source.count(marker) == 1
    (kit / "hog.py").write_text(source.replace(
        marker, f"    with open({str(calls)!r}, 'a') as note:\n        note.write('play\\n')\n{loop}\n{marker}"))
    return calls


@pytest.mark.parametrize("loop", ["    while True:\n        pass",  # stopped inside the case
                                  "    import time\n    time.sleep(3600)"],  # deaf to that: the process is killed
                         ids=["loop", "sleep"])
def test_a_case_out_of_time_ends_its_problem(fa19_kit, loop):
    """Once a case of a problem runs out of time, its other cases are not run, and are counted failed."""
    kit, reference, _ = fa19_kit
    calls = looping_play(kit, reference, loop)
    done = ok(kit, "-q", "05a", "--force", "--timeout", "0.5", "--json")
    assert done.returncode == 1, done.stderr
    [problem] = json.loads(done.stdout)["problems"]
    cases = problem["cases"]
    assert len(cases) > 2 and calls.read_text() == "play\n"  # one case ran
    assert (problem["passed"], problem["failed"], problem["not_run"]) == (0, len(cases), len(cases) - 1)
    assert cases[0]["error"].startswith(checker.LOOP_ERROR)
    assert all(case["error"] == checker.NOT_RUN for case in cases[1:])
    if "sleep" in loop:
        return
    calls.unlink()
    text = ok(kit, "-q", "05a", "--force", "--timeout", "0.5")
    assert calls.read_text() == "play\n"
    assert f"0 passed, {len(cases)} failed of {len(cases)} cases.\n{len(cases) - 1} cases were not run" in text.stdout


def test_error_shows_the_line_that_raised(fa19_kit):
    kit, reference, answers = fa19_kit
    source = reference.read_text().replace("    tens, ones = score // 10 % 10, score % 10",
                                           "    tens, ones = score // 0, score % 10", 1)
    (kit / "hog.py").write_text(source)
    proc = ok(kit, "-q", "02", "--force")
    assert "ZeroDivisionError" in proc.stdout and "Raised at hog.py, line" in proc.stdout
    assert "score // 0" in proc.stdout


def test_interactive_mode_loads_student_code(fa19_kit):
    kit, _, answers = fa19_kit
    unlock_all(kit, answers, "01")
    proc = ok(kit, "-q", "01", "-i", stdin="print('free_bacon' in dir())\nexit()\n")
    assert "hog.py is loaded at the first failing case" in proc.stderr + proc.stdout
    assert "True" in proc.stdout


@pytest.mark.slow  # two more seeds' kits built and worked through; fa19's run in every make test
@pytest.mark.parametrize("name", ["sp18", "fa17"])
def test_other_variants_unlock_implement_score(kits, tmp_path, name):
    out, answers = kits[name]
    kit = copy_skeleton(out, tmp_path / name)
    assert not (kit / "hog.py").read_text() == (out / "solutions" / "hog.py").read_text()
    assert unlock_all(kit, answers, "01").returncode == 0
    before = json.loads(ok(kit, "--score", "--json").stdout)["total"]
    shutil.copy(out / "solutions" / "hog.py", kit / "hog.py")
    assert ok(kit, "-q", "01").returncode == 0
    after = json.loads(ok(kit, "--score", "--json").stdout)
    assert before == 0 and after["total"] == after["possible"]


def test_contest_entry_check(fa19_kit, tmp_path):
    """``ok --contest`` runs the same checks as ``hogkit contest check``: one line per problem."""
    from graders.contest import check_entry
    from tests.grade.test_contest import BAD

    kit, _, _ = fa19_kit
    skeleton = ok(kit, "--contest")
    assert skeleton.returncode == 1
    assert skeleton.stdout.splitlines() == [
        "FAIL PLAYER_NAME is empty — fill in PLAYER_NAME = 'your entry name'",
        "FAIL final_strategy(0, 0) returns None — it must return one of 0 to 10",
    ]
    fa19 = load_variant("fa19")
    for case in ("eleven", "raises", "prints", "stateful"):
        entry = tmp_path / f"{case}.py"
        entry.write_text(BAD[case][0])
        got = json.loads(ok(kit, "--contest", str(entry), "--json").stdout)
        assert not got["valid"] and any(BAD[case][1] in line for line in got["problems"]), got
        assert got["problems"] == check_entry(entry, fa19)
    good = tmp_path / "good.py"
    good.write_text((kit / "hog_contest.py").read_text().replace("PLAYER_NAME = ''", "PLAYER_NAME = 'me'")
                    .replace('    "*** YOUR CODE HERE ***"\n    # END', "    return 4\n    # END"))
    passed = ok(kit, "--contest", str(good))
    assert passed.returncode == 0, passed.stdout
    assert passed.stdout.startswith("good.py: ok — a valid contest entry")


def test_a_loop_stops_even_where_ctrl_c_is_ignored():
    """A background job (``python3 ok &``) starts with SIGINT ignored; a looping case must still
    be stopped after its time, and the old handler put back."""
    code = ("import signal; signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
            "from hogkit.shipped import hog_checks\n"
            "result = hog_checks.run_case_code('>>> while True: pass', {}, timeout=0.3)\n"
            "print(result['output'].splitlines()[-1], signal.getsignal(signal.SIGINT) == signal.SIG_IGN)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [*checker.LOOP.split(), "True"]
