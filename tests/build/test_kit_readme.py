"""The kit's README_ok.md tells a student how to install Jupyter without touching the system's
Python (which Debian and Ubuntu refuse to change): the commands it shows work as written in a fresh
copy of the skeleton. The virtual environment is made and its pip answers; the download of
Jupyter itself is left out (it needs the network), but the packages named are the ones the
notebooks need."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from hogkit.generate.notebooks import NOTEBOOK_PACKAGES
from tests.conftest import ROOT


def commands(readme: str, section: str) -> list[str]:
    """The indented command lines of one section of README_ok.md."""
    text = readme.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for line in text.splitlines() if line.startswith("    ") and line.strip()]


def test_notebook_install_uses_a_virtual_environment(tmp_path: Path) -> None:
    kit = tmp_path / "hog"
    shutil.copytree(ROOT / "student_skeleton", kit)
    shown = commands((kit / "README_ok.md").read_text(), "Notebooks")
    assert shown[0] == "python3 -m venv .venv", shown
    install = shown[1].split()
    assert install[:4] == [".venv/bin/python", "-m", "pip", "install"], shown
    assert [name.strip('"') for name in install[4:]] == list(NOTEBOOK_PACKAGES)
    assert shown[-1] == ".venv/bin/python -m notebook"
    assert not any(line.startswith(("pip ", "python3 -m pip")) for line in shown), shown
    made = subprocess.run([sys.executable, "-m", "venv", ".venv"], cwd=kit, capture_output=True, text=True,
                          check=False, timeout=120)
    assert made.returncode == 0, made.stderr
    pip = subprocess.run([".venv/bin/python", "-m", "pip", "--version"], cwd=kit, capture_output=True, text=True,
                         check=False, timeout=60)
    assert pip.returncode == 0 and str(kit / ".venv") in pip.stdout, (pip.stdout, pip.stderr)
    # The checker runs from the environment's Python as from the system's.
    checked = subprocess.run([".venv/bin/python", "ok", "-q", "01", "--force"], cwd=kit, capture_output=True,
                             text=True, check=False, timeout=120)
    assert "Problem 1" in checked.stdout and "Traceback" not in checked.stderr, checked.stdout + checked.stderr
