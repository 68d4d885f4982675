"""Hog, as one student wrote it against the course skeleton (Spring 2021 rules)."""

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
    saw_one = False
    while num_rolls > 0:
        outcome = dice()
        if outcome == 1:
            saw_one = True
        total += outcome
        num_rolls -= 1
    if saw_one:
        return 1
    return total
    # END PROBLEM 1


def piggy_points(score):
    """Points for rolling zero dice against an opponent with SCORE."""
    # BEGIN PROBLEM 2
    if score == 0:
        return 3
    squared = score * score
    smallest = 9
    while squared > 0:
        digit = squared % 10
        if digit < smallest:
            smallest = digit
        squared = squared // 10
    return smallest + 3
    # END PROBLEM 2


def take_turn(num_rolls, opponent_score, dice=six_sided, goal=GOAL_SCORE):
    """Points for one turn of NUM_ROLLS dice (zero dice: Piggy Points)."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < goal, 'The game should be over.'
    # BEGIN PROBLEM 3
    if num_rolls == 0:
        return piggy_points(opponent_score)
    else:
        return roll_dice(num_rolls, dice)
    # END PROBLEM 3


def more_boar(player_score, opponent_score):
    """Whether both leading digits of the player are below the opponent's.

    >>> more_boar(21, 43)
    True
    >>> more_boar(7, 8)
    False
    """
    # BEGIN PROBLEM 4
    def two_leading(score):
        while score >= 100:
            score = score // 10
        return score // 10, score % 10

    player_first, player_second = two_leading(player_score)
    opponent_first, opponent_second = two_leading(opponent_score)
    return player_first < opponent_first and player_second < opponent_second
    # END PROBLEM 4


def next_player(who):
    """The player after WHO."""
    return 1 - who


def silence(score0, score1):
    """Say nothing."""
    return silence


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    """Play a game; return the final scores, Player 0's first."""
    who = 0
    # BEGIN PROBLEM 5
    while score0 < goal and score1 < goal:
        if who == 0:
            score0 = score0 + take_turn(strategy0(score0, score1), score1, dice, goal)
            mover, waiting = score0, score1
        else:
            score1 = score1 + take_turn(strategy1(score1, score0), score0, dice, goal)
            mover, waiting = score1, score0
        if not more_boar(mover, waiting):
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
    """Commentary that announces WHO's biggest gain so far."""
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    # BEGIN PROBLEM 7
    def say(score0, score1):
        if who == 0:
            current = score0
        else:
            current = score1
        gain = current - last_score
        if gain > running_high:
            print('Player', who, 'has reached a new maximum point gain.', gain, 'point(s)!')
            return announce_highest(who, current, gain)
        return announce_highest(who, current, running_high)
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
    """The average of TRIALS_COUNT calls of ORIGINAL_FUNCTION."""
    # BEGIN PROBLEM 8
    def averaged(*args):
        total, count = 0, 0
        while count < trials_count:
            total += original_function(*args)
            count += 1
        return total / trials_count
    return averaged
    # END PROBLEM 8


def max_scoring_num_rolls(dice=six_sided, trials_count=1000):
    """The number of dice from 1 to 10 with the highest average turn."""
    # BEGIN PROBLEM 9
    averaged_roll = make_averaged(roll_dice, trials_count)
    best_average, best_rolls = 0, 1
    for rolls in range(1, 11):
        average = averaged_roll(rolls, dice)
        if average > best_average:
            best_average, best_rolls = average, rolls
    return best_rolls
    # END PROBLEM 9


def winner(strategy0, strategy1):
    """0 if strategy0 wins a game, else 1."""
    score0, score1 = play(strategy0, strategy1)
    if score0 > score1:
        return 0
    else:
        return 1


def average_win_rate(strategy, baseline=always_roll(6)):
    """STRATEGY's win rate against BASELINE, in both seats."""
    win_rate_as_player_0 = 1 - make_averaged(winner)(strategy, baseline)
    win_rate_as_player_1 = make_averaged(winner)(baseline, strategy)

    return (win_rate_as_player_0 + win_rate_as_player_1) / 2


def run_experiments():
    """Experiments."""
    print('Max scoring num rolls for six-sided dice:', max_scoring_num_rolls(six_sided))
    for strategy in (piggypoints_strategy, more_boar_strategy, final_strategy):
        print(strategy.__name__, 'win rate:', average_win_rate(strategy))


def piggypoints_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    """Roll 0 dice if Piggy Points gives at least CUTOFF points, else NUM_ROLLS."""
    # BEGIN PROBLEM 10
    if piggy_points(opponent_score) >= cutoff:
        return 0
    else:
        return num_rolls
    # END PROBLEM 10


def more_boar_strategy(score, opponent_score, cutoff=8, num_rolls=6):
    """Roll 0 dice for an extra turn, else as piggypoints_strategy."""
    # BEGIN PROBLEM 11
    if more_boar(score + piggy_points(opponent_score), opponent_score):
        return 0
    return piggypoints_strategy(score, opponent_score, cutoff, num_rolls)
    # END PROBLEM 11


def final_strategy(score, opponent_score):
    """Chase extra turns; near the goal, take whatever zero dice gives."""
    # BEGIN PROBLEM 12
    if score + piggy_points(opponent_score) >= GOAL_SCORE:
        return 0
    return more_boar_strategy(score, opponent_score, 8, 5)
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
