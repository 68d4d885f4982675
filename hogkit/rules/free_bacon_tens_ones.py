"""Free Bacon, su20 form: ten minus the opponent's ones digit, plus their tens digit."""

from hogkit.rules.base import Concept, Example, Rule


def free_bacon(score):
    """Return the points for rolling zero dice when the opponent has SCORE points:
    10, minus the ones digit of SCORE, plus its tens digit.

    score:  the opponent's current score (a score under 10 has a tens digit of 0).
    """
    assert score >= 0, 'A score is never negative.'
    # BEGIN SOLUTION
    tens, ones = score // 10 % 10, score % 10
    return 10 - ones + tens
    # END SOLUTION


FREE_BACON_TENS_ONES = Rule(
    id="free_bacon_tens_ones",
    family="zero_dice",
    title="Free Bacon",
    summary=(
        "A player who rolls zero dice scores 10 minus the ones digit of the opponent's score, "
        "plus its tens digit. A score under 10 has a tens digit of 0."
    ),
    functions=(free_bacon,),
    hook=free_bacon,
    strategy="bacon_strategy",
    inputs=(("score", "opponent_score"),),
    seed="",
    examples=(
        Example("free_bacon(32)", 11, "10 - 2 + 3 = 11 points."),
        Example("free_bacon(19)", 2, "10 - 9 + 1 = 2 points."),
        Example("free_bacon(80)", 18, "10 - 0 + 8 = 18 points."),
        Example("free_bacon(5)", 5, "5 has a tens digit of 0: 10 - 5 + 0 = 5 points."),
        Example("free_bacon(92)", 17, "10 - 2 + 9 = 17 points."),
        Example("free_bacon(9)", 1, "10 - 9 + 0 = 1 point."),
    ),
    concepts=(
        Concept(
            prompt="The opponent has 0 points. How many points does Free Bacon give?",
            answer="10",
            wrong=("0", "1", "11"),
        ),
        Concept(
            prompt="What is the most Free Bacon can give?",
            answer="19, against a score of 90",
            wrong=("10, against a score of 0", "18, against a score of 99", "20, against a score of 100"),
        ),
    ),
)
