"""Composition credits only values the grader computed: a later problem's tests are run again with
the earlier problems' functions answered by the reference, never by the student's code, so no
choice of return values lifts a copy above what its honest functions earn (tests/data/steering)."""

from __future__ import annotations

import pytest

from graders.proxy import ReferenceAsker
from graders.runner import grade_source
from graders.sandbox import Sandbox
from hogkit.variant import load_variant
from tests.conftest import ROOT

FA19 = load_variant("fa19")
STEERING = ROOT / "tests" / "data" / "steering"
COMPLETE = (ROOT / "examples" / "submissions" / "complete" / "hog.py").read_text()
SKELETON = (ROOT / "student_skeleton" / "hog.py").read_text()


def honest_copy() -> str:
    namespace: dict = {}
    exec((STEERING / "honest.py").read_text(), namespace)  # noqa: S102 - our own test data
    text = COMPLETE
    for old, new, _ in namespace["BUGS"]:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def lost(source: str) -> tuple[int, list[str]]:
    result = grade_source(source.encode(), FA19)
    return result.total, [p.id for p in result.problems if p.points and not p.earned]


def test_a_steering_copy_earns_no_more_than_its_honest_functions():
    honest = honest_copy()
    assert lost(honest) == (16, ["02", "05a", "05b", "06"])  # play's own bug is not free_bacon's
    steering = honest + (STEERING / "steer.py").read_text()
    total, problems = lost(steering)
    assert total <= 16 and {"02", "05a", "05b", "06"} <= set(problems), problems


@pytest.mark.parametrize("constant", ["1", "0", "4"])
def test_constant_stubs_earn_nothing(constant):
    stubs = (STEERING / "constants.py").read_text().replace("return 1\n", f"return {constant}\n")
    assert lost(SKELETON + stubs)[0] == 0


BROKEN_ROLL = COMPLETE.replace("    return total\n    # END PROBLEM 1", "    return total + 1\n    # END PROBLEM 1")


def test_the_reference_answers_for_the_earlier_functions():
    """In a composed call the child's roll_dice is the reference's: take_turn gives the reference's
    answer, and the test dice are left where the reference's roll_dice left them."""
    assert BROKEN_ROLL != COMPLETE
    with Sandbox(BROKEN_ROLL.encode()) as box:
        assert box.call("take_turn(2, 0, make_test_dice(4, 5, 1))").value == 10  # its own roll_dice
        asker = ReferenceAsker(FA19, ("roll_dice", "free_bacon"))
        asker.begin_test()
        expr = "(lambda d: (take_turn(2, 0, d), d(), take_turn(0, 47, d)))(make_test_dice(4, 5, 1))"
        got = box.call(expr, compose=("roll_dice", "free_bacon"), asker=asker)
        assert got.value == {"tuple": [9, 1, 6]} and not asker.stopped
        assert box.call("take_turn(2, 0, make_test_dice(4, 5, 1))").value == 10  # its own again


def test_questions_the_grader_did_not_invite_are_refused():
    source = COMPLETE + '''
import gc as _gc
def _ask(name, *args):
    link = next(o for o in _gc.get_objects() if type(o).__name__ == "Link")
    return link.ask({"dep": name}, args, {})
'''
    with Sandbox(source.encode()) as box:
        asker = ReferenceAsker(FA19, ("roll_dice", "free_bacon"))
        asker.begin_test()
        refused = box.call("_ask('bacon_strategy', 0, 47)", compose=("roll_dice",), asker=asker)
        assert "RuntimeError" in refused.error and asker.stopped  # not an earlier function: the test fails
        asker.begin_test()
        assert box.call("_ask('free_bacon', -5)", compose=("roll_dice",), asker=asker).status == "error"
        assert "outside" in asker.stopped
        uninvited = box.call("_ask('free_bacon', 47)")  # a call given no asker may ask nothing
        assert uninvited.status == "tampered"


def test_the_grader_does_no_more_work_for_a_question_than_the_call_has_time_for():
    """The composed-work attack: a question whose answer would roll a million dice a hundred times.
    The reference's die rolls are counted (each a unit of work charged to the child), and the answer
    stops once the call's time is spent, however large the arguments."""
    asker = ReferenceAsker(FA19, ("roll_dice", "make_averaged"))
    asker.begin_test()
    handle = asker.answer({"fn": {"dep": "make_averaged"}, "args": [{"dep": "roll_dice"}, 100], "kwargs": {},
                           "dice": {}}, None, units=1000)
    assert handle["ok"] and "ref" in handle["value"]
    asker.take_work()
    answer = asker.answer({"fn": handle["value"], "args": [10 ** 6, {"fair": 6}], "kwargs": {}, "dice": {}}, None,
                          units=20_000)
    assert not answer["ok"] and "ran out of time" in answer["error"]
    assert 20_000 < asker.take_work() <= 20_010  # the work done is the work allowed (and charged), not 10 ** 8 rolls


def test_a_composed_copy_that_asks_for_endless_work_is_graded():
    """The same attack through the grader: the skeleton whose max_scoring_num_rolls asks, given the
    reference's make_averaged and roll_dice, for a million dice a hundred times, loses Problem 9
    (the call runs out of its time) and is graded in full."""
    start = SKELETON.index("    # BEGIN PROBLEM 9\n")
    end = SKELETON.index("    # END PROBLEM 9", start)
    attack = (SKELETON[:start] + "    # BEGIN PROBLEM 9\n    return make_averaged(roll_dice, 100)(10**6, six_sided)\n"
              + SKELETON[end:])
    result = grade_source(attack.encode(), FA19)
    problem9 = next(p for p in result.problems if p.id == "09")
    assert result.total == 0 and not problem9.passed and not any(t.explained for t in problem9.tests)
