"""The course's tables (SQLAlchemy 2). The database is the source of truth: students, every
archive received (its bytes on disk by content, the row here), every grading job and every grade.
Alembic's migrations (``migrations/versions``) make the same tables; a test checks they agree."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    TypeDecorator,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class UTCTime(TypeDecorator):
    """A moment stored as naive UTC (SQLite keeps no zone) and read back as an aware UTC time."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("a naive time given to the database")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


def now() -> datetime:
    """The current time, in UTC."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class Student(Base):
    """A student of the roster: their normalised EMAIL, the digest of their token, their own due date."""

    __tablename__ = "students"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)
    token_digest: Mapped[str] = mapped_column(String(64), unique=True)
    due: Mapped[datetime | None] = mapped_column(UTCTime, nullable=True)  # an extension
    admitted: Mapped[datetime] = mapped_column(UTCTime)


class Archive(Base):
    """One archive's content, named by its SHA256: its size, its files, and the bytes of its
    hog.py when it is graded (so a worker on another machine needs only the database)."""

    __tablename__ = "archives"

    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    size: Mapped[int] = mapped_column(Integer)
    files: Mapped[str] = mapped_column(Text)  # JSON list of names
    source: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    stored: Mapped[datetime] = mapped_column(UTCTime)


class Upload(Base):
    """One archive as a student sent it: a BACKUP (each ok run) or a SUBMISSION (ok --submit)."""

    __tablename__ = "uploads"
    __table_args__ = (Index("ix_uploads_student_received", "student_id", "received"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    student_id: Mapped[int] = mapped_column(ForeignKey("students.id"))
    kind: Mapped[str] = mapped_column(String(16))
    sha256: Mapped[str] = mapped_column(ForeignKey("archives.sha256"))
    size: Mapped[int] = mapped_column(Integer)
    received: Mapped[datetime] = mapped_column(UTCTime)
    late: Mapped[bool] = mapped_column(Boolean, default=False)


class Job(Base):
    """Grading one submission: queued, running (by WORKER, whose lease runs to LEASE_UNTIL), done or failed."""

    __tablename__ = "jobs"
    __table_args__ = (Index("ix_jobs_state", "state"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    upload_id: Mapped[int] = mapped_column(ForeignKey("uploads.id"), index=True)
    state: Mapped[str] = mapped_column(String(16))
    priority: Mapped[int] = mapped_column(Integer)
    why: Mapped[str] = mapped_column(String(16))  # submission, regrade
    tries: Mapped[int] = mapped_column(Integer, default=0)
    worker: Mapped[str] = mapped_column(String(200), default="")
    error: Mapped[str] = mapped_column(Text, default="")
    created: Mapped[datetime] = mapped_column(UTCTime)
    enqueued: Mapped[datetime | None] = mapped_column(UTCTime, nullable=True)
    started: Mapped[datetime | None] = mapped_column(UTCTime, nullable=True)
    lease_until: Mapped[datetime | None] = mapped_column(UTCTime, nullable=True)
    finished: Mapped[datetime | None] = mapped_column(UTCTime, nullable=True)


class Grade(Base):
    """The newest grade of one submission: its STATUS and TOTAL, the whole RESULT (JSON, as
    ``grade-batch`` writes it), each problem's points (PROBLEMS) and how its code was contained
    (ISOLATION, JSON)."""

    __tablename__ = "grades"

    upload_id: Mapped[int] = mapped_column(ForeignKey("uploads.id"), primary_key=True)
    job_id: Mapped[int] = mapped_column(ForeignKey("jobs.id"))
    status: Mapped[str] = mapped_column(String(32))
    total: Mapped[float] = mapped_column(Float)
    result: Mapped[str] = mapped_column(Text)
    problems: Mapped[str] = mapped_column(Text)  # JSON: problem id -> [earned, passed], for class progress
    isolation: Mapped[str] = mapped_column(Text)
    graded: Mapped[datetime] = mapped_column(UTCTime)


class Worker(Base):
    """A grading worker process, as it last said it was alive."""

    __tablename__ = "workers"

    name: Mapped[str] = mapped_column(String(200), primary_key=True)
    started: Mapped[datetime] = mapped_column(UTCTime)
    seen: Mapped[datetime] = mapped_column(UTCTime)
    graded: Mapped[int] = mapped_column(Integer, default=0)


class Setting(Base):
    """One of the course's settings (variant, due, late, final, published), as JSON."""

    __tablename__ = "settings"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
