"""Sandbox uids: one per sandbox while it lives, everything it owns swept away after, and the check
that nothing of the grader is within its reach.

Every sandbox holds a uid of its own (``UID_BASE`` + a slot locked under
``/run/hogkit-sandbox-uids``), so a fork bomb in one cannot use up the process limit of another,
and ``kill -KILL -1`` run as that uid ends whatever is left. When the slot is given back, the uid's
files in the host's writable shared folders (``/tmp``, ``/var/tmp``, ``/dev/shm``, ``/dev/mqueue``
and the world-writable folders below them) and its System V IPC objects are removed, so nothing
is left for the next submission that gets the same uid.

In the uid mode without Landlock, the child sees the host's filesystem with that uid's rights:
:func:`require_out_of_reach` refuses to grade while it could read or change the grader's files,
the submissions, the results, the course's tests or a copy of the reference anywhere.
"""

from __future__ import annotations

import ctypes
import fcntl
import hashlib
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from functools import cache
from pathlib import Path

import graders
import hogkit
from hogkit.errors import HogkitError

UID_BASE = 1_900_000_000  # sandbox uids: above systemd's container range, below 2**31
UID_SLOTS = 512
PROBE_UID = UID_BASE + UID_SLOTS  # a uid no sandbox holds: only for probing
SHARED_TEMP = ("/tmp", "/var/tmp", "/dev/shm", "/dev/mqueue")
IPC_KINDS = {"shm": "shmctl", "sem": "semctl", "msg": "msgctl"}
IPC_RMID = 0
SKIPPED = ("/proc", "/sys", "/dev")  # not files: never searched for copies of the reference
MARKERS = ("hogkit/problems/specs.py", "hogkit/generate/reference.py", "graders/harness.py")


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
    """Hold a sandbox uid of our own for as long as the block runs (root only); sweep it after."""
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
            sweep(uid)  # whatever an earlier holder that was killed left
            yield uid
        finally:
            sweep(uid)
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


def _as_uid(uid: int) -> None:  # pragma: no cover - runs in a forked helper
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)


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
            _as_uid(uid)
            with suppress(ProcessLookupError):
                os.kill(-1, signal.SIGKILL)
        finally:
            os._exit(0)
    os.waitpid(pid, 0)


def _remove(path: str, info: os.stat_result) -> None:
    if stat.S_ISDIR(info.st_mode):
        shutil.rmtree(path, ignore_errors=True)
    else:
        with suppress(OSError):
            os.unlink(path)


def remove_files_of(uid: int, bases: Iterable[str] = SHARED_TEMP) -> int:
    """Delete what UID owns in the shared writable folders BASES and in the world-writable folders
    below them (where it could have made entries); return how many entries went."""
    removed, stack = 0, list(bases)
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
            if info.st_uid == uid or info.st_gid == uid:
                _remove(entry.path, info)
                removed += 1
            elif stat.S_ISDIR(info.st_mode) and info.st_mode & 0o002:
                stack.append(entry.path)
    return removed


@cache
def _libc() -> ctypes.CDLL | None:
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


def ipc_objects_of(uid: int) -> list[tuple[str, int]]:
    """The System V IPC objects (kind, id) that UID owns or created, from /proc/sysvipc."""
    found = []
    for kind in IPC_KINDS:
        try:
            lines = Path(f"/proc/sysvipc/{kind}").read_text().splitlines()
        except OSError:
            continue
        header = lines[0].split() if lines else []
        for line in lines[1:]:
            row = dict(zip(header, line.split(), strict=False))
            try:
                if uid in (int(row["uid"]), int(row["cuid"])):
                    found.append((kind, int(row["shmid" if kind == "shm" else "semid" if kind == "sem" else "msqid"])))
            except (KeyError, ValueError):
                continue
    return found


def remove_ipc_of(uid: int) -> int:
    """Remove the System V shared memory, semaphores and message queues of UID; return how many."""
    libc = _libc()
    removed = 0
    for kind, ident in ipc_objects_of(uid):
        if libc is None:
            break
        control = getattr(libc, IPC_KINDS[kind])
        result = control(ident, 0, IPC_RMID, None) if kind == "sem" else control(ident, IPC_RMID, None)
        removed += result == 0
    return removed


def sweep(uid: int) -> int:
    """End UID's processes, then remove its files in shared folders and its IPC objects."""
    end_processes(uid)
    return remove_files_of(uid) + remove_ipc_of(uid)


def reachable_by(uid: int, paths: list[Path]) -> list[str]:
    """The PATHS that UID can read, list or write (checked as UID itself, so modes and ACLs count)."""
    return _as_helper(uid, lambda: [str(p) for p in paths if os.path.lexists(p) and (
        os.access(p, os.R_OK) or os.access(p, os.W_OK)
        or (os.path.isdir(p) and any(os.access(c, os.R_OK) for c in _first_children(p))))])


def _as_helper(uid: int, work: Callable[[], list[str]]) -> list[str]:
    """WORK's list of paths, computed in a forked helper running as UID."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the helper
        try:
            os.close(read)
            _as_uid(uid)
            data = json.dumps(work()).encode()
            view = memoryview(data)
            while view:
                view = view[os.write(write, view):]
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    try:
        found = json.loads(data)
    except ValueError:
        return ["(the check could not run)"]
    return found if isinstance(found, list) else ["(the check could not run)"]


def _first_children(folder: Path) -> list[str]:
    """A few well-known files below FOLDER (a folder only traversable can still give them away)."""
    return [str(Path(folder) / name) for name in ("__init__.py", "pyproject.toml", "README.md", "pyvenv.cfg")]


def copies_within_reach(uid: int, digests: dict[int, set[str]], *, roots: Iterable[str] = ("/",)) -> list[str]:
    """Files below ROOTS that UID can read and whose size and SHA-256 are in DIGESTS (copies of the
    reference or of the course's tests), and HogKit source trees it can read, wherever they are."""
    roots = list(roots)

    def search() -> list[str]:
        found = []
        for root in roots:
            for folder, subfolders, files in os.walk(root):
                subfolders[:] = [d for d in subfolders if os.path.join(folder, d) not in SKIPPED]
                for marker in MARKERS:
                    top = marker.split("/", 1)[0]
                    if top in subfolders and os.access(os.path.join(folder, marker), os.R_OK):
                        found.append(os.path.join(folder, top))
                for name in files:
                    path = os.path.join(folder, name)
                    try:
                        info = os.lstat(path)
                        if not stat.S_ISREG(info.st_mode) or info.st_size not in digests:
                            continue
                        with open(path, "rb") as handle:
                            if hashlib.sha256(handle.read()).hexdigest() in digests[info.st_size]:
                                found.append(path)
                    except OSError:
                        continue
                if len(found) > 50:
                    return found
        return found

    return _as_helper(uid, search)


def grader_paths() -> list[Path]:
    """What a child must never reach: the grader's code, the folder it lives in (the project, or
    the site-packages it was installed into), and its virtual environment (the interpreter's own
    prefix is not one: the child runs that interpreter)."""
    code = [Path(hogkit.__file__).resolve().parent, Path(graders.__file__).resolve().parent]
    environment = [Path(sys.prefix).resolve()] if sys.prefix != sys.base_prefix else []
    return list(dict.fromkeys([*code, code[0].parent, *environment]))


def digests_of(texts: Iterable[bytes]) -> dict[int, set[str]]:
    """Size -> SHA-256 digests of TEXTS, for :func:`copies_within_reach`."""
    found: dict[int, set[str]] = {}
    for data in texts:
        found.setdefault(len(data), set()).add(hashlib.sha256(data).hexdigest())
    return found


__all__ = ["PROBE_UID", "SHARED_TEMP", "UID_BASE", "UID_SLOTS", "copies_within_reach", "digests_of",
           "end_processes", "grader_paths", "ipc_objects_of", "reachable_by", "remove_files_of", "remove_ipc_of",
           "sandbox_uid", "sweep", "uid_in_use"]
