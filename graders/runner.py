"""Grade one student copy: every problem, phase by phase, in one sandboxed child.

For each problem the runner judges its visible cases, its hidden sweeps, then fuzzes it. A
problem earns its points only when every test passes. Phase 1 is the checkpoint.

Since one failed test already costs a problem all its points, a call that hangs, crashes or runs
out of memory ends that problem: its other tests are reported as not run (the grade is the same,
and a hostile program cannot make the grader wait on every one of them).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from graders.cases import problem_cases
from graders.fuzz import properties, run_property
from graders.intake import read_source
from graders.isolation import UNSAFE_NOTE, Isolation
from graders.oracle import expected, first_difference, judge
from graders.sandbox import Limits, Sandbox
from hogkit.problems import PHASE_TITLES
from hogkit.variant import Variant


@dataclass
class TestResult:
    """One test of one problem."""

    name: str
    visibility: str  # visible or hidden
    passed: bool
    feedback: str = ""
    fatal: bool = False


@dataclass
class ProblemResult:
    """A problem's score and its tests."""

    id: str
    label: str
    title: str
    phase: int
    points: int
    earned: int = 0
    tests: list[TestResult] = field(default_factory=list)


@dataclass
class GradeResult:
    """The grade of one copy."""

    variant: str
    source: str
    problems: list[ProblemResult]
    total: int
    max_total: int
    checkpoint: bool
    status: str  # graded, import_error
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    final_table: list[list[int]] | None = field(default=None, repr=False)
    final_note: str = ""

    def phase_scores(self) -> dict[int, tuple[int, int]]:
        """Phase -> (earned, possible)."""
        scores: dict[int, tuple[int, int]] = {}
        for p in self.problems:
            earned, possible = scores.get(p.phase, (0, 0))
            scores[p.phase] = (earned + p.earned, possible + p.points)
        return scores


def _table(variant: Variant, values: object) -> list[list[int]] | None:
    """The flat answers of final_strategy over every pair of scores as rows of a table."""
    goal = variant.goal
    if not isinstance(values, list) or len(values) != goal * goal:
        return None
    return [values[s * goal:(s + 1) * goal] for s in range(goal)]


def _run_cases(variant: Variant, problem, sandbox: Sandbox, grade: GradeResult) -> list[TestResult]:
    results: list[TestResult] = []
    for case in problem_cases(variant, problem):
        if any(t.fatal for t in results):
            results.append(TestResult(case.name or case.expr if case.visibility == "visible" else "hidden test",
                                      case.visibility, False, "not run: an earlier test of this problem "
                                      "ran out of time or memory, or stopped the program", fatal=True))
            continue
        want = expected(variant, case.expr)
        got = sandbox.call(case.expr, timeout=sandbox.limits.call_timeout * (2 if case.visibility == "hidden" else 1))
        if case.kind == "legal":
            message = ""
            if not got.ok:
                message = f"final_strategy failed: {got.error}"
            elif not isinstance(got.value, list) or not all(
                    type(v) is int and v in variant.legal_rolls for v in got.value):
                message = "final_strategy must return a whole number of dice in " + str(list(variant.legal_rolls))
            else:
                grade.final_table = _table(variant, got.value)
            grade.final_note = message
        elif case.visibility == "hidden" and got.ok and want.ok and isinstance(want.value, list):
            message = first_difference(want.value, got.value)
            message = f"a sweep over many inputs: {message}" if message else ""
        else:
            message = judge(case.expr, want, got, check_output=case.kind == "output")
        name = case.name or (case.expr if case.visibility == "visible" else "sweep of hidden inputs")
        fatal = got.fatal
        results.append(TestResult(name, case.visibility, not message, message, fatal=fatal))
    return results


def grade_source(source: bytes, variant: Variant, *, label: str = "hog.py", limits: Limits | None = None,
                 fuzz_examples: int | None = None, isolation: Isolation | None = None) -> GradeResult:
    """Grade the bytes of a student's hog.py against VARIANT."""
    start = time.monotonic()
    results: list[ProblemResult] = []
    notes: list[str] = []
    grade = GradeResult(variant.name, label, results, 0, variant.total_points, False, "graded", notes,
                        final_note="final_strategy was not checked")
    with Sandbox(source, limits=limits, isolation=isolation) as sandbox:
        if sandbox.isolation.unsafe:
            notes.append(UNSAFE_NOTE)
        if not sandbox.imported:
            grade.status = "import_error"
            notes.append(f"hog.py could not be imported: {sandbox.log.import_error}")
            grade.final_note = notes[-1]
        for problem in variant.problems:
            result = ProblemResult(problem.id, problem.label, problem.title, problem.phase, problem.points)
            results.append(result)
            if not problem.functions:
                result.earned = problem.points
                continue
            if not sandbox.imported:
                why = f"hog.py could not be imported: {sandbox.log.import_error}"
                result.tests.append(TestResult("import hog.py", "visible", False, why))
                continue
            result.tests.extend(_run_cases(variant, problem, sandbox, grade))
            for prop in [] if any(t.fatal for t in result.tests) else properties(variant, problem):
                kwargs = {"max_examples": fuzz_examples} if fuzz_examples else {}
                outcome = run_property(variant, prop, sandbox.call, **kwargs)
                result.tests.append(TestResult(f"fuzz: {outcome.name}", "visible", outcome.passed,
                                               outcome.feedback))
            if all(t.passed for t in result.tests):
                result.earned = problem.points
        log = sandbox.log
        if log.timeouts:
            notes.append(f"{log.timeouts} call(s) ran out of time and were stopped")
        if log.crashes:
            notes.append(f"the program stopped unexpectedly {log.crashes} time(s)")
        if log.tampering:
            notes.append(f"{log.tampering} reply(ies) were not signed by the grader and were rejected")
        if sandbox.out_of_time:
            notes.append("the time limit for the whole submission was reached")
    grade.total = sum(p.earned for p in results)
    grade.checkpoint = all(p.earned == p.points for p in results if p.phase == 1)
    grade.seconds = round(time.monotonic() - start, 3)
    return grade


def grade_copy(path: Path, variant: Variant, *, limits: Limits | None = None,
               isolation: Isolation | None = None) -> GradeResult:
    """Grade the student copy at PATH (a folder holding hog.py, or the file itself)."""
    return grade_source(read_source(path), variant, label=str(path), limits=limits, isolation=isolation)


PHASES = PHASE_TITLES
