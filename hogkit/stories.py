"""Replay a seed's scripted game (:class:`hogkit.rules.Story`) through the engine."""

from __future__ import annotations

from dataclasses import dataclass

from hogkit.game import TurnRecord, finish_turn, is_over, plan_turn, start_state, take_turn
from hogkit.rules import Story
from hogkit.shipped.dice import make_test_dice
from hogkit.variant import Variant


@dataclass(frozen=True)
class ReplayedTurn:
    """One turn of a replay: the record, and the player who moves next."""

    record: TurnRecord
    next_player: int
    dice_sides: int


def replay_story(variant: Variant, story: Story) -> list[ReplayedTurn]:
    """Play STORY's turns in VARIANT with exactly the story's choices and dice outcomes.

    Raises ValueError if a turn is taken by a player other than the one the rules say moves.
    """
    state = start_state(variant, story.start)
    replayed: list[ReplayedTurn] = []
    for number, turn in enumerate(story.turns):
        if is_over(state, variant.goal):
            raise ValueError(f"the game is over before turn {number}")
        if state.who != turn.player:
            raise ValueError(f"turn {number}: player {state.who} moves, not player {turn.player}")
        plan = plan_turn(variant, state, turn.rolls)
        points = 0
        if plan.rolls > 0:
            dice = make_test_dice(*turn.outcomes)
            points = take_turn(variant, plan.rolls, state.opponent_score, dice)
        elif plan.rolls == 0:
            points = take_turn(variant, 0, state.opponent_score)
        state, record = finish_turn(variant, state, plan, points)
        replayed.append(ReplayedTurn(record, state.who, plan.sides))
    return replayed

