"""Rule modules beside a spec: loaded without touching HogKit's files, refused in one line when bad."""

from __future__ import annotations

import pytest

from hogkit.errors import HogkitError
from hogkit.game import play
from hogkit.generate.spec_check import check_spec
from hogkit.shipped.dice import make_test_dice
from hogkit.variant import load_variant

SPEC = """name = "beside"
goal = 100
contest_name_field = "PLAYER_NAME"
rule_modules = ["{module}"]
rules = ["pig_out", "{zero}", "swine_swap_digits"]

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

GOOD = '''
from hogkit.rules import Example, Rule


def lucky_bacon(score):
    """Zero dice score 7 more than the ones digit of the opponent's score."""
    # BEGIN SOLUTION
    return 7 + score % 10
    # END SOLUTION


LUCKY_BACON = Rule(
    id="lucky_bacon_{tag}",
    family="zero_dice",
    title="Lucky Bacon",
    summary="Rolling zero dice scores 7 plus the ones digit of the opponent's score.",
    functions=(lucky_bacon,),
    hook=lucky_bacon,
    inputs=(("score", "opponent_score"),),
    strategy="lucky_strategy",
    seed="",
    examples=(Example("lucky_bacon(42)", 9, "7 + 2"),),
)
'''


def write(tmp_path, module_text: str, *, zero: str, name: str = "lucky.py"):
    (tmp_path / name).write_text(module_text)
    spec = tmp_path / "beside.toml"
    spec.write_text(SPEC.replace("{module}", name).replace("{zero}", zero))
    return spec


def test_a_rule_module_beside_the_spec_plays(tmp_path):
    spec = write(tmp_path, GOOD.replace("{tag}", "a"), zero="lucky_bacon_a")
    variant = load_variant(spec)
    assert variant.rule("zero_dice").id == "lucky_bacon_a"
    # Zero dice score 7 plus the ones digit of the score they are rolled against.
    result = play(variant, lambda s, o: 0, lambda s, o: 0, dice=make_test_dice(3))
    assert [turn.points for turn in result.turns[:3]] == [7, 7 + 7, 7 + 4]  # against 0, 7, then 14


BAD_MODULES = {
    "does not load": ("def broken(:\n", "lucky.py does not load (SyntaxError"),
    "defines no rule": ("X = 1\n", "lucky.py defines no Rule"),
    "hook the engine cannot call": (GOOD.replace("{tag}", "b").replace('inputs=(("score", "opponent_score"),),', ""),
                                    "takes 'score', which the engine cannot give"),
    "unknown family": (GOOD.replace("{tag}", "d").replace('family="zero_dice"', 'family="zero"'),
                       "is of the unknown family 'zero'"),
}


@pytest.mark.parametrize("case", BAD_MODULES, ids=list(BAD_MODULES))
def test_a_bad_rule_module_is_one_line(tmp_path, case):
    text, expected = BAD_MODULES[case]
    spec = write(tmp_path, text, zero="pig_tail", name=f"lucky_{case.replace(' ', '_')}.py")
    with pytest.raises(HogkitError) as info:
        load_variant(spec)
    line = info.value.line()
    assert expected.replace("lucky.py", f"lucky_{case.replace(' ', '_')}.py") in line, line
    assert line.startswith("beside.toml: rule_modules[0]: ") and " — " in line and "\n" not in line


def test_a_missing_module_file_is_one_line(tmp_path):
    spec = tmp_path / "beside.toml"
    spec.write_text(SPEC.replace("{module}", "nowhere.py").replace("{zero}", "pig_tail"))
    with pytest.raises(HogkitError) as info:
        load_variant(spec)
    assert "rule_modules[0]: no file 'nowhere.py' beside the spec" in info.value.line()


def test_an_example_that_fails_is_one_line_in_the_spec_check(tmp_path):
    """A worked example is instructor code: it runs in the spec's check, in a child process."""
    text = GOOD.replace("{tag}", "c").replace('"lucky_bacon(42)", 9', '"lucky_bacon(42)", 10')
    spec = write(tmp_path, text, zero="lucky_bacon_c", name="lucky_example.py")
    with pytest.raises(HogkitError) as info:
        check_spec(load_variant(spec))
    line = info.value.line()
    assert line.startswith("beside.toml: rule lucky_bacon_c: example lucky_bacon(42) gives 9, not 10 — "), line


def test_two_specs_may_name_a_rule_of_their_own_alike(tmp_path):
    """The last spec loaded names its own rules: a rule id of another spec's module is not taken."""
    for folder, points in (("first", 7), ("second", 8)):
        (tmp_path / folder).mkdir()
        spec = write(tmp_path / folder, GOOD.replace("{tag}", "e").replace("7 + score", f"{points} + score")
                     .replace("9, ", f"{points + 2}, "), zero="lucky_bacon_e")
        variant = load_variant(spec)
        assert variant.rule("zero_dice").hook(42) == points + 2


def test_two_modules_of_one_spec_may_not_define_one_rule(tmp_path):
    text = GOOD.replace("{tag}", "f")
    (tmp_path / "again.py").write_text(text)
    spec = write(tmp_path, text, zero="lucky_bacon_f")
    spec.write_text(spec.read_text().replace('["lucky.py"]', '["lucky.py", "again.py"]'))
    with pytest.raises(HogkitError) as info:
        load_variant(spec)
    assert "rule_modules[1]: again.py: a rule 'lucky_bacon_f' exists already" in info.value.line()
