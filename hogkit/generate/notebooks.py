"""The phase notebooks of a kit: one Jupyter notebook per phase, written from the rule registry.

Each notebook walks through its phase's problems in order: the rule in plain words, the seed's
worked examples as cells that call the student's own ``hog.py``, and a cell that checks the
problem. Phase 3 adds plots. Expected values of the checks are computed here from the reference
``hog.py``, so the notebooks ship numbers, never the reference code.

Notebooks are plain JSON (nbformat 4.5) with fixed cell ids and no outputs, so a build is
deterministic; :func:`execute_notebook` runs one with nbclient (a development dependency).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from hogkit.errors import HogkitError
from hogkit.kit import notebook_helpers as helpers
from hogkit.problems import PHASE_TITLES, Problem, post_turn_strategy_name, zero_dice_strategy_name
from hogkit.reference import reference_hog
from hogkit.variant import Variant

HELPERS_PATH = "notebooks/hog_notebook_helpers.py"
NOTEBOOK_NAMES = {1: "phase1_simulator", 2: "phase2_commentary", 3: "phase3_strategies"}

# What each problem asks for, in plain words (rules add their own summary).
PROBLEM_TEXT = {
    "00": "Dice are functions of no arguments that return one outcome. `six_sided` is fair; "
          "`make_test_dice(...)` returns the outcomes you give it, in a cycle, so tests can "
          "decide what comes up.",
    "01": "`roll_dice` rolls the dice `num_rolls` times and returns the points for the turn. "
          "Call `dice()` once for every die, even after a bad outcome.",
    "02": "Rolling zero dice scores points that depend only on the opponent's score.",
    "03": "`take_turn` puts the two together: zero dice use the zero-dice rule, one or more use "
          "`roll_dice`.",
    "04": "After a turn's points are added, one more rule may change the scores.",
    "05a": "`play` simulates a whole game: players take turns, each turn asks the mover's "
           "strategy how many dice to roll, and the game ends as soon as a score reaches the goal.",
    "05b": "Add the rule below to `play`; the checks call `play` with it switched on.",
    "06": "`play` calls the commentary function `say` after every turn with both scores, and "
          "uses what it returns as the commentary for the next turn.",
    "07": "`announce_highest` returns a commentary function that prints when one player gains "
          "more points in a turn than ever before in the game.",
    "08": "`make_averaged` returns a function that calls another many times with the same "
          "arguments and returns the average result.",
    "09": "`max_scoring_num_rolls` finds the number of dice with the highest average turn score.",
    "10": "A strategy that rolls zero dice when that scores at least `margin` points.",
    "11": "A strategy that uses the post-turn rule: roll zero dice when the resulting change helps, "
          "never when it hurts, and otherwise behave like the Problem 10 strategy.",
    "12": "`final_strategy` is your best strategy. The plots below show what it does and how "
          "often it wins.",
}

# Score pairs at which the strategies of Problems 10 and 11 are checked.
STRATEGY_PAIRS = ((0, 0), (0, 9), (12, 41), (28, 4), (33, 50), (1, 17), (44, 28), (70, 81), (10, 0), (91, 99))
# Games that the checks of Problems 5 and 6 play: two strategies and the test dice.
PLAY_GAMES = (("always_roll(5)", "always_roll(3)", "make_test_dice(4, 2, 6, 5, 3)"),
              ("always_roll(2)", "always_roll(0)", "make_test_dice(6, 1, 3, 5, 2, 4)"),
              ("always_roll(8)", "always_roll(1)", "make_test_dice(3)"))


@dataclass(frozen=True)
class NotebookFailure:
    """Where an executed notebook stopped: the cell's index and source, and the error."""

    notebook: str
    cell: int
    source: str
    error: str

    def line(self) -> str:
        """One line for the user."""
        first = self.source.strip().splitlines()[0] if self.source.strip() else "(empty cell)"
        return f"{self.notebook}: cell {self.cell} ({first[:60]}) failed: {self.error}"


def _lines(text: str) -> list[str]:
    parts = text.split("\n")
    return [line + "\n" for line in parts[:-1]] + [parts[-1]]


class _Notebook:
    """A notebook under construction, with deterministic cell ids."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.cells: list[dict] = []

    def _id(self) -> str:
        return f"{self.prefix}-{len(self.cells):03d}"

    def md(self, text: str) -> None:
        self.cells.append({"cell_type": "markdown", "id": self._id(), "metadata": {}, "source": _lines(text)})

    def code(self, text: str) -> None:
        self.cells.append({"cell_type": "code", "execution_count": None, "id": self._id(), "metadata": {},
                           "outputs": [], "source": _lines(text)})

    def json(self) -> str:
        nb = {
            "cells": self.cells,
            "metadata": {
                "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                "language_info": {"name": "python"},
            },
            "nbformat": 4,
            "nbformat_minor": 5,
        }
        return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def _reference_value(variant: Variant, call: str) -> object:
    """Evaluate CALL against the variant's reference hog.py, as the notebook will on the student's."""
    hog = reference_hog(variant)
    names = dict(vars(hog), record_commentary=helpers.record_commentary, legal_everywhere=helpers.legal_everywhere)
    return eval(call, names)  # noqa: S307 - our own generated expressions


def _off_flags(variant: Variant) -> str:
    """Keyword arguments of play that switch off the later rules (for Problem 5a)."""
    return "".join(f", {flag}=False" for flag in variant.play_flags())


def _dice(variant: Variant, dice: str) -> str:
    """The dice keyword arguments of a checked call to play: test dice only, so results are fixed."""
    wild = variant.rule("dice_select")
    return f"dice={dice}" + (f", {wild.play_flag}=make_test_dice(3, 2, 4)" if wild is not None else "")


def problem_cases(variant: Variant, problem: Problem) -> list[tuple[str, object]]:
    """Checks beyond the doctests: (call, expected value) pairs computed with the reference."""
    pid = problem.id
    calls: list[str] = []
    if pid == "00":
        calls = ["(lambda d: [d(), d(), d(), d()])(make_test_dice(4, 1, 2))"]
    elif pid == "03":
        calls = [f"take_turn({k}, {opp}, {dice})" for k, opp, dice in (
            (2, 0, "make_test_dice(4, 6)"), (3, 20, "make_test_dice(4, 6, 1)"), (0, 37, "make_test_dice(6)"),
            (0, 5, "make_test_dice(6)"), (5, 62, "make_test_dice(2, 3, 4, 5, 6)"))]
    elif pid in ("05a", "05b"):
        flags = _off_flags(variant) if pid == "05a" else ""
        calls = [f"play({s0}, {s1}, {_dice(variant, dice)}{flags})" for s0, s1, dice in PLAY_GAMES]
        calls.append(f"play(always_roll(4), always_roll(4), 90, 85, {_dice(variant, 'make_test_dice(5)')}{flags})")
    elif pid == "06":
        calls = [f"record_commentary(play, {s0}, {s1}, {_dice(variant, dice)})"
                 for s0, s1, dice in PLAY_GAMES[:2]]
    elif pid in ("10", "11"):
        name = (zero_dice_strategy_name(variant.rules["zero_dice"]) if pid == "10"
                else post_turn_strategy_name(variant.rules["post_turn"]))
        calls = [f"{name}({s}, {o})" for s, o in STRATEGY_PAIRS if max(s, o) < variant.goal]
        calls.append(f"{name}(12, 41, 20, 6)")  # margin (or threshold) and num_rolls, by position
    elif pid == "12":
        calls = [f"legal_everywhere(final_strategy, {variant.goal}, {variant.legal_rolls!r})"]
    return [(call, _reference_value(variant, call)) for call in calls]


def _problem_section(nb: _Notebook, variant: Variant, problem: Problem) -> None:
    header = f"## {problem.label}: {problem.title} ({problem.points} pt{'s' if problem.points != 1 else ''})"
    writes = ", ".join(f"`{name}`" for name in problem.functions) or "nothing (a warm-up)"
    text = [header, "", PROBLEM_TEXT[problem.id], "", f"You write: {writes}."]
    for rule in problem.rules:
        text += ["", f"**{rule.title}.** {rule.summary}"]
    nb.md("\n".join(text))
    examples = [ex for rule in problem.rules for ex in rule.examples if ex.requires <= variant.rule_ids]
    if examples:
        nb.md("Worked examples from the rules. Each line shows the call, what it should give, "
              "and what your code gives.")
        nb.code("\n".join(f"example({ex.call!r}, {ex.expect!r}, {ex.note!r})" for ex in examples))
    cases = problem_cases(variant, problem)
    args = [repr(problem.id)]
    if problem.functions:
        args.append(f"functions={tuple(dict.fromkeys(problem.functions))!r}")
    if cases:
        body = "".join(f"\n    ({call!r}, {expect!r})," for call, expect in cases)
        args.append(f"cases=[{body}\n]")
    nb.md(f"Check {problem.label}. If the kit has the `ok` checker, its output for "
          f"`python3 ok -q {problem.id}` is shown too.")
    nb.code(f"check({', '.join(args)})")


def _phase3_plots(nb: _Notebook, variant: Variant, problem_id: str) -> None:
    if problem_id == "09":
        nb.md("### How many dice score the most?\nThe average points of one turn for each number "
              "of dice, rolled with your `roll_dice`.")
        nb.code("plot_average_turn_scores();")
    if problem_id == "12":
        nb.md("### Your final strategy at a glance\nEach square is a pair of scores: yours going up, "
              "your opponent's going across. The colour is the number of dice you roll there.")
        nb.code(f"plot_strategy(hog.final_strategy, 'final_strategy', {variant.goal});")
        zero = zero_dice_strategy_name(variant.rules["zero_dice"])
        post = post_turn_strategy_name(variant.rules["post_turn"])
        nb.md("### How often does it win?\nThe kit's `calc.py` counts every way a game can go, weighed by "
              "its chance, so these win rates are exact, not estimates from simulated games. Your "
              f"`final_strategy` meets `always_roll(4)`, `{zero}` and `{post}` (the kit's own versions "
              "of Problems 10 and 11), once moving first and once moving second; the bar is the "
              "contest figure, the average of the two seats. In a terminal, `python3 calc.py` prints the "
              "same numbers for `hog_contest.py`.")
        nb.code("plot_win_rates(hog.final_strategy, 'final_strategy');")


def phase_notebook(variant: Variant, phase: int) -> str:
    """The JSON text of VARIANT's notebook for PHASE (1, 2 or 3)."""
    nb = _Notebook(f"p{phase}")
    problems = [p for p in variant.problems if p.phase == phase]
    rules = ", ".join(rule.title for rule in variant.rules.values())
    nb.md(
        f"# Hog, {variant.title}: Phase {phase}, {PHASE_TITLES[phase]}\n\n"
        f"This semester's rules: {rules}. The game ends when a player reaches {variant.goal}.\n\n"
        "Run the cells from the top. They call the functions in your own `hog.py` (from "
        "`../student_skeleton`, or the folder in the `HOG_DIR` environment variable), so edit "
        "`hog.py`, then run the notebook again to see your progress. A problem you have not "
        "finished says *not done yet* or *still to do*; nothing here changes your files."
    )
    nb.code("from hog_notebook_helpers import *\n\nhog = load_hog()")
    for problem in problems:
        _problem_section(nb, variant, problem)
        if phase == 3:
            _phase3_plots(nb, variant, problem.id)
    nb.md("## Where you are")
    nb.code(f"summary({[p.id for p in problems]!r});")
    return nb.json()


def notebook_files(variant: Variant) -> dict[str, str]:
    """Every notebook file of VARIANT's kit: relative path -> text."""
    files = {f"notebooks/{name}.ipynb": phase_notebook(variant, phase) for phase, name in NOTEBOOK_NAMES.items()}
    files[HELPERS_PATH] = Path(helpers.__file__).read_text(encoding="utf-8")
    return files


def execute_notebook(path: Path, *, hog_dir: Path, kernel_name: str = "python3",
                     timeout: int = 60) -> tuple[dict, NotebookFailure | None]:
    """Run the notebook at PATH from its folder against the hog.py in HOG_DIR.

    Returns the executed notebook and None, or the notebook and where it failed (the cell and
    the error); a cell that runs longer than TIMEOUT seconds counts as failed.
    """
    import os

    try:
        import nbformat
        from nbclient import NotebookClient
        from nbclient.exceptions import CellExecutionError, CellTimeoutError
    except ImportError as exc:
        raise HogkitError(f"cannot run notebooks ({exc})", "pip install nbformat nbclient ipykernel") from None
    nb = nbformat.read(path, as_version=4)
    saved = os.environ.get("HOG_DIR")
    os.environ["HOG_DIR"] = str(Path(hog_dir).resolve())
    client = NotebookClient(nb, timeout=timeout, kernel_name=kernel_name,
                            resources={"metadata": {"path": str(Path(path).parent)}})
    failure = None
    try:
        client.execute()
    except (CellExecutionError, CellTimeoutError) as exc:
        timed_out = isinstance(exc, CellTimeoutError)
        index, cell = _failed_cell(nb, timed_out=timed_out)
        error = f"timed out after {timeout} s" if timed_out else f"{exc.ename}: {exc.evalue}"
        failure = NotebookFailure(Path(path).name, index, "".join(cell.get("source", "")), error or str(exc))
    finally:
        if saved is None:
            os.environ.pop("HOG_DIR", None)
        else:
            os.environ["HOG_DIR"] = saved
    return nb, failure


def _failed_cell(nb: dict, *, timed_out: bool) -> tuple[int, dict]:
    """The code cell that stopped execution: one with an error output, or (after a timeout) the
    first code cell that never finished."""
    for index, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        if any(out.get("output_type") == "error" for out in cell.get("outputs", [])):
            return index, cell
        if timed_out and cell.get("execution_count") is None:
            return index, cell
    return 0, {}
