"""Phase 2 of hog.py where commentary is given and returns the leader: a commentary function
takes both scores and the leader the last one returned, and returns ``(leader, message)`` for
``play`` to print (read as text, never imported)."""


def silence_leader(score0, score1, leader=None):
    """Announce nothing (see Phase 2)."""
    return leader, None


def say_scores_leader(score0, score1, leader=None):
    """A commentary function that announces both players' scores."""
    return leader, f"Player 0 now has {score0} and now Player 1 has {score1}"


def announce_lead_changes_leader(score0, score1, last_leader=None):
    """A commentary function that announces each change of the lead: it returns the
    leader now (0, 1, or None when the scores are equal) and a message when the leader
    is someone other than LAST_LEADER (else None).

    >>> leader, message = announce_lead_changes_leader(5, 0)
    >>> print(message)
    Player 0 takes the lead by 5
    >>> leader, message = announce_lead_changes_leader(5, 12, leader)
    >>> print(message)
    Player 1 takes the lead by 7
    >>> leader, message = announce_lead_changes_leader(8, 12, leader)
    >>> print(leader, message)
    1 None
    >>> leader, message = announce_lead_changes_leader(8, 13, leader)
    >>> leader, message = announce_lead_changes_leader(15, 13, leader)
    >>> print(message)
    Player 0 takes the lead by 2
    """
    # BEGIN SOLUTION
    if score0 > score1:
        leader = 0
    elif score1 > score0:
        leader = 1
    else:
        leader = None
    if leader is not None and leader != last_leader:
        return leader, f'Player {leader} takes the lead by {abs(score0 - score1)}'
    return leader, None
    # END SOLUTION


def both_leader(f, g):
    """Return a commentary function that says what F says, then what G says, each on
    its own line; the leader it returns is G's.

    >>> say_both = both_leader(say_scores_leader, announce_lead_changes_leader)
    >>> leader, message = say_both(10, 0)
    >>> print(message)
    Player 0 now has 10 and now Player 1 has 0
    Player 0 takes the lead by 10
    >>> leader, message = say_both(10, 8, leader)
    >>> print(message)
    Player 0 now has 10 and now Player 1 has 8
    >>> leader, message = say_both(10, 17, leader)
    >>> print(message)
    Player 0 now has 10 and now Player 1 has 17
    Player 1 takes the lead by 7
    """
    def say(score0, score1, leader=None):
        f_leader, f_message = f(score0, score1, leader)
        g_leader, g_message = g(score0, score1, leader)
        if f_message and g_message:
            return g_leader, f_message + "\n" + g_message
        return g_leader, f_message or g_message
    return say
