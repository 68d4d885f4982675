"""contest_check: is a Hog contest entry valid? (standard library only)

    python3 contest_check.py                 check hog_contest.py in this folder
    python3 contest_check.py my_entry.py     check another file
    python3 ok --contest                     the same, from the kit's checker

The entry is imported and questioned in a separate Python process, started in an empty
temporary folder, so a hang, a crash or stray files cannot harm the folder you work in. Every
problem found is printed as one line; the exit status is 0 for a valid entry and 1 otherwise.

HogKit's own ``hogkit contest check`` runs this same module, with the limits of the grader added.
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

Answers = dict[tuple[int, int], object]

# The rules of this kit's contest (filled in when the kit is built).
CONTEST: dict = {'goal': 100, 'legal': [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 'field': 'PLAYER_NAME', 'name_limit': 100, 'budget': 10.0}
ENTRY = "entry.py"
TIMEOUT = 40.0  # seconds the whole check may take before the entry counts as hanging


def legal_text(legal: list[int] | tuple[int, ...]) -> str:
    """How to say which numbers of dice are allowed, e.g. ``0 to 10``."""
    return f"{legal[0]} to {legal[-1]}"


def answer_table(strategy: Callable, goal: int, legal: list[int] | tuple[int, ...], *, name: str = "final_strategy",
                 pairs: list[tuple[int, int]] | None = None,
                 budget: float | None = None) -> tuple[Answers | None, str | None]:
    """Ask STRATEGY at every pair of scores below GOAL (in the order of PAIRS, if given).

    Returns ``(answers, problem)``: answers maps (score, opponent_score) to the choice, and
    problem is None or one line about the first call that returned something other than one of
    LEGAL. If a call raises an error, or the calls take BUDGET seconds of CPU time or more (time
    this process spends, so a busy machine does not count), answers is None and the problem says
    so. What the strategy prints is thrown away.
    """
    if pairs is None:
        pairs = [(s, o) for s in range(goal) for o in range(goal)]
    answers, illegal = {}, None
    real = sys.stdout
    sys.stdout = io.StringIO()
    deadline = None if budget is None else time.process_time() + budget
    try:
        for done, (s, o) in enumerate(pairs):
            if deadline is not None and time.process_time() >= deadline:
                return None, (f"answering {done} of {len(pairs)} pairs took {budget:g} s — {name} must answer all "
                              f"{len(pairs)} in less than {budget:g} s")
            try:
                choice = strategy(s, o)
            except BaseException as exc:  # noqa: BLE001 - an entry may raise anything, even SystemExit
                raised = f"{type(exc).__name__}: {exc}"
                return None, f"{name}({s}, {o}) raises {raised} — it must answer every pair of scores"
            if illegal is None and (type(choice) is not int or choice not in legal):
                illegal = f"{name}({s}, {o}) returns {choice!r} — it must return one of {legal_text(legal)}"
            answers[(s, o)] = choice
    finally:
        sys.stdout = real
    return answers, illegal


def as_rows(answers: Answers, goal: int) -> list[list]:
    """The answers as a table: one list per score, one choice per opponent's score."""
    return [[answers[(s, o)] for o in range(goal)] for s in range(goal)]


def check_strategy(strategy: object, goal: int, legal: list[int], budget: float) -> tuple[list[str], list[list] | None]:
    """Every problem with a final_strategy (a list of lines), and its table when there is none."""
    problems = []
    if not callable(strategy):
        return ["final_strategy is missing — define final_strategy(score, opponent_score)"], None
    pairs = [(s, o) for s in range(goal) for o in range(goal)]
    first, problem = answer_table(strategy, goal, legal, pairs=pairs, budget=budget)
    if first is None:  # a call raised an error, or the calls took too long: nothing more to ask
        return [problem], None
    if problem:
        problems.append(problem)
    second, _ = answer_table(strategy, goal, legal, pairs=pairs)
    shuffled = pairs[:]
    random.Random(0).shuffle(shuffled)
    third, _ = answer_table(strategy, goal, legal, pairs=shuffled)
    if second is None or second != first:
        problems.append("two calls with the same scores disagree — final_strategy must be deterministic")
    elif third is None or third != first:
        problems.append("answers depend on the order of calls — final_strategy must not keep state")
    return problems, (None if problems else as_rows(first, goal))


def name_problem(name: object, field: str, limit: int) -> str | None:
    """What is wrong with an entry's name (the value of FIELD), as one line, or None when the
    contest can publish it as it is: a string of at most LIMIT printable characters, not blank."""
    fill = f"fill in {field} = 'your entry name'"
    if name is None:
        return f"{field} is missing — {fill}"
    if not isinstance(name, str):
        return f"{field} is a {type(name).__name__}, not a string — {fill}"
    if not name.strip():
        return f"{field} is empty — {fill}"
    if len(name) > limit:
        return f"{field} has {len(name)} characters — shorten it to at most {limit}"
    if not name.isprintable():
        bad = next(c for c in name if not c.isprintable())
        return (f"{field} holds a character that cannot be printed ({bad!r}) — use letters, digits, spaces "
                "and punctuation")
    return None


def check_here(config: dict) -> dict:
    """Import ./entry.py and check it (run in the child process); return the result as a dict.

    CONFIG has the contest's ``goal``, ``legal`` choices, name ``field`` (None: no name is
    needed), the longest name (``name_limit``) and the time ``budget``.
    """
    goal, legal, field, budget = config["goal"], config["legal"], config["field"], config["budget"]
    problems, touched = [], []

    def hook(event: str, args: tuple) -> None:
        if event == "open" and len(args) > 1 and isinstance(args[1], str) and any(c in args[1] for c in "wax+"):
            touched.append(str(args[0]))
        elif event in ("os.remove", "os.rename", "os.mkdir", "shutil.rmtree"):
            touched.append(str(args[0]))

    sys.addaudithook(hook)
    out, real, real_err = io.StringIO(), sys.stdout, sys.stderr
    sys.stdout = sys.stderr = out
    try:
        import importlib.util

        spec = importlib.util.spec_from_file_location("entry", ENTRY)
        module = importlib.util.module_from_spec(spec)
        sys.path.insert(0, os.getcwd())  # the modules that came with it (a kit's hog.py imports dice)
        spec.loader.exec_module(module)
    except BaseException as exc:  # noqa: BLE001 - the entry may raise anything while importing
        return {"problems": [f"the entry does not import: {type(exc).__name__}: {exc}"], "table": None}
    finally:
        sys.stdout, sys.stderr = real, real_err
    if out.getvalue():
        problems.append("importing the entry prints output — remove the print calls at the top level")
    if touched:
        problems.append(f"importing the entry touches files ({touched[0]}) — do not open or write files")
    name = getattr(module, field, None) if field else None
    naming = name_problem(name, field, config["name_limit"]) if field else None
    more, table = check_strategy(getattr(module, "final_strategy", None), goal, legal, budget)
    # the table goes back whenever the entry is sound but for its name: a tournament can still
    # rank it (under its file's name) and report the name
    sound = not problems and not more
    return {"problems": problems + ([naming] if naming else []) + more, "table": table if sound else None,
            "name": name if isinstance(name, str) else None, "name_problem": naming}


def child_main(argv: list[str]) -> int:
    """The child process: check ./entry.py with the JSON config in ARGV; print one JSON line."""
    result = check_here(json.loads(argv[0]))
    sys.stdout.write(json.dumps(result) + "\n")
    sys.stdout.flush()
    return 0


def run_check(path: str | Path, config: dict, *, timeout: float = TIMEOUT, env: dict | None = None,
              preexec_fn: Callable[[], None] | None = None) -> dict:
    """Check the entry at PATH in a child process; return ``{"problems", "table", "name"}``.

    The child is ``python -I -B`` running this module's own source in an empty temporary folder
    that holds a copy of the entry. ENV (default: this process's environment) and PREEXEC_FN
    (e.g. resource limits) are passed to the child.
    """
    path = Path(path)
    if not path.is_file():
        return {"problems": [f"{path} does not exist — give the path of a .py entry"], "table": None}
    source = Path(__file__).read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="hog-entry-") as tmp:
        Path(tmp, ENTRY).write_bytes(path.read_bytes())
        command = [sys.executable, "-I", "-B", "-c", source, "--child", json.dumps(config)]
        try:
            done = subprocess.run(command, cwd=tmp, capture_output=True, timeout=timeout, text=True, check=False,
                                  env=dict(os.environ) if env is None else env, preexec_fn=preexec_fn)
        except subprocess.TimeoutExpired:
            return {"problems": [f"the check did not finish within {timeout:g} s — final_strategy must answer all "
                                 f"{config['goal'] ** 2} pairs in less than {config['budget']:g} s"], "table": None}
    try:
        result = json.loads(done.stdout.strip().splitlines()[-1])
        if not isinstance(result, dict) or not isinstance(result.get("problems"), list):
            raise ValueError
    except (IndexError, ValueError):
        return {"problems": [f"the entry crashed the checker (exit {done.returncode}) — run it on its own"],
                "table": None}
    return result


def report(path: str | Path, config: dict, *, out: TextIO | None = None, timeout: float = TIMEOUT) -> int:
    """Check the entry at PATH and print the verdict, one line per problem; return 0 or 1."""
    out = out or sys.stdout
    result = run_check(path, config, timeout=timeout)
    for line in result["problems"]:
        print(f"FAIL {line}", file=out)
    if not result["problems"]:
        named = f" named {result['name']!r}" if result.get("name") is not None else ""
        print(f"{Path(path).name}: ok — a valid contest entry{named} (final_strategy answers all "
              f"{config['goal'] ** 2} pairs with {legal_text(config['legal'])} dice in less than "
              f"{config['budget']:g} s)", file=out)
    return 1 if result["problems"] else 0


def main(argv: list[str] | None = None) -> int:
    """``python3 contest_check.py [FILE]``; the child process runs ``--child CONFIG``."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        return child_main(argv[1:])
    if not CONTEST:
        print("error: this contest_check.py does not know its contest's rules — use the copy in your kit",
              file=sys.stderr)
        return 2
    if len(argv) > 1 or (argv and argv[0].startswith("-")):
        print("error: give at most one file — python3 contest_check.py [FILE]", file=sys.stderr)
        return 2
    here = Path(__file__).resolve().parent
    return report(Path(argv[0]) if argv else here / "hog_contest.py", CONTEST)


if __name__ == "__main__":
    sys.exit(main())
