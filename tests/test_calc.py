"""The student's calc.py: its NumPy and plain-Python counts agree with hogkit.exact on random tables
for every variant, and ``python3 calc.py`` in a built kit prints the exact figures or one error line."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from hogkit.exact import always, contest_figure, table_array, win_rate
from hogkit.generate.calc_step import calc_model_json
from hogkit.generate.kit import build_kit
from hogkit.kit import calc
from hogkit.reference import reference_hog
from hogkit.variant import load_variant
from tests.conftest import ALL_SPECS

SMALL_GOAL = 30  # the plain-Python count is checked on a smaller game, to keep the suite quick


def model(variant, goal: int | None = None) -> calc.Model:
    """calc.py's model of VARIANT, through the JSON text the kit ships."""
    return calc.Model(json.loads(calc_model_json(variant, goal=goal)))


def random_tables(variant, goal: int, seed: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Two pairs of tables: both over every legal choice; then a few choices against always_roll(4),
    so that calc.py leaves out hidden states the game cannot reach."""
    rng = np.random.default_rng(seed)
    legal = np.array(variant.legal_rolls)
    few = np.array([c for c in (-1, 2, 5) if c in variant.legal_rolls])
    return [(rng.choice(legal, size=(goal, goal)), rng.choice(legal, size=(goal, goal))),
            (rng.choice(few, size=(goal, goal)), always(4, goal))]


@pytest.mark.parametrize("spec", ALL_SPECS, ids=lambda s: Path(s).stem)
def test_numpy_count_matches_exact(spec):
    variant = load_variant(spec)
    m = model(variant)
    for t0, t1 in random_tables(variant, variant.goal, seed=len(variant.name)):
        got = calc.win_rate(m, t0.tolist(), t1.tolist(), numpy=True)
        assert abs(got - win_rate(variant, t0, t1)) < 1e-9


@pytest.mark.parametrize("spec", ALL_SPECS, ids=lambda s: Path(s).stem)
def test_plain_python_count_matches_exact(spec):
    variant = load_variant(spec)
    m = model(variant, SMALL_GOAL)
    for t0, t1 in random_tables(variant, SMALL_GOAL, seed=7 + len(variant.name)):
        want = win_rate(variant, t0, t1, goal=SMALL_GOAL)
        assert abs(calc.win_rate(m, t0.tolist(), t1.tolist(), numpy=False) - want) < 1e-9
        assert abs(calc.win_rate(m, t0.tolist(), t1.tolist(), numpy=True) - want) < 1e-9


def test_a_table_with_an_illegal_choice_is_refused(fa19):
    m = model(fa19, SMALL_GOAL)
    bad = always(4, SMALL_GOAL).tolist()
    bad[3][7] = 11
    with pytest.raises(calc.CalcError, match="only 0 to 10"):
        calc.win_rate(m, bad, bad)
    with pytest.raises(calc.CalcError, match="returns 11"):
        calc.strategy_table(lambda s, o: 11 if (s, o) == (3, 7) else 4, m)


@pytest.fixture(scope="module")
def pig_tail_kit(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("pig-tail")
    build_kit(load_variant("pig-tail"), out=out)
    return out


def run_calc(folder: Path, *args: str, python: tuple[str, ...] = (sys.executable,)) -> subprocess.CompletedProcess:
    return subprocess.run([*python, "calc.py", *args], cwd=folder, capture_output=True, text=True, timeout=300)


def figures_printed(text: str) -> dict[str, tuple[float, float, float]]:
    rows = re.findall(r"^  (\S+)\s+([01]\.\d{6})\s+([01]\.\d{6})\s+([01]\.\d{6})$", text, re.M)
    return {name: tuple(map(float, numbers)) for name, *numbers in rows}


def test_baselines_are_the_kits_own_strategies(pig_tail_kit):
    """always_roll(4), then Problems 10 and 11 as the kit's hog.py has them: the reference's in
    the solutions; in the skeleton they are left out, each with one line saying why."""
    variant = load_variant("pig-tail")
    hog = reference_hog(variant)
    m = calc.load_model(pig_tail_kit / "solutions" / "calc_model.json")
    found, left_out = calc.baselines(m, folder=pig_tail_kit / "solutions")
    assert [name for name, _ in found] == ["always_roll(4)", "pig_tail_strategy", "square_strategy"] and not left_out
    assert found[0][1] == always(4, variant.goal).tolist()
    assert found[2][1] == table_array(hog.square_strategy, variant.goal).tolist()
    found, left_out = calc.baselines(m, folder=pig_tail_kit / "student_skeleton")
    assert [name for name, _ in found] == ["always_roll(4)"]
    assert [name for name, _ in left_out] == ["pig_tail_strategy", "square_strategy"]
    assert left_out[0][1].startswith("pig_tail_strategy(0, 0) returns None — ")
    # the student's copy carries no table of those strategies
    shipped = json.loads((pig_tail_kit / "student_skeleton" / "calc_model.json").read_text())
    assert shipped["baselines"][1:] == [["pig_tail_strategy", {"function": "pig_tail_strategy"}],
                                        ["square_strategy", {"function": "square_strategy"}]]


def test_calc_in_a_built_kit_prints_the_exact_figures(pig_tail_kit):
    variant = load_variant("pig-tail")
    done = run_calc(pig_tail_kit / "solutions")
    assert done.returncode == 0, done.stderr
    printed = figures_printed(done.stdout)
    assert list(printed) == ["always_roll(4)", "pig_tail_strategy", "square_strategy"]
    final = table_array(reference_hog(variant).final_strategy, variant.goal)
    four = always(4, variant.goal)
    first, second, figure = printed["always_roll(4)"]
    assert figure == pytest.approx(contest_figure(variant, final, four), abs=1e-6)
    assert first == pytest.approx(win_rate(variant, final, four), abs=1e-6)
    assert second == pytest.approx(1 - win_rate(variant, four, final), abs=1e-6)
    assert "with NumPy" in done.stdout

    slow = run_calc(pig_tail_kit / "solutions", "--no-numpy")
    assert slow.returncode == 0 and "in plain Python" in slow.stdout
    assert figures_printed(slow.stdout) == printed
    # Without site-packages there is no NumPy: calc.py notices and counts in plain Python.
    bare = run_calc(pig_tail_kit / "solutions", "hog.py", python=(sys.executable, "-S"))
    assert bare.returncode == 0, bare.stderr
    assert "in plain Python" in bare.stdout and figures_printed(bare.stdout) == printed


BAD_ENTRIES = {
    "unfinished": ("def final_strategy(score, opponent_score):\n    'not yet'\n",
                   "error: final_strategy(0, 0) returns None — it must return one of 0 to 10"),
    "raises": ("def final_strategy(score, opponent_score):\n    return 10 // (opponent_score - 20)\n",
               "error: final_strategy(0, 20) raises ZeroDivisionError: integer division or modulo by zero — "),
    "too_many": ("def final_strategy(score, opponent_score):\n    return 12 if score > 50 else 3\n",
                 "error: final_strategy(51, 0) returns 12 — it must return one of 0 to 10"),
    "no_strategy": ("PLAYER_NAME = 'x'\n", "error: entry.py has no final_strategy — define "),
    "broken": ("def final_strategy(score, opponent_score)\n    return 4\n", "error: entry.py does not import: "
               "SyntaxError"),
}


@pytest.mark.parametrize("case", sorted(BAD_ENTRIES))
def test_a_bad_strategy_is_one_error_line_exit_2(pig_tail_kit, tmp_path, case):
    source, expected = BAD_ENTRIES[case]
    entry = tmp_path / "entry.py"
    entry.write_text(source)
    done = run_calc(pig_tail_kit / "student_skeleton", str(entry))
    assert done.returncode == 2, done.stdout
    assert done.stderr.startswith(expected), done.stderr
    assert done.stderr.count("\n") == 1 and " — " in done.stderr
    assert done.stdout == ""


def test_the_skeleton_counts_a_finished_entry_and_names_the_unfinished_baselines(pig_tail_kit, tmp_path):
    entry = tmp_path / "entry.py"
    entry.write_text("def final_strategy(score, opponent_score):\n    return 5\n")
    done = run_calc(pig_tail_kit / "student_skeleton", str(entry))
    assert done.returncode == 0, done.stderr
    assert list(figures_printed(done.stdout)) == ["always_roll(4)"]
    assert "  pig_tail_strategy        left out until it works: pig_tail_strategy(0, 0) returns None" in done.stdout


def test_the_skeleton_says_what_is_missing(pig_tail_kit):
    done = run_calc(pig_tail_kit / "student_skeleton")
    assert done.returncode == 2
    assert done.stderr == "error: final_strategy(0, 0) returns None — it must return one of 0 to 10\n"
    missing = run_calc(pig_tail_kit / "student_skeleton", "nope.py")
    assert missing.returncode == 2 and missing.stderr.startswith("error: nope.py does not exist — ")
