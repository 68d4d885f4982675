"""The data that describes one rule: its reference code, its words, its examples, its questions.

A rule is plain data plus plain Python functions. Everything else in HogKit (the generated
``hog.py``, the question banks, the notebooks, the engine and the solver) reads a rule from here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

# The rule families, in the order their effects apply within a turn.
FAMILIES = (
    "special_move",  # Pork Chop: a move other than rolling dice
    "dice_select",  # Hog Wild: which dice the turn uses
    "dice_outcome",  # Pig Out / Sow Sad: what a roll of k dice scores
    "zero_dice",  # Free Bacon / Pig Tail: what rolling zero dice scores
    "boost",  # Hogtimus Prime: a change to the turn's points
    "bonus",  # Feral Hogs: extra points that depend on history
    "post_turn",  # Swine Swap / Square Swine: a change to the scores after the turn
    "extra_turn",  # Time Trot: whether the same player moves again
)

REQUIRED_FAMILIES = ("dice_outcome", "zero_dice", "post_turn")


@dataclass(frozen=True)
class Example:
    """A worked example: a call into the kit and the value it returns.

    ``call`` is a Python expression over the names of the generated ``hog.py``;
    ``requires`` names other rules the example depends on (it only holds in their presence).
    """

    call: str
    expect: object
    note: str
    requires: frozenset[str] = frozenset()
    erratum: str = ""


@dataclass(frozen=True)
class StoryTurn:
    """One turn of a scripted game: who moves, what they choose, the dice, the scores after."""

    player: int
    rolls: int
    outcomes: tuple[int, ...]
    scores: tuple[int, int]
    note: str
    sides: int = 6


@dataclass(frozen=True)
class Story:
    """A short scripted game from a seed, replayed turn by turn by the engine."""

    title: str
    turns: tuple[StoryTurn, ...]
    start: tuple[int, int] = (0, 0)
    next_player: int | None = None
    requires: frozenset[str] = frozenset()
    erratum: str = ""


@dataclass(frozen=True)
class Concept:
    """A multiple-choice question about a rule; ``answer`` is the right choice's text."""

    prompt: str
    answer: str
    wrong: tuple[str, ...]

    @property
    def choices(self) -> tuple[str, ...]:
        """All choices in a fixed, answer-independent order (sorted), so position gives nothing away."""
        return tuple(sorted((self.answer, *self.wrong)))


@dataclass(frozen=True)
class Rule:
    """One rule of Hog, written once.

    ``functions`` are the reference functions a student writes for this rule, in the order they
    appear in ``hog.py``; ``hook`` is the one of them the engine calls. ``play_flag`` names the
    keyword of ``play`` that switches the rule on, for rules a later problem adds to ``play``.
    ``helpers`` names the functions that HogKit adds to the course's skeleton to guide students
    (``feral_hogs_bonus``): they are tested as guidance, and no points ever depend on them.
    """

    id: str
    family: str
    title: str
    summary: str
    functions: tuple[Callable, ...]
    hook: Callable
    seed: str
    examples: tuple[Example, ...] = ()
    stories: tuple[Story, ...] = ()
    concepts: tuple[Concept, ...] = ()
    play_flag: str = ""
    kind: str = ""
    helpers: tuple[str, ...] = ()

    @property
    def function_names(self) -> tuple[str, ...]:
        """Names of this rule's functions in ``hog.py``."""
        return tuple(fn.__name__ for fn in self.functions)

    @property
    def hook_name(self) -> str:
        """Name of the function the engine calls for this rule."""
        return self.hook.__name__
