"""The whole class, as the course runs it: 120 roster students send their copies with their kits'
own ``python3 ok --submit``; the server is killed (``kill -9``) halfway and started again; every
acknowledged submission is kept and graded with exactly the grade ``grade-batch`` gives the same
copy, and ``hogkit export`` writes grade-batch's rows. Once on SQLite with local workers, once on
PostgreSQL and Redis with two ``hogkit worker`` processes, one of them killed halfway too."""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bench.services import CourseServer, Workers, free_port, write_roster
from tests.conftest import ROOT
from tests.serve.conftest import EXAMPLES, build_submitting_kit, ok, student_folder

COPIES = ["complete", "skeleton", "broken_syntax_error", "partial_bacon_wrong_digit", "partial_swap_after_goal",
          "hostile_exit_on_import"]
STUDENTS = 120
TWICE = 12  # students who send a skeleton first, then their copy (the final one)
GRADED_WITHIN = 40 * 60  # a bound that ends a broken run, far above the few minutes it takes


def roster_emails() -> list[str]:
    return [f"Student{n:03}@Example.edu" if n % 7 == 0 else f"student{n:03}@example.edu" for n in range(STUDENTS)]


def copy_of(n: int) -> str:
    return COPIES[n % len(COPIES)]


@pytest.fixture(scope="module")
def batch_rows(tmp_path_factory) -> dict[str, list[str]]:
    """grade-batch's grades.csv row of each copy (without its first cell, the student)."""
    root = tmp_path_factory.mktemp("batch")
    for name in COPIES:
        (root / "class" / name).mkdir(parents=True)
        shutil.copy(EXAMPLES / name / "hog.py", root / "class" / name / "hog.py")
    done = subprocess.run([sys.executable, "-m", "hogkit_cli", "grade-batch", str(root / "class"), "--out",
                           str(root / "grades"), "--variant", "fa19", "--jobs", "2"], cwd=ROOT, capture_output=True,
                          text=True, timeout=1200)
    assert done.returncode == 0, done.stderr
    return _rows(root / "grades" / "grades.csv")


def _rows(path: Path) -> dict[str, list[str]]:
    with path.open(newline="") as handle:
        rows = list(csv.reader(handle))
    return {row[0]: row[1:] for row in rows[1:]}


def submit_all(server: CourseServer, kit: Path, root: Path, *, halfway) -> dict[str, list[dict]]:
    """Every student sends their copy with the kit's ok (again, as a student would, when it fails, and
    with --force when ok says the copy does not load);
    HALFWAY() runs once half of them have their receipt. Return each student's receipts."""
    tokens = server.tokens()
    emails = roster_emails()
    done = []
    lock = threading.Lock()
    fired = threading.Event()

    def student(n: int) -> tuple[str, list[dict]]:
        email = emails[n]
        folder = student_folder(kit, root / f"s{n:03}", "skeleton" if n < TWICE else copy_of(n))
        token = tokens[email.strip().lower()]
        sends = [["--submit", "--email", f"  {email.upper()} ", "--token", token]]
        if n < TWICE:
            sends.append(["--submit"])  # the email and token were kept
        for number, args in enumerate(sends):
            if number:
                shutil.copy(EXAMPLES / copy_of(n) / "hog.py", folder / "hog.py")
            for _ in range(120):
                result = ok(folder, *args)
                if result.returncode == 0:
                    break
                if "--force" not in args and "ok --submit --force" in result.stderr:
                    assert result.stderr.startswith("error: hog.py does not load"), result.stderr
                    args = [*args, "--force"]  # told it scores nothing, the student hands it in as it is
                    continue
                assert "not submitted" in result.stderr and result.stderr.count("\n") == 1, result.stderr
                time.sleep(1)  # the server is down: try again, as a student would
            else:
                raise AssertionError(f"{email} could not submit")
        with lock:
            done.append(n)
            if len(done) == STUDENTS // 2 and not fired.is_set():
                fired.set()
                halfway()
        receipts = sorted((json.loads(p.read_text()) for p in (folder / "submissions").glob("*.receipt.json")),
                          key=lambda receipt: receipt["id"])
        return email.strip().lower(), receipts

    with ThreadPoolExecutor(6) as pool:
        return dict(pool.map(student, range(STUDENTS)))


def wait_graded(server: CourseServer, receipts: dict[str, list[dict]]) -> dict[str, dict]:
    """Each student's uploads, by the staff's API, once every acknowledged submission has its grade."""
    staff = server.staff_token()
    deadline = time.monotonic() + GRADED_WITHIN
    while True:
        views = {email: server.api(f"api/staff/student?email={email}", token=staff)[1] for email in receipts}
        ungraded = [r["id"] for email, rs in receipts.items() for r in rs
                    if not any(u["id"] == r["id"] and "result" in u and u["grading"] == "graded"
                               for u in views[email]["uploads"])]
        if not ungraded:
            return views
        assert time.monotonic() < deadline, f"{len(ungraded)} submissions not graded: {server.log()[-3000:]}"
        time.sleep(3)


def check_class(server: CourseServer, receipts: dict[str, list[dict]], batch_rows: dict[str, list[str]],
                tmp_path: Path) -> None:
    assert len(receipts) == STUDENTS
    assert sum(len(rs) for rs in receipts.values()) == STUDENTS + TWICE
    views = wait_graded(server, receipts)
    for n, email in enumerate(e.strip().lower() for e in roster_emails()):
        uploads = {u["id"]: u for u in views[email]["uploads"] if u["kind"] == "submission"}
        for receipt in receipts[email]:  # nothing acknowledged is lost, and each is graded as its copy
            kept = uploads[receipt["id"]]
            assert kept["sha256"] == receipt["sha256"] and kept["received"] == receipt["received"]
        finals = [u for u in uploads.values() if u["final"]]
        assert len(finals) == 1 and finals[0]["id"] == receipts[email][-1]["id"]
        expected, result = batch_rows[copy_of(n)], finals[0]["result"]
        assert result["total"] == float(expected[COLUMNS.index("total")]), (email, copy_of(n), result["status"],
                                                                            result.get("notes"), receipts[email])
    out = tmp_path / "grades.csv"
    done = subprocess.run([sys.executable, "-m", "hogkit_cli", "export", "--data", str(server.data), "--out",
                           str(out), *server.export_args], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    exported = _rows(out)
    assert exported.pop("Points Possible") == batch_rows["Points Possible"]
    assert sorted(exported) == sorted(e.strip().lower() for e in roster_emails())
    for n, email in enumerate(e.strip().lower() for e in roster_emails()):
        assert exported[email] == batch_rows[copy_of(n)], (email, copy_of(n))


COLUMNS = ["Problem 0", "Problem 1", "Problem 2", "Problem 3", "Problem 4", "Problem 5a", "Problem 5b", "Problem 6",
           "Problem 7", "Problem 8", "Problem 9", "Problem 10", "Problem 11", "Problem 12", "phase1", "phase2",
           "phase3", "total", "checkpoint", "status", "reason", "isolation"]


@pytest.mark.slow
def test_a_class_on_sqlite_survives_kill_9(tmp_path, batch_rows):
    port = free_port()
    kit = build_submitting_kit(f"http://127.0.0.1:{port}/", tmp_path / "kit")
    roster = write_roster(tmp_path / "roster.csv", roster_emails())
    server = CourseServer(tmp_path / "course", port=port, args=[
        "--variant", "fa19", "--roster", str(roster), "--workers", "2", "--lease-seconds", "6"]).start()
    server.export_args = []

    def halfway() -> None:
        server.kill()
        assert server.leftovers() == []  # its local workers died with it
        server.start()

    try:
        receipts = submit_all(server, kit, tmp_path / "students", halfway=halfway)
        check_class(server, receipts, batch_rows, tmp_path)
    finally:
        server.stop()
    assert "Traceback" not in server.log()
    assert server.leftovers() == []


@pytest.mark.slow
def test_a_class_on_postgresql_and_redis_with_two_workers(tmp_path, batch_rows, postgres, redis):
    port = free_port()
    kit = build_submitting_kit(f"http://127.0.0.1:{port}/", tmp_path / "kit")
    roster = write_roster(tmp_path / "roster.csv", roster_emails())
    db = postgres.new_database("whole_class")
    server = CourseServer(tmp_path / "course", port=port, args=[
        "--variant", "fa19", "--roster", str(roster), "--workers", "0", "--db", db, "--queue", redis.url,
        "--lease-seconds", "6"]).start()
    server.export_args = ["--db", db, "--queue", redis.url]
    worker_args = ["--workers", "1", "--lease-seconds", "6"]
    workers = [Workers(db=db, queue=redis.url, args=worker_args, log=tmp_path / f"worker{i}.log") for i in range(2)]

    def halfway() -> None:
        workers[0].kill()  # mid-job, most likely: its job is graded again by the other, or by its successor
        server.kill()
        server.start()
        workers[0] = Workers(db=db, queue=redis.url, args=worker_args, log=tmp_path / "worker0.log")

    try:
        receipts = submit_all(server, kit, tmp_path / "students", halfway=halfway)
        check_class(server, receipts, batch_rows, tmp_path)
        status, overview = server.api("api/staff/overview", token=server.staff_token())
        assert status == 200 and overview["queue"]["failed"] == 0
        assert len([w for w in overview["queue"]["workers"] if w["graded"]]) >= 2
    finally:
        for worker in workers:
            worker.stop()
        server.stop()
    assert "Traceback" not in server.log()
    for i in range(2):
        assert "Traceback" not in (tmp_path / f"worker{i}.log").read_text()
