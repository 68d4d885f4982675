"""Phase 3 of hog.py for a rule after the turn that students write as the points it adds
(``rules_gain``: Hog Pile, Pigs on Prime) (read as text, never imported)."""


def gain_strategy(score, opponent_score, margin=8, num_rolls=4):
    """Roll 0 dice when the rule after the turn would add points to the score that
    rolling 0 dice reaches; otherwise roll 0 when that scores at least MARGIN points,
    and NUM_ROLLS when it does not."""
    # BEGIN SOLUTION
    new_score = score + take_turn(0, opponent_score, player_score=score)
    if rules_gain(new_score, opponent_score, num_rolls=0) > 0:
        return 0
    return bacon_strategy(score, opponent_score, margin, num_rolls)
    # END SOLUTION
