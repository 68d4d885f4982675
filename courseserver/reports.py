"""What the pages, the API and the export read from the database: a student's own archives and
(once published) results, the class's progress per problem, the queue's state, and the gradebook
of each student's final submission."""

from __future__ import annotations

import json
from collections import Counter
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from courseserver import jobs
from courseserver.course import Course
from courseserver.models import Grade, Job, Student, Upload, Worker, now
from courseserver.policy import Candidate, Policy, due_for, final_submission, read_policy, show_time
from graders.gradebook import grades_csv, variant_columns
from graders.isolation import Isolation, detect

WORKER_SILENCE = timedelta(seconds=90)  # a worker not heard from this long is shown as gone


def _job_states(session: Session, upload_ids: list[int]) -> dict[int, str]:
    """The state of the newest job of each upload."""
    states: dict[int, str] = {}
    if upload_ids:
        for upload_id, state in session.execute(select(Job.upload_id, Job.state).where(Job.upload_id.in_(upload_ids))
                                                .order_by(Job.id)):
            states[upload_id] = state
    return states


def _uploads(session: Session, student: Student, policy: Policy, *, results: bool) -> list[dict]:
    rows = session.execute(select(Upload, Grade).outerjoin(Grade, Grade.upload_id == Upload.id)
                           .where(Upload.student_id == student.id).order_by(Upload.received, Upload.id)).all()
    final = final_submission(policy, [Candidate(u.id, u.received, g.total if g else None) for u, g in rows
                                      if u.kind == "submission"])
    states = _job_states(session, [u.id for u, _ in rows])
    listed = []
    for upload, grade in rows:
        item = {"id": upload.id, "kind": upload.kind, "received": show_time(upload.received),
                "sha256": upload.sha256, "bytes": upload.size, "late": upload.late, "final": upload.id == final}
        if upload.kind == "submission":
            state = states.get(upload.id, jobs.DONE)
            item["grading"] = "graded" if grade is not None and state in (jobs.DONE, jobs.FAILED) else state
            if grade is not None:
                item["graded"] = show_time(grade.graded)
            if results and grade is not None:
                item["result"] = json.loads(grade.result)
        listed.append(item)
    return listed


def student_view(course: Course, student_id: int, *, staff: bool = False) -> dict:
    """A student's own archives, with their results when published (always, for STAFF)."""
    with course.store.session() as session:
        student = session.get(Student, student_id)
        policy = read_policy(session)
        published = policy.published or staff
        return {"student": student.email, "assignment": course.assignment, "published": policy.published,
                "due": show_time(due_for(policy, student.due)), "extension": show_time(student.due),
                "uploads": _uploads(session, student, policy, results=published)}


def final_grades(session: Session, policy: Policy) -> dict[int, tuple[Upload | None, Grade | None]]:
    """Each student's final submission and its grade (None where there is none), by student id."""
    by_student: dict[int, list[tuple[Upload, Grade | None]]] = {}
    for upload, grade in session.execute(select(Upload, Grade).outerjoin(Grade, Grade.upload_id == Upload.id)
                                         .where(Upload.kind == "submission")):
        by_student.setdefault(upload.student_id, []).append((upload, grade))
    finals: dict[int, tuple[Upload | None, Grade | None]] = {}
    for student_id in session.scalars(select(Student.id)):
        found = by_student.get(student_id, [])
        chosen = final_submission(policy, [Candidate(u.id, u.received, g.total if g else None) for u, g in found])
        finals[student_id] = next(((u, g) for u, g in found if u.id == chosen), (None, None))
    return finals


def overview(course: Course) -> dict:
    """The staff page's data: the policy, the queue, the class's progress per problem, each student."""
    with course.store.session() as session:
        policy = read_policy(session)
        finals = final_grades(session, policy)
        students = {s.id: s for s in session.scalars(select(Student).order_by(Student.email))}
        counts = Counter(s for s, in session.execute(select(Upload.student_id).where(Upload.kind == "submission")))
        backups = Counter(s for s, in session.execute(select(Upload.student_id).where(Upload.kind == "backup")))
        states = _job_states(session, [u.id for u, _ in finals.values() if u is not None])
        queue = jobs.counts(session)
        moment = now()
        workers = [{"name": w.name, "seen": show_time(w.seen), "graded": w.graded,
                    "alive": moment - w.seen < WORKER_SILENCE}
                   for w in session.scalars(select(Worker).order_by(Worker.seen.desc())).all()[:50]]
    progress = []
    graded = [json.loads(g.problems) for u, g in finals.values() if g is not None]
    for problem in course.variant.problems:
        passed = sum(1 for points in graded if points.get(problem.id, [0, False])[1])
        progress.append({"id": problem.id, "label": problem.label, "points": problem.points, "passed": passed,
                         "graded": len(graded)})
    rows = []
    for student_id, student in students.items():
        upload, grade = finals.get(student_id, (None, None))
        rows.append({"email": student.email, "extension": show_time(student.due), "submissions": counts[student_id],
                     "backups": backups[student_id],
                     "final": None if upload is None else {
                         "id": upload.id, "received": show_time(upload.received), "late": upload.late,
                         "grading": states.get(upload.id, jobs.DONE) if grade is None else "graded",
                         "status": grade.status if grade else None, "total": grade.total if grade else None}})
    return {"assignment": course.assignment, "variant": course.variant_name, "policy": policy.data(),
            "max_total": course.variant.correctness_points,
            "queue": {**queue, "waiting_on_queue": course.queue.pending(), "workers": workers},
            "progress": progress, "students": rows}


def _isolation(kept: list[dict]) -> Isolation:
    """The isolation most grades were made under (this machine's when none is known)."""
    shapes = Counter(json.dumps({k: d.get(k) for k in ("mode", "seccomp", "landlock", "cgroup")}, sort_keys=True)
                     for d in kept if d.get("mode"))
    if not shapes:
        return detect()
    shape = json.loads(shapes.most_common(1)[0][0])
    return Isolation(mode=shape["mode"], why="", python="", seccomp=bool(shape["seccomp"]),
                     landlock=int(shape["landlock"] or 0), cgroup=str(shape["cgroup"] or ""))


def gradebook(course: Course) -> tuple[str, list[str]]:
    """grades.csv of each student's final submission, in grade-batch's columns, and notes for staff
    (students without a graded final submission)."""
    with course.store.session() as session:
        policy = read_policy(session)
        finals = final_grades(session, policy)
        emails = dict(session.execute(select(Student.id, Student.email)).all())
    rows, kept, missing, waiting = [], [], 0, 0
    for student_id, email in sorted(emails.items(), key=lambda item: item[1]):
        upload, grade = finals.get(student_id, (None, None))
        if grade is not None:
            row = json.loads(grade.result)
            kept.append(json.loads(grade.isolation))
        elif upload is None:
            missing += 1
            row = {"status": "not_submitted", "total": 0, "reason": "no submission"}
        else:
            waiting += 1
            row = {"status": "not_graded", "total": 0, "reason": "not graded yet"}
        row["student"] = email
        rows.append(row)
    isolation = _isolation(kept)
    text = grades_csv(rows, variant=course.variant, columns=variant_columns(course.variant, checkpoint=False),
                      isolation=isolation, merging=False, composition=None, checkpoints=None)
    notes = [f"{count} student(s) {what}" for count, what in ((missing, "sent no submission"),
                                                              (waiting, "have a final submission not graded yet"))
             if count]
    return text, notes
