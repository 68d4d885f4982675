"""The phase notebooks: valid and deterministic, in the student's folder beside hog.py (and the same
files in the kit's notebooks/ folder), and executed for real with nbclient on a kernel: in a
student's finished folder (every check passes), from notebooks/ against the skeleton (runs to the
end, says what is still to do); a failing cell is reported with the cell and the error; the
command that opens them is the `notebook` extra of pyproject.toml, named in the student README."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import nbformat
import pytest

from hogkit.exact import always, contest_figure, table_array
from hogkit.generate.notebooks import NOTEBOOK_PACKAGES, execute_notebook, notebook_files, notebook_names
from hogkit.generate.pipeline import build_kit
from hogkit.generate.reference import reference_hog
from hogkit.variant import load_variant
from tests.conftest import ALL_SPECS, KERNEL, ROOT, completed_kit

NOTEBOOK_NAMES = notebook_names(load_variant("fa19"))  # the default kit's: phase1_simulator, ...
NAMES = list(NOTEBOOK_NAMES.values())
pytestmark = pytest.mark.usefixtures("kernel")


def _build(tmp_path_factory, spec: str) -> Path:
    out = tmp_path_factory.mktemp(Path(spec).stem)
    build_kit(load_variant(spec), out=out)
    return out


@pytest.fixture(scope="module")
def fa19_kit(tmp_path_factory):
    return _build(tmp_path_factory, "fa19")


def _text(nb) -> str:
    """All text the executed notebook printed."""
    parts = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            parts.append(out.get("text", "") or out.get("data", {}).get("text/plain", ""))
    return "".join(parts)


def _images(nb) -> int:
    return sum("image/png" in out.get("data", {}) for cell in nb.cells for out in cell.get("outputs", []))


@pytest.mark.parametrize("spec", ALL_SPECS, ids=lambda s: Path(s).stem)
def test_notebooks_are_valid_and_deterministic(spec):
    variant = load_variant(spec)
    first, second = notebook_files(variant), notebook_files(variant)
    assert first == second
    for path, text in first.items():
        if not path.endswith(".ipynb"):
            continue
        nb = nbformat.reads(text, as_version=4)
        nbformat.validate(nb)
        ids = [cell.id for cell in nb.cells]
        assert len(ids) == len(set(ids))
        assert all(not cell.get("outputs") for cell in nb.cells if cell.cell_type == "code")


def test_problems_appear_in_order_with_rule_text(fa19):
    files = notebook_files(fa19)
    for phase, name in NOTEBOOK_NAMES.items():
        text = files[f"student_skeleton/{name}.ipynb"]
        labels = [p.label for p in fa19.problems if p.phase == phase]
        positions = [text.index(f"## {label}:") for label in labels]
        assert positions == sorted(positions)
    phase1 = files["student_skeleton/phase1_simulator.ipynb"]
    for family in ("dice_outcome", "zero_dice", "bonus", "post_turn"):
        rule = fa19.rule(family)
        assert rule.title in phase1
        assert json.dumps(rule.examples[0].call)[1:-1].replace('"', "'") in phase1.replace('\\"', "'")


def test_notebooks_sit_beside_hog_py_and_in_notebooks(fa19):
    files = notebook_files(fa19)
    for name in [*(f"{n}.ipynb" for n in NAMES), "hog_notebook_helpers.py"]:
        assert files[f"student_skeleton/{name}"] == files[f"notebooks/{name}"]
    assert len(files) == 2 * (len(NAMES) + 1)


def test_the_notebook_extra_is_what_the_student_readme_installs():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert extras["notebook"] == list(NOTEBOOK_PACKAGES)
    readme = (ROOT / "student_skeleton" / "README_ok.md").read_text()
    packages = " ".join(f'"{p}"' for p in NOTEBOOK_PACKAGES)
    assert f"python3 -m pip install {packages}" in readme and "python3 -m notebook" in readme


def test_reference_solutions_pass_every_check(fa19_kit, fa19, tmp_path):
    final = table_array(reference_hog(fa19).final_strategy, fa19.goal)
    figure = contest_figure(fa19, final, always(4, fa19.goal))  # the win rates shown must be exact
    for name in NAMES:
        folder = completed_kit(fa19_kit, tmp_path / name)  # a student's folder, every answer written
        nb, failure = execute_notebook(folder / f"{name}.ipynb", kernel_name=KERNEL)
        assert failure is None, failure.line()
        text = _text(nb)
        assert f"Using {folder.resolve() / 'hog.py'}" in text
        assert "All done!" in text, text[-2000:]
        assert "still to do" not in text and "not done yet" not in text
        if name == "phase3_strategies":
            assert _images(nb) == 3  # heat map, turn scores, win rates
            assert f"final_strategy vs always_roll(4): wins {figure:.2%} (exactly {figure:.6f};" in text


def test_skeleton_runs_to_the_end_and_lists_what_is_left(fa19_kit, fa19):
    for phase, name in NOTEBOOK_NAMES.items():  # from notebooks/, they use ../student_skeleton
        nb, failure = execute_notebook(fa19_kit / "notebooks" / f"{name}.ipynb", kernel_name=KERNEL)
        assert failure is None, failure.line()
        text = _text(nb)
        assert f"Using {(fa19_kit / 'student_skeleton' / 'hog.py').resolve()}" in text
        for problem in fa19.problems:
            if problem.phase == phase and problem.id != "00":
                assert f"{problem.label}: still to do" in text
        assert "problem(s) still to do." in text
        if phase == 3:
            assert "not done yet" in text and _images(nb) == 0


@pytest.mark.parametrize("spec", ["fa17", "sp18", str(ALL_SPECS[-1])], ids=lambda s: Path(s).stem)
def test_other_variants_reference_passes(tmp_path_factory, spec):
    kit = _build(tmp_path_factory, spec)
    for name in ("phase1_simulator", "phase3_strategies"):
        folder = completed_kit(kit, kit / f"done-{name}")
        nb, failure = execute_notebook(folder / f"{name}.ipynb", kernel_name=KERNEL)
        assert failure is None, failure.line()
        assert "All done!" in _text(nb)


def test_a_failing_cell_is_reported_with_cell_and_error(fa19_kit, tmp_path):
    nb = nbformat.read(fa19_kit / "notebooks" / "phase2_commentary.ipynb", as_version=4)
    nb.cells.insert(2, nbformat.v4.new_code_cell("scores = {}\nscores['missing'] + 1", id="broken"))
    path = fa19_kit / "notebooks" / "broken.ipynb"
    nbformat.write(nb, path)
    _, failure = execute_notebook(path, hog_dir=fa19_kit / "solutions", kernel_name=KERNEL)
    assert failure is not None
    assert failure.cell == 2
    assert failure.error.startswith("KeyError")
    assert "broken.ipynb: cell 2 (scores = {}) failed: KeyError" in failure.line()


def test_a_stuck_cell_is_reported_as_a_timeout(fa19_kit):
    nb = nbformat.read(fa19_kit / "notebooks" / "phase2_commentary.ipynb", as_version=4)
    stuck = nbformat.v4.new_code_cell("print('started')\nimport time\ntime.sleep(30)", id="slow")
    nb.cells = nb.cells[:2] + [stuck] + nb.cells[2:5]  # cells after it never run
    path = fa19_kit / "notebooks" / "slow.ipynb"
    nbformat.write(nb, path)
    _, failure = execute_notebook(path, hog_dir=fa19_kit / "solutions", kernel_name=KERNEL, timeout=3)
    assert failure is not None and failure.cell == 2
    assert failure.line() == "slow.ipynb: cell 2 (print('started')) failed: timed out after 3 s"
