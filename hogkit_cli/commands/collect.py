"""``hogkit collect``: receive what students send with ``python3 ok --submit``, for ``grade-batch``."""

from __future__ import annotations

import argparse
import signal
from pathlib import Path
from types import FrameType

from graders.collect import ALL, LATEST, MAX_ARCHIVE, collect_server
from graders.files import check_folder_target
from hogkit.variant import load_variant
from hogkit_cli.commands.options import add_variant_option

DEFAULT_PORT = 8080


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``collect`` to the ``hogkit`` parser."""
    collect = sub.add_parser("collect", help="receive students' `ok --submit` archives over HTTP, into a folder "
                                             "grade-batch grades")
    add_variant_option(collect)
    collect.add_argument("--out", required=True, type=Path,
                         help=f"folder to keep them in: {ALL}/<id>/<time>.zip, and {LATEST}/<id>/ to grade")
    collect.add_argument("--host", default="127.0.0.1",
                         help="address to listen on (default: %(default)s; 0.0.0.0 for every network)")
    collect.add_argument("--port", type=int, default=DEFAULT_PORT,
                         help="port to listen on (default: %(default)s; 0 for any free one)")
    collect.add_argument("--max-bytes", type=int, default=MAX_ARCHIVE,
                         help="the largest archive taken, in bytes (default: %(default)s)")
    collect.set_defaults(func=run_collect)


def _stop(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def run_collect(args: argparse.Namespace) -> int:
    """Serve until interrupted, saying where submissions go and how to grade them."""
    variant = load_variant(args.variant)
    check_folder_target(args.out)
    server = collect_server(variant, out=args.out, host=args.host, port=args.port, max_bytes=args.max_bytes)
    args.out.mkdir(parents=True, exist_ok=True)
    host, port = server.server_address[:2]
    print(f"collecting {server.collector.assignment} submissions at http://{host}:{port}/ into {args.out}",
          flush=True)
    print(f"students' kits send here once built with: hogkit build --variant {args.variant} --submit-url "
          f"http://THIS-HOST:{port}/", flush=True)
    print(f"grade the newest copies with: hogkit grade-batch {args.out / LATEST} --out GRADES --variant "
          f"{args.variant}", flush=True)
    signal.signal(signal.SIGTERM, _stop)  # `kill` (a service manager's stop) ends it as Ctrl-C does
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped", flush=True)
    finally:
        server.server_close()
    return 0
