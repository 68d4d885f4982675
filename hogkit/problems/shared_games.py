"""Games that judge one problem and no other: both players play one strategy that reads the two
scores symmetrically, and (for commentary) the later rules never change the game.

Problem 5a owns how ``play`` asks the strategies (whose, how often, which score first). The
problems that test ``play`` again (5b's rule, Problem 6's commentary) play games in which the two
players share one strategy of the sum of the scores, so a 5a mistake (``strategy0`` for both,
``strategy(score0, score1)``) gives the same game and costs only 5a. Commentary games are also
*neutral*: the reference plays them the same with the later rules on and off, and would even were
the rules asked with the scores the other way round, so a Feral Hogs or More Boar mistake costs 5a
or 5b, never Problem 6.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from hogkit.game import TurnPlan, TurnState, play
from hogkit.problems.building import GAME_DICE, SETUP, TEST_GOALS, WILD_DICE, dice_text, play_call, play_strategies
from hogkit.problems.checks import Doctest, Fuzz
from hogkit.problems.domains import GameStart, Strategies, TestDice
from hogkit.shipped.dice import make_test_dice
from hogkit.turn import turn_of
from hogkit.variant import Variant

PICKS_BY_SUM = (
    "def picks_by_sum(*choices):\n"
    "    def strategy(score, opponent_score):\n"
    "        return choices[(score + opponent_score) % len(choices)]\n"
    "    return strategy"
)


def by_sum(choices: tuple[int, ...]):
    """The strategy ``picks_by_sum(*CHOICES)`` (and the grader's ``rolls_by_sum``) stands for."""
    return lambda score, opponent_score: choices[(score + opponent_score) % len(choices)]


class SharedStrategies(Strategies):
    """One strategy for both players: picks by the sum of the scores (so which player's score comes
    first does not matter)."""

    def render(self, value: tuple[int, ...]) -> str:
        """The grader's helper call that makes this strategy."""
        if len(value) == 1:
            return f"fixed_rolls({value[0]})"
        return f"rolls_by_sum({', '.join(map(str, value))})"


def shared_strategies(variant: Variant, *, later: bool) -> SharedStrategies:
    """The shared strategies of games with the later rules on (LATER) or off."""
    return SharedStrategies(play_strategies(variant, later=later).choices)


def turns_of(variant: Variant, choices: tuple[int, ...], start: tuple[int, int, int], dice: tuple[int, ...],
             wild: tuple[int, ...] = (3,), *, later: bool,
             watch: Callable[[TurnState, TurnPlan, int], None] | None = None) -> list[tuple[int, int]]:
    """The scores after each turn of the reference's game with the shared strategy of CHOICES
    (WATCH, if given, sees each turn before it ends, as in :func:`hogkit.game.play`)."""
    strategy = by_sum(choices)
    score0, score1, goal = start
    game = play(variant, strategy, strategy, score0=score0, score1=score1, dice=make_test_dice(*dice),
                wild_dice=make_test_dice(*wild), goal=goal, later_rules=later, watch=watch)
    return [(*turn.after, turn.swapped) for turn in game.turns]


def neutral(variant: Variant, choices: tuple[int, ...], start: tuple[int, int, int], dice: tuple[int, ...],
            wild: tuple[int, ...] = (3,)) -> bool:
    """Whether the later rules leave this game (every turn's scores) as it is."""
    return (turns_of(variant, choices, start, dice, wild, later=True)
            == turns_of(variant, choices, start, dice, wild, later=False))


def quiet_from_either_seat(variant: Variant, choices: tuple[int, ...], start: tuple[int, int, int],
                           dice: tuple[int, ...], wild: tuple[int, ...] = (3,)) -> bool:
    """Whether every rule that ends a turn (an extra turn, a post-turn change of the scores) says
    the same in each turn of the game when asked with the two scores the other way round, as a
    ``play`` that asks them in seat order (``score0`` first) does for Player 1: such a mistake is
    Problem 5's, and costs no commentary game."""
    turn = turn_of(variant)
    loud: list[int] = []

    def watch(state: TurnState, plan: TurnPlan, points: int) -> None:
        view = turn.seen_by(state.memory, state.who)
        right = turn.finish(view, plan.rolls, points, state.mover_score, state.opponent_score, who=state.who)
        other_way = turn.finish(view, plan.rolls, 0, state.opponent_score, state.mover_score + points,
                                who=state.who)
        if (right.extra, [c[0] for c in right.changes]) != (other_way.extra, [c[0] for c in other_way.changes]):
            loud.append(plan.rolls)

    turns_of(variant, choices, start, dice, wild, later=False, watch=watch)
    return not loud


def commentary_neutral(variant: Variant, choices: tuple[int, ...], start: tuple[int, int, int],
                       dice: tuple[int, ...], wild: tuple[int, ...] = (3,)) -> bool:
    """Whether a game judges commentary alone: neutral, and quiet from either seat."""
    return neutral(variant, choices, start, dice, wild) and quiet_from_either_seat(variant, choices, start, dice,
                                                                                   wild)


def swaps(variant: Variant, game: tuple) -> bool:
    """Whether the scores trade places in some turn of GAME (choices, start, dice, wild)."""
    return any(turn[2] for turn in turns_of(variant, *game, later=False))


def neutral_games(variant: Variant, rng: random.Random, count: int, strategies: SharedStrategies,
                  start: GameStart, dice: TestDice, wild: TestDice, *, tries: int = 400) -> list[tuple]:
    """Up to COUNT neutral games (choices, start, dice, wild outcomes) drawn with RNG."""
    games: list[tuple] = []
    for _ in range(tries):
        game = (strategies.sample(rng), start.sample(rng), dice.sample(rng), wild.sample(rng))
        if commentary_neutral(variant, *game):
            games.append(game)
            if len(games) == count:
                break
    return games


def draw_games(variant: Variant, rng: random.Random, count: int, *, later: bool, neutral_only: bool) -> list[tuple]:
    """COUNT games (choices, start, dice, wild) of the shared strategies, neutral ones only if
    NEUTRAL_ONLY (as many as 400 draws give)."""
    strategies, start = shared_strategies(variant, later=later), GameStart(TEST_GOALS)
    if neutral_only:
        return neutral_games(variant, rng, count, strategies, start, GAME_DICE, WILD_DICE)
    return [(strategies.sample(rng), start.sample(rng), GAME_DICE.sample(rng), WILD_DICE.sample(rng))
            for _ in range(count)]


def game_call(variant: Variant, game: tuple, *, later: bool, say: str = "", visible: bool) -> str:
    """The call of ``play`` for GAME: the kit's ``picks_by_sum`` in a visible test, the grader's
    ``rolls_by_sum`` in a hidden one."""
    choices, (score0, score1, goal), dice, wild = game
    strategy = (f"picks_by_sum({', '.join(map(str, choices))})" if visible
                else SharedStrategies(()).render(choices))
    return play_call(variant, strategy, strategy, dice=dice_text(dice), start=(score0, score1), goal=goal,
                     later=later, say=say, wild=dice_text(wild))


def shared_doctests(variant: Variant, games: list[tuple], *, later: bool, title: str, say: str = "",
                    helpers: tuple[str, ...] = ()) -> list[Doctest]:
    """Visible tests of GAMES, both players playing one ``picks_by_sum`` strategy."""
    tests = []
    for number, game in enumerate(games, 1):
        call = game_call(variant, game, later=later, say=say, visible=True)
        shown = () if say else ("s0, s1",)
        tests.append(Doctest(f"{title} ({number})", (PICKS_BY_SUM, *helpers, f"s0, s1 = {call}", *shown),
                             setup=SETUP))
    return tests


def shared_fuzz(variant: Variant, *, later: bool, name: str, say: str = "", neutral_only: bool = False,
                output: bool = False) -> Fuzz:
    """Fuzzed games of one shared strategy (neutral ones only if NEUTRAL_ONLY)."""
    wild_domain = WILD_DICE if variant.rule("dice_select") is not None else None
    args: tuple = (shared_strategies(variant, later=later), GameStart(TEST_GOALS), GAME_DICE)
    template = play_call(variant, "{0}", "{0}", dice="{2}", later=later, say=say, wild="{3}")
    template = _with_start(template)
    if wild_domain is not None:
        args += (wild_domain,)
    else:
        template = template.replace("{3}", "make_test_dice(3)")
    accept = None
    if neutral_only:
        def accept(choices, start, dice, wild=(3,)):
            return commentary_neutral(variant, choices, start, dice, wild)
    return Fuzz(name, template, args, output=output, accept=accept)


def _with_start(template: str) -> str:
    """TEMPLATE with the start and goal of the game as one more keyword argument."""
    return template[:-1] + ", {1})"
