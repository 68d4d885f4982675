"""Hog Wild (fa17): four-sided dice when the sum of the scores is a multiple of 7."""

from hogkit.rules.base import Concept, Example, Rule


def is_hog_wild(score, opponent_score):
    """Return whether a turn that starts with these scores uses four-sided dice:
    it does when SCORE + OPPONENT_SCORE is a multiple of 7."""
    # BEGIN SOLUTION
    return (score + opponent_score) % 7 == 0
    # END SOLUTION


HOG_WILD = Rule(
    id="hog_wild",
    family="dice_select",
    title="Hog Wild",
    summary=(
        "If the two players' scores add up to a multiple of seven at the start of a turn (0, 7, "
        "14, 21, 35, ...), the player who moves rolls four-sided dice instead of six-sided ones."
    ),
    functions=(is_hog_wild,),
    hook=is_hog_wild,
    inputs=(("score", "player_score"),),
    helpers=("is_hog_wild",),
    seed="001",
    play_flag="wild_dice",
    examples=(
        Example("is_hog_wild(0, 0)", True, "0 is a multiple of 7: the first turn is wild."),
        Example("is_hog_wild(3, 4)", True, "3 + 4 = 7."),
        Example("is_hog_wild(10, 4)", True, "10 + 4 = 14."),
        Example("is_hog_wild(20, 1)", True, "20 + 1 = 21."),
        Example("is_hog_wild(30, 5)", True, "30 + 5 = 35."),
        Example("is_hog_wild(30, 6)", False, "36 is not a multiple of 7."),
    ),
    concepts=(
        Concept(
            prompt="The scores are 40 and 23 as a turn starts. Which dice does the mover roll?",
            answer="four-sided",
            wrong=("six-sided", "none: the turn is skipped"),
        ),
    ),
)
