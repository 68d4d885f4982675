"""Hog: a copy with DEBUG prints, inner helper functions and max(key=...) (Fall 2019 rules, course skeleton names)."""

from dice import six_sided, four_sided, make_test_dice
from ucb import main, trace, interact, log, log_current_line

GOAL_SCORE = 100


def roll_dice(num_rolls, dice=six_sided):
    """The points of rolling DICE NUM_ROLLS times."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    # BEGIN PROBLEM 1
    outcomes = [dice() for _ in range(num_rolls)]
    print("DEBUG: rolled", outcomes)
    if 1 in outcomes:
        return 1
    return sum(outcomes)
    # END PROBLEM 1


def free_bacon(score):
    """Free Bacon against SCORE."""
    assert score < 100, 'The game should be over.'
    # BEGIN PROBLEM 2
    digits = str(score).zfill(2)
    return 10 - min(int(digits[0]), int(digits[1]))
    # END PROBLEM 2


def take_turn(num_rolls, opponent_score, dice=six_sided):
    """One turn."""
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < 100, 'The game should be over.'
    # BEGIN PROBLEM 3
    return roll_dice(num_rolls, dice) if num_rolls else free_bacon(opponent_score)
    # END PROBLEM 3


def is_swap(player_score, opponent_score):
    """Swine Swap."""
    # BEGIN PROBLEM 4
    def ends(n):
        return int(str(n)[0]) * int(str(n)[-1])
    print("DEBUG: swap check", opponent_score, player_score)
    return ends(opponent_score) == ends(player_score)
    # END PROBLEM 4


def other(player):
    """The other player."""
    return 1 - player


def silence(score0, score1):
    """Nothing to say."""
    return silence


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence, feral_hogs=True):
    """A whole game."""
    player = 0
    # BEGIN PROBLEM 5
    scores = [score0, score1]
    strategies = [strategy0, strategy1]
    previous = [0, 0]
    while max(scores) < goal:
        opponent = other(player)
        rolls = strategies[player](scores[player], scores[opponent])
        points = take_turn(rolls, scores[opponent], dice)
        if feral_hogs and abs(rolls - previous[player]) == 2:
            points += 3
        previous[player] = rolls
        scores[player] += points
        if is_swap(scores[player], scores[opponent]):
            scores[player], scores[opponent] = scores[opponent], scores[player]
        # END PROBLEM 5
        # BEGIN PROBLEM 6
        say = say(scores[0], scores[1])
        # END PROBLEM 6
        player = opponent
    score0, score1 = scores
    return score0, score1


def say_scores(score0, score1):
    """Both scores."""
    print("Player 0 now has", score0, "and Player 1 now has", score1)
    return say_scores


def announce_lead_changes(previous_leader=None):
    """Lead changes."""
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
    """F then G."""
    def say(score0, score1):
        return both(f(score0, score1), g(score0, score1))
    return say


def announce_highest(who, previous_high=0, previous_score=0):
    """Biggest gains of WHO."""
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    # BEGIN PROBLEM 7
    def report(gain):
        if gain > previous_high:
            print(gain, "point(s)! That's the biggest gain yet for Player", who)

    def commentary(score0, score1):
        score = score1 if who else score0
        gain = score - previous_score
        report(gain)
        return announce_highest(who, max(gain, previous_high), score)
    return commentary
    # END PROBLEM 7


def always_roll(n):
    """Always N."""
    def strategy(score, opponent_score):
        return n
    return strategy


def make_averaged(fn, num_samples=1000):
    """Average of FN."""
    # BEGIN PROBLEM 8
    def average(*args):
        return sum(fn(*args) for _ in range(num_samples)) / num_samples
    return average
    # END PROBLEM 8


def max_scoring_num_rolls(dice=six_sided, num_samples=1000):
    """Best number of dice; ties go to the lower number."""
    # BEGIN PROBLEM 9
    averaged_roll = make_averaged(roll_dice, num_samples)
    averages = {n: averaged_roll(n, dice) for n in range(1, 11)}
    print("DEBUG: averages", averages)
    return max(range(1, 11), key=lambda n: averages[n])
    # END PROBLEM 9


def winner(strategy0, strategy1):
    """0 or 1."""
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
    if True:
        print('best:', max_scoring_num_rolls(six_sided))


def bacon_strategy(score, opponent_score, margin=8, num_rolls=4):
    """Free Bacon when it is worth MARGIN."""
    # BEGIN PROBLEM 10
    return 0 if take_turn(0, opponent_score) >= margin else num_rolls
    # END PROBLEM 10


def swap_strategy(score, opponent_score, margin=8, num_rolls=4):
    """Swaps that help; never swaps that hurt."""
    # BEGIN PROBLEM 11
    after = score + take_turn(0, opponent_score)
    if is_swap(after, opponent_score) and after != opponent_score:
        return 0 if opponent_score > after else num_rolls
    return bacon_strategy(score, opponent_score, margin, num_rolls)
    # END PROBLEM 11


def final_strategy(score, opponent_score):
    """Mostly swap_strategy."""
    # BEGIN PROBLEM 12
    if score >= 90:
        return 2
    return swap_strategy(score, opponent_score, 9, 6)
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
