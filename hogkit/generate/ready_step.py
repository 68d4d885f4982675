"""Kit step for ``ready.py``, which tells the kit's tools which problems of a student's ``hog.py``
work yet: one small call that tries each function a student writes, the problem that asks for
it, and the functions it builds on (read from the reference's own code), in both folders. It
also records how the tools call the course's ``play`` and the kit's rules (titles by step), with
which hog_ui.py and hog_gui.py name the rules that changed a turn.

A try is never an answer: it is one of the problem's worked examples (already in ``hog.py``'s
doctests) or a call whose result nobody checks beyond "it is not None".
"""

from __future__ import annotations

import ast
import inspect

from hogkit.generate.solution import solution_hog_source
from hogkit.generate.step import KitBuild, kit_shipped_text
from hogkit.naming import course_name, course_params, course_renames, kit_course, rename_identifiers, template_of
from hogkit.problem_layout import first_problems
from hogkit.problems.building import play_call, rolls_always
from hogkit.problems.domains import parameter_domain
from hogkit.rules import Rule, family_of
from hogkit.variant import Variant

MARKERS = ("PROBES = {}\n", "LEGAL_CHOICES = []\n", "WILD_DICE = ''\n", "PLAY = {}\n", "RULES = []\n")

# Tries of the functions no rule owns; a rule's functions try one of the rule's own examples.
FIXED_TRIES = {
    "announce_highest": "announce_highest(0)",
    "make_averaged": "make_averaged(make_test_dice(4, 2), 2)()",
    "max_scoring_num_rolls": "max_scoring_num_rolls(make_test_dice(3), 2)",
    "final_strategy": "final_strategy(0, 0)",
    "always_roll": "always_roll(3)",
    "is_always_roll": "is_always_roll(always_roll(3))",
}


def _rule_try(variant: Variant, rule: Rule, name: str) -> str:
    """The first of RULE's examples that calls NAME alone, else NAME on middle values of its domains."""
    for example in rule.examples:
        if example.requires <= variant.rule_ids and example.call.startswith(f"{name}("):
            return example.call
    function = next(fn for fn in rule.functions if fn.__name__ == name)
    args = []
    for param in inspect.signature(function).parameters.values():
        if param.default is param.empty:
            domain = parameter_domain(variant, name, param.name)
            values = domain.values()
            args.append(domain.render(values[len(values) // 2]))
    return f"{name}({', '.join(args)})"


def tries(variant: Variant) -> dict[str, tuple[str, str, int]]:
    """Each function a student writes, in the order of the problems -> (problem id, call, goal),
    where GOAL is the score the game the call plays must reach (0 for a call that is not a game)."""
    owners = {fn.__name__: rule for rule in variant.rules for fn in rule.functions}
    renames = course_renames(variant)  # the tries below, in the course's names of the functions
    fixed = {renames.get(name, name): rename_identifiers(call, renames) for name, call in FIXED_TRIES.items()}
    found: dict[str, tuple[str, str, int]] = {}
    problems = {problem.id: problem for problem in variant.problems}
    for name, problem in first_problems(variant.problems).items():
        goal = 0
        if name == "play":  # a strategy the tools offer to a play written before always_roll is
            always = rolls_always(variant, problems[problem], 2)
            call = play_call(variant, always, always, dice="make_test_dice(4, 5, 6)", later=True,
                             wild="make_test_dice(3, 2, 4)")
            goal = variant.goal
        elif name == "take_turn":  # in the course's signature: some courses give it both scores
            call = kit_course(variant).call("take_turn", {"num_rolls": "2", "player_score": "0", "opponent_score": "0",
                                                          "dice": "make_test_dice(4, 5)"})
        elif name in fixed:
            call = fixed[name]
        elif name in owners:
            call = _rule_try(variant, owners[name], name)
        else:  # the strategies of Problems 10 and 11
            call = f"{name}(0, 0)"
        found[name] = (problem, call, goal)
    return found


def uses(source: str, names: set[str]) -> dict[str, set[str]]:
    """For each top-level function of SOURCE among NAMES, the other NAMES its body mentions."""
    found: dict[str, set[str]] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef) and node.name in names:
            found[node.name] = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and n.id in names} - {
                node.name}
    return found


def probes(variant: Variant) -> dict[str, tuple[str, str, int, tuple[str, ...]]]:
    """What ``ready.PROBES`` holds: each function -> (problem id, call, goal, the functions it builds
    on, directly or not, in the order of the problems), the uses read from the reference."""
    found = tries(variant)
    order = list(found)
    direct = uses(solution_hog_source(variant), set(found))
    result = {}
    for name, (problem, call, goal) in found.items():
        needs, todo = set(), list(direct.get(name, ()))
        while todo:
            need = todo.pop()
            if need not in needs:
                needs.add(need)
                todo += direct.get(need, ())
        result[name] = (problem, call, goal, tuple(sorted(needs, key=order.index)))
    return result


def play_interface(variant: Variant) -> dict:
    """What ``ready.PLAY`` holds: how the kit's tools call the course's ``play`` (its style, the
    course's names of play itself, of its keyword parameters and of always_roll, the goal's name, the
    update function of the update style), the commentary they hand it (each part's function and the
    call that makes it, in the course's names; no call: the function itself is the commentary), the
    course's ``take_turn`` (its name and parameters by HogKit's names) and the problems that ask for
    play and for its commentary."""
    course = kit_course(variant)
    style = variant.interface.play
    params = course_params(variant, "play")
    commentary: list[tuple[str, str]] = []

    def part(key: str, args: dict[str, str]) -> tuple[str, str]:
        return course_name(variant, key), course.call(template_of(variant, key) or key, args)

    functions = variant.interface.functions
    if style == "say":
        commentary += [part("announce_highest", {"who": str(who)}) for who in (0, 1) if "announce_highest" in functions]
        commentary += [part("announce_lead_changes", {})] if "announce_lead_changes" in functions else []
    elif style == "announce" and "announce_lead_changes" in functions:
        commentary.append((course_name(variant, "announce_lead_changes"), ""))
    playing = [p for p in variant.problems if course_name(variant, "play") in p.functions]
    return {
        "style": style,
        "goal": variant.interface.goal_name,
        "keywords": {name: params[name] for name in ("dice", "goal", "say", "update") if name in params},
        "update": course.signatures["rules_update"].name if style == "update" else "",
        "commentary": commentary,
        "take_turn": (course_name(variant, "take_turn"), course_params(variant, "take_turn")),
        "play": course_name(variant, "play"),
        "always_roll": course_name(variant, "always_roll"),
        "play_problem": playing[0].label if playing else "",
        "say_problem": playing[-1].label if playing and style != "update" else "",
    }


def rule_record(variant: Variant) -> list[tuple[str, str, str]]:
    """What ``ready.RULES`` holds: each of VARIANT's rules, in the order their effects apply, as
    (the step it acts at, its title, its kind), for the tools that tell a player which rule
    changed a turn."""
    return [(family_of(rule).step, rule.title, rule.kind) for rule in variant.rules]


def ready_source(variant: Variant) -> str:
    """The text of ``ready.py`` for VARIANT."""
    text = kit_shipped_text(variant, "ready.py")
    select = variant.rule("dice_select")
    values = (f"PROBES = {{\n{_entries(probes(variant))}}}\n", f"LEGAL_CHOICES = {list(variant.legal_rolls)!r}\n",
              f"WILD_DICE = {(select.play_flag if select else '')!r}\n", f"PLAY = {play_interface(variant)!r}\n",
              f"RULES = {rule_record(variant)!r}\n")
    for marker, value in zip(MARKERS, values, strict=True):
        if marker not in text:
            raise RuntimeError(f"hogkit/shipped/ready.py lost its line {marker.strip()!r}")
        text = text.replace(marker, value, 1)
    return text


def _entries(found: dict) -> str:
    return "".join(f"    {name!r}: {entry!r},\n" for name, entry in found.items())


def ready_files(kit: KitBuild) -> None:
    """ready.py in both folders."""
    text = ready_source(kit.variant)
    kit.add("solutions/ready.py", text)
    kit.add("student_skeleton/ready.py", text)

