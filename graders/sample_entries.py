"""A folder of sample contest entries for a variant: fixed rolls, the kit's strategies with
several margins, simple threshold players, and the reference final strategy.

Staff use it to try a tournament before the real entries arrive; the tournament benchmark uses
it too. Each entry is a self-contained file holding its table, as a student's entry would.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

from graders.files import write_atomic
from hogkit.errors import HogkitError
from hogkit.generate.reference import kit_strategies
from hogkit.generate.solution import final_table
from hogkit.strategy_table import encode_table, table_of
from hogkit.variant import Variant

ENTRY = '''"""Sample contest entry: {about}"""

{field} = {name!r}

TABLE = (
{rows}
)


def final_strategy(score, opponent_score):
    """The number of dice this entry rolls at SCORE against OPPONENT_SCORE."""
    return '0123456789A'.find(TABLE[score][opponent_score])
'''


def sample_tables(variant: Variant) -> Iterator[tuple[str, str, list[str]]]:
    """(name, description, encoded rows) of every sample entry, the solved one first."""
    goal = variant.goal
    rows, _ = final_table(variant)
    yield "solved", "the reference final strategy of the kit", list(rows)
    for k in (k for k in variant.legal_rolls if k >= 0):
        yield f"always_roll_{k}", f"always roll {k} dice", encode_table([[k] * goal] * goal)
    for fname, func in kit_strategies(variant).items():
        for margin, rolls in itertools.product((2, 4, 6, 8, 10, 12), (3, 4, 5, 6)):
            # positional: Problem 11's strategy may name its first option threshold, not margin
            table = table_of(lambda s, o, f=func, m=margin, r=rolls: f(s, o, m, r), goal)
            yield (f"{fname.removesuffix('_strategy')}_m{margin}_r{rolls}",
                   f"{fname}(score, opponent_score, {margin}, {rolls})", encode_table(table))
    for lead, far, near in itertools.product((0, 10, 20, 30), (3, 4, 5, 6, 7), (2, 3, 4)):
        def threshold(s: int, o: int, lead=lead, far=far, near=near) -> int:
            return near if s - o >= lead else far
        yield (f"lead{lead}_far{far}_near{near}",
               f"roll {far} dice, or {near} when at least {lead} points ahead", encode_table(table_of(threshold, goal)))


def write_sample_entries(variant: Variant, *, out: Path, count: int) -> list[Path]:
    """Write the first COUNT sample entries into OUT (created); return their paths."""
    if count < 2:
        raise HogkitError(f"--count {count} is too small", "a tournament needs at least 2 entries")
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise HogkitError(f"{out} is a file", "give a folder for the entries")
    samples = list(itertools.islice(sample_tables(variant), count))
    if len(samples) < count:
        raise HogkitError(f"only {len(samples)} sample entries exist for {variant.name}",
                          f"use --count {len(samples)} or less")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, about, rows in samples:
        path = out / f"{name}.py"
        body = "\n".join(f"    {row!r}," for row in rows)
        write_atomic(path, ENTRY.format(about=about, field=variant.contest_name_field, name=name, rows=body))
        written.append(path)
    return written
