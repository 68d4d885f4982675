"""Question banks: strict answer normalization, sealed answers, determinism, one bank per variant."""

from __future__ import annotations

import json

import pytest

from hogkit.generate.answers import expected
from hogkit.generate.bank import bank_json, build_bank
from hogkit.generate.fuzzing import EXAMPLES, recorded_inputs
from hogkit.problems.specs import problem_specs
from hogkit.shipped import ok as checker
from hogkit.shipped.hog_checks import ANY, DIGEST_CHARS, answer_digest
from hogkit.variant import load_variant
from tests.conftest import ROOT


@pytest.mark.parametrize(("typed", "expected"), [
    ("(1,2)", "(1, 2)"), ('"a"', "'a'"), ("  12 ", "12"), ("error", "Error"), ("INFINITE   loop", "Infinite loop"),
    ("Player 0  takes the lead by 5", "Player 0 takes the lead by 5"),
])
def test_equal_answers_normalize_alike(typed, expected):
    assert checker.normalize(typed) == checker.normalize(expected)


@pytest.mark.parametrize(("typed", "expected"), [("1.0", "1"), ("1", "True"), ("[1, 2]", "(1, 2)"),
                                                 ("'1'", "1"), ("Errors", "Error"), ("0", "None")])
def test_different_answers_stay_different(typed, expected):
    assert checker.normalize(typed) != checker.normalize(expected)


def test_bank_is_deterministic_and_sealed(fa19):
    text = bank_json(fa19)
    assert text == bank_json(fa19)
    bank = json.loads(text)
    assert bank["seal"] == checker.bank_seal(bank)


def test_answers_are_not_in_the_bank_but_unlock_it(any_variant):
    answers: dict[str, list[str]] = {}
    bank = build_bank(any_variant, answers=answers)
    assert {p["id"] for p in bank["problems"]} == {p.id for p in any_variant.problems}
    for problem in bank["problems"]:
        given = iter(answers[problem["id"]])
        proofs = []
        for case in problem["unlock"]:
            wheres = [case["id"]] if case["kind"] == "choice" else [
                f"{case['id']}/{i}" for i in range(len(checker.case_locks(case)))]
            for where, lock in zip(wheres, checker.case_locks(case), strict=True):
                proof = checker.answer_proof(bank["key"], where, next(given))
                assert checker.lock_of_proof(proof) == lock
                proofs.append(proof)
        secret = checker.reveal_key(bank["key"], problem["id"], proofs)
        for suite in problem["suites"]:
            for case in suite["cases"]:
                if not case["hidden"]:
                    expected = checker.unseal(secret, case["sealed"])
                    assert checker.output_lock(bank["key"], case["id"], expected) == case["lock"]
                    assert "0x" not in expected  # no addresses: outputs are reproducible
    spoken = [a for p in any_variant.problems if p.kind == "announce_highest" for a in answers[p.id] if "point(s)" in a]
    assert not any(sentence in json.dumps(bank) for sentence in spoken)


def test_the_bank_holds_exactly_the_visible_tests_of_each_problem(any_variant):
    """The checker's cases are the grader's visible tests, none hidden; its further checks are the
    grader's sweeps and fuzzed inputs, call for call, with a keyed hash of each answer and never an
    answer itself."""
    bank = build_bank(any_variant)
    for problem, spec in zip(bank["problems"], problem_specs(any_variant), strict=True):
        cases = [case for suite in problem["suites"] for case in suite["cases"]]
        assert [case["code"] for case in cases] == [test.code for test in spec.visible]
        assert not any(case["hidden"] for case in cases)
        further = problem.get("further", [])
        sweeps = [check for check in further if check["kind"] == "sweep"]
        assert [check["calls"].split("\n") for check in sweeps] == [list(sweep.calls) for sweep in spec.hidden]
        assert [check["name"] for check in further if check["kind"] == "fuzz"] == [
            prop.title for prop in spec.fuzz if recorded_inputs(any_variant, prop, max_examples=EXAMPLES)]
        for check in further:
            calls = check["calls"].split("\n")
            if check["judge"] == "legal":
                assert "digests" not in check
                continue
            assert len(check["digests"]) == len(calls) * DIGEST_CHARS
            for index in range(0, len(calls), 97):  # each hash is the reference's answer, keyed
                want = expected(any_variant, calls[index])
                digest = check["digests"][index * DIGEST_CHARS:(index + 1) * DIGEST_CHARS]
                assert digest == (answer_digest(bank["key"], calls[index], want.value,
                                                want.out if check["output"] else None) if want.ok else ANY)


def test_a_course_can_keep_its_hidden_tests_out_of_the_kit(tmp_path):
    """checker_runs_hidden = false: the kit names the grader's further checks and ships none of their calls."""
    spec = tmp_path / "hidden.toml"
    spec.write_text((ROOT / "variants" / "fa19.toml").read_text().replace(
        'name = "fa19"', 'name = "hidden"\nchecker_runs_hidden = false'))
    variant = load_variant(spec)
    bank = build_bank(variant)
    text = json.dumps(bank)
    for problem, spec in zip(bank["problems"], problem_specs(variant), strict=True):
        assert "further" not in problem
        assert problem["further_hidden"] == [sweep.name for sweep in spec.hidden] + [p.title for p in spec.fuzz]
        assert not any(call in text for sweep in spec.hidden for call in sweep.calls if call.startswith("play("))


def test_unlock_cases_include_error_and_loop_answers(fa19):
    answers: dict[str, list[str]] = {}
    build_bank(fa19, answers=answers)
    assert checker.ERROR in answers["00"] and checker.LOOP in answers["00"]
    assert checker.ERROR in answers["01"]
