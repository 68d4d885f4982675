"""Run a student's ``hog.py`` in a child process with limits, and call into it safely.

The child (``graders/harness.py``) lives in its own temporary folder holding only the student's
``hog.py`` and the kit's ``dice.py`` and ``ucb.py``. It starts with ``python -I -B``, an empty
environment, its own session (so the whole process group can be killed), and resource limits set
before it runs any code: CPU seconds, address space, processes, open files and file size; on
Linux it is also killed when the grader dies, so a killed batch leaves no child behind.
Requests and replies travel over two private pipes; every reply is signed with a key sent through
the pipe (never argv or the environment), and the parent rejects anything unsigned. A call that
runs past its wall timeout, or a child that dies, is recorded and a fresh child takes the next call.
Once one call of a submission has run out of time, every later call gets the short
``after_timeout`` budget instead of the full one, so a program that hangs everywhere costs seconds,
not minutes; honest calls take milliseconds and never come near either budget.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import resource
import secrets
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, partial
from pathlib import Path

HARNESS = Path(__file__).with_name("harness.py")
KIT_DIR = Path(__file__).resolve().parent.parent / "hogkit" / "kit"
SUPPORT_FILES = ("dice.py", "ucb.py", "ok.py")
MAX_REPLY = 8 * 1024 * 1024
OUTPUT_CAP = 64 * 1024
PR_SET_PDEATHSIG = 1


@dataclass(frozen=True)
class Limits:
    """Resource limits of one child and the wall-clock budgets of a grade."""

    cpu_seconds: int = 20
    memory_bytes: int = 256 * 1024 * 1024
    processes: int = 64
    open_files: int = 64
    file_bytes: int = 1024 * 1024
    call_timeout: float = 2.0
    after_timeout: float = 0.5
    import_timeout: float = 5.0
    submission_timeout: float = 60.0
    max_restarts: int = 40


@dataclass
class CallResult:
    """What one call returned: ``status`` is ok, error, timeout, crashed, tampered or skipped."""

    status: str
    value: object = None
    out: str = ""
    error: str = ""

    @property
    def ok(self) -> bool:
        """Whether the call returned a value."""
        return self.status == "ok"

    @property
    def fatal(self) -> bool:
        """Whether the program hung, died, tampered or ran out of memory: its problem ends here."""
        return self.status in ("timeout", "crashed", "tampered", "skipped") or (
            self.status == "error" and self.error.startswith("MemoryError"))


@dataclass
class SandboxLog:
    """What happened to the children, for the report."""

    import_error: str = ""
    restarts: int = 0
    timeouts: int = 0
    crashes: int = 0
    tampering: int = 0
    notes: list[str] = field(default_factory=list)


def _parent_death_signal() -> Callable[[], object] | None:
    """A function that makes the calling process get SIGKILL when its parent dies (Linux only)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return lambda: prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def _limit_child(limits: Limits, die_with_parent: Callable[[], object] | None, parent: int) -> None:
    """Applied in the child between fork and exec."""
    if die_with_parent is not None:
        die_with_parent()
        if os.getppid() != parent:  # the grader died before the signal was armed
            os._exit(1)
    cap = resource.setrlimit
    cap(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds + 1))
    cap(resource.RLIMIT_AS, (limits.memory_bytes, limits.memory_bytes))
    cap(resource.RLIMIT_NPROC, (limits.processes, limits.processes))
    cap(resource.RLIMIT_NOFILE, (limits.open_files, limits.open_files))
    cap(resource.RLIMIT_FSIZE, (limits.file_bytes, limits.file_bytes))
    cap(resource.RLIMIT_CORE, (0, 0))


@cache
def _death_signal() -> Callable[[], object] | None:
    """:func:`_parent_death_signal`, looked up once per process (never on import)."""
    return _parent_death_signal()


class Sandbox:
    """One student copy in a child process; use as a context manager and call :meth:`call`."""

    def __init__(self, hog_source: bytes, *, limits: Limits | None = None,
                 support: dict[str, bytes] | None = None) -> None:
        self.limits = limits or Limits()
        self.log = SandboxLog()
        self._source = hog_source
        self._support = dict(support or {})  # more files beside hog.py (a course's test helpers)
        self._dir = Path(tempfile.mkdtemp(prefix="hogkit-sandbox-"))
        self._home = self._dir / "copy"
        self._proc: subprocess.Popen | None = None
        self._started = time.monotonic()
        self._dead = False
        self.imported = False

    # -- life cycle -------------------------------------------------------------------------
    def __enter__(self) -> Sandbox:
        self._fresh_home()
        self._spawn()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Kill the child's whole process group and remove the temporary folder."""
        self._kill()
        shutil.rmtree(self._dir, ignore_errors=True)

    def _fresh_home(self) -> None:
        shutil.rmtree(self._home, ignore_errors=True)
        self._home.mkdir(parents=True)
        (self._home / "hog.py").write_bytes(self._source)
        for name in SUPPORT_FILES:
            shutil.copyfile(KIT_DIR / name, self._home / name)
        for rel, data in self._support.items():
            target = self._home / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)

    def _spawn(self) -> None:
        req_r, req_w = os.pipe()
        rep_r, rep_w = os.pipe()
        out = open(self._dir / "stdout.txt", "wb")  # noqa: SIM115 - closed below
        try:
            self._proc = subprocess.Popen(
                [sys.executable, "-I", "-B", str(HARNESS), str(req_r), str(rep_w)],
                cwd=self._home, env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                pass_fds=(req_r, rep_w), start_new_session=True,
                preexec_fn=partial(_limit_child, self.limits, _death_signal(), os.getpid()),
            )
        finally:
            out.close()
            os.close(req_r)
            os.close(rep_w)
        self._req, self._rep = req_w, rep_r
        self._key = secrets.token_bytes(32)
        self._seq = 0
        self._buffer = b""
        self._send({"key": self._key.hex()})
        reply = self._receive(self.limits.import_timeout)
        if reply.status == "ok" and isinstance(reply.value, dict) and reply.value.get("import") == "ok":
            self.imported = True
            return
        self.imported = False
        if reply.status == "ok":
            self.log.import_error = str(reply.value.get("error", "import failed"))
        else:
            self.log.import_error = f"importing hog.py {reply.status}: {reply.error}"
        self._kill()
        self._dead = True

    def _kill(self) -> None:
        proc = self._proc
        if proc is None:
            return
        for fd in (getattr(self, "_req", None), getattr(self, "_rep", None)):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._req = self._rep = None
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        self._proc = None

    # -- frames -----------------------------------------------------------------------------
    def _send(self, obj: object) -> None:
        body = json.dumps(obj).encode()
        os.write(self._req, struct.pack(">I", len(body)) + body)

    def _read_some(self, deadline: float) -> bool:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        ready, _, _ = select.select([self._rep], [], [], left)
        if not ready:
            return False
        chunk = os.read(self._rep, 1 << 16)
        if not chunk:
            raise EOFError
        self._buffer += chunk
        return True

    def _receive(self, timeout: float) -> CallResult:
        """Read one signed frame, or say why there is none."""
        deadline = time.monotonic() + timeout
        try:
            while len(self._buffer) < 4:
                if not self._read_some(deadline):
                    return CallResult("timeout", error=f"no answer within {timeout:g} s")
            (size,) = struct.unpack(">I", self._buffer[:4])
            if size > MAX_REPLY or size < 32:
                return CallResult("tampered", error="a malformed reply")
            while len(self._buffer) < 4 + size:
                if not self._read_some(deadline):
                    return CallResult("timeout", error=f"no answer within {timeout:g} s")
        except (EOFError, OSError):
            return CallResult("crashed", error=f"the program stopped{self._exit_note()}")
        frame, self._buffer = self._buffer[4:4 + size], self._buffer[4 + size:]
        mac, body = frame[:32], frame[32:]
        self._seq += 1
        good = hmac.new(self._key, struct.pack(">Q", self._seq) + body, hashlib.sha256).digest()
        if not hmac.compare_digest(mac, good):
            return CallResult("tampered", error="a reply that was not signed by the grader's harness")
        try:
            return CallResult("ok", value=json.loads(body))
        except ValueError:
            return CallResult("tampered", error="an unreadable reply")

    def _exit_note(self) -> str:
        proc = self._proc
        if proc is None:
            return ""
        try:
            code = proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return ""
        if code < 0:
            name = signal.Signals(-code).name if -code in signal.Signals._value2member_map_ else -code
            return f" (killed by {name})"
        return f" (exit status {code})"

    # -- calls ------------------------------------------------------------------------------
    @property
    def out_of_time(self) -> bool:
        """Whether the submission's wall budget is spent."""
        return time.monotonic() - self._started > self.limits.submission_timeout

    def call(self, expr: str, *, timeout: float | None = None) -> CallResult:
        """Evaluate EXPR (built by the grader) in the child; restart the child after a failure."""
        if self.log.import_error and not self.imported:
            return CallResult("error", error=f"hog.py could not be imported: {self.log.import_error}")
        if self.out_of_time:
            return CallResult("skipped", error="the time limit for the whole submission was reached")
        if self._dead:
            if self.log.restarts >= self.limits.max_restarts:
                return CallResult("skipped", error="not run: the program crashed or hung too often")
            self.log.restarts += 1
            self._kill()
            self._fresh_home()
            self._spawn()
            if not self.imported:
                return CallResult("error", error=f"hog.py could not be imported: {self.log.import_error}")
            self._dead = False
        try:
            self._send({"expr": expr})
        except OSError:
            self._dead = True
            self.log.crashes += 1
            return CallResult("crashed", error=f"the program stopped{self._exit_note()}")
        budget = timeout or self.limits.call_timeout
        shortened = self.log.timeouts > 0 and budget > self.limits.after_timeout
        reply = self._receive(self.limits.after_timeout if shortened else budget)
        if reply.status == "timeout" and shortened:
            reply.error += " (the limit is shorter once an earlier call has run out of time)"
        if reply.status != "ok":
            self._dead = True
            self._kill()
            counter = {"timeout": "timeouts", "crashed": "crashes", "tampered": "tampering"}[reply.status]
            setattr(self.log, counter, getattr(self.log, counter) + 1)
            return reply
        data = reply.value if isinstance(reply.value, dict) else {}
        out = str(data.get("out", ""))[:OUTPUT_CAP]
        if data.get("ok"):
            return CallResult("ok", value=data.get("value"), out=out)
        return CallResult("error", error=str(data.get("error", "")), out=out)

    def output(self) -> str:
        """The first bytes the child wrote to its own stdout/stderr (never parsed for scores)."""
        path = self._dir / "stdout.txt"
        try:
            with open(path, "rb") as handle:
                return handle.read(OUTPUT_CAP).decode("utf-8", "replace")
        except OSError:
            return ""
