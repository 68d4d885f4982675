"""The one-way layers: the import-linter contracts in pyproject.toml hold for the tree (no circle,
no upward import, imports inside functions included), the shipped files import nothing of HogKit,
and the check does fail when an upward import is slipped in."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import grimp

from tests.conftest import ROOT

LINT = Path(sys.executable).with_name("lint-imports")
PACKAGES = ("hogkit", "hogkit_cli", "courseserver", "graders", "bench")


def lint(root: Path) -> subprocess.CompletedProcess:
    """lint-imports over the tree at ROOT, with ROOT's pyproject.toml."""
    return subprocess.run([str(LINT), "--config", str(root / "pyproject.toml"), "--no-cache", "--no-logo"],
                          cwd=root, capture_output=True, text=True, check=False,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(root)})


def test_the_tree_keeps_every_contract():
    done = lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout and "4 kept" in done.stdout


def test_the_shipped_files_import_nothing_of_hogkit():
    graph = grimp.build_graph(*PACKAGES)
    shipped = graph.find_descendants("hogkit.shipped") | {"hogkit.shipped"}
    outside = {(m, imported) for m in shipped for imported in graph.find_modules_directly_imported_by(m)
               if imported not in shipped}
    assert not outside


def test_an_upward_import_inside_a_function_breaks_the_contract(tmp_path):
    for name in (*PACKAGES, "pyproject.toml"):
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__", "data"))
        else:
            shutil.copyfile(source, tmp_path / name)
    game = tmp_path / "hogkit" / "game.py"
    game.write_text(game.read_text() + "\n\ndef _hidden():\n    from hogkit.solver import solve_score_only\n"
                    "    return solve_score_only\n")
    done = lint(tmp_path)
    assert done.returncode != 0
    assert "hogkit.game is not allowed to import hogkit.solver" in done.stdout
    assert "hogkit.game -> hogkit.solver" in done.stdout
