"""Grade a folder of submissions in parallel; one result file each, written atomically.

A finished submission has ``OUT/results/<id>.json``; with ``resume`` those are kept and only the
rest are graded, so a killed batch loses nothing. Each grade runs in its own sandboxed child, so
one hostile submission cannot change another's result.
"""

from __future__ import annotations

import csv
import io
import json
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from graders.files import write_atomic, write_json
from graders.report import to_json
from graders.runner import grade_copy
from hogkit.errors import HogkitError
from hogkit.variant import Variant


def submissions(folder: Path) -> dict[str, Path]:
    """Student id -> submission (a sub-folder with hog.py, or a .py file)."""
    if not folder.is_dir():
        raise HogkitError(f"{folder} is not a folder", "give a folder with one submission per student")
    found = {p.name: p for p in sorted(folder.iterdir()) if p.is_dir() and (p / "hog.py").is_file()}
    found.update({p.stem: p for p in sorted(folder.glob("*.py"))})
    if not found:
        raise HogkitError(f"{folder} holds no submissions", "put one folder (with hog.py) or .py file per student")
    return found


def _grade_one(student: str, path: str, variant: Variant) -> dict:
    try:
        data = to_json(grade_copy(Path(path), variant))
        data["status"] = data.get("status", "graded")
    except Exception as exc:  # noqa: BLE001 - a failure is one student's result, not the batch's
        data = {"status": "grader_error", "total": 0, "checkpoint": False, "phases": {},
                "notes": [f"{type(exc).__name__}: {exc}"]}
    data["student"] = student
    return data


def grade_batch(folder: Path, *, out: Path, variant: Variant, jobs: int = 2, resume: bool = False) -> str:
    """Grade every submission in FOLDER into OUT; return the text summary."""
    if jobs < 1:
        raise HogkitError(f"--jobs {jobs} is not allowed", "use 1 or more")
    found = submissions(folder)
    results_dir = out / "results"
    try:
        results_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise HogkitError(f"cannot write in {out}: {exc.strerror}", "choose a folder you can write to") from None
    todo = {s: p for s, p in found.items() if not (resume and (results_dir / f"{s}.json").is_file())}
    done = len(found) - len(todo)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(_grade_one, s, str(p), variant): s for s, p in todo.items()}
        for future in as_completed(futures):
            data = future.result()
            write_json(results_dir / f"{data['student']}.json", data)
            done += 1
            bar = "#" * (30 * done // len(found))
            print(f"\r[{bar:30}] {done}/{len(found)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    rows = [json.loads((results_dir / f"{s}.json").read_text()) for s in found]
    return _summaries(rows, out=out, variant=variant)


def _summaries(rows: list[dict], *, out: Path, variant: Variant) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["student", "phase1", "phase2", "phase3", "total", "checkpoint", "status"])
    failures: dict[str, int] = {}
    for row in rows:
        phases = row.get("phases", {})
        writer.writerow([row["student"], *(phases.get(str(k), {}).get("earned", 0) for k in (1, 2, 3)),
                         row.get("total", 0), "passed" if row.get("checkpoint") else "not passed", row["status"]])
        for problem in row.get("problems", []):
            if problem["earned"] < problem["points"]:
                failures[problem["label"]] = failures.get(problem["label"], 0) + 1
    write_atomic(out / "grades.csv", buffer.getvalue())
    totals = [row.get("total", 0) for row in rows]
    lines = [f"{len(rows)} submissions, variant {variant.name}, out of {variant.total_points}",
             f"mean {statistics.mean(totals):.2f}, median {statistics.median(totals)}"]
    lines += [f"  {score:3}: {totals.count(score)}" for score in sorted(set(totals))]
    lines += ["failures by problem:"] + [f"  {k}: {v}" for k, v in failures.items()]
    text = "\n".join(lines) + "\n"
    write_atomic(out / "summary.txt", text)
    return text
