"""Exact win rates of table strategies under any variant, by NumPy backward induction.

A strategy is a table ``t[score][opponent_score]`` of choices. The game state also carries the
hidden state the rules remember (:mod:`hogkit.turn`). Every turn adds at least one point, except
a special move, which uses up a one-time move, so the states form a DAG. They are evaluated one
diagonal of the score sum at a time, from the highest sum down, with every hidden state and both
movers in one set of array operations. Each module has one job:

* :mod:`~hogkit.exact.model`: the turn statement as arrays, laid out by parts, blocks and diagonals;
* :mod:`~hogkit.exact.reads`: the reads planned once per model for every choice of every cell;
* :mod:`~hogkit.exact.pair`: one pair of tables;
* :mod:`~hogkit.exact.row`: one table against several (a tournament's row) in one pass, full layout;
* :mod:`~hogkit.exact.batch`: :func:`backward`, for the solver, which picks choices as it goes;
* :mod:`~hogkit.exact.general`: the general layout, for any turn the statement allows;
* :mod:`~hogkit.exact.split`: the general layout split in halves, where each player remembers
  their own last turn (Feral Hogs): pairs, and the solver's passes of the general layout;
* :mod:`~hogkit.exact.figures`: win rates and contest figures, the way in for everyone else.

The slow reference they are all checked against is :mod:`hogkit.exact_reference`.
"""

from hogkit.exact.batch import backward
from hogkit.exact.figures import (
    always,
    contest_figure,
    contest_figures,
    figures_against,
    table_array,
    win_rate,
    win_rates,
)
from hogkit.exact.model import CHUNK, Model, fits_fast_layout, model_for, start_values, value_table
from hogkit.exact.pair import pair_backward
from hogkit.exact.reads import CellReads, PairReads, cell_reads, gather_reads, pair_reads, picked_reads

__all__ = [
    "CHUNK",
    "CellReads",
    "Model",
    "PairReads",
    "always",
    "backward",
    "cell_reads",
    "fits_fast_layout",
    "contest_figure",
    "contest_figures",
    "figures_against",
    "gather_reads",
    "model_for",
    "pair_backward",
    "pair_reads",
    "picked_reads",
    "start_values",
    "table_array",
    "value_table",
    "win_rate",
    "win_rates",
]
