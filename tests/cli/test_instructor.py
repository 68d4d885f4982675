"""The instructor's workflow: a new spec from an old one, checked, built, and compared."""

from __future__ import annotations

import subprocess
import sys

import pytest

from hogkit.errors import HogkitError
from hogkit.generate.reference import reference_hog
from hogkit.naming import kit_course
from hogkit.variant import load_variant
from hogkit_cli.commands.variants import (
    diff_variants,
    endless_standstill,
    new_variant,
    standstills,
    state_lines,
    termination_problems,
)
from tests.conftest import ROOT


def hogkit(*args: str, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hogkit_cli", *args], capture_output=True, text=True, cwd=cwd)


@pytest.mark.slow
def test_new_variant_check_build_diff(tmp_path):
    spec = new_variant("sp26", base="fa19", directory=tmp_path)
    text = spec.read_text()
    assert 'name = "sp26"' in text
    # A new semester from existing rules: edit the spec, no Python.
    spec.write_text(text.replace('post_turn = "swine_swap_digits"', 'post_turn = "square_swine"'))
    variant = load_variant(spec)
    assert variant.rule("post_turn").id == "square_swine"

    check = hogkit("check-variant", str(spec), "--games", "20", "--no-solve")
    assert check.returncode == 0, check.stderr
    assert "every game ends" in check.stdout and "always_roll( 6)" in check.stdout
    assert "Feral Hogs multiplies it by 121" in check.stdout

    out = tmp_path / "kit"
    build = hogkit("build", "--variant", str(spec), "--out", str(out))
    assert build.returncode == 0, build.stderr
    for rel in ("solutions/hog.py", "student_skeleton/hog.py", "solutions/hog_gui.py",
                "notebooks/phase3_strategies.ipynb", "notebooks/hog_notebook_helpers.py"):
        assert (out / rel).is_file(), rel
    assert "square_strategy" in (out / "notebooks" / "phase3_strategies.ipynb").read_text()

    diff = hogkit("diff-variants", "fa19", str(spec))
    assert diff.returncode == 0
    assert "Swine Swap [swine_swap_digits] -> Square Swine [square_swine]" in diff.stdout
    assert "Problem 11: write swap_strategy -> square_strategy" in diff.stdout


def test_new_variant_refuses_to_overwrite_and_bad_names(tmp_path):
    new_variant("x1", directory=tmp_path)
    with pytest.raises(HogkitError, match="already exists"):
        new_variant("x1", directory=tmp_path)
    proc = hogkit("new-variant", "bad name!", "--dir", str(tmp_path))
    assert proc.returncode == 2 and proc.stderr.startswith("error:") and len(proc.stderr.splitlines()) == 1


@pytest.mark.parametrize("args", [("check-variant", "nope"), ("diff-variants", "fa19", "nope"),
                                  ("new-variant", "z", "--from", "nope")])
def test_unknown_variant_is_one_line_exit_2(args, tmp_path):
    proc = hogkit(*args, "--dir", str(tmp_path)) if args[0] == "new-variant" else hogkit(*args)
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: unknown variant 'nope'")
    assert len(proc.stderr.strip().splitlines()) == 1


def test_a_combination_the_engine_cannot_order_is_one_line(tmp_path):
    spec = tmp_path / "bad.toml"
    spec.write_text((ROOT / "variants" / "fa17.toml").read_text().replace("[rules]", '[rules]\nbonus = "feral_hogs"'))
    proc = hogkit("check-variant", str(spec))
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: bad.toml: rules: pork_chop cannot be combined")
    assert "\n" not in proc.stderr.strip()


def test_every_seed_variant_terminates():
    for name in ("fa19", "sp18", "su18", "fa17", "pig-tail"):
        assert termination_problems(load_variant(name)) == []


def test_state_size_names_the_rules_that_grow_it():
    assert state_lines(load_variant("pig-tail"))[-1] == "total: 20,000 states"
    assert any("Time Trot multiplies it by 16" in line for line in state_lines(load_variant("sp18")))


def test_diff_of_a_variant_with_itself_is_empty():
    fa19 = load_variant("fa19")
    assert diff_variants(fa19, fa19) == []


def test_solver_runs_in_check(capsys):
    from hogkit_cli.commands.variants import check_variant

    assert check_variant(load_variant("pig-tail"), games=10, solve=True)
    assert "the solver runs" in capsys.readouterr().out


def test_check_variant_warns_of_an_endless_game_the_rules_allow():
    """Spring 2022's Hefty Hogs scores 0 at some scores: from a start it finds, the kit's own
    take_turn scores 0 for zero dice in both seats, so two players who always roll zero never end."""
    variant = load_variant("sp22")
    start = endless_standstill(variant, standstills(variant))
    assert start is not None
    hog = reference_hog(variant)
    mover, opponent = start
    for a, b in ((mover, opponent), (opponent, mover)):
        call = kit_course(variant).call("take_turn", {"num_rolls": "0", "player_score": str(a),
                                                      "opponent_score": str(b)})
        assert eval(call, vars(hog)) == 0
    check = hogkit("check-variant", "sp22", "--games", "20", "--no-solve")
    assert check.returncode == 0 and f"warn a game can go on for ever: from {mover} against {opponent}" in check.stdout
    assert endless_standstill(load_variant("fa19"), standstills(load_variant("fa19"))) is None
