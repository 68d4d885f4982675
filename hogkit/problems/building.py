"""The building blocks of the problems' tests: calls of ``play``, the seed's scripted games, the
rules' worked examples, sweeps and fuzzed properties over a function's domains.

Every test runs where the course's own tests run (the kit's checker, okpy, a notebook), so the
small functions a visible test needs (a scripted strategy, an echoing commentary) are written
into the test itself.
"""

from __future__ import annotations

import ast
import inspect
import math
import random
from collections.abc import Iterable
from dataclasses import replace

from hogkit.naming import course_name, kit_course
from hogkit.problem_layout import Problem, first_problems
from hogkit.problems.checks import Doctest, Fuzz, Sweep, Unlock
from hogkit.problems.domains import GameStart, Strategies, TestDice, parameter_domain
from hogkit.rules import Rule, Story
from hogkit.turn import turn_of
from hogkit.variant import Variant

SETUP = ("from hog import *",)
TEST_GOALS = (11, 30, 50, 100)
GAME_DICE = TestDice(max_len=9, low=2)  # games test play: no 1s, so Pig Out (roll_dice's rule) never decides one
WILD_DICE = TestDice(sides=4, max_len=5, low=2)

# Small functions that visible tests define for themselves, so the tests also run unchanged in
# okpy and in a notebook.
SCRIPTED = (
    "def scripted(moves, default):\n"
    "    def strategy(score, opponent_score):\n"
    "        return moves.get((score, opponent_score), default)\n"
    "    return strategy"
)
SCRIPTED_SHARED = (
    "def scripted_pair(moves, default):\n"
    "    def strategy(score, opponent_score):\n"
    "        return moves.get((min(score, opponent_score), max(score, opponent_score)), default)\n"
    "    return strategy"
)
PICKS = (
    "def picks(*choices):\n"
    "    def strategy(score, opponent_score):\n"
    "        return choices[(score + 3 * opponent_score) % len(choices)]\n"
    "    return strategy"
)
ECHO = "def echo(score0, score1):\n    print(score0, score1)\n    return echo"
COUNT_SAYS = (
    "def count(n):\n"
    "    def say(score0, score1):\n"
    "        print(n)\n"
    "        return count(n + 1)\n"
    "    return say"
)
# A strategy that always rolls n dice, for the tests of a problem that comes before the one that
# asks students for always_roll (the grader's helper of the same name, written into the test).
FIXED_ROLLS = (
    "def fixed_rolls(n):\n"
    "    def strategy(score, opponent_score):\n"
    "        return n\n"
    "    return strategy"
)
COUNTED_STRATEGY = (
    "def counted(n, calls):\n"
    "    def strategy(score, opponent_score):\n"
    "        calls.append(n)\n"
    "        return n\n"
    "    return strategy"
)


def text_key(problem: Problem) -> str:
    """The key of a problem's words and hint: its kind, and for a kind about one rule, the family
    of the rule it teaches (``rule_functions:zero_dice``)."""
    if problem.kind in ("rule_functions", "rule_strategy") and problem.rules:
        return f"{problem.kind}:{problem.rules[0].family}"
    return problem.kind


def update_name(variant: Variant, *, later: bool) -> str:
    """The update function a game of an update-style kit is played with: the one with every rule
    when LATER, else the one without the rules after the turn ('' for a kit whose play takes none)."""
    if variant.interface.play != "update":
        return ""
    course = kit_course(variant)
    return course.signatures["rules_update" if later else "simple_update"].name


def play_call(variant: Variant, strategy0: str, strategy1: str, *, dice: str, later: bool,
              start: tuple[int, int] = (0, 0), goal: int | None = None, say: str = "",
              wild: str = "make_test_dice(3, 2, 4, 1)") -> str:
    """A call of ``play`` with test dice only, in the course's signature. LATER switches the rules
    of Problem 5b on or off (in an update-style kit: plays with the update function of every rule,
    or the simple one); a variant with Hog Wild always gets test dice for its wild turns too."""
    args = {"strategy0": strategy0, "strategy1": strategy1, "dice": dice}
    if start != (0, 0):
        args.update(score0=str(start[0]), score1=str(start[1]))
    if goal is not None:
        args["goal"] = str(goal)
    if say:
        args["say"] = say
    if variant.interface.play == "update":
        args["update"] = update_name(variant, later=later)
    call = kit_course(variant).call("play", args, keywords=("score0", "score1", "dice", "goal", "say"))
    extra = []
    select = variant.rule("dice_select")
    if select is not None:
        extra.append(f"{select.play_flag}={wild}")
    if not later:
        extra += [f"{flag}=False" for flag in variant.play_flags()]
    return call[:-1] + "".join(f", {arg}" for arg in extra) + ")"


def rolls_always(variant: Variant, problem: Problem, n: int) -> str:
    """A strategy that always rolls N dice, as a test of PROBLEM writes it: the kit's ``always_roll``
    where students have it by then (given in hog.py, or written in an earlier problem), else the
    test's own ``fixed_rolls`` (see :func:`with_local_helpers`): a student who works in the course's
    order passes the test before writing the later problem."""
    name = course_name(variant, "always_roll")
    owner = first_problems(variant.problems).get(name)
    order = [p.id for p in variant.problems]
    if owner is not None and order.index(owner) >= order.index(problem.id):
        return f"fixed_rolls({n})"
    return f"{name}({n})"


def with_local_helpers(statements: Iterable[str]) -> tuple[str, ...]:
    """STATEMENTS, after the definition of each test-local helper they call and do not define."""
    statements = tuple(statements)
    uses = any("fixed_rolls(" in s for s in statements) and not any(s.startswith("def fixed_rolls(")
                                                                     for s in statements)
    return (FIXED_ROLLS, *statements) if uses else statements


def dice_text(outcomes: Iterable[int]) -> str:
    return f"make_test_dice({', '.join(map(str, outcomes))})"


def story_doctest(variant: Variant, story: Story, *, later: bool, shared: bool = False) -> Doctest | None:
    """A seed's scripted game replayed through ``play``: each player's strategy answers the
    scores of each of their turns in the story, and the dice come up as the story says. None if
    a player meets the same scores twice with different choices (no strategy of the scores could
    play it). SHARED: both players play one strategy of the pair of scores, whoever comes first
    (so only the rules, not how ``play`` asks the strategies, decide the game)."""
    moves: list[dict[tuple[int, int], int]] = [{}, {}]
    six, four = [], []
    scores = list(story.start)
    seen = [max(story.start)]
    for turn in story.turns:
        own, other = scores[turn.player], scores[1 - turn.player]
        if moves[turn.player].get((own, other), turn.rolls) != turn.rolls:
            return None
        moves[turn.player][(own, other)] = turn.rolls
        (four if turn.sides == 4 else six).extend(turn.outcomes)
        scores = list(turn.scores)
        seen.append(max(turn.scores))
    final = max(scores)
    if final >= variant.goal and max(seen[:-1]) < variant.goal:
        goal = variant.goal
    elif final > max(seen[:-1]):
        goal = final
    else:
        goal = max(seen) + 1
    strategies = [f"scripted({dict(sorted(m.items()))!r}, 5)" for m in moves]
    helper = SCRIPTED
    if shared:
        pairs: dict[tuple[int, int], int] = {}
        for (own, other), rolls in (item for m in moves for item in m.items()):
            key = (min(own, other), max(own, other))
            if pairs.setdefault(key, rolls) != rolls:
                return None
        strategies, helper = [f"scripted_pair({dict(sorted(pairs.items()))!r}, 5)"] * 2, SCRIPTED_SHARED
    call = play_call(variant, *strategies, dice=dice_text(six or [6]), start=story.start, goal=goal,
                     later=later, wild=dice_text(four or [3]))
    return Doctest(f"a game from the rules: {story.title}", (helper, call),
                   rule=f"{story.title}: every turn of this game goes as the rules say", setup=SETUP)


def within_domains(variant: Variant, rules: Iterable[Rule], call: str) -> bool:
    """Whether CALL (``fn(arg, ...)``, plain arguments) calls one of the RULES' functions on inputs
    inside their domains; calls of anything else are left to whoever runs them."""
    tree = ast.parse(call, mode="eval").body
    if not isinstance(tree, ast.Call) or not isinstance(tree.func, ast.Name) or tree.keywords:
        return True
    functions = {f.__name__: f for rule in rules for f in rule.functions}
    function = functions.get(tree.func.id)
    if function is None:
        return True
    names = list(inspect.signature(function).parameters)
    for name, arg in zip(names, tree.args, strict=False):
        if name == "dice":
            continue
        try:
            value = eval(compile(ast.Expression(arg), "<example>", "eval"), {"__builtins__": {}})  # noqa: S307
        except Exception:  # noqa: BLE001 - not a plain value: nothing to check
            continue
        if value not in parameter_domain(variant, function.__name__, name):
            return False
    return True


def rule_examples(variant: Variant, rules: Iterable[Rule], names: set[str]) -> list[tuple[Rule, str, str]]:
    """The rules' worked examples that call one of NAMES on inputs the spec allows: (rule, call, note)."""
    found = []
    for rule in rules:
        for example in rule.examples:
            if example.requires and not example.requires <= variant.rule_ids:
                continue
            if any(f"{name}(" in example.call for name in names) and within_domains(variant, [rule], example.call):
                found.append((rule, example.call, example.note))
    return found


def rule_hint(rule: Rule) -> str:
    """The hint of a worked example of RULE: the rule itself, as the course states it (whether the
    rule is what went wrong, the checker tells from the output: :mod:`hogkit.generate.diagnoses`)."""
    return f"This case is a worked example of {rule.title}. {rule.summary}"


def problem_hint(general: str, problem: Problem) -> str:
    """The hint of a case with none of its own: the problem's GENERAL advice, then each rule the
    problem adds, stated, since a case of such a problem usually fails on one of them."""
    stated = " ".join(f"{rule.title}: {rule.summary}" for rule in problem.rules)
    return " ".join(part for part in (general, stated) if part)


def examples_as_doctests(variant: Variant, problem: Problem, names: Iterable[str]) -> list[Doctest]:
    return [Doctest(f"{rule.title}: {call}", (call,), rule=f"{rule.title}: {note}", setup=SETUP, hint=rule_hint(rule))
            for rule, call, note in rule_examples(variant, problem.rules, set(names))]


def calls_of_rows(domain_rows: Iterable[tuple], fn: str) -> tuple[str, ...]:
    return tuple(f"{fn}({', '.join(row)})" for row in domain_rows)


def function_sweep(variant: Variant, fn: str, params: list[str], rng: random.Random, *, limit: int) -> Sweep:
    """Every combination of the parameters' values when there are at most LIMIT, else LIMIT drawn
    ones (always including each value of the first parameter). Test dice have no list of values:
    they are drawn for every call."""
    domains = [parameter_domain(variant, fn, p) for p in params]
    values = [d.values() if hasattr(d, "values") else None for d in domains]

    def draw(i: int) -> object:
        return rng.choice(values[i]) if values[i] is not None else domains[i].sample(rng)

    size = 1
    for v in values:
        size = size * len(v) if v is not None and size is not None else None
    if size is not None and size <= limit:
        rows: list[tuple] = [()]
        for v in values:
            rows = [(*row, x) for row in rows for x in v]
    else:
        rows = [(x, *(draw(i) for i in range(1, len(values)))) for x in values[0]]
        while len(rows) < limit:
            rows.append(tuple(draw(i) for i in range(len(values))))
    text = [tuple(d.render(x) for d, x in zip(domains, row, strict=True)) for row in rows]
    return Sweep(f"{fn} over its whole domain", calls_of_rows(text, fn), rule=f"{fn} is right for every allowed input")


def function_fuzz(variant: Variant, fn: str, params: list[str]) -> Fuzz:
    domains = tuple(parameter_domain(variant, fn, p) for p in params)
    return Fuzz(fn, f"{fn}({', '.join('{}' for _ in params)})", domains)


def zero_dice_rule(variant: Variant) -> Rule:
    """The rule that scores a turn of zero dice."""
    return turn_of(variant).rule("zero")


def zero_dice_name(variant: Variant) -> str:
    """The name of the function that scores a turn of zero dice."""
    return zero_dice_rule(variant).hook_name


def games_to_check(variant: Variant, rng: random.Random, count: int, *, later: bool) -> list[Doctest]:
    """Games with strategies that pick by the scores, random starts and dice: visible, so the
    checker runs them too."""
    strategies, start = play_strategies(variant, later=later), GameStart(TEST_GOALS)
    tests = []
    for number in range(1, count + 1):
        s0, s1, goal = start.sample(rng)
        picked = [", ".join(map(str, strategies.sample(rng))) for _ in range(2)]
        dice, wild = GAME_DICE.render(GAME_DICE.sample(rng)), WILD_DICE.render(WILD_DICE.sample(rng))
        call = play_call(variant, f"picks({picked[0]})", f"picks({picked[1]})", dice=dice, start=(s0, s1),
                         goal=goal, later=later, wild=wild)
        rules = " and every rule" if later and update_name(variant, later=True) else ""
        tests.append(Doctest(f"a game with strategies that look at the scores{rules} ({number})",
                             (PICKS, f"s0, s1 = {call}", "s0, s1"), setup=SETUP))
    return tests


def play_strategies(variant: Variant, *, later: bool) -> Strategies:
    return Strategies(tuple(r for r in variant.legal_rolls if later or r >= 0))


def random_games(variant: Variant, rng: random.Random, count: int, *, later: bool, say: str = "") -> tuple[str, ...]:
    strategies, start, dice = play_strategies(variant, later=later), GameStart(TEST_GOALS), GAME_DICE
    calls = []
    for _ in range(count):
        s0, s1, goal = start.sample(rng)
        calls.append(play_call(variant, strategies.render(strategies.sample(rng)),
                               strategies.render(strategies.sample(rng)), dice=dice.render(dice.sample(rng)),
                               start=(s0, s1), goal=goal, later=later, say=say,
                               wild=WILD_DICE.render(WILD_DICE.sample(rng))))
    return tuple(calls)


def play_fuzz(variant: Variant, *, later: bool, say: str = "", name: str = "play", output: bool = False) -> Fuzz:
    update = update_name(variant, later=later)
    if update:
        return Fuzz(name, f"play({{}}, {{}}, {update}, {{}}, dice={{}})",
                    (play_strategies(variant, later=later), play_strategies(variant, later=later),
                     GameStart(TEST_GOALS), GAME_DICE), output=output)
    flags = "".join(f", {flag}={later}" for flag in variant.play_flags())
    select = variant.rule("dice_select")
    wild = f", {select.play_flag}={{}}" if select is not None else ""
    say_arg = f", say={say}" if say else ""
    args: tuple = (play_strategies(variant, later=later), play_strategies(variant, later=later),
                   GameStart(TEST_GOALS), GAME_DICE)
    if select is not None:
        args += (WILD_DICE,)
    return Fuzz(name, f"play({{}}, {{}}, {{}}, dice={{}}{say_arg}{wild}{flags})", args, output=output)


def stories(variant: Variant, rules: Iterable[Rule], *, later: bool, shared: bool = False) -> list[Doctest]:
    tests = []
    for rule in rules:
        for story in rule.stories:
            if story.requires and not story.requires <= variant.rule_ids:
                continue
            test = story_doctest(variant, story, later=later, shared=shared)
            if test is not None:
                tests.append(replace(test, hint=rule_hint(rule)))
    return tests


def bank_play(variant: Variant, problem: Problem, rng: random.Random, *, later: bool) -> tuple[str, ...]:
    """The statements of an unlocking question about a game of PROBLEM's ``play``."""
    rolls = [r for r in variant.legal_rolls if r >= 0 or later]
    dice = TestDice(min_len=2, max_len=7)
    first, second = (rolls_always(variant, problem, rng.choice(rolls)) for _ in range(2))
    return with_local_helpers((play_call(variant, first, second, dice=dice.render(dice.sample(rng)),
                                         goal=rng.choice((20, 30, 40)), later=later),))


def domain_size(variant: Variant, fn: str, params: list[str]) -> float:
    """How many calls the parameters' domains make (infinitely many with test dice, which are drawn)."""
    size = 1
    for p in params:
        domain = parameter_domain(variant, fn, p)
        if not hasattr(domain, "values"):
            return math.inf
        size *= len(domain.values())
    return size


def required_parameters(problem: Problem, fn: str) -> list[str]:
    """The parameters of FN, one of the problem's rules' functions (from the rule's own code), that
    its tests give: the required ones, and the dice (a function that rolls is judged on test dice,
    never on fair ones)."""
    for rule in problem.rules:
        for function in rule.functions:
            if function.__name__ == fn:
                return [p.name for p in inspect.signature(function).parameters.values()
                        if p.default is p.empty or p.name == "dice"]
    raise KeyError(f"{fn} is not a function of {problem.label}'s rules")


class RawOutcomes(TestDice):
    """Test dice outcomes written as a tuple (for ``dice_calls``), not as a call."""

    def render(self, value: tuple[int, ...]) -> str:
        """The outcomes as a tuple."""
        return repr(tuple(value))


def choice(prompt: str, answer: str, wrong: tuple[str, ...]) -> Unlock:
    return Unlock(prompt=prompt, answer=answer, choices=tuple(sorted((answer, *wrong))))


def below_goal(variant: Variant, score: int) -> int:
    """SCORE, kept inside the scores a game can have (0 to goal - 1) whatever the variant's goal."""
    return max(0, min(score, variant.goal - 1))
