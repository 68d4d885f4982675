"""Swine Swap, sp20 form: 3 to the power of the sum of the scores starts and ends with one digit."""

from hogkit.rules.base import Concept, Example, Rule
from hogkit.rules.swine_swap import SWAP_CONCEPT


def is_swap(player_score, opponent_score):
    """Return whether the scores trade places: they do when 3 to the power of the sum of
    PLAYER_SCORE and OPPONENT_SCORE has the same first (leftmost) and last (rightmost)
    digit."""
    # BEGIN SOLUTION
    excitement = 3 ** (player_score + opponent_score)
    first = excitement
    while first >= 10:
        first = first // 10
    return first == excitement % 10
    # END SOLUTION


SWINE_SWAP_EXCITEMENT = Rule(
    id="swine_swap_excitement",
    family="post_turn",
    kind="swap",
    title="Swine Swap",
    summary=(
        "After a turn's points are added, raise 3 to the power of the sum of both scores. If "
        "the first (leftmost) and last (rightmost) digits of that number are equal, the players "
        "swap scores."
    ),
    functions=(is_swap,),
    hook=is_swap,
    strategy="swap_strategy",
    seed="",
    # the course's own tests call it on scores up to 999
    domains=(("is_swap.player_score", "0..999"), ("is_swap.opponent_score", "0..999")),
    examples=(
        Example("is_swap(2, 4)", False, "3 ** 6 = 729: 7 is not 9, no swap."),
        Example("is_swap(11, 1)", False, "3 ** 12 = 531441: 5 is not 1, no swap."),
        Example("is_swap(1, 0)", True, "3 ** 1 = 3: a single digit is both first and last, swap."),
        Example("is_swap(23, 4)", True, "3 ** 27 = 7625597484987 starts and ends with 7: swap."),
        Example("is_swap(10, 3)", False, "3 ** 13 = 1594323: 1 is not 3, no swap."),
        Example("is_swap(92, 3)", False, "3 ** 95 starts with 2 and ends with 7: no swap."),
    ),
    concepts=(
        Concept(
            prompt="Does the order of the two scores matter for this Swine Swap?",
            answer="No: only their sum counts",
            wrong=("Yes: the mover's score is the exponent", "Only when the scores are equal"),
        ),
        SWAP_CONCEPT,
    ),
)
