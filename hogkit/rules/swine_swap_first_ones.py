"""Swine Swap, su19 form: the mover's first digit equals the opponent's ones digit."""

from hogkit.rules.base import Concept, Example, Rule, Story, StoryTurn
from hogkit.rules.swine_swap import SWAP_CONCEPT


def is_swap(player_score, opponent_score):
    """Return whether the scores trade places: they do when the first (leftmost) digit of
    PLAYER_SCORE, the score of the player who just moved, equals the ones digit of
    OPPONENT_SCORE. A score under 10 is its own first digit."""
    # BEGIN SOLUTION
    first = player_score
    while first >= 10:
        first = first // 10
    return first == opponent_score % 10
    # END SOLUTION


SWINE_SWAP_FIRST_ONES = Rule(
    id="swine_swap_first_ones",
    family="post_turn",
    kind="swap",
    title="Swine Swap",
    summary=(
        "After a turn's points are added, if the first (leftmost) digit of the mover's score "
        "equals the ones (rightmost) digit of the opponent's score, the players swap scores. "
        "Only the mover's first digit counts, so the order of the scores matters."
    ),
    functions=(is_swap,),
    hook=is_swap,
    strategy="swap_strategy",
    seed="",
    examples=(
        Example("is_swap(56, 35)", True, "The first digit of 56 is 5, the ones digit of 35 is 5: swap."),
        Example("is_swap(56, 32)", False, "5 is not 2: no swap."),
        Example("is_swap(19, 19)", False, "The first digit 1 is not the ones digit 9: no swap."),
        Example("is_swap(26, 2)", True, "2 and 2: swap."),
        Example("is_swap(12, 2)", False, "1 is not 2: no swap."),
        Example("is_swap(134, 51)", True, "The first digit of 134 is 1, the ones digit of 51 is 1: swap."),
        Example("is_swap(85, 108)", True, "8 and 8: swap."),
        Example("is_swap(10, 16)", False, "1 is not 6: no swap."),
    ),
    stories=(
        Story(
            title="A swap that hands Player 0 the win",
            start=(39, 96),
            requires=frozenset({"pig_out", "swine_swap_first_ones"}),
            turns=(
                StoryTurn(0, 1, (2,), (41, 96), "41 starts with 4; 96 ends in 6: no swap."),
                StoryTurn(1, 4, (2, 2, 2, 2), (104, 41),
                          "96 + 8 = 104 starts with 1, and 41 ends in 1: they swap, and Player 0 has won."),
            ),
        ),
    ),
    concepts=(
        Concept(
            prompt="Player 0 ends a turn with 72 and Player 1 has 27. Do they swap?",
            answer="Yes: 7, the first digit of 72, is the ones digit of 27",
            wrong=("No: 2 is not 7", "No: the scores have no digit in common"),
        ),
        SWAP_CONCEPT,
    ),
)
