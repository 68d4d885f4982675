"""A reference page of every variant: its rules, its problems and the names students write.

Rendered from the registry into ``docs/variants.md``; a test regenerates it and compares.
"""

from __future__ import annotations

from hogkit.generate.turn_code import play_signature
from hogkit.variant import Variant, load_variant, variant_names


def variant_section(variant: Variant) -> list[str]:
    """The Markdown lines describing one variant."""
    lines = [f"## `{variant.name}` — {variant.title}", ""]
    if variant.seed:
        lines += [f"Seed {variant.seed}. Goal {variant.goal}. Contest name field `{variant.contest_name_field}`.", ""]
    lines += ["| rule | family | what it does |", "|---|---|---|"]
    lines += [f"| {r.title} (`{r.id}`) | {r.family} | {r.summary} |" for r in variant.rules_as_taught]
    lines += ["", f"`play({', '.join(play_signature(variant))})`", ""]
    lines += ["| problem | phase | what students write | points |", "|---|---|---|---|"]
    for p in variant.problems:
        names = ", ".join(f"`{n}`" for n in p.functions) or "(unlock questions only)"
        phase = f"{p.phase} {variant.interface.phase_title(p.phase)}"
        lines.append(f"| {p.label}: {p.title} | {phase} | {names} | {p.points} |")
    lines += ["", f"Total: {variant.total_points} points.", ""]
    return lines


def variants_markdown() -> str:
    """The whole ``docs/variants.md`` page."""
    lines = [
        "# The variants",
        "",
        "Generated from `variants/*.toml` and the rule registry by `make kit`; do not edit by hand.",
        "Function names follow each semester's rules (fa19 keeps the names of its seed).",
        "",
    ]
    for name in variant_names():
        lines += variant_section(load_variant(name))
    return "\n".join(lines).rstrip() + "\n"
