"""A student works in the course's order: every test of a problem runs on what is written by then.

A student who has finished Problem N (and left every later stub as the skeleton has it) passes
every visible case of Problems up to N in ``ok``. A student who has finished Phase K gets those
phases' points from the grader and ``ok --score``, the Phase 1 checkpoint, and a game in the text UI
once the phase of ``play`` is done (Phase 1 in most courses, Phase 2 in Spring 2022's).

The first test reads the problems' tests (cheap, every variant); the second builds each variant's
kit and runs the real checker, grader and text UI on the copies a student has at each step.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from graders.runner import grade_source
from hogkit.generate.bank import build_bank
from hogkit.generate.pipeline import build_kit
from hogkit.generate.ready_step import probes
from hogkit.problem_layout import first_problems
from hogkit.problems.specs import problem_specs
from hogkit.variant import load_variant, variant_names
from tests.conftest import SEED_VARIANTS, SLOW_SEMESTERS, answered
from tests.shipped import test_gui as gui


def names_used(statements) -> set[str]:
    """Every name the Python STATEMENTS read."""
    found: set[str] = set()
    for statement in statements:
        found |= {node.id for node in ast.walk(ast.parse(statement)) if isinstance(node, ast.Name)}
    return found


def later_functions(variant, problem_id: str, statements) -> set[str]:
    """The functions STATEMENTS call that students write only in a problem after PROBLEM_ID."""
    order = [p.id for p in variant.problems]
    owners = first_problems(variant.problems)
    return {name for name in names_used(statements)
            if name in owners and order.index(owners[name]) > order.index(problem_id)}


@pytest.mark.parametrize("name", variant_names())
def test_no_test_calls_a_later_problem(name):
    """No visible case, unlocking question or readiness try of a problem calls a function that a
    later problem asks for (fa22's play tests once called always_roll, Problem 6's)."""
    variant = load_variant(name)
    for spec in problem_specs(variant):
        for test in (*spec.visible, *spec.unlock):
            assert not later_functions(variant, spec.id, test.statements), (spec.id, test.statements)
    for function, (problem, call, _goal, _needs) in probes(variant).items():
        assert not later_functions(variant, problem, [call]), (function, call)


def written_up_to(kit: Path, variant, last: str, folder: Path) -> Path:
    """FOLDER: the kit's student folder with every problem up to LAST written (the reference's
    answer regions), the later ones left as stubs."""
    shutil.copytree(kit / "student_skeleton", folder)
    order = [p.id for p in variant.problems]
    done = {p.number for p in variant.problems[: order.index(last) + 1]}
    skeleton = (kit / "student_skeleton" / "hog.py").read_text()
    (folder / "hog.py").write_text(answered(skeleton, (kit / "solutions" / "hog.py").read_text(), done))
    return folder


def run(folder: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=folder, input=stdin, capture_output=True, text=True,
                          timeout=600)


@pytest.mark.slow
@pytest.mark.parametrize("name", [*SEED_VARIANTS, *SLOW_SEMESTERS])
def test_a_student_in_the_courses_order(name, tmp_path):
    variant = load_variant(name)
    kit = tmp_path / "kit"
    build_kit(variant, out=kit)
    problems = [p for p in variant.problems if p.id != "00"]
    for problem in problems:  # Problem N's cases pass once N is written, whatever comes after
        folder = written_up_to(kit, variant, problem.id, tmp_path / f"upto-{problem.id}")
        checked = run(folder, "ok", "-q", problem.id, "--force")
        assert checked.returncode == 0, f"{name} Problem {problem.id}:\n{checked.stdout[-3000:]}"
        shutil.rmtree(folder)

    answers: dict[str, list[str]] = {}
    build_bank(variant, answers=answers)
    phases = sorted({p.phase for p in variant.problems})
    play = next(p for p in variant.problems if p.id == first_problems(variant.problems)["play"])
    for phase in phases[:-1]:
        last = [p for p in variant.problems if p.phase <= phase][-1]
        folder = written_up_to(kit, variant, last.id, tmp_path / f"phase{phase}")
        for problem in (p for p in variant.problems if p.phase <= phase):
            unlocked = run(folder, "ok", "-q", problem.id, "-u", stdin="\n".join(answers[problem.id]) + "\n")
            assert unlocked.returncode == 0, unlocked.stdout[-2000:]
        score = run(folder, "ok", "--score", "--json")
        scored = json.loads(score.stdout)
        assert scored["checkpoint"] is True, score.stdout
        grade = grade_source((folder / "hog.py").read_bytes(), variant)
        lost = {p.id: (p.earned, p.points) for p in grade.problems if p.phase <= phase and p.earned != p.points}
        assert not lost, lost
        assert grade.checkpoint
        game = run(folder, "hog_ui.py", "--seed", "3", stdin="4\n" * 300)
        if phase >= play.phase:  # the text UI plays as soon as play's phase is done
            assert game.returncode == 0 and "Game over" in game.stdout, game.stderr[-2000:]
        else:  # ... and before, names the problem it waits for
            assert game.returncode == 1 and f"{play.label} (play) is not finished" in game.stderr, game.stderr


@pytest.mark.slow  # a kit built and a game played in a real window
def test_the_gui_plays_once_phase_1_is_done_in_an_update_style_kit(tmp_path):
    """Fall 2022: with Problems 1 to 5 written and always_roll (Problem 6) still a stub, the GUI plays
    a whole game in a real window (Xvfb), as the course's page says it will after Phase 1."""
    if shutil.which("Xvfb") is None or not gui._has_tkinter():
        pytest.skip("no Xvfb or tkinter here (.ci/run installs Xvfb)")
    variant = load_variant("fa22")
    kit = tmp_path / "kit"
    build_kit(variant, out=kit)
    last = [p for p in variant.problems if p.phase == 1][-1]
    written_up_to(kit, variant, last.id, tmp_path / "phase1")
    with gui.virtual_display(tmp_path) as (display, _screen):
        log = tmp_path / "game.json"
        proc = gui.play_in_window(tmp_path, "phase1", display, log, "--seed", "11", "--exit-after", "50")
        gui._wait_for(log, proc)
        assert proc.wait(timeout=30) == 0, proc.stderr.read()
    game = json.loads(log.read_text())
    assert max(game["scores"]) >= variant.goal
