"""A full disk or a lost database is a clear refusal, never a receipt: ``hogkit serve`` on a small
tmpfs filled up, and on a PostgreSQL cluster that is stopped under it."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bench.services import CourseServer, Postgres, Unavailable, write_roster
from tests.conftest import ROOT
from tests.serve.conftest import EXAMPLES, zipped
from tests.serve.test_attacks import post, stored

HOG = (EXAMPLES / "complete" / "hog.py").read_bytes()


@pytest.fixture
def small_disk(tmp_path):
    """A 4 MiB tmpfs (root only)."""
    folder = tmp_path / "disk"
    folder.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)],
                                           capture_output=True).returncode != 0:
        pytest.skip("mounting a tmpfs needs root")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


def test_a_full_disk_is_refused_and_nothing_is_kept(small_disk, tmp_path):
    roster = write_roster(tmp_path / "roster.csv", ["ann@example.edu"])
    server = CourseServer(small_disk / "course", args=["--variant", "fa19", "--roster", str(roster), "--workers", "0",
                                                       "--reserve", "0"]).start()
    try:
        token = server.tokens()["ann@example.edu"]
        noise = zipped({"hog.py": HOG + b"\n# " + os.urandom(150_000).hex().encode() + b"\n"})
        filler = small_disk / "filler"
        free = os.statvfs(small_disk).f_bavail * os.statvfs(small_disk).f_frsize
        filler.write_bytes(b"\0" * (free - 100_000))
        before = stored(server)
        got, reply = post(server, noise, token=token)
        assert got == 507 and reply["error"].startswith("the server's disk is full"), reply
        assert stored(server) == before
        filler.unlink()
        got, receipt = post(server, noise, token=token)
        assert got == 201 and receipt["bytes"] == len(noise)
    finally:
        server.stop()
    assert "Traceback" not in server.log()


def test_the_reserve_keeps_the_disk_from_filling(tmp_path):
    roster = write_roster(tmp_path / "roster.csv", ["ann@example.edu"])
    server = CourseServer(tmp_path / "course", args=["--variant", "fa19", "--roster", str(roster), "--workers", "0",
                                                     "--reserve", str(10 ** 16)]).start()
    try:
        got, reply = post(server, zipped({"hog.py": HOG}), token=server.tokens()["ann@example.edu"])
        assert got == 507 and "disk is full" in reply["error"]
        assert stored(server)["uploads"] == 0
    finally:
        server.stop()


def test_a_lost_database_is_refused_and_the_server_recovers(tmp_path):
    try:
        cluster = Postgres().start()
    except Unavailable as exc:
        pytest.skip(str(exc))
    try:
        roster = write_roster(tmp_path / "roster.csv", ["ann@example.edu"])
        server = CourseServer(tmp_path / "course", args=["--variant", "fa19", "--roster", str(roster), "--workers",
                                                         "0", "--db", cluster.new_database("lost")]).start()
        try:
            token = server.tokens()["ann@example.edu"]
            assert post(server, zipped({"hog.py": HOG}), token=token)[0] == 201
            cluster.stop()
            got, reply = post(server, zipped({"hog.py": HOG + b"# again\n"}), token=token)
            assert got == 503 and "database" in reply["error"] and "nothing was kept" in reply["error"], reply
            assert server.health() == 503
            cluster.start()
            got, receipt = post(server, zipped({"hog.py": HOG + b"# again\n"}), token=token)
            assert got == 201, receipt
            status, mine = server.api("api/results", token=token)
            assert status == 200 and [u["kind"] for u in mine["uploads"]] == ["submission", "submission"]
        finally:
            server.stop()
        assert "Traceback" not in server.log()
    finally:
        cluster.remove()


def test_bad_options_are_one_line(tmp_path):
    roster = write_roster(tmp_path / "roster.csv", ["ann@example.edu", "ANN@example.edu "])
    for args, said in [
            (["--roster", str(roster)], "ann@example.edu is on line 2 too"),
            (["--roster", str(tmp_path / "none.csv")], "cannot read the roster"),
            (["--db", "mysql://x/y"], "is not a database HogKit keeps a course in"),
            (["--queue", "amqp://x"], "is not a queue HogKit uses"),
            (["--due", "tomorrow"], "is not a time"),
            (["--due", "2025-10-01T23:59:00"], "has no time zone")]:
        done = subprocess.run([sys.executable, "-m", "hogkit_cli", "serve", "--variant", "fa19", "--data",
                               str(tmp_path / "c"), "--workers", "0", "--port", "0", *args], capture_output=True,
                              text=True, cwd=ROOT, timeout=120)
        assert done.returncode == 2 and done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
        assert said in done.stderr, done.stderr
        assert not (tmp_path / "c").exists()  # refused before anything was made


def test_worker_and_export_without_a_course_make_nothing(tmp_path):
    for args, said in [(["worker", "--data", str(tmp_path / "c")], "there is no course in"),
                       (["worker"], "hogkit worker needs the course's database and queue"),
                       (["export", "--data", str(tmp_path / "c"), "--out", str(tmp_path / "g.csv")],
                        "there is no course in")]:
        done = subprocess.run([sys.executable, "-m", "hogkit_cli", *args], capture_output=True, text=True, cwd=ROOT,
                              timeout=120)
        assert done.returncode == 2 and done.stderr.startswith("error: ") and said in done.stderr, done.stderr
        assert done.stderr.count("\n") == 1
    assert not (tmp_path / "c").exists() and not (tmp_path / "g.csv").exists()
