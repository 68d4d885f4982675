"""The grading queue: Huey, on its own SQLite file (the embedded default) or on Redis (across
machines, with priorities). A message is only a job's number: what the job is, and whether it is
done, the database says. Fresh submissions go before staff regrades.

The queue is an index, never the truth: a message lost (a worker killed mid-job, a queue emptied)
is put again by :func:`courseserver.jobs.sweep`, and a message for a job that is not waiting is
dropped by the worker that takes it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from huey import PriorityRedisHuey, SqliteHuey
from huey.api import Huey
from huey.consumer import Consumer

from courseserver.config import Limits
from hogkit.errors import HogkitError

NAME = "hogkit-grading"
FRESH = 10  # a student's new submission
REGRADE = 0  # staff regrading the class
RETRY_SECONDS = 2
POLL_SECONDS = 0.5  # a worker of the SQLite queue looks this often when it is empty


class QueueDown(HogkitError):
    """The queue cannot be reached."""


def check_queue_url(url: str) -> None:
    """Raise a HogkitError unless URL names a queue: ``sqlite:///PATH`` or ``redis://HOST:PORT/DB``."""
    if not url.startswith(("sqlite:///", "redis://", "rediss://", "unix://")):
        raise HogkitError(f"--queue {url!r} is not a queue HogKit uses", "give redis://HOST:PORT/0 (or leave it out)")


def open_huey(url: str) -> Huey:
    """The Huey for the queue at URL: ``sqlite:///PATH`` or ``redis://HOST:PORT/DB``."""
    check_queue_url(url)
    if url.startswith("sqlite:///"):
        path = Path(url[len("sqlite:///"):])  # sqlite:////abs/path or sqlite:///relative/path
        path.parent.mkdir(parents=True, exist_ok=True)
        return SqliteHuey(NAME, filename=str(path), results=False, fsync=True, timeout=30)
    return PriorityRedisHuey(NAME, url=url, results=False, read_timeout=1)


class GradingQueue:
    """The queue at URL and its one task, ``grade``, which calls RUN(job id, retries left)."""

    def __init__(self, url: str, *, limits: Limits, run: Callable[[int, int], None] | None = None) -> None:
        self.url = url
        self.huey = open_huey(url)
        self.run = run
        self.task = self.huey.task(retries=limits.retries, retry_delay=RETRY_SECONDS, context=True, name="grade",
                                   timeout=limits.job_seconds)(self._grade)

    def _grade(self, job_id: int, task=None) -> None:
        if self.run is None:
            raise RuntimeError("this process only puts jobs on the queue")
        self.run(int(job_id), task.retries if task is not None else 0)

    def put(self, job_id: int, priority: int) -> None:
        """Queue the job JOB_ID with PRIORITY (higher first)."""
        try:
            self.task(job_id, priority=priority)
        except Exception as exc:  # noqa: BLE001 - every storage error means the same: not queued
            raise QueueDown(f"the grading queue cannot be reached ({type(exc).__name__}: {exc})",
                            "check that the queue (Redis) is running") from None

    def pending(self) -> int | None:
        """How many messages wait (None when the queue cannot be reached)."""
        try:
            return int(self.huey.pending_count())
        except Exception:  # noqa: BLE001 - unreachable, whatever the reason
            return None

    def close(self) -> None:
        """Let go of the storage's connections (before a fork, or at the end)."""
        try:
            self.huey.storage.close()
        except Exception:  # noqa: BLE001,S110 - closing what may already be gone
            pass

    def consumer(self, *, workers: int, on_start: Callable[[], None]) -> Consumer:
        """A Huey consumer with WORKERS worker processes, each calling ON_START first."""
        self.huey.on_startup("hogkit-worker")(on_start)
        return self.huey.create_consumer(workers=workers, worker_type="process", periodic=False,
                                         initial_delay=0.1, backoff=1.5, max_delay=POLL_SECONDS,
                                         check_worker_health=True, health_check_interval=2,
                                         shutdown_timeout=10)
