"""Dice for Hog.

A die is a function of no arguments that returns the outcome of one roll. Such functions are
not pure: each call may return something different.

Two kinds of dice are used in this project:

* fair dice return each outcome from 1 to the number of sides with equal chance;
* test dice repeat a fixed list of outcomes, in order, over and over, so that a test knows in
  advance what every roll will be.
"""

from random import randint


def make_fair_dice(sides):
    """Return a fair die with SIDES sides, numbered 1 to SIDES."""
    assert type(sides) == int and sides >= 1, 'Illegal value for sides'

    def dice():
        return randint(1, sides)

    return dice


four_sided = make_fair_dice(4)
six_sided = make_fair_dice(6)


def make_test_dice(*outcomes):
    """Return a die that cycles through OUTCOMES, one per call.

    >>> dice = make_test_dice(1, 2, 3)
    >>> dice()
    1
    >>> dice()
    2
    >>> dice()
    3
    >>> dice()
    1
    """
    assert len(outcomes) > 0, 'You must supply outcomes to make_test_dice'
    for o in outcomes:
        assert type(o) == int and o >= 1, 'Outcome is not a positive integer'
    index = len(outcomes) - 1

    def dice():
        nonlocal index
        index = (index + 1) % len(outcomes)
        return outcomes[index]

    return dice
