"""Source text of ``take_turn`` and ``play`` for a variant, composed from its rules.

Each rule contributes a few lines that call its own function (``is_swap``, ``feral_hogs_bonus``,
...); the rule logic itself lives in :mod:`hogkit.rules`. The engine in :mod:`hogkit.game` runs
the same steps in the same order, and the tests play both against each other.
"""

from __future__ import annotations

from hogkit.variant import Variant


def _indent(lines: list[str], levels: int) -> list[str]:
    return [("    " * levels + line) if line else line for line in lines]


def take_turn_source(variant: Variant, *, problem: str) -> str:
    """``take_turn(num_rolls, opponent_score, dice=six_sided)`` for VARIANT."""
    zero = variant.rules["zero_dice"]
    boost = variant.rule("boost")
    lines = [
        "def take_turn(num_rolls, opponent_score, dice=six_sided):",
        '    """Return the points a player scores in one turn of rolling NUM_ROLLS dice,',
        f"    using {zero.title} when NUM_ROLLS is 0"
        + (f" and {boost.title} on the result." if boost else "."),
        "",
        "    num_rolls:       how many dice the player rolls (0 to 10).",
        "    opponent_score:  the opponent's total score.",
        "    dice:            a function of no arguments that returns one outcome.",
        '    """',
        "    # Leave these checks here: they catch common mistakes early.",
        "    assert type(num_rolls) == int, 'num_rolls must be an integer.'",
        "    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'",
        "    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'",
        f"    # BEGIN PROBLEM {problem}",
        "    if num_rolls == 0:",
        f"        points = {zero.hook_name}(opponent_score)",
        "    else:",
        "        points = roll_dice(num_rolls, dice)",
    ]
    if boost:
        lines.append(f"    points = {boost.hook_name}(points)")
    lines += ["    return points", f"    # END PROBLEM {problem}"]
    return "\n".join(lines) + "\n"


def play_signature(variant: Variant) -> list[str]:
    """The parameters of ``play`` for VARIANT, with their defaults."""
    params = ["strategy0", "strategy1", "score0=0", "score1=0", "dice=six_sided"]
    params += ["goal=GOAL_SCORE", "say=silence"]
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
    for rule in variant.rules.values():
        if rule.play_flag and rule.family != "dice_select":
            doc.append(f"    {rule.play_flag + ':':<11} whether the {rule.title} rule is in force.")
    doc.append('    """')
    return doc


def _turn_lines(variant: Variant) -> list[str]:
    """Lines that add the turn's points and apply the bonus and post-turn rules."""
    dice = "turn_dice" if variant.rule("dice_select") else "dice"
    lines = [f"player = player + take_turn(num_rolls, opponent, {dice})"]
    bonus = variant.rule("bonus")
    if bonus:
        lines += [
            f"if {bonus.play_flag}:",
            f"    player = player + {bonus.hook_name}(num_rolls, last_rolls[who])",
            "    last_rolls[who] = num_rolls",
        ]
    post = variant.rules["post_turn"]
    if post.kind == "swap":
        lines += [f"if {post.hook_name}(player, opponent):", "    player, opponent = opponent, player"]
    else:
        lines.append(f"player = {post.hook_name}(player)")
    return lines


def play_source(variant: Variant, *, problem: str) -> str:
    """``play(...)`` for VARIANT: the loop of Problem 5a, the rule of 5b, the commentary of 6."""
    chop, trot = variant.rule("special_move"), variant.rule("extra_turn")
    wild, bonus = variant.rule("dice_select"), variant.rule("bonus")
    setup: list[str] = []
    if bonus:
        setup.append("last_rolls = [0, 0]  # Each player's number of dice on their previous turn")
    if trot:
        setup.append("turn, after_extra = 0, False  # Turn number; is this turn an extra one?")
    if chop:
        setup.append("chop_used = [False, False]  # Has each player used their Pork Chop?")
    loop = [
        "strategy = strategy0 if who == 0 else strategy1",
        "player, opponent = (score0, score1) if who == 0 else (score1, score0)",
        "num_rolls = strategy(player, opponent)",
    ]
    if wild:
        loop.append(f"turn_dice = wild_dice if {wild.hook_name}(player, opponent) else dice")
    if chop:
        loop += [
            f"if {chop.play_flag}:",
            f"    num_rolls = {chop.hook_name}(num_rolls, chop_used[who])",
            "if num_rolls == -1:",
            "    chop_used[who] = True",
            "    player, opponent = opponent, player",
            "else:",
        ]
        loop += _indent(_turn_lines(variant), 1)
    else:
        loop += _turn_lines(variant)
    loop.append("score0, score1 = (player, opponent) if who == 0 else (opponent, player)")
    if trot:
        loop += [
            f"if {trot.play_flag} and {trot.hook_name}(num_rolls, turn, after_extra):",
            "    after_extra = True",
            "else:",
            "    who, after_extra = other(who), False",
            "turn = turn + 1",
        ]
    else:
        loop.append("who = other(who)")
    loop.append("say = say(score0, score1)")
    header = "def play(" + ", ".join(play_signature(variant)) + "):"
    body = [
        *_play_doc(variant),
        "    who = 0  # Who is about to take a turn, 0 (first) or 1 (second)",
        f"    # BEGIN PROBLEM {problem}",
        *_indent(setup, 1),
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
