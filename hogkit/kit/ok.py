"""ok: the local checker of a Hog kit (standard library only; run it as ``python3 ok``).

    python3 ok -q 03 -u      unlock Problem 3: say what Python would display, answer its questions
    python3 ok -q 03         run Problem 3's tests (once it is unlocked)
    python3 ok -q 03 -i      run them, then open Python with hog.py loaded at the first failure
    python3 ok               run the tests of every unlocked problem
    python3 ok --score       points per problem and phase, and the Phase 1 checkpoint
    python3 ok -q 03 --force run Problem 3's tests even if it is still locked (staff, notebooks)
    python3 ok --json ...    print one JSON object instead of text (for notebooks and scripts)
    python3 ok --contest     check hog_contest.py as a contest entry (or: --contest FILE)

The question bank (``ok_bank.json``) stores no answer in plain text: each expected output is kept
as a keyed hash, and a problem's visible test outputs are sealed with a key that only the right
unlock answers give. Progress lives in ``.ok_progress.json``; each unlocked case carries a proof
made from its answer, so progress cannot be forged by editing the file.
"""

from __future__ import annotations

import argparse
import ast
import base64
import contextlib
import hashlib
import hmac
import importlib.util
import io
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path

BANK_FILE = "ok_bank.json"
PROGRESS_FILE = ".ok_progress.json"
FORMAT = 2
ERROR = "Error"
LOOP = "Infinite loop"
KEYWORDS = {"error": ERROR, "infinite loop": LOOP}
CASE_TIMEOUT = 5.0  # seconds a single test case may run
CONTEST_ENTRY = "hog_contest.py"
MAX_ANSWER = 5000


# --------------------------------------------------------------------------- hashing and answers


def normalize(text: str) -> str:
    """The canonical form of one line of output, so equal answers compare equal.

    A Python literal is compared by its ``repr`` (``(1,2)`` is ``(1, 2)``, ``"a"`` is ``'a'``)
    but never across types (``1.0`` is not ``1``, ``True`` is not ``1``); the words ``Error``
    and ``Infinite loop`` ignore case; any other text is compared with runs of spaces collapsed.
    """
    text = " ".join(str(text).split())
    if text.lower() in KEYWORDS:
        return KEYWORDS[text.lower()]
    if len(text) <= MAX_ANSWER:
        try:
            value = ast.literal_eval(text)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return text
        if isinstance(value, (int, float, complex, str, bytes, bool, tuple, list, dict, set, type(None))):
            return repr(value)
    return text


def normalize_output(text: str) -> str:
    """Normalize several lines of output: each line, and no blank lines."""
    lines = [normalize(line) for line in text.splitlines()]
    return "\n".join(line for line in lines if line)


def _mac(key: str, *parts: str) -> str:
    return hmac.new(bytes.fromhex(key), "\0".join(parts).encode(), hashlib.sha256).hexdigest()


def answer_proof(key: str, where: str, answer: str) -> str:
    """The proof that the answer at WHERE (a case id and line) is known: kept in the progress file."""
    return _mac(key, "answer", where, normalize(answer))


def lock_of_proof(proof: str) -> str:
    """The lock stored in the bank for a proof: a one-way hash of it."""
    return hashlib.sha256(bytes.fromhex(proof)).hexdigest()


def output_lock(key: str, case_id: str, output: str) -> str:
    """The keyed hash of a test case's normalized output."""
    return _mac(key, "output", case_id, normalize_output(output))


def reveal_key(key: str, problem_id: str, proofs: list[str]) -> str:
    """The key that unseals a problem's visible expected outputs: made from all its unlock proofs."""
    return _mac(key, "reveal", problem_id, *proofs)


def seal(secret: str, text: str) -> str:
    """XOR TEXT with a keystream made from SECRET; :func:`seal` again undoes it (base64 text)."""
    data = b"ok:" + text.encode()
    return base64.b64encode(_xor(secret, data)).decode()


def unseal(secret: str, sealed: str) -> str:
    """Undo :func:`seal`; raise ValueError if SECRET is wrong."""
    data = _xor(secret, base64.b64decode(sealed))
    if not data.startswith(b"ok:"):
        raise ValueError("wrong key")
    return data[3:].decode()


def _xor(secret: str, data: bytes) -> bytes:
    stream = bytearray()
    block = 0
    while len(stream) < len(data):
        stream += hashlib.sha256(f"{secret}:{block}".encode()).digest()
        block += 1
    return bytes(a ^ b for a, b in zip(data, stream, strict=False))


def bank_seal(bank: dict) -> str:
    """The keyed hash of a bank's content (everything but the seal itself)."""
    body = {k: v for k, v in bank.items() if k != "seal"}
    return _mac(bank["key"], "bank", json.dumps(body, sort_keys=True, separators=(",", ":")))


# --------------------------------------------------------------------------- running code


class _Timeout(BaseException):
    """Raised in the main thread when a case runs too long."""


def run_test_case(code: str, namespace: dict, *, setup: str = "", teardown: str = "",
                  timeout: float | None = None, out: io.TextIOBase | None = None) -> dict:
    """Run a test case: SETUP, then CODE, whose display is what the case compares, then TEARDOWN,
    which runs even when CODE fails (so a case that replaces a function of hog puts it back).

    The checker, the grader's sandbox and the reference all run cases through this function, so
    they display the same text for the same code.
    """
    if setup:
        prepared = run_case_code(setup, namespace, timeout=timeout)
        if prepared["error"]:
            return {"output": ERROR, "error": f"the test's setup failed: {prepared['error']}",
                    "where": prepared["where"]}
    result = run_case_code(code, namespace, timeout=timeout, out=out)
    if teardown:
        run_case_code(teardown, namespace, timeout=timeout)
    return result


def run_case_code(code: str, namespace: dict, *, timeout: float | None = None,
                  out: io.TextIOBase | None = None) -> dict:
    """Run doctest-style CODE (``>>>`` lines) in NAMESPACE, as Python would display it.

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
    try:
        with contextlib.redirect_stdout(out):
            for source in split_statements(code):
                try:
                    tree = compile(source, "<test>", "eval")
                except SyntaxError:
                    exec(compile(source, "<test>", "exec"), namespace)
                    continue
                value = eval(tree, namespace)
                if value is not None:
                    print(repr(value))
        done.set()
        result["output"] = _without_debug(out.getvalue())
    except KeyboardInterrupt:
        done.set()
        result.update(output=_without_debug(out.getvalue()) + "\n" + LOOP,
                      error=f"probably an infinite loop: stopped after {timeout:g} seconds")
    except BaseException as exc:  # noqa: BLE001 - student code may raise anything, even SystemExit
        done.set()
        result.update(output=_without_debug(out.getvalue()) + "\n" + ERROR,
                      error=f"{type(exc).__name__}: {exc}", where=_where(exc))
    finally:
        if saved_handler is not None:
            signal.signal(signal.SIGINT, saved_handler)
    return result


def _without_debug(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("DEBUG:"))


def _where(exc: BaseException) -> str:
    """The last line of hog.py (or the test) that the error passed through."""
    frames = traceback.extract_tb(exc.__traceback__)
    mine = [f for f in frames if f.filename.endswith("hog.py")] or [f for f in frames if f.filename == "<test>"]
    if not mine:
        return ""
    frame = mine[-1]
    name = Path(frame.filename).name if frame.filename != "<test>" else "the test"
    return f"{name}, line {frame.lineno}, in {frame.name}: {(frame.line or '').strip()}"


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


def worker_main() -> int:
    """Child process: read a JSON list of cases on stdin, run each against ./hog.py, print results."""
    cases = json.loads(sys.stdin.read())
    emit = sys.stdout
    sys.path.insert(0, os.getcwd())
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            import hog  # noqa: F401 - loaded once; each case gets a fresh copy of its names
    except BaseException as exc:  # noqa: BLE001
        emit.write(json.dumps({"load_error": f"{type(exc).__name__}: {exc}", "where": _where_load(exc)}) + "\n")
        return 0
    import hog as module

    for case in cases:
        namespace = dict(vars(module))
        result = run_test_case(case["code"], namespace, setup=case.get("setup", ""),
                               teardown=case.get("teardown", ""), timeout=case.get("timeout", CASE_TIMEOUT))
        result["id"] = case["id"]
        emit.write(json.dumps(result) + "\n")
        emit.flush()
    return 0


def _where_load(exc: BaseException) -> str:
    if isinstance(exc, SyntaxError):
        return f"hog.py, line {exc.lineno}: {(exc.text or '').strip()}"
    return _where(exc)


# --------------------------------------------------------------------------- the kit on disk


class CheckError(Exception):
    """A problem reported as one ``error:`` line; ``code`` is the exit status."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def load_bank(kit: Path) -> dict:
    """Read and verify the bank; a changed or unreadable bank is refused."""
    path = kit / BANK_FILE
    fix = f"restore {BANK_FILE} from the kit you downloaded"
    try:
        bank = json.loads(path.read_text(encoding="utf-8"))
        ok = isinstance(bank, dict) and hmac.compare_digest(str(bank.get("seal", "")), bank_seal(bank))
    except FileNotFoundError:
        raise CheckError(f"no {BANK_FILE} here — run ok from the folder of your kit's hog.py") from None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        ok = False
    if not ok:
        raise CheckError(f"{BANK_FILE} has been changed since the kit was made — {fix}")
    return bank


class Progress:
    """What a student has unlocked (with proofs) and how many attempts each case took."""

    def __init__(self, kit: Path, bank: dict, *, out=None) -> None:
        self.path = kit / PROGRESS_FILE
        self.bank = bank
        self.key = bank["key"]
        self.proofs: dict[str, list[str]] = {}
        self.attempts: dict[str, int] = {}
        self._load(out or sys.stderr)

    def _mac(self, proofs: dict, attempts: dict) -> str:
        return _mac(self.key, "progress", json.dumps([proofs, attempts], sort_keys=True))

    def _load(self, out) -> None:
        try:
            raw = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except OSError:
            raw = ""
        try:
            data = json.loads(raw)
            proofs, attempts, mac = data["proofs"], data["attempts"], data["mac"]
            if not isinstance(proofs, dict) or not isinstance(attempts, dict):
                raise TypeError
        except (ValueError, KeyError, TypeError):
            print(f"warning: {PROGRESS_FILE} was unreadable; it has been replaced by an empty one "
                  "(unlock again)", file=out)
            self.save()
            return
        if not hmac.compare_digest(str(mac), self._mac(proofs, attempts)) or not self._valid(proofs):
            raise CheckError(f"{PROGRESS_FILE} was edited by hand and does not match your answers — "
                             f"undo the edit, or delete {PROGRESS_FILE} and unlock again")
        self.proofs, self.attempts = proofs, attempts

    def _valid(self, proofs: dict) -> bool:
        locks = {case["id"]: case_locks(case) for p in self.bank["problems"] for case in p["unlock"]}
        for cid, got in proofs.items():
            want = locks.get(cid)
            if want is None or not isinstance(got, list) or len(got) > len(want):
                return False
            for proof, lock in zip(got, want, strict=False):
                if not isinstance(proof, str) or len(proof) != 64 or lock_of_proof(proof) != lock:
                    return False
        return True

    def save(self) -> None:
        """Write the progress atomically (a temporary file, then a rename)."""
        data = {"format": FORMAT, "proofs": self.proofs, "attempts": self.attempts,
                "mac": self._mac(self.proofs, self.attempts)}
        fd, tmp = tempfile.mkstemp(prefix=".ok_progress-", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(data, handle, indent=1, sort_keys=True)
            os.replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise

    def known(self, case: dict) -> int:
        """How many of CASE's answers are already proven."""
        return len(self.proofs.get(case["id"], []))

    def case_unlocked(self, case: dict) -> bool:
        return self.known(case) == len(case_locks(case))

    def unlocked(self, problem: dict) -> bool:
        return all(self.case_unlocked(case) for case in problem["unlock"])

    def reveal(self, problem: dict) -> str | None:
        """The key that unseals PROBLEM's visible outputs, once every case is unlocked."""
        if not self.unlocked(problem):
            return None
        proofs = [proof for case in problem["unlock"] for proof in self.proofs[case["id"]]]
        return reveal_key(self.key, problem["id"], proofs)


def case_locks(case: dict) -> list[str]:
    """The locks of an unlock case, in the order they are asked."""
    if case["kind"] == "choice":
        return [case["lock"]]
    return [lock for step in case["steps"] for lock in step.get("locks", [])]


# --------------------------------------------------------------------------- unlocking


class Unlocker:
    """Ask a problem's locked questions one by one, saving each right answer as it is given."""

    def __init__(self, progress: Progress, *, out, read) -> None:
        self.progress, self.out, self.read = progress, out, read

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def run(self, problem: dict) -> bool:
        """Unlock PROBLEM; return whether it is fully unlocked. EOF, Ctrl-C or exit() stop early."""
        self.say(f"Unlocking tests for {problem['label']}: {problem['title']}")
        self.say("For each prompt, type what Python would display; type Error if it raises an")
        self.say("error and Infinite loop if it never finishes. Type exit() to stop (progress is kept).")
        cases = problem["unlock"]
        try:
            for number, case in enumerate(cases, 1):
                if self.progress.case_unlocked(case):
                    continue
                self.say("-" * 60)
                self.say(f"Case {number} of {len(cases)}")
                if case["kind"] == "choice":
                    self._choice(case)
                else:
                    self._code(case)
                self.say("-- OK! --")
        except _Stop:
            self.say()
            self.say("Stopped. What you unlocked so far is saved.")
            return False
        self.say("-" * 60)
        self.say(f"{problem['label']} is unlocked. Run: python3 ok -q {problem['id']}")
        return True

    def _ask(self, case: dict, lock: str, where: str, *, choices: list[str] | None = None) -> None:
        while True:
            try:
                answer = self.read("? ")
            except (EOFError, KeyboardInterrupt):
                raise _Stop from None
            if answer.strip() in ("exit()", "quit()"):
                raise _Stop
            if choices is not None:
                answer = _choice_text(answer, choices)
            proof = answer_proof(self.progress.key, where, answer)
            self.progress.attempts[case["id"]] = self.progress.attempts.get(case["id"], 0) + 1
            if hmac.compare_digest(lock_of_proof(proof), lock):
                self.progress.proofs.setdefault(case["id"], []).append(proof)
                self.progress.save()
                return
            self.progress.save()
            self.say("-- Not quite. Try again! --")
            if choices is not None:
                self.say("(type the letter of a choice, or its text)")

    def _choice(self, case: dict) -> None:
        self.say(case["prompt"])
        for letter, choice in zip("abcdefghij", case["choices"], strict=False):
            self.say(f"  {letter}) {choice}")
        self._ask(case, case["lock"], case["id"], choices=case["choices"])

    def _code(self, case: dict) -> None:
        known = self.progress.known(case)
        index = 0
        for step in case["steps"]:
            self.say(step["code"])
            for _ in step.get("locks", []):
                if index < known:
                    self.say("(already answered)")
                else:
                    self._ask(case, case_locks(case)[index], f"{case['id']}/{index}")
                index += 1


class _Stop(Exception):
    """The student asked to stop unlocking."""


def _choice_text(answer: str, choices: list[str]) -> str:
    text = answer.strip()
    letters = "abcdefghij"
    if len(text) == 1 and text.lower() in letters[: len(choices)]:
        return choices[letters.index(text.lower())]
    return text


# --------------------------------------------------------------------------- testing


def run_problem(kit: Path, problem: dict, *, timeout: float = CASE_TIMEOUT) -> dict:
    """Run every test case of PROBLEM against the kit's hog.py in a child process.

    Returns ``{"results": {case_id: result}, "load_error": str}``. A case that does not finish is
    reported as an infinite loop; the child is killed if it stops answering.
    """
    cases = [{"id": c["id"], "code": c["code"], "setup": c.get("setup", ""), "teardown": c.get("teardown", ""),
              "timeout": timeout}
             for suite in problem["suites"] for c in suite["cases"]]
    results: dict[str, dict] = {}
    remaining = list(cases)
    while remaining:
        got, load_error = _run_child(kit, remaining, timeout=timeout)
        if load_error:
            return {"results": results, "load_error": load_error}
        results.update(got)
        rest = [c for c in remaining if c["id"] not in results]
        if rest:  # the child died or hung on rest[0]: count it as a loop, carry on with the others
            results[rest[0]["id"]] = {"output": LOOP, "where": "",
                                      "error": f"probably an infinite loop: stopped after {timeout:g} seconds"}
            rest = rest[1:]
        remaining = rest
    return {"results": results, "load_error": ""}


def _run_child(kit: Path, cases: list[dict], *, timeout: float) -> tuple[dict, str]:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker"]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONIOENCODING="utf-8")
    lines: list[str] = []
    with subprocess.Popen(cmd, cwd=kit, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True, env=env) as proc:
        reader = threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True)
        proc.stdin.write(json.dumps(cases))
        proc.stdin.close()
        reader.start()
        deadline = time.monotonic() + 5 + timeout * 1.5
        seen = 0
        while reader.is_alive():
            reader.join(0.05)
            if len(lines) != seen:  # progress: each finished case earns the next one its time
                seen, deadline = len(lines), time.monotonic() + timeout * 1.5 + 1
            if time.monotonic() > deadline:
                proc.kill()
                break
        proc.wait()
        reader.join(1)
    results: dict[str, dict] = {}
    for line in lines:
        try:
            item = json.loads(line)
        except ValueError:
            continue
        if "load_error" in item:
            return {}, f"{item['load_error']} ({item['where']})" if item.get("where") else item["load_error"]
        results[item["id"]] = item
    return results, ""


def verdicts(bank: dict, problem: dict, run: dict) -> list[dict]:
    """Compare each case's output with its lock: one verdict per case, in order."""
    found = []
    for suite in problem["suites"]:
        for case in suite["cases"]:
            result = run["results"].get(case["id"], {"output": LOOP, "error": "did not run", "where": ""})
            passed = hmac.compare_digest(output_lock(bank["key"], case["id"], result["output"]), case["lock"])
            found.append({"suite": suite["name"], "case": case, "result": result, "passed": passed})
    return found


def report_problem(problem: dict, found: list[dict], progress: Progress, *, out, verbose: bool) -> None:
    """Print a problem's test results: every case with --verbose, else the first failure."""
    passed = sum(v["passed"] for v in found)
    secret = progress.reveal(problem)
    print("=" * 60, file=out)
    print(f"{problem['label']}: {problem['title']}", file=out)
    for verdict in found:
        if verdict["passed"] and not verbose:
            continue
        case = verdict["case"]
        tag = "passed" if verdict["passed"] else "FAILED"
        print("-" * 60, file=out)
        print(f"{verdict['suite']} > {case['id']}{' (hidden)' if case['hidden'] else ''}: {tag}", file=out)
        if case["hidden"]:
            print("This case is hidden: only whether it passes is shown.", file=out)
        else:
            print(case["code"], file=out)
        if not verdict["passed"]:
            _explain(case, verdict["result"], secret, out=out)
            if not verbose:
                break
    print("-" * 60, file=out)
    total = len(found)
    print(f"{passed} passed, {total - passed} failed of {total} cases.", file=out)


def _explain(case: dict, result: dict, secret: str | None, *, out) -> None:
    if not case["hidden"]:
        if secret and case.get("sealed"):
            try:
                expected = unseal(secret, case["sealed"])
            except ValueError:
                expected = "(cannot be shown)"
        else:
            expected = "(unlock this problem to see it)"
        print("# Expected:", file=out)
        for line in expected.splitlines():
            print("#   " + line, file=out)
        print("# Got:", file=out)
        for line in (result["output"].strip() or "(nothing)").splitlines():
            print("#   " + line, file=out)
    if result.get("error"):
        print(f"# Error: {result['error']}", file=out)
    if result.get("where"):
        print(f"# Raised at {result['where']}", file=out)
    if case.get("hint"):
        print(f"# Hint: {case['hint']}", file=out)


def interact(kit: Path, problem: dict, found: list[dict], *, out) -> None:
    """Open Python with hog.py loaded, after running the setup of the first failing case."""
    import code

    failing = next((v for v in found if not v["passed"]), None)
    sys.path.insert(0, str(kit))
    namespace: dict = {}
    try:
        import hog

        namespace.update(vars(hog))
    except BaseException as exc:  # noqa: BLE001
        print(f"hog.py does not load: {type(exc).__name__}: {exc}", file=out)
    banner = f"hog.py is loaded. {problem['label']}: all cases pass." if failing is None else (
        f"hog.py is loaded at the first failing case of {problem['label']}:\n"
        + ("(the case is hidden)" if failing["case"]["hidden"] else failing["case"]["code"]))
    code.interact(banner=banner + "\nType exit() or Ctrl-D to leave.", local=namespace, exitmsg="")


# --------------------------------------------------------------------------- the command line


def find_problem(bank: dict, qid: str) -> dict:
    """The problem with id QID (``3``, ``03`` and ``5a`` all work)."""
    wanted = qid.strip().lower()
    for problem in bank["problems"]:
        if wanted in (problem["id"], problem["id"].lstrip("0") or "0"):
            return problem
    ids = ", ".join(p["id"] for p in bank["problems"])
    raise CheckError(f"no question {qid} — questions are {ids}", code=2)


def score(kit: Path, bank: dict, progress: Progress, *, out, as_json: bool) -> dict:
    """Run every problem's tests and add up the points, per problem and per phase."""
    rows = []
    for problem in bank["problems"]:
        if problem["suites"]:
            found = verdicts(bank, problem, run_problem(kit, problem))
            ok = all(v["passed"] for v in found)
            passed, total = sum(v["passed"] for v in found), len(found)
        else:
            ok = progress.unlocked(problem)
            passed, total = int(ok), 1
        rows.append({"id": problem["id"], "phase": problem["phase"], "points": problem["points"] if ok else 0,
                     "possible": problem["points"], "passed": passed, "cases": total,
                     "unlocked": progress.unlocked(problem)})
    phases = {}
    for row in rows:
        phase = phases.setdefault(str(row["phase"]), {"points": 0, "possible": 0})
        phase["points"] += row["points"]
        phase["possible"] += row["possible"]
    checkpoint = all(r["passed"] == r["cases"] for r in rows if r["phase"] == 1 and r["id"] != "00")
    summary = {"problems": rows, "phases": phases, "checkpoint": checkpoint,
               "total": sum(r["points"] for r in rows), "possible": sum(r["possible"] for r in rows)}
    if not as_json:
        print(f"Score for {bank['title']}", file=out)
        names = {p["id"]: p for p in bank["problems"]}
        for row in rows:
            lock = "" if row["unlocked"] else "  (locked)"
            print(f"  {names[row['id']]['label']:<12} {row['points']:>2} / {row['possible']:<2}"
                  f"  {row['passed']}/{row['cases']} cases{lock}", file=out)
        for number, phase in phases.items():
            print(f"Phase {number} ({bank['phases'].get(number, '')}): {phase['points']} / {phase['possible']}",
                  file=out)
        verdict = "complete" if checkpoint else "not yet complete (every Phase 1 case must pass)"
        print(f"Phase 1 checkpoint: {verdict}", file=out)
        print(f"Total: {summary['total']} / {summary['possible']}", file=out)
    return summary


def check_contest(kit: Path, entry: str, *, out, as_json: bool) -> int:
    """Check a contest entry with the kit's contest_check.py: 0 if it is valid, 1 if not.

    The entry runs in a separate process (see contest_check.py); ENTRY is the file name, found
    in the kit's folder when it is not a path that exists from here.
    """
    module_path = kit / "contest_check.py"
    if not module_path.is_file():
        raise CheckError("contest_check.py is missing — restore it from the kit you downloaded")
    spec = importlib.util.spec_from_file_location("contest_check", module_path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not module.CONTEST:
        raise CheckError("contest_check.py does not know this kit's contest — restore it from the kit you downloaded")
    path = Path(entry)
    if not path.exists() and (kit / entry).exists():
        path = kit / entry
    if not as_json:
        return module.report(path, module.CONTEST, out=out)
    problems = module.run_check(path, module.CONTEST)["problems"]
    print(json.dumps({"entry": path.name, "valid": not problems, "problems": problems}, indent=1), file=out)
    return 1 if problems else 0


def build_parser() -> argparse.ArgumentParser:
    """The checker's command line."""
    parser = argparse.ArgumentParser(prog="python3 ok", description="Unlock and test your Hog project.")
    parser.add_argument("-q", "--question", help="the problem to work on: 00, 01, ..., 5a, ...")
    parser.add_argument("-u", "--unlock", action="store_true", help="unlock the problem's tests")
    parser.add_argument("-i", "--interactive", action="store_true",
                        help="after testing, open Python at the first failing case")
    parser.add_argument("--score", action="store_true", help="points per problem and phase")
    parser.add_argument("-v", "--verbose", action="store_true", help="show every case, passed or not")
    parser.add_argument("--force", action="store_true", help="test even problems that are still locked")
    parser.add_argument("--json", action="store_true", help="print results as one JSON object")
    parser.add_argument("--timeout", type=float, default=CASE_TIMEOUT, help="seconds per case (default 5)")
    parser.add_argument("--contest", nargs="?", const=CONTEST_ENTRY, metavar="FILE",
                        help=f"check a contest entry (default: {CONTEST_ENTRY}) with contest_check.py")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    return parser


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"error: {message} — see 'python3 ok --help'\n")


def main(argv: list[str] | None = None, *, kit: Path | None = None) -> int:
    """Run the checker; return its exit status (0 all good, 1 failures, 2 usage errors)."""
    parser = build_parser()
    parser.__class__ = _Parser
    args = parser.parse_args(argv)
    if args.worker:
        return worker_main()
    kit = Path(kit) if kit else Path(__file__).resolve().parent
    out = sys.stdout
    try:
        if args.contest is not None:
            return check_contest(kit, args.contest, out=out, as_json=args.json)
        bank = load_bank(kit)
        progress = Progress(kit, bank, out=sys.stderr)
        if args.score:
            summary = score(kit, bank, progress, out=out, as_json=args.json)
            if args.json:
                print(json.dumps(summary, indent=1), file=out)
            return 0
        if args.question:
            problems = [find_problem(bank, args.question)]
        else:
            problems = [p for p in bank["problems"] if progress.unlocked(p) or args.force]
            if not problems:
                print("No problem is unlocked yet. Start with: python3 ok -q 00 -u", file=out)
                return 0
        if args.unlock:
            return 0 if Unlocker(progress, out=out, read=_reader()).run(problems[0]) else 1
        return _test(kit, bank, progress, problems, args, out=out)
    except CheckError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        print("\nStopped (Ctrl-C). Your progress is saved.", file=sys.stderr)
        return 130


def _test(kit: Path, bank: dict, progress: Progress, problems: list[dict], args, *, out) -> int:
    status = 0
    summary = []
    for problem in problems:
        if not progress.unlocked(problem) and not args.force:
            raise CheckError(f"{problem['label']} is locked — unlock it first: python3 ok -q {problem['id']} -u")
        if not problem["suites"]:
            if not args.json:
                print(f"{problem['label']} has no tests to run: unlocking it was the whole job.", file=out)
            summary.append({"id": problem["id"], "passed": 0, "failed": 0, "cases": []})
            continue
        run = run_problem(kit, problem, timeout=args.timeout)
        if run["load_error"]:
            raise CheckError(f"hog.py does not load: {run['load_error']}")
        found = verdicts(bank, problem, run)
        failed = [v for v in found if not v["passed"]]
        status = status or (1 if failed else 0)
        summary.append({"id": problem["id"], "passed": len(found) - len(failed), "failed": len(failed),
                        "cases": [{"id": v["case"]["id"], "passed": v["passed"], "hidden": v["case"]["hidden"],
                                   "error": v["result"].get("error", "")} for v in found]})
        if not args.json:
            report_problem(problem, found, progress, out=out, verbose=args.verbose)
        if args.interactive:
            interact(kit, problem, found, out=out)
    if args.json:
        print(json.dumps({"problems": summary}, indent=1), file=out)
    return status


def _reader():
    def read(prompt: str) -> str:
        if sys.stdin.isatty():
            return input(prompt)
        print(prompt, end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        print(line.rstrip("\n"))
        return line

    return read


if __name__ == "__main__":
    sys.exit(main())
