"""Free Bacon, fa17 form: one more than the larger digit of the opponent's score."""

from hogkit.rules.base import Concept, Example, Rule


def free_bacon(score):
    """Return the points for rolling zero dice when the opponent has SCORE points:
    1 plus the larger of SCORE's tens and ones digits.

    score:  the opponent's current score (a score under 10 has a tens digit of 0).
    """
    assert score >= 0, 'A score is never negative.'
    # BEGIN SOLUTION
    tens, ones = score // 10 % 10, score % 10
    return 1 + max(tens, ones)
    # END SOLUTION


FREE_BACON_MAX = Rule(
    id="free_bacon_max",
    family="zero_dice",
    title="Free Bacon",
    summary=(
        "A player who rolls zero dice scores one more than the larger of the two digits of the "
        "opponent's score."
    ),
    functions=(free_bacon,),
    hook=free_bacon,
    strategy="bacon_strategy",
    inputs=(("score", "opponent_score"),),
    seed="001",
    examples=(
        Example("free_bacon(42)", 5, "1 + max(4, 2) = 5 points."),
        Example("free_bacon(48)", 9, "1 + max(4, 8) = 9 points."),
        Example("free_bacon(7)", 8, "7 has digits 0 and 7: 1 + max(0, 7) = 8 points."),
    ),
    concepts=(
        Concept(
            prompt="The opponent has 90 points. How many points does Free Bacon give?",
            answer="10",
            wrong=("1", "9", "91"),
        ),
    ),
)
