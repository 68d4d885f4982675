"""Play Hog in a window, using the functions in your hog.py (needs only Python with Tk).

    python3 hog_gui.py                  you (Player 0) against the computer's final_strategy
    python3 hog_gui.py -f               the same: play against final_strategy
    python3 hog_gui.py --second         the computer moves first
    python3 hog_gui.py --two-players    two people take turns at the same window
    python3 hog_gui.py --seed 7         seed the dice, to replay a game

Click a number to roll that many dice. The window shows the dice, the scores, the rules that
changed the turn, and the commentary your Phase 2 functions print.

Testing options: --autoplay clicks the buttons by itself, --log FILE writes a summary of the
game as JSON, --exit-after MS closes the window MS milliseconds after the game ends.
"""

import argparse
import io
import json
import queue
import random
import sys
import threading
from contextlib import redirect_stdout

import hog
from dice import make_test_dice, six_sided

# The titles of this kit's rules, by family (filled in when the kit is built).
RULE_TITLES = {}
AUTOPLAY_CHOICES = (4, 5, 0, 3, 6, 2)
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
        5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}


class GameStopped(Exception):
    """The window was closed while a player was choosing."""


def legal_choices():
    """The numbers of dice a player may choose in this kit: -1 (Pork Chop) only where it exists."""
    if 'pork_chop' in hog.play.__code__.co_varnames:
        return list(range(-1, 11))
    return list(range(0, 11))


def quietly(fn, *args):
    """Call FN(*ARGS) and return (its result, what it printed)."""
    out = io.StringIO()
    with redirect_stdout(out):
        result = fn(*args)
    return result, out.getvalue()


def turn_events(who, choice, outcomes, before, after):
    """Name the rules that changed a turn, from what the turn did to the scores."""
    events = []
    mover, waiting = after[who] - before[who], after[1 - who] - before[1 - who]
    if choice == -1:
        events.append(RULE_TITLES.get('special_move', 'Pork Chop') + '! The scores swap.')
    elif choice == 0:
        events.append(f"{RULE_TITLES.get('zero_dice', 'Zero dice')}: no dice rolled.")
    elif 1 in outcomes:
        events.append(f"{RULE_TITLES.get('dice_outcome', 'Pig Out')}: a 1 came up.")
    if choice != -1 and waiting != 0:
        events.append(RULE_TITLES.get('post_turn', 'Swap') + '! The scores swap.')
    elif choice > 0 and waiting == 0:
        try:
            points = hog.take_turn(choice, before[1 - who], make_test_dice(*outcomes))
        except Exception:
            points = None
        if isinstance(points, int) and mover > points:
            rule = RULE_TITLES.get('bonus') or RULE_TITLES.get('post_turn') or 'Bonus'
            events.append(f'{rule}! {mover - points} more points.')
    return events


class Game:
    """One game of hog.play in a worker thread; it talks to the window through two queues."""

    def __init__(self, strategies, names, *, dice=six_sided):
        self.names = names
        self.to_window = queue.Queue()
        self.choices = queue.Queue()
        self.strategies = [self._human(who) if s is None else self._computer(who, s)
                           for who, s in enumerate(strategies)]
        self.dice = dice
        self.rolled, self.last = [], None
        self.stopped = False

    def _human(self, who):
        def strategy(score, opponent_score):
            self.to_window.put(('ask', who, score, opponent_score))
            choice = self.choices.get()
            if choice is None:
                raise GameStopped()
            self.last = (who, choice)
            return choice
        return strategy

    def _computer(self, who, strategy):
        def checked(score, opponent_score):
            choice = strategy(score, opponent_score)
            if choice not in legal_choices():
                raise ValueError(f'final_strategy returned {choice!r} for scores {score} and '
                                 f'{opponent_score}: finish Problem 12 in hog.py first')
            self.last = (who, choice)
            return choice
        return checked

    def _recording_dice(self):
        outcome = self.dice()
        self.rolled.append(outcome)
        return outcome

    def _commentary(self, comment, scores):
        def say(score0, score1):
            who, choice = self.last
            after = (score0, score1)
            following, text = quietly(comment, score0, score1) if comment else (None, '')
            self.to_window.put(('turn', who, choice, tuple(self.rolled), scores[0], after, text))
            scores[0] = after
            self.rolled = []
            return self._commentary(following, scores)
        return say

    def run(self):
        """Play the game (in the worker thread) and report the end to the window."""
        try:
            comment = hog.both(hog.announce_lead_changes(),
                               hog.both(hog.announce_highest(0), hog.announce_highest(1)))
            if not callable(comment):
                comment = None
            say = self._commentary(comment, [(0, 0)])
            result = hog.play(self.strategies[0], self.strategies[1], dice=self._recording_dice,
                              goal=hog.GOAL_SCORE, say=say)
            if not isinstance(result, tuple) or max(result) < hog.GOAL_SCORE:
                raise ValueError(f'play returned {result!r} before anyone reached {hog.GOAL_SCORE}: '
                                 'finish Phase 1 in hog.py first')
            self.to_window.put(('over', tuple(result)))
        except GameStopped:
            pass
        except Exception as exc:  # the student's code may raise anything: show it, don't crash
            self.to_window.put(('error', f'{type(exc).__name__}: {exc}'))


class Window:
    """The Tk window: scores, dice, buttons, and the story of the game."""

    def __init__(self, root, game, *, autoplay=False, log=None, exit_after=None):
        import tkinter as tk
        self.tk, self.root, self.game = tk, root, game
        self.autoplay, self.log_path, self.exit_after = autoplay, log, exit_after
        self.turns, self.asking, self.clicks = [], None, 0
        root.title('Hog')
        root.protocol('WM_DELETE_WINDOW', self.close)
        top = tk.Frame(root, padx=10, pady=6)
        top.pack(fill='x')
        self.score_labels = []
        for who, name in enumerate(game.names):
            label = tk.Label(top, text=f'{name}: 0', font=('Helvetica', 20, 'bold'), width=16)
            label.grid(row=0, column=who)
            self.score_labels.append(label)
        self.status = tk.Label(root, text='', font=('Helvetica', 13))
        self.status.pack()
        self.canvas = tk.Canvas(root, width=620, height=80, bg='#2e7d32', highlightthickness=0)
        self.canvas.pack(pady=4)
        buttons = tk.Frame(root)
        buttons.pack(pady=4)
        self.buttons = {}
        for number in legal_choices():
            text = 'Pork Chop' if number == -1 else str(number)
            button = tk.Button(buttons, text=text, width=3 if number >= 0 else 9, state='disabled',
                               command=lambda n=number: self.choose(n))
            button.pack(side='left', padx=2)
            self.buttons[number] = button
        self.story = tk.Text(root, width=80, height=18, font=('Courier', 11), wrap='word')
        self.story.tag_configure('rule', foreground='#b71c1c', font=('Courier', 11, 'bold'))
        self.story.tag_configure('say', foreground='#1a237e')
        self.story.pack(padx=10, pady=6)
        threading.Thread(target=game.run, daemon=True).start()
        root.after(20, self.poll)

    def write(self, text, tag=None):
        self.story.insert('end', text + '\n', tag)
        self.story.see('end')

    def poll(self):
        """Handle every message from the game, then look again shortly."""
        try:
            while True:
                message = self.game.to_window.get_nowait()
                getattr(self, 'on_' + message[0])(*message[1:])
        except queue.Empty:
            pass
        if not self.game.stopped:
            self.root.after(20, self.poll)

    def on_ask(self, who, score, opponent_score):
        self.asking = who
        self.status.config(text=f'{self.game.names[who]}: you have {score}, your opponent {opponent_score}. '
                                'How many dice?')
        for button in self.buttons.values():
            button.config(state='normal')
        if self.autoplay:
            choice = AUTOPLAY_CHOICES[self.clicks % len(AUTOPLAY_CHOICES)]
            self.root.after(15, self.buttons[choice].invoke)

    def choose(self, number):
        """A button was clicked: hand the choice to the waiting strategy."""
        if self.asking is None:
            return
        self.asking = None
        self.clicks += 1
        for button in self.buttons.values():
            button.config(state='disabled')
        self.status.config(text='')
        self.game.choices.put(number)

    def draw_dice(self, outcomes):
        self.canvas.delete('all')
        for i, outcome in enumerate(outcomes):
            x = 10 + i * 60
            self.canvas.create_rectangle(x, 15, x + 50, 65, fill='white', outline='black', width=2)
            for row, col in PIPS.get(outcome, []):
                cx, cy = x + 11 + col * 14, 26 + row * 14
                self.canvas.create_oval(cx - 5, cy - 5, cx + 5, cy + 5, fill='black')
            if outcome not in PIPS:
                self.canvas.create_text(x + 25, 40, text=str(outcome), font=('Helvetica', 18, 'bold'))
        if not outcomes:
            self.canvas.create_text(310, 40, text='no dice rolled', fill='white', font=('Helvetica', 16))

    def on_turn(self, who, choice, outcomes, before, after, commentary):
        name = self.game.names[who]
        s = '' if name == 'You' else 's'
        if choice == -1:
            action = f'use{s} Pork Chop'
        elif choice == 0:
            action = f'roll{s} no dice'
        else:
            action = f'roll{s} {len(outcomes)} dice: ' + ' '.join(map(str, outcomes))
        self.draw_dice(outcomes)
        for player, label in enumerate(self.score_labels):
            label.config(text=f'{self.game.names[player]}: {after[player]}')
        self.write(f'{name} {action}. Scores {after[0]} - {after[1]}')
        self.turns.append({'who': who, 'choice': choice, 'outcomes': list(outcomes), 'after': list(after)})
        if len(self.turns) >= 2 and self.turns[-2]['who'] == who:
            self.write(f"  {RULE_TITLES.get('extra_turn', 'Extra turn')}! {name} went again.", 'rule')
            self.turns[-2].setdefault('events', []).append('extra turn')
        events = turn_events(who, choice, outcomes, before, after)
        self.turns[-1]['events'] = events
        for event in events:
            self.write('  ' + event, 'rule')
        for line in commentary.strip().splitlines():
            self.write('  ' + line, 'say')

    def on_over(self, scores):
        winner = self.game.names[0 if scores[0] > scores[1] else 1]
        verb = 'win' if winner == 'You' else 'wins'
        self.status.config(text=f'Game over: {winner} {verb}, {scores[0]} to {scores[1]}!')
        self.write(f'Game over: {winner} {verb}!', 'rule')
        self.finish({'scores': list(scores), 'winner': winner})

    def on_error(self, message):
        self.status.config(text='The game stopped: see below.')
        self.write('Your hog.py stopped the game: ' + message, 'rule')
        self.finish({'error': message})

    def finish(self, summary):
        self.game.stopped = True
        if self.log_path:
            summary.update(turns=self.turns, names=list(self.game.names),
                           story=self.story.get('1.0', 'end').strip().splitlines())
            with open(self.log_path, 'w', encoding='utf-8') as file:
                json.dump(summary, file, indent=1)
        if self.exit_after is not None:
            self.root.after(self.exit_after, self.close)

    def close(self):
        self.game.stopped = True
        self.game.choices.put(None)
        self.root.destroy()


def main(argv=None):
    """Parse the command line, open the window and play."""
    parser = argparse.ArgumentParser(description='Play Hog in a window.')
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument('-f', '--final', action='store_true', help="play against final_strategy (the default)")
    mode.add_argument('--two-players', action='store_true', help='two people take turns')
    parser.add_argument('--second', action='store_true', help='the computer moves first')
    parser.add_argument('--seed', type=int, help='seed the dice, to replay a game')
    parser.add_argument('--autoplay', action='store_true', help='click the buttons automatically (for tests)')
    parser.add_argument('--log', help='write a JSON summary of the game to this file')
    parser.add_argument('--exit-after', type=int, metavar='MS', help='close this long after the game ends')
    args = parser.parse_args(argv)
    if args.seed is not None:
        random.seed(args.seed)
    try:
        import tkinter as tk
        root = tk.Tk()
    except Exception as exc:
        sys.exit(f'error: cannot open a window ({exc}) — run python3 hog_ui.py to play in the terminal')
    if args.two_players:
        strategies, names = (None, None), ('Player 0', 'Player 1')
    elif args.second:
        strategies, names = (hog.final_strategy, None), ('Computer', 'You')
    else:
        strategies, names = (None, hog.final_strategy), ('You', 'Computer')
    Window(root, Game(strategies, names), autoplay=args.autoplay, log=args.log, exit_after=args.exit_after)
    root.mainloop()


if __name__ == '__main__':
    main()
