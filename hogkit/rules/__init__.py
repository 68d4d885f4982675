"""The rule registry: every rule and rule family, each written once, looked up by id.

The seeds' rules are listed below in the order HogKit shows them. Any other module of this
package is a rule module too: the :class:`Rule` values it defines, and any :class:`Family` of its
own, are registered after them, so a new rule (even of a new family) is one new module here and
one line in a spec. :func:`register` adds the rules of a module kept elsewhere; :func:`unregister`
takes them away again.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from hogkit.rules.base import (
    BUILT_IN_FAMILIES,
    FOLDS,
    MEMORY,
    QUANTITIES,
    READABLE,
    SINGLE_STEPS,
    STEPS,
    UPDATES,
    Concept,
    Example,
    Family,
    Memory,
    Rule,
    Story,
    StoryTurn,
    why_unreadable,
)
from hogkit.rules.feral_hogs import FERAL_HOGS
from hogkit.rules.free_bacon_diff import FREE_BACON_DIFF
from hogkit.rules.free_bacon_max import FREE_BACON_MAX
from hogkit.rules.free_bacon_min import FREE_BACON_MIN
from hogkit.rules.free_bacon_product import FREE_BACON_PRODUCT
from hogkit.rules.hog_wild import HOG_WILD
from hogkit.rules.hogtimus_prime import HOGTIMUS_PRIME
from hogkit.rules.pig_out import PIG_OUT, SOW_SAD
from hogkit.rules.pig_out_count import PIG_OUT_COUNT
from hogkit.rules.pig_tail import PIG_TAIL
from hogkit.rules.pork_chop import PORK_CHOP
from hogkit.rules.square_swine import SQUARE_SWINE
from hogkit.rules.swine_swap_digits import SWINE_SWAP_DIGITS
from hogkit.rules.swine_swap_double import SWINE_SWAP_DOUBLE
from hogkit.rules.swine_swap_multiple import SWINE_SWAP_MULTIPLE
from hogkit.rules.swine_swap_ones_tens import SWINE_SWAP_ONES_TENS
from hogkit.rules.time_trot import TIME_TROT

SEED_RULES = (
    PIG_OUT,
    PIG_OUT_COUNT,
    SOW_SAD,
    FREE_BACON_MIN,
    FREE_BACON_DIFF,
    FREE_BACON_PRODUCT,
    FREE_BACON_MAX,
    PIG_TAIL,
    HOGTIMUS_PRIME,
    HOG_WILD,
    FERAL_HOGS,
    TIME_TROT,
    SWINE_SWAP_DIGITS,
    SWINE_SWAP_MULTIPLE,
    SWINE_SWAP_ONES_TENS,
    SWINE_SWAP_DOUBLE,
    SQUARE_SWINE,
    PORK_CHOP,
)

RULES: dict[str, Rule] = {}
# Every family, in the order its effect applies within a turn (then in the order declared).
FAMILIES: dict[str, Family] = {}
_DECLARED: list[Family] = list(BUILT_IN_FAMILIES)  # in the order students meet them


def _declared(module: ModuleType, kind: type) -> list:
    return [value for value in vars(module).values() if isinstance(value, kind)]


def _order_families() -> None:
    ordered = sorted(_DECLARED, key=lambda family: STEPS.index(family.step))
    FAMILIES.clear()
    FAMILIES.update((family.name, family) for family in ordered)


def _add(rules: list[Rule], families: list[Family], *, origin: str) -> None:
    for family in families:
        if family.name in FAMILIES and FAMILIES[family.name] is not family:
            raise ValueError(f"{origin}: the family {family.name!r} exists already")
        if family.step not in STEPS:
            raise ValueError(f"{origin}: family {family.name!r} has no step {family.step!r} "
                             f"(steps: {', '.join(STEPS)})")
        if family not in _DECLARED:
            _DECLARED.append(family)
    _order_families()
    for rule in rules:
        if rule.family not in FAMILIES:
            raise ValueError(f"{origin}: rule {rule.id!r} is of the unknown family {rule.family!r}")
        if RULES.get(rule.id, rule) is not rule:
            raise ValueError(f"{origin}: a rule {rule.id!r} exists already")
        RULES[rule.id] = rule


def register(module: ModuleType) -> None:
    """Add the families and rules MODULE defines (a rule of a family no module declares is refused)."""
    _add(_declared(module, Rule), _declared(module, Family), origin=module.__name__)


def unregister(module: ModuleType) -> None:
    """Take away the families and rules that :func:`register` added from MODULE."""
    for rule in _declared(module, Rule):
        RULES.pop(rule.id, None)
    for family in _declared(module, Family):
        if family in _DECLARED and family not in BUILT_IN_FAMILIES:
            _DECLARED.remove(family)
    _order_families()


def rules_of_family(family: str) -> list[Rule]:
    """All registered rules of one family, in registry order."""
    return [rule for rule in RULES.values() if rule.family == family]


def family_of(rule: Rule) -> Family:
    """The family RULE belongs to."""
    return FAMILIES[rule.family]


def teaching_order() -> list[str]:
    """Every family's name, in the order students meet them: by problem, then as declared."""
    return [family.name for family in sorted(_DECLARED, key=lambda family: family.problem)]


_add(list(SEED_RULES), [], origin=__name__)
for _found in pkgutil.iter_modules(__path__):  # the seeds' modules again (nothing new), then any other
    if _found.name != "base":
        register(importlib.import_module(f"{__name__}.{_found.name}"))

__all__ = [
    "FAMILIES",
    "FOLDS",
    "MEMORY",
    "QUANTITIES",
    "READABLE",
    "RULES",
    "SINGLE_STEPS",
    "STEPS",
    "UPDATES",
    "Concept",
    "Example",
    "Family",
    "Memory",
    "Rule",
    "Story",
    "StoryTurn",
    "family_of",
    "register",
    "rules_of_family",
    "teaching_order",
    "unregister",
    "why_unreadable",
]
