"""ok: the local checker of a Hog kit (standard library only; run it as ``python3 ok``).

    python3 ok -q 03 -u      unlock Problem 3: say what Python would display, answer its questions
    python3 ok -q 03         run Problem 3's tests (once it is unlocked)
    python3 ok -q 03 -i      run them, then open Python with hog.py loaded at the first failure
    python3 ok               run the tests of every unlocked problem
    python3 ok --score       points per problem and phase, and the Phase 1 checkpoint
    python3 ok -q 03 --force run Problem 3's tests even if it is still locked (staff, notebooks)
    python3 ok --json ...    print one JSON object instead of text (for notebooks and scripts)
    python3 ok --contest     check hog_contest.py as a contest entry (or: --contest FILE)
    python3 ok --all         run every problem's tests (okpy's flag; --local and --verbose work too)
    python3 ok -q 03 --suite 3 --case 2   run one case, numbered as okpy numbers it (tests/03.py)
    python3 ok --submit      run the tests, then write the archive to hand in (hog_submission.zip) and
                             keep a dated copy (a hog.py that does not load: only with --force);
                             send it too when the kit's .ok names an http(s) endpoint (--email ID
                             --token TOKEN, both kept for next time); after that, each run of ok
                             sends a backup there too (--no-backup: not this time)

Lines your code prints that start with ``DEBUG:`` are shown beside each case and never compared.
Once a problem's cases pass, ``ok`` runs the grader's further checks of it (its sweeps over the
inputs the page allows and its fuzzed inputs, kept with keyed hashes of their answers in
``ok_bank.json``) within the grader's time limits, and names a call that goes wrong.

Beside an okpy course's own ``.ok`` file and ``tests/`` (and no ``ok_bank.json``, or with ``--okpy``), the same
commands run that course's tests: locked cases are compared with their locks, and ``-u`` writes
what you unlock back into the test files, as okpy does. A kit's own ``tests/NN.py`` unlocked with
the okpy client counts as unlocked here too.

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
import functools
import hashlib
import hmac
import http.client
import importlib.machinery
import importlib.util
import io
import json
import os
import re
import stat
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import unicodedata
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path, PurePosixPath, PureWindowsPath

if __package__:  # imported as part of HogKit
    from . import hog_checks
else:  # the kit's script, beside hog_checks.py
    try:
        import hog_checks
    except ImportError:
        sys.exit("error: hog_checks.py is missing beside ok — copy it from the kit you downloaded")

BANK_FILE = "ok_bank.json"
PROGRESS_FILE = ".ok_progress.json"
FORMAT = 2
# what a case displays when it fails, and how one is run: hog_checks's, which the workers import alone
ERROR, LOOP, LOOP_ERROR = hog_checks.ERROR, hog_checks.LOOP, hog_checks.LOOP_ERROR
CASE_TIMEOUT = hog_checks.CASE_TIMEOUT
run_test_case, timed_out = hog_checks.run_test_case, hog_checks.timed_out
KEYWORDS = {"error": ERROR, "infinite loop": LOOP}
NOT_RUN = "not run: an earlier case of this problem ran out of time"
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


# --------------------------------------------------------------------------- okpy's format


TRACEBACK = "Traceback (most recent call last):"
MAX_TEST_FILE = 4 * 1024 * 1024


def okpy_lock(key: str, text: str) -> str:
    """okpy's lock of one answer line: HMAC-MD5 keyed with the assignment's name."""
    return hmac.new(key.encode(), text.encode(), hashlib.md5).hexdigest()


def okpy_prompts(code: str) -> list[dict]:
    """A case's code as okpy reads it: each prompt's statement, its expected lines and whether
    they are locked (hashes, with a ``# locked`` line after them)."""
    prompts: list[dict] = []
    for line in textwrap.dedent(code).splitlines():
        if line.startswith(">>> "):
            prompts.append({"code": line[4:], "expected": [], "locked": False})
        elif line.startswith("... ") and prompts and not prompts[-1]["expected"]:
            prompts[-1]["code"] += "\n" + line[4:]
        elif line.strip() in ("", ">>>", "...") or not prompts:
            continue
        elif line.strip() == "# locked":
            prompts[-1]["locked"] = True
        elif line.lstrip().startswith(("# choice:", "# explanation:")):
            continue
        else:
            prompts[-1]["expected"].append(line)
    return prompts


def okpy_display(result: dict) -> list[str]:
    """The lines okpy compares for one statement's result: what it printed, or its traceback."""
    if result["exception"]:
        return [TRACEBACK, "  ...", result["exception"]]
    return list(result["output"])


def okpy_prompt_passes(prompt: dict, result: dict, key: str) -> bool:
    """Whether RESULT is what PROMPT expects, as okpy judges (a locked line by its hash)."""
    shown = okpy_display(result)
    kind = result["exception"].split(":", 1)[0] if result["exception"] else ""
    if prompt["locked"]:
        candidates = [shown] + ([[kind], [ERROR]] if kind else [])
        return any([okpy_lock(key, line) for line in lines] == prompt["expected"] for lines in candidates)
    expected = prompt["expected"]
    if kind:
        return expected == [kind] or expected == shown or (expected[:1] == [TRACEBACK] and expected[-1:] == shown[-1:])
    return expected == shown


def okpy_case_verdict(prompts: list[dict], report: dict, key: str) -> tuple[bool, str]:
    """Whether a case passed, and (if not) what its first wrong prompt showed against what it expects."""
    if report["setup_error"]:
        return False, f"the test's setup failed: {report['setup_error']}"
    for prompt, result in zip(prompts, report["results"], strict=False):
        if not okpy_prompt_passes(prompt, result, key):
            got = "\n".join(okpy_display(result)) or "(nothing)"
            want = "(locked)" if prompt["locked"] else "\n".join(prompt["expected"]) or "(nothing)"
            return False, f">>> {prompt['code']}\nexpected:\n{want}\ngot:\n{got}"
    if len(report["results"]) < len(prompts):
        return False, f">>> {prompts[len(report['results'])]['code']}\ndid not run"
    return True, ""


def okpy_prompts_source(statement: str) -> str:
    """One statement with its ``>>>`` and ``...`` prompts, as a test file writes it."""
    first, *rest = statement.rstrip("\n").split("\n")
    return "\n".join([">>> " + first, *("... " + line for line in rest)])


def statements_of(code: str) -> list[str]:
    """The statements of doctest CODE (``>>>`` and ``...`` lines), one per prompt."""
    return [prompt["code"] for prompt in okpy_prompts(code)]


def load_okpy(folder: Path) -> dict:
    """An okpy assignment: its ``.ok`` configuration in FOLDER and the test files it lists (a key
    may be a pattern, ``"tests/0*.py"``, as okpy reads it).

    Returns ``{"name", "config", "questions": [{"id", "name", "points", "suites", "path"}]}``;
    only ``ok_test`` files are read, each as data (never executed).
    """
    configs = sorted(Path(folder).glob("*.ok"))
    if len(configs) != 1:
        found = "no .ok file" if not configs else f"{len(configs)} .ok files"
        raise CheckError(f"{found} in {folder} — give the folder of one okpy assignment (its .ok file and tests/)",
                         code=2)
    try:
        config = json.loads(configs[0].read_text(encoding="utf-8"))
        name, tests = str(config["name"]), dict(config["tests"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise CheckError(f"{configs[0].name} is not an okpy configuration ({exc}) — use the course's .ok file",
                         code=2) from None
    questions, seen = [], set()
    for pattern, kind in tests.items():
        if kind != "ok_test":
            continue
        try:
            paths = sorted(p.relative_to(folder).as_posix() for p in Path(folder).glob(pattern)
                           if p.is_file() and ".." not in p.relative_to(folder).parts)
        except (ValueError, NotImplementedError):
            paths = []
        if not paths:
            raise CheckError(f"{configs[0].name} lists {pattern}, which names no test file in {folder} — restore "
                             "the course's tests/", code=2)
        for path in (p for p in paths if p not in seen):
            seen.add(path)
            test = parse_okpy_test(Path(folder) / path)
            questions.append({"id": Path(path).stem, "name": str(test.get("name", path)),
                              "points": test.get("points", 0), "suites": list(test.get("suites", [])),
                              "path": path})
    return {"name": name, "config": configs[0].name, "questions": questions}


def parse_okpy_test(path: Path) -> dict:
    """The ``test = {...}`` dictionary of an okpy test file, read as data (never executed)."""
    try:
        if path.stat().st_size > MAX_TEST_FILE:
            raise ValueError("too large")
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "test" for t in node.targets):
                test = ast.literal_eval(node.value)
                if isinstance(test, dict):
                    return test
        raise ValueError("no test = {...}")
    except (OSError, ValueError, SyntaxError, TypeError, MemoryError, RecursionError) as exc:
        raise CheckError(f"{path} is not an okpy test file ({exc}) — restore it from the course's tests/",
                         code=2) from None


def okpy_test_source(test: dict) -> str:
    """TEST written as okpy writes a test file (``test = {...}`` with raw-string code blocks)."""
    out = ["test = {", f"  'name': {test['name']!r},", f"  'points': {test['points']!r},", "  'suites': ["]
    for suite in test["suites"]:
        out += ["    {", "      'cases': ["]
        for case in suite["cases"]:
            out.append("        {")
            for field in sorted(case):
                value = case[field]
                if field in ("code", "question") and "\n" in str(value):
                    out.append(f"          {field!r}: {_raw_block(value, 10)},")
                elif isinstance(value, list):
                    out.append(f"          {field!r}: [")
                    out += [f"            {item!r}," for item in value]
                    out.append("          ],")
                else:
                    out.append(f"          {field!r}: {value!r},")
            out.append("        },")
        out.append("      ],")
        for field in sorted(k for k in suite if k != "cases"):
            value = suite[field]
            if field in ("setup", "teardown") and value:
                out.append(f"      {field!r}: {_raw_block(value, 6)},")
            else:
                out.append(f"      {field!r}: {value!r},")
        out.append("    },")
    out += ["  ]", "}", ""]
    return "\n".join(out)


def _raw_block(text: str, indent: int) -> str:
    pad = " " * indent
    body = "\n".join(pad + line if line else line for line in textwrap.dedent(text).strip("\n").splitlines())
    return 'r"""\n' + body + "\n" + pad + '"""'


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
        self.answers: dict[str, str] = {}  # where -> the answer given there (shown only if its proof matches)
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
        answers = data.get("answers", {})
        self.answers = {str(k): str(v) for k, v in answers.items()} if isinstance(answers, dict) else {}

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
        data = {"format": FORMAT, "proofs": self.proofs, "attempts": self.attempts, "answers": self.answers,
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

    def adopt_okpy_unlocks(self, kit: Path) -> int:
        """Take as unlocked here what the okpy client unlocked in the kit's ``tests/NN.py`` (it
        writes the answers there in plain text): each answer proves itself against the bank's
        lock as a typed one would. Returns how many cases were taken."""
        taken = 0
        for problem in self.bank["problems"]:
            waiting = [case for case in problem["unlock"] if not self.case_unlocked(case)]
            if not waiting:
                continue
            answers = _okpy_answers(kit / "tests" / f"{problem['id']}.py")
            for case in waiting:
                proofs = _proofs(self.key, case, answers)
                if proofs is not None:
                    self.proofs[case["id"]] = proofs
                    taken += 1
        if taken:
            self.save()
        return taken

    def given(self, case: dict, index: int) -> str | None:
        """The answer given at line INDEX of CASE, if it was kept and matches its proof."""
        where, proofs = f"{case['id']}/{index}", self.proofs.get(case["id"], [])
        answer = self.answers.get(where)
        if answer is None or index >= len(proofs):
            return None
        return answer if hmac.compare_digest(answer_proof(self.key, where, answer), proofs[index]) else None

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


def _okpy_answers(path: Path) -> dict:
    """The plain answers of the cases the okpy client unlocked in the test file at PATH: a concept
    question's text -> its answer, a case's statements -> the lines each displays."""
    try:
        suites = parse_okpy_test(path).get("suites", []) if path.is_file() else []
    except CheckError:
        return {}
    answers: dict = {}
    for suite in suites if isinstance(suites, list) else []:
        for case in suite.get("cases", []) if isinstance(suite, dict) else []:
            if not isinstance(case, dict) or case.get("locked") is not False:
                continue
            if suite.get("type") == "concept":
                answers[("choice", str(case.get("question", "")).strip())] = str(case.get("answer", ""))
            elif suite.get("type") == "doctest":
                prompts = okpy_prompts(str(case.get("code", "")))
                if not any(prompt["locked"] for prompt in prompts):
                    answers[("code", tuple(prompt["code"] for prompt in prompts))] = [
                        prompt["expected"] for prompt in prompts]
    return answers


def _proofs(key: str, case: dict, answers: dict) -> list[str] | None:
    """The proofs of an unlock CASE made from okpy's plain ANSWERS, if every one fits its lock."""
    if case["kind"] == "choice":
        given = answers.get(("choice", case["prompt"].strip()))
        if given is None:
            return None
        proofs = [answer_proof(key, case["id"], _choice_text(given, case["choices"]))]
    else:
        lines = answers.get(("code", tuple(code for step in case["steps"] for code in statements_of(step["code"]))))
        if lines is None:
            return None
        shown = iter(line for prompt_lines in lines for line in prompt_lines)
        proofs = []
        for index, lock in enumerate(case_locks(case)):
            line = next(shown, "")
            # okpy's answer to a call that raises is the error's name; here it is the word Error
            candidates = [line, ERROR] if re.fullmatch(r"[A-Za-z_]\w*(Error|Exception)", line) else [line]
            made = [answer_proof(key, f"{case['id']}/{index}", given) for given in candidates]
            proofs.append(next((proof for proof in made if lock_of_proof(proof) == lock), made[0]))
    locks = case_locks(case)
    return proofs if [lock_of_proof(proof) for proof in proofs] == locks else None


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
                if choices is None:
                    self.progress.answers[where] = answer.strip()
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
                    given = self.progress.given(case, index)
                    self.say(given if given is not None else "(already answered)")
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
    return run_cases(kit, cases, timeout=timeout)


def run_cases(kit: Path, cases: list[dict], *, timeout: float) -> dict:
    """Run CASES (the cases of one problem, each with an ``id``) against the kit's hog.py in child
    processes. Once a case runs out of time the others are not run (their result says NOT_RUN and
    has ``not_run``): the problem has failed already, and the student hears so after one case's
    time, not after every case's. A fresh child takes over after one that dies.
    Returns ``{"results": {id: result}, "load_error"}``."""
    results: dict[str, dict] = {}
    remaining = list(cases)
    while remaining:
        got, load_error, hung = _run_child(kit, remaining, timeout=timeout)
        if load_error:
            return {"results": results, "load_error": load_error}
        results.update(got)
        rest = [c for c in remaining if c["id"] not in results]
        stop = any(timed_out(result) for result in got.values())
        if rest and not stop:  # the child hung (and was killed) or died on rest[0]
            results[rest[0]["id"]] = (
                {"output": LOOP, "where": "", "error": f"{LOOP_ERROR}: stopped after {timeout:g} seconds"} if hung
                else {"output": ERROR, "where": "", "error": "the test's process ended during this case (exit() "
                                                             "or a crash in hog.py)"})
            stop, rest = hung, rest[1:]
        if stop:
            results.update({case["id"]: {"output": "", "where": "", "error": NOT_RUN, "not_run": True}
                            for case in rest})
            rest = []
        remaining = rest
    return {"results": results, "load_error": ""}


# A worker is Python with hog_checks alone (the one beside this file, given as its argument):
# none of the checker's own imports, and no source of it to compile
WORKER = "import sys; sys.path.insert(0, sys.argv[1]); import hog_checks; sys.exit(hog_checks.worker_main())"


@functools.lru_cache(maxsize=1)
def machine_pace() -> float:
    """The machine's pace factor (:func:`hog_checks.pace_factor`), measured once for every worker."""
    return hog_checks.pace_factor()


def _run_worker(kit: Path, work: dict, allowance: Callable[[int], float | None]) -> tuple[list[dict], bool]:
    """Run WORK (what :func:`hog_checks.worker_main` reads, less the pace) in a worker in KIT, which
    writes no ``__pycache__`` there: the objects it printed, one a line, and whether it stopped
    answering (and was killed). ALLOWANCE(n) is how many seconds the worker has to print its next
    line once it has printed N (None: the time it had)."""
    command = [sys.executable, "-c", WORKER, str(Path(hog_checks.__file__).resolve().parent)]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONIOENCODING="utf-8")
    lines: list[str] = []
    with subprocess.Popen(command, cwd=kit, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True, env=env) as proc:
        reader = threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True)
        proc.stdin.write(json.dumps({**work, "pace": machine_pace()}))
        proc.stdin.close()
        reader.start()
        seen, deadline, hung = 0, time.monotonic() + allowance(0), False
        while reader.is_alive():
            reader.join(0.05)
            if len(lines) != seen:  # progress: each line answered earns the next its time
                seen, more = len(lines), allowance(len(lines))
                deadline = deadline if more is None else time.monotonic() + more
            if time.monotonic() > deadline:
                proc.kill()
                hung = True
                break
        proc.wait()
        reader.join(1)
    items = []
    for line in lines:
        try:
            item = json.loads(line)
        except ValueError:
            continue
        if isinstance(item, dict):
            items.append(item)
    return items, hung


def _run_child(kit: Path, cases: list[dict], *, timeout: float) -> tuple[dict, str, bool]:
    """Run CASES in one worker: its results, the error that kept hog.py from loading, and whether
    the worker stopped answering (and was killed)."""
    items, hung = _run_worker(kit, {"cases": cases}, lambda seen: (5 if not seen else 1) + timeout * 1.5)
    results: dict[str, dict] = {}
    for item in items:
        if "load_error" in item:
            return {}, f"{item['load_error']} ({item['where']})" if item.get("where") else item["load_error"], hung
        if "id" in item:
            results[item["id"]] = item
    return results, "", hung


def verdicts(bank: dict, problem: dict, run: dict) -> list[dict]:
    """Compare each case's output with its lock: one verdict per case, in order (a case not run fails)."""
    found = []
    for suite in problem["suites"]:
        for case in suite["cases"]:
            result = run["results"].get(case["id"], {"output": LOOP, "error": "did not run", "where": ""})
            passed = not result.get("not_run") and hmac.compare_digest(
                output_lock(bank["key"], case["id"], result["output"]), case["lock"])
            found.append({"suite": suite["name"], "case": case, "result": result, "passed": passed})
    return found


def run_further(kit: Path, bank: dict, problem: dict, *, spent: float = 0.0) -> list[dict]:
    """Run PROBLEM's further checks (the grader's sweeps and fuzzed inputs, with hashed answers) on
    the kit's hog.py in a worker, as the grader runs them, within what is left of the problem's
    time once its cases have SPENT theirs: one summary for each (see hog_checks.run_check). A check
    the worker never answers (it stopped, or blocked far longer than the check's time) counts as
    out of time."""
    checks = problem.get("further", [])
    if not checks:
        return []

    def allowance(seen: int) -> float | None:  # each check answered earns the next its time
        if seen >= len(checks):
            return None
        chunks = -(-checks[seen]["calls"].count("\n") // hog_checks.CHUNK) + 1
        return 10 + 5 * checks[seen]["seconds"] * chunks

    items, _ = _run_worker(kit, {"checks": checks, "key": bank["key"], "spent": spent}, allowance)
    found = [item for item in items if "name" in item and "wrong" in item]
    for check in checks[len(found):]:
        found.append({"name": check["name"], "calls": check["calls"].count("\n") + 1, "wrong": 0,
                      "first": "the checks stopped here (hog.py exited, crashed or blocked)", "out_of_time": True})
    return found


def cpu_spent(run: dict) -> float:
    """The CPU seconds a problem's cases took (the worker measures each)."""
    return sum(r.get("cpu", 0.0) for r in run["results"].values() if isinstance(r.get("cpu", 0.0), (int, float)))


def further_passed(summaries: list[dict]) -> bool:
    """Whether every further check of a problem passed."""
    return all(not s["wrong"] and not s["out_of_time"] for s in summaries)


def report_further(problem: dict, summaries: list[dict], *, out) -> None:
    """Print what the grader's further checks of PROBLEM found (one line each)."""
    hidden = problem.get("further_hidden", [])
    if hidden:
        names = "; ".join(hidden)
        print(f"The grader also runs further checks that your course keeps hidden until grades are out: {names}.",
              file=out)
    if not summaries:
        return
    print(f"Further checks: the grader's own tests of {problem['label']} (answers hidden, same limits):", file=out)
    for summary in summaries:
        tag = "ok  " if not summary["wrong"] and not summary["out_of_time"] else "FAIL"
        print(f"  {tag} {hog_checks.summary_line(summary)}", file=out)
    if not further_passed(summaries):
        print("The grader would not give this problem its points: fix the calls named above (python3 -i hog.py, "
              "then try one).", file=out)


def okpy_numbering(kit: Path, problem: dict) -> tuple[dict[str, tuple[int, int]], list[int]]:
    """Where each of PROBLEM's test cases sits as okpy numbers them in the kit's ``tests/NN.py``
    (its scored suites hold the same cases in the same order), so okpy's ``--suite N --case M``
    picks the same case here; and the sizes of that file's suites. Without the file, the bank's
    own suites are numbered."""
    ids = [case["id"] for suite in problem["suites"] for case in suite["cases"]]
    try:
        suites = parse_okpy_test(kit / "tests" / f"{problem['id']}.py").get("suites", [])
        places = [(n, i) for n, suite in enumerate(suites, 1) if suite.get("type") == "doctest"
                  and suite.get("scored", True) for i, case in enumerate(suite.get("cases", []), 1)
                  if not hog_checks.is_further_case(case.get("code", ""))]
        sizes = [len(suite.get("cases", [])) for suite in suites]
    except (CheckError, AttributeError, TypeError):
        places = []
    if len(places) != len(ids):
        places = [(n, i) for n, suite in enumerate(problem["suites"], 1) for i in range(1, len(suite["cases"]) + 1)]
        sizes = [len(suite["cases"]) for suite in problem["suites"]]
    return dict(zip(ids, places, strict=True)), sizes


def select_cases(kit: Path, problem: dict, suite: int | None, case: int | None) -> dict:
    """PROBLEM with only the cases okpy's ``--suite SUITE --case CASE`` names (all without SUITE)."""
    if suite is None:
        return problem
    places, sizes = okpy_numbering(kit, problem)
    only = check_selection(problem["label"], sizes, suite, case)
    picked = {cid for cid, (n, i) in places.items() if n == only[0] and only[1] in (None, i)}
    if not picked:
        raise CheckError(f"suite {suite} of {problem['label']} holds what you answer when unlocking, not tests — "
                         f"unlock it with: python3 ok -q {problem['id']} -u", code=2)
    return {**problem, "suites": [{**s, "cases": [c for c in s["cases"] if c["id"] in picked]}
                                  for s in problem["suites"]]}


def report_problem(problem: dict, found: list[dict], progress: Progress, *, out, verbose: bool,
                   places: dict[str, tuple[int, int]] | None = None) -> None:
    """Print a problem's test results: every case with --verbose, else the first failure (with
    the command that runs it alone, numbered as in PLACES)."""
    passed = sum(v["passed"] for v in found)
    secret = progress.reveal(problem)
    print("=" * 60, file=out)
    print(f"{problem['label']}: {problem['title']}", file=out)
    for verdict in found:
        show_debug(verdict, out=out)
        if verdict["passed"] and not verbose:
            continue
        case = verdict["case"]
        if verdict["result"].get("not_run"):
            print(f"{verdict['suite']} > {case['id']}: not run", file=out)
            continue
        tag = "passed" if verdict["passed"] else "FAILED"
        print("-" * 60, file=out)
        print(f"{verdict['suite']} > {case['id']}{' (hidden)' if case['hidden'] else ''}: {tag}", file=out)
        if case["hidden"]:
            print("This case is hidden: only whether it passes is shown.", file=out)
        else:
            print(case["code"], file=out)
        if not verdict["passed"]:
            _explain(case, verdict["result"], secret, out=out,
                     slip=case_slip(progress.key, problem, case, verdict["result"]))
            if places and case["id"] in places:
                suite_no, case_no = places[case["id"]]
                print(f"Run only this case: python3 ok -q {problem['id']} --suite {suite_no} --case {case_no}",
                      file=out)
            if not verbose:
                break
    print("-" * 60, file=out)
    total = len(found)
    print(f"{passed} passed, {total - passed} failed of {total} case{'' if total == 1 else 's'}.", file=out)
    print_not_run(sum(bool(v["result"].get("not_run")) for v in found), out=out)


def print_not_run(count: int, *, out) -> None:
    """Say why COUNT cases of a problem were not run (nothing when none were)."""
    if count:
        cases = "case was" if count == 1 else "cases were"
        print(f"{count} {cases} not run (counted as failed): an earlier case ran out of time, probably an "
              "infinite loop. Fix it, then run the problem again.", file=out)


def show_debug(verdict: dict, *, out) -> None:
    """Print the DEBUG lines a case printed (shown, never compared)."""
    lines = verdict["result"].get("debug") or []
    if isinstance(lines, list) and lines and not verdict["case"]["hidden"]:
        print(f"DEBUG output of {verdict['case']['id']} (shown, not compared):", file=out)
        for line in lines:
            print("  " + str(line), file=out)


def case_slip(key: str, problem: dict, case: dict, result: dict) -> str:
    """The slip a failing CASE's output points to: the bank's diagnoses (an output that one kind of
    slip in a copy of the reference gives), or ''."""
    if result.get("output") is not None and not result.get("not_run"):
        lock = output_lock(key, case["id"], result["output"])
        slips = problem.get("slips", [])
        for known, index in case.get("diagnoses", []):
            if hmac.compare_digest(known, lock) and isinstance(index, int) and 0 <= index < len(slips):
                return slips[index]
    return ""


def _explain(case: dict, result: dict, secret: str | None, *, out, slip: str = "") -> None:
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
    if case.get("rule"):
        print(f"# This case checks: {case['rule']}", file=out)
    if case.get("hint"):
        print(f"# Hint: {case['hint']}", file=out)
    if slip:
        print(f"# It may be this: {slip}", file=out)


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
    defined = ""
    if failing is not None and not failing["case"]["hidden"]:
        case, before = failing["case"], set(namespace)
        run_test_case(case["code"], namespace, setup=case.get("setup", ""), teardown=case.get("teardown", ""),
                      timeout=CASE_TIMEOUT)
        names = sorted(name for name in namespace if name not in before and not name.startswith("_"))
        defined = "\nThe case has run here; its names are defined: " + (", ".join(names) or "(none)")
    banner = f"hog.py is loaded. {problem['label']}: all cases pass." if failing is None else (
        f"hog.py is loaded at the first failing case of {problem['label']}:\n"
        + ("(the case is hidden)" if failing["case"]["hidden"] else failing["case"]["code"]) + defined)
    code.interact(banner=banner + "\nType exit() or Ctrl-D to leave.", local=namespace, exitmsg="")


# --------------------------------------------------------------------------- an okpy course's tests


def okpy_cases(question: dict) -> list[dict]:
    """The doctest cases of an okpy question, ready to run: ids, suites and statements."""
    cases = []
    for number, suite in enumerate(question["suites"], 1):
        if not isinstance(suite, dict) or suite.get("type") != "doctest":
            continue
        for index, case in enumerate(suite.get("cases", []), 1):
            cases.append({"id": f"{question['id']}-s{number}-c{index}", "suite": number, "index": index,
                          "scored": suite.get("scored", True), "prompts": okpy_prompts(case.get("code", "")),
                          "setup": statements_of(suite.get("setup", "")),
                          "teardown": statements_of(suite.get("teardown", ""))})
    return cases


def check_selection(name: str, sizes: list[int], suite: int | None, case: int | None) -> tuple | None:
    """okpy's ``--suite N [--case M]`` for a question NAME whose suites hold SIZES cases: the
    (suite, case) to run (case None: the whole suite), None for every case; a CheckError when the
    question has no such suite or case."""
    if suite is None:
        return None
    if not 1 <= suite <= len(sizes):
        raise CheckError(f"{name} has no suite {suite} — its suites are 1 to {len(sizes)}", code=2)
    if case is not None and not 1 <= case <= sizes[suite - 1]:
        raise CheckError(f"suite {suite} of {name} has no case {case} — its cases are 1 to {sizes[suite - 1]}",
                         code=2)
    return suite, case


def okpy_test_question(kit: Path, assignment: dict, question: dict, *, timeout: float,
                       only: tuple | None = None) -> dict:
    """Run one okpy question's cases (ONLY: a suite and case, see :func:`check_selection`); once one
    runs out of time the rest are not run. ``{"id", "found": [(case, passed, feedback)], "load_error"}``."""
    cases = [c for c in okpy_cases(question)
             if only is None or (c["suite"] == only[0] and only[1] in (None, c["index"]))]
    run = run_cases(kit, [{"id": c["id"], "statements": [p["code"] for p in c["prompts"]], "setup": c["setup"],
                           "teardown": c["teardown"], "timeout": timeout} for c in cases], timeout=timeout)
    found = []
    for case in cases:
        result = run["results"].get(case["id"], {})
        report = result.get("okpy") or {"setup_error": str(result.get("error", "did not run")), "results": []}
        if result.get("not_run"):
            passed, feedback = False, NOT_RUN
        else:
            passed, feedback = okpy_case_verdict(case["prompts"], report, assignment["name"])
        found.append((case, passed, feedback))
    return {"id": question["id"], "found": found, "load_error": run["load_error"]}


def okpy_points(question: dict, found: list[tuple[dict, bool, str]]) -> float:
    """okpy's score of a question: its points times the share of its scored suites that pass."""
    suites: dict[int, bool] = {}
    for case, passed, _ in found:
        if case["scored"]:
            suites[case["suite"]] = suites.get(case["suite"], True) and passed
    if not suites:
        return 0.0
    return question.get("points", 0) * sum(suites.values()) / len(suites)


def okpy_check(kit: Path, args, *, out) -> int:
    """The checker on an okpy course's tests (its ``.ok`` file and tests/ beside hog.py)."""
    assignment = load_okpy(kit)
    questions = assignment["questions"]
    if args.question:
        wanted = args.question.strip().lower()
        questions = [q for q in questions if wanted in (q["id"].lower(), q["id"].lstrip("0").lower() or "0")]
        if not questions:
            ids = ", ".join(q["id"] for q in assignment["questions"])
            raise CheckError(f"no question {args.question} — questions are {ids}", code=2)
    if args.unlock:
        return 0 if all(OkpyUnlocker(kit, assignment, out=out, read=_reader()).run(q) for q in questions) else 1
    status, summary, total = 0, [], 0.0
    for question in questions:
        only = check_selection(question["name"], [len(suite.get("cases", [])) for suite in question["suites"]],
                               args.suite, args.case)
        run = okpy_test_question(kit, assignment, question, timeout=args.timeout, only=only)
        if run["load_error"]:
            raise CheckError(f"hog.py does not load: {run['load_error']}")
        failed = [f for f in run["found"] if not f[1]]
        status = status or (1 if failed else 0)
        points = okpy_points(question, run["found"])
        total += points
        not_run = sum(feedback == NOT_RUN for _, _, feedback in failed)
        summary.append({"id": question["id"], "passed": len(run["found"]) - len(failed), "failed": len(failed),
                        "not_run": not_run, "points": points, "possible": question.get("points", 0),
                        "cases": [{"id": c["id"], "passed": ok} for c, ok, _ in run["found"]]})
        if not args.json:
            print("=" * 60, file=out)
            print(f"{question['name']}: {len(run['found']) - len(failed)} passed, {len(failed)} failed", file=out)
            for case, _ok, feedback in failed[: None if args.verbose else 1]:
                print("-" * 60, file=out)
                print(f"{case['id']} failed:", file=out)
                print(feedback, file=out)
                print(f"Run only this case: python3 ok -q {question['id']} --suite {case['suite']} "
                      f"--case {case['index']}", file=out)
            print_not_run(not_run, out=out)
            if args.score:
                print(f"Points: {points:g}/{question.get('points', 0)}", file=out)
    if args.json:
        print(json.dumps({"problems": summary, "total": total}, indent=1), file=out)
    elif args.score:
        print(f"Total: {total:g}/{sum(q.get('points', 0) for q in questions)}", file=out)
    return 0 if args.score else status


class OkpyUnlocker:
    """Ask an okpy question's locked lines and concept questions, as okpy's own unlocker does, and
    write each answer back into the test file (locked lines become plain), so both clients see it."""

    def __init__(self, kit: Path, assignment: dict, *, out, read) -> None:
        self.kit, self.key, self.out, self.read = kit, assignment["name"], out, read

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def run(self, question: dict) -> bool:
        path = self.kit / question["path"]
        test = parse_okpy_test(path)
        self.say(f"Unlocking tests for {question['name']}")
        self.say("At each ? type what Python would display. Type exit() to stop.")
        try:
            for suite in test.get("suites", []):
                for case in suite.get("cases", []):
                    if case.get("locked") is not True:
                        continue
                    if suite.get("type") == "concept":
                        self._concept(case)
                    else:
                        self._code(case, suite)
                    case["locked"] = False
                    write_atomic(path, okpy_test_source(test))
        except _Stop:
            self.say("Stopped. What you unlocked so far is saved in the test file.")
            return False
        self.say(f"All cases of {question['name']} are unlocked.")
        return True

    def _answer(self, lock: str) -> str | None:
        while True:
            try:
                given = self.read("? ")
            except (EOFError, KeyboardInterrupt):
                raise _Stop from None
            given = " ".join(given.split())
            if given in ("exit()", "quit()"):
                raise _Stop
            guesses = [given, given.title()]
            try:
                guesses.append(repr(ast.literal_eval(given)))
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                pass
            for guess in guesses:
                if okpy_lock(self.key, guess) == lock:
                    self.say("-- OK! --")
                    return guess
            self.say("-- Not quite. Try again! --")

    def _concept(self, case: dict) -> None:
        self.say(case.get("question", ""))
        choices = list(case.get("choices", []))
        for letter, choice in zip("abcdefghij", choices, strict=False):
            self.say(f"  {letter}) {choice}")
        while True:
            try:
                given = _choice_text(self.read("? "), choices)
            except (EOFError, KeyboardInterrupt):
                raise _Stop from None
            if given.strip() in ("exit()", "quit()"):
                raise _Stop
            if okpy_lock(self.key, " ".join(given.split())) == case["answer"]:
                case["answer"] = " ".join(given.split())
                self.say("-- OK! --")
                return
            self.say("-- Not quite. Try again! --")

    def _code(self, case: dict, suite: dict) -> None:
        lines = []
        for prompt in okpy_prompts(case.get("code", "")):
            self.say(okpy_prompts_source(prompt["code"]))
            lines.append(okpy_prompts_source(prompt["code"]))
            if prompt["locked"]:
                lines += [self._answer(lock) for lock in prompt["expected"]]
            else:
                lines += prompt["expected"]
        case["code"] = "\n".join(lines)


def write_atomic(path: Path, text: str) -> None:
    """Write TEXT to PATH through a temporary file and a rename."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}-", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


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
        further: list[dict] = []
        if problem["suites"]:
            run = run_problem(kit, problem)
            found = verdicts(bank, problem, run)
            ok = all(v["passed"] for v in found)
            passed, total = sum(v["passed"] for v in found), len(found)
            further = run_further(kit, bank, problem, spent=cpu_spent(run)) if ok else []
            ok = ok and (further_passed(further) if problem.get("further") else True) and (
                bool(further) or not problem.get("further"))
        else:
            ok = progress.unlocked(problem)
            passed, total = int(ok), 1
        rows.append({"id": problem["id"], "phase": problem["phase"], "points": problem["points"] if ok else 0,
                     "possible": problem["points"], "passed": passed, "cases": total,
                     "further_checks": len(problem.get("further", [])),
                     "further_passed": sum(not s["wrong"] and not s["out_of_time"] for s in further),
                     "unlocked": progress.unlocked(problem), "ok": ok})
    phases = {}
    for row in rows:
        phase = phases.setdefault(str(row["phase"]), {"points": 0, "possible": 0})
        phase["points"] += row["points"]
        phase["possible"] += row["possible"]
    checkpoint = all(r["ok"] for r in rows if r["phase"] == 1 and r["id"] != "00")
    summary = {"problems": rows, "phases": phases, "checkpoint": checkpoint,
               "total": sum(r["points"] for r in rows), "possible": sum(r["possible"] for r in rows)}
    if not as_json:
        print(f"Score for {bank['title']}", file=out)
        names = {p["id"]: p for p in bank["problems"]}
        for row in rows:
            lock = "" if row["unlocked"] else "  (locked)"
            further = (f", further checks {row['further_passed']}/{row['further_checks']}"
                       if row["further_checks"] else "")
            print(f"  {names[row['id']]['label']:<12} {row['points']:>2} / {row['possible']:<2}"
                  f"  {row['passed']}/{row['cases']} cases{further}{lock}", file=out)
        for number, phase in phases.items():
            print(f"Phase {number} ({bank['phases'].get(number, '')}): {phase['points']} / {phase['possible']}",
                  file=out)
        verdict = "complete" if checkpoint else "not yet complete (every Phase 1 case and further check must pass)"
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


SUBMISSION = "hog_submission.zip"
BACKUPS = "submissions"
STUDENT_FILE = ".ok_student"  # the email or id a student gave, kept for the next --submit
TOKEN_FILE = ".ok_token"  # the token the course gave the student, kept (owner only) for the next --submit
STUDENT_ID = re.compile(r"\w[\w.@+-]{0,253}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{8,200}")
STUDENT_HEADER = "X-Hogkit-Student"
ASSIGNMENT_HEADER = "X-Hogkit-Assignment"
KIND_HEADER = "X-Hogkit-Kind"  # backup (each run of ok) or submission (ok --submit)
SEND_TIMEOUT = 30.0  # seconds to wait for the server
BACKUP_TIMEOUT = 5.0  # ... for a backup, which must not hold up the checker
MAX_REPLY = 64 * 1024


def student_id(text: str) -> str:
    """TEXT as a student's id (an email or a course id), or '' if it cannot be one: compared as the
    course server compares it (Unicode NFKC, case folded, no spaces around it), then letters, digits
    and ``. _ @ + -``, starting with a letter or digit."""
    text = unicodedata.normalize("NFKC", str(text)).casefold().strip()
    return text if STUDENT_ID.fullmatch(text) else ""


def submission_url_problem(url: str) -> str:
    """What keeps URL from being an address ``--submit`` sends to ('' when nothing does): it must be
    an http:// or https:// URL with a host, and no user name, password or #fragment."""
    if not url.strip():
        return "it is empty"
    if any(c.isspace() or not c.isprintable() for c in url):
        return "it holds spaces or control characters"
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number from 0 to 65535
    except ValueError as exc:
        return f"it is not a URL ({exc})"
    if parts.scheme not in ("http", "https"):
        return "it is not an http:// or https:// address"
    if not parts.hostname:
        return "it names no host"
    if parts.username is not None or parts.password is not None:
        return "it holds a user name or password, which every student's kit would show"
    if parts.fragment:
        return "it has a #fragment"
    return ""


def _kit_config(kit: Path) -> dict:
    """The kit's ``.ok`` configuration ({} without one). Its ``src`` may name only files inside the
    kit's folder: an absolute path or one through ``..`` is refused (see :func:`_src_problem`)."""
    for path in sorted(kit.glob("*.ok"))[:1]:
        try:
            config = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise CheckError(f"{path.name} is not valid JSON — restore it from the kit you downloaded") from None
        if not isinstance(config, dict):
            return {}
        for name in config.get("src") or []:
            problem = _src_problem(name) if isinstance(name, str) else ""
            if problem:
                raise CheckError(_refused_src(name, problem, path.name))
        return config
    return {}


def _src_problem(name: str) -> str:
    """What keeps NAME, a ``src`` entry of the kit's ``.ok``, from naming a file inside the kit's
    folder, read as a path on any system ('' when nothing does)."""
    for path in (PurePosixPath(name), PureWindowsPath(name)):
        if path.is_absolute() or path.anchor:
            return "is an absolute path"
        if ".." in path.parts:
            return "leads out of the kit's folder"
    return "" if name.strip() else "is empty"


def _refused_src(name: str, problem: str, config: str = "the kit's .ok file") -> str:
    fix = ("put the file itself in the project's folder" if "link" in problem or "regular" in problem
           else f"only the kit's own files are submitted: restore {config} from the kit you downloaded")
    return f"{config} lists {name[:200]!r} to submit, which {problem} — {fix}"


def _kit_file(kit: Path, name: str) -> Path:
    """The file NAME inside KIT, checked before it is packed: no part of its path below KIT may
    be a symbolic link, it must stay inside KIT and be a regular file (else one CheckError line)."""
    problem = _src_problem(name)
    path = kit
    for part in PurePosixPath(name.replace("\\", "/")).parts if not problem else ():
        path = path / part
        try:
            info = os.lstat(path)
        except OSError:
            if path == kit / name:
                raise CheckError(f"{name} not found beside ok — submit from your project's folder") from None
            problem = "is not in the kit's folder"
            break
        if stat.S_ISLNK(info.st_mode):
            problem = "is a symbolic link" if path == kit / name else f"goes through the symbolic link {part!r}"
            break
    if not problem and not os.path.realpath(path).startswith(os.path.join(os.path.realpath(kit), "")):
        problem = "leads out of the kit's folder"
    if not problem and not path.is_file():
        problem = "is not a regular file"
    if problem:
        raise CheckError(_refused_src(name, problem))
    return path


def _handed_in(kit: Path, config: dict) -> list[str]:
    """The files of KIT an archive holds: the ``.ok`` file's ``src`` and the contest entry, if there is one."""
    names = [str(n) for n in config.get("src", ["hog.py"]) if isinstance(n, str)]
    names = list(dict.fromkeys(names or ["hog.py"]))
    if (kit / CONTEST_ENTRY).is_file() and CONTEST_ENTRY not in names:
        names.append(CONTEST_ENTRY)
    return names


def _zipped(files: dict[str, Path], target) -> None:
    """An archive of FILES (name in the archive -> the file) written to TARGET."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, path in files.items():
            archive.write(path, name)


def write_archive(kit: Path, names: list[str]) -> Path:
    """Write the files NAMES of KIT into a new dated archive under BACKUPS/ and copy it to SUBMISSION
    (each through a temporary file and a rename); return the dated archive. Each name must be a
    regular file inside KIT, reached through no symbolic link (:func:`_kit_file`)."""
    files = {name: _kit_file(kit, name) for name in names}
    stamp = time.strftime("%Y%m%d-%H%M%S")
    backup = kit / BACKUPS / f"hog-{stamp}.zip"
    number = 1
    while backup.exists():
        number += 1
        backup = kit / BACKUPS / f"hog-{stamp}-{number}.zip"
    backup.parent.mkdir(exist_ok=True)
    for target in (backup, kit / SUBMISSION):
        fd, tmp = tempfile.mkstemp(prefix=".submission-", suffix=".zip", dir=target.parent)
        os.close(fd)
        try:
            _zipped(files, tmp)
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    return backup


def _kept(path: Path, check) -> str:
    """What is kept at PATH, if CHECK accepts it ('' otherwise)."""
    with contextlib.suppress(OSError, UnicodeDecodeError):
        return check(path.read_text(encoding="utf-8").strip())
    return ""


def _valid_token(text: str) -> str:
    text = str(text).strip()
    return text if TOKEN.fullmatch(text) else ""


def _asked_once(kit: Path, name: str, given: str | None, *, check, what: str, why: str, read, out) -> str:
    """GIVEN (a command-line option), else what is kept in NAME, else asked once (WHY says what for);
    accepted by CHECK, and kept in NAME (readable by its owner only) when new. WHAT names it in errors."""
    path = kit / name
    if given is None:
        kept = _kept(path, check)
        if kept:
            return kept
        print(f"{why} It is asked once and kept in {name}.", file=out)
        try:
            given = read(f"{what.capitalize()}: ")
        except (EOFError, KeyboardInterrupt):
            raise CheckError(f"no {what} given — run: python3 ok --submit --email YOU@SCHOOL.EDU --token TOKEN (your "
                             f"course staff give you your token), or upload {SUBMISSION} by hand") from None
    found = check(given)
    if not found:
        article = "an" if what[0] in "aeiou" else "a"
        raise CheckError(f"{given.strip()[:100]!r} is not {article} {what} — copy it as your course gave it, as in: "
                         "python3 ok --submit --email you@school.edu --token TOKEN", code=2)
    write_atomic(path, found + "\n")
    return found


def who_submits(kit: Path, given: str | None, *, read, out) -> str:
    """The student's id (``--email``, or kept in STUDENT_FILE, or asked once)."""
    return _asked_once(kit, STUDENT_FILE, given, check=student_id, what="email", read=read, out=out,
                       why="Your course collects submissions online: type your email (or course id).")


def token_of(kit: Path, given: str | None, *, read, out) -> str:
    """The student's token (``--token``, or kept in TOKEN_FILE, or asked once)."""
    return _asked_once(kit, TOKEN_FILE, given, check=_valid_token, what="token", read=read, out=out,
                       why="Your course gave you a token to send your work with: type it.")


def send_submission(url: str, data: bytes, *, student: str, assignment: str, token: str = "",
                    kind: str = "submission", timeout: float = SEND_TIMEOUT) -> dict:
    """POST the archive DATA to URL as STUDENT's KIND (submission or backup) with their TOKEN and
    return the server's receipt (a JSON object whose ``sha256`` is the archive's); a network or
    server error is a CheckError of one line."""
    headers = {"Content-Type": "application/zip", "User-Agent": "hogkit-ok", KIND_HEADER: kind,
               STUDENT_HEADER: urllib.parse.quote(student), ASSIGNMENT_HEADER: urllib.parse.quote(assignment)}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=data, method="POST", headers=headers)
    host = urllib.parse.urlsplit(url).netloc
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            body = reply.read(MAX_REPLY + 1)
    except urllib.error.HTTPError as exc:
        with contextlib.closing(exc):
            try:
                said = json.loads(exc.read(MAX_REPLY)).get("error", "")
            except (OSError, ValueError, AttributeError, http.client.HTTPException):
                said = ""
        raise CheckError(f"the server at {host} refused the {kind} ({exc.code}: {_shown(said or exc.reason)})"
                         ) from None
    except urllib.error.URLError as exc:
        why = getattr(exc.reason, "strerror", None) or exc.reason
        raise CheckError(f"could not reach {host} ({_shown(why)})") from None
    except (OSError, http.client.HTTPException) as exc:  # a timeout, a reset connection
        raise CheckError(f"the connection to {host} failed ({_shown(exc or type(exc).__name__)})") from None
    try:
        receipt = json.loads(body)
    except ValueError:
        receipt = None
    if not isinstance(receipt, dict) or receipt.get("sha256") != hashlib.sha256(data).hexdigest():
        raise CheckError(f"the server at {host} did not confirm the archive it received")
    return receipt


def _shown(text: object, limit: int = 200) -> str:
    """TEXT from the network, as one printable line of at most LIMIT characters."""
    return "".join(c if c.isprintable() else "?" for c in str(text))[:limit]


def _sending_endpoint(config: dict) -> str:
    """The kit's http(s) endpoint ('' when the kit sends nothing)."""
    endpoint = str(config.get("endpoint", "") or "")
    return endpoint if "://" in endpoint and not submission_url_problem(endpoint) else ""


def send_backup(kit: Path, *, out) -> None:
    """Send the kit's files as a backup to the kit's endpoint, once the student has given their
    email and token to ``--submit``; say in one line on OUT whether it went (never an error: a
    backup that cannot be sent leaves the student's work as it is)."""
    config = _kit_config(kit)
    endpoint = _sending_endpoint(config)
    student, token = _kept(kit / STUDENT_FILE, student_id), _kept(kit / TOKEN_FILE, _valid_token)
    names = _handed_in(kit, config)
    if not (endpoint and student and token):
        return
    buffer = io.BytesIO()
    try:
        _zipped({name: _kit_file(kit, name) for name in names}, buffer)
        send_submission(endpoint, buffer.getvalue(), student=student, assignment=str(config.get("name", "")),
                        token=token, kind="backup", timeout=BACKUP_TIMEOUT)
    except (CheckError, OSError) as exc:
        print(f"Backup not sent ({exc}); your files are as they were. --no-backup stops backups.", file=out)
        return
    print(f"Backup sent to {urllib.parse.urlsplit(endpoint).netloc} (--no-backup stops backups).", file=out)


def test_before_handing_in(kit: Path, *, out, force: bool) -> None:
    """Run the kit's tests before a submission, as okpy does, and print the score they give (every
    problem's cases and the grader's further checks): the student sees what fails before sending.
    A hog.py that does not even load is refused (one CheckError line) unless FORCE."""
    if not (kit / BANK_FILE).exists():
        return
    _, load_error, _ = _run_child(kit, [], timeout=CASE_TIMEOUT)
    if load_error and not force:
        raise CheckError(f"hog.py does not load ({load_error}), so the grader would give it no points — fix it and "
                         "run python3 ok --submit again, or hand it in as it is with python3 ok --submit --force")
    if load_error:
        print(f"hog.py does not load ({load_error}); handed in as it is (--force).", file=out)
        return
    bank = load_bank(kit)
    print("Testing before handing in (python3 ok --score):", file=out)
    summary = score(kit, bank, Progress(kit, bank, out=sys.stderr), out=out, as_json=False)
    failing = [row["id"] for row in summary["problems"] if row["possible"] and not row["ok"]]
    if failing:
        print(f"Problems that do not pass yet: {', '.join(failing)} (python3 ok -q NN says why). Handing in "
              "anyway: you may submit again at any time.", file=out)


def submit(kit: Path, *, out, email: str | None = None, token: str | None = None, local: bool = False,
           read=None, force: bool = False) -> int:
    """Hand in the files the kit's ``.ok`` lists in ``src`` (and the contest entry, when there is
    one), once the kit's tests have run (:func:`test_before_handing_in`): write them as SUBMISSION
    beside hog.py and as a dated copy under BACKUPS/. When the ``.ok`` names an http(s)
    ``endpoint`` (and not LOCAL), also send the archive there with the student's id and token (see
    :func:`who_submits`, :func:`token_of`) and print the server's receipt; when sending fails, say
    so and where the archive to upload by hand is (exit status 1)."""
    config = _kit_config(kit)
    names = _handed_in(kit, config)
    for name in names:  # each a regular file of the kit, or one line saying why not (nothing written)
        _kit_file(kit, name)
    test_before_handing_in(kit, out=out, force=force)
    if email is not None:
        who_submits(kit, email, read=read, out=out)
    if token is not None:
        token_of(kit, token, read=read, out=out)
    backup = write_archive(kit, names)
    endpoint = str(config.get("endpoint", "") or "")
    print(f"Wrote {kit / SUBMISSION} (holding {', '.join(names)})"
          f"{'' if endpoint else ' to upload to your course (on Gradescope, say)'}; a copy is kept as "
          f"{backup.relative_to(kit).as_posix()}.", file=out)
    if not endpoint:
        return 0
    if "://" not in endpoint:  # an okpy server's assignment name, such as cal/cs61a/fa19/hog
        print(f"This checker does not send submissions to {endpoint}: upload the archive yourself.", file=out)
        return 0
    if local:
        print(f"Not sent (--local): upload the archive yourself, or run python3 ok --submit to send it to "
              f"{endpoint}.", file=out)
        return 0
    problem = submission_url_problem(endpoint)
    if problem:
        raise CheckError(f"the submission address in the kit's .ok file, {endpoint!r}, cannot be used ({problem}) "
                         f"— upload {SUBMISSION} by hand, and tell your course staff")
    student = who_submits(kit, email, read=read or _reader(), out=out)
    secret = token_of(kit, token, read=read or _reader(), out=out)
    try:
        receipt = send_submission(endpoint, backup.read_bytes(), student=student, token=secret,
                                  assignment=str(config.get("name", "")))
    except CheckError as exc:
        raise CheckError(f"not submitted: {exc} — upload {kit / SUBMISSION} by hand, or try python3 ok "
                         "--submit again") from None
    write_atomic(backup.with_suffix(".receipt.json"), json.dumps(receipt, indent=1) + "\n")
    print(f"Submitted as {student} to {endpoint}: received {_shown(receipt.get('received', '?'))}, "
          f"sha256 {receipt['sha256']}.", file=out)
    print(f"The server's receipt is kept as {backup.with_suffix('.receipt.json').relative_to(kit).as_posix()}; "
          "it is graded on arrival.", file=out)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The checker's command line."""
    parser = argparse.ArgumentParser(prog="python3 ok", description="Unlock and test your Hog project.")
    parser.add_argument("-q", "--question", help="the problem to work on: 00, 01, ..., 5a, ...")
    parser.add_argument("-u", "--unlock", action="store_true", help="unlock the problem's tests")
    parser.add_argument("-i", "--interactive", action="store_true",
                        help="after testing, open Python at the first failing case")
    parser.add_argument("--score", action="store_true", help="points per problem and phase")
    parser.add_argument("-v", "--verbose", action="store_true", help="show every case, passed or not")
    parser.add_argument("--all", action="store_true", help="run every problem's tests, unlocked or not")
    parser.add_argument("--local", action="store_true",
                        help="never use the network (only --submit does, to the address in the kit's .ok file)")
    parser.add_argument("--suite", type=int, metavar="N",
                        help="with -q: run only suite N (numbered as okpy numbers it)")
    parser.add_argument("--case", type=int, metavar="M", help="with --suite: run only case M of that suite")
    parser.add_argument("--force", action="store_true",
                        help="test even problems that are still locked; with --submit, hand in a hog.py that does "
                             "not load")
    parser.add_argument("--json", action="store_true", help="print results as one JSON object")
    parser.add_argument("--timeout", type=float, default=CASE_TIMEOUT, help="seconds per case (default 5)")
    parser.add_argument("--contest", nargs="?", const=CONTEST_ENTRY, metavar="FILE",
                        help=f"check a contest entry (default: {CONTEST_ENTRY}) with contest_check.py")
    parser.add_argument("--submit", action="store_true",
                        help=f"write {SUBMISSION} to hand in, keep a dated copy in {BACKUPS}/, and send it when "
                             "the kit's .ok file names an http(s) endpoint")
    parser.add_argument("--email", metavar="ID",
                        help=f"with --submit: your email or course id (asked once otherwise; kept in {STUDENT_FILE})")
    parser.add_argument("--okpy", action="store_true",
                        help="run the tests in okpy's format (the .ok file and tests/) as okpy does, even in a kit")
    parser.add_argument("--token", metavar="TOKEN",
                        help=f"with --submit: the token your course gave you (asked once otherwise; kept in "
                             f"{TOKEN_FILE})")
    parser.add_argument("--no-backup", action="store_true",
                        help="do not send a backup of your files to your course's server after this run")
    return parser


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"error: {message} — see 'python3 ok --help'\n")


def main(argv: list[str] | None = None, *, kit: Path | None = None) -> int:
    """Run the checker; return its exit status (0 all good, 1 failures, 2 usage errors)."""
    parser = build_parser()
    parser.__class__ = _Parser
    args = parser.parse_args(argv)
    kit = Path(kit) if kit else Path(__file__).resolve().parent
    out = sys.stdout
    try:
        if args.suite is not None and not args.question:
            raise CheckError("--suite needs a question — add -q, as in: python3 ok -q 01 --suite 2 --case 1", code=2)
        if args.case is not None and args.suite is None:
            raise CheckError("--case needs a suite — add --suite, as in: python3 ok -q 01 --suite 2 --case 1", code=2)
        if args.contest is not None:
            return check_contest(kit, args.contest, out=out, as_json=args.json)
        if (args.email is not None or args.token is not None) and not args.submit:
            raise CheckError("--email and --token go with --submit — as in: python3 ok --submit --email "
                             "you@school.edu --token TOKEN", code=2)
        if args.submit:
            return submit(kit, out=out, email=args.email, token=args.token, local=args.local, force=args.force)
        if (args.okpy or not (kit / BANK_FILE).exists()) and any(kit.glob("*.ok")):
            return okpy_check(kit, args, out=out)
        bank = load_bank(kit)
        progress = Progress(kit, bank, out=sys.stderr)
        progress.adopt_okpy_unlocks(kit)
        if args.score:
            summary = score(kit, bank, progress, out=out, as_json=args.json)
            if args.json:
                print(json.dumps(summary, indent=1), file=out)
            _backup(kit, args)
            return 0
        if args.question:
            problems = [find_problem(bank, args.question)]
        else:
            problems = [p for p in bank["problems"] if progress.unlocked(p) or args.force or args.all]
            if not problems:
                print("No problem is unlocked yet. Start with: python3 ok -q 00 -u", file=out)
                return 0
        if args.unlock:
            status = 0 if Unlocker(progress, out=out, read=_reader()).run(problems[0]) else 1
        else:
            status = _test(kit, bank, progress, problems, args, out=out)
        _backup(kit, args)
        return status
    except CheckError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        print("\nStopped (Ctrl-C). Your progress is saved.", file=sys.stderr)
        return 130


def _backup(kit: Path, args) -> None:
    """After a run of the checker: a backup to the course's server, unless --local or --no-backup."""
    if not (args.local or args.no_backup):
        send_backup(kit, out=sys.stderr)


def _test(kit: Path, bank: dict, progress: Progress, problems: list[dict], args, *, out) -> int:
    status = 0
    summary = []
    for problem in problems:
        if not progress.unlocked(problem) and not (args.force or args.all):
            raise CheckError(f"{problem['label']} is locked — unlock it first: python3 ok -q {problem['id']} -u")
        if not problem["suites"]:
            if not args.json:
                print(f"{problem['label']} has no tests to run: unlocking it was the whole job.", file=out)
            summary.append({"id": problem["id"], "passed": 0, "failed": 0, "unlocked": progress.unlocked(problem),
                            "cases": []})
            continue
        places = okpy_numbering(kit, problem)[0]
        problem = select_cases(kit, problem, args.suite, args.case)
        run = run_problem(kit, problem, timeout=args.timeout)
        if run["load_error"]:
            raise CheckError(f"hog.py does not load: {run['load_error']}")
        found = verdicts(bank, problem, run)
        failed = [v for v in found if not v["passed"]]
        # the grader's further checks, once every case passes (a chosen case alone runs none)
        further = (run_further(kit, bank, problem, spent=cpu_spent(run)) if not failed and args.suite is None
                   else [])
        status = status or (1 if failed or not further_passed(further) else 0)
        summary.append({"id": problem["id"], "passed": len(found) - len(failed), "failed": len(failed),
                        "not_run": sum(bool(v["result"].get("not_run")) for v in found),
                        "unlocked": progress.unlocked(problem),
                        "cases": [{"id": v["case"]["id"], "passed": v["passed"], "hidden": v["case"]["hidden"],
                                   "error": v["result"].get("error", "")} for v in found],
                        "further": further, "further_run": bool(further) or not problem.get("further")})
        if not args.json:
            report_problem(problem, found, progress, out=out, verbose=args.verbose, places=places)
            if failed and problem.get("further") and args.suite is None:
                print(f"The grader's further checks of {problem['label']} run here once its cases pass.", file=out)
            report_further(problem, further, out=out)
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
