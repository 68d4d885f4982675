"""What ``hogkit new-variant NAME --rule-module`` writes beside the new spec: a rule module with one
rule of its own, complete (words, examples, a question), that builds as it is. Its rule scores a turn
of zero dice, which every interface asks for in a problem of its own and gives the opponent's score.
docs/instructors.md walks through a larger module."""

from __future__ import annotations

RULE_MODULE = '''"""{title}'s own rules, kept beside {spec} (docs/instructors.md, "Rules of your own").

Each Rule below is registered when the spec names this file in rule_modules; the spec's rules
list names it by id. Change the function and its words, then run
`hogkit check-variant {spec}`.
"""

from hogkit.rules import Concept, Example, Rule


def {function}(opponent_score):
    """Return the points for rolling zero dice against an opponent with OPPONENT_SCORE
    points: 2 more than the ones digit of OPPONENT_SCORE.

    >>> {function}(35)
    7
    """
    # BEGIN SOLUTION
    return 2 + opponent_score % 10
    # END SOLUTION


{constant} = Rule(
    id="{rule_id}",
    family="zero_dice",  # the step it acts at: what a turn of zero dice scores (Problem 2)
    title="Lucky Bacon",
    summary="A player who rolls zero dice scores 2 more than the ones digit of the opponent's score.",
    functions=({function},),  # what students write, in the order hog.py lists them
    hook={function},  # what the game calls; its parameters say what it reads
    strategy="lucky_strategy",  # the name of Problem 10's strategy for this rule
    seed="",
    examples=(  # visible tests, doctests and questions to unlock: each must hold
        Example("{function}(35)", 7, "The ones digit of 35 is 5: 2 + 5 = 7."),
        Example("{function}(0)", 2, "The ones digit of 0 is 0: 2 points."),
        Example("{function}(99)", 11, "2 + 9 = 11."),
        Example("{function}(40)", 2, "40 ends in 0: 2 points."),
    ),
    concepts=(
        Concept(prompt="Your opponent has 58 points. How many points does rolling zero dice score?",
                answer="10", wrong=("7", "13", "2")),
    ),
)
'''
