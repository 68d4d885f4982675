"""Hog, as another student wrote it against the course skeleton (Fall 2022 rules), fond of recursion."""

from dice import six_sided, make_test_dice
from ucb import main, trace, interact
from math import log2

GOAL = 100

######################
# Phase 1: Simulator #
######################


def roll_dice(num_rolls, dice=six_sided):
    """Roll DICE NUM_ROLLS times: the sum, or 1 if any roll was a 1."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    # BEGIN PROBLEM 1
    def roll(left, total, sow_sad):
        if left == 0:
            return 1 if sow_sad else total
        outcome = dice()
        return roll(left - 1, total + outcome, sow_sad or outcome == 1)
    return roll(num_rolls, 0, False)
    # END PROBLEM 1


def tail_points(opponent_score):
    """Points for rolling 0 dice under Pig Tail."""
    # BEGIN PROBLEM 2
    return 2 * abs(opponent_score // 10 % 10 - opponent_score % 10) + 1
    # END PROBLEM 2


def take_turn(num_rolls, opponent_score, dice=six_sided):
    """Points for one turn of NUM_ROLLS dice against OPPONENT_SCORE."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    # BEGIN PROBLEM 3
    return roll_dice(num_rolls, dice) if num_rolls else tail_points(opponent_score)
    # END PROBLEM 3


def simple_update(num_rolls, player_score, opponent_score, dice=six_sided):
    """The score after a turn, without Square Swine (given)."""
    return player_score + take_turn(num_rolls, opponent_score, dice)


def square_update(num_rolls, player_score, opponent_score, dice=six_sided):
    """The score after a turn, Square Swine included (given)."""
    score = player_score + take_turn(num_rolls, opponent_score, dice)
    if perfect_square(score):
        return next_perfect_square(score)
    else:
        return score


# BEGIN PROBLEM 4
def root_at_least(score, root=0):
    """The smallest whole number whose square is SCORE or more."""
    if root * root >= score:
        return root
    return root_at_least(score, root + 1)


def perfect_square(score):
    """Whether SCORE is a whole number squared."""
    root = root_at_least(score)
    return root * root == score


def next_perfect_square(score):
    """The first perfect square above SCORE."""
    return (root_at_least(score + 1)) ** 2
# END PROBLEM 4


def always_roll_5(score, opponent_score):
    """Always roll 5 (given)."""
    return 5


def play(strategy0, strategy1, update,
         score0=0, score1=0, dice=six_sided, goal=GOAL):
    """Play a game; return the final scores, Player 0's first."""
    who = 0
    # BEGIN PROBLEM 5
    def turn(mover, waiting, strategies):
        if mover >= goal or waiting >= goal:
            return mover, waiting
        moved = update(strategies[0](mover, waiting), mover, waiting, dice)
        waiting, moved = turn(waiting, moved, strategies[::-1])
        return moved, waiting

    score0, score1 = turn(score0, score1, [strategy0, strategy1])
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
        return 6
    else:
        return 5


def is_always_roll(strategy, goal=GOAL):
    """Whether STRATEGY rolls the same number of dice for every pair of scores below GOAL."""
    # BEGIN PROBLEM 7
    first = strategy(0, 0)
    return all(strategy(score, opponent_score) == first
               for score in range(goal) for opponent_score in range(goal))
    # END PROBLEM 7


def make_averaged(original_function, total_samples=1000):
    """A function that averages TOTAL_SAMPLES calls of ORIGINAL_FUNCTION."""
    # BEGIN PROBLEM 8
    return lambda *args: sum(original_function(*args) for _ in range(total_samples)) / total_samples
    # END PROBLEM 8


def max_scoring_num_rolls(dice=six_sided, total_samples=1000):
    """The number of dice (1 to 10) with the best average turn; the fewest on a tie."""
    # BEGIN PROBLEM 9
    averaged_roll = make_averaged(roll_dice, total_samples)
    return max(range(1, 11), key=lambda rolls: averaged_roll(rolls, dice))
    # END PROBLEM 9


def winner(strategy0, strategy1):
    """0 if strategy0 wins against strategy1, else 1 (given)."""
    score0, score1 = play(strategy0, strategy1, square_update)
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
    six_sided_max = max_scoring_num_rolls(six_sided)
    print('Max scoring num rolls for six-sided dice:', six_sided_max)

    print('always_roll(6) win rate:', average_win_rate(always_roll(6)))
    print('catch_up win rate:', average_win_rate(catch_up))
    print('always_roll(3) win rate:', average_win_rate(always_roll(3)))
    print('always_roll(8) win rate:', average_win_rate(always_roll(8)))

    print('tail_strategy win rate:', average_win_rate(tail_strategy))
    print('square_strategy win rate:', average_win_rate(square_strategy))
    print('final_strategy win rate:', average_win_rate(final_strategy))


def tail_strategy(score, opponent_score, threshold=12, num_rolls=6):
    """0 when Pig Tail gives at least THRESHOLD, else NUM_ROLLS."""
    # BEGIN PROBLEM 10
    return 0 if tail_points(opponent_score) >= threshold else num_rolls
    # END PROBLEM 10


def square_strategy(score, opponent_score, threshold=12, num_rolls=6):
    """0 when rolling 0 raises the score by at least THRESHOLD, else NUM_ROLLS."""
    # BEGIN PROBLEM 11
    return 0 if square_update(0, score, opponent_score) - score >= threshold else num_rolls
    # END PROBLEM 11


def final_strategy(score, opponent_score):
    """Roll 0 when it reaches the goal or gains at least 10, else 5."""
    # BEGIN PROBLEM 12
    if square_update(0, score, opponent_score) >= GOAL:
        return 0
    return square_strategy(score, opponent_score, 10, 5)
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
