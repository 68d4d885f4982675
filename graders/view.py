"""What the child may see of the host: an allow-list built from the interpreter it runs.

The child needs only Python's standard library, so its view holds: the interpreter, the files of
its standard library whose names are standard modules (``sys.stdlib_module_names``, the compiled
caches of those, ``_sysconfigdata``), the standard extension modules, the shared libraries the
interpreter and those modules load (as the dynamic loader finds them, with ``/etc/ld.so.cache``),
and nothing else: never a ``site-packages`` or ``dist-packages`` folder, wherever the install puts
it (python.org builds, pyenv and Docker's ``python:`` images keep it inside the standard library's
folder), never HogKit, the reference, the tests or the results. A folder is bound whole only when
every entry in it is allowed; otherwise each allowed entry is bound on its own. Links on the way
(``/lib -> usr/lib``) are recreated as links, and files are bound at their real paths.

The same list is bubblewrap's read-only view (namespaces mode) and the Landlock ruleset (uid mode).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

PROBE = """
import importlib, importlib.util, json, os, sys, sysconfig
paths = sysconfig.get_paths()
dynload = os.path.join(paths["platstdlib"], "lib-dynload")
for name in sorted(os.listdir(dynload)) if os.path.isdir(dynload) else []:
    if name.split(".")[0] in sys.stdlib_module_names:
        try:
            importlib.import_module(name.split(".")[0])
        except BaseException:
            pass
maps = [line.split(None, 5) for line in open("/proc/self/maps")]
missing = []
for name in sorted(sys.stdlib_module_names):
    try:
        found = importlib.util.find_spec(name) is not None
    except BaseException:
        found = False
    if not found:
        missing.append(name)
print(json.dumps({"executable": sys.executable, "version": list(sys.version_info[:3]), "stdlib": paths["stdlib"],
                  "platstdlib": paths["platstdlib"], "dynload": dynload, "modules": sorted(sys.stdlib_module_names),
                  "libraries": sorted({m[5].strip() for m in maps if len(m) == 6 and m[5].startswith("/")}),
                  "missing": missing}))
"""
# Standard modules only Windows or macOS builds have: a student's Python on Linux lacks them too.
OTHER_SYSTEMS = frozenset({"_msi", "_overlapped", "_scproxy", "_winapi", "msilib", "msvcrt", "nt", "winreg",
                           "winsound"})
# The Debian packages that hold the standard modules Debian's Python leaves out, by module.
DEBIAN_PACKAGES = {"tkinter": "python3-tk", "_tkinter": "python3-tk", "turtle": "python3-tk", "_gdbm": "python3-gdbm",
                   "idlelib": "idle", "turtledemo": "python3-examples", "lib2to3": "python3-lib2to3",
                   "distutils": "python3-distutils", "ensurepip": "python3-venv"}


def missing_modules(info: dict) -> list[str]:
    """The standard modules a student's Python on Linux has and the interpreter INFO describes lacks."""
    return sorted(set(info.get("missing", ())) - OTHER_SYSTEMS)


def install_hint(modules: Iterable[str]) -> str:
    """How to give Debian's Python the standard MODULES it lacks."""
    packages = sorted({DEBIAN_PACKAGES.get(name, "the package that holds it") for name in modules})
    return f"apt-get install {' '.join(packages)} (or .ci/system-tools stdlib)"
LOADER_CACHE = "/etc/ld.so.cache"
HARMLESS = ("__hello__", "__phello__", "lib-dynload", "__pycache__")  # in the standard library, not modules


def run_quietly(argv: list[str], *, uid: int | None, timeout: float = 20.0) -> subprocess.CompletedProcess | None:
    """ARGV run as UID (None: as we are) with an empty environment; None if it could not start."""
    ids = {"user": uid, "group": uid, "extra_groups": []} if uid is not None else {}
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=timeout, env={}, check=False,
                              stdin=subprocess.DEVNULL, cwd="/", **ids)
    except (OSError, subprocess.SubprocessError):
        return None


def describe_python(python: str, uid: int | None) -> dict | None:
    """Version, standard-library folders, standard module names and loaded libraries of PYTHON as
    UID runs it, or None if UID cannot run it."""
    done = run_quietly([python, "-I", "-S", "-c", PROBE], uid=uid)
    if done is None or done.returncode != 0:
        return None
    try:
        info = json.loads(done.stdout)
    except ValueError:
        return None
    return info if isinstance(info, dict) and {"stdlib", "modules", "executable"} <= set(info) else None


def _module_name(entry: str) -> str:
    return entry.split(".", 1)[0]


def allowed_entry(entry: str, modules: frozenset[str]) -> bool:
    """Whether ENTRY of a standard-library folder is part of the standard library."""
    name = _module_name(entry)
    return name in modules or name in HARMLESS or name.startswith("_sysconfigdata")


def _allowed_below(folder: str, modules: frozenset[str], *, depth: int = 0) -> list[str]:
    """The paths that together make up the standard-library part of FOLDER: FOLDER itself when
    every entry is allowed, else each allowed entry (folders of caches and extension modules
    looked into the same way)."""
    try:
        entries = sorted(os.listdir(folder))
    except OSError:
        return []
    if all(allowed_entry(e, modules) for e in entries):
        return [folder]
    found = []
    for entry in entries:
        path = os.path.join(folder, entry)
        if entry in ("__pycache__", "lib-dynload") and depth == 0 and os.path.isdir(path):
            found += _allowed_below(path, modules, depth=1)
        elif allowed_entry(entry, modules) and entry not in ("__pycache__", "lib-dynload"):
            found.append(path)
    return found


def requested_libraries(files: list[str]) -> list[str]:
    """The paths the dynamic loader opens for FILES (executables and shared objects), as ldd
    prints them (they may go through links), the loader itself included."""
    ldd = shutil.which("ldd") or "/usr/bin/ldd"
    if not files or not os.path.exists(ldd):
        return []
    done = run_quietly([ldd, *files], uid=None, timeout=60)
    found: list[str] = []
    for line in (done.stdout if done is not None else "").splitlines():
        target = line.split("=>", 1)[1] if "=>" in line else line
        path = target.strip().split(" (", 1)[0].strip()
        if path.startswith("/") and not path.endswith(":"):
            found.append(path)
    return found


def cached_libraries() -> list[str]:
    """The paths the loader's cache (``ldconfig -p``) gives for library names."""
    ldconfig = shutil.which("ldconfig", path="/usr/sbin:/sbin:/usr/bin:/bin")
    done = run_quietly([ldconfig, "-p"], uid=None) if ldconfig else None
    lines = done.stdout.splitlines() if done is not None else []
    return [line.rsplit("=>", 1)[1].strip() for line in lines if "=>" in line]


def library_paths(executable: str, mapped: list[str]) -> list[str]:
    """Where the loader looks for the libraries MAPPED (real paths) that EXECUTABLE and the
    standard extension modules load: what ldd gives for the executable, the loader cache's names
    of the others, and the real path of any library found neither way (a build's own folder)."""
    wanted = set(mapped)
    found = requested_libraries([executable])
    found += [path for path in cached_libraries() if os.path.realpath(path) in wanted]
    reached = {os.path.realpath(path) for path in found}
    return found + [path for path in mapped if path not in reached]


@dataclass(frozen=True)
class View:
    """What the child may read of the host. ``allowed``: the allow-list itself, real paths (the
    Landlock ruleset grants exactly these). bubblewrap builds the same view with fewer mounts (each
    costs about a millisecond): ``binds`` are bound read-only at the same place (a standard-library
    folder whole, a library folder whole when it holds no Python installation), ``masks`` hide what
    is in those folders but not allowed (an empty read-only folder, or an unopenable file, in its
    place), ``links`` are recreated as on the host (path, target) in ``folders`` made for them, and
    ``listed`` are the folders Python lists to import from."""

    allowed: tuple[str, ...]
    binds: tuple[str, ...] = ()
    masks: tuple[str, ...] = ()
    links: tuple[tuple[str, str], ...] = ()
    folders: tuple[str, ...] = ()
    listed: tuple[str, ...] = ()

    def bwrap_args(self) -> list[str]:
        """bubblewrap's arguments that build this view."""
        argv: list[str] = []
        for folder in self.folders:
            argv += ["--dir", folder]
        for path, target in self.links:
            argv += ["--symlink", target, path]
        for path in self.binds:
            argv += ["--ro-bind", path, path]
        for path in self.masks:
            if os.path.isdir(path):
                argv += ["--size", "4096", "--tmpfs", path, "--remount-ro", path]
            else:
                argv += ["--ro-bind", "/dev/null", path]  # a device on a nodev mount: cannot be opened
        return argv


def _below(path: str, tops: Iterable[str]) -> bool:
    return any(path == top or path.startswith(top + os.sep) for top in tops)


@cache
def holds_python(folder: str) -> bool:
    """Whether FOLDER holds a Python installation or packages (then it is never bound whole)."""
    try:
        return any(entry.is_dir() and (entry.name.startswith("python") or entry.name.endswith("-packages")
                                       or entry.name in ("hogkit", "graders"))
                   for entry in os.scandir(folder))
    except OSError:
        return True


class _Builder:
    """Collects what a view needs: each path's links on the way, then its real file or folder."""

    def __init__(self) -> None:
        self.allowed: dict[str, None] = {}
        self.links: dict[str, str] = {}
        self.folders: dict[str, None] = {}

    def add(self, path: str, *, hops: int = 0) -> str:
        """Allow PATH (its links recreated); return its real path ("" if it does not exist)."""
        if hops > 40 or not os.path.lexists(path):
            return ""
        parts = os.path.abspath(path).split(os.sep)[1:]
        current = "/"
        for index, part in enumerate(parts):
            current = os.path.join(current, part)
            if os.path.islink(current):
                target = os.readlink(current)
                if current not in self.links:
                    self.links[current] = target
                    parent = os.path.dirname(current)
                    if parent != "/" and os.path.realpath(parent) == parent:
                        self.folders[parent] = None
                rest = os.path.join(os.path.dirname(current), target, *parts[index + 1:])
                return self.add(os.path.normpath(rest), hops=hops + 1)
        self.allowed[os.path.abspath(path)] = None
        return os.path.abspath(path)

    def view(self, *, whole: list[str], masks: list[str], listed: Iterable[str]) -> View:
        """The view; WHOLE are folders bubblewrap binds whole, MASKS what it hides in them."""
        allowed = list(self.allowed)
        binds = list(dict.fromkeys(whole))
        binds += [p for p in allowed if not _below(p, binds)]
        binds = [p for p in binds if not any(p.startswith(q + os.sep) for q in binds if q != p)]
        links = [(p, t) for p, t in self.links.items() if not _below(os.path.dirname(p), binds)]
        folders = [f for f in self.folders if not _below(f, binds)]
        listed = [os.path.realpath(f) for f in listed if f and os.path.isdir(f)]
        return View(tuple(sorted(allowed)), tuple(sorted(binds)), tuple(sorted(dict.fromkeys(masks))),
                    tuple(sorted(links)), tuple(sorted(folders)), tuple(dict.fromkeys(listed)))


def build_view(info: dict, *, extra: Iterable[str] = ()) -> View:
    """The allow-list view of the interpreter INFO describes (see :func:`describe_python`), plus
    EXTRA host paths."""
    modules = frozenset(info["modules"])
    executable = info["executable"]
    builder = _Builder()
    builder.add(executable)
    builder.add(os.path.realpath(executable))
    whole: list[str] = []
    masks: list[str] = []
    for folder in dict.fromkeys([info["stdlib"], info["platstdlib"]]):
        real = builder.add(folder)  # its links; the folder itself is bound whole, what is not allowed masked
        if not real:
            continue
        builder.allowed.pop(real, None)
        allowed = _allowed_below(real, modules)
        for path in allowed:
            builder.add(path)
        whole.append(real)
        masks += _not_allowed(real, set(allowed))
    own = (info["stdlib"] + os.sep, info["platstdlib"] + os.sep)
    mapped = [p for p in info.get("libraries", []) if not p.startswith(own) and p != os.path.realpath(executable)]
    for path in library_paths(os.path.realpath(executable), mapped):
        real = builder.add(path)
        folder = os.path.dirname(real)
        if real and folder not in ("/", "/usr", "/usr/local") and not holds_python(folder):
            whole.append(folder)
    if os.path.exists(LOADER_CACHE):
        builder.add(LOADER_CACHE)
    for path in extra:
        builder.add(path)
    return builder.view(whole=whole, masks=masks, listed=[info["stdlib"], info["platstdlib"], info.get("dynload", "")])


def _not_allowed(folder: str, allowed: set[str]) -> list[str]:
    """The entries of FOLDER (and of its folders that are only partly allowed) outside ALLOWED, but
    links."""
    found = []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return found
    for entry in entries:
        if entry.is_symlink() or entry.path in allowed or _below(entry.path, allowed):
            continue  # a link shows only what the view holds anyway
        if any(a.startswith(entry.path + os.sep) for a in allowed):
            found += _not_allowed(entry.path, allowed)
        else:
            found.append(entry.path)
    return found


__all__ = ["View", "allowed_entry", "build_view", "describe_python", "holds_python", "library_paths", "run_quietly"]
