"""``hogkit``: the command line, a thin layer over keyword-only library functions.

Every command validates its input; a problem is reported as one line
``error: what was wrong — how to fix it`` with exit status 2, never a traceback.
Each module in :data:`COMMANDS` provides ``register(subparsers)`` and sets ``func`` on its parsers.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from hogkit.errors import HogkitError
from hogkit_cli.commands import build, grade, server_missing, solve, variants

try:  # the course server is an extra (pip install 'hogkit[serve]'): grading needs none of its packages
    from hogkit_cli.commands import serve
except ImportError as missing:
    serve, SERVER_MISSING = None, str(missing)
else:
    SERVER_MISSING = ""

COMMANDS = (variants, build, solve, grade, *((serve,) if serve is not None else ()))


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors follow the one-line ``error:`` convention."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"error: {message} — see '{self.prog} --help'\n")


def build_parser() -> argparse.ArgumentParser:
    """The full ``hogkit`` parser with every registered command."""
    parser = Parser(prog="hogkit", description="Build, check and grade Hog kits.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    for command in COMMANDS:
        command.register(sub)
    if SERVER_MISSING:
        server_missing.register(sub, missing=SERVER_MISSING)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``hogkit`` with ARGV; return the exit status."""
    args = build_parser().parse_args(argv)
    return run(lambda: args.func(args))


def run(work: Callable[[], int | None]) -> int:
    """Run WORK and return its exit status, a :class:`HogkitError` or an interrupt reported as
    one ``error:`` line (for ``hogkit`` and the scripts in ``bench/``)."""
    try:
        status = work()
    except HogkitError as exc:
        print(f"error: {exc.line()}", file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:
        print("error: interrupted — run the command again to finish", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader (e.g. `head`) stopped early: not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return int(status or 0)

