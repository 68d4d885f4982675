"""Pig Out, fa17 form: a roll with 1s scores the number of 1s, at most 11 - k."""

from hogkit.rules.base import Concept, Example, Rule
from hogkit.shipped.dice import six_sided


def roll_dice(num_rolls, dice=six_sided):
    """Roll DICE NUM_ROLLS times and return the points for the turn.

    With no 1 among the outcomes, the points are their sum. With one or more 1s (Pig Out),
    the points are the number of 1s rolled, but never more than 11 - NUM_ROLLS.

    num_rolls:  how many dice to roll (a positive integer).
    dice:       a function of no arguments that returns one outcome.
    """
    # These checks make sure num_rolls is a positive whole number.
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    # BEGIN SOLUTION
    total, ones = 0, 0
    for _ in range(num_rolls):
        outcome = dice()
        total = total + outcome
        if outcome == 1:
            ones = ones + 1
    if ones > 0:
        return min(ones, 11 - num_rolls)
    return total
    # END SOLUTION


PIG_OUT_COUNT = Rule(
    id="pig_out_count",
    family="dice_outcome",
    title="Pig Out",
    summary=(
        "If any of the dice comes up 1, the turn scores the number of 1s rolled instead of the "
        "sum, capped at 11 minus the number of dice rolled. Otherwise it scores the sum."
    ),
    functions=(roll_dice,),
    hook=roll_dice,
    seed="001",
    examples=(
        Example(
            call="roll_dice(7, make_test_dice(1, 1, 1, 1, 1, 2, 2))",
            expect=4,
            note="Seven dice with five 1s: min(11 - 7, 5) = 4 points.",
        ),
        Example(
            call="roll_dice(5, make_test_dice(1, 1, 1, 4, 4))",
            expect=3,
            note="Five dice with three 1s: min(11 - 5, 3) = 3 points from Pig Out.",
        ),
        Example(
            call="roll_dice(4, make_test_dice(3, 3, 3, 3))",
            expect=12,
            note="Four 3s and no 1: the sum, 12 points.",
        ),
    ),
    concepts=(
        Concept(
            prompt="You roll 10 dice and three come up 1. How many points does Pig Out give?",
            answer="1",
            wrong=("3", "0", "The sum of the other seven dice"),
        ),
        Concept(
            prompt="You roll 2 dice and both come up 1. How many points?",
            answer="2",
            wrong=("1", "9", "0"),
        ),
    ),
)
