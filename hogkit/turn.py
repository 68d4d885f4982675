"""One statement of a turn: what a variant's turn does and in which order, what the game remembers
between turns, how that memory is laid out as hidden states, and how a turn's points are numbered.

The reference game (:mod:`hogkit.game`), the exact evaluator (:mod:`hogkit.exact`), the ``play``
rendered into the student's hog.py (:mod:`hogkit.generate.turn_code`), the calc model
(:mod:`hogkit.generate.calc_step`) and the state sizes ``hogkit check-variant`` prints all read a
turn from :class:`Turn`.

**Steps.** Each rule acts at the step of its family (:data:`hogkit.rules.STEPS`), in this order:

* ``choice`` (Pork Chop): its hook gives the number of dice a choice means, or :data:`SPECIAL`
  (-1): a move that scores nothing and swaps the scores;
* ``dice`` (Hog Wild): true means the turn rolls four-sided dice;
* ``roll`` / ``zero`` (Pig Out / Free Bacon): the points of 1 to 10 dice, and of zero dice;
* ``boost`` (Hogtimus Prime): a change to the turn's points (several apply in turn);
* ``bonus`` (Feral Hogs): extra points for a turn that rolls (several add up);
* ``after`` (Swine Swap / Square Swine / Hog Pile): a ``swap`` rule's hook true swaps the scores,
  an ``update`` rule's hook is the mover's new score, a ``scores`` rule's hook gives both (several
  apply in the order the spec lists them);
* ``extra`` (Time Trot / Swine Align / Pig Pass): the mover moves again when any of these rules
  says so; an extra turn is a turn like any other, so extra turns chain unless a rule's own
  memory forbids it.

A hook is given what it asks for by parameter name (:data:`hogkit.rules.QUANTITIES`: the dice
rolled, the scores as they stand at its step, the turn's points; a rule's ``inputs`` rename them)
and the values of its own rule's memories. The goal is checked only after all of them, so a swap
can hand the opponent the win. Rules with a ``play_flag`` are the later rules of Problem 5b: a
keyword of ``play`` switches each off, and ``later=False`` here switches them all off.

**Memory** (:class:`hogkit.rules.Memory`) changes where its rule acts: ``dice`` memory becomes the
dice the mover rolled and ``points`` memory the points of the turn (on a turn that rolls while
the rule is on); ``used`` memory (of a ``choice`` rule) becomes True on the special move;
``count`` memory (of an ``extra`` rule) counts every turn; ``extra`` memory (of an ``extra``
rule) says whether the turn earned an extra turn.

**Hidden states** are the memory as the player to move sees it: one slot for a value of the game,
two (the mover's own, then the opponent's) for a value each player has. :data:`LAYOUT` orders the
slots, outermost first, by how a turn changes them: the ones a turn carries over come first and
the ones it shuffles last, so that the hidden states one choice leads to sit side by side in one
block of the exact evaluator's arrays. Every combination of slot values is a hidden state.

**Separable turns.** The fast layout of the exact evaluator needs a turn whose later effects
(bonus, extra turn, memory) follow from the hidden state and the dice alone, whose post-turn rules
look only at the two scores and whose zero-dice points depend on the opponent's score alone
(:attr:`Turn.separable`); every other turn is evaluated by the general layout.

**Halves.** Where every memory is a value each player keeps of their own last turn, which that
turn overwrites (the dice rolled or the points scored), and no hook reads the opponent's value,
the hidden state is two halves (:meth:`Turn.halves`): the mover's, which matters to this turn
only through what it does to it (a bonus, an extra turn), and the opponent's, which the turn
carries over untouched to the next mover (not where a rule after the turn reads the memory or the
mover, see :meth:`Turn.late_reads`). The exact evaluator splits its values along them
(:mod:`hogkit.exact.split`).

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
from hogkit.rules import QUANTITIES, SINGLE_STEPS, STEPS, Memory, Rule, family_of
from hogkit.variant import Variant

SPECIAL = -1  # the number of dice of a special move (Pork Chop)
MOST_DICE = 10
SIDES = (6, 4)  # ordinary dice, then the dice a ``dice`` rule picks
OWN, OPP, GAME = "own", "opp", "game"
NUM_ROLLS = "num_rolls"
LATER_STEPS = ("choice", "bonus", "extra")
# The steps whose rules may keep each kind of memory (hogkit.rules.UPDATES).
UPDATED_AT = {"dice": ("bonus", "after", "extra"), "points": ("bonus", "after", "extra"), "used": ("choice",),
              "count": STEPS, "extra": ("extra",)}
# The slots of a hidden state, outermost first, as (update, side).
LAYOUT = (("dice", OPP), ("points", OPP), ("extra", GAME), ("count", GAME), ("used", OWN), ("used", OPP),
          ("points", OWN), ("dice", OWN))
# What the hooks of the fast layout's steps may read besides memory (see Turn.separable).
MEMORY_READS = ("choice", "bonus", "extra")  # the steps whose memory the fast layouts give a hook
SEPARABLE_READS = {"choice": {NUM_ROLLS}, "dice": {"player_score", "opponent_score"}, "roll": {NUM_ROLLS, "dice"},
                   "zero": {"opponent_score"}, "boost": {"points"}, "bonus": {NUM_ROLLS}, "extra": {NUM_ROLLS},
                   "after": {"player_score", "opponent_score"}}

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
    sees it (only for a separable turn, where none of it depends on the scores)."""

    rolls: int
    bonuses: tuple[tuple[Rule, int], ...]
    extra: bool
    after: View

    @property
    def bonus(self) -> int:
        """The bonus points in all."""
        return sum(points for _, points in self.bonuses)


@dataclass(frozen=True)
class Finish:
    """How a turn ends: the mover's and the opponent's scores, whether the mover moves again, the
    memory after it as the mover sees it, each bonus, and each post-turn rule that changed the
    scores with the scores it made (a swap of equal scores counts as a change)."""

    player: int
    opponent: int
    extra: bool
    after: View
    bonuses: tuple[tuple[Rule, int], ...]
    changes: tuple[tuple[Rule, int, int], ...]

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


def _never_rolled() -> int:
    raise AssertionError("a zero-dice turn rolls no dice")


class Turn:
    """The turn of one variant: its rules by step, its memory and hidden states, its points rows."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.choices: tuple[int, ...] = variant.legal_rolls
        self.steps: dict[str, tuple[Rule, ...]] = {}
        for rule in variant.rules:  # in the order their effects apply
            step = family_of(rule).step
            self.steps[step] = (*self.steps.get(step, ()), rule)
        for rule in variant.rules:
            self._check(rule)
        slots = [Slot(memory, side, rule) for rule in variant.rules for memory in rule.memory
                 for side in ((OWN, OPP) if memory.each else (GAME,))]
        self.slots: tuple[Slot, ...] = tuple(sorted(slots, key=lambda s: LAYOUT.index((s.memory.update, s.side))))
        place = {(slot.memory, slot.side): i for i, slot in enumerate(self.slots)}
        self._swap = tuple(place[(s.memory, {OWN: OPP, OPP: OWN}.get(s.side, s.side))] for s in self.slots)
        self.start: View = tuple(slot.memory.start for slot in self.slots)
        self._bindings = {rule.id: self._bind(rule, place) for rule in variant.rules}
        self.separable = all(
            {key for source, key in self._bindings[rule.id] if source == "q"} <= SEPARABLE_READS[family_of(rule).step]
            and (family_of(rule).step in MEMORY_READS or all(source == "q" for source, _ in self._bindings[rule.id]))
            for rule in variant.rules) and not any(slot.memory.update == "points" for slot in self.slots)
        late_bonus = any(self._reads(rule) - {NUM_ROLLS} for rule in self.rules("bonus"))
        self.late: tuple[Rule, ...] = tuple(
            rule for rule in variant.rules
            if (family_of(rule).step == "bonus" and late_bonus) or family_of(rule).step == "after"
            or (family_of(rule).step == "extra" and self._reads(rule) & {"player_score", "opponent_score", "points",
                                                                        "who"}))

    # ---------------------------------------------------------------------------- the statement

    def rule(self, step: str) -> Rule | None:
        """The variant's (first) rule of STEP, or None."""
        found = self.steps.get(step, ())
        return found[0] if found else None

    def rules(self, step: str) -> tuple[Rule, ...]:
        """The variant's rules of STEP, in the order they apply."""
        return self.steps.get(step, ())

    def inputs(self, rule: Rule) -> tuple[Slot | str, ...]:
        """What RULE's hook is given, parameter by parameter: the slot (the mover's own, the
        opponent's, or the game's) of one of the rule's memories, or the name of a quantity."""
        return tuple(self.slots[key] if source == "slot" else key for source, key in self._bindings[rule.id])

    def switched(self, rule: Rule, *, later: bool) -> bool:
        """Whether RULE is in force: a rule with a keyword of ``play`` only while LATER, and in a
        kit whose ``play`` takes an update function, a rule after the turn only while LATER (the
        simple update function leaves it out)."""
        if later:
            return True
        update_style = self.variant.interface.play == "update" and family_of(rule).step == "after"
        return not (rule.play_flag or update_style)

    def points_rows(self, goal: int | None = None) -> PointsRows:
        """How the points of a turn are numbered in a game to GOAL (default: the variant's)."""
        return PointsRows(self.variant.goal if goal is None else goal, self.rule("dice") is not None)

    def memory_rules(self) -> list[tuple[Rule, tuple[Memory, ...]]]:
        """Each rule that remembers something, with its memories, in the order the rules apply."""
        return [(rule, rule.memory) for rule in self.variant.rules if rule.memory]

    def halves(self) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """The places in a hidden state of the mover's half and of the opponent's (the same
        memories in the same order), where the memory splits in two halves (see the module's
        docstring); None where it does not."""
        own = [i for i, slot in enumerate(self.slots) if slot.side == OWN]
        if not own or not all(slot.memory.each and slot.memory.update in ("dice", "points") for slot in self.slots):
            return None
        if any(isinstance(given, Slot) and given.side == OPP for rule in self.variant.rules
               for given in self.inputs(rule)):
            return None
        if any(isinstance(key, int) or key == "who" for key in self.late_reads()):
            return None  # the late part of a turn reads the memory or the mover: its tables are not the halves'
        return tuple(own), tuple(self._swap[i] for i in own)

    def sizes(self) -> tuple[int, ...]:
        """How many values each slot takes, outermost first."""
        return tuple(slot.memory.size for slot in self.slots)

    # ------------------------------------------------------------------------------- one turn

    def call(self, rule: Rule, view: View, **quantities: object) -> object:
        """RULE's hook, given what it asks for: QUANTITIES by name, memory from VIEW."""
        return rule.hook(*(view[key] if source == "slot" else quantities[key]
                           for source, key in self._bindings[rule.id]))

    def rolls(self, view: View, choice: int, *, later: bool = True) -> int:
        """The number of dice a CHOICE means from hidden state VIEW (SPECIAL: the special move)."""
        rule = self.rule("choice")
        if rule is None or not self.switched(rule, later=later):
            return choice
        return self.call(rule, view, num_rolls=choice)

    def sides(self, score: int, opponent_score: int) -> int:
        """The sides of the dice of a turn that starts with the mover at SCORE."""
        rule = self.rule("dice")
        if rule is not None and self.call(rule, (), player_score=score, opponent_score=opponent_score):
            return SIDES[1]
        return SIDES[0]

    def points(self, rolls: int, opponent_score: int, dice: Callable[[], int], *, player_score: int = 0) -> int:
        """The points of a turn of ROLLS dice (0: the zero-dice rule), after every boost."""
        if rolls == 0:
            points = self.call(self.rule("zero"), (), player_score=player_score, opponent_score=opponent_score)
        else:
            points = self.call(self.rule("roll"), (), num_rolls=rolls, dice=dice)
        return self.boost(points, num_rolls=rolls)

    def zero_points(self, *, player_score: int, opponent_score: int) -> int:
        """The points of a turn of zero dice at these scores, after every boost (no die is rolled)."""
        return self.points(0, opponent_score, _never_rolled, player_score=player_score)

    def boost(self, points: int, *, num_rolls: int = 0) -> int:
        """POINTS of a turn of NUM_ROLLS dice after the boost rules."""
        for rule in self.rules("boost"):
            points = self.call(rule, (), points=points, num_rolls=num_rolls)
        return points

    def finish(self, view: View, rolls: int, points: int, player: int, opponent: int, *,
               later: bool = True, who: int = 0) -> Finish:
        """How a turn of ROLLS dice that scored POINTS ends, from the mover (player WHO) at PLAYER
        and the opponent at OPPONENT with hidden state VIEW (the mover's): bonuses, post-turn
        rules, extra turns and memory, in the order of the statement."""
        bonuses: list[tuple[Rule, int]] = []
        changes: list[tuple[Rule, int, int]] = []
        if rolls == SPECIAL:
            player, opponent = opponent, player
            changes.append((self.rule("choice"), player, opponent))
        else:
            player += points
            for rule in self.rules("bonus"):
                if self.switched(rule, later=later):
                    bonus = self.call(rule, view, num_rolls=rolls, points=points, player_score=player,
                                      opponent_score=opponent, who=who)
                    bonuses.append((rule, bonus))
                    player += bonus
            for rule in self.rules("after"):
                new = self._after(rule, view, rolls, points, player, opponent, who) if self.switched(
                    rule, later=later) else None
                if new is not None:
                    player, opponent = new
                    changes.append((rule, player, opponent))
        extra = any(bool(self.call(rule, view, num_rolls=rolls, points=points, player_score=player,
                                   opponent_score=opponent, who=who))
                    for rule in self.rules("extra") if self.switched(rule, later=later))
        after = self.remember(view, rolls, extra, points=points, later=later)
        return Finish(player, opponent, extra, after, tuple(bonuses), tuple(changes))

    def resolve(self, view: View, rolls: int, *, later: bool = True) -> Move:
        """What a turn of ROLLS dice from hidden state VIEW does besides its points, for a
        separable turn (where that does not depend on the scores or the points)."""
        if not self.separable:
            raise HogkitError(f"{self.variant.name}: a turn's later effects depend on the scores here",
                              "use Turn.finish, which is given them")
        done = self.finish(view, rolls, 0, 0, 0, later=later)
        return Move(rolls, done.bonuses, done.extra, done.after)

    def remember(self, view: View, rolls: int, extra: bool, *, points: int = 0, later: bool = True) -> View:
        """The memory after a turn of ROLLS dice that scored POINTS and did (EXTRA) or did not earn
        an extra turn, still as the mover sees it."""
        values = list(view)
        for i, slot in enumerate(self.slots):
            update = slot.memory.update
            if slot.side == OPP:
                continue
            on = self.switched(slot.rule, later=later)
            if update == "used" and on and rolls == SPECIAL:
                values[i] = slot.value(True)
            elif update == "dice" and on and rolls != SPECIAL:
                values[i] = rolls
            elif update == "points" and on and rolls != SPECIAL:
                values[i] = points
            elif update == "count":
                values[i] = values[i] + 1
            elif update == "extra":
                values[i] = slot.value(extra)
        return tuple(values)

    def after(self, player: int, opponent: int) -> tuple[int, int, bool]:
        """The mover's and the opponent's scores after the post-turn rules, and whether any changed
        them (a swap of equal scores counts as a change), for a separable turn."""
        changed = False
        for rule in self.rules("after"):
            new = self._after(rule, (), 0, 0, player, opponent, 0)
            if new is not None:
                player, opponent = new
                changed = True
        return player, opponent, changed

    def hook_domain(self, rule: Rule, *, most_points: int) -> tuple[tuple[object, ...], ...] | None:
        """Every value the engine can give each parameter of RULE's hook, in order, in a game where
        a turn scores at most MOST_POINTS (bonus included): scores as they can stand at its step,
        memory as the game keeps it (unfolded), None for a roll rule (it is given dice).
        """
        goal, step = self.variant.goal, family_of(rule).step
        below, after = tuple(range(goal)), tuple(range(goal + most_points))
        if step == "roll":
            return None
        rolls = {"choice": self.choices, "roll": tuple(range(1, MOST_DICE + 1))}.get(step, tuple(range(MOST_DICE + 1)))
        late = step in ("bonus", "after", "extra")
        swapped = step == "extra" or (step == "after" and self.rules("after").index(rule) > 0)
        values = {"num_rolls": rolls, "player_score": after if late else below,
                  "opponent_score": after if swapped else below, "who": (0, 1),
                  "points": tuple(range(most_points + 1)), "dice": ()}
        found = []
        for source, key in self._bindings[rule.id]:
            if source == "q":
                found.append(values[key])
                continue
            memory = self.slots[key].memory
            kept = {"dice": MOST_DICE + 1, "points": most_points + 1, "count": max(memory.size, 64)}
            found.append((False, True) if isinstance(memory.start, bool) else tuple(range(kept.get(
                memory.update, memory.size))))
        return tuple(found)

    # ------------------------------------------------------------------ the late part of a turn

    def late_reads(self) -> tuple[str | int, ...]:
        """What the late rules (:attr:`late`: every post-turn rule, the bonuses when one of them
        reads more than the dice and its memory, and the extra-turn rules that read a score, the
        points or the mover) read besides the two scores: ``num_rolls``, ``points``, ``who``, or a
        slot's place in the hidden state. The general layout tabulates them by these values."""
        found: dict[str | int, None] = {}
        for rule in self.late:
            for source, key in self._bindings[rule.id]:
                if source == "slot" or key in ("num_rolls", "points", "who"):
                    found[key] = None
        return tuple(sorted(found, key=lambda key: (isinstance(key, int), str(key))))

    def late_key(self, view: View, rolls: int, points: int, who: int) -> tuple[int, ...]:
        """The values the late rules read (:meth:`late_reads`) on a turn of ROLLS dice that scored
        POINTS, by player WHO from hidden state VIEW (values folded as the evaluator keeps them)."""
        given = {"num_rolls": rolls, "points": points, "who": who}
        view = self.normal(view)
        return tuple(int(view[key]) if isinstance(key, int) else int(given[key]) for key in self.late_reads())

    def settle(self, view: View, rolls: int, points: int, player: int, opponent: int, *, who: int = 0,
               later: bool = True) -> tuple[int, int, bool]:
        """The late part of a turn (:attr:`late`), from the mover at PLAYER (the turn's points and
        every bonus that is not late added) and the opponent at OPPONENT: the scores after it and
        whether one of its extra-turn rules gives the mover another turn."""
        given = dict(num_rolls=rolls, points=points, opponent_score=opponent, who=who)
        extra = False
        for rule in self.late:
            if not self.switched(rule, later=later):
                continue
            step = family_of(rule).step
            if step == "bonus":
                player += self.call(rule, view, player_score=player, **given)
            elif step == "after":
                new = self._after(rule, view, rolls, points, player, given["opponent_score"], who)
                if new is not None:
                    player, given["opponent_score"] = new
            else:
                extra = extra or bool(self.call(rule, view, player_score=player, **given))
        return player, given["opponent_score"], extra

    def _after(self, rule: Rule, view: View, rolls: int, points: int, player: int,
               opponent: int, who: int) -> tuple[int, int] | None:
        """The scores after post-turn RULE, or None when it leaves them as they were (a swap of
        equal scores gives them, as a change)."""
        given = self.call(rule, view, num_rolls=rolls, points=points, player_score=player, opponent_score=opponent,
                          who=who)
        if rule.kind == "swap":
            return (opponent, player) if given else None
        if rule.kind == "scores":
            new = (int(given[0]), int(given[1]))
            return new if new != (player, opponent) else None
        return (given, opponent) if given != player else None

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
        """VIEW with every value folded into its memory's size: the hidden state the exact evaluator
        keeps (a count modulo its size, capped values at their cap)."""
        return tuple(type(v)(slot.memory.folded(v)) for v, slot in zip(view, self.slots, strict=True))

    def hidden_states(self) -> list[View]:
        """Every hidden state, in order: the slots' values, the innermost slot changing fastest."""
        return [tuple(slot.value(v) for slot, v in zip(self.slots, combo, strict=True))
                for combo in itertools.product(*(range(size) for size in self.sizes()))]

    def index(self, view: View) -> int:
        """The number of hidden state VIEW (values folded into their memory's size)."""
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

    def _reads(self, rule: Rule) -> set[str]:
        """The quantities RULE's hook reads (its memory aside)."""
        return {key for source, key in self._bindings[rule.id] if source == "q"}

    def _bind(self, rule: Rule, place: dict) -> tuple[tuple[str, object], ...]:
        """For each parameter of RULE's hook: ("slot", the slot's place) for one of the rule's
        memories, or ("q", the quantity's name)."""
        own = {memory.argument: (memory, OWN if memory.each else GAME) for memory in rule.memory}
        own.update({memory.opponent_argument: (memory, OPP) for memory in rule.memory if memory.opponent_argument})
        renamed = dict(rule.inputs)
        found: list[tuple[str, object]] = []
        for name in inspect.signature(rule.hook).parameters:
            given = renamed.get(name, name)
            if given in own:
                found.append(("slot", place[own[given]]))
            elif given in QUANTITIES:
                found.append(("q", given))
            else:
                raise HogkitError(f"rule {rule.id}: its hook {rule.hook_name} takes {name!r}, which is neither a "
                                  f"memory of the rule nor one of {', '.join(QUANTITIES)}",
                                  "rename the parameter, or map it to a quantity in the rule's inputs")
        return tuple(found)

    def _check(self, rule: Rule) -> None:
        step = family_of(rule).step
        for memory in rule.memory:
            if step not in UPDATED_AT.get(memory.update, ()) or (memory.update in ("count", "extra") and memory.each):
                raise HogkitError(f"rule {rule.id}: a {step} rule cannot keep {memory.name} with a "
                                  f"{memory.update!r} update{' for each player' if memory.each else ''}",
                                  "see hogkit.turn for which step changes memory in which way")
        if step == "choice" and not any(memory.update == "used" for memory in rule.memory):
            raise HogkitError(f"rule {rule.id}: a choice rule must remember that its special move was used",
                              "give it a memory with update 'used'")
        if step in SINGLE_STEPS and len(self.steps[step]) > 1:
            raise HogkitError(f"a turn takes one {step} rule, not {len(self.steps[step])}", "keep one of them")


@lru_cache(maxsize=32)
def turn_of(variant: Variant) -> Turn:
    """The (cached) :class:`Turn` of VARIANT."""
    return Turn(variant)


def hook_names(turn: Turn, rule: Rule) -> list[str]:
    """What RULE's hook is given, by the hidden fields' names: ``choice`` for ``num_rolls``, a
    quantity (a score) by its own name."""
    return ["choice" if slot == NUM_ROLLS else slot if isinstance(slot, str) else slot.field
            for slot in turn.inputs(rule)]


def state_factors(turn: Turn) -> list[tuple[Rule, int, str]]:
    """Each rule that makes the hidden state larger: by how much, and what it remembers."""
    return [(rule, math.prod(memory.size ** (2 if memory.each else 1) for memory in memories),
             " and ".join(memory.about for memory in memories))
            for rule, memories in turn.memory_rules()]
