"""The course's rules for time and for the final copy: the due date (each student's own, with an
extension), what happens to a late submission, which submission counts, whether results are
published. They live in the database's settings, set by ``hogkit serve`` or by staff."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.orm import Session

from courseserver.store import all_settings, put_setting
from hogkit.errors import HogkitError

LATE = {"accept": "kept and marked late", "refuse": "refused (backups are still kept)"}
FINAL = {"last": "the newest submission", "best": "the graded submission with the highest total (the newest of equals)"}


@dataclass(frozen=True)
class Policy:
    """DUE (None: no deadline), LATE (a key of LATE), FINAL (a key of FINAL), PUBLISHED."""

    due: datetime | None = None
    late: str = "accept"
    final: str = "last"
    published: bool = False

    def data(self) -> dict:
        return {"due": show_time(self.due), "late": self.late, "final": self.final, "published": self.published}


def parse_time(text: str, *, what: str = "--due") -> datetime:
    """TEXT, an ISO 8601 time with its zone, as an aware datetime."""
    try:
        moment = datetime.fromisoformat(str(text).strip().replace("Z", "+00:00"))
    except ValueError:
        raise HogkitError(f"{what} {text!r} is not a time", "write it as 2025-10-01T23:59:00-07:00") from None
    if moment.tzinfo is None:
        raise HogkitError(f"{what} {text!r} has no time zone", "add one, as in 2025-10-01T23:59:00-07:00 or ...Z")
    return moment.astimezone(UTC)


def show_time(moment: datetime | None) -> str | None:
    """MOMENT as ISO 8601 text in UTC (None stays None)."""
    return None if moment is None else moment.astimezone(UTC).isoformat(timespec="seconds")


def check_choice(value: str, choices: dict[str, str], what: str) -> str:
    """VALUE if it is one of CHOICES, else a HogkitError."""
    if value not in choices:
        raise HogkitError(f"{what} {value!r} is not a rule", f"use one of {', '.join(choices)}")
    return value


def read_policy(session: Session) -> Policy:
    """The course's policy as the database holds it."""
    settings = all_settings(session)
    due = settings.get("due")
    return Policy(due=parse_time(due) if due else None, late=str(settings.get("late", "accept")),
                  final=str(settings.get("final", "last")), published=bool(settings.get("published", False)))


def write_policy(session: Session, *, due: datetime | None | str = "keep", late: str | None = None,
                 final: str | None = None, published: bool | None = None) -> None:
    """Change the parts of the policy given (DUE None clears the deadline; "keep" leaves it)."""
    if due != "keep":
        put_setting(session, "due", show_time(due))
    if late is not None:
        put_setting(session, "late", check_choice(late, LATE, "--late"))
    if final is not None:
        put_setting(session, "final", check_choice(final, FINAL, "--final"))
    if published is not None:
        put_setting(session, "published", bool(published))


def due_for(policy: Policy, extension: datetime | None) -> datetime | None:
    """A student's due date: their EXTENSION when they have one, else the course's."""
    return extension or policy.due


@dataclass(frozen=True)
class Candidate:
    """A submission as the final rule sees it: its ID, when it was RECEIVED, its TOTAL (None: not graded)."""

    id: int
    received: datetime
    total: float | None


def final_submission(policy: Policy, candidates: Sequence[Candidate]) -> int | None:
    """The id of the submission that counts among CANDIDATES, by the policy's final rule."""
    if not candidates:
        return None
    newest = max(candidates, key=lambda c: (c.received, c.id))
    if policy.final == "best":
        graded = [c for c in candidates if c.total is not None]
        if graded:
            return max(graded, key=lambda c: (c.total, c.received, c.id)).id
    return newest.id
