"""``hogkit serve``, ``worker`` and ``export`` where the course server's packages are not installed:
each says so in one line (the server is an extra, so grading needs none of them)."""

from __future__ import annotations

import argparse

from hogkit.errors import HogkitError

NAMES = ("serve", "worker", "export")


def register(sub: argparse._SubParsersAction, *, missing: str) -> None:
    """Add the server's commands, each of which refuses with MISSING (the import error) as the reason."""
    for name in NAMES:
        # no option prefix: whatever follows the command is taken as it is, and refused with the reason
        parser = sub.add_parser(name, help="(needs the course server's packages: pip install 'hogkit[serve]')",
                                prefix_chars="\0", add_help=False)
        parser.add_argument("given", nargs=argparse.REMAINDER)
        parser.set_defaults(func=lambda _args, name=name: _refuse(name, missing))


def _refuse(name: str, missing: str) -> int:
    raise HogkitError(f"hogkit {name} needs the course server's packages, which are not installed ({missing})",
                      "install them with pip install -e '.[serve]' (make setup does), then run it again")
