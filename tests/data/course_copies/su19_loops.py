"""Hog, as one student wrote it against the course skeleton (Summer 2019 rules), with while loops."""

from dice import six_sided, four_sided, make_test_dice
from ucb import main, trace, interact

GOAL_SCORE = 100

######################
# Phase 1: Simulator #
######################


def roll_dice(num_rolls, dice=six_sided):
    """Roll DICE NUM_ROLLS times: the sum, or 1 if any roll was a 1 (Pig Out)."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    # BEGIN PROBLEM 1
    total, pig_out = 0, False
    while num_rolls > 0:
        outcome = dice()
        if outcome == 1:
            pig_out = True
        total += outcome
        num_rolls -= 1
    if pig_out:
        return 1
    return total
    # END PROBLEM 1


def free_bacon(score):
    """Points for rolling 0 dice when the opponent has SCORE."""
    assert score < 100, 'The game should be over.'
    # BEGIN PROBLEM 2
    tens = score // 10
    ones = score % 10
    if tens < ones:
        return 10 - tens
    return 10 - ones
    # END PROBLEM 2


def take_turn(num_rolls, opponent_score, dice=six_sided):
    """Points for one turn of NUM_ROLLS dice against OPPONENT_SCORE."""
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
    """Whether the mover's first digit is the opponent's last digit."""
    # BEGIN PROBLEM 4
    first = player_score
    while first >= 10:
        first = first // 10
    return first == opponent_score % 10
    # END PROBLEM 4


def other(player):
    """The other player (given)."""
    return 1 - player


def silence(score0, score1):
    """No commentary (given)."""
    return silence


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    """Play a game; return the final scores, Player 0's first."""
    player = 0
    # BEGIN PROBLEM 5
    while score0 < goal and score1 < goal:
        if player == 0:
            score0 = score0 + take_turn(strategy0(score0, score1), score1, dice)
            if is_swap(score0, score1):
                score0, score1 = score1, score0
        else:
            score1 = score1 + take_turn(strategy1(score1, score0), score0, dice)
            if is_swap(score1, score0):
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
    """Print both scores (given)."""
    print("Player 0 now has", score0, "and Player 1 now has", score1)
    return say_scores

def announce_lead_changes(previous_leader=None):
    """Commentary that prints each new leader (given)."""
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
    """Commentary of F, then of G (given)."""
    def say(score0, score1):
        return both(f(score0, score1), g(score0, score1))
    return say


def announce_highest(who, previous_high=0, previous_score=0):
    """Commentary that prints each time WHO gains more in a turn than ever before."""
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    # BEGIN PROBLEM 7
    def say(score0, score1):
        if who == 0:
            score = score0
        else:
            score = score1
        gain = score - previous_score
        if gain > previous_high:
            print(gain, "point(s)! That's the biggest gain yet for Player", who)
            return announce_highest(who, gain, score)
        return announce_highest(who, previous_high, score)
    return say
    # END PROBLEM 7


#######################
# Phase 3: Strategies #
#######################


def always_roll(n):
    """A strategy that always rolls N dice (given)."""
    def strategy(score, opponent_score):
        return n
    return strategy


def make_averaged(fn, num_samples=1000):
    """A function that averages NUM_SAMPLES calls of FN."""
    # BEGIN PROBLEM 8
    def averaged(*args):
        total, i = 0, 0
        while i < num_samples:
            total += fn(*args)
            i += 1
        return total / num_samples
    return averaged
    # END PROBLEM 8


def max_scoring_num_rolls(dice=six_sided, num_samples=1000):
    """The number of dice (1 to 10) with the best average turn; the fewest on a tie."""
    # BEGIN PROBLEM 9
    best, best_average = 0, -1
    n = 1
    while n <= 10:
        average = make_averaged(roll_dice, num_samples)(n, dice)
        if average > best_average:
            best, best_average = n, average
        n += 1
    return best
    # END PROBLEM 9


def winner(strategy0, strategy1):
    """0 if strategy0 wins against strategy1, else 1 (given)."""
    score0, score1 = play(strategy0, strategy1)
    if score0 > score1:
        return 0
    else:
        return 1


def average_win_rate(strategy, baseline=always_roll(4)):
    """STRATEGY's win rate against BASELINE, both seats (given)."""
    win_rate_as_player_0 = 1 - make_averaged(winner)(strategy, baseline)
    win_rate_as_player_1 = make_averaged(winner)(baseline, strategy)

    return (win_rate_as_player_0 + win_rate_as_player_1) / 2


def run_experiments():
    """The experiments."""
    six_sided_max = max_scoring_num_rolls(six_sided)
    print('Max scoring num rolls for six-sided dice:', six_sided_max)
    print('bacon_strategy win rate:', average_win_rate(bacon_strategy))
    print('swap_strategy win rate:', average_win_rate(swap_strategy))
    print('final_strategy win rate:', average_win_rate(final_strategy))


def bacon_strategy(score, opponent_score, margin=8, num_rolls=4):
    """0 when Free Bacon gives at least MARGIN, else NUM_ROLLS."""
    # BEGIN PROBLEM 10
    if free_bacon(opponent_score) >= margin:
        return 0
    return num_rolls
    # END PROBLEM 10


def swap_strategy(score, opponent_score, margin=8, num_rolls=4):
    """0 for a swap that helps, or for MARGIN points without a swap that hurts; else NUM_ROLLS."""
    # BEGIN PROBLEM 11
    bacon = free_bacon(opponent_score)
    after = score + bacon
    if is_swap(after, opponent_score):
        if opponent_score > after:
            return 0
        if opponent_score < after:
            return num_rolls
    if bacon >= margin:
        return 0
    return num_rolls
    # END PROBLEM 11


def final_strategy(score, opponent_score):
    """Take a helpful swap or 8 free points; roll 6 when behind and 4 otherwise."""
    # BEGIN PROBLEM 12
    if opponent_score - score > 15:
        return swap_strategy(score, opponent_score, 8, 6)
    return swap_strategy(score, opponent_score, 8, 4)
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
