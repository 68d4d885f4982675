"""Hog, as one student wrote it against the course skeleton (Spring 2019 rules), with a taste
for recursion."""

from dice import six_sided, four_sided, make_test_dice
from ucb import main, trace, interact

GOAL_SCORE = 100

######################
# Phase 1: Simulator #
######################


def roll_dice(num_rolls, dice=six_sided):
    """Roll DICE NUM_ROLLS times: the sum, or 1 when any outcome is a 1."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    # BEGIN PROBLEM 1
    outcomes = [dice() for _ in range(num_rolls)]
    if 1 in outcomes:
        return 1
    return sum(outcomes)
    # END PROBLEM 1


def free_bacon(score):
    """Free Bacon against an opponent with SCORE."""
    assert score < 100, 'The game should be over.'
    # BEGIN PROBLEM 2
    return 1 + min(score // 10, score % 10)
    # END PROBLEM 2


def take_turn(num_rolls, opponent_score, dice=six_sided):
    """The points of one turn of NUM_ROLLS dice."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < 100, 'The game should be over.'
    # BEGIN PROBLEM 3
    if num_rolls:
        return roll_dice(num_rolls, dice)
    else:
        return free_bacon(opponent_score)
    # END PROBLEM 3


def is_swap(player_score, opponent_score):
    """Whether some place holds the same digit in both scores."""
    # BEGIN PROBLEM 4
    if player_score == 0 or opponent_score == 0:
        return False
    if player_score % 10 == opponent_score % 10:
        return True
    return is_swap(player_score // 10, opponent_score // 10)
    # END PROBLEM 4


def other(player):
    """The other player, 0 or 1."""
    return 1 - player


def silence(score0, score1):
    """No commentary."""
    return silence


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    """Play a game of Hog; return the final scores, Player 0's first."""
    player = 0
    # BEGIN PROBLEM 5
    def turn(player, scores):
        me, you = scores[player], scores[other(player)]
        strategy = [strategy0, strategy1][player]
        me = me + take_turn(strategy(me, you), you, dice)
        if is_swap(me, you):
            me, you = you, me
        if player == 0:
            return [me, you]
        return [you, me]
    # END PROBLEM 5
    # BEGIN PROBLEM 6
    scores = [score0, score1]
    while max(scores) < goal:
        scores = turn(player, scores)
        say = say(scores[0], scores[1])
        player = other(player)
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
    """Commentary that prints WHO's record gains."""
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    # BEGIN PROBLEM 7
    def say(score0, score1):
        now = (score0, score1)[who]
        gain = now - previous_score
        if gain > previous_high:
            print(gain, "point(s)! That's the biggest gain yet for Player", who)
        return announce_highest(who, max(gain, previous_high), now)
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
    """FN, averaged over NUM_SAMPLES calls."""
    # BEGIN PROBLEM 8
    def averaged(*args):
        results = [fn(*args) for _ in range(num_samples)]
        return sum(results) / num_samples
    return averaged
    # END PROBLEM 8


def max_scoring_num_rolls(dice=six_sided, num_samples=1000):
    """The number of dice whose average turn is the highest (the fewest on a tie)."""
    # BEGIN PROBLEM 9
    averaged = make_averaged(roll_dice, num_samples)
    averages = [averaged(k, dice) for k in range(1, 11)]
    return averages.index(max(averages)) + 1
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
    """A few experiments."""
    if True:
        six_sided_max = max_scoring_num_rolls(six_sided)
        print('Max scoring num rolls for six-sided dice:', six_sided_max)

    if False:
        print('bacon_strategy win rate:', average_win_rate(bacon_strategy))


def bacon_strategy(score, opponent_score, margin=8, num_rolls=4):
    """0 when Free Bacon gives MARGIN or more, else NUM_ROLLS."""
    # BEGIN PROBLEM 10
    return 0 if free_bacon(opponent_score) >= margin else num_rolls
    # END PROBLEM 10


def swap_strategy(score, opponent_score, margin=8, num_rolls=4):
    """Take a swap that helps, never one that hurts, else like bacon_strategy."""
    # BEGIN PROBLEM 11
    after = score + free_bacon(opponent_score)
    if is_swap(after, opponent_score) and after != opponent_score:
        return 0 if opponent_score > after else num_rolls
    return bacon_strategy(score, opponent_score, margin, num_rolls)
    # END PROBLEM 11


def final_strategy(score, opponent_score):
    """Like swap_strategy, a little bolder."""
    # BEGIN PROBLEM 12
    return swap_strategy(score, opponent_score, 7, 5)
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
