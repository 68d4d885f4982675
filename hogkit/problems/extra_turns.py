"""Problems of semesters whose rules give extra turns that depend on the scores (fa20's Swine Align
and Pig Pass, sp21's More Boar): ``play`` with every rule in force, extra turns included."""

from __future__ import annotations

import random
from dataclasses import replace

from hogkit.naming import course_name
from hogkit.problem_layout import Problem
from hogkit.problems import simulator
from hogkit.problems.building import stories
from hogkit.rules import family_of
from hogkit.variant import Variant

TEXT = {
    "play_extra": ("`play` simulates a whole game: each turn asks the mover's strategy (once) how many dice to "
                   "roll; once the turn's points are added, the mover moves again if an extra-turn rule says so "
                   "(an extra turn can earn another), and the game ends as soon as a score reaches the goal."),
}


def extra_turn_call(variant: Variant) -> str:
    """How the kit's ``play`` asks whether the mover moves again: the interface's function that asks
    every extra-turn rule, or the rules' own functions."""
    if "extra_turn" in variant.interface.functions:
        return course_name(variant, "extra_turn")
    return " or ".join(rule.hook_name for rule in variant.rules if family_of(rule).step == "extra")


def _play_extra(variant: Variant, problem: Problem, rng: random.Random) -> dict:
    """Problem 5 of a kit whose rules give extra turns: the games of a plain ``play`` (every rule of
    these semesters is in force from the start) and the rules' scripted games of extra turns."""
    parts = simulator.BUILDERS["play"](variant, replace(problem, kind="play"), rng)
    extra = [rule for rule in variant.rules if family_of(rule).step == "extra" and not rule.play_flag]
    hint = (f"Ask the mover's strategy once per turn; after the turn, ask {extra_turn_call(variant)} with the "
            f"mover's score first, and switch players with {course_name(variant, 'other')}(who) only when it "
            "says no. Stop as soon as a score reaches the goal.")
    return {**parts, "text": TEXT["play_extra"], "hint": hint,
            "visible": (*parts["visible"], *stories(variant, extra, later=False))}


BUILDERS = {"play_extra": _play_extra}
