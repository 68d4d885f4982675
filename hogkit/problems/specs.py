"""Each problem of a kit, stated once: what it asks, its input domains and every test of it.

The question bank, the grader (visible tests, hidden sweeps, fuzzing), the notebooks and the
generated docs read a problem from here and nowhere else. Tests call only the functions the
course's own skeleton names (a problem's ``graded`` functions), on inputs inside the domains of
:mod:`hogkit.problems.domains`, and choose inputs whose right answer the seed fixes: test dice,
strategies that depend only on the scores, and experiments whose result cannot depend on the
order in which a program tries things. The functions HogKit adds to guide students are tested in
``guidance`` only, and no points depend on them.

Expected answers are never written here: whoever runs a test works them out from the reference.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import fields, replace
from functools import lru_cache

from hogkit.naming import course_renames, rename_identifiers, rename_words
from hogkit.problem_layout import Problem
from hogkit.problems import commentary, extra_turns, leader_commentary, simulator, strategies
from hogkit.problems.building import problem_hint, within_domains
from hogkit.problems.checks import Doctest, Fuzz, ProblemSpec, Sweep, Unlock, construct_doctest
from hogkit.variant import Variant

SEED = 20191
BUILDERS: dict[str, Callable[[Variant, Problem, random.Random], dict]] = {
    **simulator.BUILDERS, **commentary.BUILDERS, **strategies.BUILDERS, **leader_commentary.BUILDERS,
    **extra_turns.BUILDERS}


def _rule_unlocks(variant: Variant, problem: Problem, taught: set[str]) -> list[Unlock]:
    """The worked examples and concept questions of the rules this problem teaches first."""
    items: list[Unlock] = []
    for rule in problem.rules:
        if rule.id in taught:
            continue
        taught.add(rule.id)
        examples = [e for e in rule.examples if e.requires <= variant.rule_ids]
        items += [Unlock((example.call,)) for example in examples[:4]]
        items += [Unlock(prompt=c.prompt, answer=c.answer, choices=c.choices) for c in rule.concepts]
    return items


# The fields of each kind of test that hold code, and those that hold words (hogkit.problems.checks).
CODE_FIELDS = {Doctest: ("statements", "setup", "teardown"), Sweep: ("calls",), Fuzz: ("template",),
               Unlock: ("statements",)}
WORD_FIELDS = {Doctest: ("name", "rule", "hint"), Sweep: ("name", "rule"), Fuzz: ("name", "rule"),
               Unlock: ("prompt", "answer", "choices")}


def _in_course_names(test: object, names: dict[str, str]) -> object:
    """TEST (written in HogKit's names of the kit's functions) calling them by the course's NAMES."""
    if not names or type(test) not in CODE_FIELDS:
        return test
    changes = {}
    for name in (f.name for f in fields(test)):
        value = getattr(test, name)
        rename = (lambda text: rename_identifiers(text, names)) if name in CODE_FIELDS[type(test)] else (
            (lambda text: rename_words(text, names)) if name in WORD_FIELDS[type(test)] else None)
        if rename is not None:
            changes[name] = tuple(map(rename, value)) if isinstance(value, tuple) else rename(value)
    return replace(test, **changes)


@lru_cache(maxsize=32)
def problem_specs(variant: Variant) -> tuple[ProblemSpec, ...]:
    """Every problem of VARIANT, stated for testing, in order."""
    specs, taught = [], set()
    names = course_renames(variant)
    for problem in variant.problems:
        rng = random.Random(f"{SEED}-{variant.name}-{problem.id}")
        parts = BUILDERS[problem.kind](variant, problem, rng)
        unlock = (*_rule_unlocks(variant, problem, taught), *parts.pop("unlock", ()))
        visible = tuple(parts.get("visible", ()))
        constructs = [construct_doctest(function, forbidden, beside=visible[-1] if visible else None)
                      for function, forbidden in problem.forbidden]
        parts["visible"] = (*visible, *constructs)
        parts["hint"] = problem_hint(parts.get("hint", ""), problem)
        parts = {key: rename_words(value, names) if key in ("text", "hint") else value if key == "domains" else
                 tuple(_in_course_names(test, names) for test in value) for key, value in parts.items()}
        unlock = tuple(_in_course_names(test, names) for test in unlock)
        specs.append(ProblemSpec(problem, unlock=unlock, **parts))
    return tuple(specs)


def problem_spec(variant: Variant, problem_id: str) -> ProblemSpec:
    """The spec of one problem of VARIANT."""
    for spec in problem_specs(variant):
        if spec.id == problem_id:
            return spec
    raise KeyError(f"{variant.name} has no problem {problem_id}")


__all__ = ["problem_spec", "problem_specs", "within_domains"]
