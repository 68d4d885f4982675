"""Parts of hog.py for semesters whose rules give extra turns (read as text, never imported)."""


def next_player(who):
    """Return the player who moves after player WHO (numbered 0 or 1), when WHO earns
    no extra turn.

    >>> next_player(0)
    1
    >>> next_player(1)
    0
    """
    return 1 - who


def extra_turn_strategy(score, opponent_score, margin=8, num_rolls=4):
    """Roll 0 dice when that earns an extra turn; otherwise roll 0 dice when that
    scores at least MARGIN points, and NUM_ROLLS when it does not."""
    # BEGIN SOLUTION
    if extra_turn(score + take_turn(0, opponent_score), opponent_score):
        return 0
    return bacon_strategy(score, opponent_score, margin, num_rolls)
    # END SOLUTION
