"""Render a variant's reference ``hog.py`` from its rules and the templates.

The student's ``hog.py`` is never rendered on its own: it is this text with every answer region
replaced by a stub (:func:`hogkit.generate.source.strip_solutions`), so the two cannot drift.
"""

from __future__ import annotations

from hogkit.generate.experiments import experiments_source
from hogkit.generate.source import doctest_lines, function_source, render_function
from hogkit.generate.templating import course_calls, course_function
from hogkit.generate.turn_code import extra_turn_source, play_source, take_turn_source
from hogkit.naming import Course, course_signature, kit_course, template_of
from hogkit.problem_layout import Problem, item_names, rules_of
from hogkit.rules import Rule
from hogkit.variant import Variant


def _banner(title: str) -> str:
    line = "#" * (len(title) + 4)
    return f"{line}\n# {title} #\n{line}\n"


def problem_labels(problems: list[Problem]) -> dict[str, str]:
    """Map each function a student writes to the label of its answer region (``5a, 5b, 6``)."""
    labels: dict[str, list[str]] = {}
    for problem in problems:
        for name in problem.functions:
            labels.setdefault(name, []).append(problem.number)
    return {name: ", ".join(numbers) for name, numbers in labels.items()}


def applicable_examples(rule: Rule, variant: Variant):
    """The rule's examples that hold in VARIANT (their required rules are all present)."""
    return [e for e in rule.examples if e.requires <= variant.rule_ids]


def _rule_functions(rule: Rule, variant: Variant, labels: dict[str, str], course: Course) -> list[str]:
    """RULE's functions for hog.py: calls of the kit's functions in the course's words, and the
    rule's worked examples as doctests of its hook (or, where the hook is the engine's own, of the
    first function each example calls)."""
    examples = applicable_examples(rule, variant)
    names = [fn.__name__ for fn in rule.functions]
    owner = {id(e): rule.hook_name if rule.hook in rule.functions else
             next((n for n in names if f"{n}(" in e.call), names[0]) for e in examples}
    parts = []
    for fn in rule.functions:
        doctests = doctest_lines([e for e in examples if owner[id(e)] == fn.__name__])
        source = course_calls(function_source(fn), course)
        parts.append(render_function(source, problem=labels.get(fn.__name__), doctests=doctests))
    if rule.hook not in rule.functions and variant.interface.play == "say":  # play calls it: given as it is
        parts.append(render_function(function_source(rule.hook), problem=None))
    return parts


# What final_strategy's docstring asks, in the student's copy as in the solutions (what the
# reference's own strategy is goes in a comment inside the answer region).
FINAL_STRATEGY_TASK = "Make it as strong as you can: `python3 calc.py` prints its exact win rates."


def final_strategy_source(variant: Variant, *, table_rows: list[str] | None, about: str) -> str:
    """Problem 12: a table lookup when TABLE_ROWS is given, else the post-turn strategy."""
    post = [problem.graded[0] for problem in variant.problems if problem.kind == "rule_strategy"][-1]
    doc = [
        "def final_strategy(score, opponent_score):",
        '    """Return the number of dice to roll when the mover has SCORE points and the',
        "    opponent has OPPONENT_SCORE.",
        "",
        f"    {FINAL_STRATEGY_TASK}",
        '    """',
    ]
    if table_rows is None:
        return "\n".join([*doc, "    # BEGIN PROBLEM 12", *[f"    # {line}" for line in about.splitlines()],
                          f"    return {post}(score, opponent_score)", "    # END PROBLEM 12"]) + "\n"
    table = [
        "# BEGIN PROBLEM 12",
        *[f"# {line}" for line in about.splitlines()],
        "# One string per score of the mover; one character per score of the opponent:",
        "# '0' to '9' and 'A' (10) are numbers of dice, 'C' (-1) is a Pork Chop.",
        "FINAL_STRATEGY_TABLE = (",
        *[f"    '{row}'," for row in table_rows],
        ")",
        "# END PROBLEM 12",
        "",
        "",
    ]
    body = [
        "    # BEGIN PROBLEM 12",
        "    # find() gives the position of the character in '0123456789A', or -1 for 'C'.",
        "    return '0123456789A'.find(FINAL_STRATEGY_TABLE[score][opponent_score])",
        "    # END PROBLEM 12",
    ]
    return "\n".join(table + doc + body) + "\n"


def render_hog(variant: Variant, *, table_rows: list[str] | None = None, about: str = "") -> str:
    """The reference ``hog.py`` of VARIANT (its final strategy from TABLE_ROWS, if given)."""
    interface = variant.interface
    labels = problem_labels(variant.problems)
    course = kit_course(variant)

    def item(key: str) -> list[str]:
        if key.startswith("@") and ":" not in key:
            return [part for rule in rules_of(variant.rules, (key[1:],))
                    for part in _rule_functions(rule, variant, labels, course)]
        if key.startswith("@") and not rules_of(variant.rules, (key[1:].partition(":")[0],)):
            return []
        name = course_signature(variant, key).name
        if key == "take_turn":
            return [take_turn_source(variant, problem=labels[name])]
        if key == "play":
            return [play_source(variant, problem=labels[name])]
        if key == "extra_turn":
            return [extra_turn_source(variant)]
        if key == "run_experiments":
            names = [name for entry in interface.experiments
                     for name in (item_names(interface, entry, variant.rules) if entry.startswith("@") else (entry,))]
            return [render_function(experiments_source(variant, names), problem=None)]
        if key == "final_strategy":
            return [final_strategy_source(variant, table_rows=table_rows, about=about or
                                          "Write a short description of your strategy here.")]
        return [render_function(course_function(template_of(variant, key), course), problem=labels.get(name))]

    rule_titles = ", ".join(rule.title for rule in variant.rules_as_taught)
    parts = [
        f'"""The Game of Hog, {variant.title}: a simulator and strategies.\n\n'
        f"Special rules this semester: {rule_titles}.\n\"\"\"\n",
        "\n".join(interface.imports) + "\n",
        f"{interface.goal_name} = {variant.goal}  # The goal of Hog is to score {variant.goal} points.\n"
        + "".join(f"{name} = {value}\n" for rule in variant.rules for name, value in rule.constants),
    ]
    for banner, items in interface.layout:
        parts.append(_banner(banner))
        if banner in interface.notes:
            parts.append(interface.notes[banner] + "\n")
        for key in items:
            parts += item(key)
    return "\n\n\n".join(part.rstrip("\n") for part in parts) + "\n"
