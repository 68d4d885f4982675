"""Build a variant's kit: run the named steps of :data:`STEPS` in order, then move the result into
place atomically.

Each step has one job and adds files to the kit (``solutions/...``, ``student_skeleton/...``); the
steps live in the ``*_step`` modules beside this one.
Nothing is written under the output folder until every step has succeeded; each top-level
folder is then swapped in with a rename, so an interrupted build never leaves a half-written kit.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from hogkit.errors import HogkitError
from hogkit.generate import bank_step, calc_step, files_step, okpy_step, ready_step
from hogkit.generate.step import KitBuild, Step
from hogkit.variant import Variant

# Every step of a build, in order: (name, step). A step sees the files of the steps before it.
STEPS: list[tuple[str, Step]] = [
    ("reference files", files_step.reference_files),
    ("support files", files_step.support_files),
    ("student skeleton", files_step.student_skeleton),
    ("notebooks", files_step.notebooks),
    ("GUI", files_step.gui),
    ("readiness tries", ready_step.ready_files),
    ("contest check", calc_step.contest_check_files),
    ("exact calculator", calc_step.calc_files),
    ("question bank", bank_step.bank_files),
    ("checker", bank_step.checker_files),
    ("okpy tests", okpy_step.okpy_files),
]


def render_kit(variant: Variant, *, steps: list[tuple[str, Step]] | None = None) -> dict[str, str | bytes]:
    """Run every step for VARIANT and return the kit's files, without writing anything."""
    kit = KitBuild(variant)
    for _name, step in steps if steps is not None else STEPS:
        step(kit)
    return dict(sorted(kit.files.items()))


def write_tree(files: dict[str, str | bytes], root: Path) -> None:
    """Write FILES under ROOT (which must exist)."""
    for rel, content in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8", newline="\n")


def build_kit(variant: Variant, *, out: Path, steps: list[tuple[str, Step]] | None = None) -> list[str]:
    """Render VARIANT's kit and install each of its top-level folders/files under OUT atomically.

    Returns the top-level names written. Folders under OUT that the kit does not produce are
    left alone.
    """
    files = render_kit(variant, steps=steps)
    out = Path(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".hogkit-build-", dir=out))
    except OSError as exc:
        raise HogkitError(f"cannot write to {out} ({exc.strerror})", "choose a writable --out folder") from None
    try:
        write_tree(files, staging)
        tops = sorted({rel.split("/", 1)[0] for rel in files})
        for top in tops:
            _swap_in(staging / top, out / top)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return tops


def _swap_in(new: Path, target: Path) -> None:
    """Replace TARGET by NEW with renames only, so TARGET is always either old or new, never half."""
    if target.exists():
        old = target.with_name(f".{target.name}.old-{os.getpid()}")
        os.replace(target, old)
        os.replace(new, target)
        if old.is_dir():
            shutil.rmtree(old)
        else:
            old.unlink()
    else:
        os.replace(new, target)
