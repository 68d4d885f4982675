"""The packages the grader runs with, pinned and packed as wheels for Gradescope's ``autograder.zip``.

A rebuilt image must grade as this machine does (a newer hypothesis draws other fuzz inputs) and
must build without a package index. So the archive carries the wheels of what the grader imports
beyond the standard library (HogKit's dependencies and its ``grader`` extra, with theirs), at the
versions installed here, for Linux on x86-64 and this Python's version, and a ``requirements.txt``
that names each with its sha256; ``setup.sh`` installs exactly those, with no index.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from hogkit.errors import HogkitError

ROOT = Path(__file__).resolve().parent.parent
EXTRA = "grader"
PLATFORMS = ["manylinux2014_x86_64", *(f"manylinux_2_{minor}_x86_64" for minor in range(17, 36))]
WHEEL_NAME = re.compile(r"^(?P<name>[A-Za-z0-9_.]+)-(?P<version>[^-]+)-.*\.whl$")


def python_version() -> str:
    """The Python version the wheels are for: this one's (``3.11``)."""
    return f"{sys.version_info.major}.{sys.version_info.minor}"


def _name(requirement: str) -> str:
    found = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    return found[1] if found else ""


def grader_requirements() -> list[str]:
    """What the grader needs beyond the standard library, pinned to the versions installed here."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = [_name(r) for r in [*project["dependencies"], *project["optional-dependencies"][EXTRA]]]
    pinned = []
    for name in filter(None, names):
        try:
            pinned.append(f"{name}=={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            raise HogkitError(f"{name} is not installed here, so its version cannot be pinned",
                              f"install HogKit with its {EXTRA} extra (pip install -e '.[{EXTRA}]')") from None
    return pinned


def _constraints() -> str:
    """Every package installed here at its version: the grader's dependencies' own come out as here."""
    seen = {}
    for dist in importlib.metadata.distributions():
        name = dist.metadata["Name"]
        if name and name.lower() != "hogkit":
            seen[name.lower()] = f"{name}=={dist.version}"
    return "\n".join(sorted(seen.values())) + "\n"


def download_wheels(dest: Path) -> list[Path]:
    """Download the pinned wheels (and their dependencies', as installed here) into DEST."""
    with tempfile.TemporaryDirectory() as scratch:
        constraints = Path(scratch) / "constraints.txt"
        constraints.write_text(_constraints(), encoding="utf-8")
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                   "--only-binary=:all:", "--dest", str(dest), "--python-version", python_version(),
                   "--implementation", "cp", *(f"--platform={p}" for p in PLATFORMS), "-c", str(constraints),
                   *grader_requirements()]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        errors = [line for line in done.stderr.splitlines() if line.startswith("ERROR")] or ["pip failed"]
        raise HogkitError(f"cannot download the grader's wheels for Python {python_version()} ({errors[-1][:300]})",
                          "run gradescope-zip where pip reaches a package index, or give --wheels a folder of them")
    return sorted(Path(dest).glob("*.whl"))


def requirements_text(wheels: list[Path]) -> str:
    """A requirements file that installs exactly WHEELS (name, version and sha256 of each)."""
    lines = []
    for wheel in sorted(wheels):
        found = WHEEL_NAME.match(wheel.name)
        if not found:
            raise HogkitError(f"{wheel.name} is not a wheel's file name", "give --wheels a folder of .whl files")
        digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
        lines.append(f"{found['name'].replace('_', '-')}=={found['version']} --hash=sha256:{digest}")
    return "\n".join(lines) + "\n"


def wheels_from(folder: Path) -> list[Path]:
    """The wheels in FOLDER (given with --wheels), which must cover every pinned requirement."""
    wheels = sorted(Path(folder).glob("*.whl"))
    have = {(m["name"].lower().replace("_", "-"), m["version"]) for m in map(WHEEL_NAME.match, (w.name for w in wheels))
            if m}
    for requirement in grader_requirements():
        name, version = requirement.split("==")
        if (name.lower().replace("_", "-"), version) not in have:
            raise HogkitError(f"{folder} has no wheel of {requirement}",
                              "add it (pip download --only-binary=:all: ...) or leave out --wheels")
    return wheels
