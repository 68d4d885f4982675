"""The grade of a copy as data: tests, problems, the whole copy."""

from __future__ import annotations

from dataclasses import dataclass, field

VISIBLE, HIDDEN, FUZZ = "visible", "hidden", "fuzz"
FINAL_NOT_CHECKED = "final_strategy was not checked"  # a grade's final_note when nothing asked for its table


@dataclass
class TestResult:
    """One test of one problem.

    ``visibility`` is ``visible`` (a test the kit's checker runs too), ``hidden`` (a sweep over
    many inputs, shown once grades are published) or ``fuzz`` (a fuzzed property: the smallest
    failing call is shown). ``rule`` names what the seed requires, for the feedback.

    A test that fails against the reference but whose every wrong answer is right given the
    student's own functions of earlier problems, which fail their own tests, is ``explained``:
    it still fails (as it does in the kit's checker) but does not cost its problem.
    """

    name: str
    visibility: str
    passed: bool
    feedback: str = ""
    fatal: bool = False
    rule: str = ""
    explained: str = ""

    @property
    def counts_against(self) -> bool:
        """Whether this test costs its problem its points."""
        return not self.passed and not self.explained


@dataclass
class ProblemResult:
    """A problem's score, its tests, and the guidance tests of the helpers HogKit adds (never scored)."""

    id: str
    label: str
    title: str
    phase: int
    points: int
    earned: int = 0
    tests: list[TestResult] = field(default_factory=list)
    guidance: list[TestResult] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """Whether the problem earns its points: every test passed or failed only because of
        earlier problems (and there was something to run)."""
        return bool(self.tests) and not any(t.counts_against for t in self.tests)


@dataclass
class GradeResult:
    """The grade of one copy."""

    variant: str
    source: str
    problems: list[ProblemResult]
    total: int
    max_total: int
    checkpoint: bool
    status: str  # graded, import_error
    notes: list[str] = field(default_factory=list)
    reason: str = ""  # why this is not a plain grade (no import, time ran out, tests ended early); empty if it is
    seconds: float = 0.0
    final_table: list[list[int]] | None = field(default=None, repr=False)
    final_note: str = ""
    phases: dict[int, str] = field(default_factory=dict)  # each phase's title, from the interface
    isolation: str = ""  # how the student's code was contained (graders.isolation.Isolation.summary)

    def phase_scores(self) -> dict[int, tuple[int, int]]:
        """Phase -> (earned, possible)."""
        scores: dict[int, tuple[int, int]] = {}
        for p in self.problems:
            earned, possible = scores.get(p.phase, (0, 0))
            scores[p.phase] = (earned + p.earned, possible + p.points)
        return scores


def result_from_json(data: dict) -> GradeResult:
    """The GradeResult that :func:`graders.report.to_json` wrote as DATA (a saved result of a
    batch); a TypeError or KeyError when DATA is not one."""
    def test(item: dict) -> TestResult:
        return TestResult(**{k: item[k] for k in TestResult.__dataclass_fields__ if k in item})

    problems = []
    for item in data["problems"]:
        fields = {k: item[k] for k in ProblemResult.__dataclass_fields__ if k in item}
        fields["tests"] = [test(t) for t in item.get("tests", [])]
        fields["guidance"] = [test(t) for t in item.get("guidance", [])]
        problems.append(ProblemResult(**fields))
    fields = {k: data[k] for k in GradeResult.__dataclass_fields__ if k in data and k not in ("problems", "phases")}
    phases = {int(k): str(v.get("title", "")) for k, v in (data.get("phases") or {}).items()}
    return GradeResult(problems=problems, phases=phases, **fields)
