"""Hostile submissions against the operating-system sandbox: one grade-batch beside correct copies,
the same copies through Gradescope's run_autograder, and the uid fallback.

The attacks are in ``tests/data/hostile`` (see its README): each is appended to the fa19 skeleton,
so none can earn a point on its own merits; the folder-layout attacks (links, a FIFO, a link to a
blocking /proc file, a 250-character name, an empty and an ambiguous folder) are built here. What
must hold: every entry has a row, no attack earns a point, correct copies keep 22, results stay
small and free of control characters, and nothing outside the sandbox is created, changed or left
running.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import json
import os
import re
import shutil
import socket
import stat
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from graders.isolation import detect
from graders.report import to_gradescope, to_json, to_text
from graders.runner import grade_source
from graders.uids import SHARED_TEMP, UID_BASE, UID_SLOTS, ipc_objects_of, uid_in_use
from hogkit.errors import HogkitError
from hogkit.variant import load_variant
from tests.conftest import ROOT
from tests.grade.test_gradescope import check_schema, fake_autograder, run_autograder

HOSTILE = ROOT / "tests" / "data" / "hostile"
EXAMPLES = ROOT / "examples" / "submissions"
COURSE_COPIES = ROOT / "tests" / "data" / "course_copies"
SKELETON = (ROOT / "student_skeleton" / "hog.py").read_text()
COMPLETE = (EXAMPLES / "complete" / "hog.py").read_bytes()
ATTACKS = sorted(p.stem for p in HOSTILE.glob("*.py") if not p.name.startswith("_"))
EARLIER = {"hostile_fork_bomb": 21, "hostile_infinite_loop": 20, "hostile_memory_bomb": 21}  # examples/check_demo.py
TRACES = [Path(f"/tmp/hogkit-hostile-{n}") for n in ("native", "fifo", "sqlite", "restart", "daemon.py")]
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
FA19 = load_variant("fa19")


@pytest.fixture(scope="module")
def native_library(tmp_path_factory: pytest.TempPathFactory) -> str:
    """evil_native.c compiled with gcc, base64-encoded for the copies that load it."""
    if not shutil.which("gcc"):
        pytest.skip("gcc is needed to build the native-module attack")
    out = tmp_path_factory.mktemp("native") / "evil_native.so"
    subprocess.run(["gcc", "-shared", "-fPIC", "-O1", "-o", str(out), str(HOSTILE / "evil_native.c")], check=True)
    return base64.b64encode(out.read_bytes()).decode()


@pytest.fixture
def listener():
    """A UDP socket on 127.0.0.1 that the udp attack sends to; nothing may arrive."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))
    sock.setblocking(False)
    yield sock
    sock.close()


def hostile_source(attack: str, *, native: str, port: int) -> bytes:
    """The skeleton with the prelude and one attack appended, its marks filled in."""
    text = SKELETON + (HOSTILE / "_prelude.py").read_text() + (HOSTILE / f"{attack}.py").read_text()
    spec = base64.b64encode((ROOT / "variants" / "fa19.toml").read_bytes()).decode()
    return text.replace("{{NATIVE_SO_B64}}", native).replace("{{UDP_PORT}}", str(port)).replace(
        "{{FA19_SPEC}}", spec).encode()


def build_class(folder: Path, *, native: str, port: int) -> dict[str, tuple[str, int]]:
    """A class folder with every attack beside correct copies; entry name -> (status, total) expected
    (status "graded" also stands for an import error: both are graded)."""
    expected: dict[str, tuple[str, int]] = {}

    def copy(name: str, data: bytes, total: int, *parts: str) -> None:
        path = folder.joinpath(name, *parts, "hog.py")
        path.parent.mkdir(parents=True)
        path.write_bytes(data)
        expected[name] = ("graded", total)

    for name in ("complete_a", "complete_b"):
        copy(name, COMPLETE, 22)
    copy("nested_complete", COMPLETE, 22, "proj")
    copy("n" * 250, COMPLETE, 22)
    for course_copy in sorted(COURSE_COPIES.glob("fa19_*.py")):  # written against Fall 2019's own skeleton
        copy(f"course_{course_copy.stem}", course_copy.read_bytes(), 22)
    for attack in ATTACKS:
        copy(f"hostile_{attack}", hostile_source(attack, native=native, port=port), 0)
    for example, total in EARLIER.items():
        copy(example, (EXAMPLES / example / "hog.py").read_bytes(), total)
    (folder / "link_to_classmate").symlink_to(folder / "complete_a")
    for name, target in (("linked_hog", folder / "complete_a" / "hog.py"), ("kmsg_link", Path("/proc/kmsg"))):
        (folder / name).mkdir()
        (folder / name / "hog.py").symlink_to(target)
    (folder / "fifo_hog").mkdir()
    os.mkfifo(folder / "fifo_hog" / "hog.py")
    (folder / "empty_folder").mkdir()
    for part in ("a", "b"):
        (folder / "ambiguous" / part).mkdir(parents=True)
        (folder / "ambiguous" / part / "hog.py").write_bytes(COMPLETE)
    expected.update({name: ("not_graded", 0) for name in
                     ("link_to_classmate", "linked_hog", "kmsg_link", "fifo_hog", "empty_folder", "ambiguous")})
    return expected


def tree(folder: Path) -> dict[str, tuple]:
    """Every entry below FOLDER (links and FIFOs not followed or opened) with its content's hash."""
    found = {}
    for path in sorted(folder.rglob("*")):
        info = os.lstat(path)
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if stat.S_ISREG(info.st_mode) else ""
        found[str(path.relative_to(folder))] = (stat.S_IFMT(info.st_mode), info.st_size, digest,
                                                os.readlink(path) if path.is_symlink() else "")
    return found


def outside_state() -> dict:
    """What a contained attack cannot change: the checkout, the venv's packages, marks in /tmp."""
    sites = sorted(Path(sys.prefix).glob("lib/python3*/site-packages"))
    status = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True).stdout
    return {"git": status, "site": [sorted(p.name for p in s.iterdir()) for s in sites],
            "hypothesis": [(s / "hypothesis" / "version.py").exists() for s in sites],
            "traces": [str(t) for t in TRACES if os.path.lexists(t)]}


def stray_processes() -> list[str]:
    """Running processes of a sandbox uid that no live grader holds (other graders may share the
    machine), or started by an attack; killed ones may take a moment to be reaped: zombies do not
    count, and the scan is repeated for up to two seconds."""
    deadline = time.monotonic() + 2
    while True:
        found = []
        for proc in Path("/proc").iterdir():
            if not proc.name.isdigit():
                continue
            try:
                status = dict(line.split(":", 1) for line in (proc / "status").read_text().splitlines() if ":" in line)
                command = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            uid = int(status["Uid"].split()[0])
            if status["State"].split()[0] in "ZX":
                continue
            orphan = UID_BASE <= uid < UID_BASE + UID_SLOTS and not uid_in_use(uid)
            if orphan or "hogkit-hostile" in command or "hogkit_hostile" in command:
                found.append(f"{proc.name} uid {uid}: {command[:100]}")
        if not found or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


def no_control_characters(value: object) -> None:
    """Every string in VALUE is free of control characters (but newlines and tabs)."""
    if isinstance(value, str):
        assert not CONTROL.search(value), repr(value[:200])
    elif isinstance(value, dict):
        for key, item in value.items():
            no_control_characters(key)
            no_control_characters(item)
    elif isinstance(value, list):
        for item in value:
            no_control_characters(item)


def isolation_of(result: dict) -> str:
    """The mode a result says it was graded in."""
    return str(result.get("isolation", "")).split(" ", 1)[0]


def answered(result: dict) -> int:
    """The most visible tests of one problem whose call was answered (not stopped, skipped for time or
    left unrun)."""
    unanswered = ("ran out of time", "not run", "no answer within")
    return max(sum(1 for t in p["tests"] if t["visibility"] == "visible"
                   and not any(word in t["feedback"] for word in unanswered)) for p in result["problems"])


def proportional_size(proc: Path) -> int:
    """PROC's share of the memory it touches (Pss: a page shared by N processes counts 1/N in each),
    so that a child forked from a grader, between its change of uid and its exec, does not count the
    grader's pages it still shares once more."""
    for line in (proc / "smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) * 1024
    return 0


class Watch:
    """While a batch runs: the host's shared memory (Shmem of /proc/meminfo, which counts every tmpfs
    and System V segment) above what it was before, and the memory of all processes of sandbox uids
    together (their proportional sizes), at their highest."""

    def __init__(self) -> None:
        self.shared_peak = self.sandboxes_peak = 0
        self._stop = threading.Event()
        self._base = self.shared()
        self._thread = threading.Thread(target=self._run, daemon=True)

    @staticmethod
    def shared() -> int:
        meminfo = dict(line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines())
        return int(meminfo["Shmem"].split()[0]) * 1024

    @staticmethod
    def sandboxes() -> int:
        total = 0
        for proc in Path("/proc").iterdir():
            try:
                status = dict(line.split(":", 1) for line in (proc / "status").read_text().splitlines()
                              if ":" in line)
                if UID_BASE <= int(status["Uid"].split()[0]) < UID_BASE + UID_SLOTS:
                    total += proportional_size(proc)
            except (OSError, ValueError, KeyError):
                continue
        return total

    def _run(self) -> None:
        while not self._stop.wait(0.1):
            self.shared_peak = max(self.shared_peak, self.shared() - self._base)
            self.sandboxes_peak = max(self.sandboxes_peak, self.sandboxes())

    def __enter__(self) -> Watch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def leftovers() -> list[str]:
    """What sandbox uids own in the host's shared folders (and their world-writable sub-folders), and
    their System V IPC objects."""
    found = []
    for uid in range(UID_BASE, UID_BASE + UID_SLOTS + 1):
        found += [f"{kind} {ident} of uid {uid}" for kind, ident in ipc_objects_of(uid)]
    stack = list(SHARED_TEMP)
    while stack:
        folder = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if UID_BASE <= info.st_uid <= UID_BASE + UID_SLOTS:
                found.append(entry.path)
            elif stat.S_ISDIR(info.st_mode) and info.st_mode & 0o002:
                stack.append(entry.path)
    return found


@pytest.fixture
def readable_reference():
    """A copy of the reference anyone on the host may read, as a careless instructor leaves one."""
    folder = Path("/tmp/hogkit-hostile-reference")
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "solutions").mkdir(parents=True)
    (folder / "solutions" / "hog.py").write_text((ROOT / "solutions" / "hog.py").read_text())
    for path, mode in ((folder, 0o755), (folder / "solutions", 0o755), (folder / "solutions" / "hog.py", 0o644)):
        path.chmod(mode)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True)
def clear_traces():
    for trace in TRACES:
        if os.path.lexists(trace):
            os.unlink(trace)


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["namespaces", "uid"])
def test_hostile_class_in_one_batch(mode: str, tmp_path: Path, native_library: str, listener: socket.socket,
                                    readable_reference: Path) -> None:
    try:
        detect(mode)
    except HogkitError as exc:
        pytest.skip(str(exc))
    subs, out = tmp_path / "subs", tmp_path / "out"
    expected = build_class(subs, native=native_library, port=listener.getsockname()[1])
    before, outside = tree(subs), outside_state()
    with Watch() as watch:
        done = subprocess.run([sys.executable, "-m", "hogkit_cli", "grade-batch", str(subs), "--out", str(out),
                               "--jobs", "2", "--isolation", mode], cwd=ROOT, capture_output=True, text=True,
                              timeout=1800, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    time.sleep(2)  # time for a surviving daemon to do its work, were there one
    assert stray_processes() == []
    assert outside_state() == outside
    assert tree(subs) == before
    assert leftovers() == []
    with pytest.raises(BlockingIOError):
        listener.recv(1000)
    assert watch.shared_peak < 300 * 1024 * 1024, f"shared memory rose by {watch.shared_peak} bytes"
    assert watch.sandboxes_peak < 1024 * 1024 * 1024, f"the sandboxes held {watch.sandboxes_peak} bytes"

    results = {}
    for path in sorted((out / "results").iterdir()):
        assert path.suffix in (".json", ".txt") and path.is_file() and not path.is_symlink(), path
        assert path.stat().st_size < 256 * 1024, f"{path.name} is {path.stat().st_size} bytes"
        if path.suffix == ".txt":  # the readable report beside each result
            assert path.with_suffix(".json").is_file()
            no_control_characters(path.read_text().replace("\n", ""))
            continue
        data = json.loads(path.read_text())
        no_control_characters(data)
        results[data["submission"]] = data
    assert sorted(results) == sorted(expected)
    for name, (status, total) in expected.items():
        got = results[name]
        assert got["total"] == total, (name, got.get("notes"))
        assert (got["status"] == status) if status == "not_graded" else got["status"] in ("graded", "import_error"), \
            (name, got["status"], got.get("notes"))
    assert results["n" * 250]["student"] == "n" * 250  # the name itself; only its result file's is short
    assert max(len(path.name) for path in (out / "results").iterdir()) <= 64 + len(".json")
    assert "symbolic link" in results["kmsg_link"]["reason"] and "2 hog.py" in results["ambiguous"]["reason"]
    assert "no hog.py" in results["empty_folder"]["reason"]
    leak = json.dumps(results["hostile_proc_parent"])
    assert str(out) not in leak and str(ROOT) not in leak
    everything = json.dumps(results)
    assert "LEFT BEHIND" not in everything and "took /" not in everything  # nothing left, no reference taken
    assert "student,phase1" not in everything and "submissions, variant" not in everything  # no one's grades
    assert all(isolation_of(data) == mode for data in results.values())
    assert answered(results["hostile_cpu_burn"]) <= 7  # each answered call took 1.5 s of CPU: 10 s a problem

    text = (out / "grades.csv").read_text()
    no_control_characters(text.replace("\n", "").replace("\r", ""))
    rows = {row["student"]: row for row in csv.DictReader(text.splitlines()) if row["status"] != "max"}
    assert sorted(rows) == sorted(r["student"] for r in results.values())
    assert {row["isolation"].split("+")[0] for row in rows.values()} == {mode}
    for data in results.values():
        assert rows[data["student"]]["total"] == str(data["total"])
    no_control_characters((out / "summary.txt").read_text().replace("\n", ""))

    again = subprocess.run([sys.executable, "-m", "hogkit_cli", "grade-batch", str(subs), "--out", str(out),
                            "--resume"], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert again.returncode == 0 and f"kept {len(expected)} finished result(s)" in again.stderr, again.stderr


@pytest.mark.slow
def test_hostile_copies_through_gradescope(tmp_path: Path, native_library: str, listener: socket.socket,
                                           autograder_zip: Path) -> None:
    outside = outside_state()
    sources = {attack: hostile_source(attack, native=native_library, port=listener.getsockname()[1])
               for attack in ATTACKS}

    def grade(attack: str) -> tuple[str, subprocess.CompletedProcess, dict]:
        root = fake_autograder(autograder_zip, tmp_path / attack)
        (root / "submission" / "hog.py").write_bytes(sources[attack])
        return (attack, *run_autograder(root))

    with ThreadPoolExecutor(max_workers=2) as pool:
        graded = list(pool.map(grade, ATTACKS))
    time.sleep(2)  # a surviving daemon would have rewritten results.json by now
    assert stray_processes() == []
    assert outside_state() == outside
    with pytest.raises(BlockingIOError):
        listener.recv(1000)
    for attack, done, results in graded:
        assert done.returncode == 0, (attack, done.stderr[-2000:])
        later = json.loads((tmp_path / attack / "results" / "results.json").read_text())
        assert later == results, f"{attack}: results.json changed after grading"
        check_schema(results)
        no_control_characters(results)
        assert results["score"] == 0, (attack, results["output"])
        assert len(json.dumps(results)) < 256 * 1024


@pytest.mark.slow  # the hostile copies' reports, graded whole
def test_text_report_of_hostile_output_is_clean(native_library: str, listener: socket.socket,
                                                tmp_path: Path) -> None:
    for attack in ("escapes", "huge_names"):  # the others' reports are in the batch test
        (tmp_path / attack).mkdir()
        (tmp_path / attack / "hog.py").write_bytes(hostile_source(attack, native=native_library, port=1))
        done = subprocess.run([sys.executable, "-m", "hogkit_cli", "grade", str(tmp_path / attack)], cwd=ROOT,
                              capture_output=True, timeout=300, check=False)
        text = done.stdout.decode("utf-8")
        assert done.returncode == 0 and "Traceback" not in done.stderr.decode(errors="replace"), done.stderr[-2000:]
        no_control_characters(text.replace("\n", ""))
        assert "Total: 0/22" in text and len(text) < 100_000, (attack, len(text))


@pytest.mark.skipif(os.geteuid() != 0, reason="the uid fallback needs root")
def test_uid_fallback_contains_native_code(tmp_path: Path, native_library: str) -> None:
    """Without namespaces, root runs each child as a sandbox uid of its own: native code cannot
    read root's files or signal the grader, and what it starts or leaves in /tmp goes with it."""
    try:
        isolation = detect("uid")
    except HogkitError as exc:
        pytest.skip(str(exc))
    secret = tmp_path / "secret"
    secret.mkdir(mode=0o700)
    (secret / "answer.txt").write_text("SECRET-7f3a9")
    command = f"cat {secret}/answer.txt > stolen.txt; touch /tmp/hogkit-hostile-native; (setsid sleep 300 &)"
    attack = (HOSTILE / "native.py").read_text().replace(
        '_cmd = " ; ".join(f"cp {root}/solutions/hog.py stolen_native.py 2>/dev/null" for root in _hostile_roots())',
        f"_cmd = {command!r}")
    source = (SKELETON + (HOSTILE / "_prelude.py").read_text() + attack + (HOSTILE / "kill_parent.py").read_text()
              + "\nSTOLEN = open('stolen.txt').read() if _os.path.exists('stolen.txt') else ''\n")
    source = source.replace("{{NATIVE_SO_B64}}", native_library)
    result = grade_source(source.encode(), FA19, isolation=isolation, fuzz_examples=2)
    assert result.total == 0 and result.status in ("graded", "import_error")
    assert stray_processes() == []
    assert not os.path.lexists("/tmp/hogkit-hostile-native")
    with_probe = grade_source(source.encode() + b"\ndef take_turn(*args):\n    return STOLEN\n", FA19,
                              isolation=isolation, fuzz_examples=2)
    assert "SECRET" not in json.dumps([t.feedback for p in with_probe.problems for t in p.tests])


@pytest.mark.parametrize("mode", ["namespaces", "uid"])
def test_no_hidden_input_is_shown_before_publication(mode: str) -> None:
    """hidden_leak.py shows every input of a hidden sweep it was called with in later visible
    errors, printed text and import errors: the hidden sweeps run in a child of their own, so
    nothing of theirs reaches what a student sees until grades are published."""
    try:
        isolation = detect(mode)
    except HogkitError as exc:
        pytest.skip(str(exc))
    source = hostile_source("hidden_leak", native="", port=1)
    result = grade_source(source, FA19, isolation=isolation, fuzz_examples=5)
    gradescope = to_gradescope(result)
    shown = [to_text(result), json.dumps(to_json(result)), gradescope["output"],
             json.dumps([t for t in gradescope["tests"] if t["visibility"] != "after_published"])]
    assert not any("HIDDEN" in text for text in shown)
    published = json.dumps(to_json(result, published=True))
    assert "returned None" in published  # the sweeps did run (and failed): their inputs are shown now


@pytest.mark.slow
def test_a_cpu_hog_costs_its_neighbours_nothing(tmp_path: Path) -> None:
    """cpu_hog.py fills the CPU (threads, and processes in new sessions where it could start them)
    in every child it gets; correct copies graded beside it keep 22: their time is their own."""
    subs, out = tmp_path / "subs", tmp_path / "out"
    names = ("a_complete", "b_hog", "c_complete", "d_hog", "e_complete")  # graded in this order, two at once
    for name in names:
        (subs / name).mkdir(parents=True)
        data = hostile_source("cpu_hog", native="", port=1) if name.endswith("hog") else COMPLETE
        (subs / name / "hog.py").write_bytes(data)
    done = subprocess.run([sys.executable, "-m", "hogkit_cli", "grade-batch", str(subs), "--out", str(out),
                           "--jobs", "2"], cwd=ROOT, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    rows = {row["student"]: row for row in csv.DictReader((out / "grades.csv").read_text().splitlines())
            if row["status"] != "max"}
    assert {name: rows[name]["total"] for name in rows} == {name: "0" if name.endswith("hog") else "22"
                                                            for name in names}
