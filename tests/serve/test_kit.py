"""The student's side: a kit built with ``--submit-url`` sends to ``hogkit serve`` with its own
``python3 ok`` (run as a student runs it): ``--submit`` with an email and a token, both kept;
a backup after each run of ok once they are known; refusals said in one line."""

from __future__ import annotations

import json
import os

import pytest

from bench.services import CourseServer, free_port, write_roster
from hogkit.shipped import ok as checker
from tests.serve.conftest import build_submitting_kit, ok, student_folder


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    root = tmp_path_factory.mktemp("kit")
    port = free_port()
    kit = build_submitting_kit(f"http://127.0.0.1:{port}/", root / "kit")
    roster = write_roster(root / "roster.csv", ["alice@example.edu", "bob@example.edu"])
    server = CourseServer(root / "course", port=port, args=["--variant", "fa19", "--roster", str(roster),
                                                            "--workers", "0"]).start()
    yield server, kit
    assert server.stop() == 0
    assert "Traceback" not in server.log()


def _kinds(server: CourseServer, email: str) -> list[str]:
    return [u["kind"] for u in server.api("api/results", token=server.tokens()[email])[1]["uploads"]]


def test_submit_then_backups_on_each_run(course, tmp_path):
    server, kit = course
    # the skeleton's tests end fast: what is sent matters here, not its grade
    folder = student_folder(kit, tmp_path / "alice", "skeleton")
    token = server.tokens()["alice@example.edu"]
    first = ok(folder, "--submit", "--email", " Alice@Example.EDU", "--token", token)
    assert first.returncode == 0, first.stderr
    assert f"Submitted as alice@example.edu to {server.url}" in first.stdout
    assert (folder / checker.STUDENT_FILE).read_text() == "alice@example.edu\n"
    assert (folder / checker.TOKEN_FILE).read_text() == token + "\n"
    assert (folder / checker.TOKEN_FILE).stat().st_mode & 0o777 == 0o600
    [receipt] = [json.loads(p.read_text()) for p in (folder / checker.BACKUPS).glob("*.receipt.json")]
    assert receipt["student"] == "alice@example.edu" and receipt["kind"] == "submission"
    assert _kinds(server, "alice@example.edu") == ["submission"]

    run = ok(folder, "--score")
    assert run.returncode == 0 and run.stderr == f"Backup sent to 127.0.0.1:{server.port} (--no-backup stops " \
                                                 "backups).\n", run.stderr
    quiet = ok(folder, "--score", "--no-backup")
    assert quiet.returncode == 0 and quiet.stderr == ""
    local = ok(folder, "--score", "--local")
    assert local.returncode == 0 and local.stderr == ""
    assert _kinds(server, "alice@example.edu") == ["submission", "backup"]

    again = ok(folder, "--submit")  # the email and token were kept: nothing is asked
    assert again.returncode == 0 and "type" not in again.stdout
    assert _kinds(server, "alice@example.edu") == ["submission", "backup", "submission"]


@pytest.mark.slow  # seven runs of ok against the server (the server's own refusals: test_attacks)
def test_refusals_are_one_line(course, tmp_path):
    server, kit = course
    folder = student_folder(kit, tmp_path / "bob", "skeleton")
    wrong = ok(folder, "--submit", "--email", "bob@example.edu", "--token", "A" * 32)
    assert wrong.returncode == 1 and wrong.stderr.count("\n") == 1
    assert "refused the submission (401: this token is not one this course gave out" in wrong.stderr
    theirs = ok(folder, "--submit", "--email", "alice@example.edu", "--token", server.tokens()["bob@example.edu"])
    assert theirs.returncode == 1 and "(403: the token is not alice@example.edu's" in theirs.stderr
    assert _kinds(server, "bob@example.edu") == []
    for name in (checker.STUDENT_FILE, checker.TOKEN_FILE):
        os.unlink(folder / name)
    asked = ok(folder, "--submit", stdin="bob@example.edu\n")  # the token is asked, and stdin ends
    assert asked.returncode == 1 and asked.stderr.startswith("error: no token given — ")
    bad = ok(folder, "--submit", "--token", "no spaces allowed")
    assert bad.returncode == 2 and "'no spaces allowed' is not a token — " in bad.stderr
    email = ok(folder, "--submit", "--email", "../../etc")
    assert email.returncode == 2 and "'../../etc' is not an email — " in email.stderr
    assert ok(folder, "--score", "--token", "x").returncode == 2  # --token goes with --submit


def test_a_backup_that_cannot_be_sent_changes_nothing(course, tmp_path):
    server, kit = course
    folder = student_folder(kit, tmp_path / "carol", "complete")
    config = json.loads((folder / "hog.ok").read_text())
    (folder / "hog.ok").write_text(json.dumps({**config, "endpoint": f"http://127.0.0.1:{free_port()}/"}))
    (folder / checker.STUDENT_FILE).write_text("bob@example.edu\n")
    (folder / checker.TOKEN_FILE).write_text(server.tokens()["bob@example.edu"] + "\n")
    run = ok(folder, "--score")
    assert run.returncode == 0 and run.stderr.startswith("Backup not sent (could not reach 127.0.0.1:")
    assert run.stderr.count("\n") == 1
