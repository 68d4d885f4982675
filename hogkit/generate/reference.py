"""The reference ``hog.py`` of a variant as a live module, built in memory from its source.

Question banks, fuzz oracles and solver baselines call the reference through this module, so
they run exactly the code that ships in ``solutions/``.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from functools import lru_cache

from hogkit.generate.solution import solution_hog_source
from hogkit.source_module import load_source_module
from hogkit.variant import Variant


@lru_cache(maxsize=32)
def _cached_module(name: str, source: str) -> types.ModuleType:
    return load_source_module(name, source)


def reference_hog(variant: Variant) -> types.ModuleType:
    """The variant's reference ``hog.py`` (the one written to ``solutions/``), as a module."""
    return _cached_module(f"hog_{variant.name}", solution_hog_source(variant))


def kit_strategies(variant: Variant) -> dict[str, Callable[..., int]]:
    """The reference strategies of Problems 10 and 11 (e.g. ``bacon_strategy``), by name.

    Each takes ``(score, opponent_score, option, num_rolls)``, where the option is a margin
    or a threshold of points (its name differs from rule to rule; pass it by position).
    """
    hog = reference_hog(variant)
    names = [problem.graded[0] for problem in variant.problems if problem.kind == "rule_strategy"]
    return {name: getattr(hog, name) for name in names}
