"""Hog, as one student wrote it against the course skeleton (Summer 2020 rules)."""

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
    ones = score % 10
    tens = (score // 10) % 10
    return 10 - ones + tens
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
    """Whether the current player's score and the opponent's swap."""
    # BEGIN PROBLEM 4
    player_ones = player_score % 10
    opponent_ones = opponent_score % 10
    opponent_tens = (opponent_score // 10) % 10
    return abs(player_ones - opponent_ones) == opponent_tens
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
    prev0 = 0
    prev1 = 0
    while score0 < goal and score1 < goal:
        if who == 0:
            n = strategy0(score0, score1)
            gained = take_turn(n, score1, dice)
            score0 += gained
            if feral_hogs and abs(n - prev0) == 2:
                score0 += 3
            prev0 = gained
            if is_swap(score0, score1):
                score0, score1 = score1, score0
        else:
            n = strategy1(score1, score0)
            gained = take_turn(n, score0, dice)
            score1 += gained
            if feral_hogs and abs(n - prev1) == 2:
                score1 += 3
            prev1 = gained
            if is_swap(score1, score0):
                score0, score1 = score1, score0
        who = other(who)
    # END PROBLEM 5
    # BEGIN PROBLEM 6
        say = say(score0, score1)
    # END PROBLEM 6
    return score0, score1


#######################
# Phase 2: Commentary #
#######################


def say_scores(score0, score1):
    """Print both scores."""
    print("Player 0 now has", score0, "and Player 1 now has", score1)
    return say_scores


def announce_lead_changes(last_leader=None):
    """Commentary that prints each new leader."""
    def say(score0, score1):
        if score0 > score1:
            leader = 0
        elif score1 > score0:
            leader = 1
        else:
            leader = None
        if leader != None and leader != last_leader:
            print('Player', leader, 'takes the lead by', abs(score0 - score1))
        return announce_lead_changes(leader)
    return say


def both(f, g):
    """Commentary of F, then of G."""
    def say(score0, score1):
        return both(f(score0, score1), g(score0, score1))
    return say


def announce_highest(who, last_score=0, running_high=0):
    """Commentary that prints WHO's record gains."""
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    # BEGIN PROBLEM 7
    def say(score0, score1):
        if who == 0:
            score = score0
        else:
            score = score1
        increase = score - last_score
        if increase > running_high:
            print(increase, "point(s)! That's the biggest gain yet for Player", who)
            return announce_highest(who, score, increase)
        return announce_highest(who, score, running_high)
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


def make_averaged(original_function, trials_count=1000):
    """ORIGINAL_FUNCTION averaged over TRIALS_COUNT calls."""
    # BEGIN PROBLEM 8
    def average(*args):
        total = 0
        for _ in range(trials_count):
            total += original_function(*args)
        return total / trials_count
    return average
    # END PROBLEM 8


def max_scoring_num_rolls(dice=six_sided, trials_count=1000):
    """The number of dice with the best average turn."""
    # BEGIN PROBLEM 9
    best, best_average = 1, -1
    for k in range(1, 11):
        average = make_averaged(roll_dice, trials_count)(k, dice)
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


def bacon_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    """0 when Free Bacon gives at least CUTOFF, else NUM_ROLLS."""
    # BEGIN PROBLEM 10
    if free_bacon(opponent_score) >= cutoff:
        return 0
    return num_rolls
    # END PROBLEM 10


def swap_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    """Swap when it helps, never when it hurts, else like bacon_strategy."""
    # BEGIN PROBLEM 11
    bacon = free_bacon(opponent_score)
    mine = score + bacon
    if is_swap(mine, opponent_score):
        if mine < opponent_score:
            return 0
        elif mine > opponent_score:
            return num_rolls
    if bacon >= cutoff:
        return 0
    return num_rolls
    # END PROBLEM 11


def final_strategy(score, opponent_score):
    """Swap strategy with a lower cutoff."""
    # BEGIN PROBLEM 12
    return swap_strategy(score, opponent_score, 9, 6)
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
