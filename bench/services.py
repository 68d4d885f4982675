"""The real services a course server runs on, started on loopback for the bench and the tests: a
private PostgreSQL cluster (Debian's binaries, run as the ``postgres`` user when we are root), a
Redis server, and ``hogkit serve`` / ``hogkit worker`` as child processes. Each stops what it started."""

from __future__ import annotations

import csv
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent
START_SECONDS = 60


class Unavailable(Exception):
    """A service that cannot be run on this machine (its program is not installed)."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait(check, what: str, seconds: float = START_SECONDS) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not start in {seconds} s")


class Postgres:
    """A PostgreSQL cluster of its own in a temporary folder, on a free port of 127.0.0.1."""

    def __init__(self) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
        if not found:
            raise Unavailable("PostgreSQL is not installed (Debian: apt-get install postgresql)")
        self.bin = Path(found[-1]).parent
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            if shutil.which("runuser") is None:
                raise Unavailable("runuser is missing: PostgreSQL will not run as root")
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self.root = Path(tempfile.mkdtemp(prefix="hogkit-pg-"))
        self.root.chmod(0o755)
        self.data = self.root / "data"
        self.port = free_port()

    def _run(self, *command: str) -> None:
        subprocess.run([*self.as_user, *command], check=True, capture_output=True, cwd="/")

    def start(self) -> Postgres:
        if not self.data.exists():
            self.data.mkdir(mode=0o700)
            if self.as_user:
                shutil.chown(self.data, "postgres", "postgres")
                shutil.chown(self.root, "postgres", "postgres")
            self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres",
                      "--no-sync", "-E", "UTF8")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log"), "-w", "-t", "60",
                  "-o", f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c max_connections=200",
                  "start")
        return self

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self, name: str) -> str:
        """A new, empty database NAME; its URL."""
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


class Redis:
    """A Redis server of its own, on a free port of 127.0.0.1, keeping nothing on disk."""

    def __init__(self) -> None:
        self.program = shutil.which("redis-server")
        if self.program is None:
            raise Unavailable("Redis is not installed (Debian: apt-get install redis-server)")
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="hogkit-redis-"))
        self.process: subprocess.Popen | None = None

    def start(self) -> Redis:
        self.process = subprocess.Popen([self.program, "--port", str(self.port), "--bind", "127.0.0.1",
                                         "--save", "", "--appendonly", "no", "--dir", str(self.root)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _wait(self._answers, "redis-server")
        return self

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def remove(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)
        shutil.rmtree(self.root, ignore_errors=True)


def write_roster(path: Path, emails: list[str]) -> Path:
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["email"])
        writer.writerows([e] for e in emails)
    return path


class CourseServer:
    """``hogkit serve`` as a child process, on a fixed port (so a restart keeps the kits' address)."""

    def __init__(self, data: Path, *, args: list[str], port: int | None = None) -> None:
        self.data = Path(data)
        self.args = args
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None
        self.lines: list[str] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> CourseServer:
        log = (self.data.parent / f"{self.data.name}-server.log").open("a")
        self.process = subprocess.Popen([sys.executable, "-m", "hogkit_cli", "serve", "--data", str(self.data),
                                         "--port", str(self.port), *self.args], cwd=ROOT, stdout=subprocess.PIPE,
                                        stderr=log, text=True, env=_env())
        log.close()
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"hogkit serve stopped: {self.log()[-2000:]}")
            self.lines.append(line.rstrip("\n"))
            if line.startswith("staff page:"):
                break
        _wait(lambda: self.health() == 200, "the course server")
        return self

    def log(self) -> str:
        return (self.data.parent / f"{self.data.name}-server.log").read_text(errors="replace")

    def health(self) -> int:
        try:
            with urllib.request.urlopen(self.url + "api/health", timeout=5) as reply:
                return reply.status
        except urllib.error.HTTPError as exc:
            return exc.code
        except OSError:
            return 0

    def tokens(self) -> dict[str, str]:
        with (self.data / "tokens.csv").open(newline="") as handle:
            return {row["email"]: row["token"] for row in csv.DictReader(handle)}

    def staff_token(self) -> str:
        return (self.data / "staff_token").read_text().strip()

    def api(self, path: str, *, token: str, body: dict | None = None) -> tuple[int, object]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path.lstrip("/"), data=data, method="GET" if body is None
                                         else "POST", headers={"Authorization": f"Bearer {token}"})
        try:
            with urllib.request.urlopen(request, timeout=60) as reply:
                raw = reply.read()
                status = reply.status
        except urllib.error.HTTPError as exc:
            raw, status = exc.read(), exc.code
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, raw.decode(errors="replace")

    def stop(self) -> int:
        """Stop it as a service manager does (SIGTERM); its exit status."""
        if self.process is None or self.process.poll() is not None:
            return self.process.returncode if self.process else 0
        self.process.send_signal(signal.SIGTERM)
        try:
            status = self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = self.process.wait()
        self.process.stdout.close()
        return status

    def leftovers(self, *, wait: float = 10) -> list[int]:
        """The processes still running for this course's folder (its workers), after up to WAIT seconds."""
        deadline = time.monotonic() + wait
        while True:
            found = []
            for entry in Path("/proc").iterdir():
                if entry.name.isdigit() and int(entry.name) != os.getpid():
                    try:
                        command = (entry / "cmdline").read_bytes().split(b"\0")
                    except OSError:
                        continue
                    if os.fsencode(str(self.data)) in command:
                        found.append(int(entry.name))
            if not found or time.monotonic() > deadline:
                return found
            time.sleep(0.2)

    def kill(self) -> None:
        """kill -9: no chance to tidy up."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
            self.process.stdout.close()


class Workers:
    """``hogkit worker`` as a child process."""

    def __init__(self, *, db: str, queue: str, args: list[str], log: Path) -> None:
        with log.open("a") as out:
            self.process = subprocess.Popen([sys.executable, "-m", "hogkit_cli", "worker", "--db", db, "--queue", queue,
                                             *args], cwd=ROOT, stdout=out, stderr=out, env=_env(),
                                            start_new_session=True)

    def kill(self) -> None:
        """kill -9 of the worker and every process of its group."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    env["PYTHONPATH"] = str(ROOT)
    return env
