"""A spec or a rule module that cannot work is refused before anything is built, in one line: by
``hogkit check-variant`` and ``hogkit build`` alike (exit 2, one ``error:`` line), whatever the
instructor's code does (raise, return a str, loop for ever, eat memory, print without end), with
the rule, the call and what happened named. Instructor code runs in a child process under limits;
here its time limit is 3 s (``HOGKIT_INSTRUCTOR_SECONDS``), so each case ends in seconds."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from hogkit.errors import HogkitError
from hogkit.generate.spec_check import check_spec
from hogkit.instructor import SECONDS_VARIABLE
from hogkit.variant import load_variant
from tests.conftest import ROOT, spec_points

LIMIT = "3"
SPEC = """name = "broken"
goal = 100
contest_name_field = "PLAYER_NAME"
{modules}interface = "{interface}"
rules = {rules}

[points]
{points}
"""


# A post-turn rule of the instructor's, whose hook's body is the case's.
MODULE = '''from hogkit.rules import Example, Memory, Rule


def odd_rule({params}):
    """The case's post-turn rule."""
    # BEGIN SOLUTION
{body}
    # END SOLUTION


ODD = Rule(id="odd_rule", family="post_turn", kind="update", title="Odd", summary="s", functions=(odd_rule,),
           hook=odd_rule, seed="", strategy="odd_strategy"{extra})
'''
RULES = '["pig_out", "free_bacon_min", "feral_hogs", "odd_rule"]'


def hogkit(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, SECONDS_VARIABLE: LIMIT}
    return subprocess.run([sys.executable, "-m", "hogkit_cli", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=120)


def write(tmp_path, *, body: str = "    return player_score", params: str = "player_score, opponent_score",
          extra: str = "", interface: str = "fa19", rules: str = RULES, module: str | None = None):
    if module != "":  # "": the spec has no module of its own
        (tmp_path / "odd.py").write_text(module if module is not None else MODULE.format(
            params=params, body=body, extra=f",\n           {extra}" if extra else ""))
    spec = tmp_path / "broken.toml"
    spec.write_text(SPEC.format(interface=interface, rules=rules, points=spec_points(interface),
                                modules='rule_modules = ["odd.py"]\n' if module != "" else ""))
    return spec


def one_line(proc: subprocess.CompletedProcess, expected: str) -> str:
    assert proc.returncode == 2, proc.stdout + proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and " — " in lines[0], proc.stderr
    assert expected in lines[0], lines[0]
    return lines[0]


BRAWL_ON_FA21 = SPEC.format(modules="", interface="fa21", rules='["sow_sad", "boar_brawl", "hog_pile"]',
                            points=spec_points("fa21"))


def test_a_rule_the_interface_cannot_give_its_scores_is_refused_by_check_and_build_alike(tmp_path):
    """Fall 2021's take_turn is not given the mover's score, which Boar Brawl reads."""
    spec = tmp_path / "brawl21.toml"
    spec.write_text(BRAWL_ON_FA21)
    checked = one_line(hogkit("check-variant", str(spec), "--no-solve"),
                       "Boar Brawl (boar_brawl, a zero rule) reads player_score")
    assert "fa21's take_turn(num_rolls, opponent_score, dice=six_sided, goal=GOAL_SCORE) is not given it" in checked
    built = one_line(hogkit("build", "--variant", str(spec), "--out", str(tmp_path / "kit")), "")
    assert built == checked and not (tmp_path / "kit" / "solutions").exists()


@pytest.mark.parametrize(("body", "expected"), [
    ("    return player_score + 0 * (1 // (player_score - 50))",
     "odd_rule(50, 0) raised ZeroDivisionError: integer division or modulo by zero"),
    ("    while True:\n        pass", "odd_rule(0, 0) gave no answer within 3 s"),
], ids=["raises", "never ends"])
def test_a_hook_that_misbehaves_is_one_line_naming_the_call(tmp_path, body, expected):
    spec = write(tmp_path, body=body)
    line = one_line(hogkit("check-variant", str(spec), "--no-solve"), expected)
    assert line.startswith("error: broken.toml: rule odd_rule: ")


# The hook's body -> what the line says (checked in this process; the code runs in the child).
HOOKS = {
    "returns a str": ("    return str(player_score)",
                      "odd_rule(0, 0) returned str '0', not a whole number of at least 0"),
    "returns None": ("    pass", "odd_rule(0, 0) returned NoneType None"),
    "eats memory": ("    return len([0] * 10 ** 10)", "odd_rule(0, 0) raised MemoryError"),
    "prints": ("    print('x' * 100000)\n    return player_score", "odd_rule(0, 0) printed 'xxxxxxxx"),
    "sleeps": ("    import time\n    time.sleep(60)\n    return player_score",
               "odd_rule(0, 0) gave no answer within 3 s"),
    "slow on its whole domain": ("    import time\n    time.sleep(0.01)\n    return player_score",
                                 "its checks took more than 3 s ("),
}


@pytest.mark.parametrize("case", HOOKS, ids=list(HOOKS))
def test_every_kind_of_misbehaving_hook_is_one_line(tmp_path, monkeypatch, case):
    monkeypatch.setenv(SECONDS_VARIABLE, LIMIT)
    body, expected = HOOKS[case]
    with pytest.raises(HogkitError) as info:
        check_spec(load_variant(write(tmp_path, body=body)))
    line = info.value.line()
    assert line.startswith("broken.toml: rule odd_rule: ") and expected in line and "\n" not in line, line


# What a spec or module does wrong -> (how to write it, what the line says).
SPECS = {
    "an example that does not hold": (
        dict(extra='examples=(Example("odd_rule(3, 4)", 4, "wrong"),)'),
        "rule odd_rule: example odd_rule(3, 4) gives 3, not 4"),
    "a module whose import never ends": (
        dict(module="while True:\n    pass\n"), "importing odd.py: no answer within 3 s"),
    "a module that raises on import": (
        dict(module="raise RuntimeError('no')\n"), "odd.py does not load (RuntimeError: no)"),
    "a post-turn rule that reads its memory where Problem 11 asks it about zero dice": (
        dict(params="player_score, opponent_score, before", body="    return player_score",
             extra='memory=(Memory("before", "before", each=True, start=0, size=11, update="dice", '
                   'fields=("own_before", "opp_before"), note="n", about="a"),)'),
        "calls odd_rule(new_score, opponent_score), without before, a parameter of odd_rule (rule odd_rule)"),
    "no strategy": (
        dict(module=MODULE.format(params="player_score", body="    return player_score", extra="").replace(
            ', strategy="odd_strategy"', "")),
        "Odd (odd_rule) names no strategy, and the interface fa19 asks for the strategy of its post_turn rule"),
    "a keyword of play that hides a function": (
        dict(rules='["pig_out", "free_bacon_min", "feral_hogs", "swine_swap_digits", "odd_extra"]',
             module='from hogkit.rules import Rule\n\n\ndef odd_extra(player_score, opponent_score):\n'
                    '    """Again."""\n    # BEGIN SOLUTION\n    return player_score == opponent_score\n'
                    '    # END SOLUTION\n\n\nODD = Rule(id="odd_extra", family="extra_turn", title="Odd", '
                    'summary="s", functions=(odd_extra,), hook=odd_extra, seed="", play_flag="odd_extra")\n'),
        "Odd's keyword of play, odd_extra, is also the name of a function of hog.py"),
    "a bonus the interface has no place for": (
        dict(interface="fa21", rules='["sow_sad", "picky_piggy", "feral_hogs", "hog_pile"]', module=""),
        "uses feral_hogs_bonus, which hog.py does not define — the interface fa21's layout has no place for "
        "bonus rules"),
    "a rule after the turn that reads memory, on an interface whose play takes an update function": (
        dict(interface="fa22", rules='["sow_sad", "pig_tail", "odd_rule"]', params="player_score, before",
             extra='memory=(Memory("before", "before", each=True, start=0, size=11, update="dice", '
                   'fields=("own_before", "opp_before"), note="n", about="a"),)'),
        "Odd (odd_rule) reads memory, and the interface fa22's update function is given only the dice and"),
}


@pytest.mark.parametrize("case", SPECS, ids=list(SPECS))
def test_a_spec_that_cannot_work_is_one_line(tmp_path, monkeypatch, case):
    monkeypatch.setenv(SECONDS_VARIABLE, LIMIT)
    how, expected = SPECS[case]
    spec = write(tmp_path, **how)
    with pytest.raises(HogkitError) as info:
        variant = load_variant(spec)
        check_spec(variant)
    line = info.value.line()
    assert line.startswith("broken.toml: ") and expected in line and " — " in line and "\n" not in line, line


def test_a_renamed_final_strategy_is_refused(tmp_path):
    (tmp_path / "renamed.toml").write_text('extends = "fa19"\n\n[functions]\n'
                                            'final_strategy = "best_strategy(score, opponent_score)"\n')
    spec = tmp_path / "named.toml"
    spec.write_text('name = "named"\ngoal = 100\ncontest_name_field = "PLAYER_NAME"\ninterface = "renamed.toml"\n'
                    'rules = ["pig_out", "free_bacon_min", "feral_hogs", "swine_swap_digits"]\n\n[points]\n'
                    + spec_points("fa19") + "\n")
    with pytest.raises(HogkitError) as info:
        check_spec(load_variant(spec))
    assert "names final_strategy best_strategy, and the contest, calc.py and hogkit winrate call" in info.value.line()


def test_the_scaffold_of_new_variant_is_whole(tmp_path):
    """``hogkit new-variant NAME --from BASE --rule-module`` writes a spec and a module the check takes."""
    for base in ("fa19", "fa21", "fa23"):
        made = hogkit("new-variant", f"n{base}", "--from", base, "--dir", str(tmp_path), "--rule-module")
        assert made.returncode == 0, made.stderr
        variant = load_variant(tmp_path / f"n{base}.toml")
        assert variant.rule("zero_dice").id == f"n{base}_lucky_bacon"
        check_spec(variant)


def test_the_examples_spring27_semester_is_whole():
    check_spec(load_variant(ROOT / "examples" / "spring27" / "spring27.toml"))
