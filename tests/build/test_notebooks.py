"""The phase notebooks: valid and deterministic, in the student's folder beside hog.py (and the same
files in the kit's notebooks/ folder), and executed for real with nbclient on a kernel: in a
student's finished folder (every check passes), from notebooks/ against the skeleton (runs to the
end, says what is still to do); a failing cell is reported with the cell and the error; the
command that opens them is the `notebook` extra of pyproject.toml, named in the student README."""

from __future__ import annotations

import ast
import json
import re
import tomllib
from pathlib import Path

import matplotlib
import matplotlib.pyplot
import nbformat
import pytest

from hogkit.exact import always, contest_figure, table_array
from hogkit.generate.notebooks import NOTEBOOK_PACKAGES, execute_notebook, notebook_files, notebook_names
from hogkit.generate.pipeline import build_kit
from hogkit.generate.reference import reference_hog
from hogkit.generate.solution import solution_hog_source
from hogkit.generate.source import strip_solutions
from hogkit.problems.specs import problem_specs
from hogkit.rules import RULES
from hogkit.shipped import notebook_helpers as helpers
from hogkit.shipped.dice import make_test_dice
from hogkit.turn import turn_of
from hogkit.variant import load_variant, variant_names
from tests.conftest import ALL_SPECS, KERNEL, ROOT, completed_kit, unlock_every_problem

NOTEBOOK_NAMES = notebook_names(load_variant("fa19"))  # the default kit's: phase1_simulator, ...
NAMES = list(NOTEBOOK_NAMES.values())
pytestmark = pytest.mark.usefixtures("kernel")


def _build(tmp_path_factory, spec: str) -> Path:
    out = tmp_path_factory.mktemp(Path(spec).stem)
    build_kit(load_variant(spec), out=out)
    return out


@pytest.fixture(scope="module")
def fa19_kit(tmp_path_factory):
    return _build(tmp_path_factory, "fa19")


def _text(nb) -> str:
    """All text the executed notebook printed."""
    parts = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            parts.append(out.get("text", "") or out.get("data", {}).get("text/plain", ""))
    return "".join(parts)


def _images(nb) -> int:
    return sum("image/png" in out.get("data", {}) for cell in nb.cells for out in cell.get("outputs", []))


@pytest.mark.parametrize("spec", ALL_SPECS, ids=lambda s: Path(s).stem)
def test_notebooks_are_valid_and_deterministic(spec):
    variant = load_variant(spec)
    first, second = notebook_files(variant), notebook_files(variant)
    assert first == second
    for path, text in first.items():
        if not path.endswith(".ipynb"):
            continue
        nb = nbformat.reads(text, as_version=4)
        nbformat.validate(nb)
        ids = [cell.id for cell in nb.cells]
        assert len(ids) == len(set(ids))
        assert all(not cell.get("outputs") for cell in nb.cells if cell.cell_type == "code")


def test_problems_appear_in_order_with_rule_text(fa19):
    files = notebook_files(fa19)
    for phase, name in NOTEBOOK_NAMES.items():
        text = files[f"student_skeleton/{name}.ipynb"]
        labels = [p.label for p in fa19.problems if p.phase == phase]
        positions = [text.index(f"## {label}:") for label in labels]
        assert positions == sorted(positions)
    phase1 = files["student_skeleton/phase1_simulator.ipynb"]
    for family in ("dice_outcome", "zero_dice", "bonus", "post_turn"):
        rule = fa19.rule(family)
        assert rule.title in phase1
        assert json.dumps(rule.examples[0].call)[1:-1].replace('"', "'") in phase1.replace('\\"', "'")


def _cells(variant) -> list[dict]:
    """Every cell of VARIANT's notebooks, in order, with its source as one string."""
    files = notebook_files(variant)
    return [{**cell, "source": "".join(cell["source"])} for name in notebook_names(variant).values()
            for cell in json.loads(files[f"notebooks/{name}.ipynb"])["cells"]]


def _sections(variant) -> dict[str, list[dict]]:
    """Each problem's cells (its header up to the next header), by problem id."""
    ids = {f"## {p.label}:": p.id for p in variant.problems}
    found: dict[str, list[dict]] = {}
    current = None
    for cell in _cells(variant):
        header = next((ids[h] for h in ids if cell["source"].startswith(h)), None)
        if header is not None or cell["source"].startswith("## "):
            current = header
        if current is not None:
            found.setdefault(current, []).append(cell)
    return found


def _examples(cells: list[dict]) -> list[tuple[str, object, str]]:
    """The (call, expected value, note) of each example() line of CELLS."""
    return [ast.literal_eval(line[len("example"):]) for cell in cells if cell["cell_type"] == "code"
            for line in cell["source"].splitlines() if line.startswith("example(")]


@pytest.mark.parametrize("name", variant_names())
def test_a_strategy_problem_shows_its_own_strategy_not_earlier_examples(name):
    """Problems 10 and 11 show calls of their own strategy (none a visible test or unlock question
    asks), with the reference's answers, never a copy of the rule's examples shown before; the
    strategy of the rule after the turn shows where that rule changes the choice."""
    variant = load_variant(name)
    sections, specs = _sections(variant), {spec.id: spec for spec in problem_specs(variant)}
    hog = vars(reference_hog(variant))
    calls = [call for cells in sections.values() for call, _, _ in _examples(cells)]
    assert len(calls) == len(set(calls)), "an example is shown twice"
    strategies = [p for p in variant.problems if p.kind == "rule_strategy"]
    plain = next(p.graded[0] for p in strategies if p.rules[0].family == "zero_dice")
    for problem in strategies:
        fn, spec = problem.graded[0], specs[problem.id]
        examples = _examples(sections[problem.id])
        assert len(examples) >= 3 and all(call.startswith(f"{fn}(") for call, _, _ in examples), examples
        asked = {pair for test in (*spec.visible, *spec.unlock) for s in test.statements
                 for pair in re.findall(rf"\b{fn}\((\d+), (\d+)", s)}
        for call, expect, note in examples:
            assert eval(call, hog) == expect, call  # the reference, on the notebook's own call
            assert re.match(rf"{fn}\((\d+), (\d+)", call).groups() not in asked, call
            assert ("roll 0." in note) == (expect == 0), note
        if fn != plain:
            changed = [call for call, expect, _ in examples
                       if eval(call.replace(fn + "(", plain + "(", 1), hog) != expect]
            assert changed, f"no example of {fn} shows where {problem.rules[0].title} changes the choice"


@pytest.mark.parametrize("name", variant_names())
def test_the_check_text_says_what_runs(name):
    """Each check says how many test cases run (the problem's visible tests) and, for a problem
    without tests, says so and nothing about test cases; no text calls a locked problem done."""
    variant = load_variant(name)
    sections, specs = _sections(variant), {spec.id: spec for spec in problem_specs(variant)}
    for problem in variant.problems:
        count = len(specs[problem.id].visible)
        text = " ".join(cell["source"] for cell in sections[problem.id] if cell["cell_type"] == "markdown")
        assert not re.search(r"\b0 test case", text) and "the same the grader" not in text
        if count:
            assert f"runs its {count} test case{'s' if count != 1 else ''} on your `hog.py`" in text
            assert f"and you have unlocked {problem.label} (`python3 ok -q {problem.id} -u`" in text
        else:
            assert "test case" not in text and "done" not in text
            assert f"{problem.label} has no tests: answering its questions is the whole problem" in text


@pytest.mark.parametrize("name", variant_names())
def test_the_text_names_only_what_the_semester_has(name):
    """Every name in backquotes in a notebook's text (a function, a parameter) is one of this
    semester's hog.py, every rule in bold is one of its rules, and no rule of another semester is
    named; the best-number-of-dice and final-strategy problems get their plots in whichever phase
    they are."""
    variant = load_variant(name)
    hog = strip_solutions(solution_hog_source(variant))
    text = "\n".join(cell["source"] for cell in _cells(variant) if cell["cell_type"] == "markdown")
    for quoted in re.findall(r"`([^`]+)`", text):
        word = re.fullmatch(r"([A-Za-z_]\w*)(\(.*\))?", quoted)
        if word and not quoted.endswith((".py", ".json")):
            assert re.search(rf"\b{word.group(1)}\b", hog), f"{name}: `{quoted}` is not in its hog.py"
    titles = {rule.title for rule in variant.rules}
    assert set(re.findall(r"\*\*([^*]+?)\.?\*\*", text)) <= titles
    for other in {rule.title for rule in RULES.values()} - titles:
        if not any(other in title for title in titles):
            assert other not in text, f"{name} names {other}, a rule it does not have"
    sections = _sections(variant)
    for problem in variant.problems:
        code = " ".join(cell["source"] for cell in sections[problem.id] if cell["cell_type"] == "code")
        if problem.kind == "max_scoring":
            assert "plot_average_turn_scores(" in code
        if problem.kind == "final_strategy":
            assert "plot_strategy(" in code and "plot_win_rates(" in code


@pytest.mark.parametrize("name", variant_names())
def test_the_words_of_a_rule_say_what_it_does(name):
    """Where a problem says that zero dice depend only on the opponent's score, the points of zero
    dice do not change with the mover's own score; where it says that the rule after the turn swaps
    the scores, or changes the mover's score, the engine's turn does just that."""
    variant = load_variant(name)
    turn = turn_of(variant)
    pairs = [(s, o) for s in range(0, variant.goal + 10, 3) for o in range(0, variant.goal, 7)]
    for spec in problem_specs(variant):
        if "only on the opponent's score" in spec.text:
            for opponent in range(0, variant.goal, 7):
                points = {turn.points(0, opponent, make_test_dice(1), player_score=s) for s in range(variant.goal)}
                assert len(points) == 1, f"{name}: zero dice at {opponent} depend on the mover's score too"
        if "may swap the two scores" in spec.text:
            assert all(turn.after(s, o)[:2] in ((s, o), (o, s)) for s, o in pairs)
        if "may change the mover's new score" in spec.text:
            assert all(turn.after(s, o)[1] == o for s, o in pairs)
            assert any(turn.after(s, o)[0] != s for s, o in pairs)
        assert "{" not in spec.text, spec.text


@pytest.mark.parametrize("rows", [
    [("always_roll(4)", 0.7, 0.5, 0.6), ("bacon_strategy", 0.62, 0.55, 0.58), ("swap_strategy", 0.6, 0.5, 0.55)],
    [("always_roll(4)", 1.0, 1.0, 1.0), ("bacon_strategy", 1.0, 1.0, 1.0), ("swap_strategy", 1.0, 1.0, 1.0)],
    [("always_roll(4)", 0.01, 0.0, 0.005), ("tail_strategy", 0.99, 0.2, 0.595)],
    [("always_roll(4)", 0.55, 0.45, 0.5)],
], ids=["typical", "every-bar-full", "short-and-long", "one-baseline"])
def test_the_win_rates_legend_covers_no_bar_and_no_mark(rows):
    """The win rates plot, drawn with matplotlib (Agg): its legend lies inside the figure and
    overlaps no bar and no mark of a seat, however long the bars are."""
    matplotlib.use("Agg")
    fig = helpers.win_rates_figure(rows, "final_strategy")
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    legends = [*fig.legends, *(ax.get_legend() for ax in fig.axes if ax.get_legend() is not None)]
    assert len(legends) == 1
    box = legends[0].get_window_extent(renderer)
    assert fig.bbox.x0 <= box.x0 and box.x1 <= fig.bbox.x1 and fig.bbox.y0 <= box.y0 and box.y1 <= fig.bbox.y1
    ax = fig.axes[0]
    bars = [patch.get_window_extent(renderer) for patch in ax.patches]
    assert len(bars) == len(rows) and not any(box.overlaps(bar) for bar in bars)
    marks = [point for collection in ax.collections for point in collection.get_offset_transform().transform(
        collection.get_offsets())]
    assert len(marks) == 2 * len(rows) and not any(box.contains(x, y) for x, y in marks)
    matplotlib.pyplot.close(fig)


def test_notebooks_sit_beside_hog_py_and_in_notebooks(fa19):
    files = notebook_files(fa19)
    for name in [*(f"{n}.ipynb" for n in NAMES), "hog_notebook_helpers.py"]:
        assert files[f"student_skeleton/{name}"] == files[f"notebooks/{name}"]
    assert len(files) == 2 * (len(NAMES) + 1)


def test_the_notebook_extra_is_what_the_student_readme_installs():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert extras["notebook"] == list(NOTEBOOK_PACKAGES)
    readme = (ROOT / "student_skeleton" / "README_ok.md").read_text()
    packages = " ".join(f'"{p}"' for p in NOTEBOOK_PACKAGES)
    assert f".venv/bin/python -m pip install {packages}" in readme and ".venv/bin/python -m notebook" in readme


def test_reference_solutions_pass_every_check(fa19_kit, fa19, tmp_path):
    final = table_array(reference_hog(fa19).final_strategy, fa19.goal)
    figure = contest_figure(fa19, final, always(4, fa19.goal))  # the win rates shown must be exact
    specs = {spec.id: spec for spec in problem_specs(fa19)}
    folder = unlock_every_problem(completed_kit(fa19_kit, tmp_path / "done"), fa19)  # a finished student's folder
    for phase, name in NOTEBOOK_NAMES.items():
        nb, failure = execute_notebook(folder / f"{name}.ipynb", kernel_name=KERNEL)
        assert failure is None, failure.line()
        text = _text(nb)
        assert f"Using {folder.resolve() / 'hog.py'}" in text
        assert "All done!" in text, text[-2000:]
        assert "still to do" not in text and "not done yet" not in text and "still locked" not in text
        for problem in (p for p in fa19.problems if p.phase == phase):
            count = len(specs[problem.id].visible)  # what ran is what the notebook's text says runs
            said = (f"{count} test cases pass)" if count > 1 else "1 test case passes)" if count else
                    "unlocked; it has no tests")
            assert f"{problem.label}: done ({said}" in text
        if name == "phase3_strategies":
            assert _images(nb) == 3  # heat map, turn scores, win rates
            assert f"final_strategy vs always_roll(4): wins {figure:.2%} (exactly {figure:.6f};" in text


def test_a_problem_is_done_only_once_unlocked(fa19_kit, fa19, tmp_path):
    """Every answer written but nothing unlocked: each problem's tests pass, yet none is done, and
    Problem 0 (no tests) says it is still locked, not done; the summary lists them all as still to do."""
    folder = completed_kit(fa19_kit, tmp_path / "written")
    nb, failure = execute_notebook(folder / "phase1_simulator.ipynb", kernel_name=KERNEL)
    assert failure is None, failure.line()
    text = _text(nb)
    assert "All done!" not in text and ": done" not in text
    assert "Problem 0: still locked: it has no tests, so answering its questions is the whole problem" in text
    assert "test case" not in next(line for line in text.splitlines() if line.startswith("Problem 0:"))
    assert "Problem 1: still locked: its 6 test cases pass, but you have not unlocked it yet" in text
    problems = [p for p in fa19.problems if p.phase == 1]
    assert f"{len(problems)} problem(s) still to do." in text
    assert "Problem 0   still locked (python3 ok -q 00 -u)" in text


def test_skeleton_runs_to_the_end_and_lists_what_is_left(fa19_kit, fa19):
    for phase, name in NOTEBOOK_NAMES.items():  # from notebooks/, they use ../student_skeleton
        nb, failure = execute_notebook(fa19_kit / "notebooks" / f"{name}.ipynb", kernel_name=KERNEL)
        assert failure is None, failure.line()
        text = _text(nb)
        assert f"Using {(fa19_kit / 'student_skeleton' / 'hog.py').resolve()}" in text
        for problem in fa19.problems:
            if problem.phase == phase and problem.id != "00":
                assert f"{problem.label}: still to do" in text
        if phase == 1:  # nothing to test, and not unlocked yet: never "done"
            assert "Problem 0: still locked" in text and "Problem 0: done" not in text
        assert "problem(s) still to do." in text and "All done!" not in text
        if phase == 3:
            assert "not done yet" in text and _images(nb) == 0


@pytest.mark.parametrize("spec", ["fa17", "sp18", str(ALL_SPECS[-1])], ids=lambda s: Path(s).stem)
def test_other_variants_reference_passes(tmp_path_factory, spec):
    kit = _build(tmp_path_factory, spec)
    folder = unlock_every_problem(completed_kit(kit, kit / "done"), load_variant(spec))
    for name in ("phase1_simulator", "phase3_strategies"):
        nb, failure = execute_notebook(folder / f"{name}.ipynb", kernel_name=KERNEL)
        assert failure is None, failure.line()
        assert "All done!" in _text(nb)


def test_a_failing_cell_is_reported_with_cell_and_error(fa19_kit, tmp_path):
    nb = nbformat.read(fa19_kit / "notebooks" / "phase2_commentary.ipynb", as_version=4)
    nb.cells.insert(2, nbformat.v4.new_code_cell("scores = {}\nscores['missing'] + 1", id="broken"))
    path = fa19_kit / "notebooks" / "broken.ipynb"
    nbformat.write(nb, path)
    _, failure = execute_notebook(path, hog_dir=fa19_kit / "solutions", kernel_name=KERNEL)
    assert failure is not None
    assert failure.cell == 2
    assert failure.error.startswith("KeyError")
    assert "broken.ipynb: cell 2 (scores = {}) failed: KeyError" in failure.line()


def test_a_stuck_cell_is_reported_as_a_timeout(fa19_kit):
    nb = nbformat.read(fa19_kit / "notebooks" / "phase2_commentary.ipynb", as_version=4)
    stuck = nbformat.v4.new_code_cell("print('started')\nimport time\ntime.sleep(30)", id="slow")
    nb.cells = nb.cells[:2] + [stuck] + nb.cells[2:5]  # cells after it never run
    path = fa19_kit / "notebooks" / "slow.ipynb"
    nbformat.write(nb, path)
    _, failure = execute_notebook(path, hog_dir=fa19_kit / "solutions", kernel_name=KERNEL, timeout=3)
    assert failure is not None and failure.cell == 2
    assert failure.line() == "slow.ipynb: cell 2 (print('started')) failed: timed out after 3 s"
