"""Question banks: what each problem of a kit asks before (unlock) and after (tests) it is solved.

A bank is data, generated from the rule registry and checked against the reference ``hog.py``
of the variant, so it can never disagree with it: every expected output is *computed* by the
reference at generation time, then stored only as a keyed hash (see :mod:`hogkit.kit.ok`, the
checker that ships in the kit and reads the bank). Generation is deterministic: the key and
every random choice derive from the variant, so the same variant always gives the same bytes.

Per problem the bank holds

* ``unlock``: cases of "what would Python display?" (one lock per output line, with ``Error``
  and ``Infinite loop`` as answers where they apply) and multiple-choice concept questions;
* ``suites``: doctest-style test cases, some ``hidden`` (only pass/fail is shown), each with the
  keyed hash of its output and, for visible cases, the output sealed with a key that only the
  problem's unlock answers give; the last problem of each phase has a ``fuzz`` suite of random
  cases whose results were computed by the reference.
"""

from __future__ import annotations

import hashlib
import json
import random
import types
from dataclasses import dataclass, field

from hogkit.kit import ok as checker
from hogkit.problems import PHASE_TITLES, Problem
from hogkit.reference import reference_hog
from hogkit.variant import Variant

BANK_PATH = "ok_bank.json"

HINTS = {
    "01": "Roll every one of the NUM_ROLLS dice, even after a 1 shows up.",
    "02": "Take the digits of the score with // 10 % 10 and % 10.",
    "03": "Zero dice means the zero-dice rule; otherwise roll the dice.",
    "05a": "Alternate players with other(who) and stop as soon as a score reaches the goal.",
    "05b": "Keep track of what the rule needs (the previous rolls, the turn number) for each turn.",
    "06": "Call say after every turn and keep the function it returns for the next turn.",
    "07": "Return a new commentary function that remembers the latest score and the highest gain.",
    "08": "Return a function that takes *args and calls FN NUM_SAMPLES times with them.",
    "09": "Average roll_dice over each number of dice from 1 to 10; keep the first best.",
}


@dataclass
class _Builder:
    """Collects one problem's cases while evaluating them with the reference."""

    variant: Variant
    ref: types.ModuleType
    key: str
    problem: Problem
    unlock: list[dict] = field(default_factory=list)
    answers: list[tuple[str, str]] = field(default_factory=list)  # (where, answer) in order
    suites: list[tuple[str, list[tuple[str, bool]]]] = field(default_factory=list)

    def code_case(self, statements: list[str], *, loop_ok: bool = False) -> None:
        """An unlock case: run STATEMENTS with the reference; each output line becomes a lock."""
        cid = f"{self.problem.id}-u{len(self.unlock) + 1}"
        namespace = dict(vars(self.ref))
        steps, index = [], 0
        for statement in statements:
            result = checker.run_case_code(">>> " + statement, namespace, timeout=0.5 if loop_ok else None)
            lines = [line for line in result["output"].splitlines() if line.strip()]
            if checker.LOOP in lines and not loop_ok:
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

    def suite(self, name: str, calls: list[str], *, hidden: bool = False) -> None:
        """A suite of test cases, one call each (more lines allowed, joined by newlines)."""
        self.suites.append((name, [(call, hidden) for call in calls]))

    def render(self) -> dict:
        """The problem's bank entry, with sealed expected outputs."""
        proofs = [checker.answer_proof(self.key, where, answer) for where, answer in self.answers]
        secret = checker.reveal_key(self.key, self.problem.id, proofs)
        suites, number = [], 0
        for name, calls in self.suites:
            cases = []
            for call, hidden in calls:
                number += 1
                cid = f"{self.problem.id}-t{number}"
                code = "\n".join(">>> " + line for line in call.splitlines())
                result = checker.run_case_code(code, dict(vars(self.ref)))
                if result["error"]:
                    raise AssertionError(f"reference fails {call!r}: {result['error']}")
                expected = checker.normalize_output(result["output"])
                case = {"id": cid, "code": code, "hidden": hidden,
                        "lock": checker.output_lock(self.key, cid, expected),
                        "hint": HINTS.get(self.problem.id, "")}
                if not hidden:
                    case["sealed"] = checker.seal(secret, expected)
                cases.append(case)
            suites.append({"name": name, "cases": cases})
        p = self.problem
        return {"id": p.id, "label": p.label, "title": p.title, "phase": p.phase, "points": p.points,
                "functions": list(p.functions), "unlock": self.unlock, "suites": suites}


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
    taught: set[str] = set()
    problems = []
    last_of_phase = {p.phase: p.id for p in variant.problems if p.id != "12"}
    for problem in variant.problems:
        b = _Builder(variant, ref, key, problem)
        rng = random.Random(f"{variant.name}/{problem.id}")
        _fill(b, rng, taught)
        if last_of_phase.get(problem.phase) == problem.id:
            b.suite(f"Phase {problem.phase} fuzz", _fuzz(variant, problem.phase, rng), hidden=True)
        problems.append(b.render())
        if answers is not None:
            answers[problem.id] = [answer for _where, answer in b.answers]
    bank = {"format": checker.FORMAT, "variant": variant.name, "title": f"Hog ({variant.title})",
            "phases": {str(k): v for k, v in PHASE_TITLES.items()}, "key": key, "problems": problems}
    bank["seal"] = checker.bank_seal(bank)
    return bank


def bank_json(variant: Variant) -> str:
    """The bank as the text written to the kit."""
    return json.dumps(build_bank(variant), indent=1, sort_keys=True) + "\n"


# --------------------------------------------------------------------------- per-problem content


def _dice(rng: random.Random, sides: int = 6, low: int = 1) -> str:
    return ", ".join(str(rng.randint(low, sides)) for _ in range(rng.randint(2, 7)))


def _play_call(variant: Variant, rng: random.Random, *, later: bool, say: str = "") -> str:
    rolls = [r for r in variant.legal_rolls if r >= 0 or later]
    s0, s1 = rng.choice(rolls), rng.choice(rolls)
    args = [f"always_roll({s0})", f"always_roll({s1})", f"dice=make_test_dice({_dice(rng)})"]
    if rng.random() < 0.5:
        args += [f"score0={rng.randint(0, 60)}", f"score1={rng.randint(0, 60)}"]
    if "dice_select" in variant.rules:
        args.append(f"wild_dice=make_test_dice({_dice(rng, 4)})")
    if not later:
        args += [f"{flag}=False" for flag in variant.play_flags()]
    if say:
        args.append(f"say={say}")
    return f"play({', '.join(args)})"


def _fill(b: _Builder, rng: random.Random, taught: set[str]) -> None:
    """Add the unlock cases and test suites of one problem."""
    v, pid = b.variant, b.problem.id
    for rule in b.problem.rules:
        examples = [e for e in rule.examples if e.requires <= v.rule_ids]
        if rule.id not in taught:
            for example in examples[:4]:
                b.code_case([example.call])
            for concept in rule.concepts:
                b.choice_case(concept.prompt, concept.answer, concept.choices)
            taught.add(rule.id)
        if pid not in ("10", "11"):
            b.suite(f"{rule.title} examples", [e.call for e in examples])
            b.suite(f"{rule.title} more", _helper_calls(b, rule, rng), hidden=True)
    extra = _EXTRA.get(pid)
    if extra:
        extra(b, rng)


def _helper_calls(b: _Builder, rule, rng: random.Random) -> list[str]:
    """Random calls of a rule's functions, by parameter names; calls the reference rejects are skipped."""
    import inspect

    values = {"score": (0, 120), "opponent_score": (0, 120), "player_score": (0, 120), "n": (1, 120),
              "points": (0, 40), "num_rolls": (0, 10), "previous_rolls": (0, 10), "turn_number": (0, 30)}
    calls = []
    for name in rule.function_names:
        fn = getattr(b.ref, name)
        if "dice" in inspect.signature(fn).parameters:  # random dice: covered by the problem's own calls
            continue
        params = [p for p in inspect.signature(fn).parameters.values() if p.default is inspect.Parameter.empty]
        for _ in range(6):
            args = []
            for p in params:
                if p.name in ("after_extra", "chop_used"):
                    args.append(str(rng.random() < 0.5))
                elif p.name == "num_rolls" and "special_move" in b.variant.rules:
                    args.append(str(rng.randint(-1, 10)))
                else:
                    args.append(str(rng.randint(*values.get(p.name, (0, 99)))))
            call = f"{name}({', '.join(args)})"
            if not checker.run_case_code(">>> " + call, dict(vars(b.ref)))["error"] and call not in calls:
                calls.append(call)
    return calls


def _p00(b: _Builder, rng: random.Random) -> None:
    b.code_case(["dice = make_test_dice(4, 1, 2)", "dice()", "dice()", "dice()", "dice()"])
    b.code_case(["make_test_dice()"])
    b.code_case(["dice = make_test_dice(2)", "while dice() != 1: pass"], loop_ok=True)
    b.choice_case("Why is a die like six_sided not a pure function?",
                  "Each call may return a different value",
                  tuple(sorted(("Each call may return a different value", "It prints its outcome",
                                "It takes arguments", "It changes the scores"))))


def _p01(b: _Builder, rng: random.Random) -> None:
    b.code_case(["roll_dice(2, make_test_dice(3, 5))"])
    b.code_case(["roll_dice(0, make_test_dice(3))"])
    b.code_case(["dice = make_test_dice(4, 6, 2)", "roll_dice(2, dice)", "dice()"])
    calls = [f"roll_dice({rng.randint(1, 10)}, make_test_dice({_dice(rng)}))" for _ in range(8)]
    b.suite("roll_dice", calls[:4])
    b.suite("roll_dice more", calls[4:], hidden=True)


def _p03(b: _Builder, rng: random.Random) -> None:
    b.code_case([f"take_turn(2, 0, make_test_dice({_dice(rng, 6, 2)}))"])
    b.code_case([f"take_turn(0, {rng.randint(10, 99)})"])
    b.code_case(["take_turn(11, 0)"])
    calls = [f"take_turn({rng.randint(0, 10)}, {rng.randint(0, 99)}, make_test_dice({_dice(rng)}))"
             for _ in range(10)]
    b.suite("take_turn", calls[:4])
    b.suite("take_turn more", calls[4:], hidden=True)


def _p05a(b: _Builder, rng: random.Random) -> None:
    b.code_case([_play_call(b.variant, rng, later=False)])
    calls = [_play_call(b.variant, rng, later=False) for _ in range(8)]
    b.suite("play", calls[:3])
    b.suite("play more", calls[3:], hidden=True)


def _p05b(b: _Builder, rng: random.Random) -> None:
    b.code_case([_play_call(b.variant, rng, later=True)])
    calls = [_play_call(b.variant, rng, later=True) for _ in range(8)]
    b.suite("play with every rule", calls[:3])
    b.suite("play with every rule, more", calls[3:], hidden=True)


def _p06(b: _Builder, rng: random.Random) -> None:
    goal = rng.randint(15, 30)
    b.code_case([f"{_play_call(b.variant, rng, later=True)[:-1]}, goal={goal}, say=say_scores)"])
    calls = [f"{_play_call(b.variant, rng, later=True)[:-1]}, goal={rng.randint(10, 60)}, "
             "say=both(say_scores, announce_lead_changes()))" for _ in range(4)]
    b.suite("commentary", calls[:2])
    b.suite("commentary more", calls[2:], hidden=True)


def _scores_walk(rng: random.Random, who: int) -> str:
    s0 = s1 = 0
    lines = [f"f = announce_highest({who})"]
    for _ in range(rng.randint(4, 8)):
        if rng.random() < 0.5:
            s0 += rng.randint(0, 15)
        else:
            s1 += rng.randint(0, 15)
        lines.append(f"f = f({s0}, {s1})")
    return "\n".join(lines)


def _p07(b: _Builder, rng: random.Random) -> None:
    b.code_case(["f = announce_highest(0)", "f = f(10, 0)", "f = f(14, 3)", "f = f(30, 3)"])
    b.choice_case("What does a commentary function return?", "A commentary function for the next turn",
                  tuple(sorted(("A commentary function for the next turn", "The highest gain so far",
                                "None", "The printed message"))))
    calls = [_scores_walk(rng, rng.randint(0, 1)) for _ in range(6)]
    b.suite("announce_highest", calls[:2])
    b.suite("announce_highest more", calls[2:], hidden=True)


def _p08(b: _Builder, rng: random.Random) -> None:
    b.code_case(["make_averaged(make_test_dice(1, 3), 4)()"])
    b.code_case(["averaged = make_averaged(roll_dice, 2)", "averaged(1, make_test_dice(2, 4))"])
    calls = [f"make_averaged(make_test_dice({_dice(rng)}), {rng.randint(1, 12)})()" for _ in range(4)]
    calls += [f"make_averaged(roll_dice, {rng.randint(1, 6)})({rng.randint(1, 4)}, make_test_dice({_dice(rng)}))"
              for _ in range(3)]
    b.suite("make_averaged", calls[:3])
    b.suite("make_averaged more", calls[3:], hidden=True)


def _p09(b: _Builder, rng: random.Random) -> None:
    b.code_case(["max_scoring_num_rolls(make_test_dice(3), 10)"])
    b.code_case(["max_scoring_num_rolls(make_test_dice(1, 6), 10)"])
    calls = [f"max_scoring_num_rolls(make_test_dice({_dice(rng)}), {rng.randint(1, 5)})" for _ in range(5)]
    b.suite("max_scoring_num_rolls", calls[:2])
    b.suite("max_scoring_num_rolls more", calls[2:], hidden=True)


def _strategy(b: _Builder, rng: random.Random) -> None:
    name = b.problem.functions[0]
    pairs = [(rng.randint(0, 99), rng.randint(0, 99)) for _ in range(12)]
    b.code_case([f"{name}({s}, {o})" for s, o in pairs[:2]])
    b.suite(name, [f"{name}({s}, {o})" for s, o in pairs[2:6]])
    b.suite(f"{name} more", [f"{name}({s}, {o})" for s, o in pairs[6:]], hidden=True)


def _p12(b: _Builder, rng: random.Random) -> None:
    b.choice_case("Which values may final_strategy return?", "Only legal numbers of dice",
                  tuple(sorted(("Only legal numbers of dice", "Any integer", "A probability",
                                "A list of rolls"))))
    legal = list(b.variant.legal_rolls)
    b.suite("final_strategy", [
        f"all(final_strategy(s, o) in {legal} for s in range(0, {b.variant.goal}, 7) "
        f"for o in range(0, {b.variant.goal}, 5))"])


_EXTRA = {"00": _p00, "01": _p01, "03": _p03, "05a": _p05a, "05b": _p05b, "06": _p06, "07": _p07,
          "08": _p08, "09": _p09, "10": _strategy, "11": _strategy, "12": _p12}


def _fuzz(variant: Variant, phase: int, rng: random.Random) -> list[str]:
    """Random cases over the whole phase, results computed by the reference."""
    if phase == 1:
        return [_play_call(variant, rng, later=True) for _ in range(12)]
    if phase == 2:
        return [_scores_walk(rng, rng.randint(0, 1)) for _ in range(6)]
    pairs = [(rng.randint(0, variant.goal - 1), rng.randint(0, variant.goal - 1)) for _ in range(40)]
    calls = [f"max_scoring_num_rolls(make_test_dice({_dice(rng)}), 3)" for _ in range(3)]
    for name in ("10", "11"):
        fn = next(p.functions[0] for p in variant.problems if p.id == name)
        calls.append(f"[{fn}(s, o) for s, o in {pairs}]")
    return calls
