"""The course's store and rules, without a server: Alembic's migrations make the models' tables (on
SQLite and PostgreSQL), emails are compared one way, the roster is checked, a job is claimed by one
worker only and a dropped job is queued again, and the final submission follows the course's rule."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import update

from courseserver import jobs
from courseserver.config import Limits
from courseserver.identity import normal_email, read_roster
from courseserver.models import Archive, Base, Job, Student, Upload, now
from courseserver.policy import Candidate, Policy, final_submission
from courseserver.queue import GradingQueue
from courseserver.store import Store
from hogkit.errors import HogkitError


def _schema_differences(url: str) -> list:
    store = Store(url)
    store.migrate()
    with store.engine.connect() as connection:
        return compare_metadata(MigrationContext.configure(connection), Base.metadata)


def test_the_migrations_make_the_models_tables_on_sqlite(tmp_path):
    assert _schema_differences(f"sqlite:///{tmp_path / 'course.db'}") == []


def test_the_migrations_make_the_models_tables_on_postgresql(postgres):
    assert _schema_differences(postgres.new_database("schema")) == []


def test_emails_are_compared_one_way():
    assert normal_email("  ALICE.W@Berkeley.EDU ") == "alice.w@berkeley.edu"
    assert normal_email("\u212aate9@example.edu") == "kate9@example.edu"  # the Kelvin sign
    assert normal_email("ｂｏｂ@example.edu") == "bob@example.edu"  # full-width letters


@pytest.mark.parametrize("text, said", [
    ("name\nalice@example.edu\n", "has no email column"),
    ("email\nalice@example.edu\n ALICE@example.edu\n", "alice@example.edu is on line 2 too"),
    ("email\n\u212aate@example.edu\nkate@example.edu\n", "kate@example.edu is on line 2 too"),
    ("email\nal ice@example.edu\n", "holds spaces"),
    ("email\n\n", "lists no student")])
def test_a_bad_roster_is_refused(tmp_path, text, said):
    path = tmp_path / "roster.csv"
    path.write_text(text)
    with pytest.raises(HogkitError) as refused:
        read_roster(path)
    assert said in refused.value.line()


def test_a_roster_with_other_columns(tmp_path):
    path = tmp_path / "roster.csv"
    path.write_text("\ufeffName,Email\nAlice,  Alice@Example.edu\nBob,bob@example.edu\n")
    assert read_roster(path) == ["alice@example.edu", "bob@example.edu"]


@pytest.fixture
def one_job(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'course.db'}")
    store.migrate()
    with store.session() as session:
        student = Student(email="ann@example.edu", token_digest="0" * 64, admitted=now())
        session.add_all([student, Archive(sha256="a" * 64, size=1, files="[]", source=b"x = 1\n", stored=now())])
        session.flush()
        upload = Upload(student_id=student.id, kind="submission", sha256="a" * 64, size=1, received=now(), late=False)
        session.add(upload)
        session.flush()
        job_id = jobs.new_job(session, upload.id, why="submission").id
    return store, job_id, GradingQueue(f"sqlite:///{tmp_path / 'queue.db'}", limits=Limits())


def test_a_job_is_claimed_by_one_worker_and_a_dropped_one_is_queued_again(one_job):
    store, job_id, queue = one_job
    claimed = jobs.claim(store, job_id, worker="w1", lease=30)
    assert claimed is not None and claimed.student == "ann@example.edu" and claimed.source == b"x = 1\n"
    assert jobs.claim(store, job_id, worker="w2", lease=30) is None
    assert jobs.sweep(store, queue, lease=30, retries=2) == 0  # its lease runs
    with store.session() as session:  # its worker went silent past the lease
        session.execute(update(Job).values(lease_until=now() - timedelta(seconds=1)))
    assert jobs.sweep(store, queue, lease=30, retries=2) == 1 and queue.pending() == 1
    again = jobs.claim(store, job_id, worker="w2", lease=30)
    assert again is not None
    jobs.finish(store, again, worker="w2", result={"status": "graded", "total": 3, "problems": []}, isolation={})
    jobs.finish(store, claimed, worker="w1", result={"status": "graded", "total": 3, "problems": []}, isolation={})
    with store.session() as session:
        job = session.get(Job, job_id)
        assert (job.state, job.tries, job.worker) == ("done", 2, "w2")


def test_the_final_submission_follows_the_rule():
    day = datetime(2025, 1, 1, tzinfo=UTC)
    found = [Candidate(1, day, 10.0), Candidate(2, day + timedelta(hours=1), 22.0),
             Candidate(3, day + timedelta(hours=2), None), Candidate(4, day + timedelta(hours=3), 5.0)]
    assert final_submission(Policy(final="last"), found) == 4
    assert final_submission(Policy(final="best"), found) == 2
    assert final_submission(Policy(final="best"), [Candidate(1, day, None)]) == 1
    assert final_submission(Policy(), []) is None
