"""The problem layout of a kit: which problem asks for which functions, in which phase.

The problems, their ids (the course's ``ok`` numbering: ``00``, ``01``, ..., ``05a``, ...), phases
and titles come from the semester's interface (:mod:`hogkit.interface`); which functions each asks
for follows from the interface and the variant's rules. A problem's points are judged only through
its ``graded`` functions, the ones the course's own skeleton names; the ``helpers`` HogKit adds to
guide students are tested as guidance, never for points.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from functools import cache

from hogkit.interface import RULE_NAMED, Interface, ProblemEntry
from hogkit.rules import FAMILIES, Rule, family_of

# The file of the kit that holds the final strategy (the seed: `python3 calc.py` measures it
# there); the contest entry, hog_contest.py, is a copy of it for the contest.
FINAL_STRATEGY_FILE = "hog.py"


@dataclass(frozen=True)
class Problem:
    """One problem of the project: what it is called, what the student writes, what it is worth.
    ``kind`` says which tests it gets (see :mod:`hogkit.problems.specs`)."""

    id: str
    phase: int
    title: str
    functions: tuple[str, ...]
    rules: tuple[Rule, ...]
    points: int
    graded: tuple[str, ...] = ()
    helpers: tuple[str, ...] = ()
    kind: str = ""
    forbidden: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (function, the node kinds it may not use)

    @property
    def label(self) -> str:
        """How people name it: ``Problem 5a``."""
        return f"Problem {self.id.lstrip('0') or '0'}"

    @property
    def number(self) -> str:
        """The short number used in ``# BEGIN PROBLEM 5a`` markers."""
        return self.id.lstrip("0") or "0"


def first_problems(problems: list[Problem]) -> dict[str, str]:
    """Each function a student writes -> the id of the first of PROBLEMS that asks for it."""
    found: dict[str, str] = {}
    for problem in problems:
        for name in problem.functions:
            found.setdefault(name, problem.id)
    return found


def rules_of(rules: tuple[Rule, ...], families: tuple[str, ...]) -> list[Rule]:
    """The RULES of FAMILIES, family by family in that order; a family stands for every family
    that acts at its step (a module's new kind of boost is taught where boosts are). ``family#N``
    is the Nth rule of that family only (counting from 1, in the order the spec lists them)."""
    found: list[Rule] = []
    for given in families:
        family, _, number = given.partition("#")
        if number:
            of_family = [rule for rule in rules if rule.family == family]
            found += [rule for rule in of_family[int(number) - 1 : int(number)] if rule not in found]
            continue
        step = FAMILIES[family].step if family in FAMILIES else None
        found += [rule for rule in rules if rule not in found
                  and (rule.family == family or (step is not None and family_of(rule).step == step))]
    return found


def family_name(given: str) -> str:
    """The family of a name as :func:`rules_of` takes it (``extra_turn#2`` -> ``extra_turn``)."""
    return given.partition("#")[0]


@cache
def written(function: object) -> bool:
    """Whether students write FUNCTION (its reference marks an answer region), or it is given."""
    return "# BEGIN SOLUTION" in inspect.getsource(function)


def item_names(interface: Interface, item: str, rules: tuple[Rule, ...], *, given: bool = True) -> tuple[str, ...]:
    """The names in hog.py of one item of a layout or a problem: ``@family`` is the functions of
    the rules of that family (only those students write unless GIVEN), ``@family:strategy`` the
    strategies they name, any other item the function of that key of the interface."""
    if item.startswith("@"):
        family, _, part = item[1:].partition(":")
        found = rules_of(rules, (family,))
        named = interface.signature(item) if item in interface.functions else None
        if part == "strategy" and named is not None and named.name != RULE_NAMED:  # the interface names it
            return (named.name,) if found else ()
        if part == "strategy":  # rules of one family may share their strategy: named once
            return tuple(dict.fromkeys(rule.strategy for rule in found))
        return tuple(fn.__name__ for rule in found for fn in rule.functions if given or written(fn))
    signature = interface.signature(item)
    return (signature.name if signature is not None else item,)


def _forbidden_names(interface: Interface, item: str, rules: tuple[Rule, ...]) -> tuple[str, ...]:
    """The functions a ``forbidden`` key names: an item as in a problem's functions, or a rule's
    function by its own name."""
    if item.startswith("@") or item in interface.functions:
        return item_names(interface, item, rules, given=False)
    return (item,)


def _kept(entry: ProblemEntry, rules: tuple[Rule, ...]) -> bool:
    return not entry.needs_rules or bool(rules_of(rules, entry.teaches))


def problem_ids(interface: Interface, rules: tuple[Rule, ...]) -> list[str]:
    """The ids of the problems a kit of INTERFACE with these RULES has."""
    return [entry.id for entry in interface.problems if _kept(entry, rules)]


def build_problems(interface: Interface, rules: tuple[Rule, ...], points: dict[str, int]) -> list[Problem]:
    """Lay out the problems of INTERFACE for a variant's RULES and points (id -> points)."""
    helpers = {name for rule in rules for name in rule.helpers}
    problems = []
    for entry in interface.problems:
        if not _kept(entry, rules):
            continue
        taught = tuple(rules_of(rules, entry.teaches))
        functions = tuple(name for item in entry.functions for name in item_names(interface, item, rules,
                                                                                  given=False))
        title = entry.title.replace("{rules}", " and ".join(rule.title for rule in taught))
        problems.append(Problem(entry.id, entry.phase, title, functions, taught, points[entry.id],
                                graded=tuple(name for name in functions if name not in helpers),
                                helpers=tuple(name for name in functions if name in helpers), kind=entry.kind,
                                forbidden=tuple((name, kinds) for item, kinds in entry.forbidden
                                                for name in _forbidden_names(interface, item, rules))))
    return problems
