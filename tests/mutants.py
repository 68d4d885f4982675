"""Which one-bug copies of a kit's reference each suite catches (:mod:`hogkit.generate.mutation`
makes the copies: every small slip a student could make, one at a time).

Run as a script, it measures which of them each suite catches (the course's own suite, its cases
judged as okpy judges them, and the kit's checker) and records the verdicts in
``tests/data/mutants/<variant>.json``, which ``tests/build/test_mutants.py`` holds the kit to:

    HOGKIT_COURSES=/path/to/courses python -m tests.mutants fa22 sp24 ... [--limit N]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path

from graders.runner import grade_source
from hogkit.generate.mutation import mutants
from hogkit.generate.pipeline import build_kit
from hogkit.problem_layout import first_problems
from hogkit.shipped import SHIPPED_DIR
from hogkit.variant import load_variant

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "data" / "mutants"
COURSE_SECONDS = 240  # a course's whole suite on one copy; a copy that takes longer loops somewhere
STUCK = "(its games never end)"


# --------------------------------------------------------------------------- measuring


def course_failures(course: Path, hog_source: str) -> dict[str, int]:
    """How many cases of each question of the course's suite fail on HOG_SOURCE (locked cases by
    their locks), run by the kit's checker in okpy's mode (``ok --okpy``: the course's own cases,
    judged as okpy judges them; tests/build/test_okpy_format.py holds it to the okpy client)."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "course"
        shutil.copytree(course, copy, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        (copy / "hog.py").write_text(hog_source)
        for name in ("ok.py", "hog_checks.py"):
            shutil.copyfile(SHIPPED_DIR / name, copy / ("hogkit_ok.py" if name == "ok.py" else name))
        try:
            done = subprocess.run([sys.executable, "hogkit_ok.py", "--okpy", "--all", "--json"], cwd=copy,
                                  capture_output=True, text=True, timeout=COURSE_SECONDS, check=False)
            verdicts = json.loads(done.stdout)["problems"]
        except subprocess.TimeoutExpired:  # the copy makes the course's games run on: caught, somewhere
            return {STUCK: 1}
        except (ValueError, KeyError):
            return {f"(the checker failed: {done.stderr.strip()[-200:]})": 1}
    return {question["id"]: question["failed"] for question in verdicts}


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


def measure(variant_name: str, *, courses: Path, limit: int | None) -> dict:
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
        baseline = course_failures(course, reference)
        found = mutants(reference, owner=owner)
        if limit is not None and len(found) > limit:
            step = len(found) / limit
            found = [found[int(i * step)] for i in range(limit)]
        records = []
        for number, (mutant, start, end) in enumerate(found, 1):
            changed = mutant.apply(reference, start, end)
            course_now = course_failures(course, changed)
            caught_by_course = sorted(q for q, n in course_now.items() if n > baseline.get(q, 0))
            later = [p for p in order if order.index(p) >= order.index(mutant.problem) and p != "00"]
            kit_now = kit_failures(kit, changed, [mutant.problem])
            if not any(kit_now.values()):
                kit_now.update(kit_failures(kit, changed, [p for p in later if p != mutant.problem]))
            caught_by_kit = sorted(p for p, failed in kit_now.items() if failed)
            # a copy the kit's checker passes must keep every point in the grader: no silent loss
            lost = [] if caught_by_kit else sorted(p.id for p in grade_source(changed.encode(), variant).problems
                                                   if p.earned < p.points)
            records.append({**asdict(mutant), "course": caught_by_course, "kit": caught_by_kit, "grader_lost": lost})
            mark = "GAP" if caught_by_course and not caught_by_kit else "SILENT LOSS" if lost else ""
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
    if not courses.is_dir():
        print("error: set HOGKIT_COURSES to the folder of the courses' suites — see docs/course_suites.md",
              file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.variants:
        record = measure(name, courses=courses, limit=args.limit)
        target = args.out / f"{name}.json"
        target.write_text(json.dumps(record, indent=1) + "\n")
        gaps = [m["function"] + " " + m["operator"] for m in record["mutants"] if m["course"] and not m["kit"]]
        silent = [m["function"] + " " + m["operator"] for m in record["mutants"] if m["grader_lost"]]
        print(f"{name}: {len(record['mutants'])} mutants, the course catches "
              f"{sum(bool(m['course']) for m in record['mutants'])}, the kit "
              f"{sum(bool(m['kit']) for m in record['mutants'])}; gaps: {gaps or 'none'}; silent losses: "
              f"{silent or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
