"""Swine Align (fa20): another turn when the two scores share a divisor of 10 or more."""

from hogkit.rules.base import Concept, Example, Rule, Story, StoryTurn


def swine_align(player_score, opponent_score):
    """Return whether the player moves again because of Swine Align: both scores are
    positive and their greatest common divisor is at least 10.

    player_score:   the mover's score, once the turn's points are added.
    opponent_score: the other player's score.
    """
    # BEGIN SOLUTION
    if player_score <= 0 or opponent_score <= 0:
        return False
    larger, smaller = player_score, opponent_score
    while smaller > 0:
        larger, smaller = smaller, larger % smaller
    return larger >= 10
    # END SOLUTION


SWINE_ALIGN = Rule(
    id="swine_align",
    family="extra_turn",
    title="Swine Align",
    summary=(
        "Once a turn's points are added, if both players have a positive score and the greatest "
        "common divisor of the two scores is 10 or more, the player who just moved takes another "
        "turn. An extra turn is a turn like any other, so it can earn another."
    ),
    functions=(swine_align,),
    hook=swine_align,
    strategy="extra_turn_strategy",
    seed="",
    examples=(
        Example("swine_align(30, 45)", True, "The greatest common divisor of 30 and 45 is 15."),
        Example("swine_align(35, 45)", False, "The greatest common divisor of 35 and 45 is only 5."),
        Example("swine_align(8, 36)", False, "8 and 36 share at most 4."),
        Example("swine_align(20, 30)", True, "20 and 30 share 10."),
        Example("swine_align(24, 36)", True, "24 and 36 share 12."),
        Example("swine_align(36, 36)", True, "Equal scores share themselves: 36."),
        Example("swine_align(15, 0)", False, "A score of 0 never aligns."),
        Example("swine_align(10, 10)", True, "10 and 10 share 10: just enough."),
        Example("swine_align(2, 4)", False, "2 and 4 share only 2."),
        Example("swine_align(11, 22)", True, "11 and 22 share 11."),
    ),
    stories=(
        Story(
            title="Swine Align twice in a row",
            requires=frozenset({"pig_out", "pig_pass"}),
            start=(14, 36),
            next_player=1,
            turns=(
                StoryTurn(0, 2, (5, 5), (24, 36), "24 and 36 share 12: Player 0 moves again."),
                StoryTurn(0, 3, (4, 4, 4), (36, 36), "36 and 36 share 36: again."),
                StoryTurn(0, 2, (3, 3), (42, 36), "42 and 36 share only 6: Player 1's turn."),
            ),
        ),
    ),
    concepts=(
        Concept(
            prompt="After a turn the mover has 24 points and the opponent 36. Does the mover take another turn?",
            answer="Yes: the greatest common divisor is 12",
            wrong=("No: 24 does not divide 36", "No: the scores differ by 12", "Only if the mover is behind"),
        ),
        Concept(
            prompt="After a turn the mover has 40 points and the opponent none. Does Swine Align give another turn?",
            answer="No: a score of 0 never aligns",
            wrong=("Yes: 40 divides 0", "Yes: the greatest common divisor is 40", "Only on the first turn"),
        ),
    ),
)
