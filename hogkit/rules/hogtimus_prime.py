"""Hogtimus Prime (fa17): a prime turn score becomes the next prime."""

from hogkit.rules.base import Concept, Example, Rule


def is_prime(n):
    """Return whether N is a prime number (1 is not prime)."""
    # BEGIN SOLUTION
    if n < 2:
        return False
    divisor = 2
    while divisor * divisor <= n:
        if n % divisor == 0:
            return False
        divisor = divisor + 1
    return True
    # END SOLUTION


def next_prime(n):
    """Return the smallest prime number larger than N."""
    # BEGIN SOLUTION
    candidate = n + 1
    while not is_prime(candidate):
        candidate = candidate + 1
    return candidate
    # END SOLUTION


def hogtimus_prime(points):
    """Return the points for a turn after Hogtimus Prime: a prime number of POINTS
    rises to the next prime; any other number stays as it is."""
    # BEGIN SOLUTION
    if is_prime(points):
        return next_prime(points)
    return points
    # END SOLUTION


HOGTIMUS_PRIME = Rule(
    id="hogtimus_prime",
    family="boost",
    title="Hogtimus Prime",
    summary=(
        "If the points a player scores in a turn are a prime number, they rise to the next "
        "larger prime. This applies to every turn, including one of zero dice, and only to the "
        "player who moves. 1 is not a prime number."
    ),
    functions=(is_prime, next_prime, hogtimus_prime),
    hook=hogtimus_prime,
    helpers=("is_prime", "next_prime", "hogtimus_prime"),
    seed="001",
    examples=(
        Example("hogtimus_prime(11)", 13, "The dice sum to 11, a prime: the turn scores 13."),
        Example("hogtimus_prime(1)", 1, "1 is not a prime, so 1 point stays 1."),
        Example("hogtimus_prime(12)", 12, "12 is not prime, so nothing changes."),
        Example(
            "take_turn(5, 0, make_test_dice(1, 1, 1, 4, 4))",
            5,
            "Three 1s in five dice score min(11 - 5, 3) = 3 by Pig Out; 3 is prime, so 5.",
            requires=frozenset({"pig_out_count"}),
        ),
        Example(
            "take_turn(0, 14)",
            7,
            "Free Bacon against 14 gives 1 + max(1, 4) = 5, a prime, which rises to 7.",
            requires=frozenset({"free_bacon_max"}),
        ),
    ),
    concepts=(
        Concept(
            prompt="A turn scores 2 points before Hogtimus Prime. What does it score after?",
            answer="3",
            wrong=("2", "4", "5"),
        ),
        Concept(
            prompt="Does Hogtimus Prime apply to points from rolling zero dice?",
            answer="Yes: every turn's points",
            wrong=("No: only to dice rolls", "Only when the opponent's score is prime"),
        ),
    ),
)
