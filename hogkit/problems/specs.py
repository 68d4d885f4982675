"""Each problem of a kit, stated once: what it asks, its input domains and every test of it.

The question bank, the grader (visible tests, hidden sweeps, fuzzing), the notebooks and the
generated docs read a problem from here and nowhere else. Tests call only the functions the
course's own skeleton names (a problem's ``graded`` functions), on inputs inside the domains of
:mod:`hogkit.problems.domains`, and choose inputs whose right answer the seed fixes: test dice,
strategies that depend only on the scores, and experiments whose result cannot depend on the
order in which a program tries things. The functions HogKit adds to guide students are tested in
``guidance`` only, and no points depend on them.

Expected answers are never written here: whoever runs a test works them out from the reference.
"""

from __future__ import annotations

import ast
import inspect
import random
from collections.abc import Callable, Iterable
from functools import lru_cache

from hogkit.kit.dice import make_test_dice
from hogkit.problems.checks import Doctest, Fuzz, ProblemSpec, Sweep, Unlock
from hogkit.problems.domains import (
    CycleSamples,
    GameStart,
    Ints,
    OneOf,
    ScoreWalk,
    Strategies,
    TestDice,
    max_turn_points,
    parameter_domain,
    score_after_turn,
    score_below_goal,
)
from hogkit.problems.layout import Problem
from hogkit.rules import Rule, Story
from hogkit.variant import Variant

SEED = 20191
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
COUNTED_STRATEGY = (
    "def counted(n, calls):\n"
    "    def strategy(score, opponent_score):\n"
    "        calls.append(n)\n"
    "        return n\n"
    "    return strategy"
)

TEXT = {
    "00": "Dice are functions of no arguments that return one outcome. `six_sided` is fair; "
          "`make_test_dice(...)` returns the outcomes you give it, in a cycle, so tests can "
          "decide what comes up.",
    "01": "`roll_dice` rolls the dice `num_rolls` times and returns the points for the turn. "
          "Call `dice()` exactly `num_rolls` times, even after a bad outcome: all the dice are "
          "rolled together.",
    "02": "Rolling zero dice scores points that depend only on the opponent's score (always below "
          "the goal).",
    "03": "`take_turn` puts the two together: zero dice use the zero-dice rule, one or more use "
          "`roll_dice`. Call those functions rather than repeating their work.",
    "04": "After a turn's points are added, one more rule may change the scores.",
    "05a": "`play` simulates a whole game: players take turns, each turn asks the mover's "
           "strategy (once) how many dice to roll, and the game ends as soon as a score reaches "
           "the goal.",
    "05b": "Add the rule below to `play`; the tests call `play` with it switched on and off.",
    "06": "`play` calls the commentary function `say` after every turn with both scores, and "
          "uses what it returns as the commentary for the next turn.",
    "07": "`announce_highest` returns a commentary function that prints when one player gains "
          "more points in a turn than ever before in the game.",
    "08": "`make_averaged` returns a function that calls another `num_samples` times with the "
          "same arguments and returns the average result.",
    "09": "`max_scoring_num_rolls` finds the number of dice (1 to 10) with the highest average "
          "turn score; a tie goes to the lower number.",
    "10": "A strategy that rolls zero dice when that scores at least `margin` points.",
    "11": "A strategy that uses the post-turn rule: roll zero dice when the resulting change helps, "
          "never when it hurts, and otherwise behave like the Problem 10 strategy.",
    "12": "`final_strategy` is your best strategy: any legal number of dice at every pair of "
          "scores, always the same for the same scores.",
}

HINTS = {
    "01": "Roll every one of the NUM_ROLLS dice, even after a 1 shows up.",
    "02": "Take the digits of the score with // 10 % 10 and % 10.",
    "03": "Zero dice means the zero-dice rule; otherwise roll the dice with roll_dice.",
    "04": "Work out the rule for each score, then compare.",
    "05a": "Alternate players with other(who), ask each strategy once per turn, and stop as soon "
           "as a score reaches the goal.",
    "05b": "Keep track of what the rule needs (the previous rolls, the turn number) for each turn.",
    "06": "Call say after every turn and keep the function it returns for the next turn.",
    "07": "Return a new commentary function that remembers the latest score and the highest gain.",
    "08": "Return a function that takes *args and calls FN NUM_SAMPLES times with them.",
    "09": "Average roll_dice over each number of dice from 1 to 10; keep the first best.",
    "10": "Compare the points of rolling zero dice with MARGIN.",
    "11": "Work out the score after rolling zero dice, then whether the rule would help or hurt.",
}

RULES = {
    "dice_calls": "roll_dice calls dice() exactly num_rolls times, even after a 1 comes up "
                  "(all the dice are rolled together)",
    "uses_roll_dice": "take_turn calls roll_dice to score the dice it rolls",
    "uses_zero_dice": "take_turn calls {name} to score a turn of zero dice",
    "one_call_per_turn": "play calls each strategy exactly once per turn, with the mover's score first",
    "goal": "the game ends as soon as a score reaches the goal at the end of a turn",
    "say_each_turn": "play calls say at the end of every turn, with the scores as the turn leaves them (after "
                     "any swap), and calls the function say returned at the end of the next turn",
    "commentary_pure": "a commentary function's only effect is to print: calling an old one again "
                       "behaves the same",
    "averaged_calls": "the averaged function calls fn exactly num_samples times with the same arguments",
    "ties": "a tie goes to the lower number of dice",
}


# --------------------------------------------------------------------------- building blocks


def play_call(variant: Variant, strategy0: str, strategy1: str, *, dice: str, later: bool,
              start: tuple[int, int] = (0, 0), goal: int | None = None, say: str = "",
              wild: str = "make_test_dice(3, 2, 4, 1)") -> str:
    """A call of ``play`` with test dice only. LATER switches the rule of Problem 5b on or off;
    a variant with Hog Wild always gets test dice for its wild turns too."""
    args = [strategy0, strategy1]
    if start != (0, 0):
        args += [f"score0={start[0]}", f"score1={start[1]}"]
    args.append(f"dice={dice}")
    if goal is not None:
        args.append(f"goal={goal}")
    if say:
        args.append(f"say={say}")
    select = variant.rule("dice_select")
    if select is not None:
        args.append(f"{select.play_flag}={wild}")
    if not later:
        args += [f"{flag}=False" for flag in variant.play_flags()]
    return f"play({', '.join(args)})"


def _dice_text(outcomes: Iterable[int]) -> str:
    return f"make_test_dice({', '.join(map(str, outcomes))})"


def story_doctest(variant: Variant, story: Story, *, later: bool) -> Doctest | None:
    """A seed's scripted game replayed through ``play``: each player's strategy answers the
    scores of each of their turns in the story, and the dice come up as the story says. None if
    a player meets the same scores twice with different choices (no strategy of the scores could
    play it)."""
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
    call = play_call(variant, *strategies, dice=_dice_text(six or [6]), start=story.start, goal=goal,
                     later=later, wild=_dice_text(four or [3]))
    return Doctest(f"the seed's game: {story.title}", (SCRIPTED, call),
                   rule=f"{story.title}: the turns of this game, as the rules of the seed play them",
                   setup=SETUP)


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


def _rule_examples(variant: Variant, rules: Iterable[Rule], names: set[str]) -> list[tuple[Rule, str, str]]:
    """The rules' worked examples that call one of NAMES on inputs the spec allows: (rule, call, note)."""
    found = []
    for rule in rules:
        for example in rule.examples:
            if example.requires and not example.requires <= variant.rule_ids:
                continue
            if any(f"{name}(" in example.call for name in names) and within_domains(variant, [rule], example.call):
                found.append((rule, example.call, example.note))
    return found


def _examples_as_doctests(variant: Variant, problem: Problem, names: Iterable[str]) -> list[Doctest]:
    return [Doctest(f"{rule.title}: {call}", (call,), rule=f"{rule.title}: {note}", setup=SETUP)
            for rule, call, note in _rule_examples(variant, problem.rules, set(names))]


def _calls(domain_rows: Iterable[tuple], fn: str) -> tuple[str, ...]:
    return tuple(f"{fn}({', '.join(row)})" for row in domain_rows)


def _function_sweep(variant: Variant, fn: str, params: list[str], rng: random.Random, *, limit: int) -> Sweep:
    """Every combination of the parameters' values when there are at most LIMIT, else LIMIT drawn
    ones (always including each value of the first parameter)."""
    domains = [parameter_domain(variant, fn, p) for p in params]
    values = [d.values() for d in domains]
    size = 1
    for v in values:
        size *= len(v)
    if size <= limit:
        rows: list[tuple] = [()]
        for v in values:
            rows = [(*row, x) for row in rows for x in v]
    else:
        rows = [(x, *(rng.choice(v) for v in values[1:])) for x in values[0]]
        while len(rows) < limit:
            rows.append(tuple(rng.choice(v) for v in values))
    text = [tuple(d.render(x) for d, x in zip(domains, row, strict=True)) for row in rows]
    return Sweep(f"{fn} over its whole domain", _calls(text, fn), rule=f"{fn} is right for every allowed input")


def _function_fuzz(variant: Variant, fn: str, params: list[str]) -> Fuzz:
    domains = tuple(parameter_domain(variant, fn, p) for p in params)
    return Fuzz(fn, f"{fn}({', '.join('{}' for _ in params)})", domains)


def _zero_dice_name(variant: Variant) -> str:
    return variant.rules["zero_dice"].hook_name


# --------------------------------------------------------------------------- each problem


def _p00(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    unlock = (
        Unlock(("dice = make_test_dice(4, 1, 2)", "dice()", "dice()", "dice()", "dice()")),
        Unlock(("make_test_dice()",)),
        Unlock(("dice = make_test_dice(2)", "while dice() != 1: pass"), loops=True),
        _choice("Why is a die like six_sided not a pure function?", "Each call may return a different value",
                ("It prints its outcome", "It takes arguments", "It changes the scores")),
    )
    return {"unlock": unlock}


def _p01(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    visible = _examples_as_doctests(variant, problem, problem.graded) + [
        Doctest("roll_dice(2, make_test_dice(4, 6))", ("roll_dice(2, make_test_dice(4, 6))",), setup=SETUP),
        Doctest("roll_dice(3, make_test_dice(4, 1, 6))", ("roll_dice(3, make_test_dice(4, 1, 6))",), setup=SETUP),
        Doctest("roll_dice(9, make_test_dice(6))", ("roll_dice(9, make_test_dice(6))",), setup=SETUP),
        Doctest("dice() is called exactly num_rolls times",
                ("counted_dice = make_test_dice(4, 1, 2, 6)", "roll_dice(3, counted_dice)",
                 "roll_dice(1, counted_dice)"), rule=RULES["dice_calls"], setup=SETUP),
    ]
    dice = TestDice()
    rows = [(k, dice.sample(rng)) for k in range(1, 11) for _ in range(8)]
    hidden = (
        Sweep("roll_dice over 1 to 10 dice", tuple(f"roll_dice({k}, {dice.render(o)})" for k, o in rows),
              rule="roll_dice is right for every number of dice from 1 to 10"),
        Sweep("how many times roll_dice calls dice()",
              tuple(f"roll_and_count({k}, {o!r})" for k, o in rows[::2]), rule=RULES["dice_calls"]),
    )
    fuzz = (
        Fuzz("roll_dice", "roll_dice({}, {})", (Ints(1, 10), dice)),
        Fuzz("dice calls of roll_dice", "roll_and_count({}, {})", (Ints(1, 10), _RawOutcomes()),
             rule=RULES["dice_calls"]),
    )
    unlock = (
        Unlock(("roll_dice(2, make_test_dice(3, 5))",)),
        Unlock(("roll_dice(0, make_test_dice(3))",)),
        Unlock(("dice = make_test_dice(4, 6, 2)", "roll_dice(2, dice)", "dice()")),
    )
    return {"visible": visible, "hidden": hidden, "fuzz": fuzz, "unlock": unlock}


class _RawOutcomes(TestDice):
    """Test dice outcomes written as a tuple (for ``roll_and_count``), not as a call."""

    def render(self, value: tuple[int, ...]) -> str:
        """The outcomes as a tuple."""
        return repr(tuple(value))


def _simple_function_problem(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    """Problems 2 and 4: the rule's functions, called directly."""
    visible = _examples_as_doctests(variant, problem, problem.graded)
    guidance = _examples_as_doctests(variant, problem, problem.helpers)
    hidden, fuzz, domains = [], [], {}
    for fn in problem.graded:
        params = _required_parameters(problem, fn)
        domains.update({p: parameter_domain(variant, fn, p) for p in params})
        sweep = _function_sweep(variant, fn, params, rng, limit=6000)
        hidden.append(sweep)
        if len(sweep.calls) < _domain_size(variant, fn, params):
            fuzz.append(_function_fuzz(variant, fn, params))
    return {"visible": visible, "guidance": guidance, "hidden": tuple(hidden), "fuzz": tuple(fuzz),
            "domains": domains}


def _domain_size(variant: Variant, fn: str, params: list[str]) -> int:
    size = 1
    for p in params:
        size *= len(parameter_domain(variant, fn, p).values())
    return size


def _required_parameters(problem: Problem, fn: str) -> list[str]:
    """The required parameters of FN, one of the problem's rules' functions (from the rule's own code)."""
    for rule in problem.rules:
        for function in rule.functions:
            if function.__name__ == fn:
                return [p.name for p in inspect.signature(function).parameters.values() if p.default is p.empty]
    raise KeyError(f"{fn} is not a function of {problem.label}'s rules")


def _p03(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    zero = _zero_dice_name(variant)
    visible = _examples_as_doctests(variant, problem, problem.graded) + [
        Doctest("take_turn(2, 0, make_test_dice(4, 5, 1))", ("take_turn(2, 0, make_test_dice(4, 5, 1))",),
                setup=SETUP),
        Doctest("take_turn(3, 20, make_test_dice(4, 1, 6))", ("take_turn(3, 20, make_test_dice(4, 1, 6))",),
                setup=SETUP),
        Doctest("take_turn(0, 47)", ("take_turn(0, 47)",), setup=SETUP),
        Doctest("take_turn(0, 5)", ("take_turn(0, 5)",), setup=SETUP),
        Doctest("take_turn calls roll_dice", (
            "def fake_roll_dice(num_rolls, dice):\n    print('roll_dice was called')\n    return 9002",
            "hog.roll_dice, real_roll_dice = fake_roll_dice, hog.roll_dice",
            "hog.take_turn(5, 0)",
        ), rule=RULES["uses_roll_dice"], setup=("import hog",), teardown=("hog.roll_dice = real_roll_dice",)),
        Doctest(f"take_turn calls {zero}", (
            f"def fake_zero(score):\n    print('{zero} was called')\n    return 7",
            f"hog.{zero}, real_zero = fake_zero, hog.{zero}",
            "hog.take_turn(0, 30)",
        ), rule=RULES["uses_zero_dice"].format(name=zero), setup=("import hog",),
            teardown=(f"hog.{zero} = real_zero",)),
    ]
    guidance = _examples_as_doctests(variant, problem, problem.helpers)
    dice, scores = TestDice(), score_below_goal(variant)
    rows = [(k, scores.sample(rng), dice.sample(rng)) for k in range(0, 11) for _ in range(12)]
    hidden = (Sweep("take_turn over 0 to 10 dice and scores below the goal",
                    tuple(f"take_turn({k}, {s}, {dice.render(o)})" for k, s, o in rows),
                    rule="take_turn is right for every number of dice and opponent's score"),)
    fuzz = (Fuzz("take_turn", "take_turn({}, {}, {})", (Ints(0, 10), scores, dice)),)
    unlock = (
        Unlock((f"take_turn(2, 0, make_test_dice({', '.join(str(rng.randint(2, 6)) for _ in range(3))}))",)),
        Unlock((f"take_turn(0, {rng.randint(10, variant.goal - 1)})",)),
        Unlock(("take_turn(11, 0)",)),
    )
    domains = {"num_rolls": Ints(0, 10), "opponent_score": scores, "dice": dice}
    return {"visible": visible, "guidance": guidance, "hidden": hidden, "fuzz": fuzz, "unlock": unlock,
            "domains": domains}


def _games_to_check(variant: Variant, rng: random.Random, count: int, *, later: bool) -> list[Doctest]:
    """Games with strategies that pick by the scores, random starts and dice: visible, so the
    checker runs them too."""
    strategies, start = _play_strategies(variant, later=later), GameStart(TEST_GOALS)
    tests = []
    for number in range(1, count + 1):
        s0, s1, goal = start.sample(rng)
        picked = [", ".join(map(str, strategies.sample(rng))) for _ in range(2)]
        dice, wild = GAME_DICE.render(GAME_DICE.sample(rng)), WILD_DICE.render(WILD_DICE.sample(rng))
        call = play_call(variant, f"picks({picked[0]})", f"picks({picked[1]})", dice=dice, start=(s0, s1),
                         goal=goal, later=later, wild=wild)
        tests.append(Doctest(f"a game with strategies that look at the scores ({number})",
                             (PICKS, f"s0, s1 = {call}", "s0, s1"), setup=SETUP))
    return tests


def _play_strategies(variant: Variant, *, later: bool) -> Strategies:
    return Strategies(tuple(r for r in variant.legal_rolls if later or r >= 0))


def _random_games(variant: Variant, rng: random.Random, count: int, *, later: bool, say: str = "") -> tuple[str, ...]:
    strategies, start, dice = _play_strategies(variant, later=later), GameStart(TEST_GOALS), GAME_DICE
    calls = []
    for _ in range(count):
        s0, s1, goal = start.sample(rng)
        calls.append(play_call(variant, strategies.render(strategies.sample(rng)),
                               strategies.render(strategies.sample(rng)), dice=dice.render(dice.sample(rng)),
                               start=(s0, s1), goal=goal, later=later, say=say,
                               wild=WILD_DICE.render(WILD_DICE.sample(rng))))
    return tuple(calls)


def _play_fuzz(variant: Variant, *, later: bool, say: str = "", name: str = "play", output: bool = False) -> Fuzz:
    flags = "".join(f", {flag}={later}" for flag in variant.play_flags())
    select = variant.rule("dice_select")
    wild = f", {select.play_flag}={{}}" if select is not None else ""
    say_arg = f", say={say}" if say else ""
    args: tuple = (_play_strategies(variant, later=later), _play_strategies(variant, later=later),
                   GameStart(TEST_GOALS), GAME_DICE)
    if select is not None:
        args += (WILD_DICE,)
    return Fuzz(name, f"play({{}}, {{}}, {{}}, dice={{}}{say_arg}{wild}{flags})", args, output=output)


def _stories(variant: Variant, rules: Iterable[Rule], *, later: bool) -> list[Doctest]:
    tests = []
    for rule in rules:
        for story in rule.stories:
            if story.requires and not story.requires <= variant.rule_ids:
                continue
            test = story_doctest(variant, story, later=later)
            if test is not None:
                tests.append(test)
    return tests


def _p05a(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    goal = variant.goal
    near = goal - 9

    def game(name: str, call: str, rule: str = "") -> Doctest:
        return Doctest(name, (f"s0, s1 = {call}", "s0", "s1"), rule=rule, setup=SETUP)

    visible = [
        game("play stops at the goal", play_call(variant, "always_roll(5)", "always_roll(3)", start=(near, 10),
                                                 dice="make_test_dice(3)", later=False), RULES["goal"]),
        game("the goal is not always the default", play_call(variant, "always_roll(5)", "always_roll(5)", goal=10,
                                                              dice="make_test_dice(3)", later=False), RULES["goal"]),
        game("Player 1 can win", play_call(variant, "always_roll(4)", "always_roll(4)", start=(near + 3, near + 4),
                                           dice="make_test_dice(3)", later=False), RULES["goal"]),
        Doctest("strategies that look at the scores", (
            "strat0 = lambda score, opponent: opponent % 10",
            "strat1 = lambda score, opponent: max((score // 10) - 4, 0)",
            "s0, s1 = " + play_call(variant, "strat0", "strat1", start=(near - 20, near - 11),
                                    dice="make_test_dice(6, 5, 4)", later=False),
            "s0", "s1"), setup=SETUP),
        Doctest("each strategy is asked once per turn", (
            COUNTED_STRATEGY, "calls = []",
            "s0, s1 = " + play_call(variant, "counted(2, calls)", "counted(3, calls)", dice="make_test_dice(4, 6)",
                                    goal=30, later=False),
            "s0", "s1", "calls"), rule=RULES["one_call_per_turn"], setup=SETUP),
    ]
    select = variant.rule("dice_select")
    visible += _stories(variant, [variant.rules["post_turn"], *([select] if select else [])], later=False)
    visible += _games_to_check(variant, rng, 3, later=False)
    guidance = _examples_as_doctests(variant, problem, problem.helpers)
    hidden = (Sweep("games with random strategies, starts and dice", _random_games(variant, rng, 16, later=False),
                    rule="play follows every rule of Problems 1 to 4 and " + RULES["goal"]),)
    fuzz = (_play_fuzz(variant, later=False),)
    unlock = (Unlock((_bank_play(variant, rng, later=False),)),)
    domains = {"strategy": _play_strategies(variant, later=False), "start": GameStart(TEST_GOALS),
               "dice": GAME_DICE}
    return {"visible": tuple(visible), "guidance": guidance, "hidden": hidden, "fuzz": fuzz, "unlock": unlock,
            "domains": domains}


def _bank_play(variant: Variant, rng: random.Random, *, later: bool) -> str:
    rolls = [r for r in variant.legal_rolls if r >= 0 or later]
    dice = TestDice(min_len=2, max_len=7)
    return play_call(variant, f"always_roll({rng.choice(rolls)})", f"always_roll({rng.choice(rolls)})",
                     dice=dice.render(dice.sample(rng)), goal=rng.choice((20, 30, 40)), later=later)


def _p05b(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    later = [r for r in problem.rules]
    visible = _stories(variant, later, later=True)
    visible += [
        Doctest("two dice that score 4 after a first turn of 0 dice",
                ("s0, s1 = " + play_call(variant, "always_roll(2)", "always_roll(1)", goal=5,
                                         dice="make_test_dice(2, 2)", later=True), "s0", "s1"), setup=SETUP),
        Doctest("the same game with the rule switched off",
                ("s0, s1 = " + play_call(variant, "always_roll(2)", "always_roll(1)", goal=5,
                                         dice="make_test_dice(2, 2)", later=False), "s0", "s1"), setup=SETUP),
        Doctest("a longer game with the rule on", (
            "strat0 = lambda score, opponent: (score + 3) // 4 % 11",
            "strat1 = lambda score, opponent: (opponent + 5) % 7",
            "s0, s1 = " + play_call(variant, "strat0", "strat1", goal=40, dice="make_test_dice(3, 5, 2, 6, 4)",
                                    later=True),
            "s0", "s1"), setup=SETUP),
        *_games_to_check(variant, rng, 3, later=True),
    ]
    guidance = _examples_as_doctests(variant, problem, problem.helpers)
    hidden = (Sweep("games with the rule on", _random_games(variant, rng, 16, later=True),
                    rule=" and ".join(r.title for r in later) + " in every game"),)
    fuzz = (_play_fuzz(variant, later=True),)
    unlock = (Unlock((_bank_play(variant, rng, later=True),)),)
    domains = {"strategy": _play_strategies(variant, later=True), "start": GameStart(TEST_GOALS),
               "dice": GAME_DICE}
    return {"visible": tuple(visible), "guidance": guidance, "hidden": hidden, "fuzz": fuzz, "unlock": unlock,
            "domains": domains}


def _p06(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    def commentary(name: str, helper: str, say: str, call_kw: dict) -> Doctest:
        call = play_call(variant, later=False, say=say, **call_kw)
        return Doctest(name, (helper, f"s0, s1 = {call}"), rule=RULES["say_each_turn"], setup=SETUP)

    visible = (
        commentary("say is called after every turn", ECHO, "echo",
                   {"strategy0": "always_roll(1)", "strategy1": "always_roll(1)", "dice": "make_test_dice(3)",
                    "goal": 5}),
        commentary("the function say returns is the next commentary", COUNT_SAYS, "count(1)",
                   {"strategy0": "always_roll(1)", "strategy1": "always_roll(1)", "dice": "make_test_dice(3)",
                    "goal": 10}),
        commentary("commentary in a game with strategies", ECHO, "echo",
                   {"strategy0": "lambda score, opponent: 1 - opponent // 10", "strategy1": "always_roll(3)",
                    "dice": "make_test_dice(4, 2, 6)", "goal": 15}),
        Doctest("both(say_scores, announce_lead_changes())",
                ("s0, s1 = " + play_call(variant, "always_roll(2)", "always_roll(0)", dice="make_test_dice(6, 2, 5)",
                                         goal=30, later=False, say="both(say_scores, announce_lead_changes())"),),
                rule=RULES["say_each_turn"], setup=SETUP),
    )
    hidden = (Sweep("commentary in games with random strategies",
                    _random_games(variant, rng, 8, later=False, say="echo_scores"), rule=RULES["say_each_turn"],
                    output=True),)
    fuzz = (_play_fuzz(variant, later=False, say="echo_scores", name="play with commentary", output=True),)
    unlock = (
        Unlock((play_call(variant, "always_roll(1)", "always_roll(2)", dice=_dice_text((4, 2, 6)), goal=20,
                          later=True, say="say_scores"),)),
        _choice("What does a commentary function return?", "A commentary function for the next turn",
                ("The highest gain so far", "None", "The printed message")),
    )
    return {"visible": visible, "hidden": hidden, "fuzz": fuzz, "unlock": unlock}


def _p07(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    walk = ScoreWalk(hi=variant.goal + max_turn_points(variant), max_len=25)
    visible = (
        Doctest("announce_highest(1) over a game", (
            "f0 = announce_highest(1) # Only announce Player 1 score gains",
            "f1 = f0(11, 0)", "f2 = f1(11, 9)", "f3 = f2(20, 9)", "f4 = f3(9, 20) # A swap: Player 1 gains 11",
            "f5 = f4(20, 31) # 11 again: not more than before", "f6 = f5(20, 44)",
            "f7 = f6(44, 20) # A swap lowers Player 1's score", "f8 = f7(20, 64)",
        ), rule="print only when the gain is more than ever before for that player", setup=SETUP),
        Doctest("announce_highest(0) and equal gains", (
            "f = announce_highest(0)", "f = f(10, 0)", "f = f(20, 4)", "f = f(20, 9)", "f = f(35, 9)",
            "f = f(36, 12)",
        ), rule="a gain equal to the highest so far is not announced", setup=SETUP),
        Doctest("an old commentary function again", (
            "f0 = announce_highest(1)", "f1 = f0(12, 0)", "f2 = f1(12, 10)", "f3 = f2(20, 25)",
            "f2_again = f1(11, 9)",
        ), rule=RULES["commentary_pure"], setup=SETUP),
    )
    walks = [walk.sample(rng) for _ in range(12)]
    hidden = (Sweep("announce_highest over long walks of scores",
                    tuple(f"run_commentary(announce_highest({rng.randint(0, 1)}), {walk.render(w)})" for w in walks),
                    rule="print only when the gain is more than ever before for that player", output=True),)
    fuzz = (Fuzz("announce_highest", "run_commentary(announce_highest({}), {})", (OneOf((0, 1)), walk), output=True),)
    unlock = (Unlock(("f = announce_highest(0)", "f = f(10, 0)", "f = f(14, 3)", "f = f(30, 3)")),)
    return {"visible": visible, "hidden": hidden, "fuzz": fuzz, "unlock": unlock,
            "domains": {"who": OneOf((0, 1)), "scores": walk}}


def _p08(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    visible = (
        Doctest("make_averaged of test dice", ("dice = make_test_dice(4, 2, 5, 1)",
                                                "averaged_dice = make_averaged(dice, 1000)", "averaged_dice()"),
                setup=SETUP),
        Doctest("make_averaged of a function of two arguments", ("make_averaged(max, 10)(3, 7)",), setup=SETUP),
        Doctest("make_averaged of pow", ("averaged_pow = make_averaged(pow, 5)",
                                                                 "averaged_pow(2, 8)"), setup=SETUP),
        Doctest("fn is called exactly num_samples times", (
            "calls = []", "def noted(x):\n    calls.append(x)\n    return x",
            "make_averaged(noted, 5)(2)", "calls"), rule=RULES["averaged_calls"], setup=SETUP),
    )
    dice = TestDice(max_len=6)
    rows = [(dice.sample(rng), rng.randint(1, 30)) for _ in range(24)]
    hidden = (Sweep("make_averaged of many test dice",
                    tuple(f"make_averaged({dice.render(o)}, {n})()" for o, n in rows), rule=RULES["averaged_calls"]),)
    fuzz = (Fuzz("make_averaged", "make_averaged({}, {})()", (dice, Ints(1, 40)), rule=RULES["averaged_calls"]),)
    unlock = (Unlock(("make_averaged(make_test_dice(1, 3), 4)()",)),
              Unlock(("averaged = make_averaged(roll_dice, 2)", "averaged(1, make_test_dice(2, 4))")))
    return {"visible": visible, "hidden": hidden, "fuzz": fuzz, "unlock": unlock,
            "domains": {"fn": dice, "num_samples": Ints(1, 40)}}


def clear_best(variant: Variant) -> Callable[[tuple[tuple[int, ...], int]], bool]:
    """Whether test dice and a number of samples give one best number of dice by a clear margin
    (so no floating-point rounding can turn the answer into a tie). Uses the rule's own
    scoring of a roll."""
    roll = variant.rules["dice_outcome"].hook

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
    visible = (
        Doctest("max_scoring_num_rolls(make_test_dice(1, 6))", ("dice = make_test_dice(1, 6)",
                                                               "max_scoring_num_rolls(dice)"), setup=SETUP),
        Doctest("max_scoring_num_rolls(make_test_dice(3))", ("max_scoring_num_rolls(make_test_dice(3), 10)",),
                setup=SETUP),
        Doctest("a tie goes to the lower number", ("max_scoring_num_rolls(make_test_dice(1), 2)",),
                rule=RULES["ties"], setup=SETUP),
        Doctest("max_scoring_num_rolls(make_test_dice(2, 4, 6, 5), num_samples=8)",
                ("max_scoring_num_rolls(make_test_dice(2, 4, 6, 5), num_samples=8)",), setup=SETUP),
    )
    samples, accept = CycleSamples(), clear_best(variant)
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
    return {"visible": visible, "hidden": hidden, "fuzz": fuzz, "unlock": unlock, "domains": {"dice": samples}}


def _strategy_problem(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    fn = problem.graded[0]
    scores = score_below_goal(variant)
    extra = OneOf(tuple(range(0, 13)))
    rolls = Ints(0, 10)
    pairs = [(0, 0), (0, 42), (12, 85), (31, 48), (70, 7), (28, 4), (44, 28), (10, 0), (91, 99)]
    visible = [Doctest(f"{fn}({s}, {o})", (f"{fn}({s}, {o})",), setup=SETUP)
               for s, o in pairs if max(s, o) < variant.goal]
    visible.append(Doctest(f"{fn} with other arguments", (f"{fn}(20, 31, 5, 3)", f"{fn}(20, 31, 12, 6)"), setup=SETUP))
    visible += _examples_as_doctests(variant, problem, problem.graded)
    own = scores.values()
    everywhere = tuple(f"{fn}({s}, {o})" for o in scores.values() for s in sorted(rng.sample(own, min(12, len(own)))))
    others = tuple(f"{fn}({scores.sample(rng)}, {scores.sample(rng)}, {extra.sample(rng)}, {rolls.sample(rng)})"
                   for _ in range(300))
    hidden = (Sweep(f"{fn} at every opponent's score", everywhere, rule=f"{fn} is right at every pair of scores"),
              Sweep(f"{fn} with other arguments", others, rule=f"{fn} uses its last two arguments"))
    fuzz = (Fuzz(fn, f"{fn}({{}}, {{}}, {{}}, {{}})", (scores, scores, extra, rolls)),)
    pair = [(rng.randint(0, variant.goal - 1), rng.randint(0, variant.goal - 1)) for _ in range(2)]
    unlock = (Unlock(tuple(f"{fn}({s}, {o})" for s, o in pair)),)
    return {"visible": tuple(visible), "hidden": hidden, "fuzz": fuzz, "unlock": unlock,
            "domains": {"score": scores, "opponent_score": scores, "extra": extra, "num_rolls": rolls}}


def _p12(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    goal, legal = variant.goal, list(variant.legal_rolls)
    visible = (Doctest("final_strategy gives a legal number of dice", (
        f"all(final_strategy(s, o) in {legal} for s in range(0, {goal}, 7) for o in range(0, {goal}, 5))",),
        setup=SETUP),)
    hidden = (Sweep("final_strategy at every pair of scores",
                    (f"[final_strategy(s, o) for s in range({goal}) for o in range({goal})]",),
                    rule=f"final_strategy returns one of {legal} at every pair of scores", judge="legal"),)
    unlock = (_choice("Which values may final_strategy return?", "Only legal numbers of dice",
                      ("Any integer", "A probability", "A list of rolls")),)
    return {"visible": visible, "hidden": hidden, "unlock": unlock,
            "domains": {"score": score_below_goal(variant), "opponent_score": score_below_goal(variant)}}


def _choice(prompt: str, answer: str, wrong: tuple[str, ...]) -> Unlock:
    return Unlock(prompt=prompt, answer=answer, choices=tuple(sorted((answer, *wrong))))


BUILDERS: dict[str, Callable[[Variant, Problem, random.Random], dict]] = {
    "00": _p00, "01": _p01, "02": _simple_function_problem, "03": _p03, "04": _simple_function_problem,
    "05a": _p05a, "05b": _p05b, "06": _p06, "07": _p07, "08": _p08, "09": _p09,
    "10": _strategy_problem, "11": _strategy_problem, "12": _p12,
}


def _rule_unlocks(variant: Variant, problem: Problem, taught: set[str]) -> list[Unlock]:
    """The worked examples and concept questions of the rules this problem teaches first."""
    items: list[Unlock] = []
    for rule in problem.rules:
        if rule.id in taught:
            continue
        taught.add(rule.id)
        examples = [e for e in rule.examples if e.requires <= variant.rule_ids]
        items += [Unlock((example.call,)) for example in examples[:4]]
        items += [Unlock(prompt=c.prompt, answer=c.answer, choices=c.choices) for c in rule.concepts]
    return items


@lru_cache(maxsize=32)
def problem_specs(variant: Variant) -> tuple[ProblemSpec, ...]:
    """Every problem of VARIANT, stated for testing, in order."""
    specs, taught = [], set()
    for problem in variant.problems:
        rng = random.Random(f"{SEED}-{variant.name}-{problem.id}")
        parts = BUILDERS[problem.id](variant, problem, rng)
        unlock = (*_rule_unlocks(variant, problem, taught), *parts.pop("unlock", ()))
        specs.append(ProblemSpec(problem, TEXT[problem.id], HINTS.get(problem.id, ""), unlock=unlock, **{
            key: tuple(value) if key != "domains" else value for key, value in parts.items()}))
    return tuple(specs)


def problem_spec(variant: Variant, problem_id: str) -> ProblemSpec:
    """The spec of one problem of VARIANT."""
    for spec in problem_specs(variant):
        if spec.id == problem_id:
            return spec
    raise KeyError(f"{variant.name} has no problem {problem_id}")


__all__ = ["problem_spec", "problem_specs", "play_call", "story_doctest", "clear_best", "score_after_turn"]
