"""Phase 2 where commentary is given the leader and returns ``(leader, message)`` (a kit whose
``play`` announces): the lead-change commentary itself, and ``play`` printing what its
commentary says. Each stated once (words, domains, tests)."""

from __future__ import annotations

import random

from hogkit.naming import kit_course
from hogkit.problem_layout import Problem
from hogkit.problems.building import (
    SETUP,
    choice,
    dice_text,
    play_call,
    play_fuzz,
    random_games,
    rolls_always,
    text_key,
    with_local_helpers,
)
from hogkit.problems.checks import Doctest, Fuzz, Requirement, Sweep, Unlock
from hogkit.problems.domains import Ints, OneOf, max_turn_points
from hogkit.variant import Variant

TEXT = {
    'lead_changes': ('`announce_lead_changes` is a commentary function: given both scores and the leader it '
                     'announced last, it returns the leader now (0, 1, or None when the scores are equal) and a '
                     'message when the lead has changed hands (else None). It prints nothing.'),
    'commentary_leader': ('`play` calls the commentary function `say` after every turn with both scores and the '
                          'leader it returned last time, keeps the leader it returns, and prints the message it '
                          'returns unless that is None or empty.'),
}

HINTS = {
    'lead_changes': 'Work out the leader from the two scores first, then compare it with LAST_LEADER.',
    'commentary_leader': 'Start with leader = None; after every turn, call say with it and keep what it returns.',
}

RULES = {
    'lead_message': Requirement(
        'a message only when there is a leader and it is not the last leader',
        'Work out who leads now from the two scores (None when they are equal); there is news only when '
        'someone leads and that is not the leader you were given.'),
    'say_each_turn': Requirement(
        'play calls say at the end of every turn, the last one too, with the scores as the turn leaves them and '
        'the leader say returned after the turn before',
        'Start with no leader (None); after every turn, the last one too, call say with both scores and that '
        'leader, and keep the leader it returns for the next call.'),
    'print_message': Requirement(
        'play prints the message say returns, unless it is None or empty',
        'Print the message say returns only when there is one: None and an empty string print nothing.'),
}

# Commentary functions that visible tests define for themselves (see hogkit.problems.building).
ECHO = "def echo(score0, score1, leader=None):\n    return leader, f'{score0} {score1}'"
COUNT = ("def count(score0, score1, leader=None):\n"
         "    n = 1 if leader is None else leader + 1\n"
         "    return n, f'{n}: {score0} {score1}'")
QUIET = ("def quiet(score0, score1, leader=None):\n"
         "    if score0 > score1:\n"
         "        return leader, ''\n"
         "    return leader, None")
# The commentary of hidden games: each message counts the turns, through the leader it is given.
# (No braces: the text goes into a fuzzing template.)
COUNTING = ("lambda score0, score1, leader=None: ((leader or 0) + 1, "
            "str((leader or 0) + 1) + ': ' + str(score0) + ' ' + str(score1))")
LEADERS = (None, 0, 1)


def _lead_changes(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    course = kit_course(variant)
    fn = problem.graded[0]

    def call(score0: int, score1: int, last: str | None = None) -> str:
        args = {"score0": str(score0), "score1": str(score1)}
        if last is not None:
            args["last_leader"] = last
        return course.call("announce_lead_changes_leader", args)

    walk = [(8, 0), (8, 6), (18, 6), (18, 22), (22, 22), (22, 42), (30, 42), (30, 77), (83, 77), (83, 84)]
    visible = (
        Doctest(f"{fn} over a game", (
            f"leader, message = {call(*walk[0])}", "print(leader, message)",
            *[line for s0, s1 in walk[1:] for line in (f"leader, message = {call(s0, s1, 'leader')}",
                                                      "print(leader, message)")],
        ), **RULES["lead_message"].checked(), setup=SETUP),
        Doctest("equal scores have no leader", (call(10, 10), call(10, 10, "0"), call(0, 0, "1")),
                rule="the leader is None when the scores are equal", setup=SETUP),
        Doctest("the same leader again says nothing", (call(20, 3, "0"), call(3, 20, "1"), call(3, 20, "0")),
                **RULES["lead_message"].checked(), setup=SETUP),
        Doctest(f"{fn} prints nothing", (f"result = {call(5, 9)}", "result"),
                rule="a commentary function returns its message and prints nothing", setup=SETUP),
    )
    scores = Ints(0, variant.goal + max_turn_points(variant))
    last = OneOf(LEADERS)
    rows = [(scores.sample(rng), scores.sample(rng), last.sample(rng)) for _ in range(120)]
    rows += [(s, s, leader) for s in (0, 7, 50) for leader in LEADERS]
    hidden = (Sweep(f"{fn} at many scores", tuple(call(s0, s1, repr(leader)) for s0, s1, leader in rows),
                    rule=RULES["lead_message"].text, output=True),)
    fuzz = (Fuzz(fn, course.call("announce_lead_changes_leader",
                                 {"score0": "{}", "score1": "{}", "last_leader": "{}"}),
                 (scores, scores, last), output=True),)
    unlock = (
        Unlock((f"leader, message = {call(3, 8)}", "leader", "message")),
        choice(f"What does {fn} return?", "The leader now and a message (or None)",
               ("A commentary function for the next turn", "Only the message", "Nothing: it prints")),
    )
    return {"text": TEXT[text_key(problem)], "hint": HINTS.get(text_key(problem), ""),
            "visible": visible, "hidden": hidden, "fuzz": fuzz, "unlock": unlock,
            "domains": {"score0": scores, "score1": scores, "last_leader": last}}


def _commentary_leader(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    course = kit_course(variant)
    announce = course.signatures["announce_lead_changes_leader"].name
    both = f"{course.signatures['both_leader'].name}({course.signatures['say_scores_leader'].name}, {announce})"

    def game(name: str, helper: str, say: str, requirement: Requirement, **kw: object) -> Doctest:
        call = play_call(variant, rolls_always(variant, problem, 1), rolls_always(variant, problem, 1), later=False,
                         say=say, **kw)
        return Doctest(name, with_local_helpers((*((helper,) if helper else ()), f"s0, s1 = {call}", "s0, s1")),
                       **requirement.checked(), setup=SETUP)

    visible = (
        game(f"play prints what {announce} says", "", announce, RULES["print_message"],
             dice="make_test_dice(5, 6, 5)", goal=10),
        game("say is called after every turn", ECHO, "echo", RULES["say_each_turn"], dice="make_test_dice(3)", goal=5),
        game("say is given the leader it returned last", COUNT, "count", RULES["say_each_turn"],
             dice="make_test_dice(5)", goal=15),
        game("an empty message or None prints nothing", QUIET, "quiet", RULES["print_message"],
             dice="make_test_dice(4, 2)", goal=12),
        Doctest(both, with_local_helpers((
            "s0, s1 = " + play_call(variant, rolls_always(variant, problem, 3), rolls_always(variant, problem, 3),
                                    dice=dice_text((1, 2, 3, 3)), goal=8, later=False, say=both),
            "s0, s1")), **RULES["print_message"].checked(), setup=SETUP),
    )
    hidden = (Sweep("commentary in games with random strategies",
                    random_games(variant, rng, 8, later=False, say=COUNTING), rule=RULES["say_each_turn"].text,
                    output=True),)
    fuzz = (play_fuzz(variant, later=False, say=COUNTING, name="play with commentary", output=True),)
    unlock = (
        Unlock(with_local_helpers((play_call(variant, rolls_always(variant, problem, 1),
                                             rolls_always(variant, problem, 2), dice=dice_text((4, 2, 6)), goal=20,
                                             later=False, say=announce),))),
        choice("What does play do with the message a commentary function returns?",
               "Prints it, unless it is None or empty",
               ("Returns it", "Passes it to the next commentary function", "Prints it only at the end")),
    )
    return {"text": TEXT[text_key(problem)], "hint": HINTS.get(text_key(problem), ""),
            "visible": visible, "hidden": hidden, "fuzz": fuzz, "unlock": unlock}


BUILDERS = {"lead_changes": _lead_changes, "commentary_leader": _commentary_leader}
