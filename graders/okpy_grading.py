"""Grade a copy with a course's own okpy tests (its ``.ok`` file and ``tests/NN.py``).

Staff who already trust their okpy tests can grade with them: each doctest case runs in the
sandbox as okpy's console runs it, and is judged here as okpy judges it, a locked line by its
hash, so the course's locked cases count without anyone unlocking them. A question scores as in
okpy: its points times the share of its scored suites that pass. Concept questions are for
unlocking and are not scored. The course's helper modules (``tests/play_utils.py``, its own
``dice.py`` and ``hog_gui.py``) sit beside the copy in the sandbox; its test files do not.

A course's suite can fail on a correct copy (a test that depends on how an old Python hashed
tuples, say), so before a class is graded with it the suite runs on the variant's reference
(:func:`calibrated_suite`): each case the reference fails is reported on a line of its own and left
out of every score, unless staff keep them.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, replace
from pathlib import Path

from graders.gradebook import Column
from graders.isolation import UNSAFE_NOTE, Isolation
from graders.oracle import short
from graders.problem_tests import ProblemJudge, final_sweep, final_table
from graders.results import FINAL_NOT_CHECKED, VISIBLE, GradeResult, ProblemResult, TestResult
from graders.sandbox import Limits, Sandbox
from graders.scoring import count_score
from hogkit.errors import HogkitError
from hogkit.generate.solution import solution_hog_source
from hogkit.problems.specs import problem_specs
from hogkit.shipped import ok as checker
from hogkit.shipped.hog_checks import BANK_FILE, OKPY_TIMEOUT
from hogkit.variant import Variant

MAX_SUPPORT_BYTES = 8 * 1024 * 1024
NOT_COPIED = {"hog.py", "ok.py", "harness.py"}
TKINTER = re.compile(rb"^\s*(?:import|from)\s+tkinter\b", re.M)
TKINTER_STAND_IN = Path(__file__).with_name("tkinter_stand_in.py")


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
    """The course's files a test may import or read, as okpy finds them beside the copy: its
    modules and packages (every ``.py`` file of the folder, ``gui_files/`` and such), and every
    file under ``tests/`` but the test files themselves (their expected outputs stay out of the
    student's reach), and a HogKit kit's question bank, whose further checks its tests run (the
    answers in it are keyed hashes). ``tests/`` is a package even where the course left out its ``__init__.py``
    (an installed ``tests`` package would win over a folder without one), and a course module that
    imports tkinter gets a headless stand-in for it (the sandbox has no display)."""
    folder: Path = assignment["folder"]
    tests = {Path(folder / path).resolve() for path in _test_paths(assignment)}
    found, total = {}, 0
    candidates = sorted({*folder.rglob("*.py"), *(p for p in (folder / "tests").rglob("*") if p.is_file()),
                         *(p for p in [folder / BANK_FILE] if p.is_file())})
    for path in candidates:
        relative = path.relative_to(folder)
        if (relative.as_posix() in NOT_COPIED or path.resolve() in tests or "__pycache__" in relative.parts
                or any(part.startswith(".") for part in relative.parts) or path.is_symlink() or not path.is_file()):
            continue
        data = path.read_bytes()
        total += len(data)
        if total > MAX_SUPPORT_BYTES:
            raise HogkitError(f"the course's support files in {folder} pass {MAX_SUPPORT_BYTES} bytes",
                              "give a folder with only the assignment's files")
        found[relative.as_posix()] = data
    if (folder / "tests").is_dir():
        found.setdefault("tests/__init__.py", b"")
    if "tkinter.py" not in found and any(TKINTER.search(data) for data in found.values()):
        found["tkinter.py"] = TKINTER_STAND_IN.read_bytes()
    return found


def _test_paths(assignment: dict) -> list[str]:
    return [q["path"] for q in assignment["questions"]]


def _statements(code: str) -> list[str]:
    return checker.statements_of(code)


def _run_case(sandbox: Sandbox, suite: dict, case: dict, key: str) -> tuple[bool, str, bool]:
    """(passed, feedback, fatal) of one okpy doctest case."""
    prompts = checker.okpy_prompts(case.get("code", ""))
    setup, teardown = _statements(suite.get("setup", "")), _statements(suite.get("teardown", ""))
    request = f"run_okpy(globals(), {setup!r}, {[p['code'] for p in prompts]!r}, {teardown!r})"
    got = sandbox.call(request, timeout=max(sandbox.limits.call_timeout, OKPY_TIMEOUT))
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


def _grade_question(sandbox: Sandbox, question: dict, key: str, result: ProblemResult,
                    leave_out: frozenset[str]) -> None:
    scored = passed_scored = 0
    for number, suite in enumerate(question["suites"], 1):
        if not isinstance(suite, dict) or suite.get("type") != "doctest":
            continue
        suite_passed, counted = True, False
        for index, case in enumerate(suite.get("cases", []), 1):
            name = f"{question['name']} > Suite {number} > Case {index}"
            if name in leave_out:
                continue
            counted = True
            # as in okpy, a case that hangs or crashes fails alone and the next case still runs
            # (in a fresh child), within the submission's time budget
            passed, feedback, fatal = _run_case(sandbox, suite, case, key)
            result.tests.append(TestResult(name, VISIBLE, passed, feedback, fatal=fatal))
            suite_passed = suite_passed and passed
        if suite.get("scored", True) and counted:
            scored += 1
            passed_scored += suite_passed
    points = result.points
    result.earned = round(points * passed_scored / scored, 2) if scored else 0
    if result.earned == int(result.earned):
        result.earned = int(result.earned)


def grade_with_course_tests(source: bytes, variant: Variant, course: Path, *, label: str = "hog.py",
                            limits: Limits | None = None, isolation: Isolation | None = None,
                            checkpoint: bool = False, leave_out: frozenset[str] = frozenset()) -> GradeResult:
    """Grade the bytes of a student's hog.py with the okpy tests in COURSE, without the cases
    named in LEAVE_OUT (``Question 5b > Suite 2 > Case 1``)."""
    assignment = load_course_tests(course)
    start = time.monotonic()
    problems: list[ProblemResult] = []
    notes = [f"graded with the course's okpy tests in {assignment['folder']} ({assignment['config']})"]
    if leave_out:
        notes.append(f"{len(leave_out)} case(s) of the course's tests left out: the reference fails them")
    grade = GradeResult(variant.name, label, problems, 0, 0, False, "graded", notes,
                        final_note=FINAL_NOT_CHECKED, phases=dict(variant.interface.phases))
    phase = question_phases(variant)
    with Sandbox(source, limits=limits, isolation=isolation, support=support_files(assignment)) as sandbox:
        grade.isolation = sandbox.isolation.summary()
        if sandbox.isolation.unsafe:
            notes.append(UNSAFE_NOTE)
        if not sandbox.imported:
            grade.status = "import_error"
            notes.append(f"hog.py could not be imported: {sandbox.log.import_error}")
            grade.reason = notes[-1]
        for question in assignment["questions"]:
            qid = question["id"]
            if checkpoint and phase(qid) != 1:
                continue
            points = question["points"] if isinstance(question["points"], (int, float)) else 0
            result = ProblemResult(qid, question["name"], "", phase(qid), points)
            problems.append(result)
            if not sandbox.imported:
                result.tests.append(TestResult("import hog.py", VISIBLE, False, notes[-1]))
                continue
            _grade_question(sandbox, question, assignment["name"], result, leave_out)
        if sandbox.imported and not checkpoint:
            _final_strategy(variant, sandbox, grade)
        elif not sandbox.imported:
            grade.final_note = grade.reason
    grade.checkpoint = all(p.earned == p.points for p in problems if p.phase == 1)
    course = replace(variant, points={p.id: p.points for p in problems})  # the course's own points
    count_score(grade, course, checkpoint=checkpoint)
    grade.seconds = round(time.monotonic() - start, 3)
    return grade


def _final_strategy(variant: Variant, sandbox: Sandbox, grade: GradeResult) -> None:
    """Ask the copy's final_strategy for every pair of scores, as HogKit's own grading does for
    the leaderboard (the table, or in ``final_note`` why there is none); it scores nothing here."""
    for spec in problem_specs(variant):
        sweep = final_sweep(spec)
        if sweep is None:
            continue
        judge = ProblemJudge(variant, spec, sandbox)
        checked = judge.run_sweep(sweep)
        grade.final_table = final_table(variant, judge.final_values)
        grade.final_note = "" if checked.passed else checked.feedback.split("\n")[0]
        return


@dataclass(frozen=True)
class CourseSuite:
    """A course's suite calibrated on the variant's reference: the COLUMNS of a gradebook (its
    questions), the lines that report the calibration (NOTES) and the cases LEFT_OUT of scores."""

    columns: list[Column]
    notes: list[str]
    left_out: tuple[str, ...]


def reference_failures(variant: Variant, *, isolation: Isolation | None = None, checkpoint: bool = False,
                       limits: Limits | None = None) -> list[tuple[str, str]]:
    """The cases of the variant's course suite (``ok_tests``) that the variant's own reference
    fails, each with what it showed, in the suite's order."""
    reference = solution_hog_source(variant).encode()
    grade = grade_with_course_tests(reference, variant, variant.ok_tests, label="the reference", limits=limits,
                                    isolation=isolation, checkpoint=checkpoint)
    return [(t.name, t.feedback) for p in grade.problems for t in p.tests if not t.passed]


def question_phases(variant: Variant):
    """The phase of a course question by its id: the variant's problem's, else the last phase."""
    phases = {problem.id: problem.phase for problem in variant.problems}
    last = max(phases.values())
    return lambda qid: phases.get(qid, last)


def calibrated_suite(variant: Variant, *, isolation: Isolation | None = None, checkpoint: bool = False,
                     keep_failing_cases: bool = False) -> CourseSuite:
    """The variant's course suite, run on its reference first: one note per case the reference
    fails, and those cases left out of every score (kept with KEEP_FAILING_CASES)."""
    assignment = load_course_tests(variant.ok_tests)
    phase = question_phases(variant)
    columns = [Column(q["id"], q["name"], q["points"] if isinstance(q["points"], (int, float)) else 0, phase(q["id"]))
               for q in assignment["questions"] if not checkpoint or phase(q["id"]) == 1]
    failing = reference_failures(variant, isolation=isolation, checkpoint=checkpoint)
    if not failing:
        return CourseSuite(columns, [f"the course's tests: every case passes on the {variant.name} reference"], ())
    what = "kept in the scores (--keep-failing-cases)" if keep_failing_cases else \
        "left out of every score (--keep-failing-cases keeps them)"
    notes = [f"the course's tests: {len(failing)} case(s) fail on the {variant.name} reference, {what}:"]
    notes += [f"  reference fails {name}: {_first_line(feedback)}" for name, feedback in failing]
    return CourseSuite(columns, notes, () if keep_failing_cases else tuple(name for name, _ in failing))


def _first_line(feedback: str) -> str:
    lines = [line for line in feedback.splitlines() if line.strip()]
    return short(" / ".join(lines[:4]), 300) if lines else "failed"
