"""Phase 1 of hog.py: the small functions every kit gives (read as text, never imported)."""


def other(who):
    """Return the other player, for a player WHO numbered 0 or 1.

    >>> other(0)
    1
    >>> other(1)
    0
    """
    return 1 - who


def silence(score0, score1):
    """Announce nothing (see Phase 2)."""
    return silence


def simple_update(num_rolls, player_score, opponent_score, dice=six_sided):
    """Return the total score of a player who starts their turn with PLAYER_SCORE and
    rolls NUM_ROLLS dice, counting only the rules of take_turn (no rule after the turn)."""
    score = player_score + take_turn(num_rolls, opponent_score, dice, player_score=player_score)
    return score


def always_roll_5(score, opponent_score):
    """A strategy of always rolling 5 dice, whatever the scores."""
    return 5
