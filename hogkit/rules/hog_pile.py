"""Hog Pile (fa21): a player whose score equals the opponent's after a turn gains as many points
again. Students write ``hog_pile``, the points the rule adds; ``play`` adds them."""

from hogkit.rules.base import Concept, Example, Rule, Story, StoryTurn


def hog_pile(player_score, opponent_score):
    """Return the points the current player gains from Hog Pile once the turn's points
    are added: PLAYER_SCORE again when it equals OPPONENT_SCORE, else 0.

    player_score:    the current player's score, the turn's points included.
    opponent_score:  the opponent's score.
    """
    # BEGIN SOLUTION
    if player_score == opponent_score:
        return player_score
    return 0
    # END SOLUTION


def hog_pile_score(player_score, opponent_score):
    """The engine's Hog Pile: the mover's score with what hog_pile adds."""
    return player_score + hog_pile(player_score, opponent_score)


HOG_PILE = Rule(
    id="hog_pile",
    family="post_turn",
    kind="update",
    title="Hog Pile",
    summary=(
        "After a player adds the points of their turn, if their score equals the opponent's, "
        "they gain that many points again (their score doubles). The rule applies once a turn."
    ),
    functions=(hog_pile,),
    hook=hog_pile_score,
    gain="hog_pile",
    strategy="hog_pile_strategy",
    roles=(("rules_gain", "hog_pile"),),
    seed="",
    examples=(
        Example("hog_pile(25, 43)", 0, "25 and 43 differ: nothing."),
        Example("hog_pile(32, 33)", 0, "One point apart is still apart: nothing."),
        Example("hog_pile(7, 7)", 7, "Equal scores: 7 more points, 14 in all."),
        Example("hog_pile(26, 26)", 26, "Equal scores: 26 more points."),
        Example("hog_pile(23, 23)", 23, "Equal scores: 23 more points."),
        Example("hog_pile(193, 42)", 0, "193 and 42 differ: nothing."),
        Example("hog_pile(187, 187)", 187, "Equal scores: the score doubles to 374."),
        Example("hog_pile(64, 67)", 0, "64 and 67 differ: nothing."),
    ),
    stories=(
        Story(
            title="three dice of 3 each turn, to 15",
            turns=(
                StoryTurn(0, 3, (3, 3, 3), (9, 0), "Player 0 scores 9."),
                StoryTurn(1, 3, (3, 3, 3), (9, 18), "Player 1 reaches 9, equal to Player 0: Hog Pile doubles it."),
            ),
        ),
    ),
    concepts=(
        Concept(
            prompt="After a turn the mover has 30 points and the opponent 30. What is the mover's score then?",
            answer="60",
            wrong=("30", "0", "31"),
        ),
        Concept(
            prompt="Can Hog Pile apply twice in one turn?",
            answer="No: it applies once, after the turn's points are added",
            wrong=("Yes, while the scores stay equal", "Yes, once for each player", "Only on a zero-dice turn"),
        ),
    ),
)

