"""The sandbox's Python has the whole standard library a student's Python has.

Real final copies carry an editor's stray import (``from tkinter import W``, ``from tkinter import
scrolledtext``): a student's Python runs them, so the grader must too. Debian packages a few
standard modules apart from its Python (``.ci/system-tools stdlib`` installs them)."""

from __future__ import annotations

from graders.isolation import detect
from graders.runner import grade_source
from hogkit.variant import load_variant
from tests.conftest import ROOT

STRAY = ("from tkinter import W\n"
         "from tkinter import scrolledtext\n"
         "import turtle, idlelib, dbm.gnu, turtledemo, sqlite3, curses, ctypes, decimal, lzma, bz2\n")


def test_the_childs_python_lacks_no_standard_module():
    assert detect().missing == ()


def test_a_copy_with_an_editors_stray_imports_gets_full_marks():
    source = STRAY + (ROOT / "solutions" / "hog.py").read_text()
    grade = grade_source(source.encode(), load_variant("fa19"))
    assert grade.status == "graded" and grade.total == 22, grade.notes
