"""Pig Out (fa19, sp18, su18) and Sow Sad (pig-tail): any 1 among the dice makes the turn worth 1."""

from dataclasses import replace

from hogkit.rules.base import Concept, Example, Rule
from hogkit.shipped.dice import six_sided


def roll_dice(num_rolls, dice=six_sided):
    """Roll DICE NUM_ROLLS times and return the points for the turn: the sum of the
    outcomes, or 1 if any outcome is a 1.

    num_rolls:  how many dice to roll (a positive integer).
    dice:       a function of no arguments that returns one outcome.
    """
    # These checks make sure num_rolls is a positive whole number.
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    # BEGIN SOLUTION
    total, rolled_a_one = 0, False
    for _ in range(num_rolls):
        outcome = dice()
        total = total + outcome
        if outcome == 1:
            rolled_a_one = True
    if rolled_a_one:
        return 1
    return total
    # END SOLUTION


_EXAMPLES = (
    Example(
        call="roll_dice(7, make_test_dice(1, 1, 1, 1, 1, 4, 6))",
        expect=1,
        note="Seven dice, five of them 1s: one 1 is enough, so the turn scores 1.",
    ),
    Example(
        call="roll_dice(4, make_test_dice(3, 3, 3, 3))",
        expect=12,
        note="Four 3s and no 1: the turn scores the sum, 12.",
    ),
)

_CONCEPTS = (
    Concept(
        prompt="You roll 5 dice and get 6, 6, 1, 6, 6. How many points does the turn score?",
        answer="1",
        wrong=("0", "24", "25"),
    ),
    Concept(
        prompt="The second of 4 dice comes up 1. How many times must roll_dice call dice()?",
        answer="4 times: every die is rolled, even after a 1",
        wrong=("2 times: stop at the first 1", "1 time", "It depends on the other outcomes"),
    ),
)

PIG_OUT = Rule(
    id="pig_out",
    family="dice_outcome",
    title="Pig Out",
    summary=(
        "If any of the dice comes up 1, the turn is worth just 1 point, however many dice were "
        "rolled and whatever the others show. Otherwise the turn is worth the sum of the dice."
    ),
    functions=(roll_dice,),
    hook=roll_dice,
    seed="004",
    examples=_EXAMPLES,
    concepts=_CONCEPTS,
)

SOW_SAD = replace(
    PIG_OUT,
    id="sow_sad",
    title="Sow Sad",
    seed="002",
    examples=tuple(replace(e, note=e.note.replace("Pig Out", "Sow Sad")) for e in _EXAMPLES),
)
