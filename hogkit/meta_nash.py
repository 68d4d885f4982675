"""The meta-Nash search for a table of the two scores (a double oracle over populations).

It keeps two populations: tables of its own, and answers to them (every table that improvement
passes reach from several starts against each of its tables). The contest figures of each own
table against each answer form a zero-sum game; fictitious play on that matrix gives the mixture
of answers hardest to beat (:func:`meta_nash`). Each round improves the least exploitable
acceptable table against that mixture (each answer's pairs scaled by its weight) and itself, then
adds the answers to the new table; with ``purify``, each round also adds the table that plays in
each cell the choice the rows' mixture weights most (:func:`consensus`), a pure table near the
mixture of own tables that fictitious play finds hardest to answer.

The start table, ``always_roll(4)`` with a FLOOR, and any RIVALS given stand on the answers' side
too, so a table that loses to the start or a rival, or falls below the floor, counts as beaten
there: only a table at least even against the start and the rivals and at least FLOOR against
``always_roll(4)`` is acceptable. A round steps from the acceptable table the quick measure ranks
best, unless its step gave a table already kept (the mixture has not changed since), then from the
next. Answers an earlier search kept can join from the start. The tables that measure best are
measured by the full :func:`hogkit.solver.best_response`, with every answer found as a start;
with MEND, the tables that measure best are candidates whether acceptable or not, and one that
is not is first mended to be (:mod:`hogkit.mend`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import numpy as np

from hogkit.exact import Model, always, contest_figure, figures_against, model_for, win_rate
from hogkit.improve import improve
from hogkit.mend import mended_table
from hogkit.solver import Say, ScoreOnly, best_response, climb, full_information_answer, seatings
from hogkit.variant import Variant

QUICK = (10, 9, 5)  # the always_roll(k) starts of the quick measures
PLAYS = 20000  # fictitious-play steps on the matrix
PICKS = 6  # a quick measure also climbs from this many answers weighted most, and as many doing best


def meta_nash(payoff: np.ndarray, *, plays: int = PLAYS) -> tuple[np.ndarray, np.ndarray, float]:
    """Fictitious play on PAYOFF (``[rows, cols]``, the row player's figure; rows maximize,
    columns minimize): the columns' mixture, the rows' mixture, and the best row's figure
    against the columns' mixture (an upper estimate of the game's value)."""
    rows, cols = np.zeros(len(payoff)), np.zeros(payoff.shape[1])
    rows[0] = cols[0] = 1.0
    row_gain, col_loss = payoff[:, 0].copy(), payoff[0].copy()
    for _ in range(plays):
        i, j = int(np.argmax(row_gain)), int(np.argmin(col_loss))
        rows[i] += 1.0
        cols[j] += 1.0
        row_gain += payoff[:, j]
        col_loss += payoff[i]
    y, x = cols / cols.sum(), rows / rows.sum()
    return y, x, float((payoff @ y).max())


def consensus(tables: list[np.ndarray], weights: np.ndarray) -> np.ndarray:
    """Each cell's column (entry of TABLES, columns of one shape) that WEIGHTS (a mixture over
    TABLES) plays most; a tie goes to the column of the table weighted most."""
    stacked = np.stack(tables).reshape(len(tables), -1)
    votes = np.zeros((int(stacked.max()) + 1, stacked.shape[1]))
    order = np.argsort(-weights, kind="stable")
    cells = np.arange(stacked.shape[1])
    for rank, i in enumerate(order):  # a hair less for each later table breaks ties toward the heavier
        np.add.at(votes, (stacked[i], cells), weights[i] * (1.0 - 1e-9 * rank))
    return votes.argmax(axis=0).reshape(tables[0].shape)


def _answers(model: Model, table: np.ndarray, starts: list[np.ndarray]) -> list[tuple[float, np.ndarray]]:
    """Every answer (figure, columns) that passes against TABLE (columns) reach from STARTS."""
    seen: set[bytes] = set()
    found = [climb(model, table, cols, seen) for cols in starts]
    return [(figure, cols) for figure, cols, _ in found if cols is not None]


def solve_meta_nash(variant: Variant, *, start: np.ndarray, rounds: int = 30, flatten: float = 0.6,
                    margin: float = 0.002, floor: float = 0.0, candidates: int = 1, purify: bool = False,
                    budget: float | None = None, goal: int | None = None, known: Sequence[np.ndarray] = (),
                    rivals: Sequence[np.ndarray] = (), mend: bool = False,
                    say: Say | None = None) -> ScoreOnly:
    """Up to ROUNDS rounds of the meta-Nash search from START (see the module); BUDGET (seconds)
    bounds the rounds; GOAL, if given, replaces the variant's. Passes weight cells robustly
    (FLATTEN) and change an entry only for a gain above MARGIN. The CANDIDATES acceptable tables
    that measure best, and START, are measured by the full best response; START is kept unless
    an acceptable table is strictly less exploitable. PURIFY adds each round's :func:`consensus`
    of the own tables too. KNOWN answers (score tables, e.g. an earlier search's) join the answers
    from the start; the result's ``answers`` are all the answers, KNOWN ones first. A table is
    acceptable only if it is at least even against each of RIVALS too (e.g. tables kept before).
    With MEND, the candidates are the tables the quick measure ranks best, acceptable or not, and
    each that is not is first mended to be (:func:`hogkit.mend.mended_table`)."""
    began = time.perf_counter()
    model = model_for(variant, goal)
    off = model.offset
    four = always(4, model.goal)
    # the anchors (the start, always_roll(4), the rivals), then the answers known and found
    answers = [model.columns(start), model.columns(four), *(model.columns(r) for r in rivals)]
    anchors = len(answers)
    held_bytes = {a.tobytes() for a in answers}

    def keep(columns: np.ndarray) -> None:
        if columns.tobytes() not in held_bytes:
            held_bytes.add(columns.tobytes())
            answers.append(columns)

    for table in known:
        keep(model.columns(table))
    known_count = len(answers) - anchors
    shift = np.zeros(anchors)
    shift[1] = 0.5 - floor  # a table below the floor counts as beaten by always_roll(4)
    quick: list[float] = []

    def acceptable() -> np.ndarray:
        """Which tables are at least even against every anchor (the floor counted in)."""
        return (payoff[:, :anchors] >= 0.5 - 1e-12).all(axis=1)

    def against(table: np.ndarray, others: list[np.ndarray]) -> np.ndarray:
        """TABLE's figures (columns, like OTHERS) against each of OTHERS."""
        if not others:
            return np.zeros(0)
        return figures_against(variant, table - off, np.stack(others) - off, goal=goal)

    def measure(cols: np.ndarray, weights: np.ndarray, row: np.ndarray) -> float:
        """A quick best response to COLS: climbs from the fixed starts, the answers WEIGHTS weights
        most, and those that do best against COLS by its ROW; what they reach joins the answers."""
        heavy = [int(j) for j in np.argsort(-weights)[:PICKS] if j >= anchors and weights[j] > 0]
        strong = [int(j) + anchors for j in np.argsort(row[anchors:], kind="stable")[:PICKS]]
        picks = [answers[j] for j in dict.fromkeys([*heavy, *strong])]
        fixed_starts = [np.full_like(cols, k + off) for k in QUICK if k in model.choices]
        seen_by = full_information_answer(model, cols).table
        found = _answers(model, cols, [cols, seen_by, *fixed_starts, *picks])
        for _, columns in found:
            keep(columns)
        return max(f for f, _ in found)

    def add(table: np.ndarray, weights: np.ndarray) -> np.ndarray:
        """Measure TABLE (columns), add its answers, and grow the payoff by its row and their
        columns; its figures against the anchors and answers."""
        nonlocal payoff
        row = against(table, answers)
        before = len(answers)
        quick.append(measure(table, np.r_[weights, np.zeros(len(answers) - len(weights))], row))
        tables.append(table)
        grown = np.array([against(t, answers[before:]) for t in tables])
        row = np.r_[row, grown[-1]]
        payoff = np.r_[np.c_[payoff, grown[:-1]], (row + np.r_[shift, np.zeros(len(row) - anchors)])[None]]
        return row

    tables: list[np.ndarray] = []
    payoff = np.zeros((0, len(answers)))
    add(model.columns(start), np.zeros(2))
    if say:
        say(f"  start: a quick best response reaches {quick[0]:.4f} ({len(answers) - anchors} answers, "
            f"{known_count} of them known before)")

    stale: set[int] = set()  # tables whose step against the current mixture gave a table already kept
    for round_no in range(1, rounds + 1):
        if budget is not None and time.perf_counter() - began > budget:
            break
        y, x, value = meta_nash(payoff)
        fine = acceptable()
        if not fine.any():  # the start itself loses to a rival: step from any table
            fine[:] = True
        bases = [int(i) for i in np.argsort(quick, kind="stable") if fine[i] and int(i) not in stale]
        if not bases:
            if say:
                say(f"  round {round_no}: every table's step gives a table already measured; stopping")
            break
        held = np.nonzero(y > 0)[0]
        both, mine = seatings(tables[bases[0]], [answers[j] for j in held], itself=True)
        step = improve(model, both, mine, scale=np.r_[np.repeat(y[held], 2), 1.0], flatten=flatten, margin=margin)
        if any(np.array_equal(step.table, t) for t in tables):  # the same mixture would give it again
            stale.add(bases[0])
            if say:
                say(f"  round {round_no}: the step from table {bases[0]} gives a table already measured; "
                    "the next round steps from the next best")
            continue
        stale.clear()
        row = add(step.table, y)
        if say:
            say(f"  round {round_no}: {step.changed} changed, a quick best response reaches {quick[-1]:.4f}, "
                f"head to head {payoff[-1, 0]:.4f}, vs always_roll(4) {row[1]:.4f} "
                f"(meta value {value:.4f}, {len(held)} answers weighted, {len(answers) - anchors} in all)")
        pure = consensus(tables[:-1], x) if purify else None
        if pure is not None and not any(np.array_equal(pure, t) for t in tables):
            row = add(pure, y)
            if say:
                say(f"  round {round_no} consensus of {int((x > 0).sum())} tables: a quick best response reaches "
                    f"{quick[-1]:.4f}, head to head {payoff[-1, 0]:.4f}, vs always_roll(4) {row[1]:.4f}")
    fine = acceptable()
    ranked = [int(i) for i in np.argsort(quick, kind="stable") if (fine[i] or mend) and i != 0][:candidates]
    population = [a - off for a in answers[anchors:]]
    measured: dict[int, float] = {}
    best = None
    for i in [0, *ranked]:
        table = tables[i] - off
        mended = bool(i) and not fine[i]  # the start is measured as it is
        if mended:
            table = mended_table(variant, table=table, rivals=[start, *rivals], floor=floor, goal=goal, say=say)
            if table is None:
                if say:
                    say(f"  table {i}: no single pass mends it; not measured")
                continue
        found = best_response(variant, table, goal=goal, population=population)
        measured[i] = found.figure
        if say:
            say(f"  table {i}{' mended' if mended else ''}: the full best response reaches {found.figure:.6f} "
                f"(from {found.start})")
        if best is None or found.figure < best[0]:
            best = (found.figure, i, found, table)
    _, kept, response, result = best
    if say and kept:
        even = contest_figure(variant, result, start, goal=goal)
        say(f"  kept table {kept}: {even:.4f} head to head against the start")
    return ScoreOnly(result, 0, win_rate(variant, result, result, goal=goal), response, measured, population)

