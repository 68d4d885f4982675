"""Build Gradescope's ``autograder.zip``: HogKit's own source plus ``setup.sh`` and ``run_autograder``.

Gradescope unpacks the archive into ``/autograder/source`` and runs ``setup.sh`` once (as root,
with network) to build the image; then, for each submission, it puts the student's files in
``/autograder/submission``, copies ``run_autograder`` to ``/autograder/`` and runs it; it must
leave ``/autograder/results/results.json``. So the archive holds, at its top level,
``setup.sh``, ``run_autograder`` and HogKit's own files (``pyproject.toml``, ``hogkit/``,
``hogkit_cli/``, ``graders/``, ``variants/``): ``/autograder/source`` is a HogKit checkout.

``setup.sh`` installs bubblewrap (the sandbox) and makes a virtual environment at ``ROOT/venv`` with
Python 3.11 or later (installing it with apt when the image has none), installs HogKit from the
archive's own files with the grader's fuzzing library, and prints ``hogkit doctor``. Both scripts
make the grader's files and the results unreachable for other users (``PROTECT``), so where the
image allows no namespaces the sandbox uid still cannot read or change them. ``run_autograder``
always runs the archive's own code (``PYTHONPATH`` is ``ROOT/source``) with that environment's
Python (or ``$HOGKIT_PYTHON``), grades ``ROOT/submission`` (its one ``hog.py``, wherever it is in
the upload) and always writes a results file, even when grading fails. Both read the root from
``$AUTOGRADER_ROOT`` (default ``/autograder``), so they can be run locally against a fake tree.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from graders.files import check_file_target, write_atomic
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
# Gradescope runs this once, as root, when it builds the autograder image.
set -euo pipefail
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
if ! command -v bwrap >/dev/null 2>&1; then  # bubblewrap: the sandbox student code runs in
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap || echo "warning: no bubblewrap" >&2
fi
PY=""
for candidate in python3.13 python3.12 python3.11 python3; do
  if command -v "$candidate" >/dev/null 2>&1 &&
     "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    PY="$candidate"
    break
  fi
done
if [ -z "$PY" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3.11 python3.11-venv
  PY=python3.11
fi
if ! "$PY" -m venv "$ROOT/venv"; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$(basename "$PY")-venv" || \\
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv
  "$PY" -m venv "$ROOT/venv"
fi
"$ROOT/venv/bin/python" -m pip install --quiet --upgrade pip
# HogKit itself comes from this archive's own files (source/), never from a package index.
"$ROOT/venv/bin/python" -m pip install --quiet -e "$ROOT/source[grader]"
# Fail the image build now, not at the first submission, if the install is broken.
PYTHONPATH="$ROOT/source" "$ROOT/venv/bin/python" -c 'import graders.runner, graders.leaderboard'
{protect}# Which isolation student code will get here, and why (for the build log).
PYTHONPATH="$ROOT/source" "$ROOT/venv/bin/python" -m hogkit_cli doctor || true
"""

RUN = """#!/usr/bin/env bash
# Gradescope runs this for every submission; it always leaves results/results.json.
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
PY="${{HOGKIT_PYTHON:-$ROOT/venv/bin/python}}"
RESULTS="$ROOT/results/results.json"
mkdir -p "$ROOT/results"
rm -f "$RESULTS"
{protect}export PYTHONPATH="$ROOT/source"
export HOGKIT_VARIANTS="$ROOT/source/variants"
cd "$ROOT/source" || exit 1
ERRORS="$(mktemp)"
if ! "$PY" -m hogkit_cli grade "$ROOT/submission" --variant {variant}{options} --gradescope "$RESULTS" 2>"$ERRORS"; then
  cat "$ERRORS" >&2
  "$PY" -c '
import json, sys
from graders.untrusted import clean
lines = open(sys.argv[2], encoding="utf-8", errors="replace").read().strip().splitlines()
why = clean(lines[-1].removeprefix("error: "), limit=1000, newlines=False) if lines else "the grader stopped"
text = "The grader could not grade this submission: " + why + ". Submit your hog.py and try again."
json.dump({{"score": 0, "output": text, "tests": []}}, open(sys.argv[1], "w"))
' "$RESULTS" "$ERRORS" ||
    echo '{{"score": 0, "output": "The grader could not grade this submission.", "tests": []}}' > "$RESULTS"
fi
rm -f "$ERRORS"
"""


def scripts(variant: Variant, *, checkpoint: bool = False) -> dict[str, str]:
    """The text of ``setup.sh`` and ``run_autograder`` for VARIANT (a CHECKPOINT assignment grades
    Phase 1 only)."""
    options = " --checkpoint" if checkpoint else ""
    return {"setup.sh": SETUP.format(protect=PROTECT),
            "run_autograder": RUN.format(variant=variant.name, protect=PROTECT, options=options)}


def write_autograder_zip(variant: Variant, *, out: Path, spec: Path | None = None, checkpoint: bool = False) -> None:
    """Write the archive for VARIANT to OUT (atomically). SPEC is VARIANT's .toml file when it is
    not one of the named variants; it is packed as ``variants/<name>.toml``. CHECKPOINT: for the
    checkpoint's assignment (Phase 1 only; Gradescope's maximum is the checkpoint points)."""
    out = Path(out)
    if out.suffix != ".zip":
        raise HogkitError(f"{out} is not a .zip path", "give --out a name ending in .zip")
    check_file_target(out)
    named = ROOT / "variants" / f"{variant.name}.toml"
    spec = Path(spec) if spec is not None else named
    if not spec.is_file():
        raise HogkitError(f"no spec file for variant {variant.name}", "give --variant the path of its .toml file")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
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


__all__ = ["scripts", "write_autograder_zip"]
