"""A student follows the Fall 2019 project page (seed 004) step by step on a fresh copy of the
committed skeleton, writing one problem at a time (each answer region taken from the reference,
``play``'s commentary only from Problem 6 on, as a student writes it), and every command the page
gives works at the point the page says it should, and says which problem it waits for before:

- ``python3 ok -q NN -u`` unlocks each problem, ``python3 ok -q NN`` fails before the problem is
  written and passes after; ``python3 ok --score`` shows the Phase 1 checkpoint; ``python3 ok`` at
  the end runs everything;
- ``python3 hog_gui.py`` (a real window on Xvfb) is a game between two people once Phase 1 works,
  leaves out the commentary not written yet (Problems 6 and 7), and ``-f`` plays final_strategy
  once Problem 12 is written; ``python3 hog_ui.py`` likewise in the terminal;
- ``python3 hog.py -r`` after Problem 9, with the page's ``if False:`` switches;
- ``python3 calc.py`` at Problem 12;
- each phase's notebook, executed by a real kernel beside hog.py, at the end of its phase.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from hogkit.exact import always, contest_figure, win_rate
from hogkit.final import read_solved_table
from hogkit.generate.bank import build_bank
from hogkit.generate.notebooks import execute_notebook
from hogkit.strategy_table import decode_table
from hogkit.variant import Variant, load_variant
from tests.conftest import ROOT, answered
from tests.shipped import test_gui as gui

SAY_LINE = "        say = say(score0, score1)\n"
ORDER = ["1", "2", "3", "4", "5a", "5b", "6", "7", "8", "9", "10", "11", "12"]


class Student:
    """A fresh copy of the skeleton and the problems written in it so far."""

    def __init__(self, folder: Path) -> None:
        shutil.copytree(ROOT / "student_skeleton", folder)
        self.folder = folder
        self.skeleton = (folder / "hog.py").read_text()
        self.solution = (ROOT / "solutions" / "hog.py").read_text()
        assert self.solution.count(SAY_LINE) == 1
        self.done: set[str] = set()
        self.switched: list[str] = []

    def write(self, problem: str) -> None:
        """Write PROBLEM's answer regions into hog.py (play without say until Problem 6)."""
        self.done.add(problem)
        solution = self.solution if "6" in self.done else self.solution.replace(SAY_LINE, "")
        text = answered(self.skeleton, solution, self.done)
        for block in self.switched:  # the experiments switched on so far stay on
            text = text.replace(f"    if False:  # Change to True to test {block}\n",
                                f"    if True:  # Change to True to test {block}\n")
        (self.folder / "hog.py").write_text(text)

    def switch_on(self, block: str) -> None:
        """Change the `if False:` of the experiment BLOCK to `if True:`, as the page says."""
        self.switched.append(block)
        text = (self.folder / "hog.py").read_text()
        old = f"    if False:  # Change to True to test {block}\n"
        assert text.count(old) == 1, block
        (self.folder / "hog.py").write_text(text.replace(old, old.replace("if False", "if True")))

    def run(self, *args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, *args], cwd=self.folder, input=stdin, capture_output=True,
                              text=True, timeout=timeout)


@pytest.fixture(scope="module")
def display(tmp_path_factory):
    """An Xvfb display for the GUI steps, or None where Xvfb or tkinter is missing."""
    if shutil.which("Xvfb") is None or not gui._has_tkinter():
        yield None
        return
    with gui.virtual_display(tmp_path_factory.mktemp("xvfb")) as found:
        yield found


def gui_game(student: Student, display, log: Path, *args: str) -> dict:
    """One game in a real window, clicked by --autoplay; the GUI's JSON log of it."""
    proc = gui.play_in_window(student.folder.parent, student.folder.name, display[0], log, *args,
                              "--exit-after", "50")
    gui._wait_for(log, proc)
    assert proc.wait(timeout=30) == 0, proc.stderr.read()
    return json.loads(log.read_text())


def notebook_text(student: Student, name: str, kernel: str) -> str:
    nb, failure = execute_notebook(student.folder / f"{name}.ipynb", kernel_name=kernel)
    assert failure is None, failure.line()
    return "".join(out.get("text", "") for cell in nb.cells for out in cell.get("outputs", []))


def test_the_fall_2019_page_step_by_step(tmp_path, display, kernel):
    student = Student(tmp_path / "hog")
    answers: dict[str, list[str]] = {}
    build_bank(load_variant("fa19"), answers=answers)
    no_gui: list[str] = []

    def gui_refuses(problem: str) -> None:
        proc = student.run("hog_gui.py")
        assert proc.returncode == 1, proc.stdout + proc.stderr
        assert proc.stderr.startswith(f"error: python3 hog_gui.py plays with your hog.py, and Problem {problem} ")
        assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr

    def window(name: str, *args: str) -> dict | None:
        if display is None:
            no_gui.append(name)
            return None
        return gui_game(student, display, tmp_path / f"{name}.json", "--seed", "11", *args)

    # "At the moment, it doesn't work because you haven't implemented the game logic."
    gui_refuses("1")
    assert student.run("ok", "-q", "00", "-u", stdin="\n".join(answers["00"]) + "\n").returncode == 0

    for problem in ORDER:
        pid = problem.zfill(3 if problem[-1].isalpha() else 2)  # ok's question: 01, 05a, 10
        unlocked = student.run("ok", "-q", pid, "-u", stdin="\n".join(answers[pid]) + "\n")
        assert unlocked.returncode == 0 and "is unlocked" in unlocked.stdout, unlocked.stdout[-2000:]
        if problem != "12":  # final_strategy's only test asks for legal choices: a stub fails it too
            assert student.run("ok", "-q", pid).returncode == 1, f"Problem {problem} passes unwritten"
        student.write(problem)
        tested = student.run("ok", "-q", pid)
        assert tested.returncode == 0, f"Problem {problem}: " + tested.stdout[-3000:]

        if problem == "5a":
            # play is written, but Feral Hogs (Problem 5b) is not: the GUI and the UI say so.
            gui_refuses("5b")
            ui = student.run("hog_ui.py")
            assert ui.returncode == 1 and "Problem 5b (feral_hogs_bonus) is not finished" in ui.stderr
        if problem == "5b":
            # "Once you are finished, you will be able to play a graphical version of the game."
            score = student.run("ok", "--score")
            assert "Phase 1 checkpoint: complete" in score.stdout, score.stdout
            game = window("phase1")
            if game is not None:
                assert game["names"] == ["Player 0", "Player 1"] and max(game["scores"]) >= 100
                story = "\n".join(game["story"])
                assert "play does not call its commentary after each turn. That is Problem 6." in story
                assert "point(s)!" not in story and "takes the lead" not in story
            ui = student.run("hog_ui.py", "--seed", "3", stdin="4\n" * 200)
            assert ui.returncode == 0 and "Game over: Player" in ui.stdout, ui.stderr
            final = student.run("hog_ui.py", "-f")  # Problem 12 is optional and not written yet
            assert final.returncode == 1 and "Problem 12 (final_strategy) is not finished" in final.stderr
            assert "All done!" in notebook_text(student, "phase1_simulator", kernel)
        if problem == "6":
            # Between Problems 6 and 7: the commentary that is written speaks, announce_highest is left out.
            game = window("phase2a")
            if game is not None:
                story = "\n".join(game["story"])
                assert ("announce_highest is left out of the commentary until Problem 7 is finished: "
                        "announce_highest(0) returns None.") in story
                assert "takes the lead by" in story and "point(s)!" not in story
            ui = student.run("hog_ui.py", "--seed", "3", stdin="4\n" * 200)
            assert ui.returncode == 0 and "takes the lead by" in ui.stdout and "Problem 7" in ui.stdout
        if problem == "7":
            # "When you are done, you will see commentary in the GUI."
            game = window("phase2")
            if game is not None:
                assert "That's the biggest gain yet for Player" in "\n".join(game["story"])
            assert "All done!" in notebook_text(student, "phase2_commentary", kernel)
        if problem == "8":
            waiting = student.run("hog.py", "-r")
            assert waiting.returncode == 0 and waiting.stdout.startswith("Waiting for Problem 9: "), waiting
        if problem == "9":
            # "To run this experiment on randomized dice, call run_experiments using the -r option."
            first = student.run("hog.py", "-r")
            assert first.returncode == 0 and first.stdout.startswith("Max scoring num rolls for six-sided dice: ")
            # "change the first if False: to if True: in order to evaluate always_roll(6)"
            student.switch_on("always_roll(6)")
            student.switch_on("bacon_strategy")  # switched on early: it waits for Problem 10
            second = student.run("hog.py", "-r").stdout.splitlines()
            assert second[1].startswith("always_roll(6) win rate: 0.") and len(second) == 3
            assert second[2].startswith("Waiting for Problem 10: bacon_strategy returns None")
        if problem == "10":
            student.switch_on("swap_strategy")
            lines = student.run("hog.py", "-r").stdout.splitlines()
            assert lines[2].startswith("bacon_strategy win rate: 0.")
            assert lines[3].startswith("Waiting for Problem 11: swap_strategy returns None")
        if problem == "11":
            student.switch_on("final_strategy")
            lines = student.run("hog.py", "-r").stdout.splitlines()
            assert lines[3].startswith("swap_strategy win rate: 0.")
            assert lines[4].startswith("Waiting for Problem 12: final_strategy returns None")
            calc = student.run("calc.py")
            assert calc.returncode == 2 and calc.stderr.startswith("error: hog.py: final_strategy(0, 0) returns None")
            assert calc.stderr.rstrip().endswith("(Problem 12)")

    # Problem 12: "You can also check your exact final win rate by running python3 calc.py"
    calc = student.run("calc.py")
    assert calc.returncode == 0, calc.stderr
    assert calc.stdout.startswith("Exact win rates of final_strategy from hog.py (Fall 2019 rules, goal 100)")
    assert _calc_line(load_variant("fa19"), "always_roll(4)", always(4, 100)) in calc.stdout
    assert "bacon_strategy" in calc.stdout and "swap_strategy" in calc.stdout and "left out" not in calc.stdout
    assert student.run("hog.py", "-r").stdout.splitlines()[4].startswith("final_strategy win rate: 0.")
    # "At this point, run the entire autograder", then "python3 ok --score"
    everything = student.run("ok", timeout=300)
    assert everything.returncode == 0, everything.stdout[-3000:]
    assert "Total: 22 / 22" in student.run("ok", "--score").stdout
    notebook = notebook_text(student, "phase3_strategies", kernel)
    figure = contest_figure(load_variant("fa19"), _shipped_table(load_variant("fa19")), always(4, 100))
    assert "All done!" in notebook and f"final_strategy vs always_roll(4): wins {100 * figure:.2f}%" in notebook
    # "You can also play against your final strategy ... python3 hog_gui.py -f"
    game = window("final", "-f")
    if game is not None:
        assert game["names"] == ["You", "Computer"] and max(game["scores"]) >= 100
    if no_gui:
        pytest.skip(f"every step ran but the GUI's ({', '.join(no_gui)}): no Xvfb or tkinter here")


def _calc_line(variant: Variant, name: str, opponent: np.ndarray) -> str:
    """calc.py's line for the shipped final strategy against OPPONENT, as the exact engine counts
    it: moving first, moving second, and the contest figure."""
    mine = _shipped_table(variant)
    first, second = win_rate(variant, mine, opponent), 1 - win_rate(variant, opponent, mine)
    return f"  {name:<30}{first:.6f}       {second:.6f}        {(first + second) / 2:.6f}"


def _shipped_table(variant: Variant) -> np.ndarray:
    """The table HogKit ships as VARIANT's final strategy."""
    rows, _ = read_solved_table(variant)
    return np.array(decode_table(rows))
