"""Rules of the shapes the later semesters taught, kept beside a spec (tests only): a zero-dice rule
on both scores, a bonus on the previous turn's points, a post-turn rule on both scores and an extra
turn that depends on the scores and chains; and a bonus of three sizes on the previous turn's
points (steps.toml)."""

from hogkit.rules import Example, Memory, Rule


def brawl(player_score, opponent_score):
    """Three times the gap between the opponent's tens digit and the player's ones digit, at least 1."""
    # BEGIN SOLUTION
    return max(1, 3 * abs(opponent_score // 10 % 10 - player_score % 10))
    # END SOLUTION


def points_bonus(num_rolls, previous_points):
    """3 extra points when NUM_ROLLS is exactly 2 away from the points of the player's previous turn."""
    # BEGIN SOLUTION
    return 3 if abs(num_rolls - previous_points) == 2 else 0
    # END SOLUTION


def points_steps(num_rolls, previous_points):
    """3 extra points when NUM_ROLLS is 2 away from the points of the player's previous turn, 1 when it equals them."""
    # BEGIN SOLUTION
    if abs(num_rolls - previous_points) == 2:
        return 3
    return 1 if num_rolls == previous_points else 0
    # END SOLUTION


def level_up(player_score, opponent_score):
    """A player who draws level with the opponent doubles their score."""
    # BEGIN SOLUTION
    return 2 * player_score if player_score == opponent_score else player_score
    # END SOLUTION


def close_behind(player_score, opponent_score):
    """A player just behind (by 1 or 2) moves again."""
    # BEGIN SOLUTION
    return 0 < opponent_score - player_score < 3
    # END SOLUTION


BRAWL = Rule(id="toy_brawl", family="zero_dice", title="Brawl", summary="Zero dice on both scores.",
             functions=(brawl,), hook=brawl, seed="", strategy="brawl_strategy",
             examples=(Example("brawl(21, 46)", 9, "3 * |4 - 1| = 9"), Example("brawl(23, 30)", 1, "3 * |3 - 3| = 0: at least 1")))
LAST_POINTS = Memory("last_points", "previous_points", each=True, start=0, size=14, update="points",
                     fields=("own_points", "opp_points"), note="each player's points last turn",
                     about="each player's previous turn's points (0-12, and more)", fold="cap")
POINTS_BONUS = Rule(id="toy_points_bonus", family="bonus", title="Points Bonus",
                    summary="3 points when the dice are 2 away from the previous turn's points.",
                    functions=(points_bonus,), hook=points_bonus, seed="", play_flag="with_bonus",
                    domains=(("previous_points", "points"),), memory=(LAST_POINTS,))
POINTS_STEPS = Rule(id="toy_points_steps", family="bonus", title="Points Steps",
                    summary="3 points when the dice are 2 away from the previous turn's points, 1 when equal.",
                    functions=(points_steps,), hook=points_steps, seed="", play_flag="with_steps",
                    domains=(("previous_points", "points"),), memory=(LAST_POINTS,))
LEVEL_UP = Rule(id="toy_level_up", family="post_turn", kind="update", title="Level Up",
                summary="Drawing level doubles the score.", functions=(level_up,), hook=level_up, seed="",
                strategy="level_strategy")
CLOSE_BEHIND = Rule(id="toy_close_behind", family="extra_turn", title="Close Behind",
                    summary="A player just behind moves again.", functions=(close_behind,), hook=close_behind,
                    seed="", play_flag="with_close_behind")
