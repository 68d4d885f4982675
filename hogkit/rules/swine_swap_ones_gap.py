"""Swine Swap, su20 form: the gap between the ones digits equals the opponent's tens digit."""

from hogkit.rules.base import Concept, Example, Rule
from hogkit.rules.swine_swap import SWAP_CONCEPT


def is_swap(player_score, opponent_score):
    """Return whether the scores trade places: they do when the absolute difference between
    the ones digits of PLAYER_SCORE (the player who just moved) and OPPONENT_SCORE equals the
    tens digit of OPPONENT_SCORE (its second digit from the right; 0 under 10)."""
    # BEGIN SOLUTION
    gap = abs(player_score % 10 - opponent_score % 10)
    return gap == opponent_score // 10 % 10
    # END SOLUTION


SWINE_SWAP_ONES_GAP = Rule(
    id="swine_swap_ones_gap",
    family="post_turn",
    kind="swap",
    title="Swine Swap",
    summary=(
        "After a turn's points are added, if the absolute difference between the ones digits "
        "of the mover's score and of the opponent's score equals the tens digit of the "
        "opponent's score, the players swap scores. The order of the scores matters."
    ),
    functions=(is_swap,),
    hook=is_swap,
    strategy="swap_strategy",
    seed="",
    # the course's own tests call it on scores up to 999
    domains=(("is_swap.player_score", "0..999"), ("is_swap.opponent_score", "0..999")),
    examples=(
        Example("is_swap(6, 2)", False, "abs(6 - 2) = 4, and 2 has a tens digit of 0: no swap."),
        Example("is_swap(17, 65)", False, "abs(7 - 5) = 2 is not 6: no swap."),
        Example("is_swap(55, 23)", True, "abs(5 - 3) = 2 is the tens digit of 23: swap."),
        Example("is_swap(89, 54)", True, "abs(9 - 4) = 5 is the tens digit of 54: swap."),
        Example("is_swap(11, 1)", True, "abs(1 - 1) = 0 is the tens digit of 1: swap."),
        Example("is_swap(1, 0)", False, "abs(1 - 0) = 1, not 0: no swap."),
        Example("is_swap(15, 23)", True, "abs(5 - 3) = 2: swap."),
        Example("is_swap(23, 4)", False, "abs(3 - 4) = 1, not 0: no swap."),
    ),
    concepts=(
        Concept(
            prompt="The mover ends a turn with 23 and the opponent has 15. Do they swap?",
            answer="No: abs(3 - 5) = 2 is not 1, the tens digit of 15",
            wrong=("Yes: abs(5 - 3) = 2 is the tens digit of 23", "Yes: the digits 2, 3 and 1, 5 add up alike"),
        ),
        SWAP_CONCEPT,
    ),
)
