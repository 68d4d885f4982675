"""The phase notebooks of a kit: one Jupyter notebook per phase, written from the rule registry.

They are part of what a student downloads (``student_skeleton/``, beside ``hog.py``, which they
use), and the same files are written to the kit's top-level ``notebooks/`` folder, where they use
``../student_skeleton`` (or the folder named by ``HOG_DIR``).

Each notebook walks through its phase's problems in order: what the problem asks and the rule
in plain words (from the problem's spec), worked examples as cells that call the student's own
``hog.py`` (a rule's examples where the rule is first taught; a strategy of a rule gets examples of
that strategy, from :mod:`hogkit.generate.strategy_examples`), and a cell that checks the problem
with the kit's checker (the problem's visible tests, the same the grader runs; a problem without
tests is checked for being unlocked). Plots follow the best number of dice and the final strategy.
A notebook holds no expected output of a visible test or unlock question of a strategy, and never
the reference code.

Notebooks are plain JSON (nbformat 4.5) with fixed cell ids and no outputs, so a build is
deterministic; :func:`execute_notebook` runs one with nbclient (a development dependency).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from hogkit.errors import HogkitError
from hogkit.generate.calc_step import baseline_strategies
from hogkit.generate.step import kit_shipped_text
from hogkit.generate.strategy_examples import strategy_examples
from hogkit.problem_layout import Problem, first_problems
from hogkit.problems.checks import ProblemSpec
from hogkit.problems.specs import problem_specs
from hogkit.variant import Variant

HELPERS_NAME = "hog_notebook_helpers.py"
def notebook_names(variant: Variant) -> dict[int, str]:
    """Each phase's notebook (without ``.ipynb``), named after the phase: ``phase1_simulator``."""
    return {number: f"phase{number}_" + "_".join(title.lower().replace("-", " ").split())
            for number, title in variant.interface.phases}
NOTEBOOK_FOLDERS = ("student_skeleton", "notebooks")
# What a student installs to open the notebooks: the same list is pyproject.toml's `notebook` extra.
NOTEBOOK_PACKAGES = ("notebook>=7", "matplotlib>=3.8")

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


def _cases(n: int) -> str:
    return f"{n} test case{'s' if n != 1 else ''}"


def _problem_section(nb: _Notebook, variant: Variant, spec: ProblemSpec, taught: dict[str, str]) -> None:
    """A problem's cells: what it asks, the rules it uses (each rule's worked examples where it is
    first taught; a strategy's own examples for a strategy of a rule), and its check. TAUGHT: each
    rule taught so far -> the label of its problem (this problem's rules are added)."""
    problem = spec.problem
    header = f"## {problem.label}: {problem.title} ({problem.points} pt{'s' if problem.points != 1 else ''})"
    writes = ", ".join(f"`{name}`" for name in problem.functions) or "nothing (a warm-up)"
    text = [header, "", spec.text, "", f"You write: {writes}."]
    for rule in problem.rules:
        title = f"**{rule.title}** (from {taught[rule.id]})." if rule.id in taught else f"**{rule.title}.**"
        text += ["", f"{title} {rule.summary}"]
    nb.md("\n".join(text))
    if problem.kind == "rule_strategy":
        examples = list(strategy_examples(variant, spec))
        about = f"Worked examples of `{problem.graded[0]}`"
    else:
        examples = [ex for rule in problem.rules if rule.id not in taught
                    for ex in rule.examples if ex.requires <= variant.rule_ids]
        about = "Worked examples from the rules"
    taught.update((rule.id, problem.label) for rule in problem.rules if rule.id not in taught)
    if examples:
        nb.md(f"{about}. Each line shows the call, what it should give, and what your code gives.")
        nb.code("\n".join(f"example({ex.call!r}, {ex.expect!r}, {ex.note!r})" for ex in examples))
    unlock = f"`python3 ok -q {problem.id} -u`"
    if spec.visible:
        n = len(spec.visible)
        nb.md(f"Check {problem.label}: the cell below runs its {_cases(n)} on your `hog.py` with the kit's "
              f"checker, as `python3 ok -q {problem.id}` does in a terminal (the grader runs "
              f"{'it' if n == 1 else 'them'} too, among its visible tests). It says *done* once "
              f"{'it passes' if n == 1 else 'they all pass'} and you have unlocked {problem.label} ({unlock}, "
              "in a terminal).")
    elif spec.unlock:
        nb.md(f"{problem.label} has no tests: answering its questions is the whole problem. Answer them in a "
              f"terminal with {unlock}; the cell below says whether you have.")
    else:
        return
    nb.code(f"check({problem.id!r})")


def _checked(spec: ProblemSpec) -> bool:
    """Whether the notebook checks SPEC's problem (it has tests, or questions to unlock)."""
    return bool(spec.visible or spec.unlock)


def _plots(nb: _Notebook, variant: Variant, problem: Problem) -> None:
    """The plots that follow a problem: the average turn scores after the best number of dice, the
    final strategy's map and exact win rates after it."""
    if problem.kind == "max_scoring":
        roll = variant.rule("dice_outcome")
        name = roll.hook_name if roll.hook in roll.functions else "roll_dice"  # the function students write
        roll_dice = first_problems(variant.problems).get(name, problem.id)
        label = next(p.label for p in variant.problems if p.id == roll_dice)
        nb.md("### How many dice score the most?\nThe average points of one turn for each number "
              f"of dice, rolled with your `{name}`.")
        nb.code(f"plot_average_turn_scores(problem={label!r}, roll={name!r});")
    if problem.kind == "final_strategy":
        nb.md("### Your final strategy at a glance\nEach square is a pair of scores: yours going up, "
              "your opponent's going across. The colour is the number of dice you roll there.")
        nb.code(f"plot_strategy(hog.final_strategy, 'final_strategy', {variant.goal});")
        first = first_problems(variant.problems)
        labels = {p.id: p.label for p in variant.problems}
        fixed = [f"`{name}`" for name, spec in baseline_strategies(variant) if not isinstance(spec, dict)]
        yours = [f"`{name}` ({labels[first[name]]})" for name, spec in baseline_strategies(variant)
                 if isinstance(spec, dict)]
        once = "they work" if len(yours) > 1 else "it works"
        meets = listed(fixed) + (f", and your own {listed(yours)} once {once}" if yours else "")
        nb.md("### How often does it win?\nThe kit's `calc.py` counts every way a game can go, weighed by "
              "its chance, so these win rates are exact, not estimates from simulated games. Your "
              f"`final_strategy` meets {meets}, once moving first and once moving second; the bar is the "
              "contest figure, the average of the two seats. In a terminal, `python3 calc.py` prints the same "
              "numbers.")
        nb.code("plot_win_rates(hog.final_strategy, 'final_strategy');")


def listed(items: list[str]) -> str:
    """ITEMS as an English list: ``a``, ``a and b``, ``a, b and c``."""
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def phase_notebook(variant: Variant, phase: int) -> str:
    """The JSON text of VARIANT's notebook for PHASE (1, 2 or 3)."""
    nb = _Notebook(f"p{phase}")
    specs = problem_specs(variant)
    taught: dict[str, str] = {}
    rules = ", ".join(rule.title for rule in variant.rules)
    nb.md(
        f"# Hog, {variant.title}: Phase {phase}, {variant.interface.phase_title(phase)}\n\n"
        f"This semester's rules: {rules}. The game ends when a player reaches {variant.goal}.\n\n"
        "Run the cells from the top. They call the functions in your own `hog.py`, the one in this "
        "notebook's folder, so edit `hog.py`, then run the notebook again to see your progress; nothing "
        "here changes your files. A problem says *done* once its tests pass and you have unlocked it "
        "(`python3 ok -q NN -u` in a terminal); until then it says *still to do*, *still locked* or "
        "*not done yet*."
    )
    nb.code("from hog_notebook_helpers import *\n\nhog = load_hog()")
    for spec in specs:
        if spec.problem.phase < phase:
            taught.update((rule.id, spec.problem.label) for rule in spec.problem.rules if rule.id not in taught)
        if spec.problem.phase != phase:
            continue
        _problem_section(nb, variant, spec, taught)
        _plots(nb, variant, spec.problem)
    nb.md("## Where you are")
    nb.code(f"summary({[spec.id for spec in specs if spec.problem.phase == phase and _checked(spec)]!r});")
    return nb.json()


def notebook_files(variant: Variant) -> dict[str, str]:
    """Every notebook file of VARIANT's kit, in each of NOTEBOOK_FOLDERS: relative path -> text."""
    files = {f"{name}.ipynb": phase_notebook(variant, phase) for phase, name in notebook_names(variant).items()}
    files[HELPERS_NAME] = kit_shipped_text(variant, "notebook_helpers.py")
    return {f"{folder}/{name}": text for folder in NOTEBOOK_FOLDERS for name, text in files.items()}


def execute_notebook(path: Path, *, hog_dir: Path | None = None, kernel_name: str = "python3",
                     timeout: int = 60) -> tuple[dict, NotebookFailure | None]:
    """Run the notebook at PATH from its folder, as Jupyter would, against the hog.py beside it (or
    the one in HOG_DIR, when given).

    Returns the executed notebook and None, or the notebook and where it failed (the cell and
    the error); a cell that runs longer than TIMEOUT seconds counts as failed.
    """
    try:
        import nbformat
        from nbclient import NotebookClient
        from nbclient.exceptions import CellExecutionError, CellTimeoutError
    except ImportError as exc:
        raise HogkitError(f"cannot run notebooks ({exc})", "pip install nbformat nbclient ipykernel") from None
    nb = nbformat.read(path, as_version=4)
    saved = os.environ.get("HOG_DIR")
    if hog_dir is None:
        os.environ.pop("HOG_DIR", None)
    else:
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
