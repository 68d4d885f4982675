"""A grading job's life in the database: queued, claimed by one worker (running, under a lease
the worker renews), done or failed. Every change is one short transaction, and a claim is a
conditional update, so two workers never grade one job at once and a repeated message is harmless.

:func:`sweep` (run by the server every few seconds) makes sure every waiting job is on the queue:
a job whose worker stopped renewing its lease (killed, or its machine gone) is queued again, and
a job that never reached the queue, or whose message the queue lost, is put there again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from courseserver.models import Archive, Grade, Job, Student, Upload, Worker, now
from courseserver.queue import FRESH, REGRADE, GradingQueue, QueueDown
from courseserver.store import Store

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
UNQUEUED_GRACE = timedelta(seconds=5)  # a new job is put on the queue by its request; after this, by the sweep


@dataclass(frozen=True)
class Claimed:
    """A job a worker holds: its ID, the STUDENT's email and the SOURCE of hog.py to grade."""

    id: int
    upload_id: int
    student: str
    source: bytes


def new_job(session: Session, upload_id: int, *, why: str) -> Job:
    """A queued job grading UPLOAD_ID (a fresh submission, or a staff regrade)."""
    job = Job(upload_id=upload_id, state=QUEUED, priority=FRESH if why == "submission" else REGRADE, why=why,
              tries=0, worker="", error="", created=now())
    session.add(job)
    session.flush()
    return job


def put_on_queue(store: Store, queue: GradingQueue, jobs: list[tuple[int, int]]) -> None:
    """Put JOBS (id, priority) on the queue and note when; stops at the first the queue refuses."""
    done = []
    try:
        for job_id, priority in jobs:
            queue.put(job_id, priority)
            done.append(job_id)
    finally:
        if done:
            with store.session() as session:
                session.execute(update(Job).where(Job.id.in_(done), Job.state == QUEUED).values(enqueued=now()))


def claim(store: Store, job_id: int, *, worker: str, lease: float) -> Claimed | None:
    """Take job JOB_ID for WORKER if it is waiting (None if it is not: done, or another's)."""
    moment = now()
    with store.session() as session:
        taken = session.execute(update(Job).where(Job.id == job_id, Job.state == QUEUED).values(
            state=RUNNING, worker=worker, started=moment, lease_until=moment + timedelta(seconds=lease),
            tries=Job.tries + 1)).rowcount
        if taken != 1:
            return None
        row = session.execute(select(Job.upload_id, Student.email, Archive.source)
                              .join(Upload, Upload.id == Job.upload_id)
                              .join(Student, Student.id == Upload.student_id)
                              .join(Archive, Archive.sha256 == Upload.sha256)
                              .where(Job.id == job_id)).one()
    return Claimed(job_id, row.upload_id, row.email, row.source or b"")


def renew(store: Store, job_id: int, *, worker: str, lease: float) -> None:
    """Extend WORKER's lease on JOB_ID."""
    with store.session() as session:
        session.execute(update(Job).where(Job.id == job_id, Job.worker == worker, Job.state == RUNNING)
                        .values(lease_until=now() + timedelta(seconds=lease)))


def finish(store: Store, job: Claimed, *, worker: str, result: dict, isolation: dict, failed: str = "") -> None:
    """Record RESULT as the grade of JOB's submission and close the job (FAILED: why it failed)."""
    moment = now()
    with store.session() as session:
        row = session.get(Job, job.id)
        if row is None or row.state in (DONE, FAILED):
            return
        grade = session.get(Grade, job.upload_id)
        values = {"job_id": job.id, "status": str(result.get("status", "graded")),
                  "total": float(result.get("total") or 0), "result": json.dumps(result),
                  "problems": json.dumps(problem_points(result)),
                  "isolation": json.dumps(isolation), "graded": moment}
        if grade is None:
            session.add(Grade(upload_id=job.upload_id, **values))
        else:
            for key, value in values.items():
                setattr(grade, key, value)
        row.state, row.finished, row.lease_until, row.error = (FAILED if failed else DONE), moment, None, failed
        seen = session.get(Worker, worker)
        if seen is not None:
            seen.graded += 1


def problem_points(result: dict) -> dict[str, list]:
    """Each problem's [earned, passed] in a grade RESULT."""
    return {str(p.get("id")): [p.get("earned", 0), bool(p.get("passed"))] for p in result.get("problems") or []
            if isinstance(p, dict)}


def release(store: Store, job_id: int, *, error: str) -> None:
    """Give JOB_ID back to the queue after a failed try (its message is put again by the queue's retry)."""
    with store.session() as session:
        session.execute(update(Job).where(Job.id == job_id, Job.state == RUNNING).values(
            state=QUEUED, lease_until=None, error=error[:2000], enqueued=now()))


def heartbeat(store: Store, *, worker: str, started: datetime) -> None:
    """Note that WORKER is alive."""
    moment = now()
    with store.session() as session:
        seen = session.get(Worker, worker)
        if seen is None:
            session.add(Worker(name=worker, started=started, seen=moment, graded=0))
        else:
            seen.seen = moment


def sweep(store: Store, queue: GradingQueue, *, lease: float, retries: int) -> int:
    """Queue again the jobs a worker dropped and the jobs missing from the queue; a job whose worker
    died on it more than RETRIES + 1 times fails. Return how many jobs were put on the queue."""
    moment = now()
    lost_after = moment - timedelta(seconds=lease)
    with store.session() as session:
        dropped = session.scalars(select(Job).where(Job.state == RUNNING, Job.lease_until < moment)).all()
        for job in dropped:
            job.state, job.enqueued, job.lease_until = QUEUED, None, None
            job.error = f"its worker {job.worker} stopped answering"
            if job.tries > retries + 1:
                job.state, job.finished = FAILED, moment
                _fail_grade(session, job, f"grading it stopped its worker {job.tries} times")
        unqueued = [(job.id, job.priority) for job in dropped if job.state == QUEUED]
        waiting = session.execute(select(Job.id, Job.priority, Job.enqueued).where(Job.state == QUEUED).where(
            (Job.enqueued.is_(None) & (Job.created < moment - UNQUEUED_GRACE)) | (Job.enqueued < lost_after))).all()
    taken = {job_id for job_id, _ in unqueued}
    unqueued += [(j.id, j.priority) for j in waiting if j.enqueued is None and j.id not in taken]
    if queue.pending() == 0:  # the queue is empty, yet these have waited a whole lease: their messages are gone
        unqueued += [(j.id, j.priority) for j in waiting if j.enqueued is not None]
    unqueued.sort(key=lambda job: (-job[1], job[0]))
    try:
        put_on_queue(store, queue, unqueued)
    except QueueDown:
        return 0
    return len(unqueued)


def _fail_grade(session: Session, job: Job, why: str) -> None:
    result = {"status": "grader_error", "total": 0, "checkpoint": False, "phases": {}, "notes": [why], "reason": why}
    grade = session.get(Grade, job.upload_id)
    if grade is None:
        session.add(Grade(upload_id=job.upload_id, job_id=job.id, status="grader_error", total=0.0,
                          result=json.dumps(result), problems="{}", isolation="{}", graded=now()))


def counts(session: Session) -> dict[str, int]:
    """How many jobs are in each state."""
    found = dict(session.execute(select(Job.state, func.count()).group_by(Job.state)).all())
    return {state: int(found.get(state, 0)) for state in (QUEUED, RUNNING, DONE, FAILED)}
