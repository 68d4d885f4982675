"""Boar Brawl (su23, fa23, sp24): zero dice score from the opponent's tens digit and the mover's ones digit."""

from hogkit.rules.base import Concept, Example, Rule


def boar_brawl(player_score, opponent_score):
    """Return the points for rolling zero dice when the mover has PLAYER_SCORE points
    and the opponent has OPPONENT_SCORE: three times the distance between the tens
    digit of OPPONENT_SCORE and the ones digit of PLAYER_SCORE, but never less than 1.
    A score under 10 has a tens digit of 0; a score of 100 or more still uses only
    those two digits.
    """
    # BEGIN SOLUTION
    tens = opponent_score // 10 % 10
    ones = player_score % 10
    return max(3 * abs(tens - ones), 1)
    # END SOLUTION


BOAR_BRAWL = Rule(
    id="boar_brawl",
    family="zero_dice",
    title="Boar Brawl",
    summary=(
        "A player who rolls zero dice scores three times the absolute difference between the "
        "tens digit of the opponent's score and the ones digit of their own score, or 1 if that "
        "is less than 1. A score below 10 has a tens digit of 0."
    ),
    functions=(boar_brawl,),
    hook=boar_brawl,
    strategy="boar_strategy",
    # The page defines the digits of any score, and the course's own tests try scores of 100 and more.
    domains=(("boar_brawl.player_score", "0..999"), ("boar_brawl.opponent_score", "0..999")),
    seed="",
    examples=(
        Example("boar_brawl(21, 46)", 9, "Tens digit 4 against ones digit 1: 3 * abs(4 - 1) = 9."),
        Example("boar_brawl(52, 79)", 15, "3 * abs(7 - 2) = 15."),
        Example("boar_brawl(0, 0)", 1, "3 * abs(0 - 0) = 0, so the turn scores the least it can, 1."),
        Example("boar_brawl(0, 5)", 1, "5 has a tens digit of 0: 3 * abs(0 - 0) = 0, so 1."),
        Example("boar_brawl(2, 5)", 6, "3 * abs(0 - 2) = 6."),
        Example("boar_brawl(7, 2)", 21, "3 * abs(0 - 7) = 21."),
        Example("boar_brawl(6, 10)", 15, "3 * abs(1 - 6) = 15."),
        Example("boar_brawl(16, 27)", 12, "3 * abs(2 - 6) = 12."),
        Example("boar_brawl(39, 71)", 6, "3 * abs(7 - 9) = 6."),
        Example("boar_brawl(72, 29)", 1, "3 * abs(2 - 2) = 0, so 1."),
        Example("boar_brawl(45, 52)", 1, "3 * abs(5 - 5) = 0, so 1."),
        Example("boar_brawl(42, 61)", 12, "3 * abs(6 - 2) = 12."),
        Example("boar_brawl(82, 115)", 3, "Only the tens digit of 115 counts: 3 * abs(1 - 2) = 3."),
        Example("boar_brawl(99, 121)", 21, "3 * abs(2 - 9) = 21."),
        Example("boar_brawl(727, 939)", 12, "Only the last two digits count: 3 * abs(3 - 7) = 12."),
    ),
    concepts=(
        Concept(
            prompt="You have 38 points and your opponent has 65. How many points does Boar Brawl give?",
            answer="6",
            wrong=("9", "3", "1"),
        ),
        Concept(
            prompt="Which digits does Boar Brawl compare?",
            answer="The tens digit of the opponent's score and the ones digit of the mover's",
            wrong=("The ones digit of the opponent's score and the tens digit of the mover's",
                   "The two digits of the opponent's score",
                   "The two digits of the mover's score"),
        ),
    ),
)
