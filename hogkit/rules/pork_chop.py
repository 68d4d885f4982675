"""Pork Chop (fa17 contest): roll -1 to swap the scores, once per player."""

from hogkit.rules.base import Concept, Example, Memory, Rule, Story, StoryTurn


def pork_chop_rolls(num_rolls, chop_used):
    """Return what a player's choice of NUM_ROLLS means this turn. A choice of -1 is a Pork
    Chop (return -1) the first time; once the player has used it (CHOP_USED is True),
    -1 means rolling 10 dice. Any other choice means itself."""
    # BEGIN SOLUTION
    if num_rolls == -1 and chop_used:
        return 10
    return num_rolls
    # END SOLUTION


PORK_CHOP = Rule(
    id="pork_chop",
    family="special_move",
    title="Pork Chop",
    summary=(
        "A player may choose to roll -1 dice: the turn scores nothing, and the two scores swap. "
        "Each player may do this once; any later choice of -1 by that player rolls 10 dice. "
        "A Pork Chop turn has no other swap: at most one swap happens in a turn."
    ),
    functions=(pork_chop_rolls,),
    hook=pork_chop_rolls,
    helpers=("pork_chop_rolls",),
    seed="001",
    play_flag="pork_chop",
    memory=(Memory("chop_used", "chop_used", each=True, start=False, size=2, update="used",
                   fields=("own_used", "opp_used"), note="Has each player used their Pork Chop?",
                   about="whether each player has used their one-time move"),),
    examples=(
        Example("pork_chop_rolls(-1, False)", -1, "A first -1 is a Pork Chop."),
        Example("pork_chop_rolls(-1, True)", 10, "A second -1 rolls 10 dice instead."),
        Example("pork_chop_rolls(4, True)", 4, "Any other choice means itself."),
    ),
    stories=(
        Story(
            title="The fa17 sample game",
            start=(14, 42),
            requires=frozenset(
                {"pig_out_count", "free_bacon_max", "hogtimus_prime", "hog_wild",
                 "swine_swap_double"}
            ),
            turns=(
                StoryTurn(
                    0, 0, (), (42, 21),
                    "Free Bacon gives 5, a prime, so 7: 21 against 42 is half, a swap.",
                ),
                StoryTurn(1, -1, (), (21, 42), "Pork Chop swaps; there is no second swap."),
                StoryTurn(0, -1, (), (42, 21), "Player 0's Pork Chop swaps back."),
                StoryTurn(
                    1, -1, (1, 2, 2, 2, 2, 2, 2, 2, 2, 2), (42, 22),
                    "A second -1 rolls 10 dice; 63 is a multiple of 7, so they are four-sided; "
                    "one 1 scores min(11 - 10, 1) = 1.",
                    sides=4,
                ),
            ),
        ),
    ),
    concepts=(
        Concept(
            prompt="A Pork Chop leaves one score double the other. Do the scores swap again?",
            answer="No: at most one swap happens in a turn",
            wrong=("Yes: Swine Swap always applies", "Only if the mover is behind"),
        ),
        Concept(
            prompt="A player who already used Pork Chop chooses -1 again. What happens?",
            answer="They roll 10 dice",
            wrong=("The scores swap again", "They score 0 and nothing else happens"),
        ),
    ),
)
