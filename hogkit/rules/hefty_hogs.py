"""Hefty Hogs (sp22): the opponent's digits, ones digit first, pick functions applied in turn to
the mover's score; the result mod 30 is what rolling zero dice scores."""

from hogkit.rules.base import Concept, Example, Rule


def digit_fn(digit):
    """Return the function that DIGIT (0 to 9) stands for in Hefty Hogs: a function of
    one number, value, that returns a whole number.
    """
    assert isinstance(digit, int) and 0 <= digit < 10, 'A digit is a whole number from 0 to 9.'
    if digit == 0:
        return lambda value: value + 1
    if digit == 1:
        return lambda value: value ** 2
    if digit == 2:
        return lambda value: value * 3
    if digit == 3:
        return lambda value: value // 4
    if digit == 4:
        return lambda value: value - 5
    if digit == 5:
        return lambda value: value % 6
    if digit == 6:
        return lambda value: int((value % 7) * 8)
    if digit == 7:
        return lambda value: int(value * 8.8)
    if digit == 8:
        return lambda value: int(value / 99 * 15) + 10
    return lambda value: value


def hefty_hogs(player_score, opponent_score):
    """Return the points of rolling zero dice for a player with PLAYER_SCORE points
    against an opponent with OPPONENT_SCORE: 1 when OPPONENT_SCORE is 0; otherwise start
    from PLAYER_SCORE and apply the function of each digit of OPPONENT_SCORE (see
    digit_fn), the ones digit first, and take the result modulo 30.

    player_score:    the current player's score.
    opponent_score:  the opponent's score.
    """
    # BEGIN SOLUTION
    if opponent_score == 0:
        return 1
    value = player_score
    while opponent_score > 0:
        value = digit_fn(opponent_score % 10)(value)
        opponent_score = opponent_score // 10
    return value % 30
    # END SOLUTION


HEFTY_HOGS = Rule(
    id="hefty_hogs",
    family="zero_dice",
    title="Hefty Hogs",
    summary=(
        "A player who rolls zero dice scores 1 point if the opponent has 0. Otherwise each digit "
        "of the opponent's score, from the ones digit leftwards, picks a function (digit_fn); "
        "the functions are applied one after another starting from the player's own score, and "
        "the turn scores the result modulo 30."
    ),
    functions=(digit_fn, hefty_hogs),
    hook=hefty_hogs,
    strategy="hefty_hogs_strategy",
    seed="",
    examples=(
        Example("hefty_hogs(10, 32)", 7, "Digits 2 then 3: 10 * 3 = 30, then 30 // 4 = 7; 7 % 30 = 7."),
        Example("hefty_hogs(33, 5439)", 3, "Digits 9, 3, 4, 5: 33, 8, 3, 3; 3 % 30 = 3."),
        Example("hefty_hogs(5, 123)", 9, "Digits 3, 2, 1: 5 // 4 = 1, 1 * 3 = 3, 3 ** 2 = 9."),
        Example("hefty_hogs(5, 456)", 29, "Digits 6, 5, 4: (5 % 7) * 8 = 40, 40 % 6 = 4, 4 - 5 = -1; -1 % 30 = 29."),
        Example("hefty_hogs(3, 12345)", 9, "Five digits, the ones digit first: the result is 9."),
        Example("hefty_hogs(64, 67)", 24, "Digits 7 then 6."),
        Example("hefty_hogs(12, 72)", 16, "Digits 2 then 7."),
        Example("hefty_hogs(72, 22)", 18, "Digit 2 twice: 72 * 9 = 648, and 648 % 30 = 18."),
        Example("hefty_hogs(3, 56)", 0, "A result that is a multiple of 30 scores 0."),
        Example("hefty_hogs(439, 709)", 2, "Digits 9, 0, 7."),
        Example("hefty_hogs(61, 16)", 10, "Digits 6 then 1."),
        Example("hefty_hogs(99, 84)", 24, "Digits 4 then 8."),
        Example("hefty_hogs(25, 67)", 24, "Digits 7 then 6."),
        Example("hefty_hogs(50, 0)", 1, "An opponent with 0 points: 1 point."),
    ),
    concepts=(
        Concept(
            prompt="The opponent has 123 points. In which order are the digits' functions applied?",
            answer="The function of 3 first, then of 2, then of 1",
            wrong=("The function of 1 first, then of 2, then of 3", "Only the function of 3",
                   "All three to the opponent's score"),
        ),
        Concept(
            prompt="What is the most a player can score with Hefty Hogs?",
            answer="29",
            wrong=("30", "9", "100"),
        ),
    ),
)
