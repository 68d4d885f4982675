"""Contest entries: check one, turn each into a table in a sandboxed child, run tournaments.

An entry is loaded only in a child started like a graded copy (:func:`graders.sandbox.run_once`:
the operating system's isolation, the seccomp filter and the per-process limits of grading, and a
limit on its own time, never a neighbour's: :mod:`graders.meter`). The
child imports it, checks it and prints either its table or the list of problems, one line each,
as JSON. The parent trusts none of it: the output is bounded, parsed with :mod:`graders.untrusted`,
every problem line is cleaned, and a table must have the contest's shape and legal choices.
"""

from __future__ import annotations

import ast
import html
import json
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path

import numpy as np

from graders.cells import table
from graders.files import write_atomic
from graders.intake import Refused, read_source
from graders.isolation import Caps, Isolation, detect
from graders.sandbox import run_once
from graders.untrusted import Untrusted, clean, load_json
from hogkit.contest_rules import NAME_LIMIT, contest_settings
from hogkit.errors import HogkitError
from hogkit.exact import figures_against
from hogkit.shipped import contest_check
from hogkit.variant import Variant

OWN_TIMEOUT = 40.0  # seconds of the child's own time: the table is asked for three times
MATCH_THRESHOLD = 0.500001
CAPS = replace(Caps(), cpu_seconds=45)  # grading's memory, process and file limits
MAX_OUTPUT = 4 * 1024 * 1024


def _problem(line: str) -> dict:
    return {"problems": [line], "table": None, "name": None}


def _verdict(data: object, settings: dict) -> dict:
    """The child's verdict, checked: problems are short clean lines, a table (given when the
    strategy is sound, even if the name is not) is GOAL x GOAL legal ints."""
    if not isinstance(data, dict) or not isinstance(data.get("problems"), list):
        raise Untrusted("not a verdict")
    problems = [clean(p, limit=300, newlines=False) for p in data["problems"][:20]]
    name, naming = data.get("name"), data.get("name_problem")
    name = clean(name, limit=NAME_LIMIT + 20, newlines=False) if isinstance(name, str) else None
    naming = clean(naming, limit=300, newlines=False) if isinstance(naming, str) else None
    table = data.get("table")
    goal, legal = settings["goal"], set(settings["legal"])
    if table is not None:
        good = (isinstance(table, list) and len(table) == goal
                and all(isinstance(row, list) and len(row) == goal for row in table)
                and all(type(v) is int and v in legal for row in table for v in row))
        if not good:
            raise Untrusted("a table of the wrong shape")
    if not problems and table is None:
        raise Untrusted("a sound entry without its table")
    return {"problems": problems, "table": table, "name": name, "name_problem": naming}


def modules_beside(path: Path, source: bytes) -> dict[str, bytes]:
    """The modules beside PATH that its SOURCE imports, and those they import in turn (a kit's
    ``hog.py`` imports ``dice`` and ``ucb``), by file name; none named like the check's own files."""
    found: dict[str, bytes] = {}
    todo = [source]
    while todo:
        try:
            tree = ast.parse(todo.pop())
        except (SyntaxError, ValueError):
            continue  # the child says what is wrong with it
        names = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for alias in node.names}
        names |= {node.module.split(".")[0] for node in ast.walk(tree)
                  if isinstance(node, ast.ImportFrom) and node.module and not node.level}
        for name in sorted(names):
            file = f"{name}.py"
            if file in found or file in OWN_FILES or not (Path(path).parent / file).is_file():
                continue
            try:
                found[file] = read_source(Path(path).parent / file)
            except Refused:
                continue
            todo.append(found[file])
    return found


OWN_FILES = ("entry.py", "contest_check.py")  # the files the check's child runs


def inspect_entry(path: Path, variant: Variant, *, timeout: float = OWN_TIMEOUT, named: bool = True,
                  isolation: Isolation | None = None, beside: bool = False) -> dict:
    """Load and check the entry at PATH in a sandboxed child; return ``{"problems", "table", "name"}``.

    The checks live in the kit module :mod:`hogkit.shipped.contest_check`, which the student kit's
    ``python3 ok --contest`` runs too; here it runs in the grader's sandbox. NAMED: whether the
    entry must set its name field. BESIDE: the modules beside it that it imports go with it (a
    kit's ``hog.py`` and its ``dice.py``; a contest entry imports none). A PATH that does not exist
    is the caller's mistake, not the entry's: a HogkitError; a link or a file that is not regular is
    the entry's problem.
    """
    if not Path(path).exists() and not Path(path).is_symlink():
        raise HogkitError(f"{path} does not exist", "give the path of a .py file with final_strategy")
    try:
        source = read_source(Path(path))
    except Refused as exc:
        return _problem(exc.line())
    settings = contest_settings(variant) | ({} if named else {"field": None})
    checker = Path(contest_check.__file__).read_bytes()
    done = run_once(["contest_check.py", "--child", json.dumps(settings)],
                    files={**(modules_beside(Path(path), source) if beside else {}), "entry.py": source,
                           "contest_check.py": checker},
                    isolation=isolation or detect(), caps=CAPS, timeout=timeout, max_output=MAX_OUTPUT)
    if done.status == "timeout":
        return _problem(f"the check did not finish within {timeout:g} s — final_strategy must answer all "
                        f"{settings['goal'] ** 2} pairs in less than {settings['budget']:g} s")
    lines = done.stdout.strip().splitlines()
    try:
        if done.status != "ok" or not lines:
            raise Untrusted("no verdict")
        return _verdict(load_json(lines[-1]), settings)
    except Untrusted:
        return _problem(f"the entry crashed the checker (exit {done.returncode}) — run it on its own")


def check_entry(path: Path, variant: Variant, *, isolation: Isolation | None = None) -> list[str]:
    """Every problem with the entry at PATH, one line each (empty when it is a valid entry)."""
    return inspect_entry(path, variant, isolation=isolation)["problems"]


def load_entry_table(path: Path, variant: Variant, *, isolation: Isolation | None = None) -> np.ndarray:
    """The table of the final_strategy of the file at PATH (a contest entry, or a kit's ``hog.py``
    with the modules beside it that it imports; checked as an entry, though it needs no name), or
    a HogkitError naming its first problem."""
    result = inspect_entry(path, variant, named=False, isolation=isolation, beside=True)
    if result["problems"]:
        what, _, fix = result["problems"][0].partition(" — ")
        raise HogkitError(f"{Path(path).name}: {what}", fix or "fix the entry and try again")
    return np.array(result["table"], dtype=np.int64)


def _row_figures(variant: Variant, first: np.ndarray, others: np.ndarray) -> list[float]:
    """Contest figures of FIRST against each of OTHERS (run in a worker process)."""
    return figures_against(variant, first, others).tolist()


@dataclass(frozen=True)
class Entry:
    """A valid entry of a tournament: its file, the name it is ranked under (its name field; its
    file's name when that is unusable; the file added when two entries share a name), its table
    and what is wrong with its name, if anything (one line, for the results)."""

    file: str
    name: str
    table: np.ndarray
    note: str = ""


def name_entries(loaded: list[tuple[Path, dict]], field: str) -> list[Entry]:
    """The ENTRIES (each file with its check result) under the names they are ranked by: the
    value of FIELD, or the file's name where that value cannot be published; names that two
    entries share (ignoring case and spaces around them) get the file added, and a note."""
    entries = []
    for path, result in loaded:
        problem = result.get("name_problem")
        name = path.stem if problem else result["name"].strip()
        note = f"ranked under its file's name: {problem}" if problem else ""
        entries.append(Entry(path.name, name, np.array(result["table"], dtype=np.int64), note))
    shared: dict[str, list[int]] = {}
    for i, entry in enumerate(entries):
        shared.setdefault(entry.name.casefold(), []).append(i)
    for same in (group for group in shared.values() if len(group) > 1):
        files = ", ".join(entries[i].file for i in same)
        for i in same:
            entry = entries[i]
            note = "; ".join(filter(None, [entry.note, f"{field} {entry.name!r} is shared by {files}"]))
            entries[i] = Entry(entry.file, f"{entry.name} ({entry.file})", entry.table, note)
    taken: set[str] = set()
    for i, entry in enumerate(entries):  # a name could still equal another made up above
        if entry.name in taken:
            entries[i] = Entry(entry.file, f"{entry.name} [{entry.file}]", entry.table, entry.note)
        taken.add(entries[i].name)
    return entries


def run_tournament(entries: Path, *, variant: Variant, out: Path, resume: bool = False, jobs: int = 1,
                   say=print, isolation: Isolation | None = None) -> list[tuple[str, int, float]]:
    """Evaluate every pair of valid entries exactly; write ranking, CSV matrix and HTML page.

    Entries are ranked under their names (see :func:`name_entries`); an entry whose strategy is
    unsound is left out, with the reason. Row I of the matrix (entry I against every later
    entry, both seatings) is one job; JOBS worker processes share them. Finished rows are kept in
    ``OUT/progress.json``, so ``resume`` skips them.
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    files = sorted(Path(entries).glob("*.py"))
    if not files:
        raise HogkitError(f"no .py entries in {entries}", "put one .py file per entry in the folder")
    loaded, excluded = [], {}
    isolation = isolation or detect()
    # each entry is checked in a sandboxed child of its own; JOBS of them run at once
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as threads:
        results = threads.map(lambda path: inspect_entry(path, variant, isolation=isolation), files)
        for i, (path, result) in enumerate(zip(files, results, strict=True), 1):
            shown = clean(path.name, limit=120, newlines=False)
            if result["table"] is None:
                excluded[shown] = result["problems"][0]
                say(f"[{i}/{len(files)}] excluded {shown}: {result['problems'][0]}")
            else:
                loaded.append((path, result))
                say(f"[{i}/{len(files)}] loaded {shown}")
    field = variant.contest_name_field
    board = name_entries(loaded, field)
    for entry in board:
        if entry.note:
            say(f"name of {entry.file}: {entry.note} (ranked as {entry.name!r})")
    keys, names = [entry.file for entry in board], [entry.name for entry in board]
    progress_path = out / "progress.json"
    done: dict[str, list[float]] = {}
    if resume and progress_path.is_file():
        saved = json.loads(progress_path.read_text(encoding="utf-8"))
        if saved.get("entries") == keys and saved.get("variant") == variant.name:
            done = saved["rows"]
    n = len(board)
    matrix = np.full((n, n), 0.5)
    stack = np.stack([entry.table for entry in board]) if board else np.zeros((0, variant.goal, variant.goal),
                                                                              dtype=np.int64)
    todo = [i for i in range(n - 1) if keys[i] not in done]
    pairs_total = n * (n - 1) // 2
    pairs_done = pairs_total - sum(n - 1 - i for i in todo)
    for i, key in enumerate(keys):
        if key in done:
            matrix[i, i + 1:] = done[key]
    started = time.perf_counter()
    try:
        with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
            futures = {pool.submit(_row_figures, variant, stack[i], stack[i + 1:]): i for i in todo}
            for future in as_completed(futures):
                i = futures[future]
                matrix[i, i + 1:] = future.result()
                done[keys[i]] = matrix[i, i + 1:].tolist()
                write_atomic(progress_path, json.dumps({"variant": variant.name, "entries": keys, "rows": done}))
                pairs_done += n - 1 - i
                bar = "#" * (20 * pairs_done // max(pairs_total, 1))
                say(f"[{bar:20}] {pairs_done}/{pairs_total} pairs, {time.perf_counter() - started:.0f} s: {names[i]}")
    except KeyboardInterrupt:
        raise HogkitError(f"interrupted after {pairs_done} of {pairs_total} pairs (kept in {progress_path})",
                          "run the same command again with --resume to finish", status=130) from None
    lower = np.tril_indices(n, -1)
    matrix[lower] = 1 - matrix.T[lower]
    points = [(names[i], int(sum(matrix[i, j] > MATCH_THRESHOLD for j in range(n) if j != i)),
               float(np.mean([matrix[i, j] for j in range(n) if j != i])) if n > 1 else 0.5)
              for i in range(n)]
    ranking = sorted(points, key=lambda r: (-r[1], -r[2], r[0]))
    _write_results(out, board, matrix, ranking, excluded, variant)
    for rank, (name, wins, mean) in enumerate(ranking, 1):
        say(f"{rank:3}. {name:30} {wins:4} wins  mean figure {mean:.4f}")
    return ranking


def _write_results(out: Path, board: list[Entry], matrix: np.ndarray, ranking: list[tuple[str, int, float]],
                   excluded: dict[str, str], variant: Variant) -> None:
    """ranking.csv, matrix.csv and index.html with a heat map of the figures; each entry goes by
    its name, and ranking.csv and the page also give its file and any note about its name."""
    names = [entry.name for entry in board]
    by_name = {entry.name: entry for entry in board}
    # figures as numbers with a fixed number of decimals (a Decimal is a number to the CSV writer)
    write_atomic(out / "matrix.csv", table([["entry", *names]] + [[name, *(Decimal(f"{x:.9f}") for x in row)]
                                                                  for name, row in zip(names, matrix, strict=True)]))
    write_atomic(out / "ranking.csv", table([["rank", "entry", "wins", "mean_figure", "file", "note"]] + [
        [rank, name, wins, Decimal(f"{mean:.6f}"), by_name[name].file, by_name[name].note]
        for rank, (name, wins, mean) in enumerate(ranking, 1)]))
    order = [names.index(name) for name, _, _ in ranking]
    cells = []
    for i in order:
        tds = []
        for j in order:
            x = matrix[i, j]
            hue = int(120 * x)  # red (0) to green (120)
            tds.append(f'<td style="background:hsl({hue},70%,75%)" title="{x:.6f}">{x:.3f}</td>')
        cells.append(f"<tr><th>{html.escape(names[i])}</th>{''.join(tds)}</tr>")
    header = "".join(f"<th>{html.escape(names[j])}</th>" for j in order)
    board_rows = "".join(f"<tr><td>{r}</td><td>{html.escape(n)}</td><td>{w}</td><td>{m:.4f}</td></tr>"
                         for r, (n, w, m) in enumerate(ranking, 1))
    skipped = "".join(f"<li>{html.escape(k)}: {html.escape(v)}</li>" for k, v in excluded.items())
    notes = "".join(f"<li>{html.escape(e.file)}: {html.escape(e.note)}</li>" for e in board if e.note)
    page = f"""<!doctype html><html><head><meta charset="utf-8"><title>Hog contest: {variant.name}</title>
<style>body{{font-family:sans-serif}}td,th{{padding:2px 6px;font-size:12px}}</style></head><body>
<h1>Hog contest ({html.escape(variant.title)})</h1>
<p>A win is a contest figure above {MATCH_THRESHOLD}; ties count as losses.</p>
<table><tr><th>rank</th><th>entry</th><th>wins</th><th>mean figure</th></tr>{board_rows}</table>
<h2>Win rates (row against column)</h2><table><tr><th></th>{header}</tr>{''.join(cells)}</table>
<h2>Names to check</h2><ul>{notes or '<li>none</li>'}</ul>
<h2>Excluded</h2><ul>{skipped or '<li>none</li>'}</ul></body></html>"""
    (out / "index.html").write_text(page, encoding="utf-8")
