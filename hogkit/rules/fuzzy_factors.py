"""Fuzzy Factors (su23): a score that shares a large divisor with 100 gains twice that divisor's tens digit.

Students write ``hog_gcd``, ``fuzzy_points`` and ``fuzzy_update``, the update function that scores
a turn with every rule; the course forbids importing anything for them (no ``math.gcd``).
"""

from hogkit.rules.base import Concept, Example, Rule
from hogkit.shipped.dice import six_sided


def hog_gcd(x, y):
    """Return the greatest common divisor of X and Y (the largest number that divides
    both), where X is at least 0 and Y is positive."""
    # BEGIN SOLUTION
    while y != 0:
        x, y = y, x % y
    return x
    # END SOLUTION


def fuzzy_points(score):
    """Return SCORE after Fuzzy Factors: when the greatest common divisor of SCORE and
    100 is more than 10, SCORE gains twice the tens digit of that divisor; otherwise
    it stays as it is."""
    # BEGIN SOLUTION
    divisor = hog_gcd(score, 100)
    if divisor > 10:
        return score + 2 * (divisor // 10 % 10)
    return score
    # END SOLUTION


def fuzzy_update(num_rolls, player_score, opponent_score, dice=six_sided):
    """Return the total score of a player who starts their turn with PLAYER_SCORE and
    rolls NUM_ROLLS dice, with Fuzzy Factors applied to the score the turn reaches."""
    # BEGIN SOLUTION
    score = player_score + take_turn(num_rolls, opponent_score, dice, player_score=player_score)
    return fuzzy_points(score)
    # END SOLUTION


def fuzzy_factors(score):
    """The engine's Fuzzy Factors: the mover's SCORE after their turn's points, with the rule applied."""
    return fuzzy_points(score)


FUZZY_FACTORS = Rule(
    id="fuzzy_factors",
    family="post_turn",
    kind="update",
    title="Fuzzy Factors",
    summary=(
        "A number is fuzzy when its greatest common divisor with 100 is more than 10. After a "
        "player adds the points of their turn, if their new score is fuzzy it gains twice the "
        "tens digit of that greatest common divisor (once: the new score is not checked again)."
    ),
    functions=(hog_gcd, fuzzy_points, fuzzy_update),
    hook=fuzzy_factors,
    strategy="fuzzy_strategy",
    inputs=(("score", "player_score"),),
    roles=(("rules_update", "fuzzy_update"),),
    domains=(("hog_gcd.x", "after_turn"), ("hog_gcd.y", "positive_after_turn"),
             ("fuzzy_points.score", "positive_after_turn"), ("fuzzy_update.player_score", "below_goal")),
    seed="",
    examples=(
        Example("hog_gcd(15, 25)", 5, "5 divides both; nothing larger does."),
        Example("hog_gcd(13, 17)", 1, "Two different primes share only 1."),
        Example("hog_gcd(0, 5)", 5, "Every number divides 0, so the answer is 5."),
        Example("hog_gcd(12, 64)", 4, "12 = 4 * 3 and 64 = 4 * 16."),
        Example("hog_gcd(29, 79)", 1, "Two different primes share only 1."),
        Example("hog_gcd(39, 627)", 3, "39 = 3 * 13 and 627 = 3 * 209 = 3 * 11 * 19."),
        Example("fuzzy_points(39)", 39, "The greatest common divisor of 39 and 100 is 1: not fuzzy."),
        Example("fuzzy_points(61)", 61, "61 shares only 1 with 100."),
        Example("fuzzy_points(50)", 60, "It shares 50 with 100, whose tens digit is 5: 50 + 2 * 5 = 60."),
        Example("fuzzy_points(100)", 100, "It shares 100 with 100, whose tens digit is 0: no change."),
        Example("fuzzy_points(1)", 1, "1 shares only 1 with 100."),
        Example("fuzzy_points(25)", 29, "It shares 25 with 100: 25 + 2 * 2 = 29."),
        Example("fuzzy_points(75)", 79, "It shares 25 with 100: 75 + 2 * 2 = 79."),
        Example("fuzzy_points(80)", 84, "It shares 20 with 100: 80 + 2 * 2 = 84."),
        Example("fuzzy_update(2, 5, 7, make_test_dice(2, 4))", 11, "5 + 6 = 11, which shares only 1 with 100."),
        Example("fuzzy_update(0, 14, 27)", 24,
                "Boar Brawl gives 3 * abs(2 - 4) = 6, so 20, which shares 20 with 100: 20 + 4 = 24.",
                requires=frozenset({"boar_brawl"})),
        Example("fuzzy_update(2, 2, 3, make_test_dice(4))", 10, "2 + 8 = 10 shares only 10 with 100: no change."),
        Example("fuzzy_update(3, 11, 12, make_test_dice(4, 5, 6))", 26, "11 + 15 = 26 shares only 2 with 100."),
        Example("fuzzy_update(2, 29, 17, make_test_dice(1, 3))", 30,
                "A 1 makes the turn worth 1: 29 + 1 = 30, which shares 10 with 100 (not more than 10)."),
        Example("fuzzy_update(0, 41, 42)", 60,
                "Boar Brawl gives 3 * abs(4 - 1) = 9, so 50, which shares 50 with 100: 50 + 10 = 60.",
                requires=frozenset({"boar_brawl"})),
        Example("fuzzy_update(2, 56, 56, make_test_dice(4))", 64, "56 + 8 = 64 shares only 4 with 100."),
    ),
    concepts=(
        Concept(
            prompt="A player with 35 points scores 5 in a turn. What is their score after Fuzzy Factors?",
            answer="44",
            wrong=("40", "42", "48"),
        ),
        Concept(
            prompt="A score rises to a number that is fuzzy too. What happens?",
            answer="Nothing more: Fuzzy Factors applies once a turn",
            wrong=("It rises again, until the score is not fuzzy",
                   "The opponent's score rises instead",
                   "The turn is played again"),
        ),
    ),
)
