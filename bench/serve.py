"""Drive the course server on loopback with simulated students (not run by tests).

Usage: python bench/serve.py [--students 40] [--each 2] [--clients 8] [--workers 1,2] [--backend sqlite,postgres]

For each backend (SQLite with the embedded queue; PostgreSQL with Redis) and each number of
workers, starts a fresh course (``hogkit serve`` with that many local workers on SQLite; ``--workers
0`` and that many ``hogkit worker`` processes on PostgreSQL + Redis, both servers started here),
then STUDENTS simulated students each POST EACH submissions, as ``ok --submit`` sends them (the
bundled example copies, a line of its own in each so no two are alike), over CLIENTS connections
at once. The loops are bounded: each student sends its EACH archives and stops; the run waits for
the last grade (at most an hour) and stops the servers.

Prints, per run: submissions accepted per second (receipts over the wall time from the first POST
to the last receipt), and the seconds from a submission's receipt to its grade (the database's
received and graded times) at the 50th and 99th percentile, and the total time to grade them all.
"""

from __future__ import annotations

import argparse
import http.client
import io
import json
import statistics
import sys
import tempfile
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from urllib.parse import quote

from grade_batch import percentile  # bench/ is this script's folder, so it is on sys.path
from services import CourseServer, Postgres, Redis, Workers, write_roster

from hogkit.shipped.ok import ASSIGNMENT_HEADER, KIND_HEADER, STUDENT_HEADER

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "submissions"
COPIES = ["complete", "partial_bacon_wrong_digit", "partial_commentary_off_by_one", "skeleton",
          "broken_syntax_error", "partial_swap_after_goal"]
ASSIGNMENT = "Hog (Fall 2019)"
GRADED_WITHIN = 3600


def archive(copy: str, line: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("hog.py", (EXAMPLES / copy / "hog.py").read_bytes() + f"\n# {line}\n".encode())
    return buffer.getvalue()


def send(server: CourseServer, token: str, email: str, body: bytes) -> dict:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    try:
        connection.request("POST", "/", body=body, headers={
            "Authorization": f"Bearer {token}", STUDENT_HEADER: quote(email), ASSIGNMENT_HEADER: quote(ASSIGNMENT),
            KIND_HEADER: "submission", "Content-Type": "application/zip"})
        reply = connection.getresponse()
        data = json.loads(reply.read())
        if reply.status != 201:
            raise RuntimeError(f"{reply.status}: {data}")
        return data
    finally:
        connection.close()


def run(backend: str, workers: int, *, students: int, each: int, clients: int, root: Path) -> dict:
    emails = [f"student{n:04}@example.edu" for n in range(students)]
    roster = write_roster(root / "roster.csv", emails)
    started: list = []
    if backend == "sqlite":
        server = CourseServer(root / "course", args=["--variant", "fa19", "--roster", str(roster),
                                                     "--workers", str(workers)]).start()
    else:
        postgres, redis = Postgres().start(), Redis().start()
        started += [postgres, redis]
        db = postgres.new_database("bench")
        server = CourseServer(root / "course", args=["--variant", "fa19", "--roster", str(roster), "--workers",
                                                     "0", "--db", db, "--queue", redis.url]).start()
        started += [Workers(db=db, queue=redis.url, args=["--workers", "1"], log=root / f"worker{i}.log")
                    for i in range(workers)]
    try:
        tokens = server.tokens()
        jobs = [(emails[n], archive(COPIES[(n + k) % len(COPIES)], f"{n}-{k}")) for k in range(each)
                for n in range(students)]
        begin = time.monotonic()
        with ThreadPoolExecutor(clients) as pool:
            receipts = list(pool.map(lambda job: send(server, tokens[job[0]], job[0], job[1]), jobs))
        accepted = len(receipts) / (time.monotonic() - begin)
        staff = server.staff_token()
        deadline = time.monotonic() + GRADED_WITHIN
        while True:
            uploads = [u for email in emails
                       for u in server.api(f"api/staff/student?email={email}", token=staff)[1]["uploads"]]
            if all("graded" in u for u in uploads) or time.monotonic() > deadline:
                break
            time.sleep(2)
        waits = [(datetime.fromisoformat(u["graded"]) - datetime.fromisoformat(u["received"])).total_seconds()
                 for u in uploads if "graded" in u]
        return {"backend": backend, "workers": workers, "submissions": len(receipts), "accepted_per_s": accepted,
                "graded": len(waits), "p50": statistics.median(waits), "p99": percentile(waits, 99),
                "all_graded_s": max(waits)}
    finally:
        for thing in reversed(started[2:]):
            thing.stop()
        server.stop()
        for thing in started[:2]:
            thing.remove()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--each", type=int, default=2, help="submissions per student")
    parser.add_argument("--clients", type=int, default=8, help="connections sending at once")
    parser.add_argument("--workers", default="1,2", help="numbers of grading workers to try")
    parser.add_argument("--backend", default="sqlite,postgres", help="sqlite, postgres (PostgreSQL + Redis)")
    args = parser.parse_args()
    print(f"{args.students} students x {args.each} submissions over {args.clients} connections")
    print(f"{'backend':10} {'workers':>7} {'subs':>5} {'accepted/s':>10} {'p50 s':>8} {'p99 s':>8} {'all s':>8}")
    for backend in args.backend.split(","):
        for workers in (int(w) for w in args.workers.split(",")):
            with tempfile.TemporaryDirectory(prefix="hogkit-bench-") as root:
                r = run(backend, workers, students=args.students, each=args.each, clients=args.clients,
                        root=Path(root))
            print(f"{r['backend']:10} {r['workers']:>7} {r['submissions']:>5} {r['accepted_per_s']:>10.1f} "
                  f"{r['p50']:>8.1f} {r['p99']:>8.1f} {r['all_graded_s']:>8.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
