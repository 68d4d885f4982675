"""Hog Pile (sp22): a player whose score ends in the same digit as the opponent's after a turn
gains that digit. Students write ``hog_pile``, the points the rule adds; ``play`` adds them."""

from hogkit.rules.base import Concept, Example, Rule, Story, StoryTurn


def hog_pile(player_score, opponent_score):
    """Return the points the current player gains from Hog Pile once the turn's points
    are added: the ones digit of PLAYER_SCORE when OPPONENT_SCORE ends in the same
    digit, else 0.

    player_score:    the current player's score, the turn's points included.
    opponent_score:  the opponent's score.
    """
    # BEGIN SOLUTION
    ones = player_score % 10
    if ones == opponent_score % 10:
        return ones
    return 0
    # END SOLUTION


def hog_pile_score(player_score, opponent_score):
    """The engine's Hog Pile: the mover's score with what hog_pile adds."""
    return player_score + hog_pile(player_score, opponent_score)


HOG_PILE_ONES = Rule(
    id="hog_pile_ones",
    family="post_turn",
    kind="update",
    title="Hog Pile",
    summary=(
        "After a player adds the points of their turn, if the ones digit of their score is the "
        "ones digit of the opponent's score, they gain that digit as extra points (nothing when "
        "both end in 0). The rule applies once a turn."
    ),
    functions=(hog_pile,),
    hook=hog_pile_score,
    gain="hog_pile",
    strategy="hog_pile_strategy",
    roles=(("rules_gain", "hog_pile"),),
    seed="",
    examples=(
        Example("hog_pile(25, 43)", 0, "The ones digits 5 and 3 differ: nothing."),
        Example("hog_pile(32, 33)", 0, "The ones digits 2 and 3 differ: nothing."),
        Example("hog_pile(7, 7)", 7, "Both end in 7: 7 more points."),
        Example("hog_pile(26, 26)", 6, "Both end in 6: 6 more points."),
        Example("hog_pile(23, 23)", 3, "Both end in 3: 3 more points."),
        Example("hog_pile(193, 42)", 0, "The ones digits 3 and 2 differ: nothing."),
        Example("hog_pile(187, 187)", 7, "Both end in 7: 7 more points."),
    ),
    stories=(
        Story(
            title="one die a turn from 0 to 0",
            turns=(
                StoryTurn(0, 1, (5,), (5, 0), "Player 0 rolls a 5."),
                StoryTurn(1, 1, (5,), (5, 10), "Player 1 rolls a 5: both end in 5, so 5 more."),
                StoryTurn(0, 1, (6,), (11, 10), "Player 0 rolls a 6: 11 and 10 end in 1 and 0."),
                StoryTurn(1, 1, (1,), (11, 12), "Player 1 rolls a 1 (Sow Sad: 1 point): 11 and 11, so 1 more."),
            ),
        ),
    ),
    concepts=(
        Concept(
            prompt="After a turn the mover has 46 points and the opponent 16. What is the mover's score then?",
            answer="52",
            wrong=("46", "92", "62"),
        ),
        Concept(
            prompt="After a turn the mover has 30 points and the opponent 20. How many points does Hog Pile add?",
            answer="0: the shared ones digit is 0",
            wrong=("10", "30", "20"),
        ),
    ),
)
