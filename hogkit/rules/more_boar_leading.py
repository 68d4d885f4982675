"""More Boar, sp21 form: another turn when both leading digits are below the opponent's."""

from hogkit.rules.base import Concept, Example, Rule, Story, StoryTurn


def more_boar(player_score, opponent_score):
    """Return whether the player moves again because of More Boar: the leftmost digit of
    PLAYER_SCORE is smaller than the leftmost digit of OPPONENT_SCORE, and the second
    digit from the left of PLAYER_SCORE is smaller than that of OPPONENT_SCORE. A score
    under 10 counts as having a leftmost digit of 0 (7 is 07).

    player_score:   the mover's score, once the turn's points are added.
    opponent_score: the other player's score.
    """
    # BEGIN SOLUTION
    player, opponent = player_score, opponent_score
    while player >= 100:
        player = player // 10
    while opponent >= 100:
        opponent = opponent // 10
    return player // 10 < opponent // 10 and player % 10 < opponent % 10
    # END SOLUTION


MORE_BOAR_LEADING = Rule(
    id="more_boar_leading",
    family="extra_turn",
    title="More Boar",
    summary=(
        "Once a turn's points are added, if the leftmost digit of the mover's score is smaller "
        "than the leftmost digit of the opponent's, and the second digit from the left is smaller "
        "too, the mover takes another turn. A score under 10 counts as having a leftmost digit of "
        "0. An extra turn is a turn like any other, so it can earn another."
    ),
    functions=(more_boar,),
    hook=more_boar,
    strategy="more_boar_strategy",
    roles=(("extra_turn", "more_boar"),),
    seed="",
    # the course's own tests call it on scores up to 999
    domains=(("more_boar.player_score", "0..999"), ("more_boar.opponent_score", "0..999")),
    examples=(
        Example("more_boar(21, 43)", True, "2 < 4 and 1 < 3."),
        Example("more_boar(22, 43)", True, "2 < 4 and 2 < 3."),
        Example("more_boar(43, 21)", False, "4 is not below 2."),
        Example("more_boar(12, 12)", False, "Equal digits are not smaller."),
        Example("more_boar(7, 8)", False, "07 against 08: the leftmost digits are both 0."),
        Example("more_boar(32, 33)", False, "The leftmost digits are both 3."),
        Example("more_boar(6, 18)", True, "06 against 18: 0 < 1 and 6 < 8."),
        Example("more_boar(3, 92)", False, "03 against 92: 3 is not below 2."),
        Example("more_boar(64, 67)", False, "The leftmost digits are both 6."),
        Example("more_boar(209, 980)", True, "The two leftmost digits count: 2 < 9 and 0 < 8."),
    ),
    stories=(
        Story(
            title="More Boar gives Player 1 another turn",
            requires=frozenset({"sow_sad"}),
            next_player=1,
            turns=(
                StoryTurn(0, 6, (3, 3, 3, 3, 3, 3), (18, 0), "18 against 0: 1 is not below 0."),
                StoryTurn(1, 2, (3, 3), (18, 6), "06 against 18: 0 < 1 and 6 < 8, so Player 1 moves again."),
                StoryTurn(1, 2, (3, 3), (18, 12), "12 against 18: the leftmost digits are both 1."),
                StoryTurn(0, 6, (3, 3, 3, 3, 3, 3), (36, 12), "36 against 12: Player 1 moves next."),
            ),
        ),
    ),
    concepts=(
        Concept(
            prompt="After a turn the mover has 21 points and the opponent 43. Does the mover take another turn?",
            answer="Yes: 2 < 4 and 1 < 3",
            wrong=("No: the mover is behind by 22", "No: only the leftmost digits count",
                   "Yes: a player who is behind always moves again"),
        ),
        Concept(
            prompt="How does More Boar read a score of 7?",
            answer="As 07: a leftmost digit of 0, then 7",
            wrong=("As 70", "As 77", "It has no second digit, so More Boar never holds"),
        ),
    ),
)
