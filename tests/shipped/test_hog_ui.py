"""The text UI, driven as a person would: typed answers on standard input. Plain hog_ui.py is a
game between two people, -f plays final_strategy; an unfinished copy is told, in one line, which
problem to finish; fa17's Hog Wild turns roll four-sided dice."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest

from hogkit.generate.pipeline import build_kit
from hogkit.variant import load_variant
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("ui")
    build_kit(load_variant("fa19"), out=out)
    return out / "solutions"


def run_ui(kit, *args, typed=""):
    return subprocess.run([sys.executable, "hog_ui.py", *args], cwd=kit, input=typed,
                          capture_output=True, text=True, timeout=60)


def test_watch_plays_a_whole_seeded_game(kit):
    first = run_ui(kit, "--watch", "--seed", "3")
    again = run_ui(kit, "--watch", "--seed", "3")
    assert first.returncode == 0, first.stderr
    assert "Game over:" in first.stdout and first.stdout == again.stdout


def test_bad_answers_are_explained_then_the_game_goes_on(kit):
    proc = run_ui(kit, "-f", "--seed", "1", typed="three\n11\n-1\n3\nq\n")
    assert proc.returncode == 0, proc.stderr
    assert '"three" is not a whole number' in proc.stdout
    assert "11 is not allowed" in proc.stdout and "-1 is not allowed" in proc.stdout
    assert "You roll 3 dice" in proc.stdout
    assert "Game abandoned." in proc.stdout


def test_end_of_input_abandons_cleanly(kit):
    proc = run_ui(kit, "--two-players", typed="2\n")
    assert proc.returncode == 0 and "Game abandoned." in proc.stdout
    assert "Traceback" not in proc.stderr


def test_two_people_can_finish_a_game(kit):
    proc = run_ui(kit, "--seed", "5", typed="10\n" * 200)
    assert proc.returncode == 0, proc.stderr
    assert "Player 0, you have 0 and your opponent 0." in proc.stdout
    assert "Player 1 rolls 10 dice: " in proc.stdout and "Game over: Player 0 " in proc.stdout


def test_an_unfinished_copy_is_told_which_problem_to_finish(kit):
    for args, command in (((), "python3 hog_ui.py"), (("-f",), "python3 hog_ui.py -f")):
        proc = run_ui(kit.parent / "student_skeleton", *args)
        assert proc.returncode == 1 and proc.stdout == ""
        assert proc.stderr.startswith(f"error: {command} plays with your hog.py, and Problem 1 (roll_dice) is not "
                                      "finished: roll_dice(")
        assert proc.stderr.endswith(f"then run {command} again\n") and proc.stderr.count("\n") == 1


def test_hog_wild_turns_roll_four_sided_dice(tmp_path):
    build_kit(load_variant("fa17"), out=tmp_path)
    proc = run_ui(tmp_path / "solutions", "--seed", "2", typed="4\n" * 300)
    assert proc.returncode == 0, proc.stderr
    first = proc.stdout.split("\n")[0]  # 0 + 0 is a multiple of 7: the first turn is wild
    assert re.fullmatch(r"Player 0, you have 0 and your opponent 0\. How many dice \(-1 to 10\)\? "
                        r"Player 0 rolls 4 four-sided dice: [1-4] [1-4] [1-4] [1-4]\.", first), first


def test_a_copy_written_against_the_course_skeleton_plays(kit, tmp_path):
    """A Fall 2019 copy in the course's own style (no HogKit helpers) plays as it is."""
    copy = tmp_path / "course"
    shutil.copytree(kit.parent / "student_skeleton", copy)
    shutil.copyfile(ROOT / "tests" / "data" / "course_copies" / "fa19_loops.py", copy / "hog.py")
    proc = run_ui(copy, "--seed", "2", typed="4\n" * 200)
    assert proc.returncode == 0, proc.stderr
    assert "Game over: Player" in proc.stdout and "takes the lead by" in proc.stdout
    assert "That's the biggest gain yet for Player" in proc.stdout
