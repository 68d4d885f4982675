"""Phase 3 of hog.py: experiments and strategies (read as text, never imported).

``bacon_strategy`` and ``swap_strategy`` are renamed by the generator to fit the variant's
zero-dice and post-turn rules; ``square_strategy`` serves variants with Square Swine.
"""


def always_roll(n):
    """Return a strategy that always rolls N dice.

    A strategy is a function that takes two total scores as arguments (the current
    player's score, and the opponent's score), and returns a number of dice that the
    current player will roll this turn.

    >>> strategy = always_roll(5)
    >>> strategy(0, 0)
    5
    >>> strategy(99, 99)
    5
    """
    def strategy(score, opponent_score):
        return n
    return strategy


def catch_up(score, opponent_score):
    """A strategy that rolls 6 dice while behind and 5 otherwise.

    >>> catch_up(9, 4)
    5
    >>> catch_up(17, 18)
    6
    """
    if score < opponent_score:
        return 6  # Roll one more to catch up
    else:
        return 5


def is_always_roll(strategy, goal=GOAL_SCORE):
    """Return whether STRATEGY rolls the same number of dice at every pair of scores
    below GOAL.

    >>> is_always_roll(always_roll_5)
    True
    >>> is_always_roll(always_roll(3))
    True
    >>> is_always_roll(catch_up)
    False
    """
    # BEGIN SOLUTION
    first = strategy(0, 0)
    for score in range(goal):
        for opponent_score in range(goal):
            if strategy(score, opponent_score) != first:
                return False
    return True
    # END SOLUTION


def make_averaged(fn, num_samples=1000):
    """Return a function that calls FN NUM_SAMPLES times on the same arguments and
    returns the average of the results.

    >>> dice = make_test_dice(4, 2, 5, 1)
    >>> averaged_dice = make_averaged(dice, 1000)
    >>> averaged_dice()
    3.0
    """
    # BEGIN SOLUTION
    def averaged(*args):
        total = 0
        for _ in range(num_samples):
            total = total + fn(*args)
        return total / num_samples
    return averaged
    # END SOLUTION


def max_scoring_num_rolls(dice=six_sided, num_samples=1000):
    """Return the number of dice (1 to 10) that gives the highest average turn score
    from calling roll_dice with DICE. A tie goes to the lowest number of dice.

    >>> dice = make_test_dice(3)
    >>> max_scoring_num_rolls(dice)
    10
    """
    # BEGIN SOLUTION
    averaged_roll = make_averaged(roll_dice, num_samples)
    best_rolls, best_average = 1, None
    for num_rolls in range(1, 11):
        average = averaged_roll(num_rolls, dice)
        if best_average is None or average > best_average:
            best_rolls, best_average = num_rolls, average
    return best_rolls
    # END SOLUTION


def winner(strategy0, strategy1):
    """Return 0 if strategy0 wins against strategy1, and 1 otherwise."""
    score0, score1 = play(strategy0, strategy1, update=rules_update)
    if score0 > score1:
        return 0
    else:
        return 1


def average_win_rate(strategy, baseline=always_roll(4)):
    """Return the average win rate of STRATEGY against BASELINE, averaged over both seats."""
    win_rate_as_player_0 = 1 - make_averaged(winner)(strategy, baseline)
    win_rate_as_player_1 = make_averaged(winner)(baseline, strategy)
    return (win_rate_as_player_0 + win_rate_as_player_1) / 2


def win_rates_work():
    """Return whether average_win_rate works yet: it plays games (Phase 1) and averages
    their results (Problem 8)."""
    return works('Phase 1', play, always_roll(1), always_roll(1)) and works('Problem 8', make_averaged, roll_dice)


def win_rates_work_update():
    """Return whether average_win_rate works yet: it plays games (Phase 1) with every rule and
    averages their results (Problem 8)."""
    return works('Phase 1', play, always_roll_5, always_roll_5, rules_update) and works(
        'Problem 8', make_averaged, roll_dice)


def works(problem, fn, *args):
    """Return whether FN(*ARGS) works yet. If it does not (it returns None because it is not
    written yet, plays a game in which nobody reaches GOAL_SCORE, or raises an error), print
    that the experiment waits for PROBLEM, and return False."""
    try:
        result = fn(*args)
    except Exception as error:
        print('Waiting for', problem + ':', fn.__name__, 'raises', type(error).__name__ + ':', error)
        return False
    if result is None or (type(result) == tuple and max(result) < GOAL_SCORE):
        print('Waiting for', problem + ':', fn.__name__, 'returns', result)
        return False
    return True


def bacon_strategy(score, opponent_score, margin=8, num_rolls=4):
    """Roll 0 dice when that scores at least MARGIN points; otherwise roll NUM_ROLLS."""
    # BEGIN SOLUTION
    if take_turn(0, opponent_score, player_score=score) >= margin:
        return 0
    return num_rolls
    # END SOLUTION


def swap_strategy(score, opponent_score, margin=8, num_rolls=4):
    """Roll 0 dice when that causes a swap that helps; never roll 0 when that causes a
    swap that hurts; otherwise roll 0 when it scores at least MARGIN points, and
    NUM_ROLLS when it does not. A swap of equal scores neither helps nor hurts."""
    # BEGIN SOLUTION
    new_score = score + take_turn(0, opponent_score, player_score=score)
    if post_turn_hook(new_score, opponent_score, num_rolls=0):
        if opponent_score > new_score:
            return 0
        if opponent_score < new_score:
            return num_rolls
    return bacon_strategy(score, opponent_score, margin, num_rolls)
    # END SOLUTION


def raise_strategy(score, opponent_score, threshold=12, num_rolls=6):
    """Roll 0 dice when that raises the score by at least THRESHOLD points, counting
    the rule after the turn; otherwise roll NUM_ROLLS."""
    # BEGIN SOLUTION
    new_score = score + take_turn(0, opponent_score, player_score=score)
    gain = post_turn_hook(new_score, opponent_score, num_rolls=0) - score
    if gain >= threshold:
        return 0
    return num_rolls
    # END SOLUTION


def square_strategy(score, opponent_score, threshold=12, num_rolls=6):
    """Roll 0 dice when that raises the score by at least THRESHOLD points, counting
    the rule after the turn; otherwise roll NUM_ROLLS."""
    # BEGIN SOLUTION
    gain = rules_update(0, score, opponent_score) - score
    if gain >= threshold:
        return 0
    return num_rolls
    # END SOLUTION


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
