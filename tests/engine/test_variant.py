"""The variant loader: the five seeds load, and every kind of bad spec fails with one line."""

from __future__ import annotations

import subprocess
import sys

import pytest

from hogkit.errors import HogkitError
from hogkit.variant import load_variant, variant_names
from tests.conftest import MIXED_SPEC, ROOT

FA19 = (ROOT / "variants" / "fa19.toml").read_text()


def test_the_five_seed_variants_exist_with_their_points():
    """The seeds before 2020 count 22 points of problems; seed 002's semester (Fall 2022) counted
    24, and a point for the checkpoint."""
    assert set(variant_names()) >= {"fa19", "sp18", "su18", "fa17", "pig-tail"}
    for name in ("fa19", "sp18", "su18", "fa17"):
        assert load_variant(name).total_points == 22
    pig_tail = load_variant("pig-tail")
    assert (pig_tail.total_points, pig_tail.course_points) == (24, 25)


def test_fa19_rules_in_order():
    variant = load_variant("fa19")
    assert [r.id for r in variant.rules] == [
        "pig_out", "free_bacon_min", "feral_hogs", "swine_swap_digits"]
    assert [p.id for p in variant.problems][:7] == ["00", "01", "02", "03", "04", "05a", "05b"]


def test_pig_tail_has_no_problem_5b():
    assert "05b" not in [p.id for p in load_variant("pig-tail").problems]


def test_mixed_spec_loads():
    variant = load_variant(MIXED_SPEC)
    assert variant.rule("zero_dice").id == "free_bacon_min"
    assert variant.rule("extra_turn").id == "time_trot"


LIST_SPEC = """name = "listed"
goal = 100
contest_name_field = "PLAYER_NAME"
rules = ["sow_sad", "pig_tail", "square_swine"]

[points]
"00" = 0
"01" = 2
"02" = 1
"03" = 2
"04" = 2
"05a" = 3
"06" = 2
"07" = 3
"08" = 2
"09" = 2
"10" = 1
"11" = 2
"12" = 0
"""


def test_a_list_of_rules_is_the_same_as_the_table(tmp_path):
    spec = tmp_path / "listed.toml"
    spec.write_text(LIST_SPEC)
    listed, tabled = load_variant(spec), load_variant("pig-tail")
    assert listed.rules == tabled.rules


BAD_SPECS = {
    "unknown rule": (FA19.replace('"free_bacon_min"', '"free_bacon_max2"'),
                     "rules.zero_dice: unknown rule 'free_bacon_max2'"),
    "wrong family": (FA19.replace('zero_dice = "free_bacon_min"', 'zero_dice = "pig_out"'),
                     "rules.zero_dice: 'pig_out' is a dice_outcome rule"),
    "wrong type": (FA19.replace("goal = 100", 'goal = "100"'), "goal: expected int, got str"),
    "missing key": (FA19.replace("goal = 100\n", ""), "goal: missing"),
    "missing family": (FA19.replace('dice_outcome = "pig_out"\n', ""),
                       "rules: no rule says what a turn of k dice scores — add a dice_outcome rule"),
    "incompatible": (FA19.replace('bonus = "feral_hogs"', 'bonus = "feral_hogs"\nspecial_move = "pork_chop"'),
                     "pork_chop cannot be combined with a bonus that remembers the dice rolled"),
    "pork chop without a swap": (
        FA19.replace('bonus = "feral_hogs"\n', 'special_move = "pork_chop"\n').replace(
            '"swine_swap_digits"', '"square_swine"'),
        "pork_chop needs every post-turn rule to be a swap"),
    "two rules of one step": (FA19.replace('zero_dice = "free_bacon_min"',
                                           'zero_dice = "free_bacon_min"\ndice_outcome2 = "pig_tail"'),
                              "rules.dice_outcome2: unknown rule family"),
    "list: unknown rule": (LIST_SPEC.replace('"pig_tail"', '"pig_tale"'), "rules[1]: unknown rule 'pig_tale'"),
    "list: twice": (LIST_SPEC.replace('"pig_tail"', '"pig_tail", "pig_tail"'), "'pig_tail' is listed twice"),
    "list: two zero-dice rules": (LIST_SPEC.replace('"pig_tail"', '"pig_tail", "free_bacon_min"'),
                                  "a turn takes one zero rule, and both pig_tail and free_bacon_min are"),
    "list: not a list": (LIST_SPEC.replace('rules = ["sow_sad", "pig_tail", "square_swine"]', 'rules = "sow_sad"'),
                         "rules: expected a list of rule ids"),
    "bad points": (FA19.replace('"07" = 3', '"07" = -3'), "points.07"),
    "missing points": (FA19.replace('"07" = 3\n', ""), "points.07: missing"),
    "unknown key": ('colour = "pink"\n' + FA19, "colour: unknown key"),
    "goal out of range": (FA19.replace("goal = 100", "goal = 5"), "goal: 5 is out of range"),
    "not toml": ("rules = [", "not valid TOML"),
}


@pytest.mark.parametrize("case", BAD_SPECS, ids=list(BAD_SPECS))
def test_bad_spec_is_one_clear_line(tmp_path, case):
    text, expected = BAD_SPECS[case]
    spec = tmp_path / "bad.toml"
    spec.write_text(text)
    with pytest.raises(HogkitError) as info:
        load_variant(spec)
    assert expected in info.value.line()
    assert "bad.toml" in info.value.line() and " — " in info.value.line()


def test_bad_spec_through_the_cli(tmp_path):
    spec = tmp_path / "bad.toml"
    spec.write_text(BAD_SPECS["unknown rule"][0])
    out = tmp_path / "kit"
    proc = subprocess.run([sys.executable, "-m", "hogkit_cli", "build", "--variant", str(spec),
                           "--out", str(out)], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: bad.toml: rules.zero_dice")
    assert "Traceback" not in proc.stderr
    assert not out.exists()


def test_unknown_variant_through_the_cli(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "hogkit_cli", "build", "--variant", "wi99",
                           "--out", str(tmp_path / "k")], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: unknown variant 'wi99' — choose one of")
