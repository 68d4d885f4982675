"""The grader's answers to a composed request: the reference's values of earlier problems' functions.

When a test of a problem is run again "given the earlier problems", the child replaces those
functions by proxies (:class:`graders.harness.Link`), and each call of one is a question to the
grader. :class:`ReferenceAsker` answers it by calling the reference's own function here, in the
grader, on the arguments the child sent: plain values, the kit's test dice (rebuilt from their
outcomes and position, the new position sent back), functions of the reference returned earlier,
and any other function of the child, which the reference calls back through the sandbox. Only
the functions it was built for can be asked about; anything else, or too much work, stops it
(:attr:`ReferenceAsker.stopped`), and a test judged through a stopped asker is not explained.

Nothing here asks the student's code what a right answer is: the answers come from the reference,
and the student's later function must still give the reference's own answer to its test.
"""

from __future__ import annotations

import contextlib
import io
import math
import random
import types
from collections.abc import Callable

from graders.oracle import fresh_reference
from graders.sandbox import Sandbox
from hogkit.shipped.dice import make_fair_dice
from hogkit.variant import Variant

MAX_INT = 10 ** 6  # no argument of a graded function is larger (or below zero)
MAX_ITEMS = 1000
MAX_DEPTH = 8
MAX_OUTCOMES = 100
MAX_SIDES = 20
FUEL = 2_000_000  # calls of the reference's functions, rolls of dice and calls back, per test
TOTAL_FUEL = 10_000_000  # ... and for all the tests of one problem
MAX_HANDLES = 10_000
MAX_PRINTED = 1_000_000


class Stop(BaseException):
    """The composition ends: the child asked something it may not, or too much."""


class _Printed(io.StringIO):
    """What the reference prints while it answers, up to MAX_PRINTED characters."""

    def __init__(self, asker: ReferenceAsker) -> None:
        super().__init__()
        self.asker = asker

    def write(self, text: str) -> int:
        if self.tell() + len(text) > MAX_PRINTED:
            self.asker.stop("the reference printed too much")
        return super().write(text)


class _Replay:
    """The kit's test die, rebuilt in the grader from its outcomes and position in the cycle."""

    def __init__(self, asker: ReferenceAsker, number: int, outcomes: tuple[int, ...], index: int) -> None:
        self.asker, self.number, self.outcomes, self.index = asker, number, outcomes, index

    def __call__(self) -> int:
        self.asker.burn()
        self.asker.touched.add(self)
        self.index = (self.index + 1) % len(self.outcomes)
        return self.outcomes[self.index]


class _Callback:
    """A function of the child's, called from the reference through the sandbox."""

    def __init__(self, asker: ReferenceAsker, number: int) -> None:
        self.asker, self.number = asker, number

    def __call__(self, *args: object, **kwargs: object) -> object:
        return self.asker.call_back(self.number, args, kwargs)


class ReferenceAsker:
    """Answers questions about NAMES (functions of earlier problems) with VARIANT's reference."""

    def __init__(self, variant: Variant, names: tuple[str, ...]) -> None:
        self.names = frozenset(names)
        self.module = self._fueled(fresh_reference(variant))
        self.handles: list[Callable] = []
        self.dice: dict[int, _Replay] = {}
        self.touched: set[_Replay] = set()
        self.calls = 0  # calls back into the child so far
        self.fuel, self.total = FUEL, TOTAL_FUEL
        self.allowed = 0  # units the question being answered may still take (the call's time left)
        self.work = 0  # units done since the sandbox last took them, to charge the child
        self.stopped = ""
        self._sandbox: Sandbox | None = None
        self._out: io.StringIO | None = None

    # -- limits -----------------------------------------------------------------------------
    def burn(self, amount: int = 1) -> None:
        """Spend fuel (a step of the reference, a die rolled, a call back): counted as work the child
        is charged for, and stopped when the test's fuel or the call's time is spent."""
        self.fuel -= amount
        self.total -= amount
        self.allowed -= amount
        self.work += amount
        if self.allowed < 0:
            self.stop("ran out of time: the questions asked the grader for more work than the call had time for")
        if self.fuel < 0 or self.total < 0:
            self.stop("too many steps of the reference's functions")

    def take_work(self) -> int:
        """The units of work done since the sandbox last asked (it charges them to the child)."""
        work, self.work = self.work, 0
        return work

    def stop(self, why: str) -> None:
        """End the composition: every later question is refused."""
        self.stopped = self.stopped or why
        raise Stop(why)

    def _fueled(self, module: types.ModuleType) -> types.ModuleType:
        """MODULE with each of its own functions spending fuel when called (so no question can keep
        the grader busy for long, whatever its arguments)."""
        for name, value in list(vars(module).items()):
            if isinstance(value, types.FunctionType) and value.__module__ == module.__name__:
                setattr(module, name, self._spending(value))
        return module

    def _rolling(self, die: Callable[[], int]) -> Callable[[], int]:
        """DIE, spending fuel on each roll (a fair die's rolls are work like any other)."""
        def roll() -> int:
            self.burn()
            return die()
        return roll

    def _spending(self, function: Callable) -> Callable:
        def spending(*args: object, **kwargs: object) -> object:
            self.burn()
            return function(*args, **kwargs)
        spending.__name__ = spending.__qualname__ = function.__name__
        spending.__wrapped__ = function
        return spending

    # -- values -----------------------------------------------------------------------------
    def decode(self, value: object, depth: int = 0) -> object:
        """A value from the child, checked, as the reference will see it."""
        if depth > MAX_DEPTH:
            self.stop("an argument nested too deeply")
        if value is None or isinstance(value, (bool, str)):
            return value
        if isinstance(value, int):
            if not 0 <= value <= MAX_INT:
                self.stop(f"an argument {value} outside 0 to {MAX_INT}")
            return value
        if isinstance(value, float):
            if not (math.isfinite(value) and 0 <= value <= MAX_INT):
                self.stop("an argument that is not a small number")
            return value
        if isinstance(value, list):
            if len(value) > MAX_ITEMS:
                self.stop("a list argument too long")
            return [self.decode(v, depth + 1) for v in value]
        if isinstance(value, dict) and len(value) == 1:
            (kind, item), = value.items()
            if kind == "tuple" and isinstance(item, list) and len(item) <= MAX_ITEMS:
                return tuple(self.decode(v, depth + 1) for v in item)
            if kind == "dep" and isinstance(item, str) and item in self.names:
                return getattr(self.module, item)
            if kind == "ref" and isinstance(item, int) and 0 <= item < len(self.handles):
                return self.handles[item]
            if kind == "fn" and isinstance(item, int) and 0 <= item < MAX_HANDLES:
                return _Callback(self, item)
            if kind == "dice" and isinstance(item, int) and item in self.dice:
                return self.dice[item]
            if kind == "fair" and type(item) is int and 1 <= item <= MAX_SIDES:
                return self._rolling(make_fair_dice(item))
        self.stop("a question the harness never sends")
        return None

    def encode(self, value: object, depth: int = 0) -> object:
        """A value of the reference's, as the child will get it."""
        if value is None or isinstance(value, (bool, int, float, str)):
            return value
        if depth > MAX_DEPTH:
            self.stop("a value nested too deeply")
        if isinstance(value, tuple):
            return {"tuple": [self.encode(v, depth + 1) for v in value]}
        if isinstance(value, list):
            return [self.encode(v, depth + 1) for v in value]
        if isinstance(value, _Callback):
            return {"fn": value.number}
        if isinstance(value, _Replay) and self.dice.get(value.number) is value:
            return {"dice": value.number}
        if callable(value):
            if len(self.handles) >= MAX_HANDLES:
                self.stop("too many functions handed to the child")
            self.handles.append(value)
            return {"ref": len(self.handles) - 1}
        self.stop(f"a value of type {type(value).__name__} that cannot go to the child")
        return None

    def _settle(self, states: object) -> None:
        """Rebuild or move the test dice the child named, as they are in the child now."""
        if not isinstance(states, dict) or len(states) > MAX_ITEMS:
            self.stop("dice the harness never sends")
        for key, state in states.items():
            good = (isinstance(key, str) and key.isdigit() and isinstance(state, list) and len(state) == 2
                    and isinstance(state[0], list) and 0 < len(state[0]) <= MAX_OUTCOMES
                    and all(type(o) is int and 1 <= o <= MAX_INT for o in state[0])
                    and type(state[1]) is int and 0 <= state[1] < len(state[0]))
            if not good:
                self.stop("dice the harness never sends")
            number, outcomes = int(key), tuple(state[0])
            die = self.dice.get(number)
            if die is None or die.outcomes != outcomes:
                self.dice[number] = _Replay(self, number, outcomes, state[1])
            else:
                die.index = state[1]

    def _positions(self) -> dict[str, int]:
        """Where the dice rolled since the last message are now (and forget that they were)."""
        found = {str(d.number): d.index for d in self.touched if self.dice.get(d.number) is d}
        self.touched = set()
        return found

    def _fixed(self, function: Callable, args: list, value: object, *, calls: int, state: object) -> bool:
        """Whether asking again would give the same answer (the child may keep it): an earlier
        problem's function called with plain values, that called nothing back, rolled no fair die
        (the random generator's STATE is unchanged), printed nothing and returned a plain value."""
        if getattr(function, "__wrapped__", None) is None or self._out is None or self._out.tell():
            return False
        plain = (type(None), bool, int, float, str)
        return (all(isinstance(a, plain) for a in args) and isinstance(value, plain) and calls == self.calls
                and random.getstate() == state)

    # -- the conversation -------------------------------------------------------------------
    def begin_test(self) -> None:
        """A new test: fuel again, and the questions of earlier tests no longer stop it."""
        self.fuel, self.stopped = FUEL, ""

    def begin(self) -> None:
        """A new request: the child numbers its test dice afresh."""
        self.dice, self.touched = {}, set()

    def answer(self, question: object, sandbox: Sandbox, *, units: int) -> dict:
        """The reference's answer to one question in at most UNITS of work (an error answer once stopped)."""
        if self.stopped:
            return {"ok": False, "error": f"RuntimeError: {self.stopped}"}
        self._sandbox = sandbox
        self.allowed = units
        outer, self._out = self._out, _Printed(self)
        try:
            if not isinstance(question, dict) or set(question) != {"fn", "args", "kwargs", "dice"} \
                    or not isinstance(question["args"], list) or not isinstance(question["kwargs"], dict):
                self.stop("a question the harness never sends")
            self.burn()
            self._settle(question["dice"])
            function = self.decode(question["fn"])
            if not callable(function) or isinstance(function, (_Callback, _Replay)):
                self.stop("a question about something that is not the reference's")
            args = [self.decode(a) for a in question["args"]]
            kwargs = {str(k): self.decode(v) for k, v in question["kwargs"].items()}
            try:
                calls, state = self.calls, random.getstate()
                with contextlib.redirect_stdout(self._out):
                    value = function(*args, **kwargs)
                reply = {"ok": True, "value": self.encode(value)}
                if self._fixed(function, [*args, *kwargs.values()], value, calls=calls, state=state):
                    reply["fixed"] = True
            except Exception as exc:  # noqa: BLE001 - the reference refuses this call: its error is the answer
                reply = {"ok": False, "error": f"{type(exc).__name__}: {str(exc)[:300]}"}
        except Stop as stop:
            reply = {"ok": False, "error": f"RuntimeError: {stop}"}
        reply["out"] = self._out.getvalue()
        reply["dice"] = self._positions()
        self._out = outer
        return reply

    def call_back(self, number: int, args: tuple, kwargs: dict) -> object:
        """Call the child's function NUMBER for the reference (through the sandbox)."""
        self.burn()
        self.calls += 1
        if self._sandbox is None:
            self.stop("a call back with no child")
        out = self._out.getvalue() if self._out is not None else ""
        if self._out is not None:
            self._out.seek(0)
            self._out.truncate()
        request = {"fn": number, "args": [self.encode(a) for a in args],
                   "kwargs": {str(k): self.encode(v) for k, v in kwargs.items()},
                   "out": out, "dice": self._positions()}
        got = self._sandbox.callback(request, self)
        if not got.ok:
            self.stop(f"a function of the child failed: {got.error}")
        reply = got.value
        if not isinstance(reply, dict) or not isinstance(reply.get("ok"), bool):
            self.stop("a return the harness never sends")
        self._settle(reply.get("dice", {}))
        if reply["ok"]:
            return self.decode(reply.get("value"))
        error = reply.get("error")
        raise RuntimeError(str(error)[:300] if isinstance(error, str) else "the child's function failed")


__all__ = ["ReferenceAsker", "Stop"]
