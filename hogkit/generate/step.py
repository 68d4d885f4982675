"""A kit under construction, and the shape of a build step: a function that adds files to it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from hogkit.naming import course_renames, rename_calls_in_prose
from hogkit.shipped import shipped_text
from hogkit.variant import Variant


def kit_shipped_text(variant: Variant, name: str) -> str:
    """The shipped file NAME as VARIANT's kit ships it: where its words show a function of the
    interface called, they call it by the kit's name (``roll_always(4)`` where a course renames
    ``always_roll``)."""
    return rename_calls_in_prose(shipped_text(name), course_renames(variant))


@dataclass
class KitBuild:
    """The files of a kit under construction: relative path -> text or bytes."""

    variant: Variant
    files: dict[str, str | bytes] = field(default_factory=dict)

    def add(self, path: str, content: str | bytes) -> None:
        """Add one file to the kit."""
        self.files[path] = content

    def shipped(self, name: str) -> str:
        """The shipped file NAME as this kit ships it (see :func:`kit_shipped_text`)."""
        return kit_shipped_text(self.variant, name)


Step = Callable[[KitBuild], None]
