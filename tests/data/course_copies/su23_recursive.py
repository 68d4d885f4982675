"""Hog, as one student wrote it against the course skeleton (Summer 2023 rules), fond of recursion."""

from dice import six_sided, make_test_dice
from ucb import main, trace, interact

GOAL = 100  # The goal of Hog is to score 100 points.

######################
# Phase 1: Simulator #
######################


def roll_dice(num_rolls, dice=six_sided):
    """Roll DICE NUM_ROLLS times: the sum, or 1 if any roll was a 1."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    # BEGIN PROBLEM 1
    outcomes = [dice() for _ in range(num_rolls)]
    if 1 in outcomes:
        return 1
    return sum(outcomes)
    # END PROBLEM 1


def boar_brawl(player_score, opponent_score):
    """Points for rolling 0 dice under Boar Brawl."""
    # BEGIN PROBLEM 2
    difference = abs((opponent_score // 10) % 10 - player_score % 10)
    return max(1, 3 * difference)
    # END PROBLEM 2


def take_turn(num_rolls, player_score, opponent_score, dice=six_sided):
    """Points for one turn of NUM_ROLLS dice."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    # BEGIN PROBLEM 3
    if not num_rolls:
        return boar_brawl(player_score, opponent_score)
    return roll_dice(num_rolls, dice)
    # END PROBLEM 3


def simple_update(num_rolls, player_score, opponent_score, dice=six_sided):
    """The score after a turn, without Fuzzy Factors (given)."""
    score = player_score + take_turn(num_rolls, player_score, opponent_score, dice)
    return score


def hog_gcd(x, y):
    """Greatest common divisor of X and Y."""
    # BEGIN PROBLEM 4
    if y == 0:
        return x
    return hog_gcd(y, x % y)
    # END PROBLEM 4


def fuzzy_points(score):
    """SCORE after Fuzzy Factors."""
    # BEGIN PROBLEM 4
    common = hog_gcd(score, 100)
    if common > 10:
        return score + (common // 10) % 10 * 2
    return score
    # END PROBLEM 4


def fuzzy_update(num_rolls, player_score, opponent_score, dice=six_sided):
    """The score after a turn, Fuzzy Factors included."""
    # BEGIN PROBLEM 4
    return fuzzy_points(simple_update(num_rolls, player_score, opponent_score, dice))
    # END PROBLEM 4


def always_roll_5(score, opponent_score):
    """Always roll 5 (given)."""
    return 5


def play(strategy0, strategy1, update,
         score0=0, score1=0, dice=six_sided, goal=GOAL):
    """Play a game; return the final scores, Player 0's first."""
    who = 0  # Who is about to take a turn, 0 (first) or 1 (second)
    # BEGIN PROBLEM 5
    def turn(who, score0, score1):
        if score0 >= goal or score1 >= goal:
            return score0, score1
        if who == 0:
            return turn(1, update(strategy0(score0, score1), score0, score1, dice), score1)
        return turn(0, score0, update(strategy1(score1, score0), score1, score0, dice))
    score0, score1 = turn(who, score0, score1)
    # END PROBLEM 5
    return score0, score1


#######################
# Phase 2: Strategies #
#######################


def always_roll(n):
    """A strategy that always rolls N dice."""
    assert n >= 0 and n <= 10
    # BEGIN PROBLEM 6
    return lambda score, opponent_score: n
    # END PROBLEM 6


def catch_up(score, opponent_score):
    """6 dice when behind, else 5 (given)."""
    if score < opponent_score:
        return 6  # Roll one more to catch up
    else:
        return 5


def is_always_roll(strategy, goal=GOAL):
    """Whether STRATEGY always rolls the same number of dice in a game to GOAL."""
    # BEGIN PROBLEM 7
    first = strategy(0, 0)

    def same_from(score):
        if score == goal:
            return True
        row = [strategy(score, opponent_score) for opponent_score in range(goal)]
        return row == [first] * goal and same_from(score + 1)

    return same_from(0)
    # END PROBLEM 7


def make_averaged(original_function, total_samples=1000):
    """A function that averages TOTAL_SAMPLES calls of ORIGINAL_FUNCTION."""
    # BEGIN PROBLEM 8
    def averaged(*args):
        return sum([original_function(*args) for _ in range(total_samples)]) / total_samples
    return averaged
    # END PROBLEM 8


def max_scoring_num_rolls(dice=six_sided, total_samples=1000):
    """The number of dice (1 to 10) with the best average turn."""
    # BEGIN PROBLEM 9
    averaged = make_averaged(roll_dice, total_samples)
    averages = [averaged(k, dice) for k in range(1, 11)]
    return averages.index(max(averages)) + 1
    # END PROBLEM 9


def winner(strategy0, strategy1):
    """0 if strategy0 wins against strategy1, else 1 (given)."""
    score0, score1 = play(strategy0, strategy1, fuzzy_update)
    if score0 > score1:
        return 0
    else:
        return 1


def average_win_rate(strategy, baseline=always_roll(6)):
    """STRATEGY's win rate against BASELINE, both seats (given)."""
    win_rate_as_player_0 = 1 - make_averaged(winner)(strategy, baseline)
    win_rate_as_player_1 = make_averaged(winner)(baseline, strategy)
    return (win_rate_as_player_0 + win_rate_as_player_1) / 2


def run_experiments():
    """The experiments (given)."""
    print('Max scoring num rolls for six-sided dice:', max_scoring_num_rolls(six_sided))
    print('boar_strategy win rate:', average_win_rate(boar_strategy))
    print('fuzzy_strategy win rate:', average_win_rate(fuzzy_strategy))


def boar_strategy(score, opponent_score, threshold=12, num_rolls=6):
    """0 when Boar Brawl gives at least THRESHOLD, else NUM_ROLLS."""
    # BEGIN PROBLEM 10
    return 0 if boar_brawl(score, opponent_score) >= threshold else num_rolls
    # END PROBLEM 10


def fuzzy_strategy(score, opponent_score, threshold=12, num_rolls=6):
    """0 when rolling 0 raises the score by at least THRESHOLD."""
    # BEGIN PROBLEM 11
    return 0 if fuzzy_update(0, score, opponent_score) - score >= threshold else num_rolls
    # END PROBLEM 11


def final_strategy(score, opponent_score):
    """Roll 0 when it gains at least 9, else 6."""
    # BEGIN PROBLEM 12
    return fuzzy_strategy(score, opponent_score, 9, 6)
    # END PROBLEM 12


##########################
# Command Line Interface #
##########################


@main
def run(*args):
    """Read in the command-line argument and run the experiments."""
    import argparse
    parser = argparse.ArgumentParser(description="Play Hog")
    parser.add_argument('--run_experiments', '-r', action='store_true',
                        help='Runs strategy experiments')
    args = parser.parse_args()
    if args.run_experiments:
        run_experiments()
