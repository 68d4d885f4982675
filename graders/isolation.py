"""The operating system's part of the sandbox: which isolation this machine gives, and how a child
is started inside it.

There are three modes, tried in this order by ``detect("auto")``:

``namespaces``
    bubblewrap puts the child in new user, pid, network, ipc, uts and mount namespaces. Its view
    holds only the Python runtime (read-only) and a private, size-capped tmpfs as its folder; it has
    no network, no capabilities, no way to see or signal a process of the grader, and it dies with
    its parent. When the grader is root it first drops to a sandbox uid of its own: bwrap started by
    root would map the sandbox to host root.
``uid``
    Root without namespaces (some container hosts): the child runs directly as a sandbox uid of its
    own, in a folder only that uid can enter. The grader's files, the submissions and the results
    must be out of that uid's reach (``setup.sh`` sets the modes on Gradescope); :func:`require_out_of_reach`
    checks it before grading. There is no network isolation in this mode: the audit hook is all
    that refuses sockets.
``none``
    The grader's own user and filesystem, with only the Python audit hook in between: refused
    unless the user passes ``--unsafe-no-isolation``, and said on every report.

Every sandbox takes a uid of its own (``UID_BASE`` + a slot held with a lock file while it lives), so
a fork bomb in one cannot exhaust the process limit of another, and ``kill(-1)`` as that uid ends
whatever a child left behind. Nothing here speaks the request/reply protocol: see
:mod:`graders.sandbox`.
"""

from __future__ import annotations

import ctypes
import fcntl
import json
import os
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import graders
import hogkit
from hogkit.errors import HogkitError

MODES = ("namespaces", "uid", "none")
UID_BASE = 1_900_000_000  # sandbox uids: above systemd's container range, below 2**31
UID_SLOTS = 512
INSIDE = "/sandbox"  # the child's folder, as the child sees it under bwrap
INSIDE_UID = 1000
MIN_PYTHON = (3, 11)
PR_SET_PDEATHSIG = 1
SHARED_TEMP = ("/tmp", "/var/tmp", "/dev/shm")
PROBE = """
import importlib, json, os, sys, sysconfig
paths = sysconfig.get_paths()
dynload = os.path.join(paths["platstdlib"], "lib-dynload")
for name in sorted(os.listdir(dynload)) if os.path.isdir(dynload) else []:
    try:
        importlib.import_module(name.split(".")[0])
    except BaseException:
        pass
maps = [line.split(None, 5) for line in open("/proc/self/maps")]
print(json.dumps({"executable": sys.executable, "version": list(sys.version_info[:3]), "stdlib": paths["stdlib"],
                  "platstdlib": paths["platstdlib"],
                  "libraries": sorted({m[5].strip() for m in maps if len(m) == 6 and m[5].startswith("/")})}))
"""


@dataclass(frozen=True)
class Caps:
    """Resource limits of one child process (bytes and seconds)."""

    cpu_seconds: int = 20
    memory_bytes: int = 256 * 1024 * 1024
    processes: int = 64
    open_files: int = 64
    file_bytes: int = 1024 * 1024
    folder_bytes: int = 16 * 1024 * 1024


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
    runtime: tuple[str, ...] = ()  # host paths bound read-only into the view
    drop_uid: bool = False  # root: run children as a sandbox uid of their own

    @property
    def unsafe(self) -> bool:
        """Whether children run without operating-system isolation."""
        return self.mode == "none"

    def summary(self) -> str:
        """One line for reports."""
        if self.mode == "namespaces":
            who = "a sandbox uid of its own" if self.drop_uid else "the grader's uid, mapped"
            return f"namespaces (bubblewrap; child runs as {who}; Python {self.python_version})"
        if self.mode == "uid":
            return f"uid (a sandbox uid of its own, no namespaces, no network isolation; Python {self.python_version})"
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


def _run_probe(argv: list[str], *, uid: int | None, timeout: float = 20.0) -> subprocess.CompletedProcess | None:
    """ARGV run as UID (None: as we are) with an empty environment; None if it could not start."""
    ids = {"user": uid, "group": uid, "extra_groups": []} if uid is not None else {}
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=timeout, env={}, check=False,
                              stdin=subprocess.DEVNULL, cwd="/", **ids)
    except (OSError, subprocess.SubprocessError):
        return None


def _describe_python(python: str, uid: int | None) -> dict | None:
    """Version, standard-library folders and loaded libraries of PYTHON as UID runs it, or None if
    UID cannot run it."""
    done = _run_probe([python, "-I", "-S", "-c", PROBE], uid=uid)
    if done is None or done.returncode != 0:
        return None
    try:
        info = json.loads(done.stdout)
    except ValueError:
        return None
    return info if tuple(info["version"][:2]) >= MIN_PYTHON else None


def _loader_and_libraries(executable: str) -> list[str]:
    """The dynamic loader EXECUTABLE names (a file) and the folders of the libraries it links, as
    ldd prints them (the paths binaries ask for, which may go through links)."""
    ldd = shutil.which("ldd") or "/usr/bin/ldd"
    done = _run_probe([ldd, executable], uid=None) if os.path.exists(ldd) else None
    found: list[str] = []
    for line in (done.stdout if done is not None else "").splitlines():
        target = line.split("=>", 1)[1] if "=>" in line else line
        path = target.strip().split(" (", 1)[0].strip()
        if path.startswith("/"):
            found.append(os.path.dirname(path) if "=>" in line else path)
    return found


def _runtime(info: dict) -> tuple[str, ...]:
    """Host paths the child's interpreter needs: itself, its standard library, the loader and the
    folders of every shared library it and its standard extension modules load (the probe imported
    them all and listed what was mapped)."""
    stdlib, platstdlib = info["stdlib"], info["platstdlib"]
    executable = os.path.realpath(info["executable"])
    own = (stdlib + os.sep, platstdlib + os.sep)
    libraries = [os.path.dirname(p) for p in info.get("libraries", []) if not p.startswith(own) and p != executable]
    paths = [executable, stdlib, platstdlib, *_loader_and_libraries(executable), *libraries]
    if len(paths) == 3:  # no ldd and nothing mapped: the usual library folders
        paths += ["/lib", "/lib64", "/usr/lib", "/usr/lib64"]
    return tuple(dict.fromkeys(p for p in paths if os.path.exists(p)))


def _bwrap_flags(bwrap: str) -> tuple[str, ...]:
    done = _run_probe([bwrap, "--help"], uid=None)
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
    probe_uid = UID_BASE + UID_SLOTS if root else None  # a uid no sandbox holds: only for probing
    python, info = _pick_python(probe_uid)
    reasons = []
    if request in ("auto", "namespaces"):
        isolation, why_not = _try_namespaces(python, info, root=root, probe_uid=probe_uid)
        if isolation is not None:
            return isolation
        reasons.append(why_not)
        if request == "namespaces":
            raise HogkitError(f"namespaces are not available here: {why_not}",
                              "install bubblewrap (apt-get install bubblewrap) on a host that allows "
                              "user namespaces, or use --isolation auto")
    if root and python:
        return Isolation("uid", "; ".join([*reasons, "running as root, so each child gets a sandbox uid of its own"]),
                         python, info["version_text"], drop_uid=True)
    if not python:
        reasons.append("no Python 3.11+ interpreter that a sandbox uid can run was found")
    if not root:
        reasons.append("not running as root, so no sandbox uid can be used")
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
        info = _describe_python(candidate, probe_uid)
        if info is not None:
            info["version_text"] = ".".join(map(str, info["version"]))
            return candidate, info
    return "", {}


def _try_namespaces(python: str, info: dict, *, root: bool, probe_uid: int | None) -> tuple[Isolation | None, str]:
    """A namespaces Isolation if bwrap runs a test child here, else None and why not."""
    bwrap = shutil.which("bwrap") or ""
    if not bwrap:
        return None, "bubblewrap (bwrap) is not installed"
    if not python:
        return None, "no Python 3.11+ interpreter that a sandbox uid can run was found"
    isolation = Isolation("namespaces", "", python, info["version_text"], bwrap=bwrap, bwrap_flags=_bwrap_flags(bwrap),
                          runtime=_runtime(info), drop_uid=root)
    argv = _bwrap_argv(isolation, [python, "-I", "-S", "-c", "import os; print(os.getuid())"], files={}, caps=Caps())
    done = _run_probe(argv, uid=probe_uid)
    if done is None or done.returncode != 0 or done.stdout.strip() != str(INSIDE_UID):
        error = (done.stderr.strip().splitlines() or ["no output"])[-1][:200] if done is not None else "did not start"
        return None, f"bwrap could not start a test sandbox ({error})"
    who = "dropped from root to a sandbox uid of its own" if root else "the grader's own uid, unprivileged"
    why = f"bwrap ran a test child in new user, pid, net, ipc, uts and mount namespaces ({who})"
    return replace(isolation, why=why), ""


# -- the command line -----------------------------------------------------------------------

def _bwrap_argv(isolation: Isolation, command: list[str], *, files: dict[str, int], caps: Caps) -> list[str]:
    """The bwrap command line that runs COMMAND in the sandbox; FILES maps names in the child's
    folder to descriptors holding their bytes (bound read-only)."""
    argv = [isolation.bwrap, "--unshare-all", "--unshare-user", *isolation.bwrap_flags, "--die-with-parent",
            "--new-session", "--uid", str(INSIDE_UID), "--gid", str(INSIDE_UID), "--hostname", "sandbox",
            "--clearenv", "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "LANG", "C.UTF-8",
            "--setenv", "HOME", INSIDE, "--setenv", "TMPDIR", INSIDE]
    for path in isolation.runtime:
        argv += ["--ro-bind", path, path]
    argv += ["--proc", "/proc", "--dev", "/dev", "--size", str(caps.folder_bytes), "--tmpfs", INSIDE]
    for name, fd in files.items():
        argv += ["--ro-bind-data", str(fd), f"{INSIDE}/{name}"]
    argv += ["--remount-ro", "/", "--chdir", INSIDE, "--", *command]
    return argv


# -- uid slots and sweeping -----------------------------------------------------------------

def _slot_folder() -> Path:
    """A root-only folder for the slot locks (refused if anyone else could have made it)."""
    base = Path("/run") if os.path.isdir("/run") and os.access("/run", os.W_OK) else Path(tempfile.gettempdir())
    folder = base / "hogkit-sandbox-uids"
    with suppress(FileExistsError):
        folder.mkdir(mode=0o700)
    info = os.lstat(folder)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != 0 or info.st_mode & 0o077:
        raise HogkitError(f"{folder} is not a folder only root can use",
                          f"remove it (rm -rf {folder}); the grader makes it again")
    return folder


@contextmanager
def sandbox_uid() -> Iterator[int]:
    """Hold a sandbox uid of our own for as long as the block runs (root only)."""
    folder = _slot_folder()
    for slot in range(UID_SLOTS):
        fd = os.open(folder / f"slot-{slot}", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        uid = UID_BASE + slot
        try:
            end_processes(uid)
            yield uid
        finally:
            end_processes(uid)
            os.close(fd)
        return
    raise HogkitError(f"all {UID_SLOTS} sandbox uids are in use", "grade with fewer jobs at once")


def uid_in_use(uid: int) -> bool:
    """Whether a live grader holds sandbox UID (so processes of that uid may be running legitimately)."""
    path = _slot_folder() / f"slot-{uid - UID_BASE}"
    try:
        fd = os.open(path, os.O_RDWR | os.O_NOFOLLOW)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def end_processes(uid: int) -> None:
    """Kill every process running as UID: ``kill -KILL -1`` run as UID reaches exactly that uid's
    processes, wherever they hide (it spares only itself). Started with subprocess, which forks
    safely from a threaded grader; a forked helper does the same where there is no kill program."""
    kill = shutil.which("kill", path="/usr/bin:/bin")
    if kill:
        with suppress(OSError, subprocess.SubprocessError):
            subprocess.run([kill, "-KILL", "-1"], user=uid, group=uid, extra_groups=[], env={},
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=10, check=False, cwd="/")
            return
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the helper
        try:
            os.setgroups([])
            os.setresgid(uid, uid, uid)
            os.setresuid(uid, uid, uid)
            with suppress(ProcessLookupError):
                os.kill(-1, signal.SIGKILL)
        finally:
            os._exit(0)
    os.waitpid(pid, 0)


def remove_files_of(uid: int) -> int:
    """Delete what UID left in the shared temporary folders (uid mode); return how many entries."""
    removed = 0
    for base in SHARED_TEMP:
        try:
            entries = list(os.scandir(base))
        except OSError:
            continue
        for entry in entries:
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if info.st_uid != uid:
                continue
            if stat.S_ISDIR(info.st_mode):
                shutil.rmtree(entry.path, ignore_errors=True)
            else:
                with suppress(OSError):
                    os.unlink(entry.path)
            removed += 1
    return removed


def reachable_by(uid: int, paths: list[Path]) -> list[str]:
    """The PATHS that UID can read, list or write (checked as UID itself, so modes and ACLs count)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the helper
        try:
            os.close(read)
            os.setgroups([])
            os.setresgid(uid, uid, uid)
            os.setresuid(uid, uid, uid)
            bad = [str(p) for p in paths if os.path.lexists(p) and (
                os.access(p, os.R_OK) or os.access(p, os.W_OK)
                or (os.path.isdir(p) and any(os.access(c, os.R_OK) for c in _first_children(p))))]
            os.write(write, json.dumps(bad).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    try:
        return json.loads(data)
    except ValueError:
        return [str(p) for p in paths]


def grader_paths() -> list[Path]:
    """What a child must never reach: the grader's code, the project it lives in, its environment."""
    code = [Path(hogkit.__file__).resolve().parent, Path(graders.__file__).resolve().parent]
    return list(dict.fromkeys([*code, code[0].parent, Path(sys.prefix).resolve()]))


def require_out_of_reach(isolation: Isolation, paths: list[Path]) -> None:
    """In uid mode, refuse to grade if a sandbox uid could read or change the grader's files or
    PATHS (submissions, results); other modes need no check: the child cannot see them at all."""
    if isolation.mode != "uid":
        return
    reachable = reachable_by(UID_BASE + UID_SLOTS, [*grader_paths(), *(Path(p).resolve() for p in paths)])
    if reachable:
        tops = [p for p in reachable if not any(p != q and p.startswith(q.rstrip("/") + "/") for q in reachable)]
        raise HogkitError(f"uid isolation: a sandbox uid can read or write {', '.join(reachable[:4])}",
                          f"chmod o-rwx {' '.join(tops[:4])} (setup.sh does this on Gradescope), or use a host "
                          "where bubblewrap works")


def _first_children(folder: Path) -> list[str]:
    """A few well-known files below FOLDER (a folder only traversable can still give them away)."""
    return [str(folder / name) for name in ("__init__.py", "pyproject.toml", "README.md", "pyvenv.cfg")]


# -- starting a child -----------------------------------------------------------------------

def _limit(caps: Caps, parent: int) -> Callable[[], None]:
    """What the child runs between fork and exec: die with the grader, then the resource limits."""
    def apply() -> None:
        _parent_death_signal()
        if os.getppid() != parent:  # the grader died before the signal was armed
            os._exit(1)
        cap = resource.setrlimit
        cap(resource.RLIMIT_CPU, (caps.cpu_seconds, caps.cpu_seconds + 1))
        cap(resource.RLIMIT_AS, (caps.memory_bytes, caps.memory_bytes))
        cap(resource.RLIMIT_NPROC, (caps.processes, caps.processes))
        cap(resource.RLIMIT_NOFILE, (caps.open_files, caps.open_files))
        cap(resource.RLIMIT_FSIZE, (caps.file_bytes, caps.file_bytes))
        cap(resource.RLIMIT_CORE, (0, 0))
    return apply


@cache
def _prctl() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


def warm_up() -> None:
    """Look up prctl now, in the parent (never between fork and exec)."""
    _prctl()


def _parent_death_signal() -> None:
    prctl = _prctl()
    if prctl is not None:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def die_with_parent(parent: int) -> None:
    """For worker processes: get SIGKILL when PARENT dies (and exit now if it already has)."""
    _parent_death_signal()
    if os.getppid() != parent:
        os._exit(1)


class Jail:
    """One sandbox: a private folder on the host (and, when root, a sandbox uid of its own) into
    which children are started with :meth:`start`. Use as a context manager."""

    def __init__(self, isolation: Isolation) -> None:
        self.isolation = isolation
        self.uid: int | None = None
        self._stack = ExitStack()
        self.dir = Path()

    def __enter__(self) -> Jail:
        warm_up()
        if self.isolation.drop_uid:
            self.uid = self._stack.enter_context(sandbox_uid())
        self.dir = Path(tempfile.mkdtemp(prefix="hogkit-sandbox-"))
        if self.uid is not None:
            os.chmod(self.dir, 0o711)  # the sandbox uid may pass through to its own folder, not list
        return self

    def __exit__(self, *exc: object) -> None:
        self.end_children()
        shutil.rmtree(self.dir, ignore_errors=True)
        if self.isolation.mode == "uid" and self.uid is not None:
            remove_files_of(self.uid)  # while the uid is still ours
        self._stack.close()

    @property
    def home(self) -> str:
        """The child's folder as the child sees it."""
        return INSIDE if self.isolation.mode == "namespaces" else str(self.dir / "copy")

    def end_children(self) -> None:
        """Kill everything the sandbox uid runs (nothing when there is no sandbox uid)."""
        if self.uid is not None:
            end_processes(self.uid)

    def start(self, program: list[str], *, files: dict[str, bytes], caps: Caps, pass_fds: tuple[int, ...] = (),
              stdout: int | None = None, stderr: int | None = None) -> subprocess.Popen:
        """Start ``python -I -B PROGRAM...`` in a fresh copy of the child's folder holding FILES.
        PROGRAM's file names are relative to that folder."""
        if self.isolation.mode != "namespaces":
            self._fresh_folder(files)
        caps = replace(caps, file_bytes=max(caps.file_bytes, *(len(b) + 1 for b in files.values())))
        command = [self.isolation.python, "-I", "-B", *(self._inside(p) for p in program[:1]), *program[1:]]
        ids = {"user": self.uid, "group": self.uid, "extra_groups": []} if self.uid is not None else {}
        memfds: dict[str, int] = {}
        try:
            if self.isolation.mode == "namespaces":
                memfds = {name: _memfd(name, data) for name, data in files.items()}
                command = _bwrap_argv(self.isolation, command, files=memfds, caps=caps)
                env: dict[str, str] = {}
                cwd = "/"
            else:
                env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": self.home, "TMPDIR": self.home}
                cwd = self.home
            return subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=stdout,
                                    stderr=stderr, pass_fds=(*pass_fds, *memfds.values()), start_new_session=True,
                                    preexec_fn=_limit(caps, os.getpid()), **ids)
        finally:
            for fd in memfds.values():
                os.close(fd)

    def _inside(self, name: str) -> str:
        return f"{self.home}/{name}"

    def _fresh_folder(self, files: dict[str, bytes]) -> None:
        home = Path(self.home)
        shutil.rmtree(home, ignore_errors=True)
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


__all__ = ["Caps", "Isolation", "Jail", "UNSAFE_NOTE", "detect", "die_with_parent", "end_processes",
           "grader_paths", "remove_files_of", "require_out_of_reach", "reachable_by", "uid_in_use"]
