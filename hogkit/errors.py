"""The one exception type users see: a one-line message saying what was wrong and how to fix it."""

from __future__ import annotations


class HogkitError(Exception):
    """A user-facing error, printed as ``error: <what> — <fix>`` with exit status ``status``."""

    def __init__(self, what: str, fix: str = "", *, status: int = 2) -> None:
        self.what = what
        self.fix = fix
        self.status = status
        super().__init__(self.line())

    def line(self) -> str:
        """The single line printed to the user, without the ``error:`` prefix."""
        return f"{self.what} — {self.fix}" if self.fix else self.what


class SpecError(HogkitError):
    """A problem in a variant spec, located by file and key."""

    def __init__(self, source: str, key: str, what: str, fix: str) -> None:
        super().__init__(f"{source}: {key}: {what}", fix)
