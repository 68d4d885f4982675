"""What a course server is given: where its data lives (a folder, a database URL, a queue URL) and
its limits. Both are plain values, passed to the web app, the workers and the commands alike."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from hogkit.errors import HogkitError

DB_FILE = "course.db"
QUEUE_FILE = "queue.db"
ARCHIVES = "archives"
TOKENS = "tokens.csv"
STAFF_TOKEN = "staff_token"
MIB = 1024 * 1024


@dataclass(frozen=True, kw_only=True)
class Limits:
    """How much the server takes and how long it waits. Sizes in bytes, times in seconds."""

    max_archive: int = 4 * MIB  # one archive, enforced while it streams to disk
    student_quota: int = 64 * MIB  # all of one student's archives
    student_rate: int = 30  # archives one student may send in a minute
    total_quota: int = 20 * 1024 * MIB  # every archive of the class
    reserve: int = 64 * MIB  # free disk space the server never fills
    request_seconds: float = 60.0  # the whole of one request, headers to reply
    max_connections: int = 256  # open at once; more are closed as they come
    job_seconds: float = 600.0  # one grading job
    lease_seconds: float = 30.0  # a running job whose worker is silent this long is graded again
    retries: int = 2  # a job that fails is tried again this many times

    def check(self) -> None:
        """Raise a HogkitError naming the first limit that cannot work."""
        for name in ("max_archive", "student_quota", "total_quota", "student_rate", "max_connections"):
            if getattr(self, name) < 1:
                raise HogkitError(f"--{name.replace('_', '-')} {getattr(self, name)} allows nothing",
                                  "give a number above 0")
        for name in ("request_seconds", "job_seconds", "lease_seconds"):
            if not getattr(self, name) > 0:
                raise HogkitError(f"--{name.replace('_', '-')} must be above 0", "give a number of seconds")
        if self.reserve < 0 or self.retries < 0:
            raise HogkitError("--reserve and --retries cannot be negative", "give 0 or more")


@dataclass(frozen=True, kw_only=True)
class Places:
    """Where a course's data lives: the folder DATA (archives, tokens, and by default the SQLite
    database and queue), the database URL DB and the queue URL QUEUE."""

    data: Path
    db: str
    queue: str

    @classmethod
    def of(cls, data: Path, *, db: str | None = None, queue: str | None = None) -> Places:
        """The places of a course kept in DATA, with the database and queue there unless given."""
        data = Path(data).absolute()
        return cls(data=data, db=db or f"sqlite:///{data / DB_FILE}", queue=queue or f"sqlite:///{data / QUEUE_FILE}")

    @property
    def archives(self) -> Path:
        return self.data / ARCHIVES

    @property
    def tokens(self) -> Path:
        return self.data / TOKENS

    @property
    def staff_token(self) -> Path:
        return self.data / STAFF_TOKEN

    def make(self) -> None:
        """Make the data folder (owner only) if it is missing."""
        try:
            self.data.mkdir(mode=0o700, parents=True, exist_ok=True)
            self.archives.mkdir(mode=0o700, exist_ok=True)
        except OSError as exc:
            raise HogkitError(f"cannot make {self.data}: {exc.strerror}", "give --data a folder you can write in") \
                from None


def default_workers() -> int:
    """Local grading workers by default: the cores less one (at least one)."""
    return max(1, (os.cpu_count() or 2) - 1)
