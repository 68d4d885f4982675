"""``hogkit build`` and ``hogkit variants``: render kits and list the known variants."""

from __future__ import annotations

import argparse
from pathlib import Path

from hogkit.generate.pipeline import STEPS, build_kit
from hogkit.generate.spec_check import check_spec
from hogkit.variant import load_variant, variant_names, with_submit_url
from hogkit.variant_docs import variants_markdown
from hogkit_cli.commands.options import add_variant_option


def register(sub: argparse._SubParsersAction) -> None:
    """Add the kit commands to the ``hogkit`` parser."""
    build = sub.add_parser("build", help="render a variant's kit (solutions, skeleton, ...)")
    add_variant_option(build)
    build.add_argument("--out", required=True, type=Path, help="folder to write the kit into")
    build.add_argument("--submit-url", metavar="URL",
                       help="where the kit's `python3 ok --submit` sends archives (a `hogkit serve` course server); "
                            "overrides the spec's submit_url")
    build.set_defaults(func=run_build)
    listing = sub.add_parser("variants", help="list the known variants and their rules")
    listing.add_argument("--markdown", action="store_true",
                         help="print the full reference page (rules, problems, function names)")
    listing.set_defaults(func=run_variants)


def run_build(args: argparse.Namespace) -> int:
    """Build the kit and say what was written."""
    variant = load_variant(args.variant)
    if args.submit_url is not None:
        variant = with_submit_url(variant, args.submit_url)
    print("  step: spec check")
    check_spec(variant)
    for name, _ in STEPS:
        print(f"  step: {name}")
    written = build_kit(variant, out=args.out)
    print(f"built the {variant.name} kit in {args.out}: {', '.join(written)}")
    return 0


def run_variants(args: argparse.Namespace) -> int:
    """Print one line per variant, or the Markdown reference page."""
    if args.markdown:
        print(variants_markdown(), end="")
        return 0
    for name in variant_names():
        variant = load_variant(name)
        rules = ", ".join(rule.id for rule in variant.rules)
        print(f"{name:10} goal {variant.goal:3}  {variant.total_points:2} pts  {rules}")
    return 0

