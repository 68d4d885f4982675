"""The files shipped to students in every kit (``dice.py``, ``ucb.py``, ``ok.py``, ``calc.py``, ...).

They need only Python's standard library and import nothing from HogKit: a student runs them as
they are. They are importable here too, so that the engine rolls the very same dice, and the
grader locks and compares with the very same checker, that students use.
"""

from pathlib import Path

SHIPPED_DIR = Path(__file__).resolve().parent


def shipped_text(name: str) -> str:
    """The text of the shipped file NAME (e.g. ``"dice.py"``)."""
    return (SHIPPED_DIR / name).read_text(encoding="utf-8")
