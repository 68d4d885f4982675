"""Which slip a failing case's output points to: the hint the checker gives for it.

When the bank is built, each visible case of a problem is run on every one-slip copy of the
reference in that problem's functions (:mod:`hogkit.generate.mutation`: ``return`` written as
``print``, a ``%`` left out, a comparison flipped at its boundary, a number one off, two arguments
in the wrong order, a case of an ``if`` left out, ...). A copy whose case displays something other
than the reference's output leaves a diagnosis: the keyed hash of what it displays (a lock, as
the case's own answer is kept) and the words for that slip, in the kit's own names. A student's
case that fails with one of those outputs is told that it may be that slip, beside the case's own
hint (an output that slips of different kinds give is no diagnosis, and a real bug may give the
output of a slip it is not). Nothing here says what the right output is.
"""

from __future__ import annotations

import ast
import contextlib
import inspect
import io
import random
import re
import sys
import types
from collections.abc import Iterator
from dataclasses import dataclass, field

from hogkit.generate.mutation import Mutant, mutants
from hogkit.problem_layout import first_problems
from hogkit.problems.checks import Doctest, ProblemSpec
from hogkit.problems.displaying import display
from hogkit.shipped import ok as checker
from hogkit.source_module import load_source_module
from hogkit.variant import Variant

STEPS = 200_000  # lines of hog.py a case may run on a copy with a slip (the reference's take a few thousand;
# a slip may loop): counted, not timed, so the bank is the same on any machine under any load

# What each slip does, as a student reads it: {function} is the function it is in (the kit's name).
SLIPS = {
    "return->print": ("{function} seems to print its answer instead of returning it: hand the answer back with "
                      "return (a function that only prints gives None)."),
    "drop-mod": ("{function} gives here what it gives when a remainder (%) is left out: check each step that takes "
                 "the digits a rule needs, for scores of 100 and more too."),
    "floordiv-flip": "{function} gives here what it gives with / where whole division (//) belongs.",
    "add-flip": "{function} gives here what it gives with a - where a + belongs: check each sum.",
    "sub-flip": "{function} gives here what it gives with a + where a - belongs: check each difference.",
    "mult-flip": "{function} gives here what it gives with a sum where a product (*) belongs.",
    "compare-flip": ("{function} gives here what it gives with a comparison flipped at its boundary (< for <=, "
                     "> for >=, == for !=): check what happens when the two sides are equal."),
    "constant+1": ("{function} gives here what it gives one step off: check where counting starts and stops, and "
                   "each number the rule states."),
    "constant-1": ("{function} gives here what it gives one step off: check where counting starts and stops, and "
                   "each number the rule states."),
    "swap-args": ("{function} gives here what it gives with two arguments of {callee} in the wrong order: {callee} "
                  "takes them as {signature}."),
    "and-or": ("{function} gives here what it gives with 'and' and 'or' exchanged: must every condition hold, or "
               "is one enough?"),
    "drop-if": "{function} gives here what it gives when it leaves out one of its cases: {why}",
}
CASE_LEFT_OUT = "a case this test reaches, which your code treats like the others."
ADDRESS = re.compile(r" at 0x[0-9a-f]+")


@dataclass
class Diagnoses:
    """The slips of one problem: their words (``slips``) and, for each case, the locks of the
    outputs one slip alone gives with that slip's index (``cases``). An output that slips of
    different words give is no diagnosis: it could be either (a wrong True is every slip's)."""

    slips: list[str] = field(default_factory=list)
    seen: dict[tuple[str, str], set[str]] = field(default_factory=dict)

    def add(self, case_id: str, lock: str, words: str) -> None:
        """CASE_ID's output LOCK is what the slip WORDS gives."""
        self.seen.setdefault((case_id, lock), set()).add(words)

    @property
    def cases(self) -> dict[str, list[list]]:
        """Each case's diagnoses: [lock, index of the slip's words], one slip's outputs only."""
        found: dict[str, list[list]] = {}
        for (case_id, lock), words in self.seen.items():
            if len(words) != 1:
                continue
            (text,) = words
            if text not in self.slips:
                self.slips.append(text)
            found.setdefault(case_id, []).append([lock, self.slips.index(text)])
        return found


class _RanOn(KeyboardInterrupt):
    """A case ran more than its lines on a copy with a slip: it is stopped as a loop is."""


@contextlib.contextmanager
def step_limit(steps: int) -> Iterator[None]:
    """While inside, a line of the module ``hog`` run after STEPS others raises :class:`_RanOn`."""
    count = [0]

    def local(frame: types.FrameType, event: str, arg: object) -> object:
        if event == "line":
            count[0] += 1
            if count[0] > steps:
                raise _RanOn()
        return local

    def tracer(frame: types.FrameType, event: str, arg: object) -> object:
        return local if frame.f_globals.get("__name__") == "hog" else None

    old = sys.gettrace()
    sys.settrace(tracer)
    try:
        yield
    finally:
        sys.settrace(old)


def _callee(mutant: Mutant) -> str:
    """The name of the function whose call a swap-args slip changes ('' when it is no plain call)."""
    try:
        node = ast.parse(mutant.before.strip(), mode="eval").body
    except SyntaxError:
        return ""
    return node.func.id if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) else ""


def slip_words(mutant: Mutant, module: types.ModuleType, test: Doctest) -> str:
    """What MUTANT's slip does, in the kit's names (the signature of a call it changes is read from
    MODULE, the reference); for a case left out, the requirement TEST checks when it names one."""
    callee = _callee(mutant) if mutant.operator == "swap-args" else ""
    signature = ""
    if callee and callable(getattr(module, callee, None)):
        signature = f"{callee}({', '.join(inspect.signature(getattr(module, callee)).parameters)})"
    elif mutant.operator == "swap-args":
        callee, signature = "a call", "the page gives them"
    why = f"this case turns on {test.rule.rstrip('.')}." if test.rule else CASE_LEFT_OUT
    return SLIPS[mutant.operator].format(function=mutant.function, callee=callee, signature=signature, why=why)


def problem_diagnoses(variant: Variant, spec: ProblemSpec, *, key: str, reference: str,
                      expected: dict[str, str]) -> Diagnoses:
    """The diagnoses of SPEC's visible cases (their ids and expected outputs in EXPECTED), from the
    slips of the functions the problem asks for in REFERENCE (the reference hog.py's text)."""
    owner = first_problems(variant.problems)
    asked = set(spec.problem.functions)
    found = Diagnoses()
    module = load_source_module("hog", reference)
    for mutant, start, end in mutants(reference, owner=owner):
        if mutant.function not in asked:
            continue
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # a slip may print at import
                copy = load_source_module("hog", mutant.apply(reference, start, end))
        except Exception:  # noqa: BLE001 - a slip that breaks the module at import tells nothing here
            continue
        for number, test in enumerate(spec.visible, 1):
            case_id = f"{spec.id}-t{number}"
            random.seed(0)  # a slip may roll real dice
            with step_limit(STEPS):
                shown = display(copy, test)
            output = checker.normalize_output(shown["output"])
            if checker.LOOP in output.splitlines():
                break  # a slip that makes the code run on tells a student nothing a case's output could
            if output == expected[case_id] or ADDRESS.search(output):
                continue  # the same output, or one that differs from run to run (an object's address)
            found.add(case_id, checker.output_lock(key, case_id, output), slip_words(mutant, module, test))
    return found


__all__ = ["Diagnoses", "SLIPS", "problem_diagnoses", "slip_words"]
