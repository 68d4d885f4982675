"""Kit steps for the student's tools: the exact calculator (``calc.py`` and its model) and the
contest check (``contest_check.py``), in both folders of the kit.

``calc.py`` knows no rule, and ``calc_model.json`` holds no answer: it says how a turn of this
kit is put together (which of the student's functions score a turn, change the scores afterwards,
pick the dice or decide what a player must remember, and with which arguments) and how each
hidden state follows from the last (the hidden states of :class:`hogkit.exact.Model`). ``calc.py``
asks the student's own ``hog.py`` for everything the rules decide, so the kit ships neither the
Free Bacon nor the swap table, nor any other answer.
"""

from __future__ import annotations

import inspect
import json

from hogkit.contest_rules import contest_settings
from hogkit.exact import Hidden, model_for
from hogkit.generate.step import KitBuild
from hogkit.problem_layout import (
    FINAL_STRATEGY_FILE,
    first_problems,
    post_turn_strategy_name,
    zero_dice_strategy_name,
)
from hogkit.shipped import shipped_text
from hogkit.variant import Variant

MODEL_FILE = "calc_model.json"
FORMAT = 3
BASELINE_DICE = 4
ABOUT = ("How a turn of this kit is put together, for calc.py, written by HogKit: which functions of your "
         "hog.py score a turn, change the scores after it, choose the dice and say what a player must "
         "remember, and how each hidden state follows from the last. What the rules decide comes from "
         "your hog.py, so calc.py counts the game your code plays.")
# What calc.py passes for each parameter of a rule that remembers something between turns.
HIDDEN_ARGUMENTS = {"num_rolls": "choice", "previous_rolls": "own_last", "turn_number": "turn",
                    "after_extra": "after_extra", "chop_used": "own_used"}
HIDDEN_FIELDS = ("own_last", "turn", "after_extra", "own_used")
HOOK_FAMILIES = {"rolls": "special_move", "bonus": "bonus", "extra": "extra_turn"}


def baseline_strategies(variant: Variant) -> list[tuple[str, int | dict[str, str]]]:
    """What calc.py compares against: always_roll(4), and the strategies of Problems 10 and 11
    by name: calc.py takes them from the kit's own hog.py, so the student's copy carries no
    answer to those problems."""
    found: list[tuple[str, int | dict[str, str]]] = [(f"always_roll({BASELINE_DICE})", BASELINE_DICE)]
    names = (zero_dice_strategy_name(variant.rules["zero_dice"]), post_turn_strategy_name(variant.rules["post_turn"]))
    found += [(name, {"function": name}) for name in names]
    return found


def _next_states(model, *, feral: bool, trot: bool) -> list[list[int]]:
    """For each (hidden state, choice) of the mover: the hidden state of the next mover after a
    turn that was not / was a Pork Chop and did not / did earn an extra turn (-1: impossible)."""
    index = {h: i for i, h in enumerate(model.hidden)}
    rows = []
    for h in model.hidden:
        for c in model.choices:
            row = []
            for chop in (False, True):
                own_last, own_used = (h.own_last, True) if chop else (c if feral else h.own_last, h.own_used)
                turn = (h.turn + 1) % 8 if trot else 0
                for extra in (False, True):
                    if extra:
                        after = Hidden(own_last, h.opp_last, turn, True, own_used, h.opp_used)
                    else:
                        after = Hidden(h.opp_last, own_last, turn, False, h.opp_used, own_used)
                    row.append(index.get(after, -1))
            rows.append(row)
    return rows


def calc_model_data(variant: Variant, *, goal: int | None = None) -> dict:
    """The model calc.py reads, as plain data (at GOAL, default the variant's goal)."""
    model = model_for(variant, goal)
    problems = first_problems(variant.problems)
    post, wild = variant.rules["post_turn"], variant.rule("dice_select")
    hooks = {}
    for key, family in HOOK_FAMILIES.items():
        rule = variant.rule(family)
        if rule is not None:
            params = inspect.signature(rule.hook).parameters
            hooks[key] = [rule.hook_name, [HIDDEN_ARGUMENTS[p] for p in params]]
    names = ["take_turn", post.hook_name, *([wild.hook_name] if wild else []), *(h[0] for h in hooks.values())]
    baselines = baseline_strategies(variant)
    names += [spec["function"] for _, spec in baselines if isinstance(spec, dict)] + ["final_strategy"]
    return {
        "format": FORMAT,
        "about": ABOUT,
        "variant": variant.name,
        "title": variant.title,
        "goal": model.goal,
        "entry": FINAL_STRATEGY_FILE,
        "choices": [int(c) for c in model.choices],
        "points": "take_turn",
        "after": [post.hook_name, post.kind],
        "wild": wild.hook_name if wild else None,
        "hooks": hooks,
        "problems": {name: problems[name] for name in names},
        "fields": list(HIDDEN_FIELDS),
        "hidden": [[int(getattr(h, name)) for name in HIDDEN_FIELDS] for h in model.hidden],
        "start": int(model.h0),
        "next": _next_states(model, feral="bonus" in hooks, trot="extra" in hooks),
        "baselines": baselines,
    }


def calc_model_json(variant: Variant, *, goal: int | None = None) -> str:
    """The text of calc_model.json: one key a line, each value compact."""
    data = calc_model_data(variant, goal=goal)
    lines = [f"{json.dumps(key)}: {json.dumps(value, separators=(',', ':'))}" for key, value in data.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def contest_check_files(kit: KitBuild) -> None:
    """contest_check.py in both folders, told the variant's contest rules."""
    marker = "CONTEST: dict = {}\n"
    text = shipped_text("contest_check.py")
    if marker not in text:
        raise RuntimeError(f"hogkit/shipped/contest_check.py lost its line {marker.strip()!r}")
    text = text.replace(marker, f"CONTEST: dict = {contest_settings(kit.variant)!r}\n", 1)
    kit.add("solutions/contest_check.py", text)
    kit.add("student_skeleton/contest_check.py", text)


def calc_files(kit: KitBuild) -> None:
    """calc.py and calc_model.json in both folders."""
    source, model = shipped_text("calc.py"), calc_model_json(kit.variant)
    for folder in ("solutions", "student_skeleton"):
        kit.add(f"{folder}/calc.py", source)
        kit.add(f"{folder}/{MODEL_FILE}", model)

