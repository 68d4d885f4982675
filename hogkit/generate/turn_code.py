"""Source text of ``take_turn`` and ``play`` for a variant, composed from its rules.

Each rule contributes a few lines that call its own function (``is_swap``, ``feral_hogs_bonus``,
...) at the step of the turn :mod:`hogkit.turn` gives it, with what that statement says it is
given and remembers; the rule logic itself lives in :mod:`hogkit.rules`. The engine in
:mod:`hogkit.game` runs the same statement, and the tests play both against each other.
"""

from __future__ import annotations

from hogkit.errors import HogkitError
from hogkit.interface import bind
from hogkit.naming import GENERATED, kit_course
from hogkit.rules import Rule
from hogkit.turn import OPP, OWN, SPECIAL, Slot, Turn, turn_of
from hogkit.variant import Variant


def _indent(lines: list[str], levels: int) -> list[str]:
    return [("    " * levels + line) if line else line for line in lines]


# What each parameter of take_turn is, for its docstring (by HogKit's name).
TAKE_TURN_PARAMETERS = {
    "num_rolls": "how many dice the player rolls (0 to 10).",
    "player_score": "the player's total score.",
    "opponent_score": "the opponent's total score.",
    "dice": "a function of no arguments that returns one outcome.",
    "goal": "the goal of the game.",
}


def take_turn_source(variant: Variant, *, problem: str) -> str:
    """``take_turn`` for VARIANT, with the course's signature (``take_turn(num_rolls,
    opponent_score, dice=six_sided)`` and others)."""
    turn = turn_of(variant)
    zero, boosts = turn.rule("zero"), turn.rules("boost")
    signature = variant.interface.signature("take_turn")
    names = bind(signature, GENERATED["take_turn"])  # HogKit's name -> the course's
    meaning = {theirs: ours for ours, theirs in names.items()}
    width = max(len(name) for name in signature.names) + 3
    docs = [f"    {name + ':':<{width}}{TAKE_TURN_PARAMETERS[meaning[name]]}" for name in signature.names]
    variables = {quantity: names.get(quantity, quantity) for quantity in ("player_score", "opponent_score", "dice")}
    variables.update(num_rolls="num_rolls", points="points")

    def call(rule: Rule) -> str:
        return f"{rule.hook_name}({', '.join(variables[slot] for slot in turn.inputs(rule))})"

    lines = [
        f"def {signature.text()}:",
        '    """Return the points a player scores in one turn of rolling NUM_ROLLS dice,',
        f"    using {zero.title} when NUM_ROLLS is 0"
        + (f" and {' and '.join(boost.title for boost in boosts)} on the result." if boosts else "."),
        "",
        *docs,
        '    """',
        "    # Leave these checks here: they catch common mistakes early.",
        "    assert type(num_rolls) == int, 'num_rolls must be an integer.'",
        "    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'",
        "    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'",
        *([f"    assert {names['opponent_score']} < {names['goal']}, 'The game should be over.'"]
          if "goal" in names else []),
        f"    # BEGIN PROBLEM {problem}",
        "    if num_rolls == 0:",
        f"        points = {call(zero)}",
        "    else:",
        f"        points = {call(turn.rule('roll'))}",
    ]
    lines += [f"    points = {call(boost)}" for boost in boosts]
    lines += ["    return points", f"    # END PROBLEM {problem}"]
    return "\n".join(lines) + "\n"


def play_signature(variant: Variant) -> list[str]:
    """The parameters of ``play`` for VARIANT, with their defaults."""
    signature = variant.interface.signature("play")
    params = [p.name if p.default is None else f"{p.name}={p.default}" for p in signature.params]
    if variant.rule("dice_select"):
        params.append("wild_dice=four_sided")
    params += [f"{flag}=True" for flag in variant.play_flags()]
    return params


def _play_doc(variant: Variant) -> list[str]:
    doc = [
        '    """Simulate a game and return the final scores of both players, Player 0 first.',
        "",
        "    A strategy is a function of (the mover's score, the opponent's score) that",
        "    returns how many dice the mover rolls this turn.",
        "",
        "    strategy0:  the strategy of Player 0, who moves first.",
        "    strategy1:  the strategy of Player 1.",
        "    score0:     the score of Player 0 when the game starts.",
        "    score1:     the score of Player 1 when the game starts.",
        "    dice:       a function of no arguments that returns one outcome.",
        "    goal:       the game ends when a player reaches GOAL points.",
        "    say:        the commentary function to call at the end of each turn.",
    ]
    if variant.rule("dice_select"):
        doc.append("    wild_dice:  the dice rolled on a Hog Wild turn.")
    for rule in variant.rules:
        if rule.play_flag and rule.play_flag in variant.play_flags():
            doc.append(f"    {rule.play_flag + ':':<11} whether the {rule.title} rule is in force.")
    doc.append('    """')
    return doc


# The variables of play that hold each quantity a hook may be given (hogkit.rules.QUANTITIES).
PLAY_VARIABLES = {"num_rolls": "num_rolls", "player_score": "player", "opponent_score": "opponent",
                  "points": "points", "who": "who"}


def _argument(slot: Slot | str) -> str:
    """How play passes a hook what it is given: a quantity's variable, or a value of a memory."""
    if isinstance(slot, str):
        return PLAY_VARIABLES[slot]
    if slot.side == OWN:
        return f"{slot.memory.name}[who]"
    if slot.side == OPP:
        return f"{slot.memory.name}[other(who)]"
    return slot.memory.name


def _call(turn: Turn, rule: Rule) -> str:
    return f"{rule.hook_name}({', '.join(_argument(slot) for slot in turn.inputs(rule))})"


def _updates(rule: Rule, *, update: str) -> list[str]:
    """The lines of play that change RULE's memory of kind UPDATE where the rule acts."""
    lines = []
    for memory in rule.memory:
        if memory.update == update:
            name = f"{memory.name}[who]" if memory.each else memory.name
            value = {"dice": "num_rolls", "points": "points", "count": f"{name} + 1", "used": "True"}[update]
            lines.append(f"{name} = {value}")
    return lines


def _uses_points(turn: Turn) -> bool:
    """Whether a later hook or a memory needs the turn's points in a variable of their own."""
    return any(slot == "points" for rule in turn.variant.rules if not _is_points_step(turn, rule)
               for slot in turn.inputs(rule)) or any(m.update == "points" for _, ms in turn.memory_rules() for m in ms)


def _is_points_step(turn: Turn, rule: Rule) -> bool:
    return rule in (*turn.rules("roll"), *turn.rules("zero"), *turn.rules("boost"))


def _take_turn_call(turn: Turn, dice: str) -> str:
    """The call of take_turn in play, in the course's signature (the goal where it takes one)."""
    return kit_course(turn.variant).call("take_turn", {"num_rolls": "num_rolls", "player_score": "player",
                                                       "opponent_score": "opponent", "dice": dice, "goal": "goal"})


def _turn_lines(turn: Turn) -> list[str]:
    """Lines that add the turn's points and apply the bonus and post-turn rules."""
    dice = "turn_dice" if turn.rule("dice") else "dice"
    if _uses_points(turn):
        lines = [f"points = {_take_turn_call(turn, dice)}", "player = player + points"]
    else:
        lines = [f"player = player + {_take_turn_call(turn, dice)}"]
    for bonus in turn.rules("bonus"):
        body = [f"player = player + {_call(turn, bonus)}", *_updates(bonus, update="dice"),
                *_updates(bonus, update="points")]
        lines += [f"if {bonus.play_flag}:", *_indent(body, 1)] if bonus.play_flag else body
    for post in turn.rules("after"):
        if post.kind == "swap":
            lines += [f"if {_call(turn, post)}:", "    player, opponent = opponent, player"]
        elif post.kind == "scores":
            lines.append(f"player, opponent = {_call(turn, post)}")
        elif post.gain:  # the student's function gives the points the rule adds
            lines.append(f"player = player + {post.gain}{_call(turn, post)[len(post.hook_name):]}")
        else:
            lines.append(f"player = {_call(turn, post)}")
        lines += [*_updates(post, update="dice"), *_updates(post, update="points")]
    return lines


def _setup(turn: Turn) -> list[str]:
    """One line for each rule that remembers something: its variables at their start values."""
    lines = []
    for _, memories in turn.memory_rules():
        starts = [repr([memory.start] * 2) if memory.each else repr(memory.start) for memory in memories]
        lines.append(f"{', '.join(memory.name for memory in memories)} = {', '.join(starts)}  "
                     f"# {'; '.join(memory.note for memory in memories)}")
    return lines


def _next_player(turn: Turn) -> str:
    """The call that gives the other player, in the course's name."""
    course = kit_course(turn.variant)
    return course.call("other", {"who": "who"}) if "other" in course.signatures else "other(who)"


def _extra_lines(turn: Turn, trots: tuple[Rule, ...]) -> list[str]:
    """Lines that let the mover move again after an extra turn, and count the turns. Where the
    interface has a function that says whether any rule gives an extra turn (``extra_turn``),
    play asks it; else it asks each rule."""
    if "extra_turn" in turn.variant.interface.functions:
        condition = kit_course(turn.variant).call("extra_turn", {"player_score": "player",
                                                                 "opponent_score": "opponent"})
        one_call = True
    else:
        condition = " or ".join(f"{trot.play_flag} and {_call(turn, trot)}" if trot.play_flag else
                                _call(turn, trot) for trot in trots)
        one_call = len(trots) == 1 and not trots[0].play_flag
    flags = [memory.name for trot in trots for memory in trot.memory if memory.update == "extra"]
    counts = [line for trot in trots for line in _updates(trot, update="count")]
    if not flags:
        return [f"if not {condition if one_call else f'({condition})'}:", f"    who = {_next_player(turn)}", *counts]
    return [f"if {condition}:", *(f"    {name} = True" for name in flags), "else:",
            f"    {', '.join(['who', *flags])} = {_next_player(turn)}, {', '.join(['False'] * len(flags))}",
            *counts]


def extra_turn_source(variant: Variant) -> str:
    """The interface's ``extra_turn``: whether the mover moves again, asking each extra-turn rule
    in the order the spec lists them (each is given the scores after the turn)."""
    turn = turn_of(variant)
    signature = variant.interface.signature("extra_turn")
    names = bind(signature, GENERATED["extra_turn"])
    calls = []
    for rule in turn.rules("extra"):
        given = turn.inputs(rule)
        if rule.play_flag or any(not isinstance(slot, str) or slot not in names for slot in given):
            raise HogkitError(f"{variant.name}: {signature.name} of interface {variant.interface.name} is given only "
                              f"{', '.join(signature.names)}, and rule {rule.id} needs more (or a keyword of play)",
                              "use an interface whose play asks each extra-turn rule itself")
        calls.append(f"{rule.hook_name}({', '.join(names[slot] for slot in given)})")
    titles = " or ".join(rule.title for rule in turn.rules("extra")) or "no rule"
    lines = [f"def {signature.text()}:",
             f'    """Return whether the player moves again after their turn ({titles})."""']
    if len(calls) <= 1:
        lines.append(f"    return {calls[0] if calls else 'False'}")
    else:
        lines.append(f"    return ({calls[0]} or")
        lines += [f"            {call} or" for call in calls[1:-1]]
        lines.append(f"            {calls[-1]})")
    return "\n".join(lines) + "\n"


UPDATE_DOC = [
    '    """Simulate a game and return the final scores of both players, Player 0 first.',
    "",
    "    A strategy is a function of (the mover's score, the opponent's score) that",
    "    returns how many dice the mover rolls this turn. An update function is given",
    "    (num_rolls, player_score, opponent_score, dice) and returns the mover's score",
    "    once the turn is played.",
    "",
    "    strategy0:  the strategy of Player 0, who moves first.",
    "    strategy1:  the strategy of Player 1.",
    "    update:     the update function that plays each turn (simple_update, or the one",
    "                with every rule).",
    "    score0:     the score of Player 0 when the game starts.",
    "    score1:     the score of Player 1 when the game starts.",
    "    dice:       a function of no arguments that returns one outcome.",
    "    goal:       the game ends when a player reaches GOAL points.",
    '    """',
]


def update_play_source(variant: Variant, *, problem: str) -> str:
    """``play(strategy0, strategy1, update, ...)``: each turn asks the mover's strategy, then the
    update function scores the turn with whichever rules it applies."""
    signature = variant.interface.signature("play")
    name = bind(signature, GENERATED["play"])
    s0, s1, score0, score1, dice, goal, update = (name[key] for key in (
        "strategy0", "strategy1", "score0", "score1", "dice", "goal", "update"))
    body = [
        *UPDATE_DOC,
        "    who = 0  # Who is about to take a turn, 0 (first) or 1 (second)",
        f"    # BEGIN PROBLEM {problem}",
        f"    while {score0} < {goal} and {score1} < {goal}:",
        "        if who == 0:",
        f"            {score0} = {update}({s0}({score0}, {score1}), {score0}, {score1}, {dice})",
        "        else:",
        f"            {score1} = {update}({s1}({score1}, {score0}), {score1}, {score0}, {dice})",
        "        who = 1 - who",
        f"    # END PROBLEM {problem}",
        f"    return {score0}, {score1}",
    ]
    return "\n".join([_wrap_header(f"def {signature.text()}:"), *body]) + "\n"


def play_source(variant: Variant, *, problem: str) -> str:
    """``play(...)`` for VARIANT: the loop of Problem 5a, the rule of 5b, the commentary of 6."""
    if variant.interface.play == "update":
        return update_play_source(variant, problem=problem)
    turn = turn_of(variant)
    chop, trots, wild = turn.rule("choice"), turn.rules("extra"), turn.rule("dice")
    loop = [
        "strategy = strategy0 if who == 0 else strategy1",
        "player, opponent = (score0, score1) if who == 0 else (score1, score0)",
        "num_rolls = strategy(player, opponent)",
    ]
    if wild:
        loop.append(f"turn_dice = wild_dice if {_call(turn, wild)} else dice")
    if chop:
        loop += [
            f"if {chop.play_flag}:",
            f"    num_rolls = {_call(turn, chop)}",
            f"if num_rolls == {SPECIAL}:",
            *_indent(_updates(chop, update="used"), 1),
            "    player, opponent = opponent, player",
            "else:",
        ]
        loop += _indent(_turn_lines(turn), 1)
    else:
        loop += _turn_lines(turn)
    loop.append("score0, score1 = (player, opponent) if who == 0 else (opponent, player)")
    loop += _extra_lines(turn, trots) if trots else [f"who = {_next_player(turn)}"]
    loop += [line for rule in variant.rules if rule not in trots for line in _updates(rule, update="count")]
    announce = variant.interface.play == "announce"
    if announce:  # commentary returns the leader and a message, and play prints the message
        loop += ["leader, message = say(score0, score1, leader)", "if message:", "    print(message)"]
    else:
        loop.append("say = say(score0, score1)")
    header = "def play(" + ", ".join(play_signature(variant)) + "):"
    body = [
        *_play_doc(variant),
        "    who = 0  # Who is about to take a turn, 0 (first) or 1 (second)",
        *(["    leader = None  # The leader the commentary last announced"] if announce else []),
        f"    # BEGIN PROBLEM {problem}",
        *_indent(_setup(turn), 1),
        "    while score0 < goal and score1 < goal:",
        *_indent(loop, 2),
        f"    # END PROBLEM {problem}",
        "    return score0, score1",
    ]
    return "\n".join([_wrap_header(header), *body]) + "\n"


def _wrap_header(header: str, width: int = 79) -> str:
    """Wrap a long ``def`` line after commas, aligning continuation lines with the parameters."""
    if len(header) <= width:
        return header
    prefix = header[: header.index("(") + 1]
    parts = header[len(prefix) : -2].split(", ")
    lines, current = [], prefix
    for part in parts:
        piece = part + ", "
        if len(current) + len(piece.rstrip()) > width and current.strip() != prefix.strip():
            lines.append(current.rstrip())
            current = " " * len(prefix) + piece
        else:
            current += piece
    lines.append(current.rstrip().rstrip(",") + "):")
    return "\n".join(lines)
