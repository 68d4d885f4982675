"""The pieces behind the sandbox: bounded parsing and clean text, safe reading of submissions, the
isolation this machine gives (``hogkit doctor``) and what a child sees inside it."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest

from graders.doctor import live_check, report_on
from graders.intake import Refused, class_submissions, find_hog, read_source, safe_id
from graders.isolation import detect
from graders.reach import require_out_of_reach
from graders.uids import UID_BASE, UID_SLOTS, grader_paths, reachable_by
from graders.untrusted import Untrusted, clean, load_json, nesting_depth, plain_value
from hogkit.errors import HogkitError
from tests.conftest import ROOT


def test_depth_is_measured_before_parsing():
    assert nesting_depth(b'[[1, [2]], {"a": "[[[[["}]') == 3
    assert load_json(b'{"ok": true, "value": [[1], {"tuple": [2]}]}') == {"ok": True, "value": [[1], {"tuple": [2]}]}
    deep = b"[" * 200_000 + b"]" * 200_000
    with pytest.raises(Untrusted, match="nested more than"):
        load_json(deep)
    for bad in (b'{"a": ', b"[1, 2", b'"\\ud800', b"1" * 5000, b"\xff\xfe"):
        with pytest.raises(Untrusted):
            load_json(bad)
    with pytest.raises(Untrusted, match="at most"):
        load_json(b"[" + b"1," * 600_000 + b"1]", max_bytes=1024)


def test_only_the_harness_shapes_are_values():
    assert plain_value([1, 2.5, None, True, "x", {"tuple": [1, [2]]}, {"repr": "a function"}])
    for bad in ({"a": 1}, {"tuple": 1}, {"repr": "x" * 1000}, 10 ** 40, "x" * 30_000, [0] * 30_000,
                {"tuple": [1], "repr": "x"}):
        assert not plain_value(bad), bad
    nested: list = []
    for _ in range(20):
        nested = [nested]
    assert not plain_value(nested)


def test_clean_escapes_what_a_terminal_would_obey():
    text = "ok\x1b]0;pwned\x07\x1b[2J\u202eevil\ud800\r\x00\x9b\tend\nnext"
    cleaned = clean(text)
    assert cleaned == "ok\\x1b]0;pwned\\x07\\x1b[2J\\u202eevil\\ud800\\x0d\\x00\\x9b\tend\nnext"
    assert clean(text, newlines=False).count("\n") == 0
    cut = clean("E" * 10_000, limit=100)
    assert cut.startswith("E" * 100) and cut.endswith("(cut at 100 characters)") and len(cut) < 140
    cleaned.encode("utf-8")  # no lone surrogate is left to stop a writer


def test_safe_ids():
    taken: set[str] = set()
    assert safe_id("alice", taken) == "alice"
    long = safe_id("n" * 250, taken)
    assert len(long) <= 64 and long.startswith("nnnn") and long == safe_id("n" * 250, set())
    odd = safe_id("bob\x1b[2J; rm -rf /", taken)
    assert all(c.isalnum() or c in "._-" for c in odd)
    assert safe_id("alice", {"alice"}) != "alice" and safe_id("Alice", {"alice"}) != "Alice"


def test_submissions_are_read_without_following_links(tmp_path):
    (tmp_path / "good" / "proj").mkdir(parents=True)
    (tmp_path / "good" / "proj" / "hog.py").write_text("x = 1\n")
    assert find_hog(tmp_path / "good") == tmp_path / "good" / "proj" / "hog.py"
    assert read_source(tmp_path / "good") == b"x = 1\n"
    (tmp_path / "fifo").mkdir()
    os.mkfifo(tmp_path / "fifo" / "hog.py")
    (tmp_path / "link").mkdir()
    (tmp_path / "link" / "hog.py").symlink_to(tmp_path / "good" / "proj" / "hog.py")
    (tmp_path / "deeplink").mkdir()
    (tmp_path / "deeplink" / "proj").symlink_to(tmp_path / "good" / "proj")
    (tmp_path / "two" / "a").mkdir(parents=True)
    (tmp_path / "two" / "b").mkdir(parents=True)
    for part in "ab":
        (tmp_path / "two" / part / "hog.py").write_text("x = 2\n")
    (tmp_path / "big").mkdir()
    (tmp_path / "big" / "hog.py").write_bytes(b"#" * (3 * 1024 * 1024))
    for name, why in (("fifo", "not a regular file"), ("link", "symbolic link"), ("deeplink", "has no hog.py"),
                      ("two", "2 hog.py files"), ("big", "bytes")):
        with pytest.raises(Refused, match=why):
            read_source(tmp_path / name)
    found, hidden = class_submissions(tmp_path)
    assert sorted(s.id for s in found) == ["big", "deeplink", "fifo", "good", "link", "two"]
    assert hidden == []


def test_doctor_and_refusals():
    done = subprocess.run([sys.executable, "-m", "hogkit_cli", "doctor"], capture_output=True, text=True,
                          cwd=ROOT, check=False)
    first = done.stdout.splitlines()[0]
    assert first.startswith("isolation: ")
    refused = ("isolation: refused", "grading refused", "could read the grader's files", "live check: FAILED")
    assert done.returncode == (1 if any(why in done.stdout for why in refused) else 0), done.stdout
    refused = subprocess.run([sys.executable, "-m", "hogkit_cli", "grade", str(ROOT / "examples/submissions/complete"),
                              "--isolation", "none"], capture_output=True, text=True, cwd=ROOT, check=False)
    assert refused.returncode == 2 and refused.stderr.startswith("error: --isolation none runs student code")
    with pytest.raises(HogkitError, match="unknown isolation"):
        detect("jail")


def test_a_namespaced_child_sees_none_of_the_grader():
    try:
        isolation = detect("namespaces")
    except HogkitError as exc:
        pytest.skip(str(exc))
    facts = live_check(isolation)
    assert facts["reads"] == [] and facts["writes"] == [] and facts["imports"] == []
    assert facts["sockets"].startswith("refused") and facts["processes_started"].startswith("refused")
    assert facts["processes"] <= 3 and facts["uid"] == 1000


@pytest.mark.skipif(os.geteuid() != 0, reason="the uid fallback needs root")
def test_uid_fallback_refuses_when_the_grader_is_within_reach():
    """In uid mode without Landlock a sandbox uid must not reach the grader's files, the submissions
    or the results; with Landlock it cannot open them whatever their modes."""
    isolation = replace(detect("uid"), landlock=0)
    with tempfile.TemporaryDirectory(dir="/tmp") as folder:  # pytest's own folders are root-only
        subs = Path(folder) / "subs"
        (subs / "one").mkdir(parents=True)
        (subs / "one" / "hog.py").write_text("x = 1\n")
        os.chmod(folder, 0o755)
        assert str(subs) in reachable_by(UID_BASE + UID_SLOTS, [*grader_paths(), subs])  # readable on purpose
        with pytest.raises(HogkitError, match="uid isolation: a sandbox uid can read or write") as refused:
            require_out_of_reach(isolation, [subs])
        assert "chmod o-rwx" in refused.value.fix
        os.chmod(subs, 0o700)
        assert reachable_by(UID_BASE + UID_SLOTS, [subs]) == []


@pytest.mark.skipif(os.geteuid() != 0, reason="the uid fallback needs root")
def test_doctor_fails_when_student_code_could_read_the_grader():
    """Without Landlock, a sandbox uid reads whatever the host lets anyone read: here the project
    (its folders are world-readable); the doctor says so, says how to fix it, and exits 1."""
    if not os.stat(ROOT).st_mode & 0o004:
        pytest.skip("the project is not world-readable here")
    lines, status = report_on(replace(detect("uid"), landlock=0))
    text = "\n".join(lines)
    assert status == 1 and f"reads grader files at: {ROOT}" in text and "chmod -R o-rwx" in text
    lines, status = report_on(detect("uid"))  # with Landlock (where the kernel has it), nothing
    assert status == 0 or "Landlock" not in detect("uid").summary(), lines
