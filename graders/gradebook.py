"""A class's gradebook, written from the saved results of a batch: ``grades.csv``, a readable
report per student beside each result, and ``summary.txt``.

``grades.csv`` has one row per entry of the class folder, named by the student exactly as the
folder is named, with a column per problem (its points earned), one per phase, the total, the
checkpoint's points, the status, the reason a copy was not graded and the isolation its code ran
under; merged scores (checkpoint
points of an earlier batch, composition) add their columns and the course total. The row after
the header holds every column's maximum (student ``Points Possible``, status ``max``), as
gradebook imports want it. The class's mean counts graded copies only; failures are counted by
problem, in the problems' order.
"""

from __future__ import annotations

import csv
import io
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from graders.files import write_atomic
from graders.isolation import UNSAFE_NOTE, Isolation
from graders.report import to_text
from graders.results import result_from_json
from graders.scoring import EXTRA_COLUMNS, MAX_ROW, checkpoint_score, course_cells, course_maxima, tidy, unmatched
from graders.untrusted import clean
from hogkit.variant import Variant

MAX_ROW_NAME = "Points Possible"
GRADED = ("graded", "import_error")  # a copy was run (an import error is the student's own)
BASE_COLUMNS = ["phase1", "phase2", "phase3", "total", "checkpoint", "status", "reason", "isolation"]


@dataclass(frozen=True)
class Column:
    """One problem's column: its ID, the LABEL heading it and the POINTS it is worth."""

    id: str
    label: str
    points: float
    phase: int


def variant_columns(variant: Variant, *, checkpoint: bool) -> list[Column]:
    """The problems HogKit grades VARIANT by (Phase 1 only for a CHECKPOINT batch)."""
    return [Column(p.id, p.label, p.points, p.phase) for p in variant.problems if not checkpoint or p.phase == 1]


def _number(value: object) -> int | float:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


def _cell(value: object) -> object:
    return clean(value, limit=300, newlines=False) if isinstance(value, str) else value


def report_text(row: dict, *, published: bool) -> str:
    """The readable report of one saved result ROW (or why the copy was not graded)."""
    if row.get("status") in GRADED:
        try:
            return to_text(result_from_json(row), published=published) + "\n"
        except (KeyError, TypeError, ValueError):
            pass
    why = row.get("reason") or "; ".join(str(n) for n in row.get("notes") or []) or "no result"
    return clean(f"HogKit grade for {row.get('student')}: not graded ({row.get('status')})\n{why}\n")


def write_gradebook(rows: list[dict], *, out: Path, variant: Variant, columns: Sequence[Column], hidden: list[str],
                    isolation: Isolation, published: bool = False, composition: dict[str, float] | None = None,
                    checkpoints: dict[str, float] | None = None, file_ids: Sequence[str] = (),
                    notes: Sequence[str] = ()) -> str:
    """Write each row's report (``results/<id>.txt`` for the FILE_IDS), ``grades.csv`` and
    ``summary.txt`` into OUT; return the summary. NOTES are lines for the summary (how the course's
    tests were calibrated, say)."""
    for row, file_id in zip(rows, file_ids, strict=False):
        write_atomic(out / "results" / f"{file_id}.txt", report_text(row, published=published), private=True)
    merging = composition is not None or checkpoints is not None
    write_atomic(out / "grades.csv", grades_csv(rows, variant=variant, columns=columns, isolation=isolation,
                                                 merging=merging, composition=composition, checkpoints=checkpoints),
                 private=True)
    text = _summary(rows, variant=variant, columns=columns, hidden=hidden, isolation=isolation, merging=merging,
                    composition=composition, checkpoints=checkpoints, notes=notes)
    write_atomic(out / "summary.txt", text, private=True)
    return text


def _max_total(rows: list[dict], variant: Variant) -> float:
    return next((row["max_total"] for row in rows if _number(row.get("max_total"))), variant.correctness_points)


def grades_csv(rows: list[dict], *, variant: Variant, columns: Sequence[Column], isolation: Isolation,
                merging: bool, composition: dict[str, float] | None, checkpoints: dict[str, float] | None) -> str:
    """The text of grades.csv for ROWS (saved results), in COLUMNS, with the row of maxima first."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["student", *(c.label for c in columns), *BASE_COLUMNS, *(EXTRA_COLUMNS if merging else [])])
    phases = {phase: sum(c.points for c in columns if c.phase == phase) for phase in (1, 2, 3)}
    maxima = [MAX_ROW_NAME, *(tidy(c.points) for c in columns), *(tidy(p) for p in phases.values()),
              tidy(_max_total(rows, variant)), tidy(variant.scoring.checkpoint), MAX_ROW, "", ""]
    writer.writerow(maxima + (course_maxima(variant) if merging else []))
    for row in rows:
        earned = {str(p.get("id")): _number(p.get("earned")) for p in row.get("problems") or []}
        phases_earned = row.get("phases") if isinstance(row.get("phases"), dict) else {}
        reason = row.get("reason") or (UNSAFE_NOTE if isolation.unsafe else "")
        graded = row.get("status") in GRADED
        cells = [row.get("student"), *(earned.get(c.id, 0) if graded else "" for c in columns),
                 *(_number((phases_earned.get(str(k)) or {}).get("earned")) if graded else "" for k in (1, 2, 3)),
                 _number(row.get("total")), checkpoint_score(row.get("checkpoint") is True, variant),
                 row.get("status"), reason, isolation.label()]
        if merging:
            cells += course_cells(str(row.get("student")), _number(row.get("total")), checkpoints=checkpoints,
                                  composition=composition)
        writer.writerow([_cell(c) for c in cells])
    return buffer.getvalue()


def _summary(rows: list[dict], *, variant: Variant, columns: Sequence[Column], hidden: list[str],
             isolation: Isolation, merging: bool, composition: dict[str, float] | None,
             checkpoints: dict[str, float] | None, notes: Sequence[str]) -> str:
    graded = [row for row in rows if row.get("status") in GRADED]
    totals = [_number(row.get("total")) for row in graded]
    lines = [UNSAFE_NOTE] if isolation.unsafe else []
    lines.append(f"{len(rows)} submissions, variant {variant.name}, out of {tidy(_max_total(rows, variant))}")
    if totals:
        lines.append(f"{len(graded)} graded: mean {statistics.mean(totals):.2f}, median {statistics.median(totals)}")
        lines += [f"  {score:3}: {totals.count(score)}" for score in sorted(set(totals))]
    else:
        lines.append("none graded")
    not_graded = len(rows) - len(graded)
    if not_graded:
        lines.append(f"{not_graded} submission(s) could not be graded (left out of the mean): see the reason "
                     "column of grades.csv")
    if hidden:
        lines.append(f"skipped {len(hidden)} entr{'y' if len(hidden) == 1 else 'ies'}: {', '.join(hidden[:5])}")
    students = [str(row.get("student")) for row in rows]
    for what, scores in (("composition scores", composition), ("checkpoint grades", checkpoints)):
        strays = unmatched(scores, students)
        if strays:
            lines.append(f"{what} for {len(strays)} student(s) not in this batch: {', '.join(strays[:5])}")
    if merging:
        lines.append(f"course total out of {tidy(variant.course_points)}: correctness, checkpoint, composition")
    lines += list(notes)
    lines.append(f"failures by problem (of {len(graded)} graded):")
    for column in columns:
        failed = sum(any(p.get("id") == column.id and p.get("passed") is False for p in row.get("problems") or [])
                     for row in graded)
        if failed:
            lines.append(f"  {column.label}: {failed}")
    lines.append(f"isolation: {isolation.summary()}")
    return "\n".join(clean(line, limit=2000, newlines=False) for line in lines) + "\n"
