"""Archives on disk, named by their content: ``archives/<first two hex digits>/<sha256>.zip``.

An upload streams into a temporary file, counted and hashed as it comes, and is cut off as soon
as it passes its limit (so nothing larger is ever held, in memory or on disk). Keeping it flushes
the file to disk, renames it into place and flushes the folder, so a receipt can follow. The same
content sent twice is stored once.
"""

from __future__ import annotations

import errno
import hashlib
import os
import tempfile
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from hogkit.errors import HogkitError

TMP = "incoming"


class TooLarge(Exception):
    """More bytes came than the limit allows."""


class DiskFull(HogkitError):
    """The disk is full, or would be: nothing was kept."""


@dataclass
class Incoming:
    """An upload on disk, not yet kept: its temporary PATH, SHA256 and SIZE."""

    path: Path
    sha256: str
    size: int

    def discard(self) -> None:
        self.path.unlink(missing_ok=True)


def _fsync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _disk_error(exc: OSError) -> HogkitError:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return DiskFull("the server's disk is full", "staff: free space in the data folder")
    return HogkitError(f"the archive could not be written ({exc.strerror})", "staff: check the data folder")


class Blobs:
    """The content-addressed archives under ROOT."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def path(self, sha256: str) -> Path:
        return self.root / sha256[:2] / f"{sha256}.zip"

    def clear_incoming(self) -> None:
        """Remove what uploads cut short left behind."""
        for leftover in (self.root / TMP).glob("*.part"):
            leftover.unlink(missing_ok=True)

    async def receive(self, chunks: AsyncIterator[bytes], *, limit: int) -> Incoming:
        """Write CHUNKS to a temporary file; TooLarge past LIMIT bytes, DiskFull when the disk is."""
        folder = self.root / TMP
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(suffix=".part", dir=folder)
        except OSError as exc:
            raise _disk_error(exc) from None
        incoming = Incoming(Path(name), "", 0)
        digest = hashlib.sha256()
        try:
            with os.fdopen(fd, "wb") as handle:
                async for chunk in chunks:
                    incoming.size += len(chunk)
                    if incoming.size > limit:
                        raise TooLarge
                    digest.update(chunk)
                    handle.write(chunk)
                handle.flush()
                os.fsync(handle.fileno())
        except OSError as exc:
            incoming.discard()
            raise _disk_error(exc) from None
        except BaseException:
            incoming.discard()
            raise
        incoming.sha256 = digest.hexdigest()
        return incoming

    def keep(self, incoming: Incoming) -> Path:
        """Move INCOMING into place (durably) and return its path; the same content kept before is reused."""
        target = self.path(incoming.sha256)
        try:
            if target.exists():
                incoming.discard()
                return target
            target.parent.mkdir(parents=True, exist_ok=True)
            os.chmod(incoming.path, 0o600)
            os.replace(incoming.path, target)
            _fsync_folder(target.parent)
            _fsync_folder(self.root)
        except OSError as exc:
            incoming.discard()
            raise _disk_error(exc) from None
        return target

    def free_bytes(self) -> int:
        """Free space on the disk that holds the archives."""
        info = os.statvfs(self.root)
        return info.f_bavail * info.f_frsize
