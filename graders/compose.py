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
from hogkit.problem_layout import Problem
from hogkit.problems.domains import max_turn_points, score_after_turn
from hogkit.variant import Variant

ProblemCall = Callable[..., CallResult]
MAX_CALLS = 5000  # calls one composer may make in the sandbox before it gives up
ORDERS = ("mover", "opponent", "seat0", "seat1")


class CannotCompose(Exception):
    """The composed answer cannot be worked out (the student's function failed or answered nonsense)."""


def dependencies(variant: Variant, problem: Problem) -> tuple[str, ...]:
    """The graded functions of the problems before PROBLEM: what its reference code and its tests
    may build on (``play`` on ``take_turn``, a test of ``make_averaged`` on ``roll_dice``)."""
    earlier: list[str] = []
    for other in variant.problems:
        if other.id == problem.id:
            break
        earlier += [name for name in other.graded if name not in problem.graded]
    return tuple(dict.fromkeys(earlier))


AVERAGE = "average of "


def symmetric_functions(variant: Variant) -> frozenset[str]:
    """The post-turn functions of two scores whose answer does not depend on their order (fa19's
    Swine Swap): a student's play may call them either way round."""
    found = set()
    for rule in variant.rules_of("post_turn"):
        for function in rule.functions:
            if function.__name__ in rule.helpers or function.__code__.co_argcount != 2:
                continue
            scores = range(0, score_after_turn(variant).hi + 1, 3)
            if all(function(a, b) == function(b, a) for a in scores for b in scores):
                found.add(function.__name__)
    return frozenset(found)


def plausible(variant: Variant, name: str, value: object) -> bool:
    """Whether VALUE is an answer a real NAME of VARIANT could give for some allowed input.
    (``average of roll_dice`` is what ``make_averaged(roll_dice, ...)`` returns.)"""
    averaged = name.startswith(AVERAGE)
    if averaged:
        name = name.removeprefix(AVERAGE)
    turn = max_turn_points(variant)
    number = isinstance(value, (int, float) if averaged else int) and not isinstance(value, bool)
    bounds = {
        "roll_dice": (0, 60),
        "take_turn": (0, turn),
        variant.rule("zero_dice").hook_name: (0, turn),
        "square_swine": (0, 2 * score_after_turn(variant).hi),
    }
    if name in bounds:
        lo, hi = bounds[name]
        return number and lo <= value <= hi
    if name == "is_swap":
        return isinstance(value, bool)
    if name.endswith("_strategy"):
        return number and value in variant.legal_rolls
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

    def __init__(self, composer: Composer, source: str, name: str, *, ordered: bool = False) -> None:
        self.composer, self.source_text, self.name, self.ordered = composer, source, name, ordered

    def __call__(self, *args: object, **kwargs: object) -> object:
        if self.ordered and len(args) == 2 and not kwargs and self.composer.reverse():
            args = args[::-1]
        parts = [self.composer.source(a) for a in args]
        parts += [f"{k}={self.composer.source(v)}" for k, v in kwargs.items()]
        averaged = args[0] if self.name == "make_averaged" and args else kwargs.get("fn")
        kind = AVERAGE + averaged.name if isinstance(averaged, _Remote) else f"{self.name}()"
        return self.composer.remote_call(f"{self.source_text}({', '.join(parts)})", self.name, returned=kind)

    def source(self) -> str:
        return self.source_text


class Composer:
    """Expected answers for one problem, given the student's own FUNCTIONS of earlier problems."""

    _counter = itertools.count()

    def __init__(self, variant: Variant, call: ProblemCall, functions: Iterable[str], *,
                 symmetric: frozenset[str] = frozenset(), order: str = "mover") -> None:
        self.variant, self.call, self.functions = variant, call, tuple(functions)
        # A student's play may pass the two scores of a symmetric rule in any ORDER: the mover's
        # first (as the reference does), the opponent's first, or always Player 0's (or 1's) first.
        self.symmetric, self.order = symmetric, order
        self.seat = 0
        self.prefix = f"c{next(self._counter)}_"
        self.kept = itertools.count()
        self.calls = itertools.count()
        self._shared: types.ModuleType | None = None
        self.answers: dict[str, tuple[CallResult, str]] = {}
        self.stopped = ""

    # -- the sandbox side -------------------------------------------------------------------
    def _send(self, handle: str, source: str) -> CallResult:
        if self.stopped:
            raise CannotCompose(self.stopped)
        if next(self.calls) >= MAX_CALLS:
            self.stopped = f"more than {MAX_CALLS} calls of the student's functions"
            raise CannotCompose(self.stopped)
        reply = self.call(f"keep({handle!r}, {source})")
        if reply.fatal or reply.error.startswith("NameError"):
            # a hang, crash or memory error, or a function that is not there: trying again
            # would only do the same
            self.stopped = f"{source} failed: {reply.error}"
        return reply

    def keep(self, source: str) -> str:
        """Make SOURCE's value in the sandbox and keep it there; return its handle."""
        handle = f"{self.prefix}{next(self.kept)}"
        reply = self._send(handle, source)
        if not reply.ok:
            raise CannotCompose(reply.error)
        return handle

    def remote_call(self, source: str, name: str, *, returned: str) -> object:
        """Call a student's function NAME in the sandbox; what it printed is printed here too. A
        function it returns is called as RETURNED (for what its answers may be)."""
        pure = "kept(" not in source  # plain arguments only: the same call gives the same answer
        if pure and source in self.answers:
            reply, handle = self.answers[source]
        else:
            handle = f"{self.prefix}{next(self.kept)}"
            reply = self._send(handle, source)
            if pure:
                self.answers[source] = (reply, handle)
        if not reply.ok:
            raise CannotCompose(f"{source} failed: {reply.error}")
        if reply.out:
            sys.stdout.write(reply.out)
        value = reply.value
        if isinstance(value, dict) and set(value) == {"kept"}:
            return _Remote(self, f"kept({handle!r})", returned)
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
            setattr(module, name, _Remote(self, name, name, ordered=name in self.symmetric))
        module.make_test_dice = lambda *outcomes: _Twin(self, outcomes)
        reference_play = getattr(module, "play", None)
        if reference_play is not None and self.order.startswith("seat"):
            module.play = self._seated(reference_play)
        return module

    def _seated(self, play: Callable) -> Callable:
        """PLAY with each strategy noting whose turn it is (for the seat orders)."""
        def seated(strategy: Callable, seat: int) -> Callable:
            def strategy_of_seat(*args: object) -> object:
                self.seat = seat
                return strategy(*args)
            return strategy_of_seat

        def play_with_seats(strategy0: Callable, strategy1: Callable, *args: object, **kwargs: object) -> object:
            return play(seated(strategy0, 0), seated(strategy1, 1), *args, **kwargs)
        return play_with_seats

    def reverse(self) -> bool:
        """Whether a symmetric rule's two scores go to the student's function the other way round."""
        return {"mover": False, "opponent": True, "seat0": self.seat == 1, "seat1": self.seat == 0}[self.order]

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
