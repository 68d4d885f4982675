"""Contest entries: check one, turn each into a table in a sandboxed child, run tournaments.

An entry is loaded only in a child started like a graded copy (:func:`graders.sandbox.run_once`:
the operating system's isolation, CPU, memory, file-size and process limits, a wall timeout). The
child imports it, checks it and prints either its table or the list of problems, one line each,
as JSON. The parent trusts none of it: the output is bounded, parsed with :mod:`graders.untrusted`,
every problem line is cleaned, and a table must have the contest's shape and legal choices.
"""

from __future__ import annotations

import csv
import html
import json
import time
from pathlib import Path

import numpy as np

from graders.intake import Refused, read_source
from graders.isolation import Caps, Isolation, detect
from graders.sandbox import run_once
from graders.untrusted import Untrusted, clean, load_json
from hogkit.errors import HogkitError
from hogkit.kit import contest_check
from hogkit.variant import Variant

TIME_BUDGET = 10.0
WALL_TIMEOUT = 40.0
MATCH_THRESHOLD = 0.500001
CAPS = Caps(cpu_seconds=60, memory_bytes=1024 * 1024 * 1024, processes=256, file_bytes=1024 * 1024)
MAX_OUTPUT = 4 * 1024 * 1024


def _problem(line: str) -> dict:
    return {"problems": [line], "table": None, "name": None}


def _verdict(data: object, settings: dict) -> dict:
    """The child's verdict, checked: problems are short clean lines, a table is GOAL x GOAL legal ints."""
    if not isinstance(data, dict) or not isinstance(data.get("problems"), list):
        raise Untrusted("not a verdict")
    problems = [clean(p, limit=300, newlines=False) for p in data["problems"][:20]]
    name = data.get("name")
    name = clean(name, limit=100, newlines=False) if isinstance(name, str) else None
    table = data.get("table")
    goal, legal = settings["goal"], set(settings["legal"])
    if not problems:
        good = (isinstance(table, list) and len(table) == goal
                and all(isinstance(row, list) and len(row) == goal for row in table)
                and all(type(v) is int and v in legal for row in table for v in row))
        if not good:
            raise Untrusted("a table of the wrong shape")
    return {"problems": problems, "table": None if problems else table, "name": name}


def inspect_entry(path: Path, variant: Variant, *, timeout: float = WALL_TIMEOUT, named: bool = True,
                  isolation: Isolation | None = None) -> dict:
    """Load and check the entry at PATH in a sandboxed child; return ``{"problems", "table", "name"}``.

    The checks live in the kit module :mod:`hogkit.kit.contest_check`, which the student kit's
    ``python3 ok --contest`` runs too; here it runs in the grader's sandbox. NAMED: whether the
    entry must set its name field. A PATH that does not exist is the caller's mistake, not the
    entry's: a HogkitError; a link or a file that is not regular is the entry's problem.
    """
    from hogkit.generate.calc_step import contest_settings

    if not Path(path).exists() and not Path(path).is_symlink():
        raise HogkitError(f"{path} does not exist", "give the path of a .py file with final_strategy")
    try:
        source = read_source(Path(path))
    except Refused as exc:
        return _problem(exc.line())
    settings = contest_settings(variant) | ({} if named else {"field": None})
    checker = Path(contest_check.__file__).read_bytes()
    done = run_once(["contest_check.py", "--child", json.dumps(settings)],
                    files={"entry.py": source, "contest_check.py": checker},
                    isolation=isolation or detect(), caps=CAPS, timeout=timeout, max_output=MAX_OUTPUT)
    if done.status == "timeout":
        return _problem(f"the entry did not finish within {timeout:.0f} s — it hangs or is too slow")
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
    """The table of the strategy file at PATH (checked as an entry, though it needs no name), or
    a HogkitError naming its first problem."""
    result = inspect_entry(path, variant, named=False, isolation=isolation)
    if result["problems"]:
        what, _, fix = result["problems"][0].partition(" — ")
        raise HogkitError(f"{Path(path).name}: {what}", fix or "fix the entry and try again")
    return np.array(result["table"], dtype=np.int64)


def _row_figures(variant: Variant, first: np.ndarray, others: np.ndarray) -> list[float]:
    """Contest figures of FIRST against each of OTHERS (run in a worker process)."""
    from hogkit.exact import figures_against

    return figures_against(variant, first, others).tolist()


def run_tournament(entries: Path, *, variant: Variant, out: Path, resume: bool = False, jobs: int = 1,
                   say=print, isolation: Isolation | None = None) -> list[tuple[str, int, float]]:
    """Evaluate every pair of valid entries exactly; write ranking, CSV matrix and HTML page.

    Row I of the matrix (entry I against every later entry, both seatings) is one job; JOBS
    worker processes share them. Finished rows are kept in ``OUT/progress.json``, so ``resume``
    skips them.
    """
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor, as_completed

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    files = sorted(Path(entries).glob("*.py"))
    if not files:
        raise HogkitError(f"no .py entries in {entries}", "put one .py file per entry in the folder")
    names, tables, excluded = [], [], {}
    isolation = isolation or detect()
    # each entry is checked in a sandboxed child of its own; JOBS of them run at once
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as threads:
        results = threads.map(lambda path: inspect_entry(path, variant, isolation=isolation), files)
        for i, (path, result) in enumerate(zip(files, results, strict=True), 1):
            shown = clean(path.name, limit=120, newlines=False)
            if result["problems"]:
                excluded[shown] = result["problems"][0]
                say(f"[{i}/{len(files)}] excluded {shown}: {result['problems'][0]}")
            else:
                names.append(clean(path.stem, limit=120, newlines=False))
                tables.append(np.array(result["table"], dtype=np.int64))
                say(f"[{i}/{len(files)}] loaded {shown}")
    progress_path = out / "progress.json"
    done: dict[str, list[float]] = {}
    if resume and progress_path.is_file():
        saved = json.loads(progress_path.read_text(encoding="utf-8"))
        if saved.get("names") == names and saved.get("variant") == variant.name:
            done = saved["rows"]
    n = len(names)
    matrix = np.full((n, n), 0.5)
    stack = np.stack(tables) if tables else np.zeros((0, variant.goal, variant.goal), dtype=np.int64)
    todo = [i for i in range(n - 1) if names[i] not in done]
    pairs_total = n * (n - 1) // 2
    pairs_done = pairs_total - sum(n - 1 - i for i in todo)
    for i, name in enumerate(names):
        if name in done:
            matrix[i, i + 1:] = done[name]
    started = time.perf_counter()
    try:
        with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
            futures = {pool.submit(_row_figures, variant, stack[i], stack[i + 1:]): i for i in todo}
            for future in as_completed(futures):
                i = futures[future]
                matrix[i, i + 1:] = future.result()
                done[names[i]] = matrix[i, i + 1:].tolist()
                tmp = progress_path.with_suffix(".tmp")
                tmp.write_text(json.dumps({"variant": variant.name, "names": names, "rows": done}), encoding="utf-8")
                tmp.replace(progress_path)
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
    _write_results(out, names, matrix, ranking, excluded, variant)
    for rank, (name, wins, mean) in enumerate(ranking, 1):
        say(f"{rank:3}. {name:30} {wins:4} wins  mean figure {mean:.4f}")
    return ranking


def _write_results(out: Path, names, matrix, ranking, excluded, variant) -> None:
    """ranking.csv, matrix.csv and index.html with a heat map of the figures."""
    with open(out / "matrix.csv", "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["entry", *names])
        for name, row in zip(names, matrix, strict=True):
            writer.writerow([name, *(f"{x:.9f}" for x in row)])
    with open(out / "ranking.csv", "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["rank", "entry", "wins", "mean_figure"])
        for rank, (name, wins, mean) in enumerate(ranking, 1):
            writer.writerow([rank, name, wins, f"{mean:.6f}"])
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
    board = "".join(f"<tr><td>{r}</td><td>{html.escape(n)}</td><td>{w}</td><td>{m:.4f}</td></tr>"
                    for r, (n, w, m) in enumerate(ranking, 1))
    skipped = "".join(f"<li>{html.escape(k)}: {html.escape(v)}</li>" for k, v in excluded.items())
    page = f"""<!doctype html><html><head><meta charset="utf-8"><title>Hog contest: {variant.name}</title>
<style>body{{font-family:sans-serif}}td,th{{padding:2px 6px;font-size:12px}}</style></head><body>
<h1>Hog contest ({html.escape(variant.title)})</h1>
<p>A win is a contest figure above {MATCH_THRESHOLD}; ties count as losses.</p>
<table><tr><th>rank</th><th>entry</th><th>wins</th><th>mean figure</th></tr>{board}</table>
<h2>Win rates (row against column)</h2><table><tr><th></th>{header}</tr>{''.join(cells)}</table>
<h2>Excluded</h2><ul>{skipped or '<li>none</li>'}</ul></body></html>"""
    (out / "index.html").write_text(page, encoding="utf-8")
