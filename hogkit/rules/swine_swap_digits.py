"""Swine Swap, fa19 form: first digit times last digit, compared between the two scores."""

from hogkit.rules.base import Concept, Example, Rule
from hogkit.rules.swine_swap import SWAP_CONCEPT


def is_swap(player_score, opponent_score):
    """Return whether the scores trade places: they do when the first digit times the last
    digit of PLAYER_SCORE equals the same product for OPPONENT_SCORE."""
    # BEGIN SOLUTION
    def first_times_last(score):
        first = score
        while first >= 10:
            first = first // 10
        return first * (score % 10)

    return first_times_last(player_score) == first_times_last(opponent_score)
    # END SOLUTION


SWINE_SWAP_DIGITS = Rule(
    id="swine_swap_digits",
    family="post_turn",
    kind="swap",
    title="Swine Swap",
    summary=(
        "After a turn's points are added, multiply the first (leftmost) digit of each score by "
        "its last (rightmost) digit. If the two products are equal, the players swap scores."
    ),
    functions=(is_swap,),
    hook=is_swap,
    strategy="swap_strategy",
    seed="004",
    examples=(
        Example("is_swap(2, 4)", False, "2 * 2 is not 4 * 4: no swap."),
        Example("is_swap(22, 4)", False, "2 * 2 is not 4 * 4: no swap."),
        Example("is_swap(28, 4)", True, "2 * 8 == 4 * 4: the scores swap."),
        Example("is_swap(124, 2)", True, "1 * 4 == 2 * 2: the scores swap."),
        Example("is_swap(44, 28)", True, "4 * 4 == 2 * 8: the scores swap."),
        Example("is_swap(2, 0)", False, "2 * 2 is not 0 * 0: no swap."),
        Example("is_swap(10, 0)", True, "1 * 0 == 0 * 0: the scores swap."),
    ),
    concepts=(
        Concept(
            prompt="Which digits of 124 does this Swine Swap multiply?",
            answer="1 and 4",
            wrong=("2 and 4", "1, 2 and 4", "1 and 2"),
        ),
        SWAP_CONCEPT,
    ),
)
