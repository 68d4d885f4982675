"""Swine Swap, su18 form: the mover's ones digit equals the opponent's tens digit."""

from hogkit.rules.base import Concept, Example, Rule, Story, StoryTurn
from hogkit.rules.swine_swap import SWAP_CONCEPT


def is_swap(player_score, opponent_score):
    """Return whether the scores trade places: they do when the ones digit of PLAYER_SCORE
    (the player who just moved) equals the tens digit of OPPONENT_SCORE."""
    # BEGIN SOLUTION
    return player_score % 10 == opponent_score // 10 % 10
    # END SOLUTION


_CONTEXT = frozenset({"swine_swap_ones_tens", "pig_out"})

SWINE_SWAP_ONES_TENS = Rule(
    id="swine_swap_ones_tens",
    family="post_turn",
    kind="swap",
    title="Swine Swap",
    summary=(
        "After a turn's points are added, if the ones digit of the mover's score equals the "
        "tens digit of the opponent's score, the players swap scores. A score under 10 has a "
        "tens digit of 0."
    ),
    functions=(is_swap,),
    hook=is_swap,
    strategy="swap_strategy",
    seed="000",
    examples=(
        Example("is_swap(41 + 8, 92)", True, "49 and 92: ones digit 9, tens digit 9: swap."),
        Example("is_swap(34 + 6, 5)", True, "40 and 05: ones digit 0, tens digit 0: swap."),
        Example("is_swap(91 + 20, 12)", True, "111 and 12: ones digit 1, tens digit 1: swap."),
        Example("is_swap(92, 49)", False, "Order matters: 2 is not 4."),
    ),
    stories=(
        Story(
            title="A swap to 92",
            start=(41, 92),
            requires=_CONTEXT,
            turns=(StoryTurn(0, 2, (4, 4), (92, 49), "2 dice total 8: 49 against 92 swaps."),),
        ),
        Story(
            title="A swap down to 5",
            start=(34, 5),
            requires=_CONTEXT,
            turns=(StoryTurn(0, 3, (2, 2, 2), (5, 40), "3 dice total 6: 40 against 05 swaps."),),
        ),
        Story(
            title="A swap that hands the opponent the win",
            start=(91, 12),
            requires=_CONTEXT,
            turns=(StoryTurn(0, 5, (4, 4, 4, 4, 4), (12, 111), "111 against 12 swaps."),),
        ),
    ),
    concepts=(
        Concept(
            prompt="The mover ends a turn with 63 and the opponent has 38. Do they swap?",
            answer="Yes: 3 (ones of 63) equals 3 (tens of 38)",
            wrong=("No: 6 is not 8", "No: 63 is not a multiple of 38"),
        ),
        SWAP_CONCEPT,
    ),
)
