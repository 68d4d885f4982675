"""Pigs on Prime (su22): a score that is prime after a turn rises to the next prime.

``is_prime`` is given to students as the course gave it: it counts 1 as prime, and the course's
tests rely on that, so the rule does too."""

from math import sqrt

from hogkit.rules.base import Concept, Example, Rule, Story, StoryTurn


def is_prime(n):
    """Return whether N is prime, as this project counts: 1 counts as prime."""
    if n == 2:
        return True
    if n % 2 == 0:
        return False
    divisor = 3
    while divisor <= sqrt(n):
        if n % divisor == 0:
            return False
        divisor = divisor + 2
    return True


def pigs_on_prime(player_score, opponent_score):
    """Return the points the current player gains from Pigs on Prime once the turn's
    points are added: when PLAYER_SCORE is prime (see is_prime), what takes it to the
    next larger prime; else 0.

    player_score:    the current player's score, the turn's points included.
    opponent_score:  the opponent's score.
    """
    # BEGIN SOLUTION
    if not is_prime(player_score):
        return 0
    next_prime = player_score + 1
    while not is_prime(next_prime):
        next_prime = next_prime + 1
    return next_prime - player_score
    # END SOLUTION


def pigs_on_prime_score(player_score, opponent_score):
    """The engine's Pigs on Prime: the mover's score with what pigs_on_prime adds."""
    return player_score + pigs_on_prime(player_score, opponent_score)


PIGS_ON_PRIME = Rule(
    id="pigs_on_prime",
    family="post_turn",
    kind="update",
    title="Pigs on Prime",
    summary=(
        "After a player adds the points of their turn, if their score is a prime number it rises "
        "to the next larger prime. The project's is_prime counts 1 as prime (and 0 as not). The "
        "rule applies once a turn."
    ),
    functions=(is_prime, pigs_on_prime),
    hook=pigs_on_prime_score,
    gain="pigs_on_prime",
    strategy="pigs_on_prime_strategy",
    roles=(("rules_gain", "pigs_on_prime"),),
    seed="",
    examples=(
        Example("pigs_on_prime(5, 0)", 2, "5 is prime; the next prime is 7: 2 more points."),
        Example("pigs_on_prime(25, 43)", 0, "25 is not prime: nothing."),
        Example("pigs_on_prime(7, 7)", 4, "7 is prime; the next prime is 11: 4 more."),
        Example("pigs_on_prime(32, 33)", 0, "32 is not prime: nothing."),
        Example("pigs_on_prime(11, 26)", 2, "11 is prime; the next is 13: 2 more."),
        Example("pigs_on_prime(3, 60)", 2, "3 is prime; the next is 5: 2 more."),
        Example("pigs_on_prime(29, 9)", 2, "29 is prime; the next is 31: 2 more."),
        Example("pigs_on_prime(0, 20)", 0, "0 is not prime: nothing."),
        Example("pigs_on_prime(13, 37)", 4, "13 is prime; the next is 17: 4 more."),
        Example("pigs_on_prime(43, 5)", 4, "43 is prime; the next is 47: 4 more."),
        Example("pigs_on_prime(2, 76)", 1, "2 is prime; the next is 3: 1 more."),
        Example("pigs_on_prime(1, 31)", 1, "is_prime counts 1 as prime; the next is 2: 1 more."),
    ),
    stories=(
        Story(
            title="a first turn of 5",
            turns=(StoryTurn(0, 1, (5,), (7, 0), "Player 0 rolls a 5: 5 is prime, so the score rises to 7."),),
        ),
    ),
    concepts=(
        Concept(
            prompt="After a turn the mover has 23 points. What is their score once Pigs on Prime applies?",
            answer="29",
            wrong=("23", "24", "46"),
        ),
        Concept(
            prompt="A score of 7 rises to 11. Does Pigs on Prime then raise 11 to 13 in the same turn?",
            answer="No: it applies once a turn",
            wrong=("Yes: 11 is prime too", "Only if the opponent has 11", "Yes, until a score is not prime"),
        ),
    ),
)
