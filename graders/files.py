"""Write result files atomically: a temporary file in the same folder, then a rename."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from hogkit.errors import HogkitError


def write_atomic(path: Path, text: str) -> None:
    """Write TEXT to PATH so that PATH is either absent, the old file, or the whole new text."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise HogkitError(f"cannot write in {path.parent}: {exc.strerror}",
                          "choose a folder you can write to") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json(path: Path, data: object) -> None:
    """Write DATA as indented JSON, atomically."""
    write_atomic(path, json.dumps(data, indent=2) + "\n")
