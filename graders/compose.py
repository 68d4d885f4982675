"""A bug costs only the problem it is in: a later problem's tests, run again given the reference's
earlier functions.

``take_turn`` calls ``roll_dice``; ``play`` calls ``take_turn``. When a student's ``roll_dice`` is
wrong, their ``take_turn`` and ``play`` give other answers than the reference even if they are
right themselves. So, once every test has been run as it is, each failed test of a problem whose
earlier problems failed too is run again in a child of its own, with every function of the
earlier problems replaced by the reference's (the child asks the grader, which answers with the
reference's value: :mod:`graders.proxy`). A test that then gives the reference's own answer is
*explained*: it still fails, as it does in the kit's checker, but does not cost its problem.

Only the grader's values are credited: the student's code never says what a right answer is, and
the later function must still compute the reference's answer itself. The pass comes after every
other test, in a child of its own, so nothing the child learns from the reference's answers can
reach a test that is judged as it is. A problem that ran out of time is run again the same way
(with time of its own), whether or not an earlier problem failed: an earlier function that passes
its own tests but runs slow must not cost a later problem that calls it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from graders.isolation import Isolation
from graders.problem_tests import ProblemJudge
from graders.proxy import ReferenceAsker
from graders.results import ProblemResult, TestResult
from graders.sandbox import Budget, Sandbox
from hogkit.problem_layout import Problem
from hogkit.problems.checks import ProblemSpec
from hogkit.variant import Variant

EXPLAINED = "it passes when the earlier problems' functions are the reference's: its answers are right given "
SLOW = ("its time given your own functions of the earlier problems, which pass their own tests but run slower than "
        "the reference's")
OUT_OF_TIME = "ran out of time:"  # how every message of a test stopped for its time begins its reason


def ran_out_of_time(graded: Graded) -> bool:
    """Whether a test of GRADED that counts against it ran out of time."""
    return any(step.result.counts_against and OUT_OF_TIME in step.result.feedback for step in graded.steps)


def dependencies(variant: Variant, problem: Problem) -> tuple[str, ...]:
    """The graded functions of the problems before PROBLEM: what its reference code and its tests
    may build on (``play`` on ``take_turn``, a test of ``make_averaged`` on ``roll_dice``)."""
    earlier: list[str] = []
    for other in variant.problems:
        if other.id == problem.id:
            break
        earlier += [name for name in other.graded if name not in problem.graded]
    return tuple(dict.fromkeys(earlier))


@dataclass
class Step:
    """One test of a problem as it was judged, and how to run it again with another judge."""

    result: TestResult
    run: Callable[[ProblemJudge], TestResult]


@dataclass
class Graded:
    """A problem's spec, its result, and the steps that made it."""

    spec: ProblemSpec
    result: ProblemResult
    steps: list[Step]


def explain(variant: Variant, source: bytes, problems: list[Graded], *, isolation: Isolation,
            budget: Budget) -> None:
    """Mark as explained each failed test that passes given the reference's earlier functions, for
    every problem that failed while an earlier one it builds on failed too."""
    owner = {name: g.result.label for g in problems for name in g.spec.problem.graded}
    failed = {name for g in problems if not g.result.passed for name in g.spec.problem.graded}
    todo = [g for g in problems if not g.result.passed and dependencies(variant, g.spec.problem)
            and (failed & set(dependencies(variant, g.spec.problem)) or ran_out_of_time(g))]
    if not todo:
        return
    with Sandbox(source, isolation=isolation, budget=budget) as sandbox:
        if not sandbox.imported:
            return
        for graded in todo:
            deps = dependencies(variant, graded.spec.problem)
            mine = [f"{name} ({owner[name]})" for name in deps if name in failed]
            because = ("your own " + ", ".join(mine)) if mine else SLOW
            asker = ReferenceAsker(variant, deps)
            judge = ProblemJudge(variant, graded.spec, sandbox, compose=deps, asker=asker)
            with budget.account(f"{graded.spec.id} given the earlier problems"):  # its own time, as a problem has
                for step in graded.steps:
                    if step.result.passed:
                        continue
                    asker.begin_test()
                    again = step.run(judge)
                    if not (again.passed and not asker.stopped):
                        break  # the problem is lost either way
                    step.result.explained = EXPLAINED + because


__all__ = ["EXPLAINED", "OUT_OF_TIME", "Graded", "Step", "dependencies", "explain", "ran_out_of_time"]
