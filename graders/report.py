"""Write a grade as text, as JSON data, or as Gradescope's ``results.json``.

Hidden tests count toward the score; their inputs are not shown. Every format says how many
hidden tests a problem has and whether they passed, so "all visible tests passed" is never
mistaken for full marks. Text that came from a student's program is shown only through
:func:`graders.untrusted.clean` (cut, control characters escaped), in every format.
"""

from __future__ import annotations

from dataclasses import asdict

from graders.runner import GradeResult, ProblemResult
from graders.untrusted import clean, clean_data
from hogkit.problems import PHASE_TITLES

REPORT_TEXT = 8000  # characters of one string in a JSON or Gradescope report


def _hidden_line(problem: ProblemResult) -> str:
    hidden = [t for t in problem.tests if t.visibility == "hidden"]
    if not hidden:
        return ""
    failed = sum(not t.passed for t in hidden)
    state = "all passed" if not failed else f"{failed} failed (inputs are shown after grades are published)"
    return f"{len(hidden)} hidden test(s): {state}"


def to_text(result: GradeResult, *, details: bool = True) -> str:
    """A report a student can read: scores by problem and phase, then what to fix."""
    lines = [f"HogKit grade for {result.source} (variant {result.variant})"]
    lines += [f"  note: {note}" for note in result.notes]
    for phase, title in PHASE_TITLES.items():
        earned, possible = result.phase_scores().get(phase, (0, 0))
        lines.append(f"Phase {phase}: {title}  {earned}/{possible}")
        for p in result.problems:
            if p.phase != phase:
                continue
            visible = [t for t in p.tests if t.visibility == "visible"]
            passed = sum(t.passed for t in visible)
            mark = "ok  " if p.earned == p.points and all(t.passed for t in p.tests) else "FAIL"
            hidden = _hidden_line(p)
            lines.append(f"  {mark} {p.label:11} {p.title[:38]:38} {p.earned}/{p.points}"
                         f"  ({passed}/{len(visible)} visible{'; ' + hidden if hidden else ''})")
            if details:
                for t in visible:
                    if not t.passed:
                        lines.extend("         " + line for line in t.feedback.splitlines()[:8])
    verdict = "passed" if result.checkpoint else "not passed"
    lines.append(f"Phase 1 checkpoint: {verdict}")
    lines.append(f"Total: {result.total}/{result.max_total}")
    return "\n".join(clean(line, limit=1000, newlines=False) for line in lines)


def to_json(result: GradeResult) -> dict:
    """The whole grade as plain data; hidden tests keep their verdict but not their details."""
    data = asdict(result)
    data.pop("final_table", None)  # 10,000 numbers: the leaderboard is computed from it, not shown
    for problem in data["problems"]:
        for test in problem["tests"]:
            if test["visibility"] == "hidden" and not test["passed"]:
                test["feedback"] = "hidden test failed (details are shown after grades are published)"
    data["phases"] = {str(k): {"earned": e, "possible": p} for k, (e, p) in result.phase_scores().items()}
    return clean_data(data, limit=REPORT_TEXT)


def to_gradescope(result: GradeResult, *, leaderboard: list[dict] | None = None, leaderboard_note: str = "") -> dict:
    """Gradescope's results.json: one visible test per problem, one after-publication test for
    its hidden cases (worth 0: the problem's points already depend on them), and the LEADERBOARD
    entries (see :mod:`graders.leaderboard`) when given."""
    tests = []
    for p in result.problems:
        visible = [t for t in p.tests if t.visibility == "visible"]
        hidden = [t for t in p.tests if t.visibility == "hidden"]
        out = [f"{t.feedback}" for t in visible if not t.passed]
        if not out:
            out.append(f"All {len(visible)} visible tests passed." if visible else "Nothing to check.")
        if hidden:
            out.append(f"This problem also has {len(hidden)} hidden test(s) that count toward its score: "
                       + ("all passed." if all(t.passed for t in hidden) else "some failed."))
        tests.append({"name": f"{p.label}: {p.title}", "score": p.earned, "max_score": p.points,
                      "output": "\n".join(out), "visibility": "visible"})
        if hidden:
            tests.append({"name": f"{p.label}: hidden tests", "score": 0, "max_score": 0,
                          "output": "\n".join(t.feedback or "passed" for t in hidden),
                          "visibility": "after_published"})
    header = [f"Phase 1 checkpoint: {'passed' if result.checkpoint else 'not passed'}."]
    header += result.notes
    if leaderboard_note:
        header.append(leaderboard_note)
    data = {"score": result.total, "max_score": result.max_total, "execution_time": result.seconds,
            "output": "\n".join(header), "visibility": "visible", "stdout_visibility": "hidden",
            "tests": tests}
    if leaderboard is not None:
        data["leaderboard"] = leaderboard
    return clean_data(data, limit=REPORT_TEXT)
