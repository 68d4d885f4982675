"""Free Bacon as Summer 2019 taught it: fa19's rule (ten minus the smaller digit of the opponent's
score), with the cases of that course's own tests as its worked examples."""

from dataclasses import replace

from hogkit.rules.base import Example
from hogkit.rules.free_bacon_min import FREE_BACON_MIN

FREE_BACON_MIN_SU19 = replace(
    FREE_BACON_MIN,
    id="free_bacon_min_su19",
    seed="",
    examples=(
        Example("free_bacon(35)", 7, "The smaller of 3 and 5 is 3, so 10 - 3 = 7 points."),
        Example("free_bacon(71)", 9, "The smaller of 7 and 1 is 1: 9 points."),
        Example("free_bacon(9)", 10, "9 has digits 0 and 9; the smaller is 0: 10 points."),
        Example("free_bacon(0)", 10, "0 has two 0 digits: 10 points."),
        Example("free_bacon(75)", 5, "The smaller of 7 and 5 is 5: 5 points."),
        Example("free_bacon(99)", 1, "Both digits are 9: 10 - 9 = 1 point."),
        Example("free_bacon(87)", 3, "The smaller of 8 and 7 is 7: 3 points."),
    ),
)
