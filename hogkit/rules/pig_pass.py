"""Pig Pass (fa20): another turn for a player who ends their turn just behind."""

from hogkit.rules.base import Concept, Example, Rule, Story, StoryTurn


def pig_pass(player_score, opponent_score):
    """Return whether the player moves again because of Pig Pass: their score is below
    the opponent's by less than 3.

    player_score:   the mover's score, once the turn's points are added.
    opponent_score: the other player's score.
    """
    # BEGIN SOLUTION
    return player_score < opponent_score and opponent_score - player_score < 3
    # END SOLUTION


PIG_PASS = Rule(
    id="pig_pass",
    family="extra_turn",
    title="Pig Pass",
    summary=(
        "Once a turn's points are added, if the player who just moved is behind by less than 3 "
        "points, they take another turn. An extra turn is a turn like any other, so it can earn "
        "another."
    ),
    functions=(pig_pass,),
    hook=pig_pass,
    strategy="extra_turn_strategy",
    seed="",
    examples=(
        Example("pig_pass(9, 12)", False, "Behind by 3: not close enough."),
        Example("pig_pass(10, 12)", True, "Behind by 2."),
        Example("pig_pass(11, 12)", True, "Behind by 1."),
        Example("pig_pass(12, 12)", False, "A tie is not behind."),
        Example("pig_pass(13, 12)", False, "Ahead."),
        Example("pig_pass(11, 10)", False, "Ahead by 1."),
        Example("pig_pass(7, 10)", False, "Behind by 3."),
        Example("pig_pass(28, 30)", True, "Behind by 2."),
        Example("pig_pass(29, 30)", True, "Behind by 1."),
    ),
    stories=(
        Story(
            title="Pig Pass twice in a row",
            requires=frozenset({"pig_out", "swine_align"}),
            start=(24, 30),
            next_player=0,
            turns=(
                StoryTurn(0, 1, (4,), (28, 30), "28 against 30, behind by 2: Player 0 moves again."),
                StoryTurn(0, 1, (1,), (29, 30), "A 1 scores 1: 29 against 30, behind by 1, again."),
                StoryTurn(0, 1, (4,), (33, 30), "33 against 30: ahead, so Player 1 moves."),
                StoryTurn(1, 2, (3, 3), (33, 36), "36 against 33: ahead, and 36 and 33 share only 3."),
            ),
        ),
        Story(
            title="Swine Align, Pig Pass, then Swine Align again",
            requires=frozenset({"pig_out", "swine_align"}),
            start=(2, 20),
            next_player=1,
            turns=(
                StoryTurn(0, 2, (4, 4), (10, 20), "10 and 20 share 10: Swine Align."),
                StoryTurn(0, 2, (4, 4), (18, 20), "Behind by 2: Pig Pass."),
                StoryTurn(0, 3, (4, 4, 4), (30, 20), "30 and 20 share 10: Swine Align again."),
                StoryTurn(0, 2, (3, 3), (36, 20), "36 and 20 share only 4: Player 1 moves."),
            ),
        ),
    ),
    concepts=(
        Concept(
            prompt="After a turn the mover has 27 points and the opponent 30. Does Pig Pass give another turn?",
            answer="No: the mover must be behind by less than 3",
            wrong=("Yes: the mover is behind", "Yes: behind by 3 is close enough", "No: the mover must be ahead"),
        ),
        Concept(
            prompt="Can Pig Pass give the same player several extra turns in a row?",
            answer="Yes: every turn is checked again, extra turns included",
            wrong=("No: at most one extra turn a turn", "Only when Swine Align also holds",
                   "No: the other player always moves after an extra turn"),
        ),
    ),
)
