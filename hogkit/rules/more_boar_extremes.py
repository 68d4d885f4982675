"""More Boar, su21 form: another turn when the mover's digits spread wider than the opponent's."""

from hogkit.rules.base import Concept, Example, Rule, Story, StoryTurn


def more_boar(player_score, opponent_score):
    """Return whether the player moves again because of More Boar: the largest digit of
    PLAYER_SCORE is larger than the largest digit of OPPONENT_SCORE, and the smallest
    digit of PLAYER_SCORE is smaller than the smallest digit of OPPONENT_SCORE (the
    digits of the scores as written, with no leading 0).

    player_score:   the mover's score, once the turn's points are added.
    opponent_score: the other player's score.
    """
    # BEGIN SOLUTION
    def largest_and_smallest(score):
        largest = smallest = score % 10
        while score >= 10:
            score = score // 10
            largest, smallest = max(largest, score % 10), min(smallest, score % 10)
        return largest, smallest

    player_largest, player_smallest = largest_and_smallest(player_score)
    opponent_largest, opponent_smallest = largest_and_smallest(opponent_score)
    return player_largest > opponent_largest and player_smallest < opponent_smallest
    # END SOLUTION


MORE_BOAR_EXTREMES = Rule(
    id="more_boar_extremes",
    family="extra_turn",
    title="More Boar",
    summary=(
        "Once a turn's points are added, if the largest digit of the mover's score is larger than "
        "the largest digit of the opponent's, and the smallest digit of the mover's score is "
        "smaller than the smallest digit of the opponent's, the mover takes another turn. An extra "
        "turn is a turn like any other, so it can earn another."
    ),
    functions=(more_boar,),
    hook=more_boar,
    strategy="more_boar_strategy",
    roles=(("extra_turn", "more_boar"),),
    seed="",
    examples=(
        Example("more_boar(38, 44)", True, "8 > 4 and 3 < 4."),
        Example("more_boar(22, 43)", False, "2 is not larger than 4."),
        Example("more_boar(43, 21)", False, "3 is not smaller than 1."),
        Example("more_boar(28, 5)", True, "8 > 5 and 2 < 5."),
        Example("more_boar(7, 8)", False, "7 is not larger than 8."),
        Example("more_boar(25, 43)", True, "5 > 4 and 2 < 3."),
        Example("more_boar(32, 33)", False, "The largest digits are both 3."),
        Example("more_boar(7, 10)", False, "7 is not smaller than 0."),
        Example("more_boar(23, 23)", False, "Equal scores have equal digits."),
        Example("more_boar(193, 42)", True, "9 > 4 and 1 < 2."),
        Example("more_boar(42, 187)", False, "4 is not larger than 8."),
        Example("more_boar(70, 21)", True, "7 > 2 and 0 < 1."),
        Example("more_boar(72, 22)", False, "The smallest digits are both 2."),
        Example("more_boar(709, 897)", False, "The largest digits are both 9."),
    ),
    stories=(
        Story(
            title="More Boar gives Player 1 another turn",
            requires=frozenset({"sow_sad"}),
            next_player=0,
            turns=(
                StoryTurn(0, 4, (3, 3, 3, 3), (12, 0), "12 against 0: 1 is not below 0."),
                StoryTurn(1, 3, (3, 3, 3), (12, 9), "9 against 12: 9 > 2, but 9 is not below 1."),
                StoryTurn(0, 4, (3, 3, 3, 3), (24, 9), "24 against 9: 4 is not above 9."),
                StoryTurn(1, 3, (3, 3, 3), (24, 18), "18 against 24: 8 > 4 and 1 < 2, so Player 1 moves again."),
                StoryTurn(1, 3, (3, 3, 3), (24, 27), "27 against 24: the smallest digits are both 2."),
            ),
        ),
    ),
    concepts=(
        Concept(
            prompt="After a turn the mover has 28 points and the opponent 5. Does the mover take another turn?",
            answer="Yes: 8 > 5 and 2 < 5",
            wrong=("No: 5 has only one digit", "No: 2 is not larger than 5", "Yes: the mover is ahead"),
        ),
        Concept(
            prompt="After a turn the mover has 32 points and the opponent 33. Does More Boar hold?",
            answer="No: the largest digits are both 3, and the mover's must be larger",
            wrong=("Yes: 2 < 3", "Yes: the mover is behind by 1", "No: the mover must be ahead"),
        ),
    ),
)
