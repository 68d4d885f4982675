"""Oink Points (su22): twice the tens digit of the opponent's score minus its ones digit, at least 1."""

from hogkit.rules.base import Concept, Example, Rule


def oink_points(player_score, opponent_score):
    """Return the points of rolling zero dice against an opponent with OPPONENT_SCORE:
    2 * tens - ones, where tens and ones are the last two digits of OPPONENT_SCORE, or 1
    if that is less than 1. PLAYER_SCORE does not change the points.

    player_score:    the current player's score.
    opponent_score:  the opponent's score.
    """
    # BEGIN SOLUTION
    tens, ones = opponent_score // 10 % 10, opponent_score % 10
    return max(2 * tens - ones, 1)
    # END SOLUTION


_TESTED = ((5, 123, 1), (5, 584, 12), (3, 12345, 3), (22, 42, 6), (3, 60, 12), (14, 13, 1), (87, 55, 5),
           (24, 90, 18), (308, 686, 10), (10, 45, 3), (75, 89, 7), (29, 9, 1), (0, 20, 4), (0, 31, 5),
           (7, 76, 8), (94, 97, 11), (79, 50, 10), (351, 947, 1))

OINK_POINTS = Rule(
    id="oink_points",
    family="zero_dice",
    title="Oink Points",
    summary=(
        "A player who rolls zero dice scores twice the tens digit of the opponent's score minus "
        "its ones digit, or 1 point if that is less than 1. A score under 10 has a tens digit of 0."
    ),
    functions=(oink_points,),
    hook=oink_points,
    strategy="oink_points_strategy",
    seed="",
    examples=(
        Example("oink_points(0, 46)", 2, "2 * 4 - 6 = 2 points."),
        Example("oink_points(0, 73)", 11, "2 * 7 - 3 = 11 points."),
        Example("oink_points(0, 27)", 1, "2 * 2 - 7 = -3, less than 1: 1 point."),
        Example("oink_points(0, 7)", 1, "A tens digit of 0: 0 - 7 is less than 1, so 1 point."),
        *(Example(f"oink_points({p}, {o})", points,
                  f"The tens and ones digits of {o} are {o // 10 % 10} and {o % 10}.") for p, o, points in _TESTED),
    ),
    concepts=(
        Concept(
            prompt="Whose score decides how many points Oink Points gives?",
            answer="Only the opponent's",
            wrong=("Only the player's", "Both scores", "Neither: it is random"),
        ),
        Concept(
            prompt="What is the most a player can score with Oink Points?",
            answer="18",
            wrong=("9", "20", "10"),
        ),
    ),
)
