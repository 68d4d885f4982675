"""The solved tables' headers: every shipped table states its exploitability bounds, and a rerun
that keeps a table keeps the tighter of the bounds measured on it."""

from __future__ import annotations

import pytest

from hogkit.final import BOUNDS, exploitability_header, read_solved_file, tightest_bounds
from hogkit.variant import load_variant

SHIPPED = ("fa17", "fa19", "pig-tail", "sp18", "su18")


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
