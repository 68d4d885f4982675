"""Parts of hog.py for semesters whose rules give extra turns (read as text, never imported)."""


def extra_turn_strategy(score, opponent_score, margin=8, num_rolls=4):
    """Roll 0 dice when that earns an extra turn; otherwise roll 0 dice when that
    scores at least MARGIN points, and NUM_ROLLS when it does not."""
    # BEGIN SOLUTION
    if extra_turn(score + take_turn(0, opponent_score), opponent_score):
        return 0
    return bacon_strategy(score, opponent_score, margin, num_rolls)
    # END SOLUTION
