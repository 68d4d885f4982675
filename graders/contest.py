"""Contest entries: check one, turn each into a table in a limited child process, run tournaments.

An entry is loaded only in a child process (``python -I``, its own empty folder, CPU, memory,
file-size and process limits, a wall timeout). The child imports it, checks it and sends back
either its table or the list of problems, one line each, as JSON on its stdout.
"""

from __future__ import annotations

import csv
import html
import json
import os
import resource
import time
from pathlib import Path

import numpy as np

from hogkit.errors import HogkitError
from hogkit.variant import Variant

TIME_BUDGET = 10.0
WALL_TIMEOUT = 40.0
MATCH_THRESHOLD = 0.500001

def _limits() -> None:
    """Resource limits for the child, set before it runs the entry."""
    resource.setrlimit(resource.RLIMIT_CPU, (60, 60))
    resource.setrlimit(resource.RLIMIT_AS, (1024 * 1024 * 1024,) * 2)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1024 * 1024,) * 2)
    resource.setrlimit(resource.RLIMIT_NPROC, (256, 256))
    os.setsid()


def inspect_entry(path: Path, variant: Variant, *, timeout: float = WALL_TIMEOUT, named: bool = True) -> dict:
    """Load and check the entry at PATH in a limited child; return ``{"problems", "table", "name"}``.

    The checks live in the kit module :mod:`hogkit.kit.contest_check`, which the student kit's
    ``python3 ok --contest`` runs too; here its child process also gets the grader's resource
    limits and an empty environment. NAMED: whether the entry must set its name field. A PATH
    that is not a file is the caller's mistake, not the entry's: a HogkitError.
    """
    from hogkit.generate.calc_step import contest_settings
    from hogkit.kit import contest_check

    if not Path(path).is_file():
        raise HogkitError(f"{path} does not exist", "give the path of a .py file with final_strategy")
    settings = contest_settings(variant) | ({} if named else {"field": None})
    return contest_check.run_check(path, settings, timeout=timeout, env={}, preexec_fn=_limits)


def check_entry(path: Path, variant: Variant) -> list[str]:
    """Every problem with the entry at PATH, one line each (empty when it is a valid entry)."""
    return inspect_entry(path, variant)["problems"]


def load_entry_table(path: Path, variant: Variant) -> np.ndarray:
    """The table of the strategy file at PATH (checked as an entry, though it needs no name), or
    a HogkitError naming its first problem."""
    result = inspect_entry(path, variant, named=False)
    if result["problems"]:
        what, _, fix = result["problems"][0].partition(" — ")
        raise HogkitError(f"{Path(path).name}: {what}", fix or "fix the entry and try again")
    return np.array(result["table"], dtype=np.int64)


def _row_figures(variant: Variant, first: np.ndarray, others: np.ndarray) -> list[float]:
    """Contest figures of FIRST against each of OTHERS (run in a worker process)."""
    from hogkit.exact import figures_against

    return figures_against(variant, first, others).tolist()


def run_tournament(entries: Path, *, variant: Variant, out: Path, resume: bool = False, jobs: int = 1,
                   say=print) -> list[tuple[str, int, float]]:
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
    # each entry is checked in a sandboxed child of its own; JOBS of them run at once
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as threads:
        results = threads.map(lambda path: inspect_entry(path, variant), files)
        for i, (path, result) in enumerate(zip(files, results, strict=True), 1):
            if result["problems"]:
                excluded[path.name] = result["problems"][0]
                say(f"[{i}/{len(files)}] excluded {path.name}: {result['problems'][0]}")
            else:
                names.append(path.stem)
                tables.append(np.array(result["table"], dtype=np.int64))
                say(f"[{i}/{len(files)}] loaded {path.name}")
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
