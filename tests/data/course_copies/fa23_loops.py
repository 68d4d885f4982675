"""Hog, as one student wrote it against the course skeleton (Fall 2023 rules; Spring 2024 had the same)."""

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
    total, sad = 0, False
    i = 0
    while i < num_rolls:
        roll = dice()
        if roll == 1:
            sad = True
        total = total + roll
        i = i + 1
    if sad:
        return 1
    return total
    # END PROBLEM 1


def boar_brawl(player_score, opponent_score):
    """Points for rolling 0 dice under Boar Brawl."""
    # BEGIN PROBLEM 2
    tens = opponent_score // 10 % 10
    ones = player_score % 10
    points = 3 * abs(tens - ones)
    if points < 1:
        points = 1
    return points
    # END PROBLEM 2


def take_turn(num_rolls, player_score, opponent_score, dice=six_sided):
    """Points for one turn of NUM_ROLLS dice."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    # BEGIN PROBLEM 3
    if num_rolls == 0:
        return boar_brawl(player_score, opponent_score)
    else:
        return roll_dice(num_rolls, dice)
    # END PROBLEM 3


def simple_update(num_rolls, player_score, opponent_score, dice=six_sided):
    """The score after a turn, without Sus Fuss (given)."""
    score = player_score + take_turn(num_rolls, player_score, opponent_score, dice)
    return score

def is_prime(n):
    """Whether N is prime (given)."""
    return n != 1 and all(n % k for k in range(2, n))

def num_factors(n):
    """How many factors N has, 1 and N included."""
    # BEGIN PROBLEM 4
    count = 0
    k = 1
    while k * k <= n:
        if n % k == 0:
            if k * k == n:
                count += 1
            else:
                count += 2
        k += 1
    return count
    # END PROBLEM 4

def sus_points(score):
    """SCORE after Sus Fuss."""
    # BEGIN PROBLEM 4
    factors = num_factors(score)
    if factors == 3 or factors == 4:
        score += 1
        while not is_prime(score):
            score += 1
    return score
    # END PROBLEM 4

def sus_update(num_rolls, player_score, opponent_score, dice=six_sided):
    """The score after a turn, Sus Fuss included."""
    # BEGIN PROBLEM 4
    score = simple_update(num_rolls, player_score, opponent_score, dice)
    return sus_points(score)
    # END PROBLEM 4


def always_roll_5(score, opponent_score):
    """Always roll 5 (given)."""
    return 5


def play(strategy0, strategy1, update,
         score0=0, score1=0, dice=six_sided, goal=GOAL):
    """Play a game; return the final scores, Player 0's first."""
    who = 0  # Who is about to take a turn, 0 (first) or 1 (second)
    # BEGIN PROBLEM 5
    while score0 < goal and score1 < goal:
        if who == 0:
            num_rolls = strategy0(score0, score1)
            score0 = update(num_rolls, score0, score1, dice)
        else:
            num_rolls = strategy1(score1, score0)
            score1 = update(num_rolls, score1, score0, dice)
        who = 1 - who
    # END PROBLEM 5
    return score0, score1


#######################
# Phase 2: Strategies #
#######################


def always_roll(n):
    """A strategy that always rolls N dice."""
    assert n >= 0 and n <= 10
    # BEGIN PROBLEM 6
    def strategy(score, opponent_score):
        return n
    return strategy
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
    choice = strategy(0, 0)
    score = 0
    while score < goal:
        opponent_score = 0
        while opponent_score < goal:
            if strategy(score, opponent_score) != choice:
                return False
            opponent_score += 1
        score += 1
    return True
    # END PROBLEM 7


def make_averaged(original_function, samples_count=1000):
    """A function that averages SAMPLES_COUNT calls of ORIGINAL_FUNCTION."""
    # BEGIN PROBLEM 8
    def average(*args):
        total, i = 0, 0
        while i < samples_count:
            total += original_function(*args)
            i += 1
        return total / samples_count
    return average
    # END PROBLEM 8


def max_scoring_num_rolls(dice=six_sided, samples_count=1000):
    """The number of dice (1 to 10) with the best average turn."""
    # BEGIN PROBLEM 9
    best, best_average = 0, 0
    num_rolls = 1
    while num_rolls <= 10:
        average = make_averaged(roll_dice, samples_count)(num_rolls, dice)
        if average > best_average:
            best, best_average = num_rolls, average
        num_rolls += 1
    return best
    # END PROBLEM 9


def winner(strategy0, strategy1):
    """0 if strategy0 wins against strategy1, else 1 (given)."""
    score0, score1 = play(strategy0, strategy1, sus_update)
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
    print('sus_strategy win rate:', average_win_rate(sus_strategy))



def boar_strategy(score, opponent_score, threshold=11, num_rolls=6):
    """0 when Boar Brawl gives at least THRESHOLD, else NUM_ROLLS."""
    # BEGIN PROBLEM 10
    if boar_brawl(score, opponent_score) >= threshold:
        return 0
    return num_rolls
    # END PROBLEM 10


def sus_strategy(score, opponent_score, threshold=11, num_rolls=6):
    """0 when rolling 0 raises the score by at least THRESHOLD."""
    # BEGIN PROBLEM 11
    gain = sus_update(0, score, opponent_score) - score
    if gain >= threshold:
        return 0
    return num_rolls
    # END PROBLEM 11


def final_strategy(score, opponent_score):
    """Roll 0 when it gains at least 10, else 6."""
    # BEGIN PROBLEM 12
    return sus_strategy(score, opponent_score, 10, 6)
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
