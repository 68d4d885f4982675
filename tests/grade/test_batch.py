"""grade-batch: results per submission, grades.csv, resume, a batch killed mid-way, bad input."""

from __future__ import annotations

import csv
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from graders.batch import grade_batch
from hogkit.variant import load_variant
from hogkit_cli.main import main
from tests.conftest import ROOT
from tests.grade.test_hostile import stray_processes

EXAMPLES = ROOT / "examples" / "submissions"


def copy_examples(folder: Path, *names: str) -> Path:
    """FOLDER with one sub-folder per example NAME, as a class's submissions."""
    for name in names:
        shutil.copytree(EXAMPLES / name, folder / name)
    return folder


def hogkit(*args: str, env: dict | None = None, **kwargs) -> subprocess.CompletedProcess:
    """Run the hogkit command as a user would."""
    return subprocess.run([sys.executable, "-m", "hogkit_cli", *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, check=False, **kwargs)


def grades(out: Path) -> dict[str, dict[str, str]]:
    """OUT/grades.csv as student -> its row (the row of maxima under ``Points Possible``)."""
    with open(out / "grades.csv", newline="", encoding="utf-8") as handle:
        return {row["student"]: row for row in csv.DictReader(handle)}


def test_batch_and_resume(tmp_path):
    subs = copy_examples(tmp_path / "subs", "complete", "broken_syntax_error")
    out = tmp_path / "out"
    summary = grade_batch(subs, out=out, variant=load_variant("fa19"), jobs=2)
    assert "2 submissions" in summary
    rows = grades(out)
    assert [rows["complete"][k] for k in ("phase1", "phase2", "phase3", "total", "checkpoint", "status")] == [
        "10", "5", "7", "22", "1", "graded"]
    finished = (out / "results" / "complete.json").stat().st_mtime_ns
    grade_batch(subs, out=out, variant=load_variant("fa19"), jobs=1, resume=True)
    assert (out / "results" / "complete.json").stat().st_mtime_ns == finished
    assert not list((out / "results").glob(".*.tmp"))
    assert not (out / ".lock").exists()
    # graded again from scratch when a kept result was made another way (published, here)
    grade_batch(subs, out=out, variant=load_variant("fa19"), jobs=1, resume=True, published=True)
    assert (out / "results" / "complete.json").stat().st_mtime_ns != finished


def sandbox_processes(tmp: Path) -> list[str]:
    """Children the batch's sandboxes left: processes working in a folder under TMP (where the
    sandboxes' folders are, without namespaces), and processes of a sandbox uid no grader holds."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and os.readlink(proc / "cwd").startswith(str(tmp)):
                found.append(proc.name)
        except OSError:
            pass
    return found + stray_processes()


def group_processes(group: int) -> list[int]:
    """Live processes of the process group GROUP (the batch and its workers), zombies aside."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if proc.name.isdigit() and int(fields[2]) == group and fields[0] not in "ZX":
            found.append(int(proc.name))
    return found


@pytest.mark.slow
def test_killed_batch_resumes_to_the_same_grades(tmp_path):
    names = ("broken_empty", "broken_syntax_error", "complete", "hostile_exit_on_import", "skeleton")
    subs = copy_examples(tmp_path / "subs", *names)
    out, results = tmp_path / "out", tmp_path / "out" / "results"
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {**os.environ, "TMPDIR": str(tmp)}
    batch = subprocess.Popen([sys.executable, "-m", "hogkit_cli", "grade-batch", str(subs), "--out", str(out),
                              "--jobs", "1"], cwd=ROOT, env=env, start_new_session=True,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while batch.poll() is None and not list(results.glob("*.json")):
            time.sleep(0.01)
    finally:
        os.kill(batch.pid, signal.SIGKILL)  # the batch's own process only: its workers must follow it
        batch.wait()
    assert batch.returncode == -signal.SIGKILL, "the batch finished before it could be killed"
    kept = {p.name: p.stat().st_mtime_ns for p in results.glob("*.json")}
    assert 1 <= len(kept) < len(names)
    deadline = time.monotonic() + 30
    while (sandbox_processes(tmp) or group_processes(batch.pid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not sandbox_processes(tmp), "a sandboxed child outlived the killed batch"
    assert not group_processes(batch.pid), "a worker outlived the killed batch"
    # What a writer killed at a bad moment could leave: a stray temporary file.
    (results / ".skeleton.json.x1y2.tmp").write_text('{"student": "skel')

    again = hogkit("grade-batch", str(subs), "--out", str(out), "--jobs", "1", "--resume", env=env)
    assert again.returncode == 0, again.stderr
    assert f"kept {len(kept)} finished result(s)" in again.stderr
    assert {p.name: p.stat().st_mtime_ns for p in results.glob("*.json") if p.name in kept} == kept
    assert sorted(p.name for p in results.iterdir()) == sorted(n + kind for n in names for kind in (".json", ".txt"))

    clean = hogkit("grade-batch", str(subs), "--out", str(tmp_path / "clean"), "--jobs", "2", env=env)
    assert clean.returncode == 0, clean.stderr
    assert (out / "grades.csv").read_text() == (tmp_path / "clean" / "grades.csv").read_text()
    assert (out / "summary.txt").read_text() == (tmp_path / "clean" / "summary.txt").read_text()


def test_resume_reads_only_whole_regular_results(tmp_path):
    subs = copy_examples(tmp_path / "subs", "complete", "broken_syntax_error")
    out = tmp_path / "out"
    (out / "results").mkdir(parents=True)
    os.mkfifo(out / "results" / "complete.json")  # reading it would wait for a writer forever
    (out / "results" / "broken_syntax_error.json").symlink_to(tmp_path / "elsewhere.json")
    (tmp_path / "elsewhere.json").write_text(json.dumps({"variant": "fa19", "total": 22, "student": "x"}))
    summary = grade_batch(subs, out=out, variant=load_variant("fa19"), jobs=1, resume=True)
    assert "2 submissions" in summary
    assert (out / "results" / "complete.json").is_file()
    assert not (out / "results" / "broken_syntax_error.json").is_symlink()
    rows = grades(out)
    assert [rows["complete"][k] for k in ("total", "checkpoint", "status")] == ["22", "1", "graded"]
    assert [rows["broken_syntax_error"][k] for k in ("total", "checkpoint", "status")] == ["0", "0", "import_error"]


def test_a_second_batch_on_the_same_folder_is_refused(tmp_path):
    import fcntl

    subs = copy_examples(tmp_path / "subs", "broken_syntax_error")
    (tmp_path / "out").mkdir()
    with open(tmp_path / "out" / ".lock", "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        done = hogkit("grade-batch", str(subs), "--out", str(tmp_path / "out"))
    assert done.returncode == 2 and "another grade-batch is writing" in done.stderr
    assert not (tmp_path / "out" / "grades.csv").exists()


def one_error_line(done: subprocess.CompletedProcess) -> str:
    """The single ``error: what — how`` line of a refused command (exit 2, no traceback)."""
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and " — " in lines[0], done.stderr
    return lines[0]


def test_batch_bad_input(tmp_path):
    subs = copy_examples(tmp_path / "subs", "broken_syntax_error")
    (tmp_path / "empty").mkdir()
    (tmp_path / "a-file").write_text("not a folder\n")
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    cases = [
        ("does not exist", [str(tmp_path / "nope"), "--out", str(tmp_path / "o1")]),
        ("holds no submissions", [str(tmp_path / "empty"), "--out", str(tmp_path / "o2")]),
        ("unknown variant 'nope'", [str(subs), "--out", str(tmp_path / "o3"), "--variant", "nope"]),
        ("a-file is not a folder", [str(tmp_path / "a-file"), "--out", str(tmp_path / "o4")]),
        ("a-file is a file, not a folder", [str(subs), "--out", str(tmp_path / "a-file")]),
        ("a-file is a file, not a folder", [str(subs), "--out", str(tmp_path / "a-file" / "out")]),
        ("--jobs 0", [str(subs), "--out", str(tmp_path / "o5"), "--jobs", "0"]),
    ]
    for expected, args in cases:
        assert expected in one_error_line(hogkit("grade-batch", *args))
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before
    assert main(["grade-batch", str(tmp_path / "nope"), "--out", str(tmp_path / "o")]) == 2


def test_a_submission_that_kills_its_worker_is_recorded(tmp_path):
    """Without isolation (asked for explicitly) a copy can kill the worker grading it: it is graded
    again alone, recorded as worker_died, and the batch goes on to grade everyone else."""
    subs = copy_examples(tmp_path / "subs", "complete", "skeleton")
    (subs / "killer").mkdir()
    (subs / "killer" / "hog.py").write_text((EXAMPLES / "skeleton" / "hog.py").read_text() + (
        "\nimport os, signal\nsignal.pidfd_send_signal(os.pidfd_open(os.getppid()), signal.SIGKILL)\n"))
    done = hogkit("grade-batch", str(subs), "--out", str(tmp_path / "out"), "--isolation", "none",
                  "--unsafe-no-isolation")
    assert done.returncode == 0, done.stderr
    rows = grades(tmp_path / "out")
    assert [rows["complete"][k] for k in ("total", "checkpoint", "status")] == ["22", "1", "graded"]
    assert rows["skeleton"]["total"] == "0" and rows["skeleton"]["status"] == "graded"
    assert rows["killer"]["status"] == "worker_died" and "killed the grader's worker" in rows["killer"]["reason"]
    summary = (tmp_path / "out" / "summary.txt").read_text()
    assert summary.startswith("UNSAFE: graded without operating-system isolation")
    assert all("UNSAFE" in json.loads(p.read_text())["notes"][0] for p in (tmp_path / "out" / "results").glob("*.json")
               if json.loads(p.read_text())["status"] == "graded")
