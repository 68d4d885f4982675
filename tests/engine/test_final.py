"""The solved tables' headers: every shipped table states its exploitability bounds, a rerun that
keeps a table keeps the tighter of the bounds measured on it, and the README's table of them
states what the shipped tables are."""

from __future__ import annotations

import re

import numpy as np
import pytest

from hogkit.errors import HogkitError
from hogkit.exact import always, contest_figure, figures_against
from hogkit.final import (
    BOUNDS,
    answers_bytes,
    exploitability_header,
    read_answers,
    read_solved_file,
    read_table_file,
    tightest_bounds,
)
from hogkit.strategy_table import decode_array
from hogkit.variant import load_variant
from tests.conftest import ROOT

SHIPPED = ("fa17", "fa19", "pig-tail", "sp18", "su18")
FLOORS = {"fa17": 0.92}  # the least a table must win against always_roll(4) (issue 19)
EARLIER = ROOT / "tests" / "data" / "earlier_tables"  # the tables shipped or found before, a folder a variant
README_ROW = re.compile(r"^\| (?P<name>[\w-]+) \| (?P<four>0\.\d{6}) \| (?P<bench>0\.\d{6}) [^|]*\| "
                        r"(?P<low>0\.\d{6}) \| (?P<high>0\.\d{6}) \|", re.M)


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_headers_state_both_bounds(name: str) -> None:
    found = read_solved_file(load_variant(name))
    assert found is not None, f"{name}'s table is missing or solved for other rules"
    bounds = BOUNDS.match(found[1]["exploitability"])
    assert bounds is not None
    assert 0.5 - 1e-9 <= float(bounds["low"]) <= float(bounds["high"]) <= 1.0


def test_a_kept_table_keeps_the_higher_lower_bound() -> None:
    header = {"exploitability": exploitability_header(0.554727, 0.813045)}
    assert tightest_bounds(header, 0.553442, 0.813045) == (0.554727, 0.813045)
    assert tightest_bounds(header, 0.561, 0.80) == (0.561, 0.80)


def test_a_header_without_bounds_gives_way_to_the_measure() -> None:
    assert tightest_bounds({}, 0.53, 0.6) == (0.53, 0.6)
    assert tightest_bounds({"exploitability": "unknown"}, 0.53, 0.6) == (0.53, 0.6)


def test_the_header_line_reads_back() -> None:
    bounds = BOUNDS.match(exploitability_header(0.5, 0.575663))
    assert bounds is not None and (float(bounds["low"]), float(bounds["high"])) == (0.5, 0.575663)


def _readme_rows() -> dict[str, re.Match]:
    return {m["name"]: m for m in README_ROW.finditer((ROOT / "README.md").read_text(encoding="utf-8"))}


@pytest.mark.parametrize("name", SHIPPED)
def test_the_readme_states_the_shipped_tables_figures(name: str) -> None:
    """The README's row of each table: its exact figure against always_roll(4), and the bounds
    its header keeps (the highest lower bound any search measured, the upper bound)."""
    variant = load_variant(name)
    found = read_solved_file(variant)
    assert found is not None
    row = _readme_rows()[name]
    table = decode_array(found[0])
    four = contest_figure(variant, table, always(4, variant.goal))
    assert row["four"] == f"{four:.6f}"
    assert four >= FLOORS.get(name, 0.5)
    bounds = BOUNDS.match(found[1]["exploitability"])
    assert bounds is not None and (row["low"], row["high"]) == (bounds["low"], bounds["high"])
    assert float(row["bench"]) <= float(row["low"])


@pytest.mark.parametrize("name", SHIPPED)
def test_the_shipped_table_is_even_against_every_earlier_one_and_as_strong_against_always_roll_4(name: str) -> None:
    """Each shipped table is at least even head to head against every table shipped or found
    before it for the same rules, and wins at least as much against always_roll(4) as the best of
    them (fa17: at least the issue's floor)."""
    variant = load_variant(name)
    found = read_solved_file(variant)
    assert found is not None
    table = decode_array(found[0])
    earlier = sorted((EARLIER / name).glob("*.txt"))
    assert earlier or name == "pig-tail"  # pig-tail's first table was the exact optimum
    if not earlier:
        return
    tables = np.stack([decode_array(read_table_file(path, variant)) for path in earlier])
    figures = figures_against(variant, table, tables)
    assert figures.min() >= 0.5, f"{earlier[int(figures.argmin())].name} wins {1 - figures.min():.6f}"
    four = always(4, variant.goal)
    best_known = 1 - figures_against(variant, four, tables).min()  # the earlier tables' best against it
    assert contest_figure(variant, table, four) >= FLOORS.get(name, best_known)


def test_an_answers_file_reads_back_and_refuses_other_rules(tmp_path) -> None:
    fa17, fa19 = load_variant("fa17"), load_variant("fa19")
    tables = [always(4, 100), np.where(np.eye(100, dtype=bool), -1, 6)]  # -1: Pork Chop, fa17's only
    path = tmp_path / "fa17.npz"
    path.write_bytes(answers_bytes(fa17, tables))
    assert all(np.array_equal(a, b) for a, b in zip(read_answers(path, fa17), tables, strict=True))
    assert read_answers(tmp_path / "none.npz", fa17) == []
    with pytest.raises(HogkitError, match="other rules"):
        read_answers(path, fa19)
    path.write_bytes(answers_bytes(fa19, tables))  # fa19's fingerprint, a choice fa19 does not have
    with pytest.raises(HogkitError, match="not fa19's strategies"):
        read_answers(path, fa19)
