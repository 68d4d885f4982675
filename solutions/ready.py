"""ready: which problems of your hog.py work yet (standard library only).

The kit's tools (hog_gui.py, hog_ui.py, calc.py) play with the functions of your hog.py. Before
they use one, they ask here whether it is written: each function is tried once on a small
example (one of its problem's own examples where the problem has one). A function that is not
written yet returns None; one that raises an error, or a play whose game ends before anyone
reaches the goal, does not work yet either. The tool then names the problem to finish instead of
failing halfway with an error.
"""

import io
import signal
import threading
from contextlib import contextmanager, redirect_stdout

if __package__:  # imported as part of HogKit
    from . import hog_checks
else:  # in a kit, beside hog_checks.py
    import hog_checks

# Filled in when the kit is built. For each function the tools may use: the problem that asks for
# it, a call that tries it, the score a game must reach (0: any answer other than None will do),
# and the functions it builds on, in the order of the problems.
PROBES = {
    'roll_dice': ('01', 'roll_dice(7, make_test_dice(1, 1, 1, 1, 1, 4, 6))', 0, ()),
    'free_bacon': ('02', 'free_bacon(13)', 0, ()),
    'take_turn': ('03', 'take_turn(2, 0, make_test_dice(4, 5))', 0, ('roll_dice', 'free_bacon')),
    'is_swap': ('04', 'is_swap(2, 4)', 0, ()),
    'play': ('05a', 'play(always_roll(2), always_roll(2), dice=make_test_dice(4, 5, 6))', 100, ('roll_dice', 'free_bacon', 'take_turn', 'is_swap', 'feral_hogs_bonus')),
    'feral_hogs_bonus': ('05b', 'feral_hogs_bonus(5, 3)', 0, ()),
    'announce_highest': ('07', 'announce_highest(0)', 0, ()),
    'make_averaged': ('08', 'make_averaged(make_test_dice(4, 2), 2)()', 0, ()),
    'max_scoring_num_rolls': ('09', 'max_scoring_num_rolls(make_test_dice(3), 2)', 0, ('roll_dice', 'make_averaged')),
    'bacon_strategy': ('10', 'bacon_strategy(0, 0)', 0, ('roll_dice', 'free_bacon', 'take_turn')),
    'swap_strategy': ('11', 'swap_strategy(0, 0)', 0, ('roll_dice', 'free_bacon', 'take_turn', 'is_swap', 'bacon_strategy')),
    'final_strategy': ('12', 'final_strategy(0, 0)', 0, ()),
}
# The numbers of dice a strategy may choose in this kit.
LEGAL_CHOICES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
# The keyword of play that takes the dice of a four-sided turn ('' when the kit has none).
WILD_DICE = ''
# How the tools call this kit's play: its style ('say' commentary, 'announce' commentary that
# returns the leader and a message, or an 'update' function), the course's names of its keywords
# and of the goal, the update function, the commentary parts (name, call that makes the part; no
# call: the function itself), take_turn's name and parameters, the problems of play and commentary.
PLAY = {'style': 'say', 'goal': 'GOAL_SCORE', 'keywords': {'dice': 'dice', 'goal': 'goal', 'say': 'say'}, 'update': '', 'commentary': [('announce_highest', 'announce_highest(0)'), ('announce_highest', 'announce_highest(1)'), ('announce_lead_changes', 'announce_lead_changes()')], 'take_turn': ('take_turn', {'num_rolls': 'num_rolls', 'opponent_score': 'opponent_score', 'dice': 'dice'}), 'play': 'play', 'always_roll': 'always_roll', 'play_problem': 'Problem 5a', 'say_problem': 'Problem 6'}
# This kit's rules, in the order their effects apply within a turn, as (step, title, kind): the step
# of a turn the rule acts at ('choice' a special move, 'dice' which dice, 'roll' what the dice
# score, 'zero' what zero dice score, 'boost' a change to the points, 'bonus' extra points,
# 'after' a change to the scores after the turn, 'extra' another turn), the rule's title, and
# for an 'after' rule what it changes ('swap' the scores swap, 'update' the mover's score, 'scores'
# both scores; '' for the other steps).
RULES = [('roll', 'Pig Out', ''), ('zero', 'Free Bacon', ''), ('bonus', 'Feral Hogs', ''), ('after', 'Swine Swap', 'swap')]
SECONDS = 10  # a try that runs longer than this counts as an endless loop


class Missing:
    """A problem that is not finished: its id, the function tried and why it does not work."""

    def __init__(self, problem, function, reason):
        self.problem, self.function, self.reason = problem, function, reason

    @property
    def label(self):
        """How the course names the problem: ``Problem 5a``."""
        return 'Problem ' + (self.problem.lstrip('0') or '0')

    def line(self):
        """One line: which problem, and what was seen."""
        return f'{self.label} ({self.function}) is not finished: {self.reason}'

    def advice(self, command):
        """What to do about it, ending with COMMAND, the one to run again afterwards."""
        return f'finish {self.label} (check it with python3 ok -q {self.problem}), then run {command} again'


class Stuck(Exception):
    """A try ran longer than SECONDS."""


@contextmanager
def time_limit(seconds):
    """Raise Stuck after SECONDS, where the operating system allows it (the main thread, POSIX)."""
    if not hasattr(signal, 'SIGALRM') or threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, frame):
        raise Stuck(f'still running after {seconds} s (an endless loop?)')
    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def problem_of(name):
    """The id of the problem that asks for the function NAME ('' if it is none of the kit's)."""
    return PROBES[name][0] if name in PROBES else ''


def evaluate(hog, call):
    """Evaluate CALL (Python text) with the names of the module HOG and the grader's helpers
    (``fixed_rolls``), quietly, within SECONDS: (its value, None), or (None, why not in one line)
    when it raises an error or gives None."""
    scope = {**vars(hog), **{helper.__name__: helper for helper in hog_checks.TEST_HELPERS}}
    try:
        with time_limit(SECONDS), redirect_stdout(io.StringIO()):
            value = eval(call, scope)
    except Exception as exc:  # the student's code may raise anything
        return None, f'{call} raises {type(exc).__name__}: {exc}'
    if value is None:
        return None, f'{call} returns None'
    return value, None


def trial(hog, name):
    """Try the function NAME of the module HOG once: None if it works, else why not (one line)."""
    problem, call, goal, needs = PROBES[name]
    if not callable(getattr(hog, name, None)):
        return f'there is no function {name} in hog.py'
    value, reason = evaluate(hog, call)
    if reason is not None:
        return reason
    if goal:
        if not (isinstance(value, (tuple, list)) and len(value) == 2
                and all(type(score) is int for score in value)):
            return f'{call} returns {value!r}, not the two final scores'
        if max(value) < goal:
            return f'{call} ends at {value[0]} to {value[1]}, before anyone reaches {goal}'
    return None


def missing(hog, names):
    """The first problem the functions NAMES (in order) still wait for, or None when they all work.

    When a function does not work, the functions it builds on are tried first, in the order of
    the problems, so that the first problem left to do is the one named.
    """
    for name in names:
        if trial(hog, name) is not None:
            return first_unfinished(hog, name)
    return None


def first_unfinished(hog, name):
    """Why the function NAME went wrong: the first unfinished function it builds on, in the order
    of the problems, or NAME itself if its own try fails; None when all of them work."""
    for function in (*PROBES[name][3], name):
        reason = trial(hog, function)
        if reason is not None:
            return Missing(problem_of(function), function, reason)
    return None
