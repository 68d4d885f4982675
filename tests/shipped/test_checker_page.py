"""What the Fall 2019 page tells a student to do with ``ok``, run as the student runs it (the real
checker, ``python3 ok ...``, in a child process of a freshly built kit): ``--submit`` writes the
archive to hand in and keeps a dated copy; ``DEBUG:`` lines are shown and never compared; ``-i``
opens Python with the failing case's own names defined; resuming an unlock shows the lines given."""

from __future__ import annotations

import json
import shutil
import zipfile

import pytest

from hogkit.shipped import ok as checker
from tests.shipped import test_checker as base


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The fa19 kit and its unlock answers, per problem."""
    return base.Kits(tmp_path_factory)["fa19"]


@pytest.fixture
def kit(built, tmp_path):
    out, _ = built
    copy = base.copy_skeleton(out, tmp_path / "kit")
    shutil.copy(out / "solutions" / "hog.py", copy / "hog.py")
    return copy


def test_submit_writes_the_archive_and_a_dated_copy(kit):
    first = base.ok(kit, "--submit")
    assert first.returncode == 0, first.stderr
    tested, written = first.stdout.split("Phase 1 checkpoint: complete\nTotal: 22 / 22\n")  # tests first, as okpy
    assert tested.startswith("Testing before handing in (python3 ok --score):\nScore for Hog (Fall 2019)\n")
    assert written.count("\n") == 1 and checker.SUBMISSION in written and "hog.py" in written
    with zipfile.ZipFile(kit / checker.SUBMISSION) as archive:
        assert "hog.py" in archive.namelist()
        assert archive.read("hog.py") == (kit / "hog.py").read_bytes()
    (kit / "hog.py").write_text((kit / "hog.py").read_text() + "\n# changed\n")
    assert base.ok(kit, "--submit").returncode == 0
    backups = sorted((kit / checker.BACKUPS).glob("hog-*.zip"))
    assert len(backups) == 2  # one per submission, even within the same second
    changed = []
    for backup in backups:
        with zipfile.ZipFile(backup) as archive:
            changed.append(archive.read("hog.py").endswith(b"# changed\n"))
    assert sorted(changed) == [False, True]
    with zipfile.ZipFile(kit / checker.SUBMISSION) as archive:
        assert archive.read("hog.py").endswith(b"# changed\n")


def test_submit_with_an_endpoint_says_it_does_not_send(kit):
    config = json.loads((kit / "hog.ok").read_text())
    (kit / "hog.ok").write_text(json.dumps({**config, "endpoint": "cal/cs61a/fa19/hog"}))
    done = base.ok(kit, "--submit")
    assert done.returncode == 0 and "does not send" in done.stdout and (kit / checker.SUBMISSION).is_file()


def test_submit_tests_first_and_says_what_fails(kit):
    """`ok --submit` runs the tests before handing in (as okpy does): a problem that fails is named,
    and a hog.py that does not even load is refused unless --force."""
    source = (kit / "hog.py").read_text()
    (kit / "hog.py").write_text(source.replace("    return 10 - min(tens, ones)", "    return 10 - max(tens, ones)"))
    failing = base.ok(kit, "--submit")
    assert failing.returncode == 0 and "Problems that do not pass yet: 02" in failing.stdout
    assert (kit / checker.SUBMISSION).is_file()
    (kit / checker.SUBMISSION).unlink()
    (kit / "hog.py").write_text(source + "\ndef broken(:\n")
    refused = base.ok(kit, "--submit")
    assert refused.returncode == 1 and refused.stderr.count("\n") == 1
    assert refused.stderr.startswith("error: hog.py does not load (SyntaxError")
    assert "--submit --force" in refused.stderr
    assert not (kit / checker.SUBMISSION).exists()
    forced = base.ok(kit, "--submit", "--force")
    assert forced.returncode == 0 and "handed in as it is (--force)" in forced.stdout
    assert (kit / checker.SUBMISSION).is_file()


def test_submit_without_hog_py_is_one_error_line(kit):
    (kit / "hog.py").unlink()
    done = base.ok(kit, "--submit")
    assert done.returncode == 1 and done.stderr.startswith("error: hog.py not found") and done.stderr.count("\n") == 1
    assert not (kit / checker.SUBMISSION).exists()


@pytest.mark.parametrize("entry", ["absolute", "../secret.txt", "link.py", "through/hog.py", "hog.py link"])
def test_submit_packs_only_the_kits_own_files(kit, tmp_path, entry):
    """A ``src`` entry of hog.ok that is an absolute path, leads out of the kit's folder or is (or
    goes through) a symbolic link is refused with one line, and nothing is written or sent."""
    secret = tmp_path / "secret.txt"
    secret.write_text("a private key\n")
    config = json.loads((kit / "hog.ok").read_text())
    name = {"absolute": str(secret), "hog.py link": "hog.py"}.get(entry, entry)
    if entry == "link.py":
        (kit / "link.py").symlink_to(secret)
    elif entry == "through/hog.py":
        (tmp_path / "outside").mkdir()
        shutil.copy(kit / "hog.py", tmp_path / "outside" / "hog.py")
        (kit / "through").symlink_to(tmp_path / "outside")
    elif entry == "hog.py link":
        shutil.move(kit / "hog.py", tmp_path / "hog.py")
        (kit / "hog.py").symlink_to(tmp_path / "hog.py")
    (kit / "hog.ok").write_text(json.dumps({**config, "src": ["hog.py", name]}))
    done = base.ok(kit, "--submit")
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(f"error: the kit's .ok file lists {name!r} to submit, which ") or \
        done.stderr.startswith(f"error: hog.ok lists {name!r} to submit, which "), done.stderr
    assert " — " in done.stderr and "Traceback" not in done.stderr
    assert not (kit / checker.SUBMISSION).exists() and not list(kit.glob(f"{checker.BACKUPS}/*.zip"))


def test_debug_lines_are_shown_and_not_compared(kit):
    text = (kit / "hog.py").read_text()
    marker = "    # BEGIN PROBLEM 2\n"
    (kit / "hog.py").write_text(text.replace(marker, marker + "    print('DEBUG: score is', score)\n"))
    done = base.ok(kit, "-q", "02", "--force")
    assert done.returncode == 0, done.stdout
    assert "DEBUG: score is 13" in done.stdout and "not compared" in done.stdout


def test_interactive_has_the_failing_cases_names(kit):
    text = (kit / "hog.py").read_text()
    old = "            player = player + feral_hogs_bonus(num_rolls, last_rolls[who])\n"
    new = ("            player = player + feral_hogs_bonus(strategy(score0 if who == 0 else score1, opponent),"
           " last_rolls[who])\n")
    assert text.count(old) == 1
    (kit / "hog.py").write_text(text.replace(old, new))
    done = base.ok(kit, "-q", "05b", "--force", "-i", stdin="print('calls are', len(on), len(off), counted)\n")
    assert done.returncode == 1
    assert "names are defined" in done.stderr + done.stdout
    assert "calls are" in done.stdout + done.stderr and "NameError" not in done.stdout + done.stderr


def test_resuming_an_unlock_shows_the_lines_given(built, kit):
    _, answers = built
    first = base.ok(kit, "-q", "00", "-u", stdin="\n".join(answers["00"][:2]) + "\n")  # then EOF
    assert first.returncode == 1
    second = base.ok(kit, "-q", "00", "-u", stdin="\n".join(answers["00"][2:]) + "\n")
    assert second.returncode == 0, second.stdout
    shown = second.stdout.split("Case 1", 1)[1]
    assert f">>> dice()\n{answers['00'][0]}\n>>> dice()\n{answers['00'][1]}\n" in shown
    assert "(already answered)" not in second.stdout


def test_a_case_out_of_time_ends_an_okpy_question(kit):
    """In an okpy course's folder too: the question's cases after one that runs out of time are not run."""
    (kit / checker.BANK_FILE).unlink()  # the course's .ok file and tests/ only
    calls = base.looping_play(kit, kit / "hog.py", "    while True:\n        pass")
    done = base.ok(kit, "-q", "05a", "--timeout", "0.5", "--json")
    assert done.returncode == 1, done.stderr
    [question] = json.loads(done.stdout)["problems"]
    assert calls.read_text() == "play\n"  # one case ran play
    assert question["not_run"] >= 1 and question["failed"] == question["not_run"] + 1
    assert question["passed"] + question["failed"] == len(question["cases"])
