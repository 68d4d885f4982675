"""Read submissions safely: find each student's one ``hog.py``, and name each student.

A student is named by the entry of the class folder, exactly (a ``.py`` file without its
suffix): that name is the id in every output and the key staff's score files are matched on. A
file-name-safe id, made from it, names only the student's result files.

Every path component below the folder a grader was given is opened with ``O_NOFOLLOW`` (a
symbolic link is never followed: not to a classmate's folder, not to a blocking ``/proc`` file),
``hog.py`` must be a regular file of at most ``MAX_SOURCE_BYTES`` (opened with ``O_NONBLOCK``, so
a FIFO cannot stall the grader), and a search below a folder is bounded in depth and size. A
folder holding one ``hog.py`` somewhere below it (``alice/proj/hog.py``) is that student's copy;
an empty or ambiguous folder is reported with its reason, never dropped.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from graders.cells import id_text
from graders.untrusted import clean
from hogkit.errors import HogkitError

MAX_SOURCE_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 4  # folders below a submission searched for its hog.py
MAX_ENTRIES = 2000  # entries looked at in that search
MAX_ID = 64
SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
NOT_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


class Refused(HogkitError):
    """A submission that cannot be graded; ``what`` is the reason shown in its row (for staff),
    ``student`` the same said to the student who submitted it (for Gradescope)."""

    def __init__(self, what: str, fix: str = "", *, student: str = "") -> None:
        super().__init__(what, fix)
        self.student = student or "Your hog.py could not be read: upload it again, as an ordinary file."


@dataclass(frozen=True)
class Submission:
    """One entry of a class folder: its file-name-safe ID (for result files only), its NAME as
    found, the STUDENT it is (the name without a ``.py`` suffix: the id in every output), its
    PATH, and PROBLEM, the reason it cannot be graded (empty if it can). Names are kept exactly;
    every output shows them through :func:`graders.cells.id_text` (a tab or a control character
    as a visible escape)."""

    id: str
    name: str
    path: Path
    problem: str = ""
    student: str = ""


def _open_below(root_fd: int, parts: list[str], *, directory: bool) -> int:
    """Open PARTS (names) below ROOT_FD one at a time, never following a link; return the fd."""
    fd = os.dup(root_fd)
    try:
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
            if directory or not last:
                flags |= os.O_DIRECTORY
            next_fd = os.open(part, flags, dir_fd=fd)
            os.close(fd)
            fd = next_fd
        return fd
    except BaseException:
        os.close(fd)
        raise


def _kind(path: Path) -> str:
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode):
        return "link"
    if stat.S_ISDIR(info.st_mode):
        return "folder"
    return "file" if stat.S_ISREG(info.st_mode) else "special"


def _search(folder_fd: int, shown: Path) -> list[str]:
    """Paths (relative, as lists of names joined by /) of every regular hog.py below FOLDER_FD."""
    found: list[str] = []
    seen = 0
    todo: list[tuple[list[str], int]] = [([], 0)]
    while todo:
        parts, depth = todo.pop()
        fd = _open_below(folder_fd, parts, directory=True)
        try:
            with os.scandir(fd) as entries:
                for entry in entries:
                    seen += 1
                    if seen > MAX_ENTRIES:
                        raise Refused(f"{shown} holds more than {MAX_ENTRIES} files",
                                      "submit only the project's files")
                    if entry.is_symlink():
                        continue
                    if entry.name == "hog.py" and entry.is_file(follow_symlinks=False):
                        found.append("/".join([*parts, entry.name]))
                    elif entry.is_dir(follow_symlinks=False) and depth < MAX_DEPTH:
                        todo.append(([*parts, entry.name], depth + 1))
        finally:
            os.close(fd)
    return sorted(found)


def _find_in_folder(folder: Path) -> list[str]:
    """The names leading from FOLDER to its hog.py (FOLDER/hog.py first, else the one below it)."""
    try:
        folder_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as exc:
        raise Refused(f"cannot open {folder}: {exc.strerror}", "check the folder's permissions") from None
    try:
        try:
            info = os.stat("hog.py", dir_fd=folder_fd, follow_symlinks=False)
        except FileNotFoundError:
            info = None
        if info is not None and stat.S_ISLNK(info.st_mode):
            raise Refused(f"{folder / 'hog.py'} is a symbolic link", "submit the file itself, not a link",
                          student="Your hog.py is a link, not a file: upload the file itself.")
        if info is not None:
            return ["hog.py"]
        try:
            found = _search(folder_fd, folder)
        except OSError as exc:
            raise Refused(f"cannot read {folder}: {exc.strerror}", "check the folder's permissions") from None
    finally:
        os.close(folder_fd)
    if not found:
        raise Refused(f"{folder} has no hog.py", "give a folder that holds the student's hog.py",
                      student="No hog.py was found in your submission: upload the hog.py file you wrote (the file "
                              "itself, or a folder or .zip file that holds it).")
    if len(found) > 1:
        listed = clean(", ".join(found[:3]), limit=300, newlines=False) + (", ..." if len(found) > 3 else "")
        raise Refused(f"{folder} holds {len(found)} hog.py files ({listed})", "keep exactly one hog.py",
                      student=f"Your submission holds {len(found)} files named hog.py ({listed}): upload only the "
                              "one you wrote.")
    return found[0].split("/")


def find_hog(path: Path) -> Path:
    """The ``hog.py`` of a submission: PATH itself, PATH/hog.py, or the one hog.py below PATH."""
    path = Path(path)
    try:
        kind = _kind(path)
    except FileNotFoundError:
        raise HogkitError(f"{path} does not exist", "give a student's folder or hog.py") from None
    except OSError as exc:
        raise HogkitError(f"cannot read {path}: {exc.strerror}", "check the path's permissions") from None
    if kind == "folder":
        return path.joinpath(*_find_in_folder(path))
    if kind == "link":
        raise Refused(f"{path} is a symbolic link", "give the file itself, not a link",
                      student="Your hog.py is a link, not a file: upload the file itself.")
    if kind != "file":
        raise Refused(f"{path} is not a regular file", "give a student's folder or their hog.py")
    return path


def read_source(path: Path) -> bytes:
    """The bytes of a submission's hog.py, read without following links or blocking."""
    path = Path(path)
    hog = find_hog(path)
    root, parts = (path, list(hog.relative_to(path).parts)) if hog != path else (path.parent, [path.name])
    try:
        root_fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            fd = _open_below(root_fd, parts, directory=False)
        finally:
            os.close(root_fd)
    except OSError as exc:
        raise Refused(f"cannot read {hog}: {exc.strerror}", "submit hog.py as an ordinary file") from None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise Refused(f"{hog} is not a regular file", "submit hog.py as an ordinary file")
        if info.st_size > MAX_SOURCE_BYTES:
            raise Refused(f"{hog} is {info.st_size} bytes", f"a hog.py must be under {MAX_SOURCE_BYTES} bytes",
                          student=f"Your hog.py is larger than {MAX_SOURCE_BYTES} bytes: upload the project's hog.py.")
        data = handle.read(MAX_SOURCE_BYTES + 1)
    if len(data) > MAX_SOURCE_BYTES:
        raise Refused(f"{hog} is over {MAX_SOURCE_BYTES} bytes", f"a hog.py must be under {MAX_SOURCE_BYTES} bytes",
                      student=f"Your hog.py is larger than {MAX_SOURCE_BYTES} bytes: upload the project's hog.py.")
    return data


def safe_id(name: str, taken: set[str]) -> str:
    """A file-name-safe, unique id for a submission called NAME (NAME itself when it is safe)."""
    if SAFE_ID.fullmatch(name) and name.lower() not in taken:
        return name
    digest = hashlib.sha256(os.fsencode(name)).hexdigest()[:10]
    stem = NOT_SAFE.sub("_", name)[:MAX_ID - 12].strip("._-") or "submission"
    candidate = f"{stem}-{digest}"
    while candidate.lower() in taken:
        digest = hashlib.sha256(candidate.encode()).hexdigest()[:10]
        candidate = f"{stem}-{digest}"
    return candidate


def _outside_class(folder: Path, out: Path | None) -> str | None:
    """The entry of FOLDER that is the output folder OUT (left out of the class), or None when OUT
    is not in FOLDER; OUT deeper inside a student's entry is refused."""
    if out is None:
        return None
    inner, outer = Path(os.path.realpath(out)), Path(os.path.realpath(folder))
    if inner == outer:
        raise HogkitError(f"the output folder {out} is the class folder", "give --out a folder of its own")
    if outer not in inner.parents:
        return None
    parts = inner.relative_to(outer).parts
    if len(parts) > 1:
        raise HogkitError(f"the output folder {out} is inside the submission {parts[0]!r}",
                          "give --out a folder outside the class folder (or directly in it)")
    return parts[0]


def class_submissions(folder: Path, *, out: Path | None = None) -> tuple[list[Submission], list[str]]:
    """Every entry of the class FOLDER as a Submission (folders and .py files are graded; anything
    else gets its reason), and the entries that were skipped: hidden ones (names starting with a
    dot) and the output folder OUT when it is in FOLDER (it is never a student)."""
    if not folder.exists():
        raise HogkitError(f"{folder} does not exist", "give a folder with one submission per student")
    if not folder.is_dir():
        raise HogkitError(f"{folder} is not a folder", "give a folder with one submission per student")
    ours = _outside_class(folder, out)
    try:
        names = sorted(n for n in os.listdir(folder) if n != ours)
    except OSError as exc:
        raise HogkitError(f"cannot read {folder}: {exc.strerror}", "check the folder's permissions") from None
    hidden = [clean(id_text(n), limit=80) for n in names if n.startswith(".")]
    hidden += [f"{clean(id_text(ours), limit=80)} (the output folder)"] if ours is not None else []
    found: list[Submission] = []
    taken: set[str] = set()
    for name in (n for n in names if not n.startswith(".")):
        path = folder / name
        try:
            kind = _kind(path)
        except OSError:
            kind = "gone"
        stem = name[:-3] if kind == "file" and name.endswith(".py") else name
        sid = safe_id(stem, taken)
        taken.add(sid.lower())
        problem = {"link": "a symbolic link (never followed): submit the files themselves",
                   "special": "not a folder or a regular file",
                   "file": "" if name.endswith(".py") else "not a folder or a .py file",
                   "gone": "it could not be read"}.get(kind, "")
        found.append(Submission(sid, name, path, problem, student=stem))
    if not found:
        raise HogkitError(f"{folder} holds no submissions", "put one folder (with hog.py) or .py file per student")
    return found, hidden
