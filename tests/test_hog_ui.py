"""The text UI, driven as a person would: typed answers on standard input."""

from __future__ import annotations

import subprocess
import sys

import pytest

from hogkit.generate.kit import build_kit
from hogkit.variant import load_variant


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
    proc = run_ui(kit, "--seed", "1", typed="three\n11\n-1\n3\nq\n")
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
    proc = run_ui(kit, "--two-players", "--seed", "5", typed="10\n" * 200)
    assert proc.returncode == 0, proc.stderr
    assert "Game over:" in proc.stdout
