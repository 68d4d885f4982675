"""A kit under construction, and the shape of a build step: a function that adds files to it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from hogkit.variant import Variant


@dataclass
class KitBuild:
    """The files of a kit under construction: relative path -> text or bytes."""

    variant: Variant
    files: dict[str, str | bytes] = field(default_factory=dict)

    def add(self, path: str, content: str | bytes) -> None:
        """Add one file to the kit."""
        self.files[path] = content


Step = Callable[[KitBuild], None]
