"""Phase 1, the simulator: Problems 0 to 5b, each stated once (words, domains, tests)."""

from __future__ import annotations

import inspect
import itertools
import random

from hogkit.naming import course_name, course_params, kit_course
from hogkit.problem_layout import Problem
from hogkit.problems.building import (
    COUNTED_STRATEGY,
    GAME_DICE,
    SETUP,
    TEST_GOALS,
    RawOutcomes,
    bank_play,
    below_goal,
    choice,
    dice_text,
    domain_size,
    examples_as_doctests,
    function_fuzz,
    function_sweep,
    games_to_check,
    play_call,
    play_fuzz,
    play_strategies,
    random_games,
    required_parameters,
    rolls_always,
    stories,
    text_key,
    with_local_helpers,
    zero_dice_name,
    zero_dice_rule,
)
from hogkit.problems.checks import Doctest, Fuzz, Requirement, Sweep, Unlock
from hogkit.problems.domains import GameStart, Ints, TestDice, parameter_domain, score_below_goal
from hogkit.problems.shared_games import draw_games, game_call, neutral, shared_doctests, shared_fuzz, shared_strategies
from hogkit.turn import turn_of
from hogkit.variant import Variant

TEXT = {
    'dice': ('Dice are functions of no arguments that return one outcome. `six_sided` is fair; '
           '`make_test_dice(...)` returns the outcomes you give it, in a cycle, so tests can '
           'decide what comes up.'),
    'roll_dice': ('`roll_dice` rolls the dice `num_rolls` times and returns the points for the turn. Call'
           ' `dice()` exactly `num_rolls` times, even after a bad outcome: all the dice are rolled'
           ' together.'),
    'rule_functions:zero_dice': 'Rolling zero dice scores points that depend {on_what}.',
    'take_turn': ('`take_turn` puts the two together: zero dice use the zero-dice rule, one or more use '
           '`roll_dice`. Call those functions rather than repeating their work.'),
    'rule_functions:post_turn': "After a turn's points are added, one more rule may {change}.",
    'rule_functions:extra_turn': ("Once a turn's points are added, a rule may give the mover another turn: it "
                                  "looks at both scores as the turn leaves them, the mover's first."),
    'play': ("`play` simulates a whole game: players take turns, each turn asks the mover's "
            'strategy (once) how many dice to roll, and the game ends as soon as a score reaches '
            'the goal.'),
    'play_later': 'Add the rule below to `play`; the tests call `play` with it switched on and off.',
    'play_update': ('`play` simulates a whole game: each turn asks the mover\'s strategy (once) how many '
                    'dice to roll and passes that to the update function, which returns the mover\'s new '
                    'score; the game ends as soon as a score reaches the goal. The tests play with the '
                    'simple update function and with the one of every rule.'),
}

# Which scores a rule reads -> how the words of its problem say it.
SCORES_READ = {
    frozenset({"opponent_score"}): "only on the opponent's score (always below the goal)",
    frozenset({"player_score", "opponent_score"}): "on both players' scores",
    frozenset({"player_score"}): "only on the mover's own score",
}
# What a rule after the turn does, by its kind (see hogkit.rules.base.Rule).
CHANGES = {"swap": "swap the two scores", "update": "change the mover's new score", "scores": "change both scores"}

HINTS = {
    'roll_dice': ('Call dice() once for each of the num_rolls dice and add up what comes up; the rule of this '
                  'problem then decides what the whole roll scores.'),
    'rule_functions:zero_dice': ('Work the points out {on_what}, exactly as the rule states; try each worked '
                                 'example by hand first.'),
    'take_turn': 'Zero dice means the zero-dice rule; otherwise roll the dice with roll_dice.',
    'rule_functions:post_turn': 'Work out what the rule looks at for each score, then compare.',
    'rule_functions:extra_turn': 'Work the rule out from the two scores alone, and return True or False.',
    'play': ('Alternate players with {other}(who), ask each strategy once per turn, and stop as soon '
            'as a score reaches the goal.'),
    'play_later': ('Keep track of what the rule needs (the previous rolls, the turn number) for each '
            'turn.'),
    'play_update': ("Call the mover's strategy with the mover's score first, give its answer to update, "
                    'and switch players after every turn.'),
}

RULES = {
    'dice_calls': Requirement(
        'roll_dice calls dice() exactly num_rolls times, even after a 1 comes up (all the dice are rolled together)',
        'Roll every one of the num_rolls dice, even after a 1 shows up: return only once the loop is done.'),
    'uses_roll_dice': Requirement(
        'take_turn calls roll_dice to score the dice it rolls',
        'Score a turn of one or more dice by calling roll_dice, rather than rolling the dice in take_turn.'),
    'uses_zero_dice': Requirement(
        'take_turn calls {name} to score a turn of zero dice',
        'Score a turn of zero dice by calling {name}, rather than working its points out again in take_turn.'),
    'one_call_per_turn': Requirement(
        "play calls each strategy exactly once per turn, with the mover's score first",
        'Ask the strategy once at the start of a turn, keep its answer in a name, and use that name for the '
        'rest of the turn (every rule included).'),
    'goal': Requirement(
        'the game ends as soon as a score reaches the goal at the end of a turn',
        'Check both scores after every turn, not after a round of two: the game can end on either '
        "player's turn."),
    'flags_off': Requirement(
        'with {flags}=False, play leaves out {titles}',
        'Apply a later rule only when its flag is True: with the flag False, play is the game of the earlier '
        'problems, turn for turn.'),
    'own_score_first': Requirement(
        "play asks the mover's own strategy, with the mover's score first and the opponent's second",
        "Each player has their own strategy, and every strategy is given its own player's score first: "
        "player 1's is given (score1, score0)."),
}
NOTED_STRATEGY = (
    "def noted(n, seen):\n"
    "    def strategy(score, opponent_score):\n"
    "        seen.append((n, score, opponent_score))\n"
    "        return n\n"
    "    return strategy"
)


def _p00(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    unlock = (
        Unlock(("dice = make_test_dice(4, 1, 2)", "dice()", "dice()", "dice()", "dice()")),
        Unlock(("make_test_dice()",)),
        Unlock(("dice = make_test_dice(2)", "while dice() != 1: pass"), loops=True),
        choice("Why is a die like six_sided not a pure function?", "Each call may return a different value",
                ("It prints its outcome", "It takes arguments", "It changes the scores")),
    )
    return {"text": TEXT[text_key(problem)], "hint": _hint(variant, problem),
            "unlock": unlock}


def _p01(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    visible = examples_as_doctests(variant, problem, problem.graded) + [
        Doctest("roll_dice(2, make_test_dice(4, 6))", ("roll_dice(2, make_test_dice(4, 6))",), setup=SETUP),
        Doctest("roll_dice(3, make_test_dice(4, 1, 6))", ("roll_dice(3, make_test_dice(4, 1, 6))",), setup=SETUP),
        Doctest("roll_dice(9, make_test_dice(6))", ("roll_dice(9, make_test_dice(6))",), setup=SETUP),
        Doctest("dice() is called exactly num_rolls times",
                ("counted_dice = make_test_dice(4, 1, 2, 6)",
                 "points = roll_dice(3, counted_dice)", "counted_dice()  # the outcome after three dice",
                 "points = roll_dice(1, counted_dice)", "counted_dice()  # the outcome after one more"),
                **RULES["dice_calls"].checked(), setup=SETUP),
    ]
    dice = TestDice()
    rows = [(k, dice.sample(rng)) for k in range(1, 11) for _ in range(8)]
    hidden = (
        Sweep("roll_dice over 1 to 10 dice", tuple(f"roll_dice({k}, {dice.render(o)})" for k, o in rows),
              rule="roll_dice is right for every number of dice from 1 to 10"),
        Sweep("how many times roll_dice calls dice()",
              tuple(f"dice_calls(roll_dice, {k}, {o!r})" for k, o in rows[::2]), rule=RULES["dice_calls"].text),
    )
    fuzz = (
        Fuzz("roll_dice", "roll_dice({}, {})", (Ints(1, 10), dice)),
        Fuzz("dice calls of roll_dice", "dice_calls(roll_dice, {}, {})", (Ints(1, 10), RawOutcomes()),
             rule=RULES["dice_calls"].text),
    )
    unlock = (
        Unlock(("roll_dice(2, make_test_dice(3, 5))",)),
        Unlock(("roll_dice(0, make_test_dice(3))",)),
        Unlock(("dice = make_test_dice(4, 6, 2)", "roll_dice(2, dice)", "dice()")),
    )
    return {"text": TEXT[text_key(problem)], "hint": _hint(variant, problem),
            "visible": visible, "hidden": hidden, "fuzz": fuzz, "unlock": unlock}


def _simple_function_problem(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    """Problems 2 and 4: the rule's functions, called directly."""
    visible = examples_as_doctests(variant, problem, problem.graded)
    guidance = examples_as_doctests(variant, problem, problem.helpers)
    hidden, fuzz, domains = [], [], {}
    for fn in problem.graded:
        params = required_parameters(problem, fn)
        domains.update({p: parameter_domain(variant, fn, p) for p in params})
        # A function that rolls test dice is swept on fewer calls (each builds its dice) and fuzzed too.
        sweep = function_sweep(variant, fn, params, rng, limit=1000 if "dice" in params else 6000)
        hidden.append(sweep)
        if len(sweep.calls) < domain_size(variant, fn, params):
            fuzz.append(function_fuzz(variant, fn, params))
    return {"text": _rule_text(variant, problem), "hint": _hint(variant, problem),
            "visible": visible, "guidance": guidance, "hidden": tuple(hidden), "fuzz": tuple(fuzz),
            "domains": domains}


def _scores_read(variant: Variant, problem: Problem) -> str:
    """Which scores decide the points of the rule PROBLEM teaches first, in words."""
    reads = set(turn_of(variant).inputs(problem.rules[0])) if problem.rules else set()
    return SCORES_READ.get(frozenset(reads & {"player_score", "opponent_score"}), "on the scores")


def _rule_text(variant: Variant, problem: Problem) -> str:
    """What a problem of a rule's functions asks: which scores decide a zero-dice rule's points, what a rule
    after the turn changes."""
    change = CHANGES.get(problem.rules[0].kind if problem.rules else "", "change the scores")
    return TEXT[text_key(problem)].format(on_what=_scores_read(variant, problem), change=change)


def _hint(variant: Variant, problem: Problem) -> str:
    """PROBLEM's advice, in the kit's own names (the course's name of ``other``, what the rule reads)."""
    reads = _scores_read(variant, problem).replace("only on ", "from ").replace("on both", "from both")
    return HINTS.get(text_key(problem), "").format(on_what=reads, other=course_name(variant, "other"))


def _p03(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    zero = zero_dice_name(variant)
    course = kit_course(variant)
    takes_player = "player_score" in course_params(variant, "take_turn")
    dice, scores = TestDice(), score_below_goal(variant)

    def call(num_rolls: int, opponent: int, dice: str = "", player: int = 0, *, prefix: str = "") -> str:
        args = {"num_rolls": str(num_rolls), "opponent_score": str(opponent), "player_score": str(player)}
        return prefix + course.call("take_turn", {**args, **({"dice": dice} if dice else {})})

    hook = zero_dice_rule(variant).hook
    fake_params = ", ".join(inspect.signature(hook).parameters)
    visible = examples_as_doctests(variant, problem, problem.graded) + [
        *[Doctest(text, (text,), setup=SETUP) for text in (
            call(2, 0, "make_test_dice(4, 5, 1)"), call(3, 20, "make_test_dice(4, 1, 6)"), call(0, 47), call(0, 5),
            *([call(0, 47, player=23), call(0, 5, player=68)] if takes_player else []))],
        Doctest("take_turn calls roll_dice", (
            "def fake_roll_dice(num_rolls, dice):\n    print('roll_dice was called')\n    return 9002",
            "hog.roll_dice, real_roll_dice = fake_roll_dice, hog.roll_dice",
            call(5, 0, prefix="hog."),
        ), **RULES["uses_roll_dice"].checked(), setup=("import hog",), teardown=("hog.roll_dice = real_roll_dice",)),
        Doctest(f"take_turn calls {zero}", (
            f"def fake_zero({fake_params}):\n    print('{zero} was called')\n    return 7",
            f"hog.{zero}, real_zero = fake_zero, hog.{zero}",
            call(0, 30, prefix="hog."),
        ), **RULES["uses_zero_dice"].named(name=zero).checked(), setup=("import hog",),
            teardown=(f"hog.{zero} = real_zero",)),
    ]
    guidance = examples_as_doctests(variant, problem, problem.helpers)
    rows = [(k, scores.sample(rng), dice.sample(rng), scores.sample(rng) if takes_player else 0)
            for k in range(0, 11) for _ in range(12)]
    hidden = (Sweep("take_turn over 0 to 10 dice and scores below the goal",
                    tuple(call(k, s, dice.render(o), player=p) for k, s, o, p in rows),
                    rule="take_turn is right for every number of dice and opponent's score"),)
    names = course_params(variant, "take_turn")
    fields = {"num_rolls": Ints(0, 10), "player_score": scores, "opponent_score": scores, "dice": dice}
    signature = course.signatures["take_turn"]
    order = [ours for name in signature.names for ours, theirs in names.items() if theirs == name and ours in fields]
    fuzz = (Fuzz("take_turn", f"take_turn({', '.join('{}' for _ in order)})", tuple(fields[o] for o in order)),)
    unlock = (
        Unlock((call(2, 0, f"make_test_dice({', '.join(str(rng.randint(2, 6)) for _ in range(3))})"),)),
        Unlock((call(0, rng.randint(10, variant.goal - 1)),)),
        Unlock((call(11, 0),)),
    )
    domains = {names[o]: fields[o] for o in order}
    return {"text": TEXT[text_key(problem)], "hint": _hint(variant, problem),
            "visible": visible, "guidance": guidance, "hidden": hidden, "fuzz": fuzz, "unlock": unlock,
            "domains": domains}


def _p05a(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    goal = variant.goal
    near = goal - 9

    def start(score0: int, score1: int) -> tuple[int, int]:
        return below_goal(variant, score0), below_goal(variant, score1)

    def game(name: str, call: str, requirement: Requirement) -> Doctest:
        return Doctest(name, with_local_helpers((f"s0, s1 = {call}", "s0", "s1")), **requirement.checked(),
                       setup=SETUP)

    def always(n: int) -> str:
        return rolls_always(variant, problem, n)

    visible = [
        game("play stops at the goal", play_call(variant, always(5), always(3), start=start(near, 10),
                                                 dice="make_test_dice(3)", later=False), RULES["goal"]),
        game("the goal is not always the default", play_call(variant, always(5), always(5), goal=10,
                                                              dice="make_test_dice(3)", later=False), RULES["goal"]),
        game("Player 1 can win", play_call(variant, always(4), always(4), start=start(near + 3, near + 4),
                                           dice="make_test_dice(3)", later=False), RULES["goal"]),
        Doctest("strategies that look at the scores", (
            "strat0 = lambda score, opponent: opponent % 10",
            "strat1 = lambda score, opponent: max((score // 10) - 4, 0)",
            "s0, s1 = " + play_call(variant, "strat0", "strat1", start=start(near - 20, near - 11),
                                    dice="make_test_dice(6, 5, 4)", later=False),
            "s0", "s1"), **RULES["own_score_first"].checked(), setup=SETUP),
        *_flags_off(variant, problem),
        Doctest("each strategy is asked once per turn", (
            COUNTED_STRATEGY, "calls = []",
            "s0, s1 = " + play_call(variant, "counted(2, calls)", "counted(3, calls)", dice="make_test_dice(4, 6)",
                                    goal=30, later=False),
            "s0", "s1", "calls"), **RULES["one_call_per_turn"].checked(), setup=SETUP),
        Doctest("each strategy sees its own score first", (
            NOTED_STRATEGY, "seen = []",
            "s0, s1 = " + play_call(variant, "noted(1, seen)", "noted(3, seen)", start=start(10, 25),
                                    dice="make_test_dice(2)", goal=40, later=False),
            "seen"), **RULES["own_score_first"].checked(), setup=SETUP),
    ]
    select = variant.rule("dice_select")
    visible += stories(variant, [*variant.rules_of("post_turn"), *([select] if select else [])], later=False)
    visible += games_to_check(variant, rng, 3, later=False)
    sweep = Sweep("games with random strategies, starts and dice", random_games(variant, rng, 16, later=False),
                  rule="play follows every rule of Problems 1 to 4 and " + RULES["goal"].text)
    return _play_problem(variant, problem, rng, visible, sweep, later=False)


def _flags_off(variant: Variant, problem: Problem) -> list[Doctest]:
    """A game the later rules would change, played with their flags off: a play that applies them
    whatever the flag fails here first, with the hint that says so (none when no flag exists or no
    small game shows the difference)."""
    flags = variant.play_flags()
    later = [rule for rule in variant.rules if rule.play_flag in flags]
    if not flags:
        return []
    for rolls, dice in itertools.product(variant.legal_rolls, ((4, 6), (2, 2), (3, 5, 2), (6, 6, 5), (1,))):
        if rolls > 0 and not neutral(variant, (rolls,), (0, 0, 20), dice):
            break
    else:
        return []
    requirement = RULES["flags_off"].named(flags="=False, ".join(flags),
                                           titles=" and ".join(rule.title for rule in later))
    always = rolls_always(variant, problem, rolls)
    call = play_call(variant, always, always, dice=dice_text(dice), goal=20, later=False)
    return [Doctest("the later rules stay off when their flags are off",
                    with_local_helpers((f"s0, s1 = {call}", "s0", "s1")), **requirement.checked(), setup=SETUP)]


def _p05(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    """Problem 5 of an update-style kit: the games of Problem 5a played with the simple update
    function, and games with the update function of every rule."""
    simple = _p05a(variant, problem, rng)
    visible = [*simple["visible"], *stories(variant, variant.rules_of("post_turn"), later=True),
               *games_to_check(variant, rng, 3, later=True)]
    sweep = Sweep("games with the update function of every rule", random_games(variant, rng, 16, later=True),
                  rule="play follows every rule and " + RULES["goal"].text)
    return {**simple, "visible": tuple(visible), "hidden": (*simple["hidden"], sweep),
            "fuzz": (*simple["fuzz"], play_fuzz(variant, later=True)),
            "unlock": (*simple["unlock"], Unlock(bank_play(variant, problem, rng, later=True)))}


def _p05b(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    """Problem 5b: games in which both players play one strategy of the sum of the scores, so only
    the rule decides them (how play asks the strategies is Problem 5a's, and costs only 5a)."""
    later = [r for r in problem.rules]
    always = rolls_always(variant, problem, 2)
    visible = stories(variant, later, later=True, shared=True)
    visible += [
        Doctest("two dice on a first turn, with the rule on", with_local_helpers((
            "s0, s1 = " + play_call(variant, always, always, goal=5, dice="make_test_dice(2, 2)", later=True),
            "s0", "s1")), setup=SETUP),
        Doctest("the same game with the rule switched off", with_local_helpers((
            "s0, s1 = " + play_call(variant, always, always, goal=5, dice="make_test_dice(2, 2)", later=False),
            "s0", "s1")), setup=SETUP),
        Doctest("a longer game with the rule on", (
            "strategy = lambda score, opponent: (score + opponent + 3) // 4 % 11",
            "s0, s1 = " + play_call(variant, "strategy", "strategy", goal=40, dice="make_test_dice(3, 5, 2, 6, 4)",
                                    later=True),
            "s0", "s1"), setup=SETUP),
        _asks_per_turn(variant),
        *shared_doctests(variant, draw_games(variant, rng, 3, later=True, neutral_only=False), later=True,
                         title="a game with the rule on"),
    ]
    sweep = Sweep("games with the rule on", tuple(
        game_call(variant, game, later=True, visible=False)
        for game in draw_games(variant, rng, 16, later=True, neutral_only=False)),
        rule=" and ".join(r.title for r in later) + " in every game")
    parts = _play_problem(variant, problem, rng, visible, sweep, later=True)
    return {**parts, "fuzz": (shared_fuzz(variant, later=True, name="play"),),
            "domains": {**parts["domains"], "strategy": shared_strategies(variant, later=True)}}


def _asks_per_turn(variant: Variant) -> Doctest:
    """As many asks of the strategy with the rule on as with it off, in a game the rule leaves as
    it is: a play that asks too often either way is Problem 5a's mistake (and costs only 5a), one
    that asks more only with the rule on is 5b's. Without such a game, the count with the rule on."""
    for rolls, dice in itertools.product(variant.legal_rolls, ((4, 6), (3, 5, 2), (6, 6, 5))):
        if rolls > 0 and neutral(variant, (rolls,), (0, 0, 30), dice):
            break
    else:
        return Doctest("the strategy is asked once per turn with the rule on", (
            COUNTED_STRATEGY, "calls = []", "strategy = counted(2, calls)",
            "s0, s1 = " + play_call(variant, "strategy", "strategy", dice="make_test_dice(4, 6)", goal=30,
                                    later=True),
            "s0", "s1", "len(calls)"), **RULES["one_call_per_turn"].checked(), setup=SETUP)
    game = {"dice": dice_text(dice), "goal": 30}
    return Doctest("the strategy is asked as often with the rule on as with it off", (
        COUNTED_STRATEGY, "on, off = [], []",
        "s0, s1 = " + play_call(variant, f"counted({rolls}, on)", f"counted({rolls}, on)", later=True, **game),
        "t0, t1 = " + play_call(variant, f"counted({rolls}, off)", f"counted({rolls}, off)", later=False, **game),
        "s0, s1", "t0, t1", "len(on) == len(off)"), **RULES["one_call_per_turn"].checked(), setup=SETUP)


def _play_problem(variant: Variant, problem: Problem, rng: random.Random, visible: list, sweep: Sweep, *,
                  later: bool) -> dict:
    """The parts Problems 5a and 5b share: guidance from the helpers' examples, the SWEEP of
    games, fuzzed games, an unlocking question and the domains, with the rules of 5b if LATER."""
    return {"text": TEXT[text_key(problem)], "hint": _hint(variant, problem), "visible": tuple(visible),
            "guidance": examples_as_doctests(variant, problem, problem.helpers), "hidden": (sweep,),
            "fuzz": (play_fuzz(variant, later=later),),
            "unlock": (Unlock(bank_play(variant, problem, rng, later=later)),),
            "domains": {"strategy": play_strategies(variant, later=later), "start": GameStart(TEST_GOALS),
                        "dice": GAME_DICE}}


BUILDERS = {"dice": _p00, "roll_dice": _p01, "rule_functions": _simple_function_problem, "take_turn": _p03,
            "play": _p05a, "play_later": _p05b, "play_update": _p05}
