"""Submitting over the network, both ends real: ``hogkit collect`` runs as a child process on
127.0.0.1 (any free port), a kit is built to send there, and the kit's own ``python3 ok --submit``
runs in the student's folder as a student runs it."""

from __future__ import annotations

import csv
import hashlib
import http.client
import io
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import zipfile
from pathlib import Path
from urllib.parse import quote

import pytest

from graders.collect import ALL, LATEST
from graders.intake import class_submissions, read_source
from hogkit.errors import SpecError
from hogkit.generate.okpy_step import okpy_config
from hogkit.generate.pipeline import STEPS, build_kit
from hogkit.shipped import ok as checker
from hogkit.variant import load_variant, with_submit_url
from hogkit_cli.main import main
from tests.conftest import ROOT
from tests.shipped.test_checker import KIT_STEPS

ASSIGNMENT = "Hog (Fall 2019)"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A running ``hogkit collect`` for fa19: its URL and its folder."""
    out = tmp_path_factory.mktemp("collected")
    log = out.parent / "collect.log"
    with log.open("w") as errors:
        proc = subprocess.Popen([sys.executable, "-m", "hogkit_cli", "collect", "--variant", "fa19", "--out",
                                 str(out), "--port", "0"], cwd=ROOT, stdout=subprocess.PIPE, stderr=errors, text=True)
    first = proc.stdout.readline()
    assert first.startswith("collecting Hog (Fall 2019) submissions at http://127.0.0.1:"), log.read_text()
    url = first.split(" at ")[1].split()[0]
    yield url, out
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) == 0
    assert proc.stdout.read().strip().endswith("stopped")
    assert "Traceback" not in log.read_text()


@pytest.fixture(scope="module")
def built(server, tmp_path_factory):
    """The fa19 kit built to send to the server."""
    url, _ = server
    out = tmp_path_factory.mktemp("fa19")
    steps = [step for step in STEPS if step in KIT_STEPS or step[0] == "okpy tests"]
    build_kit(with_submit_url(load_variant("fa19"), url), out=out, steps=steps)
    return out


@pytest.fixture
def kit(built, tmp_path):
    """A student's folder: the kit with the reference hog.py."""
    copy = tmp_path / "kit"
    shutil.copytree(built / "student_skeleton", copy)
    shutil.copy(built / "solutions" / "hog.py", copy / "hog.py")
    return copy


def ok(kit: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    return subprocess.run([sys.executable, "ok", *args], cwd=kit, input=stdin, capture_output=True, text=True,
                          timeout=120, env=env)


def backups(kit: Path) -> list[Path]:
    return sorted((kit / checker.BACKUPS).glob("hog-*.zip"))


def test_submit_sends_the_archive_and_the_server_keeps_it(server, kit):
    url, out = server
    assert json.loads((kit / "hog.ok").read_text())["endpoint"] == url
    first = ok(kit, "--submit", stdin="  Alice@Example.EDU \n")
    assert first.returncode == 0, first.stderr
    assert "type your email" in first.stdout and f"Submitted as alice@example.edu to {url}" in first.stdout
    assert (kit / checker.STUDENT_FILE).read_text() == "alice@example.edu\n"
    [backup] = backups(kit)
    receipt = json.loads(backup.with_suffix(".receipt.json").read_text())
    assert receipt["sha256"] == hashlib.sha256(backup.read_bytes()).hexdigest()
    assert f"sha256 {receipt['sha256']}" in first.stdout
    assert receipt["student"] == "alice@example.edu" and receipt["files"] == ["hog.py", "hog_contest.py"]
    stored = out / receipt["stored"]
    assert stored.parent == out / ALL / "alice@example.edu" and stored.read_bytes() == backup.read_bytes()
    assert (out / LATEST / "alice@example.edu" / "hog.py").read_bytes() == (kit / "hog.py").read_bytes()

    (kit / "hog.py").write_text((kit / "hog.py").read_text() + "\n# second try\n")
    (kit / "hog_contest.py").unlink()
    second = ok(kit, "--submit")  # the id was kept: nothing is asked
    assert second.returncode == 0, second.stderr
    assert "type your email" not in second.stdout and len(backups(kit)) == 2
    assert len(list((out / ALL / "alice@example.edu").glob("*.zip"))) == 2
    latest = out / LATEST / "alice@example.edu"
    assert sorted(p.name for p in latest.iterdir()) == ["hog.py"]  # the newest archive, whole
    assert (latest / "hog.py").read_bytes().endswith(b"# second try\n")
    # the folder grade-batch reads: one submission per student, its hog.py the newest
    found, hidden = class_submissions(out / LATEST)
    assert [s.student for s in found if s.student == "alice@example.edu"] and not hidden
    assert read_source(latest).endswith(b"# second try\n")


def test_an_unreachable_server_leaves_the_archive_to_upload(kit):
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = json.loads((kit / "hog.ok").read_text())
    (kit / "hog.ok").write_text(json.dumps({**config, "endpoint": f"http://127.0.0.1:{port}/"}))
    done = ok(kit, "--submit", "--email", "bob@example.edu")
    assert done.returncode == 1
    assert done.stderr.startswith(f"error: not submitted: could not reach 127.0.0.1:{port}")
    assert done.stderr.count("\n") == 1 and f"upload {kit / checker.SUBMISSION} by hand" in done.stderr
    [backup] = backups(kit)
    assert backup.read_bytes() == (kit / checker.SUBMISSION).read_bytes()
    assert not backup.with_suffix(".receipt.json").exists()


def test_a_refusal_is_told_to_the_student(server, kit):
    url, out = server
    config = json.loads((kit / "hog.ok").read_text())
    (kit / "hog.ok").write_text(json.dumps({**config, "name": "Hog (Spring 2020)"}))
    done = ok(kit, "--submit", "--email", "carol@example.edu")
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert "refused the submission (409: this server collects Hog (Fall 2019)" in done.stderr
    assert not (out / ALL / "carol@example.edu").exists() and len(backups(kit)) == 1


def test_a_bad_email_is_refused_before_anything_is_written(kit):
    done = ok(kit, "--submit", "--email", "../../etc")
    assert done.returncode == 2 and done.stderr.startswith("error: '../../etc' is not an email or id — ")
    assert not (kit / checker.SUBMISSION).exists() and not backups(kit)
    no_id = ok(kit, "--submit")  # asked, and stdin ends
    assert no_id.returncode == 1 and no_id.stderr.startswith("error: no email given — ")


def zipped(files: dict[str, bytes], *, link: str = "") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
        if link:
            info = zipfile.ZipInfo(link)
            info.external_attr = 0o120777 << 16
            archive.writestr(info, "/etc/passwd")
    return buffer.getvalue()


HOG = b"def roll_dice(num_rolls, dice):\n    return 1\n"
BAD = {
    "not a zip": (b"hog.py is here, honest", "dana", ASSIGNMENT, 400, "not a zip archive"),
    "a path": (zipped({"../hog.py": HOG}), "dana", ASSIGNMENT, 400, "holds a path"),
    "a folder": (zipped({"proj/hog.py": HOG}), "dana", ASSIGNMENT, 400, "holds a path"),
    "another file": (zipped({"hog.py": HOG, "notes.txt": b"x"}), "dana", ASSIGNMENT, 400, "not a file of this kit"),
    "a link": (zipped({"hog.py": HOG}, link="hog_contest.py"), "dana", ASSIGNMENT, 400, "is a link"),
    "no hog.py": (zipped({"hog_contest.py": HOG}), "dana", ASSIGNMENT, 400, "holds no hog.py"),
    "too big inside": (zipped({"hog.py": b"#" * (3 * 1024 * 1024)}), "dana", ASSIGNMENT, 400, "larger than"),
    "a bad id": (zipped({"hog.py": HOG}), "../dana", ASSIGNMENT, 400, "no valid student id"),
    "no id": (zipped({"hog.py": HOG}), "", ASSIGNMENT, 400, "no valid student id"),
    "another kit": (zipped({"hog.py": HOG}), "dana", "Hog (Fall 2020)", 409, "collects Hog (Fall 2019)"),
}


def post(url: str, body: bytes, headers: dict[str, str]) -> tuple[int, dict]:
    address = url.split("//")[1].rstrip("/")
    connection = http.client.HTTPConnection(address, timeout=30)
    try:
        connection.request("POST", "/", body=body, headers=headers)
        reply = connection.getresponse()
        return reply.status, json.loads(reply.read())
    finally:
        connection.close()


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_uploads_are_refused_and_nothing_is_kept(server, case):
    url, out = server
    body, student, assignment, status, reason = BAD[case]
    got, reply = post(url, body, {checker.STUDENT_HEADER: quote(student), checker.ASSIGNMENT_HEADER: quote(assignment),
                                  "Content-Type": "application/zip"})
    assert (got, list(reply)) == (status, ["error"]) and reason in reply["error"], reply
    assert not (out / ALL / "dana").exists() and not (out / LATEST / "dana").exists()
    assert not [p for p in out.rglob(".*")]  # no temporary file left behind


def test_a_body_too_large_or_without_length_is_refused_unread(server):
    url, out = server
    host, port = url.split("//")[1].rstrip("/").split(":")
    for headers, status in ((f"Content-Length: {10 ** 9}\r\n", 413), ("", 411)):
        with socket.create_connection((host, int(port)), timeout=30) as raw:
            raw.sendall(f"POST / HTTP/1.1\r\nHost: x\r\n{checker.STUDENT_HEADER}: erin\r\n{headers}\r\n".encode())
            answer = raw.makefile("rb").readline().decode()
        assert answer.split()[1] == str(status), answer
    assert not (out / ALL / "erin").exists()


def test_the_submission_address_comes_from_the_spec_or_the_build(tmp_path, capsys):
    spec = tmp_path / "mine.toml"
    text = (ROOT / "variants" / "fa19.toml").read_text()
    spec.write_text('submit_url = "https://hog.example.edu/submit"\n' + text)
    assert okpy_config(load_variant(spec))["endpoint"] == "https://hog.example.edu/submit"
    assert okpy_config(load_variant("fa19"))["endpoint"] == ""
    for bad in ("hog.example.edu", "ftp://hog.example.edu/", "https://staff:secret@hog.example.edu/", "http://"):
        spec.write_text(f"submit_url = {bad!r}\n" + text)
        with pytest.raises(SpecError, match="submit_url: .* cannot be used: it "):
            load_variant(spec)
        assert main(["build", "--variant", "fa19", "--out", str(tmp_path / "kit"), "--submit-url", bad]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"error: --submit-url {bad!r} cannot be used: ") and " — give the address" in err
        assert err.count("\n") == 1 and not (tmp_path / "kit").exists()


def test_collect_refuses_a_port_it_cannot_use(tmp_path, capsys):
    assert main(["collect", "--out", str(tmp_path / "c"), "--port", "70000"]) == 2
    assert capsys.readouterr().err.startswith("error: --port 70000 is not a port — ")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["collect", "--out", str(tmp_path / "c"), "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: cannot listen on 127.0.0.1:{port} (") and err.count("\n") == 1


@pytest.mark.slow
def test_grade_batch_grades_what_was_collected(server, kit, tmp_path):
    """The folder of newest copies is a class folder: a student's sent reference gets full marks."""
    _, out = server
    assert ok(kit, "--submit", "--email", "frank@example.edu").returncode == 0
    assert (out / LATEST / "frank@example.edu" / "hog.py").read_bytes() == (kit / "hog.py").read_bytes()
    grades = tmp_path / "grades"
    done = subprocess.run([sys.executable, "-m", "hogkit_cli", "grade-batch", str(out / LATEST), "--out", str(grades),
                           "--variant", "fa19"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    with (grades / "grades.csv").open(newline="") as table:
        rows = {row["student"]: row for row in csv.DictReader(table)}
    assert (rows["frank@example.edu"]["status"], rows["frank@example.edu"]["total"]) == ("graded", "22")
