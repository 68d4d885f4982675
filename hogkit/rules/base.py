"""The data that describes one rule: its reference code, its words, its examples, its questions.

A rule is plain data plus plain Python functions. Everything else in HogKit (the generated
``hog.py``, the question banks, the notebooks, the engine and the solver) reads a rule from here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

# The steps of a turn, in the order their effects apply (hogkit.turn says what each one does).
STEPS = (
    "choice",  # the choice becomes the dice rolled, or a special move (Pork Chop)
    "dice",  # which dice the turn uses (Hog Wild)
    "roll",  # what a roll of k dice scores (Pig Out / Sow Sad)
    "zero",  # what rolling zero dice scores (Free Bacon / Pig Tail)
    "boost",  # a change to the turn's points (Hogtimus Prime)
    "bonus",  # extra points from the dice rolled and what the mover remembers (Feral Hogs)
    "after",  # a change to the scores after the turn (Swine Swap / Square Swine)
    "extra",  # whether the same player moves again (Time Trot)
)
# The steps that take one rule at most; every other step takes several, applied in the order the
# spec lists them (boosts one after another, bonuses add up, post-turn rules in turn, and the mover
# moves again when any extra-turn rule says so).
SINGLE_STEPS = ("choice", "dice", "roll", "zero")
# How a turn changes what a rule remembers (hogkit.turn applies them where the rule acts).
UPDATES = (
    "dice",  # the mover's value becomes the number of dice the turn rolls
    "count",  # one more every turn
    "used",  # the mover's value becomes True when they make the special move
    "extra",  # whether this turn earned an extra turn
    "points",  # the mover's value becomes the points of the turn (take_turn's, after any boost)
)
# How the exact evaluator folds a memory's values into its SIZE: "exact" (they always fit), "modulo"
# (a count: its rule looks only at the count modulo SIZE) or "cap" (every value of SIZE - 1 or more
# is the same to its rule, e.g. previous points that are too far from any number of dice).
FOLDS = ("exact", "modulo", "cap")
# What a rule's hook may be given, by parameter name (a rule's ``inputs`` can rename them; the names
# of its memories' arguments are allowed too). Scores are the mover's and the opponent's as they stand
# at the hook's step: before the turn for choice, dice, roll and zero rules; after the points (and
# bonuses) for post-turn rules; after the post-turn rules for extra-turn rules. Each die of a turn is
# read by the roll rule, through ``dice``; the turn number is a memory (``update="count"``).
QUANTITIES = (
    "num_rolls",  # the dice the turn rolls (a choice rule is given the strategy's choice)
    "dice",  # the dice function (roll rules)
    "player_score",  # the mover's score at this step
    "opponent_score",  # the opponent's score at this step
    "points",  # the turn's points so far (a boost is given them before it applies)
    "who",  # the mover: 0 for the player who moved first, 1 for the other
)
MEMORY = "memory"  # a rule's own memories, in READABLE
# What a hook of each step may read: what every consumer of a turn (the reference game, the play and
# take_turn rendered into hog.py, the exact evaluator and the solver, calc.py, the grader's domains)
# gives it there. Anything else is refused when the spec is loaded, with the reason below.
LATE = frozenset({"num_rolls", "points", "player_score", "opponent_score", "who", MEMORY})
READABLE = {
    "choice": frozenset({"num_rolls", MEMORY}),
    "dice": frozenset({"player_score", "opponent_score"}),
    "roll": frozenset({"num_rolls", "dice"}),
    "zero": frozenset({"player_score", "opponent_score"}),
    "boost": frozenset({"points", "num_rolls"}),
    "bonus": LATE,
    "after": LATE,
    "extra": LATE,
}
_TAKE_TURN = ("take_turn, which scores the {step} step, is given the scores and the dice but no memory and no "
              "player's number")
_WHY_NOT = {
    ("choice", "player_score"): "calc.py and the exact evaluator work out what a choice means from the hidden "
                                "state alone",
    ("dice", "num_rolls"): "the exact evaluator picks the dice from the two scores alone",
    ("dice", MEMORY): "the exact evaluator picks the dice from the two scores alone",
    ("dice", "who"): "the exact evaluator picks the dice from the two scores alone",
    ("roll", "player_score"): "calc.py and the exact evaluator count the points of k dice once, for every score",
    ("boost", "player_score"): "calc.py and the exact evaluator count the points of k dice once, for every score",
    ("zero", "num_rolls"): "a turn of zero dice rolls none (num_rolls is always 0 there)",
    ("roll", MEMORY): _TAKE_TURN,
    ("zero", MEMORY): _TAKE_TURN,
    ("boost", MEMORY): _TAKE_TURN,
    ("roll", "who"): _TAKE_TURN,
    ("zero", "who"): _TAKE_TURN,
    ("boost", "who"): _TAKE_TURN,
}


def why_unreadable(step: str, quantity: str) -> str:
    """Why a hook of STEP cannot read QUANTITY (a name of QUANTITIES, or MEMORY), or "" when it can."""
    if quantity in READABLE[step]:
        return ""
    if quantity == "dice":
        return "only the roll rule rolls the dice (it reads each die through dice)"
    if quantity == "points":
        return f"the turn's points are not known yet at the {step} step"
    if quantity == "who" and step == "choice":
        return _WHY_NOT[("choice", "player_score")]
    found = _WHY_NOT.get((step, "player_score" if quantity == "opponent_score" else quantity))
    return (found or "no consumer of a turn gives it there").format(step=step)


@dataclass(frozen=True)
class Family:
    """A kind of rule: the STEP of a turn its rule acts at, and the PROBLEM of HogKit's own problem
    layout that asks for its functions (``05b``: a later rule of ``play``); a semester's interface
    may teach it in another problem."""

    name: str
    step: str
    problem: str
    about: str = ""


# The families every kit knows, in the order students meet them (a rule module may declare more).
BUILT_IN_FAMILIES = (
    Family("dice_outcome", "roll", "01", about="Pig Out / Sow Sad: what a roll of k dice scores"),
    Family("zero_dice", "zero", "02", about="Free Bacon / Pig Tail: what rolling zero dice scores"),
    Family("boost", "boost", "03", about="Hogtimus Prime: a change to the turn's points"),
    Family("post_turn", "after", "04", about="Swine Swap / Square Swine: a change to the scores after the turn"),
    Family("dice_select", "dice", "05a", about="Hog Wild: which dice the turn uses"),
    Family("bonus", "bonus", "05b", about="Feral Hogs: extra points that depend on history"),
    Family("extra_turn", "extra", "05b", about="Time Trot: whether the same player moves again"),
    Family("special_move", "choice", "05b", about="Pork Chop: a move other than rolling dice"),
)


@dataclass(frozen=True)
class Memory:
    """Something a rule makes the game remember between turns (see :mod:`hogkit.turn`).

    ``name`` is its variable in the student's ``play``; ``argument`` the parameter of the rule's
    hook that is given the mover's value (``opponent_argument``, if set, the parameter given the
    opponent's); ``each`` whether every player has one (a list indexed by the player) or the game
    has one; ``update`` (one of UPDATES) how a turn changes it; ``start`` its value before the
    first turn. The exact evaluator tells ``size`` values apart, 0 to ``size - 1``, folding larger
    ones as ``fold`` says (one of FOLDS; by default a count is kept modulo ``size`` and anything
    else must fit). ``fields`` names the value in calc_model.json's hidden states: the mover's,
    then (for ``each``) the opponent's. ``note`` is the comment beside it in ``play`` and
    ``about`` what it is, in a few words.
    """

    name: str
    argument: str
    each: bool
    start: int | bool
    size: int
    update: str
    fields: tuple[str, ...]
    note: str
    about: str
    opponent_argument: str = ""
    fold: str = ""

    @property
    def folding(self) -> str:
        """How values past ``size`` are folded (see FOLDS)."""
        return self.fold or ("modulo" if self.update == "count" else "exact")

    def folded(self, value: int) -> int:
        """VALUE as the exact evaluator keeps it (0 to ``size - 1``), or VALUE itself when it
        does not fit an ``exact`` memory."""
        if self.folding == "modulo":
            return value % self.size
        if self.folding == "cap":
            return min(value, self.size - 1)
        return value


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
    ``memory`` is what the rule makes the game remember between turns (see :mod:`hogkit.turn`).
    ``inputs`` renames what the hook is given: (parameter, quantity) pairs for parameters not
    named after a quantity of QUANTITIES or a memory (``free_bacon(score)`` is given the
    opponent's score). ``kind`` says what a post-turn hook returns: ``swap`` (true swaps the
    scores), ``update`` (the mover's new score) or ``scores`` (both new scores, the mover's
    first). The hook need not be one of ``functions``: a semester whose students write the rule
    inside a larger function gives the engine its own small hook. ``strategy`` names the Phase 3
    strategy that uses the rule (``bacon_strategy``), where an interface asks for one by the rule.
    ``roles`` names the functions of the rule that HogKit's templates call by a role (role,
    function): ``("rules_update", "square_update")`` is the update function that plays a turn
    with every rule, in a semester whose ``play`` takes one. ``constants`` are the module
    constants its functions read, as (name, value's source text): hog.py defines them after the goal.
    ``domains`` says which values a parameter of the rule's functions may take where its name does
    not say it, or the page says otherwise (:func:`hogkit.problems.domains.parameter_domain`):
    (``parameter`` or ``function.parameter``, a domain's name such as ``points`` or ``after_turn``,
    or ``lo..hi``, either followed by ``where FN``, one of the rule's functions: only the values for
    which it is true). The grader's sweeps cover exactly these inputs, no fewer, no more.
    ``gain`` names the function of a post-turn ``update`` rule that students write as the points the
    rule adds to the mover's score (``hog_pile``): the rendered ``play`` adds what it returns, given
    what the hook is given, and the hook is the engine's small function of the new score.
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
    memory: tuple[Memory, ...] = ()
    inputs: tuple[tuple[str, str], ...] = ()
    strategy: str = ""
    roles: tuple[tuple[str, str], ...] = ()
    constants: tuple[tuple[str, str], ...] = ()
    domains: tuple[tuple[str, str], ...] = ()
    gain: str = ""

    @property
    def function_names(self) -> tuple[str, ...]:
        """Names of this rule's functions in ``hog.py``."""
        return tuple(fn.__name__ for fn in self.functions)

    @property
    def hook_name(self) -> str:
        """Name of the function the engine calls for this rule."""
        return self.hook.__name__
