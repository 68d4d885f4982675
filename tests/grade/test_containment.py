"""What the operating system enforces around a child, without the harness's audit hook: the seccomp
filter, the allow-list view (whatever the install), Landlock and the uid fallback's sweeps, the
cgroup where the host has one, and time measured as the child's own."""

from __future__ import annotations

import ctypes
import errno
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import hypothesis
import pytest

from graders import cgroup, seccomp
from graders.isolation import Caps, Jail, detect
from graders.reach import reference_texts, require_out_of_reach
from graders.sandbox import Limits, Sandbox, run_once
from graders.uids import PROBE_UID, copies_within_reach, digests_of, ipc_objects_of, sandbox_uid
from graders.view import build_view, describe_python
from hogkit.errors import HogkitError
from hogkit.generate.solution import solution_hog_source
from hogkit.variant import load_variant
from tests.conftest import ROOT
from tests.grade.test_hostile import hostile_source

FA19 = load_variant("fa19")
ROOT_ONLY = pytest.mark.skipif(os.geteuid() != 0, reason="sandbox uids need root")

PROBE = r"""
import ctypes, errno, json, os, socket, sys
libc = ctypes.CDLL(None, use_errno=True)
facts = {}
def attempt(name, action):
    try:
        result = action()
        facts[name] = "ok" if result is None or result is True or (isinstance(result, int) and result >= 0) else \
            errno.errorcode.get(ctypes.get_errno(), "failed")
    except OSError as exc:
        facts[name] = errno.errorcode.get(exc.errno, str(exc.errno))
attempt("socket", lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).close())
attempt("unix socketpair", lambda: socket.socketpair()[0].close())
attempt("fork", lambda: os.fork() and None)
attempt("shmget", lambda: libc.shmget(0, 1 << 20, 0o1600))
attempt("unshare", lambda: libc.unshare(0x10000000))
attempt("ptrace parent", lambda: libc.ptrace(16, os.getppid(), 0, 0))
attempt("secret", lambda: open(sys.argv[1]).read() and None)
def fill(path):
    for number in range(64):  # 32 MB in files of 512 KB (each below the file-size limit)
        with open(f"{path}-{number}", "wb") as handle:
            handle.write(b"x" * (1 << 19))
attempt("fill /dev/shm", lambda: fill("/dev/shm/hogkit-fill"))
attempt("write /tmp", lambda: fill("/tmp/hogkit-containment-test"))
try:
    status = dict(line.split(":", 1) for line in open("/proc/self/status") if ":" in line)
    facts["status"] = {k: status[k].strip() for k in ("NoNewPrivs", "Seccomp", "CapEff", "CapBnd")}
except OSError as exc:
    facts["status"] = errno.errorcode.get(exc.errno)
print(json.dumps(facts))
"""


def probe(isolation, secret: Path) -> dict:
    done = run_once(["probe.py", str(secret)], files={"probe.py": PROBE.encode()}, isolation=isolation,
                    caps=Caps(), timeout=20)
    assert done.status == "ok" and done.returncode == 0, done
    return json.loads(done.stdout.decode().splitlines()[-1])


@pytest.fixture
def secret():
    """A world-readable file outside any sandbox's view."""
    with tempfile.TemporaryDirectory(dir="/tmp") as folder:
        os.chmod(folder, 0o755)
        path = Path(folder) / "answers.txt"
        path.write_text("SECRET")
        path.chmod(0o644)
        yield path


@pytest.mark.parametrize("mode", ["namespaces", "uid"])
def test_what_a_child_can_do_without_the_audit_hook(mode, secret):
    try:
        isolation = detect(mode)
    except HogkitError as exc:
        pytest.skip(str(exc))
    facts = probe(isolation, secret)
    refused = {"socket", "unix socketpair", "fork", "shmget", "unshare", "ptrace parent"}
    assert {name: facts[name] for name in refused} == dict.fromkeys(refused, "EPERM")
    if mode == "namespaces" or isolation.landlock:  # without Landlock, grading refuses while it is readable
        assert facts["secret"] in ("ENOENT", "EACCES")  # outside the view, or refused by Landlock
    if mode == "namespaces":
        assert facts["fill /dev/shm"] == "ENOSPC" and facts["write /tmp"] == "ENOENT"  # a 4 MB tmpfs; no /tmp
        assert facts["status"]["NoNewPrivs"] == "1" and facts["status"]["Seccomp"] == "2"
    else:
        assert facts["fill /dev/shm"] == "EPERM" and facts["write /tmp"] == "EPERM"  # no file is created
        assert not os.path.exists("/dev/shm/hogkit-fill-0") and not os.path.exists("/tmp/hogkit-containment-test-0")


@ROOT_ONLY
def test_a_uid_child_has_no_capability_and_no_new_privileges():
    isolation = replace(detect("uid"), landlock=0)  # Landlock would hide /proc/self/status from it
    facts = probe(isolation, Path("/nonexistent"))
    assert facts["status"] == {"NoNewPrivs": "1", "Seccomp": "2", "CapEff": "0000000000000000",
                               "CapBnd": "0000000000000000"}


def test_the_filter_itself():
    """The BPF program refuses what it names and lets threads and ordinary files through."""
    if not seccomp.supported():
        pytest.skip("no seccomp filter for this architecture")
    prepared = seccomp.Prepared(files=False)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        outcome = {}
        try:
            prepared.install()
            libc = ctypes.CDLL(None, use_errno=True)
            for name, call in (("socket", lambda: libc.socket(2, 2, 0)), ("clone3", lambda: libc.syscall(435, 0, 0)),
                               ("creat", lambda: libc.creat(b"/tmp/hogkit-filter-test", 0o600))):
                outcome[name] = errno.errorcode.get(ctypes.get_errno(), "?") if call() < 0 else "ok"
            import threading
            box = []
            thread = threading.Thread(target=box.append, args=(1,))
            thread.start()
            thread.join()
            outcome["thread"] = "ok" if box == [1] else "failed"
            outcome["read"] = "ok" if open("/etc/os-release").read() else "empty"
        finally:
            os.write(write, json.dumps(outcome).encode())
            os._exit(0)
    os.close(write)
    os.waitpid(pid, 0)
    with os.fdopen(read) as pipe:
        outcome = json.loads(pipe.read())
    assert outcome == {"socket": "EPERM", "clone3": "ENOSYS", "creat": "EPERM", "thread": "ok", "read": "ok"}
    assert not os.path.exists("/tmp/hogkit-filter-test")


def test_the_view_holds_no_package_folder():
    """Built from an interpreter whose site-packages sits inside its standard library's folder
    (python.org, pyenv and Docker's python: images), the view hides it and allows nothing in it."""
    info = describe_python(os.path.realpath(sys._base_executable), None)
    view = build_view(info)
    stdlib = os.path.realpath(info["stdlib"])
    inside = Path(stdlib, "site-packages")
    assert not any(p == str(inside) or p.startswith(f"{inside}/") for p in view.allowed)
    assert not any(Path(p).name in ("site-packages", "dist-packages") for p in view.allowed)
    if inside.is_dir():
        assert str(inside) in view.masks and stdlib in view.binds
    assert os.path.join(stdlib, "os.py") in view.allowed and os.path.realpath(info["executable"]) in view.allowed


@ROOT_ONLY
def test_everything_a_sandbox_uid_left_is_swept(tmp_path):
    """Files in shared and world-writable folders, and System V IPC objects, go with the slot."""
    shared = Path(tempfile.mkdtemp(dir="/tmp"))
    shared.chmod(0o1777)
    try:
        with sandbox_uid() as uid:
            pid = os.fork()
            if pid == 0:  # pragma: no cover - the uid's own process, without any filter
                try:
                    os.setgroups([])
                    os.setresgid(uid, uid, uid)
                    os.setresuid(uid, uid, uid)
                    for path in (f"/tmp/hogkit-left-{uid}", f"/dev/shm/hogkit-left-{uid}", f"{shared}/left"):
                        Path(path).write_text("left behind")
                    libc = ctypes.CDLL(None, use_errno=True)
                    libc.shmget(0, 1 << 20, 0o1600)
                    libc.semget(0, 1, 0o1600)
                    libc.msgget(0, 0o1600)
                finally:
                    os._exit(0)
            os.waitpid(pid, 0)
            assert len(ipc_objects_of(uid)) == 3 and (shared / "left").exists()
        assert ipc_objects_of(uid) == []
        assert not any(os.path.lexists(p) for p in (f"/tmp/hogkit-left-{uid}", f"/dev/shm/hogkit-left-{uid}",
                                                      shared / "left"))
    finally:
        os.rmdir(shared)


@ROOT_ONLY
def test_a_readable_copy_of_the_reference_is_found(tmp_path):
    """In uid mode without Landlock, a world-readable reference anywhere the uid can reach is found
    (here below one folder, to keep the test short; grading searches the whole filesystem)."""
    folder = Path(tempfile.mkdtemp(dir="/tmp"))
    try:
        folder.chmod(0o755)
        (folder / "kit" / "solutions").mkdir(parents=True)
        copy = folder / "kit" / "solutions" / "hog.py"
        copy.write_text(solution_hog_source(FA19))
        for path in (folder / "kit", folder / "kit" / "solutions"):
            path.chmod(0o755)
        copy.chmod(0o644)
        digests = digests_of(reference_texts(FA19))
        assert copies_within_reach(PROBE_UID, digests, roots=[str(folder)]) == [str(copy)]
        copy.chmod(0o600)
        assert copies_within_reach(PROBE_UID, digests, roots=[str(folder)]) == []
    finally:
        for path in sorted(folder.rglob("*"), reverse=True):
            path.unlink() if path.is_file() else path.rmdir()
        folder.rmdir()


@ROOT_ONLY
@pytest.mark.slow
def test_uid_mode_without_landlock_refuses_a_readable_reference():
    isolation = replace(detect("uid"), landlock=0)
    with tempfile.TemporaryDirectory(dir="/tmp") as folder:
        os.chmod(folder, 0o755)
        Path(folder, "hog.py").write_text(solution_hog_source(FA19))
        os.chmod(Path(folder, "hog.py"), 0o644)
        with pytest.raises(HogkitError, match="can read"):
            require_out_of_reach(isolation, [], variant=FA19)


def test_time_is_the_childs_own():
    """A call that needs 0.5 s of CPU keeps within a 1 s limit while four neighbours fill the CPU (it
    mostly waits for one, which costs it nothing); a call that sleeps spends its limit."""
    source = (b"import time\ndef burn():\n    end = time.process_time() + 0.5\n"
              b"    while time.process_time() < end:\n        pass\n    return 'done'\n"
              b"def nap():\n    time.sleep(30)\n")
    with Sandbox(source, limits=Limits(call_timeout=1.0)) as box:
        hogs = [os.fork() for _ in range(4)]
        if 0 in hogs:  # pragma: no cover - the neighbours
            end = time.monotonic() + 4
            while time.monotonic() < end:
                pass
            os._exit(0)
        try:
            assert box.call("burn()").value == "done"
        finally:
            for pid in hogs:
                os.kill(pid, 9)
                os.waitpid(pid, 0)
        before = box.budget.spent
        assert box.call("nap()").status == "timeout" and box.budget.spent - before >= 1.0


def test_a_cgroup_holds_each_sandbox():
    base, why = cgroup.available()
    if base is None:
        pytest.skip(f"no cgroup per sandbox on this host: {why}")
    isolation = detect()
    assert isolation.cgroup == str(base)
    with Jail(isolation) as jail:
        proc = jail.start(["x.py"], files={"x.py": b"import time\ntime.sleep(5)\n"}, caps=Caps())
        time.sleep(0.3)
        assert jail.group is not None and proc.pid in jail.group.pids()
        limits = {name: (jail.group.path / name).read_text().strip() for name in ("memory.max", "pids.max", "cpu.max")}
        assert limits == {"memory.max": str(Caps().cgroup_memory), "pids.max": str(Caps().processes),
                          "cpu.max": cgroup.ONE_CPU}
        path = jail.group.path
    assert not path.exists()


def test_a_socket_between_children_is_refused():
    """No two children can talk: no socket, no System V IPC (the pipes are the grader's)."""
    source = b"import socket\ndef talk():\n    return socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
    with Sandbox(source) as box:
        assert "PermissionError" in box.call("talk()").error
    assert socket.socket  # the grader's own sockets are untouched


def _link_or_copy(source: Path, target: Path) -> None:
    """TARGET as a copy of SOURCE, made of hard links where the filesystem allows them."""
    if subprocess.run(["cp", "-al", str(source), str(target)], capture_output=True, check=False).returncode:
        shutil.copytree(source, target, symlinks=True)


@pytest.mark.slow
def test_a_wheel_inside_the_standard_library_folder():
    """HogKit installed from a real wheel (not editable), with its dependencies, into the
    site-packages of an interpreter that keeps it inside its standard library's folder (the layout
    of python.org builds, pyenv and Docker's python: images). Graded from there, the child runs
    that interpreter: the doctor finds none of the grader's files within its reach, and a skeleton
    that imports HogKit from there to take the reference earns nothing."""
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    system = Path(f"/usr/bin/python{version}")
    if not system.is_file() or not Path(f"/usr/lib/python{version}/os.py").is_file():
        pytest.skip(f"no system python{version} to lay out as a python.org build")
    base = Path(tempfile.mkdtemp(dir="/tmp"))  # a sandbox uid must be able to run the interpreter
    try:
        base.chmod(0o755)
        source = base / "hogkit-src"
        source.mkdir()
        for part in ("pyproject.toml", "README.md", "hogkit", "hogkit_cli", "graders"):
            copy = shutil.copytree if (ROOT / part).is_dir() else shutil.copy
            copy(ROOT / part, source / part)
        built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", "dist", "./hogkit-src"],
                               cwd=base, capture_output=True, text=True, check=False)
        wheels = list((base / "dist").glob("hogkit-*.whl"))
        if built.returncode or not wheels:
            pytest.skip(f"no wheel could be built here: {built.stderr.strip()[-300:]}")
        prefix = base / "python"
        (prefix / "bin").mkdir(parents=True)
        shutil.copy2(system, prefix / "bin" / system.name)
        stdlib = prefix / "lib" / f"python{version}"
        _link_or_copy(Path(f"/usr/lib/python{version}"), stdlib)
        packages = stdlib / "site-packages"
        packages.mkdir(exist_ok=True)
        installed = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--target",
                                    str(packages), str(wheels[0])], capture_output=True, text=True, check=False)
        assert installed.returncode == 0, installed.stderr
        ours = Path(hypothesis.__file__).resolve().parents[1]  # the dependencies, as pip installed them here
        for entry in ours.iterdir():
            target = packages / entry.name
            if not entry.name.startswith(("__editable__", "hogkit", "_virtualenv")) and not target.exists():
                _link_or_copy(entry, target) if entry.is_dir() else os.link(entry, target)
        assert (packages / "hogkit" / "__init__.py").is_file()
        python = prefix / "bin" / system.name
        env = {"PATH": os.environ["PATH"], "PYTHONPATH": str(packages), "HOGKIT_VARIANTS": str(ROOT / "variants")}
        doctor = subprocess.run([str(python), "-m", "hogkit_cli", "doctor"], cwd=base, env=env, capture_output=True,
                                text=True, timeout=300, check=False)
        assert f"child's Python: {python}" in doctor.stdout, doctor.stdout + doctor.stderr
        assert doctor.returncode == 0 and "imports HogKit from: none" in doctor.stdout, doctor.stdout
        assert "reads grader files at: none" in doctor.stdout, doctor.stdout
        (base / "copy").mkdir()
        (base / "copy" / "hog.py").write_bytes(hostile_source("grader_import", native="", port=1))
        graded = subprocess.run([str(python), "-m", "hogkit_cli", "grade", str(base / "copy")], cwd=base, env=env,
                                capture_output=True, text=True, timeout=600, check=False)
        assert graded.returncode == 0 and "Total: 0/22" in graded.stdout, graded.stdout[-2000:] + graded.stderr[-2000:]
    finally:
        shutil.rmtree(base, ignore_errors=True)
