"""Kit steps for the reference files, the files shipped as they are, the student skeleton, the
notebooks and the GUI."""

from __future__ import annotations

from hogkit.generate.notebooks import notebook_files
from hogkit.generate.solution import contest_source, reference_entry_name, solution_hog_source
from hogkit.generate.source import strip_solutions
from hogkit.generate.step import KitBuild

SUPPORT_FILES = ("dice.py", "ucb.py", "hog_ui.py", "hog_checks.py")


def reference_files(kit: KitBuild) -> None:
    """solutions/: the reference hog.py and contest entry."""
    kit.add("solutions/hog.py", solution_hog_source(kit.variant))
    kit.add("solutions/hog_contest.py", contest_source(kit.variant, name=reference_entry_name(kit.variant)))


def support_files(kit: KitBuild) -> None:
    """dice.py, ucb.py, the text UI and the grader's helpers (hog_checks.py, which ok, ready.py and
    the okpy tests use), the same in both folders (and construct_check.py where a problem forbids
    some constructs)."""
    constructs = ("construct_check.py",) if any(p.forbidden for p in kit.variant.problems) else ()
    for name in (*SUPPORT_FILES, *constructs):
        text = kit.shipped(name)
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
    """hog_gui.py, the Tk GUI, in both folders (it reads the kit's rules from ready.py)."""
    text = kit.shipped("hog_gui.py")
    kit.add("solutions/hog_gui.py", text)
    kit.add("student_skeleton/hog_gui.py", text)
