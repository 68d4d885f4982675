"""The parent's side of every comparison: evaluate a call on the reference and judge a reply.

Calls are Python expressions over the names of ``hog.py`` and the harness helpers. The reference
runs here, in the grader, and never in the child; the child only sends back raw values.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
from dataclasses import dataclass
from functools import lru_cache

from graders import harness
from graders.sandbox import CallResult
from hogkit.kit.dice import make_test_dice
from hogkit.reference import reference_hog
from hogkit.variant import Variant

HELPERS = {
    "fixed_rolls": harness.fixed_rolls,
    "rolls_by_score": harness.rolls_by_score,
    "echo_scores": harness.echo_scores,
    "run_commentary": harness.run_commentary,
    "make_test_dice": make_test_dice,
}


@dataclass(frozen=True)
class Expected:
    """The reference's answer to one call: a plain value and the printed text, or an error."""

    ok: bool
    value: object = None
    out: str = ""
    error: str = ""


@lru_cache(maxsize=4096)
def expected(variant: Variant, expr: str) -> Expected:
    """Evaluate EXPR on VARIANT's reference (cached, so a batch computes each answer once)."""
    scope = dict(vars(reference_hog(variant)))
    scope.update(HELPERS)
    buffer = io.StringIO()
    try:
        with contextlib.redirect_stdout(buffer):
            value = eval(expr, scope)  # noqa: S307 - the grader builds EXPR itself
    except Exception as exc:  # noqa: BLE001
        return Expected(False, error=f"{type(exc).__name__}: {exc}")
    return Expected(True, json.loads(json.dumps(harness.to_plain(value))), buffer.getvalue())


def show(value: object) -> str:
    """A plain value written back the way Python would print it."""
    if isinstance(value, dict) and "tuple" in value:
        items = [show(v) for v in value["tuple"]]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if isinstance(value, dict) and "repr" in value:
        return f"<{value['repr']}>"
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


def _short(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def judge(expr: str, want: Expected, got: CallResult, *, check_output: bool = False) -> str:
    """Empty if the reply matches the reference, else feedback a student can act on."""
    if not want.ok:
        return ""  # the reference itself refuses this call: nothing to compare
    if not got.ok:
        return f"{expr} failed: {got.error}"
    if not same(want.value, got.value):
        return f"{expr} returned {_short(show(got.value))}; expected {_short(show(want.value))}"
    if check_output and want.out != got.out:
        return (f"{expr} printed:\n{_short(got.out) or '(nothing)'}\nexpected:\n"
                f"{_short(want.out) or '(nothing)'}")
    return ""


def first_difference(want: list, got: object) -> str:
    """For a sweep (a list of answers), the index of the first wrong answer."""
    if not isinstance(got, list) or len(got) != len(want):
        return "the answers have the wrong shape"
    for index, (w, g) in enumerate(zip(want, got, strict=True)):
        if not same(w, g):
            return f"answer {index} is {show(g)}; expected {show(w)}"
    return ""
