"""Worked examples of the strategies of one rule (Problems 10 and 11), for the notebooks.

Each example is a call of the problem's own strategy at one pair of scores, with the margin (or
threshold, or cutoff) and the number of dice spelled out by the course's names, the answer of
the reference, and why, in the numbers of that call. The pairs of scores are drawn with a fixed
seed, none of them one that a visible test or an unlock question of the problem asks about: the
answers the checker keeps sealed until the problem is unlocked stay sealed.
"""

from __future__ import annotations

import inspect
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from hogkit.generate.reference import kit_strategies
from hogkit.problem_layout import Problem
from hogkit.problems.checks import ProblemSpec
from hogkit.problems.strategies import plain_strategy, strategy_options
from hogkit.rules import Example
from hogkit.turn import turn_of
from hogkit.variant import Variant


def _asked_pairs(spec: ProblemSpec, fn: str) -> set[tuple[int, int]]:
    """The pairs of scores at which the problem's visible tests and unlock questions call FN."""
    texts = [s for test in spec.visible for s in test.statements] + [s for q in spec.unlock for s in q.statements]
    return {(int(s), int(o)) for text in texts for s, o in re.findall(rf"\b{fn}\((\d+), (\d+)", text)}


def _pairs(variant: Variant, spec: ProblemSpec, fn: str) -> Iterator[tuple[int, int]]:
    """Every pair of scores below the goal that no test asks about, in a fixed shuffled order."""
    asked = _asked_pairs(spec, fn)
    pairs = [(s, o) for s in range(variant.goal) for o in range(variant.goal) if (s, o) not in asked]
    random.Random(f"examples-{variant.name}-{spec.id}").shuffle(pairs)
    return iter(pairs)


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class _Strategy:
    """What the examples of one strategy need: its name and reference, the course's names of its
    last two parameters and their defaults, and the points of zero dice at a pair of scores."""

    name: str
    reference: Callable[..., int]
    option: str
    num_rolls: str
    zero: Callable[[int, int], int]

    def call(self, score: int, opponent: int, margin: int, rolls: int) -> str:
        return f"{self.name}({score}, {opponent}, {self.option}={margin}, {self.num_rolls}={rolls})"

    def defaults(self) -> tuple[int, int]:
        parameters = inspect.signature(self.reference).parameters
        return int(parameters[self.option].default), int(parameters[self.num_rolls].default)


def strategy_examples(variant: Variant, spec: ProblemSpec) -> tuple[Example, ...]:
    """Worked examples of the strategy that SPEC's problem (a ``rule_strategy``) asks for."""
    problem, plain = spec.problem, plain_strategy(variant)
    references, turn = kit_strategies(variant), turn_of(variant)

    def zero(score: int, opponent: int) -> int:
        return turn.zero_points(player_score=score, opponent_score=opponent)

    def strategy(of: Problem) -> _Strategy:
        return _Strategy(of.graded[0], references[of.graded[0]], *strategy_options(variant, of), zero)

    pairs = _pairs(variant, spec, problem.graded[0])
    if problem == plain:
        return _plain_examples(strategy(problem), pairs)
    return _rule_examples(strategy(problem), strategy(plain), pairs,
                          " and ".join(rule.title for rule in problem.rules), len(problem.rules))


def _plain_examples(strategy: _Strategy, pairs: Iterator[tuple[int, int]]) -> tuple[Example, ...]:
    """Three examples, at pairs where zero dice score different points: the margin exactly (enough to
    roll 0), one point short of it with another number of dice, and the strategy's defaults."""
    margin, rolls = strategy.defaults()
    other = rolls - 2 if rolls > 2 else rolls + 2
    found: list[Example] = []
    seen: set[int] = set()
    for score, opponent in pairs:
        points = strategy.zero(score, opponent)
        if points in seen or points < 1:
            continue
        seen.add(points)
        m, n = [(points, rolls), (points + 1, other), (margin, rolls)][len(found)]
        expect = strategy.reference(score, opponent, m, n)
        why = (f"at least {strategy.option}={m}: roll 0" if expect == 0 else
               f"less than {strategy.option}={m}: roll {_dice(n)}")
        found.append(Example(strategy.call(score, opponent, m, n), expect,
                             f"Zero dice score {_points(points)} here, {why}."))
        if len(found) == 3:
            break
    return tuple(found)


def _rule_examples(strategy: _Strategy, plain: _Strategy, pairs: Iterator[tuple[int, int]], titles: str,
                   rules: int) -> tuple[Example, ...]:
    """Up to four examples, with the strategy's defaults: where the rules make zero dice pay off
    (the plain strategy would roll dice), where they work against it (it would roll 0), and where
    the strategy answers as the plain one does, once rolling 0 and once rolling dice."""
    margin, rolls = strategy.defaults()
    option = strategy.option
    found: dict[str, Example] = {}
    for score, opponent in pairs:
        mine = strategy.reference(score, opponent, margin, rolls)
        theirs = plain.reference(score, opponent, margin, rolls)
        kind = f"same {mine == 0}" if mine == theirs else "pays" if mine == 0 else "hurts"
        if kind in found:
            continue
        points = strategy.zero(score, opponent)
        reached = f"they take you from {score} to {score + points}, where {titles}"
        if kind == "pays":
            note = (f"Zero dice score {_points(points)} here, less than {option}={margin}, so {plain.name} would "
                    f"roll {_dice(rolls)}; but {reached} {'make' if rules > 1 else 'makes'} rolling zero dice "
                    "pay off: roll 0.")
        elif kind == "hurts":
            note = (f"Zero dice score {_points(points)} here, at least {option}={margin}, so {plain.name} would "
                    f"roll 0; but {reached} would work against you: roll {_dice(rolls)}.")
        else:
            why = f"at least {option}={margin}, so roll 0" if mine == 0 else \
                f"less than {option}={margin}, so roll {_dice(rolls)}"
            note = f"Here {strategy.name} answers as {plain.name} does: zero dice score {_points(points)}, {why}."
        found[kind] = Example(strategy.call(score, opponent, margin, rolls), mine, note)
        if len(found) == 4:
            break
    return tuple(found[kind] for kind in ("pays", "hurts", "same True", "same False") if kind in found)
