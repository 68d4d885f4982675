"""The course server as an attacker tries it (``hogkit serve`` as a child process on loopback, no
grading workers): forged tokens, other students' emails, made-up students, oversized, slow and
malformed uploads, slowloris, too many connections, quotas. Each is refused and nothing is kept."""

from __future__ import annotations

import http.client
import json
import os
import random
import socket
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote

import pytest

from bench.services import CourseServer, write_roster
from hogkit.shipped.ok import ASSIGNMENT_HEADER, KIND_HEADER, STUDENT_HEADER
from tests.serve.conftest import ASSIGNMENT, EXAMPLES, zipped

ROSTER = ["  ALICE.W@Berkeley.EDU ", "bob@example.edu", "kate9@example.edu", "carol@example.edu",
          "dave@example.edu", "erin@example.edu"]
MAX_BYTES = 200_000
DEADLINE = 2  # --request-seconds: the protocol's own deadline is 5 s more
MOST = 150  # --max-connections
HOG = (EXAMPLES / "complete" / "hog.py").read_bytes()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("attacks")
    roster = write_roster(root / "roster.csv", ROSTER)
    course = CourseServer(root / "course", args=[
        "--variant", "fa19", "--roster", str(roster), "--workers", "0", "--max-bytes", str(MAX_BYTES),
        "--student-quota", "400000", "--student-rate", "8", "--request-seconds", str(DEADLINE),
        "--max-connections", str(MOST)]).start()
    yield course
    assert course.stop() == 0
    assert "Traceback" not in course.log()


def post(server: CourseServer, body: bytes, *, token: str | None, email: str = "", kind: str = "submission",
         assignment: str = ASSIGNMENT) -> tuple[int, dict]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    headers = {STUDENT_HEADER: quote(email), ASSIGNMENT_HEADER: quote(assignment), KIND_HEADER: kind,
               "Content-Type": "application/zip"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    try:
        connection.request("POST", "/", body=body, headers=headers)
        reply = connection.getresponse()
        return reply.status, json.loads(reply.read())
    finally:
        connection.close()


def stored(server: CourseServer) -> dict[str, int]:
    """Rows and files the course keeps, read from its SQLite database and its archives folder."""
    with sqlite3.connect(server.data / "course.db") as db:
        counts = {table: db.execute(f"select count(*) from {table}").fetchone()[0]
                  for table in ("students", "uploads", "archives", "jobs")}
    counts["files"] = sum(1 for p in (server.data / "archives").rglob("*") if p.is_file())
    return counts


def test_the_roster_gets_tokens_readable_by_staff_only(server):
    tokens = server.tokens()
    assert sorted(tokens) == sorted(e.strip().lower() for e in ROSTER)  # normalised: "alice.w@berkeley.edu"
    assert len(set(tokens.values())) == len(ROSTER)
    for name in ("tokens.csv", "staff_token"):
        assert (server.data / name).stat().st_mode & 0o777 == 0o600
    assert server.health() == 200


def test_forged_tokens_and_other_students_emails_are_refused(server):
    tokens = server.tokens()
    before = stored(server)
    archive = zipped({"hog.py": HOG})
    cases = [
        (None, "alice.w@berkeley.edu", 401),
        ("", "alice.w@berkeley.edu", 401),
        ("x" * 32, "alice.w@berkeley.edu", 401),
        (tokens["alice.w@berkeley.edu"][:-1] + "x", "alice.w@berkeley.edu", 401),  # one character changed
        (tokens["bob@example.edu"], "  ALICE.W@Berkeley.EDU ", 403),  # bob's token, alice's email
        (tokens["bob@example.edu"], "\u212aate9@example.edu", 403),  # the Kelvin sign folds to k: kate's email
        (tokens["bob@example.edu"], "KATE9@EXAMPLE.EDU", 403),
    ]
    for token, email, status in cases:
        got, reply = post(server, archive, token=token, email=email)
        assert (got, list(reply)) == (status, ["error"]), (token, email, reply)
    assert stored(server) == before
    # the same emails with their own tokens are the students they look like
    got, receipt = post(server, archive, token=tokens["kate9@example.edu"], email="\u212aATE9@example.edu ")
    assert got == 201 and receipt["student"] == "kate9@example.edu"
    got, receipt = post(server, archive, token=tokens["alice.w@berkeley.edu"], email="  ALICE.W@Berkeley.EDU ")
    assert got == 201 and receipt["student"] == "alice.w@berkeley.edu"


def test_six_hundred_made_up_students_make_nothing(server):
    before = stored(server)
    archive = zipped({"hog.py": HOG})

    def one(number: int) -> int:
        return post(server, archive, token=f"{random.getrandbits(128):032x}", email=f"fake{number}@evil.example")[0]

    with ThreadPoolExecutor(16) as pool:
        statuses = list(pool.map(one, range(600)))
    assert set(statuses) == {401}
    assert stored(server) == before


def test_a_bad_archive_or_another_kit_is_refused(server):
    token = server.tokens()["carol@example.edu"]
    before = stored(server)
    for body, assignment, status, said in [
            (b"not a zip", ASSIGNMENT, 400, "not a zip archive"),
            (zipped({"../hog.py": HOG}), ASSIGNMENT, 400, "holds a path"),
            (zipped({"hog.py": HOG, "notes.txt": b"x"}), ASSIGNMENT, 400, "not a file of this kit"),
            (zipped({"hog_contest.py": HOG}), ASSIGNMENT, 400, "holds no hog.py"),
            (zipped({"hog.py": HOG}), "Hog (Fall 2020)", 409, "collects Hog (Fall 2019)")]:
        got, reply = post(server, body, token=token, assignment=assignment)
        assert got == status and said in reply["error"], reply
    got, reply = post(server, zipped({"hog.py": HOG}), token=token, kind="everything")
    assert got == 400 and "not a kind of archive" in reply["error"]
    assert stored(server) == before


def _raw(server: CourseServer, data: bytes, *, wait: float = 30) -> bytes:
    with socket.create_connection(("127.0.0.1", server.port), timeout=wait) as conn:
        conn.sendall(data)
        reply = b""
        try:
            while chunk := conn.recv(65536):
                reply += chunk
        except (ConnectionResetError, TimeoutError):
            pass
        return reply


def _head(token: str, *lines: str) -> bytes:
    return ("POST / HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token + "\r\n" +
            f"{ASSIGNMENT_HEADER}: {quote(ASSIGNMENT)}\r\n" + "".join(f"{line}\r\n" for line in lines) +
            "\r\n").encode()


def test_oversized_uploads_are_cut_off(server):
    token = server.tokens()["dave@example.edu"]
    before = stored(server)
    big = os.urandom(MAX_BYTES + 1)
    got, reply = post(server, big, token=token)  # a Content-Length over the limit: refused unread
    assert got == 413 and "more than the 200000" in reply["error"]
    parts = [big[i:i + 50_000] for i in range(0, len(big), 50_000)]
    chunks = b"".join(f"{len(part):x}\r\n".encode() + part + b"\r\n" for part in parts) + b"0\r\n\r\n"
    chunked = _head(token, "Transfer-Encoding: chunked") + chunks
    assert _raw(server, chunked).startswith(b"HTTP/1.1 413 ")  # no length given: cut while streaming
    assert stored(server) == before
    assert not list((server.data / "archives" / "incoming").glob("*"))


@pytest.mark.parametrize("framing", ["Content-Length: +5", "Content-Length: 5\r\nContent-Length: 6",
                                     "Content-Length: 0x5", "Content-Length: 5 5",
                                     "Transfer-Encoding: chunked\r\nContent-Length: 5",
                                     "Transfer-Encoding: gzip, chunked"])
def test_malformed_framing_is_refused(server, framing):
    before = stored(server)
    reply = _raw(server, _head(server.tokens()["erin@example.edu"], framing) + b"hello")
    assert reply.startswith((b"HTTP/1.1 400 ", b"HTTP/1.1 501 ")), reply[:200]
    assert stored(server) == before


def test_quotas_per_student(server):
    tokens = server.tokens()
    noise = zipped({"hog.py": HOG + b"\n# " + os.urandom(60_000).hex().encode() + b"\n"})  # ~150 KB, incompressible
    assert 100_000 < len(noise) < MAX_BYTES
    statuses = [post(server, noise, token=tokens["erin@example.edu"], kind="backup")[0] for _ in range(3)]
    assert statuses == [201, 201, 413]  # a quota of 400000 bytes
    small = zipped({"hog.py": HOG})
    statuses = [post(server, small, token=tokens["bob@example.edu"], kind="backup")[0] for _ in range(9)]
    assert statuses == [201] * 8 + [429]  # 8 a minute


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def test_slow_uploads_are_streamed_to_disk_and_cut_at_the_deadline(server):
    token = server.tokens()["carol@example.edu"]
    before = stored(server)
    start_rss = _rss_kib(server.process.pid)
    length = MAX_BYTES - 1000
    conns = []
    for _ in range(100):
        conn = socket.create_connection(("127.0.0.1", server.port), timeout=60)
        conn.sendall(_head(token, f"Content-Length: {length}") + os.urandom(length // 2))
        conns.append(conn)
    peak = start_rss
    replies = []
    for conn in conns:  # each holds half its body back: the deadline ends it
        reply = b""
        try:
            while chunk := conn.recv(65536):
                reply += chunk
                peak = max(peak, _rss_kib(server.process.pid))
        except (ConnectionResetError, TimeoutError):
            pass
        replies.append(reply)
        conn.close()
    assert all(r.startswith(b"HTTP/1.1 408 ") or r == b"" for r in replies), {r[:40] for r in replies}
    assert peak - start_rss < 60 * 1024  # 100 uploads of 100 KB each on disk, never in memory
    assert stored(server) == before
    assert not list((server.data / "archives" / "incoming").glob("*"))


def test_slowloris_connections_are_closed_and_others_still_served(server):
    conns = [socket.create_connection(("127.0.0.1", server.port), timeout=60) for _ in range(50)]
    stop = threading.Event()
    closed = []

    def drip(conn: socket.socket) -> None:
        text = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Padding: " + b"a" * 10_000
        for byte in text:
            if stop.is_set():
                return
            try:
                conn.sendall(bytes([byte]))
            except OSError:
                closed.append(conn)
                return
            time.sleep(0.3)

    threads = [threading.Thread(target=drip, args=(c,), daemon=True) for c in conns]
    for thread in threads:
        thread.start()
    assert server.health() == 200  # served while the fifty drip
    for thread in threads:
        thread.join(timeout=120)
    stop.set()
    assert len(closed) == 50  # each one closed by the server, long before its headers could end
    for conn in conns:
        conn.close()


def test_connections_past_the_bound_are_closed(server):
    conns = [socket.create_connection(("127.0.0.1", server.port), timeout=30) for _ in range(MOST + 30)]
    try:
        time.sleep(1)
        dropped = 0
        for conn in conns:
            conn.setblocking(False)
            try:
                dropped += conn.recv(1) == b""
            except BlockingIOError:
                pass
            except ConnectionResetError:
                dropped += 1
        assert dropped >= 30
    finally:
        for conn in conns:
            conn.close()
    assert server.health() == 200


def test_staff_pages_and_api_need_the_staff_token(server):
    student = server.tokens()["bob@example.edu"]
    for path in ("api/staff/overview", "api/staff/grades.csv", "api/staff/student?email=bob@example.edu"):
        assert server.api(path, token=student)[0] == 401
        assert server.api(path, token="")[0] == 401
    assert server.api("api/staff/publish", token=student, body={"published": True})[0] == 401
    status, data = server.api("api/staff/overview", token=server.staff_token())
    assert status == 200 and len(data["students"]) == len(ROSTER)


def test_a_student_sees_only_their_own_archives(server):
    tokens = server.tokens()
    for email in ("kate9@example.edu", "alice.w@berkeley.edu"):  # each has an archive, whatever ran before
        assert post(server, zipped({"hog.py": HOG + b"\n# mine\n"}), token=tokens[email], kind="backup")[0] == 201
    status, mine = server.api("api/results", token=tokens["kate9@example.edu"])
    assert status == 200 and mine["student"] == "kate9@example.edu" and mine["uploads"]
    assert all("result" not in u for u in mine["uploads"])  # nothing graded or published here
    alice = server.api("api/results", token=tokens["alice.w@berkeley.edu"])[1]
    assert {u["id"] for u in mine["uploads"]}.isdisjoint(u["id"] for u in alice["uploads"])
    assert server.api("api/results", token="nope")[0] == 401


def test_deadlines_late_policy_and_extensions(server):
    staff, token = server.staff_token(), server.tokens()["alice.w@berkeley.edu"]
    archive = zipped({"hog.py": HOG + b"\n# late\n"})
    assert server.api("api/staff/policy", token=staff, body={"due": "2020-01-01T00:00:00Z", "late": "refuse"})[0] == 200
    try:
        got, reply = post(server, archive, token=token)
        assert got == 403 and "the deadline passed at 2020-01-01T00:00:00+00:00" in reply["error"]
        assert post(server, archive, token=token, kind="backup")[0] == 201  # backups are still kept
        assert server.api("api/staff/extension", token=staff, body={"email": " Alice.W@Berkeley.edu",
                                                                    "due": "2999-01-01T00:00:00Z"})[0] == 200
        got, receipt = post(server, archive, token=token)
        assert got == 201 and receipt["late"] is False and receipt["due"] == "2999-01-01T00:00:00+00:00"
        assert server.api("api/staff/policy", token=staff, body={"late": "accept"})[0] == 200
        got, receipt = post(server, archive, token=server.tokens()["kate9@example.edu"])
        assert got == 201 and receipt["late"] is True
    finally:
        server.api("api/staff/policy", token=staff, body={"due": None, "late": "accept"})
        server.api("api/staff/extension", token=staff, body={"email": "alice.w@berkeley.edu", "due": None})
