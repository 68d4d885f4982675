"""Load, validate and compose a variant spec (``variants/NAME.toml``) into a :class:`Variant`.

A spec names its rules (``rules = ["pig_out", ...]``, in the order they apply within a step),
any rule modules kept beside it (``rule_modules = ["my_rules.py"]``), the goal, the points of each
problem and the contest's name field. The first form of a spec, a ``[rules]`` table of one rule per
family, is read too. Every problem with a spec is reported as ``<file>: <key>: what is wrong — how
to fix it``.
"""

from __future__ import annotations

import inspect
import os
import tomllib
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from hogkit.errors import HogkitError, SpecError
from hogkit.interface import Interface, load_interface
from hogkit.problem_layout import Problem, build_problems, family_name, problem_ids
from hogkit.rule_modules import load_rule_modules
from hogkit.rules import (
    FAMILIES,
    MEMORY,
    QUANTITIES,
    RULES,
    SINGLE_STEPS,
    STEPS,
    Rule,
    family_of,
    rules_of_family,
    teaching_order,
    why_unreadable,
)
from hogkit.shipped.ok import submission_url_problem

DEFAULT_VARIANT = "fa19"
NAME_FIELDS = ("PLAYER_NAME", "TEAM_NAME")
TOP_LEVEL_KEYS = {"name", "title", "seed", "goal", "contest_name_field", "rules", "rule_modules", "interface",
                  "course", "points", "ok_tests", "scoring", "submit_url", "checker_runs_hidden"}
DEFAULT_INTERFACE = "fa19"
SCORING_KEYS = ("correctness", "checkpoint", "composition", "checkpoint_days", "early_bonus", "early_days")
GOAL_RANGE = (10, 200)


def variants_dir() -> Path:
    """Where named variants live: ``$HOGKIT_VARIANTS`` or the ``variants/`` folder of the repo."""
    env = os.environ.get("HOGKIT_VARIANTS")
    return Path(env) if env else Path(__file__).resolve().parent.parent / "variants"


def variant_names() -> list[str]:
    """Names of the variants in :func:`variants_dir`, sorted."""
    return sorted(p.stem for p in variants_dir().glob("*.toml"))


@dataclass(frozen=True)
class Scoring:
    """How a course counts the project: the correctness score scaled to CORRECTNESS points (None:
    the problems' own points), CHECKPOINT points for a Phase 1 that passes by the checkpoint, and
    COMPOSITION points that staff give by hand (merged from a CSV). Where the grader knows when a
    copy was submitted (Gradescope), CHECKPOINT_DAYS (the checkpoint is that many days before the
    due date; None: a checkpoint of its own) awards the checkpoint points, and EARLY_BONUS extra
    points go to a copy with every problem right submitted EARLY_DAYS before the due date."""

    correctness: float | None = None
    checkpoint: float = 0
    composition: float = 0
    checkpoint_days: float | None = None
    early_bonus: float = 0
    early_days: float = 1


@dataclass(frozen=True)
class Variant:
    """One semester's rules, composed and validated."""

    name: str
    title: str
    seed: str
    goal: int
    rules: tuple[Rule, ...]  # in the order their effects apply: by step, then as the spec lists them
    points: dict[str, int]
    contest_name_field: str
    source: str
    interface: Interface
    ok_tests: Path | None = None  # a course's okpy tests to grade with instead of HogKit's own
    scoring: Scoring = Scoring()
    course: str = ""  # the course whose own suite this kit reproduces (docs/course_suites.md)
    submit_url: str = ""  # where the kit's `ok --submit` sends archives (`hogkit serve`); "" for nowhere
    # whether the kit's checker runs the grader's hidden sweeps and fuzzed inputs (answers hashed)
    # or only names them, as a course that keeps its hidden tests hidden asks
    checker_runs_hidden: bool = True
    path: Path | None = field(default=None, compare=False)  # the spec's file, where it was loaded from one

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        """The hash, worked out once: a variant keys the caches of every layer above it."""
        return hash((self.name, self.goal, tuple(r.id for r in self.rules),
                     tuple(self.points.items()), self.contest_name_field, self.interface, self.ok_tests,
                     self.scoring, self.submit_url, self.checker_runs_hidden))

    def rule(self, family: str) -> Rule | None:
        """The variant's (first) rule of FAMILY, or None."""
        found = self.rules_of(family)
        return found[0] if found else None

    def rules_of(self, family: str) -> tuple[Rule, ...]:
        """The variant's rules of FAMILY, in the order they apply."""
        return tuple(rule for rule in self.rules if rule.family == family)

    def has_step(self, step: str) -> bool:
        """Whether any rule of the variant acts at STEP (see :data:`hogkit.rules.STEPS`)."""
        return any(family_of(rule).step == step for rule in self.rules)

    @property
    def rule_ids(self) -> frozenset[str]:
        """Ids of all the variant's rules."""
        return frozenset(rule.id for rule in self.rules)

    @property
    def rules_as_taught(self) -> list[Rule]:
        """The rules in the order students meet them in the problems (not the order they apply)."""
        order = teaching_order()
        return sorted(self.rules, key=lambda rule: order.index(rule.family))

    @property
    def problems(self) -> list[Problem]:
        """The problems of this variant's kit, in order."""
        return build_problems(self.interface, self.rules, self.points)

    @property
    def total_points(self) -> int:
        """The problems' points in all (correctness before any scaling)."""
        return sum(self.points.values())

    @property
    def correctness_points(self) -> float:
        """What the correctness score is out of (the spec's scale, or the problems' points)."""
        return self.scoring.correctness if self.scoring.correctness is not None else self.total_points

    @property
    def course_points(self) -> float:
        """The whole project: correctness, the checkpoint and composition."""
        return self.correctness_points + self.scoring.checkpoint + self.scoring.composition

    @cached_property
    def legal_rolls(self) -> tuple[int, ...]:
        """The choices a strategy may return: 0 to 10, and -1 where a rule gives a special move."""
        return ((-1,) if self.has_step("choice") else ()) + tuple(range(11))

    def play_flags(self) -> list[str]:
        """Keyword names of ``play`` that switch on a later rule (``feral_hogs``, ``time_trot``...);
        a rule that picks the dice names the dice to use instead (``wild_dice``)."""
        return [r.play_flag for r in self.rules if r.play_flag and family_of(r).step != "dice"]


def load_variant(name_or_path: str | Path) -> Variant:
    """Load a variant by name (from :func:`variants_dir`) or by the path of a ``.toml`` file."""
    path = Path(name_or_path)
    if path.suffix != ".toml":
        path = variants_dir() / f"{name_or_path}.toml"
        if not path.is_file():
            known = ", ".join(variant_names()) or "none"
            raise HogkitError(
                f"unknown variant {str(name_or_path)!r}",
                f"choose one of {known}, or give the path of a .toml spec",
            )
    if not path.is_file():
        raise HogkitError(f"no variant spec at {path}", "check the path of the .toml file")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise SpecError(path.name, "(file)", f"not valid TOML ({exc})", "fix the syntax") from None
    variant = parse_variant(data, source=path.name, default_name=path.stem, folder=path.parent)
    return replace(variant, path=path.resolve())


def _require(data: dict, key: str, kind: type, source: str, fix: str) -> object:
    if key not in data:
        raise SpecError(source, key, "missing", fix)
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SpecError(
            source, key, f"expected {kind.__name__}, got {type(value).__name__} {value!r}", fix
        )
    return value


def parse_variant(data: dict, *, source: str, default_name: str, folder: Path | None = None) -> Variant:
    """Validate parsed TOML DATA and compose it into a :class:`Variant`."""
    unknown = sorted(set(data) - TOP_LEVEL_KEYS)
    if unknown:
        raise SpecError(source, unknown[0], "unknown key", f"use only {', '.join(sorted(TOP_LEVEL_KEYS))}")
    name = data.get("name", default_name)
    if not isinstance(name, str) or not name.replace("-", "").replace("_", "").isalnum():
        raise SpecError(source, "name", f"{name!r} is not a simple name", "use letters, digits, - or _")
    title = str(data.get("title", name))
    seed = str(data.get("seed", ""))
    goal = _require(data, "goal", int, source, "set goal = 100 (a whole number of points)")
    if not GOAL_RANGE[0] <= goal <= GOAL_RANGE[1]:
        raise SpecError(source, "goal", f"{goal} is out of range", f"use {GOAL_RANGE[0]} to {GOAL_RANGE[1]}")
    field = _require(data, "contest_name_field", str, source, 'set contest_name_field = "PLAYER_NAME"')
    if field not in NAME_FIELDS:
        raise SpecError(
            source, "contest_name_field", f"{field!r} is not allowed", f"use one of {', '.join(NAME_FIELDS)}"
        )
    if "rule_modules" in data:
        modules = data["rule_modules"]
        if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
            raise SpecError(source, "rule_modules", f"expected a list of file names, got {modules!r}",
                            'write rule_modules = ["my_rules.py"] (files beside the spec)')
        load_rule_modules(modules, folder=Path(folder or "."), source=source)
    if "rules" not in data:
        raise SpecError(source, "rules", "missing", 'list the rules: rules = ["pig_out", "free_bacon_min", ...]')
    rules = _parse_rules(data["rules"], source)
    given = data.get("interface", DEFAULT_INTERFACE)
    if not isinstance(given, str):
        raise SpecError(source, "interface", f"expected a name, got {given!r}",
                        f'e.g. interface = "{DEFAULT_INTERFACE}"')
    interface = load_interface(given, folder=folder, source=source)
    _check_taught(interface, rules, source)
    points = _parse_points(_require(data, "points", dict, source, "add a [points] table"), interface, rules, source)
    ok_tests = None
    if "ok_tests" in data:
        given = _require(data, "ok_tests", str, source, 'set ok_tests = "path/to/the course\'s folder"')
        ok_tests = (Path(folder or ".") / given).resolve()
        if not ok_tests.is_dir():
            raise SpecError(source, "ok_tests", f"{given!r} is not a folder",
                            "give the folder of the course's .ok file and tests/ (relative to the spec)")
    scoring = _parse_scoring(data.get("scoring", {}), source)
    course = data.get("course", name)
    if not isinstance(course, str) or not course.replace("-", "").isalnum():
        raise SpecError(source, "course", f"{course!r} is not a semester's name", 'e.g. course = "fa22"')
    submit_url = data.get("submit_url", "")
    if not isinstance(submit_url, str):
        raise SpecError(source, "submit_url", f"expected an address, got {submit_url!r}", SUBMIT_URL_FIX)
    if submit_url and submission_url_problem(submit_url):
        raise SpecError(source, "submit_url", f"{submit_url!r} cannot be used: {submission_url_problem(submit_url)}",
                        SUBMIT_URL_FIX)
    runs_hidden = data.get("checker_runs_hidden", True)
    if not isinstance(runs_hidden, bool):
        raise SpecError(source, "checker_runs_hidden", f"expected true or false, got {runs_hidden!r}",
                        "write checker_runs_hidden = false to keep the hidden tests out of the kit's checker")
    return Variant(name, title, seed, goal, rules, points, field, source, interface, ok_tests, scoring, course,
                   submit_url, runs_hidden)


SUBMIT_URL_FIX = 'give the address `hogkit serve` serves, e.g. submit_url = "https://hog.example.edu/"'


def with_submit_url(variant: Variant, url: str) -> Variant:
    """VARIANT with its kit's ``ok --submit`` sending to URL (an http or https address)."""
    problem = submission_url_problem(url)
    if problem:
        raise HogkitError(f"--submit-url {url!r} cannot be used: {problem}",
                          "give the address `hogkit serve` serves, such as https://hog.example.edu/")
    return replace(variant, submit_url=url)


def _parse_scoring(table: object, source: str) -> Scoring:
    if not isinstance(table, dict):
        raise SpecError(source, "scoring", f"expected a table, got {table!r}", "write [scoring] with its keys below")
    for key, value in table.items():
        if key not in SCORING_KEYS:
            raise SpecError(source, f"scoring.{key}", "unknown key", f"use {', '.join(SCORING_KEYS)}")
        if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
            raise SpecError(source, f"scoring.{key}", f"expected a number >= 0, got {value!r}", "e.g. 1")
    if table.get("correctness") == 0:
        raise SpecError(source, "scoring.correctness", "0 would grade nothing", "give the points correctness is worth")
    if "checkpoint_days" in table and not table.get("checkpoint"):
        raise SpecError(source, "scoring.checkpoint_days", "the checkpoint gives no points",
                        "add checkpoint = 1 (or the course's points), or drop checkpoint_days")
    if "early_days" in table and (not table.get("early_bonus") or not table["early_days"]):
        raise SpecError(source, "scoring.early_days", "needs early_bonus points and a number of days above 0",
                        "add early_bonus = 1 (or the course's points), or drop early_days")
    return Scoring(**table)


def _parse_rules(given: object, source: str) -> tuple[Rule, ...]:
    """The rules a spec names, in the order their effects apply: by step, then as listed. The
    first form of a spec (a table of family = rule) is read as the list of its rules."""
    if isinstance(given, dict):
        pairs = list(given.items())
        for family, _ in pairs:
            if family not in FAMILIES:
                raise SpecError(source, f"rules.{family}", "unknown rule family", f"use one of {', '.join(FAMILIES)}")
    elif isinstance(given, list):
        pairs = [(None, rule_id) for rule_id in given]
    else:
        raise SpecError(source, "rules", f"expected a list of rule ids, got {given!r}",
                        'write rules = ["pig_out", "free_bacon_min", ...]')
    chosen: list[Rule] = []
    for number, (family, rule_id) in enumerate(pairs):
        key = f"rules.{family}" if family else f"rules[{number}]"
        if not isinstance(rule_id, str):
            raise SpecError(source, key, f"expected a rule id, got {rule_id!r}", "write the id in quotes")
        if rule_id not in RULES:
            options = ", ".join(r.id for r in (rules_of_family(family) if family else RULES.values()))
            raise SpecError(source, key, f"unknown rule {rule_id!r}", f"choose one of {options}")
        rule = RULES[rule_id]
        if family and rule.family != family:
            options = ", ".join(r.id for r in rules_of_family(family))
            raise SpecError(source, key, f"{rule_id!r} is a {rule.family} rule", f"choose one of {options}")
        if rule in chosen:
            raise SpecError(source, key, f"{rule_id!r} is listed twice", "list each rule once")
        chosen.append(rule)
    ordered = tuple(sorted(chosen, key=lambda rule: STEPS.index(family_of(rule).step)))
    _check_combination(ordered, source)
    for rule in ordered:
        _check_reads(rule, source)
    return ordered


# The steps at which each kind of memory can change (hogkit.rules.UPDATES), and why not elsewhere.
MEMORY_STEPS = {"dice": ("bonus", "after", "extra"), "points": ("bonus", "after", "extra"), "used": ("choice",),
                "count": STEPS, "extra": ("extra",)}


def hook_reads(rule: Rule) -> list[tuple[str, str]]:
    """What RULE's hook reads, parameter by parameter: (parameter, a quantity of QUANTITIES or
    MEMORY), or (parameter, "") for a parameter that names neither."""
    renamed = dict(rule.inputs)
    memories = {m.argument for m in rule.memory} | {m.opponent_argument for m in rule.memory if m.opponent_argument}
    found = []
    for name in inspect.signature(rule.hook).parameters:
        given = renamed.get(name, name)
        found.append((name, MEMORY if given in memories else given if given in QUANTITIES else ""))
    return found


def _check_reads(rule: Rule, source: str) -> None:
    """Refuse RULE when its hook reads what no consumer of a turn can give at its step, or keeps
    a memory its step cannot change."""
    step = family_of(rule).step
    for name, quantity in hook_reads(rule):
        if not quantity:
            raise SpecError(source, "rules", f"{rule.id}: its hook {rule.hook_name} takes {name!r}, which is neither "
                            f"a memory of the rule nor one of {', '.join(QUANTITIES)}",
                            "rename the parameter, map it to a quantity in inputs=, or declare a Memory (the turn "
                            "number is a Memory with update='count'; each die is read by the roll rule, through dice)")
        why = why_unreadable(step, quantity)
        if why:
            what = "its memory" if quantity == MEMORY else quantity
            raise SpecError(source, "rules", f"{rule.id} ({rule.family}, a {step} rule) reads {what} "
                            f"(parameter {name!r}), which cannot be counted at the {step} step: {why}",
                            "read it in a rule of a later step (docs/instructors.md lists what each step may read)")
    for memory in rule.memory:
        if step not in MEMORY_STEPS[memory.update] or (memory.update in ("count", "extra") and memory.each):
            where = ", ".join(MEMORY_STEPS[memory.update]) if memory.update not in ("count",) else "any step"
            raise SpecError(source, "rules", f"{rule.id}: a {step} rule cannot keep {memory.name} with a "
                            f"{memory.update!r} update{' for each player' if memory.each else ''}",
                            f"a {memory.update!r} memory belongs to a rule of {where}"
                            f"{' and is one value for the game' if memory.update in ('count', 'extra') else ''}")


def _check_combination(rules: tuple[Rule, ...], source: str) -> None:
    """Reject combinations the engine cannot order unambiguously."""
    by_step: dict[str, list[Rule]] = {}
    for rule in rules:
        by_step.setdefault(family_of(rule).step, []).append(rule)
    for step in SINGLE_STEPS:
        if len(by_step.get(step, ())) > 1:
            first, second = by_step[step][:2]
            raise SpecError(source, "rules", f"a turn takes one {step} rule, and both {first.id} and {second.id} are",
                            "keep one of them")
    for step in ("roll", "zero"):
        if step not in by_step:
            raise SpecError(source, "rules", f"no rule says what a turn of {'zero' if step == 'zero' else 'k'} "
                            "dice scores", f"add a {FAMILIES_OF_STEP[step]} rule")
    chooser = by_step.get("choice", [None])[0]
    if chooser is not None:
        if any(rule.kind != "swap" for rule in by_step.get("after", ())):
            raise SpecError(
                source, "rules",
                f"{chooser.id} needs every post-turn rule to be a swap",
                "pick a swap post-turn rule or drop the special move",
            )
        if any(memory.update == "dice" for rule in by_step.get("bonus", ()) for memory in rule.memory):
            raise SpecError(
                source, "rules",
                f"{chooser.id} cannot be combined with a bonus that remembers the dice rolled (a special "
                "move rolls none)",
                "drop one of them",
            )


def _check_taught(interface: Interface, rules: tuple[Rule, ...], source: str) -> None:
    """Refuse a spec that leaves a problem of its interface with nothing to write: every function it
    asks for is a rule's, and the spec names no rule of that family."""
    families = {rule.family for rule in rules}
    for entry in interface.problems:
        wanted = [family_name(item[1:].partition(":")[0]) for item in entry.functions if item.startswith("@")]
        if entry.needs_rules or not entry.functions or len(wanted) < len(entry.functions):
            continue
        if not any(family in families for family in wanted):
            options = ", ".join(r.id for r in rules_of_family(wanted[0]))
            raise SpecError(source, "rules", f"Problem {entry.id.lstrip('0') or '0'} of the interface "
                            f"{interface.name} asks for the functions of a {wanted[0]} rule, and the spec names none",
                            f"add one of {options}")


FAMILIES_OF_STEP = {"roll": "dice_outcome", "zero": "zero_dice"}


def _parse_points(table: dict, interface: Interface, rules: tuple[Rule, ...], source: str) -> dict[str, int]:
    expected = problem_ids(interface, rules)
    points: dict[str, int] = {}
    for pid, value in table.items():
        if pid not in expected:
            raise SpecError(source, f"points.{pid}", "no such problem in this variant", f"use {', '.join(expected)}")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise SpecError(source, f"points.{pid}", f"expected a whole number >= 0, got {value!r}", "e.g. 2")
        points[pid] = value
    missing = [pid for pid in expected if pid not in points]
    if missing:
        raise SpecError(source, f"points.{missing[0]}", "missing", "give every problem its points (0 is fine)")
    return {pid: points[pid] for pid in expected}
