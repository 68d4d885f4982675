"""The reference's answers to the calls the problems' tests make, as plain data.

A call is a Python expression over the names of ``hog.py`` and the grader's helpers
(:mod:`hogkit.shipped.hog_checks`). The grader judges every reply against these answers, and the
question bank keeps a keyed hash of each for the checker's further checks; both come from here.
"""

from __future__ import annotations

import contextlib
import io
import json
import types
from dataclasses import dataclass
from functools import lru_cache

from hogkit.generate.reference import reference_hog
from hogkit.shipped.dice import make_test_dice
from hogkit.shipped.hog_checks import TEST_HELPERS, to_plain
from hogkit.variant import Variant

HELPERS = {**{helper.__name__: helper for helper in TEST_HELPERS}, "make_test_dice": make_test_dice}


@dataclass(frozen=True)
class Expected:
    """The reference's answer to one call: a plain value and the printed text, or an error."""

    ok: bool
    value: object = None
    out: str = ""
    error: str = ""


def evaluate(module: types.ModuleType, expr: str, *, helpers: dict | None = None) -> Expected:
    """EXPR evaluated over the names of MODULE (and the test helpers), as plain data."""
    scope = dict(vars(module))
    scope.update(HELPERS if helpers is None else helpers)
    buffer = io.StringIO()
    try:
        with contextlib.redirect_stdout(buffer):
            value = eval(expr, scope)  # noqa: S307 - HogKit builds EXPR itself
    except Exception as exc:  # noqa: BLE001
        return Expected(False, error=f"{type(exc).__name__}: {exc}")
    return Expected(True, json.loads(json.dumps(to_plain(value))), buffer.getvalue())


@lru_cache(maxsize=65536)
def expected(variant: Variant, expr: str) -> Expected:
    """EXPR on VARIANT's reference (cached, so a batch computes each answer once)."""
    return evaluate(reference_hog(variant), expr)


__all__ = ["HELPERS", "Expected", "evaluate", "expected"]
