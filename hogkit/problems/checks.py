"""What a problem's tests are, as data: the checker, the grader and the notebooks run them.

* :class:`Doctest` is a visible test: Python statements run in order, as an interactive session
  would, and the text they display (printed output and each expression's value) is compared with
  what the reference displays. The local checker (``ok``) and the grader run the same ones, so a
  student who passes ``ok`` on a problem passes the grader's visible tests on it.
* :class:`Sweep` is a hidden test of the grader: many calls over a whole input domain, each
  judged on its own, whose inputs are shown only once grades are published.
* :class:`Fuzz` is a property the grader fuzzes with hypothesis: a call built from input domains.
* :class:`Unlock` is what the checker asks before a problem's tests run.

Every expected answer is worked out from the reference when a test runs or a bank is built;
nothing here stores one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from hogkit.problem_layout import Problem
from hogkit.problems.domains import Domain


@dataclass(frozen=True)
class Requirement:
    """Something the page requires that a test checks (``text``, named in the feedback when the
    test fails) and the hint the checker gives a student whose copy misses it."""

    text: str
    hint: str = ""

    def named(self, **names: str) -> Requirement:
        """The requirement with NAMES filled in (``{name}`` in its text and hint)."""
        return Requirement(self.text.format(**names), self.hint.format(**names))

    def checked(self) -> dict[str, str]:
        """The ``rule`` and ``hint`` of a Doctest that checks this requirement."""
        return {"rule": self.text, "hint": self.hint}


@dataclass(frozen=True)
class Doctest:
    """A visible test: STATEMENTS displayed and compared as an interactive session.

    ``setup`` and ``teardown`` run before and after (teardown always runs, so a test that
    replaces a function of ``hog`` puts it back); ``rule`` is the requirement the test checks,
    named in the feedback when it fails, and ``hint`` what the checker suggests when it fails (the
    problem's own hint when empty). A ``construct`` test asks the kit's
    ``construct_check`` whether a function is written without the constructs its problem forbids:
    the checker runs it as it is, and the grader answers it from the copy's text itself.
    """

    name: str
    statements: tuple[str, ...]
    rule: str = ""
    setup: tuple[str, ...] = ()
    teardown: tuple[str, ...] = ()
    hint: str = ""
    construct: tuple[str, tuple[str, ...]] | None = None  # (function, node kinds): the grader reads the text

    @property
    def code(self) -> str:
        """The statements as doctest text (``>>>`` and ``...`` prompts)."""
        return "\n".join(prompted(statement) for statement in self.statements)


def prompted(statement: str) -> str:
    """One statement with its ``>>>`` and ``...`` prompts."""
    first, *rest = statement.rstrip("\n").split("\n")
    return "\n".join([">>> " + first, *("... " + line for line in rest)])


@dataclass(frozen=True)
class Sweep:
    """A hidden test: every call in CALLS, each judged on its own against the reference.

    ``judge`` is ``equal`` (the same value, and the same printed text when ``output``), or
    ``legal`` (any legal number of dice: for ``final_strategy``, where every choice is allowed).
    ``seconds`` is the time a group of its calls may take, where the page allows more than a
    sweep's usual limit (``final_strategy`` answers every pair of scores in the contest's time).
    """

    name: str
    calls: tuple[str, ...]
    rule: str = ""
    output: bool = False
    judge: str = "equal"
    seconds: float = 0.0  # each group of calls may take this long (0: the grader's limit for a sweep)


@dataclass(frozen=True)
class Fuzz:
    """A fuzzed property: TEMPLATE formatted with one value drawn from each of ARGS.

    ``accept`` keeps only the drawn values whose right answer the specification fixes (e.g. no
    tie for the best number of dice that floating point could break).
    """

    name: str
    template: str
    args: tuple[Domain, ...]
    rule: str = ""
    output: bool = False
    accept: Callable[..., bool] | None = None

    @property
    def title(self) -> str:
        """The name of the property's test in reports and in the checker."""
        return f"fuzz: {self.name}"

    def call(self, *values: object) -> str:
        """The call for one drawn value of each argument."""
        return self.template.format(*(domain.render(value) for domain, value in zip(self.args, values, strict=True)))


@dataclass(frozen=True)
class Unlock:
    """A question asked before a problem is tested.

    Either ``statements`` (the student types what each would display) or a multiple-choice
    ``prompt`` with its ``answer`` and ``choices`` (a fixed, answer-independent order).
    ``loops`` marks a case whose answer is "Infinite loop".
    """

    statements: tuple[str, ...] = ()
    prompt: str = ""
    answer: str = ""
    choices: tuple[str, ...] = ()
    loops: bool = False

    @property
    def is_choice(self) -> bool:
        """Whether this is a multiple-choice question."""
        return bool(self.prompt)


@dataclass(frozen=True)
class ProblemSpec:
    """Everything about how one problem is taught and checked, in one place."""

    problem: Problem
    text: str
    hint: str = ""
    domains: dict[str, Domain] = field(default_factory=dict)
    visible: tuple[Doctest, ...] = ()
    guidance: tuple[Doctest, ...] = ()
    hidden: tuple[Sweep, ...] = ()
    fuzz: tuple[Fuzz, ...] = ()
    unlock: tuple[Unlock, ...] = ()

    @property
    def id(self) -> str:
        """The problem's id (``05a``)."""
        return self.problem.id


def construct_doctest(function: str, forbidden: tuple[str, ...], *, beside: Doctest | None = None) -> Doctest:
    """The visible test that FUNCTION is written without the FORBIDDEN kinds of syntax node (with
    the setup and teardown of the test BESIDE it, so that okpy keeps both in one suite)."""
    return Doctest(f"{function} is written without {', '.join(forbidden)}",
                   ("import construct_check, hog",
                    f"construct_check.check_module(hog, {function!r}, {list(forbidden)!r})"),
                   rule=f"the page does not allow {', '.join(forbidden)} in {function}",
                   setup=beside.setup if beside else (), teardown=beside.teardown if beside else (),
                   construct=(function, tuple(forbidden)))
