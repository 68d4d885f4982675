"""Run one problem's tests against a student's copy in the sandbox, and judge every reply.

The tests come from the problem's spec (:mod:`hogkit.problems.specs`): visible test cases (run
exactly as the kit's checker runs them), hidden sweeps (many calls in one request, each judged on
its own) and fuzzed properties. Every reply is judged against the reference's answer and nothing
else. A judge made with COMPOSE runs its tests with those earlier problems' functions answered by
the reference through ASKER (:mod:`graders.compose` decides when).
"""

from __future__ import annotations

from collections.abc import Callable

from graders.fuzz import run_property
from graders.oracle import (
    batch_request,
    expected,
    expected_display,
    explain_display,
    judge,
    matches,
    same_display,
    session_request,
    short,
)
from graders.proxy import ReferenceAsker
from graders.results import FUZZ, HIDDEN, VISIBLE, TestResult
from graders.sandbox import CallResult, Sandbox
from hogkit.problems.checks import Doctest, Fuzz, ProblemSpec, Sweep
from hogkit.variant import Variant

CHUNK = 2000  # calls of a sweep answered in one request


def final_table(variant: Variant, values: object) -> list[list[int]] | None:
    """The flat answers of final_strategy over every pair of scores (a judge's ``final_values``) as
    rows of a table, or None when they are not one answer per pair."""
    goal = variant.goal
    if not isinstance(values, list) or len(values) != goal * goal:
        return None
    return [values[s * goal:(s + 1) * goal] for s in range(goal)]


def final_sweep(spec: ProblemSpec) -> Sweep | None:
    """The hidden sweep of SPEC that asks final_strategy for every pair of scores, if it has one."""
    return next((sweep for sweep in spec.hidden if sweep.judge == "legal"), None)


def fuzz_name(prop: Fuzz) -> str:
    """The name of a fuzzed property's test."""
    return prop.title


def _with_rule(message: str, rule: str) -> str:
    return f"{message}\nThe rule: {rule.rstrip('.')}." if rule and message else message


class ProblemJudge:
    """Runs SPEC's tests in SANDBOX; with COMPOSE, those functions of earlier problems are the
    reference's, answered by ASKER."""

    def __init__(self, variant: Variant, spec: ProblemSpec, sandbox: Sandbox, *, compose: tuple[str, ...] = (),
                 asker: ReferenceAsker | None = None) -> None:
        self.variant, self.spec, self.sandbox = variant, spec, sandbox
        self.compose, self.asker = compose, asker
        self.final_values: object = None

    def call(self, expr: str, *, timeout: float | None = None) -> CallResult:
        """EXPR in the sandbox (composed when this judge composes), within TIMEOUT seconds of the
        reference machine (a visible case's limit when None)."""
        if self.asker is not None:
            self.asker.begin()
        return self.sandbox.call(expr, timeout=timeout, compose=self.compose, asker=self.asker)

    # -- judging ----------------------------------------------------------------------------
    def judge_call(self, expr: str, got: CallResult, *, output: bool) -> str:
        """Empty if GOT is the reference's answer to EXPR, else feedback a student can act on."""
        want = expected(self.variant, expr)
        if not want.ok or matches(want, got, check_output=output):
            return ""
        return judge(expr, want, got, check_output=output)

    def call_judge(self, *, output: bool) -> Callable[[str, CallResult], str]:
        """:meth:`judge_call` as a function of (expr, reply), for the fuzzer."""
        return lambda expr, got: self.judge_call(expr, got, output=output)


    # -- visible test cases -----------------------------------------------------------------
    def run_doctest(self, test: Doctest, *, visibility: str = VISIBLE) -> TestResult:
        """One visible test case, displayed in the sandbox and compared as the checker compares."""
        want = expected_display(self.variant, test)
        got = self.call(session_request(test), timeout=self.sandbox.limits.call_timeout)
        if not got.ok:
            return TestResult(test.name, visibility, False, _with_rule(f"{test.code}\nfailed: {got.error}", test.rule),
                              fatal=got.fatal, rule=test.rule)
        value = got.value
        if not (isinstance(value, list) and len(value) == 3 and all(isinstance(v, str) for v in value)):
            return TestResult(test.name, visibility, False, "the test case gave an unreadable answer", rule=test.rule)
        if same_display(want, value[0]):
            return TestResult(test.name, visibility, True, rule=test.rule)
        if value[1].startswith("MemoryError"):  # as fatal as a crash: the problem ends here
            return TestResult(test.name, visibility, False, f"{test.code}\nfailed: {short(value[1])}", fatal=True,
                              rule=test.rule)
        return TestResult(test.name, visibility, False, _with_rule(explain_display(test, want, value), test.rule),
                          rule=test.rule)

    # -- hidden sweeps ----------------------------------------------------------------------
    def run_sweep(self, sweep: Sweep) -> TestResult:
        """A hidden sweep: every call judged on its own; the feedback names the first wrong input."""
        wrong, first = 0, ""
        for start in range(0, len(sweep.calls), CHUNK):
            chunk = sweep.calls[start:start + CHUNK]
            got = self.call(batch_request(chunk), timeout=sweep.seconds or self.sandbox.limits.sweep_timeout)
            if not got.ok:
                message = f"{chunk[0] if len(chunk) == 1 else 'a group of ' + str(len(chunk)) + ' calls'} " \
                          f"failed: {got.error}"
                return TestResult(sweep.name, HIDDEN, False, _with_rule(message, sweep.rule), fatal=got.fatal,
                                  rule=sweep.rule)
            items = got.value
            if not isinstance(items, list) or len(items) != len(chunk):
                return TestResult(sweep.name, HIDDEN, False, "the answers have the wrong shape", rule=sweep.rule)
            for call, item in zip(chunk, items, strict=True):
                message = self._judge_item(sweep, call, item)
                if message:
                    wrong += 1
                    first = first or message
        if not wrong:
            return TestResult(sweep.name, HIDDEN, True, rule=sweep.rule)
        count = f"{wrong} of {len(sweep.calls)} inputs gave a wrong answer; the first: " if len(sweep.calls) > 1 else ""
        return TestResult(sweep.name, HIDDEN, False, _with_rule(count + first, sweep.rule), rule=sweep.rule)

    def _judge_item(self, sweep: Sweep, call: str, item: object) -> str:
        if not (isinstance(item, list) and len(item) == 4 and isinstance(item[2], str) and isinstance(item[3], str)):
            return f"{call} gave an unreadable answer"
        ok, value, out, error = item
        reply = CallResult("ok", value=value, out=out) if ok is True else CallResult("error", error=error, out=out)
        if sweep.judge == "legal":
            return self._judge_legal(call, reply)
        return self.judge_call(call, reply, output=sweep.output)

    def _judge_legal(self, call: str, reply: CallResult) -> str:
        legal = self.variant.legal_rolls
        if not reply.ok:
            return f"final_strategy failed: {short(reply.error)}"
        values = reply.value
        goal = self.variant.goal
        if not isinstance(values, list) or len(values) != goal * goal:
            return "final_strategy did not answer every pair of scores"
        for index, v in enumerate(values):
            if type(v) is not int or v not in legal:
                return (f"final_strategy({index // goal}, {index % goal}) returned {short(repr(v), 60)}; "
                        f"it must return a whole number of dice in {list(legal)}")
        self.final_values = values
        return ""

    # -- fuzzing ----------------------------------------------------------------------------
    def run_fuzz(self, prop: Fuzz, *, examples: int | None, shrink: bool = True) -> TestResult:
        """One fuzzed property of the problem (a failure shrunk to its smallest input when SHRINK)."""
        options = {"max_examples": examples} if examples else {}
        limits = self.sandbox.limits
        outcome = run_property(self.variant, prop, lambda expr: self.call(expr, timeout=limits.call_timeout),
                               self.call_judge(output=prop.output), shrink=shrink,
                               clock=lambda: self.sandbox.budget.spent / limits.pace,  # in the reference machine's
                               budget=limits.fuzz_timeout, **options)  # seconds, as every limit is stated
        return TestResult(fuzz_name(prop), FUZZ, outcome.passed, _with_rule(outcome.feedback, prop.rule),
                          rule=prop.rule)

    # -- guidance ---------------------------------------------------------------------------
    def run_guidance(self) -> list[TestResult]:
        """The tests of the helpers HogKit adds, for a copy that has them (never scored)."""
        helpers = self.spec.problem.helpers
        if not helpers or not self.spec.guidance:
            return []
        got = self.call(f"[callable(globals().get(name)) for name in {list(helpers)!r}]")
        present = {name for name, has in zip(helpers, got.value, strict=False) if has is True} \
            if got.ok and isinstance(got.value, list) else set()
        results = []
        for test in self.spec.guidance:
            if any(f"{name}(" in test.code for name in set(helpers) - present):
                continue
            results.append(self.run_doctest(test))
        missing = [name for name in helpers if name not in present]
        if missing:
            results.append(TestResult(f"{', '.join(missing)} (optional helper)", VISIBLE, True,
                                      "not in hog.py: nothing to check (the problem is graded through "
                                      f"{', '.join(self.spec.problem.graded)})"))
        return results


__all__ = ["ProblemJudge", "final_sweep", "final_table", "fuzz_name"]
