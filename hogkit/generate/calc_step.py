"""Kit steps for the student's tools: the exact calculator (``calc.py`` and its model) and the
contest check (``contest_check.py``), in both folders of the kit.

``calc.py`` knows no rule, and ``calc_model.json`` holds no answer: it says how a turn of this
kit is put together, as :mod:`hogkit.turn` states it (which of the student's functions score a
turn, change the scores afterwards, pick the dice or act as a later rule, with which arguments),
and how each hidden state follows from the last. ``calc.py`` asks the student's own ``hog.py``
for everything the rules decide, so the kit ships neither the Free Bacon nor the swap table, nor
any other answer.

calc_model.json, format 6 (one key a line), holds:

* ``format``, ``about`` (what the file is, for a reader), ``variant``, ``title``, ``goal``;
* ``entry``: the file of Problem 12's ``final_strategy``;
* ``choices``: the legal choices, in column order (column = choice - choices[0]);
* ``points``: [function, parameters]: the function that scores a turn and what each of its
  parameters is (``num_rolls``, ``player_score``, ``opponent_score``, ``dice``);
* ``after``: the rules after the turn, in order, each [function, kind, parameters]: a ``swap``
  function true swaps the scores, an ``update`` one is the mover's new score, a ``scores`` one
  gives both; each parameter is ``player_score`` or ``opponent_score``, or as a hook's input below;
* ``sources``: the source of each function above that hog.py does not define (a rule's small
  function that the kit states with hog.py's own, such as Square Swine's from
  ``perfect_square``); calc.py defines it beside hog.py's;
* ``wild``: the function of (score, opponent_score) that says the turn rolls four-sided dice, or
  null;
* ``hooks``: the later rules, each key a list of [function, inputs]: ``rolls`` gives the dice a
  choice means (-1: a special move that swaps the scores), ``bonus`` extra points (they add up),
  ``extra`` whether the mover moves again (any of them); each input is ``choice``, one of
  ``fields``, or ``player_score`` / ``opponent_score`` (the scores after the turn, for an extra
  turn that depends on them), ``points`` (the turn's points) or ``who`` (the mover, 0 or 1).
  calc.py keeps the tables of the late part of a turn (the rules after it, the bonuses when one
  reads more than ``choice`` and ``fields``, the extra turns that read a score, the points or
  ``who``) for each combination of what they read besides the scores;
* ``problems``: the problem that asks for each function calc.py calls;
* ``fields``: the hidden fields, as the mover sees them, named by the rules' memories
  (``own_last``: the mover's previous number of dice, ``turn``: the turn number, ...);
* ``hidden``: every hidden state, its value of each field;
* ``start``: the hidden state a game starts in;
* ``next``: ``next[h * C + c]`` (C choices) is the next mover's hidden state after a turn from
  hidden state h with choice column c: [not special, no extra turn], [not special, extra turn],
  [special move, no extra turn], [special move, extra turn] (-1: the rules never give that turn);
  where a rule remembers a turn's points, each of the four is a list by the points the turn
  scored, 0 to ``points_cap`` (more points count as ``points_cap``);
* ``halves``: where the hidden state is two halves (:meth:`hogkit.turn.Turn.halves`: each player
  remembers the dice or points of their own last turn), [the mover's fields, the opponent's
  fields], the same memories in the same order; else null. calc.py then keeps one value per
  class of the mover's half instead of one per hidden state, once it has checked that the
  turns of the student's hog.py keep to the halves;
* ``baselines``: what to compare against: a number n is ``always_roll(n)``, ``{"function": f}``
  the strategy f of the kit's hog.py.

The field names are this format's own: each rule's :class:`hogkit.rules.Memory` says which field
its slots are.
"""

from __future__ import annotations

import ast
import inspect
import json

from hogkit.contest_rules import contest_settings
from hogkit.generate.step import KitBuild
from hogkit.interface import bind
from hogkit.naming import GENERATED, course_name
from hogkit.problem_layout import (
    FINAL_STRATEGY_FILE,
    first_problems,
)
from hogkit.rules import Rule
from hogkit.turn import MOST_DICE, SPECIAL, Turn, hook_names, turn_of
from hogkit.variant import Variant

MODEL_FILE = "calc_model.json"
FORMAT = 6
BASELINE_DICE = 4
ABOUT = ("How a turn of this kit is put together, for calc.py, written by HogKit: which functions of your "
         "hog.py score a turn, change the scores after it, choose the dice and say what a player must "
         "remember, and how each hidden state follows from the last. What the rules decide comes from "
         "your hog.py, so calc.py counts the game your code plays.")
# What calc.py passes for each parameter of a rule that remembers something between turns.
HOOK_KEYS = {"choice": "rolls", "bonus": "bonus", "extra": "extra"}  # the key of each later step's rule


def baseline_strategies(variant: Variant) -> list[tuple[str, int | dict[str, str]]]:
    """What calc.py compares against, each under the name it shows: always_roll(4) (by the kit's
    name of always_roll), and the strategies of Problems 10 and 11 by name: calc.py takes them
    from the kit's own hog.py, so the student's copy carries no answer to those problems."""
    roll = course_name(variant, "always_roll")
    found: list[tuple[str, int | dict[str, str]]] = [(f"{roll}({BASELINE_DICE})", BASELINE_DICE)]
    names = [problem.graded[0] for problem in variant.problems if problem.kind == "rule_strategy"]
    found += [(name, {"function": name}) for name in names]
    return found


def points_cap(turn: Turn, variant: Variant) -> int:
    """The most points a memory tells apart (0 when no rule remembers points)."""
    caps = [slot.memory.size - 1 for slot in turn.slots if slot.memory.update == "points"]
    return max(caps) if caps else 0


def _next_states(turn: Turn, cap: int) -> list[list]:
    """For each (hidden state, choice) of the mover: the hidden state of the next mover after a
    turn that was not / was a special move and did not / did earn an extra turn (-1: the rules
    never give that turn), by the turn's points 0 to CAP when a rule remembers them."""
    can_special = turn.rule("choice") is not None
    can_extra = bool(turn.rules("extra"))
    rows = []
    for view in turn.hidden_states():
        for choice in turn.choices:
            row = []
            for special in (False, True):
                # a choice of SPECIAL that is not a special move rolls dice (Pork Chop's second -1:
                # ten); no variant both has such a choice and remembers the dice rolled
                rolls = SPECIAL if special else MOST_DICE if choice == SPECIAL else choice
                for extra in (False, True):
                    possible = (can_special or not special) and (can_extra or not extra)
                    after = [turn.index(turn.hand_over(turn.remember(view, rolls, extra, points=p), extra))
                             for p in range(cap + 1)]
                    row.append((after if cap else after[0]) if possible else -1)
            rows.append(row)
    return rows


def hook_source(rule: Rule) -> str:
    """The source of RULE's hook, a small function the kit writes with hog.py's own (no answer
    region: it is given)."""
    lines = inspect.getsource(rule.hook).splitlines()
    return "\n".join(line for line in lines if line.strip() not in ("# BEGIN SOLUTION", "# END SOLUTION")) + "\n"


def _uses(source: str, problems: dict[str, str]) -> list[str]:
    """The functions of the problems that SOURCE calls, the first asked for first."""
    used = {node.id for node in ast.walk(ast.parse(source or "pass")) if isinstance(node, ast.Name)}
    return [name for _, name in sorted((problems[name], name) for name in used if name in problems)]


def _first_use(source: str, problems: dict[str, str]) -> str:
    """The first problem that asks for a function SOURCE calls."""
    found = _uses(source, problems)
    return problems[found[0]] if found else ""


def calc_model_data(variant: Variant, *, goal: int | None = None) -> dict:
    """The model calc.py reads, as plain data (at GOAL, default the variant's goal)."""
    turn = turn_of(variant)
    problems = first_problems(variant.problems)
    wild = turn.rule("dice")
    hooks = {key: [[rule.hook_name, hook_names(turn, rule)] for rule in turn.rules(step)]
             for step, key in HOOK_KEYS.items() if turn.rules(step)}
    take_turn = variant.interface.signature("take_turn")
    meaning = {theirs: ours for ours, theirs in bind(take_turn, GENERATED["take_turn"]).items()}
    points_args = [meaning[name] for name in take_turn.names if meaning[name] != "goal"]
    after = [[rule.hook_name, rule.kind, hook_names(turn, rule)] for rule in turn.rules("after")]
    sources = {rule.hook_name: hook_source(rule) for rule in variant.rules if rule.hook not in rule.functions}
    names = [take_turn.name, *(a[0] for a in after), *([wild.hook_name] if wild else []),
             *(h[0] for found in hooks.values() for h in found)]
    baselines = baseline_strategies(variant)
    names += [spec["function"] for _, spec in baselines if isinstance(spec, dict)] + ["final_strategy"]
    names += [used for name in names if name in sources for used in _uses(sources[name], problems)]
    fields = [slot.field for slot in turn.slots]
    cap = points_cap(turn, variant)
    asked = {name: problems.get(name) or _first_use(sources.get(name, ""), problems) for name in names}
    return {
        "format": FORMAT,
        "about": ABOUT,
        "variant": variant.name,
        "title": variant.title,
        "goal": variant.goal if goal is None else goal,
        "entry": FINAL_STRATEGY_FILE,
        "choices": list(turn.choices),
        "points": [take_turn.name, points_args],
        "after": after,
        "sources": {name: source for name, source in sources.items() if name in names},
        "wild": wild.hook_name if wild else None,
        "hooks": hooks,
        "problems": asked,
        "fields": fields,
        "hidden": [[int(value) for value in view] for view in turn.hidden_states()],
        "start": turn.index(turn.start),
        "points_cap": cap,
        "next": _next_states(turn, cap),
        "halves": None if turn.halves() is None else [[turn.slots[i].field for i in half] for half in turn.halves()],
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
    text = kit.shipped("contest_check.py")
    if marker not in text:
        raise RuntimeError(f"hogkit/shipped/contest_check.py lost its line {marker.strip()!r}")
    text = text.replace(marker, f"CONTEST: dict = {contest_settings(kit.variant)!r}\n", 1)
    kit.add("solutions/contest_check.py", text)
    kit.add("student_skeleton/contest_check.py", text)


def calc_files(kit: KitBuild) -> None:
    """calc.py and calc_model.json in both folders."""
    source, model = kit.shipped("calc.py"), calc_model_json(kit.variant)
    for folder in ("solutions", "student_skeleton"):
        kit.add(f"{folder}/calc.py", source)
        kit.add(f"{folder}/{MODEL_FILE}", model)

