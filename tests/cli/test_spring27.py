"""Spring 2027 (examples/spring27), a semester nobody has taught, end to end as an instructor runs it:
its folder copied to one of their own, ``hogkit check-variant`` and ``hogkit build``; then the kit in
use: its ``ok`` passes the reference copy whole and none of the skeleton, ``hogkit grade`` gives the
reference full marks and the skeleton none, ``calc.py`` prints the exact figures that
``hogkit winrate`` gives for the kit's own hog.py, the notebooks run against a finished folder, and
a whole game is played in the GUI's window. Its rules read the dice count, both scores and a memory
of each player's previous dice, and its interface renames five functions."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hogkit.exact import always, contest_figure, table_array
from hogkit.generate.notebooks import execute_notebook, notebook_names
from hogkit.generate.reference import reference_hog
from hogkit.variant import load_variant
from tests.build.test_renamed_functions import leaks, renamed
from tests.conftest import ROOT, completed_kit, unlock_every_problem
from tests.shipped import test_gui as gui

pytestmark = pytest.mark.slow  # a build, a check with exact win rates, the kit's ok, grades and notebooks
display = gui.display  # the Xvfb display of the GUI test, used by the game below
EXAMPLE = ROOT / "examples" / "spring27"
RENAMED = ("roll_always", "averaged", "best_num_rolls", "who_wins", "brawl_strategy")


def hogkit(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hogkit_cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=900)


@pytest.fixture(scope="module")
def spring27(tmp_path_factory) -> tuple[Path, Path]:
    """The semester's spec in a folder of its own, checked, and the kit built from it: (spec, kit)."""
    root = tmp_path_factory.mktemp("spring27")
    shutil.copytree(EXAMPLE, root / "spring27")
    spec = root / "spring27" / "spring27.toml"
    checked = hogkit("check-variant", str(spec), "--games", "20", "--no-solve")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "ok   the spec is whole" in checked.stdout and "ok   every game ends" in checked.stdout
    assert "Second Wind multiplies it by 121" in checked.stdout
    kit = root / "kit"
    built = hogkit("build", "--variant", str(spec), "--out", str(kit))
    assert built.returncode == 0, built.stderr
    return spec, kit


def test_the_kit_names_the_functions_as_the_interface_does(spring27):
    _, kit = spring27
    for folder in ("solutions", "student_skeleton"):
        text = (kit / folder / "hog.py").read_text()
        assert all(f"def {name}(" in text for name in RENAMED), folder
        assert "def always_roll(" not in text and "def make_averaged(" not in text
    assert "def lucky_sevens(num_rolls, player_score, opponent_score):" in text
    assert "def second_wind_bonus(num_rolls, player_score, opponent_score, previous_rolls):" in text


def test_no_file_of_the_kit_shows_a_function_by_hogkit_name(spring27):
    spec, kit = spring27
    files = {str(path.relative_to(kit)): path.read_text(encoding="utf-8") for path in sorted(kit.rglob("*"))
             if path.is_file() and "__pycache__" not in path.parts}
    assert "student_skeleton/ok_bank.json" in files
    assert leaks(files, renamed(load_variant(spec))) == []


def _ok(folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "ok"], cwd=folder, capture_output=True, text=True, timeout=600)


def test_ok_passes_the_reference_whole_and_none_of_the_skeleton(spring27, tmp_path):
    spec, kit = spring27
    variant = load_variant(spec)
    done = unlock_every_problem(completed_kit(kit, tmp_path / "done"), variant)
    passed = _ok(done)
    assert passed.returncode == 0, passed.stdout[-3000:] + passed.stderr
    counts = re.findall(r"^(\d+) passed, (\d+) failed of \d+ cases?\.$", passed.stdout, re.M)
    assert len(counts) == len([p for p in variant.problems if p.id != "00"]), passed.stdout[-3000:]
    assert all(int(p) > 0 and f == "0" for p, f in counts), counts
    assert "FAIL" not in passed.stdout
    skeleton = tmp_path / "skeleton"
    shutil.copytree(done, skeleton)
    for name in ("hog.py", "hog_contest.py"):
        shutil.copyfile(kit / "student_skeleton" / name, skeleton / name)
    failed = _ok(skeleton)
    assert failed.returncode != 0
    counts = re.findall(r"^(\d+) passed, (\d+) failed of \d+ cases?\.$", failed.stdout, re.M)
    assert counts and all(p == "0" and int(f) > 0 for p, f in counts), counts


@pytest.mark.parametrize(("folder", "full"), [("solutions", True), ("student_skeleton", False)])
def test_the_grader_gives_the_reference_full_marks_and_the_skeleton_none(spring27, folder, full):
    spec, kit = spring27
    graded = hogkit("grade", str(kit / folder / "hog.py"), "--variant", str(spec), "--json")
    assert graded.returncode == 0, graded.stderr
    result = json.loads(graded.stdout)
    assert result["status"] == "graded" and result["variant"] == "spring27" and result["max_total"] == 24
    assert result["total"] == (24 if full else 0) and result["checkpoint"] is full


def test_calc_and_winrate_give_the_exact_figures(spring27, tmp_path):
    spec, kit = spring27
    done = subprocess.run([sys.executable, "calc.py"], cwd=kit / "solutions", capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    rows = {name: (float(first), float(second), float(figure)) for name, first, second, figure in re.findall(
        r"^  (\S+)\s+([01]\.\d{6})\s+([01]\.\d{6})\s+([01]\.\d{6})$", done.stdout, re.M)}
    assert list(rows) == ["roll_always(4)", "brawl_strategy", "sevens_strategy"]
    variant = load_variant(spec)
    final = table_array(reference_hog(variant).final_strategy, variant.goal)
    assert rows["roll_always(4)"][2] == pytest.approx(contest_figure(variant, final, always(4, variant.goal)),
                                                      abs=1e-6)
    four = tmp_path / "four.py"
    four.write_text('PLAYER_NAME = "Four"\n\n\ndef final_strategy(score, opponent_score):\n    return 4\n')
    measured = hogkit("winrate", str(kit / "solutions" / "hog.py"), str(four), "--variant", str(spec))
    assert measured.returncode == 0, measured.stderr
    figures = [float(x) for x in re.findall(r":\s+([01]\.\d{6})$", measured.stdout, re.M)]
    assert figures == pytest.approx(list(rows["roll_always(4)"]), abs=1e-6), measured.stdout


def test_notebooks_run_against_a_finished_folder(spring27, kernel, tmp_path):
    spec, kit = spring27
    variant = load_variant(spec)
    folder = unlock_every_problem(completed_kit(kit, tmp_path / "done"), variant)
    for name in notebook_names(variant).values():
        nb, failure = execute_notebook(folder / f"{name}.ipynb", kernel_name=kernel)
        assert failure is None, failure.line()
        text = "".join(out.get("text", "") for cell in nb.cells for out in cell.get("outputs", []))
        assert "All done!" in text and "still to do" not in text and "not done yet" not in text, text[-2000:]
        if name == "phase1_simulator":
            assert "Lucky Sevens" in json.dumps(nb) and "Second Wind" in json.dumps(nb)


@gui.with_display
def test_a_full_game_in_the_window(spring27, display, tmp_path):
    spec, kit = spring27
    log = tmp_path / "game.json"
    proc = gui.play_in_window(kit, "solutions", display[0], log, "--seed", "5", "--exit-after", "3000")
    gui._wait_for(log, proc)
    assert proc.wait(timeout=30) == 0, proc.stderr.read()
    game = json.loads(log.read_text())
    assert max(game["scores"]) >= load_variant(spec).goal
    assert game["turns"][-1]["after"] == game["scores"] and {turn["who"] for turn in game["turns"]} == {0, 1}
    assert "Game over:" in "\n".join(game["story"])
