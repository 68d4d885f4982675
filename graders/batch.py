"""Grade a folder of submissions in parallel; one result file each, written atomically.

A finished submission has ``OUT/results/<id>.json``; with ``resume`` those are kept and only the
rest are graded, so a killed batch loses nothing (a result file is renamed into place whole, and
the temporary files a killed run leaves behind are removed). Each grade runs in its own sandboxed
child, so one hostile submission cannot change another's result. ``OUT/.lock`` stops two batches
writing the same folder at once; the lock goes with the process, even when it is killed.
"""

from __future__ import annotations

import csv
import fcntl
import io
import json
import os
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from graders.files import check_folder_target, remove_stale_temporaries, write_atomic, write_json
from graders.report import to_json
from graders.runner import grade_copy
from hogkit.errors import HogkitError
from hogkit.variant import Variant


def submissions(folder: Path) -> dict[str, Path]:
    """Student id -> submission (a sub-folder with hog.py, or a .py file)."""
    if not folder.exists():
        raise HogkitError(f"{folder} does not exist", "give a folder with one submission per student")
    if not folder.is_dir():
        raise HogkitError(f"{folder} is not a folder", "give a folder with one submission per student")
    try:
        entries = sorted(folder.iterdir())
    except OSError as exc:
        raise HogkitError(f"cannot read {folder}: {exc.strerror}", "check the folder's permissions") from None
    found = {p.name: p for p in entries if p.is_dir() and (p / "hog.py").is_file()}
    found.update({p.stem: p for p in entries if p.suffix == ".py" and p.is_file()})
    if not found:
        raise HogkitError(f"{folder} holds no submissions", "put one folder (with hog.py) or .py file per student")
    return found


def _grade_one(student: str, path: str, variant: Variant) -> dict:
    try:
        data = to_json(grade_copy(Path(path), variant))
        data["status"] = data.get("status", "graded")
    except Exception as exc:  # noqa: BLE001 - a failure is one student's result, not the batch's
        data = {"variant": variant.name, "status": "grader_error", "total": 0, "checkpoint": False,
                "phases": {}, "notes": [str(exc) if isinstance(exc, HogkitError) else f"{type(exc).__name__}: {exc}"]}
    data["student"] = student
    return data


def _finished(path: Path, variant: Variant) -> dict | None:
    """The saved result at PATH if it is whole and for VARIANT, else None (to be graded again)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("variant") == variant.name else None


def _lock(out: Path) -> int:
    """Hold OUT/.lock for this process (released when it exits, however it exits)."""
    fd = os.open(out / ".lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise HogkitError(f"another grade-batch is writing to {out}",
                          "wait for it to finish, or choose another --out") from None
    return fd


def grade_batch(folder: Path, *, out: Path, variant: Variant, jobs: int = 2, resume: bool = False) -> str:
    """Grade every submission in FOLDER into OUT; return the text summary."""
    if jobs < 1:
        raise HogkitError(f"--jobs {jobs} is not allowed", "use 1 or more")
    found = submissions(folder)
    check_folder_target(out)
    results_dir = out / "results"
    try:
        results_dir.mkdir(parents=True, exist_ok=True)
        lock = _lock(out)
    except OSError as exc:
        raise HogkitError(f"cannot write in {out}: {exc.strerror}", "choose a folder you can write to") from None
    try:
        return _run(found, results_dir=results_dir, out=out, variant=variant, jobs=jobs, resume=resume)
    finally:
        os.close(lock)


def _run(found: dict[str, Path], *, results_dir: Path, out: Path, variant: Variant, jobs: int,
         resume: bool) -> str:
    remove_stale_temporaries(results_dir)
    kept = {s for s in found if resume and _finished(results_dir / f"{s}.json", variant) is not None}
    todo = {s: p for s, p in found.items() if s not in kept}
    if kept:
        print(f"kept {len(kept)} finished result(s); grading {len(todo)}", file=sys.stderr)
    done = len(kept)
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        futures = {pool.submit(_grade_one, s, str(p), variant): s for s, p in todo.items()}
        for future in as_completed(futures):
            data = future.result()
            write_json(results_dir / f"{data['student']}.json", data)
            done += 1
            bar = "#" * (30 * done // len(found))
            print(f"\r[{bar:30}] {done}/{len(found)}", end="", file=sys.stderr, flush=True)
    except BrokenProcessPool:
        raise HogkitError(f"a grading process died after {done} of {len(found)} submissions",
                          "run the same command again with --resume to finish") from None
    except KeyboardInterrupt:
        raise HogkitError(f"interrupted after {done} of {len(found)} submissions",
                          "run the same command again with --resume to finish", status=130) from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    print(file=sys.stderr)
    rows = []
    for student in found:
        row = _finished(results_dir / f"{student}.json", variant)
        if row is None:
            raise HogkitError(f"the result of {student} is missing or unreadable",
                              "run the same command again with --resume")
        rows.append(row)
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
