"""Feral Hogs (fa19): 3 extra points when k is exactly 2 away from your own previous k."""

from hogkit.rules.base import Concept, Example, Memory, Rule, Story, StoryTurn


def feral_hogs_bonus(num_rolls, previous_rolls):
    """Return the extra points Feral Hogs gives a player who rolls NUM_ROLLS dice this
    turn after rolling PREVIOUS_ROLLS dice on their own previous turn: 3 when the two
    differ by exactly 2, otherwise 0. Before a player's first turn, PREVIOUS_ROLLS is 0."""
    # BEGIN SOLUTION
    if abs(num_rolls - previous_rolls) == 2:
        return 3
    return 0
    # END SOLUTION


_FA19 = frozenset({"pig_out", "free_bacon_min", "swine_swap_digits"})

FERAL_HOGS = Rule(
    id="feral_hogs",
    family="bonus",
    title="Feral Hogs",
    summary=(
        "If the number of dice a player rolls is exactly 2 away from the number they rolled on "
        "their own previous turn, they get 3 extra points for the turn. Before a player's first "
        "turn, count their previous roll as 0 dice."
    ),
    functions=(feral_hogs_bonus,),
    hook=feral_hogs_bonus,
    helpers=("feral_hogs_bonus",),
    seed="004",
    play_flag="feral_hogs",
    memory=(Memory("last_rolls", "previous_rolls", each=True, start=0, size=11, update="dice",
                   fields=("own_last", "opp_last"), note="Each player's number of dice on their previous turn",
                   about="each player's previous number of dice (0-10)"),),
    examples=(
        Example("feral_hogs_bonus(5, 3)", 3, "5 is 2 away from 3: 3 extra points."),
        Example("feral_hogs_bonus(4, 3)", 0, "4 is only 1 away from 3: no bonus."),
        Example("feral_hogs_bonus(0, 2)", 3, "0 is 2 away from 2: 3 extra points."),
        Example(
            "3 + feral_hogs_bonus(2, 0)",
            6,
            "A first turn of 2 dice that scores 3 is 2 away from 0: 3 + 3 = 6 points.",
            erratum=(
                "The seed's second example scores 3 points with 2 dice, which no roll gives "
                "under Pig Out (two dice without a 1 sum to at least 4), so it is checked "
                "through the bonus itself rather than replayed with dice."
            ),
        ),
    ),
    stories=(
        Story(
            title="Six turns of Feral Hogs",
            requires=_FA19,
            turns=(
                StoryTurn(0, 3, (1, 5, 5), (1, 0), "Player 0 rolls 3 dice and pigs out: 1 point."),
                StoryTurn(1, 4, (2, 1, 2, 2), (1, 1), "Player 1 rolls 4 dice and pigs out."),
                StoryTurn(0, 5, (1, 3, 3, 3, 3), (5, 1), "5 is 2 away from 3: 1 + 3 points."),
                StoryTurn(1, 2, (1, 6), (5, 5), "2 is 2 away from 4: 1 + 3 points."),
                StoryTurn(0, 7, (4, 1, 4, 4, 4, 4, 4), (9, 5), "7 is 2 away from 5: 1 + 3."),
                StoryTurn(1, 0, (), (9, 18), "0 dice against 9: 10 points, and 0 is 2 from 2: +3."),
            ),
        ),
    ),
    concepts=(
        Concept(
            prompt="Whose previous roll does Feral Hogs compare with?",
            answer="The same player's own previous turn",
            wrong=("The opponent's last turn", "The turn just before, whoever took it"),
        ),
        Concept(
            prompt="Player 0's first turn rolls 2 dice. Does Feral Hogs give a bonus?",
            answer="Yes: the turn before the first counts as 0 dice",
            wrong=("No: there is no previous turn", "Only if the opponent rolled 0 or 4"),
        ),
    ),
)
