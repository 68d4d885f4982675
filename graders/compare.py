"""Two suites, one copy: where HogKit's own tests and a course's okpy suite disagree.

Staff who grade with HogKit's tests and also hold the course's own suite (``--compare-ok-tests
DIR``) get, for each problem the two share (a course question has the problem's id), the verdict
of each when they differ: a copy that passes the course's tests and fails HogKit's (a case the
course's tests never try), or the other way round. Each disagreement names the failing tests of
either side, with the words of the case that decides it (the rule a HogKit test checks, as the
course's page states it: ``Hefty Hogs: An opponent with 0 points: 1 point.``) and the problem's
rules as the course states them, so staff can answer a regrade request. The inputs of HogKit's
failing hidden tests are shown as in every report: once grades are published (``--published``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

from graders.oracle import short
from graders.report import HIDDEN_DETAILS
from graders.results import HIDDEN, GradeResult, ProblemResult, TestResult
from graders.scoring import tidy
from hogkit.variant import Variant

SHOWN_FAILURES = 3  # failing tests of each side listed per problem
FEEDBACK = 600  # characters of one failing test's feedback


@dataclass(frozen=True)
class Failure:
    """A failing TEST of one suite, the WORDS of the case (the rule it checks, when it names one)
    and what it showed (FEEDBACK)."""

    test: str
    words: str
    feedback: str


@dataclass(frozen=True)
class Disagreement:
    """Problem PROBLEM (LABEL; the course's QUESTION) passes one suite and fails the other."""

    problem: str
    label: str
    question: str
    hogkit: str  # "earned/points" by HogKit's tests
    course: str  # ... and by the course's
    hogkit_passes: bool
    hogkit_failures: list[Failure]
    hogkit_explained: str  # HogKit's tests of it that fail only because of an earlier problem, and why
    course_failures: list[Failure]
    rules: list[str]  # the problem's rules, as the course states them


def _verdict(problem: ProblemResult) -> bool | None:
    """Whether every test of PROBLEM passed; None when it has no test to compare."""
    return not any(t.counts_against for t in problem.tests) if problem.tests else None


def _failures(tests: Sequence[TestResult], *, published: bool) -> list[Failure]:
    """The first failing TESTS that count, each with the words of its case and what it showed (for
    a hidden test, only once grades are PUBLISHED); the feedback's own "The rule:" line is left
    out, since the words are given beside it."""
    found = []
    for test in [t for t in tests if t.counts_against][:SHOWN_FAILURES]:
        if test.visibility == HIDDEN and not published:
            shown = f"hidden test failed ({HIDDEN_DETAILS})"
        else:
            shown = "\n".join(line for line in test.feedback.splitlines() if not line.startswith("The rule: "))
        found.append(Failure(test.name, test.rule, short(shown, FEEDBACK)))
    return found


def disagreements(own: GradeResult, course: GradeResult, variant: Variant, *,
                  published: bool = False) -> list[Disagreement]:
    """The problems on which OWN (graded by HogKit's tests) and COURSE (by the course's suite)
    disagree, in the problems' order: one passes every test, the other fails one. The inputs of
    HogKit's failing hidden tests are shown once grades are PUBLISHED."""
    problems = {p.id: p for p in variant.problems}
    questions = {q.id: q for q in course.problems}
    found = []
    for mine in own.problems:
        theirs = questions.get(mine.id)
        if theirs is None or (mine.id in problems and not problems[mine.id].graded):  # nothing of HogKit's to judge
            continue
        ours, yours = _verdict(mine), _verdict(theirs)
        if ours is None or yours is None or ours == yours:
            continue
        rules = problems[mine.id].rules if mine.id in problems else ()
        explained = [t for t in mine.tests if t.explained]
        why = f"{len(explained)} fail only because an earlier problem fails: {explained[0].explained}" \
            if explained else ""
        found.append(Disagreement(
            mine.id, mine.label, theirs.label, f"{tidy(mine.earned)}/{tidy(mine.points)}",
            f"{tidy(theirs.earned)}/{tidy(theirs.points)}", ours, _failures(mine.tests, published=published), why,
            _failures(theirs.tests, published=published),
            [f"{rule.title}: {rule.summary}" for rule in rules]))
    return found


def comparison_data(found: list[Disagreement], *, course_tests: str) -> dict:
    """The comparison as a result file records it."""
    return {"course_tests": course_tests, "disagreements": [asdict(d) for d in found]}


def comparison_text(data: dict) -> list[str]:
    """The lines of a report's section on the comparison DATA (:func:`comparison_data`)."""
    found = data.get("disagreements") or []
    head = f"HogKit's tests and the course's ({data.get('course_tests')})"
    if not found:
        return [f"{head} agree on every problem they share."]
    lines = [f"{head} disagree on {len(found)} problem(s):"]
    for d in found:
        side = "fails HogKit's tests and passes the course's" if not d["hogkit_passes"] else \
            "passes HogKit's tests and fails the course's"
        lines.append(f"  {d['label']} ({d['question']}) {side}: HogKit's tests {d['hogkit']}, the course's "
                     f"{d['course']}")
        for who, failures in (("HogKit's", d["hogkit_failures"]), ("the course's", d["course_failures"])):
            for failure in failures:
                lines.append(f"    {who} test fails: {failure['test']}")
                if failure["words"]:
                    lines.append(f"      the case: {failure['words']}")
                lines += [f"      {line}" for line in failure["feedback"].splitlines()[:10]]
        lines += [f"    HogKit's tests of it: {d['hogkit_explained']}"] if d["hogkit_explained"] else []
        lines += [f"    as the course states it: {rule}" for rule in d["rules"]]
    return lines


def table_rows(data: dict) -> list[list[object]]:
    """The rows of disagreements.csv for one copy's comparison DATA (one per problem), the
    student's column left out."""
    rows = []
    for d in data.get("disagreements") or []:
        first = (d["hogkit_failures"] or [{}])[0]
        rows.append([d["label"], d["question"], d["hogkit"], d["course"],
                     "; ".join(f["test"] for f in d["hogkit_failures"]), first.get("words", ""),
                     "; ".join(f["test"] for f in d["course_failures"]), " ".join(d["rules"])])
    return rows


TABLE_HEADER = ["student", "problem", "question", "hogkit", "course", "hogkit_failing", "the_case", "course_failing",
                "rules"]


def summary_lines(rows: list[dict], *, labels: Sequence[str]) -> list[str]:
    """summary.txt's lines on the comparison: for each problem (in the order of LABELS), how many
    copies each suite alone fails, and the words of the first case HogKit's tests fail it on."""
    counts: dict[str, list] = {label: [0, 0, ""] for label in labels}
    for row in rows:
        for d in (row.get("comparison") or {}).get("disagreements") or []:
            entry = counts.setdefault(d["label"], [0, 0, ""])
            entry[0 if not d["hogkit_passes"] else 1] += 1
            if not entry[2] and d["hogkit_failures"]:
                first = d["hogkit_failures"][0]
                entry[2] = f"{first['test']} ({first['words']})" if first["words"] else first["test"]
    compared = [row for row in rows if row.get("comparison")]
    if not compared:
        return []
    folder = compared[0]["comparison"].get("course_tests")
    counts = {label: entry for label, entry in counts.items() if entry[0] or entry[1]}
    if not counts:
        return [f"HogKit's tests and the course's ({folder}) agree on every copy"]
    lines = [f"HogKit's tests and the course's ({folder}) disagree (disagreements.csv lists each copy):"]
    for label, (ours, theirs, case) in counts.items():
        first = f", first on {case}" if case else ""
        lines.append(f"  {label}: HogKit's tests alone fail {_copies(ours)}{first}; the course's alone fail "
                     f"{_copies(theirs)}")
    return lines


def _copies(count: int) -> str:
    return f"{count} cop{'y' if count == 1 else 'ies'}"


__all__ = ["TABLE_HEADER", "Disagreement", "Failure", "comparison_data", "comparison_text", "disagreements",
           "summary_lines", "table_rows"]
