"""Swine Swap in its four seed forms: the scores trade places when a condition holds.

Each form's condition is a function named ``is_swap(player_score, opponent_score)``; they live
in their own small modules (one home each) and share the strategy of Problem 11.
"""

from hogkit.rules.base import Concept

SWAP_CONCEPT = Concept(
    prompt="A swap hands the opponent 100 points. Who wins?",
    answer="The opponent: the swap happens before the check for the goal",
    wrong=("The player who moved: they reached 100 first", "Nobody: the game goes on"),
)
