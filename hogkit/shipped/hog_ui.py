"""Play Hog in a terminal, using the functions in your hog.py.

    python3 hog_ui.py                       two people at one keyboard (once Phase 1 works)
    python3 hog_ui.py -f                    you against your final_strategy (Problem 12)
    python3 hog_ui.py -f --second           the same, with the computer moving first
    python3 hog_ui.py --watch --seed 7      watch final_strategy play always_roll(4)

Type a number of dice when asked; Ctrl-D or 'q' ends the game. hog_gui.py plays the same games
in a window: both use the Game below, which shows every turn even before your play calls its
commentary (Problem 6), and leaves out the commentary functions you have not written yet. Both
say the same things in the same words (the functions below): what each turn did, and which of
this kit's rules changed it, read from the scores your play gives.
"""

import argparse
import io
import os
import random
import sys
from contextlib import redirect_stdout

import hog
import ready
from dice import four_sided, six_sided

YOU = 'You'  # the name of the person at the keyboard in a game against the computer


class GameAbandoned(Exception):
    """The person at the keyboard ended the game."""


class NotReady(Exception):
    """hog.py cannot play this game yet; the message is one line for the player."""


def legal_choices():
    """The numbers of dice a player may choose in this kit."""
    return list(ready.LEGAL_CHOICES)


def require(names, *, tool):
    """Raise NotReady naming the first problem that the functions NAMES of hog.py still wait for;
    TOOL is the command to run again once it is finished."""
    missing = ready.missing(hog, names)
    if missing is not None:
        raise NotReady(f'{tool} plays with your hog.py, and {missing.line()} — {missing.advice(tool)}')


def computer(strategy, name):
    """Wrap STRATEGY so that it checks each answer; NAME is used in the message."""
    choices = legal_choices()
    problem = 'Problem ' + (ready.problem_of(name).lstrip('0') or '0') if ready.problem_of(name) else 'hog.py'

    def checked(score, opponent_score):
        number = strategy(score, opponent_score)
        if type(number) is not int or number not in choices:
            raise ValueError(f'{name} returned {number!r} for scores {score} and {opponent_score}; it must '
                             f'return one of {choices[0]} to {choices[-1]} ({problem})')
        return number
    return checked


class Turn:
    """One turn as the game saw it: who moved, their choice, the dice, the scores before and after
    (Player 0's first), the sides of the dice, the commentary printed after it, and whether the
    same player moves again straight after it."""

    def __init__(self, who, choice, before):
        self.who, self.choice, self.before = who, choice, before
        self.outcomes, self.sides, self.after, self.commentary = [], 6, None, ''
        self.said = self.again = False


class Game:
    """One game of your hog.play, seen turn by turn.

    The strategies, dice and commentary handed to play are wrapped so that the game can be told:
    a turn starts when play asks a strategy, its dice are the outcomes rolled until the next ask,
    and its scores afterwards are the ones the next ask is given (or play returns). ON_TURN is
    called with each Turn once it is over, ON_NOTE with a line about the kit's commentary.
    """

    def __init__(self, strategies, *, dice=six_sided, wild_dice=four_sided, on_turn=print, on_note=print):
        self.strategies = [self._asking(who, strategy) for who, strategy in enumerate(strategies)]
        self.dice, self.wild_dice = self._rolling(dice, 6), self._rolling(wild_dice, 4)
        self.on_turn, self.on_note = on_turn, on_note
        self.current, self.turns = None, []
        self.commentary, self.notes = self._commentary_parts()
        self.heard_say = False

    def _asking(self, who, strategy):
        def ask(score, opponent_score):
            now = (score, opponent_score) if who == 0 else (opponent_score, score)
            self._close(now, mover=who)
            choice = strategy(score, opponent_score)
            self.current = Turn(who, choice, now)
            return choice
        return ask

    def _rolling(self, dice, sides):
        def roll():
            outcome = dice()
            if self.current is not None:
                self.current.outcomes.append(outcome)
                self.current.sides = sides
            return outcome
        return roll

    def _close(self, scores, mover=None):
        """The turn in progress is over: it left the scores at SCORES, and MOVER (None: nobody,
        the game is over) moves next."""
        turn, self.current = self.current, None
        if turn is None:
            return
        turn.after, turn.again = tuple(scores), mover == turn.who
        problem = ready.PLAY['say_problem']
        if problem and not turn.said and not self.heard_say and not self.turns:
            self.on_note(f'(No commentary yet: play does not call its commentary after each turn. That is {problem}.)')
        self.turns.append(turn)
        self.on_turn(turn)

    def _commentary_parts(self):
        """The kit's commentary (in a kit of commentary functions, both(announce_highest(0),
        both(announce_highest(1), announce_lead_changes()))), as a list of [name, function] parts
        without the ones not written yet, and a note for each part left out."""
        live, notes = [], []
        for name, call in ready.PLAY['commentary']:
            missing = ready.missing(hog, [name]) if name in ready.PROBES else None
            if missing is not None:
                notes.append(f'({name} is left out of the commentary until {missing.label} is finished: '
                             f'{missing.reason}.)')
                continue
            try:
                function = eval(call, vars(hog)) if call else getattr(hog, name)
            except Exception as exc:  # the student's code may raise anything
                function = exc
            if callable(function):
                if [name, function] not in live:
                    live.append([name, function])
            else:
                notes.append(f'({name} is left out of the commentary: it gives {function!r}.)')
        return live, notes

    def _keep(self, said):
        """Keep what the commentary SAID after the turn in progress."""
        self.heard_say = True
        if self.current is not None:
            self.current.said = True
            self.current.commentary += said

    def _drop(self, part, why):
        self.commentary.remove(part)
        self.on_note(f'({part[0]} is left out of the commentary from now on: it {why}.)')

    def say(self, score0, score1):
        """The commentary function handed to a play of the say style: runs every live part and
        keeps what it prints."""
        out = io.StringIO()
        for part in list(self.commentary):
            name, function = part
            try:
                with redirect_stdout(out):
                    following = function(score0, score1)
            except Exception as exc:
                following, why = None, f'raised {type(exc).__name__}: {exc}'
            else:
                why = f'returned {following!r}'
            if callable(following):
                part[1] = following
            else:
                self._drop(part, why)
        self._keep(out.getvalue())
        return self.say

    def announce(self, score0, score1, leader=None):
        """The commentary function handed to a play of the announce style: asks every live part
        for the leader and its message, keeps the message, and gives play the leader and no
        message (the message is shown with the turn)."""
        out, messages = io.StringIO(), []
        for part in list(self.commentary):
            name, function = part
            try:
                with redirect_stdout(out):
                    answer = function(score0, score1, leader)
                leader, message = answer
            except Exception as exc:
                self._drop(part, f'raised {type(exc).__name__}: {exc}')
                continue
            if message:
                messages.append(str(message))
        self._keep(out.getvalue() + ''.join(m + '\n' for m in messages))
        return leader, None

    def run(self):
        """Play the whole game with hog.play; return the final scores."""
        for note in self.notes:
            self.on_note(note)
        names, goal = ready.PLAY['keywords'], goal_score()
        keywords = {names['dice']: self.dice, names['goal']: goal}
        if ready.PLAY['style'] == 'update':
            keywords[names['update']] = getattr(hog, ready.PLAY['update'])
        else:
            keywords[names['say']] = self.announce if ready.PLAY['style'] == 'announce' else self.say
        if ready.WILD_DICE:
            keywords[ready.WILD_DICE] = self.wild_dice
        result = getattr(hog, ready.PLAY['play'])(self.strategies[0], self.strategies[1], **keywords)
        if not (isinstance(result, tuple) and len(result) == 2 and max(result) >= goal):
            raise ValueError(f'play returned {result!r} before anyone reached {goal} '
                             f'({ready.PLAY["play_problem"]})')
        self._close(result)
        return result


def goal_score():
    """The score that ends a game in this kit (hog.py's goal constant)."""
    return getattr(hog, ready.PLAY['goal'])


def turn_points(num_rolls, player_score, opponent_score, dice):
    """What your take_turn gives a turn of NUM_ROLLS dice at these scores, called as the course
    writes it (some courses give it both scores)."""
    name, params = ready.PLAY['take_turn']
    given = {'num_rolls': num_rolls, 'player_score': player_score, 'opponent_score': opponent_score,
             'dice': dice}
    return getattr(hog, name)(**{params[key]: value for key, value in given.items() if key in params})


def verb(name, plain):
    """The verb PLAIN ('roll', 'have'), as it agrees with the player NAME: 'roll' after You,
    'rolls' after Computer or Player 0."""
    if name == YOU:
        return plain
    if plain == 'have':
        return 'has'
    return plain + ('es' if plain.endswith(('s', 'sh', 'ch', 'x', 'o')) else 's')


def clause(name, plain, rest=''):
    """NAME, then the verb PLAIN agreeing with it, then REST: 'You roll 3 dice', 'Player 1 rolls 3 dice'."""
    return ' '.join(part for part in (name, verb(name, plain), rest) if part)


def points_text(number, how=''):
    """NUMBER points, in words, HOW many ('more', 'fewer') if given: '1 point', '3 more points'."""
    return ' '.join(part for part in (str(number), how, 'point' if abs(number) == 1 else 'points') if part)


def rule_titles(step, *, kinds=None):
    """The titles of this kit's rules that act at STEP of a turn (only the ones of KINDS, if
    given), each once, in the order they apply (see ready.RULES)."""
    titles = []
    for rule_step, title, kind in ready.RULES:
        if rule_step == step and (kinds is None or kind in kinds) and title not in titles:
            titles.append(title)
    return titles


def event(titles, text):
    """TEXT after the titles of the rules that explain it, as in 'Title: 7 points without rolling.';
    several titles say that the scores cannot tell which of them it was. TEXT alone when none does."""
    return f"{' or '.join(titles)}: {text}" if titles else text[:1].upper() + text[1:]


def describe(turn, name):
    """What NAME did in TURN, in words: 'Player 0 rolls 3 dice: 4 2 6', 'You roll 1 die: 5'."""
    if turn.choice < 0 and not turn.outcomes:
        return clause(name, 'use', ' or '.join(rule_titles('choice')) or 'a special move')
    if not turn.outcomes:
        return clause(name, 'roll', 'no dice')
    kind = ' four-sided' if turn.sides == 4 else ''
    dice = 'die' if len(turn.outcomes) == 1 else 'dice'
    return clause(name, 'roll', f'{len(turn.outcomes)}{kind} {dice}: ' + ' '.join(map(str, turn.outcomes)))


def replay(outcomes):
    """A die that gives OUTCOMES again, one a roll, and refuses to roll more than they are."""
    rolls = iter(outcomes)

    def dice():
        for outcome in rolls:
            return outcome
        raise ValueError('take_turn rolled more dice than the turn did')
    return dice


def replayed_points(turn):
    """What your take_turn gives TURN's dice again, at its scores before (quietly): an int, or
    None when it cannot tell."""
    rolls = turn.choice if turn.choice >= 0 else len(turn.outcomes)
    try:
        with redirect_stdout(io.StringIO()):
            points = turn_points(rolls, turn.before[turn.who], turn.before[1 - turn.who], replay(turn.outcomes))
    except Exception:  # the student's code may raise anything
        return None
    return points if type(points) is int else None


def turn_events(turn, name):
    """The rules that changed TURN (one that is over, played by NAME), in words, named by this
    kit's rule titles: the dice it used, what its dice (or no dice) scored, points beyond what
    take_turn gives (a bonus, or a rule that changes the mover's score, on a turn of zero dice as
    on any other), a swap, and another turn. Read from the scores before and after the turn, from
    who moved next and from your take_turn."""
    events = _score_events(turn)
    if turn.again:
        events.append(event(rule_titles('extra'), clause(name, 'move', 'again.')))
    return events


def _score_events(turn):
    who, before, after = turn.who, turn.before, turn.after
    mine, theirs = before[who], before[1 - who]
    swapped = after[1 - who] != theirs and after[who] == theirs
    events = []
    if turn.sides == 4:
        events.append(event(rule_titles('dice'), 'four-sided dice this turn.'))
    if turn.choice < 0 and not turn.outcomes:
        swap = tuple(after) == (before[1], before[0])  # equal scores swap too, unseen
        events.append(event(rule_titles('choice'), 'the scores swap.' if swap else 'no points.'))
        return events
    points = replayed_points(turn)
    if not turn.outcomes:
        scored = 'no dice rolled.' if points is None else f'{points_text(points)} without rolling.'
        events.append(event(rule_titles('zero'), scored))
    elif 1 in turn.outcomes and rule_titles('roll'):
        events.append(event(rule_titles('roll'), 'a 1 came up.'))
    if swapped:
        total = after[1 - who]  # the mover's score before the swap
    elif after[1 - who] == theirs:
        total = after[who]
    else:
        total = None  # both scores changed, and not by a swap: no telling how
    if points is not None and total is not None and total != mine + points:
        more = total - mine - points
        text = points_text(abs(more), 'more' if more > 0 else 'fewer')
        titles = rule_titles('bonus') + rule_titles('after', kinds=('update', 'scores'))
        events.append(event(titles, f'{text}.' if titles else f'{text} than {ready.PLAY["take_turn"][0]} gives.'))
    if swapped:
        events.append(event(rule_titles('after', kinds=('swap', 'scores')), 'the scores swap.'))
    elif total is None:
        events.append(event(rule_titles('after', kinds=('swap', 'scores')), 'both scores change.'))
    return events


def game_over(scores, names):
    """The last line of a game."""
    winner = names[0] if scores[0] > scores[1] else names[1]
    return f'Game over: {names[0]} {scores[0]}, {names[1]} {scores[1]}. {clause(winner, "win")}!'


def dice_question(name, opponent, score, opponent_score):
    """What the person NAME is asked before their turn against OPPONENT, at these scores."""
    choices = legal_choices()
    return (f'{clause(name, "have", points_text(score))} and {clause(opponent, "have", str(opponent_score))}. '
            f'How many dice ({choices[0]} to {choices[-1]})?')


def ask_for_dice(name, opponent, read=input, write=print):
    """Return a strategy that asks the person called NAME, playing OPPONENT, how many dice to roll."""
    choices = legal_choices()

    def strategy(score, opponent_score):
        while True:
            try:
                text = read(dice_question(name, opponent, score, opponent_score) + ' ').strip()
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


def run_game(strategies, names, *, dice=six_sided, write=print):
    """Play one game with STRATEGIES (a pair) and print it; return the final scores."""
    def show(turn):
        write(describe(turn, names[turn.who]) + '.')
        for line in turn_events(turn, names[turn.who]):
            write('  ' + line)
        write(f'  Score: {names[0]} {turn.after[0]}, {names[1]} {turn.after[1]}')
        for line in turn.commentary.strip().splitlines():
            write('  ' + line)

    scores = Game(strategies, dice=dice, on_turn=show, on_note=write).run()
    write(game_over(scores, names))
    return scores


def main(argv=None):
    """Parse the command line and play."""
    parser = argparse.ArgumentParser(description='Play Hog in a terminal.')
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument('-f', '--final', action='store_true', help='play against your final_strategy')
    mode.add_argument('--two-players', action='store_true', help='two people at one keyboard (the default)')
    mode.add_argument('--watch', action='store_true', help='watch final_strategy play always_roll(4)')
    parser.add_argument('--second', action='store_true', help='with -f: the computer moves first')
    parser.add_argument('--seed', type=int, help='seed the dice, to replay a game')
    parser.error = lambda message: parser.exit(2, f'error: {message} — see python3 hog_ui.py --help\n')
    args = parser.parse_args(argv)
    if args.second and not args.final:
        parser.error('--second is for a game against final_strategy')
    if args.seed is not None:
        random.seed(args.seed)
    command = 'python3 hog_ui.py' + (' -f' if args.final else ' --watch' if args.watch else '')
    try:
        always = ready.PLAY['always_roll']
        needs = [ready.PLAY['play'], 'final_strategy'] if args.final or args.watch else [ready.PLAY['play']]
        needs += [always] if args.watch and always in ready.PROBES else []
        require(needs, tool=command)
    except NotReady as exc:
        print(f'error: {exc}', file=sys.stderr)
        sys.exit(1)
    final = computer(hog.final_strategy, 'final_strategy')
    if args.watch:
        strategies, names = (final, getattr(hog, always)(4)), ('final_strategy', f'{always}(4)')
    else:
        names = (YOU, 'Computer') if args.final else ('Player 0', 'Player 1')
        strategies = (ask_for_dice(names[0], names[1]), final if args.final else ask_for_dice(names[1], names[0]))
        if args.second:
            strategies, names = strategies[::-1], names[::-1]
    try:
        run_game(strategies, names)
    except GameAbandoned:
        print('\nGame abandoned.')
    except KeyboardInterrupt:
        print('\nGame abandoned.')
        sys.exit(130)
    except BrokenPipeError:  # the reader of our output went away (`| head`): nothing to say, nowhere to say it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
    except Exception as exc:  # the student's code may raise anything mid-game: say so in one line
        print(f'error: your hog.py stopped the game: {type(exc).__name__}: {exc} — fix it and play again',
              file=sys.stderr)
        sys.exit(1)


if __name__ == '__main__':
    main()
