"""Taking an archive from a student: who sent it (their token; the email they name must be the
token's), whether the course takes it (the kit, the files, the deadline, the quotas), then keeping
it for good (the file on disk and its rows, both durable) before a receipt is given.

Refusals come before anything is kept: 401 an unknown token, 403 another student's email or a
deadline passed, 400 an archive that is not the kit's, 409 another course's kit, 413 too large or
over the student's quota, 429 too many at once, 507 the course's quota or the disk is full.
"""

from __future__ import annotations

import json
from datetime import timedelta

from sqlalchemy import func, select

from courseserver import jobs
from courseserver.archive import read_archive
from courseserver.blobs import Incoming
from courseserver.course import Course
from courseserver.identity import normal_email, token_digest
from courseserver.models import Archive, Student, Upload, now
from courseserver.policy import due_for, read_policy, show_time
from courseserver.queue import FRESH, QueueDown
from courseserver.refusal import Refused
from graders.untrusted import clean
from hogkit.errors import HogkitError

KINDS = ("backup", "submission")
TOKEN_FIX = "use the token your course staff gave you: python3 ok --submit --token TOKEN"


def find_student(course: Course, token: str) -> Student:
    """The student whose token is TOKEN, or Refused (401)."""
    if not token:
        raise Refused(401, f"no token was sent — {TOKEN_FIX}")
    with course.store.session() as session:
        student = session.scalar(select(Student).where(Student.token_digest == token_digest(token)))
    if student is None:
        raise Refused(401, f"this token is not one this course gave out — {TOKEN_FIX}")
    return student


def check_email(student: Student, claimed: str) -> None:
    """Refused (403) when the email CLAIMED is not STUDENT's own."""
    if claimed and normal_email(claimed) != student.email:
        raise Refused(403, f"the token is not {clean(claimed.strip(), limit=80, newlines=False)}'s — send your own "
                           "email with your own token (python3 ok --submit --email YOU --token YOURS)")


def accept(course: Course, *, token: str, claimed: str, kind: str, assignment: str, incoming: Incoming) -> dict:
    """Keep INCOMING for the student of TOKEN as a KIND (backup or submission); return the receipt."""
    if kind not in KINDS:
        raise Refused(400, f"{clean(kind, limit=40, newlines=False)!r} is not a kind of archive: backup or submission")
    if assignment != course.assignment:
        raise Refused(409, f"this server collects {course.assignment}, and the archive comes from a kit of "
                           f"{clean(assignment, limit=80, newlines=False) or 'no assignment'}")
    contents = read_archive(incoming.path, course.files)
    limits = course.limits
    if course.blobs.free_bytes() - incoming.size < limits.reserve:
        raise Refused(507, "the server's disk is full: nothing was kept — try again later, and tell your course staff")
    received = now()
    with course.store.session() as session:
        student = session.scalar(select(Student).where(Student.token_digest == token_digest(token))
                                 .with_for_update())
        if student is None:
            raise Refused(401, f"this token is not one this course gave out — {TOKEN_FIX}")
        check_email(student, claimed)
        recent = session.scalar(select(func.count()).select_from(Upload).where(
            Upload.student_id == student.id, Upload.received > received - timedelta(minutes=1)))
        if recent >= limits.student_rate:
            raise Refused(429, f"{recent} archives from you in the last minute — wait a minute and send again")
        used = session.scalar(select(func.coalesce(func.sum(Upload.size), 0)).where(Upload.student_id == student.id))
        if used + incoming.size > limits.student_quota:
            raise Refused(413, f"your archives fill your quota of {limits.student_quota} bytes — ask your course "
                               "staff")
        total = session.scalar(select(func.coalesce(func.sum(Upload.size), 0)))
        if total + incoming.size > limits.total_quota:
            raise Refused(507, "the course's storage is full: nothing was kept — tell your course staff")
        policy = read_policy(session)
        due = due_for(policy, student.due)
        late = kind == "submission" and due is not None and received > due
        if late and policy.late == "refuse":
            raise Refused(403, f"the deadline passed at {show_time(due)}: late submissions are not taken (ask your "
                               "course staff for an extension)")
        course.blobs.keep(incoming)
        archive = session.get(Archive, incoming.sha256)
        source = contents["hog.py"] if kind == "submission" else None
        if archive is None:
            session.add(Archive(sha256=incoming.sha256, size=incoming.size, files=json.dumps(sorted(contents)),
                                source=source, stored=received))
        elif source is not None and archive.source is None:
            archive.source = source
        upload = Upload(student_id=student.id, kind=kind, sha256=incoming.sha256, size=incoming.size,
                        received=received, late=late)
        session.add(upload)
        session.flush()
        job = jobs.new_job(session, upload.id, why="submission") if kind == "submission" else None
        receipt = {"id": upload.id, "student": student.email, "kind": kind, "assignment": course.assignment,
                   "received": show_time(received), "sha256": incoming.sha256, "bytes": incoming.size,
                   "files": sorted(contents), "late": late, "due": show_time(due)}
    if job is not None:  # stored for good: a queue that is down now gets it from the sweep later
        try:
            jobs.put_on_queue(course.store, course.queue, [(job.id, FRESH)])
        except (QueueDown, HogkitError):
            pass
        receipt["grading"] = "queued"
    return receipt
