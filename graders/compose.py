"""Judge a problem given the student's own earlier functions, so a bug costs only its own problem.

``take_turn`` calls ``roll_dice``; ``play`` calls ``take_turn``. When a student's ``roll_dice``
is wrong, their ``take_turn`` and ``play`` give other answers than the reference even if they are
right themselves. So when a problem's test fails and an earlier problem it builds on has failed
too, the grader works out a second expected answer: the reference's own code for this problem,
run here in the grader, with each function of the earlier problems answered by the student's
version in the sandbox (one request per call). A reply that matches either answer passes.

The reference never enters the sandbox: only calls of the student's own functions do, with
plain arguments, test dice kept in the sandbox, and functions the sandbox answered before. A
student's answer that no real function of that kind could give (a score of 10,000, a swap that
is not a bool) stops the composition, so degenerate helpers cannot steer it.
"""

from __future__ import annotations

import itertools
import sys
import types
from collections.abc import Callable, Iterable

from graders.oracle import HELPERS, Expected, display, evaluate, fresh_reference
from graders.sandbox import CallResult
from hogkit.problems import Problem
from hogkit.problems.domains import max_turn_points, score_after_turn
from hogkit.reference import reference_hog
from hogkit.variant import Variant

ProblemCall = Callable[..., CallResult]
MAX_CALLS = 5000  # calls one composer may make in the sandbox before it gives up


class CannotCompose(Exception):
    """The composed answer cannot be worked out (the student's function failed or answered nonsense)."""


def _names(code: types.CodeType) -> set[str]:
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _names(const)
    return names


def dependencies(variant: Variant, problem: Problem) -> tuple[str, ...]:
    """The graded functions of earlier problems that PROBLEM's reference functions call."""
    ref = reference_hog(variant)
    earlier: list[str] = []
    for other in variant.problems:
        if other.id == problem.id:
            break
        earlier += [name for name in other.graded if name not in problem.graded]
    used: set[str] = set()
    for name in problem.graded:
        used |= _names(getattr(ref, name).__code__)
    return tuple(name for name in dict.fromkeys(earlier) if name in used)


def plausible(variant: Variant, name: str, value: object) -> bool:
    """Whether VALUE is an answer a real NAME of VARIANT could give for some allowed input."""
    turn = max_turn_points(variant)
    ints = isinstance(value, int) and not isinstance(value, bool)
    bounds = {
        "roll_dice": (0, 60),
        "take_turn": (0, turn),
        variant.rules["zero_dice"].hook_name: (0, turn),
        "square_swine": (0, 2 * score_after_turn(variant).hi),
    }
    if name in bounds:
        lo, hi = bounds[name]
        return ints and lo <= value <= hi
    if name == "is_swap":
        return isinstance(value, bool)
    if name.endswith("_strategy"):
        return ints and value in variant.legal_rolls
    return True


class _Twin:
    """Test dice made while composing: they live in the sandbox once a student's function uses them."""

    def __init__(self, composer: Composer, outcomes: tuple) -> None:
        self.composer, self.outcomes, self.handle = composer, outcomes, ""

    def __call__(self) -> int:
        raise CannotCompose("the reference rolled test dice that a student's function also uses")

    def source(self) -> str:
        if not self.handle:
            self.handle = self.composer.keep(f"make_test_dice({', '.join(map(repr, self.outcomes))})")
        return f"kept({self.handle!r})"


class _Remote:
    """A function of the student's, in the sandbox, called from the reference's code here."""

    def __init__(self, composer: Composer, source: str, name: str) -> None:
        self.composer, self.source_text, self.name = composer, source, name

    def __call__(self, *args: object, **kwargs: object) -> object:
        parts = [self.composer.source(a) for a in args]
        parts += [f"{k}={self.composer.source(v)}" for k, v in kwargs.items()]
        return self.composer.remote_call(f"{self.source_text}({', '.join(parts)})", self.name)

    def source(self) -> str:
        return self.source_text


class Composer:
    """Expected answers for one problem, given the student's own FUNCTIONS of earlier problems."""

    _counter = itertools.count()

    def __init__(self, variant: Variant, call: ProblemCall, functions: Iterable[str]) -> None:
        self.variant, self.call, self.functions = variant, call, tuple(functions)
        self.prefix = f"c{next(self._counter)}_"
        self.kept = itertools.count()
        self.calls = itertools.count()
        self._shared: types.ModuleType | None = None

    # -- the sandbox side -------------------------------------------------------------------
    def _send(self, handle: str, source: str) -> CallResult:
        if next(self.calls) >= MAX_CALLS:
            raise CannotCompose(f"more than {MAX_CALLS} calls of the student's functions")
        return self.call(f"keep({handle!r}, {source})")

    def keep(self, source: str) -> str:
        """Make SOURCE's value in the sandbox and keep it there; return its handle."""
        handle = f"{self.prefix}{next(self.kept)}"
        reply = self._send(handle, source)
        if not reply.ok:
            raise CannotCompose(reply.error)
        return handle

    def remote_call(self, source: str, name: str) -> object:
        """Call a student's function in the sandbox; what it printed is printed here too."""
        handle = f"{self.prefix}{next(self.kept)}"
        reply = self._send(handle, source)
        if not reply.ok:
            raise CannotCompose(f"{source} failed: {reply.error}")
        if reply.out:
            sys.stdout.write(reply.out)
        value = reply.value
        if isinstance(value, dict) and set(value) == {"kept"}:
            return _Remote(self, f"kept({handle!r})", f"{name}()")
        value = _python(value)
        if not plausible(self.variant, name, value):
            raise CannotCompose(f"{source} gave {value!r}, which no {name} could")
        return value

    def source(self, value: object) -> str:
        """VALUE as source text for a call in the sandbox."""
        if value is None or isinstance(value, (bool, int, float, str)):
            return repr(value)
        if isinstance(value, tuple):
            return "(" + "".join(self.source(v) + ", " for v in value) + ")"
        if isinstance(value, list):
            return "[" + ", ".join(self.source(v) for v in value) + "]"
        if isinstance(value, (_Twin, _Remote)):
            return value.source()
        for name in ("six_sided", "four_sided"):
            if value is getattr(self.module, name, None):
                return name
        raise CannotCompose(f"cannot pass {type(value).__name__} to a function in the sandbox")

    # -- the grader side --------------------------------------------------------------------
    def build(self) -> types.ModuleType:
        """A fresh reference module whose earlier functions are the student's."""
        module = fresh_reference(self.variant)
        self.module = module
        for name in self.functions:
            setattr(module, name, _Remote(self, name, name))
        module.make_test_dice = lambda *outcomes: _Twin(self, outcomes)
        return module

    def expected(self, expr: str) -> Expected | None:
        """EXPR's answer given the student's earlier functions, or None if it cannot be worked out.
        (A call changes nothing in the module, so one module serves every call.)"""
        if self._shared is None:
            self._shared = self.build()
        module = self._shared
        self.module = module
        helpers = {**HELPERS, "make_test_dice": module.make_test_dice}
        want = evaluate(module, expr, helpers=helpers)  # a CannotCompose inside ends it as an error
        return want if want.ok else None

    def display(self, test: object) -> dict | None:
        """What a visible test displays given the student's earlier functions (None if unknown)."""
        result = display(self.build(), test)  # a CannotCompose inside shows as an error
        return None if result["error"] else result


def _python(value: object) -> object:
    """A plain reply value as the Python value it stands for (tuples come as {"tuple": [...]})."""
    if isinstance(value, dict) and isinstance(value.get("tuple"), list):
        return tuple(_python(v) for v in value["tuple"])
    if isinstance(value, list):
        return [_python(v) for v in value]
    if isinstance(value, dict):
        raise CannotCompose(f"a reply of {value.get('repr', 'an unknown kind')}")
    return value
