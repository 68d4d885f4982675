"""A class's gradebook, written from the saved results of a batch: ``grades.csv``, a readable
report per student beside each result, and ``summary.txt``.

``grades.csv`` has one row per entry of the class folder, named by the student exactly as the
folder is named (as :func:`graders.cells.id_text` shows it), with a column per problem (its points
earned), one per phase, the total, the checkpoint's points, the status, the reason the row is not a
plain grade (a copy that could not be imported or graded, ran out of time or crashed) and the
isolation its code ran under; merged scores (checkpoint points of an earlier batch, composition)
add their columns and the course total. The row after the header holds every column's maximum
(student ``Points Possible``, status ``max``), as gradebook imports want it. No cell starts a
spreadsheet formula (:mod:`graders.cells`). The class's mean counts graded copies only; copies that
could not be imported or graded are counted apart, each with its reason; failures are counted by
problem, in the problems' order. A batch that compared a course's suite with HogKit's tests also
gets ``disagreements.csv`` (:mod:`graders.compare`).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from graders.cells import id_text, table
from graders.compare import TABLE_HEADER, comparison_text, summary_lines, table_rows
from graders.files import write_atomic
from graders.isolation import UNSAFE_NOTE, Isolation
from graders.report import to_text
from graders.results import result_from_json
from graders.scoring import EXTRA_COLUMNS, MAX_ROW, checkpoint_score, course_cells, course_maxima, tidy, unmatched
from graders.untrusted import clean
from hogkit.variant import Variant

MAX_ROW_NAME = "Points Possible"
RAN = ("graded", "import_error")  # statuses of a copy that was run: its report and cells are a grade's
DISAGREEMENTS = "disagreements.csv"  # where HogKit's tests and a compared course suite disagree
SHOWN_REASONS = 20  # rows listed by name in summary.txt, with why they are not plain grades
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


def reason(row: dict) -> str:
    """Why the saved result ROW is not a plain grade (a copy that could not be imported or was not
    graded, ran out of time or had tests end early), or '' when it is one."""
    given = str(row.get("reason") or "")
    if given or row.get("status") == "graded":
        return given
    notes = [str(n) for n in row.get("notes") or []]  # a result saved before reasons were recorded
    return notes[-1] if notes else f"no reason was recorded for the status {row.get('status')}"


def report_text(row: dict, *, published: bool) -> str:
    """The readable report of one saved result ROW (or why the copy was not graded)."""
    if row.get("status") in RAN:
        try:
            text = to_text(result_from_json({**row, "reason": reason(row)}), published=published)
        except (KeyError, TypeError, ValueError):
            pass
        else:
            compared = comparison_text(row["comparison"]) if isinstance(row.get("comparison"), dict) else []
            return "\n".join([text, *(clean(line, limit=1000, newlines=False) for line in compared)]) + "\n"
    student = id_text(str(row.get("student")))
    return clean(f"HogKit grade for {student}: not graded ({row.get('status')})\n{reason(row) or 'no result'}\n")


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
    compared = [row for row in rows if isinstance(row.get("comparison"), dict)]
    if compared:
        write_atomic(out / DISAGREEMENTS, table([TABLE_HEADER] + [
            [id_text(str(row.get("student"))), *(_cell(c) for c in cells)]
            for row in compared for cells in table_rows(row["comparison"])]), private=True)
    else:
        (out / DISAGREEMENTS).unlink(missing_ok=True)  # an earlier batch's, graded another way
    notes = [*notes, *summary_lines(compared, labels=[c.label for c in columns])]
    text = _summary(rows, variant=variant, columns=columns, hidden=hidden, isolation=isolation, merging=merging,
                    composition=composition, checkpoints=checkpoints, notes=notes)
    write_atomic(out / "summary.txt", text, private=True)
    return text


def _max_total(rows: list[dict], variant: Variant) -> float:
    return next((row["max_total"] for row in rows if _number(row.get("max_total"))), variant.correctness_points)


def grades_csv(rows: list[dict], *, variant: Variant, columns: Sequence[Column], isolation: Isolation,
                merging: bool, composition: dict[str, float] | None, checkpoints: dict[str, float] | None) -> str:
    """The text of grades.csv for ROWS (saved results), in COLUMNS, with the row of maxima first."""
    lines = [["student", *(c.label for c in columns), *BASE_COLUMNS, *(EXTRA_COLUMNS if merging else [])]]
    phases = {phase: sum(c.points for c in columns if c.phase == phase) for phase in (1, 2, 3)}
    maxima = [MAX_ROW_NAME, *(tidy(c.points) for c in columns), *(tidy(p) for p in phases.values()),
              tidy(_max_total(rows, variant)), tidy(variant.scoring.checkpoint), MAX_ROW, "", ""]
    lines.append(maxima + (course_maxima(variant) if merging else []))
    for row in rows:
        earned = {str(p.get("id")): _number(p.get("earned")) for p in row.get("problems") or []}
        phases_earned = row.get("phases") if isinstance(row.get("phases"), dict) else {}
        why = reason(row) or (UNSAFE_NOTE if isolation.unsafe else "")
        ran = row.get("status") in RAN
        cells = [*(earned.get(c.id, 0) if ran else "" for c in columns),
                 *(_number((phases_earned.get(str(k)) or {}).get("earned")) if ran else "" for k in (1, 2, 3)),
                 _number(row.get("total")), checkpoint_score(row.get("checkpoint") is True, variant),
                 row.get("status"), why, isolation.label()]
        if merging:
            cells += course_cells(str(row.get("student")), _number(row.get("total")), checkpoints=checkpoints,
                                  composition=composition)
        lines.append([id_text(str(row.get("student"))), *(_cell(c) for c in cells)])
    return table(lines)


def _summary(rows: list[dict], *, variant: Variant, columns: Sequence[Column], hidden: list[str],
             isolation: Isolation, merging: bool, composition: dict[str, float] | None,
             checkpoints: dict[str, float] | None, notes: Sequence[str]) -> str:
    graded = [row for row in rows if row.get("status") == "graded"]
    totals = [_number(row.get("total")) for row in graded]
    lines = [UNSAFE_NOTE] if isolation.unsafe else []
    lines.append(f"{len(rows)} submissions, variant {variant.name}, out of {tidy(_max_total(rows, variant))}")
    if totals:
        lines.append(f"{len(graded)} graded: mean {statistics.mean(totals):.2f}, median {statistics.median(totals)}")
        lines += [f"  {score:3}: {totals.count(score)}" for score in sorted(set(totals))]
    else:
        lines.append("none graded")
    unimported = sum(row.get("status") == "import_error" for row in rows)
    if unimported:
        lines.append(f"{unimported} cop{'y' if unimported == 1 else 'ies'} could not be imported (0 points; left out "
                     "of the mean and of the failures by problem)")
    not_graded = len(rows) - len(graded) - unimported
    if not_graded:
        lines.append(f"{not_graded} submission(s) could not be graded (left out of the mean)")
    lines += _reasons(rows)
    if hidden:
        lines.append(f"skipped {len(hidden)} entr{'y' if len(hidden) == 1 else 'ies'}: {', '.join(hidden[:5])}")
    students = [str(row.get("student")) for row in rows]
    for what, scores in (("composition scores", composition), ("checkpoint grades", checkpoints)):
        strays = unmatched(scores, students)
        if strays:
            lines.append(f"{what} for {len(strays)} student(s) not in this batch: "
                         f"{', '.join(id_text(s) for s in strays[:5])}")
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


def _reasons(rows: list[dict]) -> list[str]:
    """The rows that are not plain grades, each with its status and why (the first SHOWN_REASONS)."""
    odd = [row for row in rows if reason(row)]
    if not odd:
        return []
    lines = [f"{len(odd)} row(s) of grades.csv are not plain grades (the reason column says why):"]
    lines += [f"  {id_text(str(row.get('student')))} ({row.get('status')}): {reason(row)}"
              for row in odd[:SHOWN_REASONS]]
    if len(odd) > SHOWN_REASONS:
        lines.append(f"  ... and {len(odd) - SHOWN_REASONS} more")
    return lines
