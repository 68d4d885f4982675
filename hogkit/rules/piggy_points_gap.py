"""Piggy Points, su21 form: four more than the gap between the last two digits of the opponent's score."""

from hogkit.rules.base import Concept, Example, Rule


def piggy_points(score):
    """Return the points for rolling zero dice when the opponent has SCORE points: 4 more
    than the absolute difference between the tens and ones digits of SCORE (a score
    under 10 has a tens digit of 0; any hundreds are left out).

    score:  the opponent's current score.
    """
    # BEGIN SOLUTION
    tens, ones = score // 10 % 10, score % 10
    return abs(tens - ones) + 4
    # END SOLUTION


PIGGY_POINTS_GAP = Rule(
    id="piggy_points_gap",
    family="zero_dice",
    title="Piggy Points",
    summary=(
        "A player who rolls zero dice scores 4 more than the absolute difference between the "
        "tens and ones digits of the opponent's score. A score under 10 has a tens digit of 0."
    ),
    functions=(piggy_points,),
    hook=piggy_points,
    strategy="piggypoints_strategy",
    inputs=(("score", "opponent_score"),),
    seed="",
    # the course's own tests call it on scores up to 439: the tens digit is the second from the right
    domains=(("piggy_points.score", "0..999"),),
    examples=(
        Example("piggy_points(14)", 7, "abs(1 - 4) + 4 = 7."),
        Example("piggy_points(50)", 9, "abs(5 - 0) + 4 = 9."),
        Example("piggy_points(9)", 13, "9 has a tens digit of 0: abs(0 - 9) + 4 = 13."),
        Example("piggy_points(156)", 5, "Only the tens and ones digits count: abs(5 - 6) + 4 = 5."),
        Example("piggy_points(24)", 6, "abs(2 - 4) + 4 = 6."),
        Example("piggy_points(0)", 4, "abs(0 - 0) + 4 = 4."),
        Example("piggy_points(64)", 6, "abs(6 - 4) + 4 = 6."),
        Example("piggy_points(12)", 5, "abs(1 - 2) + 4 = 5."),
        Example("piggy_points(72)", 9, "abs(7 - 2) + 4 = 9."),
        Example("piggy_points(3)", 7, "abs(0 - 3) + 4 = 7."),
    ),
    concepts=(
        Concept(
            prompt="The opponent has 9 points. How many points does Piggy Points give?",
            answer="13",
            wrong=("4", "9", "5"),
        ),
        Concept(
            prompt="The opponent has 33 points. How many points does Piggy Points give?",
            answer="4",
            wrong=("0", "7", "10"),
        ),
    ),
)
