"""What an archive from a kit may hold: the kit's files (its ``.ok`` file's ``src`` and the contest
entry), at its top level, as regular files of bounded size, with a ``hog.py``."""

from __future__ import annotations

import zipfile
from pathlib import Path

from courseserver.refusal import Refused
from graders.intake import MAX_SOURCE_BYTES
from graders.untrusted import clean
from hogkit.generate.okpy_step import okpy_config
from hogkit.shipped.ok import CONTEST_ENTRY
from hogkit.variant import Variant

MAX_MEMBERS = 8
SYMLINK = 0o120000


def kit_files(variant: Variant) -> frozenset[str]:
    """The files an archive of VARIANT's kit may hold."""
    return frozenset(okpy_config(variant)["src"]) | {CONTEST_ENTRY}


def read_archive(path: Path, files: frozenset[str]) -> dict[str, bytes]:
    """The files of the zip at PATH by name, if it holds hog.py and only FILES, at its top level,
    as regular files of at most MAX_SOURCE_BYTES each; else Refused (400)."""
    try:
        archive = zipfile.ZipFile(path)
        infos = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError, EOFError):
        raise Refused(400, "the body is not a zip archive: send the archive python3 ok --submit makes") from None
    with archive:
        if len(infos) > MAX_MEMBERS:
            raise Refused(400, f"the archive holds {len(infos)} entries, more than a kit's files")
        listed = ", ".join(sorted(files))
        contents: dict[str, bytes] = {}
        for info in infos:
            name = info.filename
            shown = clean(name, limit=80, newlines=False)
            if "/" in name or "\\" in name or name.startswith(".") or ":" in name:
                raise Refused(400, f"the archive holds a path ({shown}): only the kit's files, at its top level")
            if name not in files:
                raise Refused(400, f"the archive holds {shown}, which is not a file of this kit ({listed})")
            if name in contents:
                raise Refused(400, f"the archive holds {shown} twice")
            if info.external_attr >> 16 & 0o170000 == SYMLINK:
                raise Refused(400, f"{shown} in the archive is a link: send the file itself")
            try:
                with archive.open(info) as handle:
                    data = handle.read(MAX_SOURCE_BYTES + 1)
            except (zipfile.BadZipFile, NotImplementedError, ValueError, OSError, EOFError, RuntimeError) as exc:
                raise Refused(400, f"{shown} cannot be read from the archive ({clean(exc, limit=80)})") from None
            if len(data) > MAX_SOURCE_BYTES:
                raise Refused(400, f"{shown} is larger than {MAX_SOURCE_BYTES} bytes")
            contents[name] = data
    if "hog.py" not in contents:
        raise Refused(400, "the archive holds no hog.py")
    return contents
