"""Optimal strategies: with the whole state visible, and with only the two scores visible.

* :func:`solve_full_information` picks, in every full state (scores and hidden rule memory), the
  choice that maximizes the mover's chance to win: plain backward induction.
* :func:`solve_score_only` looks for the best table of the two scores alone. A table entry is
  shared by every hidden state with those scores, so each entry is chosen to maximize the
  mover's chance to win averaged over how often each hidden state occurs (its occupancy under
  the current table). Self-play passes first value what follows as full-information play, then
  as the table's own play (robustly: the weights lean toward an even spread over the hidden
  states of each cell, which an opponent can shift); rounds of fictitious play follow (each adds
  the best response to the latest tables), then a few steps that answer the best responses to
  the least exploitable table, and of all the tables measured the least exploitable one is kept.
  Where the state is only the two scores, one pass is exact backward induction.
* :func:`best_response` is the same improvement against a fixed opponent, in both seats: its
  contest figure against a strategy is that strategy's exploitability.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from hogkit.exact import (
    Model,
    backward,
    contest_figure,
    figures_against,
    model_for,
    start_values,
    value_table,
    win_rate,
)
from hogkit.variant import Variant


@dataclass
class ScoreOnly:
    """A solved score-only table and how it got there."""

    table: np.ndarray
    iterations: int
    self_play: float  # P(player 0 wins) when both seats play the table
    exploitability: float | None = None  # the best response's figure, when the search measured it


def solve_full_information(variant: Variant, *, goal: int | None = None) -> tuple[float, np.ndarray]:
    """Optimal play when the hidden state is visible: P(first player wins) and W.

    The second result is ``W[context, s0 * goal + s1]`` = P(player 0 wins) with both playing
    optimally.
    """
    model = model_for(variant, goal)

    def choose(total, layer, who, mover, opp, value_of):
        return _best_values(who, [value_of(np.full((1, len(who)), c)) for c in range(model.nchoice)])

    W = backward(model, 1, choose)
    return float(start_values(model, W)[0]), value_table(model, W)


def occupancy(model: Model, both: np.ndarray) -> np.ndarray:
    """``occ[batch, context, cell]``: probability each state is reached when BOTH (columns
    ``[batch, who, mover, opp]``) play."""
    g, H = model.goal, model.nh
    batch = both.shape[0]
    occ = np.zeros((batch, 2 * H, g * g))
    occ[:, model.h0, 0] = 1.0
    size = 2 * H * g * g
    for total in range(0, 2 * g - 1):
        a = np.arange(max(0, total - g + 1), min(g - 1, total) + 1)
        who = np.repeat([0, 1], len(a))
        mover = np.concatenate([a, a])
        opp = total - mover
        s0 = np.where(who == 0, mover, opp)
        s1 = np.where(who == 0, opp, mover)
        cell = s0 * g + s1
        wild = model.wild[s0, s1]
        for layer in sorted(model.layers):
            hsel = np.nonzero(model.hlayer == layer)[0]
            for bi in range(batch):
                cols = both[bi, who, mover, opp]  # [cells]
                mass = occ[bi, who[:, None] * H + hsel[None, :], cell[:, None]]  # [cells, h]
                if not mass.any():
                    continue
                gi = model.gidx[who[:, None], hsel[None, :], cols[:, None]]
                gmass = np.zeros((len(who), model.ngroup))
                np.add.at(gmass, (np.arange(len(who))[:, None].repeat(len(hsel), 1), gi), mass)
                g_rolls = model.g_rolls[who, cols]
                g_bonus = model.g_bonus[who, cols]
                g_ctx = model.g_ctx[who, cols]
                row = np.where(g_rolls == 0, 20 + opp[:, None], g_rolls - 1 + 10 * wild[:, None])
                row = np.where(g_rolls < 0, 0, row)
                x = np.minimum(mover[:, None, None] + g_bonus[..., None] + model.vals[row], model.xmax)
                p = model.probs[row] * gmass[..., None]
                w3 = who[:, None, None]
                o3 = opp[:, None, None]
                alive = model.post_win[w3, o3, x] < 0
                target = g_ctx[..., None] * g * g + model.post_cell[w3, o3, x]
                p = np.where(alive & (g_rolls[..., None] >= 0), p, 0.0)
                flat = np.bincount(target.ravel(), weights=p.ravel(), minlength=size)
                chop = (g_rolls < 0) & (gmass > 0)
                if chop.any():
                    swapped = np.where(who == 0, opp * g + mover, mover * g + opp)
                    tgt = g_ctx * g * g + swapped[:, None]
                    flat += np.bincount(tgt[chop], weights=gmass[chop], minlength=size)
                occ[bi] += flat.reshape(2 * H, g * g)
    return occ


def _improver(model: Model, both: np.ndarray, mine: np.ndarray, occ: np.ndarray, *, full: bool = False,
              flatten: float = 0.0, margin: float = 0.0):
    """A chooser that sets the entries of the tables marked MINE (``[batch, who]``) to the
    choice with the best occupancy-weighted chance for that seat, updating BOTH in place.

    With FULL, play continues with the best choice of each full state (so the values are those
    of full-information play and do not depend on the table being built). FLATTEN (0 to 1) mixes
    each cell's occupancy with an even spread over its hidden states (see :func:`_robust`).
    An entry changes only when the best choice beats the current one by more than MARGIN times
    the entry's weight (a chance, 0 to 1)."""
    g, H = model.goal, model.nh
    occ = _robust(occ, flatten) if flatten else occ
    cache: dict[int, np.ndarray] = {}

    def choose(total, layer, who, mover, opp, value_of):
        if total in cache:
            if full:
                return _best_values(who, [value_of(np.full(cache[total].shape, c)) for c in range(model.nchoice)])
            return value_of(cache[total])
        half = len(who) // 2
        cells = np.where(who == 0, mover * g + (total - mover), (total - mover) * g + mover)
        ctx = who[:, None] * H + np.arange(H)[None, :]
        weight = occ[:, ctx, cells[:, None]] + 1e-12  # [batch, cells, H]
        weight = weight * mine[:, who][:, :, None]
        fixed = both[:, who, mover, opp]
        scores, values = [], []
        for c in range(model.nchoice):
            cols = np.where(mine[:, who], c, fixed)
            vals = value_of(cols)
            values.append(vals)
            gain = np.where(who[None, :, None] == 0, vals, 1 - vals)
            per_cell = (weight * gain).sum(axis=(0, 2))
            scores.append(per_cell[:half] + per_cell[half:])
        scores = np.array(scores)
        best = np.argmax(scores, axis=0)  # per view (mover, opp)
        mv, op = mover[:half], opp[:half]
        if margin:
            row = int(np.nonzero(mine[:, 0])[0][0])
            current = both[row, 0, mv, op]
            mass = weight.sum(axis=(0, 2))
            gap = scores[best, np.arange(half)] - scores[current, np.arange(half)]
            best = np.where(gap > margin * (mass[:half] + mass[half:]), best, current)
        for w in range(2):
            sel = np.nonzero(mine[:, w])[0][:, None]
            both[sel, w, mv[None, :], op[None, :]] = best[None, :]
        cache[total] = both[:, who, mover, opp]
        if full:
            return _best_values(who, values)
        chosen = np.concatenate([best, best])[None, :, None, None]
        # (a seat the improver does not own played its fixed choice under every c)
        return np.take_along_axis(np.array(values).transpose(1, 2, 0, 3), chosen, axis=2)[:, :, 0]

    return choose


def _robust(occ: np.ndarray, flatten: float) -> np.ndarray:
    """OCC (``[batch, context, cell]``) with each cell's mass for each mover mixed, FLATTEN to
    1 - FLATTEN, between an even spread over its hidden states and the occupancy itself."""
    batch, ctx, cells = occ.shape
    per = occ.reshape(batch, 2, ctx // 2, cells)
    even = per.sum(axis=2, keepdims=True) / (ctx // 2)
    return ((1 - flatten) * per + flatten * even).reshape(batch, ctx, cells)


def _best_values(who: np.ndarray, values: list[np.ndarray]) -> np.ndarray:
    """The values (for player 0) when the mover takes, in each full state, the best of VALUES."""
    mine = np.where(who[None, None, :, None] == 0, values, 1 - np.array(values)).max(axis=0)
    return np.where(who[None, :, None] == 0, mine, 1 - mine)


def _respond(model: Model, opponents: list[np.ndarray], start: np.ndarray, *, iterations: int,
             on_step=None, flatten: float = 0.0, margin: float = 0.0) -> np.ndarray:
    """Columns of a score-only table improved against the even mix of OPPONENTS (columns), in
    both seats, from START: occupancy-weighted improvement with the true continuation. FLATTEN
    and MARGIN: see :func:`_improver`.

    ON_STEP(step, columns) is called after every improvement; returning False stops early.
    """
    mine_t = start.copy()
    pairs = []
    for other in opponents:
        pairs += [np.stack([mine_t, other]), np.stack([other, mine_t])]
    both = np.stack(pairs)
    mine = np.array([[True, False], [False, True]] * len(opponents))
    W = None
    for step in range(1, iterations + 1):
        occ = occupancy(model, both)
        W = backward(model, len(pairs), _improver(model, both, mine, occ, flatten=flatten, margin=margin),
                     keep=W)
        if on_step is not None and on_step(step, both[0, 0].copy()) is False:
            break
    return both[0, 0].copy()


def _self_play(model: Model, table: np.ndarray, *, full: bool, W: np.ndarray | None = None,
               flatten: float = 0.0, margin: float = 0.0):
    """One pass of self-play improvement of TABLE (columns): each entry takes the choice best for
    the mover, weighted by how often each hidden state occurs when both seats play the table.
    With FULL, play afterwards is full-information play; without, it is the table itself.
    Returns the new table, how many entries changed and the value array (to reuse)."""
    both = np.stack([table, table])[None].copy()
    occ = occupancy(model, both)
    choose = _improver(model, both, np.array([[True, True]]), occ, full=full, flatten=flatten, margin=margin)
    W = backward(model, 1, choose, keep=W)
    return both[0, 0].copy(), int((both[0, 0] != table).sum()), W


def solve_score_only(variant: Variant, *, goal: int | None = None, start: np.ndarray | None = None,
                     iterations: int = 8, rounds: int = 30, budget: float | None = None,
                     memory: int = 2, checks: int = 3, flatten: float = 0.0, margin: float = 0.0,
                     answers: int = 8, say=None) -> ScoreOnly:
    """The best table of the two scores alone.

    1. Up to ITERATIONS passes of self-play improvement, valuing what follows as full-information
       play; where the state is only the two scores, this is exact backward induction and the
       search ends here. A START table with hidden state (a warm start, e.g. the table solved
       before) skips this stage and joins the population as it is.
    2. Up to ITERATIONS passes of self-play improvement valuing what follows as the table's own
       play (the hidden states a table cannot see cost it what they really cost).
    3. Up to ROUNDS rounds of fictitious play: each adds the best response to the last MEMORY
       tables.
    4. Up to ANSWERS steps from the least exploitable table so far: one pass against its latest
       best responses (the last MEMORY + 1) and itself, then a best response to the result (a
       double-oracle walk; the exploitability swings from step to step, so each is measured).

    Every table found joins a population. The CHECKS tables that fare best against the rest of
    the population (and the table of stage 1) are measured by a best response before stage 4,
    and the least exploitable table measured is kept. BUDGET (seconds) bounds the whole search,
    measurements included.

    FLATTEN and MARGIN (see :func:`_improver`) make stages 2 to 4 robust: each entry is chosen
    for an occupancy partly spread evenly over the hidden states of its cell (an opponent can
    shift the hidden states a table expects), and only changes when that gains more than MARGIN.
    """
    began = time.perf_counter()
    model = model_for(variant, goal)
    hidden = model.nh > 1
    W, done, pass_time = None, 0, 0.0
    if start is not None and hidden:  # a warm start: the table joins as it is, stage 1 is skipped
        table = model.columns(start)
    else:
        table = np.full((model.goal,) * 2, 4 + model.offset) if start is None else model.columns(start)
        for done in range(1, iterations + 1):
            clock = time.perf_counter()
            table, changed, W = _self_play(model, table, full=hidden, W=W)
            pass_time = time.perf_counter() - clock
            if say:
                say(f"  self-play {done}: {changed} entries changed")
            if changed == 0 or not hidden:
                break
    if not hidden:
        result = table - model.offset
        return ScoreOnly(result, done, win_rate(variant, result, result, goal=goal))

    population = [table]
    figures: dict[tuple[int, int], float] = {}
    # a measurement (3 best-response passes, each about two self-play passes), until timed
    check_cost = 6 * pass_time

    def time_left(reserve: float) -> bool:
        return budget is None or time.perf_counter() - began + reserve < budget

    def join(newest: np.ndarray, label: str) -> None:
        population.append(newest)
        j = len(population) - 1
        others = np.stack(population[:j]) - model.offset
        for i, fig in enumerate(figures_against(variant, newest - model.offset, others, goal=goal)):
            figures[j, i], figures[i, j] = float(fig), 1 - float(fig)
        if say:
            say(f"  {label}: worst figure against the other tables {min(figures[j, i] for i in range(j)):.4f}")

    def reserve() -> float:  # time to keep for the measurements
        return (checks + 1) * check_cost

    measured: dict[int, float] = {}
    responses: dict[int, np.ndarray] = {}  # the best response found to each measured table

    def measure(i: int) -> None:
        nonlocal check_cost
        clock = time.perf_counter()
        response, measured[i] = best_response(variant, population[i] - model.offset, goal=goal, iterations=3)
        responses[i] = model.columns(response)
        check_cost = time.perf_counter() - clock
        if say:
            say(f"  table {i}: a best response reaches {measured[i]:.4f}")

    for step in range(1, iterations + 1):  # own play takes at most 40% of the budget
        if not time_left(reserve()) or (budget is not None and time.perf_counter() - began > 0.4 * budget):
            break
        clock = time.perf_counter()
        newest, changed, _ = _self_play(model, population[-1], full=False, flatten=flatten, margin=margin)
        if not pass_time:
            pass_time = time.perf_counter() - clock
            check_cost = 6 * pass_time
        join(newest, f"own-play {step} ({changed} changed)")
        if flatten and time_left(reserve() + check_cost):
            measure(len(population) - 1)  # robust own play moves the exploitability a lot from pass to pass
        if changed == 0:
            break
    for r in range(1, rounds + 1):  # fictitious play, leaving time to answer the best responses
        if not time_left(reserve() + (2 + 2 * answers) * check_cost):
            break
        join(_respond(model, population[-memory:], population[-1], iterations=2, flatten=flatten, margin=margin),
             f"round {r}")

    worst = [min((figures[i, j] for j in range(len(population)) if j != i), default=0.5)
             for i in range(len(population))]
    ranked = [int(i) for i in np.argsort(worst)[::-1]]
    candidates = list(dict.fromkeys([ranked[0], 0] + ranked[1:checks]))
    for n, i in enumerate(candidates):
        if i not in measured and (n < 2 or time_left(check_cost)):
            measure(i)
    # Answer the exploiters: from the least exploitable table, one robust pass against its last
    # best responses (and itself), measured; each step follows on from the one before.
    current, chain = min(measured, key=measured.get), []
    for step in range(1, answers + 1):
        if not time_left(2 * check_cost):
            break
        chain.append(responses[current])
        population.append(_respond(model, chain[-memory - 1:] + [population[current]], population[current],
                                   iterations=1, flatten=flatten, margin=margin))
        current = len(population) - 1
        if say:
            say(f"  answer {step}:")
        measure(current)
    exploitability, best = min((e, i) for i, e in measured.items())
    result = population[best] - model.offset
    return ScoreOnly(result, done, win_rate(variant, result, result, goal=goal), exploitability)


def best_response(variant: Variant, table: np.ndarray, *, goal: int | None = None,
                  iterations: int = 4, say=None) -> tuple[np.ndarray, float]:
    """The best score-only answer to TABLE found by occupancy-weighted improvement, and its
    contest figure against TABLE (TABLE's exploitability; 0.5 means unbeatable)."""
    model = model_for(variant, goal)
    fixed = model.columns(table)
    best = {"figure": 0.0, "table": np.asarray(table)}

    def keep_best(step: int, columns: np.ndarray) -> bool:
        candidate = columns - model.offset
        fig = contest_figure(variant, candidate, table, goal=goal)
        if say:
            say(f"  best response {step}: figure {fig:.6f}")
        if fig <= best["figure"] + 1e-12:
            return False
        best.update(figure=fig, table=candidate)
        return True

    _respond(model, [fixed], fixed, iterations=iterations, on_step=keep_best)
    return best["table"], best["figure"]


# ---- the strong best response (new engine) ----
from hogkit.improve import improve, start_place  # noqa: E402

TOLERANCE = 1e-9


@dataclass(frozen=True)
class Response:
    table: np.ndarray
    figure: float
    start: str
    bound: float
    passes: int


def _figure(model, values) -> float:
    return (values[0][start_place(model)] + 1 - values[1][start_place(model)]) / 2


def strong_response(variant, table, *, goal=None, population=(), starts=None, tolerance=TOLERANCE,
                    max_passes=60, say=None) -> Response:
    model = model_for(variant, goal)
    fixed = model.columns(table)
    mine = np.array([[True, False], [False, True]])

    def pairs(cols):
        return np.stack([np.stack([cols, fixed]), np.stack([fixed, cols])])

    begin = [("own table", fixed), ("full information", fixed)]
    begin += [(f"always_roll({k})", np.full_like(fixed, k + model.offset)) for k in model.choices]
    begin += [(f"population {i + 1}", model.columns(t)) for i, t in enumerate(population)]
    if starts is not None:
        begin = [(label, cols) for label, cols in begin if label in starts]
    seen = set()
    best = None
    bound = None
    total = 0
    for label, cols in begin:
        keep = None
        clock = time.perf_counter()
        if label == "full information":
            res = improve(model, pairs(cols), mine, full=True)
            bound = _figure(model, res.values)
            cols, keep = res.table, None
        mine_best, figs = None, []
        for _ in range(max_passes):
            res = improve(model, pairs(cols), mine, keep=keep)
            total += 1
            fig = _figure(model, res.values)
            figs.append(fig)
            key = res.table.tobytes()
            if mine_best is not None and fig <= mine_best[1] + tolerance:
                break
            mine_best = (res.table, fig)
            if key in seen:
                break
            seen.add(key)
            cols, keep = res.table, res.values
        if say:
            say(f"  {label:18} {mine_best[1]:.6f} after {len(figs)} passes ({time.perf_counter() - clock:.1f} s)")
        if best is None or mine_best[1] > best[1]:
            best = (mine_best[0], mine_best[1], label)
    if bound is None:
        res = improve(model, pairs(fixed), mine, full=True)
        bound = _figure(model, res.values)
    return Response(best[0] - model.offset, best[1], best[2], bound, total)
