"""Phase 2 of hog.py: commentary functions (read as text, never imported)."""


def say_scores(score0, score1):
    """A commentary function that announces both players' scores."""
    print("Player 0 now has", score0, "and Player 1 now has", score1)
    return say_scores


def announce_lead_changes(last_leader=None):
    """Return a commentary function that announces each change of the lead.

    >>> f0 = announce_lead_changes()
    >>> f1 = f0(5, 0)
    Player 0 takes the lead by 5
    >>> f2 = f1(5, 12)
    Player 1 takes the lead by 7
    >>> f3 = f2(8, 12)
    >>> f4 = f3(8, 13)
    >>> f5 = f4(15, 13)
    Player 0 takes the lead by 2
    """
    def say(score0, score1):
        if score0 > score1:
            leader = 0
        elif score1 > score0:
            leader = 1
        else:
            leader = None
        if leader is not None and leader != last_leader:
            print('Player', leader, 'takes the lead by', abs(score0 - score1))
        return announce_lead_changes(leader)
    return say


def both(f, g):
    """Return a commentary function that says what F says, then what G says.

    (The scores below need not come from a real game: commentary only reads them.)

    >>> h0 = both(say_scores, announce_lead_changes())
    >>> h1 = h0(10, 0)
    Player 0 now has 10 and Player 1 now has 0
    Player 0 takes the lead by 10
    >>> h2 = h1(10, 8)
    Player 0 now has 10 and Player 1 now has 8
    >>> h3 = h2(6, 17)
    Player 0 now has 6 and Player 1 now has 17
    Player 1 takes the lead by 11
    """
    def say(score0, score1):
        return both(f(score0, score1), g(score0, score1))
    return say


def announce_highest(who, previous_high=0, previous_score=0):
    """Return a commentary function that announces when player WHO gains more points in
    a turn than ever before in the game. PREVIOUS_HIGH is the largest gain WHO has made so
    far and PREVIOUS_SCORE is WHO's score after the previous turn.

    (The scores below need not come from a real game: a swap may lower a score.)

    >>> f0 = announce_highest(1) # Only announce Player 1 score gains
    >>> f1 = f0(11, 0)
    >>> f2 = f1(11, 9)
    9 point(s)! That's the biggest gain yet for Player 1
    >>> f3 = f2(20, 9)
    >>> f4 = f3(9, 20) # A swap: Player 1 gains 11
    11 point(s)! That's the biggest gain yet for Player 1
    >>> f5 = f4(20, 31) # 11 again: not more than before
    >>> f6 = f5(20, 44)
    13 point(s)! That's the biggest gain yet for Player 1
    >>> f7 = f6(44, 20) # A swap lowers Player 1's score
    >>> f8 = f7(20, 64)
    44 point(s)! That's the biggest gain yet for Player 1
    """
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    # BEGIN SOLUTION
    def say(score0, score1):
        score = score0 if who == 0 else score1
        gain = score - previous_score
        if gain > previous_high:
            print(gain, "point(s)! That's the biggest gain yet for Player", who)  # text: announce_highest
            return announce_highest(who, gain, score)
        return announce_highest(who, previous_high, score)
    return say
    # END SOLUTION
