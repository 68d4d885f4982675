"""Run a visible test case against a module standing in for ``hog`` and say what it displays.

The bank (expected outputs), the grader (the reference's side) and the notebooks all call
:func:`display`, which runs the kit checker's own :func:`hogkit.shipped.hog_checks.run_test_case`: a case
displays the same text wherever it runs.
"""

from __future__ import annotations

import contextlib
import io
import sys
import types
from collections.abc import Iterator

from hogkit.problems.checks import Doctest, prompted
from hogkit.shipped import construct_check
from hogkit.shipped.hog_checks import run_test_case


def doctest_code(statements: tuple[str, ...]) -> str:
    """STATEMENTS as doctest text (empty for none)."""
    return "\n".join(prompted(statement) for statement in statements)


@contextlib.contextmanager
def as_hog(module: types.ModuleType) -> Iterator[None]:
    """While inside, ``import hog`` gives MODULE and ``import construct_check`` the kit's own (and
    nothing is printed to the real output)."""
    given = {"hog": module, "construct_check": construct_check}
    saved = {name: sys.modules.get(name) for name in given}
    sys.modules.update(given)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            yield
    finally:
        for name, value in saved.items():
            if value is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = value


def display(module: types.ModuleType, test: Doctest, *, cpu: float | None = None) -> dict:
    """What TEST displays when ``hog`` is MODULE: the checker's result (output, error, where),
    stopped after CPU seconds of CPU time when given (a copy of the reference with a slip may loop)."""
    with as_hog(module):
        return run_test_case(test.code, dict(vars(module)), setup=doctest_code(test.setup),
                             teardown=doctest_code(test.teardown), cpu=cpu)
