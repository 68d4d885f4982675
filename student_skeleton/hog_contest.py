"""Contest entry for Hog, Fall 2019.

Define final_strategy(score, opponent_score) and give your entry a name. The strategy must be a
pure, deterministic function of the two scores, may return 0 to 10, and must answer all
10000 pairs of scores in less than 10 seconds in total. This file must not import hog.py.
"""

PLAYER_NAME = ''  # Change this line to the name of your entry!


# BEGIN PROBLEM 12
"*** YOUR CODE HERE ***"
# END PROBLEM 12


def final_strategy(score, opponent_score):
    """Return the number of dice to roll when the mover has SCORE points and the
    opponent has OPPONENT_SCORE.

    Make it as strong as you can: `python3 calc.py` prints its exact win rates.
    """
    # BEGIN PROBLEM 12
    "*** YOUR CODE HERE ***"
    # END PROBLEM 12
