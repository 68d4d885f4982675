"""Free Bacon, fa20 form: three more than a digit of pi picked by the opponent's score."""

from hogkit.rules.base import Concept, Example, Rule

FIRST_101_DIGITS_OF_PI = 31415926535897932384626433832795028841971693993751058209749445923078164062862089986280348253421170679  # noqa: E501


def free_bacon(score):
    """Return the points for rolling zero dice when the opponent has SCORE points: 3 more
    than the digit of pi SCORE places after the decimal point (the 3 in front of the
    point when SCORE is 0).

    score:  the opponent's current score.
    """
    assert score < 100, 'The game should be over.'
    pi = FIRST_101_DIGITS_OF_PI

    # Keep only the first SCORE + 1 digits of pi, so that its last digit is the one wanted.
    # BEGIN SOLUTION
    pi = pi // 10 ** (100 - score)
    # END SOLUTION

    return pi % 10 + 3


FREE_BACON_PI = Rule(
    id="free_bacon_pi",
    family="zero_dice",
    title="Free Bacon",
    summary=(
        "A player who rolls zero dice scores k + 3, where k is the digit of pi as many places "
        "after the decimal point as the opponent has points (with no points, the 3 in front of "
        "the point)."
    ),
    functions=(free_bacon,),
    hook=free_bacon,
    strategy="bacon_strategy",
    inputs=(("score", "opponent_score"),),
    seed="",
    constants=(("FIRST_101_DIGITS_OF_PI", str(FIRST_101_DIGITS_OF_PI)),),
    examples=(
        Example("free_bacon(0)", 6, "No points: the 3 in front of the decimal point, 3 + 3 = 6."),
        Example("free_bacon(1)", 4, "The first digit after the point is 1: 1 + 3 = 4."),
        Example("free_bacon(2)", 7, "The second digit after the point is 4: 4 + 3 = 7."),
        Example("free_bacon(42)", 12, "The 42nd digit after the point is 9: 9 + 3 = 12."),
        Example("free_bacon(13)", 10, "The 13th digit after the point is 7: 7 + 3 = 10."),
        Example("free_bacon(85)", 3, "The 85th digit after the point is 0: 0 + 3 = 3."),
        Example("free_bacon(99)", 10, "The 99th digit after the point is 7: 7 + 3 = 10."),
    ),
    concepts=(
        Concept(
            prompt="The opponent has 3 points. How many points does Free Bacon give?",
            answer="4",
            wrong=("7", "6", "5"),
        ),
        Concept(
            prompt="The opponent has no points yet. Which digit of pi does Free Bacon use?",
            answer="The 3 in front of the decimal point",
            wrong=("The 1 just after the decimal point", "None: it scores 3", "The last of the 101 digits"),
        ),
    ),
)
