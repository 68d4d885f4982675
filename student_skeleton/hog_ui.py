"""Play Hog in a terminal, using the functions in your hog.py.

    python3 hog_ui.py                       you (Player 0) against final_strategy
    python3 hog_ui.py --second              you move second
    python3 hog_ui.py --two-players         two people at one keyboard
    python3 hog_ui.py --watch --seed 7      watch final_strategy play always_roll(4)

Type a number of dice when asked; Ctrl-D or 'q' ends the game.
"""

import argparse
import random
import sys

import hog
from dice import six_sided


class GameAbandoned(Exception):
    """The person at the keyboard ended the game."""


def legal_choices():
    """The numbers of dice a player may choose in this variant."""
    if 'pork_chop' in hog.play.__code__.co_varnames:
        return list(range(-1, 11))
    return list(range(0, 11))


def ask_for_dice(name, read=input, write=print):
    """Return a strategy that asks the person called NAME how many dice to roll."""
    choices = legal_choices()

    def strategy(score, opponent_score):
        while True:
            try:
                text = read(f'{name}, you have {score} and your opponent {opponent_score}. '
                            f'How many dice ({choices[0]} to {choices[-1]})? ').strip()
            except EOFError:
                raise GameAbandoned() from None
            if text.lower() in ('q', 'quit', 'exit'):
                raise GameAbandoned()
            try:
                number = int(text)
            except ValueError:
                write(f'  "{text}" is not a whole number; type one from {choices[0]} to {choices[-1]}.')
                continue
            if number not in choices:
                write(f'  {number} is not allowed; choose from {choices[0]} to {choices[-1]}.')
                continue
            return number
    return strategy


def computer(strategy, name):
    """Wrap STRATEGY so that it checks its answer; NAME is used in error messages."""
    choices = legal_choices()

    def checked(score, opponent_score):
        number = strategy(score, opponent_score)
        if number not in choices:
            raise SystemExit(f'error: {name} returned {number!r} for scores {score} and '
                             f'{opponent_score} — finish Problem 12 in hog.py first')
        return number
    return checked


class Narrator:
    """Tell the story of a game: the dice of every turn, the scores, and the commentary."""

    def __init__(self, names, write=print):
        self.names = names
        self.write = write
        self.rolled = []
        self.choices = []

    def dice(self, dice):
        """Wrap DICE so that every outcome is remembered for the turn's summary."""
        def recording():
            outcome = dice()
            self.rolled.append(outcome)
            return outcome
        return recording

    def strategy(self, who, strategy):
        """Wrap STRATEGY so the narrator knows who chose how many dice."""
        def recording(score, opponent_score):
            number = strategy(score, opponent_score)
            self.choices.append((who, number))
            return number
        return recording

    def commentary(self, comment):
        """A commentary function: summarize the turn, then let COMMENT speak."""
        def say(score0, score1):
            who, number = self.choices[-1]
            s = '' if self.names[who] == 'You' else 's'
            if number == -1 and not self.rolled:
                action = f'use{s} Pork Chop: the scores swap'
            elif number == 0:
                action = f'roll{s} no dice'
            else:
                action = f'roll{s} {len(self.rolled)} dice: ' + ' '.join(map(str, self.rolled))
            self.write(f'{self.names[who]} {action}.')
            self.write(f'  Score: {self.names[0]} {score0}, {self.names[1]} {score1}')
            self.rolled = []
            return self.commentary(comment(score0, score1))
        return say


def run_game(strategies, names, *, dice=six_sided, write=print):
    """Play one game with STRATEGIES (a pair) and print it; return the final scores."""
    narrator = Narrator(names, write)
    comment = hog.both(hog.announce_lead_changes(), hog.both(hog.announce_highest(0),
                                                              hog.announce_highest(1)))
    say = narrator.commentary(comment)
    score0, score1 = hog.play(narrator.strategy(0, strategies[0]),
                              narrator.strategy(1, strategies[1]),
                              dice=narrator.dice(dice), goal=hog.GOAL_SCORE, say=say)
    winner = names[0] if score0 > score1 else names[1]
    write(f'Game over: {names[0]} {score0}, {names[1]} {score1}. {winner} wins!')
    return score0, score1


def main(argv=None):
    """Parse the command line and play."""
    parser = argparse.ArgumentParser(description='Play Hog in a terminal.')
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument('--two-players', action='store_true', help='two people at one keyboard')
    mode.add_argument('--watch', action='store_true',
                      help='watch final_strategy play always_roll(4)')
    parser.add_argument('--second', action='store_true', help='you move second')
    parser.add_argument('--seed', type=int, help='seed the dice, to replay a game')
    args = parser.parse_args(argv)
    if args.seed is not None:
        random.seed(args.seed)
    final = computer(hog.final_strategy, 'final_strategy')
    if args.watch:
        strategies, names = (final, hog.always_roll(4)), ('final_strategy', 'always_roll(4)')
    elif args.two_players:
        strategies = (ask_for_dice('Player 0'), ask_for_dice('Player 1'))
        names = ('Player 0', 'Player 1')
    elif args.second:
        strategies, names = (final, ask_for_dice('You')), ('Computer', 'You')
    else:
        strategies, names = (ask_for_dice('You'), final), ('You', 'Computer')
    try:
        run_game(strategies, names)
    except GameAbandoned:
        print('\nGame abandoned.')
    except KeyboardInterrupt:
        print('\nGame abandoned.')
        sys.exit(130)


if __name__ == '__main__':
    main()
