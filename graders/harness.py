"""The child side of the sandbox: import the student's ``hog.py`` and answer call requests.

This file runs inside the untrusted child process, started as ``python -I harness.py``. It uses
only the standard library and never imports HogKit, so the child holds no reference solution and
no answers. The protocol, over two pipes whose descriptors are named on the command line:

1. the parent sends one frame ``{"key": ...}``; the key signs every reply (HMAC-SHA256 with a
   sequence number), so bytes written to the pipe by student code that lacks the key are rejected;
2. the child installs an audit hook (no subprocesses, no network, no writes or deletes outside
   its folder, no reads of files outside its folder and the Python installation, no native
   modules from its folder), imports ``hog`` and replies ``{"import": ...}``; the hook is a
   second line behind the operating system's sandbox (:mod:`graders.isolation`);
3. the parent sends ``{"expr": ...}`` requests (expressions built by the grader); each reply
   carries the raw value, the printed text and any error. The parent judges everything.

``random`` is seeded before the import and before every request, so a copy that rolls its own
dice gets the same answers, and the same feedback, each time it is graded.

The helpers below (``fixed_rolls``, ``rolls_by_score``, ``echo_scores``, ``run_commentary``,
``dice_calls``) are also imported by the parent so the reference is called with exactly the same
arguments; ``run_batch`` and ``run_session`` answer many calls, or a whole visible test case, in
one request, and ``keep``/``kept`` hold dice and functions between requests.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import json
import os
import random
import struct
import sys

MAX_FRAME = 4 * 1024 * 1024
MAX_TEXT = 20_000


def fixed_rolls(n):
    """A strategy that always rolls N dice."""
    def strategy(score, opponent_score):
        return n
    strategy.__qualname__ = f"fixed_rolls({n})"
    return strategy


def rolls_by_score(*choices):
    """A strategy that picks CHOICES[(score + 3 * opponent_score) % len(CHOICES)]."""
    def strategy(score, opponent_score):
        return choices[(score + 3 * opponent_score) % len(choices)]
    return strategy


def echo_scores(score0, score1):
    """A commentary function that prints both scores and returns itself."""
    print("scores", score0, score1)
    return echo_scores


def run_commentary(say, pairs):
    """Call the commentary function SAY on each pair of scores in turn, as play would."""
    for score0, score1 in pairs:
        say = say(score0, score1)
    return None


def dice_calls(roll, num_rolls, outcomes):
    """ROLL(NUM_ROLLS, dice) with test dice cycling through OUTCOMES: (its answer, how many times
    it called the dice)."""
    calls = [0]

    def dice():
        calls[0] += 1
        return outcomes[(calls[0] - 1) % len(outcomes)]

    return roll(num_rolls, dice), calls[0]


_VAULT = {}


class Kept:
    """What :func:`keep` answers for a function it kept: the parent gets ``{"kept": key}``."""

    def __init__(self, key):
        self.key = key


def keep(key, value):
    """Keep VALUE under KEY for later requests (a die or a function a test goes on using); answer
    the value itself, or a :class:`Kept` note for a function."""
    _VAULT[key] = value
    return Kept(key) if callable(value) else value


def kept(key):
    """What :func:`keep` kept under KEY."""
    return _VAULT[key]


def batch_runner(capped):
    """``run_batch(scope, calls)``: each of CALLS evaluated in SCOPE on its own, what it prints
    caught by a CAPPED stream, as [ok, value, printed, error] for each."""

    def run_batch(scope, calls):
        return _run_batch(scope, calls, capped)

    return run_batch


def _run_batch(scope, calls, capped):
    results = []
    real = sys.stdout
    for call in calls:
        capture = capped()
        sys.stdout = capture
        try:
            results.append([True, eval(call, scope), capture.getvalue(), ""])
        except MemoryError:
            raise  # ends the whole request: the parent stops the problem there
        except BaseException as exc:  # noqa: BLE001 - every other failure of student code is an answer
            results.append([False, None, capture.getvalue(), f"{type(exc).__name__}: {str(exc)[:500]}"])
        finally:
            sys.stdout = real
    return results


def okpy_runner(run_prompts, capped):
    """``run_okpy(scope, setup, statements, teardown)``: an okpy test case's statements run in
    SCOPE as okpy's console runs them (RUN_PROMPTS is the kit checker's own), as
    [setup error, [[lines printed, exception], ...]]."""

    def run_okpy(scope, setup, statements, teardown):
        report = run_prompts(statements, scope, setup=setup, teardown=teardown, out_factory=capped)
        return [report["setup_error"], [[r["output"], r["exception"]] for r in report["results"]]]

    return run_okpy


def session_runner(run_test_case, capped):
    """``run_session(scope, setup, code, teardown)``: a visible test case run in SCOPE exactly as
    the kit's checker runs it (RUN_TEST_CASE is the checker's own), as [display, error, where]."""

    def run_session(scope, setup, code, teardown):
        result = run_test_case(code, scope, setup=setup, teardown=teardown, out=capped())
        return [result["output"], result["error"], result["where"]]

    return run_session


def to_plain(value, depth=0):
    """VALUE as JSON data: tuples become {"tuple": [...]}, other objects a short description."""
    if value is None or isinstance(value, (bool, int, float, str)):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10 ** 30:
            return {"repr": "a very large int"}
        if isinstance(value, str):
            return value[:MAX_TEXT]
        return value
    if depth > 4:
        return {"repr": "nested too deeply"}
    if isinstance(value, tuple):
        return {"tuple": [to_plain(v, depth + 1) for v in value[:20_000]]}
    if isinstance(value, list):
        return [to_plain(v, depth + 1) for v in value[:20_000]]
    if isinstance(value, Kept):
        return {"kept": str(value.key)[:100]}
    if callable(value):
        return {"repr": "a function"}
    return {"repr": f"an object of type {type(value).__name__}"}


class _Capped(io.TextIOBase):
    """A text stream that keeps the first MAX_TEXT characters written to it, less the lines SKIP
    matches (the debugging lines the checker ignores, dropped as they come so that thousands of
    them cannot push the answer out)."""

    def __init__(self, skip=None):
        self.parts, self.size, self.skip = [], 0, skip
        self.line, self.dropping = "", False

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError("write() argument must be str")
        if self.skip is None:
            self._keep(text)
            return len(text)
        self.line += text
        if "\n" in self.line:
            *whole, self.line = self.line.split("\n")
            for line in whole:
                if not (self.dropping or self.skip.match(line)):
                    self._keep(line + "\n")
                self.dropping = False
        if len(self.line) > MAX_TEXT:  # a line too long to wait for: judge it by its start
            self.dropping = self.dropping or bool(self.skip.match(self.line))
            if not self.dropping:
                self._keep(self.line)
            self.line = ""
        return len(text)

    def _keep(self, text):
        if self.size < MAX_TEXT:
            self.parts.append(text[: MAX_TEXT - self.size])
        self.size += len(text)

    def getvalue(self):
        tail = "" if self.dropping or (self.skip and self.skip.match(self.line)) else self.line
        return "".join(self.parts) + tail[: max(0, MAX_TEXT - self.size)]


def _install_audit_hook(home, allowed_read):
    """Refuse what a hog.py never needs: processes, sockets, native code, files outside HOME.

    This is a second line only: the operating system's sandbox is the boundary (a subinterpreter
    has no hook, native code is never seen, and some calls have no audit event at all)."""
    forbidden = {"os.system", "os.fork", "os.forkpty", "os.exec", "os.posix_spawn", "os.spawn",
                 "subprocess.Popen", "socket.__new__", "socket.connect", "socket.sendto", "socket.sendmsg",
                 "socket.bind", "ctypes.dlopen", "ctypes.cdata", "os.kill", "os.killpg", "signal.pthread_kill",
                 "os.chdir", "os.chmod", "os.chown", "os.link", "os.symlink", "os.truncate", "os.putenv",
                 "os.unsetenv", "sys.addaudithook", "os.setuid", "shutil.rmtree", "sqlite3.connect",
                 "_xxsubinterpreters.create"}
    writers = {"os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.utime"}
    listers = {"os.listdir", "os.scandir"}
    modules = {"ctypes", "_ctypes", "multiprocessing", "_posixsubprocess", "_xxsubinterpreters",
               "_xxinterpchannels", "_testcapi", "_testinternalcapi", "sqlite3", "_sqlite3"}
    write_flags = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
    realpath, isabs = os.path.realpath, os.path.isabs

    def inside(path, roots):
        try:
            path = os.fsdecode(path)
            full = realpath(path if isabs(path) else os.path.join(home, path))
        except Exception:
            return False
        return any(full == r or full.startswith(r + os.sep) for r in roots)

    def hook(event, args):
        if event in forbidden:
            raise PermissionError(f"the grader does not allow {event}")
        if event == "open":
            path, mode, flags = (tuple(args) + (None, None))[:3]
            if isinstance(path, int):
                return
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                isinstance(flags, int) and bool(flags & write_flags))
            roots = (home,) if writing else (home, *allowed_read)
            if not inside(path, roots):
                raise PermissionError(f"the grader does not allow opening {path}")
        elif event in writers:
            places = [a for a in args[:2] if isinstance(a, (str, bytes, os.PathLike))]
            if any(a is not None for a in args[2:]) or not all(inside(p, (home,)) for p in places):
                raise PermissionError(f"the grader does not allow {event} outside the folder")
        elif event in listers and args and args[0] is not None and not isinstance(args[0], int):
            if not inside(args[0], (home, *allowed_read)):
                raise PermissionError(f"the grader does not allow {event} outside the folder")
        elif event == "import" and args[0] in modules:
            raise ImportError(f"the grader does not allow importing {args[0]}")
    sys.addaudithook(hook)


def main(argv):
    """Serve the parent: read the key, import hog, answer requests until the pipe closes."""
    rfd, wfd = int(argv[1]), int(argv[2])
    reader = os.fdopen(rfd, "rb", buffering=0)
    write, new_hmac, sha256, dumps, loads = os.write, hmac.new, hashlib.sha256, json.dumps, json.loads
    pack, unpack = struct.pack, struct.unpack

    def read_exact(n):
        data = b""
        while len(data) < n:
            chunk = reader.read(n - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data

    def receive():
        (size,) = unpack(">I", read_exact(4))
        return loads(read_exact(size))

    key = bytes.fromhex(receive()["key"])
    seq = [0]

    def send(obj):
        seq[0] += 1
        body = dumps(obj).encode()[:MAX_FRAME]
        mac = new_hmac(key, pack(">Q", seq[0]) + body, sha256).digest()
        frame = pack(">I", len(body) + 32) + mac + body
        view = memoryview(frame)
        while view:
            view = view[write(wfd, view):]

    home = os.getcwd()
    stdlib = os.path.dirname(os.__file__)
    allowed = tuple({os.path.realpath(p) for p in (stdlib, sys.prefix, sys.base_prefix, sys.exec_prefix)})
    sys.path[:] = [home] + [p for p in sys.path if p and os.path.realpath(p).startswith(allowed)]
    from importlib.machinery import SOURCE_SUFFIXES, FileFinder, SourceFileLoader
    sys.path_importer_cache[home] = FileFinder(home, (SourceFileLoader, SOURCE_SUFFIXES))  # no native code here
    import dice  # the kit's dice.py, copied next to hog.py
    import ok  # the kit's checker, copied next to hog.py and loaded before it

    def capped():
        return _Capped(ok.DEBUG_LINE)

    helpers = {"fixed_rolls": fixed_rolls, "rolls_by_score": rolls_by_score,
               "echo_scores": echo_scores, "run_commentary": run_commentary, "dice_calls": dice_calls,
               "keep": keep, "kept": kept, "run_batch": batch_runner(capped),
               "run_session": session_runner(ok.run_test_case, capped),
               "run_okpy": okpy_runner(ok.run_prompts, capped),
               "make_test_dice": dice.make_test_dice}
    _install_audit_hook(os.path.realpath(home), allowed)
    real_stdout = sys.stdout
    capture = capped()
    sys.stdout = capture
    seed = random.seed
    try:
        seed(0)
        import hog
        namespace = dict(vars(hog))
        reply = {"import": "ok"}
    except BaseException as exc:  # noqa: BLE001 - any failure of the student's import is reported
        namespace = None
        reply = {"import": "error", "error": f"{type(exc).__name__}: {exc}"[:2000]}
    reply["out"] = capture.getvalue()
    sys.stdout = real_stdout
    send(reply)
    while True:
        try:
            request = receive()
        except EOFError:
            return
        capture = capped()
        sys.stdout = capture
        try:
            if namespace is None:
                raise ImportError("hog.py could not be imported")
            scope = dict(namespace)
            scope.update(helpers)
            seed(0)
            value = eval(request["expr"], scope)
            reply = {"ok": True, "value": to_plain(value)}
        except BaseException as exc:  # noqa: BLE001 - report every failure of student code
            reply = {"ok": False, "error": f"{type(exc).__name__}: {str(exc)[:500]}"}
        sys.stdout = real_stdout
        reply["out"] = capture.getvalue()
        reply["printed"] = capture.size
        send(reply)


if __name__ == "__main__":
    main(sys.argv)
