"""One statement of a turn: what a variant's turn does and in which order, what the game remembers
between turns, how that memory is laid out as hidden states, and how a turn's points are numbered.

The reference game (:mod:`hogkit.game`), the exact evaluator (:mod:`hogkit.exact`), the ``play``
rendered into the student's hog.py (:mod:`hogkit.generate.turn_code`), the calc model
(:mod:`hogkit.generate.calc_step`) and the state sizes ``hogkit check-variant`` prints all read a
turn from :class:`Turn`.

**Steps.** Each rule acts at the step of its family (:data:`hogkit.rules.STEPS`), in this order:

* ``choice`` (Pork Chop): its hook gives the number of dice a choice means, or :data:`SPECIAL`
  (-1): a move that scores nothing and swaps the scores;
* ``dice`` (Hog Wild): ``hook(score, opponent_score)``, the mover's score first, true means the
  turn rolls four-sided dice;
* ``roll`` / ``zero`` (Pig Out / Free Bacon): ``hook(num_rolls, dice)`` scores 1 to 10 dice,
  ``hook(opponent_score)`` zero dice;
* ``boost`` (Hogtimus Prime): ``hook(points)`` changes them (several apply in family order);
* ``bonus`` (Feral Hogs): its hook gives extra points to a turn that rolls (several add up);
* ``after`` (Swine Swap / Square Swine): a ``swap`` rule's ``hook(player, opponent)`` swaps the
  scores, an ``update`` rule's ``hook(player)`` is the mover's new score;
* ``extra`` (Time Trot): its hook true means the mover moves again.

The goal is checked only after all of them, so a swap can hand the opponent the win. The
``choice``, ``bonus`` and ``extra`` rules are the later rules of Problem 5b (a keyword of ``play``
switches each off; ``later=False`` here switches them all off). Their hooks take, by parameter
name, ``num_rolls`` (the choice for a ``choice`` rule, the dice the turn rolls for the others)
and what their own rule remembers, never the scores, so that the exact evaluator can ask them
once per hidden state.

**Memory** (:class:`hogkit.rules.Memory`) changes where its rule acts: ``dice`` memory (of a
``bonus`` rule) becomes the dice the mover rolled, on a turn that rolls while the rule is on;
``used`` memory (of a ``choice`` rule) becomes True on the special move; ``count`` memory (of an
``extra`` rule) counts every turn; ``extra`` memory (of an ``extra`` rule) says whether the turn
earned an extra turn.

**Hidden states** are the memory as the player to move sees it: one slot for a value of the game,
two (the mover's own, then the opponent's) for a value each player has. :data:`LAYOUT` orders the
slots, outermost first, by how a turn changes them: the ones a turn carries over come first and
the ones it shuffles last, so that the hidden states one choice leads to sit side by side in one
block of the exact evaluator's arrays. Every combination of slot values is a hidden state.

**Points rows** (:class:`PointsRows`) number the distributions of a turn's points: 1 to 10
six-sided dice, 1 to 10 four-sided dice (used only with a ``dice`` rule), zero dice against each
opponent's score below the goal, then the special move's.
"""

from __future__ import annotations

import inspect
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from hogkit.errors import HogkitError
from hogkit.rules import SHARED_STEPS, Memory, Rule, family_of
from hogkit.variant import Variant

SPECIAL = -1  # the number of dice of a special move (Pork Chop)
MOST_DICE = 10
SIDES = (6, 4)  # ordinary dice, then the dice a ``dice`` rule picks
OWN, OPP, GAME = "own", "opp", "game"
NUM_ROLLS = "num_rolls"
LATER_STEPS = ("choice", "bonus", "extra")
# The step whose rule may keep each kind of memory (hogkit.rules.UPDATES).
UPDATED_AT = {"dice": "bonus", "used": "choice", "count": "extra", "extra": "extra"}
# The slots of a hidden state, outermost first, as (update, side).
LAYOUT = (("dice", OPP), ("extra", GAME), ("count", GAME), ("used", OWN), ("used", OPP), ("dice", OWN))

View = tuple  # one hidden state: a value per slot, in the order of Turn.slots


@dataclass(frozen=True)
class Slot:
    """One value of a hidden state: a memory of the game (GAME), or the mover's (OWN) or the
    opponent's (OPP) value of a memory each player has. ``field`` is its name in calc_model.json."""

    memory: Memory
    side: str
    rule: Rule

    @property
    def field(self) -> str:
        """The slot's name among the hidden fields (``own_last``, ``turn``, ...)."""
        return self.memory.fields[1 if self.side == OPP else 0]

    def value(self, number: int) -> int | bool:
        """Hidden value NUMBER (0 to size - 1) as the memory's own type."""
        return type(self.memory.start)(number)


@dataclass(frozen=True)
class Move:
    """What a turn that rolls ROLLS dice (SPECIAL: the special move) does besides its points: each
    bonus rule's points, whether the mover moves again, and the memory after it, as the mover
    sees it."""

    rolls: int
    bonuses: tuple[tuple[Rule, int], ...]
    extra: bool
    after: View

    @property
    def bonus(self) -> int:
        """The bonus points in all."""
        return sum(points for _, points in self.bonuses)


@dataclass(frozen=True)
class PointsRows:
    """How the distributions of a turn's points are numbered: row ``dice(k, 0)`` for k six-sided
    dice, ``dice(k, 1)`` for four-sided ones, ``zero(b)`` for zero dice against an opponent with
    b points, and ``special``, the special move's (it scores 0 for sure)."""

    goal: int
    wild: bool  # whether the four-sided rows are in use

    zero_start = MOST_DICE * len(SIDES)

    def dice(self, rolls, wild):
        """The row of ROLLS (1-10) dice, four-sided where WILD is 1 (numbers or arrays)."""
        return rolls - 1 + MOST_DICE * wild

    def zero(self, opponent):
        """The row of a zero-dice turn against OPPONENT points (a number or an array)."""
        return self.zero_start + opponent

    @property
    def special(self) -> int:
        """The row of the special move."""
        return self.zero(self.goal)

    @property
    def count(self) -> int:
        """How many rows there are."""
        return self.special + 1

    def code(self, rolls):
        """The row of ROLLS dice (SPECIAL, 0 or 1-10) before the dice and the opponent are known:
        six-sided dice, zero dice against 0 points, or the special move (numbers or arrays)."""
        return (rolls > 0) * self.dice(rolls, 0) + (rolls == 0) * self.zero(0) + (rolls < 0) * self.special

    def place(self, code, wild, opponent):
        """The row of a turn coded as by :meth:`code`, rolled with the dice of WILD against
        OPPONENT points (numbers or arrays alike)."""
        return code + MOST_DICE * wild * (code < MOST_DICE) + opponent * (code == self.zero_start)

    def plans(self) -> list[tuple[int, int, int, bool]]:
        """What each row but the special move's holds: (dice, sides, opponent's score, in use)."""
        dice = [(rolls, sides, 0, sides == SIDES[0] or self.wild)
                for sides in SIDES for rolls in range(1, MOST_DICE + 1)]
        return dice + [(0, SIDES[0], opponent, True) for opponent in range(self.goal)]


class Turn:
    """The turn of one variant: its rules by step, its memory and hidden states, its points rows."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.choices: tuple[int, ...] = variant.legal_rolls
        self.steps: dict[str, tuple[Rule, ...]] = {}
        for rule in variant.rules.values():  # in the order their effects apply
            step = family_of(rule).step
            self.steps[step] = (*self.steps.get(step, ()), rule)
        for rule in variant.rules.values():
            self._check(rule)
        slots = [Slot(memory, side, rule) for rule in variant.rules.values() for memory in rule.memory
                 for side in ((OWN, OPP) if memory.each else (GAME,))]
        self.slots: tuple[Slot, ...] = tuple(sorted(slots, key=lambda s: LAYOUT.index((s.memory.update, s.side))))
        place = {(slot.memory, slot.side): i for i, slot in enumerate(self.slots)}
        self._swap = tuple(place[(s.memory, {OWN: OPP, OPP: OWN}.get(s.side, s.side))] for s in self.slots)
        self.start: View = tuple(slot.memory.start for slot in self.slots)
        self._inputs = {rule.id: self._hook_inputs(rule, place) for rule in variant.rules.values()
                        if family_of(rule).step in LATER_STEPS}

    # ---------------------------------------------------------------------------- the statement

    def rule(self, step: str) -> Rule | None:
        """The variant's rule of STEP (one that takes a single rule), or None."""
        found = self.steps.get(step, ())
        return found[0] if found else None

    def rules(self, step: str) -> tuple[Rule, ...]:
        """The variant's rules of STEP, in the order they apply."""
        return self.steps.get(step, ())

    def inputs(self, rule: Rule) -> tuple[Slot | None, ...]:
        """What the hook of a later RULE is given, parameter by parameter: None for ``num_rolls``,
        else the slot (the mover's own, or the game's) of one of the rule's memories."""
        return tuple(slot for slot, _ in self._inputs[rule.id])

    def points_rows(self, goal: int | None = None) -> PointsRows:
        """How the points of a turn are numbered in a game to GOAL (default: the variant's)."""
        return PointsRows(self.variant.goal if goal is None else goal, self.rule("dice") is not None)

    def memory_rules(self) -> list[tuple[Rule, tuple[Memory, ...]]]:
        """Each rule that remembers something, with its memories, in the order the rules apply."""
        return [(rule, rule.memory) for rule in self.variant.rules.values() if rule.memory]

    def sizes(self) -> tuple[int, ...]:
        """How many values each slot takes, outermost first."""
        return tuple(slot.memory.size for slot in self.slots)

    # ------------------------------------------------------------------------------- one turn

    def rolls(self, view: View, choice: int, *, later: bool = True) -> int:
        """The number of dice a CHOICE means from hidden state VIEW (SPECIAL: the special move)."""
        rule = self.rule("choice")
        if rule is None or not later:
            return choice
        return rule.hook(*self._arguments(rule, view, choice))

    def sides(self, score: int, opponent_score: int) -> int:
        """The sides of the dice of a turn that starts with the mover at SCORE."""
        rule = self.rule("dice")
        return SIDES[1] if rule is not None and rule.hook(score, opponent_score) else SIDES[0]

    def points(self, rolls: int, opponent_score: int, dice: Callable[[], int]) -> int:
        """The points of a turn of ROLLS dice (0: the zero-dice rule), after every boost."""
        if rolls == 0:
            points = self.rule("zero").hook(opponent_score)
        else:
            points = self.rule("roll").hook(rolls, dice)
        return self.boost(points)

    def boost(self, points: int) -> int:
        """POINTS after the boost rules."""
        for rule in self.rules("boost"):
            points = rule.hook(points)
        return points

    def resolve(self, view: View, rolls: int, *, later: bool = True) -> Move:
        """What a turn of ROLLS dice from hidden state VIEW does besides its points."""
        bonuses: tuple[tuple[Rule, int], ...] = ()
        if later and rolls != SPECIAL:
            bonuses = tuple((rule, rule.hook(*self._arguments(rule, view, rolls))) for rule in self.rules("bonus"))
        rule = self.rule("extra")
        extra = bool(rule is not None and later and rule.hook(*self._arguments(rule, view, rolls)))
        return Move(rolls, bonuses, extra, self.remember(view, rolls, extra, later=later))

    def remember(self, view: View, rolls: int, extra: bool, *, later: bool = True) -> View:
        """The memory after a turn of ROLLS dice that did (EXTRA) or did not earn an extra turn,
        still as the mover sees it."""
        values = list(view)
        for i, slot in enumerate(self.slots):
            update = slot.memory.update
            if slot.side == OPP:
                continue
            if update == "used" and later and rolls == SPECIAL:
                values[i] = slot.value(True)
            elif update == "dice" and later and rolls != SPECIAL:
                values[i] = rolls
            elif update == "count":
                values[i] = values[i] + 1
            elif update == "extra":
                values[i] = slot.value(extra)
        return tuple(values)

    def after(self, player: int, opponent: int) -> tuple[int, int, bool]:
        """The mover's and the opponent's scores after the ``after`` rule, and whether it changed
        them (a swap of equal scores counts as a change)."""
        rule = self.rule("after")
        if rule.kind == "swap":
            swap = bool(rule.hook(player, opponent))
            return (opponent, player, True) if swap else (player, opponent, False)
        updated = rule.hook(player)
        return updated, opponent, updated != player

    # ------------------------------------------------------------------------- hidden states

    def swapped(self, view: View) -> View:
        """VIEW as the other player sees it."""
        return tuple(view[i] for i in self._swap)

    def seen_by(self, view: View, who: int) -> View:
        """Player 0's VIEW as player WHO sees it (and back)."""
        return view if who == 0 else self.swapped(view)

    def hand_over(self, after: View, extra: bool) -> View:
        """The next mover's view of the memory AFTER a turn (the same player's after an EXTRA turn)."""
        return after if extra else self.swapped(after)

    def normal(self, view: View) -> View:
        """VIEW with every count modulo its size: the hidden state the exact evaluator keeps."""
        return tuple(type(v)(v % slot.memory.size) if slot.memory.update == "count" else v
                     for v, slot in zip(view, self.slots, strict=True))

    def hidden_states(self) -> list[View]:
        """Every hidden state, in order: the slots' values, the innermost slot changing fastest."""
        return [tuple(slot.value(v) for slot, v in zip(self.slots, combo, strict=True))
                for combo in itertools.product(*(range(size) for size in self.sizes()))]

    def index(self, view: View) -> int:
        """The number of hidden state VIEW (counts taken modulo their size)."""
        number = 0
        for value, size in zip(self.normal(view), self.sizes(), strict=True):
            if not 0 <= value < size:
                raise HogkitError(f"a rule remembers {value!r}, past the {size} values its memory keeps",
                                  "give the memory a size that holds every value it can take")
            number = number * size + int(value)
        return number

    def spent(self, view: View) -> int:
        """How many one-time moves (``used`` memory) VIEW has used up: a special move keeps the sum of
        the scores, so the exact evaluator settles states with more used up first."""
        return sum(int(v) for v, slot in zip(view, self.slots, strict=True) if slot.memory.update == "used")

    # ------------------------------------------------------------------------------ internals

    def _arguments(self, rule: Rule, view: View, rolls: int) -> list:
        return [rolls if slot is None else view[i] for slot, i in self._inputs[rule.id]]

    def _hook_inputs(self, rule: Rule, place: dict) -> tuple:
        """The (slot or None, slot's place) for each parameter of RULE's hook."""
        own = {memory.argument: memory for memory in rule.memory}
        found = []
        for name in inspect.signature(rule.hook).parameters:
            if name == NUM_ROLLS:
                found.append((None, -1))
            elif name in own:
                memory = own[name]
                i = place[(memory, OWN if memory.each else GAME)]
                found.append((self.slots[i], i))
            else:
                raise HogkitError(f"rule {rule.id}: its hook {rule.hook_name} takes {name!r}, which is neither "
                                  f"{NUM_ROLLS} nor a memory of the rule",
                                  f"name each parameter {NUM_ROLLS} or after a memory's argument")
        return tuple(found)

    def _check(self, rule: Rule) -> None:
        step = family_of(rule).step
        for memory in rule.memory:
            if UPDATED_AT.get(memory.update) != step or (step == "extra" and memory.each):
                raise HogkitError(f"rule {rule.id}: a {step} rule cannot keep {memory.name} with a "
                                  f"{memory.update!r} update{' for each player' if memory.each else ''}",
                                  "see hogkit.turn for which step changes memory in which way")
        if step == "choice" and not any(memory.update == "used" for memory in rule.memory):
            raise HogkitError(f"rule {rule.id}: a choice rule must remember that its special move was used",
                              "give it a memory with update 'used'")
        if step not in SHARED_STEPS and len(self.steps[step]) > 1:
            raise HogkitError(f"a turn takes one {step} rule, not {len(self.steps[step])}", "keep one of them")


@lru_cache(maxsize=32)
def turn_of(variant: Variant) -> Turn:
    """The (cached) :class:`Turn` of VARIANT."""
    return Turn(variant)


def hook_names(turn: Turn, rule: Rule) -> list[str]:
    """What RULE's hook is given, by the hidden fields' names: ``choice`` for ``num_rolls``."""
    return ["choice" if slot is None else slot.field for slot in turn.inputs(rule)]


def state_factors(turn: Turn) -> list[tuple[Rule, int, str]]:
    """Each rule that makes the hidden state larger: by how much, and what it remembers."""
    return [(rule, math.prod(memory.size ** (2 if memory.each else 1) for memory in memories),
             " and ".join(memory.about for memory in memories))
            for rule, memories in turn.memory_rules()]
