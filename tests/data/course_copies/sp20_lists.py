"""Hog, as one student wrote it against the course skeleton (Spring 2020 rules), keeping each player's numbers in lists."""

from dice import six_sided, four_sided, make_test_dice
from ucb import main, trace, interact

GOAL_SCORE = 100

######################
# Phase 1: Simulator #
######################


def roll_dice(num_rolls, dice=six_sided):
    """Roll DICE NUM_ROLLS times; the sum, or 1 if a 1 came up."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    # BEGIN PROBLEM 1
    total, sow_sad = 0, False
    i = 0
    while i < num_rolls:
        value = dice()
        if value == 1:
            sow_sad = True
        else:
            total += value
        i += 1
    if sow_sad:
        return 1
    return total
    # END PROBLEM 1


def free_bacon(score):
    """Points for rolling 0 dice against an opponent with SCORE."""
    assert score < 100, 'The game should be over.'
    # BEGIN PROBLEM 2
    digits = str(score ** 3)
    alternating = 0
    for i in range(len(digits)):
        if i % 2 == 0:
            alternating += int(digits[-1 - i])
        else:
            alternating -= int(digits[-1 - i])
    return abs(alternating) + 1
    # END PROBLEM 2


def take_turn(num_rolls, opponent_score, dice=six_sided):
    """Points of a turn of NUM_ROLLS dice; Free Bacon for 0."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < 100, 'The game should be over.'
    # BEGIN PROBLEM 3
    if num_rolls == 0:
        return free_bacon(opponent_score)
    return roll_dice(num_rolls, dice)
    # END PROBLEM 3


def is_swap(player_score, opponent_score):
    """Whether the scores swap: 3 ** (sum of scores) starts and ends with the same digit."""
    # BEGIN PROBLEM 4
    excitement = str(3 ** (player_score + opponent_score))
    return excitement[0] == excitement[-1]
    # END PROBLEM 4


def other(who):
    """The other player."""
    return 1 - who


def silence(score0, score1):
    """Nothing to say."""
    return silence


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence, feral_hogs=True):
    """Play Hog; return the final scores, Player 0's first."""
    who = 0
    # BEGIN PROBLEM 5
    scores = [score0, score1]
    strategies = [strategy0, strategy1]
    last_points = [0, 0]
    while scores[0] < goal and scores[1] < goal:
        rolls = strategies[who](scores[who], scores[other(who)])
        points = take_turn(rolls, scores[other(who)], dice)
        scores[who] += points
        if feral_hogs:
            if abs(rolls - last_points[who]) == 2:
                scores[who] += 3
            last_points[who] = points
        if is_swap(scores[0], scores[1]):
            scores = [scores[1], scores[0]]
        who = other(who)
    # END PROBLEM 5
    # BEGIN PROBLEM 6
        say = say(scores[0], scores[1])
    score0, score1 = scores
    # END PROBLEM 6
    return score0, score1


#######################
# Phase 2: Commentary #
#######################


def say_scores(score0, score1):
    """Print both scores."""
    print("Player 0 now has", score0, "and Player 1 now has", score1)
    return say_scores


def announce_lead_changes(prev_leader=None):
    """Commentary that prints each new leader."""
    def say(score0, score1):
        if score0 > score1:
            leader = 0
        elif score1 > score0:
            leader = 1
        else:
            leader = None
        if leader != None and leader != prev_leader:
            print('Player', leader, 'takes the lead by', abs(score0 - score1))
        return announce_lead_changes(leader)
    return say


def both(f, g):
    """Commentary of F, then of G."""
    def say(score0, score1):
        return both(f(score0, score1), g(score0, score1))
    return say


def announce_highest(who, prev_high=0, prev_score=0):
    """Commentary that prints WHO's record gains."""
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    # BEGIN PROBLEM 7
    def say(score0, score1):
        if who == 0:
            score = score0
        else:
            score = score1
        increase = score - prev_score
        if increase > prev_high:
            print(increase, "point(s)! That's the biggest gain yet for Player", who)
            return announce_highest(who, increase, score)
        return announce_highest(who, prev_high, score)
    return say
    # END PROBLEM 7


#######################
# Phase 3: Strategies #
#######################


def always_roll(n):
    """A strategy that always rolls N."""
    def strategy(score, opponent_score):
        return n
    return strategy


def make_averaged(g, num_samples=1000):
    """G averaged over NUM_SAMPLES calls."""
    # BEGIN PROBLEM 8
    def average(*args):
        total = 0
        for _ in range(num_samples):
            total += g(*args)
        return total / num_samples
    return average
    # END PROBLEM 8


def max_scoring_num_rolls(dice=six_sided, num_samples=1000):
    """The number of dice with the best average turn."""
    # BEGIN PROBLEM 9
    best, best_average = 1, -1
    for k in range(1, 11):
        average = make_averaged(roll_dice, num_samples)(k, dice)
        if average > best_average:
            best, best_average = k, average
    return best
    # END PROBLEM 9


def winner(strategy0, strategy1):
    """0 if strategy0 wins, else 1."""
    score0, score1 = play(strategy0, strategy1)
    if score0 > score1:
        return 0
    else:
        return 1


def average_win_rate(strategy, baseline=always_roll(6)):
    """Win rate of STRATEGY against BASELINE over both seats."""
    win_rate_as_player_0 = 1 - make_averaged(winner)(strategy, baseline)
    win_rate_as_player_1 = make_averaged(winner)(baseline, strategy)

    return (win_rate_as_player_0 + win_rate_as_player_1) / 2


def run_experiments():
    """Some experiments."""
    if True:
        six_sided_max = max_scoring_num_rolls(six_sided)
        print('Max scoring num rolls for six-sided dice:', six_sided_max)

    if False:
        print('always_roll(8) win rate:', average_win_rate(always_roll(8)))


def bacon_strategy(score, opponent_score, margin=8, num_rolls=6):
    """0 when Free Bacon gives at least MARGIN, else NUM_ROLLS."""
    # BEGIN PROBLEM 10
    if free_bacon(opponent_score) >= margin:
        return 0
    return num_rolls
    # END PROBLEM 10


def swap_strategy(score, opponent_score, margin=8, num_rolls=6):
    """Swap when it helps, never when it hurts, else like bacon_strategy."""
    # BEGIN PROBLEM 11
    bacon = free_bacon(opponent_score)
    mine = score + bacon
    if is_swap(mine, opponent_score):
        if mine < opponent_score:
            return 0
        elif mine > opponent_score:
            return num_rolls
    if bacon >= margin:
        return 0
    return num_rolls
    # END PROBLEM 11


def final_strategy(score, opponent_score):
    """Swap strategy, rolling 5 otherwise."""
    # BEGIN PROBLEM 12
    return swap_strategy(score, opponent_score, 9, 5)
    # END PROBLEM 12


##########################
# Command Line Interface #
##########################


@main
def run(*args):
    """Command line: -r runs the experiments."""
    import argparse
    parser = argparse.ArgumentParser(description="Play Hog")
    parser.add_argument('--run_experiments', '-r', action='store_true')

    args = parser.parse_args()

    if args.run_experiments:
        run_experiments()
