"""Piggy Points, sp21 form: three more than the smallest digit of the opponent's score squared."""

from hogkit.rules.base import Concept, Example, Rule


def piggy_points(score):
    """Return the points for rolling zero dice when the opponent has SCORE points: 3 more
    than the smallest digit of SCORE * SCORE.

    score:  the opponent's current score.
    """
    # BEGIN SOLUTION
    square = score * score
    smallest = square % 10
    while square >= 10:
        square = square // 10
        smallest = min(smallest, square % 10)
    return smallest + 3
    # END SOLUTION


PIGGY_POINTS_SQUARE = Rule(
    id="piggy_points_square",
    family="zero_dice",
    title="Piggy Points",
    summary=(
        "A player who rolls zero dice scores k + 3, where k is the smallest digit of the square "
        "of the opponent's score."
    ),
    functions=(piggy_points,),
    hook=piggy_points,
    strategy="piggypoints_strategy",
    inputs=(("score", "opponent_score"),),
    seed="",
    examples=(
        Example("piggy_points(4)", 4, "4 * 4 = 16, whose smallest digit is 1: 1 + 3 = 4."),
        Example("piggy_points(10)", 3, "10 * 10 = 100, whose smallest digit is 0: 3 points."),
        Example("piggy_points(94)", 6, "94 * 94 = 8836, whose smallest digit is 3: 6 points."),
        Example("piggy_points(0)", 3, "0 * 0 = 0: 0 + 3 = 3."),
        Example("piggy_points(24)", 8, "24 * 24 = 576, whose smallest digit is 5: 8 points."),
        Example("piggy_points(13)", 4, "13 * 13 = 169, whose smallest digit is 1: 4 points."),
        Example("piggy_points(64)", 3, "64 * 64 = 4096, whose smallest digit is 0: 3 points."),
        Example("piggy_points(12)", 4, "12 * 12 = 144, whose smallest digit is 1: 4 points."),
    ),
    concepts=(
        Concept(
            prompt="The opponent has 5 points. How many points does Piggy Points give?",
            answer="5",
            wrong=("8", "6", "28"),
        ),
        Concept(
            prompt="Whose digits does Piggy Points look at?",
            answer="Those of the opponent's score squared",
            wrong=("Those of the opponent's score", "Those of the mover's score squared",
                   "Those of the sum of both scores"),
        ),
    ),
)
