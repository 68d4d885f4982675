"""Write a grade as text, as JSON data, or as Gradescope's ``results.json``.

Every format says, per problem, how its visible tests (the ones the kit's checker runs too),
its hidden sweeps and its fuzzed properties went, so "all visible tests passed" is never mistaken
for full marks. What a failing hidden sweep was called with is shown only once grades are
published (``published=True``; Gradescope's ``after_published`` tests). Tests of the helpers
HogKit adds are reported as guidance and never scored, and a test that fails only because of an
earlier problem's failure says so. A failing call that uses one of the grader's own test helpers
(``fixed_rolls(3)``) is followed, once per section (a problem in the text report, a test in JSON and
in Gradescope), by what that helper is (:data:`hogkit.shipped.hog_checks.HELPER_WORDS`). Text that came from
a student's program is shown only through :func:`graders.untrusted.clean` (cut, control characters
escaped), in every format.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import asdict

from graders.deadlines import KEY, Award
from graders.results import FUZZ, HIDDEN, VISIBLE, GradeResult, ProblemResult, TestResult
from graders.scoring import tidy
from graders.untrusted import clean, clean_data
from hogkit.shipped.hog_checks import HELPER_WORDS

REPORT_TEXT = 8000  # characters of one string in a JSON or Gradescope report

HIDDEN_DETAILS = "details are shown once grades are published"
ABOUT = ("Visible tests are the cases `python3 ok` shows; hidden sweeps (many inputs) and fuzzing (random "
         "inputs, the smallest failing one shown) are the grader's further checks, which `python3 ok` runs too "
         "(never showing an answer) unless the course keeps them hidden.")


_NAMED = {name: re.compile(rf"(?<![\w.]){name}(?!\w)") for name in HELPER_WORDS}
CUT_ROOM = 64  # characters kept free in a Gradescope output for the mark of a cut


def helper_notes(texts: Iterable[str]) -> list[str]:
    """What each of the grader's test helpers named in TEXTS is, one line per helper."""
    texts = list(texts)
    return [f"{HELPER_WORDS[name]} (not yours to write)." for name, named in _NAMED.items()
            if any(named.search(text) for text in texts)]


def _output(lines: list[str]) -> str:
    """LINES as one Gradescope output of at most REPORT_TEXT characters, then the notes on the
    grader's helpers they name (kept whole: the lines are cut first if they must be)."""
    room = REPORT_TEXT - CUT_ROOM - sum(len(note) + 1 for note in helper_notes(lines))
    body = clean("\n".join(lines), limit=room)
    return "\n".join([body, *helper_notes([body])])


def _kind(problem: ProblemResult, visibility: str) -> list[TestResult]:
    return [t for t in problem.tests if t.visibility == visibility]


def _tally(tests: list[TestResult], label: str) -> str:
    if not tests:
        return ""
    return f"{label} {sum(t.passed for t in tests)}/{len(tests)}"


def summary_line(problem: ProblemResult) -> str:
    """How the problem's kinds of tests went: ``visible 6/6, hidden 2/2, fuzz 1/1``."""
    parts = [_tally(_kind(problem, VISIBLE), "visible"), _tally(_kind(problem, HIDDEN), "hidden"),
             _tally(_kind(problem, FUZZ), "fuzz")]
    explained = sum(bool(t.explained) for t in problem.tests)
    if explained:
        parts.append(f"{explained} explained by earlier problems")
    return ", ".join(p for p in parts if p)


def _feedback(test: TestResult, *, published: bool) -> str:
    if test.visibility == HIDDEN and not published:
        rule = f"\nThe rule: {test.rule.rstrip('.')}." if test.rule else ""
        return f"hidden test failed: {test.name} ({HIDDEN_DETAILS}){rule}"
    return test.feedback


def problem_feedback(problem: ProblemResult, *, published: bool, limit: int = 3) -> list[str]:
    """What to fix in PROBLEM: its failing tests (hidden ones without their inputs unless
    PUBLISHED), then the ones explained by earlier problems."""
    out = []
    failing = [t for t in problem.tests if t.counts_against]
    for test in failing[:limit]:
        out.append(_feedback(test, published=published) or f"{test.name} failed")
    if len(failing) > limit:
        out.append(f"... and {len(failing) - limit} more failing test(s)")
    explained = [t for t in problem.tests if t.explained]
    if explained:
        because = explained[0].explained.split(" are right given ", 1)[-1]
        out.append(f"{len(explained)} test(s) fail only because of {because}, which fails its own tests: "
                   "they do not count against this problem")
    return out


def to_text(result: GradeResult, *, details: bool = True, published: bool = False) -> str:
    """A report a student can read: scores by problem and phase, then what to fix."""
    lines = [f"HogKit grade for {result.source} (variant {result.variant})"]
    why = result.reason if result.status != "graded" else ""  # a graded copy's reason is one of its notes
    lines += [f"  {result.status}: {why}"] if why else []
    lines += [f"  isolation: {result.isolation}"] if result.isolation else []
    lines += [f"  note: {note}" for note in result.notes if note != why]
    for phase, title in (result.phases or {p.phase: "" for p in result.problems}).items():
        earned, possible = result.phase_scores().get(phase, (0, 0))
        lines.append(f"Phase {phase}: {title}  {earned}/{possible}")
        for p in result.problems:
            if p.phase != phase:
                continue
            mark = "ok  " if p.passed else "FAIL"
            lines.append(f"  {mark} {p.label:11} {p.title[:38]:38} {p.earned}/{p.points}  ({summary_line(p)})")
            if details:
                failing = ["         " + line for text in problem_feedback(p, published=published)
                           for line in text.splitlines()[:12]]
                guidance = []
                if p.guidance:
                    good = sum(t.passed for t in p.guidance)
                    guidance.append(f"         guidance, not graded: {good}/{len(p.guidance)} helper test(s) pass")
                    guidance.extend("           " + line for t in p.guidance if not t.passed
                                    for line in t.feedback.splitlines()[:6])
                lines += failing + ["         " + note for note in helper_notes(failing + guidance)] + guidance
    lines.append(f"Phase 1 checkpoint: {'passed' if result.checkpoint else 'not passed'}")
    lines.append(f"Total: {result.total}/{result.max_total}")
    lines += [ABOUT] if _has_own_tests(result) else []
    return "\n".join(clean(line, limit=1000, newlines=False) for line in lines)


def _has_own_tests(result: GradeResult) -> bool:
    """Whether HogKit's own hidden sweeps and fuzzing graded this copy (not only a course's okpy tests)."""
    return any(t.visibility in (HIDDEN, FUZZ) for p in result.problems for t in p.tests)


def to_json(result: GradeResult, *, published: bool = False) -> dict:
    """The whole grade as plain data; hidden tests keep their verdict, and their inputs only once
    grades are PUBLISHED."""
    data = asdict(result)
    data.pop("final_table", None)  # 10,000 numbers: the leaderboard is computed from it, not shown
    for problem, source in zip(data["problems"], result.problems, strict=True):
        problem["passed"] = source.passed
        for test in problem["tests"]:
            if test["visibility"] == HIDDEN and not test["passed"] and not published:
                test["feedback"] = f"hidden test failed ({HIDDEN_DETAILS})"
        for test in problem["tests"] + problem["guidance"]:
            test["grader_helpers"] = helper_notes([test["feedback"], test["rule"]])
    data["phases"] = {str(k): {"title": result.phases.get(k, ""), "earned": e, "possible": p}
                      for k, (e, p) in result.phase_scores().items()}
    if _has_own_tests(result):
        data["about"] = ABOUT
    return clean_data(data, limit=REPORT_TEXT)


def to_gradescope(result: GradeResult, *, leaderboard: list[dict] | None = None, leaderboard_note: str = "",
                  awards: Sequence[Award] = ()) -> dict:
    """Gradescope's results.json: one visible test per problem (its visible tests and fuzzing, and
    how many of its hidden sweeps passed), one ``after_published`` test with the inputs of the
    hidden sweeps that failed (worth 0: the problem's points already depend on them), a test for
    each of the AWARDS that depend on the submission's time (see :mod:`graders.deadlines`), and
    the LEADERBOARD entries (see :mod:`graders.leaderboard`) when given. ``extra_data`` notes what
    this copy earned on its own, for the next submission's look back."""
    tests = []
    for p in result.problems:
        hidden = _kind(p, HIDDEN)
        out = [f"Tests: {summary_line(p) or 'nothing to check'}."]
        out += problem_feedback(p, published=False)
        if hidden:
            failed = [t for t in hidden if not t.passed]
            out.append(f"{len(hidden) - len(failed)} of {len(hidden)} hidden test(s) passed"
                       + (f" ({HIDDEN_DETAILS})." if failed else "."))
        if p.guidance:
            out.append(f"Guidance, not graded: {sum(t.passed for t in p.guidance)}/{len(p.guidance)} "
                       "tests of the optional helpers pass.")
        tests.append({"name": f"{p.label}: {p.title}" if p.title else p.label, "score": p.earned, "max_score": p.points,
                      "output": _output(out), "visibility": "visible"})
        failed_hidden = [t for t in hidden if not t.passed]
        if failed_hidden:
            lines = [f"{len(failed_hidden)} of {len(hidden)} hidden test(s) failed:"]
            lines += [f"- {t.name}: {t.feedback}" for t in failed_hidden]
            tests.append({"name": f"{p.label}: hidden tests", "score": 0, "max_score": 0,
                          "output": _output(lines), "visibility": "after_published"})
    tests += [{"name": a.name, "score": a.score, "max_score": a.max_score, "output": a.output,
               "visibility": "visible"} for a in awards]
    header = [f"Phase 1 checkpoint: {'passed' if result.checkpoint else 'not passed'}."]
    header += [f"Isolation: {result.isolation}."] if result.isolation else []
    header += result.notes
    header += [ABOUT] if _has_own_tests(result) else []
    if leaderboard_note:
        header.append(leaderboard_note)
    complete = bool(result.problems) and all(p.passed for p in result.problems)
    data = {"score": tidy(result.total + sum(a.score for a in awards)),
            "max_score": tidy(result.max_total + sum(a.max_score for a in awards)), "execution_time": result.seconds,
            "output": "\n".join(header), "visibility": "visible", "stdout_visibility": "hidden", "tests": tests,
            "extra_data": {KEY: {"phase1": result.checkpoint, "complete": complete}}}
    if leaderboard is not None:
        data["leaderboard"] = leaderboard
    return clean_data(data, limit=REPORT_TEXT)


def refused_gradescope(message: str, *, most: float, awards: Sequence[Award] = ()) -> dict:
    """Gradescope's results.json for a submission with no hog.py to grade: MESSAGE (said to the
    student) and a score of 0 out of MOST, with the AWARDS an earlier submission may still have
    earned."""
    message = clean(message, limit=REPORT_TEXT)
    tests = [{"name": "Your submission", "score": 0, "max_score": most, "output": message, "visibility": "visible"}]
    tests += [{"name": a.name, "score": a.score, "max_score": a.max_score, "output": a.output,
               "visibility": "visible"} for a in awards]
    return {"score": tidy(sum(a.score for a in awards)), "max_score": tidy(most + sum(a.max_score for a in awards)),
            "execution_time": 0, "output": message, "visibility": "visible", "stdout_visibility": "hidden",
            "tests": tests, "extra_data": {KEY: {"phase1": False, "complete": False}}}
