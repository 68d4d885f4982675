"""Real students' bug classes, one per copy of the Fall 2019 reference: ``python3 ok -q NN`` in a
freshly built kit fails the problem the bug is in, and the grader charges that problem and no
other (a play that applies Feral Hogs whatever the flag loses 5a and 5b, as the rules say, but
never Problem 6's commentary).

Each copy runs the real checker as a child process (``python3 ok -q NN --force``, since unlocking
is another test's business) and the real grader (sandboxed children)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from graders.runner import grade_source
from hogkit.variant import load_variant
from tests.conftest import ROOT

# (problem, bug, text of the reference, what the student wrote instead, problems the grader charges (None: only
# PROBLEM), words of the hint the checker shows for the first failing case)
BUGS = [
    ("01", "no Pig Out", "    if rolled_a_one:\n        return 1\n    return total\n", "    return total\n", None,
     "Pig Out"),
    ("01", "stops rolling at the first 1", "        if outcome == 1:\n            rolled_a_one = True\n",
     "        if outcome == 1:\n            return 1\n", None, 'every one of the num_rolls dice'),
    ("02", "the larger digit", "    return 10 - min(tens, ones)\n", "    return 10 - max(tens, ones)\n", None,
     "Free Bacon"),
    ("02", "a one-digit score is its own tens digit", "    tens, ones = score // 10 % 10, score % 10\n",
     "    tens, ones = (score // 10 % 10 if score >= 10 else score), score % 10\n", None, 'Free Bacon'),
    ("02", "one plus the digit", "    return 10 - min(tens, ones)\n", "    return 1 + min(tens, ones)\n", None,
     "Free Bacon"),
    ("03", "take_turn forgets zero dice", "    if num_rolls == 0:\n        points = free_bacon(opponent_score)\n"
     "    else:\n        points = roll_dice(num_rolls, dice)\n", "    points = roll_dice(num_rolls, dice)\n", None,
     "Zero dice means the zero-dice rule"),
    ("03", "take_turn rolls the dice itself", "        points = roll_dice(num_rolls, dice)\n",
     "        points = sum(dice() for _ in range(num_rolls))\n", None, "roll the dice with roll_dice"),
    ("04", "only the first digits", "        return first * (score % 10)\n", "        return first\n", None,
     "Swine Swap"),
    ("04", "a swap when the products differ",
     "    return first_times_last(player_score) == first_times_last(opponent_score)\n",
     "    return first_times_last(player_score) != first_times_last(opponent_score)\n", None, "Swine Swap"),
    ("05a", "strategy0 for both players", "        strategy = strategy0 if who == 0 else strategy1\n",
     "        strategy = strategy0\n", None, "its own player's score first"),
    ("05a", "(score0, score1) whoever moves", "        num_rolls = strategy(player, opponent)\n",
     "        num_rolls = strategy(score0, score1)\n", None, "its own player's score first"),
    ("05b", "asks the strategy twice when Feral Hogs is on",
     "            player = player + feral_hogs_bonus(num_rolls, last_rolls[who])\n",
     "            player = player + feral_hogs_bonus(strategy(score0 if who == 0 else score1, opponent),"
     " last_rolls[who])\n", None, 'Ask the strategy once'),
    ("05a", "Feral Hogs even with feral_hogs=False", "        if feral_hogs:\n", "        if True:\n",
     ["05a", "05b"], 'only when its flag is True'),
    ("06", "commentary before the swap",
     "        score0, score1 = (player, opponent) if who == 0 else (opponent, player)\n"
     "        who = other(who)\n        say = say(score0, score1)\n",
     "        s0, s1 = (player, opponent) if who == 0 else (opponent, player)\n"
     "        if is_swap(player, opponent):\n            s0, s1 = s1, s0\n        say = say(s0, s1)\n"
     "        score0, score1 = (player, opponent) if who == 0 else (opponent, player)\n"
     "        who = other(who)\n", None, 'every rule of the turn applied'),
    ("07", "announces a gain equal to the highest", "        if gain > previous_high:\n",
     "        if gain >= previous_high and gain > 0:\n", None, 'a gain equal to it says nothing'),
    ("08", "one sample too few", "        for _ in range(num_samples):\n",
     "        for _ in range(num_samples - 1):\n", None, 'calls fn num_samples times'),
    ("09", "a tie goes to the higher number", "        if best_average is None or average > best_average:\n",
     "        if best_average is None or average >= best_average:\n", None, 'strictly higher'),
    ("10", "a strict margin", "    if take_turn(0, opponent_score) >= margin:\n",
     "    if take_turn(0, opponent_score) > margin:\n", None, 'equal included'),
    ("11", "a swap to equal scores helps", "        if opponent_score > new_score:\n",
     "        if opponent_score >= new_score:\n", None, 'neither helps nor hurts'),
    ("12", "final_strategy answers in floats",
     "    return '0123456789A'.find(FINAL_STRATEGY_TABLE[score][opponent_score])\n",
     "    return float('0123456789A'.find(FINAL_STRATEGY_TABLE[score][opponent_score]))\n", None, "an int such as 4"),
]


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    """The fa19 kit, built by the command an instructor runs."""
    out = tmp_path_factory.mktemp("kit")
    done = subprocess.run([sys.executable, "-m", "hogkit_cli", "build", "--variant", "fa19", "--out", str(out)],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    return out


def one_bug(kit: Path, old: str, new: str) -> str:
    reference = (kit / "solutions" / "hog.py").read_text()
    assert reference.count(old) == 1, old
    return reference.replace(old, new)


def run_ok(kit: Path, folder: Path, source: str, problem: str) -> subprocess.CompletedProcess:
    shutil.copytree(kit / "student_skeleton", folder)
    (folder / "hog.py").write_text(source)
    return subprocess.run([sys.executable, "ok", "-q", problem, "--force"], cwd=folder, capture_output=True,
                          text=True, check=False, timeout=300)


def test_the_reference_passes_both(kit, tmp_path):
    source = (kit / "solutions" / "hog.py").read_text()
    for problem in ("05a", "05b", "06", "11"):
        done = run_ok(kit, tmp_path / problem, source, problem)
        assert done.returncode == 0, done.stdout
    grade = grade_source(source.encode(), load_variant("fa19"))
    assert [p.id for p in grade.problems if p.points and not p.earned] == []


@pytest.mark.slow
@pytest.mark.parametrize(("problem", "bug", "old", "new", "charged", "hint"), BUGS,
                         ids=[f"{b[0]}-{b[1]}" for b in BUGS])
def test_one_bug_costs_its_problem(kit, tmp_path, problem, bug, old, new, charged, hint):
    source = one_bug(kit, old, new)
    done = run_ok(kit, tmp_path / "copy", source, problem)
    assert done.returncode == 1 and "FAILED" in done.stdout, (bug, done.stdout[-2000:], done.stderr[-500:])
    shown = [line for line in done.stdout.splitlines() if line.startswith("# Hint: ")]
    assert shown and hint in shown[0], (bug, shown)
    grade = grade_source(source.encode(), load_variant("fa19"))
    # A problem worth no points (fa19's Problem 12: the contest scores it) is charged by failing.
    lost = [p.id for p in grade.problems if (p.points and not p.earned) or (not p.points and not p.passed)]
    assert lost == (charged or [problem]), (bug, lost)
