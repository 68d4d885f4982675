"""Options that several ``hogkit`` subcommands share, each stated once."""

from __future__ import annotations

import argparse

from hogkit.variant import DEFAULT_VARIANT


def add_variant_option(parser: argparse.ArgumentParser) -> None:
    """--variant: a known variant's name or a .toml spec, the default variant when left out."""
    parser.add_argument("--variant", default=DEFAULT_VARIANT,
                        help="a variant name or the path of a .toml spec (default: %(default)s)")


def add_isolation_options(parser: argparse.ArgumentParser) -> None:
    """--isolation and --unsafe-no-isolation, for every command that runs student code."""
    parser.add_argument("--isolation", default="auto", choices=["auto", "namespaces", "uid", "none"],
                        help="how student code is isolated (default: auto, the strongest this machine gives)")
    parser.add_argument("--unsafe-no-isolation", action="store_true",
                        help="grade even where no isolation is possible (every report says so)")
