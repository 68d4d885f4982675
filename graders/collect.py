"""Receive the archives students send with ``python3 ok --submit``, over HTTP (``hogkit collect``).

A POST carries one archive as its body (a zip of the kit's files, as ``ok --submit`` makes it),
with the student's id and the kit's assignment name in the headers ``ok`` sends. A good one is
kept whole as ``OUT/all/<id>/<UTC time>.zip`` and its files are copied to ``OUT/latest/<id>/``,
so ``hogkit grade-batch OUT/latest`` grades each student's newest copy (one folder per student).
Each file is written to a temporary file and renamed into place, one submission at a time. The
reply is a JSON receipt: the id, the time received, the archive's sha256 and size, its files.

Anything else is refused with a 4xx status and a JSON ``error`` that says why: no length (411),
too large (413), not a zip, a path or a file the kit does not have, no hog.py, a bad id (400),
another kit's archive (409). The id is what the student typed: its form is checked, not who sent it.
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
import threading
import urllib.parse
import zipfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from graders.files import write_atomic
from graders.intake import MAX_SOURCE_BYTES
from graders.untrusted import clean
from hogkit.errors import HogkitError
from hogkit.generate.okpy_step import assignment_name, okpy_config
from hogkit.shipped.ok import ASSIGNMENT_HEADER, CONTEST_ENTRY, STUDENT_HEADER, student_id
from hogkit.variant import Variant

ALL = "all"  # every archive received, per student
LATEST = "latest"  # the files of each student's newest archive: what grade-batch grades
MAX_ARCHIVE = 4 * 1024 * 1024
MAX_MEMBERS = 8
READ_TIMEOUT = 30  # seconds a client may take to send its request
SYMLINK = 0o120000


class Refused(Exception):
    """A request that is not stored: STATUS (4xx) and the reason sent back."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


@dataclass
class Collector:
    """Where and what to collect: the folder OUT, the kit's ASSIGNMENT name and the FILES an
    archive may hold, archives of at most MAX_BYTES."""

    out: Path
    assignment: str
    files: frozenset[str]
    max_bytes: int = MAX_ARCHIVE
    lock: threading.Lock = field(default_factory=threading.Lock)

    def store(self, body: bytes, *, student: str, assignment: str) -> dict:
        """Check and keep one archive; return its receipt, or raise Refused."""
        key = student_id(student)
        if not key:
            raise Refused(400, "no valid student id (an email or course id: letters, digits and . _ @ + -)")
        if assignment != self.assignment:
            raise Refused(409, f"this server collects {self.assignment}, and the archive comes from a kit of "
                               f"{clean(assignment, limit=80, newlines=False) or 'no assignment'}")
        contents = read_archive(body, self.files)
        with self.lock:
            now = datetime.now(UTC)
            folder = self.out / ALL / key
            stamp = now.strftime("%Y%m%dT%H%M%S.%fZ")
            target, number = folder / f"{stamp}.zip", 1
            while target.exists():
                number += 1
                target = folder / f"{stamp}-{number}.zip"
            write_atomic(target, body, private=True)
            latest = self.out / LATEST / key
            for name, data in contents.items():
                write_atomic(latest / name, data, private=True)
            for old in latest.iterdir():
                if old.name not in contents and not old.name.startswith("."):
                    old.unlink()
        return {"student": key, "assignment": self.assignment, "received": now.isoformat(timespec="seconds"),
                "sha256": hashlib.sha256(body).hexdigest(), "bytes": len(body), "files": sorted(contents),
                "stored": target.relative_to(self.out).as_posix()}


def read_archive(body: bytes, files: frozenset[str]) -> dict[str, bytes]:
    """The files of the zip BODY by name, if it holds hog.py and only FILES, at its top level, as
    regular files of at most MAX_SOURCE_BYTES each; else Refused (400)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(body))
        infos = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError, EOFError):
        raise Refused(400, "the body is not a zip archive: send the archive python3 ok --submit makes") from None
    if len(infos) > MAX_MEMBERS:
        raise Refused(400, f"the archive holds {len(infos)} entries, more than a kit's files")
    listed = ", ".join(sorted(files))
    contents: dict[str, bytes] = {}
    for info in infos:
        name = info.filename
        shown = clean(name, limit=80, newlines=False)
        if "/" in name or "\\" in name or name.startswith(".") or ":" in name:
            raise Refused(400, f"the archive holds a path ({shown}): only the kit's files, at its top level")
        if name not in files:
            raise Refused(400, f"the archive holds {shown}, which is not a file of this kit ({listed})")
        if name in contents:
            raise Refused(400, f"the archive holds {shown} twice")
        if info.external_attr >> 16 & 0o170000 == SYMLINK:
            raise Refused(400, f"{shown} in the archive is a link: send the file itself")
        try:
            with archive.open(info) as handle:
                data = handle.read(MAX_SOURCE_BYTES + 1)
        except (zipfile.BadZipFile, NotImplementedError, ValueError, OSError, EOFError, RuntimeError) as exc:
            raise Refused(400, f"{shown} cannot be read from the archive ({clean(exc, limit=80)})") from None
        if len(data) > MAX_SOURCE_BYTES:
            raise Refused(400, f"{shown} is larger than {MAX_SOURCE_BYTES} bytes")
        contents[name] = data
    if "hog.py" not in contents:
        raise Refused(400, "the archive holds no hog.py")
    return contents


class _Handler(BaseHTTPRequestHandler):
    """One request: a POST is a submission; a GET says what this server collects."""

    server: CollectServer
    server_version = "hogkit-collect"
    timeout = READ_TIMEOUT

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        self._reply(200, {"collects": self.server.collector.assignment,
                          "how": "python3 ok --submit in the kit's folder sends a submission here"})

    def do_POST(self) -> None:  # noqa: N802
        collector = self.server.collector
        try:
            body = self._body(collector.max_bytes)
            receipt = collector.store(
                body, student=urllib.parse.unquote(self.headers.get(STUDENT_HEADER, "")),
                assignment=urllib.parse.unquote(self.headers.get(ASSIGNMENT_HEADER, "")))
        except Refused as exc:
            self.close_connection = True  # a body may be left unread
            self._log(f"refused ({exc.status}): {exc.reason}")
            self._reply(exc.status, {"error": exc.reason})
            return
        except HogkitError as exc:  # the folder cannot be written
            self._log(f"not stored: {exc.line()}")
            self._reply(500, {"error": "the server could not store the archive; try again later"})
            return
        self._log(f"stored {receipt['stored']} ({receipt['bytes']} bytes, sha256 {receipt['sha256'][:12]}...)")
        self._reply(201, receipt)

    def _body(self, most: int) -> bytes:
        if self.headers.get("Transfer-Encoding") or self.headers.get("Content-Length") is None:
            raise Refused(411, "send the archive with a Content-Length")
        try:
            length = int(self.headers["Content-Length"])
        except ValueError:
            raise Refused(400, "the Content-Length is not a number") from None
        if length < 0:
            raise Refused(400, "the Content-Length is negative")
        if length > most:
            raise Refused(413, f"the archive is {length} bytes, more than the {most} this server takes")
        body = self.rfile.read(length)
        if len(body) < length:
            raise Refused(400, "the body ended before its Content-Length")
        return body

    def _reply(self, status: int, data: dict) -> None:
        payload = (json.dumps(data) + "\n").encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def _log(self, text: str) -> None:
        print(clean(f"{self.address_string()}: {text}", newlines=False), file=sys.stderr, flush=True)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - http.server's name
        """Quiet: each submission is logged once, by _log."""


class CollectServer(ThreadingHTTPServer):
    """An HTTP server that hands each submission to its COLLECTOR."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], collector: Collector) -> None:
        super().__init__(address, _Handler)
        self.collector = collector


def kit_files(variant: Variant) -> frozenset[str]:
    """The files an archive of VARIANT's kit may hold: the ``.ok`` file's ``src`` and the contest entry."""
    return frozenset(okpy_config(variant)["src"]) | {CONTEST_ENTRY}


def collect_server(variant: Variant, *, out: Path, host: str, port: int,
                   max_bytes: int = MAX_ARCHIVE) -> CollectServer:
    """A server (bound, not yet serving) that collects VARIANT's submissions into OUT."""
    if not 0 <= port <= 65535:
        raise HogkitError(f"--port {port} is not a port", "give a number from 1 to 65535 (0: any free port)")
    if max_bytes < 1:
        raise HogkitError(f"--max-bytes {max_bytes} takes no archive", f"give a size in bytes, such as {MAX_ARCHIVE}")
    collector = Collector(Path(out), assignment_name(variant), kit_files(variant), max_bytes)
    try:
        return CollectServer((host, port), collector)
    except OSError as exc:
        raise HogkitError(f"cannot listen on {host}:{port} ({exc.strerror or exc})",
                          "choose another --port, or a --host of this machine") from None
