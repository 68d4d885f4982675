"""Square Swine (seed 002, fa22, sp23): a score that lands on a perfect square rises to the next one.

Students write ``perfect_square`` and ``next_perfect_square``; ``square_update``, the update
function that scores a turn with every rule, is given to them and calls both.
"""

from hogkit.rules.base import Concept, Example, Rule
from hogkit.shipped.dice import six_sided


def perfect_square(score):
    """Return whether SCORE is d * d for some whole number d."""
    # BEGIN SOLUTION
    root = 0
    while root * root < score:
        root = root + 1
    return root * root == score
    # END SOLUTION


def next_perfect_square(score):
    """Return the smallest perfect square larger than SCORE, a perfect square."""
    # BEGIN SOLUTION
    root = 0
    while root * root <= score:
        root = root + 1
    return root * root
    # END SOLUTION


def square_update(num_rolls, player_score, opponent_score, dice=six_sided):
    """Return the total score of a player who starts their turn with PLAYER_SCORE and
    rolls NUM_ROLLS dice, with Square Swine: a score that lands on a perfect square
    rises to the next one."""
    score = player_score + take_turn(num_rolls, opponent_score, dice, player_score=player_score)  # noqa: F821
    if perfect_square(score):  # Implement perfect_square
        return next_perfect_square(score)  # Implement next_perfect_square
    else:
        return score


def square_swine(score):
    """The engine's Square Swine: SCORE, risen to the next perfect square when it is one."""
    return next_perfect_square(score) if perfect_square(score) else score


SQUARE_SWINE = Rule(
    id="square_swine",
    family="post_turn",
    kind="update",
    title="Square Swine",
    summary=(
        "After a player adds the points of their turn, if their new score is a perfect square "
        "(d * d for some whole number d), it rises to the next larger perfect square."
    ),
    functions=(square_update, perfect_square, next_perfect_square),
    hook=square_swine,
    strategy="square_strategy",
    inputs=(("score", "player_score"),),
    roles=(("rules_update", "square_update"),),
    # The page applies both to a score a turn has just added to (at least 1), and
    # next_perfect_square only to one that is a perfect square; the engine's hook sees any such score.
    domains=(("perfect_square.score", "positive_after_turn"),
             ("next_perfect_square.score", "positive_after_turn where perfect_square"),
             ("square_swine.score", "after_turn")),
    seed="002",
    examples=(
        Example("square_update(3, 12, 0, make_test_dice(4, 4, 5))", 36,
                "12 + 13 = 25, 5 squared, so the score rises to 6 squared."),
        Example("square_update(3, 12, 0, make_test_dice(4, 4, 4))", 24, "12 + 12 = 24 is not a perfect square."),
        Example("square_update(5, 0, 0, make_test_dice(3, 1, 3, 3, 3))", 4,
                "A 1 makes the turn worth 1: 0 + 1 = 1, 1 squared, rises to 4."),
        Example("perfect_square(25)", True, "25 is 5 * 5."),
        Example("perfect_square(24)", False, "24 lies between 16 and 25."),
        Example("next_perfect_square(25)", 36, "The next square after 5 * 5 is 6 * 6."),
        Example(
            "square_update(10, 80, 0, make_test_dice(1, 2, 1, 2, 2, 1, 2, 2, 2, 2))",
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
