"""Render a variant's reference ``hog.py`` from its rules and the templates.

The student's ``hog.py`` is never rendered on its own: it is this text with every answer region
replaced by a stub (:func:`hogkit.generate.source.strip_solutions`), so the two cannot drift.
"""

from __future__ import annotations

from pathlib import Path

from hogkit.generate.source import (
    doctest_lines,
    function_source,
    rename,
    render_function,
    template_functions,
)
from hogkit.generate.turn_code import play_source, take_turn_source
from hogkit.problem_layout import Problem, post_turn_strategy_name, zero_dice_strategy_name
from hogkit.rules import Rule, family_of
from hogkit.variant import Variant

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
TAKE_TURN_PROBLEM = "03"  # the problem of take_turn: the rules it calls come before it in hog.py


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
        parts.append(render_function(function_source(fn), problem=labels[fn.__name__], doctests=doctests))
    return parts


def strategy_names(variant: Variant) -> dict[str, str]:
    """Template names of the Phase 3 strategies -> their names in this variant's hog.py."""
    return {
        "bacon_strategy": zero_dice_strategy_name(variant.rule("zero_dice")),
        "swap_strategy": post_turn_strategy_name(variant.rule("post_turn")),
    }


# What final_strategy's docstring asks, in the student's copy as in the solutions (what the
# reference's own strategy is goes in a comment inside the answer region).
FINAL_STRATEGY_TASK = "Make it as strong as you can: `python3 calc.py` prints its exact win rates."


def final_strategy_source(variant: Variant, *, table_rows: list[str] | None, about: str) -> str:
    """Problem 12: a table lookup when TABLE_ROWS is given, else the post-turn strategy."""
    post = post_turn_strategy_name(variant.rule("post_turn"))
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
    problems = variant.problems
    labels = problem_labels(problems)
    commentary_fns = template_functions(str(TEMPLATES / "commentary.py"))
    strategy_fns = template_functions(str(TEMPLATES / "strategies.py"))
    names = strategy_names(variant)

    def template(functions: dict[str, str], name: str) -> str:
        source = rename(functions[name], names)
        return render_function(source, problem=labels.get(names.get(name, name)))

    rule_titles = ", ".join(rule.title for rule in variant.rules_as_taught)
    parts = [
        f'"""The Game of Hog, {variant.title}: a simulator and strategies.\n\n'
        f"Special rules this semester: {rule_titles}.\n\"\"\"\n",
        "from dice import four_sided, make_test_dice, six_sided\n"
        "from ucb import interact, main, trace\n",
        f"GOAL_SCORE = {variant.goal}  # The goal of Hog is to score {variant.goal} points.\n",
        _banner("Phase 1: Simulator"),
    ]
    taught = variant.rules_as_taught  # take_turn (Problem 3) after the rules of Problems 1 to 3
    for rule in (r for r in taught if family_of(r).problem <= TAKE_TURN_PROBLEM):
        parts += _rule_functions(rule, variant, labels)
    parts.append(take_turn_source(variant, problem=labels["take_turn"]))
    for rule in (r for r in taught if family_of(r).problem > TAKE_TURN_PROBLEM):
        parts += _rule_functions(rule, variant, labels)
    parts.append(
        'def other(who):\n    """Return the other player, for a player WHO numbered 0 or 1.\n\n'
        "    >>> other(0)\n    1\n    >>> other(1)\n    0\n    \"\"\"\n    return 1 - who\n"
    )
    parts.append(
        'def silence(score0, score1):\n    """Announce nothing (see Phase 2)."""\n    return silence\n'
    )
    parts.append(play_source(variant, problem=labels["play"]))
    parts.append(_banner("Phase 2: Commentary"))
    parts += [template(commentary_fns, n) for n in ("say_scores", "announce_lead_changes", "both",
                                                    "announce_highest")]
    parts.append(_banner("Phase 3: Strategies"))
    parts += [template(strategy_fns, n) for n in ("always_roll", "make_averaged",
                                                  "max_scoring_num_rolls", "winner",
                                                  "average_win_rate", "run_experiments", "win_rates_work", "works",
                                                  "bacon_strategy")]
    post_template = "swap_strategy" if variant.rule("post_turn").kind == "swap" else "square_strategy"
    parts.append(template(strategy_fns, post_template))
    parts.append(final_strategy_source(variant, table_rows=table_rows, about=about or
                                       "Write a short description of your strategy here."))
    parts.append(_banner("Command Line Interface"))
    parts.append("# Run python3 hog.py -r to run the experiments of Phase 3.\n")
    parts.append(template(strategy_fns, "run"))
    return "\n\n\n".join(part.rstrip("\n") for part in parts) + "\n"
