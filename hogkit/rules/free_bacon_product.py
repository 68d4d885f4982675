"""Free Bacon, su18 form: one more than the last digit of the product of the digits."""

from hogkit.rules.base import Concept, Example, Rule


def free_bacon(score):
    """Return the points for rolling zero dice when the opponent has SCORE points:
    1 plus the ones digit of (tens digit of SCORE) * (ones digit of SCORE).

    score:  the opponent's current score (a score under 10 has a tens digit of 0).
    """
    assert score >= 0, 'A score is never negative.'
    # BEGIN SOLUTION
    tens, ones = score // 10 % 10, score % 10
    return 1 + tens * ones % 10
    # END SOLUTION


FREE_BACON_PRODUCT = Rule(
    id="free_bacon_product",
    family="zero_dice",
    title="Free Bacon",
    summary=(
        "A player who rolls zero dice multiplies the two digits of the opponent's score and "
        "scores one more than the last digit of that product."
    ),
    functions=(free_bacon,),
    hook=free_bacon,
    strategy="bacon_strategy",
    inputs=(("score", "opponent_score"),),
    seed="000",
    examples=(
        Example("free_bacon(46)", 5, "4 * 6 = 24, whose last digit is 4: 4 + 1 = 5 points."),
        Example("free_bacon(28)", 7, "2 * 8 = 16, whose last digit is 6: 6 + 1 = 7 points."),
        Example("free_bacon(5)", 1, "0 * 5 = 0, whose last digit is 0: 0 + 1 = 1 point."),
    ),
    concepts=(
        Concept(
            prompt="The opponent has 39 points. How many points does Free Bacon give?",
            answer="8",
            wrong=("28", "13", "3"),
        ),
    ),
)
