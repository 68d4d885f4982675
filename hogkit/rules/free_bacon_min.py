"""Free Bacon, fa19 form: ten minus the smaller digit of the opponent's score."""

from hogkit.rules.base import Concept, Example, Rule


def free_bacon(score):
    """Return the points for rolling zero dice when the opponent has SCORE points:
    10 minus the smaller of SCORE's tens and ones digits.

    score:  the opponent's current score (a score under 10 has a tens digit of 0).
    """
    assert score >= 0, 'A score is never negative.'
    # BEGIN SOLUTION
    tens, ones = score // 10 % 10, score % 10
    return 10 - min(tens, ones)
    # END SOLUTION


FREE_BACON_MIN = Rule(
    id="free_bacon_min",
    family="zero_dice",
    title="Free Bacon",
    summary=(
        "A player who rolls zero dice scores ten minus the smaller of the two digits (tens and "
        "ones) of the opponent's score. A score under 10 has a tens digit of 0."
    ),
    functions=(free_bacon,),
    hook=free_bacon,
    strategy="bacon_strategy",
    inputs=(("score", "opponent_score"),),
    seed="004",
    examples=(
        Example("free_bacon(13)", 9, "The smaller of 1 and 3 is 1, so 10 - 1 = 9 points."),
        Example("free_bacon(85)", 5, "The smaller of 8 and 5 is 5, so 10 - 5 = 5 points."),
        Example("free_bacon(7)", 10, "7 has digits 0 and 7; the smaller is 0, so 10 points."),
    ),
    concepts=(
        Concept(
            prompt="The opponent has 7 points. Which two digits does Free Bacon compare?",
            answer="0 and 7",
            wrong=("7 and 7", "1 and 7", "Only 7"),
        ),
        Concept(
            prompt="What is the most a player can score with Free Bacon?",
            answer="10",
            wrong=("9", "19", "1"),
        ),
    ),
)
