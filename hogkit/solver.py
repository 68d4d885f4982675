"""Optimal strategies: with the whole state visible, and with only the two scores visible.

* :func:`solve_full_information` picks, in every full state (scores and hidden rule memory), the
  choice that maximizes the mover's chance to win: plain backward induction.
* :func:`best_response` looks for the strongest table of the two scores alone against a fixed
  table, from many starts, each improved pass after pass until a pass gains nothing; its contest
  figure is a lower bound on the table's exploitability (a player who also sees the hidden state,
  whose figure it reports too, gives an upper bound).
* :func:`solve_score_only` looks for the best table of the two scores alone. A table entry is
  shared by every hidden state with those scores, so each entry is chosen to maximize the mover's
  chance to win averaged over how often each hidden state occurs (see :mod:`hogkit.improve`).
  Self-play passes first value what follows as full-information play, then as the table's own
  play (robustly: the weights lean toward an even spread over the hidden states of each cell,
  which an opponent can shift); then each step answers the best responses found to the least
  exploitable table so far (a double-oracle walk). The few tables that measure best are measured
  again by the full :func:`best_response`, which decides the one kept. Where the state is only
  the two scores, one pass is exact backward induction.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import numpy as np

from hogkit.exact import Model, backward, figures_against, model_for, start_values, value_table, win_rate
from hogkit.exact.general import general_model, score_table
from hogkit.exact.split import best_play, pair_start
from hogkit.improve import Pass, improve, start_place
from hogkit.variant import Variant

TOLERANCE = 1e-6  # a pass that gains less than this (a chance to win) gains nothing
MAX_PASSES = 60  # a bound on the passes from one start, never reached in practice
OWN, FULL = "own table", "full information"
Say = Callable[[str], None]


@dataclass(frozen=True)
class Response:
    """The strongest score-only answer :func:`best_response` found: the table, its contest figure
    against the table answered (a lower bound on that table's exploitability), the start it grew
    from, the figure of a player who sees the hidden state and plays best (an upper bound), and how
    many starts and passes it took."""

    table: np.ndarray
    figure: float
    start: str
    bound: float
    starts: int
    passes: int


@dataclass
class ScoreOnly:
    """A solved score-only table and how it got there."""

    table: np.ndarray
    iterations: int
    self_play: float  # P(player 0 wins) when both seats play the table
    response: Response | None = None  # the full best response to the table, when the search measured it
    measured: dict[int, float] = field(default_factory=dict)  # each candidate's full measure (0: the start)
    answers: list[np.ndarray] = field(default_factory=list)  # the answers a meta-Nash search kept (tables)

    @property
    def exploitability(self) -> float | None:
        """The best response's figure (a lower bound on the exploitability), if measured."""
        return None if self.response is None else self.response.figure


def solve_full_information(variant: Variant, *, goal: int | None = None) -> tuple[float, np.ndarray]:
    """Optimal play when the hidden state is visible: P(first player wins) and W.

    The second result is ``W[context, s0 * goal + s1]`` = P(player 0 wins) with both playing
    optimally.
    """
    model = model_for(variant, goal)

    def choose(total, layer, who, mover, opp, value_of):
        values = np.array([value_of(np.full((1, len(who)), c)) for c in range(model.nchoice)])
        mine = np.where(who[None, None, :, None] == 0, values, 1 - values).max(axis=0)
        return np.where(who[None, :, None] == 0, mine, 1 - mine)

    W = backward(model, 1, choose)
    return float(start_values(model, W)[0]), value_table(model, W)


def seatings(mine: np.ndarray, opponents: list[np.ndarray], *, itself: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The pairs MINE (columns) plays against each of OPPONENTS, in both seats, and which seats
    are MINE's; with ITSELF, one more pair of MINE against itself (both seats MINE's)."""
    pairs, seats = [], []
    for other in opponents:
        pairs += [np.stack([mine, other]), np.stack([other, mine])]
        seats += [[True, False], [False, True]]
    if itself:
        pairs.append(np.stack([mine, mine]))
        seats.append([True, True])
    return np.stack(pairs), np.array(seats)


def _figure(model: Model, values: list[np.ndarray]) -> float:
    """The contest figure of the table in seat 0 of the first pair and seat 1 of the second,
    from their values (see :func:`seatings`)."""
    return (values[0][start_place(model)] + 1 - values[1][start_place(model)]) / 2


def response_starts(model: Model, population: Iterable[np.ndarray] = ()) -> list[str]:
    """The names of :func:`best_response`'s starts, in the order it tries them."""
    return [OWN, FULL, *(f"always_roll({k})" for k in model.choices),
            *(f"population {i + 1}" for i, _ in enumerate(population))]


def best_response(variant: Variant, table: np.ndarray, *, goal: int | None = None,
                  population: Iterable[np.ndarray] = (), starts: Iterable[str] | None = None,
                  say: Say | None = None) -> Response:
    """The strongest score-only answer to TABLE found, and its contest figure against TABLE.

    It starts from the table itself, from the projection onto the two scores of a player who sees
    the hidden state and answers best, from each ``always_roll(k)``, and from each table of
    POPULATION (STARTS, if given, keeps only the starts of those names; see
    :func:`response_starts`). From each start, improvement passes against TABLE (both seats, each
    entry weighted by how often it is reached) go on until one gains less than TOLERANCE; the best
    table of all is kept. A start that reaches a table another start reached stops there, as it
    would go on the same way. The figure is a lower bound on TABLE's exploitability (0.5: no
    answer found beats it); ``bound``, the figure of the player who sees the hidden state, is an
    upper bound.
    """
    model = model_for(variant, goal)
    fixed = model.columns(table)
    population = [model.columns(t) for t in population]
    named = dict(zip(response_starts(model, population),
                     [fixed, fixed, *(np.full_like(fixed, k + model.offset) for k in model.choices), *population],
                     strict=True))
    wanted = list(named) if starts is None else [name for name in named if name in set(starts)]
    seen: set[bytes] = set()
    best: tuple[float, np.ndarray, str] | None = None
    bound, passes = None, 0
    for name in wanted:
        clock = time.perf_counter()
        cols = named[name]
        if name == FULL:  # one pass valued as full-information play, projected onto the scores
            seen_by = full_information_answer(model, fixed)
            bound, cols = _figure(model, seen_by.values), seen_by.table
        figure, found, count = climb(model, fixed, cols, seen)
        passes += count
        if say:
            say(f"    from {name}: {figure:.6f} after {count} passes ({time.perf_counter() - clock:.1f} s)")
        if best is None or figure > best[0]:
            best = (figure, found, name)
    if bound is None:
        bound = _figure(model, full_information_answer(model, fixed).values)
    if best is None:
        raise ValueError("no start to answer from")
    return Response(best[1] - model.offset, best[0], best[2], bound, len(wanted), passes)


def full_information_answer(model: Model, fixed: np.ndarray) -> Pass:
    """One pass answering FIXED (columns) valued as play that sees the hidden state: its values
    give the upper bound, its table (the projection onto the two scores) a start."""
    return improve(model, *seatings(fixed, [fixed]), full=True)


def climb(model: Model, fixed: np.ndarray, cols: np.ndarray, seen: set[bytes]) -> tuple[float, np.ndarray | None, int]:
    """Improvement passes of an answer to FIXED (columns) from COLS until one gains less than
    TOLERANCE or reaches a table in SEEN (which it extends): the best figure, its table (None
    if the first pass gained nothing) and the passes made."""
    found, figure, count, keep = None, -1.0, 0, None
    while count < MAX_PASSES:
        step = improve(model, *seatings(cols, [fixed]), keep=keep)
        count += 1
        gained = _figure(model, step.values)
        if gained < figure + TOLERANCE:
            break
        found, figure = step.table, gained
        key = step.table.tobytes()
        if key in seen:
            break
        seen.add(key)
        cols, keep = step.table, step.values
    return figure, found, count


def quick_starts(model: Model, responses: list[np.ndarray]) -> list[str]:
    """The starts of the search's own measurements: the table itself, full information, and the
    best responses found so far (given as the population)."""
    return [OWN, FULL, *(f"population {i + 1}" for i in range(len(responses)))]


def solve_score_only(variant: Variant, *, goal: int | None = None, start: np.ndarray | None = None,
                     iterations: int = 8, rounds: int = 30, budget: float | None = None, memory: int = 4,
                     flatten: float = 0.0, margin: float = 0.0, candidates: int = 2,
                     say: Say | None = None) -> ScoreOnly:
    """The best table of the two scores alone that the search finds.

    1. Up to ITERATIONS passes of self-play improvement, valuing what follows as full-information
       play; where the state is only the two scores, this is exact backward induction and the
       search ends here. A START table with hidden state (a warm start, e.g. the table solved
       before) skips this stage.
    2. Up to ITERATIONS passes of self-play improvement valuing what follows as the table's own
       play, each entry weighted robustly (FLATTEN) and changed only for a gain above MARGIN.
    3. Up to ROUNDS steps from the least exploitable table so far: one pass against the best
       responses found to it (the last MEMORY) and itself, then a response to the result.

    Every table from stage 2 on is measured by a quick best response (starts: the table, full
    information, the last MEMORY responses found). The CANDIDATES tables that measure best (and
    START) are measured again by the full :func:`best_response`, with every response found as
    a start. The least exploitable of those at least even head to head against the others is
    kept; START only gives way to such a table that is also less exploitable than it. With
    CANDIDATES 0, the table the quick measure likes best is kept, unmeasured (with ROUNDS 0 as
    well, nothing is measured and the last table is kept). BUDGET (seconds) bounds stages 2 and
    3; the last measurements follow it.
    """
    began = time.perf_counter()
    model = model_for(variant, goal)
    hidden = model.nh > 1
    done = 0
    if start is not None and hidden:  # a warm start: stage 1 is skipped
        table = model.columns(start)
    else:
        table = np.full((model.goal,) * 2, 4 + model.offset) if start is None else model.columns(start)
        for done in range(1, iterations + 1):
            step = improve(model, *seatings(table, [], itself=True), full=hidden)
            table = step.table
            if say:
                say(f"  self-play {done}: {step.changed} entries changed")
            if step.changed == 0 or not hidden:
                break
    if not hidden:
        result = table - model.offset
        return ScoreOnly(result, done, win_rate(variant, result, result, goal=goal),
                         best_response(variant, result, goal=goal) if candidates else None)

    def time_left() -> bool:
        return budget is None or time.perf_counter() - began < budget

    population: list[np.ndarray] = [table]
    responses: list[np.ndarray] = []
    quick: dict[int, float] = {}

    def measure(i: int, label: str) -> None:
        if not candidates and not rounds:  # nothing will use the measurement
            quick[i] = -float(i)  # so the newest table counts as best
            return
        found = best_response(variant, population[i] - model.offset, goal=goal,
                              population=[r - model.offset for r in responses[-memory:]],
                              starts=quick_starts(model, responses[-memory:]))
        responses.append(model.columns(found.table))
        quick[i] = found.figure
        if say:
            say(f"  {label}: a quick best response reaches {found.figure:.4f} (from {found.start})")

    measure(0, "start" if start is not None else "self-play")
    for step_no in range(1, iterations + 1):  # stage 2: robust own play
        if not time_left() or (budget is not None and time.perf_counter() - began > 0.4 * budget):
            break
        step = improve(model, *seatings(population[-1], [], itself=True), flatten=flatten, margin=margin)
        population.append(step.table)
        measure(len(population) - 1, f"own play {step_no} ({step.changed} changed)")
        if step.changed == 0:
            break
    for round_no in range(1, rounds + 1):  # stage 3: answer the best responses
        if not time_left():
            break
        current = population[min(quick, key=quick.get)]
        step = improve(model, *seatings(current, responses[-memory:], itself=True), flatten=flatten,
                       margin=margin)
        population.append(step.table)
        measure(len(population) - 1, f"answer {round_no} ({step.changed} changed)")
    ranked = sorted(quick, key=quick.get)[:candidates]
    if not ranked:  # no full measurement asked for: the table the quick measure likes best
        result = population[min(quick, key=quick.get)] - model.offset
        return ScoreOnly(result, done, win_rate(variant, result, result, goal=goal))
    if start is not None and 0 not in ranked:
        ranked.append(0)
    final: list[tuple[float, int, Response]] = []
    for i in ranked:
        clock = time.perf_counter()
        found = best_response(variant, population[i] - model.offset, goal=goal,
                              population=[r - model.offset for r in responses])
        final.append((found.figure, i, found))
        if say:
            say(f"  table {i}: the full best response reaches {found.figure:.6f} (from {found.start}; "
                f"{found.passes} passes, {time.perf_counter() - clock:.0f} s)")
    kept, response = _keep(variant, [population[i] - model.offset for _, i, _ in final],
                           [found for _, _, found in final], [i for _, i, _ in final], goal=goal, say=say)
    result = population[final[kept][1]] - model.offset
    return ScoreOnly(result, done, win_rate(variant, result, result, goal=goal), response,
                     {i: figure for figure, i, _ in final})


def _keep(variant: Variant, tables: list[np.ndarray], responses: list[Response], labels: list[int], *,
          goal: int | None, say: Say | None) -> tuple[int, Response]:
    """Which of the final TABLES (the search's tables LABELS; table 0 is where it started) to
    keep: the least exploitable of those at least even head to head against every other one, or,
    when none is, the least exploitable. A warm start (label 0) gives way only to a table that is
    both: at least even against all of them and less exploitable than it."""
    even = []
    for i, table in enumerate(tables):
        others = [t for j, t in enumerate(tables) if j != i]
        worst = float(figures_against(variant, table, np.stack(others), goal=goal).min()) if others else 0.5
        if say and others:
            say(f"  table {labels[i]}: its worst figure against the other tables measured {worst:.4f}")
        if worst >= 0.5 - 1e-12:
            even.append(i)
    kept = min(even or range(len(tables)), key=lambda i: responses[i].figure)
    if 0 in labels:
        start = labels.index(0)
        if kept not in even or responses[kept].figure >= responses[start].figure:
            kept = start
    return kept, responses[kept]


def solve_general(variant: Variant, *, goal: int | None = None) -> ScoreOnly:
    """The table of the two scores from best play where the fast layouts cannot count the turn
    (:mod:`hogkit.exact.general`, in halves where the memory splits: :mod:`hogkit.exact.split`):
    exactly optimal where no rule remembers anything, else the choice best in the most hidden
    states. Its exploitability is measured by a player who sees the hidden state and answers best
    (the upper bound), and by that answer's own table of the two scores (the lower bound); the two
    are equal where nothing is hidden."""
    model = general_model(variant, variant.goal if goal is None else goal)
    _, best = best_play(model, {})
    columns = score_table(model, best)

    def first_wins(both: list[np.ndarray]) -> float:  # P(player 0 wins), player 0 moving first
        return pair_start(model, np.stack(both), seats=(0,))[0]

    start = model.h0 * model.goal ** 2  # player 0 to move, the start's hidden state
    self_play = first_wins([columns, columns])
    seen, answers = [], []
    for seat in (0, 1):  # the answer moves first (the table is in seat 1), then second
        values, answer = best_play(model, {1 - seat: columns})
        seen.append(values[start] if seat == 0 else 1 - values[start])
        answers.append(score_table(model, answer, who=seat))
    first = first_wins([answers[0], columns])
    second = 1 - first_wins([columns, answers[1]])
    response = Response(answers[0] - model.offset, float(first + second) / 2, "full information",
                        float(sum(seen)) / 2, 2, 2)
    return ScoreOnly(columns - model.offset, 1, self_play, response)
