"""``hogkit serve``, ``hogkit worker`` and ``hogkit export``: a course's submission and grading server,
its grading workers on other machines, and the gradebook of its final submissions."""

from __future__ import annotations

import argparse
from pathlib import Path

from courseserver.config import Limits, Places, default_workers
from courseserver.policy import FINAL, LATE, parse_time
from courseserver.service import export, serve, work
from hogkit.errors import HogkitError
from hogkit_cli.commands.options import add_isolation_options

DEFAULT_PORT = 8080
LIMITS = Limits()


def _add_places(parser: argparse.ArgumentParser, *, data_required: bool) -> None:
    parser.add_argument("--data", type=Path, required=data_required,
                        help="the course's folder: archives, tokens.csv, staff_token (and the SQLite database and "
                             "queue unless --db and --queue are given)")
    parser.add_argument("--db", metavar="URL",
                        help="the database: postgresql://USER@HOST/NAME (default: SQLite in the --data folder)")
    parser.add_argument("--queue", metavar="URL",
                        help="the grading queue: redis://HOST:PORT/0 (default: SQLite in the --data folder)")


def _add_job_limits(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--workers", type=int, default=default_workers(),
                        help="grading worker processes on this machine (default: the cores less one, %(default)s)")
    parser.add_argument("--job-seconds", type=float, default=LIMITS.job_seconds,
                        help="the longest one grading job may take (default: %(default)s)")
    parser.add_argument("--lease-seconds", type=float, default=LIMITS.lease_seconds,
                        help="a job whose worker is silent this long is graded again (default: %(default)s)")
    parser.add_argument("--retries", type=int, default=LIMITS.retries,
                        help="tries after a job fails (default: %(default)s)")
    add_isolation_options(parser)


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``serve``, ``worker`` and ``export`` to the ``hogkit`` parser."""
    serve_parser = sub.add_parser("serve", help="run a course's submission and grading server (students' `ok "
                                                "--submit`, graded on arrival; pages for students and staff)")
    serve_parser.add_argument("--variant", help="the course's variant (a name or a .toml spec; given once, when the "
                                                "course starts)")
    _add_places(serve_parser, data_required=True)
    serve_parser.add_argument("--roster", type=Path, help="a CSV with an email column: admits these students "
                                                          "(each new one gets a token in DATA/tokens.csv)")
    serve_parser.add_argument("--host", default="127.0.0.1",
                              help="address to listen on (default: %(default)s; 0.0.0.0 for every network)")
    serve_parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                              help="port to listen on (default: %(default)s; 0 for any free one)")
    serve_parser.add_argument("--due", help="the due date, with its zone (2025-10-01T23:59:00-07:00); 'none' to "
                                            "clear it")
    serve_parser.add_argument("--late", choices=sorted(LATE), help="late submissions: " +
                              "; ".join(f"{k}: {v}" for k, v in LATE.items()) + " (default: accept)")
    serve_parser.add_argument("--final", choices=sorted(FINAL), help="the submission that counts: " +
                              "; ".join(f"{k}: {v}" for k, v in FINAL.items()) + " (default: last)")
    _add_job_limits(serve_parser)
    for option, default, what in (
            ("--max-bytes", LIMITS.max_archive, "the largest archive taken, in bytes"),
            ("--student-quota", LIMITS.student_quota, "bytes of archives one student may store"),
            ("--student-rate", LIMITS.student_rate, "archives one student may send in a minute"),
            ("--total-quota", LIMITS.total_quota, "bytes of archives the whole course may store"),
            ("--reserve", LIMITS.reserve, "free disk space (bytes) the server never fills"),
            ("--max-connections", LIMITS.max_connections, "connections open at once")):
        serve_parser.add_argument(option, type=int, default=default, help=f"{what} (default: %(default)s)")
    serve_parser.add_argument("--request-seconds", type=float, default=LIMITS.request_seconds,
                              help="the longest one request may take, headers to reply (default: %(default)s)")
    serve_parser.set_defaults(func=run_serve)

    worker = sub.add_parser("worker", help="grade a course's submissions on this machine (its database and queue "
                                           "given with --db and --queue, or its --data folder)")
    _add_places(worker, data_required=False)
    _add_job_limits(worker)
    worker.set_defaults(func=run_worker)

    export_parser = sub.add_parser("export", help="write the gradebook of each student's final submission "
                                                  "(grade-batch's grades.csv columns)")
    _add_places(export_parser, data_required=True)
    export_parser.add_argument("--out", type=Path, required=True, help="the CSV file to write")
    export_parser.set_defaults(func=run_export)


def _limits(args: argparse.Namespace, **more) -> Limits:
    return Limits(job_seconds=args.job_seconds, lease_seconds=args.lease_seconds, retries=args.retries, **more)


def _places(args: argparse.Namespace) -> Places:
    if args.data is None:
        if not (args.db and args.queue):
            raise HogkitError("hogkit worker needs the course's database and queue",
                              "give --db URL and --queue URL (or the course's --data folder)")
        return Places(data=Path.cwd(), db=args.db, queue=args.queue)
    return Places.of(args.data, db=args.db, queue=args.queue)


def run_serve(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    variant = args.variant
    if variant and Path(variant).is_file():
        variant = str(Path(variant).resolve())
    policy: dict = {"late": args.late, "final": args.final}
    if args.due is not None:
        policy["due"] = None if args.due.lower() == "none" else parse_time(args.due)
    limits = _limits(args, max_archive=args.max_bytes, student_quota=args.student_quota,
                     student_rate=args.student_rate, total_quota=args.total_quota, reserve=args.reserve,
                     request_seconds=args.request_seconds, max_connections=args.max_connections)
    return serve(_places(args), limits, variant=variant, roster=args.roster, host=args.host, port=args.port,
                 workers=args.workers, policy=policy, isolation=args.isolation,
                 unsafe=args.unsafe_no_isolation)


def run_worker(args: argparse.Namespace) -> int:
    """Grade until interrupted."""
    return work(_places(args), _limits(args), workers=args.workers, data=args.data, isolation=args.isolation,
                unsafe=args.unsafe_no_isolation)


def run_export(args: argparse.Namespace) -> int:
    """Write the gradebook."""
    return export(_places(args), out=args.out)

