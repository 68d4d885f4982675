"""One-bug copies of a kit's reference: every small change a student could make, one at a time.

A mutation operator changes one node of an answer region of the reference ``hog.py`` the way a
student's slip would: ``return`` written as ``print``, a ``% 10`` dropped, a comparison flipped,
a constant one off, two arguments swapped, ``and`` for ``or``, ``+`` for ``-``, ``//`` for ``/``.
:func:`mutants` lists every such copy of a variant's reference (the change and its place, named
stably so a recorded verdict finds its copy again).

Run as a script, it measures which of them each suite catches (the course's own suite, run by
the okpy client the course shipped, and the kit's checker) and records the verdicts in
``tests/data/mutants/<variant>.json``, which ``tests/build/test_mutants.py`` holds the kit to:

    HOGKIT_COURSES=/path/to/courses python -m tests.mutants fa22 sp24 ... [--limit N]
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

from hogkit.generate.pipeline import build_kit
from hogkit.problem_layout import first_problems
from hogkit.variant import load_variant

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "data" / "mutants"
REGION = re.compile(r"^[ \t]*# BEGIN PROBLEM (?P<label>[^\n]*)\n(?P<body>.*?)^[ \t]*# END PROBLEM", re.M | re.S)
COMPARE_FLIPS = {ast.Lt: "<=", ast.LtE: "<", ast.Gt: ">=", ast.GtE: ">", ast.Eq: "!=", ast.NotEq: "=="}
COURSE_SECONDS = 240  # a course's whole suite on one copy; a copy that takes longer loops somewhere
STUCK = "(its games never end)"
ARITH_FLIPS = {ast.Add: "-", ast.Sub: "+", ast.FloorDiv: "/", ast.Mult: "+"}


@dataclass(frozen=True)
class Mutant:
    """One change to the reference: OPERATOR at the NTH place it applies in FUNCTION (a problem
    PROBLEM asks for), turning the text BEFORE into AFTER."""

    function: str
    problem: str
    operator: str
    nth: int
    before: str
    after: str

    @property
    def id(self) -> str:
        """A stable name: function, operator and place."""
        return f"{self.function}:{self.operator}:{self.nth}"

    def apply(self, source: str, start: int, end: int) -> str:
        """SOURCE with the text from START to END replaced by AFTER."""
        return source[:start] + self.after + source[end:]


def _offsets(source: str) -> list[int]:
    """The offset in SOURCE at which each line starts (line 1 first)."""
    starts, total = [0], 0
    for line in source.splitlines(keepends=True):
        total += len(line)
        starts.append(total)
    return starts


def _span(node: ast.AST, starts: list[int]) -> tuple[int, int]:
    return starts[node.lineno - 1] + node.col_offset, starts[node.end_lineno - 1] + node.end_col_offset


def _regions(source: str) -> list[tuple[int, int, str]]:
    """The answer regions of SOURCE: (start offset, end offset, id of the first problem of the label:
    ``5a`` is ``05a``)."""
    found = []
    for match in REGION.finditer(source):
        number = match["label"].split(",")[0].strip()
        digits = number.rstrip("abcdefgh")
        found.append((match.start("body"), match.end("body"), f"{int(digits):02d}{number[len(digits):]}"))
    return found


def _changes(node: ast.AST, text: str, source: str, starts: list[int]) -> Iterator[tuple[str, str]]:
    """(operator, new text) for each slip a student could make at NODE, whose text is TEXT."""
    if isinstance(node, ast.Return) and node.value is not None:
        yield "return->print", "print(" + ast.get_source_segment(source, node.value) + ")"
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        yield "drop-mod", ast.get_source_segment(source, node.left)
    elif isinstance(node, ast.BinOp) and type(node.op) in ARITH_FLIPS:
        left, right = ast.get_source_segment(source, node.left), ast.get_source_segment(source, node.right)
        if left is not None and right is not None:
            yield f"{type(node.op).__name__.lower()}-flip", f"{left} {ARITH_FLIPS[type(node.op)]} {right}"
    elif isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in COMPARE_FLIPS:
        left, right = ast.get_source_segment(source, node.left), ast.get_source_segment(source, node.comparators[0])
        if left is not None and right is not None:
            yield "compare-flip", f"{left} {COMPARE_FLIPS[type(node.ops[0])]} {right}"
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        yield "constant+1", repr(node.value + 1)
        if node.value > 0:
            yield "constant-1", repr(node.value - 1)
    elif isinstance(node, ast.Call) and len(node.args) >= 2 and not any(isinstance(a, ast.Starred) for a in node.args):
        first, second = (ast.get_source_segment(source, a) for a in node.args[:2])
        if first != second and first is not None and second is not None:
            start, _ = _span(node.args[0], starts)
            _, end = _span(node.args[1], starts)
            head = text[: start - _span(node, starts)[0]]
            tail = text[end - _span(node, starts)[0]:]
            yield "swap-args", f"{head}{second}, {first}{tail}"
    elif isinstance(node, ast.BoolOp) and len(node.values) == 2:
        parts = [ast.get_source_segment(source, v) for v in node.values]
        if None not in parts:
            word = "or" if isinstance(node.op, ast.And) else "and"
            yield "and-or", f"{parts[0]} {word} {parts[1]}"


def mutants(source: str, *, owner: dict[str, str] | None = None) -> list[tuple[Mutant, int, int]]:
    """Every one-change copy of SOURCE's answer regions that still compiles: (mutant, start, end),
    the text from START to END being what the mutant changes. OWNER maps a function to the
    problem that asks for it (by default, the problem of the region it is in)."""
    tree = ast.parse(source)
    starts = _offsets(source)
    regions = _regions(source)
    found: list[tuple[Mutant, int, int]] = []
    counts: dict[tuple[str, str], int] = {}
    for function in (n for n in tree.body if isinstance(n, ast.FunctionDef)):
        for node in ast.walk(function):
            if node is function or not hasattr(node, "lineno"):
                continue
            start, end = _span(node, starts)
            region = next((r for r in regions if r[0] <= start and end <= r[1]), None)
            if region is None:
                continue
            text = source[start:end]
            for operator, after in _changes(node, text, source, starts):
                if after == text:
                    continue
                key = (function.name, operator)
                nth = counts.get(key, 0)
                counts[key] = nth + 1
                mutant = Mutant(function.name, (owner or {}).get(function.name, region[2]), operator, nth, text, after)
                changed = mutant.apply(source, start, end)
                try:
                    compile(changed, "hog.py", "exec")
                except SyntaxError:
                    continue
                found.append((mutant, start, end))
    return found


def mutant_source(source: str, wanted: Mutant) -> str | None:
    """SOURCE with the change WANTED names (None when SOURCE no longer has it as recorded)."""
    for mutant, start, end in mutants(source):
        if mutant.id == wanted.id and mutant.before == wanted.before and mutant.after == wanted.after:
            return mutant.apply(source, start, end)
    return None


# --------------------------------------------------------------------------- measuring


def course_failures(course: Path, hog_source: str, okpy_python: Path) -> dict[str, int]:
    """How many cases of each question of the course's suite fail on HOG_SOURCE (locked cases by their
    locks), run by the okpy client the course shipped."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "course"
        shutil.copytree(course, copy, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        (copy / "hog.py").write_text(hog_source)
        env = {**os.environ, "PYTHONPATH": str(copy / "ok")}
        try:
            done = subprocess.run([str(okpy_python), str(ROOT / "tests" / "okpy_course.py"), str(copy)],
                                  capture_output=True, text=True, timeout=COURSE_SECONDS, check=False, env=env)
        except subprocess.TimeoutExpired:  # the copy makes the course's games run on: caught, somewhere
            return {STUCK: 1}
        verdicts = json.loads(done.stderr.strip().splitlines()[-1])
    return {question: v["failed"] for question, v in verdicts.items()}


def kit_failures(kit: Path, hog_source: str, problems: list[str]) -> dict[str, bool]:
    """Whether the kit's checker fails each of PROBLEMS on HOG_SOURCE (``python3 ok -q NN --force``)."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "kit"
        shutil.copytree(kit / "student_skeleton", copy)
        (copy / "hog.py").write_text(hog_source)
        found = {}
        for problem in problems:
            done = subprocess.run([sys.executable, "ok", "-q", problem, "--force"], cwd=copy, capture_output=True,
                                  text=True, timeout=600, check=False)
            found[problem] = done.returncode != 0
    return found


def measure(variant_name: str, *, courses: Path, okpy_python: Path, limit: int | None) -> dict:
    """Run every mutant of VARIANT_NAME's reference (at most LIMIT, spread over the functions)
    through the course's suite and the kit's checker; the record tests/data/mutants keeps."""
    variant = load_variant(variant_name)
    course = courses / variant.course / "course"
    with tempfile.TemporaryDirectory() as tmp:
        kit = Path(tmp) / "kit"
        build_kit(variant, out=kit)
        reference = (kit / "solutions" / "hog.py").read_text()
        owner = first_problems(variant.problems)
        order = [p.id for p in variant.problems]
        baseline = course_failures(course, reference, okpy_python)
        found = mutants(reference, owner=owner)
        if limit is not None and len(found) > limit:
            step = len(found) / limit
            found = [found[int(i * step)] for i in range(limit)]
        records = []
        for number, (mutant, start, end) in enumerate(found, 1):
            changed = mutant.apply(reference, start, end)
            course_now = course_failures(course, changed, okpy_python)
            caught_by_course = sorted(q for q, n in course_now.items() if n > baseline.get(q, 0))
            later = [p for p in order if order.index(p) >= order.index(mutant.problem) and p != "00"]
            kit_now = kit_failures(kit, changed, [mutant.problem])
            if not any(kit_now.values()):
                kit_now.update(kit_failures(kit, changed, [p for p in later if p != mutant.problem]))
            caught_by_kit = sorted(p for p, failed in kit_now.items() if failed)
            records.append({**asdict(mutant), "course": caught_by_course, "kit": caught_by_kit})
            mark = "GAP" if caught_by_course and not caught_by_kit else ""
            print(f"[{number}/{len(found)}] {variant_name} {mutant.id}: course {caught_by_course or '-'}, "
                  f"kit {caught_by_kit or '-'} {mark}", flush=True)
    return {"variant": variant_name, "course": variant.course, "mutants": records}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variants", nargs="+")
    parser.add_argument("--limit", type=int, default=None, help="at most this many mutants a variant")
    parser.add_argument("--out", type=Path, default=RECORDS)
    args = parser.parse_args(argv)
    courses = Path(os.environ.get("HOGKIT_COURSES", ""))
    okpy_python = Path(os.environ.get("OKPY_PYTHON", ROOT / ".venv-okpy" / "bin" / "python"))
    if not courses.is_dir():
        print("error: set HOGKIT_COURSES to the folder of the courses' suites — see docs/course_suites.md",
              file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.variants:
        record = measure(name, courses=courses, okpy_python=okpy_python, limit=args.limit)
        target = args.out / f"{name}.json"
        target.write_text(json.dumps(record, indent=1) + "\n")
        gaps = [m["function"] + " " + m["operator"] for m in record["mutants"] if m["course"] and not m["kit"]]
        print(f"{name}: {len(record['mutants'])} mutants, the course catches "
              f"{sum(bool(m['course']) for m in record['mutants'])}, the kit "
              f"{sum(bool(m['kit']) for m in record['mutants'])}; gaps: {gaps or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
