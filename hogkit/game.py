"""The reference game for any variant: one turn, one full game, and the exact turn distribution.

A turn is split in three so that a simulation (dice drawn one by one) and an exact evaluation
(every outcome with its probability) go through the same code:

* :func:`plan_turn` reads the strategy's choice: a special move or dice, and which dice;
* :func:`take_turn` (simulation) or :func:`points_distribution` (exact) gives the turn's points;
* :func:`finish_turn` adds them and applies every later rule in order: bonus, post-turn rule,
  extra turn. The goal is checked only after that, so a swap can hand the opponent the win.

What each step does, and what the game remembers, is stated once in :mod:`hogkit.turn`; every rule
effect calls the rule's own reference function from :mod:`hogkit.rules`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from hogkit.shipped.dice import four_sided, make_test_dice, six_sided
from hogkit.turn import SIDES, SPECIAL, Turn, View, turn_of
from hogkit.variant import Variant

Strategy = Callable[[int, int], int]
Dice = Callable[[], int]


@dataclass(frozen=True)
class TurnState:
    """Everything that decides the rest of a game: scores, who moves, and what the rules remember
    (the slots of :class:`hogkit.turn.Turn`, as player 0 sees them; see :func:`start_state`)."""

    scores: tuple[int, int] = (0, 0)
    who: int = 0
    memory: View = ()

    @property
    def mover_score(self) -> int:
        """Score of the player about to move."""
        return self.scores[self.who]

    @property
    def opponent_score(self) -> int:
        """Score of the player waiting."""
        return self.scores[1 - self.who]


def start_state(variant: Variant, scores: tuple[int, int] = (0, 0), *, who: int = 0) -> TurnState:
    """A game of VARIANT at SCORES, player WHO to move, every memory at its start."""
    return TurnState(scores=scores, who=who, memory=turn_of(variant).start)


@dataclass(frozen=True)
class TurnPlan:
    """What a choice means this turn: dice to roll (-1 for a Pork Chop) and their sides."""

    choice: int
    rolls: int
    sides: int


@dataclass(frozen=True)
class TurnRecord:
    """What happened in one turn, for commentary, the GUI and tests."""

    who: int
    plan: TurnPlan
    before: tuple[int, int]
    after: tuple[int, int]
    outcomes: tuple[int, ...] = ()
    points: int = 0
    bonus: int = 0
    swapped: bool = False
    extra_turn: bool = False
    events: tuple[str, ...] = ()


@dataclass
class GameResult:
    """A finished game: final scores and every turn."""

    scores: tuple[int, int]
    turns: list[TurnRecord] = field(default_factory=list)

    @property
    def winner(self) -> int:
        """0 or 1: who reached the goal."""
        return 0 if self.scores[0] > self.scores[1] else 1


def other(who: int) -> int:
    """The other player's number."""
    return 1 - who


def _memory(turn: Turn, state: TurnState) -> View:
    """STATE's memory as the mover sees it."""
    variant = turn.variant
    if len(state.memory) != len(turn.slots):
        raise ValueError(f"a state of {variant.name} remembers {len(turn.slots)} values, not "
                         f"{len(state.memory)}: make it with start_state")
    return turn.seen_by(state.memory, state.who)


def plan_turn(variant: Variant, state: TurnState, choice: int, *, later_rules: bool = True) -> TurnPlan:
    """Resolve a strategy's CHOICE into the dice rolled this turn (or a Pork Chop)."""
    legal = variant.legal_rolls if later_rules else tuple(range(11))
    if type(choice) is not int or choice not in legal:
        raise ValueError(f"illegal number of dice {choice!r}: a strategy must return one of {legal}")
    turn = turn_of(variant)
    rolls = turn.rolls(_memory(turn, state), choice, later=later_rules)
    return TurnPlan(choice, rolls, turn.sides(state.mover_score, state.opponent_score))


def take_turn(variant: Variant, num_rolls: int, opponent_score: int, dice: Dice = six_sided, *,
              player_score: int = 0) -> int:
    """Points for a turn of NUM_ROLLS dice (0: the zero-dice rule), after any boost."""
    return turn_of(variant).points(num_rolls, opponent_score, dice, player_score=player_score)


def finish_turn(
    variant: Variant, state: TurnState, plan: TurnPlan, points: int, *, later_rules: bool = True
) -> tuple[TurnState, TurnRecord]:
    """Add POINTS for the mover and apply the bonus, post-turn and extra-turn rules."""
    turn = turn_of(variant)
    who = state.who
    done = turn.finish(_memory(turn, state), plan.rolls, points, state.mover_score, state.opponent_score,
                       later=later_rules, who=who)
    events: list[str] = []
    swapped = False
    for rule, bonus in done.bonuses:
        if bonus:
            events.append(f"{rule.title}! +{bonus}")
    if plan.rolls == SPECIAL:
        swapped = True
        events.append(f"{turn.rule('choice').title}! The scores swap.")
    else:
        scores = state.mover_score + points + done.bonus, state.opponent_score
        for rule, player, opponent in done.changes:
            if rule.kind == "swap":
                swapped = not swapped
                events.append(f"{rule.title}!")
            elif opponent == scores[1]:
                events.append(f"{rule.title}! {scores[0]} -> {player}")
            else:
                events.append(f"{rule.title}! {scores[0]}, {scores[1]} -> {player}, {opponent}")
            scores = player, opponent
    if done.extra:
        titles = " / ".join(rule.title for rule in turn.rules("extra"))
        events.append(f"{titles}! Player {who} goes again.")
    scores = (done.player, done.opponent) if who == 0 else (done.opponent, done.player)
    new_state = TurnState(scores=scores, who=who if done.extra else other(who),
                          memory=turn.seen_by(done.after, who))
    record = TurnRecord(
        who=who, plan=plan, before=state.scores, after=scores, points=points, bonus=done.bonus,
        swapped=swapped, extra_turn=done.extra, events=tuple(events),
    )
    return new_state, record


def is_over(state: TurnState, goal: int) -> bool:
    """Whether either score has reached GOAL."""
    return max(state.scores) >= goal


def play(
    variant: Variant,
    strategy0: Strategy,
    strategy1: Strategy,
    *,
    score0: int = 0,
    score1: int = 0,
    dice: Dice = six_sided,
    wild_dice: Dice = four_sided,
    goal: int | None = None,
    say: Callable | None = None,
    later_rules: bool = True,
    watch: Callable[[TurnState, TurnPlan, int], None] | None = None,
) -> GameResult:
    """Play a whole game; return the final scores and the record of every turn.

    ``say`` is a commentary function, called after every turn as in Phase 2; ``later_rules``
    False switches off the rule of Problem 5b (like ``play(..., feral_hogs=False)``); ``watch``,
    if given, sees each turn's state, plan and points before the turn ends.
    """
    goal = variant.goal if goal is None else goal
    state = start_state(variant, (score0, score1))
    result = GameResult(scores=state.scores)
    strategies = (strategy0, strategy1)
    while not is_over(state, goal):
        plan = plan_turn(variant, state, strategies[state.who](*_view(state)), later_rules=later_rules)
        rolled: list[int] = []
        source = dice if plan.sides == SIDES[0] else wild_dice

        def recording_dice(source: Dice = source, rolled: list[int] = rolled) -> int:
            outcome = source()
            rolled.append(outcome)
            return outcome

        points = 0
        if plan.rolls != SPECIAL:
            points = take_turn(variant, plan.rolls, state.opponent_score, recording_dice,
                               player_score=state.mover_score)
        if watch is not None:
            watch(state, plan, points)
        state, record = finish_turn(variant, state, plan, points, later_rules=later_rules)
        result.turns.append(replace(record, outcomes=tuple(rolled)))
        if say is not None:
            say = say(*state.scores)
    result.scores = state.scores
    return result


def _view(state: TurnState) -> tuple[int, int]:
    """What a strategy sees: its own score, then the opponent's."""
    return state.mover_score, state.opponent_score


@cache
def roll_distribution(roll_dice: Callable, num_rolls: int, sides: int) -> tuple[tuple[int, float], ...]:
    """Exact distribution of ``roll_dice(num_rolls, dice)`` for fair dice with SIDES sides.

    Every rule's ``roll_dice`` depends only on which outcomes came up, not their order, so each
    multiset of outcomes is rolled once through the reference function, with its probability.
    """
    total = sides**num_rolls
    dist: dict[int, float] = {}
    for multiset in combinations_with_replacement(range(1, sides + 1), num_rolls):
        ways = factorial(num_rolls)
        for face in set(multiset):
            ways //= factorial(multiset.count(face))
        points = roll_dice(num_rolls, make_test_dice(*multiset))
        dist[points] = dist.get(points, 0.0) + ways / total
    return tuple(sorted(dist.items()))


def points_distribution(variant: Variant, plan: TurnPlan, opponent_score: int, *,
                        player_score: int = 0) -> list[tuple[int, float]]:
    """Exact distribution of the points a planned turn scores (before bonus and later rules)."""
    if plan.rolls == SPECIAL:
        return [(0, 1.0)]
    turn = turn_of(variant)
    if plan.rolls == 0:
        return [(turn.zero_points(player_score=player_score, opponent_score=opponent_score), 1.0)]
    raw = roll_distribution(turn.rule("roll").hook, plan.rolls, plan.sides)
    if not turn.rules("boost"):
        return list(raw)
    boosted: dict[int, float] = {}
    for points, p in raw:
        key = turn.boost(points, num_rolls=plan.rolls)
        boosted[key] = boosted.get(key, 0.0) + p
    return sorted(boosted.items())


def turn_outcomes(variant: Variant, state: TurnState, choice: int) -> list[tuple[float, TurnState]]:
    """Every state the game can reach after the mover chooses CHOICE, with its probability."""
    plan = plan_turn(variant, state, choice)
    return [
        (p, finish_turn(variant, state, plan, points)[0])
        for points, p in points_distribution(variant, plan, state.opponent_score, player_score=state.mover_score)
    ]
