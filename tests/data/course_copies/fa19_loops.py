"""Hog, as one student wrote it against the course skeleton (Fall 2019 rules)."""

from dice import six_sided, four_sided, make_test_dice
from ucb import main, trace, interact

GOAL_SCORE = 100

######################
# Phase 1: Simulator #
######################


def roll_dice(num_rolls, dice=six_sided):
    """Roll DICE NUM_ROLLS times; the sum, or 1 if any roll was a 1."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    # BEGIN PROBLEM 1
    total = 0
    pigged = False
    count = 0
    while count < num_rolls:
        outcome = dice()
        if outcome == 1:
            pigged = True
        total += outcome
        count += 1
    if pigged:
        return 1
    return total
    # END PROBLEM 1


def free_bacon(score):
    """Points for rolling zero dice against an opponent with SCORE."""
    assert score < 100, 'The game should be over.'
    # BEGIN PROBLEM 2
    tens = score // 10
    ones = score % 10
    if tens < ones:
        smaller = tens
    else:
        smaller = ones
    return 10 - smaller
    # END PROBLEM 2


def take_turn(num_rolls, opponent_score, dice=six_sided):
    """Points for one turn of NUM_ROLLS dice (zero dice: Free Bacon)."""
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
    """Whether the two scores swap."""
    # BEGIN PROBLEM 4
    def leftmost(n):
        while n >= 10:
            n = n // 10
        return n
    mine = leftmost(player_score) * (player_score % 10)
    theirs = leftmost(opponent_score) * (opponent_score % 10)
    return mine == theirs
    # END PROBLEM 4


def other(player):
    """The other player."""
    return 1 - player


def silence(score0, score1):
    """Say nothing."""
    return silence


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence, feral_hogs=True):
    """Play a game; return both final scores."""
    player = 0
    # BEGIN PROBLEM 5
    last0, last1 = 0, 0
    while score0 < goal and score1 < goal:
        if player == 0:
            rolls = strategy0(score0, score1)
            score0 = score0 + take_turn(rolls, score1, dice)
            if feral_hogs and abs(rolls - last0) == 2:
                score0 = score0 + 3
            last0 = rolls
        else:
            rolls = strategy1(score1, score0)
            score1 = score1 + take_turn(rolls, score0, dice)
            if feral_hogs and abs(rolls - last1) == 2:
                score1 = score1 + 3
            last1 = rolls
        if is_swap(score0, score1):
            score0, score1 = score1, score0
        player = other(player)
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


def announce_lead_changes(previous_leader=None):
    """Commentary that prints each new leader."""
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
    """Commentary of F, then of G."""
    def say(score0, score1):
        return both(f(score0, score1), g(score0, score1))
    return say


def announce_highest(who, previous_high=0, previous_score=0):
    """Commentary that prints WHO's biggest gains."""
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    # BEGIN PROBLEM 7
    def say(score0, score1):
        if who == 0:
            current = score0
        else:
            current = score1
        gain = current - previous_score
        if gain > previous_high:
            print(str(gain) + " point(s)! That's the biggest gain yet for Player " + str(who))
            return announce_highest(who, gain, current)
        return announce_highest(who, previous_high, current)
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


def make_averaged(fn, num_samples=1000):
    """FN averaged over NUM_SAMPLES calls."""
    # BEGIN PROBLEM 8
    def averaged(*args):
        total, i = 0, 0
        while i < num_samples:
            total = total + fn(*args)
            i = i + 1
        return total / num_samples
    return averaged
    # END PROBLEM 8


def max_scoring_num_rolls(dice=six_sided, num_samples=1000):
    """The number of dice with the best average turn."""
    # BEGIN PROBLEM 9
    best_num, best_avg = 0, 0
    num = 1
    while num <= 10:
        avg = make_averaged(roll_dice, num_samples)(num, dice)
        if avg > best_avg:
            best_num, best_avg = num, avg
        num += 1
    return best_num
    # END PROBLEM 9


def winner(strategy0, strategy1):
    """0 if strategy0 wins, else 1."""
    score0, score1 = play(strategy0, strategy1)
    if score0 > score1:
        return 0
    else:
        return 1


def average_win_rate(strategy, baseline=always_roll(4)):
    """Win rate of STRATEGY against BASELINE over both seats."""
    win_rate_as_player_0 = 1 - make_averaged(winner)(strategy, baseline)
    win_rate_as_player_1 = make_averaged(winner)(baseline, strategy)

    return (win_rate_as_player_0 + win_rate_as_player_1) / 2


def run_experiments():
    """Try some strategies."""
    if True:
        print('best number of dice:', max_scoring_num_rolls(six_sided))
    if False:
        print('swap_strategy:', average_win_rate(swap_strategy))


def bacon_strategy(score, opponent_score, margin=8, num_rolls=4):
    """Roll 0 when Free Bacon gives at least MARGIN."""
    # BEGIN PROBLEM 10
    if free_bacon(opponent_score) >= margin:
        return 0
    return num_rolls
    # END PROBLEM 10


def swap_strategy(score, opponent_score, margin=8, num_rolls=4):
    """Use swaps that help, avoid ones that hurt, else like bacon_strategy."""
    # BEGIN PROBLEM 11
    bacon = free_bacon(opponent_score)
    new_score = score + bacon
    if is_swap(new_score, opponent_score):
        if opponent_score > new_score:
            return 0
        if opponent_score < new_score:
            return num_rolls
    if bacon >= margin:
        return 0
    return num_rolls
    # END PROBLEM 11


def final_strategy(score, opponent_score):
    """Roll 0 when a swap helps or Free Bacon gives 9 or more; otherwise 5."""
    # BEGIN PROBLEM 12
    return swap_strategy(score, opponent_score, 9, 5)
    # END PROBLEM 12

##########################
# Command Line Interface #
##########################



@main
def run(*args):
    """Command line."""
    import argparse
    parser = argparse.ArgumentParser(description="Play Hog")
    parser.add_argument('--run_experiments', '-r', action='store_true')
    args = parser.parse_args()

    if args.run_experiments:
        run_experiments()
