"""The README's first command on a fresh machine: ``make demo`` in a new, world-readable copy of
the checkout, on a machine where bubblewrap is not installed (a PATH without ``bwrap`` or
``apt-get``), runs to the end; where no sandbox is possible it says in one line what to install."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.conftest import ROOT

SYSTEM_PYTHON = Path("/usr/bin/python3.11")
root_only = pytest.mark.skipif(os.geteuid() != 0, reason="needs root (to grade in uid mode, or to drop to nobody)")


def path_without(tmp: Path, *hidden: str) -> str:
    """A PATH holding links to every program of this one but HIDDEN."""
    folder = tmp / "bin"
    folder.mkdir()
    for directory in os.environ.get("PATH", "/usr/bin:/bin").split(os.pathsep):
        if not os.path.isdir(directory):
            continue
        for entry in os.scandir(directory):
            if entry.name not in hidden and not (folder / entry.name).exists():
                (folder / entry.name).symlink_to(entry.path)
    return str(folder)


def fresh_copy(target: Path) -> Path:
    """TARGET: the checkout's files as a clone would have them (committed and new ones, not ignored)."""
    listed = subprocess.run(["git", "ls-files", "-z", "-co", "--exclude-standard"], cwd=ROOT, capture_output=True,
                            check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


@pytest.mark.slow
@root_only
@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="needs a git checkout to copy")
def test_make_demo_runs_to_the_end_without_bubblewrap(tmp_path):
    base = Path(tempfile.mkdtemp(prefix="hogkit-demo-", dir="/tmp"))  # not pytest's own folder: that is private
    try:
        os.chmod(base, 0o755)
        clone = fresh_copy(base / "hogkit")
        os.chmod(clone, 0o755)
        env = {**os.environ, "PATH": path_without(tmp_path, "bwrap", "apt-get")}
        env.pop("VIRTUAL_ENV", None)
        done = subprocess.run(["make", "demo"], cwd=clone, env=env, capture_output=True, text=True, timeout=1500,
                              check=False)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        assert "made " + str(clone) + " private to other users (chmod o-rwx)" in done.stdout
        assert "isolation: uid" in done.stdout and "all hostile examples were contained" in done.stdout
        assert not os.stat(clone).st_mode & 0o007
    finally:
        shutil.rmtree(base, ignore_errors=True)


@root_only
@pytest.mark.skipif(not SYSTEM_PYTHON.exists(), reason="needs the system's Python 3.11")
def test_without_any_sandbox_the_demo_says_what_to_install(tmp_path):
    """Not root and no bubblewrap: one line, naming bubblewrap."""
    env = {"PATH": path_without(tmp_path, "bwrap", "apt-get"), "PYTHONPATH": str(ROOT), "HOME": str(tmp_path),
           "LANG": "C.UTF-8"}
    os.chmod(tmp_path, 0o777)
    done = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", str(SYSTEM_PYTHON),
                           str(ROOT / "examples" / "prepare_demo.py"), str(ROOT / "examples" / "submissions"),
                           str(tmp_path / "out")], env=env, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 2 and not done.stdout
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("error: ") and "install bubblewrap (sudo apt-get install bubblewrap" in line
