"""Grade one student copy: every problem, in three sandboxed children.

For each problem the runner judges its visible test cases (the ones the kit's checker runs), its
hidden sweeps and its fuzzed properties (see :mod:`graders.problem_tests`). A problem earns its
points only when every test passes; the tests of helpers HogKit adds are reported as guidance and
never scored. Phase 1 is the checkpoint.

The visible tests, fuzzing and guidance run in one child, the hidden sweeps in a second, so no
input of a hidden sweep can reach what a student sees before grades are published (an error
message or printed text of a later visible test). Then the failed tests of problems whose
earlier problems failed too are run once more in a third child, given the reference's earlier
functions (:mod:`graders.compose`). Each problem has its own time for all of its tests (its
account in the :class:`~graders.sandbox.Budget`): a problem that runs slow runs out of its own
time, is reported as having run out of time, and costs no other problem anything. Every limit is
scaled by how fast this machine runs Python now (:func:`graders.pace.pace_factor`), so a grade
is the same on a quiet machine and a crowded one.

Since one failed test already costs a problem all its points, a call that hangs, crashes or runs
out of memory ends that problem: its other tests are reported as not run (the grade is the same,
and a hostile program cannot make the grader wait on every one of them).
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

from graders.compose import Graded, Step, explain, ran_out_of_time
from graders.intake import read_source
from graders.isolation import UNSAFE_NOTE, Isolation, detect
from graders.okpy_grading import grade_with_course_tests
from graders.pace import pace_factor
from graders.problem_tests import ProblemJudge, final_sweep, final_table, fuzz_name
from graders.results import FINAL_NOT_CHECKED, FUZZ, HIDDEN, VISIBLE, GradeResult, ProblemResult, TestResult
from graders.sandbox import Budget, Limits, Sandbox
from graders.scoring import count_score
from graders.view import install_hint
from hogkit.problems.checks import construct_doctest
from hogkit.problems.specs import problem_specs
from hogkit.shipped.construct_check import forbidden_uses
from hogkit.variant import Variant

NOT_RUN = "not run: an earlier test of this problem ran out of time or memory, or stopped the program"

__all__ = ["GradeResult", "ProblemResult", "TestResult", "grade_copy", "grade_source", "read_source"]


def ended_notes(problems: list[ProblemResult], *, tampered: bool) -> list[str]:
    """The notes on tests that ended a problem early (a hang, a crash, memory or time running out)
    and on rejected replies. They name problems, never count the children's failures: how a child
    ended near the end of its time (stopped by the grader, or by its own CPU limit) can differ from
    one grading to the next, and the notes must not."""
    ended = [p.label for p in problems if any(t.fatal and t.counts_against for t in p.tests)]
    notes = [f"the tests of {', '.join(ended)} ended early: the program hung, stopped, or ran out of memory or "
             "time (each problem says how)"] if ended else []
    return notes + (["replies that the grader's harness did not sign were rejected"] if tampered else [])


def _ended(graded: Graded) -> bool:
    return any(step.result.fatal for step in graded.steps)


def _run(graded: Graded, judge: ProblemJudge, name: str, visibility: str, run, rule: str) -> None:
    """Run one test (or note it as not run when an earlier one ended the problem)."""
    if _ended(graded):
        result = TestResult(name, visibility, False, NOT_RUN, fatal=True, rule=rule)
    else:
        result = run(judge)
    graded.steps.append(Step(result, run))


def construct_test(source: bytes, function: str, forbidden: tuple[str, ...]) -> TestResult:
    """Whether FUNCTION of SOURCE is written without the FORBIDDEN constructs, read here from the
    copy's text (never from anything the child says)."""
    name = construct_doctest(function, forbidden).name
    uses = forbidden_uses(source.decode("utf-8", errors="replace"), function, set(forbidden))
    feedback = "; ".join(f"{kind} on line {line}" for kind, line in uses[:5])
    return TestResult(name, VISIBLE, not uses, f"{function} uses what this problem does not allow: {feedback}"
                      if uses else "", rule=construct_doctest(function, forbidden).rule)


def _visible(variant: Variant, graded: Graded, sandbox: Sandbox, *, fuzz_examples: int | None,
             source: bytes) -> None:
    """The visible tests, the fuzzed properties and the guidance of one problem."""
    spec = graded.spec
    judge = ProblemJudge(variant, spec, sandbox)
    for test in spec.visible:
        if test.construct is not None:  # read from the copy's text here, not asked of the child
            result = construct_test(source, *test.construct)
            graded.steps.append(Step(result, lambda _judge, r=result: r))
            continue
        _run(graded, judge, test.name, VISIBLE, lambda j, t=test: j.run_doctest(t), test.rule)
    for prop in spec.fuzz:  # shrunk later, if the failure is not explained by an earlier problem
        _run(graded, judge, fuzz_name(prop), FUZZ,
             lambda j, p=prop: j.run_fuzz(p, examples=fuzz_examples, shrink=False), prop.rule)
    if not _ended(graded):
        graded.result.guidance.extend(judge.run_guidance())


def _hidden(variant: Variant, graded: Graded, sandbox: Sandbox, grade: GradeResult) -> None:
    """The hidden sweeps of one problem (and, for Problem 12, the table of final_strategy)."""
    judge = ProblemJudge(variant, graded.spec, sandbox)
    for sweep in graded.spec.hidden:
        _run(graded, judge, sweep.name, HIDDEN, lambda j, s=sweep: j.run_sweep(s), sweep.rule)
    if final_sweep(graded.spec) is not None:
        failed = next((s.result for s in graded.steps if not s.result.passed), None)
        grade.final_table = final_table(variant, judge.final_values)
        grade.final_note = "" if grade.final_table is not None and failed is None else (
            failed.feedback.split("\n")[0] if failed else FINAL_NOT_CHECKED)


def _shrink(variant: Variant, source: bytes, problems: list[Graded], *, isolation: Isolation, budget: Budget,
            fuzz_examples: int | None) -> None:
    """Shrink each fuzzed failure that counts against its problem to its smallest input (hypothesis),
    in a fresh child that has seen no hidden input."""
    failing = [(g, i) for g in problems for i, step in enumerate(g.steps)
               if step.result.visibility == FUZZ and step.result.counts_against and not step.result.fatal]
    if not failing:
        return
    props = {fuzz_name(p): p for g, _ in failing for p in g.spec.fuzz}
    with Sandbox(source, isolation=isolation, budget=budget) as sandbox:
        for graded, index in failing:
            with budget.account(f"{graded.spec.id} shrinking"):  # time of its own: it only improves feedback
                old = graded.steps[index].result
                again = ProblemJudge(variant, graded.spec, sandbox).run_fuzz(props[old.name], examples=fuzz_examples)
            if not again.passed and not again.fatal:
                old.feedback = again.feedback


def _missing_module_note(error: str, isolation: Isolation) -> str:
    """What to add to an import ERROR that names a standard module the grading machine's Python
    lacks (a student's Python has it: the grader, not the copy, is at fault)."""
    named = next((name for name in isolation.missing if f"No module named '{name}" in error), None)
    if named is None:
        return ""
    return (f" (the grading machine's Python lacks {named}, a standard module every student's Python has: "
            f"the staff must install it — {install_hint([named])} — and grade this copy again)")


def grade_source(source: bytes, variant: Variant, *, label: str = "hog.py", limits: Limits | None = None,
                 fuzz_examples: int | None = None, isolation: Isolation | None = None,
                 checkpoint: bool = False, leave_out: frozenset[str] = frozenset()) -> GradeResult:
    """Grade the bytes of a student's hog.py against VARIANT: with HogKit's tests, or with the
    course's own okpy tests when the variant names them (``ok_tests``; without the cases named in
    LEAVE_OUT). CHECKPOINT: grade Phase 1 only, for the checkpoint's points."""
    isolation = isolation or detect()
    if variant.ok_tests is not None:
        return grade_with_course_tests(source, variant, variant.ok_tests, label=label, limits=limits,
                                       isolation=isolation, checkpoint=checkpoint, leave_out=leave_out)
    start = time.monotonic()
    limits = limits or Limits()
    limits = replace(limits, pace=limits.pace * pace_factor(isolation.python))
    notes: list[str] = [UNSAFE_NOTE] if isolation.unsafe else []
    grade = GradeResult(variant.name, label, [], 0, variant.correctness_points, False, "graded", notes,
                        final_note=FINAL_NOT_CHECKED, isolation=isolation.summary(),
                        phases=dict(variant.interface.phases))
    problems = [Graded(spec, ProblemResult(spec.problem.id, spec.problem.label, spec.problem.title, spec.problem.phase,
                                           spec.problem.points), [])
                for spec in problem_specs(variant) if not checkpoint or spec.problem.phase == 1]
    grade.problems = [g.result for g in problems]
    scored = [g for g in problems if g.spec.problem.graded]
    budget = Budget(limits, problems=len(scored))
    with Sandbox(source, isolation=isolation, budget=budget) as sandbox:
        imported = sandbox.imported
        for graded in scored if imported else ():
            with budget.account(graded.spec.id):
                _visible(variant, graded, sandbox, fuzz_examples=fuzz_examples, source=source)
    if imported and any(g.spec.hidden for g in scored):
        with Sandbox(source, isolation=isolation, budget=budget) as sandbox:
            for graded in scored:
                with budget.account(graded.spec.id):
                    _hidden(variant, graded, sandbox, grade)
    for graded in scored:  # visible, then hidden, then fuzzed: as the reports list them
        order = {VISIBLE: 0, HIDDEN: 1, FUZZ: 2}
        graded.steps.sort(key=lambda step: order[step.result.visibility])
        graded.result.tests = [step.result for step in graded.steps]
    if imported:
        explain(variant, source, scored, isolation=isolation, budget=budget)
        _shrink(variant, source, scored, isolation=isolation, budget=budget, fuzz_examples=fuzz_examples)
    log = budget.log
    if not imported:
        log.import_error += _missing_module_note(log.import_error, isolation)
    for graded in problems:
        result = graded.result
        if not imported:
            grade.status = "import_error"
            result.tests = [TestResult("import hog.py", VISIBLE, False, f"hog.py could not be imported: "
                                       f"{log.import_error}")]
        elif not graded.spec.problem.graded:
            result.tests = [TestResult("hog.py imports", VISIBLE, True)]
        if result.passed:
            result.earned = result.points
    if not imported:
        notes.append(f"hog.py could not be imported: {log.import_error}")
        grade.final_note = grade.reason = notes[-1]
    slow = [g.result for g in scored if ran_out_of_time(g)]
    for result in slow:
        result.notes.append("ran out of time")
    if slow:
        notes.append("ran out of time: " + ", ".join(r.label for r in slow) + " (each problem has "
                     f"{limits.problem_seconds:.3g} s of the program's own time; the others keep "
                     "theirs)")
    ended = ended_notes([p for p in grade.problems if p not in slow], tampered=bool(log.tampering))
    notes += ended
    # why the grade is not a plain one: no import, else a problem that ran out of time, else tests that ended early
    grade.reason = grade.reason or next((n for n in notes if n.startswith("ran out of time")), "") or (
        ended[0] if ended else "")
    grade.checkpoint = all(p.earned == p.points and p.passed for p in grade.problems if p.phase == 1)
    count_score(grade, variant, checkpoint=checkpoint)
    grade.seconds = round(time.monotonic() - start, 3)
    return grade


def grade_copy(path: Path, variant: Variant, *, limits: Limits | None = None,
               isolation: Isolation | None = None, checkpoint: bool = False) -> GradeResult:
    """Grade the student copy at PATH (a folder holding hog.py, or the file itself)."""
    return grade_source(read_source(path), variant, label=str(path), limits=limits, isolation=isolation,
                        checkpoint=checkpoint)
