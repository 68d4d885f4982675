"""``hogkit``: the command line, a thin layer over keyword-only library functions.

Every command validates its input; a problem is reported as one line
``error: what was wrong — how to fix it`` with exit status 2, never a traceback.
Each module in :data:`COMMAND_MODULES` provides ``register(subparsers)`` and sets ``func`` on its
parsers.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable
from types import ModuleType

from hogkit.errors import HogkitError
from hogkit_cli.commands import server_missing

# Each module of hogkit_cli.commands, and the commands it registers. Only the module of the command
# asked for is imported (a grade need not load the course server's database packages, nor a build
# the grader's); ``hogkit --help`` imports them all. tests/cli/test_bad_input.py holds this table to
# what the modules register.
COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "variants": ("new-variant", "check-variant", "diff-variants"),
    "build": ("build", "variants"),
    "solve": ("winrate", "solve", "contest"),
    "grade": ("grade", "grade-batch", "gradescope-zip", "doctor"),
    "serve": server_missing.NAMES,  # an extra (pip install 'hogkit[serve]'): grading needs none of it
}


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors follow the one-line ``error:`` convention."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"error: {message} — see '{self.prog} --help'\n")


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The ``hogkit`` parser: with the command that ARGV names, or every command when ARGV names
    none of them (``--help``, a typing error) or is None."""
    parser = Parser(prog="hogkit", description="Build, check and grade Hog kits.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    words = [word for word in (argv or []) if not word.startswith("-")][:1]
    wanted = [module for module, names in COMMAND_MODULES.items() if set(words) & set(names)] or list(COMMAND_MODULES)
    for module in wanted:
        loaded = _command_module(module)
        if isinstance(loaded, ModuleType):
            loaded.register(sub)
        else:
            server_missing.register(sub, missing=loaded)
    return parser


def _command_module(name: str) -> ModuleType | str:
    """The module of hogkit_cli.commands called NAME, or why the course server's cannot be imported."""
    try:
        return importlib.import_module(f"hogkit_cli.commands.{name}")
    except ImportError as missing:
        if name != "serve":
            raise
        return str(missing)


def main(argv: list[str] | None = None) -> int:
    """Run ``hogkit`` with ARGV; return the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    # Hypothesis runs every "hypothesis" entry point of every installed package when imported;
    # HogKit needs none, and other packages' (trio's, pulled in by the browser tests' selenium)
    # cost a third of a second of each command's start
    os.environ.setdefault("HYPOTHESIS_NO_PLUGINS", "1")
    args = build_parser(argv).parse_args(argv)
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

