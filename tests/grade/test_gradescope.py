"""The Gradescope autograder, run the way Gradescope runs it, in a fake /autograder tree.

``hogkit gradescope-zip`` builds the archive; the test unpacks it into ``ROOT/source``, copies
``run_autograder`` to ``ROOT`` as Gradescope does, puts a submission in ``ROOT/submission`` and
runs the real script with ``$AUTOGRADER_ROOT`` set. ``setup.sh`` is not run (it installs from
the network); its text is checked instead, and ``$HOGKIT_PYTHON`` points at this environment.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from hogkit.exact import always, contest_figure, table_array
from hogkit.generate.reference import reference_hog
from hogkit.generate.solution import solution_hog_source
from hogkit.variant import load_variant
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples" / "submissions"
COURSE_COPIES = ROOT / "tests" / "data" / "course_copies"
FA19 = load_variant("fa19")
VISIBILITIES = {"hidden", "after_due_date", "after_published", "visible"}


def fake_autograder(archive: Path, root: Path) -> Path:
    """Lay out ROOT as Gradescope does: source/ (the archive), run_autograder, submission/, results/."""
    with zipfile.ZipFile(archive) as zf:
        zf.extractall(root / "source")
        for info in zf.infolist():
            mode = info.external_attr >> 16
            if mode:
                os.chmod(root / "source" / info.filename, mode)
    shutil.copy2(root / "source" / "run_autograder", root / "run_autograder")
    (root / "submission").mkdir()
    (root / "results").mkdir()
    return root


def run_autograder(root: Path) -> tuple[subprocess.CompletedProcess, dict]:
    """Run ROOT/run_autograder as Gradescope would; return the process and results.json."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "AUTOGRADER_ROOT": str(root),
           "HOGKIT_PYTHON": sys.executable, "LANG": "C.UTF-8"}
    done = subprocess.run([str(root / "run_autograder")], cwd=root, env=env, capture_output=True, text=True,
                          timeout=600, check=False)
    return done, json.loads((root / "results" / "results.json").read_text())


def check_schema(results: dict) -> None:
    """results.json as Gradescope reads it."""
    assert isinstance(results["score"], (int, float)) and isinstance(results["max_score"], (int, float))
    assert isinstance(results["execution_time"], (int, float)) and isinstance(results["output"], str)
    assert results["tests"]
    for test in results["tests"]:
        assert isinstance(test["name"], str) and isinstance(test["output"], str)
        assert isinstance(test["score"], (int, float)) and isinstance(test["max_score"], (int, float))
        assert 0 <= test["score"] <= test["max_score"] or test["max_score"] == 0
        assert test["visibility"] in VISIBILITIES
    assert sum(t["max_score"] for t in results["tests"]) == results["max_score"]
    assert sum(t["score"] for t in results["tests"]) == results["score"]
    for entry in results["leaderboard"]:
        assert set(entry) == {"name", "value", "order"} and entry["order"] in ("asc", "desc")
        assert isinstance(entry["value"], (int, float))


def test_archive_and_setup_script(autograder_zip: Path) -> None:
    with zipfile.ZipFile(autograder_zip) as zf:
        names = set(zf.namelist())
        setup = zf.read("setup.sh").decode()
        run = zf.read("run_autograder").decode()
        packed = tomllib.loads(zf.read("pyproject.toml").decode())
        modes = {i.filename: i.external_attr >> 16 for i in zf.infolist()}
    # Gradescope unpacks the archive into /autograder/source: HogKit's files sit at the top.
    assert {"setup.sh", "run_autograder", "pyproject.toml", "README.md", "hogkit_cli/main.py",
            "graders/runner.py", "graders/harness.py", "hogkit/shipped/dice.py", "variants/fa19.toml"} <= names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    assert modes["setup.sh"] & 0o111 and modes["run_autograder"] & 0o111
    assert setup.startswith("#!/usr/bin/env bash\n") and "set -euo pipefail" in setup
    # HogKit is installed from the archive's own files, with the grader's fuzzing library.
    assert '-m pip install --quiet -e "$ROOT/source[grader]"' in setup  # the extra brings hypothesis
    assert any(req.startswith("hypothesis") for req in packed["project"]["optional-dependencies"]["grader"])
    assert "pip install hogkit" not in setup and "git clone" not in setup
    assert 'export PYTHONPATH="$ROOT/source"' in run and "--variant fa19" in run
    for text in (setup, run):
        assert subprocess.run(["bash", "-n"], input=text, text=True, check=False).returncode == 0


def test_reference_gets_full_marks_and_a_leaderboard(autograder_zip: Path, tmp_path: Path) -> None:
    root = fake_autograder(autograder_zip, tmp_path / "autograder")
    (root / "submission" / "hog.py").write_text(solution_hog_source(FA19))
    done, results = run_autograder(root)
    assert done.returncode == 0, done.stderr
    check_schema(results)
    assert results["score"] == results["max_score"] == FA19.total_points
    assert "Phase 1 checkpoint: passed." in results["output"]
    table = table_array(reference_hog(FA19).final_strategy, FA19.goal)
    figure = contest_figure(FA19, table, always(4, FA19.goal))
    [entry] = results["leaderboard"]
    assert entry["value"] == pytest.approx(figure, abs=1e-6) and entry["order"] == "desc"
    assert "always_roll(4)" in entry["name"] and f"{figure:.6f}" in results["output"]


@pytest.mark.parametrize("copy", sorted(p.name for p in COURSE_COPIES.glob("fa19_*.py")))
def test_a_copy_of_the_course_skeleton_gets_full_marks(copy: str, autograder_zip: Path, tmp_path: Path) -> None:
    """A Fall 2019 copy written against the course's own skeleton (no HogKit helpers)."""
    root = fake_autograder(autograder_zip, tmp_path / "autograder")
    shutil.copy(COURSE_COPIES / copy, root / "submission" / "hog.py")
    done, results = run_autograder(root)
    assert done.returncode == 0, done.stderr
    check_schema(results)
    assert results["score"] == results["max_score"] == FA19.total_points, results["output"]


def test_hostile_submission_cannot_fake_its_results(autograder_zip: Path, tmp_path: Path) -> None:
    root = fake_autograder(autograder_zip, tmp_path / "autograder")
    target = root / "results" / "results.json"
    fake = json.dumps({"score": 22, "max_score": 22, "tests": []})
    hostile = (EXAMPLES / "hostile_fake_results" / "hog.py").read_text() + (
        f"\nprint({fake!r})\n"
        "for _path in (" + repr(str(target)) + ", '../results/results.json', '../../results/results.json'):\n"
        "    try:\n"
        f"        open(_path, 'w').write({fake!r})\n"
        "    except Exception:\n"
        "        pass\n")
    (root / "submission" / "hog.py").write_text(hostile)
    done, results = run_autograder(root)
    assert done.returncode == 0, done.stderr
    check_schema(results)
    assert results["score"] < results["max_score"]
    assert results["leaderboard"][0]["value"] == 0 and "Leaderboard: 0, because" in results["output"]


def test_missing_hog_py_still_leaves_results(autograder_zip: Path, tmp_path: Path) -> None:
    root = fake_autograder(autograder_zip, tmp_path / "autograder")
    (root / "submission" / "notes.txt").write_text("I forgot my code")
    done, results = run_autograder(root)
    assert done.returncode == 0
    assert results["score"] == 0 and "has no hog.py" in results["output"] and "Submit your hog.py" in results["output"]


def test_hog_py_in_an_uploaded_folder_is_found(autograder_zip: Path, tmp_path: Path) -> None:
    root = fake_autograder(autograder_zip, tmp_path / "autograder")
    (root / "submission" / "hog-project").mkdir()
    shutil.copy(EXAMPLES / "skeleton" / "hog.py", root / "submission" / "hog-project" / "hog.py")
    done, results = run_autograder(root)
    assert done.returncode == 0, done.stderr
    check_schema(results)
    assert results["score"] == 0 and len(results["tests"]) > 10


def test_zip_bad_input(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a folder\n")
    (tmp_path / "folder.zip").mkdir()
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    cases = [
        ("a-file is a file, not a folder", ["--out", str(tmp_path / "a-file" / "autograder.zip")]),
        ("is not a .zip path", ["--out", str(tmp_path / "autograder.tar")]),
        ("folder.zip is a folder", ["--out", str(tmp_path / "folder.zip")]),
        ("unknown variant 'nope'", ["--out", str(tmp_path / "x.zip"), "--variant", "nope"]),
        ("no variant spec at", ["--out", str(tmp_path / "x.zip"), "--variant", str(tmp_path / "none.toml")]),
    ]
    for expected, args in cases:
        done = subprocess.run([sys.executable, "-m", "hogkit_cli", "gradescope-zip", *args], capture_output=True,
                              text=True, cwd=ROOT, check=False)
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and " — " in lines[0], done.stderr
        assert expected in lines[0], lines[0]
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before


def test_zip_of_a_custom_spec_carries_the_spec(tmp_path: Path) -> None:
    spec = tmp_path / "my-rules.toml"
    spec.write_text((ROOT / "variants" / "pig-tail.toml").read_text().replace('name = "pig-tail"', 'name = "my-rules"'))
    out = tmp_path / "autograder.zip"
    done = subprocess.run([sys.executable, "-m", "hogkit_cli", "gradescope-zip", "--variant", str(spec),
                           "--out", str(out)], capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    with zipfile.ZipFile(out) as zf:
        variant_name = load_variant(spec).name
        assert zf.read(f"variants/{variant_name}.toml") == spec.read_bytes()
        assert f"--variant {variant_name}" in zf.read("run_autograder").decode()
