"""Phase 2, commentary: Problems 6 and 7, each stated once (words, domains, tests)."""

from __future__ import annotations

import random
from dataclasses import replace

from hogkit.naming import course_params
from hogkit.problem_layout import Problem
from hogkit.problems.building import (
    COUNT_SAYS,
    ECHO,
    SETUP,
    choice,
    dice_text,
    play_call,
    rolls_always,
    text_key,
    with_local_helpers,
)
from hogkit.problems.checks import Doctest, Fuzz, Requirement, Sweep, Unlock
from hogkit.problems.domains import OneOf, ScoreWalk, max_turn_points
from hogkit.problems.shared_games import (
    commentary_neutral,
    draw_games,
    game_call,
    shared_doctests,
    shared_fuzz,
    swaps,
)
from hogkit.variant import Variant

TEXT = {
    'commentary': ('`play` calls the commentary function `say` after every turn with both scores, and uses'
           ' what it returns as the commentary for the next turn.'),
    'announce_highest': ('`announce_highest({who})` returns a commentary function that prints when player `{who}` '
                         'gains more points in one turn than ever before in the game.'),
}

HINTS = {
    'commentary': 'Call say after every turn and keep the function it returns for the next turn.',
    'announce_highest': 'Return a new commentary function that remembers the latest score and the highest gain.',
}

RULES = {
    'say_each_turn': Requirement(
        'play calls say at the end of every turn, with the scores as the turn leaves them (after any swap), and '
        'calls the function say returned at the end of the next turn',
        "Call say once at the very end of each turn, with player 0's score first and every rule of the turn "
        'applied, and replace say with the function it returns.'),
    'highest_gain': Requirement(
        'print only when the gain is more than ever before for that player',
        "Announce a gain only when it is more than that player's highest gain so far; a gain equal to it says "
        'nothing, and a swap that lowers a score is no gain.'),
    'commentary_pure': Requirement(
        "a commentary function's only effect is to print: calling an old one again behaves the same",
        'Remember the scores and the highest gain as arguments of the next commentary function you return, '
        'never by changing a value an older function shares.'),
}


def _p06(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    """Problem 6: commentary judged through games that no other problem's mistake changes: both
    players share one strategy of the sum of the scores, and the later rules leave each game as it
    is (:mod:`hogkit.problems.shared_games`), so a mistake of 5a or 5b costs only its own problem."""
    games = draw_games(variant, rng, 40, later=False, neutral_only=True)
    swapping = [g for g in games if swaps(variant, g)]
    plain = [g for g in games if (g[0], g[1][:2]) == ((1,), (0, 0))]
    simple = [((1,), (0, 0, goal), (3,), (3,)) for goal in (5, 10)]
    simple = [g if commentary_neutral(variant, *g) else (plain or games)[0] for g in simple]
    with_swap = (swapping or games)[:2]
    visible = (
        *shared_doctests(variant, simple[:1], later=False, title="say is called after every turn", say="echo",
                         helpers=(ECHO,)),
        *shared_doctests(variant, simple[1:], later=False, title="the function say returns is the next commentary",
                         say="count(1)", helpers=(COUNT_SAYS,)),
        *shared_doctests(variant, with_swap[:1], later=False, title="commentary in a game with strategies",
                         say="echo", helpers=(ECHO,)),
        *shared_doctests(variant, with_swap[1:], later=False, title="both(say_scores, announce_lead_changes())",
                         say="both(say_scores, announce_lead_changes())"),
    )
    visible = tuple(replace(test, **RULES["say_each_turn"].checked()) for test in visible)
    unseen = [g for g in games if g not in with_swap][:8]
    hidden = (Sweep("commentary in games with random strategies",
                    tuple(game_call(variant, game, later=False, say="echo_scores", visible=False) for game in unseen),
                    rule=RULES["say_each_turn"].text, output=True),)
    fuzz = (shared_fuzz(variant, later=False, say="echo_scores", name="play with commentary", neutral_only=True,
                        output=True),)
    unlock = (
        Unlock(with_local_helpers((play_call(variant, rolls_always(variant, problem, 1),
                                             rolls_always(variant, problem, 2), dice=dice_text((4, 2, 6)), goal=20,
                                             later=True, say="say_scores"),))),
        choice("What does a commentary function return?", "A commentary function for the next turn",
                ("The highest gain so far", "None", "The printed message")),
    )
    return {"text": TEXT[text_key(problem)], "hint": HINTS.get(text_key(problem), ""),
            "visible": visible, "hidden": hidden, "fuzz": fuzz, "unlock": unlock}


def _p07(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    walk = ScoreWalk(hi=variant.goal + max_turn_points(variant), max_len=25)
    visible = (
        Doctest("announce_highest(1) over a game", (
            "f0 = announce_highest(1) # Only announce Player 1 score gains",
            "f1 = f0(11, 0)", "f2 = f1(11, 9)", "f3 = f2(20, 9)", "f4 = f3(9, 20) # A swap: Player 1 gains 11",
            "f5 = f4(20, 31) # 11 again: not more than before", "f6 = f5(20, 44)",
            "f7 = f6(44, 20) # A swap lowers Player 1's score", "f8 = f7(20, 64)",
        ), **RULES["highest_gain"].checked(), setup=SETUP),
        Doctest("announce_highest(0) and equal gains", (
            "f = announce_highest(0)", "f = f(10, 0)", "f = f(20, 4)", "f = f(20, 9)", "f = f(35, 9)",
            "f = f(36, 12)",
        ), **RULES["highest_gain"].checked(), setup=SETUP),
        Doctest("an old commentary function again", (
            "f0 = announce_highest(1)", "f1 = f0(12, 0)", "f2 = f1(12, 10)", "f3 = f2(20, 25)",
            "f2_again = f1(11, 9)",
        ), **RULES["commentary_pure"].checked(), setup=SETUP),
    )
    walks = [walk.sample(rng) for _ in range(12)]
    hidden = (Sweep("announce_highest over long walks of scores",
                    tuple(f"run_commentary(announce_highest({rng.randint(0, 1)}), {walk.render(w)})" for w in walks),
                    rule=RULES["highest_gain"].text, output=True),)
    fuzz = (Fuzz("announce_highest", "run_commentary(announce_highest({}), {})", (OneOf((0, 1)), walk), output=True),)
    unlock = (Unlock(("f = announce_highest(0)", "f = f(10, 0)", "f = f(14, 3)", "f = f(30, 3)")),)
    who = course_params(variant, "announce_highest")["who"]
    return {"text": TEXT[text_key(problem)].format(who=who), "hint": HINTS.get(text_key(problem), ""),
            "visible": visible, "hidden": hidden, "fuzz": fuzz, "unlock": unlock,
            "domains": {"who": OneOf((0, 1)), "scores": walk}}


BUILDERS = {"commentary": _p06, "announce_highest": _p07}
