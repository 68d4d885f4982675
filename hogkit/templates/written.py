"""Functions some courses give students and later ones ask them to write (read as text, never imported).

``always_roll_written`` is ``always_roll`` as a problem of its own (Problem 6 from Fall 2022 on):
the same function, its body an answer region.
"""


def always_roll_written(n):
    """Return a strategy that always rolls N dice.

    A strategy is a function that takes two total scores as arguments (the current
    player's score, and the opponent's score), and returns a number of dice that the
    current player will roll this turn.

    >>> strategy = always_roll(3)
    >>> strategy(0, 0)
    3
    >>> strategy(99, 99)
    3
    """
    assert 0 <= n <= 10, 'A strategy rolls 0 to 10 dice.'
    # BEGIN SOLUTION
    def strategy(score, opponent_score):
        return n
    return strategy
    # END SOLUTION
