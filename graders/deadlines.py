"""Points that depend on when a copy was submitted, from Gradescope's ``submission_metadata.json``.

Gradescope tells the autograder when this submission was made (``created_at``), the assignment's
due date (a student's own, with an extension, under ``users``) and every earlier submission with
the results this grader wrote for it. Where the spec enables them (``[scoring] checkpoint_days``,
``early_bonus``):

- the **checkpoint** points go to a student who submitted, by ``checkpoint_days`` before the due
  date, a copy whose Phase 1 passes (this one or an earlier one);
- the **early bonus** goes to a student who submitted, by ``early_days`` before the due date, a
  copy with every problem right (this one or an earlier one): extra credit, above the maximum.

Each result records whether its own copy passed Phase 1 and was complete (``extra_data``), so the
next submission can look back.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from graders.scoring import tidy
from hogkit.errors import HogkitError
from hogkit.variant import Variant

MAX_METADATA_BYTES = 16 * 1024 * 1024
KEY = "hogkit"  # results.json's extra_data[KEY] holds what this copy earned on its own


@dataclass(frozen=True)
class Award:
    """A Gradescope test for points that depend on time: NAME, SCORE, MAX_SCORE and what to say."""

    name: str
    score: float
    max_score: float
    output: str


@dataclass(frozen=True)
class Submission:
    """When this copy was submitted, its due date, and the earlier submissions (time, what each
    earned on its own: ``{"phase1": bool, "complete": bool}``)."""

    created: datetime
    due: datetime
    earlier: tuple[tuple[datetime, dict], ...] = ()


def _time(text: object, what: str) -> datetime:
    try:
        moment = datetime.fromisoformat(str(text).replace("Z", "+00:00"))
    except ValueError:
        raise HogkitError(f"submission metadata: {what} {text!r} is not a date and time",
                          "give Gradescope's submission_metadata.json") from None
    if moment.tzinfo is None:
        raise HogkitError(f"submission metadata: {what} {text!r} has no time zone",
                          "give Gradescope's submission_metadata.json")
    return moment


def read_metadata(path: Path) -> Submission:
    """The times in Gradescope's submission_metadata.json at PATH (one error line if it is not one)."""
    try:
        if Path(path).stat().st_size > MAX_METADATA_BYTES:
            raise ValueError("too large")
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        assignment = data["assignment"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise HogkitError(f"{path} is not Gradescope's submission metadata ({exc})",
                          "give the submission_metadata.json Gradescope writes beside the submission") from None
    dues = [user["assignment"]["due_date"] for user in data.get("users") or []
            if isinstance(user, dict) and isinstance(user.get("assignment"), dict)
            and user["assignment"].get("due_date")]
    due = max((_time(d, "a student's due_date") for d in dues), default=None) or _time(
        assignment.get("due_date"), "due_date")
    earlier = []
    for item in data.get("previous_submissions") or []:
        if not isinstance(item, dict):
            continue
        results = item.get("results") if isinstance(item.get("results"), dict) else {}
        mine = (results.get("extra_data") or {}).get(KEY) if isinstance(results.get("extra_data"), dict) else None
        if isinstance(mine, dict) and item.get("submission_time"):
            earlier.append((_time(item["submission_time"], "submission_time"), mine))
    return Submission(_time(data.get("created_at"), "created_at"), due, tuple(earlier))


def _by(submission: Submission, deadline: datetime, flag: str, now: bool) -> bool:
    """Whether a copy submitted by DEADLINE had FLAG: this one (NOW) or an earlier one."""
    if submission.created <= deadline and now:
        return True
    return any(moment <= deadline and own.get(flag) is True for moment, own in submission.earlier)


def _when(moment: datetime) -> str:
    return moment.strftime("%A %d %B %Y, %H:%M %Z").replace(" 0", " ").strip()


def awards(variant: Variant, submission: Submission | None, *, phase1: bool, complete: bool) -> list[Award]:
    """The checkpoint and early-submission points VARIANT's spec enables, for a copy whose Phase 1
    passes (PHASE1) and whose every problem is right (COMPLETE), submitted as SUBMISSION says
    (None: not known, so nothing is awarded, and the output says why)."""
    scoring, found = variant.scoring, []
    unknown = "Not awarded: the time of this submission is not known."
    if scoring.checkpoint_days is not None and scoring.checkpoint:
        most = tidy(scoring.checkpoint)
        if submission is None:
            found.append(Award("Phase 1 checkpoint", 0, most, unknown))
        else:
            deadline = submission.due - timedelta(days=scoring.checkpoint_days)
            earned = _by(submission, deadline, "phase1", phase1)
            found.append(Award("Phase 1 checkpoint", most if earned else 0, most,
                               f"For a submission whose Phase 1 passes, made by {_when(deadline)}: "
                               + ("earned." if earned else "not earned.")))
    if scoring.early_bonus:
        bonus = tidy(scoring.early_bonus)
        if submission is None:
            found.append(Award("Early submission bonus", 0, 0, unknown))
        else:
            deadline = submission.due - timedelta(days=scoring.early_days)
            earned = _by(submission, deadline, "complete", complete)
            found.append(Award("Early submission bonus", bonus if earned else 0, 0,
                               f"Extra credit for a submission with every problem right, made by {_when(deadline)}: "
                               + ("earned." if earned else "not earned.")))
    return found
