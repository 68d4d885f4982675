"""Reports in the words students and staff know: no report, bank case or rule speaks of HogKit's
internal "seed" (the course page and its rules are what they know), and a failing call that uses
one of the grader's own test helpers (``fixed_rolls(3)``) is followed by what that helper is, once
in each section of every report format (a problem of the text report, a test of JSON and of
Gradescope's results.json).

Failing copies are the semesters' references with one bug written after them, as a student's
later definition would replace the right one; each is graded for real (sandboxed children)."""

from __future__ import annotations

import ast
import builtins
import json
import random
import re
from functools import cache

import pytest

from graders import results
from graders.gradebook import variant_columns, write_gradebook
from graders.isolation import detect
from graders.report import REPORT_TEXT, to_gradescope, to_json, to_text
from graders.results import HIDDEN, GradeResult, ProblemResult
from graders.runner import grade_source
from hogkit.generate.bank import bank_json
from hogkit.generate.okpy_step import okpy_test
from hogkit.generate.reference import reference_hog
from hogkit.generate.solution import solution_hog_source
from hogkit.problems.specs import problem_specs
from hogkit.shipped import ok as checker
from hogkit.shipped.hog_checks import HELPER_WORDS, TEST_HELPERS
from hogkit.variant import Variant, load_variant, variant_names
from tests.conftest import ROOT, SEED_VARIANTS, SLOW_SEMESTERS

# A bug a student might write, as a definition after the right one (it replaces it).
BUGS = {
    "roll_dice": '''
_roll_dice = roll_dice


def roll_dice(num_rolls, dice=six_sided):
    """Stops counting at 20 points."""
    return min(_roll_dice(num_rolls, dice), 20)
''',
    "play": '''
_play = play


def play(strategy0, strategy1, *args, **kwargs):
    """Never rolls more than 9 dice, whatever a strategy says."""
    return _play(lambda score, opponent_score: min(strategy0(score, opponent_score), 9),
                 lambda score, opponent_score: min(strategy1(score, opponent_score), 9), *args, **kwargs)
''',
    "commentary": '''
_play = play


def _quiet(say):
    def commentary(score0, score1):
        if max(score0, score1) > 90:
            return commentary
        return _quiet(say(score0, score1))
    return commentary


def play(*args, say=silence, **kwargs):
    """Says nothing once a score passes 90."""
    return _play(*args, say=_quiet(say), **kwargs)
''',
}
SLOW = pytest.mark.slow
COPIES = [("fa19", "play"), ("fa19", "roll_dice"), ("fa19", "commentary"),
          pytest.param("fa22", "roll_dice", marks=SLOW),
          pytest.param("sp21", "play", marks=SLOW), pytest.param("sp21", "commentary", marks=SLOW),
          pytest.param("fa22", "play", marks=SLOW), pytest.param("su20", "roll_dice", marks=SLOW)]
SEED = re.compile("seed", re.IGNORECASE)
EVERY_SEMESTER = [*SEED_VARIANTS, *SLOW_SEMESTERS]  # the seeds in make test, every semester in make test-all


@cache
def graded(semester: str, bug: str) -> GradeResult:
    """The grade of SEMESTER's reference with BUG (few fuzzed examples: the words are tested, not the bugs)."""
    variant = load_variant(semester)
    if bug == "commentary":
        assert variant.interface.play == "say", "the commentary bug is written for a play that takes say"
    result = grade_source((solution_hog_source(variant) + BUGS[bug]).encode(), variant, fuzz_examples=20)
    assert result.status == "graded" and result.total < result.max_total, "the bug must cost something"
    return result


def around(text: str, match: re.Match) -> str:
    """The words around MATCH in TEXT (what an assertion shows)."""
    return text[max(0, match.start() - 120):match.end() + 120]


def named(text: str) -> set[str]:
    """The grader's test helpers TEXT names."""
    return {name for name in HELPER_WORDS if re.search(rf"(?<![\w.]){name}(?!\w)", text)}


def explained_once(section: str) -> None:
    """Each helper SECTION names is explained in it exactly once."""
    for name in named(section):
        assert section.count(HELPER_WORDS[name]) == 1, (name, section)


def text_sections(report: str) -> list[str]:
    """The problems' sections of a text report: a problem's line and the lines under it."""
    sections: list[list[str]] = []
    for line in report.splitlines():
        if line.startswith(("  ok ", "  FAIL ")):
            sections.append([line])
        elif line.startswith("         ") and sections:
            sections[-1].append(line)
    return ["\n".join(lines) for lines in sections]


def gradebook_texts(result: GradeResult, variant: Variant, folder) -> list[str]:
    """grades.csv, summary.txt and the student's report, written as a batch writes them."""
    row = {**to_json(result, published=True), "student": "a student"}
    write_gradebook([row], out=folder, variant=variant, columns=variant_columns(variant, checkpoint=False), hidden=[],
                    isolation=detect(), file_ids=["a-student"], published=True)
    return [path.read_text() for path in sorted(folder.rglob("*")) if path.is_file()]


@pytest.mark.parametrize(("semester", "bug"), COPIES)
def test_reports_use_the_words_students_know(semester, bug, tmp_path):
    result = graded(semester, bug)
    variant = load_variant(semester)
    texts = [to_text(result), to_text(result, published=True), json.dumps(to_json(result)),
             json.dumps(to_json(result, published=True)), json.dumps(to_gradescope(result)),
             *gradebook_texts(result, variant, tmp_path)]
    assert not [around(text, match) for text in texts for match in SEED.finditer(text)]
    # every section of every format explains the helpers it names
    for report in texts[:2]:
        for section in text_sections(report):
            explained_once(section)
    for test in to_gradescope(result)["tests"]:
        explained_once(test["output"])
    for published in (False, True):
        for problem in to_json(result, published=published)["problems"]:
            for test in problem["tests"]:
                shown = named(test["feedback"] + test["rule"])
                words = [words for name, words in HELPER_WORDS.items() if name in shown]
                assert [note.split(" (not yours")[0] for note in test["grader_helpers"]] == words


def test_a_play_bug_is_shown_with_what_the_grader_s_strategies_are():
    """fa19's play that never rolls more than 9 dice: its hidden and fuzzed games name the
    grader's strategies, and each section that names one says what it is."""
    result = graded("fa19", "play")
    shown = to_text(result)
    assert named(shown) >= {"fixed_rolls"}
    assert "fixed_rolls(n) is the grader's strategy that always rolls n dice (not yours to write)." in shown
    published = to_text(result, published=True)
    assert named(published) >= {"fixed_rolls", "rolls_by_score", "rolls_by_sum", "echo_scores"}
    for section in text_sections(published):
        assert all(section.count(HELPER_WORDS[name]) == 1 for name in named(section)), section
    outputs = {test["name"]: test["output"] for test in to_gradescope(result)["tests"]}
    assert named(outputs["Problem 5a: hidden tests"]) >= {"rolls_by_score"}
    assert HELPER_WORDS["rolls_by_score"] in outputs["Problem 5a: hidden tests"]
    assert named(outputs["Problem 5b: Feral Hogs"]) >= {"fixed_rolls"}
    assert HELPER_WORDS["fixed_rolls"] in outputs["Problem 5b: Feral Hogs"]


def test_a_commentary_bug_is_shown_with_what_echo_scores_is():
    result = graded("fa19", "commentary")
    section = next(s for s in text_sections(to_text(result)) if "Problem 6 " in s.splitlines()[0])
    assert named(section) >= {"echo_scores", "fixed_rolls"}
    explained_once(section)


def test_a_cut_gradescope_output_keeps_what_the_helpers_are():
    """A hidden test's feedback longer than an output may be: the output is cut, and the helper it
    names at its start is still explained after the cut."""
    long = "play(fixed_rolls(3), fixed_rolls(3), goal=11) printed:\n" + "scores 1 2\n" * 2000
    problem = ProblemResult("05a", "Problem 5a", "Playing a game", 1, 2,
                            tests=[results.TestResult("games", HIDDEN, False, long)])
    result = GradeResult("fa19", "hog.py", [problem], 0, 2, checkpoint=False, status="graded")
    output = next(t["output"] for t in to_gradescope(result)["tests"] if t["visibility"] == "after_published")
    assert len(output) <= REPORT_TEXT and "cut at" in output
    assert output.endswith(HELPER_WORDS["fixed_rolls"] + " (not yours to write).")


def test_every_helper_has_its_words():
    assert set(HELPER_WORDS) == {helper.__name__ for helper in TEST_HELPERS}


def _loaded_names(call: str) -> set[str]:
    """The names CALL reads that it does not bind itself (a lambda's parameters, a comprehension's
    targets)."""
    nodes = list(ast.walk(ast.parse(call, mode="eval")))
    bound = {node.arg for node in nodes if isinstance(node, ast.arg)}
    bound |= {node.id for node in nodes if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}
    return {node.id for node in nodes if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)} - bound


@pytest.mark.parametrize("semester", EVERY_SEMESTER)
def test_the_grader_calls_only_what_a_student_wrote_or_a_helper_it_explains(semester):
    """Every name a hidden or fuzzed call uses is the kit's own (in the reference hog.py) or one of
    the grader's helpers with its words: no helper can reach the feedback unexplained."""
    variant = load_variant(semester)
    known = set(vars(reference_hog(variant))) | set(dir(builtins))
    rng = random.Random(0)
    calls = []
    for spec in problem_specs(variant):
        calls += [call for sweep in spec.hidden for call in sweep.calls[:5]]
        calls += [prop.call(*(domain.sample(rng) for domain in prop.args)) for prop in spec.fuzz for _ in range(5)]
    used = set().union(*map(_loaded_names, calls))
    assert used - known <= set(HELPER_WORDS), sorted(used - known - set(HELPER_WORDS))


def _spec_texts(variant: Variant) -> list[str]:
    """Every text of VARIANT's problems that a student or the checker shows: titles, case names,
    rules, statements, questions."""
    texts = []
    for spec in problem_specs(variant):
        texts += [spec.problem.title, spec.text, spec.hint]
        for test in (*spec.visible, *spec.guidance):
            texts += [test.name, test.rule, *test.statements, *test.setup, *test.teardown]
        texts += [text for sweep in spec.hidden for text in (sweep.name, sweep.rule)]
        texts += [text for prop in spec.fuzz for text in (prop.name, prop.rule, prop.template)]
        texts += [text for item in spec.unlock for text in (*item.statements, item.prompt, item.answer, *item.choices)]
    return texts


@pytest.mark.parametrize("semester", EVERY_SEMESTER)
def test_no_problem_text_says_seed(semester):
    assert not [text for text in _spec_texts(load_variant(semester)) if SEED.search(text)]


def test_the_committed_kit_says_no_seed():
    kit = ROOT / "student_skeleton"
    for path in [kit / "ok_bank.json", kit / "hog.ok", *sorted((kit / "tests").glob("*.py"))]:
        assert not SEED.search(path.read_text()), path


@pytest.mark.slow  # a bank and the okpy tests built for every semester
@pytest.mark.parametrize("semester", variant_names())
def test_a_built_bank_says_no_seed(semester):
    variant = load_variant(semester)
    texts = [bank_json(variant), *(checker.okpy_test_source(okpy_test(variant, s)) for s in problem_specs(variant))]
    assert not [text for text in texts if SEED.search(text)]
