"""The instructor's semester workflow: ``hogkit new-variant``, ``check-variant`` and ``diff-variants``.

* ``new-variant NAME --from fa19`` copies a spec under a new name, ready to edit;
* ``check-variant NAME`` proves every game ends, runs the solver, prints the baselines' exact win
  rates and says which rules make the game state larger;
* ``diff-variants A B`` says what changes for students between two semesters.
"""

from __future__ import annotations

import argparse
import inspect
import itertools
import json
import os
import random
import re
import tomllib
from pathlib import Path

import numpy as np

from hogkit.errors import HogkitError
from hogkit.exact import always, fits_fast_layout, win_rates
from hogkit.exact.general import general_model
from hogkit.game import TurnPlan, play, points_distribution
from hogkit.generate.reference import reference_hog
from hogkit.generate.spec_check import check_spec
from hogkit.solver import solve_general, solve_score_only
from hogkit.turn import state_factors, turn_of
from hogkit.variant import DEFAULT_VARIANT, Variant, load_variant, variants_dir
from hogkit_cli.commands.scaffold import RULE_MODULE

NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
BASELINE_DICE = (0, 2, 4, 6, 8, 10)
TURN_CAP = 2000


def register(sub: argparse._SubParsersAction) -> None:
    """Add the variant commands to the ``hogkit`` parser."""
    new = sub.add_parser("new-variant", help="start a new semester's spec from an existing one")
    new.add_argument("name", help="the new variant's name (letters, digits, - and _)")
    new.add_argument("--from", dest="base", default=DEFAULT_VARIANT, help="variant to copy (default: %(default)s)")
    new.add_argument("--dir", type=Path, default=None, help="folder to write NAME.toml into (default: variants/)")
    new.add_argument("--rule-module", action="store_true",
                     help="also write NAME_rules.py beside it: a zero-dice rule of your own, in place of the base's")
    new.set_defaults(func=run_new)
    check = sub.add_parser("check-variant", help="validate a variant: games end, solver, win rates, state size")
    check.add_argument("variant", help="a variant name or the path of a .toml spec")
    check.add_argument("--games", type=int, default=200, help="simulated games per baseline (default: %(default)s)")
    check.add_argument("--no-solve", action="store_true", help="skip the solver (faster)")
    check.set_defaults(func=run_check)
    diff = sub.add_parser("diff-variants", help="what changes for students between two variants")
    diff.add_argument("first")
    diff.add_argument("second")
    diff.set_defaults(func=run_diff)


# ----------------------------------------------------------------------------- new-variant


def new_variant(name: str, *, base: str = DEFAULT_VARIANT, directory: Path | None = None,
                rule_module: bool = False) -> Path:
    """Write ``NAME.toml`` in DIRECTORY, a copy of BASE's spec renamed; return its path. With
    RULE_MODULE, the spec lists its rules and keeps ``NAME_rules.py`` beside it, a module with a
    zero-dice rule of its own in place of BASE's."""
    if not NAME_PATTERN.fullmatch(name):
        raise HogkitError(f"{name!r} is not a simple name", "use letters, digits, - or _ (e.g. sp25)")
    source = load_variant(base)
    directory = variants_dir() if directory is None else Path(directory)
    target = directory / f"{name}.toml"
    module = directory / f"{name.replace('-', '_')}_rules.py"
    for path in (target, module) if rule_module else (target,):
        if path.exists():
            raise HogkitError(f"{path} already exists", "choose another name or edit that file")
    if rule_module:
        text = _spec_with_module(source, name, module.name, directory)
        files = {target: text, module: _module_text(source, name, target.name)}
    else:
        text = source.path.read_text(encoding="utf-8") if source.path else ""
        text = re.sub(r'(?m)^name\s*=.*$', f'name = "{name}"', text, count=1)
        text = re.sub(r'(?m)^title\s*=.*$', f'title = "{name} (from {source.name})"', text, count=1)
        header = (f"# {name}: made with `hogkit new-variant {name} --from {source.name}`.\n"
                  "# Choose its rules (`hogkit variants` lists them), set the goal and the points, then run\n"
                  "# `hogkit check-variant` on this file (docs/instructors.md says what each key means).\n")
        files = {target: header + text}
    try:
        directory.mkdir(parents=True, exist_ok=True)
        for path, content in files.items():
            path.write_text(content, encoding="utf-8")
    except OSError as exc:
        raise HogkitError(f"cannot write {target} ({exc.strerror})", "choose a writable --dir") from None
    return target


def _relative(path: Path, directory: Path) -> str:
    """PATH as the new spec in DIRECTORY names it."""
    return os.path.relpath(path.resolve(), directory.resolve())


def _spec_with_module(source: Variant, name: str, module: str, directory: Path) -> str:
    """The text of a new spec like SOURCE's whose zero-dice rule is the one of MODULE."""
    data = tomllib.loads(source.path.read_text(encoding="utf-8")) if source.path else {}
    interface = data.get("interface", source.interface.name)
    if isinstance(interface, str) and interface.endswith(".toml") and source.path:
        interface = _relative(source.path.parent / interface, directory)
    modules = [_relative(source.path.parent / m, directory) for m in data.get("rule_modules", [])] + [module]
    zero = source.rule("zero_dice")
    rules = [f"{name.replace('-', '_')}_lucky_bacon" if rule is zero else rule.id for rule in source.rules]
    lines = [f"# {name}: made with `hogkit new-variant {name} --from {source.name} --rule-module`: the rules of",
             f"# {source.name}, with the zero-dice rule of {module} (a rule of your own, beside this file).",
             "# Edit both, then run `hogkit check-variant` on this file (docs/instructors.md, \"Rules of your own\").",
             f'name = "{name}"', f'title = "{name} (from {source.name})"', f"goal = {source.goal}",
             f'contest_name_field = "{source.contest_name_field}"', f"interface = {json.dumps(interface)}",
             f"rule_modules = {json.dumps(modules)}", f"rules = {json.dumps(rules)}", "", "[points]"]
    lines += [f'"{pid}" = {points}' for pid, points in source.points.items()]
    scoring = data.get("scoring", {})
    if scoring:
        lines += ["", "[scoring]", *(f"{key} = {value}" for key, value in scoring.items())]
    return "\n".join(lines) + "\n"


def _module_text(source: Variant, name: str, spec: str) -> str:
    """The rule module of a new spec NAME (see :mod:`hogkit_cli.commands.scaffold`)."""
    prefix = name.replace("-", "_")
    return RULE_MODULE.format(title=name, spec=spec, function="lucky_bacon", constant="LUCKY_BACON",
                              rule_id=f"{prefix}_lucky_bacon")


def run_new(args: argparse.Namespace) -> int:
    """``hogkit new-variant``."""
    path = new_variant(args.name, base=args.base, directory=args.dir, rule_module=args.rule_module)
    also = f" and {path.with_name(path.stem.replace('-', '_') + '_rules.py')}" if args.rule_module else ""
    print(f"wrote {path}{also}: edit it, then run `hogkit check-variant {path}`")
    return 0


# ----------------------------------------------------------------------------- check-variant


def standstills(variant: Variant) -> list[tuple[int, int]]:
    """The scores (mover's, opponent's) at which rolling zero dice scores 0 points for certain."""
    scores = range(variant.goal)
    return [(mover, opponent) for mover, opponent in itertools.product(scores, scores)
            if max(p for p, _ in points_distribution(variant, TurnPlan(0, 0, 6), opponent, player_score=mover)) < 1]


def endless_standstill(variant: Variant, cells: list[tuple[int, int]]) -> tuple[int, int] | None:
    """Scores from which rolling zero dice for ever never ends the game (turns of 0 points that lead
    back to where they started), or None. CELLS are :func:`standstills`."""
    turn, still = turn_of(variant), set(cells)
    score_extras = [rule for rule in turn.rules("extra")
                    if any(key in ("player_score", "opponent_score") for key in turn.inputs(rule))]

    def following(cell: tuple[int, int]) -> tuple[int, int]:
        if turn.late_reads():
            mover, opponent, again = turn.settle(turn.start, 0, 0, cell[0], cell[1])
            return (mover, opponent) if again else (opponent, mover)
        mover, opponent, _ = turn.after(cell[0], cell[1])
        again = any(turn.call(rule, (), num_rolls=0, player_score=mover, opponent_score=opponent)
                    for rule in score_extras)
        return (mover, opponent) if again else (opponent, mover)

    for start in cells:
        seen, cell = set(), start
        while cell in still and cell not in seen:
            seen.add(cell)
            cell = following(cell)
        if cell in seen:
            return start
    return None


def termination_problems(variant: Variant) -> list[str]:
    """Why a game might never end, or [] when it always does.

    Every dice roll must score at least 1, bonuses never subtract, and the post-turn rules never
    lower the sum of the scores; then only zero dice can keep the scores where they are (sp22's
    Hefty Hogs scores 0 at some scores; see :func:`endless_standstill`), and a special move, which
    scores nothing, only once per player.
    """
    problems = []
    turn = turn_of(variant)
    for sides in (6, 4) if turn.rule("dice") is not None else (6,):
        for rolls in range(1, 11):
            low = min(p for p, prob in points_distribution(variant, TurnPlan(rolls, rolls, sides), 0) if prob > 0)
            if low < 1:
                problems.append(f"{rolls} {sides}-sided dice can score {low}")
    if turn.late_reads():  # the rules after a turn read more than the scores: every case the evaluator counts
        model = general_model(variant, variant.goal)
        goal = variant.goal
        for key, opponent, raw in zip(*np.nonzero(model.after >= 0), strict=True):
            player, other = divmod(int(model.after[key, opponent, raw]), goal)
            if player + other < raw + opponent:
                problems.append(f"the rules after a turn lower {raw} and {opponent} to {player} and {other}")
                break
        return problems
    scores = range(variant.goal)
    for opponent, raw in itertools.product(scores, range(variant.goal + 60)):
        player, other, _ = turn.after(raw, opponent)
        if player + other < raw + opponent:
            problems.append(f"the rules after a turn lower {raw} and {opponent} to {player} and {other}")
            break
    return problems


def simulated_games(variant: Variant, *, games: int, seed: int = 2024) -> dict[int, float]:
    """Play GAMES seeded games of always_roll(k) against always_roll(4) for each baseline k.

    Returns k -> share won by always_roll(k); raises HogkitError if a game does not end.
    """
    rng = random.Random(seed)

    def dice() -> int:
        return rng.randint(1, 6)

    def wild() -> int:
        return rng.randint(1, 4)

    turns = 0

    def always(choice: int):
        def strategy(score: int, opponent_score: int) -> int:
            nonlocal turns
            turns += 1
            if turns > TURN_CAP:
                raise HogkitError(f"a game of always_roll({choice}) against always_roll(4) ran past "
                                  f"{TURN_CAP} turns", "check the rules: every turn must move the game on")
            return choice
        return strategy

    rates = {}
    for k in BASELINE_DICE:
        wins = 0
        for game in range(games):
            turns = 0
            first = game % 2 == 0
            pair = (always(k), always(4)) if first else (always(4), always(k))
            result = play(variant, *pair, dice=dice, wild_dice=wild)
            wins += result.winner == (0 if first else 1)
        rates[k] = wins / games
    return rates


def exact_rates(variant: Variant) -> dict[int, float]:
    """Exact contest figure of always_roll(k) against always_roll(4) (both seats)."""
    goal = variant.goal
    mine = np.stack([always(k, goal) for k in BASELINE_DICE])
    four = always(4, goal)
    first = win_rates(variant, mine, four)
    second = win_rates(variant, four, mine)
    return {k: float((a + 1 - b) / 2) for k, a, b in zip(BASELINE_DICE, first, second, strict=True)}


def state_lines(variant: Variant) -> list[str]:
    """How big the game state is, and which rules make it larger."""
    size = variant.goal * variant.goal * 2
    lines = [f"scores and who moves: {size:,} states"]
    for rule, factor, why in state_factors(turn_of(variant)):
        size *= factor
        lines.append(f"{rule.title} multiplies it by {factor}: {why}")
    if len(lines) == 1:
        lines.append("no rule adds memory: a strategy of the two scores can be optimal")
    lines.append(f"total: {size:,} states")
    return lines


def check_variant(variant: Variant, *, games: int = 200, solve: bool = True, say=print) -> bool:
    """Validate VARIANT and report on it through SAY; return True when nothing is wrong."""
    say(f"{variant.name} ({variant.title}): goal {variant.goal}, {variant.total_points} points, rules "
        + ", ".join(rule.id for rule in variant.rules))
    check_spec(variant)
    say(f"ok   the spec is whole: the interface {variant.interface.name} gives every rule and problem what it needs, "
        "hog.py calls only functions it defines, and every rule's examples and hooks answer as they must")
    problems = termination_problems(variant)
    if problems:
        say("FAIL games might not end: " + "; ".join(problems[:3]))
    cells = standstills(variant)
    if not problems:
        say("ok   every game ends: every turn raises the sum of the scores (a Pork Chop only once)"
            if not cells else "ok   every roll of dice raises the sum of the scores; zero dice may not (below)")
    endless = endless_standstill(variant, cells)
    if endless is not None:
        say(f"warn a game can go on for ever: from {endless[0]} against {endless[1]}, rolling zero dice scores 0 "
            "points and comes back to the same scores, so two players who always roll zero dice never finish "
            "(the exact evaluator counts a game that goes on for ever with certainty as a draw)")
    elif cells:
        say(f"ok   a turn of zero dice can score 0 (at {cells[0][0]} against {cells[0][1]}), but no run of such "
            "turns comes back to the scores it started from")
    simulated_games(variant, games=games)
    say(f"ok   {games * len(BASELINE_DICE)} seeded games of the baselines all ended within {TURN_CAP} turns")
    say("     win rates against always_roll(4), both seats (exact):")
    for k, rate in exact_rates(variant).items():
        say(f"       always_roll({k:2}): {rate:.3f}")
    if solve and fits_fast_layout(variant):
        result = solve_score_only(variant, iterations=2, rounds=0, candidates=0)
        say(f"ok   the solver runs: a table of the scores alone wins {result.self_play:.3f} "
            "for the first player against itself")
    elif solve:
        result = solve_general(variant)
        say(f"ok   the solver runs (general layout): best play of the scores alone wins {result.self_play:.3f} "
            f"for the first player against itself; exploitability {result.response.figure:.6f} to "
            f"{result.response.bound:.6f}")
    say("     state size:")
    for line in state_lines(variant):
        say("       " + line)
    return not problems


def run_check(args: argparse.Namespace) -> int:
    """``hogkit check-variant``: exit 1 when the variant has a problem."""
    if args.games < 1:
        raise HogkitError(f"--games {args.games} is too small", "use 1 or more")
    return 0 if check_variant(load_variant(args.variant), games=args.games, solve=not args.no_solve) else 1


# ----------------------------------------------------------------------------- diff-variants


def _signature(variant: Variant, name: str) -> str:
    fn = getattr(reference_hog(variant), name)
    return f"{name}({', '.join(inspect.signature(fn).parameters)})"


def diff_variants(a: Variant, b: Variant) -> list[str]:
    """What changes for students going from A to B, one line per change ([] if nothing)."""
    lines = []
    if a.goal != b.goal:
        lines.append(f"goal: {a.goal} -> {b.goal}")
    for family in dict.fromkeys(rule.family for rule in (*a.rules, *b.rules)):
        was, now = a.rules_of(family), b.rules_of(family)
        for ra, rb in itertools.zip_longest(was, now):
            if ra is rb:
                continue
            if ra is None:
                lines.append(f"rule added ({family}): {rb.title} — {rb.summary}")
            elif rb is None:
                lines.append(f"rule removed ({family}): {ra.title}")
            else:
                lines.append(f"rule changed ({family}): {ra.title} [{ra.id}] -> {rb.title} [{rb.id}] — {rb.summary}")
    pa, pb = {p.id: p for p in a.problems}, {p.id: p for p in b.problems}
    for pid in dict.fromkeys([*pa, *pb]):
        x, y = pa.get(pid), pb.get(pid)
        if x is None or y is None:
            have = y if x is None else x
            lines.append(f"{have.label}: only in {b.name if x is None else a.name} ({have.title})")
            continue
        if x.functions != y.functions:
            lines.append(f"{x.label}: write {', '.join(x.functions)} -> {', '.join(y.functions)}")
        if x.points != y.points:
            lines.append(f"{x.label}: {x.points} -> {y.points} points")
    sa, sb = _signature(a, "play"), _signature(b, "play")
    if sa != sb:
        lines.append(f"play signature: {sa} -> {sb}")
    if a.total_points != b.total_points:
        lines.append(f"total points: {a.total_points} -> {b.total_points}")
    if a.contest_name_field != b.contest_name_field:
        lines.append(f"contest name field: {a.contest_name_field} -> {b.contest_name_field}")
    return lines


def run_diff(args: argparse.Namespace) -> int:
    """``hogkit diff-variants``."""
    a, b = load_variant(args.first), load_variant(args.second)
    lines = diff_variants(a, b)
    print(f"from {a.name} to {b.name}: " + (f"{len(lines)} change(s)" if lines else "nothing changes for students"))
    for line in lines:
        print("  " + line)
    return 0
