"""Hog, as one student wrote it against the course skeleton (Fall 2021 rules)."""

from dice import six_sided, four_sided, make_test_dice
from ucb import main, trace, interact

GOAL_SCORE = 100  # The goal of Hog is to score 100 points.

######################
# Phase 1: Simulator #
######################


def roll_dice(num_rolls, dice=six_sided):
    """Roll DICE NUM_ROLLS times: the sum of the outcomes, or 1 if any came up 1."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    # BEGIN PROBLEM 1
    rolled, total, sad = 0, 0, False
    while rolled < num_rolls:
        outcome = dice()
        if outcome == 1:
            sad = True
        total = total + outcome
        rolled = rolled + 1
    if sad:
        return 1
    return total
    # END PROBLEM 1


def picky_piggy(score):
    """Points for rolling 0 dice when the opponent has SCORE."""
    # BEGIN PROBLEM 2
    if score == 0:
        return 7
    place = score % 6
    if place == 1:
        return 1
    elif place == 2:
        return 4
    elif place == 3:
        return 2
    elif place == 4:
        return 8
    elif place == 5:
        return 5
    return 7
    # END PROBLEM 2


def take_turn(num_rolls, opponent_score, dice=six_sided, goal=GOAL_SCORE):
    """Points for a turn of NUM_ROLLS dice (Picky Piggy for zero)."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < goal, 'The game should be over.'
    # BEGIN PROBLEM 3
    if num_rolls == 0:
        return picky_piggy(opponent_score)
    return roll_dice(num_rolls, dice)
    # END PROBLEM 3


def hog_pile(player_score, opponent_score):
    """Points scored by the player due to Hog Pile."""
    # BEGIN PROBLEM 4
    if player_score != opponent_score:
        return 0
    return player_score
    # END PROBLEM 4


def next_player(who):
    """The other player."""
    return 1 - who


def silence(score0, score1):
    """Announce nothing (see Phase 2)."""
    return silence


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    """Play a game; return the final scores, Player 0's first."""
    who = 0  # Who is about to take a turn, 0 (first) or 1 (second)
    # BEGIN PROBLEM 5
    while score0 < goal and score1 < goal:
        if who == 0:
            score0 += take_turn(strategy0(score0, score1), score1, dice, goal)
            score0 += hog_pile(score0, score1)
        else:
            score1 += take_turn(strategy1(score1, score0), score0, dice, goal)
            score1 += hog_pile(score1, score0)
        who = next_player(who)
        # END PROBLEM 5
        # BEGIN PROBLEM 6
        say = say(score0, score1)
        # END PROBLEM 6
    return score0, score1


#######################
# Phase 2: Commentary #
#######################


def say_scores(score0, score1):
    """Both players' scores."""
    print("Player 0 now has", score0, "and Player 1 now has", score1)
    return say_scores


def announce_lead_changes(last_leader=None):
    """Announce when the leader changes."""
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
    """Say what F says, then what G says."""
    def say(score0, score1):
        return both(f(score0, score1), g(score0, score1))
    return say


def announce_highest(who, last_score=0, running_high=0):
    """Announce WHO's record gains."""
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    # BEGIN PROBLEM 7
    def say(score0, score1):
        if who == 0:
            now = score0
        else:
            now = score1
        gain = now - last_score
        if gain > running_high:
            print(gain, "point(s)! That's a record gain for Player", str(who) + "!")
            return announce_highest(who, now, gain)
        return announce_highest(who, now, running_high)
    return say
    # END PROBLEM 7


#######################
# Phase 3: Strategies #
#######################


def always_roll(n):
    """A strategy that always rolls N dice."""
    def strategy(score, opponent_score):
        return n
    return strategy


def make_averaged(original_function, trials_count=1000):
    """Average of ORIGINAL_FUNCTION over TRIALS_COUNT calls."""
    # BEGIN PROBLEM 8
    def averaged(*args):
        done, total = 0, 0
        while done < trials_count:
            total += original_function(*args)
            done += 1
        return total / trials_count
    return averaged
    # END PROBLEM 8


def max_scoring_num_rolls(dice=six_sided, trials_count=1000):
    """The number of dice from 1 to 10 with the highest average turn score."""
    # BEGIN PROBLEM 9
    average = make_averaged(roll_dice, trials_count)
    best, best_score = 1, average(1, dice)
    n = 2
    while n <= 10:
        score = average(n, dice)
        if score > best_score:
            best, best_score = n, score
        n += 1
    return best
    # END PROBLEM 9


def winner(strategy0, strategy1):
    """0 if strategy0 wins against strategy1, else 1."""
    score0, score1 = play(strategy0, strategy1)
    if score0 > score1:
        return 0
    else:
        return 1


def average_win_rate(strategy, baseline=always_roll(6)):
    """STRATEGY's win rate against BASELINE, as either player."""
    win_rate_as_player_0 = 1 - make_averaged(winner)(strategy, baseline)
    win_rate_as_player_1 = make_averaged(winner)(baseline, strategy)
    return (win_rate_as_player_0 + win_rate_as_player_1) / 2


def run_experiments():
    """Experiments with the strategies."""
    six_sided_max = max_scoring_num_rolls(six_sided)
    print('Max scoring num rolls for six-sided dice:', six_sided_max)
    print('always_roll(6) win rate:', average_win_rate(always_roll(6)))
    print('hog_pile_strategy win rate:', average_win_rate(hog_pile_strategy))


def picky_piggy_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    """Roll 0 when Picky Piggy gives at least CUTOFF, else NUM_ROLLS."""
    # BEGIN PROBLEM 10
    if picky_piggy(opponent_score) >= cutoff:
        return 0
    return num_rolls
    # END PROBLEM 10


def hog_pile_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    """Roll 0 when that makes the scores equal, or as picky_piggy_strategy."""
    # BEGIN PROBLEM 11
    if score + picky_piggy(opponent_score) == opponent_score:
        return 0
    return picky_piggy_strategy(score, opponent_score, cutoff, num_rolls)
    # END PROBLEM 11


def final_strategy(score, opponent_score):
    """Roll 0 when Hog Pile pays; otherwise roll 6 dice."""
    # BEGIN PROBLEM 12
    return hog_pile_strategy(score, opponent_score, 8, 6)
    # END PROBLEM 12


##########################
# Command Line Interface #
##########################


@main
def run(*args):
    """Read the command-line arguments and run what they ask for."""
    import argparse
    parser = argparse.ArgumentParser(description="Play Hog")
    parser.add_argument('--run_experiments', '-r', action='store_true',
                        help='Runs strategy experiments')
    args = parser.parse_args()
    if args.run_experiments:
        run_experiments()
