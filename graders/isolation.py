"""The operating system's part of the sandbox: which isolation this machine gives, and how a child
is started inside it.

There are three modes, tried in this order by ``detect("auto")``:

``namespaces``
    bubblewrap puts the child in new user, pid, network, ipc, uts and mount namespaces. Its view
    is the allow-list of :mod:`graders.view` (the interpreter and its standard library, read-only),
    a minimal ``/dev`` (null, zero, full, random, urandom; read-only), a size-capped ``/dev/shm``
    and a size-capped tmpfs as its folder. It has no network, no way to see or signal a process of
    the grader, and it dies with its parent. When the grader is root it first drops to a sandbox
    uid of its own: bwrap started by root would map the sandbox to host root.
``uid``
    Root without namespaces (some container hosts): the child runs directly as a sandbox uid of
    its own, with no capability and ``no_new_privs``, in a folder only that uid can enter, and it
    can create no file anywhere (the seccomp filter). Where the kernel has Landlock, it can open
    only the view's files and its own folder; elsewhere the grader refuses to grade while the
    uid could read any of the grader's files, the submissions, the results or a copy of the
    reference (:func:`require_out_of_reach`).
``none``
    The grader's own user and filesystem, with only the Python audit hook in between: refused
    unless the user passes ``--unsafe-no-isolation``, and said on every report.

In the first two, the child runs under the seccomp filter of :mod:`graders.seccomp` (no new
process, namespace, socket, System V IPC, ptrace, ...) and, where the host allows it, in a cgroup
of its own (:mod:`graders.cgroup`). Sandbox uids, their slots and sweeping are :mod:`graders.uids`.
Nothing here speaks the request/reply protocol: see :mod:`graders.sandbox`.
"""

from __future__ import annotations

import ctypes
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from graders import cgroup, landlock, seccomp
from graders.meter import RUN_QUEUE_TIMES, Meter
from graders.uids import (
    PROBE_UID,
    end_processes,
    sandbox_uid,
)
from graders.view import View, build_view, describe_python, missing_modules, run_quietly
from hogkit.errors import HogkitError

MODES = ("namespaces", "uid", "none")
INSIDE = "/sandbox"  # the child's folder, as the child sees it under bwrap
INSIDE_UID = 1000
MIN_PYTHON = (3, 11)
PR_SET_PDEATHSIG = 1
PR_CAPBSET_DROP = 24
DEVICES = ("null", "zero", "full", "random", "urandom")
PYTHON_FLAGS = ("-I", "-S", "-B")  # isolated, no site (no site-packages, no .pth), no bytecode written


@dataclass(frozen=True)
class Caps:
    """Resource limits of one sandbox (bytes and seconds): per process, and for its cgroup."""

    cpu_seconds: int = 20
    memory_bytes: int = 256 * 1024 * 1024
    processes: int = 64  # tasks of the sandbox uid: with no new process allowed, threads
    open_files: int = 64
    file_bytes: int = 1024 * 1024
    folder_bytes: int = 16 * 1024 * 1024
    shm_bytes: int = 4 * 1024 * 1024
    dev_bytes: int = 64 * 1024

    @property
    def cgroup_memory(self) -> int:
        """The whole sandbox's memory: the process, its writable mounts and the kernel's share."""
        return self.memory_bytes + self.folder_bytes + self.shm_bytes + 64 * 1024 * 1024


@dataclass(frozen=True)
class Isolation:
    """What this machine gives: the MODE, WHY, and how a child is started (picklable, so a batch
    detects once and hands it to its workers)."""

    mode: str
    why: str
    python: str  # the child's interpreter, reachable by the sandbox uid
    python_version: str = ""
    bwrap: str = ""
    bwrap_flags: tuple[str, ...] = ()  # optional flags this bwrap knows (--disable-userns)
    view: View | None = None  # what the child may see of the host (namespaces; Landlock in uid mode)
    drop_uid: bool = False  # root: run children as a sandbox uid of their own
    seccomp: bool = False
    landlock: int = 0  # the Landlock ABI used in uid mode (0: none)
    cgroup: str = ""  # the folder of the sandboxes' cgroups ("" : none)
    cgroup_note: str = ""  # why there is none
    run_queue: bool = RUN_QUEUE_TIMES
    missing: tuple[str, ...] = ()  # standard modules a student's Python has and the child's lacks

    @property
    def unsafe(self) -> bool:
        """Whether children run without operating-system isolation."""
        return self.mode == "none"

    def label(self) -> str:
        """A short name for a CSV cell: the mode and its layers (``namespaces+seccomp+cgroup``)."""
        layers = [self.mode] + ["seccomp"] * self.seccomp + ["landlock"] * bool(self.landlock) + ["cgroup"] * bool(
            self.cgroup)
        return "+".join(layers)

    def resources(self) -> str:
        """How the sandbox's resources are bounded, for reports."""
        if self.cgroup:
            return "a cgroup per sandbox (memory, processes, one CPU)"
        return f"no cgroup ({self.cgroup_note}): per-process limits, and CPU time read from /proc"

    def summary(self) -> str:
        """One line for reports."""
        if self.mode == "namespaces":
            who = "a sandbox uid of its own" if self.drop_uid else "the grader's uid, mapped"
            return (f"namespaces (bubblewrap and a seccomp filter; child runs as {who}; {self.resources()}; "
                    f"Python {self.python_version})")
        if self.mode == "uid":
            files = (f"Landlock (ABI {self.landlock}) limits its files to the view" if self.landlock
                     else "no Landlock: the grader's files are checked to be out of its reach")
            return (f"uid (a sandbox uid of its own, no namespaces, a seccomp filter with no sockets; {files}; "
                    f"{self.resources()}; Python {self.python_version})")
        return "NONE: student code ran without operating-system isolation (--unsafe-no-isolation)"


UNSAFE_NOTE = ("UNSAFE: graded without operating-system isolation (--unsafe-no-isolation): "
               "the submission could read or change anything this user can")


# -- detection ------------------------------------------------------------------------------

def _is_root() -> bool:
    return os.geteuid() == 0


def _python_candidates() -> list[str]:
    """Interpreters for the child, best first: the grader's own base interpreter, then the system's."""
    found = []
    for path in (getattr(sys, "_base_executable", ""), sys.executable):
        if path:
            found.append(os.path.realpath(path))
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    for folder in ("/usr/bin", "/usr/local/bin", "/bin"):
        found += [f"{folder}/python{version}", f"{folder}/python3"]
    return list(dict.fromkeys(p for p in found if os.path.isfile(p)))


def _bwrap_flags(bwrap: str) -> tuple[str, ...]:
    done = run_quietly([bwrap, "--help"], uid=None)
    text = (done.stdout + done.stderr) if done is not None else ""
    return tuple(flag for flag in ("--disable-userns",) if flag in text)


@cache
def detect(request: str = "auto", *, unsafe: bool = False) -> Isolation:
    """The isolation to grade with. REQUEST is auto, namespaces, uid or none; a mode this machine
    cannot give (or ``none`` without UNSAFE) is a HogkitError saying why and what to do."""
    if request not in ("auto", *MODES):
        raise HogkitError(f"unknown isolation {request!r}", f"use one of auto, {', '.join(MODES)}")
    if request == "none":
        if not unsafe:
            raise HogkitError("--isolation none runs student code with no isolation at all",
                              "add --unsafe-no-isolation to confirm, or use --isolation auto")
        return _unsafe("chosen with --isolation none --unsafe-no-isolation")
    root = _is_root()
    probe_uid = PROBE_UID if root else None
    python, info = _pick_python(probe_uid)
    base, note = cgroup.available()
    common = {"cgroup": str(base or ""), "cgroup_note": note}
    reasons = []
    if request in ("auto", "namespaces"):
        isolation, why_not = _try_namespaces(python, info, root=root, probe_uid=probe_uid, common=common)
        if isolation is not None:
            return isolation
        reasons.append(why_not)
        if request == "namespaces":
            raise HogkitError(f"namespaces are not available here: {why_not}",
                              "install bubblewrap (apt-get install bubblewrap) on a host that allows "
                              "user namespaces, or use --isolation auto")
    if root and python and seccomp.supported():
        version = landlock.abi()
        why = "; ".join([*reasons, "running as root, so each child gets a sandbox uid of its own"])
        return Isolation("uid", why, python, info["version_text"], view=build_view(info), drop_uid=True, seccomp=True,
                         landlock=version, missing=tuple(missing_modules(info)), **common)
    if not python:
        reasons.append("no Python 3.11+ interpreter that a sandbox uid can run was found")
    if not root:
        reasons.append("not running as root, so no sandbox uid can be used")
    elif not seccomp.supported():
        reasons.append("the uid mode needs a seccomp filter, and this architecture has none here")
    why = "; ".join(reasons)
    if unsafe:
        return _unsafe(why)
    raise HogkitError(f"this machine gives no isolation for student code ({why})",
                      "install bubblewrap (apt-get install bubblewrap), grade as root, or pass "
                      "--unsafe-no-isolation to grade anyway (every report says so); see hogkit doctor")


def _unsafe(why: str) -> Isolation:
    python = os.path.realpath(sys.executable)
    return Isolation("none", why, python, ".".join(map(str, sys.version_info[:3])))


def _pick_python(probe_uid: int | None) -> tuple[str, dict]:
    for candidate in _python_candidates():
        info = describe_python(candidate, probe_uid)
        if info is not None and tuple(info["version"][:2]) >= MIN_PYTHON:
            info["version_text"] = ".".join(map(str, info["version"]))
            return candidate, info
    return "", {}


def _try_namespaces(python: str, info: dict, *, root: bool, probe_uid: int | None,
                    common: dict) -> tuple[Isolation | None, str]:
    """A namespaces Isolation if bwrap runs a test child here, else None and why not."""
    bwrap = shutil.which("bwrap") or ""
    if not bwrap:
        return None, "bubblewrap (bwrap) is not installed"
    if not python:
        return None, "no Python 3.11+ interpreter that a sandbox uid can run was found"
    if not seccomp.supported():
        return None, "no seccomp filter for this architecture"
    isolation = Isolation("namespaces", "", python, info["version_text"], bwrap=bwrap, bwrap_flags=_bwrap_flags(bwrap),
                          view=build_view(info), drop_uid=root, seccomp=True, missing=tuple(missing_modules(info)),
                          **common)
    filter_fd = _memfd("seccomp", seccomp.program(files=True))
    try:
        argv = _bwrap_argv(isolation, [python, *PYTHON_FLAGS, "-c", "import os; print(os.getuid())"], files={},
                           caps=Caps(), seccomp_fd=filter_fd)
        done = _run_with_fd(argv, uid=probe_uid, fd=filter_fd)
    finally:
        os.close(filter_fd)
    if done is None or done.returncode != 0 or done.stdout.strip() != str(INSIDE_UID):
        error = (done.stderr.strip().splitlines() or ["no output"])[-1][:200] if done is not None else "did not start"
        return None, f"bwrap could not start a test sandbox ({error})"
    who = "dropped from root to a sandbox uid of its own" if root else "the grader's own uid, unprivileged"
    why = f"bwrap ran a test child in new user, pid, net, ipc, uts and mount namespaces ({who})"
    return replace(isolation, why=why), ""


def _run_with_fd(argv: list[str], *, uid: int | None, fd: int) -> subprocess.CompletedProcess | None:
    ids = {"user": uid, "group": uid, "extra_groups": []} if uid is not None else {}
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=20, env={}, check=False,
                              stdin=subprocess.DEVNULL, cwd="/", pass_fds=(fd,), **ids)
    except (OSError, subprocess.SubprocessError):
        return None


# -- the command line -----------------------------------------------------------------------

def _bwrap_argv(isolation: Isolation, command: list[str], *, files: dict[str, int], caps: Caps,
                seccomp_fd: int) -> list[str]:
    """The bwrap command line that runs COMMAND in the sandbox; FILES maps names in the child's
    folder to descriptors holding their bytes (bound read-only); SECCOMP_FD holds the filter."""
    argv = [isolation.bwrap, "--unshare-all", "--unshare-user", *isolation.bwrap_flags, "--die-with-parent",
            "--new-session", "--uid", str(INSIDE_UID), "--gid", str(INSIDE_UID), "--hostname", "sandbox",
            "--clearenv", "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "LANG", "C.UTF-8",
            "--setenv", "HOME", INSIDE, "--setenv", "TMPDIR", INSIDE]
    argv += isolation.view.bwrap_args() if isolation.view is not None else []
    argv += ["--proc", "/proc", "--size", str(caps.dev_bytes), "--tmpfs", "/dev"]
    for device in DEVICES:
        argv += ["--dev-bind", f"/dev/{device}", f"/dev/{device}"]
    argv += ["--symlink", "/proc/self/fd", "/dev/fd"]
    for number, name in enumerate(("stdin", "stdout", "stderr")):
        argv += ["--symlink", f"/proc/self/fd/{number}", f"/dev/{name}"]
    argv += ["--dir", "/dev/shm", "--size", str(caps.shm_bytes), "--tmpfs", "/dev/shm", "--remount-ro", "/dev"]
    argv += ["--size", str(caps.folder_bytes), "--tmpfs", INSIDE]
    for name, fd in files.items():
        argv += ["--ro-bind-data", str(fd), f"{INSIDE}/{name}"]
    argv += ["--remount-ro", "/", "--seccomp", str(seccomp_fd), "--chdir", INSIDE, "--", *command]
    return argv


# -- starting a child -----------------------------------------------------------------------

@cache
def _prctl() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


@cache
def _last_capability() -> int:
    try:
        return int(Path("/proc/sys/kernel/cap_last_cap").read_text())
    except (OSError, ValueError):
        return 40


def warm_up() -> None:
    """Look up prctl now, in the parent (never between fork and exec)."""
    _prctl()
    _last_capability()


def _parent_death_signal() -> None:
    prctl = _prctl()
    if prctl is not None:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def die_with_parent(parent: int) -> None:
    """For worker processes: get SIGKILL when PARENT dies (and exit now if it already has)."""
    _parent_death_signal()
    if os.getppid() != parent:
        os._exit(1)


@dataclass
class _Setup:
    """What a child does between fork and exec, in this order: die with the grader, join its
    cgroup, drop every capability and become the sandbox uid, set its limits, then no_new_privs
    and the seccomp filter, then Landlock."""

    caps: Caps
    parent: int
    uid: int | None = None
    group: cgroup.Group | None = None
    drop_capabilities: bool = False
    filter: seccomp.Prepared | None = None
    ruleset: landlock.Ruleset | None = None

    def __call__(self) -> None:
        _parent_death_signal()
        if os.getppid() != self.parent:  # the grader died before the signal was armed
            os._exit(1)
        if self.group is not None:
            self.group.join()
        if self.uid is not None:
            prctl = _prctl()
            if self.drop_capabilities and prctl is not None:
                for capability in range(_last_capability() + 1):
                    prctl(PR_CAPBSET_DROP, capability, 0, 0, 0)
            os.setgroups([])
            os.setresgid(self.uid, self.uid, self.uid)
            os.setresuid(self.uid, self.uid, self.uid)
        caps, cap = self.caps, resource.setrlimit
        cap(resource.RLIMIT_CPU, (caps.cpu_seconds, caps.cpu_seconds + 1))
        cap(resource.RLIMIT_AS, (caps.memory_bytes, caps.memory_bytes))
        cap(resource.RLIMIT_NPROC, (caps.processes, caps.processes))
        cap(resource.RLIMIT_NOFILE, (caps.open_files, caps.open_files))
        cap(resource.RLIMIT_FSIZE, (caps.file_bytes, caps.file_bytes))
        cap(resource.RLIMIT_CORE, (0, 0))
        if self.filter is not None:
            self.filter.install()
        if self.ruleset is not None:
            self.ruleset.restrict()


class Jail:
    """One sandbox: a private folder on the host, and, when root, a sandbox uid of its own (and a
    cgroup where the host allows one), into which children are started with :meth:`start`. Use as a
    context manager; CAPS bound the sandbox's cgroup."""

    def __init__(self, isolation: Isolation, *, caps: Caps | None = None) -> None:
        self.isolation = isolation
        self.caps = caps or Caps()
        self.uid: int | None = None
        self.group: cgroup.Group | None = None
        self._filter: seccomp.Prepared | None = None
        self._ruleset: landlock.Ruleset | None = None
        self._stack = ExitStack()
        self.dir = Path()

    def __enter__(self) -> Jail:
        warm_up()
        try:
            if self.isolation.drop_uid:
                self.uid = self._stack.enter_context(sandbox_uid())
            self.dir = Path(tempfile.mkdtemp(prefix="hogkit-sandbox-"))
            if self.uid is not None:
                os.chmod(self.dir, 0o711)  # the sandbox uid may pass through to its own folder, not list
            if self.isolation.cgroup:
                self.group = cgroup.Group(Path(self.isolation.cgroup), caps_memory=self.caps.cgroup_memory,
                                          pids=self.caps.processes)
            if self.isolation.mode == "uid":
                self._filter = seccomp.Prepared(files=False)
                if self.isolation.landlock:
                    Path(self.home).mkdir(mode=0o700)
                    view = self.isolation.view or View(())
                    self._ruleset = landlock.Ruleset([*view.allowed, self.home], listed=view.listed)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        if self.group is not None:
            self.group.remove()  # everything in it killed first
            self.group = None
        if self._ruleset is not None:
            self._ruleset.close()
            self._ruleset = None
        if self.uid is None:
            self.end_children()
        self._stack.close()  # the uid's slot: its processes killed, its files and IPC objects removed
        if self.dir != Path():
            shutil.rmtree(self.dir, ignore_errors=True)

    @property
    def home(self) -> str:
        """The child's folder as the child sees it."""
        return INSIDE if self.isolation.mode == "namespaces" else str(self.dir / "copy")

    def end_children(self) -> None:
        """Kill everything the sandbox runs (its cgroup, its uid)."""
        if self.group is not None:
            self.group.kill()
        if self.uid is not None:
            end_processes(self.uid)

    def meter(self, proc: subprocess.Popen) -> Meter:
        """A reader of the time taken by PROC and everything in its sandbox."""
        return Meter(proc.pid, python=os.path.realpath(self.isolation.python),
                     cpu_of=self.group.cpu_seconds if self.group is not None else None)

    def start(self, program: list[str], *, files: dict[str, bytes], caps: Caps, pass_fds: tuple[int, ...] = (),
              stdout: int | None = None, stderr: int | None = None) -> subprocess.Popen:
        """Start ``python -I -S -B PROGRAM...`` in a fresh copy of the child's folder holding FILES.
        PROGRAM's file names are relative to that folder."""
        if self.isolation.mode != "namespaces":
            self._fresh_folder(files)
        caps = replace(caps, file_bytes=max(caps.file_bytes, *(len(b) + 1 for b in files.values())))
        command = [self.isolation.python, *PYTHON_FLAGS, *(self._inside(p) for p in program[:1]), *program[1:]]
        setup = _Setup(caps, os.getpid(), uid=self.uid, group=self.group, filter=self._filter, ruleset=self._ruleset,
                       drop_capabilities=self.isolation.mode == "uid")
        fds: dict[str, int] = {}
        try:
            if self.isolation.mode == "namespaces":
                fds = {name: _memfd(name, data) for name, data in files.items()}
                seccomp_fd = _memfd("seccomp", seccomp.program(files=True))
                command = _bwrap_argv(self.isolation, command, files=fds, caps=caps, seccomp_fd=seccomp_fd)
                fds["-seccomp"] = seccomp_fd
                env: dict[str, str] = {}
                cwd = "/"
            else:
                env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": self.home, "TMPDIR": self.home}
                cwd = self.home
            return subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=stdout,
                                    stderr=stderr, pass_fds=(*pass_fds, *fds.values()), start_new_session=True,
                                    preexec_fn=setup)
        finally:
            for fd in fds.values():
                os.close(fd)

    def _inside(self, name: str) -> str:
        return f"{self.home}/{name}"

    def _fresh_folder(self, files: dict[str, bytes]) -> None:
        """The child's folder with only FILES in it (the folder itself kept: Landlock names it)."""
        home = Path(self.home)
        if home.exists():
            for entry in home.iterdir():
                shutil.rmtree(entry) if entry.is_dir() and not entry.is_symlink() else entry.unlink()
        else:
            home.mkdir(mode=0o700)
        for name, data in files.items():
            (home / name).parent.mkdir(parents=True, exist_ok=True)
            (home / name).write_bytes(data)
            os.chmod(home / name, 0o644)
        if self.uid is not None:
            os.chown(home, self.uid, self.uid)


def _memfd(name: str, data: bytes) -> int:
    """An anonymous file holding DATA, read from its start."""
    fd = os.memfd_create(name)  # close-on-exec: a child gets it only through pass_fds
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.lseek(fd, 0, os.SEEK_SET)
    return fd


__all__ = ["Caps", "Isolation", "Jail", "UNSAFE_NOTE", "detect", "die_with_parent"]
