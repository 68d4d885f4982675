"""Running a course: ``hogkit serve`` (the web app, local grading workers in a child process, and
a sweep that keeps every waiting job on the queue) and ``hogkit worker`` (grading workers for a
course whose database and queue it is given), and the gradebook export."""

from __future__ import annotations

import functools
import logging
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType

from courseserver import jobs
from courseserver.config import Limits, Places
from courseserver.course import Course, admit, open_course, staff_digest
from courseserver.grading import GradingWorker
from courseserver.http import http_server, listen
from courseserver.identity import read_roster
from courseserver.models import Student
from courseserver.policy import write_policy
from courseserver.queue import GradingQueue, check_queue_url
from courseserver.reports import gradebook
from courseserver.store import Store, StoreDown, database_url, get_setting, shown_url
from courseserver.web import create_app
from graders.files import check_file_target, write_atomic
from graders.isolation import detect, die_with_parent
from graders.reach import require_out_of_reach
from hogkit.errors import HogkitError
from hogkit.variant import load_variant

STOP_SECONDS = 15


def _say(text: str) -> None:
    print(text, flush=True)


def limit_args(limits: Limits) -> list[str]:
    """LIMITS as the options of ``hogkit worker`` that carry them."""
    return ["--job-seconds", str(limits.job_seconds), "--lease-seconds", str(limits.lease_seconds),
            "--retries", str(limits.retries)]


class LocalWorkers:
    """``hogkit worker`` as a child process of the server (it dies with the server), started again
    if it stops."""

    def __init__(self, command: list[str]) -> None:
        self.command = command
        self.process: subprocess.Popen | None = None

    def keep_running(self) -> None:
        if self.process is None or self.process.poll() is not None:
            if self.process is not None:
                print(f"the local workers stopped (status {self.process.returncode}); starting them again",
                      file=sys.stderr, flush=True)
            self.process = subprocess.Popen(self.command, preexec_fn=functools.partial(die_with_parent, os.getpid()),
                                            stdin=subprocess.DEVNULL)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def _die_with(parent: int) -> None:
    """In a process just forked: if PARENT forked it, die when PARENT dies."""
    if os.getppid() == parent:
        die_with_parent(parent)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def _every(seconds: float, stop: threading.Event, work: Callable[[], None]) -> threading.Thread:
    def loop() -> None:
        while True:
            try:
                work()
            except HogkitError as exc:
                print(f"warning: {exc.line()}", file=sys.stderr, flush=True)
            if stop.wait(seconds):
                return
    thread = threading.Thread(target=loop, name="sweep", daemon=True)
    thread.start()
    return thread


def serve(places: Places, limits: Limits, *, variant: str | None, roster: Path | None, host: str, port: int,
          workers: int, policy: dict, isolation: str = "auto", unsafe: bool = False) -> int:
    """Run the course at PLACES until interrupted (Ctrl-C or SIGTERM)."""
    if workers < 0:
        raise HogkitError(f"--workers {workers} is not a number of workers", "give 0 (remote workers only) or more")
    if variant is not None:  # everything given is checked before anything is made
        load_variant(variant)
    emails = read_roster(roster) if roster is not None else []
    database_url(places.db)
    check_queue_url(places.queue)
    limits.check()
    places.make()
    course = open_course(places, limits, variant=variant)
    if emails:
        fresh, before = admit(course, emails)
        _say(f"roster: {fresh} student(s) admitted now, {before} before; their tokens are in {places.tokens}")
    with course.store.session() as session:
        write_policy(session, **policy)
        if session.query(Student).count() == 0:
            raise HogkitError("this course has no students yet", "give --roster FILE (a CSV with an email column)")
    digest = staff_digest(places)
    course.blobs.clear_incoming()
    sock = listen(host, port)
    bound_host, bound_port = sock.getsockname()[:2]
    url = f"http://{bound_host}:{bound_port}/"
    command = [sys.executable, "-m", "hogkit_cli", "worker", "--data", str(places.data), "--db", places.db,
               "--queue", places.queue, "--workers", str(workers), *limit_args(limits), "--isolation", isolation,
               *(["--unsafe-no-isolation"] if unsafe else [])]
    local = LocalWorkers(command) if workers else None
    stop = threading.Event()

    def tend() -> None:
        if local is not None:
            local.keep_running()
        jobs.sweep(course.store, course.queue, lease=limits.lease_seconds, retries=limits.retries)

    _every(limits.lease_seconds / 3, stop, tend)
    _say(f"serving {course.assignment} at {url} ({workers} local grading worker(s); database "
         f"{shown_url(places.db)}; queue {shown_url(places.queue)})")
    _say(f"students' kits send here once built with: hogkit build --variant {course.variant_name} --submit-url {url}")
    _say(f"staff page: {url}staff (the staff token is in {places.staff_token})")
    server = http_server(create_app(course, staff_digest=digest), deadline=limits.request_seconds + 5,
                         most=limits.max_connections)
    signal.signal(signal.SIGTERM, _interrupt)  # uvicorn stops on SIGTERM, then passes it on to this
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        if local is not None:
            local.stop()
        course.queue.close()
    _say("stopped")
    return 0


def work(places: Places, limits: Limits, *, workers: int, data: Path | None, isolation: str = "auto",
         unsafe: bool = False) -> int:
    """Grade the course at PLACES with WORKERS worker processes until interrupted."""
    if workers < 1:
        raise HogkitError(f"--workers {workers} grades nothing", "give 1 or more")
    limits.check()
    _require_course(places)
    store = Store(places.db)
    try:
        with store.session() as session:
            name = get_setting(session, "variant")
    except StoreDown:  # no tables yet, or no database
        name = None
    if not name:
        raise HogkitError(f"there is no course in {shown_url(places.db)}", "start it first with hogkit serve --db ...")
    variant = load_variant(str(name))
    contained = detect(isolation, unsafe=unsafe)
    require_out_of_reach(contained, [data] if data is not None else [], variant=variant)
    grader = GradingWorker(store, variant, contained, limits)
    queue = GradingQueue(places.queue, limits=limits, run=grader.run)
    store.engine.dispose()
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s: %(message)s")
    _say(f"grading {variant.name} with {workers} worker(s) from {shown_url(places.db)}; isolation: "
         f"{contained.label()}")
    os.register_at_fork(after_in_child=functools.partial(_die_with, os.getpid()))  # workers and scheduler alike
    queue.consumer(workers=workers, on_start=grader.start).run()
    return 0


def _require_course(places: Places) -> None:
    """A HogKit error, before anything is made, when the SQLite database of PLACES does not exist."""
    database_url(places.db)
    if places.db.startswith("sqlite:///") and not Path(places.db[len("sqlite:///"):]).is_file():
        raise HogkitError(f"there is no course in {places.data}", "give the --data folder hogkit serve was given "
                                                                  "(or --db and --queue)")


def export(places: Places, *, out: Path) -> int:
    """Write the gradebook of each student's final submission to OUT (grade-batch's columns)."""
    check_file_target(out)
    _require_course(places)
    course: Course = open_course(places, Limits(), migrate=False)
    text, notes = gradebook(course)
    write_atomic(out, text, private=True)
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    _say(f"wrote {out}: {text.count(chr(10)) - 2} student(s)")
    return 0
