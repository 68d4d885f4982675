"""Rules that read what a turn has besides the scores, after its points (tests only): a bonus on the
turn's points and the mover, and an extra turn on the turn's points and the scores (late.toml)."""

from hogkit.rules import Example, Rule


def even_bonus(points, who):
    """1 extra point for a turn of an even number of points by the player who moved second."""
    # BEGIN SOLUTION
    return 1 if points % 2 == 0 and who == 1 else 0
    # END SOLUTION


def six_again(points, player_score, opponent_score):
    """A turn of exactly 6 points by a player still behind earns another turn."""
    # BEGIN SOLUTION
    return points == 6 and player_score < opponent_score
    # END SOLUTION


EVEN_BONUS = Rule(id="toy_even_bonus", family="bonus", title="Even Bonus",
                  summary="The second player gets 1 point more for a turn of even points.",
                  functions=(even_bonus,), hook=even_bonus, seed="", play_flag="with_even_bonus",
                  examples=(Example("even_bonus(4, 1)", 1, "even, second player"),
                            Example("even_bonus(4, 0)", 0, "the first player")))
SIX_AGAIN = Rule(id="toy_six_again", family="extra_turn", title="Six Again",
                 summary="A turn of exactly 6 points by a player still behind earns another turn.",
                 functions=(six_again,), hook=six_again, seed="", play_flag="with_six_again",
                 examples=(Example("six_again(6, 10, 20)", True, "6 points, behind"),
                           Example("six_again(6, 30, 20)", False, "ahead")))
