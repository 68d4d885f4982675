"""The rule registry: every rule of every seed, each written once, looked up by id."""

from hogkit.rules.base import FAMILIES, REQUIRED_FAMILIES, Concept, Example, Rule, Story, StoryTurn
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

RULES: dict[str, Rule] = {
    rule.id: rule
    for rule in (
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
}


def rules_of_family(family: str) -> list[Rule]:
    """All registered rules of one family, in registry order."""
    return [rule for rule in RULES.values() if rule.family == family]


__all__ = [
    "FAMILIES",
    "REQUIRED_FAMILIES",
    "RULES",
    "Concept",
    "Example",
    "Rule",
    "Story",
    "StoryTurn",
    "rules_of_family",
]
