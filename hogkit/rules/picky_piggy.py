"""Picky Piggy (fa21): rolling zero dice scores a digit of the decimal expansion of 1/7."""

from hogkit.rules.base import Concept, Example, Rule


def picky_piggy(score):
    """Return the points for rolling zero dice when the opponent has SCORE points: the
    SCOREth digit after the decimal point of 1/7 = 0.142857142857..., or 7 when SCORE is 0.

    score:  the opponent's current score.
    """
    assert score >= 0, 'A score is never negative.'
    # BEGIN SOLUTION
    digit, remainder = 7, 1
    while score > 0:  # long division of 1 by 7, one digit at a time
        digit, remainder = remainder * 10 // 7, remainder * 10 % 7
        score = score - 1
    return digit
    # END SOLUTION


PICKY_PIGGY = Rule(
    id="picky_piggy",
    family="zero_dice",
    title="Picky Piggy",
    summary=(
        "A player who rolls zero dice scores the digit of 1/7 = 0.142857142857... whose place "
        "after the decimal point is the opponent's score (the first digit, 1, for a score of 1). "
        "When the opponent has 0 points the turn scores 7."
    ),
    functions=(picky_piggy,),
    hook=picky_piggy,
    strategy="picky_piggy_strategy",
    inputs=(("score", "opponent_score"),),
    seed="",
    examples=(
        Example("picky_piggy(0)", 7, "A score of 0 has no digit to pick: 7 points."),
        Example("picky_piggy(1)", 1, "The first digit after the point of 0.142857... is 1."),
        Example("picky_piggy(2)", 4, "The second digit is 4."),
        Example("picky_piggy(5)", 5, "The fifth digit is 5."),
        Example("picky_piggy(3)", 2, "The third digit is 2."),
        Example("picky_piggy(24)", 7, "The digits repeat every 6 places: the 24th is the 6th, 7."),
        Example("picky_piggy(64)", 8, "64 is 4 past a multiple of 6: the 4th digit, 8."),
        Example("picky_piggy(12)", 7, "The 12th digit ends the second 142857: 7."),
        Example("picky_piggy(72)", 7, "72 is a multiple of 6: the last digit of a cycle, 7."),
        Example("picky_piggy(61)", 1, "61 is 1 past a multiple of 6: the 1st digit, 1."),
        Example("picky_piggy(439)", 1, "439 is 1 past a multiple of 6: 1 (any score has a digit)."),
    ),
    concepts=(
        Concept(
            prompt="The opponent has 8 points. How many points does Picky Piggy give?",
            answer="4",
            wrong=("8", "1", "7"),
        ),
        Concept(
            prompt="Which opponent's scores give the largest Picky Piggy turn, 8 points?",
            answer="Those 4 more than a multiple of 6 (4, 10, 16, ...)",
            wrong=("Only a score of 8", "Multiples of 7", "Scores that end in 8"),
        ),
    ),
)
