"""``run_experiments`` of hog.py, written from the experiments the interface lists.

Each experiment is a strategy (``always_roll(6)``, ``catch_up``, a key of the interface such as
``@zero_dice:strategy``, or ``final_strategy``) whose average win rate is printed once its ``if
False:`` is switched on. The first experiment, always on, finds the best number of dice. Each one
first checks that the functions it needs work (``works``, ``win_rates_work``), so a student who
runs ``python3 hog.py -r`` early is told which problem it waits for.
"""

from __future__ import annotations

import ast

from hogkit.naming import course_renames, rename_identifiers
from hogkit.problem_layout import Problem, first_problems
from hogkit.variant import Variant

DOC = '''    """Run a series of strategy experiments and report the results.

    Change an `if False:` to `if True:` to switch an experiment on. An experiment whose
    problems do not work yet says which problem it waits for instead of running.
    """'''


def _label(problems: list[Problem], name: str) -> str:
    found = first_problems(problems)[name]
    return f"Problem {found.lstrip('0') or '0'}"


def _guard(problems: list[Problem], call: str) -> str:
    """The check an experiment of CALL makes before it runs: win rates work, and the strategy's
    own function when a problem asks for it."""
    tree = ast.parse(call, mode="eval").body
    name = tree.func.id if isinstance(tree, ast.Call) else tree.id
    if name not in first_problems(problems):
        return "win_rates_work()"
    args = ", ".join(ast.unparse(a) for a in tree.args) if isinstance(tree, ast.Call) else "0, 0"
    return f"win_rates_work() and works('{_label(problems, name)}', {name}, {args})"


def experiments_source(variant: Variant, names: list[str]) -> str:
    """``run_experiments`` for VARIANT: NAMES are the strategies' calls or names in hog.py, in order."""
    problems, renames = variant.problems, course_renames(variant)
    names = [rename_identifiers(name, renames) for name in names]
    maker = next(p.graded[0] for p in problems if p.kind == "make_averaged")
    scorer = next(p.graded[0] for p in problems if p.kind == "max_scoring")
    averaged, best = _label(problems, maker), _label(problems, scorer)
    lines = [
        "def run_experiments():",
        DOC,
        f"    if True:  # Change to False when done finding {scorer}",
        f"        if works('{averaged}', {maker}, roll_dice) and works('{best}', {scorer}):",
        f"            six_sided_max = {scorer}(six_sided)",
        "            print('Max scoring num rolls for six-sided dice:', six_sided_max)",
        "",
    ]
    for name in names:
        lines += [
            f"    if False:  # Change to True to test {name}",
            f"        if {_guard(problems, name)}:",
            f"            print('{name} win rate:', average_win_rate({name}))",
            "",
        ]
    lines.append('    "*** You may add additional experiments as you wish ***"')
    roll = variant.rule("dice_outcome").hook_name  # the function that rolls the dice, in the course's names
    return rename_identifiers("\n".join(lines) + "\n", {**renames, "roll_dice": roll})
