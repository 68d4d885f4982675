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

The test helpers (``fixed_rolls``, ``rolls_by_score``, ...) and the way answers become plain data
are the kit's own ``hog_checks.py`` (:mod:`hogkit.shipped.hog_checks`), copied next to ``hog.py``:
the parent calls the reference with the very same helpers, and ``ok`` runs the grader's further
checks with them. ``run_batch`` and ``run_session`` answer many calls, or a whole visible test case,
in one request, and ``keep``/``kept`` hold dice and functions between requests.

A request may carry ``"compose": [names]``: while it runs, those functions of ``hog`` (an earlier
problem's) are replaced by proxies, and a call of one sends the grader a question (a signed
``{"ask": ...}`` frame) that the grader answers with the reference's value (:class:`Link`). The
arguments travel as plain data; the kit's test dice as their outcomes and position (and the
position the reference left them at comes back); any other function as a handle the grader calls
back (``{"call": ...}``, answered by ``{"return": ...}``). Nothing of the reference enters the
child: it only ever sees values.
"""

from __future__ import annotations

import builtins
import hashlib
import hmac
import json
import os
import random
import struct
import sys

MAX_FRAME = 4 * 1024 * 1024


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


MAX_HANDLES = 10_000
dumps = json.dumps


class Failed(Exception):
    """An error the grader reported for a question (its type's name is not a built-in exception)."""


def _raise(error):
    """Raise in the child the error the grader's reference raised (a built-in exception keeps its type)."""
    name, _, message = str(error).partition(": ")
    kind = getattr(builtins, name, None)
    if isinstance(kind, type) and issubclass(kind, Exception):
        raise kind(message)
    raise Failed(str(error))


class Link:
    """The child's side of the questions a composed request asks the grader."""

    def __init__(self, send, receive, dice_module):
        self.send, self.receive = send, receive
        self.test_code = dice_module.make_test_dice(1).__code__
        self.fair_code = dice_module.make_fair_dice(1).__code__
        self.make_fair = dice_module.make_fair_dice
        self.functions, self.numbers = {}, {}  # handles of the child's own functions, kept while it lives
        self.dice = {}  # test dice seen in this request, by handle
        self.known = {}  # answers the grader called fixed: a function of plain arguments, nothing printed

    def begin(self):
        self.dice = {}
        self.sent = set()

    def _cells(self, die):
        return dict(zip(die.__code__.co_freevars, die.__closure__ or (), strict=False))

    def encode(self, value, depth=0):
        if value is None or isinstance(value, (bool, int, float, str)):
            return value
        if depth > 8:
            raise ValueError("an argument nested too deeply")
        if isinstance(value, tuple):
            return {"tuple": [self.encode(v, depth + 1) for v in value]}
        if isinstance(value, list):
            return [self.encode(v, depth + 1) for v in value]
        if isinstance(value, Proxy):
            return {"dep": value.name}
        if isinstance(value, Remote):
            return {"ref": value.handle}
        code = getattr(value, "__code__", None)
        if code is self.test_code:
            number = next((n for n, d in self.dice.items() if d is value), None)
            if number is None:
                number = len(self.dice)
                self.dice[number] = value
            self.sent.add(number)
            return {"dice": number}
        if code is self.fair_code:
            return {"fair": self._cells(value)["sides"].cell_contents}
        if callable(value):
            number = self.numbers.get(id(value))
            if number is None:
                if len(self.functions) >= MAX_HANDLES:
                    raise ValueError("too many functions passed to the grader")
                number = len(self.functions)
                self.functions[number], self.numbers[id(value)] = value, number
            return {"fn": number}
        raise TypeError(f"an argument of type {type(value).__name__} cannot be passed to the grader")

    def decode(self, value, depth=0):
        if isinstance(value, list):
            return [self.decode(v, depth + 1) for v in value]
        if not isinstance(value, dict):
            return value
        if "tuple" in value:
            return tuple(self.decode(v, depth + 1) for v in value["tuple"])
        if "ref" in value:
            return Remote(self, value["ref"])
        if "fn" in value:
            return self.functions[value["fn"]]
        if "dice" in value:
            self.sent.add(value["dice"])
            return self.dice[value["dice"]]
        if "fair" in value:
            return self.make_fair(value["fair"])
        raise ValueError("a value the grader never sends")

    def states(self):
        """Where each test die named in the message being sent is in its cycle."""
        found = {}
        for number in sorted(self.sent):
            cells = self._cells(self.dice[number])
            found[str(number)] = [list(cells["outcomes"].cell_contents), cells["index"].cell_contents]
        self.sent = set()
        return found

    def settle(self, states):
        """Move each test die to where the grader's reference left it."""
        for number, index in (states or {}).items():
            die = self.dice.get(int(number))
            if die is not None:
                self._cells(die)["index"].cell_contents = index

    def ask(self, target, args, kwargs):
        """The grader's answer to calling TARGET (a proxy's or a returned function's name) with ARGS."""
        self.sent = set()
        question = {"fn": target, "args": [self.encode(a) for a in args],
                    "kwargs": {str(k): self.encode(v) for k, v in kwargs.items()}}
        key = dumps(question, sort_keys=True)
        if key in self.known:
            self.sent = set()
            return self.decode(self.known[key])
        question["dice"] = self.states()
        self.send({"ask": question})
        while True:
            frame = self.receive()
            if "answer" in frame:
                answer = frame["answer"]
                sys.stdout.write(answer.get("out", ""))
                self.settle(answer.get("dice"))
                if answer.get("ok"):
                    if answer.get("fixed") and len(self.known) < MAX_HANDLES:
                        self.known[key] = answer.get("value")
                    return self.decode(answer.get("value"))
                _raise(answer.get("error", "the grader could not answer"))
            elif "call" in frame:
                self.serve(frame["call"])
            else:
                raise RuntimeError("the grader sent something else while a question was open")

    def serve(self, call):
        """Call one of the child's own functions for the grader, and send back what it returned."""
        sys.stdout.write(call.get("out", ""))
        self.settle(call.get("dice"))
        try:
            function = self.functions[call["fn"]]
            self.sent = set()
            value = function(*self.decode(call.get("args", [])),
                             **{k: self.decode(v) for k, v in call.get("kwargs", {}).items()})
            reply = {"ok": True, "value": self.encode(value)}
        except MemoryError:
            raise
        except BaseException as exc:  # noqa: BLE001 - the function's failure is its answer
            reply = {"ok": False, "error": f"{type(exc).__name__}: {str(exc)[:500]}"}
        reply["dice"] = self.states()
        self.send({"return": reply})


class Proxy:
    """An earlier problem's function, answered by the grader with the reference's value."""

    def __init__(self, link, name):
        self.link, self.name = link, name
        self.__name__ = self.__qualname__ = name

    def __call__(self, *args, **kwargs):
        return self.link.ask({"dep": self.name}, args, kwargs)


class Remote:
    """A function the reference returned (a commentary function, an averaged function), living in
    the grader: calling it asks the grader."""

    def __init__(self, link, handle):
        self.link, self.handle = link, handle

    def __call__(self, *args, **kwargs):
        return self.link.ask({"ref": self.handle}, args, kwargs)


def _install_audit_hook(home, allowed_read):
    """Refuse what a hog.py never does: start processes, open sockets, call native code, touch files
    outside HOME. Every standard module imports (a student's Python has them all, and an editor's
    stray ``import ctypes`` or ``from multiprocessing import Pool`` must not cost a grade); what
    they would do is refused when it is done.

    This is a second line only: the operating system's sandbox is the boundary (a subinterpreter
    has no hook, native code is never seen, and some calls have no audit event at all)."""
    forbidden = {"os.system", "os.fork", "os.forkpty", "os.exec", "os.posix_spawn", "os.spawn",
                 "subprocess.Popen", "socket.__new__", "socket.connect", "socket.sendto", "socket.sendmsg",
                 "socket.bind", "ctypes.dlsym", "ctypes.dlsym/handle", "ctypes.call_function", "ctypes.cdata",
                 "ctypes.cdata/buffer", "ctypes.string_at", "ctypes.wstring_at", "os.kill", "os.killpg",
                 "signal.pthread_kill", "os.chdir", "os.chmod", "os.chown", "os.link", "os.symlink", "os.truncate",
                 "os.putenv", "os.unsetenv", "sys.addaudithook", "os.setuid", "shutil.rmtree", "sqlite3.connect",
                 "sqlite3.load_extension", "_xxsubinterpreters.create"}
    writers = {"os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.utime"}
    listers = {"os.listdir", "os.scandir"}
    modules = {"_xxsubinterpreters", "_xxinterpchannels", "_testcapi", "_testinternalcapi"}  # CPython's own tests'
    # ``import ctypes`` opens the interpreter itself (dlopen of None); any other library is native code
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
        if event in forbidden or (event == "ctypes.dlopen" and args and args[0] is not None):
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
    import hog_checks  # the grader's helpers and the checker's way of running a case, as the kit ships them

    def capped():
        return hog_checks.Capped(hog_checks.DEBUG_LINE)

    to_plain = hog_checks.to_plain
    helpers = {helper.__name__: helper for helper in hog_checks.TEST_HELPERS}
    helpers.update({"keep": hog_checks.keep, "kept": hog_checks.kept,
                    "run_batch": lambda scope, calls: hog_checks.run_calls(scope, calls, capped),
                    "run_session": session_runner(hog_checks.run_test_case, capped),
                    "run_okpy": okpy_runner(hog_checks.run_prompts, capped),
                    "make_test_dice": dice.make_test_dice})
    link = Link(send, receive, dice)
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
        if not isinstance(request, dict) or "expr" not in request:
            continue
        capture = capped()
        sys.stdout = capture
        replaced = {}
        try:
            if namespace is None:
                raise ImportError("hog.py could not be imported")
            scope = dict(namespace)
            link.begin()
            for name in request.get("compose", ()):
                replaced[name] = vars(hog).get(name)
                proxy = Proxy(link, name)
                vars(hog)[name] = scope[name] = proxy
            scope.update(helpers)
            seed(0)
            value = eval(request["expr"], scope)
            reply = {"ok": True, "value": to_plain(value)}
        except BaseException as exc:  # noqa: BLE001 - report every failure of student code
            reply = {"ok": False, "error": f"{type(exc).__name__}: {str(exc)[:500]}"}
        finally:
            for name, original in replaced.items():
                vars(hog)[name] = original
        sys.stdout = real_stdout
        reply["out"] = capture.getvalue()
        reply["printed"] = capture.size
        send(reply)


if __name__ == "__main__":
    main(sys.argv)
