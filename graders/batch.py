"""Grade a folder of submissions in parallel; one result file each, written atomically.

Every entry of the folder gets a row: a folder or ``.py`` file is graded, anything else (a link, an
empty or ambiguous folder, an unreadable file) is recorded with its reason. Students are named by
their entries exactly; a finished submission has ``OUT/results/<id>.json`` and a readable
``<id>.txt`` beside it (ids are file-name-safe names made from the entries' names). With
``resume`` finished results made the same way are kept and only the rest are graded, so a killed
batch loses nothing (a result file is renamed into place whole, and the temporary files a killed
run leaves behind are removed). The gradebook is written from the results by
:mod:`graders.gradebook`.

Each grade runs in its own sandboxed child, so one hostile submission cannot change another's
result. Workers are fresh processes (never forks of the batch, so none holds ``OUT/.lock``) that die
with the batch. A submission whose grading kills its worker is graded again alone; if its worker
dies again it is recorded as such, and the batch goes on. ``OUT/.lock`` stops two batches writing
the same folder at once; the lock goes with the process, even when it is killed, and a batch that
ends removes it.
"""

from __future__ import annotations

import fcntl
import json
import multiprocessing
import os
import stat
import sys
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from pathlib import Path

from graders.cells import id_text
from graders.compare import comparison_data, disagreements
from graders.files import check_folder_target, remove_stale_temporaries, write_json
from graders.gradebook import variant_columns, write_gradebook
from graders.intake import Submission, class_submissions, read_source
from graders.isolation import Isolation, detect, die_with_parent
from graders.okpy_grading import calibrated_suite, grade_with_course_tests
from graders.reach import require_out_of_reach
from graders.report import to_json
from graders.runner import grade_source
from graders.scoring import checkpoint_scores, composition_scores, require_checkpoint_points
from graders.untrusted import clean, clean_data
from hogkit.errors import HogkitError
from hogkit.variant import Variant

MAX_RESULT_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class Mode:
    """How a batch grades: what a kept result must have been graded with to be kept."""

    variant: str
    checkpoint: bool = False
    published: bool = False
    course_tests: str = ""  # the course's okpy folder, if graded with it
    left_out: tuple[str, ...] = ()  # the course's cases left out of every score
    isolation: str = ""  # how the student's code is contained (Isolation.summary)
    compare_tests: str = ""  # a course's okpy folder whose verdicts are compared with HogKit's tests
    compare_left_out: tuple[str, ...] = ()  # its cases the reference fails

    def data(self) -> dict:
        """The mode as a result file records it."""
        data = {"checkpoint": self.checkpoint, "published": self.published, "course_tests": self.course_tests,
                "left_out": list(self.left_out)}
        if self.compare_tests:
            data |= {"compare_tests": self.compare_tests, "compare_left_out": list(self.compare_left_out)}
        return data


def _row(sub: Submission, variant: Variant, status: str, reason: str) -> dict:
    """The result of a submission that was not graded."""
    reason = clean(reason, newlines=False)
    return {"variant": variant.name, "status": status, "total": 0, "checkpoint": False, "phases": {},
            "notes": [reason], "reason": reason}


def _grade_one(sub: Submission, variant: Variant, isolation: Isolation, mode: Mode) -> dict:
    try:
        if sub.problem:
            raise HogkitError(sub.problem)
        source = read_source(sub.path)
    except HogkitError as exc:
        data = _row(sub, variant, "not_graded", exc.line())
    else:
        try:
            grade = grade_source(source, variant, label=id_text(sub.student), isolation=isolation,
                                 checkpoint=mode.checkpoint, leave_out=frozenset(mode.left_out))
            data = to_json(grade, published=mode.published)
            data["status"] = data.get("status", "graded")
            if mode.compare_tests:
                course = grade_with_course_tests(source, variant, Path(mode.compare_tests), isolation=isolation,
                                                 checkpoint=mode.checkpoint, leave_out=frozenset(mode.compare_left_out))
                found = disagreements(grade, course, variant, published=mode.published)
                data["comparison"] = clean_data(comparison_data(found, course_tests=mode.compare_tests))
        except Exception as exc:  # noqa: BLE001 - a failure is one student's result, not the batch's
            text = str(exc) if isinstance(exc, HogkitError) else f"{type(exc).__name__}: {exc}"
            data = _row(sub, variant, "grader_error", text)
    return _named(data, sub, mode)


def _named(data: dict, sub: Submission, mode: Mode) -> dict:
    data["student"], data["submission"], data["mode"] = sub.student, sub.name, mode.data()
    data.setdefault("isolation", mode.isolation)
    return data


def _finished(path: Path, mode: Mode) -> dict | None:
    """The saved result at PATH if it is a whole regular file graded in MODE, else None (grade again)."""
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
    if not isinstance(data, dict) or data.get("variant") != mode.variant or data.get("mode") != mode.data():
        return None
    return data


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
                checkpoint_grades: Path | None = None, published: bool = False,
                keep_failing_cases: bool = False, compare_tests: Path | None = None) -> str:
    """Grade every submission in FOLDER into OUT; return the text summary.

    CHECKPOINT grades Phase 1 only, for the checkpoint's points. COMPOSITION (a CSV of student and
    composition) and CHECKPOINT_GRADES (the grades.csv of an earlier checkpoint batch) add those
    scores and the course total to grades.csv. PUBLISHED shows the inputs of failing hidden tests.
    With a course's okpy tests, the cases the variant's reference fails are left out of every
    score unless KEEP_FAILING_CASES. COMPARE_TESTS (a course's okpy folder) is run on every copy
    too, and where its verdict on a problem differs from HogKit's tests' it is reported (each
    result's ``comparison``, its report, disagreements.csv and summary.txt)."""
    if jobs < 1:
        raise HogkitError(f"--jobs {jobs} is not allowed", "use 1 or more")
    if checkpoint:
        require_checkpoint_points(variant)
    if compare_tests is not None and variant.ok_tests is not None:
        raise HogkitError("--compare-ok-tests compares a course's suite with HogKit's own tests, and this batch "
                          "grades with a course's suite", "drop --ok-tests (or the spec's ok_tests)")
    merged = {"composition": composition_scores(composition, variant) if composition else None,
              "checkpoints": checkpoint_scores(checkpoint_grades, variant) if checkpoint_grades else None}
    found, hidden = class_submissions(folder, out=out)
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
        compared_variant = replace(variant, ok_tests=compare_tests) if compare_tests is not None else variant
        require_out_of_reach(isolation, [folder, out, results_dir, *([compare_tests] if compare_tests else [])],
                             variant=compared_variant)
        columns, notes, left_out = variant_columns(variant, checkpoint=checkpoint), [], ()
        if variant.ok_tests is not None:
            suite = calibrated_suite(variant, isolation=isolation, checkpoint=checkpoint,
                                     keep_failing_cases=keep_failing_cases)
            columns, notes, left_out = suite.columns, suite.notes, suite.left_out
            for line in suite.notes:
                print(line, file=sys.stderr)
        compared = ("", ())
        if compare_tests is not None:
            other = calibrated_suite(compared_variant, isolation=isolation, checkpoint=checkpoint,
                                     keep_failing_cases=keep_failing_cases)
            compared, notes = (str(compare_tests), other.left_out), [*notes, *other.notes]
            for line in other.notes:
                print(line, file=sys.stderr)
        mode = Mode(variant.name, checkpoint, published, str(variant.ok_tests or ""), left_out, isolation.summary(),
                    *compared)
        _run(found, results_dir=results_dir, variant=variant, jobs=jobs, resume=resume, isolation=isolation,
             mode=mode)
        rows = []
        for sub in found:
            row = _finished(results_dir / f"{sub.id}.json", mode)
            if row is None:
                raise HogkitError(f"the result of {id_text(sub.student)} is missing or unreadable",
                                  "run the same command again with --resume")
            rows.append(row)
        summary = write_gradebook(rows, out=out, variant=variant, columns=columns, hidden=hidden,
                                  isolation=isolation, published=published, file_ids=[s.id for s in found],
                                  notes=notes, **merged)
        (out / ".lock").unlink(missing_ok=True)  # still held: a batch starting now makes its own
        return summary
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
         isolation: Isolation, mode: Mode) -> None:
    """Grade what is not finished, at most JOBS at once. When a worker dies, the submissions it may
    have been grading are graded again later, one at a time; one that kills its worker when graded
    alone is recorded as ``worker_died``."""
    remove_stale_temporaries(results_dir)
    kept = {s.id for s in found if resume and _finished(results_dir / f"{s.id}.json", mode) is not None}
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
                    running[pool.submit(_grade_one, sub, variant, isolation, mode)] = sub
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
                _progress(done, total, sub.student)
            if not (broken or broken_pool):
                continue
            broken += running.values()  # their futures fail too: the pool is gone
            running.clear()
            pool.shutdown(wait=True, cancel_futures=True)
            pool = _pool(jobs)
            if alone and broken:
                [sub] = broken
                why = "grading it killed the grader's worker process twice, the second time graded alone"
                write_json(results_dir / f"{sub.id}.json", _named(_row(sub, variant, "worker_died", why), sub, mode),
                           private=True)
                done += 1
                _progress(done, total, sub.student)
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
        print(f"{done}/{total} {id_text(last)}", file=sys.stderr, flush=True)
