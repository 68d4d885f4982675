"""Build Gradescope's ``autograder.zip``: HogKit's own source plus ``setup.sh`` and ``run_autograder``.

``run_autograder`` reads the root from ``$AUTOGRADER_ROOT`` (default ``/autograder``) so it can be
run locally against a fake tree; it always writes ``results/results.json``.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from graders.files import write_atomic
from hogkit.errors import HogkitError
from hogkit.variant import Variant

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "README.md", "hogkit", "graders", "variants")

SETUP = """#!/usr/bin/env bash
set -euo pipefail
cd "${AUTOGRADER_ROOT:-/autograder}/source"
python3 -m pip install --quiet --no-deps . || python3 -m pip install --quiet .
"""

RUN = """#!/usr/bin/env bash
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
mkdir -p "$ROOT/results"
PY="${{HOGKIT_PYTHON:-python3}}"
if ! "$PY" -m hogkit.cli grade "$ROOT/submission" --variant {variant} --gradescope "$ROOT/results/results.json"; then
  [ -s "$ROOT/results/results.json" ] || \
    echo '{{"score": 0, "output": "The grader could not grade this submission."}}' > "$ROOT/results/results.json"
fi
"""


def write_autograder_zip(variant: Variant, *, out: Path) -> None:
    """Write the archive for VARIANT to OUT (atomically: a temporary file, then a rename)."""
    if out.suffix != ".zip":
        raise HogkitError(f"{out} is not a .zip path", "give --out a name ending in .zip")
    tmp = out.with_name(f".{out.name}.tmp")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, text in (("setup.sh", SETUP), ("run_autograder", RUN.format(variant=variant.name))):
                info = zipfile.ZipInfo(name)
                info.external_attr = 0o755 << 16
                archive.writestr(info, text)
            for top in SOURCES:
                base = ROOT / top
                files = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file()
                                                             and "__pycache__" not in p.parts)
                for path in files:
                    archive.write(path, f"source/{path.relative_to(ROOT)}")
        tmp.replace(out)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise HogkitError(f"cannot write {out}: {exc.strerror}", "choose a folder you can write to") from None


__all__ = ["write_autograder_zip", "write_atomic"]
