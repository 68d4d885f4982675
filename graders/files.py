"""Write result files atomically, and check output paths before any work is done.

A result file is written to a temporary file in the same folder, then renamed, so a reader (or
a batch resumed after a crash) sees either no file, the old file or the whole new one.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from hogkit.errors import HogkitError

TMP_SUFFIX = ".tmp"


def _blocking_ancestor(path: Path) -> Path | None:
    """The nearest existing ancestor of PATH if it is not a folder (so nothing can be made there)."""
    for parent in path.absolute().parents:
        if parent.exists():
            return None if parent.is_dir() else parent
    return None


def check_folder_target(path: Path) -> None:
    """Raise a HogkitError now if PATH cannot become or be a writable folder."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise HogkitError(f"{path} is a file, not a folder", "give --out the path of a folder (new or existing)")
    blocker = _blocking_ancestor(path)
    if blocker is not None:
        raise HogkitError(f"cannot make {path}: {blocker} is a file, not a folder", "choose another output folder")
    existing = next((p for p in (path.absolute(), *path.absolute().parents) if p.exists()), None)
    if existing is not None and not os.access(existing, os.W_OK | os.X_OK):
        raise HogkitError(f"cannot write in {existing}: permission denied", "choose a folder you can write to")


def check_file_target(path: Path) -> None:
    """Raise a HogkitError now if no file can be written at PATH."""
    path = Path(path)
    if path.is_dir():
        raise HogkitError(f"{path} is a folder", f"give the path of a file, such as {path / 'results.json'}")
    if path.exists() and not path.is_file():
        raise HogkitError(f"{path} is not a regular file", "give the path of a new or ordinary file")
    check_folder_target(path.parent)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: Path, text: str | bytes, *, private: bool = False) -> None:
    """Write TEXT to PATH so that PATH is either absent, the old file, or the whole new text
    (readable by its owner only when PRIVATE: grades and results)."""
    path = Path(path)
    data = text.encode("utf-8") if isinstance(text, str) else text
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TMP_SUFFIX, dir=path.parent)
    except OSError as exc:
        raise HogkitError(f"cannot write in {path.parent}: {exc.strerror}",
                          "choose a folder you can write to") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            os.fchmod(handle.fileno(), 0o600 if private else 0o666 & ~_umask())  # else as a plain open() would
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise HogkitError(f"cannot write {path}: {exc.strerror}", "choose a file you can write to") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json(path: Path, data: object, *, private: bool = False) -> None:
    """Write DATA as indented JSON, atomically (for its owner only when PRIVATE)."""
    write_atomic(path, json.dumps(data, indent=2) + "\n", private=private)


def remove_stale_temporaries(folder: Path) -> int:
    """Delete the temporary files a killed writer left in FOLDER; return how many there were."""
    count = 0
    for tmp in Path(folder).glob(f".*{TMP_SUFFIX}"):
        if tmp.is_file():
            tmp.unlink(missing_ok=True)
            count += 1
    return count
