"""Hog with recursion and small helpers of the student's own (Fall 2019 rules)."""

from dice import six_sided, four_sided, make_test_dice
from ucb import main, trace, interact

GOAL_SCORE = 100


def roll_dice(num_rolls, dice=six_sided):
    """Points for NUM_ROLLS rolls of DICE."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    # BEGIN PROBLEM 1
    def roll(left, total, pigged):
        if left == 0:
            return 1 if pigged else total
        outcome = dice()
        return roll(left - 1, total + outcome, pigged or outcome == 1)
    return roll(num_rolls, 0, False)
    # END PROBLEM 1


def free_bacon(score):
    """Free Bacon."""
    assert score < 100, 'The game should be over.'
    # BEGIN PROBLEM 2
    return 10 - min(score // 10 % 10, score % 10)
    # END PROBLEM 2


def take_turn(num_rolls, opponent_score, dice=six_sided):
    """One turn."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < 100, 'The game should be over.'
    # BEGIN PROBLEM 3
    if num_rolls > 0:
        return roll_dice(num_rolls, dice)
    else:
        return free_bacon(opponent_score)
    # END PROBLEM 3


def first_digit(n):
    """The leftmost digit of N."""
    if n < 10:
        return n
    return first_digit(n // 10)


def is_swap(player_score, opponent_score):
    """Swine Swap."""
    # BEGIN PROBLEM 4
    def product(n):
        return first_digit(n) * (n % 10)
    return product(player_score) == product(opponent_score)
    # END PROBLEM 4


def other(player):
    """The other one."""
    return 1 - player


def silence(score0, score1):
    """Silent."""
    return silence


def feral_bonus(rolls, last):
    """My own helper for Feral Hogs."""
    if abs(rolls - last) == 2:
        return 3
    return 0


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence, feral_hogs=True):
    """The game."""
    player = 0
    # BEGIN PROBLEM 5
    last_rolls0 = last_rolls1 = 0
    while score0 < goal and score1 < goal:
        if player == 0:
            n = strategy0(score0, score1)
            gained = take_turn(n, score1, dice)
            if feral_hogs:
                gained += feral_bonus(n, last_rolls0)
            last_rolls0 = n
            score0 += gained
        else:
            n = strategy1(score1, score0)
            gained = take_turn(n, score0, dice)
            if feral_hogs:
                gained += feral_bonus(n, last_rolls1)
            last_rolls1 = n
            score1 += gained
        if is_swap(score0, score1):
            score0, score1 = score1, score0
        player = other(player)
        # END PROBLEM 5
        # BEGIN PROBLEM 6
        say = say(score0, score1)
        # END PROBLEM 6
    return score0, score1


def say_scores(score0, score1):
    """Scores."""
    print("Player 0 now has", score0, "and Player 1 now has", score1)
    return say_scores


def announce_lead_changes(previous_leader=None):
    """Leads."""
    def say(score0, score1):
        if score0 > score1:
            leader = 0
        elif score1 > score0:
            leader = 1
        else:
            leader = None
        if leader != None and leader != previous_leader:
            print('Player', leader, 'takes the lead by', abs(score0 - score1))
        return announce_lead_changes(leader)
    return say


def both(f, g):
    """Both."""
    def say(score0, score1):
        return both(f(score0, score1), g(score0, score1))
    return say


def announce_highest(who, previous_high=0, previous_score=0):
    """Highest gains."""
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    # BEGIN PROBLEM 7
    def say(score0, score1):
        now = score1 if who else score0
        if now - previous_score > previous_high:
            print(now - previous_score, "point(s)! That's the biggest gain yet for Player", who)
            return announce_highest(who, now - previous_score, now)
        return announce_highest(who, previous_high, now)
    return say
    # END PROBLEM 7


def always_roll(n):
    """Always N."""
    def strategy(score, opponent_score):
        return n
    return strategy


def make_averaged(fn, num_samples=1000):
    """Averages."""
    # BEGIN PROBLEM 8
    def helper(*args):
        def total(k):
            if k == 0:
                return 0
            if k == 1:
                return fn(*args)
            return total(k // 2) + total(k - k // 2)
        return total(num_samples) / num_samples
    return helper
    # END PROBLEM 8


def max_scoring_num_rolls(dice=six_sided, num_samples=1000):
    """The best number of dice."""
    # BEGIN PROBLEM 9
    averages = [make_averaged(roll_dice, num_samples)(k, dice) for k in range(1, 11)]
    return averages.index(max(averages)) + 1
    # END PROBLEM 9


def winner(strategy0, strategy1):
    """Winner."""
    score0, score1 = play(strategy0, strategy1)
    if score0 > score1:
        return 0
    else:
        return 1


def average_win_rate(strategy, baseline=always_roll(4)):
    """Both seats."""
    win_rate_as_player_0 = 1 - make_averaged(winner)(strategy, baseline)
    win_rate_as_player_1 = make_averaged(winner)(baseline, strategy)
    return (win_rate_as_player_0 + win_rate_as_player_1) / 2


def run_experiments():
    """Experiments."""
    if False:
        print(max_scoring_num_rolls(six_sided))


def bacon_strategy(score, opponent_score, margin=8, num_rolls=4):
    """Bacon."""
    # BEGIN PROBLEM 10
    if free_bacon(opponent_score) < margin:
        return num_rolls
    return 0
    # END PROBLEM 10


def swap_strategy(score, opponent_score, margin=8, num_rolls=4):
    """Swaps."""
    # BEGIN PROBLEM 11
    new = score + free_bacon(opponent_score)
    beneficial = is_swap(new, opponent_score) and opponent_score > new
    harmful = is_swap(new, opponent_score) and opponent_score < new
    if beneficial:
        return 0
    if harmful:
        return num_rolls
    return bacon_strategy(score, opponent_score, margin, num_rolls)
    # END PROBLEM 11


def final_strategy(score, opponent_score):
    """Final."""
    # BEGIN PROBLEM 12
    return 4
    # END PROBLEM 12


@main
def run(*args):
    """Command line."""
    import argparse
    parser = argparse.ArgumentParser(description="Play Hog")
    parser.add_argument('--run_experiments', '-r', action='store_true')
    args = parser.parse_args()
    if args.run_experiments:
        run_experiments()
