"""The whole spec, checked before anything is built (``hogkit check-variant``, ``hogkit build``).

A spec loads only when each rule reads what its step can give (:mod:`hogkit.variant`); this checks
the rest, and stops at the first problem with one line naming what is wrong and how to fix it:

* **the interface can give each rule and problem what it needs**: ``take_turn`` in the course's
  signature is given every score a roll, zero-dice or boost rule reads; a ``play`` that takes an
  update function (fa22's) has one for the rules after a turn and no later rule beside it; an
  interface's ``extra_turn`` is given what each extra-turn rule reads; and the interface's
  strategy of a rule after the turn has a template for the rule's kind;
* **every function is written once and exists wherever it is called**: the reference ``hog.py``
  as the interface lays it out is read (not run) for names it uses and defines nowhere, calls that
  leave out a parameter or give one the function does not take, two functions of one name, and a
  keyword of ``play`` that hides a function;
* **the instructor's code behaves** (in a child process under a time and memory limit,
  :mod:`hogkit.instructor`): each rule's worked examples hold, each hook returns what its step
  asks for (a whole number, true or false, a pair of scores) on every input the engine can give it,
  and each function students write answers on a sample of its domains.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import inspect
import io
import itertools
import json
import math
import random
import signal
import sys
from collections.abc import Callable
from pathlib import Path

from hogkit.errors import HogkitError
from hogkit.exact.general import LATE_CALLS
from hogkit.generate.hogfile import render_hog
from hogkit.instructor import run_child, seconds
from hogkit.interface import Interface, bind, interfaces_dir, load_interface
from hogkit.naming import GENERATED, course_name
from hogkit.problem_layout import first_problems, rules_of, written
from hogkit.problems.domains import TestDice, max_turn_points, parameter_domain
from hogkit.rule_modules import EXAMPLE_NAMES
from hogkit.rules import Rule, family_of
from hogkit.shipped.dice import make_test_dice
from hogkit.turn import MOST_DICE, SIDES, turn_of
from hogkit.variant import Variant, hook_reads, load_variant

RULE_SECONDS = 30.0  # how long one rule's examples and sweeps may take in all
WALL_SECONDS = 300.0  # how long the child may take in all
START_SECONDS = 20.0  # besides the rules' checks: the child's start and the spec's loading
SAMPLES = 2000  # calls of each function students write, drawn from its domains
TAKE_TURN_STEPS = ("roll", "zero", "boost")  # the steps take_turn plays
UPDATE_READS = {"player_score", "opponent_score", "num_rolls"}  # what an update function of play is given


def check_spec(variant: Variant) -> None:
    """Raise HogkitError (one line) at the first thing in VARIANT's spec that cannot work."""
    _check_interface(variant)
    _check_source(variant)
    _check_code(variant)


def _fail(variant: Variant, what: str, fix: str) -> HogkitError:
    return HogkitError(f"{variant.source}: {what}", fix)


# ------------------------------------------------------------------------------- the interface


def _check_interface(variant: Variant) -> None:
    """What the interface gives each rule and problem (see the module's docstring)."""
    interface, turn = variant.interface, turn_of(variant)
    signature = interface.signature("take_turn")
    given = set(bind(signature, GENERATED["take_turn"])) | {"num_rolls", "dice", "points"}
    for rule in variant.rules:
        step = family_of(rule).step
        if step not in TAKE_TURN_STEPS:
            continue
        for name, quantity in hook_reads(rule):
            if quantity not in given:
                takers = sorted(other.name for other in _interfaces() if other.functions.get("take_turn") is not None
                                and quantity in other.functions["take_turn"].names)
                raise _fail(variant, f"{rule.title} ({rule.id}, a {step} rule) reads {quantity} (parameter {name!r}), "
                            f"and the interface {interface.name}'s {signature.text()} is not given it",
                            f"pick an interface whose take_turn takes {quantity} ({', '.join(takers) or 'none yet'}), "
                            f"or give take_turn one in an interface of your own")
    _check_late_size(variant)
    if course_name(variant, "final_strategy") != "final_strategy":
        raise _fail(variant, f"the interface {interface.name} names final_strategy "
                    f"{course_name(variant, 'final_strategy')}, and the contest, calc.py and hogkit winrate call "
                    "every kit's final_strategy by that name", "keep the name final_strategy (its parameters may be "
                    "the course's)")
    if interface.play == "update":
        for rule in variant.rules:
            step = family_of(rule).step
            if step in ("choice", "dice", "bonus", "extra"):
                raise _fail(variant, f"{rule.title} ({rule.id}) is a {step} rule, and the interface {interface.name}'s "
                            "play takes an update function, which plays a turn from the two scores alone",
                            "pick an interface whose play keeps what the rules need (fa19, sp22)")
            if step == "after":
                extra = {quantity for _, quantity in hook_reads(rule)} - UPDATE_READS
                if extra:
                    raise _fail(variant, f"{rule.title} ({rule.id}) reads {', '.join(sorted(extra))}, and the "
                                f"interface {interface.name}'s update function is given only the dice and the "
                                "two scores",
                                "pick an interface whose play keeps what the rules need (fa19, sp22)")
                if "rules_update" not in dict(rule.roles):
                    raise _fail(variant, f"{rule.title} ({rule.id}) names no update function, and the interface "
                                f"{interface.name}'s play takes one", 'give the rule roles=(("rules_update", '
                                '"its_update"),): a function of (num_rolls, player_score, opponent_score, dice) '
                                "that students write")
    if "extra_turn" in interface.functions:
        names = interface.signature("extra_turn").names
        for rule in turn.rules("extra"):
            reads = {quantity for _, quantity in hook_reads(rule)}
            if rule.play_flag or not reads <= {"player_score", "opponent_score"}:
                raise _fail(variant, f"{rule.title} ({rule.id}) reads {', '.join(sorted(reads))}"
                            f"{' and has a keyword of play' if rule.play_flag else ''}, and the interface "
                            f"{interface.name}'s {interface.signature('extra_turn').text()} is given only "
                            f"{', '.join(names)}", "pick an interface whose play asks each extra-turn rule itself")
    for key in interface.functions:
        family, _, part = key[1:].partition(":")
        if key.startswith("@") and part == "strategy":
            for rule in rules_of(variant.rules, (family,))[:1]:
                if not rule.strategy.isidentifier():
                    raise _fail(variant, f"{rule.title} ({rule.id}) names no strategy, and the interface "
                                f"{interface.name} asks for the strategy of its {family} rule",
                                f'give the rule strategy="{rule.id}_strategy" (the name of the function students '
                                "write for it)")
    for key, chosen in interface.templates.items():
        family = key[1:].partition(":")[0]
        if isinstance(chosen, dict) and key in interface.functions:
            for rule in rules_of(variant.rules, (family,))[:1]:
                if rule.kind not in chosen:
                    raise _fail(variant, f"the interface {interface.name} writes the strategy of a {family} rule of "
                                f"kind {', '.join(sorted(chosen))}, and {rule.id} is of kind {rule.kind or 'none'}",
                                f"pick a {family} rule of kind {', '.join(sorted(chosen))}, or an interface with a "
                                f"strategy for kind {rule.kind}")


def _check_late_size(variant: Variant) -> None:
    """Refuse late rules (:attr:`hogkit.turn.Turn.late`) whose tables the exact evaluator and calc.py
    could not hold: one entry for each combination of what they read, each score of the opponent
    and each raw score of the mover."""
    turn = turn_of(variant)
    reads = turn.late_reads()
    if not reads:
        return
    most = max_turn_points(variant)
    sizes = {"num_rolls": MOST_DICE + 1, "points": most + 1, "who": 2}
    keys = math.prod(sizes[key] if isinstance(key, str) else turn.slots[key].memory.size for key in reads)
    entries = keys * variant.goal * (variant.goal + most)
    if entries > LATE_CALLS:
        rules = ", ".join(rule.id for rule in turn.late)
        named = ", ".join(key if isinstance(key, str) else turn.slots[key].memory.argument for key in reads)
        raise _fail(variant, f"the rules after a turn ({rules}) read {named} besides the scores: the exact evaluator "
                    f"and calc.py would tabulate them {entries:,} times (at most {LATE_CALLS:,})",
                    "have them read fewer of these, or remember fewer values")


def _interfaces() -> list[Interface]:
    """HogKit's own interfaces (for a fix that names some)."""
    from_files = []
    for path in sorted(interfaces_dir().glob("*.toml")):
        try:
            from_files.append(load_interface(path.stem, source=path.name))
        except HogkitError:
            continue
    return from_files


# ------------------------------------------------------------------------------- hog.py, read


def _check_source(variant: Variant) -> None:
    """The reference hog.py as the interface lays it out, read for names and calls."""
    try:
        source = render_hog(variant)
    except HogkitError as exc:
        raise _fail(variant, exc.what, exc.fix) from None
    except Exception as exc:  # noqa: BLE001 - a spec HogKit cannot write hog.py for is one line too
        raise _fail(variant, f"hog.py cannot be written for this spec ({type(exc).__name__}: {exc})",
                    "check the rules' names and the interface's [functions] and [[layout]]") from None
    tree = ast.parse(source)
    owners = {fn.__name__: rule for rule in variant.rules for fn in (*rule.functions, rule.hook)}
    problems = first_problems(variant.problems)
    defined: dict[str, ast.FunctionDef] = {}
    module_names = set(dir(builtins)) | {"__name__", "__file__"}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            if node.name in defined:
                raise _fail(variant, f"hog.py would define {node.name} twice ({_whose(node.name, owners, problems)} "
                            "and another function of the kit)", "give one of them another name")
            defined[node.name] = node
        module_names |= _bound(node)
    flags = {rule.play_flag: rule for rule in variant.rules if rule.play_flag}
    for flag, rule in flags.items():
        if flag in defined:
            raise _fail(variant, f"{rule.title}'s keyword of play, {flag}, is also the name of a function of hog.py, "
                        "which play then cannot call", "give the rule another play_flag")
    for node in defined.values():
        local = set().union(*(_bound(inner) for inner in ast.walk(node) if inner is not node)) | _params(node)
        for inner in ast.walk(node):
            if isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Load) and inner.id not in local | module_names:
                raise _fail(variant, f"hog.py's {node.name} ({_whose(node.name, owners, problems)}) uses {inner.id}, "
                            "which hog.py does not define", _undefined_fix(inner.id, owners, variant))
            if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id in defined \
                    and inner.func.id not in local:
                problem = _call_problem(inner, defined[inner.func.id])
                if problem:
                    callee = inner.func.id
                    raise _fail(variant, f"hog.py's {node.name} ({_whose(node.name, owners, problems)}) calls "
                                f"{ast.unparse(inner)}, {problem} of {callee} ({_whose(callee, owners, problems)})",
                                _call_fix(node.name, callee, owners))


def _whose(name: str, owners: dict[str, Rule], problems: dict[str, str]) -> str:
    """Who writes the function NAME of hog.py, in a few words."""
    if name in owners:
        return f"rule {owners[name].id}"
    if name in problems:
        return f"Problem {problems[name].lstrip('0') or '0'}"
    return "given"


def _undefined_fix(name: str, owners: dict[str, Rule], variant: Variant) -> str:
    if name in owners:
        return (f"the interface {variant.interface.name}'s layout has no place for {owners[name].family} rules: add "
                f"\"@{owners[name].family}\" to one of its [[layout]] items, or pick another interface")
    return f"name {name} in the interface's [functions], or rename what calls it"


def _call_fix(caller: str, callee: str, owners: dict[str, Rule]) -> str:
    if callee in owners and caller not in owners:
        rule = owners[callee]
        reads = [quantity for _, quantity in hook_reads(rule)]
        return (f"{caller} asks {callee} about a turn from the two scores alone; a rule whose function reads "
                f"{', '.join(reads)} needs an interface that gives them, or a hook that reads fewer")
    return f"make {caller}'s call fit {callee}'s parameters (in the interface's [functions] or the rule's module)"


def _params(node: ast.FunctionDef | ast.Lambda) -> set[str]:
    args = node.args
    names = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    names += [a.arg for a in (args.vararg, args.kwarg) if a is not None]
    return set(names)


def _bound(node: ast.AST) -> set[str]:
    """The names NODE binds where it stands (a definition, an assignment, an import, a loop...)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    if isinstance(node, ast.Lambda):
        return _params(node)
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return {(alias.asname or alias.name).split(".")[0] for alias in node.names}
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
        return {node.id}
    if isinstance(node, ast.arg):
        return {node.arg}
    if isinstance(node, ast.ExceptHandler) and node.name:
        return {node.name}
    if isinstance(node, (ast.Global, ast.Nonlocal)):
        return set(node.names)
    if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For, ast.With)) or isinstance(node, ast.stmt):
        return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)} | {
            n.name for n in ast.walk(node) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    return set()


def _call_problem(call: ast.Call, callee: ast.FunctionDef) -> str:
    """What is wrong with CALL of CALLEE's parameters ("" when nothing can be told from the text)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return ""
    args = callee.args
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    if len(call.args) > len(positional) and args.vararg is None:
        return f"which gives {len(call.args)} arguments for the {len(positional)} parameters"
    named = {k.arg for k in call.keywords}
    known = set(positional) | {a.arg for a in args.kwonlyargs}
    unknown = sorted(named - known) if args.kwarg is None else []
    if unknown:
        return f"which gives {unknown[0]}, not a parameter"
    required = positional[:len(positional) - len(args.defaults)]
    missing = [name for name in required[len(call.args):] if name not in named]
    missing += [a.arg for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)
                if d is None and a.arg not in named]
    return f"without {', '.join(missing)}, a parameter" if missing else ""


# ------------------------------------------------------------------------------ the code, run


def _check_code(variant: Variant) -> None:
    """The examples, hooks and functions of every rule, run in a child under limits."""
    if variant.path is None:
        return
    wall = min(WALL_SECONDS, seconds(RULE_SECONDS) * len(variant.rules) + START_SECONDS)
    error = run_child([__name__, str(variant.path)], wall=wall, what=f"{variant.source}: checking its rules")
    if error:
        what, _, fix = error.partition(" — ")
        raise HogkitError(what, fix)


class OutOfTime(Exception):  # noqa: N818 - what happened, said as it is
    """A rule's checks ran out of their time."""


def _shown(name: str, args: tuple) -> str:
    return f"{name}({', '.join(repr(a) if not callable(a) else 'dice' for a in args)})"


def _expected(rule: Rule, variant: Variant) -> tuple[str, Callable[[object], bool]]:
    """What RULE's hook must return, in words, and a test of a value."""
    step = family_of(rule).step
    if step in ("dice", "extra") or (step == "after" and rule.kind == "swap"):
        return "True or False", lambda value: type(value) is bool
    if step == "choice":
        legal = variant.legal_rolls
        return f"one of {', '.join(map(str, legal))}", lambda value: type(value) is int and value in legal
    if step == "after" and rule.kind == "scores":
        return "a pair of whole numbers", lambda value: (type(value) is tuple and len(value) == 2
                                                          and all(type(v) is int and v >= 0 for v in value))
    if step in ("zero", "bonus", "after"):
        return "a whole number of at least 0", lambda value: type(value) is int and value >= 0
    return "a whole number", lambda value: type(value) is int


def _hook_calls(variant: Variant, rule: Rule) -> list[tuple]:
    """Every input the engine can give RULE's hook (a roll rule: every roll of 1 to 10 dice)."""
    turn = turn_of(variant)
    domain = turn.hook_domain(rule, most_points=max_turn_points(variant))
    if domain is not None:
        return list(itertools.product(*domain))
    sides = SIDES if turn.rule("dice") is not None else SIDES[:1]
    rolls = [(k, faces) for s in sides for k in range(1, MOST_DICE + 1)
             for faces in itertools.combinations_with_replacement(range(1, s + 1), k)]
    names = [quantity for _, quantity in hook_reads(rule)]
    return [tuple(k if q == "num_rolls" else faces for q in names) for k, faces in rolls]


def _function_calls(variant: Variant, function: Callable, rng: random.Random) -> tuple[list[tuple], str]:
    """Calls of FUNCTION drawn from its parameters' domains (all of them when few), or [] and the
    parameter whose domain no rule or name states."""
    values = []
    for param in inspect.signature(function).parameters.values():  # what the grader's sweeps give (building)
        if (param.default is not param.empty and param.name != "dice") or param.kind in (param.VAR_POSITIONAL,
                                                                                      param.VAR_KEYWORD):
            continue
        try:
            domain = parameter_domain(variant, function.__name__, param.name)
        except KeyError:
            return [], param.name
        if isinstance(domain, TestDice):
            values.append([make_test_dice(*domain.sample(rng)) for _ in range(6)])
        else:
            values.append(list(domain.values()))
    size = 1
    for found in values:
        size *= len(found)
    if size <= SAMPLES:
        return list(itertools.product(*values)), ""
    return [tuple(rng.choice(found) for found in values) for _ in range(SAMPLES)], ""


def _check_rule(variant: Variant, rule: Rule) -> str:
    """What is wrong with RULE's code in one line ("what — fix"), or ""."""
    where = f"{variant.source}: rule {rule.id}"
    names = {**EXAMPLE_NAMES, **{fn.__name__: fn for fn in rule.functions}, rule.hook_name: rule.hook}
    current, done = "", 0  # the call being made, and how many calls of its sweep came before it
    try:
        for example in rule.examples:
            done = 0
            if example.requires:  # it calls the kit's other functions: checked with hog.py's tests
                continue
            current = example.call
            try:
                got = eval(example.call, {"__builtins__": builtins, **names})  # noqa: S307 - the instructor's own text
            except NameError as exc:
                if _kit_name(exc, rule):
                    continue
                raise
            if got != example.expect:
                return (f"{where}: example {example.call} gives {got!r}, not {example.expect!r} — "
                        "fix the rule or its example")
        words, good = _expected(rule, variant)
        printed = io.StringIO()
        for done, args in enumerate(_hook_calls(variant, rule)):  # noqa: B007 - read when time runs out
            current = _shown(rule.hook_name, args)
            given = tuple(make_test_dice(*a) if isinstance(a, tuple) else a for a in args)
            with contextlib.redirect_stdout(printed):
                value = rule.hook(*given)
            if not good(value):
                return (f"{where}: {current} returned {type(value).__name__} {value!r:.40}, not {words} — make "
                        f"{rule.hook_name} return {words} for every input the engine gives it")
            if printed.tell():
                return (f"{where}: {current} printed {printed.getvalue()[:30]!r}... — a hook must not print: the "
                        "game, the evaluator and calc.py call it thousands of times")
        rng = random.Random(f"{variant.name}-{rule.id}")
        for function in rule.functions:
            if not written(function) or function.__name__ in rule.helpers:  # the grader sweeps what students write
                continue
            calls, unknown = _function_calls(variant, function, rng)
            if unknown:
                return (f"{where}: {function.__name__} takes {unknown!r}, whose values no domain states — name it "
                        f"after a quantity, or declare them: domains=((\"{function.__name__}.{unknown}\", \"0..99\"),)")
            for done, args in enumerate(calls):  # noqa: B007 - read when time runs out
                current = _shown(function.__name__, args)
                try:
                    function(*args)
                except NameError as exc:
                    if _kit_name(exc, rule):
                        break
                    raise
    except OutOfTime:
        limit = seconds(RULE_SECONDS)
        if done:
            return (f"{where}: its checks took more than {limit:g} s ({done:,} calls answered, then {current}) — "
                    "make the rule's functions answer faster: the engine calls them thousands of times")
        return (f"{where}: {current} gave no answer within {limit:g} s — make the rule's functions answer "
                "quickly for every input")
    except Exception as exc:  # noqa: BLE001 - whatever the instructor's code raises is one line
        raised = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        return f"{where}: {current} raised {raised} — fix the rule so that it answers this call"
    return ""


def _kit_name(error: NameError, rule: Rule) -> bool:
    """Whether ERROR is a function of the kit's hog.py (take_turn) that RULE's code calls: such
    code is checked with hog.py's own tests, where the name is defined."""
    return error.name is not None and error.name not in vars(sys.modules[rule.hook.__module__])


def _on_alarm(signum: int, frame: object) -> None:
    raise OutOfTime


def child_main(argv: list[str]) -> int:
    """``python -m hogkit.generate.spec_check SPEC RESULT``: the code checks, in the child."""
    spec, result = argv
    sys.stdout = sys.stderr = open("/dev/null", "w")  # noqa: SIM115 - the child's prints go nowhere
    signal.signal(signal.SIGALRM, _on_alarm)
    error = ""
    try:
        variant = load_variant(spec)
        for rule in variant.rules:
            signal.setitimer(signal.ITIMER_REAL, seconds(RULE_SECONDS))
            error = _check_rule(variant, rule)
            signal.setitimer(signal.ITIMER_REAL, 0)
            if error:
                break
    except HogkitError as exc:
        error = exc.line()
    Path(result).write_text(json.dumps({"error": error} if error else {}), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(child_main(sys.argv[1:]))
