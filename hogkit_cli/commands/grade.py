"""``hogkit grade``, ``grade-batch``, ``gradescope-zip`` and ``doctor``: judge student copies, and
say which isolation this machine gives them.

The grading itself (:mod:`graders.runner` and what uses it) needs the ``grader`` extra's fuzzing
library, so it is imported when a copy is graded: ``hogkit build`` works without that library.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

from graders.compare import comparison_data, comparison_text, disagreements
from graders.deadlines import awards, read_metadata
from graders.doctor import report
from graders.files import check_file_target, write_json
from graders.gradescope import graded_max, write_autograder_zip
from graders.intake import Refused, read_source
from graders.isolation import Isolation, detect
from graders.okpy_grading import calibrated_suite, grade_with_course_tests, load_course_tests
from graders.reach import require_out_of_reach
from graders.report import refused_gradescope, to_gradescope, to_json, to_text
from graders.scoring import require_checkpoint_points
from graders.untrusted import clean, clean_data
from hogkit.errors import HogkitError
from hogkit.variant import Variant, load_variant
from hogkit_cli.commands.options import add_isolation_options, add_variant_option


def add_course_options(parser: argparse.ArgumentParser) -> None:
    """The options of ``grade`` and ``grade-batch`` that follow the course: its okpy tests, and a
    checkpoint grade."""
    suites = parser.add_mutually_exclusive_group()
    suites.add_argument("--ok-tests", type=Path, metavar="DIR",
                        help="grade with a course's okpy tests (the folder of its .ok file and tests/); the "
                             "cases the variant's reference fails are reported and left out of every score")
    suites.add_argument("--compare-ok-tests", type=Path, metavar="DIR",
                        help="grade with HogKit's tests and run a course's okpy tests too: report each problem "
                             "on which the two disagree, with the words of the case that decides it")
    parser.add_argument("--keep-failing-cases", action="store_true",
                        help="with a course's okpy tests: score (or compare) the cases the reference fails too")
    parser.add_argument("--checkpoint", action="store_true",
                        help="checkpoint grades: Phase 1 only, for the spec's [scoring] checkpoint points")
    parser.add_argument("--published", action="store_true",
                        help="show the inputs of failing hidden tests (once grades are published)")


def register(sub: argparse._SubParsersAction) -> None:
    """Add the grading commands to the ``hogkit`` parser."""
    grade = sub.add_parser("grade", help="grade one student copy (a folder or a hog.py)")
    grade.add_argument("path", type=Path, help="the student's folder or hog.py")
    add_variant_option(grade)
    form = grade.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print the grade as JSON")
    form.add_argument("--gradescope", type=Path, metavar="FILE", help="write Gradescope's results.json to FILE")
    grade.add_argument("--submission-metadata", type=Path, metavar="FILE",
                       help="with --gradescope: Gradescope's submission_metadata.json, for the points the spec "
                            "gives by the submission's time ([scoring] checkpoint_days, early_bonus)")
    add_course_options(grade)
    add_isolation_options(grade)
    grade.set_defaults(func=run_grade)

    batch = sub.add_parser("grade-batch", help="grade every submission in a folder, in parallel")
    batch.add_argument("dir", type=Path, help="a folder with one sub-folder or .py file per student")
    batch.add_argument("--out", required=True, type=Path, help="folder for the results")
    add_variant_option(batch)
    batch.add_argument("--jobs", type=int, default=2, help="submissions graded at once (default: %(default)s)")
    batch.add_argument("--resume", action="store_true", help="keep finished results and grade only the rest")
    add_course_options(batch)
    batch.add_argument("--composition", type=Path, metavar="CSV",
                       help="add composition scores (a CSV with student and composition columns) and the course total")
    batch.add_argument("--checkpoint-grades", type=Path, metavar="CSV",
                       help="add the checkpoint points of an earlier --checkpoint batch (its grades.csv)")
    add_isolation_options(batch)
    batch.set_defaults(func=run_batch)

    zipper = sub.add_parser("gradescope-zip", help="write a Gradescope autograder.zip for a variant")
    add_variant_option(zipper)
    zipper.add_argument("--out", required=True, type=Path, help="the .zip file to write")
    zipper.add_argument("--checkpoint", action="store_true",
                        help="for the checkpoint's assignment: Phase 1 only, for the checkpoint points")
    zipper.add_argument("--wheels", type=Path, metavar="DIR",
                        help="pack the grader's packages from the wheels in DIR instead of downloading them")
    zipper.set_defaults(func=run_zip)

    doctor = sub.add_parser("doctor", help="say which isolation this machine gives student code, and why")
    add_isolation_options(doctor)
    doctor.set_defaults(func=run_doctor)


def isolation_of(args: argparse.Namespace) -> Isolation:
    """The Isolation the options ask for (a one-line error if this machine cannot give it)."""
    return detect(args.isolation, unsafe=args.unsafe_no_isolation)


def with_course_tests(variant: Variant, folder: Path | None) -> Variant:
    """VARIANT graded with the okpy tests in FOLDER, when given (checked now, with one line)."""
    if folder is None:
        return variant
    return replace(variant, ok_tests=course_folder(folder))


def course_folder(folder: Path) -> Path:
    """The folder of the okpy assignment FOLDER names (checked now, with one line)."""
    return load_course_tests(folder)["folder"].resolve()


def compared_suite(args: argparse.Namespace, variant: Variant) -> Path | None:
    """The course's okpy folder whose verdicts ``--compare-ok-tests`` compares with HogKit's tests."""
    if args.compare_ok_tests is None:
        return None
    if variant.ok_tests is not None:
        raise HogkitError(f"variant {variant.name} grades with a course's okpy tests (its spec's ok_tests), and "
                          "--compare-ok-tests compares a course's suite with HogKit's own tests",
                          "give a spec without ok_tests")
    return course_folder(args.compare_ok_tests)


def run_grade(args: argparse.Namespace) -> int:
    """Grade one copy and print or write the report (with the contest leaderboard for Gradescope)."""
    from graders.runner import grade_source

    variant = with_course_tests(load_variant(args.variant), args.ok_tests)
    if args.submission_metadata and not args.gradescope:
        raise HogkitError("--submission-metadata is for a Gradescope grade", "add --gradescope results.json")
    compare = compared_suite(args, variant)
    if compare is not None and args.gradescope:
        raise HogkitError("--compare-ok-tests reports to staff, not in a student's results.json",
                          "run it without --gradescope")
    submission = read_metadata(args.submission_metadata) if args.submission_metadata else None
    if args.gradescope:
        check_file_target(args.gradescope)
    if args.checkpoint:
        require_checkpoint_points(variant)
    try:
        source = read_source(args.path)  # fail early, with one line, on a bad path
    except Refused as exc:
        if not args.gradescope:
            raise
        timed = [] if args.checkpoint else awards(variant, submission, phase1=False, complete=False)
        most = graded_max(variant, checkpoint=args.checkpoint)
        write_json(args.gradescope, refused_gradescope(exc.student, most=most, awards=timed), private=True)
        print(clean(f"wrote {args.gradescope}: nothing graded ({exc.what})", newlines=False))
        return 0
    isolation = isolation_of(args)
    course = replace(variant, ok_tests=compare) if compare is not None else variant
    require_out_of_reach(isolation, ([args.gradescope.absolute().parent] if args.gradescope else [])
                         + ([course.ok_tests] if course.ok_tests else []), variant=course)
    leave_out: frozenset[str] = frozenset()
    if course.ok_tests is not None:
        suite = calibrated_suite(course, isolation=isolation, checkpoint=args.checkpoint,
                                 keep_failing_cases=args.keep_failing_cases)
        print("\n".join(clean(line, newlines=False) for line in suite.notes), file=sys.stderr)
        leave_out = frozenset(suite.left_out)
    result = grade_source(source, variant, label=str(args.path), isolation=isolation, checkpoint=args.checkpoint,
                          leave_out=frozenset() if compare else leave_out)
    comparison = None
    if compare is not None:
        theirs = grade_with_course_tests(source, variant, compare, label=str(args.path), isolation=isolation,
                                         checkpoint=args.checkpoint, leave_out=leave_out)
        found = disagreements(result, theirs, variant, published=args.published)
        comparison = clean_data(comparison_data(found, course_tests=str(compare)))
    if args.gradescope:
        from graders.leaderboard import contest_leaderboard

        board = contest_leaderboard(result, variant)
        complete = bool(result.problems) and all(p.passed for p in result.problems)
        timed = [] if args.checkpoint else awards(variant, submission, phase1=result.checkpoint, complete=complete)
        data = to_gradescope(result, leaderboard=board.entries, leaderboard_note=board.note, awards=timed)
        write_json(args.gradescope, data, private=True)
        print(clean(f"wrote {args.gradescope}: {data['score']}/{data['max_score']}"
                    + (f"; {board.note}" if board.note else ""), newlines=False))
    elif args.json:
        data = to_json(result, published=args.published)
        print(json.dumps(data | ({"comparison": comparison} if comparison is not None else {}), indent=2))
    else:
        print(to_text(result, published=args.published))
        if comparison is not None:
            print("\n".join(clean(line, limit=1000, newlines=False) for line in comparison_text(comparison)))
    return 0


def run_batch(args: argparse.Namespace) -> int:
    """Grade a whole folder of submissions."""
    from graders.batch import grade_batch

    variant = with_course_tests(load_variant(args.variant), args.ok_tests)
    summary = grade_batch(args.dir, out=args.out, variant=variant, jobs=args.jobs, resume=args.resume,
                          isolation=isolation_of(args), checkpoint=args.checkpoint, composition=args.composition,
                          checkpoint_grades=args.checkpoint_grades, published=args.published,
                          keep_failing_cases=args.keep_failing_cases,
                          compare_tests=compared_suite(args, variant))
    print(summary)
    return 0


def run_zip(args: argparse.Namespace) -> int:
    """Write the Gradescope autograder archive."""
    variant = load_variant(args.variant)
    spec = Path(args.variant) if str(args.variant).endswith(".toml") else None
    if args.checkpoint:
        require_checkpoint_points(variant)
    write_autograder_zip(variant, out=args.out, spec=spec, checkpoint=args.checkpoint, wheels=args.wheels)
    print(f"wrote {args.out} for variant {variant.name}")
    return 0


def run_doctor(args: argparse.Namespace) -> int:
    """Print which isolation student code gets here and why; exit 1 if grading would be refused."""
    lines, status = report(args.isolation, unsafe=args.unsafe_no_isolation)
    print("\n".join(lines))
    return status
