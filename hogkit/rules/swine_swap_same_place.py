"""Swine Swap, sp19 form: the two scores share a digit in the same place."""

from hogkit.rules.base import Concept, Example, Rule, Story, StoryTurn
from hogkit.rules.swine_swap import SWAP_CONCEPT


def is_swap(player_score, opponent_score):
    """Return whether the scores trade places: they do when PLAYER_SCORE and OPPONENT_SCORE
    have the same digit in the same place (both ones digits, both tens digits, ...). Only
    digits a score really has count: 7 has no tens digit, and 0 has no digits at all."""
    # BEGIN SOLUTION
    while player_score > 0 and opponent_score > 0:
        if player_score % 10 == opponent_score % 10:
            return True
        player_score, opponent_score = player_score // 10, opponent_score // 10
    return False
    # END SOLUTION


SWINE_SWAP_SAME_PLACE = Rule(
    id="swine_swap_same_place",
    family="post_turn",
    kind="swap",
    title="Swine Swap",
    summary=(
        "After a turn's points are added, if the two scores have the same digit in the same "
        "place (both ones digits, or both tens digits, or both hundreds digits), the players "
        "swap scores. Only the digits a score really has count: a score under 10 has no tens "
        "digit, and 0 has no digits."
    ),
    functions=(is_swap,),
    hook=is_swap,
    strategy="swap_strategy",
    seed="",
    examples=(
        Example("is_swap(43, 83)", True, "Both ones digits are 3: swap."),
        Example("is_swap(51, 52)", True, "Both tens digits are 5: swap."),
        Example("is_swap(8, 2)", False, "8 and 2 differ, and neither has a tens digit: no swap."),
        Example("is_swap(117, 14)", True, "Both tens digits are 1: swap."),
        Example("is_swap(20, 0)", False, "0 has no digits, so nothing matches: no swap."),
        Example("is_swap(19, 91)", False, "9 is not 1 and 1 is not 9: no swap."),
        Example("is_swap(108, 7)", False, "8 is not 7, and 7 has no tens digit: no swap."),
        Example("is_swap(10, 16)", True, "Both tens digits are 1: swap."),
    ),
    stories=(
        Story(
            title="A swap that hands Player 0 the win",
            start=(42, 96),
            requires=frozenset({"pig_out", "swine_swap_same_place"}),
            turns=(
                StoryTurn(0, 1, (2,), (44, 96), "44 and 96 share no digit in the same place."),
                StoryTurn(1, 4, (2, 2, 2, 2), (104, 44),
                          "96 + 8 = 104 shares its ones digit 4 with 44: they swap, and Player 0 has won."),
            ),
        ),
    ),
    concepts=(
        Concept(
            prompt="The scores after a turn are 25 and 5. Do they swap?",
            answer="Yes: both ones digits are 5",
            wrong=("No: 5 has no tens digit to compare", "No: 2 is not 5"),
        ),
        SWAP_CONCEPT,
    ),
)
