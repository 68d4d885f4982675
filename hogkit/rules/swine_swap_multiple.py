"""Swine Swap, sp18 form: both scores above 1 and one a multiple of the other."""

from hogkit.rules.base import Concept, Example, Rule, Story, StoryTurn
from hogkit.rules.swine_swap import SWAP_CONCEPT


def is_swap(player_score, opponent_score):
    """Return whether the scores trade places: they do when both are larger than 1 and
    one of them is a whole multiple of the other."""
    # BEGIN SOLUTION
    if player_score <= 1 or opponent_score <= 1:
        return False
    return player_score % opponent_score == 0 or opponent_score % player_score == 0
    # END SOLUTION


_CONTEXT = frozenset({"swine_swap_multiple", "pig_out"})

SWINE_SWAP_MULTIPLE = Rule(
    id="swine_swap_multiple",
    family="post_turn",
    kind="swap",
    title="Swine Swap",
    summary=(
        "After a turn's points are added, if both scores are larger than 1 and one of them is "
        "a whole multiple of the other, the players swap scores."
    ),
    functions=(is_swap,),
    hook=is_swap,
    strategy="swap_strategy",
    seed="003",
    examples=(
        Example("is_swap(37 + 9, 92)", True, "92 is twice 46: the scores swap."),
        Example("is_swap(91 + 20, 37)", True, "111 is 3 times 37: the scores swap."),
        Example("is_swap(5, 1)", False, "1 is not larger than 1: no swap."),
        Example("is_swap(21, 6)", False, "Neither is a multiple of the other."),
    ),
    stories=(
        Story(
            title="A swap to 92",
            start=(37, 92),
            requires=_CONTEXT,
            turns=(StoryTurn(0, 2, (4, 5), (92, 46), "2 dice total 9: 46 is half of 92."),),
        ),
        Story(
            title="A swap that hands the opponent the win",
            start=(91, 37),
            requires=_CONTEXT,
            turns=(
                StoryTurn(0, 5, (4, 4, 4, 4, 4), (37, 111), "111 is 3 * 37: the swap gives 111 away."),
            ),
        ),
    ),
    concepts=(
        Concept(
            prompt="At the end of a turn the scores are 1 and 7. Do they swap?",
            answer="No: both scores must be larger than 1",
            wrong=("Yes: 7 is a multiple of 1", "Yes: 1 divides everything"),
        ),
        SWAP_CONCEPT,
    ),
)
