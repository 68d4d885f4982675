"""Free Bacon, sp18 form: two more than the gap between the opponent's digits."""

from hogkit.rules.base import Concept, Example, Rule


def free_bacon(score):
    """Return the points for rolling zero dice when the opponent has SCORE points:
    2 plus the absolute difference between SCORE's tens and ones digits.

    score:  the opponent's current score (a score under 10 has a tens digit of 0).
    """
    assert score >= 0, 'A score is never negative.'
    # BEGIN SOLUTION
    tens, ones = score // 10 % 10, score % 10
    return 2 + abs(tens - ones)
    # END SOLUTION


FREE_BACON_DIFF = Rule(
    id="free_bacon_diff",
    family="zero_dice",
    title="Free Bacon",
    summary=(
        "A player who rolls zero dice scores two more than the absolute difference between the "
        "tens and ones digits of the opponent's score."
    ),
    functions=(free_bacon,),
    hook=free_bacon,
    strategy="bacon_strategy",
    inputs=(("score", "opponent_score"),),
    seed="003",
    examples=(
        Example(
            "free_bacon(42)",
            4,
            "2 + abs(4 - 2) = 4 points.",
            erratum="The seed prints 6 for this sum; its own formula gives 2 + 2 = 4.",
        ),
        Example("free_bacon(38)", 7, "2 + abs(3 - 8) = 7 points."),
        Example("free_bacon(7)", 9, "7 has digits 0 and 7: 2 + abs(0 - 7) = 9 points."),
    ),
    concepts=(
        Concept(
            prompt="The opponent has 55 points. How many points does Free Bacon give?",
            answer="2",
            wrong=("0", "12", "7"),
        ),
    ),
)
