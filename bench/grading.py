"""Time one grade of a copy beside the course's own suite on the same copy (not run by tests).

Usage: HOGKIT_COURSES=DIR python bench/grading.py [--variant fa19] [--repeats 3] [--batch 40]

For the variant's reference and its course-style copies (``tests/data/course_copies/<variant>_*.py``,
written against the course's own skeleton), each round runs, one after the other and in a rotating
order: ``hogkit grade`` in a fresh process (sandboxed, every problem: visible tests, hidden sweeps,
fuzzing, composition), the course's own okpy suite run by the okpy client the course shipped
(``tests/okpy_course.py``), and the same suite run by the kit's checker (``ok --okpy``). It prints
each one's median wall time and the grade's ratio to the course suite's, then grades ``--batch``
copies (the copies over and over) with ``grade-batch --jobs 2`` and prints copies a second per
core. The courses' suites are not part of HogKit: set HOGKIT_COURSES (docs/course_suites.md).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hogkit.generate.solution import solution_hog_source
from hogkit.shipped import SHIPPED_DIR
from hogkit.variant import load_variant
from hogkit_cli.main import Parser

ROOT = Path(__file__).resolve().parent.parent
OKPY = Path(os.environ.get("OKPY_PYTHON", ROOT / ".venv-okpy" / "bin" / "python"))


def timed(argv: list[str], *, cwd: Path, env: dict | None = None) -> float:
    """Wall seconds ARGV takes (it must succeed or fail as a checker does: exit 0 or 1)."""
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"error: {' '.join(argv[:4])} failed ({done.stderr.strip()[-300:]}) — see its output")
    return seconds


def copies(variant_name: str) -> dict[str, str]:
    """The reference and the course-style copies of VARIANT_NAME, by name."""
    found = {"reference": solution_hog_source(load_variant(variant_name))}
    for path in sorted((ROOT / "tests" / "data" / "course_copies").glob(f"{variant_name}_*.py")):
        found[path.stem] = path.read_text()
    return found


def course_folder(course: Path, hog: str, into: Path) -> Path:
    """INTO: a copy of the course's folder with HOG as hog.py and the kit's checker beside it."""
    shutil.copytree(course, into, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (into / "hog.py").write_text(hog)
    shutil.copyfile(SHIPPED_DIR / "ok.py", into / "hogkit_ok.py")
    shutil.copyfile(SHIPPED_DIR / "hog_checks.py", into / "hog_checks.py")
    return into


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="bench/grading.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="fa19")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--batch", type=int, default=40, help="copies graded by grade-batch (0: none)")
    args = parser.parse_args(argv)
    courses = Path(os.environ.get("HOGKIT_COURSES", ""))
    variant = load_variant(args.variant)
    course = courses / variant.course / "course"
    if not course.is_dir():
        parser.error(f"no course suite at {course} — set HOGKIT_COURSES to the courses' folder (docs/course_suites.md)")
    print(f"load average at the start: {os.getloadavg()[0]:.2f}; {os.cpu_count()} cores; {args.repeats} rounds",
          flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        hogkit = [sys.executable, "-m", "hogkit_cli", "grade"]
        subprocess.run([*hogkit, str(ROOT / "solutions"), "--variant", args.variant], capture_output=True, check=False)
        print(f"{'copy':<20} {'grade':>8} {'course (okpy)':>14} {'course (ok)':>12} {'grade/okpy':>11}", flush=True)
        for name, hog in copies(args.variant).items():
            folder = base / name / "copy"
            folder.mkdir(parents=True)
            (folder / "hog.py").write_text(hog)
            suite = course_folder(course, hog, base / name / "course")
            runs = {
                "grade": ([*hogkit, str(folder), "--variant", args.variant], ROOT, None),
                "okpy": ([str(OKPY), str(ROOT / "tests" / "okpy_course.py"), str(suite)], suite,
                         {**os.environ, "PYTHONPATH": str(suite / "ok")}),
                "ok": ([sys.executable, "hogkit_ok.py", "--okpy", "--all"], suite, None),
            }
            times: dict[str, list[float]] = {key: [] for key in runs}
            for round_number in range(args.repeats):
                order = list(runs)[round_number % 3:] + list(runs)[:round_number % 3]
                for key in order:
                    argv, cwd, env = runs[key]
                    times[key].append(timed(argv, cwd=cwd, env=env))
            median = {key: statistics.median(values) for key, values in times.items()}
            print(f"{name:<20} {median['grade']:>7.2f}s {median['okpy']:>13.2f}s {median['ok']:>11.2f}s "
                  f"{median['grade'] / median['okpy']:>10.2f}x", flush=True)
        if args.batch:
            names = list(copies(args.variant).items())
            for number in range(args.batch):
                name, hog = names[number % len(names)]
                (base / "class" / f"{name}-{number}").mkdir(parents=True)
                (base / "class" / f"{name}-{number}" / "hog.py").write_text(f"{hog}\n# copy {number}\n")
            start = time.perf_counter()
            subprocess.run([*hogkit[:-1], "grade-batch", str(base / "class"), "--variant", args.variant,
                            "--out", str(base / "out"), "--jobs", "2"], capture_output=True, check=True)
            seconds = time.perf_counter() - start
            print(f"grade-batch --jobs 2: {args.batch} copies in {seconds:.1f} s: {args.batch / seconds / 2:.2f} "
                  f"copies a second per core ({2 * seconds / args.batch:.2f} s of a core a copy)", flush=True)
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
