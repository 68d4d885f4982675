"""The rules of a variant's contest: what an entry must satisfy, read by the kit's contest check
(``contest_check.py``, filled in when a kit is built) and by the grader's own checks alike."""

from __future__ import annotations

from hogkit.variant import Variant

TIME_BUDGET = 10.0  # seconds for all pairs (the seeds: "less than 10 seconds")
NAME_LIMIT = 100  # characters in a name, as CS 61A's contest tool (bacon's hogconv.py) allows


def contest_settings(variant: Variant) -> dict:
    """What the contest check must know: goal, legal choices, the name field, the longest name
    and the time budget."""
    return {"goal": variant.goal, "legal": list(variant.legal_rolls), "field": variant.contest_name_field,
            "name_limit": NAME_LIMIT, "budget": TIME_BUDGET}
