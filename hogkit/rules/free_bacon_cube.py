"""Free Bacon, sp20 form: one more than the alternating digit sum of the opponent's score cubed."""

from hogkit.rules.base import Concept, Example, Rule


def free_bacon(score):
    """Return the points for rolling zero dice when the opponent has SCORE points.

    Cube SCORE and add up the digits of the cube with alternating signs (the ones digit
    plus, the tens digit minus, the hundreds digit plus, ...). The points are one more
    than the absolute value of that sum.

    score:  the opponent's current score.
    """
    assert score >= 0, 'A score is never negative.'
    # BEGIN SOLUTION
    cube, total, sign = score ** 3, 0, 1
    while cube > 0:
        total = total + sign * (cube % 10)
        cube, sign = cube // 10, -sign
    return 1 + abs(total)
    # END SOLUTION


FREE_BACON_CUBE = Rule(
    id="free_bacon_cube",
    family="zero_dice",
    title="Free Bacon",
    summary=(
        "A player who rolls zero dice cubes the opponent's score and adds the digits of the "
        "cube with alternating signs, starting from either end; the turn scores one more than "
        "the absolute value of that sum."
    ),
    functions=(free_bacon,),
    hook=free_bacon,
    strategy="bacon_strategy",
    inputs=(("score", "opponent_score"),),
    seed="",
    examples=(
        Example("free_bacon(4)", 3, "4 cubed is 64: 1 + abs(4 - 6) = 3 points."),
        Example("free_bacon(1)", 2, "1 cubed is 1: 1 + 1 = 2 points."),
        Example("free_bacon(20)", 9, "20 cubed is 8000: 1 + abs(0 - 0 + 0 - 8) = 9 points."),
        Example("free_bacon(45)", 13, "45 cubed is 91125: 1 + abs(5 - 2 + 1 - 1 + 9) = 13 points."),
        Example("free_bacon(0)", 1, "0 cubed is 0, whose digits add up to 0: 1 point."),
        Example("free_bacon(9)", 15, "9 cubed is 729: 1 + abs(9 - 2 + 7) = 15 points."),
        Example("free_bacon(99)", 1, "99 cubed is 970299: 9 - 9 + 2 - 0 + 7 - 9 = 0, so 1 point."),
    ),
    concepts=(
        Concept(
            prompt="The opponent has 3 points. How many points does Free Bacon give?",
            answer="6",
            wrong=("4", "28", "10"),
        ),
        Concept(
            prompt="Does it matter whether the alternating sum starts with a plus at the ones digit "
                   "or at the leftmost digit?",
            answer="No: the two sums differ only in sign, and the absolute value removes it",
            wrong=("Yes: the points differ by 1", "Yes: only the ones digit may start",
                   "Only for cubes with an odd number of digits"),
        ),
    ),
)
