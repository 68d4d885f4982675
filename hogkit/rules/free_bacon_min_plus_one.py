"""Free Bacon, sp19 form: one more than the smaller digit of the opponent's score."""

from hogkit.rules.base import Concept, Example, Rule


def free_bacon(score):
    """Return the points for rolling zero dice when the opponent has SCORE points:
    one more than the smaller of SCORE's tens and ones digits.

    score:  the opponent's current score (a score under 10 has a tens digit of 0).
    """
    assert score >= 0, 'A score is never negative.'
    # BEGIN SOLUTION
    tens, ones = score // 10 % 10, score % 10
    return 1 + min(tens, ones)
    # END SOLUTION


FREE_BACON_MIN_PLUS_ONE = Rule(
    id="free_bacon_min_plus_one",
    family="zero_dice",
    title="Free Bacon",
    summary=(
        "A player who rolls zero dice scores one more than the smaller of the two digits (tens "
        "and ones) of the opponent's score. A score under 10 has a tens digit of 0."
    ),
    functions=(free_bacon,),
    hook=free_bacon,
    strategy="bacon_strategy",
    inputs=(("score", "opponent_score"),),
    seed="",
    examples=(
        Example("free_bacon(10)", 1, "The smaller of 1 and 0 is 0, so 1 + 0 = 1 point."),
        Example("free_bacon(39)", 4, "The smaller of 3 and 9 is 3, so 1 + 3 = 4 points."),
        Example("free_bacon(35)", 4, "The smaller of 3 and 5 is 3: 4 points."),
        Example("free_bacon(71)", 2, "The smaller of 7 and 1 is 1: 2 points."),
        Example("free_bacon(7)", 1, "7 has digits 0 and 7; the smaller is 0: 1 point."),
        Example("free_bacon(99)", 10, "Both digits are 9: 1 + 9 = 10 points."),
        Example("free_bacon(57)", 6, "The smaller of 5 and 7 is 5: 6 points."),
    ),
    concepts=(
        Concept(
            prompt="The opponent has 60 points. How many points does Free Bacon give?",
            answer="1",
            wrong=("7", "6", "10"),
        ),
        Concept(
            prompt="Which opponent's scores give the most Free Bacon points?",
            answer="Only 99: both digits must be 9",
            wrong=("Any score with a 9 in it", "Scores under 10", "Multiples of 10"),
        ),
    ),
)
