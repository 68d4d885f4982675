"""Hog, as one student wrote it against the course skeleton (Spring 2022 rules)."""

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


def digit_fn(digit):
    """The function that DIGIT stands for (given with the project)."""
    assert isinstance(digit, int) and 0 <= digit < 10
    functions = (
        lambda value: value + 1,
        lambda value: value ** 2,
        lambda value: value * 3,
        lambda value: value // 4,
        lambda value: value - 5,
        lambda value: value % 6,
        lambda value: int((value % 7) * 8),
        lambda value: int(value * 8.8),
        lambda value: int(value / 99 * 15) + 10,
        lambda value: value,
    )
    return functions[digit]


def hefty_hogs(player_score, opponent_score):
    """Points scored by the player due to Hefty Hogs."""
    # BEGIN PROBLEM 2
    if opponent_score == 0:
        return 1
    result = player_score
    rest = opponent_score
    while rest:
        result = digit_fn(rest % 10)(result)
        rest = rest // 10
    return result % 30
    # END PROBLEM 2


def take_turn(num_rolls, player_score, opponent_score, dice=six_sided, goal=GOAL_SCORE):
    """Points for a turn of NUM_ROLLS dice (Hefty Hogs for zero)."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert max(player_score, opponent_score) < goal, 'The game should be over.'
    # BEGIN PROBLEM 3
    if num_rolls == 0:
        return hefty_hogs(player_score, opponent_score)
    return roll_dice(num_rolls, dice)
    # END PROBLEM 3


def hog_pile(player_score, opponent_score):
    """Points scored by the player due to Hog Pile."""
    # BEGIN PROBLEM 4
    last = player_score % 10
    if last == opponent_score % 10:
        return last
    return 0
    # END PROBLEM 4


def next_player(who):
    """The other player."""
    return 1 - who


def silence(score0, score1, leader=None):
    """Announce nothing (see Phase 2)."""
    return leader, None


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    """Play a game; return the final scores, Player 0's first."""
    who = 0  # Who is about to take a turn, 0 (first) or 1 (second)
    leader = None  # To be used in problem 7
    # BEGIN PROBLEM 5
    while score0 < goal and score1 < goal:
        if who == 0:
            score0 += take_turn(strategy0(score0, score1), score0, score1, dice, goal)
            score0 += hog_pile(score0, score1)
        else:
            score1 += take_turn(strategy1(score1, score0), score1, score0, dice, goal)
            score1 += hog_pile(score1, score0)
        who = next_player(who)
        # END PROBLEM 5
        # BEGIN PROBLEM 7
        leader, message = say(score0, score1, leader)
        if message:
            print(message)
        # END PROBLEM 7
    return score0, score1


#######################
# Phase 2: Commentary #
#######################


def say_scores(score0, score1, player=None):
    """Both players' scores."""
    return player, f"Player 0 now has {score0} and now Player 1 has {score1}"


def announce_lead_changes(score0, score1, last_leader=None):
    """Announce when the leader has changed."""
    # BEGIN PROBLEM 6
    leader = None
    if score0 != score1:
        leader = 0 if score0 > score1 else 1
    message = None
    if leader != None and leader != last_leader:
        message = 'Player ' + str(leader) + ' takes the lead by ' + str(abs(score0 - score1))
    return leader, message
    # END PROBLEM 6


def both(f, g):
    """Say what F says, then what G says."""
    def say(score0, score1, player=None):
        f_player, f_message = f(score0, score1, player)
        g_player, g_message = g(score0, score1, player)
        if f_message and g_message:
            return g_player, f_message + "\n" + g_message
        return g_player, f_message or g_message
    return say


#######################
# Phase 3: Strategies #
#######################


def always_roll(n):
    """A strategy that always rolls N dice."""
    def strategy(score, opponent_score):
        return n
    return strategy


def make_averaged(original_function, total_samples=1000):
    """Average of ORIGINAL_FUNCTION over TOTAL_SAMPLES calls."""
    # BEGIN PROBLEM 8
    def averaged(*args):
        done, total = 0, 0
        while done < total_samples:
            total += original_function(*args)
            done += 1
        return total / total_samples
    return averaged
    # END PROBLEM 8


def max_scoring_num_rolls(dice=six_sided, total_samples=1000):
    """The number of dice from 1 to 10 with the highest average turn score."""
    # BEGIN PROBLEM 9
    average = make_averaged(roll_dice, total_samples)
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


def hefty_hogs_strategy(score, opponent_score, threshold=8, num_rolls=6):
    """Roll 0 when Hefty Hogs gives at least THRESHOLD, else NUM_ROLLS."""
    # BEGIN PROBLEM 10
    if hefty_hogs(score, opponent_score) >= threshold:
        return 0
    return num_rolls
    # END PROBLEM 10


def hog_pile_strategy(score, opponent_score, threshold=8, num_rolls=6):
    """Roll 0 when that sets off Hog Pile for some points, or as hefty_hogs_strategy."""
    # BEGIN PROBLEM 11
    after = score + hefty_hogs(score, opponent_score)
    if hog_pile(after, opponent_score) > 0:
        return 0
    return hefty_hogs_strategy(score, opponent_score, threshold, num_rolls)
    # END PROBLEM 11


def final_strategy(score, opponent_score):
    """Roll 0 when Hog Pile pays; otherwise roll 5 dice."""
    # BEGIN PROBLEM 12
    return hog_pile_strategy(score, opponent_score, 9, 5)
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
