"""A grading worker: takes a job, grades its copy with the grader as a library, exactly as
``grade-batch`` grades a copy, and records the grade.

Each worker process (a Huey consumer's process, which dies with the consumer) names itself
``host:pid``, says it is alive and renews the lease of the job it holds every third of a lease,
from a thread of its own. A job that
raises is given back for another try; after the last try it is recorded as ``grader_error``.
"""

from __future__ import annotations

import os
import socket
import threading
from dataclasses import asdict, dataclass, field
from datetime import datetime

from huey.exceptions import TaskTimeout

from courseserver import jobs
from courseserver.config import Limits
from courseserver.models import now
from courseserver.store import Store, StoreDown
from graders.isolation import Isolation
from graders.report import to_json
from graders.runner import grade_source
from graders.untrusted import clean
from hogkit.errors import HogkitError
from hogkit.variant import Variant

ISOLATION_FIELDS = ("mode", "seccomp", "landlock", "cgroup")


def grade_copy_data(source: bytes, variant: Variant, *, student: str, isolation: Isolation) -> dict:
    """The grade of SOURCE as data, as ``grade-batch`` records it (its ``status`` set), with the
    inputs of failed hidden tests kept (shown to a student only once results are published)."""
    try:
        grade = grade_source(source, variant, label=student, isolation=isolation)
    except TaskTimeout:  # the job's own time is up: the queue tries it again
        raise
    except Exception as exc:  # noqa: BLE001 - a failure is this copy's result, as in grade-batch
        text = str(exc) if isinstance(exc, HogkitError) else f"{type(exc).__name__}: {exc}"
        reason = clean(text, newlines=False)
        return {"variant": variant.name, "status": "grader_error", "total": 0, "checkpoint": False, "phases": {},
                "notes": [reason], "reason": reason, "student": student}
    data = to_json(grade, published=True)
    data["status"] = data.get("status", "graded")
    data["student"] = student
    return data


def isolation_data(isolation: Isolation) -> dict:
    """What a grade keeps of how its code was contained (enough to label it as grade-batch does)."""
    whole = asdict(isolation)
    return {key: whole[key] for key in ISOLATION_FIELDS} | {"summary": isolation.summary()}


@dataclass
class GradingWorker:
    """One worker process's grading: the STORE, the VARIANT, the ISOLATION its children get, the LIMITS."""

    store: Store
    variant: Variant
    isolation: Isolation
    limits: Limits
    name: str = ""
    started: datetime = field(default_factory=now)
    holding: int | None = None
    _stop: threading.Event = field(default_factory=threading.Event)

    def start(self) -> None:
        """In a new worker process: name this worker, start its heartbeat."""
        self.name = f"{socket.gethostname()}:{os.getpid()}"
        self.started = now()
        threading.Thread(target=self._beat, name="heartbeat", daemon=True).start()

    def _beat(self) -> None:
        while True:
            try:
                jobs.heartbeat(self.store, worker=self.name, started=self.started)
                held = self.holding
                if held is not None:
                    jobs.renew(self.store, held, worker=self.name, lease=self.limits.lease_seconds)
            except StoreDown:
                pass
            if self._stop.wait(self.limits.lease_seconds / 3):
                return

    def run(self, job_id: int, retries_left: int) -> None:
        """Grade job JOB_ID if it is still waiting; RETRIES_LEFT: tries after this one."""
        claimed = jobs.claim(self.store, job_id, worker=self.name, lease=self.limits.lease_seconds)
        if claimed is None:
            return
        self.holding = job_id
        try:
            result = grade_copy_data(claimed.source, self.variant, student=claimed.student, isolation=self.isolation)
        except Exception as exc:
            self.holding = None
            why = f"{type(exc).__name__}: {exc}"
            if retries_left > 0:
                jobs.release(self.store, job_id, error=why)
                raise
            result = {"variant": self.variant.name, "status": "grader_error", "total": 0, "checkpoint": False,
                      "phases": {}, "notes": [why], "reason": why, "student": claimed.student}
            jobs.finish(self.store, claimed, worker=self.name, result=result,
                        isolation=isolation_data(self.isolation), failed=why)
            return
        self.holding = None
        jobs.finish(self.store, claimed, worker=self.name, result=result, isolation=isolation_data(self.isolation))
