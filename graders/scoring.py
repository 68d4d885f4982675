"""A course's scoring of the project (the spec's ``[scoring]``): correctness scaled to the points
the course gives it, the checkpoint, and composition scores that staff give by hand.

The seed's 25 points are 22 for correctness, 1 for a Phase 1 that passes by the checkpoint and 2
for composition. A grade is correctness only; a checkpoint grade (Phase 1 only) is the checkpoint
point or nothing; a class's ``grades.csv`` adds the checkpoint points of an earlier checkpoint
batch and the composition scores from a CSV, and the course total. Every merged score is
checked against the spec's scale before any grading starts.
"""

from __future__ import annotations

import csv
import math
import unicodedata
from pathlib import Path

from graders.cells import id_text, read_id
from graders.results import GradeResult
from hogkit.errors import HogkitError
from hogkit.variant import Variant

MAX_CSV_BYTES = 4 * 1024 * 1024
EXTRA_COLUMNS = ["checkpoint_points", "composition", "course_total"]


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


MAX_ROW = "max"  # the status of grades.csv's row of maxima


def student_key(name: str) -> str:
    """How a student's name is matched between files: the same text in Unicode's composed form
    (a name typed on one system and a folder made on another can differ only in that)."""
    return unicodedata.normalize("NFC", name)


def read_scores(path: Path, column: str, *, what: str, most: float, fix_high: str,
                scale: float | None = None) -> dict[str, float]:
    """Student -> the number in COLUMN of the CSV file at PATH (with a ``student`` column), each
    from 0 to MOST (else one error naming the line, with FIX_HIGH). A grades.csv's row of maxima
    is skipped; with SCALE, its COLUMN must be SCALE (else it is another kind of grades.csv). A
    student is read as grades.csv writes ids (:func:`graders.cells.read_id`)."""
    fix = f"give a CSV file with the columns student and {column}"
    try:
        if not Path(path).is_file() or Path(path).stat().st_size > MAX_CSV_BYTES:
            raise HogkitError(f"{path} is not a {what} file", fix)
        with open(path, newline="", encoding="utf-8-sig") as handle:
            reader = csv.DictReader(handle)
            if not reader.fieldnames or "student" not in reader.fieldnames or column not in reader.fieldnames:
                raise HogkitError(f"{path} has no student and {column} columns", fix)
            scores: dict[str, float] = {}
            for number, row in enumerate(reader, 2):
                student, text = student_key(read_id(row.get("student") or "")), (row.get(column) or "").strip()
                if not student:
                    continue
                value = _number(text, path=path, number=number, column=column)
                if row.get("status") == MAX_ROW:
                    if scale is not None and value != scale:
                        raise HogkitError(f"{path} gives {column} out of {tidy(value)}, not {tidy(scale)}", fix_high)
                    continue
                if not 0 <= value <= most:
                    raise HogkitError(f"{path}, line {number}: {column} {text} for {id_text(student)} is not between 0 "
                                      f"and {tidy(most)}", fix_high)
                if student in scores:
                    raise HogkitError(f"{path}, line {number}: a second {column} for {id_text(student)}",
                                      "give each student one row")
                scores[student] = value
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise HogkitError(f"cannot read {path} ({exc})", fix) from None
    return scores


def _number(text: str, *, path: Path, number: int, column: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise HogkitError(f"{path}, line {number}: {column} {text!r} is not a number",
                          f"write a number of points in the {column} column")
    return value


def composition_scores(path: Path, variant: Variant) -> dict[str, float]:
    """The composition scores staff gave (a CSV of student and composition), each within the
    spec's ``[scoring] composition``."""
    most = variant.scoring.composition
    if not most:
        raise HogkitError(f"variant {variant.name} gives no points for composition",
                          "add [scoring] composition = 2 (or the course's points) to its spec")
    return read_scores(path, "composition", what="composition scores", most=most,
                       fix_high=f"give composition scores from 0 to {tidy(most)} (the spec's [scoring] composition)")


def checkpoint_scores(path: Path, variant: Variant) -> dict[str, float]:
    """The checkpoint points of an earlier ``--checkpoint`` batch (its grades.csv), each within
    the spec's ``[scoring] checkpoint``."""
    require_checkpoint_points(variant)
    most = variant.scoring.checkpoint
    return read_scores(path, "total", what="checkpoint grades", most=most, scale=most,
                       fix_high="give the grades.csv of a grade-batch --checkpoint run (its totals are "
                            f"checkpoint points, at most {tidy(most)})")


def course_cells(student: str, correctness: float, *, checkpoints: dict[str, float] | None,
                 composition: dict[str, float] | None) -> list[object]:
    """The extra cells of a grades.csv row: checkpoint points, composition and the course total
    (a score that was not given is an empty cell and counts as 0)."""
    key = student_key(student)
    checkpoint = checkpoints.get(key) if checkpoints is not None else None
    written = composition.get(key) if composition is not None else None
    total = correctness + (checkpoint or 0) + (written or 0)
    return ["" if checkpoint is None else tidy(checkpoint), "" if written is None else tidy(written), tidy(total)]


def course_maxima(variant: Variant) -> list[object]:
    """The row of maxima's cells for :data:`EXTRA_COLUMNS`."""
    return [tidy(variant.scoring.checkpoint), tidy(variant.scoring.composition), tidy(variant.course_points)]


def unmatched(scores: dict[str, float] | None, students: list[str]) -> list[str]:
    """The students of SCORES who are not in this batch (a mistyped id, most likely)."""
    return sorted(set(scores or {}) - {student_key(s) for s in students})
