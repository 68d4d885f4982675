"""Kit steps for the student's tools: the exact calculator (``calc.py`` and its model) and the
contest check (``contest_check.py``), in both folders of the kit.

``calc.py`` knows no rule. :func:`calc_model_data` writes down what :class:`hogkit.exact.Model`
computed from the variant's rule hooks, so the calculator counts exactly the game the engine
plays. It reads these attributes of the model: ``goal``, ``choices``, ``nh``, ``h0``, ``xmax``,
``vals`` and ``probs`` (rows 0-9: 1-10 six-sided dice, 10-19: four-sided, 20 + b: zero dice
against a score of b), ``wild``, ``rolls``, ``bonus``, ``nextctx`` (each ``[mover, hidden,
choice]``), ``post_cell`` and ``post_win`` (mover 0's rows).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from hogkit.variant import Variant

if TYPE_CHECKING:
    from hogkit.generate.kit import KitBuild

KIT_DIR = Path(__file__).resolve().parent.parent / "kit"
MODEL_FILE = "calc_model.json"
FORMAT = 2
BASELINE_DICE = 4
ABOUT = ("The game of this kit for calc.py, written by HogKit from the rules: the points each choice "
         "can score and how likely each is, what every choice does to the hidden state, and what "
         "the scores become after a turn.")


def _distribution(model, row: int) -> list[list]:
    """One row of the model's points table as [points, probability] pairs, without padding."""
    return [[int(v), float(p)] for v, p in zip(model.vals[row], model.probs[row], strict=True) if p > 0]


def baseline_strategies(variant: Variant) -> list[tuple[str, int | dict[str, str]]]:
    """What calc.py compares against: always_roll(4), and the strategies of Problems 10 and 11
    by name: calc.py takes them from the kit's own hog.py, so the student's copy carries no
    answer to those problems."""
    from hogkit.reference import kit_strategies

    found: list[tuple[str, int | dict[str, str]]] = [(f"always_roll({BASELINE_DICE})", BASELINE_DICE)]
    found += [(name, {"function": name}) for name in kit_strategies(variant)]
    return found


def calc_model_data(variant: Variant, *, goal: int | None = None) -> dict:
    """The model calc.py reads, as plain data (at GOAL, default the variant's goal)."""
    from hogkit.exact import model_for

    model = model_for(variant, goal)
    g = model.goal
    wild = variant.rule("dice_select") is not None
    post = []
    for b in range(g):
        for x in range(model.xmax + 1):
            win = float(model.post_win[0, b, x])
            code = int(model.post_cell[0, b, x]) if win < 0 else (-1 if win == 1.0 else -2)
            usual = x * g + b if x < g else -1
            if code != usual:
                post.append([b, x, code])
    return {
        "format": FORMAT,
        "about": ABOUT,
        "variant": variant.name,
        "title": variant.title,
        "goal": g,
        "choices": [int(c) for c in model.choices],
        "hidden": int(model.nh),
        "start": int(model.h0),
        "dice": [_distribution(model, row) for row in range(10)],
        "wild_dice": [_distribution(model, row) for row in range(10, 20)] if wild else None,
        "zero": [_distribution(model, 20 + b) for b in range(g)],
        "wild": ["".join(str(int(v)) for v in row) for row in model.wild] if wild else None,
        "rolls": [int(v) for v in model.rolls.ravel()],
        "bonus": [int(v) for v in model.bonus.ravel()],
        "next": [int(v) for v in model.nextctx.ravel()],
        "xmax": int(model.xmax),
        "post": post,
        "baselines": baseline_strategies(variant),
    }


def calc_model_json(variant: Variant, *, goal: int | None = None) -> str:
    """The text of calc_model.json: one key a line, each value compact."""
    data = calc_model_data(variant, goal=goal)
    lines = [f"{json.dumps(key)}: {json.dumps(value, separators=(',', ':'))}" for key, value in data.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _kit_source(name: str) -> str:
    return (KIT_DIR / name).read_text(encoding="utf-8")


def contest_settings(variant: Variant) -> dict:
    """What the contest check must know: goal, legal choices, the name field, the longest name
    and the time budget."""
    from graders.contest import NAME_LIMIT, TIME_BUDGET

    return {"goal": variant.goal, "legal": list(variant.legal_rolls), "field": variant.contest_name_field,
            "name_limit": NAME_LIMIT, "budget": TIME_BUDGET}


def contest_check_files(kit: KitBuild) -> None:
    """contest_check.py in both folders, told the variant's contest rules."""
    marker = "CONTEST: dict = {}\n"
    text = _kit_source("contest_check.py")
    if marker not in text:
        raise RuntimeError(f"hogkit/kit/contest_check.py lost its line {marker.strip()!r}")
    text = text.replace(marker, f"CONTEST: dict = {contest_settings(kit.variant)!r}\n", 1)
    kit.add("solutions/contest_check.py", text)
    kit.add("student_skeleton/contest_check.py", text)


def calc_files(kit: KitBuild) -> None:
    """calc.py and calc_model.json in both folders."""
    source, model = _kit_source("calc.py"), calc_model_json(kit.variant)
    for folder in ("solutions", "student_skeleton"):
        kit.add(f"{folder}/calc.py", source)
        kit.add(f"{folder}/{MODEL_FILE}", model)


STEPS = [
    ("contest check", contest_check_files),
    ("exact calculator", calc_files),
]
