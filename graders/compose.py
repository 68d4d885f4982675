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
reach a test that is judged as it is.
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
    todo = [g for g in problems if not g.result.passed and failed & set(dependencies(variant, g.spec.problem))]
    if not todo or budget.seconds_left <= 0:
        return
    with Sandbox(source, isolation=isolation, budget=budget) as sandbox:
        if not sandbox.imported:
            return
        for graded in todo:
            deps = dependencies(variant, graded.spec.problem)
            because = "your own " + ", ".join(f"{name} ({owner[name]})" for name in deps if name in failed)
            asker = ReferenceAsker(variant, deps)
            judge = ProblemJudge(variant, graded.spec, sandbox, compose=deps, asker=asker)
            for step in graded.steps:
                if step.result.passed:
                    continue
                asker.begin_test()
                again = step.run(judge)
                if not (again.passed and not asker.stopped):
                    break  # the problem is lost either way
                step.result.explained = EXPLAINED + because


__all__ = ["EXPLAINED", "Graded", "Step", "dependencies", "explain"]
