"""The text UI, driven as a person would: typed answers on standard input. Plain hog_ui.py is a
game between two people, -f plays final_strategy; an unfinished copy is told, in one line, which
problem to finish; fa17's Hog Wild turns roll four-sided dice.

In every semester's kit, each message that names a player agrees with it (You, Computer, Player 0);
every turn whose points go beyond take_turn's (a bonus such as Feral Hogs, or a post-turn rule
that changes the mover's score) names its rules and those points, zero-dice turns included, as
HogKit's engine replaying the same choices and dice says; and the rules are named by the kit's
own titles, a special move too, never by words of the front ends' own."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest

from hogkit.rules import RULES, family_of
from hogkit.shipped import shipped_text
from hogkit.variant import load_variant, variant_names
from tests.conftest import ROOT
from tests.shipped.turn_words import (
    OTHERS,
    QUICK,
    disagreements,
    expected_more,
    more_points_titles,
    play_kit,
    transcript_turns,
)

EVERY_KIT = [*QUICK, *(pytest.param(name, marks=pytest.mark.slow) for name in OTHERS)]
PEOPLE = ("Player 0", "Player 1")
# Two people's answers, over and over: 2 dice, then none (a zero-dice turn after 2 dice), 1, 4.
TYPED = "".join(f"{n}\n{n}\n0\n0\n" for n in (2, 1, 4)) * 60
HAM_HOCK = """
from dataclasses import replace

from hogkit.rules.pork_chop import PORK_CHOP

HAM_HOCK = replace(PORK_CHOP, id="ham_hock", title="Ham Hock", seed="")
"""


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    """The kit of a variant, by name, built once for this module (the files the front ends play with)."""
    built = {}

    def kit(name):
        if name not in built:
            built[name] = play_kit(name, tmp_path_factory.mktemp(name))
        return built[name]
    return kit


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    return play_kit("fa19", tmp_path_factory.mktemp("ui"))


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


def test_a_reader_that_stops_early_is_no_error(kit):
    """`python3 hog_ui.py --watch | head -2`: the reader goes away; nothing blames hog.py."""
    proc = subprocess.Popen([sys.executable, "hog_ui.py", "--watch", "--seed", "3"], cwd=kit,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.readline()
    proc.stdout.close()  # as head does after its lines
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0 and b"error" not in err and b"Traceback" not in err, err


def test_two_people_can_finish_a_game(kit):
    proc = run_ui(kit, "--seed", "5", typed="10\n" * 200)
    assert proc.returncode == 0, proc.stderr
    assert "Player 0 has 0 points and Player 1 has 0." in proc.stdout
    assert "Player 1 rolls 10 dice: " in proc.stdout and "Game over: Player 0 " in proc.stdout


def test_an_unfinished_copy_is_told_which_problem_to_finish(kit):
    for args, command in (((), "python3 hog_ui.py"), (("-f",), "python3 hog_ui.py -f")):
        proc = run_ui(kit.parent / "student_skeleton", *args)
        assert proc.returncode == 1 and proc.stdout == ""
        assert proc.stderr.startswith(f"error: {command} plays with your hog.py, and Problem 1 (roll_dice) is not "
                                      "finished: roll_dice(")
        assert proc.stderr.endswith(f"then run {command} again\n") and proc.stderr.count("\n") == 1


def test_hog_wild_turns_roll_four_sided_dice(tmp_path):
    proc = run_ui(play_kit("fa17", tmp_path), "--seed", "2", typed="4\n" * 300)
    assert proc.returncode == 0, proc.stderr
    first = proc.stdout.split("\n")[0]  # 0 + 0 is a multiple of 7: the first turn is wild
    assert re.fullmatch(r"Player 0 has 0 points and Player 1 has 0\. How many dice \(-1 to 10\)\? "
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


@pytest.mark.parametrize("name", EVERY_KIT)
def test_every_message_that_names_a_player_agrees_with_it(kits, name):
    kit = kits(name)
    games = {("You", "Computer"): run_ui(kit, "-f", "--seed", "1", typed="3\n" * 300),
             ("Computer", "You"): run_ui(kit, "-f", "--second", "--seed", "2", typed="3\n" * 300),
             PEOPLE: run_ui(kit, "--seed", "3", typed="3\n" * 300)}
    for names, proc in games.items():
        assert proc.returncode == 0 and "Game over: " in proc.stdout, proc.stderr
        assert disagreements(proc.stdout, names) == [], proc.stdout
        winner = re.fullmatch(r"Game over: .*\. (.+) (wins?)!", proc.stdout.splitlines()[-1])
        assert winner and winner.group(2) == ("win" if winner.group(1) == "You" else "wins")
    you_first, computer_first, people = games.values()
    assert you_first.stdout.startswith("You have 0 points and Computer has 0. How many dice (")
    assert "You roll 3 dice: " in you_first.stdout and "\nComputer " in you_first.stdout
    assert computer_first.stdout.startswith("Computer ")
    assert re.search(r"^You have \d+ points? and Computer has \d+\. How many dice", computer_first.stdout, re.M)
    assert people.stdout.startswith("Player 0 has 0 points and Player 1 has 0. How many dice (")
    assert re.search(r"Player 1 has \d+ points? and Player 0 has \d+\.", people.stdout)


@pytest.mark.parametrize("name", EVERY_KIT)
def test_points_beyond_take_turn_are_named_on_every_turn(kits, name):
    """Seeded games of two people, until one has a zero-dice turn with such points (in a kit whose
    rules give them): each turn names exactly the points the engine gives beyond take_turn, a turn
    of zero dice names the kit's zero-dice rule, and a turn after which the same player moves again
    names the kit's extra-turn rules."""
    variant = load_variant(name)
    zero_titles, extra_titles = ([rule.title for rule in variant.rules if family_of(rule).step == step]
                                 for step in ("zero", "extra"))
    exercised = not more_points_titles(variant) or name not in QUICK
    for seed in range(1, 9):
        proc = run_ui(kits(name), "--seed", str(seed), typed=TYPED)
        assert proc.returncode == 0 and "Game over: " in proc.stdout, proc.stderr
        assert "rolls 1 die: " in proc.stdout and not re.search(r"\b1 (four-sided )?dice", proc.stdout)
        turns = transcript_turns(proc.stdout, PEOPLE)
        expected = expected_more(variant, [(turn["choice"], turn["outcomes"], turn["sides"]) for turn in turns])
        assert [turn["who"] for turn in turns] == [who for who, _ in expected]
        for turn, (_, line), after in zip(turns, expected, [*turns[1:], None], strict=True):
            named = [event for event in turn["events"] if re.search(r" (more|fewer) points?\.$", event)]
            assert named == ([line] if line else []), turn
            again = f"{PEOPLE[turn['who']]} moves again."
            again = f"{' or '.join(extra_titles)}: {again}" if extra_titles else again
            assert (again in turn["events"]) == (after is not None and after["who"] == turn["who"]), turn
            if turn["choice"] == 0:
                assert turn["events"][0].startswith(" or ".join(zero_titles) + ": "), turn
            exercised = exercised or bool(line and turn["choice"] == 0)
        if exercised:
            break
    assert exercised, "no seeded game had a zero-dice turn with points beyond take_turn's: type other answers"


def test_a_special_move_is_named_by_the_kits_title(tmp_path):
    """fa17 with its Pork Chop renamed Ham Hock (a rule module beside the spec): the UI says Ham Hock."""
    (tmp_path / "ham_hock.py").write_text(HAM_HOCK)
    spec = (ROOT / "variants" / "fa17.toml").read_text()
    spec = spec.replace('special_move = "pork_chop"', 'special_move = "ham_hock"').replace(
        'name = "fa17"', 'name = "ham"\nrule_modules = ["ham_hock.py"]')
    (tmp_path / "ham.toml").write_text(spec)
    kit = play_kit(tmp_path / "ham.toml", tmp_path / "kit")
    proc = run_ui(kit, "--seed", "2", typed="-1\n4\n" + "4\n" * 300)
    assert proc.returncode == 0, proc.stderr
    assert "Player 0 uses Ham Hock.\n  Ham Hock: the scores swap." in proc.stdout
    assert "Pork Chop" not in proc.stdout


def test_the_front_ends_name_no_rule_or_semester_of_their_own():
    """The rules' titles and ids, and the semesters, come from the kit's ready.py, never from the
    text of the front ends or of ready.py's template."""
    names = {rule.title for rule in RULES.values()} | set(RULES) | set(variant_names())
    for file in ("hog_ui.py", "hog_gui.py", "ready.py"):
        text = shipped_text(file)
        assert sorted(name for name in names if name in text) == [], file
