"""Input domains: the values a problem's functions may be called with, written down once.

A domain is what the specification allows (``free_bacon`` takes a score below the goal; ``roll_dice``
takes 1 to 10 dice). Hidden sweeps walk a domain, the fuzzer draws from it (see
:mod:`graders.fuzz`, which turns each kind of domain into a hypothesis strategy) and the checker's
random cases sample it, so no test ever calls a function outside what the seed allows.

Every domain renders its values as Python source text, since tests travel as calls.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from functools import lru_cache

from hogkit.rules import Memory, Rule, family_of
from hogkit.turn import turn_of
from hogkit.variant import Variant

BEFORE_POINTS = ("choice", "dice", "roll", "zero")  # the steps of a turn before its points are added

DICE_FACES = 6


@dataclass(frozen=True)
class Ints:
    """Whole numbers from LO to HI, both included."""

    lo: int
    hi: int

    def values(self) -> list[int]:
        """Every value, in order."""
        return list(range(self.lo, self.hi + 1))

    def __contains__(self, value: object) -> bool:
        return type(value) is int and self.lo <= value <= self.hi

    def sample(self, rng: random.Random) -> int:
        """One value drawn with RNG."""
        return rng.randint(self.lo, self.hi)

    def render(self, value: object) -> str:
        """VALUE as source text."""
        return repr(value)


@dataclass(frozen=True)
class OneOf:
    """One of a few listed values (dice counts, booleans, goals)."""

    choices: tuple

    def values(self) -> list:
        """Every value, in order."""
        return list(self.choices)

    def __contains__(self, value: object) -> bool:
        return any(type(value) is type(c) and value == c for c in self.choices)

    def sample(self, rng: random.Random) -> object:
        """One value drawn with RNG."""
        return rng.choice(self.choices)

    def render(self, value: object) -> str:
        """VALUE as source text."""
        return repr(value)


@dataclass(frozen=True)
class TestDice:
    """Test dice: a cycle of MIN_LEN to MAX_LEN outcomes, each LOW to SIDES, made by ``make_test_dice``.

    Games played to test ``play`` use LOW = 2: Pig Out is ``roll_dice``'s rule, and a game whose
    dice never show a 1 tests how ``play`` runs a game, not how a roll is scored.
    """

    sides: int = DICE_FACES
    min_len: int = 1
    max_len: int = 10
    low: int = 1

    def sample(self, rng: random.Random) -> tuple[int, ...]:
        """One cycle of outcomes drawn with RNG."""
        return tuple(rng.randint(self.low, self.sides) for _ in range(rng.randint(self.min_len, self.max_len)))

    def render(self, value: tuple[int, ...]) -> str:
        """The call that makes these dice."""
        return f"make_test_dice({', '.join(map(str, value))})"


@dataclass(frozen=True)
class Strategies:
    """Deterministic strategies: a function of the two scores that picks one of up to MAX_LEN
    numbers of dice from CHOICES (the same scores always give the same choice)."""

    choices: tuple[int, ...]
    max_len: int = 4

    def sample(self, rng: random.Random) -> tuple[int, ...]:
        """The picks of one strategy, drawn with RNG."""
        return tuple(rng.choice(self.choices) for _ in range(rng.randint(1, self.max_len)))

    def render(self, value: tuple[int, ...]) -> str:
        """The test helper call that makes this strategy."""
        if len(value) == 1:
            return f"fixed_rolls({value[0]})"
        return f"rolls_by_score({', '.join(map(str, value))})"


@dataclass(frozen=True)
class GameStart:
    """The start of a game: both scores below the goal, and the goal, one of GOALS."""

    goals: tuple[int, ...]

    def sample(self, rng: random.Random) -> tuple[int, int, int]:
        """(score0, score1, goal) drawn with RNG."""
        goal = rng.choice(self.goals)
        return rng.randrange(goal), rng.randrange(goal), goal

    def render(self, value: tuple[int, int, int]) -> str:
        """The keyword arguments of ``play`` for this start."""
        score0, score1, goal = value
        return f"score0={score0}, score1={score1}, goal={goal}"


@dataclass(frozen=True)
class ScoreWalk:
    """A list of 1 to MAX_LEN pairs of scores, each from 0 to HI (commentary may see any pair:
    a swap can lower a score)."""

    hi: int
    max_len: int = 12

    def sample(self, rng: random.Random) -> tuple[tuple[int, int], ...]:
        """One walk drawn with RNG."""
        return tuple((rng.randint(0, self.hi), rng.randint(0, self.hi)) for _ in range(rng.randint(1, self.max_len)))

    def render(self, value: tuple[tuple[int, int], ...]) -> str:
        """The list of pairs as source text."""
        return repr(list(value))


@dataclass(frozen=True)
class CycleSamples:
    """Test dice of MIN_LEN to MAX_LEN outcomes and a number of samples that is a multiple of
    the cycle's length: every experiment then starts the cycle from its first outcome, so the
    average of each number of dice is the same whatever order a program tries them in."""

    min_len: int = 1
    max_len: int = 4
    max_repeats: int = 3
    keyword: str = "num_samples"  # the course's name of the number of samples

    def sample(self, rng: random.Random) -> tuple[tuple[int, ...], int]:
        """(outcomes, num_samples) drawn with RNG."""
        outcomes = tuple(rng.randint(1, DICE_FACES) for _ in range(rng.randint(self.min_len, self.max_len)))
        return outcomes, len(outcomes) * rng.randint(1, self.max_repeats)

    def render(self, value: tuple[tuple[int, ...], int]) -> str:
        """The arguments of ``max_scoring_num_rolls``."""
        outcomes, samples = value
        return f"{TestDice().render(outcomes)}, {self.keyword}={samples}"


Domain = Ints | OneOf | TestDice | Strategies | GameStart | ScoreWalk | CycleSamples


@lru_cache(maxsize=32)
def max_turn_points(variant: Variant) -> int:
    """The most points one turn of VARIANT can score, bonus and boost included (worked out once a
    variant: graders ask it for every answer they judge)."""
    turn = turn_of(variant)
    scores = range(variant.goal)
    zero = max(turn.zero_points(player_score=m, opponent_score=o) for m in scores for o in scores)
    points = max(turn.boost(p, num_rolls=k) for p in range(max(10 * DICE_FACES, zero) + 1) for k in range(11))
    bonus = 0
    for rule in turn.rules("bonus"):  # each bonus at its largest, over every input the engine gives it
        domain = turn.hook_domain(rule, most_points=points)
        bonus += max(rule.hook(*given) for given in itertools.product(*domain))
    return points + bonus


def score_below_goal(variant: Variant) -> Ints:
    """A score a player can have while the game goes on: 0 to goal - 1 (the seed: "assume the
    score is less than 100")."""
    return Ints(0, variant.goal - 1)


def score_after_turn(variant: Variant) -> Ints:
    """A mover's score once a turn's points are added: below the goal plus one turn's points."""
    return Ints(0, variant.goal - 1 + max_turn_points(variant))


def parameter_domain(variant: Variant, function: str, parameter: str) -> Ints | OneOf | TestDice:
    """The domain of PARAMETER of the kit function FUNCTION in VARIANT: what the function's rule
    declares for it (its ``domains``), else what the parameter's name says."""
    for rule in variant.rules:
        if function in (fn.__name__ for fn in rule.functions) or function == rule.hook_name:
            declared = dict(rule.domains)
            named = declared.get(f"{function}.{parameter}", declared.get(parameter))
            if named is not None:
                return _declared_domain(variant, rule, function, named)
            for memory in rule.memory:  # a value the rule remembers: what the game keeps of it
                if parameter in (memory.argument, memory.opponent_argument):
                    return _memory_domain(variant, memory)
    return _named_domain(variant, function, parameter)


def _memory_domain(variant: Variant, memory: Memory) -> Ints | OneOf:
    """The values the game gives a hook for MEMORY (not folded as the exact evaluator keeps them)."""
    if isinstance(memory.start, bool):
        return OneOf((False, True))
    return {"dice": Ints(0, 10), "points": Ints(0, max_turn_points(variant)),
            "count": Ints(0, max(63, memory.size - 1))}.get(memory.update, Ints(0, memory.size - 1))


def _declared_domain(variant: Variant, rule: Rule, function: str, declared: str) -> Ints | OneOf | TestDice:
    """The domain a rule declares for a parameter: ``lo..hi``, a domain's name, either followed
    by ``where FN`` (only the values for which the rule's own function FN is true: the page calls
    ``next_perfect_square`` on perfect squares only)."""
    base, _, condition = (part.strip() for part in declared.partition(" where "))
    if ".." in base:
        lo, hi = base.split("..")
        domain: Ints | OneOf | TestDice = Ints(int(lo), int(hi))
    else:
        domain = _named_domain(variant, function, base)
    if not condition:
        return domain
    test = next(fn for fn in rule.functions if fn.__name__ == condition)
    return OneOf(tuple(value for value in domain.values() if test(value)))


def _named_domain(variant: Variant, function: str, parameter: str) -> Ints | OneOf | TestDice:
    """The domain a parameter's NAME stands for (``opponent_score``: a score below the goal)."""
    rolls = {"roll_dice": Ints(1, 10), "pork_chop_rolls": OneOf(variant.legal_rolls)}.get(function, Ints(0, 10))
    after_turn = score_after_turn(variant)
    # A rule's function that acts before the turn's points are added sees the mover's score as it starts.
    before_turn = any(function in rule.function_names and family_of(rule).step in BEFORE_POINTS
                      for rule in variant.rules)
    table: dict[str, Ints | OneOf | TestDice] = {
        "score": score_below_goal(variant),
        "opponent_score": score_below_goal(variant),
        "player_score": score_below_goal(variant) if before_turn else after_turn,
        "num_rolls": rolls,
        "previous_rolls": Ints(0, 10),
        "previous_points": Ints(0, max_turn_points(variant)),
        "turn_number": Ints(0, 63),
        "after_extra": OneOf((False, True)),
        "chop_used": OneOf((False, True)),
        "points": Ints(0, max_turn_points(variant)),
        "who": OneOf((0, 1)),
        "below_goal": score_below_goal(variant),
        "after_turn": after_turn,
        "positive_after_turn": Ints(1, after_turn.hi),  # a score a turn has just added to (a turn scores 1 or more)
        "n": after_turn,
        "dice": TestDice(),
        "margin": Ints(0, 12),
        "threshold": Ints(0, 12),
    }
    if parameter not in table:
        raise KeyError(f"no domain is written down for {function}({parameter})")
    return table[parameter]
