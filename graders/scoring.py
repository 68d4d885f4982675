"""A course's scoring of the project (the spec's ``[scoring]``): correctness scaled to the points
the course gives it, the checkpoint, and composition scores that staff give by hand.

The seed's 25 points are 22 for correctness, 1 for a Phase 1 that passes by the checkpoint and 2
for composition. A grade is correctness only; a checkpoint grade (Phase 1 only) is the checkpoint
point or nothing; a class's ``grades.csv`` adds the checkpoint points of an earlier checkpoint
batch and the composition scores from a CSV, and the course total.
"""

from __future__ import annotations

import csv
from pathlib import Path

from graders.results import GradeResult
from hogkit.errors import HogkitError
from hogkit.variant import Variant

MAX_CSV_BYTES = 4 * 1024 * 1024
EXTRA_COLUMNS = ["checkpoint_points", "composition", "course_total", "course_max"]


def tidy(value: float) -> float | int:
    """VALUE to two decimals, as an int when it is whole."""
    value = round(value, 2)
    return int(value) if value == int(value) else value


def scaled_correctness(raw: float, variant: Variant) -> float | int:
    """RAW problem points as the course counts correctness (its ``[scoring] correctness`` scale)."""
    if not variant.total_points:
        return 0
    return tidy(raw * variant.correctness_points / variant.total_points)


def checkpoint_score(passed: bool, variant: Variant) -> float | int:
    """The checkpoint points a Phase 1 that passed (or not) earns."""
    return tidy(variant.scoring.checkpoint) if passed else 0


def count_score(grade: GradeResult, variant: Variant, *, checkpoint: bool) -> None:
    """Set GRADE's total and maximum as the course counts them: correctness (its problems' points,
    scaled), or, for a CHECKPOINT grade, the checkpoint points when all of Phase 1 passes."""
    raw = sum(p.earned for p in grade.problems)
    if checkpoint:
        grade.total, grade.max_total = checkpoint_score(grade.checkpoint, variant), tidy(variant.scoring.checkpoint)
        grade.notes.append(f"a checkpoint grade: Phase 1 only, {grade.max_total} point(s) when every Phase 1 "
                           "problem passes")
        return
    grade.total, grade.max_total = scaled_correctness(raw, variant), tidy(variant.correctness_points)
    if variant.scoring.correctness is not None:
        grade.notes.append(f"correctness: {tidy(raw)} of the problems' {variant.total_points} points, "
                           f"counted out of {grade.max_total}")


def require_checkpoint_points(variant: Variant) -> None:
    """A checkpoint grade needs checkpoint points in the spec."""
    if not variant.scoring.checkpoint:
        raise HogkitError(f"variant {variant.name} gives no points for the checkpoint",
                          "add [scoring] checkpoint = 1 (or more) to its spec")


def read_scores(path: Path, column: str, *, what: str) -> dict[str, float]:
    """Student id -> the number in COLUMN of the CSV file at PATH (with a ``student`` column)."""
    fix = f"give a CSV file with the columns student and {column}"
    try:
        if not Path(path).is_file() or Path(path).stat().st_size > MAX_CSV_BYTES:
            raise HogkitError(f"{path} is not a {what} file", fix)
        with open(path, newline="", encoding="utf-8") as handle:
            reader = csv.DictReader(handle)
            if not reader.fieldnames or "student" not in reader.fieldnames or column not in reader.fieldnames:
                raise HogkitError(f"{path} has no student and {column} columns", fix)
            scores: dict[str, float] = {}
            for number, row in enumerate(reader, 2):
                student, text = (row.get("student") or "").strip(), (row.get(column) or "").strip()
                if not student:
                    continue
                try:
                    scores[student] = float(text)
                except ValueError:
                    raise HogkitError(f"{path}, line {number}: {column} {text!r} is not a number",
                                      f"write a number of points in the {column} column") from None
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise HogkitError(f"cannot read {path} ({exc})", fix) from None
    return scores


def course_cells(student: str, correctness: float, variant: Variant, *, checkpoints: dict[str, float] | None,
                 composition: dict[str, float] | None) -> list[object]:
    """The extra cells of a grades.csv row: checkpoint points, composition, course total and maximum
    (a score that was not given is an empty cell and counts as 0)."""
    checkpoint = checkpoints.get(student) if checkpoints is not None else None
    written = composition.get(student) if composition is not None else None
    total = correctness + (checkpoint or 0) + (written or 0)
    return ["" if checkpoint is None else tidy(checkpoint), "" if written is None else tidy(written), tidy(total),
            tidy(variant.course_points)]


def unmatched(scores: dict[str, float] | None, students: list[str]) -> list[str]:
    """The students of SCORES who are not in this batch (a mistyped id, most likely)."""
    return sorted(set(scores or {}) - set(students))
