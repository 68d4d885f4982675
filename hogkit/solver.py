"""Optimal strategies: with the whole state visible, and with only the two scores visible.

* :func:`solve_full_information` picks, in every full state (scores and hidden rule memory), the
  choice that maximizes the mover's chance to win: plain backward induction.
* :func:`solve_score_only` looks for the best table of the two scores alone. A table entry is
  shared by every hidden state with those scores, so each entry is chosen to maximize the
  mover's chance to win under full-information play afterwards, averaged over how often each
  hidden state occurs (its occupancy under the current table); the occupancy is then updated
  and the whole repeated until the table settles. Where the state has hidden parts, rounds of
  fictitious play follow (each adds the best response to the latest tables). Where the state is
  only the two scores, one pass is exact backward induction.
* :func:`best_response` is the same improvement against a fixed opponent, in both seats: its
  contest figure against a strategy is that strategy's exploitability.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from hogkit.exact import Model, backward, contest_figure, model_for, start_values, value_table, win_rate
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
    cols = np.arange(model.nchoice)

    def choose(total, layer, who, mover, opp, value_of):
        mine = [np.where(who[None, :, None] == 0, v, 1 - v)
                for v in (value_of(np.full((1, len(who)), c)) for c in cols)]
        best = np.max(mine, axis=0)
        return np.where(who[None, :, None] == 0, best, 1 - best)

    W = backward(model, 1, choose)
    return float(start_values(model, W)[0]), value_table(model, W[0])


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


def _improver(model: Model, both: np.ndarray, mine: np.ndarray, occ: np.ndarray, *, full: bool = False):
    """A chooser that sets the entries of the tables marked MINE (``[batch, who]``) to the
    choice with the best occupancy-weighted chance for that seat, updating BOTH in place.

    With FULL, play continues with the best choice of each full state (so the values are those
    of full-information play and do not depend on the table being built)."""
    g, H = model.goal, model.nh
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
        best = np.argmax(np.array(scores), axis=0)  # per view (mover, opp)
        mv, op = mover[:half], opp[:half]
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


def _best_values(who: np.ndarray, values: list[np.ndarray]) -> np.ndarray:
    """The values (for player 0) when the mover takes, in each full state, the best of VALUES."""
    mine = np.where(who[None, None, :, None] == 0, values, 1 - np.array(values)).max(axis=0)
    return np.where(who[None, :, None] == 0, mine, 1 - mine)


def _respond(model: Model, opponents: list[np.ndarray], start: np.ndarray, *, iterations: int,
             on_step=None) -> np.ndarray:
    """Columns of a score-only table improved against the even mix of OPPONENTS (columns), in
    both seats, from START: occupancy-weighted improvement with the true continuation.

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
        W = backward(model, len(pairs), _improver(model, both, mine, occ), keep=W)
        if on_step is not None and on_step(step, both[0, 0].copy()) is False:
            break
    return both[0, 0].copy()


def solve_score_only(variant: Variant, *, goal: int | None = None, start: np.ndarray | None = None,
                     iterations: int = 8, rounds: int = 0, budget: float | None = None,
                     memory: int = 4, say=None) -> ScoreOnly:
    """The best table of the two scores alone.

    First, ITERATIONS rounds of self-play improvement (each entry takes the choice that is best
    under full-information play afterwards, weighted by how often each hidden state occurs).
    Then, where the state has hidden parts, up to ROUNDS rounds of fictitious play: each round
    adds the best response to the last MEMORY tables found, and the table kept is the one whose
    worst contest figure against all the others is highest. BUDGET (seconds) ends the rounds
    early. Where the state is only the two scores, the first pass is exact backward induction.
    """
    began = time.perf_counter()
    model = model_for(variant, goal)
    table = model.columns(start) if start is not None else np.full((model.goal,) * 2, 4 + model.offset)
    both = np.stack([table, table])[None].copy()
    mine = np.array([[True, True]])
    W = None
    done = 0
    for done in range(1, iterations + 1):
        before = both[0, 0].copy()
        occ = occupancy(model, both)
        W = backward(model, 1, _improver(model, both, mine, occ, full=model.nh > 1), keep=W)
        both[0, 1] = both[0, 0]
        changed = int((before != both[0, 0]).sum())
        if say:
            say(f"  iteration {done}: {changed} entries changed")
        if changed == 0 or model.nh == 1:
            break
    population = [both[0, 0].copy()]
    table = population[0]
    if model.nh > 1:
        figures = {}  # (i, j) -> contest figure of population[i] against population[j]
        for r in range(1, rounds + 1):
            if budget is not None and time.perf_counter() - began > budget:
                if say:
                    say(f"  time budget of {budget:.0f} s used: stopping after {r - 1} rounds")
                break
            newest = _respond(model, population[-memory:], population[-1], iterations=2)
            population.append(newest)
            j = len(population) - 1
            for i in range(j):
                fig = contest_figure(variant, newest - model.offset, population[i] - model.offset, goal=goal)
                figures[j, i], figures[i, j] = fig, 1 - fig
            if say:
                worst = min(figures[j, i] for i in range(j))
                say(f"  round {r}: the new table's worst figure against the others {worst:.4f}")
        if len(population) > 1:
            worst = [min(figures[i, j] for j in range(len(population)) if j != i) for i in range(len(population))]
            pick = int(np.argmax(worst))
            # keep whichever of the self-play table and the pick a best response beats by less
            measured = []
            for i in dict.fromkeys((0, pick)):
                _, exploit = best_response(variant, population[i] - model.offset, goal=goal, iterations=4)
                measured.append((exploit, i))
                if say:
                    say(f"  table {i}: a best response reaches {exploit:.4f}")
            exploitability, best = min(measured)
            result = population[best] - model.offset
            return ScoreOnly(result, done, win_rate(variant, result, result, goal=goal), exploitability)
    result = table - model.offset
    return ScoreOnly(result, done, win_rate(variant, result, result, goal=goal))


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
