"""Pig Tail (pig-tail): twice the gap between the opponent's digits, plus one."""

from hogkit.rules.base import Concept, Example, Rule


def tail_points(opponent_score):
    """Return the points for rolling zero dice when the opponent has OPPONENT_SCORE
    points: 2 * abs(tens - ones) + 1, where tens and ones are the last two digits of
    OPPONENT_SCORE (a score under 10 has a tens digit of 0).
    """
    # BEGIN SOLUTION
    tens, ones = opponent_score // 10 % 10, opponent_score % 10
    return 2 * abs(tens - ones) + 1
    # END SOLUTION


PIG_TAIL = Rule(
    id="pig_tail",
    family="zero_dice",
    title="Pig Tail",
    summary=(
        "A player who rolls zero dice scores twice the absolute difference between the tens "
        "and ones digits of the opponent's score, plus one. The ones digit is the rightmost "
        "digit and the tens digit the one just left of it."
    ),
    functions=(tail_points,),
    hook=tail_points,
    strategy="tail_strategy",
    # The page asks for any non-negative score (its course's tests try 122, 584 and 12345).
    domains=(("tail_points.opponent_score", "0..12345"),),
    seed="002",
    examples=(
        Example("tail_points(46)", 5, "2 * abs(4 - 6) + 1 = 5 points."),
        Example("tail_points(73)", 9, "2 * abs(7 - 3) + 1 = 9 points."),
    ),
    concepts=(
        Concept(
            prompt="The opponent has 33 points. How many points does Pig Tail give?",
            answer="1",
            wrong=("0", "7", "3"),
        ),
        Concept(
            prompt="The opponent has 105 points. Which digits does Pig Tail use?",
            answer="0 and 5",
            wrong=("1 and 5", "1 and 0", "1, 0 and 5"),
        ),
    ),
)
