"""Helpers for the Hog phase notebooks: load your hog.py, try examples, run checks, draw plots.

This file is copied into every kit as hog_notebook_helpers.py, beside the notebooks. It uses only
the Python standard library, plus matplotlib for the plots of the strategies' phase; the exact win rates come from
the kit's own calc.py, next to hog.py.

The notebooks use the hog.py beside them (in the student's folder). Elsewhere (the kit's
notebooks/ folder) they use the one in ../student_skeleton, and the environment variable HOG_DIR,
when set, names the folder to use instead.
"""

import importlib
import importlib.util
import json
import os
import random
import subprocess
import sys
from pathlib import Path

NOT_DONE = 'not done yet'
DONE, LOCKED, TODO, UNCHECKED = 'done', 'still locked', 'still to do', 'nothing to check here'
_results = {}  # problem id -> DONE, LOCKED, TODO or UNCHECKED, as check() last found it
hog = None
ready = None  # the kit's ready.py, beside hog.py: it tries calls within a time limit


def hog_dir():
    """The folder whose hog.py the notebooks use: HOG_DIR, else the notebook's own folder when it
    holds a hog.py, else ../student_skeleton."""
    if os.environ.get('HOG_DIR'):
        return Path(os.environ['HOG_DIR']).resolve()
    here = Path.cwd()
    return (here if (here / 'hog.py').exists() else here.parent / 'student_skeleton').resolve()


def load_hog():
    """Import (or re-import) hog.py from hog_dir() and return the module."""
    global hog, ready
    folder = str(hog_dir())
    if folder not in sys.path:
        sys.path.insert(0, folder)
    for name in ('hog', 'dice', 'ucb', 'ready'):
        sys.modules.pop(name, None)
    ready = importlib.import_module('ready')
    hog = importlib.import_module('hog')
    print('Using', Path(hog.__file__))
    return hog


def attempt(call):
    """Evaluate CALL (Python text) with hog.py's names; return (value, None) or (None, why not)."""
    return ready.evaluate(hog, call)


def example(call, expect, note=''):
    """Show one worked example: the call, what it should give, and what your code gives."""
    value, problem = attempt(call)
    print(f'>>> {call}')
    if problem is not None:
        print(f'    {NOT_DONE} ({problem}); should give {expect!r}')
    elif value == expect:
        print(f'    {value!r}  (right)')
    else:
        print(f'    {value!r}  but should give {expect!r}')
    if note:
        print(f'    {note}')


def _ok(problem):
    """Run the kit's checker on PROBLEM's tests, locked or not (``python3 ok -q PROBLEM --force
    --json``); return (passed, failed, unlocked) or None without a checker. UNLOCKED is None where
    the checker does not say (a course's own okpy tests)."""
    if not (hog_dir() / 'ok').exists():
        return None
    run = _run_ok(problem, '--json')
    try:
        found = json.loads(run)['problems'][0]
        return found['passed'], found['failed'], found.get('unlocked')
    except (ValueError, KeyError, IndexError, TypeError):  # no JSON: the checker stopped with an error
        return 0, 1, None


def _run_ok(problem, *options):
    """The text ``python3 ok -q PROBLEM --force`` prints (with OPTIONS)."""
    try:
        run = subprocess.run([sys.executable, 'ok', '-q', problem, '--force', *options], cwd=hog_dir(),
                             text=True, stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
    except subprocess.TimeoutExpired:
        return 'python3 ok stopped after 120 s'
    return (run.stdout + run.stderr).strip()


def _cases(n, verb=''):
    """'1 test case passes', '6 test cases pass' (with VERB 'pass'), '6 test cases'."""
    return f'{n} test case{"" if n == 1 else "s"}' + (f' {verb}{"es" if n == 1 else ""}' if verb else '')


def check(problem):
    """Check one problem with the kit's checker (its visible tests, the ones the grader runs too).

    Prints one verdict line and remembers it for summary(): 'done' only once every test passes
    and the problem is unlocked (a problem without tests: once it is unlocked); 'still locked'
    while its tests pass (or it has none) but its questions are not answered yet; 'still to do'
    while a test fails.
    """
    label = 'Problem ' + (problem.lstrip('0') or '0')
    unlock = f'python3 ok -q {problem} -u'
    try:
        load_hog()
    except Exception as exc:  # the student's file may not even import
        _results[problem] = TODO
        print(f'{label}: still to do (hog.py does not load: {type(exc).__name__}: {exc})')
        return None
    found = _ok(problem)
    if found is None:
        _results[problem] = UNCHECKED
        print(f'{label}: cannot check: no ok checker next to {hog_dir() / "hog.py"}')
        return None
    passed, failed, unlocked = found
    if failed:
        _results[problem] = TODO
        print(f'{label}: still to do ({failed} of {_cases(passed + failed)} {"fails" if failed == 1 else "fail"})')
        print(_run_ok(problem)[-1500:])
    elif unlocked is False:
        _results[problem] = LOCKED
        print(f'{label}: still locked: its {_cases(passed, "pass")}, but you have not unlocked it yet '
              f'(in a terminal: {unlock})' if passed else
              f'{label}: still locked: it has no tests, so answering its questions is the whole '
              f'problem (in a terminal: {unlock})')
    elif passed:
        _results[problem] = DONE
        print(f'{label}: done ({_cases(passed, "pass")})')
    elif unlocked:
        _results[problem] = DONE
        print(f'{label}: done (unlocked; it has no tests to run)')
    else:
        _results[problem] = UNCHECKED
        print(f'{label}: nothing to check here: it has no tests to run')
    return None


def summary(problems):
    """Print where each of PROBLEMS stands; return the list of those not done yet."""
    todo = [p for p in problems if _results.get(p, TODO) in (TODO, LOCKED)]
    for p in problems:
        state = _results.get(p, TODO)
        mark = f'{state} (python3 ok -q {p} -u)' if state == LOCKED else state
        print(f"Problem {p.lstrip('0') or '0':3} {mark}")
    if todo:
        print(f'{len(todo)} problem(s) still to do.')
    elif all(_results.get(p) == DONE for p in problems):
        print('All done!')
    else:
        print('Every problem that can be checked here is done.')
    return todo


# ---------------------------------------------------------------- plots (the strategies' phase)


def _pyplot():
    import matplotlib
    if 'inline' not in matplotlib.get_backend().lower() and not os.environ.get('DISPLAY'):
        matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    return plt


def strategy_table(strategy, goal):
    """STRATEGY's choice at every pair of scores below GOAL, or None if it is not done yet."""
    table = []
    try:
        with ready.time_limit(ready.SECONDS):
            for score in range(goal):
                row = [strategy(score, opponent) for opponent in range(goal)]
                if any(type(choice) is not int for choice in row):
                    return None
                table.append(row)
    except Exception:
        return None
    return table


def plot_strategy(strategy, name, goal):
    """Draw STRATEGY's table as a heat map: your score going up, the opponent's across."""
    table = strategy_table(strategy, goal)
    if table is None:
        print(f'{name}: {NOT_DONE} (it must return a number of dice at every pair of scores)')
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 5))
    image = ax.imshow(table, origin='lower', cmap='viridis', interpolation='nearest')
    fig.colorbar(image, ax=ax, label='number of dice')
    ax.set_xlabel("opponent's score")
    ax.set_ylabel('your score')
    ax.set_title(f'{name}: dice rolled at each pair of scores')
    plt.show()
    return table


def average_turn_scores(num_samples=2000, seed=0, roll='roll_dice'):
    """Average points of ROLL(k, six_sided) for k = 1..10, with your ROLL (roll_dice)."""
    random.seed(seed)
    averages = []
    for k in range(1, 11):
        total = 0
        for _ in range(num_samples):
            value, problem = _roll(k, roll)
            if problem is not None:
                return None
            total += value
        averages.append(total / num_samples)
    return averages


def _roll(k, roll):
    try:
        value = getattr(hog, roll)(k, hog.six_sided)
    except Exception as exc:
        return None, str(exc)
    return (value, None) if isinstance(value, int) else (None, 'returned None')


def plot_average_turn_scores(num_samples=2000, problem='the problem of roll_dice', roll='roll_dice'):
    """Draw the average turn score for each number of dice, using your ROLL (roll_dice, written in
    PROBLEM)."""
    averages = average_turn_scores(num_samples, roll=roll)
    if averages is None:
        print(f'{roll}: {NOT_DONE} (finish {problem} to see this plot)')
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.bar(range(1, 11), averages, color='tab:orange')
    ax.set_xticks(range(1, 11))
    ax.set_xlabel('number of dice')
    ax.set_ylabel('average points for the turn')
    ax.set_title(f'Average turn score ({num_samples} rolls each)')
    plt.show()
    return averages


def _calc():
    """The kit's calc.py (next to hog.py), freshly imported, or None if that folder has none."""
    path = hog_dir() / 'calc.py'
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location('calc', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def exact_win_rates(strategy):
    """STRATEGY's exact results against the kit's baselines, counted by the kit's calc.py.

    Returns a list of (baseline, win rate moving first, moving second, contest figure).
    """
    calc = _calc()
    if calc is None:
        raise FileNotFoundError(f'there is no calc.py in {hog_dir()}; copy it and calc_model.json from your kit')
    model = calc.load_model(hog if hog is not None else load_hog(), ready=ready)
    return calc.figures(model, calc.strategy_table(strategy, model))


def win_rates_figure(rows, name):
    """The figure of plot_win_rates for ROWS (as exact_win_rates gives them): a bar per baseline,
    the contest figure, with a mark for each seat. The legend sits below the axes, where it hides
    no bar and no mark."""
    plt = _pyplot()
    labels = [row[0] for row in rows]
    fig, ax = plt.subplots(figsize=(6, 1.6 + 0.5 * len(rows)), layout='constrained')
    ax.barh(labels, [row[3] for row in rows], color='tab:green', label='contest figure (both seats)')
    ax.scatter([row[1] for row in rows], labels, color='black', marker='>', zorder=3, label='moving first')
    ax.scatter([row[2] for row in rows], labels, color='black', marker='<', zorder=3, label='moving second')
    ax.axvline(0.5, color='grey', linestyle='--')
    ax.set_xlim(0, 1)
    ax.invert_yaxis()  # the first baseline on top
    ax.set_xlabel('chance of winning (exact)')
    ax.set_title(f'{name} against baselines')
    fig.legend(loc='outside lower center', ncols=3, fontsize='small')
    return fig


def plot_win_rates(strategy, name):
    """Draw STRATEGY's exact contest figure against each of the kit's baselines."""
    try:
        with ready.time_limit(6 * ready.SECONDS):
            rows = exact_win_rates(strategy)
    except Exception as exc:
        print(f'{name}: {NOT_DONE} ({exc}); finish {name} first')
        return None
    win_rates_figure(rows, name)
    _pyplot().show()
    for label, first, second, figure in rows:
        print(f'{name} vs {label}: wins {figure:.2%} (exactly {figure:.6f}; '
              f'{first:.2%} moving first, {second:.2%} moving second)')
    return rows
