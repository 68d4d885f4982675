"""The web app (Starlette): archives in, results out, a page for students and one for staff.

    POST /  (or /api/submit)  an archive from ``python3 ok``: Authorization: Bearer TOKEN,
                              X-Hogkit-Student (the email), X-Hogkit-Assignment, X-Hogkit-Kind
    GET  /api/health          {"status": "ok"} when the database and the queue answer (503 when not)
    GET  /api/results         a student's own archives, and their results once published
    GET  /api/staff/...       the staff page's data, the gradebook; POST: regrade, publish,
                              extensions, the policy (the staff token)
    GET  /  and  /staff       the student's page and the staff page (static HTML and script)

Every request is given a deadline; every reply carries headers that keep pages from being framed,
sniffed or fed other sites' scripts. Replies are JSON; a refusal is ``{"error": "..."}``.
"""

from __future__ import annotations

import hmac
import json
from pathlib import Path
from urllib.parse import unquote

import anyio
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from courseserver import jobs
from courseserver.blobs import DiskFull, TooLarge
from courseserver.course import Course
from courseserver.identity import normal_email, token_digest
from courseserver.intake import accept, check_email, find_student
from courseserver.models import Job, Student
from courseserver.policy import parse_time, read_policy, write_policy
from courseserver.queue import QueueDown
from courseserver.refusal import Refused
from courseserver.reports import final_grades, gradebook, overview, student_view
from courseserver.store import StoreDown
from hogkit.errors import HogkitError
from hogkit.shipped.ok import ASSIGNMENT_HEADER, KIND_HEADER, STUDENT_HEADER

PAGES = Path(__file__).resolve().parent / "pages"
MAX_FORM = 64 * 1024
HEADERS = {
    "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
}


class Guard:
    """ASGI middleware: a deadline of SECONDS on each request (408 if nothing was sent yet) and
    the safety headers on each reply."""

    def __init__(self, app, *, seconds: float) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        try:
            with anyio.fail_after(self.seconds):
                await self.app(scope, receive, sending)
        except TimeoutError:
            if not started:
                reply = _error(408, f"the request took longer than {self.seconds:g} s — send it again")
                await reply(scope, receive, sending)


def _error(status: int, reason: str) -> JSONResponse:
    return JSONResponse({"error": reason}, status_code=status, headers={"connection": "close"})


def _bearer(request: Request) -> str:
    kind, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if kind.lower() == "bearer" else ""


def _course(request: Request) -> Course:
    return request.app.state.course


async def upload(request: Request) -> Response:
    """Take one archive (see :mod:`courseserver.intake`); the body is read only for a known student."""
    course = _course(request)
    token = _bearer(request)
    student = await run_in_threadpool(find_student, course, token)
    claimed = unquote(request.headers.get(STUDENT_HEADER, ""))
    check_email(student, claimed)
    declared = request.headers.get("content-length")
    if declared is not None and "transfer-encoding" in request.headers:
        raise Refused(400, "a request with both Content-Length and Transfer-Encoding is ambiguous: send one")
    if declared is not None and declared.isdigit() and int(declared) > course.limits.max_archive:
        raise Refused(413, f"the archive is {declared} bytes, more than the {course.limits.max_archive} this "
                           "server takes")
    try:
        incoming = await course.blobs.receive(request.stream(), limit=course.limits.max_archive)
    except TooLarge:
        raise Refused(413, f"the archive is larger than the {course.limits.max_archive} bytes this server "
                           "takes") from None
    except ClientDisconnect:
        return Response(status_code=400)
    try:
        with anyio.CancelScope(shield=True):  # once storing begins it ends, and the student hears how
            receipt = await run_in_threadpool(
                accept, course, token=token, claimed=claimed, kind=request.headers.get(KIND_HEADER, "submission"),
                assignment=unquote(request.headers.get(ASSIGNMENT_HEADER, "")), incoming=incoming)
    finally:
        incoming.discard()
    return JSONResponse(receipt, status_code=201)


async def health(request: Request) -> Response:
    course = _course(request)
    database = await run_in_threadpool(course.store.ping)
    queue = await run_in_threadpool(course.queue.pending) is not None
    ok = database and queue
    return JSONResponse({"status": "ok" if ok else "unavailable", "database": database, "queue": queue},
                        status_code=200 if ok else 503)


async def results(request: Request) -> Response:
    course = _course(request)
    student = await run_in_threadpool(find_student, course, _bearer(request))
    return JSONResponse(await run_in_threadpool(student_view, course, student.id))


def _staff(request: Request) -> Course:
    course = _course(request)
    if not hmac.compare_digest(token_digest(_bearer(request)), request.app.state.staff_digest):
        raise Refused(401, "this page needs the staff token (the file staff_token in the course's data folder)")
    return course


async def _form(request: Request) -> dict:
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM:
            raise Refused(413, "the request is too large")
    try:
        data = json.loads(body or b"{}")
    except ValueError:
        raise Refused(400, "the request is not JSON") from None
    if not isinstance(data, dict):
        raise Refused(400, "the request is not a JSON object")
    return data


async def staff_overview(request: Request) -> Response:
    course = _staff(request)
    return JSONResponse(await run_in_threadpool(overview, course))


async def staff_student(request: Request) -> Response:
    course = _staff(request)
    email = normal_email(request.query_params.get("email", ""))

    def view() -> dict:
        with course.store.session() as session:
            student = session.query(Student).filter_by(email=email).one_or_none()
        if student is None:
            raise Refused(404, f"no student {email} on the roster")
        return student_view(course, student.id, staff=True)

    return JSONResponse(await run_in_threadpool(view))


def _regrade(course: Course, email: str | None) -> int:
    with course.store.session() as session:
        policy = read_policy(session)
        finals = final_grades(session, policy)
        if email is not None:
            student = session.query(Student).filter_by(email=email).one_or_none()
            if student is None:
                raise Refused(404, f"no student {email} on the roster")
            finals = {student.id: finals.get(student.id, (None, None))}
        busy = {u for u, in session.query(Job.upload_id).filter(Job.state.in_((jobs.QUEUED, jobs.RUNNING)))}
        made = [jobs.new_job(session, upload.id, why="regrade") for upload, _ in finals.values()
                if upload is not None and upload.id not in busy]
        queued = [(job.id, job.priority) for job in made]
    jobs.put_on_queue(course.store, course.queue, queued)
    return len(queued)


async def staff_regrade(request: Request) -> Response:
    course = _staff(request)
    data = await _form(request)
    email = normal_email(data["email"]) if data.get("email") else None
    return JSONResponse({"queued": await run_in_threadpool(_regrade, course, email)})


async def staff_publish(request: Request) -> Response:
    course = _staff(request)
    published = bool((await _form(request)).get("published"))

    def publish() -> None:
        with course.store.session() as session:
            write_policy(session, published=published)

    await run_in_threadpool(publish)
    return JSONResponse({"published": published})


async def staff_extension(request: Request) -> Response:
    course = _staff(request)
    data = await _form(request)
    email = normal_email(str(data.get("email", "")))
    try:
        due = parse_time(str(data["due"]), what="the due date") if data.get("due") else None
    except HogkitError as exc:
        raise Refused(400, exc.line()) from None

    def extend() -> None:
        with course.store.session() as session:
            student = session.query(Student).filter_by(email=email).one_or_none()
            if student is None:
                raise Refused(404, f"no student {email} on the roster")
            student.due = due

    await run_in_threadpool(extend)
    return JSONResponse({"email": email, "due": data.get("due") or None})


async def staff_policy(request: Request) -> Response:
    course = _staff(request)
    data = await _form(request)
    try:
        due = parse_time(str(data["due"])) if data.get("due") else (None if "due" in data else "keep")
        changes = {"due": due, "late": data.get("late"), "final": data.get("final")}

        def change() -> dict:
            with course.store.session() as session:
                write_policy(session, **changes)
                return read_policy(session).data()

        return JSONResponse(await run_in_threadpool(change))
    except HogkitError as exc:
        if isinstance(exc, StoreDown):
            raise
        raise Refused(400, exc.line()) from None


async def staff_grades(request: Request) -> Response:
    course = _staff(request)
    text, notes = await run_in_threadpool(gradebook, course)
    return Response(text, media_type="text/csv; charset=utf-8", headers={
        "content-disposition": 'attachment; filename="grades.csv"', "x-hogkit-notes": "; ".join(notes)})


def _page(name: str):
    async def page(request: Request) -> Response:
        return FileResponse(PAGES / name, media_type="text/html; charset=utf-8")
    return page


async def _refused(request: Request, exc: Refused) -> Response:
    return _error(exc.status, exc.reason)


async def _unavailable(request: Request, exc: HogkitError) -> Response:
    status = 507 if isinstance(exc, DiskFull) else 503 if isinstance(exc, (StoreDown, QueueDown)) else 500
    return _error(status, f"{exc.line()} — nothing was kept; try again later")


async def _http(request: Request, exc: HTTPException) -> Response:
    return _error(exc.status_code, str(exc.detail))


async def _crash(request: Request, exc: Exception) -> Response:
    return _error(500, "the server failed on this request — try again later")


def create_app(course: Course, *, staff_digest: str) -> Starlette:
    """The course's web app."""
    routes = [
        Route("/", _page("student.html"), methods=["GET"]),
        Route("/", upload, methods=["POST"]),
        Route("/api/submit", upload, methods=["POST"]),
        Route("/staff", _page("staff.html"), methods=["GET"]),
        Route("/api/health", health, methods=["GET"]),
        Route("/api/results", results, methods=["GET"]),
        Route("/api/staff/overview", staff_overview, methods=["GET"]),
        Route("/api/staff/student", staff_student, methods=["GET"]),
        Route("/api/staff/grades.csv", staff_grades, methods=["GET"]),
        Route("/api/staff/regrade", staff_regrade, methods=["POST"]),
        Route("/api/staff/publish", staff_publish, methods=["POST"]),
        Route("/api/staff/extension", staff_extension, methods=["POST"]),
        Route("/api/staff/policy", staff_policy, methods=["POST"]),
        Mount("/static", StaticFiles(directory=PAGES), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={Refused: _refused, HogkitError: _unavailable,
                                                       HTTPException: _http, Exception: _crash})
    app.state.course = course
    app.state.staff_digest = staff_digest
    return Guard(app, seconds=course.limits.request_seconds)

