"""The course's tables: students, archives, uploads, jobs, grades, workers, settings.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from courseserver.models import UTCTime

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "students",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("email", sa.String(254), nullable=False, unique=True),
        sa.Column("token_digest", sa.String(64), nullable=False, unique=True),
        sa.Column("due", UTCTime(), nullable=True),
        sa.Column("admitted", UTCTime(), nullable=False),
    )
    op.create_table(
        "archives",
        sa.Column("sha256", sa.String(64), primary_key=True),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("files", sa.Text(), nullable=False),
        sa.Column("source", sa.LargeBinary(), nullable=True),
        sa.Column("stored", UTCTime(), nullable=False),
    )
    op.create_table(
        "uploads",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("student_id", sa.Integer(), sa.ForeignKey("students.id"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("sha256", sa.String(64), sa.ForeignKey("archives.sha256"), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("received", UTCTime(), nullable=False),
        sa.Column("late", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_uploads_student_received", "uploads", ["student_id", "received"])
    op.create_table(
        "jobs",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("upload_id", sa.Integer(), sa.ForeignKey("uploads.id"), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("priority", sa.Integer(), nullable=False),
        sa.Column("why", sa.String(16), nullable=False),
        sa.Column("tries", sa.Integer(), nullable=False),
        sa.Column("worker", sa.String(200), nullable=False),
        sa.Column("error", sa.Text(), nullable=False),
        sa.Column("created", UTCTime(), nullable=False),
        sa.Column("enqueued", UTCTime(), nullable=True),
        sa.Column("started", UTCTime(), nullable=True),
        sa.Column("lease_until", UTCTime(), nullable=True),
        sa.Column("finished", UTCTime(), nullable=True),
    )
    op.create_index("ix_jobs_state", "jobs", ["state"])
    op.create_index("ix_jobs_upload_id", "jobs", ["upload_id"])
    op.create_table(
        "grades",
        sa.Column("upload_id", sa.Integer(), sa.ForeignKey("uploads.id"), primary_key=True),
        sa.Column("job_id", sa.Integer(), sa.ForeignKey("jobs.id"), nullable=False),
        sa.Column("status", sa.String(32), nullable=False),
        sa.Column("total", sa.Float(), nullable=False),
        sa.Column("result", sa.Text(), nullable=False),
        sa.Column("problems", sa.Text(), nullable=False),
        sa.Column("isolation", sa.Text(), nullable=False),
        sa.Column("graded", UTCTime(), nullable=False),
    )
    op.create_table(
        "workers",
        sa.Column("name", sa.String(200), primary_key=True),
        sa.Column("started", UTCTime(), nullable=False),
        sa.Column("seen", UTCTime(), nullable=False),
        sa.Column("graded", sa.Integer(), nullable=False),
    )
    op.create_table(
        "settings",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    for table in ("settings", "workers", "grades", "jobs", "uploads", "archives", "students"):
        op.drop_table(table)
