"""Phase 3, strategies: Problems 8 to 12, each stated once (words, domains, tests)."""

from __future__ import annotations

import random
from collections.abc import Callable

from hogkit.contest_rules import TIME_BUDGET
from hogkit.naming import course_params, template_of, template_signature
from hogkit.problem_layout import Problem
from hogkit.problems.building import SETUP, choice, examples_as_doctests, text_key
from hogkit.problems.checks import Doctest, Fuzz, Requirement, Sweep, Unlock
from hogkit.problems.domains import CycleSamples, Ints, OneOf, Strategies, TestDice, score_below_goal
from hogkit.shipped.dice import make_test_dice
from hogkit.turn import turn_of
from hogkit.variant import Variant

RAISES = ('A strategy that rolls zero dice when that raises your score by at least `{option}` points, counting '
          'the post-turn rule, and `{num_rolls}` dice otherwise.')
TEXT = {
    'always_roll': ('`always_roll(n)` returns a strategy: a function of the two scores that always '
                    'rolls `n` dice.'),
    'is_always_roll': ('`is_always_roll` tells whether a strategy rolls the same number of dice at every '
                       'pair of scores below the goal.'),
    'is_always_roll_in_game': ('`is_always_roll` tells whether a strategy rolls the same number of dice at '
                               'every pair of scores a game to the goal can reach.'),
    'make_averaged': ('`make_averaged` returns a function that calls `{fn}` `{num_samples}` times with the '
                      'same arguments and returns the average result.'),
    'max_scoring': ('`max_scoring_num_rolls` finds the number of dice (1 to 10) with the highest average '
           'turn score; a tie goes to the lower number.'),
    # A strategy of one rule, by the template that writes it: {option} and {num_rolls} are the course's
    # names of its last two parameters, {plain} the strategy of the zero-dice rule and {plain_label} its problem.
    'rule_strategy:bacon_strategy': ('A strategy that rolls zero dice when that scores at least `{option}` points, '
                                     'and `{num_rolls}` dice otherwise.'),
    'rule_strategy:swap_strategy': ('A strategy that rolls zero dice when that causes a swap that helps, never '
                                    'when it causes a swap that hurts, and otherwise behaves like `{plain}` '
                                    '({plain_label}).'),
    'rule_strategy:raise_strategy': RAISES,
    'rule_strategy:square_strategy': RAISES,
    'rule_strategy:gain_strategy': ('A strategy that rolls zero dice when the post-turn rule would add points to '
                                    'the score that zero dice reach, and otherwise behaves like `{plain}` '
                                    '({plain_label}).'),
    'rule_strategy:extra_turn_strategy': ('A strategy that rolls zero dice when that earns an extra turn, and '
                                          'otherwise behaves like `{plain}` ({plain_label}).'),
    'final_strategy': ('`final_strategy` is your best strategy: any legal number of dice at every pair of '
           'scores, always the same for the same scores.'),
}

HINTS = {
    'always_roll': 'Define a strategy of two parameters inside always_roll and return it.',
    'is_always_roll': ('Ask the strategy at every pair of scores below the goal and compare each answer with '
                       'the first.'),
    'is_always_roll_in_game': ('Ask the strategy at every pair of scores below the goal and compare each answer '
                               'with the first.'),
    'make_averaged': 'Return a function that takes *args and calls {fn} {num_samples} times with them.',
    'max_scoring': 'Average roll_dice over each number of dice from 1 to 10; keep the first best.',
    'rule_strategy:zero_dice': 'Compare the points of rolling zero dice with {OPTION}.',
    'rule_strategy:post_turn': 'Work out the score after rolling zero dice, then whether the rule would help or hurt.',
    'rule_strategy:extra_turn': 'Work out the score after rolling zero dice, then whether it earns an extra turn.',
}

RULES = {
    'averaged_calls': Requirement(
        'the averaged function calls {fn} exactly {num_samples} times with the same arguments',
        'Call the function exactly as many times as the number of samples, each time with all the arguments '
        'the averaged function was given, and divide the total by that number.'),
    'margin': Requirement(
        'zero dice when they score at least {option}: points equal to {option} count',
        'Roll zero dice when their points are at least {option}, equal included; otherwise roll {num_rolls} dice.'),
    'equal_swap': Requirement(
        'a swap of equal scores neither helps nor hurts',
        'Scores that would trade places while equal change nothing: such a swap neither helps nor hurts, so '
        'decide as the Problem 10 strategy would.'),
    'legal_dice': Requirement(
        'final_strategy returns one of {legal} at every pair of scores, as a whole number (an int)',
        'Return a whole number of dice (an int such as 4, not 4.0 or "4") from {legal}, at every pair of scores.'),
    'ties': Requirement(
        'a tie goes to the lower number of dice',
        'Try the numbers of dice from 1 upward and replace the best only when an average is strictly higher.'),
}


def _always_roll(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    scores, rolls = score_below_goal(variant), Ints(0, 10)
    visible = (
        Doctest("always_roll(3)", ("strategy = always_roll(3)", "strategy(10, 20)", "strategy(99, 0)"), setup=SETUP),
        Doctest("always_roll(0)", ("always_roll(0)(99, 99)",), setup=SETUP),
        Doctest("two strategies at once", ("four, seven = always_roll(4), always_roll(7)", "four(1, 2)",
                                           "seven(1, 2)", "four(50, 60)"), rule="each strategy keeps its own n",
                setup=SETUP),
    )
    rows = [(k, scores.sample(rng), scores.sample(rng)) for k in range(11) for _ in range(6)]
    hidden = (Sweep("always_roll at many scores", tuple(f"always_roll({k})({s}, {o})" for k, s, o in rows),
                    rule="always_roll(n) rolls n dice at every pair of scores"),)
    fuzz = (Fuzz("always_roll", "always_roll({})({}, {})", (rolls, scores, scores)),)
    unlock = (Unlock(("always_roll(5)(0, 42)",)),
              choice("What does always_roll(5) return?", "A strategy that always rolls 5 dice",
                     ("The number 5", "The points of rolling 5 dice", "None")))
    return {"text": TEXT[text_key(problem)], "hint": HINTS.get(text_key(problem), ""),
            "visible": visible, "hidden": hidden, "fuzz": fuzz, "unlock": unlock,
            "domains": {"n": rolls, "score": scores, "opponent_score": scores}}


# A strategy that rolls N dice except at one pair of scores, where it rolls another number.
EXCEPT_AT = (
    "def except_at(n, score, opponent_score, other):\n"
    "    def strategy(s, o):\n"
    "        return other if (s, o) == (score, opponent_score) else n\n"
    "    return strategy"
)


def _is_always_roll(variant: Variant, problem: Problem, rng: random.Random, *, at_goal: bool = True) -> dict:
    """Problem 7's tests; AT_GOAL: one says that a strategy's answer at a score of the goal does not
    count (where the page says a program looks only at scores below it)."""
    goal, fn = variant.goal, problem.graded[0]
    corners = [(0, 0), (goal - 1, 0), (0, goal - 1), (goal - 1, goal - 1), (goal // 2, goal // 3)]
    visible = [
        Doctest(f"{fn}(always_roll(3))", (f"{fn}(always_roll(3))",), setup=SETUP),
        Doctest(f"{fn} of a strategy that looks at the scores",
                (f"{fn}(lambda score, opponent_score: 6 if score < opponent_score else 5)",), setup=SETUP),
        *[Doctest(f"a strategy that differs only at ({s}, {o})", (EXCEPT_AT, f"{fn}(except_at(4, {s}, {o}, 2))"),
                  rule=f"{fn} looks at every pair of scores below the goal", setup=SETUP) for s, o in corners],
    ]
    if at_goal:
        visible.append(Doctest("a difference at the goal does not count", (
            EXCEPT_AT, f"{fn}(except_at(4, 10, 3, 1), 10)", f"{fn}(except_at(4, 9, 3, 1), 10)"),
            rule="only scores below the goal count", setup=SETUP))
    else:
        visible.append(Doctest("another goal", (EXCEPT_AT, f"{fn}(except_at(4, 9, 3, 1), 10)"),
                               rule=f"{fn} looks at every pair of scores below the goal it is given", setup=SETUP))
    scores = score_below_goal(variant)
    rows = [(rng.randint(0, 10), scores.sample(rng), scores.sample(rng), rng.randint(0, 10)) for _ in range(40)]
    hidden = (Sweep(f"{fn} of strategies that differ at one pair of scores",
                    tuple(f"{fn}(lambda s, o: {m} if (s, o) == ({s}, {o}) else {n})" for n, s, o, m in rows),
                    rule=f"{fn} looks at every pair of scores below the goal"),)
    strategies = Strategies(tuple(range(11)))
    fuzz = (Fuzz(fn, f"{fn}({{}})", (strategies,)),)
    unlock = (choice(f"How many pairs of scores does {fn}(strategy) try, at most, with the default goal?",
                     f"{goal * goal}", (f"{goal}", f"{2 * goal}", "1")),)
    return {"text": TEXT[text_key(problem)], "hint": HINTS.get(text_key(problem), ""),
            "visible": tuple(visible), "hidden": hidden, "fuzz": fuzz, "unlock": unlock,
            "domains": {"strategy": strategies}}


def _p08(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    names = course_params(variant, "make_averaged")
    fn, samples = names["fn"], names["num_samples"]
    averaged_calls = RULES["averaged_calls"].named(fn=fn, num_samples=samples)
    visible = (
        Doctest("make_averaged of test dice", ("dice = make_test_dice(4, 2, 5, 1)",
                                                "averaged_dice = make_averaged(dice, 1000)", "averaged_dice()"),
                setup=SETUP),
        Doctest("make_averaged of a function of two arguments", ("make_averaged(max, 10)(3, 7)",), setup=SETUP),
        Doctest("make_averaged of pow", ("averaged_pow = make_averaged(pow, 5)",
                                                                 "averaged_pow(2, 8)"), setup=SETUP),
        Doctest(f"{fn} is called exactly {samples} times", (
            "calls = []", "def noted(x):\n    calls.append(x)\n    return x",
            "make_averaged(noted, 5)(2)", "calls"), **averaged_calls.checked(), setup=SETUP),
    )
    dice = TestDice(max_len=6)
    rows = [(dice.sample(rng), rng.randint(1, 30)) for _ in range(24)]
    hidden = (Sweep("make_averaged of many test dice",
                    tuple(f"make_averaged({dice.render(o)}, {n})()" for o, n in rows),
                    rule=averaged_calls.text),)
    fuzz = (Fuzz("make_averaged", "make_averaged({}, {})()", (dice, Ints(1, 40)), rule=averaged_calls.text),)
    unlock = (Unlock(("make_averaged(make_test_dice(1, 3), 4)()",)),
              Unlock(("averaged = make_averaged(roll_dice, 2)", "averaged(1, make_test_dice(2, 4))")))
    words = {"fn": fn, "num_samples": samples}
    return {"text": TEXT[text_key(problem)].format(**words), "hint": HINTS.get(text_key(problem), "").format(**words),
            "visible": visible, "hidden": hidden, "fuzz": fuzz, "unlock": unlock,
            "domains": {fn: dice, samples: Ints(1, 40)}}


def clear_best(variant: Variant) -> Callable[[tuple[tuple[int, ...], int]], bool]:
    """Whether test dice and a number of samples give one best number of dice by a clear margin
    (so no floating-point rounding can turn the answer into a tie). Uses the rule's own
    scoring of a roll."""
    roll = variant.rule("dice_outcome").hook

    def accept(value: tuple[tuple[int, ...], int]) -> bool:
        outcomes, samples = value
        averages = []
        for k in range(1, 11):
            dice = make_test_dice(*outcomes)
            averages.append(sum(roll(k, dice) for _ in range(samples)) / samples)
        best = max(averages)
        return sum(a > best - 1e-6 for a in averages) == 1

    return accept


def _p09(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    keyword = course_params(variant, "max_scoring_num_rolls")["num_samples"]
    visible = (
        Doctest("max_scoring_num_rolls(make_test_dice(1, 6))", ("dice = make_test_dice(1, 6)",
                                                               "max_scoring_num_rolls(dice)"), setup=SETUP),
        Doctest("max_scoring_num_rolls(make_test_dice(3))", ("max_scoring_num_rolls(make_test_dice(3), 10)",),
                setup=SETUP),
        Doctest("a tie goes to the lower number", ("max_scoring_num_rolls(make_test_dice(1), 2)",),
                **RULES["ties"].checked(), setup=SETUP),
        Doctest(f"max_scoring_num_rolls(make_test_dice(2, 4, 6, 5), {keyword}=8)",
                (f"max_scoring_num_rolls(make_test_dice(2, 4, 6, 5), {keyword}=8)",), setup=SETUP),
    )
    samples, accept = CycleSamples(keyword=keyword), clear_best(variant)
    rows = []
    while len(rows) < 15:
        value = samples.sample(rng)
        if accept(value):
            rows.append(value)
    hidden = (Sweep("max_scoring_num_rolls with many test dice",
                    tuple(f"max_scoring_num_rolls({samples.render(v)})" for v in rows),
                    rule="the number of dice with the highest average turn score"),)
    fuzz = (Fuzz("max_scoring_num_rolls", "max_scoring_num_rolls({})", (samples,), accept=accept),)
    unlock = (Unlock(("max_scoring_num_rolls(make_test_dice(3), 10)",)),
              Unlock(("max_scoring_num_rolls(make_test_dice(1, 6), 10)",)))
    return {"text": TEXT[text_key(problem)], "hint": HINTS.get(text_key(problem), ""),
            "visible": visible, "hidden": hidden, "fuzz": fuzz, "unlock": unlock, "domains": {"dice": samples}}


def _strategy_problem(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    fn = problem.graded[0]
    scores = score_below_goal(variant)
    extra = OneOf(tuple(range(0, 13)))
    rolls = Ints(0, 10)
    pairs = [(0, 0), (0, 42), (12, 85), (31, 48), (70, 7), (28, 4), (44, 28), (10, 0), (91, 99)]
    first = _margin_reached(variant, problem) if any(rule.family == "zero_dice" for rule in problem.rules) else []
    visible = [*first, *(Doctest(f"{fn}({s}, {o})", (f"{fn}({s}, {o})",), setup=SETUP)
                         for s, o in pairs if max(s, o) < variant.goal)]
    visible.append(Doctest(f"{fn} with other arguments", (f"{fn}(20, 31, 5, 3)", f"{fn}(20, 31, 12, 6)"), setup=SETUP))
    visible += examples_as_doctests(variant, problem, problem.graded)
    own = scores.values()
    everywhere = tuple(f"{fn}({s}, {o})" for o in scores.values() for s in sorted(rng.sample(own, min(12, len(own)))))
    others = tuple(f"{fn}({scores.sample(rng)}, {scores.sample(rng)}, {extra.sample(rng)}, {rolls.sample(rng)})"
                   for _ in range(300))
    hidden = (Sweep(f"{fn} at every opponent's score", everywhere, rule=f"{fn} is right at every pair of scores"),
              Sweep(f"{fn} with other arguments", others, rule=f"{fn} uses its last two arguments"))
    if any(rule.family == "post_turn" and rule.kind == "swap" for rule in problem.rules):
        ties = _ties(variant, fn, max(extra.choices))
        hidden += (Sweep(f"{fn} where zero dice would make the scores equal", ties, rule=RULES["equal_swap"].text),)
        visible.insert(0, Doctest("zero dice that would make the scores equal", ties[:4],
                                  **RULES["equal_swap"].checked(), setup=SETUP))
    fuzz = (Fuzz(fn, f"{fn}({{}}, {{}}, {{}}, {{}})", (scores, scores, extra, rolls)),)
    pair = [(rng.randint(0, variant.goal - 1), rng.randint(0, variant.goal - 1)) for _ in range(2)]
    unlock = (Unlock(tuple(f"{fn}({s}, {o})" for s, o in pair)),)
    text, hint = strategy_words(variant, problem)
    return {"text": text, "hint": hint, "visible": tuple(visible), "hidden": hidden, "fuzz": fuzz, "unlock": unlock,
            "domains": {"score": scores, "opponent_score": scores, "extra": extra, "num_rolls": rolls}}


def _margin_reached(variant: Variant, problem: Problem) -> list[Doctest]:
    """PROBLEM's strategy where rolling zero dice scores exactly its margin of points (and one point
    short of it), the margin named as the course names it."""
    fn, turn = problem.graded[0], turn_of(variant)
    option, num_rolls = strategy_options(variant, problem)
    requirement = RULES["margin"].named(option=option, num_rolls=num_rolls)
    for opponent in (42, 17, 35, 8, 0):
        if opponent < variant.goal:
            points = turn.zero_points(player_score=12, opponent_score=opponent)
            calls = (f"{fn}(12, {opponent}, {points}, 6)", f"{fn}(12, {opponent}, {points + 1}, 6)")
            return [Doctest(f"zero dice that score exactly {option}", calls, **requirement.checked(), setup=SETUP)]
    return []


def strategy_template(variant: Variant, problem: Problem) -> str:
    """The template that writes the strategy of a rule_strategy PROBLEM (``swap_strategy``)."""
    entry = next(entry for entry in variant.interface.problems if entry.id == problem.id)
    return template_of(variant, entry.functions[0]) or ""


def plain_strategy(variant: Variant) -> Problem:
    """The problem of the strategy of the zero-dice rule, the one the others fall back on."""
    return next(p for p in variant.problems if p.kind == "rule_strategy" and p.rules[0].family == "zero_dice")


def strategy_options(variant: Variant, problem: Problem) -> tuple[str, str]:
    """The course's names of the last two parameters of PROBLEM's strategy: the margin (or threshold,
    or cutoff) of points, then the number of dice it rolls otherwise."""
    template = strategy_template(variant, problem)
    names = course_params(variant, template)
    option, num_rolls = template_signature(template).names[2:4]
    return names[option], names[num_rolls]


def strategy_words(variant: Variant, problem: Problem) -> tuple[str, str]:
    """What a rule_strategy PROBLEM asks (in the course's names), and its hint."""
    option, num_rolls = strategy_options(variant, problem)
    plain = plain_strategy(variant)
    text = TEXT[f"rule_strategy:{strategy_template(variant, problem)}"].format(
        option=option, num_rolls=num_rolls, plain=plain.graded[0], plain_label=plain.label)
    return text, HINTS.get(text_key(problem), "").format(OPTION=option.upper())


def _ties(variant: Variant, fn: str, most: int) -> tuple[str, ...]:
    """Calls of FN at every pair of scores where rolling zero dice would leave the mover's score
    equal to the opponent's, with the largest margin up to MOST that zero dice reaches and the
    smallest it does not (numbers of dice in turn from 1 to 10)."""
    turn, calls = turn_of(variant), []
    for opponent in range(variant.goal):
        for score in range(opponent + 1):
            points = turn.zero_points(player_score=score, opponent_score=opponent)
            if score + points != opponent:
                continue
            for margin in sorted({min(points, most), min(points + 1, most)}):
                calls.append(f"{fn}({score}, {opponent}, {margin}, {len(calls) % 10 + 1})")
    return tuple(calls)


def _p12(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    goal, legal = variant.goal, list(variant.legal_rolls)
    legal_ints = RULES["legal_dice"].named(legal=str(legal))
    visible = (Doctest("final_strategy gives a legal number of dice", (
        f"answers = [final_strategy(s, o) for s in range(0, {goal}, 7) for o in range(0, {goal}, 5)]",
        f"all(type(n) is int and n in {legal} for n in answers)"), **legal_ints.checked(), setup=SETUP),)
    hidden = (Sweep("final_strategy at every pair of scores",
                    (f"[final_strategy(s, o) for s in range({goal}) for o in range({goal})]",),
                    rule=legal_ints.text, judge="legal", seconds=TIME_BUDGET),)
    unlock = (choice("Which values may final_strategy return?", "Only legal numbers of dice",
                      ("Any integer", "A probability", "A list of rolls")),)
    return {"text": TEXT[text_key(problem)], "hint": HINTS.get(text_key(problem), ""),
            "visible": visible, "hidden": hidden, "unlock": unlock,
            "domains": {"score": score_below_goal(variant), "opponent_score": score_below_goal(variant)}}


def _is_always_roll_in_game(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    """Problem 7 where the page asks about the scores of a game to the goal and leaves open whether
    a program also asks the strategy at the goal: no test tells the two apart."""
    return _is_always_roll(variant, problem, rng, at_goal=False)


BUILDERS = {"always_roll": _always_roll, "is_always_roll": _is_always_roll,
            "is_always_roll_in_game": _is_always_roll_in_game, "make_averaged": _p08,
            "max_scoring": _p09, "rule_strategy": _strategy_problem, "final_strategy": _p12}
