"""Square Swine (pig-tail): a score that lands on a perfect square rises to the next one."""

from hogkit.rules.base import Concept, Example, Rule


def is_perfect_square(n):
    """Return whether N is d * d for some whole number d."""
    # BEGIN SOLUTION
    root = 0
    while root * root < n:
        root = root + 1
    return root * root == n
    # END SOLUTION


def next_perfect_square(n):
    """Return the smallest perfect square larger than N."""
    # BEGIN SOLUTION
    root = 0
    while root * root <= n:
        root = root + 1
    return root * root
    # END SOLUTION


def square_swine(score):
    """Return a player's score after Square Swine: a SCORE that is a perfect square rises
    to the next perfect square; any other score stays as it is."""
    # BEGIN SOLUTION
    if is_perfect_square(score):
        return next_perfect_square(score)
    return score
    # END SOLUTION


SQUARE_SWINE = Rule(
    id="square_swine",
    family="post_turn",
    kind="update",
    title="Square Swine",
    summary=(
        "After a player adds the points of their turn, if their new score is a perfect square "
        "(d * d for some whole number d), it rises to the next larger perfect square."
    ),
    functions=(is_perfect_square, next_perfect_square, square_swine),
    hook=square_swine,
    strategy="square_strategy",
    inputs=(("score", "player_score"),),
    helpers=("is_perfect_square", "next_perfect_square"),
    seed="002",
    examples=(
        Example("square_swine(12 + 13)", 36, "25 is 5 squared, so the score rises to 6 squared."),
        Example("square_swine(12 + 12)", 24, "24 is not a perfect square."),
        Example("square_swine(0 + 1)", 4, "1 is 1 squared: the score rises to 4."),
        Example(
            "square_swine(80 + 1)",
            100,
            "A Sow Sad turn of 1 point takes 80 to 81, 9 squared, which rises to 100: a win.",
            erratum=(
                "The seed says 'their new score would be 1'; it means the turn scores 1, so "
                "the new score is 81."
            ),
        ),
    ),
    concepts=(
        Concept(
            prompt="A player with 60 points scores 4 in a turn. What is their score after?",
            answer="81",
            wrong=("64", "100", "68"),
        ),
        Concept(
            prompt="Does Square Swine change the opponent's score?",
            answer="No: only the score of the player who moved",
            wrong=("Yes: both scores are checked", "Only when the opponent's is a square too"),
        ),
    ),
)
