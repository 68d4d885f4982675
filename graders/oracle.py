"""The parent's side of every comparison: what the reference answers, and whether a reply matches.

Calls are Python expressions over the names of ``hog.py`` and the harness helpers; visible test
cases are sessions run by the kit checker's own :func:`run_test_case`. The reference runs here,
in the grader, and never in the child; the child only sends back raw values and displayed text.
"""

from __future__ import annotations

import math
import types
from functools import lru_cache

from graders.sandbox import CallResult
from hogkit.generate.answers import HELPERS, Expected, evaluate, expected
from hogkit.generate.solution import solution_hog_source
from hogkit.problems.checks import Doctest
from hogkit.problems.displaying import display, doctest_code
from hogkit.shipped.hog_checks import without_debug
from hogkit.shipped.ok import normalize_output
from hogkit.source_module import load_source_module
from hogkit.variant import Variant

SHOWN = 400  # characters of a value or of displayed text shown in feedback


def fresh_reference(variant: Variant) -> types.ModuleType:
    """A new copy of VARIANT's reference module, named ``hog``, that a test may change."""
    return load_source_module("hog", solution_hog_source(variant))


@lru_cache(maxsize=32)
def _displaying(variant: Variant) -> types.ModuleType:
    """The copy of VARIANT's reference that every visible test is displayed on, as the question
    bank displays them all on one (a test that changes ``hog`` puts it back in its teardown)."""
    return fresh_reference(variant)


@lru_cache(maxsize=2048)
def expected_display(variant: Variant, test: Doctest) -> dict:
    """What TEST displays on VARIANT's reference."""
    return display(_displaying(variant), test)


def session_request(test: Doctest) -> str:
    """The request that runs TEST in the sandbox (see ``harness.run_session``)."""
    return f"run_session(globals(), {doctest_code(test.setup)!r}, {test.code!r}, {doctest_code(test.teardown)!r})"


def batch_request(calls: list[str] | tuple[str, ...]) -> str:
    """The request that evaluates each of CALLS in the sandbox (see ``harness.run_batch``)."""
    return f"run_batch(globals(), {list(calls)!r})"


def show(value: object) -> str:
    """A plain value written back the way Python would print it."""
    if isinstance(value, dict) and "tuple" in value:
        items = [show(v) for v in value["tuple"]] if isinstance(value["tuple"], list) else ["?"]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if isinstance(value, dict) and "repr" in value:
        return f"<{value['repr']}>"
    if isinstance(value, dict) and "kept" in value:
        return "<a function>"
    if isinstance(value, list):
        return "[" + ", ".join(show(v) for v in value) + "]"
    return repr(value)


def same(a: object, b: object) -> bool:
    """Equal as plain values: bools are not numbers, floats match to 1e-9."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


def short(text: str, limit: int = SHOWN) -> str:
    """TEXT, cut to LIMIT characters."""
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def matches(want: Expected, got: CallResult, *, check_output: bool = False) -> bool:
    """Whether a reply gives the reference's answer (and printed text when CHECK_OUTPUT)."""
    return got.ok and same(want.value, got.value) and (
        not check_output or without_debug(want.out) == without_debug(got.out))


def judge(expr: str, want: Expected, got: CallResult, *, check_output: bool = False) -> str:
    """Empty if the reply matches the reference, else feedback a student can act on."""
    if not want.ok:
        return ""  # the reference itself refuses this call: nothing to compare
    if not got.ok:
        return f"{expr} failed: {got.error}"
    if not same(want.value, got.value):
        return f"{expr} returned {short(show(got.value))}; expected {short(show(want.value))}"
    if check_output and without_debug(want.out) != without_debug(got.out):
        return (f"{expr} printed:\n{short(without_debug(got.out)) or '(nothing)'}\nexpected:\n"
                f"{short(want.out) or '(nothing)'}")
    return ""


def same_display(want: dict, got_output: str) -> bool:
    """Whether a test case displayed what the reference displays (as the checker compares)."""
    return normalize_output(want["output"]) == normalize_output(got_output)


def explain_display(test: Doctest, want: dict, got: list) -> str:
    """Feedback for a visible test case that displayed the wrong thing: the case, both displays,
    the error and where it was raised."""
    output, error, where = (list(got) + ["", "", ""])[:3] if isinstance(got, list) else ("", "", "")
    expected = (want["output"].strip() or "(nothing)").splitlines()
    lines = [test.code, "# Expected:", *("#   " + line for line in expected),
             "# Got:", *("#   " + line for line in (short(str(output)).strip() or "(nothing)").splitlines())]
    if error:
        lines.append(f"# Error: {short(str(error), 300)}")
    if where:
        lines.append(f"# Raised at {short(str(where), 200)}")
    return "\n".join(lines)


__all__ = ["HELPERS", "Expected", "batch_request", "display", "evaluate", "expected", "expected_display",
           "explain_display", "fresh_reference", "judge", "matches", "same", "same_display", "session_request",
           "short", "show"]
