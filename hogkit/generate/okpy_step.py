"""Kit step: the kit's tests in okpy's own format, for courses that run the okpy client.

``student_skeleton/hog.ok`` names the assignment (its name is the key of every lock) and
``student_skeleton/tests/NN.py`` holds, per problem, okpy's suites: the concept questions and the
"what would Python display?" cases that the kit's checker asks before testing, then the problem's
visible test cases, the same ones the grader runs, and a last case that runs the grader's further
checks (``hog_checks.further_checks``, which prints ``ok`` when they all pass). Every expected line
is locked the way okpy locks it (HMAC-MD5 of the line, keyed with the assignment's name), so `ok -q 01 -u` unlocks them
and `ok -q 01` runs them, unchanged.
"""

from __future__ import annotations

import json
import types

from hogkit.generate.further import further_in_checker
from hogkit.generate.solution import solution_hog_source
from hogkit.generate.step import KitBuild
from hogkit.problems.checks import Doctest, ProblemSpec, Unlock
from hogkit.problems.displaying import as_hog, doctest_code
from hogkit.problems.specs import problem_specs
from hogkit.shipped import ok as checker
from hogkit.shipped.hog_checks import further_case, run_prompts
from hogkit.source_module import load_source_module
from hogkit.variant import Variant

CONFIG = "hog.ok"
LOOP_SECONDS = 0.5  # how long an unlocking question whose answer is "Infinite loop" runs
SETUP = ">>> from hog import *"


def assignment_name(variant: Variant) -> str:
    """The assignment's name in okpy: the key of every lock."""
    return f"Hog ({variant.title})"


def _expected_lines(ref: types.ModuleType, statements: list[str], *, setup: list[str] = (),
                    teardown: list[str] = (), loops: bool = False) -> list[list[str]] | None:
    """What each statement displays on the reference, as a student types it when unlocking: a
    value's repr, printed text, or the error's type name. None if a statement never finishes."""
    with as_hog(ref):
        # a question whose answer is "Infinite loop" runs on until stopped: stop it soon, as the bank does
        report = run_prompts(statements, dict(vars(ref)), setup=setup, teardown=teardown,
                                     timeout=LOOP_SECONDS if loops else 5.0)
    if report["setup_error"]:
        raise AssertionError(f"the reference fails the setup {setup}: {report['setup_error']}")
    lines = []
    for result in report["results"]:
        if result["exception"].startswith("Timeout"):
            return None
        shown = [result["exception"].split(":", 1)[0]] if result["exception"] else result["output"]
        for line in shown:
            if line != " ".join(line.split()):
                raise AssertionError(f"a line okpy cannot unlock as typed: {line!r}")
        lines.append(shown)
    return lines


def locked_code(key: str, statements: list[str], expected: list[list[str]]) -> str:
    """A case's code with each prompt's expected lines replaced by their locks."""
    out = []
    for statement, lines in zip(statements, expected, strict=True):
        out.append(checker.okpy_prompts_source(statement))
        if lines:
            out += [checker.okpy_lock(key, line) for line in lines]
            out.append("# locked")
    return "\n".join(out)


def _code_case(key: str, ref: types.ModuleType, statements: list[str], *, loops: bool = False,
               **context: list[str]) -> dict | None:
    expected = _expected_lines(ref, statements, loops=loops, **context)
    if expected is None:
        return None
    return {"code": locked_code(key, statements, expected), "hidden": False, "locked": True}


def _concept(key: str, item: Unlock) -> dict:
    return {"answer": checker.okpy_lock(key, item.answer), "choices": list(item.choices), "hidden": False,
            "locked": True, "question": item.prompt}


def _visible_suites(key: str, ref: types.ModuleType, tests: tuple[Doctest, ...]) -> list[dict]:
    """The visible tests, one suite per setup and teardown they share."""
    suites: list[dict] = []
    for test in tests:
        setup, teardown = doctest_code(test.setup), doctest_code(test.teardown)
        case = _code_case(key, ref, list(test.statements), setup=list(test.setup), teardown=list(test.teardown))
        if suites and (suites[-1]["setup"], suites[-1]["teardown"]) == (setup, teardown):
            suites[-1]["cases"].append(case)
        else:
            suites.append({"cases": [case], "scored": True, "setup": setup, "teardown": teardown, "type": "doctest"})
    return suites


def okpy_test(variant: Variant, spec: ProblemSpec) -> dict:
    """The okpy test of one problem."""
    key = assignment_name(variant)
    ref = load_source_module("hog", solution_hog_source(variant))  # a copy tests may change
    concepts = [_concept(key, item) for item in spec.unlock if item.is_choice]
    cases = [_code_case(key, ref, list(item.statements), loops=item.loops) for item in spec.unlock
             if not item.is_choice]
    suites = []
    if concepts:
        suites.append({"cases": concepts, "scored": False, "type": "concept"})
    if any(cases):
        suites.append({"cases": [c for c in cases if c], "scored": False, "setup": SETUP, "teardown": "",
                       "type": "doctest"})
    suites += _visible_suites(key, ref, spec.visible)
    if further_in_checker(variant, spec):  # the grader's further checks, run by the kit's hog_checks.py
        suites.append({"cases": [{"code": further_case(spec.id), "hidden": False, "locked": False}], "scored": True,
                       "setup": SETUP, "teardown": "", "type": "doctest"})
    return {"name": f"Question {spec.problem.number}", "points": spec.problem.points, "suites": suites}


def okpy_answers(variant: Variant, spec: ProblemSpec) -> list[str]:
    """The plain answers of one problem's locked lines, in the order okpy asks them when
    unlocking (for tests and staff; never written to a kit)."""
    key, plain = assignment_name(variant), {}
    ref = load_source_module("hog", solution_hog_source(variant))
    for item in spec.unlock:
        if item.is_choice:
            plain[checker.okpy_lock(key, item.answer)] = item.answer
    for statements, context in [(list(i.statements), {"loops": i.loops}) for i in spec.unlock if not i.is_choice] + [
            (list(t.statements), {"setup": list(t.setup), "teardown": list(t.teardown)}) for t in spec.visible]:
        for lines in _expected_lines(ref, statements, **context) or []:
            plain.update({checker.okpy_lock(key, line): line for line in lines})
    asked = []
    for suite in okpy_test(variant, spec)["suites"]:
        for case in suite["cases"]:
            if suite["type"] == "concept":
                asked.append(plain[case["answer"]])
            elif case.get("locked"):
                asked += [plain[line] for prompt in checker.okpy_prompts(case["code"]) for line in prompt["expected"]]
    return asked


def okpy_config(variant: Variant) -> dict:
    """The assignment's ``.ok`` configuration; its ``endpoint`` is where the kit's ``ok --submit``
    sends archives (the variant's submit_url, an http(s) address; okpy's own client reads the key too)."""
    tests = {f"tests/{spec.id}.py": "ok_test" for spec in problem_specs(variant)}
    return {"name": assignment_name(variant), "endpoint": variant.submit_url, "src": ["hog.py"], "tests": tests,
            "protocols": ["file_contents", "unlock", "grading", "scoring", "backup"]}


def okpy_files(kit: KitBuild) -> None:
    """student_skeleton/hog.ok and student_skeleton/tests/NN.py."""
    variant = kit.variant
    kit.add(f"student_skeleton/{CONFIG}", json.dumps(okpy_config(variant), indent=2) + "\n")
    kit.add("student_skeleton/tests/__init__.py", "")  # okpy imports each test file as tests.NN
    for spec in problem_specs(variant):
        kit.add(f"student_skeleton/tests/{spec.id}.py", checker.okpy_test_source(okpy_test(variant, spec)))

