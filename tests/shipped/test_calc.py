"""The student's calc.py: the game it derives from a hog.py (the reference here) counts, with NumPy and
in plain Python, what hogkit.exact counts on random tables for every variant; the kit ships no answer
table; and ``python3 calc.py`` in a built kit prints the exact figures of hog.py's final_strategy
or one error line that names the file (and the problem still to do)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import types
from pathlib import Path

import numpy as np
import pytest

from hogkit.exact import always, contest_figure, table_array, win_rate
from hogkit.generate.calc_step import calc_model_json
from hogkit.generate.pipeline import build_kit
from hogkit.generate.reference import reference_hog
from hogkit.shipped import calc
from hogkit.variant import load_variant
from tests.conftest import ALL_SPECS, ROOT, answered

SMALL_GOAL = 30  # the plain-Python count is checked on a smaller game, to keep the suite quick


def model(variant, goal: int | None = None) -> calc.Model:
    """calc.py's game of VARIANT's reference hog.py, through the JSON text the kit ships."""
    return calc.derive(calc.Spec(json.loads(calc_model_json(variant, goal=goal))), reference_hog(variant))


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


HALVES = ["fa19", "sp20", "su20", *(str(ROOT / "tests" / "data" / "general" / f"{name}.toml")
                                    for name in ("general", "steps", "dice-extra"))]


@pytest.mark.parametrize("spec", HALVES, ids=lambda s: Path(s).stem)
def test_a_hidden_state_in_halves_is_counted_in_halves(spec):
    """Where each player remembers their own last turn (calc_model.json's ``halves``), calc.py keeps
    a value per class of the mover's half, in plain Python and with NumPy, and counts the same game."""
    variant = load_variant(spec)
    m = model(variant, SMALL_GOAL)
    assert m.halves is not None and m.halves.size ** 2 == len(m.spec.hidden)
    t0, t1 = random_tables(variant, SMALL_GOAL, seed=3)[0]
    want = win_rate(variant, t0, t1, goal=SMALL_GOAL)
    assert abs(calc.win_rate(m, t0.tolist(), t1.tolist(), numpy=False) - want) < 1e-9
    assert abs(calc.win_rate(m, t0.tolist(), t1.tolist(), numpy=True) - want) < 1e-9


def test_halves_the_turns_do_not_keep_to_are_not_used(fa19):
    """Halves named the wrong way round (the turn hands the mover's half over, not the opponent's):
    calc.py checks the turns against them, finds they do not split so, and counts every hidden state."""
    data = json.loads(calc_model_json(fa19, goal=SMALL_GOAL))
    data["halves"] = data["halves"][::-1]
    m = calc.derive(calc.Spec(data), reference_hog(fa19))
    assert m.halves is None
    t0, t1 = random_tables(fa19, SMALL_GOAL, seed=5)[0]
    assert abs(calc.win_rate(m, t0.tolist(), t1.tolist()) - win_rate(fa19, t0, t1, goal=SMALL_GOAL)) < 1e-9


def test_a_table_with_an_illegal_choice_is_refused(fa19):
    m = model(fa19, SMALL_GOAL)
    bad = always(4, SMALL_GOAL).tolist()
    bad[3][7] = 11
    with pytest.raises(calc.CalcError, match="only 0 to 10"):
        calc.win_rate(m, bad, bad)
    with pytest.raises(calc.CalcError, match="returns 11"):
        calc.strategy_table(lambda s, o: 11 if (s, o) == (3, 7) else 4, m)


def test_the_game_comes_from_the_students_functions(fa19):
    """calc.py counts the game of the hog.py it is given: a different Free Bacon or swap rule in
    hog.py gives different win rates (so no table of the rules comes from the kit)."""
    spec = calc.Spec(json.loads(calc_model_json(fa19, goal=SMALL_GOAL)))
    reference = reference_hog(fa19)
    four = always(4, SMALL_GOAL).tolist()
    zero = always(0, SMALL_GOAL).tolist()
    base = calc.win_rate(calc.derive(spec, reference), zero, four)
    assert abs(base - win_rate(fa19, always(0, SMALL_GOAL), always(4, SMALL_GOAL), goal=SMALL_GOAL)) < 1e-9
    for name, wrong in (("free_bacon", lambda score: 1), ("is_swap", lambda player, opponent: False)):
        changed = types.ModuleType("hog")
        changed.__dict__.update(vars(reference))
        setattr(changed, name, wrong)
        if name == "free_bacon":  # take_turn looks free_bacon up in its own module
            changed.take_turn = lambda num_rolls, opponent_score, dice=None: (
                1 if num_rolls == 0 else reference.roll_dice(num_rolls, dice))
        assert abs(calc.win_rate(calc.derive(spec, changed), zero, four) - base) > 0.01, name


@pytest.mark.parametrize("spec", ALL_SPECS, ids=lambda s: Path(s).stem)
def test_the_model_holds_no_answer(spec):
    """calc_model.json says how a turn is put together, never what a rule gives: no points of any
    number of dice, no zero-dice or swap table, no strategy."""
    variant = load_variant(spec)
    data = json.loads(calc_model_json(variant))
    assert set(data) == {"format", "about", "variant", "title", "goal", "entry", "choices", "points", "after", "wild",
                         "sources", "hooks", "problems", "fields", "hidden", "start", "points_cap", "next",
                         "halves", "baselines"}
    assert data["entry"] == "hog.py" and data["points"][0] == "take_turn"
    written = {name for problem in variant.problems for name in problem.functions}
    for name, source in data["sources"].items():  # a rule's small given function, never an answer
        assert name not in written and source.startswith(f"def {name}(") and "BEGIN" not in source
    assert all(isinstance(spec, int) or set(spec) == {"function"} for _, spec in data["baselines"])
    hidden_sizes = {len(row) for row in data["hidden"]}
    assert hidden_sizes == {len(data["fields"])}


@pytest.fixture(scope="module")
def pig_tail_kit(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("pig-tail")
    build_kit(load_variant("pig-tail"), out=out)
    return out


def student_copy(kit: Path, dest: Path, done: set[str]) -> Path:
    """DEST: the kit's student folder with the problems in DONE answered."""
    shutil.copytree(kit / "student_skeleton", dest)
    solution = (kit / "solutions" / "hog.py").read_text()
    (dest / "hog.py").write_text(answered((dest / "hog.py").read_text(), solution, done))
    return dest


def run_calc(folder: Path, *args: str, python: tuple[str, ...] = (sys.executable,)) -> subprocess.CompletedProcess:
    return subprocess.run([*python, "calc.py", *args], cwd=folder, capture_output=True, text=True, timeout=300)


def figures_printed(text: str) -> dict[str, tuple[float, float, float]]:
    rows = re.findall(r"^  (\S+)\s+([01]\.\d{6})\s+([01]\.\d{6})\s+([01]\.\d{6})$", text, re.M)
    return {name: tuple(map(float, numbers)) for name, *numbers in rows}


PHASE_1 = {"1", "2", "3", "4", "5a"}


def test_baselines_are_the_kits_own_strategies(pig_tail_kit, tmp_path):
    """always_roll(4), then Problems 10 and 11 as the kit's hog.py has them: the reference's in
    the solutions; in a copy that has done Phase 1 only, they are left out, each with one line
    saying why and which problem it is."""
    variant = load_variant("pig-tail")
    hog = reference_hog(variant)
    m = calc.load_model(calc.load_module(pig_tail_kit / "solutions" / "hog.py"),
                        pig_tail_kit / "solutions" / "calc_model.json")
    found, left_out = calc.baselines(m)
    assert [name for name, _ in found] == ["always_roll(4)", "tail_strategy", "square_strategy"] and not left_out
    assert found[0][1] == always(4, variant.goal).tolist()
    assert found[2][1] == table_array(hog.square_strategy, variant.goal).tolist()
    copy = student_copy(pig_tail_kit, tmp_path / "phase1", PHASE_1)
    m = calc.load_model(calc.load_module(copy / "hog.py"), copy / "calc_model.json")
    found, left_out = calc.baselines(m)
    assert [name for name, _ in found] == ["always_roll(4)"]
    assert [name for name, _ in left_out] == ["tail_strategy", "square_strategy"]
    assert left_out[0][1].startswith("hog.py: tail_strategy(0, 0) returns None — ")
    assert left_out[0][1].endswith("(Problem 10)") and left_out[1][1].endswith("(Problem 11)")


def test_calc_in_a_built_kit_prints_the_exact_figures(pig_tail_kit):
    variant = load_variant("pig-tail")
    done = run_calc(pig_tail_kit / "solutions")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Exact win rates of final_strategy from hog.py (Pig Tail rules, goal 100)")
    printed = figures_printed(done.stdout)
    assert list(printed) == ["always_roll(4)", "tail_strategy", "square_strategy"]
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
    bare = run_calc(pig_tail_kit / "solutions", "hog_contest.py", python=(sys.executable, "-S"))
    assert bare.returncode == 0, bare.stderr
    assert "from hog_contest.py" in bare.stdout and "in plain Python" in bare.stdout
    assert figures_printed(bare.stdout) == printed


BAD_ENTRIES = {
    "unfinished": ("def final_strategy(score, opponent_score):\n    'not yet'\n",
                   "error: entry.py: final_strategy(0, 0) returns None — it must return one of 0 to 10"),
    "raises": ("def final_strategy(score, opponent_score):\n    return 10 // (opponent_score - 20)\n",
               "error: entry.py: final_strategy(0, 20) raises ZeroDivisionError: integer division or modulo by "
               "zero — "),
    "too_many": ("def final_strategy(score, opponent_score):\n    return 12 if score > 50 else 3\n",
                 "error: entry.py: final_strategy(51, 0) returns 12 — it must return one of 0 to 10"),
    "no_strategy": ("PLAYER_NAME = 'x'\n", "error: entry.py has no final_strategy — define "),
    "broken": ("def final_strategy(score, opponent_score)\n    return 4\n", "error: entry.py does not import: "
               "SyntaxError"),
}


@pytest.mark.parametrize("case", sorted(BAD_ENTRIES))
def test_a_bad_strategy_is_one_error_line_exit_2(pig_tail_kit, tmp_path, case):
    source, expected = BAD_ENTRIES[case]
    entry = tmp_path / "entry.py"
    entry.write_text(source)
    done = run_calc(pig_tail_kit / "solutions", str(entry))
    assert done.returncode == 2, done.stdout
    assert done.stderr.startswith(expected), done.stderr
    assert done.stderr.count("\n") == 1 and " — " in done.stderr
    assert done.stdout == ""


def test_a_copy_with_phase_1_counts_an_entry_and_names_the_unfinished_baselines(pig_tail_kit, tmp_path):
    copy = student_copy(pig_tail_kit, tmp_path / "copy", PHASE_1)
    entry = tmp_path / "entry.py"
    entry.write_text("def final_strategy(score, opponent_score):\n    return 5\n")
    done = run_calc(copy, str(entry))
    assert done.returncode == 0, done.stderr
    assert list(figures_printed(done.stdout)) == ["always_roll(4)"]
    assert "  tail_strategy            left out until it works: hog.py: tail_strategy(0, 0) returns None" \
        in done.stdout
    unfinished = run_calc(copy)
    assert unfinished.returncode == 2
    assert unfinished.stderr == ("error: hog.py: final_strategy(0, 0) returns None — it must return one of 0 to 10 "
                                 "(Problem 12)\n")


def test_an_unfinished_copy_is_told_which_problem_to_finish(pig_tail_kit, tmp_path):
    done = run_calc(pig_tail_kit / "student_skeleton")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: hog.py: Problem 1 (roll_dice) is not finished: roll_dice(")
    assert done.stderr.endswith(" returns None — calc.py counts the game your hog.py plays: finish Problem 1 "
                                "(check it with python3 ok -q 01), then run python3 calc.py again\n")
    # take_turn is written, but the zero-dice rule it calls is not: the problem named is Problem 2.
    copy = student_copy(pig_tail_kit, tmp_path / "no-2", PHASE_1 - {"2"})
    done = run_calc(copy, "hog_contest.py")
    assert done.returncode == 2 and done.stderr.startswith("error: hog.py: Problem 2 (tail_points) is not finished: ")
    course = student_copy(pig_tail_kit, tmp_path / "course", PHASE_1)
    (course / "hog.py").write_text((course / "hog.py").read_text().replace("def perfect_square(", "def squares("))
    done = run_calc(course)
    assert done.returncode == 2 and done.stderr == (
        "error: hog.py has no function perfect_square, which calc.py asks to count the game — put it back from the "
        "kit's skeleton and write it (Problem 4)\n")
    missing = run_calc(pig_tail_kit / "solutions", "nope.py")
    assert missing.returncode == 2 and missing.stderr.startswith("error: nope.py does not exist — ")
