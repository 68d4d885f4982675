"""Build a variant's kit: run the named steps in order, then move the result into place atomically.

Each step has one job and adds files to the kit (``solutions/...``, ``student_skeleton/...``).
Nothing is written under the output folder until every step has succeeded; each top-level
folder is then swapped in with a rename, so an interrupted build never leaves a half-written kit.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hogkit.errors import HogkitError
from hogkit.generate.bank_step import STEPS as CHECKER_STEPS
from hogkit.generate.calc_step import STEPS as TOOL_STEPS
from hogkit.generate.notebooks import notebook_files
from hogkit.generate.okpy_step import STEPS as OKPY_STEPS
from hogkit.generate.ready_step import STEPS as READY_STEPS
from hogkit.generate.solution import contest_source, reference_entry_name, solution_hog_source
from hogkit.generate.source import strip_solutions
from hogkit.variant import Variant

KIT_DIR = Path(__file__).resolve().parent.parent / "kit"
SUPPORT_FILES = ("dice.py", "ucb.py", "hog_ui.py")


@dataclass
class KitBuild:
    """The files of a kit under construction: relative path -> text or bytes."""

    variant: Variant
    files: dict[str, str | bytes] = field(default_factory=dict)

    def add(self, path: str, content: str | bytes) -> None:
        """Add one file to the kit."""
        self.files[path] = content


Step = Callable[[KitBuild], None]


def reference_files(kit: KitBuild) -> None:
    """solutions/: the reference hog.py and contest entry."""
    kit.add("solutions/hog.py", solution_hog_source(kit.variant))
    kit.add("solutions/hog_contest.py", contest_source(kit.variant, name=reference_entry_name(kit.variant)))


def support_files(kit: KitBuild) -> None:
    """dice.py, ucb.py and the text UI, the same in both folders."""
    for name in SUPPORT_FILES:
        text = (KIT_DIR / name).read_text(encoding="utf-8")
        kit.add(f"solutions/{name}", text)
        kit.add(f"student_skeleton/{name}", text)


def student_skeleton(kit: KitBuild) -> None:
    """student_skeleton/: every solution file with a marked answer region, stubbed (and the
    contest entry with its name left for the student to fill in)."""
    for path, content in list(kit.files.items()):
        if path == "solutions/hog_contest.py":
            content = contest_source(kit.variant, name="")
        if path.startswith("solutions/") and isinstance(content, str) and "# BEGIN PROBLEM" in content:
            kit.add("student_skeleton/" + path.removeprefix("solutions/"), strip_solutions(content))


def notebooks(kit: KitBuild) -> None:
    """One notebook per phase and the helper module they import, in the student's folder and in notebooks/."""
    for path, text in notebook_files(kit.variant).items():
        kit.add(path, text)


def gui(kit: KitBuild) -> None:
    """hog_gui.py, the Tk GUI, in both folders, told the titles of the variant's rules."""
    titles = {family: rule.title for family, rule in kit.variant.rules.items()}
    text = (KIT_DIR / "hog_gui.py").read_text(encoding="utf-8")
    text = text.replace("RULE_TITLES = {}\n", f"RULE_TITLES = {titles!r}\n", 1)
    kit.add("solutions/hog_gui.py", text)
    kit.add("student_skeleton/hog_gui.py", text)


STEPS: list[tuple[str, Step]] = [
    ("reference files", reference_files),
    ("support files", support_files),
    ("student skeleton", student_skeleton),
    ("notebooks", notebooks),
    ("GUI", gui),
    *READY_STEPS,
    *TOOL_STEPS,
    *CHECKER_STEPS,
    *OKPY_STEPS,
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
