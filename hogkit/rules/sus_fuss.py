"""Sus Fuss (fa23, sp24): a score with exactly 3 or 4 factors rises to the next prime.

Students write ``num_factors``, ``sus_points`` and ``sus_update``, the update function that scores a
turn with every rule; ``is_prime`` is given to them as it is.
"""

from hogkit.rules.base import Concept, Example, Rule
from hogkit.shipped.dice import six_sided


def is_prime(n):
    """Return whether N, a positive whole number, is prime: more than 1, and divided
    by no number from 2 to N - 1."""
    if n == 1:
        return False
    for divisor in range(2, n):
        if n % divisor == 0:
            return False
    return True


def num_factors(n):
    """Return how many positive whole numbers divide N, 1 and N included."""
    # BEGIN SOLUTION
    count = 0
    for k in range(1, n + 1):
        if n % k == 0:
            count = count + 1
    return count
    # END SOLUTION


def sus_points(score):
    """Return SCORE after Sus Fuss: a score with exactly 3 or 4 factors rises to the
    smallest prime larger than it; any other score stays as it is."""
    # BEGIN SOLUTION
    if num_factors(score) in (3, 4):
        score = score + 1
        while not is_prime(score):
            score = score + 1
    return score
    # END SOLUTION


def sus_update(num_rolls, player_score, opponent_score, dice=six_sided):
    """Return the total score of a player who starts their turn with PLAYER_SCORE and
    rolls NUM_ROLLS dice, with Sus Fuss applied to the score the turn reaches."""
    # BEGIN SOLUTION
    score = player_score + take_turn(num_rolls, opponent_score, dice, player_score=player_score)
    return sus_points(score)
    # END SOLUTION


def sus_fuss(score):
    """The engine's Sus Fuss: the mover's SCORE after their turn's points, with the rule applied."""
    return sus_points(score)


SUS_FUSS = Rule(
    id="sus_fuss",
    family="post_turn",
    kind="update",
    title="Sus Fuss",
    summary=(
        "A number is sus when it has exactly 3 or 4 factors (1 and the number itself included). "
        "After a player adds the points of their turn, if their new score is sus it rises to the "
        "next prime number, the smallest prime larger than it."
    ),
    functions=(is_prime, num_factors, sus_points, sus_update),
    hook=sus_fuss,
    strategy="sus_strategy",
    inputs=(("score", "player_score"),),
    roles=(("rules_update", "sus_update"),),
    domains=(("num_factors.n", "positive_after_turn"), ("sus_points.score", "positive_after_turn"),
             ("sus_update.player_score", "below_goal")),
    seed="",
    examples=(
        Example("num_factors(1)", 1, "1 has one factor, itself."),
        Example("num_factors(2)", 2, "A prime has two factors: 1 and itself."),
        Example("num_factors(3)", 2, "A prime has two factors: 1 and itself."),
        Example("num_factors(9)", 3, "1, 3 and 9."),
        Example("num_factors(28)", 6, "1, 2, 4, 7, 14 and 28."),
        Example("num_factors(64)", 7, "1, 2, 4, 8, 16, 32 and 64."),
        Example("num_factors(72)", 12, "1, 2, 3, 4, 6, 8, 9, 12, 18, 24, 36 and 72."),
        Example("num_factors(97)", 2, "97 is prime."),
        Example("num_factors(99)", 6, "1, 3, 9, 11, 33 and 99."),
        Example("sus_points(1)", 1, "1 has one factor: not sus."),
        Example("sus_points(5)", 5, "5 is prime (two factors): not sus."),
        Example("sus_points(21)", 23, "1, 3, 7 and 21: sus, so it rises to the next prime, 23."),
        Example("sus_points(25)", 29, "1, 5 and 25: sus; the next prime is 29."),
        Example("sus_points(62)", 67, "1, 2, 31 and 62: sus; the next prime is 67."),
        Example("sus_points(64)", 64, "64 has 7 factors: not sus."),
        Example("sus_points(67)", 67, "A prime has two factors: not sus."),
        Example("sus_points(75)", 75, "75 has 6 factors: not sus."),
        Example("sus_points(86)", 89, "1, 2, 43 and 86: sus; the next prime is 89."),
        Example("sus_points(100)", 100, "100 has 9 factors: not sus."),
        Example("sus_update(2, 5, 7, make_test_dice(2, 4))", 11, "5 + 6 = 11, a prime: not sus."),
        Example("sus_update(0, 15, 37)", 23,
                "Boar Brawl gives 3 * abs(3 - 5) = 6, so 21, which is sus and rises to 23.",
                requires=frozenset({"boar_brawl"})),
        Example("sus_update(2, 2, 3, make_test_dice(4))", 11, "2 + 8 = 10 (1, 2, 5, 10) is sus: it rises to 11."),
        Example("sus_update(3, 11, 12, make_test_dice(4, 5, 6))", 29, "11 + 15 = 26 (1, 2, 13, 26) rises to 29."),
        Example("sus_update(2, 29, 17, make_test_dice(1, 3))", 30,
                "A 1 makes the turn worth 1: 29 + 1 = 30, which has 8 factors."),
        Example("sus_update(0, 41, 42)", 50,
                "Boar Brawl gives 3 * abs(4 - 1) = 9, so 50, which has 6 factors.",
                requires=frozenset({"boar_brawl"})),
        Example("sus_update(0, 40, 22)", 47,
                "Boar Brawl gives 3 * abs(2 - 0) = 6, so 46 (1, 2, 23, 46), which is sus and rises to 47.",
                requires=frozenset({"boar_brawl"})),
        Example("sus_update(2, 56, 56, make_test_dice(4))", 64, "56 + 8 = 64 has 7 factors."),
    ),
    concepts=(
        Concept(
            prompt="A player with 14 points scores 7 in a turn. What is their score after Sus Fuss?",
            answer="23",
            wrong=("21", "22", "29"),
        ),
        Concept(
            prompt="A player's score after their turn is 49 (1, 7 and 49). What happens?",
            answer="It rises to 53, the next prime",
            wrong=("It stays 49: only 4 factors count", "It rises to 50", "It rises to 64"),
        ),
    ),
)
