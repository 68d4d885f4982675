"""Run a student's ``hog.py`` in a sandboxed child process, and call into it safely.

The child (``graders/harness.py``) is started by :class:`graders.isolation.Jail`: under bubblewrap
(or a sandbox uid of its own, or, only when asked, nothing) with ``python -I -S -B``, an empty
environment, its own session, resource limits and a seccomp filter set before it runs any code,
and death with the grader. Its folder holds only the student's ``hog.py``, the harness and the
kit's ``dice.py``, ``ucb.py`` and ``hog_checks.py``. Requests and replies travel over two private pipes;
every reply is signed with a key sent through the pipe (never argv or the environment), and the
parent rejects anything unsigned.

Nothing in a reply is trusted: a frame is bounded in size and depth before it is parsed
(:mod:`graders.untrusted`), must have the shape the harness sends, and any failure is "no answer".
While a call runs, the child may ask the grader questions (the reference's value of an earlier
problem's function, when a test is composed: :mod:`graders.proxy`); a call given no one to answer
them treats such a frame as tampering.

Time is the child's own (:mod:`graders.meter`): CPU time of everything it runs plus the time it
was blocked, never the time it waited for a CPU that a neighbour held nor the time the grader took
to answer it; but the work the grader does for the questions the child asks (the reference's die
rolls and steps) is charged to the child, counted, not timed. A call that spends more than its
limit, or a child that dies, is recorded and a fresh child takes the next call; once one call of a
problem has run out of time, that problem's later calls get the short ``after_timeout`` limit.
Each problem has its own account of time in the :class:`Budget` every child of a copy shares: a
slow problem runs out of its own time and costs no other. Every limit is in seconds of the
reference machine, scaled by how fast this machine runs Python now (``Limits.pace``), and a
wall-clock limit ``wall_factor`` times larger backs each one up.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import math
import os
import secrets
import select
import signal
import struct
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Protocol

from graders.isolation import Caps, Isolation, Jail, detect
from graders.meter import Meter, Reading, between, grader_run_queue_wait
from graders.untrusted import MAX_BYTES as MAX_REPLY
from graders.untrusted import Untrusted, load_json, plain_value
from hogkit.shipped import SHIPPED_DIR
from hogkit.shipped.hog_checks import CASE_SECONDS, FUZZ_SECONDS, PROBLEM_SECONDS, SWEEP_SECONDS

HARNESS = Path(__file__).with_name("harness.py")
SUPPORT_FILES = ("dice.py", "ucb.py", "hog_checks.py")
STAYS = ("harness.py", "hog.py", "hog_checks.py")  # no extra file replaces these
OUTPUT_CAP = 64 * 1024
WORK_SECONDS = 1e-6  # the child's own time one unit of the grader's work for its questions costs it
ERROR_CAP = 600  # characters of an error message kept from a reply
FIRST_LOOK, LOOK_EVERY = 0.02, 0.1  # seconds before the child's time is first read during a wait, then between


@dataclass(frozen=True)
class Limits:
    """The resource limits of each child (``resources``) and the time limits of a grade, in seconds
    of the child's own time (CPU plus blocked) on the reference machine, each multiplied by
    ``pace`` (:func:`graders.pace.pace_factor`: how much slower this machine runs Python now);
    ``wall_factor`` times each is its wall-clock backstop.

    A visible case (or one fuzzed call) may take ``call_timeout``; a group of a sweep's calls
    ``sweep_timeout``; all of a fuzzed property's calls ``fuzz_timeout``; every test of one problem
    ``problem_seconds`` (a problem that takes longer has run out of time, and costs no other);
    calls outside any problem (a course's own suite) share ``submission_timeout``."""

    resources: Caps = Caps()
    call_timeout: float = CASE_SECONDS
    sweep_timeout: float = SWEEP_SECONDS
    fuzz_timeout: float = FUZZ_SECONDS
    after_timeout: float = 0.5
    import_timeout: float = 5.0
    problem_seconds: float = PROBLEM_SECONDS
    submission_timeout: float = 10.0
    max_restarts: int = 40
    wall_factor: float = 10.0
    pace: float = 1.0

    def seconds(self, reference: float) -> float:
        """REFERENCE seconds of the reference machine, here and now."""
        return reference * self.pace

    def caps(self, seconds_left: float) -> Caps:
        """The resource limits of a child started when SECONDS_LEFT of the grade's time remain: its
        CPU time is at most what is left, so no child can outspend the grade."""
        cpu = max(1, math.ceil(seconds_left))
        return replace(self.resources, cpu_seconds=cpu)


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


@dataclass
class Budget:
    """One copy's time, shared by every sandbox that grades it, kept in accounts: each problem has
    its own (``with budget.account("09"):``), so a problem that runs slow runs out of its own time
    and never another's; calls outside any account share the submission's. ``problems`` is how
    many accounts the grade opens, for the backstop of each child's CPU time."""

    limits: Limits = field(default_factory=Limits)
    spent: float = 0.0
    started: float = field(default_factory=time.monotonic)
    log: SandboxLog = field(default_factory=SandboxLog)
    problems: int = 0
    current: str = ""
    spent_by: dict[str, float] = field(default_factory=dict)
    opened_at: dict[str, float] = field(default_factory=dict)
    timeouts_by: dict[str, int] = field(default_factory=dict)

    @contextlib.contextmanager
    def account(self, name: str) -> Iterator[None]:
        """Charge the calls made inside to NAME's account (a problem's id, or a pass of it)."""
        outer = self.current
        self.current = name
        self.opened_at.setdefault(name, time.monotonic())
        try:
            yield
        finally:
            self.current = outer

    @property
    def allowance(self) -> float:
        """What the current account may spend in all."""
        return self.limits.seconds(self.limits.problem_seconds if self.current else self.limits.submission_timeout)

    @property
    def seconds_left(self) -> float:
        """What is left of the current account (nothing once its wall-clock backstop passes)."""
        opened = self.opened_at.get(self.current, self.started)
        if time.monotonic() - opened > self.allowance * self.limits.wall_factor:
            return 0.0
        return self.allowance - self.spent_by.get(self.current, 0.0)

    @property
    def backstop(self) -> float:
        """The most CPU time a child may take in all (every account it may serve), for its rlimit."""
        accounts = max(1, self.problems) * (1 + self.limits.problem_seconds / max(self.limits.submission_timeout, 1))
        return self.limits.seconds(self.limits.submission_timeout) * accounts + self.limits.import_timeout

    def charge(self, seconds: float) -> None:
        """Charge SECONDS of the child's own time to the current account."""
        self.spent += seconds
        self.spent_by[self.current] = self.spent_by.get(self.current, 0.0) + seconds

    @property
    def timeouts(self) -> int:
        """Calls of the current account that ran out of time."""
        return self.timeouts_by.get(self.current, 0)

    def note_timeout(self) -> None:
        self.timeouts_by[self.current] = self.timeouts_by.get(self.current, 0) + 1


class Asker(Protocol):
    """Answers the questions a child asks during a call (see :mod:`graders.proxy`), counting its
    work in units (a step of the reference, a die it rolls, a call back): each unit is charged to
    the child as WORK_SECONDS of its own time, and an answer may take no more units than the call
    has time left for."""

    def answer(self, question: object, sandbox: Sandbox, *, units: int) -> dict:
        """The answer frame's content for QUESTION (it may call :meth:`Sandbox.callback`), in at most UNITS."""

    def take_work(self) -> int:
        """The units of work done since the last time this was asked."""


@dataclass
class _Wait:
    """The time one call (with the questions it asked and the callbacks they made) has taken."""

    limit: float
    start: Reading
    served: float = 0.0
    charged: float = 0.0  # the work the grader did for the child's questions, in the child's seconds
    serving_since: float | None = None
    grader_queued: float = field(default_factory=grader_run_queue_wait)

    @property
    def grader_time(self) -> float:
        """The time the child waited for the grader: the grader's answering so far, and the time
        the grader's thread spent waiting for a CPU (on a crowded machine the child's question
        waits for the grader to be scheduled before anyone can answer it)."""
        return self.served + max(0.0, grader_run_queue_wait() - self.grader_queued)

    def grader_starts(self) -> None:
        if self.serving_since is None:
            self.serving_since = time.monotonic()

    def grader_stops(self) -> None:
        if self.serving_since is not None:
            self.served += time.monotonic() - self.serving_since
            self.serving_since = None


class Sandbox:
    """One student copy in a child process; use as a context manager and call :meth:`call`."""

    def __init__(self, hog_source: bytes, *, limits: Limits | None = None, isolation: Isolation | None = None,
                 support: dict[str, bytes] | None = None, budget: Budget | None = None) -> None:
        self.budget = budget or Budget(limits or Limits())
        self.limits = self.budget.limits
        self.isolation = isolation or detect()
        self.log = self.budget.log
        # beside hog.py: the kit's support files, and any a course's own tests need (SUPPORT)
        self._files = {**{name: (SHIPPED_DIR / name).read_bytes() for name in SUPPORT_FILES},
                       **{name: data for name, data in (support or {}).items() if name not in STAYS},
                       "harness.py": HARNESS.read_bytes(), "hog.py": hog_source}
        self._jail = Jail(self.isolation, caps=self.limits.resources)
        self._proc: subprocess.Popen | None = None
        self._meter: Meter | None = None
        self._req: int | None = None
        self._rep: int | None = None
        self._dead = False
        self._wait: _Wait | None = None
        self._broken: CallResult | None = None  # how a callback failed, while the call that made it goes on
        self.imported = False

    # -- life cycle -------------------------------------------------------------------------
    def __enter__(self) -> Sandbox:
        self._jail.__enter__()
        try:
            self._spawn()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Kill the child and everything it started, and remove its folder."""
        self._kill()
        self._jail.__exit__(None, None, None)

    @property
    def seconds_left(self) -> float:
        """What is left of the submission's budget."""
        return self.budget.seconds_left

    def _spawn(self) -> None:
        req_r, req_w = os.pipe()
        rep_r, rep_w = os.pipe()
        out = os.open(self._jail.dir / "stdout.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
        try:
            self._proc = self._jail.start(["harness.py", str(req_r), str(rep_w)], files=self._files,
                                          caps=self.limits.caps(self.budget.backstop), pass_fds=(req_r, rep_w),
                                          stdout=out, stderr=out)
        except BaseException:
            for fd in (req_w, rep_r):
                os.close(fd)
            raise
        finally:
            for fd in (out, req_r, rep_w):
                os.close(fd)
        os.set_blocking(req_w, False)
        self._req, self._rep = req_w, rep_r
        self._meter = self._jail.meter(self._proc)
        self._key = secrets.token_bytes(32)
        self._seq = 0
        self._buffer = b""
        wait = self._begin(self.limits.seconds(self.limits.import_timeout))
        try:
            self._send({"key": self._key.hex()})
        except OSError:
            reply = CallResult("crashed", error=f"the program stopped{self._exit_note()}")
        else:
            reply = self._frame(wait)
        self._end(wait, account=False)
        value = reply.value if reply.ok else None
        if isinstance(value, dict) and value.get("import") == "ok":
            self.imported = True
            return
        self.imported = False
        if isinstance(value, dict) and value.get("import") == "error":
            self.log.import_error = _text(value.get("error"), ERROR_CAP) or "import failed"
        elif reply.ok:
            self.log.import_error = "importing hog.py tampered: a reply the harness never sends"
        else:
            self.log.import_error = f"importing hog.py {reply.status}: {reply.error}"
        self._kill()
        self._dead = True

    def _kill(self) -> None:
        for fd in (self._req, self._rep):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._req = self._rep = None
        proc = self._proc
        if proc is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        self._jail.end_children()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)
        self._proc = None

    # -- time -------------------------------------------------------------------------------
    def _begin(self, limit: float) -> _Wait:
        assert self._meter is not None
        self._wait = _Wait(max(0.0, limit), self._meter.read())
        return self._wait

    def _end(self, wait: _Wait, *, account: bool = True) -> None:
        """Charge what WAIT took to the current account of the budget (ACCOUNT false: to no account,
        as an import is the copy's and not a problem's)."""
        wait.grader_stops()
        if self._meter is not None and self._proc is not None and account:
            with contextlib.suppress(OSError):
                self.budget.charge(between(wait.start, self._meter.read(), served=wait.grader_time).own + wait.charged)
        self._wait = None

    def _over(self, wait: _Wait) -> bool:
        """Whether the call has taken more than its limit (or its wall-clock backstop)."""
        assert self._meter is not None
        now = self._meter.read()
        if now.wall - wait.start.wall > wait.limit * self.limits.wall_factor:
            return True
        return between(wait.start, now, served=wait.grader_time).own + wait.charged > wait.limit

    # -- frames -----------------------------------------------------------------------------
    def _send(self, obj: object, timeout: float = 5.0) -> None:
        """Write one frame; a child that stops reading cannot block the grader (OSError after TIMEOUT)."""
        body = json.dumps(obj).encode()
        view = memoryview(struct.pack(">I", len(body)) + body)
        deadline = time.monotonic() + timeout
        while view:
            _, ready, _ = select.select([], [self._req], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise TimeoutError("the program stopped reading requests")
            view = view[os.write(self._req, view):]

    def _fill(self, wait: _Wait, size: int) -> bool:
        """Read until SIZE bytes are buffered; False when the call runs out of time first. Any time
        the grader spent since it last waited for the child was its own (``served``)."""
        wait.grader_stops()
        pause = FIRST_LOOK
        while len(self._buffer) < size:
            ready, _, _ = select.select([self._rep], [], [], pause)
            if not ready:
                if self._over(wait) and not select.select([self._rep], [], [], 0)[0]:
                    return False
                pause = LOOK_EVERY
                continue
            chunk = os.read(self._rep, 1 << 16)
            if not chunk:
                raise EOFError
            self._buffer += chunk
        return True

    def _frame(self, wait: _Wait) -> CallResult:
        """Read one signed frame, or say why there is none."""
        timed_out = CallResult("timeout", error=f"no answer within {wait.limit:.3g} s")
        try:
            if not self._fill(wait, 4):
                return timed_out
            (size,) = struct.unpack(">I", self._buffer[:4])
            if size > MAX_REPLY + 32 or size < 32:
                return CallResult("tampered", error=f"a reply of {size} bytes (at most {MAX_REPLY})")
            if not self._fill(wait, 4 + size):
                return timed_out
        except (EOFError, OSError):
            return CallResult("crashed", error=f"the program stopped{self._exit_note()}")
        wait.grader_starts()  # the child waits for the grader from now until it next reads
        frame, self._buffer = self._buffer[4:4 + size], self._buffer[4 + size:]
        mac, body = frame[:32], frame[32:]
        self._seq += 1
        good = hmac.new(self._key, struct.pack(">Q", self._seq) + body, hashlib.sha256).digest()
        if not hmac.compare_digest(mac, good):
            return CallResult("tampered", error="a reply that was not signed by the grader's harness")
        try:
            return CallResult("ok", value=load_json(body, max_bytes=MAX_REPLY))
        except Untrusted as exc:
            return CallResult("tampered", error=str(exc))

    def _exchange(self, wait: _Wait, asker: Asker | None, *, reply_key: str | None) -> CallResult:
        """Frames until the child's reply (a ``reply_key`` frame, or a call's reply when None),
        answering the questions it asks on the way."""
        while True:
            got = self._frame(wait)
            if not got.ok:
                return got
            value = got.value
            if isinstance(value, dict) and set(value) == {"ask"}:
                if asker is None:
                    return CallResult("tampered", error="a question from a call that may ask none")
                unit = self.limits.seconds(WORK_SECONDS)
                own = between(wait.start, self._meter.read(), served=wait.grader_time).own if self._meter else 0.0
                answer = asker.answer(value["ask"], self, units=max(0, int((wait.limit - own - wait.charged) / unit)))
                wait.charged += asker.take_work() * unit
                if self._broken is not None:  # a callback the answer needed hung, crashed or tampered
                    return self._broken
                try:
                    self._send({"answer": answer})
                except OSError:
                    return CallResult("crashed", error=f"the program stopped{self._exit_note()}")
                continue
            if reply_key is not None:
                if isinstance(value, dict) and set(value) == {reply_key}:
                    return CallResult("ok", value=value[reply_key])
                return CallResult("tampered", error="a reply the harness never sends")
            return got

    def callback(self, request: dict, asker: Asker) -> CallResult:
        """From inside :meth:`Asker.answer`: ask the child to call one of its own functions (a
        ``{"call": ...}`` frame) and wait for its ``{"return": ...}``, answering the questions it
        asks meanwhile. The time counts against the call that asked."""
        wait = self._wait
        if wait is None or self._broken is not None:
            return self._broken or CallResult("crashed", error="the program stopped")
        try:
            self._send({"call": request})
            got = self._exchange(wait, asker, reply_key="return")
        except OSError:
            got = CallResult("crashed", error=f"the program stopped{self._exit_note()}")
        if not got.ok:
            self._broken = got
        return got

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
        """Whether the current account of the budget is spent."""
        return self.seconds_left <= 0

    def _spent_note(self) -> str:
        """Why no call is run once the current account is spent."""
        allowance = f"{self.budget.allowance / self.limits.pace:.3g} s of the program's own time"
        if self.budget.current:
            return f"ran out of time: this problem's tests took all the {allowance} a problem may take"
        return f"ran out of time: the {allowance} the whole submission may take"

    def call(self, expr: str, *, timeout: float | None = None, compose: tuple[str, ...] = (),
             asker: Asker | None = None) -> CallResult:
        """Evaluate EXPR (built by the grader) in the child, within TIMEOUT seconds of the reference
        machine (``call_timeout`` when None); restart the child after a failure. COMPOSE names the
        earlier problems' functions the child replaces by questions to ASKER."""
        if self.log.import_error and not self.imported:
            return CallResult("error", error=f"hog.py could not be imported: {self.log.import_error}")
        if self.out_of_time:
            return CallResult("skipped", error=self._spent_note())
        if self._dead:
            if self.log.restarts >= self.limits.max_restarts:
                return CallResult("skipped", error="not run: the program crashed or hung too often")
            self.log.restarts += 1
            self._kill()
            self._spawn()
            if not self.imported:
                return CallResult("error", error=f"hog.py could not be imported: {self.log.import_error}")
            self._dead = False
        reference = timeout or self.limits.call_timeout
        shortened = self.budget.timeouts > 0 and reference > self.limits.after_timeout
        limit = self.limits.seconds(self.limits.after_timeout if shortened else reference)
        wait = self._begin(min(limit, self.seconds_left))
        self._broken = None
        try:
            self._send({"expr": expr, "compose": list(compose)} if compose else {"expr": expr})
        except OSError:
            self._end(wait)
            reply = CallResult("crashed", error=f"the program stopped{self._exit_note()}")
            self._fail(reply)
            return reply
        reply = self._exchange(wait, asker, reply_key=None)
        self._broken = None
        self._end(wait)
        if reply.status == "timeout":
            shown = self.limits.after_timeout if shortened else reference
            reply.error = f"ran out of time: no answer within {shown:.3g} s of the program's own time"
            if shortened:
                reply.error += " (the limit is shorter once an earlier call of this problem has run out of time)"
            elif self.out_of_time:
                reply.error = self._spent_note()
        if reply.ok:
            reply = _answer(reply.value)
        if reply.status not in ("ok", "error"):
            self._fail(reply)
        return reply

    def _fail(self, reply: CallResult) -> None:
        """The child hung, died or tampered: note it and stop the child (a fresh one takes the next call)."""
        self._dead = True
        self._kill()
        counter = {"timeout": "timeouts", "crashed": "crashes", "tampered": "tampering"}.get(reply.status)
        if counter:
            setattr(self.log, counter, getattr(self.log, counter) + 1)
        if reply.status == "timeout":
            self.budget.note_timeout()

    def output(self) -> str:
        """The first bytes the child wrote to its own stdout/stderr (never parsed for scores)."""
        try:
            fd = os.open(self._jail.dir / "stdout.txt", os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            return ""
        with os.fdopen(fd, "rb") as handle:
            return handle.read(OUTPUT_CAP).decode("utf-8", "replace")


@dataclass(frozen=True)
class Finished:
    """How a one-shot child ended: ``status`` is ok (it exited), timeout or too_much_output."""

    status: str
    returncode: int | None
    stdout: bytes


def run_once(program: list[str], *, files: dict[str, bytes], isolation: Isolation, caps: Caps, timeout: float,
             max_output: int = 1024 * 1024, wall_factor: float = Limits.wall_factor) -> Finished:
    """Run ``python -I -S -B PROGRAM...`` once in a fresh sandbox holding FILES, for at most TIMEOUT
    seconds of its own time (and WALL_FACTOR times that of wall time); keep at most MAX_OUTPUT bytes
    of its stdout (stderr is dropped). The child and all it started are gone on return."""
    with Jail(isolation, caps=caps) as jail:
        read, write = os.pipe()
        try:
            proc = jail.start(program, files=files, caps=caps, stdout=write, stderr=subprocess.DEVNULL)
        finally:
            os.close(write)
        meter = jail.meter(proc)
        start = meter.read()
        chunks, size, status = [], 0, "ok"
        pause = FIRST_LOOK
        try:
            while True:
                ready, _, _ = select.select([read], [], [], pause)
                if not ready:
                    now = meter.read()
                    if between(start, now).own > timeout or now.wall - start.wall > timeout * wall_factor:
                        status = "timeout"
                        break
                    pause = LOOK_EVERY
                    continue
                chunk = os.read(read, 1 << 16)
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
                if size > max_output:
                    status = "too_much_output"
                    break
        finally:
            os.close(read)
            if status != "ok":
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(proc.pid, signal.SIGKILL)
            jail.end_children()
            try:
                code = proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                code = proc.wait()
    return Finished(status, code if status == "ok" else None, b"".join(chunks)[:max_output])


def _text(value: object, cap: int) -> str:
    """A string field of a reply, cut to CAP characters (anything else is empty)."""
    return value[:cap] if isinstance(value, str) else ""


def _answer(data: object) -> CallResult:
    """A parsed call reply as a CallResult, or "tampered" if it is not what the harness sends."""
    if not isinstance(data, dict) or not isinstance(data.get("ok"), bool) or not isinstance(data.get("out", ""), str):
        return CallResult("tampered", error="a reply the harness never sends")
    out = data.get("out", "")[:OUTPUT_CAP]
    if data["ok"]:
        if not plain_value(data.get("value")):
            return CallResult("tampered", error="a reply whose value the harness never sends")
        return CallResult("ok", value=data.get("value"), out=out)
    return CallResult("error", error=_text(data.get("error"), ERROR_CAP), out=out)


__all__ = ["WORK_SECONDS", "Asker", "Budget", "CallResult", "Finished", "Limits", "Sandbox", "SandboxLog", "run_once"]
