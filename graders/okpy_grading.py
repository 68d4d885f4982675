"""Grade a copy with a course's own okpy tests (its ``.ok`` file and ``tests/NN.py``).

Staff who already trust their okpy tests can grade with them: each doctest case runs in the
sandbox as okpy's console runs it, and is judged here as okpy judges it, a locked line by its
hash, so the course's locked cases count without anyone unlocking them. A question scores as in
okpy: its points times the share of its scored suites that pass. Concept questions are for
unlocking and are not scored. The course's helper modules (``tests/play_utils.py``, its own
``dice.py`` and ``hog_gui.py``) sit beside the copy in the sandbox; its test files do not.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

from graders.isolation import UNSAFE_NOTE, Isolation
from graders.oracle import short
from graders.results import VISIBLE, GradeResult, ProblemResult, TestResult
from graders.sandbox import Limits, Sandbox
from graders.scoring import count_score
from hogkit.errors import HogkitError
from hogkit.shipped import ok as checker
from hogkit.variant import Variant

MAX_SUPPORT_BYTES = 8 * 1024 * 1024
NOT_COPIED = {"hog.py", "ok.py", "harness.py"}


def load_course_tests(folder: Path) -> dict:
    """The okpy assignment in FOLDER (or in its parent, when FOLDER is its tests/ folder)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise HogkitError(f"{folder} is not a folder", "give the folder of the course's .ok file and tests/")
    if not any(folder.glob("*.ok")) and any(folder.parent.glob("*.ok")):
        folder = folder.parent
    try:
        assignment = checker.load_okpy(folder)
    except checker.CheckError as exc:
        what, _, fix = str(exc).partition(" — ")
        raise HogkitError(what, fix or "give the folder of the course's .ok file and tests/") from None
    assignment["folder"] = folder
    return assignment


def support_files(assignment: dict) -> dict[str, bytes]:
    """The course's files a test may import or read: its modules (in subfolders too, such as the
    GUI's ``gui_files/common_server.py`` that ``hog_gui`` imports) and the files under tests/, but
    not the test files themselves (their expected outputs stay out of the student's reach)."""
    folder: Path = assignment["folder"]
    tests = {Path(folder / path).resolve() for path in _test_paths(assignment)}
    found, total = {}, 0
    candidates = [p for p in folder.rglob("*.py") if "tests" not in p.relative_to(folder).parts[:-1]]
    candidates += [p for p in (folder / "tests").rglob("*") if p.is_file()]
    for path in candidates:
        if path.name in NOT_COPIED or path.resolve() in tests or "__pycache__" in path.parts or path.is_symlink():
            continue
        data = path.read_bytes()
        total += len(data)
        if total > MAX_SUPPORT_BYTES:
            raise HogkitError(f"the course's support files in {folder} pass {MAX_SUPPORT_BYTES} bytes",
                              "give a folder with only the assignment's files")
        found[str(path.relative_to(folder))] = data
    return found


def _test_paths(assignment: dict) -> list[str]:
    return [f"tests/{q['id']}.py" for q in assignment["questions"]]


def _statements(code: str) -> list[str]:
    return checker.statements_of(code)


def _run_case(sandbox: Sandbox, suite: dict, case: dict, key: str) -> tuple[bool, str, bool]:
    """(passed, feedback, fatal) of one okpy doctest case."""
    prompts = checker.okpy_prompts(case.get("code", ""))
    setup, teardown = _statements(suite.get("setup", "")), _statements(suite.get("teardown", ""))
    request = f"run_okpy(globals(), {setup!r}, {[p['code'] for p in prompts]!r}, {teardown!r})"
    got = sandbox.call(request, timeout=max(sandbox.limits.call_timeout, checker.OKPY_TIMEOUT))
    if not got.ok:
        return False, f"{short(prompts[0]['code'] if prompts else '', 200)} failed: {got.error}", got.fatal
    value = got.value
    if not (isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], list)):
        return False, "the test case gave an unreadable answer", False
    results = []
    for item in value[1]:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], list) and isinstance(item[1], str)
                and all(isinstance(line, str) for line in item[0])):
            return False, "the test case gave an unreadable answer", False
        results.append({"output": item[0], "exception": item[1]})
    passed, feedback = checker.okpy_case_verdict(prompts, {"setup_error": value[0], "results": results}, key)
    return passed, short(feedback, 1500), False


def _grade_question(sandbox: Sandbox, question: dict, key: str, result: ProblemResult) -> None:
    scored = passed_scored = 0
    for number, suite in enumerate(question["suites"], 1):
        if not isinstance(suite, dict) or suite.get("type") != "doctest":
            continue
        suite_passed = True
        for index, case in enumerate(suite.get("cases", []), 1):
            name = f"{question['name']} > Suite {number} > Case {index}"
            # as in okpy, a case that hangs or crashes fails alone and the next case still runs
            # (in a fresh child), within the submission's time budget
            passed, feedback, fatal = _run_case(sandbox, suite, case, key)
            result.tests.append(TestResult(name, VISIBLE, passed, feedback, fatal=fatal))
            suite_passed = suite_passed and passed
        if suite.get("scored", True):
            scored += 1
            passed_scored += suite_passed
    points = result.points
    result.earned = round(points * passed_scored / scored, 2) if scored else 0
    if result.earned == int(result.earned):
        result.earned = int(result.earned)


def grade_with_course_tests(source: bytes, variant: Variant, course: Path, *, label: str = "hog.py",
                            limits: Limits | None = None, isolation: Isolation | None = None,
                            checkpoint: bool = False) -> GradeResult:
    """Grade the bytes of a student's hog.py with the okpy tests in COURSE."""
    assignment = load_course_tests(course)
    start = time.monotonic()
    problems: list[ProblemResult] = []
    notes = [f"graded with the course's okpy tests in {assignment['folder']} ({assignment['config']})"]
    grade = GradeResult(variant.name, label, problems, 0, 0, False, "graded", notes,
                        final_note="final_strategy was not checked", phases=dict(variant.interface.phases))
    phase_of = {problem.id: problem.phase for problem in variant.problems}
    last_phase = max(phase_of.values())
    with Sandbox(source, limits=limits, isolation=isolation, support=support_files(assignment)) as sandbox:
        if sandbox.isolation.unsafe:
            notes.append(UNSAFE_NOTE)
        if not sandbox.imported:
            grade.status = "import_error"
            notes.append(f"hog.py could not be imported: {sandbox.log.import_error}")
        for question in assignment["questions"]:
            qid = question["id"]
            if checkpoint and phase_of.get(qid, last_phase) != 1:
                continue
            points = question["points"] if isinstance(question["points"], (int, float)) else 0
            result = ProblemResult(qid, question["name"], "", phase_of.get(qid, last_phase), points)
            problems.append(result)
            if not sandbox.imported:
                result.tests.append(TestResult("import hog.py", VISIBLE, False, notes[-1]))
                continue
            _grade_question(sandbox, question, assignment["name"], result)
    grade.checkpoint = all(p.earned == p.points for p in problems if p.phase == 1)
    course = replace(variant, points={p.id: p.points for p in problems})  # the course's own points
    count_score(grade, course, checkpoint=checkpoint)
    grade.seconds = round(time.monotonic() - start, 3)
    return grade
