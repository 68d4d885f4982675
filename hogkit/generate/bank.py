"""Question banks: what the kit's checker asks before (unlock) and after (tests) a problem is solved.

A bank is data, made from each problem's spec (:mod:`hogkit.problems.specs`), so it can never
disagree with the grader: its test cases are exactly the problem's visible tests, the ones the
grader runs too, and every expected output is *computed* by the reference at generation time,
then stored only as a keyed hash (see :mod:`hogkit.shipped.ok`, the checker that ships in the kit and
reads the bank). The grader's hidden sweeps and fuzzed inputs are in it as calls with hashed
answers. Generation is deterministic: the key and every random choice derive from the variant.

Per problem the bank holds

* ``unlock``: cases of "what would Python display?" (one lock per output line, with ``Error``
  and ``Infinite loop`` as answers where they apply) and multiple-choice concept questions;
* ``suites``: the visible test cases, each with the keyed hash of its output and the output
  sealed with a key that only the problem's unlock answers give;
* ``further``: the grader's hidden sweeps and fuzzed inputs (:mod:`hogkit.generate.further`): each
  call with a keyed hash of its answer, which ``ok`` runs after the visible cases.

The locks are keyed hashes, like okpy's: they keep answers out of plain sight, but anyone with
the bank can test a guess against a lock, so short answers can be found by trying them all.
"""

from __future__ import annotations

import hashlib
import json
import types
from dataclasses import dataclass, field

from hogkit.generate.diagnoses import problem_diagnoses
from hogkit.generate.further import further_checks, further_in_checker, hidden_names
from hogkit.generate.reference import reference_hog
from hogkit.generate.solution import solution_hog_source
from hogkit.problem_layout import Problem
from hogkit.problems.checks import ProblemSpec, Unlock
from hogkit.problems.displaying import display, doctest_code
from hogkit.problems.specs import problem_specs
from hogkit.shipped import hog_checks
from hogkit.shipped import ok as checker
from hogkit.variant import Variant

BANK_PATH = "ok_bank.json"


@dataclass
class _Builder:
    """Collects one problem's unlock cases while evaluating them with the reference."""

    variant: Variant
    ref: types.ModuleType
    key: str
    problem: Problem
    unlock: list[dict] = field(default_factory=list)
    answers: list[tuple[str, str]] = field(default_factory=list)  # (where, answer) in order

    def code_case(self, statements: list[str], *, loop_ok: bool = False) -> None:
        """An unlock case: run STATEMENTS with the reference; each output line becomes a lock."""
        cid = f"{self.problem.id}-u{len(self.unlock) + 1}"
        namespace = dict(vars(self.ref))
        steps, index = [], 0
        for statement in statements:
            result = hog_checks.run_case_code(">>> " + statement, namespace, timeout=0.5 if loop_ok else None)
            lines = [line for line in result["output"].splitlines() if line.strip()]
            if hog_checks.LOOP in lines and not loop_ok:
                raise AssertionError(f"reference loops on {statement}")
            step: dict = {"code": ">>> " + statement}
            if lines:
                step["locks"] = []
                for line in lines:
                    where = f"{cid}/{index}"
                    step["locks"].append(checker.lock_of_proof(checker.answer_proof(self.key, where, line)))
                    self.answers.append((where, line))
                    index += 1
            steps.append(step)
        self.unlock.append({"id": cid, "kind": "code", "steps": steps})

    def choice_case(self, prompt: str, answer: str, choices: tuple[str, ...]) -> None:
        """A multiple-choice unlock case."""
        cid = f"{self.problem.id}-u{len(self.unlock) + 1}"
        lock = checker.lock_of_proof(checker.answer_proof(self.key, cid, answer))
        self.answers.append((cid, answer))
        self.unlock.append({"id": cid, "kind": "choice", "prompt": prompt, "choices": list(choices),
                            "lock": lock})

    def render(self, spec: ProblemSpec) -> dict:
        """The problem's bank entry: its visible tests, with sealed expected outputs and the
        diagnoses of their failures."""
        proofs = [checker.answer_proof(self.key, where, answer) for where, answer in self.answers]
        secret = checker.reveal_key(self.key, self.problem.id, proofs)
        cases, outputs = [], {}
        for number, test in enumerate(spec.visible, 1):
            cid = f"{self.problem.id}-t{number}"
            setup, teardown = doctest_code(test.setup), doctest_code(test.teardown)
            result = display(self.ref, test)
            if result["error"]:
                raise AssertionError(f"the reference fails {test.name!r}: {result['error']}")
            expected = outputs[cid] = checker.normalize_output(result["output"])
            cases.append({"id": cid, "name": test.name, "code": test.code, "setup": setup, "teardown": teardown,
                          "hidden": False, "rule": test.rule, "hint": test.hint or spec.hint,
                          "lock": checker.output_lock(self.key, cid, expected),
                          "sealed": checker.seal(secret, expected)})
        found = problem_diagnoses(self.variant, spec, key=self.key, reference=solution_hog_source(self.variant),
                                  expected=outputs)
        diagnosed = found.cases
        for case in cases:
            if diagnosed.get(case["id"]):
                case["diagnoses"] = sorted(diagnosed[case["id"]])
        suites = [{"name": f"{self.problem.label} tests", "cases": cases}] if cases else []
        p = self.problem
        return {"id": p.id, "label": p.label, "title": p.title, "phase": p.phase, "points": p.points,
                "functions": list(p.functions), "unlock": self.unlock, "suites": suites,
                **({"slips": found.slips} if found.slips else {}),
                **({"further": further_checks(self.variant, spec, self.key)} if further_in_checker(self.variant, spec)
                   else {"further_hidden": hidden_names(spec)})}


def bank_key(variant: Variant) -> str:
    """The per-kit key: derived from the variant, so builds are reproducible."""
    ident = "|".join([variant.name, str(variant.goal), *sorted(variant.rule_ids),
                      *(f"{k}={v}" for k, v in variant.points.items())])
    return hashlib.sha256(f"hogkit-bank-v1|{ident}".encode()).hexdigest()


def build_bank(variant: Variant, *, answers: dict[str, list[str]] | None = None) -> dict:
    """The whole bank of VARIANT, sealed. If ANSWERS is given, it is filled with each problem's
    unlock answers in the order they are asked (for tests and staff tools; never shipped)."""
    ref = reference_hog(variant)
    key = bank_key(variant)
    problems = []
    for spec in problem_specs(variant):
        builder = _Builder(variant, ref, key, spec.problem)
        for item in spec.unlock:
            _ask(builder, item)
        problems.append(builder.render(spec))
        if answers is not None:
            answers[spec.id] = [answer for _where, answer in builder.answers]
    bank = {"format": checker.FORMAT, "variant": variant.name, "title": f"Hog ({variant.title})",
            "phases": {str(k): v for k, v in variant.interface.phases}, "key": key, "problems": problems}
    bank["seal"] = checker.bank_seal(bank)
    return bank


def _ask(builder: _Builder, item: Unlock) -> None:
    if item.is_choice:
        builder.choice_case(item.prompt, item.answer, item.choices)
    else:
        builder.code_case(list(item.statements), loop_ok=item.loops)


def bank_json(variant: Variant) -> str:
    """The bank as the text written to the kit."""
    return json.dumps(build_bank(variant), indent=1, sort_keys=True) + "\n"
