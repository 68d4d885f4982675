"""Spring 2027's own rules, kept beside spring27.toml: Lucky Sevens after a turn, and Second Wind,
a bonus that remembers each player's previous number of dice (docs/instructors.md walks through it)."""

from hogkit.rules import Concept, Example, Memory, Rule


def lucky_sevens(num_rolls, player_score, opponent_score):
    """Return the mover's score after Lucky Sevens. PLAYER_SCORE is the mover's score
    once the turn's points are in: when it is a multiple of 7 and not above
    OPPONENT_SCORE, the mover gains one point for each of the NUM_ROLLS dice they
    rolled this turn.
    """
    # BEGIN SOLUTION
    if player_score % 7 == 0 and player_score <= opponent_score:
        return player_score + num_rolls
    return player_score
    # END SOLUTION


def second_wind_bonus(num_rolls, player_score, opponent_score, previous_rolls):
    """Return the extra points of Second Wind: 3 when the mover rolled at least one
    die, as many as on their own previous turn (PREVIOUS_ROLLS), and is still behind
    the opponent once this turn's points are in (PLAYER_SCORE against
    OPPONENT_SCORE); otherwise 0.
    """
    # BEGIN SOLUTION
    if num_rolls > 0 and num_rolls == previous_rolls and player_score < opponent_score:
        return 3
    return 0
    # END SOLUTION


LUCKY_SEVENS = Rule(
    id="lucky_sevens",
    family="post_turn",  # acts after the turn's points (Problem 4 of the fa19 interface)
    kind="update",  # its hook returns the mover's new score
    title="Lucky Sevens",
    summary=("After a turn, a player whose score is a multiple of 7 and not above the opponent's gains one "
             "point for every die they rolled that turn."),
    functions=(lucky_sevens,),
    hook=lucky_sevens,  # reads the dice count and both scores, by its parameters' names
    strategy="sevens_strategy",  # Problem 11's strategy
    seed="",
    examples=(
        Example("lucky_sevens(3, 14, 20)", 17, "14 is a multiple of 7 and behind 20: 3 more points."),
        Example("lucky_sevens(3, 14, 10)", 14, "14 is ahead of 10: nothing."),
        Example("lucky_sevens(5, 21, 21)", 26, "Level with the opponent counts as not above: 5 more."),
        Example("lucky_sevens(0, 28, 40)", 28, "Zero dice add nothing."),
        Example("lucky_sevens(4, 15, 60)", 15, "15 is not a multiple of 7."),
    ),
    concepts=(
        Concept(prompt=("A player at 27 points rolls 3 dice and scores 8; the opponent has 40. What is their "
                        "score after Lucky Sevens?"),
                answer="38", wrong=("35", "43", "40")),
    ),
)

SECOND_WIND = Rule(
    id="second_wind",
    family="bonus",  # extra points for a turn that rolls (Problem 5b of the fa19 interface)
    title="Second Wind",
    summary=("A player who rolls at least one die, as many as on their own previous turn, and is still behind "
             "the opponent once the turn's points are in gets 3 extra points."),
    functions=(second_wind_bonus,),
    hook=second_wind_bonus,
    play_flag="second_wind",  # play(..., second_wind=False) plays without it
    memory=(Memory("previous_rolls", "previous_rolls", each=True, start=0, size=11, update="dice",
                   fields=("own_rolls", "opp_rolls"), note="Each player's number of dice on their previous turn",
                   about="each player's previous number of dice"),),
    seed="",
    examples=(
        Example("second_wind_bonus(3, 20, 30, 3)", 3, "3 dice again, and 20 is behind 30."),
        Example("second_wind_bonus(3, 40, 30, 3)", 0, "Ahead: no bonus."),
        Example("second_wind_bonus(4, 20, 30, 3)", 0, "Another number of dice than last time."),
        Example("second_wind_bonus(0, 20, 30, 0)", 0, "Zero dice roll none."),
    ),
    concepts=(
        Concept(prompt="Which turn can earn Second Wind?",
                answer="A turn of as many dice as the player's previous one, still behind after it",
                wrong=("Any turn of zero dice", "A turn that takes the lead", "A player's first turn")),
    ),
)
