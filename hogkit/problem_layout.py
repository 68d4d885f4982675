"""The problem layout of a kit: which problem teaches which rule, in which phase.

Problem ids follow the seed's ``ok`` numbering (``00``, ``01``, ..., ``05a``, ``05b``, ..., ``12``).
Which functions each problem asks for follows from the variant's rules. A problem's points are
judged only through its ``graded`` functions, the ones the course's own skeleton names; the
``helpers`` HogKit adds to guide students are tested as guidance, never for points.
"""

from __future__ import annotations

from dataclasses import dataclass

from hogkit.rules import Rule, family_of, teaching_order

PHASE_TITLES = {1: "Simulator", 2: "Commentary", 3: "Strategies"}
# The file of the kit that holds Problem 12's final_strategy (the seed: `python3 calc.py` measures
# it there); the contest entry, hog_contest.py, is a copy of it for the contest.
FINAL_STRATEGY_FILE = "hog.py"

# Every problem id a kit may have, in order, with its phase.
PROBLEM_PHASES = {
    "00": 1,
    "01": 1,
    "02": 1,
    "03": 1,
    "04": 1,
    "05a": 1,
    "05b": 1,
    "06": 2,
    "07": 2,
    "08": 3,
    "09": 3,
    "10": 3,
    "11": 3,
    "12": 3,
}


@dataclass(frozen=True)
class Problem:
    """One problem of the project: what it is called, what the student writes, what it is worth."""

    id: str
    phase: int
    title: str
    functions: tuple[str, ...]
    rules: tuple[Rule, ...]
    points: int
    graded: tuple[str, ...] = ()
    helpers: tuple[str, ...] = ()

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


def zero_dice_strategy_name(zero_dice: Rule) -> str:
    """Name of Problem 10's strategy: ``bacon_strategy`` for Free Bacon, else ``<rule>_strategy``."""
    name = zero_dice.hook_name
    return "bacon_strategy" if name == "free_bacon" else f"{name}_strategy"


def post_turn_strategy_name(post_turn: Rule) -> str:
    """Name of Problem 11's strategy: ``swap_strategy`` for a swap, ``square_strategy`` otherwise."""
    return "swap_strategy" if post_turn.kind == "swap" else "square_strategy"


def taught_in(rules: tuple[Rule, ...], problem: str) -> list[Rule]:
    """The RULES whose family PROBLEM asks for, in the order students meet them."""
    order = teaching_order()
    return sorted((rule for rule in rules if family_of(rule).problem == problem),
                  key=lambda rule: order.index(rule.family))


def the_rule(rules: tuple[Rule, ...], family: str) -> Rule:
    """The one rule of FAMILY among RULES (a problem of the layout asks for it)."""
    for rule in rules:
        if rule.family == family:
            return rule
    raise KeyError(family)


def problem_ids(rules: tuple[Rule, ...]) -> list[str]:
    """The ids of the problems a kit with these RULES has: 5b only for a later rule."""
    has_5b = bool(taught_in(rules, "05b"))
    return [pid for pid in PROBLEM_PHASES if pid != "05b" or has_5b]


def build_problems(rules: tuple[Rule, ...], points: dict[str, int]) -> list[Problem]:
    """Lay out the problems for a variant's RULES and points (id -> points)."""
    later, boost, select = (taught_in(rules, problem) for problem in ("05b", "03", "05a"))
    zero, post = the_rule(rules, "zero_dice"), the_rule(rules, "post_turn")

    def fns(rs: list[Rule]) -> tuple[str, ...]:
        return tuple(name for r in rs for name in r.function_names)

    helpers = {name for rule in rules for name in rule.helpers}

    specs: dict[str, tuple[str, tuple[str, ...], list[Rule]]] = {
        "00": ("Dice", (), []),
        "01": ("Rolling dice", fns([the_rule(rules, "dice_outcome")]), [the_rule(rules, "dice_outcome")]),
        "02": (zero.title, fns([zero]), [zero]),
        "03": ("Taking a turn", ("take_turn", *fns(boost)), boost),
        "04": (post.title, fns([post]), [post]),
        "05a": ("Playing a game", (*fns(select), "play"), select),
        "05b": (" and ".join(r.title for r in later), (*fns(later), "play"), later),
        "06": ("Commentary in play", ("play",), []),
        "07": ("Announcing the highest gain", ("announce_highest",), []),
        "08": ("Averaging a function", ("make_averaged",), []),
        "09": ("The best number of dice", ("max_scoring_num_rolls",), []),
        "10": (f"{zero.title} strategy", (zero_dice_strategy_name(zero),), [zero]),
        "11": (f"{post.title} strategy", (post_turn_strategy_name(post),), [post]),
        "12": ("Final strategy", ("final_strategy",), []),
    }
    problems = []
    for pid in problem_ids(rules):
        title, functions, taught = specs[pid]
        graded = tuple(name for name in functions if name not in helpers)
        problems.append(Problem(pid, PROBLEM_PHASES[pid], title, functions, tuple(taught), points[pid],
                                graded=graded, helpers=tuple(name for name in functions if name in helpers)))
    return problems
