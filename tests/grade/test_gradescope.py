"""The Gradescope autograder, run the way Gradescope runs it, in a fake /autograder tree.

``hogkit gradescope-zip`` builds the archive; the test unpacks it into ``ROOT/source``, copies
``run_autograder`` to ``ROOT`` as Gradescope does, puts a submission in ``ROOT/submission`` and
Gradescope's ``submission_metadata.json`` beside it, and runs the real script with
``$AUTOGRADER_ROOT`` set and ``$HOGKIT_PYTHON`` pointing at this environment. A slow test runs
``setup.sh`` itself, with no network and no package index, then grades with what it installed.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import zipfile
from datetime import datetime, timedelta, timezone
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


DUE = datetime(2019, 9, 12, 23, 59, tzinfo=timezone(timedelta(hours=-7)))


def metadata(created: datetime, *, due: datetime = DUE, earlier: tuple[dict, ...] = (),
             own_due: datetime | None = None) -> dict:
    """Gradescope's submission_metadata.json, as its documentation shows it."""
    users = [{"email": "student@example.com", "id": 1, "name": "A Student"}]
    if own_due is not None:
        users[0]["assignment"] = {"due_date": own_due.isoformat(), "late_due_date": None}
    return {"id": 123456, "created_at": created.isoformat(), "submission_method": "upload", "users": users,
            "assignment": {"due_date": due.isoformat(), "late_due_date": None, "id": 25828, "title": "Hog",
                           "release_date": (due - timedelta(days=14)).isoformat(), "total_points": "23.0"},
            "previous_submissions": list(earlier)}


def fake_autograder(archive: Path, root: Path, *, created: datetime = DUE - timedelta(days=4)) -> Path:
    """Lay out ROOT as Gradescope does: source/ (the archive), run_autograder, submission/, results/,
    and the submission's metadata (made CREATED)."""
    with zipfile.ZipFile(archive) as zf:
        zf.extractall(root / "source")
        for info in zf.infolist():
            mode = info.external_attr >> 16
            if mode:
                os.chmod(root / "source" / info.filename, mode)
    shutil.copy2(root / "source" / "run_autograder", root / "run_autograder")
    (root / "submission").mkdir()
    (root / "results").mkdir()
    (root / "submission_metadata.json").write_text(json.dumps(metadata(created)))
    return root


def run_autograder(root: Path, *, python: str | None = sys.executable) -> tuple[subprocess.CompletedProcess, dict]:
    """Run ROOT/run_autograder as Gradescope would (with PYTHON, or the one setup.sh installed);
    return the process and results.json."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "AUTOGRADER_ROOT": str(root), "LANG": "C.UTF-8",
           **({"HOGKIT_PYTHON": python} if python else {})}
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
    for entry in results.get("leaderboard", []):
        assert set(entry) == {"name", "value", "order"} and entry["order"] in ("asc", "desc")
        assert isinstance(entry["value"], (int, float))


def test_archive_and_setup_script(autograder_zip: Path) -> None:
    with zipfile.ZipFile(autograder_zip) as zf:
        names = set(zf.namelist())
        setup = zf.read("setup.sh").decode()
        run = zf.read("run_autograder").decode()
        pinned = zf.read("wheels/requirements.txt").decode().splitlines()
        modes = {i.filename: i.external_attr >> 16 for i in zf.infolist()}
    # Gradescope unpacks the archive into /autograder/source: HogKit's files sit at the top.
    assert {"setup.sh", "run_autograder", "pyproject.toml", "README.md", "hogkit_cli/main.py",
            "graders/runner.py", "graders/harness.py", "hogkit/shipped/dice.py", "variants/fa19.toml"} <= names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    assert modes["setup.sh"] & 0o111 and modes["run_autograder"] & 0o111
    assert setup.startswith("#!/usr/bin/env bash\n") and "set -euo pipefail" in setup
    # The grader's packages, pinned to the versions installed here, as wheels in the archive, with
    # their hashes; setup.sh installs exactly those, never from an index (HogKit runs from source/).
    for name in ("numpy", "threadpoolctl", "hypothesis"):
        line = next(line for line in pinned if line.startswith(f"{name}=="))
        assert line.startswith(f"{name}=={importlib.metadata.version(name)} --hash=sha256:")
        assert any(n.startswith(f"wheels/{name}-{importlib.metadata.version(name)}-") for n in names)
    assert len(pinned) == len([n for n in names if n.endswith(".whl")])
    assert '--no-index' in setup and '--require-hashes -r "$ROOT/source/wheels/requirements.txt"' in setup
    assert "pip install hogkit" not in setup and "git clone" not in setup and "--upgrade" not in setup
    assert 'export PYTHONPATH="$ROOT/source"' in run and "--variant fa19" in run
    for text in (setup, run):
        assert subprocess.run(["bash", "-n"], input=text, text=True, check=False).returncode == 0


def test_reference_gets_full_marks_and_a_leaderboard(autograder_zip: Path, tmp_path: Path) -> None:
    root = fake_autograder(autograder_zip, tmp_path / "autograder")
    (root / "submission" / "hog.py").write_text(solution_hog_source(FA19))
    done, results = run_autograder(root)
    assert done.returncode == 0, done.stderr
    check_schema(results)
    # 22 for correctness and the checkpoint's point, out of 23, and the early submission's bonus point
    assert (results["score"], results["max_score"]) == (FA19.total_points + 2, FA19.total_points + 1)
    assert results["extra_data"] == {"hogkit": {"phase1": True, "complete": True}}
    assert "Phase 1 checkpoint: passed." in results["output"]
    table = table_array(reference_hog(FA19).final_strategy, FA19.goal)
    figure = contest_figure(FA19, table, always(4, FA19.goal))
    [entry] = results["leaderboard"]
    assert entry["value"] == pytest.approx(figure, abs=1e-6) and entry["order"] == "desc"
    assert "always_roll(4)" in entry["name"] and f"{figure:.6f}" in results["output"]


# One copy in make test, every copy in make test-all.
@pytest.mark.parametrize("copy", [name if name == "fa19_loops.py" else pytest.param(name, marks=pytest.mark.slow)
                                  for name in sorted(p.name for p in COURSE_COPIES.glob("fa19_*.py"))])
def test_a_copy_of_the_course_skeleton_gets_full_marks(copy: str, autograder_zip: Path, tmp_path: Path) -> None:
    """A Fall 2019 copy written against the course's own skeleton (no HogKit helpers)."""
    root = fake_autograder(autograder_zip, tmp_path / "autograder")
    shutil.copy(COURSE_COPIES / copy, root / "submission" / "hog.py")
    done, results = run_autograder(root)
    assert done.returncode == 0, done.stderr
    check_schema(results)
    assert (results["score"], results["max_score"]) == (FA19.total_points + 2, FA19.total_points + 1), results["output"]


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
    check_schema(results)
    assert (results["score"], results["max_score"]) == (0, FA19.total_points + 1)
    assert results["output"].startswith("No hog.py was found in your submission: upload the hog.py file you wrote")
    assert "/autograder" not in results["output"] and str(root) not in results["output"]


def test_a_grader_that_fails_still_leaves_a_max_score(autograder_zip: Path, tmp_path: Path) -> None:
    root = fake_autograder(autograder_zip, tmp_path / "autograder")
    (root / "submission" / "hog.py").write_text(solution_hog_source(FA19))
    broken = tmp_path / "python"
    broken.write_text('#!/bin/sh\nif [ "$2" = hogkit_cli ]; then\n'
                      '  echo "error: no sandbox — see doctor" >&2; exit 2\nfi\n'
                      f'exec {sys.executable} "$@"\n')
    broken.chmod(0o755)
    done, results = run_autograder(root, python=str(broken))
    assert done.returncode == 0
    assert (results["score"], results["max_score"]) == (0, FA19.total_points + 1)
    assert results["output"].startswith("The autograder could not grade this submission (no sandbox — see doctor).")
    assert "This is not a verdict on your code" in results["output"]


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


@pytest.mark.slow
@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("unshare"), reason="needs root and unshare (no network)")
def test_setup_installs_the_pinned_wheels_offline(autograder_zip: Path, tmp_path: Path) -> None:
    """setup.sh as Gradescope runs it, but with no network at all and no package index: the image
    builds from the archive alone, and grades as this machine does."""
    root = fake_autograder(autograder_zip, tmp_path / "autograder")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "AUTOGRADER_ROOT": str(root), "LANG": "C.UTF-8",
           "HOME": str(tmp_path), "PIP_CONFIG_FILE": os.devnull, "PIP_NO_INDEX": "1"}
    built = subprocess.run(["unshare", "--net", "bash", str(root / "source" / "setup.sh")], env=env,
                           capture_output=True, text=True, timeout=900, check=False)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    venv = root / "venv" / "bin" / "python"
    versions = subprocess.run([str(venv), "-c", "import hypothesis, numpy; print(hypothesis.__version__, "
                               "numpy.__version__)"], capture_output=True, text=True, check=True).stdout.split()
    assert versions == [importlib.metadata.version("hypothesis"), importlib.metadata.version("numpy")]
    (root / "submission" / "hog.py").write_text(solution_hog_source(FA19))
    done, results = run_autograder(root, python=None)
    assert done.returncode == 0, done.stderr
    assert (results["score"], results["max_score"]) == (FA19.total_points + 2, FA19.total_points + 1)
