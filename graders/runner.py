"""Grade one student copy: every problem, phase by phase, in one sandboxed child.

For each problem the runner judges its visible test cases (the ones the kit's checker runs), its
hidden sweeps, then fuzzes it (see :mod:`graders.problem_tests`). A problem earns its points only
when every test passes; the tests of helpers HogKit adds are reported as guidance and never
scored. Phase 1 is the checkpoint.

Since one failed test already costs a problem all its points, a call that hangs, crashes or runs
out of memory ends that problem: its other tests are reported as not run (the grade is the same,
and a hostile program cannot make the grader wait on every one of them).
"""

from __future__ import annotations

import time
from pathlib import Path

from graders.compose import ORDERS, Composer, dependencies, symmetric_functions
from graders.intake import read_source
from graders.isolation import UNSAFE_NOTE, Isolation
from graders.okpy_grading import grade_with_course_tests
from graders.problem_tests import ProblemJudge
from graders.results import HIDDEN, VISIBLE, GradeResult, ProblemResult, TestResult
from graders.sandbox import Limits, Sandbox
from graders.scoring import count_score
from hogkit.problems.specs import problem_specs
from hogkit.variant import Variant

NOT_RUN = "not run: an earlier test of this problem ran out of time or memory, or stopped the program"

__all__ = ["GradeResult", "ProblemResult", "TestResult", "grade_copy", "grade_source", "read_source"]


def _table(variant: Variant, values: object) -> list[list[int]] | None:
    """The flat answers of final_strategy over every pair of scores as rows of a table."""
    goal = variant.goal
    if not isinstance(values, list) or len(values) != goal * goal:
        return None
    return [values[s * goal:(s + 1) * goal] for s in range(goal)]


def _composers(variant: Variant, problem, sandbox: Sandbox, failed: set[str], stuck: set[str]) -> list[Composer]:
    """Ways to judge PROBLEM given the student's own earlier functions, when one of them failed:
    as the reference calls them, and (for a symmetric rule) with its two scores in each order a
    student's play may pass them. None when a failed one hung or crashed (STUCK): calling it
    again would only do the same."""
    deps = dependencies(variant, problem)
    if not failed & set(deps) or stuck & set(deps):
        return []
    symmetric = symmetric_functions(variant) & set(deps)
    orders = ORDERS[:1] if not symmetric else ORDERS if "play" in problem.graded else ORDERS[:2]
    return [Composer(variant, sandbox.call, deps, symmetric=symmetric, order=order) for order in orders]


def _grade_problem(variant: Variant, spec, sandbox: Sandbox, composers: list[Composer], result: ProblemResult,
                   grade: GradeResult, *, fuzz_examples: int | None, because: str = "") -> None:
    """Run one problem's tests in order, stopping at the first that hangs or crashes."""
    judge = ProblemJudge(variant, spec, sandbox, composers, because=because)
    steps = [*((judge.run_doctest, t) for t in spec.visible), *((judge.run_sweep, s) for s in spec.hidden)]
    for run, test in steps:
        if any(t.fatal for t in result.tests):
            result.tests.append(TestResult(test.name, VISIBLE if run == judge.run_doctest else HIDDEN, False,
                                           NOT_RUN, fatal=True, rule=test.rule))
            continue
        result.tests.append(run(test))
    if not any(t.fatal for t in result.tests):
        result.tests.extend(judge.run_fuzz(examples=fuzz_examples))
    if spec.problem.id == "12":
        failed = next((t for t in result.tests if not t.passed), None)
        grade.final_table = _table(variant, judge.final_values)
        grade.final_note = "" if grade.final_table is not None and failed is None else (
            failed.feedback.split("\n")[0] if failed else "final_strategy was not checked")
    if not any(t.fatal for t in result.tests):
        result.guidance.extend(judge.run_guidance())


def grade_source(source: bytes, variant: Variant, *, label: str = "hog.py", limits: Limits | None = None,
                 fuzz_examples: int | None = None, isolation: Isolation | None = None,
                 checkpoint: bool = False, leave_out: frozenset[str] = frozenset()) -> GradeResult:
    """Grade the bytes of a student's hog.py against VARIANT: with HogKit's tests, or with the
    course's own okpy tests when the variant names them (``ok_tests``; without the cases named in
    LEAVE_OUT). CHECKPOINT: grade Phase 1 only, for the checkpoint's points."""
    if variant.ok_tests is not None:
        return grade_with_course_tests(source, variant, variant.ok_tests, label=label, limits=limits,
                                       isolation=isolation, checkpoint=checkpoint, leave_out=leave_out)
    start = time.monotonic()
    results: list[ProblemResult] = []
    notes: list[str] = []
    grade = GradeResult(variant.name, label, results, 0, variant.correctness_points, False, "graded", notes,
                        final_note="final_strategy was not checked", phases=dict(variant.interface.phases))
    failed_functions: set[str] = set()
    stuck_functions: set[str] = set()
    failed_by: dict[str, str] = {}  # failed graded function -> its problem
    with Sandbox(source, limits=limits, isolation=isolation) as sandbox:
        if sandbox.isolation.unsafe:
            notes.append(UNSAFE_NOTE)
        import_note = ""
        if not sandbox.imported:
            grade.status = "import_error"
            import_note = f"hog.py could not be imported: {sandbox.log.import_error}"
            notes.append(import_note)
            grade.final_note = import_note
        for spec in problem_specs(variant):
            problem = spec.problem
            if checkpoint and problem.phase != 1:
                continue
            result = ProblemResult(problem.id, problem.label, problem.title, problem.phase, problem.points)
            results.append(result)
            if not sandbox.imported:
                result.tests.append(TestResult("import hog.py", VISIBLE, False, import_note))
                continue
            if not problem.graded:
                result.tests.append(TestResult("hog.py imports", VISIBLE, True))
                result.earned = problem.points
                continue
            composers = _composers(variant, problem, sandbox, failed_functions, stuck_functions)
            because = "your own " + ", ".join(f"{name} ({failed_by[name]})" for name in dependencies(variant, problem)
                                              if name in failed_by)
            _grade_problem(variant, spec, sandbox, composers, result, grade, fuzz_examples=fuzz_examples,
                           because=because)
            if result.passed:
                result.earned = problem.points
            else:
                failed_functions |= set(problem.graded)
                failed_by.update({name: problem.label for name in problem.graded})
                if any(t.fatal for t in result.tests):
                    stuck_functions |= set(problem.graded)
        log = sandbox.log
        if log.timeouts:
            notes.append(f"{log.timeouts} call(s) ran out of time and were stopped")
        if log.crashes:
            notes.append(f"the program stopped unexpectedly {log.crashes} time(s)")
        if log.tampering:
            notes.append(f"{log.tampering} reply(ies) were not signed by the grader and were rejected")
        if sandbox.out_of_time:
            notes.append("the time limit for the whole submission was reached")
    grade.checkpoint = all(p.earned == p.points and p.passed for p in results if p.phase == 1)
    count_score(grade, variant, checkpoint=checkpoint)
    grade.seconds = round(time.monotonic() - start, 3)
    return grade


def grade_copy(path: Path, variant: Variant, *, limits: Limits | None = None,
               isolation: Isolation | None = None, checkpoint: bool = False) -> GradeResult:
    """Grade the student copy at PATH (a folder holding hog.py, or the file itself)."""
    return grade_source(read_source(path), variant, label=str(path), limits=limits, isolation=isolation,
                        checkpoint=checkpoint)
