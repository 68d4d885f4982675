"""Build Gradescope's ``autograder.zip``: HogKit's own source plus ``setup.sh`` and ``run_autograder``.

Gradescope unpacks the archive into ``/autograder/source`` and runs ``setup.sh`` once (as root,
with network) to build the image; then, for each submission, it puts the student's files in
``/autograder/submission``, copies ``run_autograder`` to ``/autograder/`` and runs it; it must
leave ``/autograder/results/results.json``. So the archive holds, at its top level,
``setup.sh``, ``run_autograder`` and HogKit's own files (``pyproject.toml``, ``hogkit/``,
``hogkit_cli/``, ``graders/``, ``variants/``): ``/autograder/source`` is a HogKit checkout.

``setup.sh`` installs bubblewrap (the sandbox) when it is missing and makes a virtual environment at
``ROOT/venv`` with the Python version the archive was made with (installing it with apt when the
image has none), installs the grader's packages from the archive's pinned wheels (``wheels/``, see
:mod:`graders.wheels`) with no package index, and prints ``hogkit doctor``. Both scripts
make the grader's files and the results unreachable for other users (``PROTECT``), so where the
image allows no namespaces the sandbox uid still cannot read or change them. ``run_autograder``
always runs the archive's own code (``PYTHONPATH`` is ``ROOT/source``) with that environment's
Python (or ``$HOGKIT_PYTHON``), grades ``ROOT/submission`` (its one ``hog.py``, wherever it is in
the upload) with the times in Gradescope's ``submission_metadata.json`` (for the points that depend
on them, :mod:`graders.deadlines`), and always writes a results file with its ``max_score``, even
when grading fails. Both read the root from
``$AUTOGRADER_ROOT`` (default ``/autograder``), so they can be run locally against a fake tree.
"""

from __future__ import annotations

import io
import tempfile
import zipfile
from pathlib import Path

from graders.files import check_file_target, write_atomic
from graders.okpy_grading import load_course_tests
from graders.scoring import tidy
from graders.wheels import download_wheels, python_version, requirements_text, wheels_from
from hogkit.errors import HogkitError
from hogkit.variant import Variant

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "README.md", "hogkit", "hogkit_cli", "graders", "variants")

PROTECT = """# Only root may read the grader, its environment and the results (a sandbox uid never can).
if [ "$(id -u)" = 0 ]; then
  chmod 0711 "$ROOT"
  for private in "$ROOT/source" "$ROOT/venv" "$ROOT/results"; do
    if [ -e "$private" ]; then chmod -R go-rwx "$private"; fi
  done
fi
"""

SETUP = """#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image. It needs no network
# when the image has bubblewrap and Python {python}: the packages come from the archive's wheels/.
set -euo pipefail
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
if ! command -v bwrap >/dev/null 2>&1; then  # bubblewrap: the sandbox student code runs in
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap) ||
    echo "warning: no bubblewrap: student code will run as a sandbox uid of its own" >&2
fi
# The wheels in wheels/ are for Python {python}, the version the archive was made and tested with.
PY="$(command -v python{python} || true)"
if [ -z "$PY" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python{python} python{python}-venv
  PY="$(command -v python{python})"
fi
if ! "$PY" -m venv "$ROOT/venv"; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python{python}-venv
  "$PY" -m venv "$ROOT/venv"
fi
# Exactly the versions the archive was made with (a rebuild draws the same fuzz inputs), from
# its own wheels, never from a package index. HogKit itself runs from source/ (PYTHONPATH).
"$ROOT/venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-index \\
  --find-links "$ROOT/source/wheels" --require-hashes -r "$ROOT/source/wheels/requirements.txt"
# Fail the image build now, not at the first submission, if the install is broken.
PYTHONPATH="$ROOT/source" "$ROOT/venv/bin/python" -c 'import graders.runner, graders.leaderboard'
{protect}# Which isolation student code will get here, and why (for the build log).
PYTHONPATH="$ROOT/source" "$ROOT/venv/bin/python" -m hogkit_cli doctor || true
"""

RUN = """#!/usr/bin/env bash
# Gradescope runs this for every submission; it always leaves results/results.json, with max_score.
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
PY="${{HOGKIT_PYTHON:-$ROOT/venv/bin/python}}"
RESULTS="$ROOT/results/results.json"
METADATA="$ROOT/submission_metadata.json"
mkdir -p "$ROOT/results"
rm -f "$RESULTS"
{protect}export PYTHONPATH="$ROOT/source"
export HOGKIT_VARIANTS="$ROOT/source/variants"
cd "$ROOT/source" || exit 1
TIMES=()
if [ -f "$METADATA" ]; then TIMES=(--submission-metadata "$METADATA"); fi
ERRORS="$(mktemp)"
if ! "$PY" -m hogkit_cli grade "$ROOT/submission" --variant {variant}{options} --gradescope "$RESULTS" \\
    "${{TIMES[@]}}" 2>"$ERRORS"; then
  cat "$ERRORS" >&2
  "$PY" -c '
import json, sys
from graders.untrusted import clean
lines = open(sys.argv[2], encoding="utf-8", errors="replace").read().strip().splitlines()
why = clean(lines[-1].removeprefix("error: "), limit=1000, newlines=False) if lines else "it stopped"
text = ("The autograder could not grade this submission (" + why + "). This is not a verdict on your "
        "code: submit again, and tell the course staff if it happens again.")
json.dump({{"score": 0, "max_score": {most}, "output": text, "tests": []}}, open(sys.argv[1], "w"))
' "$RESULTS" "$ERRORS" ||
    echo '{{"score": 0, "max_score": {most}, "output": "The autograder could not grade this submission.'\
' Submit again, and tell the course staff if it happens again.", "tests": []}}' > "$RESULTS"
fi
rm -f "$ERRORS"
"""


def graded_max(variant: Variant, *, checkpoint: bool = False) -> float:
    """What a grade is out of: the checkpoint points for a CHECKPOINT grade; else correctness (the
    course's own points when it grades with its okpy tests)."""
    if checkpoint:
        return tidy(variant.scoring.checkpoint)
    if variant.ok_tests is not None and variant.scoring.correctness is None:
        return tidy(sum(q["points"] for q in load_course_tests(variant.ok_tests)["questions"]
                        if isinstance(q["points"], (int, float))))
    return tidy(variant.correctness_points)


def gradescope_max(variant: Variant, *, checkpoint: bool = False) -> float:
    """The score a submission is out of on Gradescope: what its grade is out of, and the
    checkpoint points where the spec awards them from the submission's time."""
    timed = variant.scoring.checkpoint if variant.scoring.checkpoint_days is not None and not checkpoint else 0
    return tidy(graded_max(variant, checkpoint=checkpoint) + timed)


def scripts(variant: Variant, *, checkpoint: bool = False) -> dict[str, str]:
    """The text of ``setup.sh`` and ``run_autograder`` for VARIANT (a CHECKPOINT assignment grades
    Phase 1 only)."""
    options = " --checkpoint" if checkpoint else ""
    return {"setup.sh": SETUP.format(protect=PROTECT, python=python_version()),
            "run_autograder": RUN.format(variant=variant.name, protect=PROTECT, options=options,
                                         most=gradescope_max(variant, checkpoint=checkpoint))}


def write_autograder_zip(variant: Variant, *, out: Path, spec: Path | None = None, checkpoint: bool = False,
                         wheels: Path | None = None) -> None:
    """Write the archive for VARIANT to OUT (atomically). SPEC is VARIANT's .toml file when it is
    not one of the named variants; it is packed as ``variants/<name>.toml``. CHECKPOINT: for the
    checkpoint's assignment (Phase 1 only; Gradescope's maximum is the checkpoint points). The
    grader's packages are packed as pinned wheels, downloaded, or taken from the folder WHEELS."""
    out = Path(out)
    if out.suffix != ".zip":
        raise HogkitError(f"{out} is not a .zip path", "give --out a name ending in .zip")
    check_file_target(out)
    named = ROOT / "variants" / f"{variant.name}.toml"
    spec = Path(spec) if spec is not None else named
    if not spec.is_file():
        raise HogkitError(f"no spec file for variant {variant.name}", "give --variant the path of its .toml file")
    buffer = io.BytesIO()
    with tempfile.TemporaryDirectory() as scratch, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        found = wheels_from(wheels) if wheels is not None else download_wheels(Path(scratch))
        for wheel in found:
            archive.write(wheel, f"wheels/{wheel.name}", compress_type=zipfile.ZIP_STORED)
        archive.writestr("wheels/requirements.txt", requirements_text(found))
        for name, text in scripts(variant, checkpoint=checkpoint).items():
            info = zipfile.ZipInfo(name)
            info.external_attr = 0o755 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, text)
        for top in SOURCES:
            base = ROOT / top
            files = [base] if base.is_file() else sorted(
                p for p in base.rglob("*") if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc")
            for path in files:
                if path.resolve() != named.resolve():
                    archive.write(path, str(path.relative_to(ROOT)))
        archive.writestr(f"variants/{variant.name}.toml", _packed_spec(spec, variant))
        if variant.ok_tests is not None:
            _pack_course_tests(archive, variant)
    write_atomic(out, buffer.getvalue())


def _course_folder(variant: Variant) -> str:
    return f"variants/{variant.name}-ok-tests"


def _packed_spec(spec: Path, variant: Variant) -> str:
    """SPEC's text, its ``ok_tests`` (if any) pointing at the course's tests packed beside it."""
    text = spec.read_text(encoding="utf-8")
    if variant.ok_tests is None:
        return text
    lines = [f'ok_tests = "{Path(_course_folder(variant)).name}"' if line.split("=")[0].strip() == "ok_tests"
             else line for line in text.splitlines()]
    return "\n".join(lines) + "\n"


def _pack_course_tests(archive: zipfile.ZipFile, variant: Variant) -> None:
    """The course's okpy folder (its .ok file, tests/ and modules) the spec grades with."""
    folder = Path(variant.ok_tests)
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()
                       and "__pycache__" not in p.parts and p.suffix != ".pyc"):
        archive.write(path, f"{_course_folder(variant)}/{path.relative_to(folder)}")


__all__ = ["gradescope_max", "graded_max", "scripts", "write_autograder_zip"]
