"""The solved final strategies (Problem 12): one table file a variant, and the answers a search keeps.

A solved table for a variant is kept in ``hogkit/data/final/<name>.txt`` with a fingerprint of
the rules it was solved for; a table solved for other rules is not read. (Without a current one,
the kit's final strategy is Problem 11's: :func:`hogkit.generate.solution.final_table`.)
"""

from __future__ import annotations

import hashlib
import io
import re
import zipfile
from pathlib import Path

import numpy as np

from hogkit.errors import HogkitError
from hogkit.variant import Variant

SOLVED_DIR = Path(__file__).resolve().parent / "data" / "final"


def rules_fingerprint(variant: Variant) -> str:
    """A short hash of what a solved table depends on: the rules and the goal."""
    text = ",".join(f"{rule.family}={rule.id}" for rule in variant.rules)
    return hashlib.sha256(f"{text};goal={variant.goal}".encode()).hexdigest()[:16]


def solved_table_path(variant: Variant) -> Path:
    """Where the solved table of VARIANT is kept."""
    return SOLVED_DIR / f"{variant.name}.txt"


def read_solved_table(variant: Variant) -> tuple[list[str], str] | None:
    """The solved rows and their description, if a table for the current rules exists."""
    found = read_solved_file(variant)
    return None if found is None else (found[0], found[1].get("about", "The solved strategy."))


def read_solved_file(variant: Variant) -> tuple[list[str], dict[str, str]] | None:
    """The solved rows and the header lines (``# key: value``) of the table for the current
    rules, if one exists: the variant's own file, else another variant's with the same rules and
    goal (semesters that taught the same game share its solved table)."""
    own = solved_table_path(variant)
    fingerprint = rules_fingerprint(variant)
    for path in [own, *sorted(p for p in SOLVED_DIR.glob("*.txt") if p != own)]:
        if path.is_file():
            rows, header = _table_file(path.read_text(encoding="utf-8"))
            if header.get("fingerprint") == fingerprint:
                return rows, header
    return None


def read_table_file(path: Path, variant: Variant) -> list[str]:
    """The rows of a table file solved for VARIANT's rules at PATH (e.g. an earlier version of
    ``data/final/<name>.txt``)."""
    try:
        rows, header = _table_file(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise HogkitError(f"cannot read the table file {path} ({exc})",
                          "give a file `hogkit solve --write` wrote") from None
    if header.get("fingerprint") != rules_fingerprint(variant):
        raise HogkitError(f"{path} is not a table solved for {variant.name}'s rules (its fingerprint differs)",
                          "give a table file of the same variant")
    return rows


def _table_file(text: str) -> tuple[list[str], dict[str, str]]:
    lines = text.splitlines()
    header = dict(line[2:].split(": ", 1) for line in lines if line.startswith("# ") and ": " in line)
    return [line for line in lines if line and not line.startswith("#")], header


BOUNDS = re.compile(r"at least (?P<low>[0-9.]+), at most (?P<high>[0-9.]+)")


def exploitability_header(low: float, high: float) -> str:
    """The header line's value for a table's exploitability bounds."""
    return f"at least {low:.6f}, at most {high:.6f} (see hogkit.solver.best_response)"


def tightest_bounds(header: dict[str, str], low: float, high: float) -> tuple[float, float]:
    """The tighter of a table's bounds measured now (LOW, HIGH) and those its HEADER kept from an
    earlier measure of the same table: each search's figure is a lower bound, so the higher holds."""
    found = BOUNDS.match(header.get("exploitability", ""))
    if found is None:
        return low, high
    return max(low, float(found["low"])), min(high, float(found["high"]))


def is_strategy_table(table: np.ndarray, variant: Variant) -> bool:
    """Whether TABLE has one entry per pair of scores below VARIANT's goal, each a legal choice."""
    return table.shape == (variant.goal, variant.goal) and bool(np.isin(table, variant.legal_rolls).all())


def answers_bytes(variant: Variant, answers: list[np.ndarray]) -> bytes:
    """An answers file (``.npz``): the score tables ANSWERS, with the fingerprint of VARIANT's
    rules, for ``hogkit solve --answers`` to read back in a later search."""
    buffer = io.BytesIO()
    stacked = np.stack(answers).astype(np.int8) if answers else np.zeros((0, variant.goal, variant.goal), np.int8)
    np.savez_compressed(buffer, answers=stacked, fingerprint=np.array(rules_fingerprint(variant)))
    return buffer.getvalue()


def read_answers(path: Path, variant: Variant) -> list[np.ndarray]:
    """The answer tables kept in PATH (see :func:`answers_bytes`); none if PATH does not exist."""
    if not path.exists():
        return []
    try:
        with np.load(path, allow_pickle=False) as kept:
            fingerprint, answers = str(kept["fingerprint"]), kept["answers"]
    except OSError as exc:
        raise HogkitError(f"cannot read {path} ({exc.strerror})", "give a file you can read, or a new path") from None
    except (ValueError, KeyError, zipfile.BadZipFile):
        raise HogkitError(f"{path} is not an answers file (an .npz archive of answer tables)",
                          "give the file an earlier `hogkit solve --answers` wrote, or a new path") from None
    if fingerprint != rules_fingerprint(variant):
        raise HogkitError(f"{path} holds answers for other rules than {variant.name}'s",
                          "give each variant its own --answers file")
    if answers.ndim != 3 or not all(is_strategy_table(table, variant) for table in answers):
        raise HogkitError(f"{path} holds tables that are not {variant.name}'s strategies (shape or choices)",
                          "give each variant its own --answers file")
    return [table.astype(np.int64) for table in answers]
