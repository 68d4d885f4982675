"""Feral Hogs, sp20 and su20 form: 3 extra points when the number of dice is exactly 2 away from
the points the same player scored on their own previous turn.

The previous turn's points are what ``take_turn`` gave for it: no Feral Hogs bonus, and no swap
changes them. The game keeps them for each player; a number of dice is 0 to 10, so every previous
score of 13 or more gives no bonus, and the exact evaluator keeps those as one value (13).
"""

from hogkit.rules.base import Concept, Example, Memory, Rule, Story, StoryTurn

MOST_DICE = 10
# Previous points 0 to 12 can be 2 away from a number of dice; 13 and above never are.
KEPT_POINTS = MOST_DICE + 2 + 2


def feral_hogs_bonus(num_rolls, previous_points):
    """Return the extra points Feral Hogs gives a player who rolls NUM_ROLLS dice this
    turn after scoring PREVIOUS_POINTS points on their own previous turn (the points of
    that turn alone, before any bonus): 3 when the two differ by exactly 2, otherwise 0.
    Before a player's first turn, PREVIOUS_POINTS is 0."""
    # BEGIN SOLUTION
    if abs(num_rolls - previous_points) == 2:
        return 3
    return 0
    # END SOLUTION


_EXAMPLE_GAME = (
    StoryTurn(0, 3, (2, 2, 3), (7, 0), "3 dice score 7; 3 is not 2 away from 0 (no previous turn)."),
    StoryTurn(1, 1, (4,), (7, 4), "1 die scores 4; 1 is not 2 away from 0."),
    StoryTurn(0, 5, (2, 2, 2, 2, 2), (20, 4), "5 dice score 10, and 5 is 2 away from 7: 10 + 3."),
    StoryTurn(1, 2, (3, 5), (20, 15), "2 dice score 8, and 2 is 2 away from 4: 8 + 3."),
    StoryTurn(0, 8, (2, 2, 2, 2, 2, 2, 2, 6), (43, 15), "8 dice score 20, and 8 is 2 away from 10: 20 + 3."),
    StoryTurn(1, 6, (1, 2, 2, 3, 4, 2), (43, 19), "A 1: the turn scores 1, and 6 is 2 away from 8: 1 + 3."),
)

FERAL_HOGS_POINTS = Rule(
    id="feral_hogs_points",
    family="bonus",
    title="Feral Hogs",
    summary=(
        "If the number of dice a player rolls is exactly 2 away from the number of points they "
        "scored on their own previous turn, they get 3 extra points for the turn. The previous "
        "turn's points are that turn's own points, without any Feral Hogs bonus, and a swap does "
        "not change them. Before a player's first turn, count their previous points as 0."
    ),
    functions=(feral_hogs_bonus,),
    hook=feral_hogs_bonus,
    helpers=("feral_hogs_bonus",),
    seed="",
    play_flag="feral_hogs",
    memory=(Memory("last_points", "previous_points", each=True, start=0, size=KEPT_POINTS, update="points",
                   fold="cap", fields=("own_points", "opp_points"),
                   note="Each player's points on their previous turn, before any bonus",
                   about="each player's previous turn's points (0-12, and 13 for any more)"),),
    examples=(
        Example("feral_hogs_bonus(5, 7)", 3, "5 dice after a turn of 7 points: 2 away, 3 extra points."),
        Example("feral_hogs_bonus(2, 4)", 3, "2 dice after a turn of 4 points: 3 extra points."),
        Example("feral_hogs_bonus(3, 0)", 0, "A first turn of 3 dice is 3 away from 0: no bonus."),
        Example("feral_hogs_bonus(6, 8)", 3, "6 dice after a turn of 8 points: 3 extra points."),
        Example("feral_hogs_bonus(0, 2)", 3, "Zero dice after a turn of 2 points are 2 away too."),
        Example("feral_hogs_bonus(10, 30)", 0, "30 points are far from any number of dice: no bonus."),
        Example(
            "3 + feral_hogs_bonus(2, 0)",
            6,
            "A first turn of 2 dice that scores 3 is 2 away from 0: 3 + 3 = 6 points.",
            erratum=(
                "The page's second example scores 3 points with 2 dice, which no roll gives "
                "under Pig Out (two dice without a 1 sum to at least 4), so it is checked "
                "through the bonus itself rather than replayed with dice."
            ),
        ),
    ),
    stories=(
        Story(title="Six turns of Feral Hogs", turns=_EXAMPLE_GAME, requires=frozenset({"pig_out"})),
        Story(
            title="A swap after Feral Hogs",
            start=(17, 6),
            requires=frozenset({"pig_out", "swine_swap_excitement"}),
            turns=(StoryTurn(0, 2, (1, 2), (6, 21),
                             "A 1 scores 1, and 2 dice are 2 away from 0: 17 + 1 + 3 = 21. 3 ** 27 starts "
                             "and ends with 7, so the scores swap and Player 1 has won."),),
        ),
        Story(
            title="No swap after Feral Hogs",
            start=(17, 6),
            requires=frozenset({"pig_out", "swine_swap_ones_gap"}),
            turns=(StoryTurn(0, 2, (1, 2), (21, 6),
                             "A 1 scores 1, and 2 dice are 2 away from 0: 17 + 1 + 3 = 21. abs(1 - 6) is "
                             "not 0, the tens digit of 6, so Player 0 has won."),),
        ),
    ),
    concepts=(
        Concept(
            prompt="A player's previous turn scored 7 points, and Feral Hogs added 3 more. Which "
                   "numbers of dice earn the bonus this turn?",
            answer="5 or 9",
            wrong=("8 or 12", "8 only", "Any number but 7"),
        ),
        Concept(
            prompt="A swap changes a player's score after their turn. What does Feral Hogs compare "
                   "with on that player's next turn?",
            answer="The points their turn scored, whatever the swap did",
            wrong=("Their score after the swap", "The opponent's points", "The number of dice they rolled"),
        ),
    ),
)
