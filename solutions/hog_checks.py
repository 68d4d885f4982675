"""hog_checks: the grader's test helpers, and its further checks for ``ok`` (standard library only).

The course's grader calls your functions with a few small helpers of its own (``fixed_rolls``,
``rolls_by_score``, ...: ``HELPER_WORDS`` says what each is). Beyond the cases ``ok`` shows, it
checks each function on every input the project page allows (a sweep) and on inputs drawn at
random (fuzzing). Those further checks are in ``ok_bank.json`` too: each call beside a keyed hash
of the right answer, never the answer itself. ``python3 ok -q NN`` runs them after the problem's
cases, in the same way and within the same limits as the grader, and names a call that goes
wrong, never what it should have given.

Run from a test (okpy's format runs this): ``further_checks('05')`` prints ``ok`` when every
further check of Problem 5 passes, else one line for each check that does not.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
import importlib.machinery
import importlib.util
import io
import json
import os
import random
import re
import signal
import sys
import threading
import time
import traceback
import types
from pathlib import Path

BANK_FILE = "ok_bank.json"
CHUNK = 2000  # calls of a further check run together, as the grader runs them in one request
DIGEST_CHARS = 12
ANY = "*" * DIGEST_CHARS  # the hash of a call whose every answer is accepted
MAX_TEXT = 20_000  # characters of printed text kept from one call
MAX_ITEMS = 20_000  # items of a list or tuple kept from an answer
DEBUG_LINE = re.compile(r"^DEBUG[: ]", re.IGNORECASE)
# The CPU seconds pace_work takes on the machine the time limits were set on (the 2-core grading
# machine, Debian's Python 3.11): a limit of S seconds there is S * measure_pace() / REFERENCE_PACE here.
REFERENCE_PACE = 0.0175
# The grader's time limits at that pace, in seconds of the program's own time: one visible case
# (one call), one group of CHUNK calls of a sweep, every call of one fuzzed property together, and
# every test of one problem together (a problem that takes longer costs only itself).
CASE_SECONDS = 2.0
SWEEP_SECONDS = 4.0
FUZZ_SECONDS = 4.0
PROBLEM_SECONDS = 10.0  # every test of one problem together
# What a case displays when it fails or is stopped, and how long one may run (in seconds of wall
# time; the CPU limits above come first)
ERROR = "Error"
LOOP = "Infinite loop"
LOOP_ERROR = "probably an infinite loop"
PROBLEM_OUT_OF_TIME = "ran out of time: this problem's tests took all the time the grader gives a problem"
CASE_TIMEOUT = 5.0  # one case of HogKit's tests
OKPY_TIMEOUT = 10.0  # okpy's own limit for one prompt

# --------------------------------------------------------------------------- the grader's helpers


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


def rolls_by_sum(*choices):
    """A strategy that picks CHOICES[(score + opponent_score) % len(CHOICES)]: the same for both
    players, whichever score comes first."""
    def strategy(score, opponent_score):
        return choices[(score + opponent_score) % len(choices)]
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


TEST_HELPERS = (fixed_rolls, rolls_by_score, rolls_by_sum, echo_scores, run_commentary, dice_calls)

# What each of TEST_HELPERS is, in a student's words: a call a report shows may name one, and the
# report then says what it is.
HELPER_WORDS = {
    "fixed_rolls": "fixed_rolls(n) is the grader's strategy that always rolls n dice",
    "rolls_by_score": ("rolls_by_score(*choices) is the grader's strategy that, given score and opponent_score, "
                       "rolls choices[(score + 3 * opponent_score) % len(choices)] dice"),
    "rolls_by_sum": ("rolls_by_sum(*choices) is the grader's strategy that, given score and opponent_score, "
                     "rolls choices[(score + opponent_score) % len(choices)] dice, the same whichever score "
                     "comes first"),
    "echo_scores": ("echo_scores is the grader's commentary function: called with both scores, it prints "
                    "'scores' and the two scores, and returns itself"),
    "run_commentary": ("run_commentary(say, pairs) is the grader's stand-in for a game's commentary: it calls say "
                       "on each pair of scores in turn, each time calling the function the last call returned, "
                       "as play does"),
    "dice_calls": ("dice_calls(roll, n, outcomes) is the grader's count of dice: it calls roll(n, dice) with test "
                   "dice that cycle through outcomes and gives (what roll returned, how many times it called dice)"),
}


class Kept:
    """What :func:`keep` answers for a function it kept: the grader gets ``{"kept": key}``."""

    def __init__(self, key):
        self.key = key


_VAULT = {}


def keep(key, value):
    """Keep VALUE under KEY for later requests (a die or a function a test goes on using); answer
    the value itself, or a :class:`Kept` note for a function."""
    _VAULT[key] = value
    return Kept(key) if callable(value) else value


def kept(key):
    """What :func:`keep` kept under KEY."""
    return _VAULT[key]


# --------------------------------------------------------------------------- answers as data


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
        return {"tuple": [to_plain(v, depth + 1) for v in value[:MAX_ITEMS]]}
    if isinstance(value, list):
        return [to_plain(v, depth + 1) for v in value[:MAX_ITEMS]]
    if isinstance(value, Kept):
        return {"kept": str(value.key)[:100]}
    if callable(value):
        return {"repr": "a function"}
    return {"repr": f"an object of type {type(value).__name__}"}


def _canonical(value):
    """VALUE (plain data) with every number written to 9 significant digits, so that answers the
    grader counts as equal (numbers within a relative 1e-9 of each other, 3 and 3.0) compare equal."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        if value != value:
            return {"number": "nan"}
        return {"number": "0" if abs(value) < 1e-9 else format(float(value), ".9g")}
    if isinstance(value, list):
        return [_canonical(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in value.items()}
    return repr(value)


def without_debug(text):
    """Printed text without the debugging lines okpy ignores (``DEBUG:`` or ``DEBUG `` at a line's start)."""
    return "\n".join(line for line in text.splitlines() if not DEBUG_LINE.match(line))


def answer_digest(key, call, value, printed=None):
    """The keyed hash of one answer to CALL: its plain VALUE and, where the check compares it, what
    it PRINTED (debugging lines left out)."""
    body = json.dumps([call, _canonical(value), None if printed is None else without_debug(printed)],
                      sort_keys=True, separators=(",", ":"))
    return hmac.new(key.encode(), body.encode(), hashlib.sha256).hexdigest()[:DIGEST_CHARS]


class Capped(io.TextIOBase):
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


class OutOfTime(BaseException):
    """A further check ran out of its time."""


def run_calls(scope, calls, capped=None):
    """Each of CALLS evaluated in SCOPE on its own, what it prints caught by a fresh CAPPED stream,
    as [ok, value, printed, error] for each (the grader's sandbox answers a sweep this way)."""
    capped = capped or (lambda: Capped(DEBUG_LINE))
    results = []
    real = sys.stdout
    for call in calls:
        capture = capped()
        sys.stdout = capture
        try:
            results.append([True, eval(call, scope), capture.getvalue(), ""])
        except (MemoryError, OutOfTime):
            raise  # ends the whole request: the grader stops the problem there
        except BaseException as exc:  # noqa: BLE001 - every other failure of student code is an answer
            results.append([False, None, capture.getvalue(), f"{type(exc).__name__}: {str(exc)[:500]}"])
        finally:
            sys.stdout = real
    return results


# --------------------------------------------------------------------------- running a case


class _CpuSpent(KeyboardInterrupt):
    """Raised in the main thread when a case has used up its CPU time (stopped as a loop is)."""


def run_test_case(code: str, namespace: dict, *, setup: str = "", teardown: str = "",
                  timeout: float | None = None, out: io.TextIOBase | None = None, cpu: float | None = None) -> dict:
    """Run a test case: SETUP, then CODE, whose display is what the case compares, then TEARDOWN,
    which runs even when CODE fails (so a case that replaces a function of hog puts it back).

    The checker, the grader's sandbox and the reference all run cases through this function, so
    they display the same text for the same code.
    """
    if setup:
        prepared = run_case_code(setup, namespace, timeout=timeout, cpu=cpu)
        if prepared["error"]:
            return {"output": ERROR, "error": f"the test's setup failed: {prepared['error']}",
                    "where": prepared["where"]}
    result = run_case_code(code, namespace, timeout=timeout, out=out, cpu=cpu)
    if teardown:
        run_case_code(teardown, namespace, timeout=timeout)
    return result


def run_case_code(code: str, namespace: dict, *, timeout: float | None = None,
                  out: io.TextIOBase | None = None, cpu: float | None = None) -> dict:
    """Run doctest-style CODE (``>>>`` lines) in NAMESPACE, as Python would display it, stopped
    after TIMEOUT seconds or CPU seconds of this process's CPU time, whichever comes first.

    Returns ``output`` (what was printed and each expression's repr, one per line, or ``Error`` /
    ``Infinite loop`` when that happened), plus ``error`` and ``where`` describing a failure.
    OUT, if given, collects what is printed (the grader passes a stream that keeps only so much).
    """
    out = io.StringIO() if out is None else out
    result: dict = {"output": "", "error": "", "where": ""}
    done = threading.Event()
    timer = None
    saved_handler = None
    if timeout:
        import _thread

        if (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGINT) in (signal.SIG_IGN, signal.SIG_DFL)):
            # a background job (``cmd &``, nohup) starts with Ctrl-C ignored, and then
            # interrupt_main does nothing: catch it for the case, so a loop can be stopped
            saved_handler = signal.signal(signal.SIGINT, signal.default_int_handler)

        def watchdog() -> None:
            if not done.wait(timeout):
                _thread.interrupt_main()

        timer = threading.Thread(target=watchdog, daemon=True)
        timer.start()
    cancel = cpu_alarm(cpu, _CpuSpent) if cpu else (lambda: None)
    try:
        with contextlib.redirect_stdout(out):
            for source in split_statements(code):
                tree, is_expression = compiled_statement(source)
                if not is_expression:
                    exec(tree, namespace)
                    continue
                value = eval(tree, namespace)
                if value is not None:
                    print(repr(value))
        done.set()
        result["output"] = without_debug(out.getvalue())
        result["debug"] = debug_lines(out.getvalue())
    except KeyboardInterrupt as stopped:
        done.set()
        why = (f"ran out of time: no answer within {cpu:.3g} s of its own time" if isinstance(stopped, _CpuSpent)
               else f"stopped after {timeout:g} seconds" if timeout else "stopped")
        result.update(output=without_debug(out.getvalue()) + "\n" + LOOP, debug=debug_lines(out.getvalue()),
                      error=f"{LOOP_ERROR}: {why}")
    except BaseException as exc:  # noqa: BLE001 - student code may raise anything, even SystemExit
        done.set()
        result.update(output=without_debug(out.getvalue()) + "\n" + ERROR, debug=debug_lines(out.getvalue()),
                      error=f"{type(exc).__name__}: {exc}", where=_where(exc))
    finally:
        cancel()
        if saved_handler is not None:
            signal.signal(signal.SIGINT, saved_handler)
    return result


MAX_DEBUG = 40  # DEBUG lines shown per case


def debug_lines(text: str) -> list[str]:
    """The ``DEBUG:`` lines of printed TEXT, as the student printed them (at most MAX_DEBUG)."""
    return [line for line in text.splitlines() if DEBUG_LINE.match(line)][:MAX_DEBUG]


def _where(exc: BaseException) -> str:
    """The last line of hog.py (or the test) that the error passed through."""
    frames = traceback.extract_tb(exc.__traceback__)
    mine = [f for f in frames if f.filename.endswith("hog.py")] or [f for f in frames if f.filename == "<test>"]
    if not mine:
        return ""
    frame = mine[-1]
    name = Path(frame.filename).name if frame.filename != "<test>" else "the test"
    return f"{name}, line {frame.lineno}, in {frame.name}: {(frame.line or '').strip()}"


@functools.lru_cache(maxsize=4096)
def compiled_statement(source: str) -> tuple[types.CodeType, bool]:
    """SOURCE compiled as the test runs it, and whether it is an expression (whose value is
    shown); kept, since the same cases run again and again (every copy, every diagnosis)."""
    try:
        return compile(source, "<test>", "eval"), True
    except SyntaxError:
        return compile(source, "<test>", "exec"), False


def split_statements(code: str) -> list[str]:
    """Split ``>>>``/``...`` doctest lines into the statements Python would run one by one."""
    statements: list[str] = []
    for line in code.splitlines():
        if line.startswith(">>> "):
            statements.append(line[4:])
        elif line.startswith("... ") and statements:
            statements[-1] += "\n" + line[4:]
        elif line.strip() in (">>>", "..."):
            continue
        elif statements:
            statements[-1] += "\n" + line
    return [s + "\n" if "\n" in s else s for s in statements]


def _local_tests_package(folder: Path) -> None:
    """Make ``tests`` the folder beside hog.py even when it has no ``__init__.py`` (a course's
    tests import ``tests.play_utils``; an installed package named ``tests`` would win otherwise)."""
    if folder.is_dir() and not (folder / "__init__.py").exists():
        spec = importlib.machinery.ModuleSpec("tests", None, is_package=True)
        spec.submodule_search_locations = [str(folder)]
        sys.modules["tests"] = importlib.util.module_from_spec(spec)


def worker_main() -> int:
    """A worker process of ``ok``: read one problem's work as JSON on stdin (``{"cases": [...]}``, or
    ``{"checks": [...], "key": ..., "spent": ...}`` for its further checks; ``pace``, when given, is
    the machine's pace factor the checker measured once for all its workers), run it against
    ./hog.py and print one result a line; stop after a case that runs out of time."""
    work = json.loads(sys.stdin.read())
    emit = sys.stdout
    sys.path.insert(0, os.getcwd())
    _local_tests_package(Path.cwd() / "tests")
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            import hog  # noqa: F401 - loaded once; each case gets a fresh copy of its names
    except BaseException as exc:  # noqa: BLE001
        emit.write(json.dumps({"load_error": f"{type(exc).__name__}: {exc}", "where": _where_load(exc)}) + "\n")
        return 0
    import hog as module

    # the grader's limits, scaled to this machine as the grader scales them
    factor = work.get("pace") or pace_factor()  # the checker's measure, from pace_factor too
    if "checks" in work:  # the grader's further checks of one problem, one summary line each
        left = PROBLEM_SECONDS * factor - work.get("spent", 0.0)
        for check in work["checks"]:
            summary = run_check(check, module, key=work["key"], pace_factor=factor, seconds_left=left)
            left -= summary["cpu"]
            emit.write(json.dumps(summary) + "\n")
            emit.flush()
        return 0
    left = PROBLEM_SECONDS * factor
    for case in work["cases"]:
        namespace = dict(vars(module))
        began = time.process_time()
        if "statements" in case:  # an okpy case: each prompt's display on its own
            result = {"okpy": run_prompts(case["statements"], namespace, setup=case["setup"],
                                          teardown=case["teardown"], timeout=case.get("timeout", OKPY_TIMEOUT))}
        elif left <= 0:  # the grader stops a problem whose tests take all its time
            result = {"output": LOOP, "where": "", "error": f"{PROBLEM_OUT_OF_TIME} ({LOOP_ERROR})"}
        else:
            result = run_test_case(case["code"], namespace, setup=case.get("setup", ""),
                                   teardown=case.get("teardown", ""), timeout=case.get("timeout", CASE_TIMEOUT),
                                   cpu=min(CASE_SECONDS * factor, left))
        result["id"] = case["id"]
        result["cpu"] = time.process_time() - began
        left -= result["cpu"]
        emit.write(json.dumps(result) + "\n")
        emit.flush()
        if timed_out(result):  # the problem has failed: the student hears it now, not after every case
            break
    return 0


def timed_out(result: dict) -> bool:
    """Whether a case's RESULT (from the worker) was stopped after its time: a loop, probably."""
    report = result.get("okpy")
    if isinstance(report, dict):
        return LOOP_ERROR in report.get("setup_error", "") or any(
            LOOP_ERROR in found.get("exception", "") for found in report.get("results", []))
    return LOOP_ERROR in str(result.get("error", ""))


def _where_load(exc: BaseException) -> str:
    if isinstance(exc, SyntaxError):
        return f"hog.py, line {exc.lineno}: {(exc.text or '').strip()}"
    return _where(exc)


def run_prompts(statements: list[str], namespace: dict, *, setup: list[str] = (), teardown: list[str] = (),
                timeout: float | None = None, out_factory=io.StringIO) -> dict:
    """Run SETUP, then each of STATEMENTS as okpy's console does (what it prints, and the repr of
    a value that is not None), then TEARDOWN. Returns ``{"setup_error": str, "results": [...]}``
    with one ``{"output": [lines], "exception": "Type: message"}`` per statement run; a statement
    that runs past TIMEOUT ends the case with a ``Timeout`` exception."""
    report: dict = {"setup_error": "", "results": []}
    for statement in setup:
        found = _run_one(statement, namespace, timeout, out_factory)
        if found["exception"]:
            report["setup_error"] = found["exception"]
            break
    if not report["setup_error"]:
        for statement in statements:
            found = _run_one(statement, namespace, timeout, out_factory)
            report["results"].append(found)
            if found["exception"].startswith("Timeout"):
                break
    for statement in teardown:
        _run_one(statement, namespace, timeout, out_factory)
    return report


def _run_one(statement: str, namespace: dict, timeout: float | None, out_factory) -> dict:
    result = run_case_code(">>> " + statement.replace("\n", "\n... "), namespace, timeout=timeout, out=out_factory())
    text, exception = result["output"], ""
    if result["error"]:
        text = text.rsplit("\n", 1)[0]  # without the Error / Infinite loop line run_case_code adds
        exception = result["error"]
        if exception.startswith(LOOP_ERROR):
            exception = "Timeout: " + exception
    return {"output": text.splitlines(), "exception": exception}


# --------------------------------------------------------------------------- the machine's pace


def pace_work(rounds=20_000):
    """A fixed piece of plain Python (dice rolled and summed, as Hog's functions do): the grader and
    ``ok`` time it to learn how fast this machine runs Python now, and scale their time limits by it."""
    state, total = 12345, 0
    for _ in range(rounds):
        points, ones = 0, False
        for _ in range(6):
            state = (state * 1103515245 + 12345) % 2147483648
            outcome = state % 6 + 1
            ones = ones or outcome == 1
            points += outcome
        total += 1 if ones else points
    return total


def measure_pace(tries=3):
    """The CPU seconds :func:`pace_work` takes here (the least of TRIES runs)."""
    best = float("inf")
    for _ in range(tries):
        start = time.thread_time()
        pace_work()
        best = min(best, time.thread_time() - start)
    return max(best, 1e-4)


def pace_factor():
    """How many times longer this machine takes now than the one the limits were set on, within
    the bounds a working machine stays in."""
    return min(8.0, max(0.25, measure_pace() / REFERENCE_PACE))


# --------------------------------------------------------------------------- further checks


def cpu_alarm(seconds, error=OutOfTime):
    """Raise ERROR in the main thread once this process has used SECONDS more CPU time (POSIX; no
    alarm elsewhere); returns the function that cancels it."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        return lambda: None

    def stop(signum, frame):
        raise error()
    old = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, max(seconds, 0.01))

    def cancel():
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
    return cancel


def _judge_legal(check, result):
    """Why a final strategy's answers over every pair of scores are not all legal ('' when they are)."""
    ok, values, _printed, error = result
    goal, legal = check["goal"], check["legal"]
    if not ok:
        return f"final_strategy failed: {error}"
    if not isinstance(values, list) or len(values) != goal * goal:
        return "final_strategy did not answer every pair of scores"
    for index, value in enumerate(values):
        if type(value) is not int or value not in legal:
            return (f"final_strategy({index // goal}, {index % goal}) returned {repr(value)[:60]}; "
                    f"it must return a whole number of dice in {legal}")
    return ""


def run_check(check, module, *, key, pace_factor=1.0, seconds_left=float("inf")):
    """Run one further CHECK (from the bank) on MODULE, the student's hog, as the grader runs it:
    each group of CHUNK calls within the check's time (scaled by PACE_FACTOR), and all of them
    within SECONDS_LEFT of CPU time (what is left of the problem's). A summary of how it went
    (``calls``, ``wrong``, the ``first`` wrong call and what happened, ``out_of_time``, ``cpu``)."""
    scope = dict(vars(module))
    scope.update({helper.__name__: helper for helper in TEST_HELPERS})
    scope.update(keep=keep, kept=kept)
    dice = sys.modules.get("dice")
    if dice is not None:
        scope["make_test_dice"] = dice.make_test_dice
    calls = check["calls"].split("\n")
    digests = check.get("digests", "")
    summary = {"name": check["name"], "calls": len(calls), "wrong": 0, "first": "", "out_of_time": False, "cpu": 0.0}
    began = time.process_time()
    for start in range(0, len(calls), CHUNK):
        chunk = calls[start:start + CHUNK]
        limit = check["seconds"] * pace_factor
        left = seconds_left - (time.process_time() - began)
        cancel = cpu_alarm(min(limit, left))
        random.seed(0)
        try:
            results = run_calls(scope, chunk)
        except OutOfTime:
            what = chunk[0] if len(chunk) == 1 else f"a group of {len(chunk)} calls"
            why = (f"{what} took more than {check['seconds']:.3g} s of its own time" if limit <= left else
                   "this problem's tests took all the time a problem may take")
            summary.update(out_of_time=True, first=summary["first"] or f"ran out of time: {why}")
            summary["wrong"] += len(calls) - start
            summary["cpu"] = time.process_time() - began
            return summary
        except MemoryError:
            summary.update(first=summary["first"] or f"{chunk[0]} ran out of memory")
            summary["wrong"] += len(calls) - start
            return summary
        finally:
            cancel()
        for offset, (call, result) in enumerate(zip(chunk, results, strict=True)):
            if check.get("judge") == "legal":
                problem = _judge_legal(check, result)
            else:
                at = (start + offset) * DIGEST_CHARS
                problem = _judge_digest(key, check, call, digests[at:at + DIGEST_CHARS], result)
            if problem:
                summary["wrong"] += 1
                summary["first"] = summary["first"] or problem
    summary["cpu"] = time.process_time() - began
    return summary


def _judge_digest(key, check, call, digest, result):
    """Why RESULT is not the answer DIGEST stands for ('' when it is, or when any answer will do)."""
    if digest == ANY:  # the reference itself refuses this call: nothing to compare
        return ""
    ok, value, printed, error = result
    if not ok:
        return f"{call} raised {error}"
    got = answer_digest(key, call, to_plain(value), printed if check.get("output") else None)
    if hmac.compare_digest(got, digest):
        return ""
    shown = repr(value)
    shown = shown if len(shown) <= 80 else shown[:80] + "..."
    if check.get("output"):
        return f"{call} printed or returned something else (it returned {shown})"
    if value is None and printed.strip():
        return f"{call} returned None and printed {printed.split(chr(10))[0][:40]!r}: return the answer, not print it"
    return f"{call} returned {shown}, which is not the right answer"


def summary_line(summary):
    """One line about a further check's SUMMARY."""
    if summary["out_of_time"]:
        return f"{summary['name']}: {summary['first']}"
    if not summary["wrong"]:
        return f"{summary['name']}: {summary['calls']} call{'' if summary['calls'] == 1 else 's'}, all right"
    return (f"{summary['name']}: {summary['wrong']} of {summary['calls']} call"
            f"{'' if summary['calls'] == 1 else 's'} wrong; the first: {summary['first']}")


def further_case(problem_id):
    """The okpy test case that runs problem PROBLEM_ID's further checks (its expected output: ok)."""
    return f">>> from hog_checks import further_checks\n>>> further_checks({problem_id!r})\nok"


def is_further_case(code):
    """Whether an okpy case's CODE is the one that runs the further checks."""
    return "further_checks(" in code


def further_checks(problem_id, folder=None):
    """Run every further check of problem PROBLEM_ID on the hog module already imported (or the
    hog.py beside this file) and print ``ok`` if all pass, else one line for each that does not."""
    folder = folder or os.path.dirname(os.path.abspath(__file__))
    try:
        with open(os.path.join(folder, BANK_FILE), encoding="utf-8") as handle:
            bank = json.load(handle)
    except (OSError, ValueError):
        print(f"{BANK_FILE} is missing or damaged: restore it from the kit you downloaded")
        return
    problem = next(p for p in bank["problems"] if p["id"] == problem_id)
    if "hog" not in sys.modules:
        sys.path.insert(0, folder)
    import hog
    factor = pace_factor()
    failing = []
    left = PROBLEM_SECONDS * factor
    for check in problem.get("further", []):
        summary = run_check(check, hog, key=bank["key"], pace_factor=factor, seconds_left=left)
        left -= summary["cpu"]
        if summary["wrong"] or summary["out_of_time"]:
            failing.append(summary_line(summary))
    print("\n".join(failing) if failing else "ok")
