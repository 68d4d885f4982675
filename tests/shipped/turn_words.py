"""What the tests of hog_ui.py and hog_gui.py check the words of a game against: a kit with the files
the two front ends play with, the agreement of each verb with the player it names, and the points
beyond take_turn's that each turn of a game should name, worked out by HogKit's own engine
replaying the game's choices and dice."""

from __future__ import annotations

import re
from pathlib import Path

from hogkit import game
from hogkit.generate.pipeline import STEPS, build_kit
from hogkit.rules import family_of
from hogkit.shipped.dice import make_test_dice
from hogkit.turn import SPECIAL
from hogkit.variant import Variant, load_variant, variant_names

# The steps of a build that make what the front ends play with: hog.py, ready.py, the two front ends.
PLAY_STEPS = ("reference files", "support files", "student skeleton", "GUI", "readiness tries")
# The semesters each test plays in `make test`; every other variant's kit is played in `make test-all`.
QUICK = ("fa19", "fa20", "fa22", "sp20", "fa23", "su23", "sp22", "su20", "fa17")
OTHERS = tuple(name for name in variant_names() if name not in QUICK)
# The verbs the front ends say of a player: as after "You", and as after anyone else.
VERBS = {"roll": "rolls", "have": "has", "move": "moves", "win": "wins", "use": "uses"}


def play_kit(name: str | Path, out: Path) -> Path:
    """Build the files of NAME's kit that the front ends play with under OUT; return its solutions folder."""
    build_kit(load_variant(name), out=out, steps=[step for step in STEPS if step[0] in PLAY_STEPS])
    return out / "solutions"


def disagreements(text: str, names: tuple[str, ...] | list[str]) -> list[str]:
    """Every place in TEXT where one of NAMES is followed by a verb that does not agree with it
    ('You rolls', 'Player 0 roll'), or by a comma and a second subject ('You, you have')."""
    found = []
    for name in names:
        wrong = set(VERBS.values()) if name == "You" else set(VERBS)
        for match in re.finditer(rf"(?<![\w(]){re.escape(name)}(,?) (\w+)", text):
            if match.group(1) or match.group(2) in wrong:
                found.append(match.group(0))
    return found


def more_points_titles(variant: Variant) -> list[str]:
    """The titles of VARIANT's rules that add points beyond take_turn's without swapping: its bonus
    rules and its post-turn rules that change the mover's score."""
    titles = []
    for rule in variant.rules:
        step = family_of(rule).step
        if (step == "bonus" or (step == "after" and rule.kind != "swap")) and rule.title not in titles:
            titles.append(rule.title)
    return titles


def _no_dice() -> int:
    raise AssertionError("a turn of zero dice rolled a die")


def expected_more(variant: Variant, turns: list[tuple[int, list[int], int]]) -> list[tuple[int, str | None]]:
    """Replay TURNS (each a choice, its dice and their sides, in the order played) with the engine;
    for each turn, who moved and the line that names its points beyond take_turn's ('Feral Hogs:
    3 more points.'), or None for a turn without any."""
    titles = " or ".join(more_points_titles(variant))
    state, found = game.start_state(variant), []
    for choice, outcomes, sides in turns:
        plan = game.plan_turn(variant, state, choice)
        assert plan.sides == sides or not outcomes, (choice, outcomes, sides)
        points = 0
        if plan.rolls != SPECIAL:
            dice = make_test_dice(*outcomes) if outcomes else _no_dice
            points = game.take_turn(variant, plan.rolls, state.opponent_score, dice, player_score=state.mover_score)
        who = state.who
        state, record = game.finish_turn(variant, state, plan, points)
        more = (record.after[1 - who] if record.swapped else record.after[who]) - record.before[who] - points
        how = "more" if more > 0 else "fewer"
        line = f"{titles}: {abs(more)} {how} point{'' if abs(more) == 1 else 's'}."
        found.append((who, line if more and plan.rolls != SPECIAL else None))
    return found


def transcript_turns(text: str, names: tuple[str, str]) -> list[dict]:
    """The turns of a game that hog_ui.py printed as TEXT between players NAMES: each turn's player
    (0 or 1), choice (the number of dice it rolled), dice, their sides and the lines about rules
    printed before its scores."""
    turns: list[dict] = []
    players = "|".join(map(re.escape, names))
    pattern = re.compile(rf"({players}) (?:rolls?|uses?) (no dice|(\d+)( four-sided)? di(?:e|ce): ([\d ]+)|.+)\.$")
    for line in text.splitlines():
        line = re.sub(r"^.*How many dice \([^)]*\)\? ", "", line)
        found = pattern.fullmatch(line)
        if found and not line.startswith(" "):
            outcomes = [int(n) for n in found.group(5).split()] if found.group(5) else []
            choice = -1 if not found.group(5) and found.group(2) != "no dice" else len(outcomes)
            turns.append({"who": names.index(found.group(1)), "choice": choice, "outcomes": outcomes,
                          "sides": 4 if found.group(4) else 6, "events": [], "open": True})
        elif line.startswith("  Score: "):
            turns[-1]["open"] = False
        elif line.startswith("  ") and turns and turns[-1]["open"]:
            turns[-1]["events"].append(line.strip())
    return turns
