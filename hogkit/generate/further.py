"""The grader's further checks of each problem, as the question bank keeps them for the checker.

Beyond its visible cases, the grader checks a problem with hidden sweeps (every input the page
allows, or many of them) and fuzzed properties (the inputs hypothesis draws for a program whose
every answer is right: :func:`hogkit.generate.fuzzing.recorded_inputs`). The bank keeps each
check's calls, in the grader's order, with a keyed hash of the reference's answer to each (never
the answer), and the time the grader gives them (the calls one per line, the hashes one after
another, to keep the bank small); ``ok`` runs them the way the grader does
(:func:`hogkit.shipped.hog_checks.run_check`), so a problem ``ok`` passes is one the grader grants.
"""

from __future__ import annotations

from hogkit.generate.answers import expected
from hogkit.generate.fuzzing import EXAMPLES, recorded_inputs
from hogkit.problems.checks import ProblemSpec, Sweep
from hogkit.shipped.hog_checks import ANY, FUZZ_SECONDS, SWEEP_SECONDS, answer_digest
from hogkit.variant import Variant


def _digests(variant: Variant, key: str, calls: tuple[str, ...], *, output: bool) -> str:
    """The keyed hash of the reference's answer to each of CALLS, one after another (ANY where the
    reference itself refuses a call: the grader accepts any answer there)."""
    found = []
    for call in calls:
        want = expected(variant, call)
        found.append(answer_digest(key, call, want.value, want.out if output else None) if want.ok else ANY)
    return "".join(found)


def _sweep(variant: Variant, key: str, sweep: Sweep) -> dict:
    check = {"name": sweep.name, "rule": sweep.rule, "kind": "sweep", "calls": "\n".join(sweep.calls),
             "seconds": sweep.seconds or SWEEP_SECONDS, "output": sweep.output, "judge": sweep.judge}
    if sweep.judge == "legal":
        check.update(goal=variant.goal, legal=list(variant.legal_rolls))
    else:
        check["digests"] = _digests(variant, key, sweep.calls, output=sweep.output)
    return check


def further_in_checker(variant: Variant, spec: ProblemSpec) -> bool:
    """Whether the checker runs further checks of SPEC's problem (it has some, and the course
    does not keep its hidden tests hidden)."""
    return variant.checker_runs_hidden and bool(spec.hidden or spec.fuzz)


def hidden_names(spec: ProblemSpec) -> list[str]:
    """The names of SPEC's hidden sweeps and fuzzed properties."""
    return [sweep.name for sweep in spec.hidden] + [prop.title for prop in spec.fuzz]


def further_checks(variant: Variant, spec: ProblemSpec, key: str) -> list[dict]:
    """The further checks of the problem SPEC, as the bank keeps them (hashed with KEY)."""
    checks = [_sweep(variant, key, sweep) for sweep in spec.hidden]
    for prop in spec.fuzz:
        plan = recorded_inputs(variant, prop, max_examples=EXAMPLES)
        if plan:
            checks.append({"name": prop.title, "rule": prop.rule, "kind": "fuzz", "calls": "\n".join(plan),
                           "digests": _digests(variant, key, plan, output=prop.output), "seconds": FUZZ_SECONDS,
                           "output": prop.output, "judge": "equal"})
    return checks
