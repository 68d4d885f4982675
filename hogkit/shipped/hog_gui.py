"""Play Hog in a window, using the functions in your hog.py (needs only Python with Tk).

    python3 hog_gui.py                  two people take turns at the window (once Phase 1 works)
    python3 hog_gui.py -f               play against your final_strategy (Problem 12); each new
                                        game swaps which player you control
    python3 hog_gui.py -f --second      the same, with the computer moving first in the first game
    python3 hog_gui.py --seed 7         seed the dice, to replay a game

Click a number to roll that many dice. The window shows the dice, the scores, the rules that
changed the turn, and the commentary your Phase 2 functions print (the ones you have written).
The game itself, and the words that tell it, are hog_ui.py's: the two front ends play alike.

Testing options: --autoplay clicks the buttons by itself, --games N plays N games in a row,
--log FILE writes a summary of the games as JSON (each turn with the rules named, the questions
asked, the story), --exit-after MS closes the window MS milliseconds after the last game ends.
"""

import argparse
import json
import os
import queue
import random
import sys
import threading

import hog
import hog_ui

AUTOPLAY_CHOICES = (4, 5, 2, 3, 0, 6)
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
        5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}


class GameStopped(Exception):
    """The window was closed while a player was choosing."""


class Match:
    """The games of one window, each played by hog_ui.Game in a worker thread; it talks to the
    window through two queues. SEATS[i] is None for a person, else the computer's strategy."""

    def __init__(self, seats, names):
        self.seats, self.names = list(seats), list(names)
        self.to_window = queue.Queue()
        self.choices = queue.Queue()
        self.stopped = False

    def swap_seats(self):
        """The next game: whoever was Player 0 is Player 1."""
        self.seats.reverse()
        self.names.reverse()

    def _person(self, who):
        def strategy(score, opponent_score):
            self.to_window.put(('ask', who, score, opponent_score))
            choice = self.choices.get()
            if choice is None:
                raise GameStopped()
            return choice
        return strategy

    def play(self):
        """Play one game (in the worker thread) and report its turns and end to the window."""
        strategies = [self._person(who) if seat is None else hog_ui.computer(seat, 'final_strategy')
                      for who, seat in enumerate(self.seats)]
        game = hog_ui.Game(strategies, on_turn=lambda turn: self.to_window.put(('turn', turn)),
                           on_note=lambda note: self.to_window.put(('note', note)))
        try:
            scores = game.run()
            self.to_window.put(('over', tuple(scores)))
        except GameStopped:
            pass
        except Exception as exc:  # the student's code may raise anything: show it, don't crash
            self.to_window.put(('error', f'{type(exc).__name__}: {exc}'))


class Window:
    """The Tk window: scores, dice, buttons, and the story of the games."""

    def __init__(self, root, match, *, games=1, alternate=False, autoplay=False, log=None, exit_after=None):
        import tkinter as tk
        self.tk, self.root, self.match = tk, root, match
        self.games_left, self.alternate = games, alternate
        self.autoplay, self.log_path, self.exit_after = autoplay, log, exit_after
        self.turns, self.played, self.asking, self.clicks = [], [], None, 0
        root.title('Hog')
        root.protocol('WM_DELETE_WINDOW', self.close)
        top = tk.Frame(root, padx=10, pady=6)
        top.pack(fill='x')
        self.score_labels = []
        for who in range(2):
            label = tk.Label(top, text='', font=('Helvetica', 20, 'bold'), width=16)
            label.grid(row=0, column=who)
            self.score_labels.append(label)
        self.status = tk.Label(root, text='', font=('Helvetica', 13))
        self.status.pack()
        self.canvas = tk.Canvas(root, width=620, height=80, bg='#2e7d32', highlightthickness=0)
        self.canvas.pack(pady=4)
        buttons = tk.Frame(root)
        buttons.pack(pady=4)
        self.buttons = {}
        for number in hog_ui.legal_choices():
            text = ' or '.join(hog_ui.rule_titles('choice')) if number < 0 else str(number)
            button = tk.Button(buttons, text=text, width=max(3, len(text)), state='disabled',
                               command=lambda n=number: self.choose(n))
            button.pack(side='left', padx=2)
            self.buttons[number] = button
        self.again = tk.Button(buttons, text='New game', state='disabled', command=self.new_game)
        self.again.pack(side='left', padx=12)
        self.story = tk.Text(root, width=80, height=18, font=('Courier', 11), wrap='word')
        self.story.tag_configure('rule', foreground='#b71c1c', font=('Courier', 11, 'bold'))
        self.story.tag_configure('say', foreground='#1a237e')
        self.story.pack(padx=10, pady=6)
        self.start()
        root.after(20, self.poll)

    def start(self):
        """Start a game in a worker thread."""
        self.turns, self.asked = [], []
        self.games_left -= 1
        self.again.config(state='disabled')
        for who, label in enumerate(self.score_labels):
            label.config(text=f'{self.match.names[who]}: 0')
        if self.played:
            self.write('')
        self.write(f"New game: {hog_ui.clause(self.match.names[0], 'move', 'first')}.", 'rule')
        threading.Thread(target=self.match.play, daemon=True).start()

    def new_game(self):
        """The New game button: in a game against the computer, you change seats."""
        if self.alternate:
            self.match.swap_seats()
        self.start()

    def write(self, text, tag=None):
        self.story.insert('end', text + '\n', tag)
        self.story.see('end')

    def poll(self):
        """Handle every message from the game, then look again shortly."""
        try:
            while True:
                message = self.match.to_window.get_nowait()
                getattr(self, 'on_' + message[0])(*message[1:])
        except queue.Empty:
            pass
        if not self.match.stopped:
            self.root.after(20, self.poll)

    def on_ask(self, who, score, opponent_score):
        self.asking = who
        names = self.match.names
        self.asked.append(hog_ui.dice_question(names[who], names[1 - who], score, opponent_score))
        self.status.config(text=self.asked[-1])
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
        self.match.choices.put(number)

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

    def on_turn(self, turn):
        names = self.match.names
        name = names[turn.who]
        self.draw_dice(turn.outcomes)
        for player, label in enumerate(self.score_labels):
            label.config(text=f'{names[player]}: {turn.after[player]}')
        self.write(f'{hog_ui.describe(turn, name)}. Scores {turn.after[0]} - {turn.after[1]}')
        events = hog_ui.turn_events(turn, name)
        self.turns.append({'who': turn.who, 'choice': turn.choice, 'outcomes': list(turn.outcomes),
                           'sides': turn.sides, 'after': list(turn.after), 'events': events})
        for event in events:
            self.write('  ' + event, 'rule')
        for line in turn.commentary.strip().splitlines():
            self.write('  ' + line, 'say')

    def on_note(self, note):
        self.write(note, 'say')

    def on_over(self, scores):
        names = self.match.names
        over = hog_ui.game_over(scores, names)
        self.status.config(text=over)
        self.write(over, 'rule')
        self.finish({'scores': list(scores), 'winner': names[0 if scores[0] > scores[1] else 1]})

    def on_error(self, message):
        self.status.config(text='The game stopped: see below.')
        self.write('Your hog.py stopped the game: ' + message, 'rule')
        self.finish({'error': message})
        self.games_left = 0

    def finish(self, summary):
        """A game is over: remember it, then start the next one or wait for New game."""
        summary.update(turns=self.turns, asked=self.asked, names=list(self.match.names))
        self.played.append(summary)
        if self.games_left > 0 and 'error' not in summary:
            if self.alternate:
                self.match.swap_seats()
            self.root.after(300, self.start)
            return
        self.again.config(state='normal')
        if self.log_path:
            self.write_log()
        if self.exit_after is not None:
            self.root.after(self.exit_after, self.close)

    def write_log(self):
        """The last game's summary, with every game played and the story, as JSON (whole or not at all)."""
        log = dict(self.played[-1], games=self.played, story=self.story.get('1.0', 'end').strip().splitlines())
        partial = f'{self.log_path}.part'
        with open(partial, 'w', encoding='utf-8') as file:
            json.dump(log, file, indent=1)
        os.replace(partial, self.log_path)

    def close(self):
        self.match.stopped = True
        self.match.choices.put(None)
        self.root.destroy()


def main(argv=None):
    """Parse the command line, check that hog.py can play, open the window and play."""
    parser = argparse.ArgumentParser(description='Play Hog in a window.')
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument('-f', '--final', action='store_true', help='play against your final_strategy')
    mode.add_argument('--two-players', action='store_true', help='two people take turns (the default)')
    parser.add_argument('--second', action='store_true', help='with -f: the computer moves first')
    parser.add_argument('--seed', type=int, help='seed the dice, to replay a game')
    parser.add_argument('--autoplay', action='store_true', help='click the buttons automatically (for tests)')
    parser.add_argument('--games', type=int, default=1, help='with --autoplay: play this many games in a row')
    parser.add_argument('--log', help='write a JSON summary of the games to this file')
    parser.add_argument('--exit-after', type=int, metavar='MS', help='close this long after the last game ends')
    parser.error = lambda message: parser.exit(2, f'error: {message} — see python3 hog_gui.py --help\n')
    args = parser.parse_args(argv)
    if args.second and not args.final:
        parser.error('--second is for a game against final_strategy (-f)')
    if args.games < 1:
        parser.error('--games must be at least 1')
    if args.seed is not None:
        random.seed(args.seed)
    command = 'python3 hog_gui.py' + (' -f' if args.final else '')
    try:
        play = hog_ui.ready.PLAY['play']
        hog_ui.require([play, 'final_strategy'] if args.final else [play], tool=command)
    except hog_ui.NotReady as exc:
        sys.exit(f'error: {exc}')
    try:
        import tkinter as tk
        root = tk.Tk()
    except Exception as exc:
        sys.exit(f'error: cannot open a window ({exc}) — run python3 hog_ui.py to play in the terminal')
    if args.final:
        seats, names = (None, hog.final_strategy), (hog_ui.YOU, 'Computer')
        if args.second:
            seats, names = seats[::-1], names[::-1]
    else:
        seats, names = (None, None), ('Player 0', 'Player 1')
    Window(root, Match(seats, names), games=args.games if args.autoplay else 1, alternate=args.final,
           autoplay=args.autoplay, log=args.log, exit_after=args.exit_after)
    root.mainloop()


if __name__ == '__main__':
    main()
