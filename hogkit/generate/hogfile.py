"""Render a variant's reference ``hog.py`` from its rules and the templates.

The student's ``hog.py`` is never rendered on its own: it is this text with every answer region
replaced by a stub (:func:`hogkit.generate.source.strip_solutions`), so the two cannot drift.
"""

from __future__ import annotations

from hogkit.generate.source import doctest_lines, function_source, render_function
from hogkit.generate.templating import Course, course_function, template_signature, templates
from hogkit.generate.turn_code import GENERATED, play_source, take_turn_source
from hogkit.interface import Signature
from hogkit.problem_layout import Problem, rules_of
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


def _rule_functions(rule: Rule, variant: Variant, labels: dict[str, str]) -> list[str]:
    parts = []
    for fn in rule.functions:
        doctests = doctest_lines(applicable_examples(rule, variant)) if fn is rule.hook else []
        parts.append(render_function(function_source(fn), problem=labels.get(fn.__name__), doctests=doctests))
    return parts


def template_of(variant: Variant, key: str) -> str | None:
    """The template that writes the interface's function KEY, or None for a generated one."""
    chosen = variant.interface.templates.get(key)
    if isinstance(chosen, dict):
        family = key[1:].partition(":")[0]
        return chosen[rules_of(variant.rules, (family,))[0].kind]
    if chosen is not None:
        return chosen
    return key if key in templates() else None


def course_signature(variant: Variant, key: str) -> Signature:
    """The course's signature of the interface's function KEY (named by its rule for ``@family:...``)."""
    signature = variant.interface.signature(key)
    if signature is None:
        signature = template_signature(template_of(variant, key))
    if key.startswith("@"):
        family = key[1:].partition(":")[0]
        return signature.renamed(rules_of(variant.rules, (family,))[0].strategy)
    return signature


def kit_course(variant: Variant) -> Course:
    """How VARIANT's kit names its functions: every role of its interface, by template or generated name."""
    signatures, canonical, aliases = {}, {}, {}
    for key in variant.interface.functions:
        if key.startswith("@") and not rules_of(variant.rules, (key[1:].partition(":")[0],)):
            continue
        template = template_of(variant, key)
        chosen = variant.interface.templates.get(key)
        # Every template a key may take answers to it: a template naming the post-turn strategy
        # by one of them means this kit's.
        for role in {template or key, *(chosen.values() if isinstance(chosen, dict) else ())}:
            signatures[role] = course_signature(variant, key)
            canonical[role] = template_signature(role).names if role in templates() else GENERATED[key]
            aliases[role] = variant.interface.aliases.get(key, {})
    return Course(signatures, canonical, aliases)


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
            return [part for rule in rules_of(variant.rules, (key[1:],)) for part in _rule_functions(rule, variant,
                                                                                                  labels)]
        if key.startswith("@") and not rules_of(variant.rules, (key[1:].partition(":")[0],)):
            return []
        name = course_signature(variant, key).name
        if key == "take_turn":
            return [take_turn_source(variant, problem=labels[name])]
        if key == "play":
            return [play_source(variant, problem=labels[name])]
        if key == "final_strategy":
            return [final_strategy_source(variant, table_rows=table_rows, about=about or
                                          "Write a short description of your strategy here.")]
        return [render_function(course_function(template_of(variant, key), course), problem=labels.get(name))]

    rule_titles = ", ".join(rule.title for rule in variant.rules_as_taught)
    parts = [
        f'"""The Game of Hog, {variant.title}: a simulator and strategies.\n\n'
        f"Special rules this semester: {rule_titles}.\n\"\"\"\n",
        "\n".join(interface.imports) + "\n",
        f"{interface.goal_name} = {variant.goal}  # The goal of Hog is to score {variant.goal} points.\n",
    ]
    for banner, items in interface.layout:
        parts.append(_banner(banner))
        if banner in interface.notes:
            parts.append(interface.notes[banner] + "\n")
        for key in items:
            parts += item(key)
    return "\n\n\n".join(part.rstrip("\n") for part in parts) + "\n"
