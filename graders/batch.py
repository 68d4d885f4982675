"""Grade a folder of submissions in parallel; one result file each, written atomically.

Every entry of the folder gets a row: a folder or ``.py`` file is graded, anything else (a link, an
empty or ambiguous folder, an unreadable file) is recorded with its reason. A finished submission has
``OUT/results/<id>.json`` (ids are safe file names made from the entries' names); with ``resume``
those are kept and only the rest are graded, so a killed batch loses nothing (a result file is
renamed into place whole, and the temporary files a killed run leaves behind are removed).

Each grade runs in its own sandboxed child, so one hostile submission cannot change another's
result. Workers are fresh processes (never forks of the batch, so none holds ``OUT/.lock``) that die
with the batch. A submission whose grading kills its worker is graded again alone; if its worker
dies again it is recorded as such, and the batch goes on. ``OUT/.lock`` stops two batches writing
the same folder at once; the lock goes with the process, even when it is killed.
"""

from __future__ import annotations

import csv
import fcntl
import io
import json
import multiprocessing
import os
import stat
import statistics
import sys
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from graders.files import check_folder_target, remove_stale_temporaries, write_atomic, write_json
from graders.intake import Submission, class_submissions, read_source
from graders.isolation import UNSAFE_NOTE, Isolation, detect, die_with_parent, require_out_of_reach
from graders.report import to_json
from graders.runner import grade_source
from graders.scoring import EXTRA_COLUMNS, course_cells, read_scores, require_checkpoint_points, tidy, unmatched
from graders.untrusted import clean
from hogkit.errors import HogkitError
from hogkit.variant import Variant

MAX_RESULT_BYTES = 4 * 1024 * 1024
CSV_HEADER = ["student", "phase1", "phase2", "phase3", "total", "checkpoint", "status", "reason", "isolation"]


def _row(sub: Submission, variant: Variant, status: str, reason: str) -> dict:
    """The result of a submission that was not graded."""
    reason = clean(reason, newlines=False)
    return {"variant": variant.name, "status": status, "total": 0, "checkpoint": False, "phases": {},
            "notes": [reason], "reason": reason}


def _grade_one(sub: Submission, variant: Variant, isolation: Isolation, checkpoint: bool = False) -> dict:
    try:
        if sub.problem:
            raise HogkitError(sub.problem)
        source = read_source(sub.path)
    except HogkitError as exc:
        data = _row(sub, variant, "not_graded", exc.line())
    else:
        try:
            data = to_json(grade_source(source, variant, label=sub.name, isolation=isolation, checkpoint=checkpoint))
            data["status"] = data.get("status", "graded")
        except Exception as exc:  # noqa: BLE001 - a failure is one student's result, not the batch's
            text = str(exc) if isinstance(exc, HogkitError) else f"{type(exc).__name__}: {exc}"
            data = _row(sub, variant, "grader_error", text)
    data["student"], data["submission"] = sub.id, sub.name
    data.setdefault("isolation", isolation.summary())
    return data


def _finished(path: Path, variant: Variant) -> dict | None:
    """The saved result at PATH if it is a whole regular file for VARIANT, else None (grade again)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
            raw = handle.read(MAX_RESULT_BYTES + 1)
        data = json.loads(raw) if len(raw) <= MAX_RESULT_BYTES else None
    except (OSError, ValueError, RecursionError):
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


def grade_batch(folder: Path, *, out: Path, variant: Variant, jobs: int = 2, resume: bool = False,
                isolation: Isolation | None = None, checkpoint: bool = False, composition: Path | None = None,
                checkpoint_grades: Path | None = None) -> str:
    """Grade every submission in FOLDER into OUT; return the text summary.

    CHECKPOINT grades Phase 1 only, for the checkpoint's points. COMPOSITION (a CSV of student and
    composition) and CHECKPOINT_GRADES (the grades.csv of an earlier checkpoint batch) add those
    scores and the course total to grades.csv."""
    if jobs < 1:
        raise HogkitError(f"--jobs {jobs} is not allowed", "use 1 or more")
    if checkpoint:
        require_checkpoint_points(variant)
    merged = {"composition": read_scores(composition, "composition", what="composition scores")
              if composition else None,
              "checkpoints": read_scores(checkpoint_grades, "total", what="checkpoint grades")
              if checkpoint_grades else None}
    found, hidden = class_submissions(folder)
    check_folder_target(out)
    isolation = isolation or detect()
    results_dir = out / "results"
    try:
        if not out.exists():
            out.mkdir(mode=0o700, parents=True)  # grades are for the graders' eyes only
        results_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        lock = _lock(out)
    except OSError as exc:
        raise HogkitError(f"cannot write in {out}: {exc.strerror}", "choose a folder you can write to") from None
    try:
        require_out_of_reach(isolation, [folder, out, results_dir], variant=variant)
        _run(found, results_dir=results_dir, variant=variant, jobs=jobs, resume=resume, isolation=isolation,
             checkpoint=checkpoint)
        rows = []
        for sub in found:
            row = _finished(results_dir / f"{sub.id}.json", variant)
            if row is None:
                raise HogkitError(f"the result of {sub.id} is missing or unreadable",
                                  "run the same command again with --resume")
            rows.append(row)
        return _summaries(rows, out=out, variant=variant, hidden=hidden, isolation=isolation, **merged)
    finally:
        os.close(lock)


def _start_worker(parent: int) -> None:
    """Run in each new worker: die with the batch."""
    die_with_parent(parent)


def _pool(jobs: int) -> ProcessPoolExecutor:
    """Workers started fresh (spawn: they inherit no descriptor, so never the lock) that die with us."""
    return ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker, initargs=(os.getpid(),))


def _run(found: list[Submission], *, results_dir: Path, variant: Variant, jobs: int, resume: bool,
         isolation: Isolation, checkpoint: bool) -> None:
    """Grade what is not finished, at most JOBS at once. When a worker dies, the submissions it may
    have been grading are graded again later, one at a time; one that kills its worker when graded
    alone is recorded as ``worker_died``."""
    remove_stale_temporaries(results_dir)
    kept = {s.id for s in found if resume and _finished(results_dir / f"{s.id}.json", variant) is not None}
    queue = [s for s in found if s.id not in kept]
    if kept:
        print(f"kept {len(kept)} finished result(s); grading {len(queue)}", file=sys.stderr)
    done, total = len(kept), len(found)
    suspects: list[Submission] = []  # were being graded when a worker died: graded again, alone
    running: dict[Future, Submission] = {}
    alone = False
    pool = _pool(jobs)
    try:
        while queue or suspects or running:
            if not running:
                alone = not queue
            waiting = suspects if alone else queue
            broken_pool = False
            while waiting and len(running) < (1 if alone else jobs):
                sub = waiting.pop(0)
                try:
                    running[pool.submit(_grade_one, sub, variant, isolation, checkpoint)] = sub
                except BrokenProcessPool:  # it broke since we last looked
                    waiting.insert(0, sub)
                    broken_pool = True
                    break
            finished = wait(running, return_when=FIRST_COMPLETED)[0] if running else set()
            broken = []
            for future in finished:
                sub = running.pop(future)
                try:
                    data = future.result()
                except BrokenProcessPool:
                    broken.append(sub)
                    continue
                write_json(results_dir / f"{sub.id}.json", data, private=True)
                done += 1
                _progress(done, total, sub.id)
            if not (broken or broken_pool):
                continue
            broken += running.values()  # their futures fail too: the pool is gone
            running.clear()
            pool.shutdown(wait=True, cancel_futures=True)
            pool = _pool(jobs)
            if alone and broken:
                [sub] = broken
                why = "grading it killed the grader's worker process twice, the second time graded alone"
                write_json(results_dir / f"{sub.id}.json", {**_row(sub, variant, "worker_died", why),
                                                            "student": sub.id, "submission": sub.name,
                                                            "isolation": isolation.summary()}, private=True)
                done += 1
                _progress(done, total, sub.id)
            else:
                suspects += broken
    except KeyboardInterrupt:
        raise HogkitError(f"interrupted after {done} of {total} submissions",
                          "run the same command again with --resume to finish", status=130) from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    print(file=sys.stderr)


def _progress(done: int, total: int, last: str) -> None:
    """A bar on a terminal; one plain line per submission otherwise."""
    if sys.stderr.isatty():
        bar = "#" * (30 * done // max(total, 1))
        print(f"\r[{bar:30}] {done}/{total}", end="", file=sys.stderr, flush=True)
    else:
        print(f"{done}/{total} {last}", file=sys.stderr, flush=True)


def _number(value: object) -> int | float:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


def _summaries(rows: list[dict], *, out: Path, variant: Variant, hidden: list[str], isolation: Isolation,
               composition: dict[str, float] | None = None, checkpoints: dict[str, float] | None = None) -> str:
    """Write grades.csv (one row per submission, with the reason when it was not graded normally;
    with the course's other scores when COMPOSITION or CHECKPOINTS are given) and summary.txt;
    return the summary."""
    merging = composition is not None or checkpoints is not None
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(CSV_HEADER + (EXTRA_COLUMNS if merging else []))
    failures: dict[str, int] = {}
    for row in rows:
        phases = row.get("phases") if isinstance(row.get("phases"), dict) else {}
        earned = [_number((phases.get(str(k)) or {}).get("earned")) for k in (1, 2, 3)]
        reason = row.get("reason") or (UNSAFE_NOTE if isolation.unsafe else "")
        cells = [row.get("student"), *earned, _number(row.get("total")),
                 "passed" if row.get("checkpoint") is True else "not passed", row.get("status"), reason,
                 isolation.label()]
        if merging:
            cells += course_cells(str(row.get("student")), _number(row.get("total")), variant,
                                  checkpoints=checkpoints, composition=composition)
        writer.writerow([clean(c, limit=300, newlines=False) if isinstance(c, str) else c for c in cells])
        for problem in row.get("problems") or []:
            if _number(problem.get("earned")) < _number(problem.get("points")):
                label = clean(problem.get("label"), limit=40, newlines=False)
                failures[label] = failures.get(label, 0) + 1
    write_atomic(out / "grades.csv", buffer.getvalue(), private=True)
    totals = [_number(row.get("total")) for row in rows]
    lines = [UNSAFE_NOTE] if isolation.unsafe else []
    most = next((row["max_total"] for row in rows if "max_total" in row), variant.correctness_points)
    lines += [f"{len(rows)} submissions, variant {variant.name}, out of {most}",
              f"mean {statistics.mean(totals):.2f}, median {statistics.median(totals)}"]
    lines += [f"  {score:3}: {totals.count(score)}" for score in sorted(set(totals))]
    not_graded = sum(row.get("status") in ("not_graded", "worker_died", "grader_error") for row in rows)
    if not_graded:
        lines.append(f"{not_graded} submission(s) could not be graded: see the reason column of grades.csv")
    if hidden:
        lines.append(f"skipped {len(hidden)} hidden entr{'y' if len(hidden) == 1 else 'ies'}: {', '.join(hidden[:5])}")
    students = [str(row.get("student")) for row in rows]
    for what, scores in (("composition scores", composition), ("checkpoint grades", checkpoints)):
        strays = unmatched(scores, students)
        if strays:
            lines.append(f"{what} for {len(strays)} student(s) not in this batch: {', '.join(strays[:5])}")
    if merging:
        lines.append(f"course total out of {tidy(variant.course_points)}: correctness, checkpoint, composition")
    lines += ["failures by problem:"] + [f"  {k}: {v}" for k, v in failures.items()]
    lines.append(f"isolation: {isolation.summary()}")
    text = "\n".join(lines) + "\n"
    write_atomic(out / "summary.txt", text, private=True)
    return text
