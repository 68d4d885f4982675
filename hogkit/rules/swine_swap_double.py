"""Swine Swap, fa17 form: one score is exactly double the other."""

from hogkit.rules.base import Concept, Example, Rule, Story, StoryTurn
from hogkit.rules.swine_swap import SWAP_CONCEPT


def is_swap(player_score, opponent_score):
    """Return whether the scores trade places: they do when one score is exactly twice
    the other."""
    # BEGIN SOLUTION
    return player_score == 2 * opponent_score or opponent_score == 2 * player_score
    # END SOLUTION


_CONTEXT = frozenset({"swine_swap_double", "pig_out_count", "hogtimus_prime", "hog_wild"})

SWINE_SWAP_DOUBLE = Rule(
    id="swine_swap_double",
    family="post_turn",
    kind="swap",
    title="Swine Swap",
    summary=(
        "After a turn's points are added, if one of the scores is exactly double the other, "
        "the players swap scores."
    ),
    functions=(is_swap,),
    hook=is_swap,
    strategy="swap_strategy",
    seed="001",
    examples=(
        Example("is_swap(37 + 9, 92)", True, "46 is half of 92: the scores swap."),
        Example("is_swap(91 + 19, 55)", True, "110 is double 55: the scores swap."),
        Example("is_swap(30, 45)", False, "Neither is double the other."),
    ),
    stories=(
        Story(
            title="A swap to 92",
            start=(37, 92),
            requires=_CONTEXT,
            turns=(StoryTurn(0, 2, (4, 5), (92, 46), "2 dice total 9: 46 is half of 92."),),
        ),
        Story(
            title="A prime boost, then a swap that hands the opponent the win",
            start=(91, 55),
            requires=_CONTEXT,
            turns=(
                StoryTurn(
                    0, 5, (3, 3, 3, 4, 4), (55, 110),
                    "17 is prime and rises to 19: 110 is double 55, so the scores swap.",
                ),
            ),
        ),
    ),
    concepts=(
        Concept(
            prompt="After a turn the scores are 30 and 60. Do they swap?",
            answer="Yes: 60 is double 30",
            wrong=("No: only the mover's score counts", "No: 60 is not 30 + 2"),
        ),
        SWAP_CONCEPT,
    ),
)
