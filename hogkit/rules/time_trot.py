"""Time Trot (sp18, su18): an extra turn when k equals the turn number mod 8."""

from hogkit.rules.base import Concept, Example, Memory, Rule, Story, StoryTurn


def gets_extra_turn(num_rolls, turn_number, after_extra):
    """Return whether a player who rolls NUM_ROLLS dice on turn TURN_NUMBER (turns are
    numbered from 0, and every turn counts) moves again right away. They do when
    NUM_ROLLS equals TURN_NUMBER % 8, unless this turn is itself an extra turn
    (AFTER_EXTRA is True): never two extra turns in a row."""
    # BEGIN SOLUTION
    if after_extra:
        return False
    return num_rolls == turn_number % 8
    # END SOLUTION


TIME_TROT = Rule(
    id="time_trot",
    family="extra_turn",
    title="Time Trot",
    summary=(
        "Turns are numbered from 0, and every turn counts, extra ones too. A player who rolls k "
        "dice on turn n, where n % 8 == k, moves again straight after this turn. A player can "
        "never get two extra turns in a row: an extra turn cannot earn another."
    ),
    functions=(gets_extra_turn,),
    hook=gets_extra_turn,
    helpers=("gets_extra_turn",),
    seed="003",
    play_flag="time_trot",
    memory=(Memory("turn", "turn_number", each=False, start=0, size=8, update="count", fields=("turn",),
                   note="Turn number", about="the turn number mod 8"),
            Memory("after_extra", "after_extra", each=False, start=False, size=2, update="extra",
                   fields=("after_extra",), note="is this turn an extra one?",
                   about="whether this turn is an extra one")),
    examples=(
        Example("gets_extra_turn(1, 1, False)", True, "Turn 1, 1 die: 1 % 8 == 1."),
        Example("gets_extra_turn(2, 2, True)", False, "Turn 2 is already an extra turn."),
        Example("gets_extra_turn(3, 3, False)", True, "Turn 3, 3 dice: an extra turn."),
        Example("gets_extra_turn(3, 11, False)", True, "11 % 8 == 3."),
        Example("gets_extra_turn(0, 8, False)", True, "Zero dice on turn 8: 8 % 8 == 0."),
        Example("gets_extra_turn(5, 0, False)", False, "Turn 0 needs 0 dice, not 5."),
    ),
    stories=(
        Story(
            title="Time Trot in the sp18 contest",
            requires=frozenset({"pig_out", "swine_swap_multiple"}),
            next_player=0,
            turns=(
                StoryTurn(0, 5, (3, 4, 4, 4, 4), (19, 0), "Turn 0: 5 dice total 19."),
                StoryTurn(1, 1, (4,), (19, 4), "Turn 1: 1 die shows 4; 1 % 8 == 1, extra turn."),
                StoryTurn(1, 2, (3, 3), (19, 10), "Turn 2: no second extra turn in a row."),
                StoryTurn(
                    0, 3, (1, 2, 3), (10, 20),
                    "Turn 3: a Pig Out makes 20 against 10, a swap, and 3 % 8 == 3: extra turn.",
                ),
            ),
        ),
        Story(
            title="Time Trot in the su18 contest",
            requires=frozenset({"pig_out", "swine_swap_ones_tens"}),
            next_player=0,
            erratum=(
                "The su18 story was written for sp18's swap rule. Under su18's Swine Swap, 20 "
                "to 0 swaps at once (ones digit 0, tens digit 0), so its printed scores do not "
                "follow (nor do they under sp18, where 20 to 4 would swap). The order of turns "
                "it describes does hold; the scores here are the ones su18's rules produce."
            ),
            turns=(
                StoryTurn(0, 6, (3, 3, 3, 3, 4, 4), (0, 20), "Turn 0: 20 points, then a swap."),
                StoryTurn(1, 1, (4,), (0, 24), "Turn 1: 1 die; 1 % 8 == 1, extra turn."),
                StoryTurn(1, 2, (3, 4), (0, 31), "Turn 2: no second extra turn in a row."),
                StoryTurn(0, 3, (1, 2, 3), (1, 31), "Turn 3: Pig Out; 3 % 8 == 3, extra turn."),
            ),
        ),
    ),
    concepts=(
        Concept(
            prompt="On turn 10 a player rolls 2 dice (and turn 9 was not their extra turn). "
            "Do they move again?",
            answer="Yes: 10 % 8 == 2",
            wrong=("No: 10 is not 2", "Only if they pig out"),
        ),
        Concept(
            prompt="Does an extra turn get a turn number of its own?",
            answer="Yes: every turn counts, extra turns too",
            wrong=("No: it shares the number of the turn before", "Only the first one does"),
        ),
    ),
)
